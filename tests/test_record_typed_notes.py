"""What a person recording at a real table types, most often on a Greek keyboard: ';' notes, commands and seats
typed with the keyboard left on its Greek layout, lower-case seats, Windows-1253 input, and the undo, fix and
new-game paths a new user walks into."""

from __future__ import annotations

import io
from pathlib import Path

import dln
from dln.record import Options, Terminal, run

START = '[Target "61"]\n\nround 1 dealer S\n'
TABLE = "table 5h 3c 9d Js\n"


def _run(path: Path, lines: list[str], options: Options | None = None) -> tuple[int, str]:
    out = io.StringIO()
    code = run(path, options or Options(), Terminal(io.StringIO("".join(f"{line}\n" for line in lines)), out, False))
    return code, out.getvalue()


def _started(tmp_path: Path, text: str = START + TABLE) -> Path:
    path = tmp_path / "game.dln"
    path.write_text(text)
    return path


# -- ';' notes ---------------------------------------------------------------------------------------------


def test_a_note_typed_after_a_move_is_kept_as_its_comment(tmp_path: Path) -> None:
    """docs/notation.md: a ';' note is kept (dln fmt turns it into a {comment}); typed after a move at the
    prompt it was dropped without a word, and the move written bare."""
    path = _started(tmp_path)
    code, out = _run(path, ["4c 5h =9 ; N held the nine", "quit"])
    assert code == 0, out
    assert path.read_text() == START + TABLE + "1. N 4c 5h =9 {N held the nine}\n"


def test_a_note_on_its_own_annotates_the_last_move(tmp_path: Path) -> None:
    """'; note' on its own line was refused as 'not a move: expected the card S plays, but the line ends'."""
    path = _started(tmp_path)
    code, out = _run(path, ["4c 5h =9", "; a fine declaration", "quit"])
    assert code == 0, out
    assert path.read_text() == START + TABLE + "1. N 4c 5h =9 {a fine declaration}\n"


def test_a_note_is_written_as_typed(tmp_path: Path) -> None:
    """Its inner text is kept as typed: blanks, braces, a backslash, ranks and an 'x' (a rank alone in a note
    was read as a card taken: '9c x 9d ; a 9 x K' was refused as 'no K lies loose on the table')."""
    path = _started(tmp_path)
    note = "a 9 x K,  two  blanks\tand a tab, {braces} and C:\\tables"
    code, out = _run(path, ["4c 5h =9", f"9s x 9d [9] ; {note}", "quit"])
    assert code == 0, out
    assert path.read_text().endswith(
        "2. S 9s x 9d [9] {a 9 x K,  two  blanks\tand a tab, \\{braces\\} and C:\\tables}\n")
    assert dln.loads(path.read_text()).rounds[0].moves[1].comments == (note,)


def test_a_semicolon_alone_is_an_empty_note_and_says_so(tmp_path: Path) -> None:
    """';' alone (on the Greek layout, the key of q) wrote nothing and said 'not a move: expected the card N
    plays, but the line ends'."""
    path = _started(tmp_path)
    code, out = _run(path, ["4c 5h =9", ";", "quit"])
    assert code == 2
    assert "an empty note" in out and "type quit" in out and "expected the card" not in out
    assert path.read_text() == START + TABLE + "1. N 4c 5h =9\n"
