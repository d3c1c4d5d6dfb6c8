"""dln fmt and dln record on one file at the same moment: no accepted move is ever lost (issue 17).

A large non-canonical file whose last game is in progress; ``dln fmt``
reformats it while ``dln record`` types more moves.  Whoever comes second
must notice the other: fmt leaves a file that changed while it worked (and
says so), the recorder goes on from a reformatted file.  Each order in which
the two can meet is made to happen by a hook, not left to the timing of two
processes (which once took six runs and 10 s, and might miss an order):

- fmt runs whole between two of the recorder's lines;
- the recorder writes a line after fmt has read the file and before fmt
  replaces it (fmt's replace_file is the hook);
- fmt finds the file as the recorder left it at its end.

In each, every move the recorder printed as accepted is in the file
afterwards, the file holds every game, and its last game is legal.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import dln
import dln.notation.formatting
from dln.check.generate import generate_games
from dln.check.validate import validate_game
from dln.cli import main
from dln.engine import Rules
from dln.notation.writer import move_text, write_games
from tests.test_record_files import record

pytestmark = pytest.mark.slow  # a 41-game file formatted and recorded: seconds each

_ACCEPTED = re.compile(r"^  (\d+)\. ([NS]) (.+?)   \(", re.MULTILINE)
FINISHED = 40


def _messy(text: str) -> str:
    """The same records, not in canonical form (two spaces after each move number)."""
    return re.sub(r"(?m)^(\d+)\. ", r"\1.  ", text)


@pytest.fixture(scope="module")
def club() -> tuple[str, list[str], list[str]]:
    """The file's text (40 finished games, then one whose round 1 has 9 moves, not canonical), the texts
    of the moves the recorder types next (``Ks``) and of those moves as the record writes them."""
    finished = _messy(write_games(list(generate_games(FINISHED, seed=11, hidden=True))))
    (game,) = generate_games(1, seed=3, hidden=True, rules=Rules(target=10))
    round1 = game.rounds[0]
    head = "".join(f"[{k} \"{v}\"]\n" for k, v in game.tags if k != "Result")
    start = (f"{head}\nround 1 dealer {round1.dealer}\ntable {' '.join(map(str, round1.table or ()))}\n"
             + "".join(move_text(m) + "\n" for m in round1.moves[:9]))
    written = [move_text(m) for m in round1.moves[9:12]]
    typed = [text.split(" ", 2)[2] for text in written]  # "10. S Ks" -> "Ks"
    return finished + "\n" + _messy(start), typed, written


def fmt(path: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["fmt", str(path)])
    return result.exit_code, result.output


def check(path: Path, out: str, written: list[str]) -> None:
    """Every move the recorder accepted is on disk where it said; every game is there; the last is legal."""
    accepted = [f"{n}. {seat} {rest}" for n, seat, rest in _ACCEPTED.findall(out)]
    assert accepted == written, out
    games = dln.loads_all(path.read_text(encoding="utf-8"))
    assert len(games) == FINISHED + 1
    last = games[-1]
    assert validate_game(last).errors == 0
    assert [move_text(m) for m in last.rounds[0].moves][9:] == written


def test_fmt_between_two_lines_of_the_recorder(tmp_path: Path, club: tuple[str, list[str], list[str]]) -> None:
    """fmt reformats the whole file after the recorder's first line; the recorder goes on from the
    reformatted file, and fmt's work is kept."""
    text, typed, written = club
    path = tmp_path / "club.dln"
    path.write_text(text, encoding="utf-8")
    ran: list[tuple[int, str]] = []
    code, out = record(path, typed, {1: lambda: ran.append(fmt(path))})
    assert code == 0, out
    assert ran[0][0] == 0 and "reformatted" in ran[0][1], ran
    check(path, out, written)
    assert fmt(path)[1].strip() == "0 files reformatted, 1 unchanged"  # the recorder writes canonical lines


def test_a_line_recorded_while_fmt_works_makes_fmt_leave_the_file(
    tmp_path: Path, club: tuple[str, list[str], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The recorder writes its lines after fmt read the file and before fmt replaces it: fmt must not
    write its older view over them, and says so."""
    text, typed, written = club
    path = tmp_path / "club.dln"
    path.write_text(text, encoding="utf-8")
    real: Callable[..., Any] = dln.notation.formatting.replace_file
    recorded: list[tuple[int, str]] = []

    def replace_after_the_recorder(*args: Any, **kwargs: Any) -> None:
        recorded.append(record(path, typed))
        real(*args, **kwargs)

    monkeypatch.setattr(dln.notation.formatting, "replace_file", replace_after_the_recorder)
    code, out = fmt(path)
    assert code == 2 and "changed by another program" in out, out
    (recorder_code, recorder_out), = recorded
    assert recorder_code == 0, recorder_out
    check(path, recorder_out, written)
    assert path.read_text(encoding="utf-8").startswith(text)  # fmt wrote nothing: still not canonical


def test_fmt_after_the_recorder(tmp_path: Path, club: tuple[str, list[str], list[str]]) -> None:
    """fmt finds the file as the recorder left it: it reformats it, the recorded moves with the rest."""
    text, typed, written = club
    path = tmp_path / "club.dln"
    path.write_text(text, encoding="utf-8")
    code, out = record(path, typed)
    assert code == 0, out
    assert fmt(path)[0] == 0
    check(path, out, written)
    assert path.read_text(encoding="utf-8") == dln.dumps(dln.loads_all(path.read_text(encoding="utf-8")))
