"""The reader and writer under hostile input: no move lost, no game skipped silently, no traceback.

Each test reproduces a way the notation used to break (issue 17) and pins the
answer down: line endings mean one thing everywhere, a broken game is reported
alone, nesting, line length and numbers are bounded with a clear error, and
whatever the reader accepts the writer writes back.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import dln
from dln.cli import main
from dln.notation.bounds import MAX_NESTING
from dln.notation.grammar import _builder
from dln.notation.lines import MAX_LINE, MAX_PASSED, LineTooLong, NotUTF8, iter_lines, split_lines
from dln.notation.parser import parse_text, read_lines, split_games
from dln.notation.writer import write_games
from dln.record import Refused, parse_move

LEGAL = "round 1 dealer S\ntable 5h 3c 9d Js\nN 4c 5h =9 ; nine\nS 9s x [9] 9d\nN Jc x Js\n"


def run(*args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def moves_of(text: str, **kwargs: object) -> list[str]:
    return [str(m.card) for g in parse_text(text, **kwargs) for r in g.rounds for m in r.moves]


# ---- 1. one definition of a line ---------------------------------------------


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_every_line_ending_ends_a_semicolon_note(end: str) -> None:
    text = LEGAL.replace("\n", end)
    assert moves_of(text) == ["4c", "9s", "Jc"]
    (game,) = parse_text(text, keep_line_comments=True)
    assert game.rounds[0].moves[0].comments == ("nine",)
    assert [m.line for m in game.rounds[0].moves] == [3, 4, 5]


def test_lone_cr_file_validates_and_formats_every_move() -> None:
    text = LEGAL.replace("\n", "\r")
    code, out, err = run("fmt", "-", stdin=text)
    assert code == 0
    assert out == "round 1 dealer S\ntable 5h 3c 9d Js\nN 4c 5h =9 {nine}\nS 9s x [9] 9d\nN Jc x Js\n"
    code, out, err = run("validate", "-v", "-", stdin=LEGAL.replace("\n", "\r") + "S 5d x 5h\r")
    assert code == 1  # the 5h went into the declaration: the fourth move is seen, and broken
    assert "<stdin>:6:8: error D004" in out + err and "N 4c 5h =9 ; nine" in out + err


@pytest.mark.parametrize("char", ["\x0b", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"])
def test_other_unicode_line_separators_are_not_line_breaks(char: str) -> None:
    """parse, fmt and validate agree: these characters are not DLN, reported where they are."""
    text = f'[Event "a"]\nround 1 dealer S\nN 4c{char}[Event "b"]\nround 1 dealer S\nN 5c\n'
    with pytest.raises(dln.DLNSyntaxError) as caught:
        dln.loads_all(text)
    assert (caught.value.line, caught.value.column) == (3, 5)
    assert caught.value.source_line == f"N 4c{char}[Event \"b\"]"
    assert f"U+{ord(char):04X}" in caught.value.message
    for command in (["parse"], ["fmt"], ["validate"]):
        code, out, err = run(*command, "-", stdin=text)
        assert code == 2, command
        assert ":3:5:" in out + err, command


def test_form_feed_is_a_blank_inside_a_line() -> None:
    text = '[Event "a\x0cb"]\n[Site "c"]\nround 1\nN 4c\x0cS 5c\n'
    (game,) = dln.loads_all(text)
    assert game.tags == (("Event", "a\x0cb"), ("Site", "c")) and game.tag_lines == (1, 2)
    assert dln.loads_all(dln.dumps(game)) == [game]
    code, out, _ = run("fmt", "-", stdin=text)
    assert code == 0 and dln.loads_all(out) == [game]


def test_split_lines_cuts_only_at_the_three_line_endings() -> None:
    assert split_lines("a\rb\r\nc\nd\x0ce\u2028f") == ["a", "b", "c", "d\x0ce\u2028f"]
    assert split_lines("a\r\n\rb\n", keepends=True) == ["a\r\n", "\r", "b\n"]
    assert list(iter_lines(["a\r", "\nb\rc", "d\n", "e"])) == ["a\r\n", "b\r", "cd\n", "e"]


def test_a_line_too_long_is_passed_over_by_both_readers_to_its_line_break() -> None:
    """Each reader of lines gives a line past the bound as an Overlong that counts its bytes, line break
    included: a '\\r\\n' cut between two reads (the '\\r' the last character a read may take) stays one break."""
    long = "\u03b1" * (MAX_LINE + 1) + "\r\n"  # read as MAX_LINE + 2 characters ending in '\r', then '\n'
    text = "a\n" + long + "b\r" + "x" * (MAX_LINE + 3) + "\r" + "\nc"
    pieces = [text[i:i + 4096] for i in range(0, len(text), 4096)]
    for lines in (list(read_lines(io.BytesIO(text.encode()))), list(iter_lines(pieces))):
        assert [line if isinstance(line, str) else (line.line, line.size) for line in lines] == [
            "a\n", (2, len(long.encode())), "b\r", (4, MAX_LINE + 5), "c"]


class Chunks:
    """A file-like object that is no io stream: bytes, in chunks of 8 bytes, from ``readline``."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def read(self, size: int = -1) -> bytes:
        return b""

    def readline(self, size: int = -1) -> bytes:
        piece, self.data = self.data[:8], self.data[8:]
        return piece


@pytest.mark.parametrize("wrap", [io.BytesIO, Chunks], ids=["binary file", "file-like"])
def test_a_byte_that_is_not_utf8_is_found_at_its_line_and_column(wrap: type) -> None:
    """The reader gave the bad byte's offset within the block it decoded (8 KiB), and no line: it is found
    in its line, once the lines before it are read, whatever the reads."""
    maria = "N 4c {\u039c\u03b1\u03c1\u03af\u03b1}\n".encode("cp1253")  # its first bad byte at column 7
    data = ("\ufeff" + "round 1\r\n{\u03b1}\n" * 3000).encode() + maria
    with pytest.raises(UnicodeDecodeError) as caught:
        list(read_lines(wrap(data)))
    error = caught.value
    assert isinstance(error, NotUTF8) and (error.line, error.column, error.byte) == (6001, 7, 0xCC)
    assert str(error) == "not UTF-8 text at line 6001, column 7 (byte value 0xCC)"


def test_error_positions_count_lone_cr_lines() -> None:
    with pytest.raises(dln.DLNSyntaxError) as caught:
        dln.loads("round 1 dealer S\rtable 5h\rN 4c x\rS 9s\r")
    # What the capture lacks belongs after the 'x' at the end of line 3, where the report points.
    assert (caught.value.line, caught.value.column) == (3, 7)
    assert caught.value.source_line == "N 4c x"


def test_a_tag_value_cannot_hold_a_lone_cr() -> None:
    with pytest.raises(dln.DLNSyntaxError) as caught:
        dln.loads('[Event "a\rb"]\nround 1\n')
    assert caught.value.line == 1
    code, out, err = run("fmt", "-", stdin='[Event "a\rb"]\nround 1\n')
    assert code == 2 and "Traceback" not in out + err


# ---- 2. a broken game does not hide its neighbours -----------------------------


def games_text(count: int, broken: int, fault: str) -> str:
    parts = []
    for number in range(1, count + 1):
        body = "N 4c {unclosed\n" if number == broken and fault == "brace" else "N 4c\n"
        tag = f"[Event \u201c{number}\u201d]" if number == broken and fault == "quotes" else f'[Event "{number}"]'
        parts.append(f"{tag}\nround 1 dealer S\ntable 5h 3c 9d Js\n{body}")
    return "\n".join(parts)


@pytest.mark.parametrize("fault", ["brace", "quotes"])
def test_a_broken_game_is_reported_alone_and_the_others_are_read(fault: str) -> None:
    text = games_text(50, 10, fault)
    errors: list[dln.DLNSyntaxError] = []
    games = list(parse_text(text, errors=errors))
    assert [g.tag("Event") for g in games] == [str(n) for n in range(1, 51) if n != 10]
    assert [g.number for g in games] == [n for n in range(1, 51) if n != 10]
    assert [e.game for e in errors] == [10]
    assert 46 <= errors[0].line <= 50  # inside game 10 (lines 46-49)
    code, out, err = run("validate", "-", stdin=text)
    assert code == 2 and "game 10" in out + err
    code, out, err = run("parse", "-", stdin=text)
    assert "49 games" in out and "1 game skipped" in out


def test_an_illegal_move_before_a_mistyped_tag_is_reported() -> None:
    text = '[Event "1"]\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4c x 9d\n\n[Event \u201c2\u201d]\nround 1\nN 4c\n' \
           '\n[Event "3"]\nround 1 dealer S\ntable 5h\nN 5c\n'
    code, out, err = run("validate", "-v", "-", stdin=text)
    assert code == 2
    report = out + err
    assert "<stdin>:4:" in report  # the illegal capture of game 1
    assert ":6:" in report  # the mistyped tag of game 2
    assert "game 3" in report


def test_a_tag_line_ends_a_comment_left_open() -> None:
    chunks = list(split_games(split_lines('[Event "a"]\nround 1\nN 4c {oops\n  [Event "b"]\nround 1\nN 5c\n',
                                          keepends=True)))
    assert [offset for offset, _ in chunks] == [0, 3]


# ---- 3. nesting -----------------------------------------------------------------


def nested(depth: int) -> str:
    return "round 1 dealer S\ntable 5h 3c 9d Js\nN 4c " + "(N 5c " * depth + ")" * depth + "\nS 9s\n"


def test_nesting_up_to_the_limit_works_everywhere() -> None:
    text = nested(MAX_NESTING)
    game = dln.loads(text)
    assert dln.loads(dln.dumps(game)) == game
    for args in (["fmt", "-"], ["parse", "--json", "-"], ["validate", "-"], ["validate", "-j", "2", "-"],
                 ["score", "-"], ["show", "-"]):
        code, out, err = run(*args, stdin=text)
        assert code in (0, 1) and "Traceback" not in out + err, (args, out, err)
    typed = parse_move("5c " + "(N 5c " * MAX_NESTING + ")" * MAX_NESTING, "N")
    assert len(typed.variations) == 1
    with pytest.raises(Refused, match="nest too deeply"):
        parse_move("5c " + "(N 5c " * 1000 + ")" * 1000, "N")
    assert json.loads(run("parse", "--json", "-", stdin=text)[1])


def test_nesting_beyond_the_limit_is_a_syntax_error_at_its_bracket() -> None:
    text = nested(MAX_NESTING + 1)
    with pytest.raises(dln.DLNSyntaxError) as caught:
        dln.loads(text)
    assert (caught.value.line, caught.value.column) == (3, 6 + 6 * MAX_NESTING)
    assert "nest" in caught.value.message
    many = "\n".join(f'[Event "{n}"]\n' + (nested(1000) if n == 7 else nested(1)) for n in range(1, 29))
    for args in (["fmt", "-"], ["parse", "--json", "-"], ["validate", "-"], ["validate", "-j", "2", "-"],
                 ["score", "-"], ["show", "--game", "7", "-"]):
        code, out, err = run(*args, stdin=many)
        assert code == 2 and "Traceback" not in out + err, (args, out, err)
    code, out, err = run("show", "-", stdin=many)  # game 1 alone is read: the deep game 7 is never reached
    assert code == 0 and "Traceback" not in out + err


def test_parens_inside_comments_and_tags_do_not_count_as_nesting() -> None:
    depth = MAX_NESTING + 5
    text = '[Event "' + "(" * depth + '"]\nround 1\nN 4c {' + "(" * depth + "} ; " + "(" * depth + "\n"
    assert dln.loads(text).tag("Event") == "(" * depth


# ---- 3. what the reader accepts, the writer writes ---------------------------------


@pytest.mark.parametrize("note", ["a { b", "a } b", "{}", "\\", "a \\{ b \\", "C:\\tables"])
def test_semicolon_notes_with_braces_are_kept_by_fmt(note: str) -> None:
    text = f"round 1\nN 4c ; {note}\n"
    code, out, err = run("fmt", "-", stdin=text)
    assert code == 0, err
    assert dln.loads(out).rounds[0].moves[0].comments == (note,)


def test_brace_comments_escape_braces_and_backslashes() -> None:
    game = dln.loads(r"round 1" + "\n" + r"N 4c {a \{b\} \\ C:\tables}")
    assert game.rounds[0].moves[0].comments == (r"a {b} \ C:\tables",)
    assert dln.loads(dln.dumps(game)) == game


_PIECES = st.sampled_from([
    "round 1 dealer S", "table 5h 3c", "N 4c", "S 9s x 9d", "N 4c 5h =9", "(N 5c)", "(", ")", "deal", "N: 4c",
    '[Event "', '"]', "[Site 'x']", "rest N", "score N 1 S 2", "{", "}", ";", "\\", "x", "!", "$1", "\u00a0",
    "\x0c", "\u2028",
])
_SEPARATORS = st.sampled_from([" ", "\n", "\r", "\r\n", "\t", ""])


@given(st.lists(st.tuples(_PIECES | st.text(max_size=4), _SEPARATORS), max_size=25))
def test_whatever_parses_formats_and_reads_back_equal(parts: list[tuple[str, str]]) -> None:
    text = "".join(piece + separator for piece, separator in parts)
    try:
        games = list(parse_text(text, keep_line_comments=True))
    except dln.DLNSyntaxError:
        return
    written = write_games(games) if games else ""
    assert list(parse_text(written)) == games


_FREE = st.text(st.characters(blacklist_categories=("Cs",)), max_size=10)
_BREAKS = st.sampled_from(["\n", "\r", "\r\n"])
_BLANKS = st.sampled_from([" ", "\t", "\x0c", "\n", "\r", "\r\n", "  \n "])


@st.composite
def annotated_records(draw: st.DrawFn) -> str:
    """Records whose structure parses, with free text in tags, {comments} and ';' notes, and any line breaks."""

    def comments() -> str:
        out = ""
        for kind in draw(st.lists(st.sampled_from(["brace", "note"]), max_size=2)):
            text = draw(_FREE)
            if kind == "brace":
                out += draw(_BLANKS) + "{" + text.replace("{", "\\{").replace("}", "\\}") + "}"
            else:
                out += draw(_BLANKS) + ";" + "".join(c for c in text if c not in "\r\n") + draw(_BREAKS)
        return out + draw(_BLANKS)

    text = comments()
    for _ in range(draw(st.integers(0, 2))):
        value = "".join(c for c in draw(_FREE) if c not in "\r\n").replace("\\", "\\\\").replace('"', '\\"')
        text += f'[{draw(st.sampled_from(["Event", "Site", "X_1"]))} "{value}"]' + comments()
    text += "round 1 dealer S" + comments() + "table 5h 3c 9d Js" + comments() + "N: 4c ?" + comments()
    for move in draw(st.lists(st.sampled_from(["N 4c", "S 9s x 9d", "N 4c 5h =9!", "1. S 2h $1"]), max_size=4)):
        text += move + comments()
        if draw(st.booleans()):
            text += "(" + comments() + "N 5c" + comments() + ")" + comments()
    if draw(st.booleans()):
        text += "deal" + comments() + "S: 2c" + comments() + "S 2c" + comments()
    if draw(st.booleans()):
        text += "rest N" + comments() + "score N 1 S 2" + comments()
    return text


@given(annotated_records())
def test_annotated_records_format_and_read_back_equal(text: str) -> None:
    try:
        games = list(parse_text(text, keep_line_comments=True))
    except dln.DLNSyntaxError:
        return
    assert list(parse_text(write_games(games))) == games


# ---- 3. lines too long to be DLN, numbers too large ----------------------------------


class Zeros(io.RawIOBase):
    """/dev/zero that counts what is read from it."""

    def __init__(self) -> None:
        self.served = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
        buffer[:] = b"0" * len(buffer)
        self.served += len(buffer)
        return len(buffer)


def test_an_endless_line_is_an_error_at_its_line_not_a_memory_error() -> None:
    zeros = Zeros()
    stream = io.BufferedReader(zeros)
    errors: list[dln.DLNSyntaxError] = []
    assert list(dln.load(stream, errors=errors)) == []
    (error,) = errors
    assert isinstance(error, LineTooLong) and (error.line, error.game) == (1, 1)
    assert zeros.served < 8 * MAX_LINE
    with pytest.raises(LineTooLong):
        list(read_lines(io.BufferedReader(Zeros())))


@pytest.mark.parametrize("args", [["parse"], ["parse", "--json"], ["fmt"], ["fmt", "--check"], ["validate"],
                                  ["validate", "-j", "2"], ["score"], ["show"]])
def test_dev_zero_is_a_clear_error_in_every_command(args: list[str]) -> None:
    code, out, err = run(*args, "/dev/zero")
    assert code == 2 and "Traceback" not in out + err
    assert "/dev/zero:1:1: error: line 1 is longer than 1 MiB" in out + err


def test_a_line_too_long_is_passed_over_with_its_game_and_reading_goes_on() -> None:
    """A line past the bound used to stop the reading: the games after it were lost (and the note said they
    were read).  Its game is an error, and the file is read on from the next game."""
    text = ('[Event "1"]\nround 1\nN 4c\n[Event "2"]\nround 1\nN 4c ' + "x" * (MAX_LINE + 10) + "\nS 9s\n"
            '[Event "3"]\nround 1\nN 4c\n')
    errors: list[dln.DLNSyntaxError] = []
    games = list(parse_text(text, errors=errors))
    assert [g.number for g in games] == [1, 3]
    assert [(e.line, e.game) for e in errors] == [(6, 2)]
    for args in (["parse", "-"], ["fmt", "-"], ["validate", "-"], ["validate", "-j", "2", "-"], ["score", "-"]):
        code, out, err = run(*args, stdin=text)
        assert code == 2 and "longer than 1 MiB" in out + err and "Traceback" not in out + err, args
        assert "game 2 was skipped; the other games of the file were read" in out + err, args
    assert run("parse", "-", stdin=text)[1].endswith("<stdin>: 2 games, 2 rounds, 2 moves; 1 game skipped\n")


def test_a_line_without_end_stops_the_reading_and_says_so(tmp_path: Path) -> None:
    """Past 4 MiB without a line break (/dev/zero) the end of a line is no longer looked for: the games
    before it are read, the note says only those were, and a merge writes nothing (nothing lost)."""
    path = tmp_path / "endless.dln"
    path.write_text('[Event "1"]\nround 1\nN 4c\n[Event "2"]\nround 1\nN 4c ' + "x" * (MAX_PASSED + 10)
                    + '\n[Event "3"]\nround 1\nN 4c\n', encoding="utf-8")
    errors: list[dln.DLNSyntaxError] = []
    with path.open("rb") as stream:
        assert [g.number for g in dln.load(stream, errors=errors)] == [1]
    assert [(type(e), e.line, e.game) for e in errors] == [(LineTooLong, 6, 2)]
    code, out, err = run("validate", str(path))
    assert code == 2 and "runs on past 4 MiB (4,194,304 characters) without a line break" in out
    assert "game 2 was skipped; the games before it were read" in out and "other games" not in out
    merged = tmp_path / "merged.dln"
    code, out, err = run("merge", str(path), "-o", str(merged))
    assert code == 2 and "not written: an input could not be read to its end" in err and not merged.exists()


def test_a_line_of_exactly_the_limit_is_read() -> None:
    text = "round 1\nN 4c {" + "a" * (MAX_LINE - 7) + "}\n"
    assert len(split_lines(text)[1]) == MAX_LINE
    assert dln.loads(text).rounds[0].moves[0].comments == ("a" * (MAX_LINE - 7),)


@pytest.mark.parametrize("text", ["round 1" + "0" * 5000, "round 1\nN 4c\nscore N 1" + "0" * 5000,
                                  "round 1\n1" + "0" * 5000 + ". N 4c"])
def test_huge_numbers_are_syntax_errors(text: str) -> None:
    with pytest.raises(dln.DLNSyntaxError) as caught:
        dln.loads(text)
    assert "a number of more than 9 digits" in caught.value.message
    code, out, err = run("validate", "-", stdin=text)
    assert code == 2 and "Traceback" not in out + err


# ---- 4. smaller --------------------------------------------------------------------


@pytest.mark.parametrize("text", ["round 1 dealer S\ntable 5h\n{c} ; note\nN 4c\n",
                                  "round 1 dealer S\ntable 5h\nN 4c\ndeal\n{c} ; note\nS 9s\n"])
def test_a_note_after_a_deal_comment_stays_with_the_deal(text: str) -> None:
    (game,) = parse_text(text, keep_line_comments=True)
    assert game.comments == ()
    assert game.rounds[0].deals[-1].comments == ("c", "note")


def test_loads_accepts_a_leading_byte_order_mark_like_load() -> None:
    text = "\ufeffround 1\nN 4c\n"
    assert dln.loads(text) == next(dln.load(io.BytesIO(text.encode("utf-8"))))


@pytest.mark.parametrize("errors", [None, []])
def test_load_of_bytes_not_utf8_raises_unicode_decode_error_saying_where(errors: list | None) -> None:
    """As dln.load's docstring says: the file is not text, whether syntax errors are collected or not."""
    with pytest.raises(UnicodeDecodeError) as caught:
        list(dln.load(io.BytesIO(b'[Event "ok"]\n[Site "\xcb"]\n'), errors=errors))
    assert (caught.value.line, caught.value.column) == (2, 8)  # type: ignore[attr-defined]


def test_a_no_break_space_is_named_where_it_is() -> None:
    with pytest.raises(dln.DLNSyntaxError) as caught:
        dln.loads("round 1\nN 4c\u00a0x 5h\nS 9s\n")
    error = caught.value
    assert (error.line, error.column) == (2, 5)
    assert "U+00A0" in error.message and "NO-BREAK SPACE" in error.message
    assert "ends here" not in error.message


# ---- 5. linear time ---------------------------------------------------------------


@pytest.mark.parametrize("keep", [False, True])
def test_unclaimed_notes_are_handed_out_in_linear_work(keep: bool) -> None:
    n = 3000
    text = "round 1\n" + "{a} ; note\n" * n + "N 4c\nS 9s\n" * n
    before = _builder.examined
    (game,) = parse_text(text, keep_line_comments=keep)
    assert len(game.rounds[0].moves) == 2 * n
    assert _builder.examined - before < 10 * n  # a rescan per move would be n * 2n


@pytest.mark.parametrize("text", ["round 1\nN 4c" + " " * 40 + "{a}" + " " * 40 + "N",
                                  "round 1\nN 4c {" + "a" * 500_000 + "} N"])
def test_syntax_errors_after_long_blanks_or_words_are_found_in_linear_work(text: str) -> None:
    """Finding the token before an error once backtracked exponentially (blanks) or quadratically (a long word)."""
    with pytest.raises(dln.DLNSyntaxError) as caught:
        dln.loads(text)
    assert caught.value.message == "expected the card N plays (e.g. N 9d), but the game ends here"


def test_notes_among_the_tags_keep_their_place_among_the_game_comments() -> None:
    text = '; first\n[Event "a"]\n{c} ; after c\n[Site "b"] ; site\n{d}\nround 1\nN 4c\n'
    (game,) = parse_text(text, keep_line_comments=True)
    assert game.comments == ("first", "c", "after c", "site", "d")


@pytest.mark.parametrize("tag", ["Target", "Result"])
def test_a_tag_holding_a_huge_number_is_a_bad_tag_not_a_traceback(tag: str) -> None:
    """Found by the command fuzz test in CI: int() refuses 5000 digits, so the tag check raised ValueError."""
    value = "9" * 5000 if tag == "Target" else "N " + "9" * 5000 + " S 3"
    text = f'[{tag} "{value}"]\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4c\n'
    for args in (["validate", "-"], ["validate", "-j", "2", "-"], ["score", "-"]):
        code, out, err = run(*args, stdin=text)
        assert "Traceback" not in out + err and code in (0, 1, 2)
        if tag == "Target":
            assert code == 2 and "R002" in out + err


def test_numbers_in_options_and_glyphs_of_any_length_are_no_traceback() -> None:
    code, out, err = run("show", "--move", "9" * 5000, "-", stdin="round 1 dealer S\ntable 5h 3c 9d Js\nN 4c\n")
    assert code == 2 and "Traceback" not in out + err
    record = "round 1 dealer S\ntable 5h 3c 9d Js\nN 4c $" + "7" * 5000 + "\n"
    code, out, err = run("show", "--move", "1", "-", stdin=record)
    assert "Traceback" not in out + err


# ---- 6. a ';' note lands where the same {comment} would --------------------------------


@pytest.mark.parametrize(("noted", "braced"), [
    ("; first note\n{second comment}\n[Event \"a\"]\n\nround 1 dealer S\n",
     "{first note}\n{second comment}\n[Event \"a\"]\n\nround 1 dealer S\n"),
    ("{first}\n; second\n{third}\n; fourth\n[Event \"a\"]\n; fifth\nround 1 dealer S\n",
     "{first}\n{second}\n{third}\n{fourth}\n[Event \"a\"]\n{fifth}\nround 1 dealer S\n"),
    ("round 1 dealer S\ntable 5h 3c 9d Js\nN 4c 5h =9\n  ( ; why not take the 9?\n   N 9c x 9d)\nS 9s x [9] 9d\n",
     "round 1 dealer S\ntable 5h 3c 9d Js\nN 4c 5h =9\n  ( {why not take the 9?}\n   N 9c x 9d)\nS 9s x [9] 9d\n"),
    ("round 1 dealer S\ntable 5h 3c 9d Js\nN 4c 5h =9 ; before\n  ({a} ; b\n {c} N 9c x 9d ; d\n S 2c) ; after\n"
     "  (; e\n S 9s) (; f\n N 9c)\nS 9s x [9] 9d\n",
     "round 1 dealer S\ntable 5h 3c 9d Js\nN 4c 5h =9 {before}\n  ({a} {b}\n {c} N 9c x 9d {d}\n S 2c) {after}\n"
     "  ({e}\n S 9s) ({f}\n N 9c)\nS 9s x [9] 9d\n"),
])
def test_fmt_puts_a_note_where_the_same_comment_would_be(noted: str, braced: str) -> None:
    """A note before the tags came after the {comments} before them, and a note opening a variation went
    to the move before it."""
    code, out, err = run("fmt", "-", stdin=noted)
    expected = run("fmt", "-", stdin=braced)[1]
    assert code == 0 and err == "" and out == expected
    assert list(parse_text(noted, keep_line_comments=True)) == list(parse_text(braced))
