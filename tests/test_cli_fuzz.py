"""No traceback, ever: every command, driven through click's runner with hostile input.

Arbitrary text built from DLN's own words and from what breaks readers
(every line ending Python knows, form feeds, no-break spaces, a BOM,
typographic quotes, unclosed comments, numbers of thousands of digits,
variations nested hundreds deep, comments spread over thousands of lines),
what a hostile record carries (terminal escapes, BEL and C1 controls, bidi
overrides, rich markup, spreadsheet formulas in names), arbitrary bytes,
and real records with random cuts and insertions, under random option
combinations (numbers beyond any bound among them) and output encodings.
The only acceptable outcomes are exit 0, 1 or 2, with 1 meaning only "the
record breaks a rule" (validate, score) or "would reformat" (fmt); a report
never passes a control character on as it is; and a command that writes
never writes over the record it reads (issue 28).
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import dln
from dln.cli import main
from dln.notation.parser import parse_text
from tests.budgets import heavy

SAMPLES = Path(__file__).parent.parent / "samples"

_WORDS = [
    "round 1 dealer S", "round 2", "setup", "setup dealer N", "table", "deck", "turn N", "turn S", "deal",
    "rest N", "score N 3 S 4", "score NS 2", "redeal N", "N", "S", "E", "W", "N:", "S:", "E:", "4c", "5h", "9d",
    "10d", "Td", "Js", "Ks", "Qh", "Ac", "2s", "?", "x", "=", "=8", "=8s", "=12", "=0", "group of 8s", "[8]",
    "[8s]", "[8 N]", "[8 N: 5h 3d]", "[12 S: 9c 3d]", "+", "*", "!", "?!", "$1", "(", ")", "{", "}", "{a comment}",
    ";", "; note { b", "; a } b", '[Event "x"]', "[Event \u201c2\u201d]", '[Event "a\rb"]', '[Target "61"]',
    '[Target "0"]', '[Target "' + "9" * 5000 + '"]', '[Variant "soy"]', '[Variant "nonsense"]',
    '[Result "N 61 S 3"]', '[East "e"]', "1.", "12.", "9" * 5000, "round " + "7" * 5000, "\ufeff", "\u00a0",
    "\t", "xx", "N 4c 5h =9", "S 9s x [9] 9d", "N Jc x Js", "S Kh x Ks",
    # what a hostile record carries (issue 28): escapes, BEL, C1, bidi, markup, formulas
    '[Event "\x1b]0;pwned\x07"]', '{\x1b[2J cleared}', '[North "Maria\u202eexe.gpj"]', '{\x9b31m}',
    '[North "[/]"]', '[Event "[link=http://evil.example/x]Maria[/link]"]', "{[bold]x[/bold]}",
    '[North "=HYPERLINK(\\"http://x\\")"]', '[South "@SUM(A1)"]', '[East "+1"]', '[West "-2+3"]',
    "{" + "\n" * 3000 + "}",
    # seats and sides a game lacks, in the lines of a setup (each once ended in a traceback somewhere)
    "last W", "last E", "xeris N 0 S 0 E 1", "[8 E: 5h 3d]", "captured E: Ac", "turn W", '[Game "Xeri"]',
    '[Game "Kontsina"]',
]
_BREAKS = [" ", " ", "\n", "\n", "\r\n", "\r", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\u2029", ""]

words = st.lists(st.tuples(st.sampled_from(_WORDS), st.sampled_from(_BREAKS)), max_size=40).map(
    lambda parts: "".join(word + gap for word, gap in parts)
)


@st.composite
def nested(draw: st.DrawFn) -> str:
    """A legal start and a variation nested ``depth`` deep."""
    depth = draw(st.integers(0, 1500))
    head = "round 1 dealer S\ntable 5h 3c 9d Js\nN 4c 5h =9 "
    return head + "(S 9s x [9] 9d " * depth + ")" * draw(st.integers(0, depth)) + "\n"


@st.composite
def mutated_sample(draw: st.DrawFn) -> str:
    """A bundled record with a few random cuts, insertions and a changed line ending."""
    name = draw(st.sampled_from(["two-player-61.dln", "annotated.dln", "four-player.dln", "kontsina.dln",
                                 "xeri.dln", "constructs/setup.dln", "constructs/variations.dln",
                                 "constructs/claims.dln", "constructs/dispute.dln", "constructs/hidden-hands.dln"]))
    text = (SAMPLES / name).read_text(encoding="utf-8")
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["cut", "insert", "seat"]))
        if kind == "cut":
            text = text[:at] + text[at + draw(st.integers(0, 200)):]
        elif kind == "insert":
            text = text[:at] + draw(st.sampled_from(_WORDS)) + draw(st.sampled_from(_BREAKS)) + text[at:]
        else:  # the next move or hand line by another seat, which the game may lack: a move out of turn
            line = text.find("\n", at) + 1
            if text[line:line + 1] in ("N", "E", "S", "W"):
                text = text[:line] + draw(st.sampled_from("NESW")) + text[line + 1:]
    return text.replace("\n", draw(st.sampled_from(["\n", "\r\n", "\r"])))


records = st.one_of(words, nested(), mutated_sample(), st.binary(max_size=300))

#: Each command with the option combinations a user may give it (FILE is appended).
_COMMANDS: dict[str, list[list[str]]] = {
    "validate": [[], ["--json"], ["-q"], ["-v"], ["--variant", "soy"], ["--variant", "bogus"],
                 ["-j", "99999999999999999999"], ["-j", "100000"]],
    "parse": [[], ["--json"]],
    "fmt": [["--check"], []],
    "score": [[], ["--game", "2"], ["--variant", "forced-capture"]],
    "moves": [["--at", "1"], ["--at", "3", "--round", "2"], ["--at", "2", "--all"], ["--at", "1", "--game", "2"],
              ["--at", "3", "--rank", "--budget", "1"]],
    "analyse": [["--round", "1", "--budget", "1", "-q"], ["--round", "2", "--budget", "1", "--json"]],
    "svg": [[], ["--round", "1", "--move", "3"]],
    "show": [[], ["--move", "end"], ["--round", "2"], ["--ascii", "--reveal"], ["--move", "3", "--game", "2"],
             ["--width", "99999999999999999999"], ["--width", "10000000"]],
    "replay": [[], ["--round", "1"], ["--width", "99999999999999999999"]],
    "stats": [[], ["--csv"], ["--ratings"], ["-j", "99999999999999999999"], ["-j", "100000"]],
    "position": [["--round", "1", "--at", "1"], ["--round", "2", "--at", "3", "--json"], ["--game", "2", "--round",
                                                                                       "1", "--at", "2"]],
}
_RULE_BROKEN = re.compile(r"\b[DRFKX]\d{3}\b")  # Diloti, record, family, Kontsina and Xeri codes


#: What a terminal acts on (dln.wording.ACTED_ON): a report must show it escaped, never pass it on.
_ACTED_ON = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
#: The commands whose standard output is a report for people (not data written as read: fmt, parse --json).
_REPORTS = ("validate", "score", "moves", "stats")


def _check(command: str, options: list[str], result_code: int, output: str, exception: BaseException | None) -> None:
    assert exception is None or isinstance(exception, SystemExit), f"dln {command} {options}: {exception!r}"
    assert result_code in (0, 1, 2), f"dln {command} {options} exited {result_code}"
    if command in _REPORTS and "--csv" not in options and "--json" not in options:
        found = _ACTED_ON.search(output)
        assert found is None, f"dln {command} {options} passed {found[0]!r} on to the terminal:\n{output}"
    if result_code == 1:
        if command == "fmt":
            assert "reformat" in output, f"fmt exited 1 without a file to reformat:\n{output}"
        else:
            # moves and position exit 1 when a rule is broken before the position asked for (their --help)
            assert command in ("validate", "score", "moves", "position", "analyse"), \
                f"dln {command} exited 1:\n{output}"
            assert _RULE_BROKEN.search(output), f"dln {command} exited 1 without naming a broken rule:\n{output}"


@pytest.mark.slow
@heavy
@given(
    record=records,
    command=st.sampled_from(sorted(_COMMANDS)),
    choice=st.integers(0, 10),
    charset=st.sampled_from(["utf-8", "utf-8", "cp1252", "ascii"]),
    through_stdin=st.booleans(),
)
def test_no_command_ever_answers_with_a_traceback(
    record: str | bytes, command: str, choice: int, charset: str, through_stdin: bool
) -> None:
    """Every command, any input, any of its option sets, any output encoding: exit 0, 1 or 2 and no traceback."""
    options = _COMMANDS[command][choice % len(_COMMANDS[command])]
    data = record.encode("utf-8") if isinstance(record, str) else record
    runner = CliRunner(charset=charset)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.dln"
        path.write_bytes(data)
        stdin_ok = command != "replay"  # the replayer reads keys, not the record, from a terminal
        target, given_input = ("-", data) if through_stdin and stdin_ok else (str(path), None)
        result = runner.invoke(main, [command, *options, target], input=given_input)
    _check(command, options, result.exit_code, result.output, result.exception)


@heavy
@given(record=records)
def test_validate_in_two_processes_survives_anything(record: str | bytes) -> None:
    """``validate -j 2`` sends games to worker processes: a hostile game must not kill the pool."""
    data = record.encode("utf-8") if isinstance(record, str) else record
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.dln"
        path.write_bytes(data * 3)
        result = CliRunner().invoke(main, ["validate", "-j", "2", str(path)])
    _check("validate", ["-j", "2"], result.exit_code, result.output, result.exception)


@heavy  # a CLI run an example
@given(record=records, typed=st.lists(st.sampled_from([*_WORDS, "undo", "redo", "fix 1 Ks", "?", "score", "quit"]),
                                      max_size=6))
def test_the_recorder_resumes_any_file_and_takes_any_line_without_a_traceback(
    record: str | bytes, typed: list[str]
) -> None:
    """``dln record`` on a file holding anything, with anything typed: exit 0, 1 or 2 and no traceback."""
    data = record.encode("utf-8") if isinstance(record, str) else record
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.dln"
        path.write_bytes(data)
        result = CliRunner().invoke(main, ["record", "--defaults", str(path)], input="\n".join([*typed, "quit"]) + "\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2)


#: The commands that write, each told to write onto the record it reads (FILE, in folder DIR).
_ONTO_ITSELF: dict[str, list[str]] = {
    "merge": ["merge", "FILE", "-o", "FILE"],
    "merge --dedupe": ["merge", "FILE", "--dedupe", "-o", "FILE"],
    "filter": ["filter", "FILE", "--tag", "Event~\u27c2never\u27c2", "--invert", "-o", "FILE"],  # keeps every game
    "html": ["html", "FILE", "-o", "FILE"],
    "svg": ["svg", "FILE", "--round", "1", "--move", "1", "-o", "FILE"],
    "split": ["split", "FILE", "-d", "DIR", "--template", "{file}.dln", "--force"],
}


@pytest.mark.slow
@heavy
@given(record=records, command=st.sampled_from(sorted(_ONTO_ITSELF)))
def test_no_command_writes_over_the_record_it_reads(record: str | bytes, command: str) -> None:
    """Issue 28: merge, filter, split, html and svg onto their own input.  A view (HTML, SVG) or a split into
    the input's name is refused and the record left byte for byte; merge and filter may rewrite it only
    with every game it held (a game that does not parse is never dropped)."""
    data = record.encode("utf-8") if isinstance(record, str) else record
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.dln"
        path.write_bytes(data)
        before = _games(data)
        args = [str(path) if a == "FILE" else folder if a == "DIR" else a for a in _ONTO_ITSELF[command]]
        result = CliRunner().invoke(main, args)
        _check(command, args, result.exit_code, result.output, result.exception)
        after = path.read_bytes()
    if command in ("html", "svg", "split") or result.exit_code != 0:
        assert after == data, f"dln {' '.join(args)} exited {result.exit_code} and changed the record"
    else:
        assert _games(after) == before, f"dln {' '.join(args)} lost or changed a game"


def _games(data: bytes) -> list[dln.Game] | None:
    """Every game of a record's bytes as the archive commands read it (``;`` notes kept: they write them as
    comments), or None when one does not parse (or it is not text)."""
    try:
        return list(parse_text(data.decode("utf-8"), keep_line_comments=True))
    except (UnicodeDecodeError, dln.DLNSyntaxError):
        return None


@given(code=st.text(max_size=12))
def test_explain_answers_any_code(code: str) -> None:
    result = CliRunner().invoke(main, ["explain", code])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 2)
