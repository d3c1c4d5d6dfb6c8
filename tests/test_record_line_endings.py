"""A record keeps its line endings: what ``dln record`` and ``dln play`` write into a file that exists ends
its lines as the file's lines end (CRLF in a file written on Windows), so no file is left with mixed line
endings.  Nothing injected: before, every line they added ended in LF, whatever the file's lines ended in.
dln fmt, which replaces a whole file with its canonical form, writes one line ending throughout (LF); merge,
filter and analyse --annotate onto a file they read keep its line ending."""

from __future__ import annotations

import codecs
import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

import dln
from dln.check.generate import generate_games
from dln.cli import main
from dln.cli.play import Table
from dln.engine.rules import Rules
from dln.files import replace_file
from dln.notation.lines import line_ending, normalise
from dln.notation.writer import write_games
from dln.record import NewGame
from tests.test_play_family import moves_of, person
from tests.test_record_changes import FOLLOWED, _answers
from tests.test_record_files import START, record

#: The line breaks a file may use: Windows, classic Mac OS, and Unix (the recorder's own for a new file).
ENDINGS = ["\r\n", "\r", "\n"]

#: A game before the one recorded, in the same file: copied through untouched when the game is rewritten.
EARLIER = '[Event "earlier"]\n\nround 1 dealer S\ntable 2h 3c 4d 5s\n1. N 6c\n\n'


def ended(text: str, end: str) -> bytes:
    """``text`` (written with ``\\n``) with its lines ended by ``end``, as bytes on disk."""
    return text.replace("\n", end).encode("utf-8")


def breaks(data: bytes) -> set[bytes]:
    """The kinds of line break in ``data``: one when its lines end alike."""
    return set(re.findall(rb"\r\n|\r|\n", data))


def recorded(tmp_path: Path, name: str, text: str, end: str, lines: list[str],
             actions: dict[int, Callable[[], None]] | None = None) -> tuple[bytes, str]:
    """``dln record`` on a file holding ``text`` with its lines ended by ``end``: the file after, and the screen."""
    path = tmp_path / name
    path.write_bytes(ended(text, end))
    code, out = record(path, lines, actions)
    assert code == 0, out
    return path.read_bytes(), out


# -- the line ending of a file ------------------------------------------------------------------------------


@pytest.mark.parametrize(("data", "end"), [
    (b'[Event "a"]\r\nround 1\n', "\r\n"), (b'[Event "a"]\nround 1\r\n', "\n"), (b"round 1\rtable 5h\r", "\r"),
    (b"", "\n"), (b"round 1", "\n"), (b"\xef\xbb\xbf\r\n", "\r\n"), (b"x" * 70_000 + b"\r\n", "\r\n"),
])
def test_a_file_ends_its_lines_as_its_first_line_ends(data: bytes, end: str) -> None:
    """The first line break says the file's convention; a file without one gets ``\\n``."""
    assert line_ending(io.BytesIO(data)) == end


def test_a_carriage_return_at_the_end_of_a_read_is_looked_past() -> None:
    """``\\r`` then ``\\n`` in the next read is one CRLF, not a lone CR."""

    class Trickle(io.BytesIO):
        def read(self, size: int | None = -1) -> bytes:
            return super().read(1)

    assert line_ending(Trickle(b"round 1\r\ntable")) == "\r\n"
    assert line_ending(Trickle(b"round 1\r")) == "\r"


@pytest.mark.parametrize("end", ["\r\n", "\r", "\n"])
def test_normalise_writes_every_line_break_as_asked(end: str) -> None:
    assert normalise("round 1\r\ntable 5h\rN 4c\n\n", end) == f"round 1{end}table 5h{end}N 4c{end}{end}"


# -- dln record --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("end", ENDINGS)
def test_moves_recorded_into_a_file_end_their_lines_as_its_lines_end(tmp_path: Path, end: str) -> None:
    """The bug: a CRLF file went on with '1. N 4c 5h =9\\n': mixed line endings."""
    data, _ = recorded(tmp_path, "game.dln", START, end, ["4c 5h =9", "Ks", "quit"])
    assert data == ended(START + "1. N 4c 5h =9\n2. S Ks\n", end)


@pytest.mark.parametrize("end", ENDINGS)
def test_undo_redo_and_fix_rewrite_the_game_with_the_files_line_endings(tmp_path: Path, end: str) -> None:
    """undo, redo and fix replace the game being recorded (the games before it copied through): the lines
    written anew end as the file's do, and the file is the one an LF file becomes, line breaks apart."""
    lines = ["4c 5h =9", "Ks", "9s x 9d", "Qd", "undo", "redo", "fix 2 Kd", "{the king}", "quit"]
    reference, _ = recorded(tmp_path, "lf.dln", EARLIER + START, "\n", lines)
    assert reference.endswith(b"2. S Kd\n3. N 9s x 9d\n4. S Qd {the king}\n")
    data, _ = recorded(tmp_path, "game.dln", EARLIER + START, end, lines)
    assert data == reference.replace(b"\n", end.encode())


@pytest.mark.parametrize("end", ENDINGS)
def test_a_new_game_after_a_finished_one_ends_its_lines_as_the_file_does(tmp_path: Path, end: str) -> None:
    """'new' at the end of a game: the blank line and the new game's tags and round go after it."""
    (game,) = generate_games(1, seed=5, rules=Rules(target=10), hidden=True)
    finished = write_games([game])
    lines = ["new", *_answers(NewGame({}, previous=game)), "5h 3c 9d Js", "quit"]
    reference, _ = recorded(tmp_path, "lf.dln", finished, "\n", lines)
    data, _ = recorded(tmp_path, "game.dln", finished, end, lines)
    assert data == reference.replace(b"\n", end.encode())
    assert len(dln.loads_all(data.decode("utf-8"))) == 2


@pytest.mark.parametrize("end", ENDINGS)
def test_a_new_game_in_a_file_of_notes_ends_its_lines_as_the_file_does(tmp_path: Path, end: str) -> None:
    """A file that holds no game yet (a note, blank lines): the new game's first lines are its first write."""
    lines = [*_answers(NewGame({})), "5h 3c 9d Js", "quit"]
    reference, _ = recorded(tmp_path, "lf.dln", "; the club's games\n\n", "\n", lines)
    data, _ = recorded(tmp_path, "game.dln", "; the club's games\n\n", end, lines)
    assert data == reference.replace(b"\n", end.encode())


def test_a_new_game_after_a_note_without_its_line_break_starts_on_a_line_of_its_own(tmp_path: Path) -> None:
    """A file whose last line, a ';' note, has no line break: the new game's first tag was written on that
    line, inside the note, and lost ('; the club's games[Date "..."]')."""
    lines = [*_answers(NewGame({})), "5h 3c 9d Js", "quit"]
    reference, _ = recorded(tmp_path, "ended.dln", "; the club's games\n", "\n", lines)
    data, _ = recorded(tmp_path, "game.dln", "; the club's games", "\n", lines)
    assert data == reference
    assert dln.loads(data.decode("utf-8")).tag("Date") is not None
    new, _ = recorded(tmp_path, "new.dln", "", "\n", lines)
    marked, _ = recorded(tmp_path, "marked.dln", "\ufeff", "\n", lines)  # a byte order mark alone ends no line
    assert marked == codecs.BOM_UTF8 + new


def test_a_game_left_with_mixed_line_endings_is_rewritten_in_the_files(tmp_path: Path) -> None:
    """A CRLF file whose last game this bug left with LF lines: the next write rewrites that game in CRLF (line
    breaks carry no meaning in DLN), and the game before it is copied through byte for byte."""
    path = tmp_path / "game.dln"
    earlier = ended(EARLIER, "\r\n")
    path.write_bytes(earlier + ended(START, "\r\n") + b"1. N 4c 5h =9\n2. S Ks\n")
    code, out = record(path, ["9s x 9d", "quit"])
    assert code == 0, out
    assert path.read_bytes() == earlier + ended(START + "1. N 4c 5h =9\n2. S Ks\n3. N 9s x 9d\n", "\r\n")


@pytest.mark.parametrize("end", ["\r\n", "\r"])
def test_a_line_cut_off_is_left_out_with_the_files_line_endings(tmp_path: Path, end: str) -> None:
    """A last line cut short by an interrupted write is left out by rewriting the game: in the file's endings."""
    path = tmp_path / "game.dln"
    path.write_bytes(ended(START, end) + b"1. N 4c 5h =")
    code, out = record(path, ["4c 5h =9", "quit"])
    assert code == 0 and "its last line was cut off" in out, out
    assert path.read_bytes() == ended(START + "1. N 4c 5h =9\n", end)


@pytest.mark.parametrize(("before", "after"), [("\n", "\r\n"), ("\r\n", "\n")])
def test_a_file_whose_line_endings_another_program_changed_is_gone_on_with_in_its_new_ones(
    tmp_path: Path, before: str, after: str
) -> None:
    """An editor (or dln fmt, which writes LF) changes the line endings between two moves: the recorder goes
    on from the file as it is now, and writes the next moves as its lines now end."""
    path = tmp_path / "game.dln"

    def convert() -> None:
        replace_file(path, [re.sub(rb"\r\n|\n", after.encode(), path.read_bytes())])

    path.write_bytes(ended(START, before))
    code, out = record(path, ["4c 5h =9", "Ks", "9s x 9d", "quit"], {1: convert})
    assert code == 0, out
    assert FOLLOWED in out
    assert path.read_bytes() == ended(START + "1. N 4c 5h =9\n2. S Ks\n3. N 9s x 9d\n", after)


# -- dln play ----------------------------------------------------------------------------------------------


def test_dln_play_goes_on_with_a_crlf_game_in_crlf(tmp_path: Path) -> None:
    """A game dln play left, its file then saved on Windows: the rest of the game is written in CRLF."""
    path = tmp_path / "game.dln"
    holder: list[Table] = []
    holder.append(Table.new(path, "S", 3, 2, 3, 4, person(holder, 5), lambda _: None, "kontsina"))
    assert holder[0].run() == 0
    before = path.read_bytes()
    assert breaks(before) == {b"\n"}
    path.write_bytes(before.replace(b"\n", b"\r\n"))
    holder[0] = Table.resume(path, None, 4, person(holder), lambda _: None)
    assert holder[0].run() == 0
    after = path.read_bytes()
    assert breaks(after) == {b"\r\n"}
    assert b"[Result " in after  # written among the tags at the end: the game was rewritten, not only added to
    kept = moves_of(dln.loads(before.decode("utf-8")))
    assert moves_of(dln.loads(after.decode("utf-8")))[:len(kept)] == kept
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 0 and " 0 errors" in result.output, result.output


def test_dln_play_starts_its_game_in_a_crlf_file_of_notes_in_crlf(tmp_path: Path) -> None:
    """dln play into a file that holds no game yet, written on Windows: the game's lines end in CRLF too."""
    path = tmp_path / "game.dln"
    path.write_bytes(b"; against the engine\r\n\r\n")
    holder: list[Table] = []
    holder.append(Table.new(path, "S", 2, 2, 3, 4, person(holder, 3), lambda _: None, "xeri"))
    assert holder[0].run() == 0
    data = path.read_bytes()
    assert data.startswith(b"; against the engine\r\n") and b"[Event " in data and breaks(data) == {b"\r\n"}


# -- the writers that replace a whole file -----------------------------------------------------------------


def test_fmt_writes_one_line_ending_through_a_crlf_file(tmp_path: Path) -> None:
    """dln fmt replaces the whole file with its canonical form, whose lines end in LF today: a CRLF file becomes
    one of a single line ending, never a mixture."""
    path = tmp_path / "game.dln"
    path.write_bytes(ended(EARLIER + START + "N 4c 5h =9 ;a note\n", "\r\n"))
    result = CliRunner().invoke(main, ["fmt", str(path)])
    assert result.exit_code == 0, result.output
    assert len(breaks(path.read_bytes())) == 1


def test_analyse_annotate_over_its_crlf_input_writes_one_line_ending(tmp_path: Path) -> None:
    """--annotate -o FILE replaces FILE with the annotated record, written in canonical form: one line ending."""
    path = tmp_path / "game.dln"
    path.write_bytes(ended(START + "1. N 4c 5h =9\n2. S Ks\n", "\r\n"))
    result = CliRunner().invoke(main, ["analyse", str(path), "--budget", "1", "--annotate", "-o", str(path)])
    assert result.exit_code == 0, result.output
    data = path.read_bytes()
    assert b"engine:" in data and breaks(data) == {b"\r\n"}


@pytest.mark.parametrize("command", [["merge", "FILE", "OTHER", "-o", "FILE"],
                                     ["filter", "FILE", "--player", "nobody", "--invert", "-o", "FILE"]])
def test_merge_and_filter_onto_their_crlf_input_keep_its_line_ending(tmp_path: Path, command: list[str]) -> None:
    """A command that rewrites the record it reads (merge, filter, analyse --annotate onto FILE) keeps how its
    lines end: a club's file saved on Windows stays CRLF (fmt alone makes the canonical form, LF)."""
    path, other = tmp_path / "club.dln", tmp_path / "other.dln"
    path.write_bytes(ended(START + "1. N 4c 5h =9\n2. S Ks\n", "\r\n"))
    other.write_text(START + "1. N 4c\n", encoding="utf-8")
    args = [str(path) if a == "FILE" else str(other) if a == "OTHER" else a for a in command]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert breaks(path.read_bytes()) == {b"\r\n"}
