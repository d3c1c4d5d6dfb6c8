"""Text from a record is data wherever it is shown (issue 28): a hostile record must not act on the reader's
terminal or spreadsheet.

Records are passed between people.  A tag or comment holding an escape sequence (a new window title, an OSC 8
hyperlink, a cleared screen), a C1 control or a bidi override, or text that rich would read as markup
(``[/]``, ``[link=…]``), is shown as the characters it is made of by every command that prints it; CSV cells
that a spreadsheet would run as a formula are neutralised; data written to a file or a pipe (``dln fmt -``,
``dln position``, ``--json``) keeps the text exactly.
"""

from __future__ import annotations

import ast
import csv
import fcntl
import html
import io
import os
import pty
import re
import struct
import subprocess
import sys
import termios
import xml.dom.minidom
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from dln.cli import main
from dln.wording import visible, xml_text

ROOT = Path(__file__).resolve().parent.parent

#: What a terminal acts on instead of showing: the C0 controls but tab and newline, DEL, the C1 controls,
#: and the bidi embeddings, overrides and isolates, which reorder what the reader sees.
ACTED_ON = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

TITLE = "\x1b]0;pwned\x07"  # sets the terminal's window title
LINK = "\x1b]8;;http://evil.example/\x07here\x1b]8;;\x07"  # an OSC 8 hyperlink
CLEAR = "\x1b[2J"  # clears the screen
C1 = "\x9b31m"  # CSI as one C1 character: red text on a terminal that takes 8-bit controls
RLO = "\u202e"  # right-to-left override: "Maria\u202eexe.gpj" reads "Mariajpg.exe"

EVENT = f"Club night {TITLE} [/] [bold]B[/bold]"
NORTH = f"[link=http://evil.example/x]Maria[/link] {RLO}exe.gpj"
SOUTH = f"Eleni {C1}"
COMMENT = f"{CLEAR} cleared [red]r[/red] [/] {LINK}"


def hostile_game() -> str:
    """Round 1 of samples/two-player-61.dln (48 moves, scored), its tags and a comment made hostile."""
    sample = (ROOT / "samples" / "two-player-61.dln").read_text(encoding="utf-8")
    body = sample[sample.index("round 1"):sample.index("round 2")]
    body = body.replace("47. S 3c\n", f"47. S 3c {{{COMMENT}}}\n")
    return (f'[Event "{EVENT}"]\n[Site "{LINK}"]\n[North "{NORTH}"]\n[South "{SOUTH}"]\n'
            f'[Date "2024.05.01"]\n\n{body}')


#: A short game whose move 3 is illegal (N has no 6h), on a line whose comment, before the card, is hostile.
ILLEGAL = f"""[Event "{EVENT}"]
[North "{NORTH}"]
[South "{SOUTH}"]

round 1 dealer S
table 5h 3c 9d Js
N: 4c 8s Kc 2h 7c 10d
N 8s x 5h+3c
S Jh x Js
{{{CLEAR}{RLO}}} N 6h
"""


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "hostile.dln"
    path.write_text(hostile_game(), encoding="utf-8")
    return path


@pytest.fixture
def illegal(tmp_path: Path) -> Path:
    path = tmp_path / "illegal.dln"
    path.write_text(ILLEGAL, encoding="utf-8")
    return path


def run(*args: str | Path, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args], input=stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def inert(text: str) -> str:
    """``text``, after checking that it holds nothing a terminal would act on."""
    found = sorted({f"{ord(c):#06x}" for c in ACTED_ON.findall(text)})
    assert not found, f"raw control characters reach the terminal: {found}"
    return text


def test_validate_shows_the_tags_and_the_source_line_escaped_with_the_caret_under_the_card(illegal: Path) -> None:
    code, out, _ = run("validate", "-v", illegal)
    assert code == 1
    inert(out)
    assert "game 1 (Club night \\x1b]0;pwned\\x07 [/] [bold]B[/bold])" in out  # the verdict line
    snippet = next(line for line in out.splitlines() if line.startswith("   10 | "))
    assert snippet == "   10 | {\\x1b[2J\\u202e} N 6h"
    caret = out.splitlines()[out.splitlines().index(snippet) + 1]
    assert caret.index("^") == snippet.index("6h")


def test_a_syntax_error_quotes_its_line_escaped(tmp_path: Path) -> None:
    path = tmp_path / "broken.dln"
    path.write_text(f"round 1 dealer S\ntable 5h 3c 9d Js\n{{{CLEAR}}} N 6z\n", encoding="utf-8")
    code, out, err = run("validate", path)
    assert code == 2
    inert(out + err)
    snippet = next(line for line in (out + err).splitlines() if line.startswith("    3 | "))
    assert snippet == "    3 | {\\x1b[2J} N 6z"


def test_score_shows_markup_as_text_and_escapes_controls(record: Path) -> None:
    code, out, _ = run("score", record)
    assert code == 0
    inert(out)
    assert "Club night \\x1b]0;pwned\\x07 [/] [bold]B[/bold]" in out


def test_show_draws_the_names_event_and_comments_as_written(record: Path) -> None:
    code, out, _ = run("show", record, "--round", "1", "--move", "47", "--width", "200")
    assert code == 0
    inert(out)
    assert "[link=http://evil.example/x]Maria[/link] \\u202eexe.gpj" in out
    assert "Eleni \\x9b31m" in out
    assert "\\x1b[2J cleared [red]r[/red] [/] \\x1b]8;;http://evil.example/\\x07here" in out


def test_show_in_colour_sends_only_its_own_colour_codes(record: Path) -> None:
    code, out, _ = run("show", record, "--round", "1", "--move", "47", "--width", "200", "--color")
    assert code == 0
    colours = re.compile("\x1b\\[[0-9;]*m")  # SGR: what rich writes for a style, and all it may write
    assert colours.search(out)
    inert(colours.sub("", out))
    assert "\\x1b]0;pwned\\x07" in colours.sub("", out)


def test_replay_off_a_terminal_prints_every_position_escaped(record: Path) -> None:
    code, out, _ = run("replay", record, "--round", "1", "--move", "46", "--width", "200")
    assert code == 0
    inert(out)
    assert out.count("\\x1b]0;pwned\\x07") >= 3  # the event heads every position


def test_moves_quotes_the_illegal_move_that_stops_it_escaped(illegal: Path) -> None:
    code, out, _ = run("moves", illegal, "--at", "4")
    assert code == 1
    inert(out)
    assert "{\\x1b[2J\\u202e} N 6h" in out


@pytest.mark.parametrize("extra", [[], ["--ratings"]])
def test_stats_tables_show_names_as_written(record: Path, extra: list[str]) -> None:
    code, out, err = run("stats", record, *extra)
    assert code == 0
    inert(out + err)
    assert "\\u202eexe.gpj" in out and "Eleni \\x9b31m" in out
    assert out.count("[link=http://evil.example/x]Maria[/link]") >= 2  # a table and the bar chart


def test_stats_plot_writes_charts_and_escapes_the_terminal_report(record: Path, tmp_path: Path) -> None:
    code, out, err = run("stats", record, "--plot", tmp_path / "charts")
    assert code == 0
    inert(out + err)
    charts = sorted((tmp_path / "charts").glob("*.svg"))
    assert [chart.name for chart in charts] == ["game-length.svg", "points-per-round.svg", "score-0001.svg"]
    for chart in charts:  # XML cannot hold an escape character: the title with one made the chart unreadable
        text = inert(chart.read_text(encoding="utf-8"))
        xml.dom.minidom.parseString(text)
    assert "Club night \\x1b]0;pwned\\x07 [/]" in (tmp_path / "charts" / "score-0001.svg").read_text(encoding="utf-8")


def test_an_svg_diagram_of_a_hostile_record_is_well_formed(tmp_path: Path) -> None:
    path = tmp_path / "names.dln"
    path.write_text(hostile_game().replace("[link=", f"{TITLE}[link="), encoding="utf-8")
    code, out, _ = run("svg", path, "--round", "1", "--move", "47")
    assert code == 0
    xml.dom.minidom.parseString(inert(out))
    assert "\\x1b]0;pwned\\x07[link=http://evil.example/x]Maria[/link]" in out


def test_record_resumed_shows_the_recent_moves_and_echoes_typed_lines_escaped(record: Path, tmp_path: Path) -> None:
    path = tmp_path / "resume.dln"
    text = hostile_game()
    path.write_text(text[:text.index("48. N 7d")], encoding="utf-8")  # stopped before move 48
    code, out, err = run("record", path, stdin=f"{CLEAR}\nquit\n")
    assert code == 2  # a line refused from a pipe
    inert(out + err)
    assert "{\\x1b[2J cleared" in out  # move 47, among the recent moves
    assert "\\x1b[2J" in out.split("{\\x1b[2J cleared", 1)[1]  # the typed line, echoed and refused
    assert path.read_text(encoding="utf-8") == text[:text.index("48. N 7d")]  # the file is as it was


# -- data keeps the text exactly -------------------------------------------------------------------------------


def test_fmt_to_standard_output_keeps_the_text_byte_for_byte(record: Path) -> None:
    code, out, _ = run("fmt", "-", stdin=record.read_text(encoding="utf-8"))
    assert code == 0
    for text in (EVENT, NORTH, SOUTH, COMMENT):  # click stripped "\x1b[2J" off the comment on its way to a pipe
        assert text in out


def test_position_piped_keeps_the_tags_exactly(record: Path) -> None:
    code, out, _ = run("position", record, "--round", "1", "--at", "2")
    assert code == 0
    assert f'[North "{NORTH}"]' in out


def _on_a_terminal(*args: str | Path, columns: int = 80) -> str:
    """What ``dln ARGS`` writes to a terminal ``columns`` wide (a pseudo-terminal), standard error included."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    env = {**os.environ, "TERM": "dumb", "NO_COLOR": "1", "COLUMNS": str(columns)}
    child = subprocess.Popen([sys.executable, "-m", "dln", *map(str, args)], stdin=subprocess.DEVNULL,
                             stdout=slave, stderr=slave, env=env, cwd=ROOT)
    os.close(slave)
    chunks = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the child has gone and closed its side
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    child.wait(timeout=30)
    return b"".join(chunks).decode("utf-8").replace("\r\n", "\n")


def test_position_on_a_terminal_is_shown_escaped(record: Path) -> None:
    out = _on_a_terminal("position", record, "--round", "1", "--at", "2")
    inert(out)
    assert '[North "[link=http://evil.example/x]Maria[/link] \\u202eexe.gpj"]' in out


def test_stats_ratings_keep_every_figure_whole_at_80_columns(tmp_path: Path) -> None:
    archive = tmp_path / "club"
    archive.mkdir()
    sample = (ROOT / "samples" / "two-player-61.dln").read_text(encoding="utf-8")
    for n, (north, south) in enumerate([("Maria Papadopoulou", "Eleni"), ("Giorgos", "Maria Papadopoulou")]):
        (archive / f"{n}.dln").write_text(sample.replace('"greedy"]\n[South "greedy"', f'"{north}"]\n[South "{south}"'),
                                          encoding="utf-8")
    out = _on_a_terminal("stats", "--ratings", archive)
    assert "\u2026" not in out and "..." not in out, out  # nothing cut
    assert max(len(line) for line in out.splitlines()) <= 80
    for figure in ("7.22", "5.56", "1512", "100"):
        assert figure in out, out


# -- CSV ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("names", [
    ['=HYPERLINK("http://evil.example/","x")', "@SUM(1+1)", "+30 697 1234567", "-2+3"],
    ["=1+1", "Maria", "-", "Eleni"],  # a name is read without the spaces and tabs around it
])
def test_stats_csv_neutralises_formulas_and_keeps_numbers(tmp_path: Path, names: list[str]) -> None:
    text = (ROOT / "samples" / "four-player.dln").read_text(encoding="utf-8")
    for seat, name in zip(("North", "East", "South", "West"), names, strict=True):
        text = text.replace(f'[{seat} "greedy"]', f'[{seat} "{name.replace(chr(34), chr(92) + chr(34))}"]')
    path = tmp_path / "formulas.dln"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run("stats", "--csv", path)
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out.removeprefix("\ufeff"))))  # the mark Excel needs, as utf-8-sig reads
    players = {row["name"] for row in rows if row["kind"] == "player"}
    assert players == {name if name[0].isalpha() else "'" + name for name in names}
    assert [row["points"] for row in rows if row["kind"] == "side"] == ["39", "70"]  # numbers stay numbers
    assert all(float(row["points_per_round"]) > 0 for row in rows)


# -- one place ---------------------------------------------------------------------------------------------------

PACKAGE = ROOT / "dln"
#: The one module that writes to standard output and standard error, and makes rich Consoles.
THE_PLACE = PACKAGE / "views" / "output.py"
#: Below the views, where dln.views.output cannot be imported: the syntax report of a file, whose text is
#: DLNSyntaxError.format(), made visible there (test_a_syntax_error_quotes_its_line_escaped); the registry
#: of the games, warning of a game installed that it leaves out, in words made visible there.
BELOW_THE_VIEWS = {PACKAGE / "notation" / "sources.py", PACKAGE / "games" / "protocol.py"}


def _writes(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, what) of each direct write to the terminal in ``tree``: click.echo or secho, print, a write to
    sys.stdout or sys.stderr, a rich Console made."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        called = ast.unparse(node.func)
        if (called in ("click.echo", "click.secho", "print", "Console", "rich.console.Console")
                or re.fullmatch(r"sys\.(stdout|stderr)(\.buffer)?\.write", called)):
            found.append((node.lineno, called))
    return found


def test_every_command_writes_to_the_terminal_through_dln_views_output() -> None:
    """Record text is made safe in one place: a report goes through say(), data through emit(), a drawing
    through a console() (dln/views/output.py); a command that wrote directly would skip it."""
    stray = [f"{path.relative_to(ROOT)}:{line}: {what}" for path in sorted(PACKAGE.rglob("*.py"))
             if path != THE_PLACE and path not in BELOW_THE_VIEWS
             for line, what in _writes(ast.parse(path.read_text(encoding="utf-8")))]
    assert not stray, "write through dln.views.output (say, emit, console):\n" + "\n".join(stray)


def test_the_check_sees_each_kind_of_direct_write() -> None:
    module = ast.parse("click.echo(x)\nprint(x)\nsys.stdout.write(x)\nsys.stdout.buffer.write(b)\nConsole()\n"
                       "say(x)\nemit(x)\n")
    assert [line for line, _ in _writes(module)] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_the_caret_stays_under_its_token_when_the_output_escapes_letters_it_cannot_encode(tmp_path: Path,
                                                                                         encoding: str) -> None:
    """On an output whose encoding lacks Greek (PYTHONIOENCODING=latin-1) the comment's letters are written as
    escapes, and the caret moves with them: it stood inside the escapes, under no token.  Under ASCII the
    line went out in UTF-8 (click's choice for an ASCII stream) while the caret stood under the escapes."""
    path = tmp_path / "greek.dln"
    path.write_text("round 1 dealer S\ntable 5h 3c 9d Js\nN 4c {Σχόλιο} 5h\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "dln", "validate", str(path)], capture_output=True, check=False,
                            env={**os.environ, "PYTHONIOENCODING": encoding})
    out = result.stdout.decode("latin-1")
    assert result.returncode == 2, out
    snippet = next(line for line in out.splitlines() if line.startswith("    3 | "))
    assert snippet == "    3 | N 4c {\\u03a3\\u03c7\\u03cc\\u03bb\\u03b9\\u03bf} 5h"
    caret = out.splitlines()[out.splitlines().index(snippet) + 1]
    assert caret.index("^") == snippet.index("5h")


def test_svg_and_charts_escape_every_character_xml_forbids(tmp_path: Path) -> None:
    """XML 1.0 forbids U+FFFE and U+FFFF as it does the controls: a name holding one is written escaped, as
    ``\\ufffe``, in a diagram and in the charts, which stay well-formed."""
    path = tmp_path / "ffff.dln"
    path.write_text('[North "Ana\ufffe"]\n[South "Eleni\uffff"]\n\n'
                    "round 1 dealer S\ntable 5h 3c 9d Js\n1. N 4d 5h =9\n", encoding="utf-8")
    code, out, _ = run("svg", path, "--move", "1")
    assert code == 0
    xml.dom.minidom.parseString(out)
    assert "Ana\\ufffe" in out and "Eleni\\uffff" in out
    code, _, _ = run("stats", path, "--plot", tmp_path / "charts")
    charts = sorted((tmp_path / "charts").glob("*.svg"))
    assert code == 0 and charts
    for chart in charts:
        xml.dom.minidom.parseString(chart.read_text(encoding="utf-8"))


def test_a_panel_title_too_long_for_its_border_ends_with_an_ellipsis() -> None:
    """A seat's title with a long name, and the move's title deep in a variation, were cut at the border
    without a sign: 'N Μαρία … Θεσσαλονίκη' lost '▶ to play' and read as whole, 'variation 1 of m' lost the
    move's number.  A title cut short now ends with '…' (cut plainly where the output is ASCII)."""
    name = "Μαρία Κωνσταντινοπούλου-Παπαδημητρίου της Θεσσαλονίκης"
    text = (f'[North "{name}"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n'
            "N 4c 5h =9 (N 9c x 9d (N 2h S 3s) S 8d x 5h+3c)\nS 9s x [9] 9d\n")
    shown = CliRunner().invoke(main, ["show", "-", "--width", "60", "--no-color"], input=text)
    seat = next(line for line in shown.stdout.splitlines() if "Μαρία" in line)
    assert seat.endswith("…─╮"), seat
    nested = CliRunner().invoke(main, ["show", "-", "--width", "60", "--no-color", "--move", "1",
                                       "--variation", "1.1.1.1"], input=text)
    title = next(line for line in nested.stdout.splitlines() if "move 1 in variation" in line)
    assert title.endswith(("…─╮", "of move 1─╮")), title  # whole where only rich's padding is cut


def test_the_tables_title_cut_by_its_border_ends_with_an_ellipsis() -> None:
    """With four players at 100 columns the table sits between W and E in a third of the column: its title
    read 'table · N captu', cut without a sign; it now ends with '…'."""
    shown = CliRunner().invoke(main, ["show", str(ROOT / "samples" / "four-player.dln"), "--move", "10",
                                      "--width", "100", "--no-color"])
    row = next(line for line in shown.stdout.splitlines() if "table \u00b7" in line)
    title = row[row.index("table \u00b7"):].split("\u256e")[0]  # up to the panel's corner
    assert title.startswith("table \u00b7 N captured last") or title.endswith("\u2026\u2500"), row


def test_a_panel_subtitle_cut_by_its_border_ends_with_an_ellipsis_and_one_that_fits_is_whole() -> None:
    """The cards under a narrow panel were cut at the border without a sign: at 40 columns four players'
    table read 'taken: 9' and Kontsina's E 'played 4', cards with no suit ('played 10♦' would read
    'played 1').  A subtitle cut short now ends with '…'; and a title or subtitle that fits but for the
    space rich pads it with keeps its last character ('E greedy', 'played 9♦'; the title read 'E greed…')."""
    four = CliRunner().invoke(main, ["show", str(ROOT / "samples" / "constructs" / "four-players.dln"),
                                     "--move", "5", "--width", "40", "--no-color"])
    lines = four.stdout.splitlines()
    taken = next(line for line in lines if "taken:" in line)
    assert "taken: 9♥" in taken or "taken: …" in taken, taken
    assert any("played 9♦─╯" in line for line in lines), four.stdout
    kontsina = CliRunner().invoke(main, ["show", str(ROOT / "samples" / "kontsina.dln"), "--move", "5",
                                         "--width", "40", "--no-color"])
    lines = kontsina.stdout.splitlines()
    played = next(line for line in lines if "played" in line)
    assert "played 4♦" in played or "played …" in played, played
    assert any("E greedy─╮" in line for line in lines), kontsina.stdout


def test_dln_show_at_40_columns_prints_its_header_whole() -> None:
    """dln show, which prints all of a position, cut its header at the edge: at 40 columns
    'xeri.dln · dln generate · game 1 · roun…' said neither the hand, the dealer, the deal nor the target.
    Printed (no screen to fit), the header goes on under itself between its parts; the replayer's screen keeps
    its one line."""
    shown = CliRunner().invoke(main, ["show", str(ROOT / "samples" / "xeri.dln"), "--round", "2", "--move", "5",
                                      "--width", "40", "--no-color"])
    lines = shown.stdout.splitlines()
    head = lines[:lines.index(next(line for line in lines if line.startswith("╭")))]
    assert all(len(line) <= 40 and "…" not in line for line in head), head
    words = " ".join(head)
    for part in ("game 1", "hand 2 (2 of", "dealer", "deal 1 of", "2 players"):
        assert part in words, head


_ESCAPED_HERE = {*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0), *range(0x202A, 0x202F),
                 *range(0x2066, 0x206A), *range(0xD800, 0xE000)}


def _escape_each(text: str, extra: tuple[int, ...] = ()) -> str:
    """What docs/cli.md says a record's text is shown as, one character at a time."""
    return "".join((f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}")
                   if ord(c) in _ESCAPED_HERE or ord(c) in extra else c for c in text)


@given(st.text(st.sampled_from("aΔ♠ \n\t\x00\x1b\x7f\x9b\u202e\u2066\udcff\ufffe\uffff<&\"é")
               | st.characters(), max_size=60))
def test_text_is_escaped_character_by_character_whatever_else_it_holds(text: str) -> None:
    """``visible`` and ``xml_text`` escape exactly the characters a terminal acts on (and, for XML, what XML
    cannot hold), in ASCII text and in text with Greek letters and suit signs alike: the two take different
    roads to it (a drawing of a hand is a few thousand characters with a few suit signs, where
    ``str.translate`` looks up every character)."""
    assert visible(text) == _escape_each(text)
    assert xml_text(text) == html.escape(_escape_each(text, (0xFFFE, 0xFFFF)), quote=False)
    assert visible(visible(text)) == visible(text)
