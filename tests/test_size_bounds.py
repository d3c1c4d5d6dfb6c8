"""A record's parts cost memory in proportion to their size, and each has a size it may not pass (issue 28).

A comment spread over many lines used to cost about 170 bytes per character
(a 20 MB comment took 3.4 GB in every command): the grammar's comment pattern
kept a backtracking frame for each character it read.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

import dln
from dln.cli import main
from dln.notation.bounds import MAX_COMMENT, MAX_GAME, TooLarge
from dln.notation.lines import split_lines
from dln.notation.parser import parse_text, split_games
from dln.notation.sources import placed, read_placed

#: Memory a comment may cost per character of it, beyond the text itself and its copies (the file's
#: lines, the game's text, the model's string): the old pattern cost about 170.
BYTES_PER_CHARACTER = 40

_PROBE = textwrap.dedent("""
    import resource, sys
    import dln
    size = int(sys.argv[1])
    line = "a comment line, written on many lines as a long note would be.\\n"
    comment = "{" + line * (size // len(line)) + "}"
    record = "round 1 dealer S\\ntable 5h 3c 9d Js\\nN 4d 5h =9 {a note}\\n"
    dln.loads(record)  # the parser loaded before the peak is taken
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    game = dln.loads(record.replace("{a note}", comment))
    assert game.rounds[0].moves[0].comments[0].startswith(line[:20])
    print(len(comment), (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024)
""")


def test_a_comment_over_many_lines_costs_memory_in_proportion_to_its_size() -> None:
    done = subprocess.run([sys.executable, "-c", _PROBE, str(900_000)], capture_output=True, text=True, check=True)
    size, grown = map(int, done.stdout.split())
    assert grown < BYTES_PER_CHARACTER * size, f"{grown / size:.0f} bytes per character of the comment"


# ---- a comment and a game have a size they may not pass -------------------------------

GAME = '[Event "{n}"]\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9{comment}\nS 9s x [9] 9d\n'
LINE = "a comment line, written on many lines as a long note would be.\n"


def comment_of(size: int) -> str:
    """A {comment} of exactly ``size`` characters, braces included, over lines of 64."""
    inside = size - 2
    return "{" + LINE * (inside // len(LINE)) + "x" * (inside % len(LINE)) + "}"


def three_games(comment: str) -> str:
    """Three games, the second with ``comment`` after its first move (on its line 4 of 5, column 11)."""
    return "\n".join(GAME.format(n=n, comment=" " + comment if n == 2 else "") for n in (1, 2, 3))


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_a_comment_of_exactly_the_bound_over_many_lines_is_read_whole() -> None:
    comment = comment_of(MAX_COMMENT)
    games = list(parse_text(three_games(comment)))
    assert [g.tag("Event") for g in games] == ["1", "2", "3"]
    assert len(games[1].rounds[0].moves[0].comments[0]) >= MAX_COMMENT - 2 - comment.count("\n")


def test_a_comment_past_the_bound_is_an_error_where_it_opens_and_the_other_games_are_read() -> None:
    errors: list[dln.DLNSyntaxError] = []
    games = list(parse_text(three_games(comment_of(MAX_COMMENT + 1)), errors=errors, filename="big.dln"))
    assert [(g.number, g.tag("Event")) for g in games] == [(1, "1"), (3, "3")]
    (error,) = errors
    assert (error.filename, error.line, error.column, error.game) == ("big.dln", 10, 12, 2)
    assert "this comment runs on for more than 1 MiB (1,048,576 characters) without its '}'" in error.message


def test_a_comment_never_closed_stops_being_held_at_the_bound() -> None:
    text = GAME.format(n=1, comment=" {never closed\n" + LINE * (2 * MAX_COMMENT // len(LINE)))
    errors: list[dln.DLNSyntaxError] = []
    assert [g.tag("Event") for g in parse_text(text + "\n" + GAME.format(n=2, comment=""), errors=errors)] == ["2"]
    assert [(e.line, e.column) for e in errors] == [(4, 12)]
    chunks = list(split_games(split_lines(text, keepends=True)))
    assert [type(held) for _, held in chunks] == [TooLarge]
    assert chunks[0][1].size == len(text.encode())  # type: ignore[union-attr]


def test_a_game_past_the_bound_is_an_error_at_its_first_line() -> None:
    moves = "(N 4d 5h =9 S 9s x [9] 9d)\n" * (MAX_GAME // 27 + 1)
    text = "\n".join([GAME.format(n=1, comment=""), GAME.format(n=2, comment="\n" + moves.rstrip("\n")),
                      GAME.format(n=3, comment="")])
    errors: list[dln.DLNSyntaxError] = []
    assert [g.tag("Event") for g in parse_text(text, errors=errors)] == ["1", "3"]
    (error,) = errors
    assert (error.line, error.column, error.game) == (7, 1, 2)
    assert "this game runs on for more than 4 MiB (4,194,304 characters)" in error.message


@pytest.mark.parametrize("args", [["validate"], ["validate", "-j", "2"], ["fmt", "--check"], ["parse"],
                                  ["parse", "--json"], ["html", "--game", "2"], ["show", "--game", "2"],
                                  ["merge"], ["stats"], ["score"]])
def test_every_command_says_where_the_comment_too_large_opens(args: list[str], tmp_path: Path) -> None:
    path = tmp_path / "big.dln"
    path.write_text(three_games(comment_of(MAX_COMMENT + 1)))
    code, out, err = run(*args, str(path))
    assert code == 2, out + err
    assert f"{path}:10:12: error: this comment runs on for more than 1 MiB" in out + err
    assert "   10 | N 4d 5h =9 {a comment line" in out + err
    if args[0] not in ("html", "show"):
        assert "game 2 was skipped; the other games of the file were read" in out + err


def test_the_games_after_one_too_large_are_found_again_by_their_place(tmp_path: Path) -> None:
    path = tmp_path / "big.dln"
    path.write_text("\ufeff" + three_games(comment_of(MAX_COMMENT + 1)), encoding="utf-8")
    with path.open("rb") as stream:
        places = [place for _, place in placed(stream, str(path))]
        assert [place.number for place in places] == [1, 2, 3]
        third = read_placed(stream, str(path), places[2])
    assert third.game is not None and third.game.tag("Event") == "3" and third.offset == places[2].offset


# ---- dln fmt - copies a game too large to hold as it is ------------------------------------


def test_fmt_stdin_copies_a_game_too_large_to_hold_as_written() -> None:
    """The game over the bound was dropped from standard output (only the games around it were written)."""
    big = GAME.format(n=2, comment=" " + comment_of(MAX_COMMENT + 1))
    text = "\ufeff" + GAME.format(n=1, comment="") + "\n" + big + "\n" + GAME.format(n=3, comment="")
    code, out, err = run("fmt", "-", stdin=text)
    assert code == 2 and "<stdin>:10:12: error: this comment runs on for more than 1 MiB" in err
    canonical = run("fmt", "-", stdin=GAME.format(n=1, comment=""))[1]
    assert out == "\ufeff" + canonical + "\n" + big + "\n" + canonical.replace('"1"', '"3"')  # the mark kept


@pytest.mark.slow
def test_fmt_stdin_from_a_file_copies_a_game_over_the_game_bound(tmp_path: Path) -> None:
    """Standard input redirected from a file (read again where it lies, not spooled) keeps a game over 4 MiB."""
    moves = "(N 4d 5h =9 S 9s x [9] 9d)\n" * (MAX_GAME // 27 + 1)
    big = GAME.format(n=1, comment="\n" + moves.rstrip("\n"))
    path = tmp_path / "big.dln"
    path.write_text(big + "\n" + GAME.format(n=2, comment=""))
    with path.open("rb") as stdin:
        done = subprocess.run([sys.executable, "-m", "dln", "fmt", "-"], stdin=stdin, capture_output=True, check=False)
    assert done.returncode == 2 and b"<stdin>:1:1: error: this game runs on for more than 4 MiB" in done.stderr
    assert done.stdout.decode() == big + "\n" + run("fmt", "-", stdin=GAME.format(n=2, comment=""))[1]


# ---- a line too long to hold is passed over with its game; the file is read on ------------------------

LONG = '[Event "{n}"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4c{comment}\n\n'
#: The long line's comment: 1,100,000 Greek letters (2.2 MB), each two bytes of UTF-8.
ALPHAS = " {" + "\u03b1" * 1_100_000 + "}"


def long_line_games() -> str:
    """Four games, the second with a line longer than a line may be (line 11), as the tester's file."""
    return "".join(LONG.format(n=n, comment=ALPHAS if n == "B" else "") for n in "ABCD")


def test_a_line_too_long_is_an_error_in_its_game_and_the_file_is_read_on() -> None:
    errors: list[dln.DLNSyntaxError] = []
    games = list(parse_text(long_line_games(), errors=errors, filename="long.dln"))
    assert [(g.number, g.tag("Event")) for g in games] == [(1, "A"), (3, "C"), (4, "D")]
    (error,) = errors
    assert isinstance(error, TooLarge)
    assert (error.filename, error.line, error.column, error.game) == ("long.dln", 11, 1, 2)
    assert error.message.startswith("line 11 is longer than 1 MiB (1,048,576 characters)")
    assert error.size == len(LONG.format(n="B", comment=ALPHAS).encode())


def test_the_games_after_a_line_too_long_are_found_again_by_their_place(tmp_path: Path) -> None:
    path = tmp_path / "long.dln"
    path.write_text(long_line_games().replace("\n", "\r\n"), encoding="utf-8")
    with path.open("rb") as stream:
        places = [place for _, place in placed(stream, str(path))]
        assert [place.number for place in places] == [1, 2, 3, 4]
        last = read_placed(stream, str(path), places[3])
    assert last.game is not None and last.game.tag("Event") == "D" and last.offset == places[3].offset == 18


def test_fmt_stdin_copies_a_game_with_a_line_too_long_as_written() -> None:
    """'dln fmt - < longline.dln' wrote game 1 alone: the reader stopped at the long line."""
    code, out, err = run("fmt", "-", stdin=long_line_games())
    assert code == 2 and "<stdin>:11:1: error: line 11 is longer than 1 MiB" in err
    assert "game 2 was skipped; the other games of the file were read" in err
    canonical = {n: run("fmt", "-", stdin=LONG.format(n=n, comment=""))[1] for n in "ACD"}
    assert out == canonical["A"] + "\n" + LONG.format(n="B", comment=ALPHAS) + canonical["C"] + "\n" + canonical["D"]
