"""Move-level findings point at the part of the move at fault (the card played, a table card or
[declaration] named, the declared value, the xeri mark), whether the grammar or the fast reader of
canonical lines read the move; a finding about the whole move points at its start."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dln.cli import main
from dln.notation.parser import _parse_chunk

HEAD = '[North "a"]\n[South "b"]\n\nround 1 dealer S\n'
CASES = [
    # (name, table and hands, the move line, code, the text the finding points at)
    ("card not in hand", "table 5h 3c 9d Js\nN: 4c 8s Kc 2h 7c 10d\n", "1. N 6h", "D001", "6h"),
    ("card seen on the table", "table 5h 3c 9d Js\n", "1. N 9d x 9d", "D002", "9d x"),
    ("table card not there", "table 5h 3c 9d Js\n", "1. N 8s x 5h 3d", "D004", "3d"),
    ("face card in a sum", "table 5h 4c Js 9d\n", "1. N 9c x 5h 4c Js", "D205", "Js"),
    ("face card takes another rank", "table Qh 3c 9d 5s\n", "1. N Kc x Qh", "D204", "Qh"),
    ("declared value over ten", "table 5h 3c 9d Js\nN: 9s 4c 8s Kc 2h 7c\n", "1. N 9s 3c =12", "D301", "12"),
    ("declared sum", "table 5h 2h 9d Js\nN: 5s 8s 4c Kc 3h 7c\n", "1. N 5s 2h =8", "D304", "8"),
    ("false xeri", "table 5h 4s 6d 3c\n", "1. N 9c x 5h 4s 6d 3c *", "D501", "*"),
    # Kontsina and Xeri point where Diloti does for the same mistake (issue 30)
    ("Kontsina: face card takes another rank", '[Game "Kontsina"]\ntable Qh 3c 9d 5s\n', "1. N Kc x Qh", "K205",
     "Qh"),
    ("Kontsina: face card in a sum", '[Game "Kontsina"]\ntable 5h 4c Js 9d\n', "1. N 9c x 5h 4c Js", "K205", "Js"),
    ("Kontsina: a card too many in a sum", '[Game "Kontsina"]\ntable 5h 4c 2d Js\n', "1. N 9c x 5h 4c 2d", "K206",
     "2d"),
    ("Kontsina: two cards not on the table", '[Game "Kontsina"]\ntable 5h 4c 9d Js\n', "1. N 9c x Ah 2d", "D004",
     "Ah"),
    ("Kontsina: a xeri marked", '[Game "Kontsina"]\ntable 5h 4s 6d 3c\n', "1. N 9c x 5h 4s *", "K501", "*"),
    ("Xeri: a card that does not take the pile", '[Game "Xeri"]\ntable 5h 3c 9d 5s\n', "1. N 8c x 5s", "X201",
     "8c"),
    ("Xeri: the pile named by a card under its top", '[Game "Xeri"]\ntable 5h 3c 9d 5s\n', "1. N 5c x 5s 3c",
     "X203", "3c"),
    ("Xeri: false xeri", '[Game "Xeri"]\ntable 5h 3c 9d 5s\n', "1. N 5c x 5s *", "X501", "*"),
]


def _record(table: str, move: str, *, canonical: bool) -> str:
    """A one-move record; not canonical, the move carries a comment so the grammar reads it.  A ``[Game]``
    tag opening ``table`` goes with the other tags."""
    tag, _, table = table.rpartition("]\n") if table.startswith("[") else ("", "", table)
    head = HEAD.replace("\n\n", f"\n{tag}]\n\n", 1) if tag else HEAD
    return head + table + (move if canonical else move + " {here}") + "\n"


def _finding(tmp_path: Path, text: str, code: str) -> dict[str, object]:
    path = tmp_path / "game.dln"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--json", str(path)])
    found = [d for g in json.loads(result.stdout)["games"] for d in g["diagnostics"] if d["code"] == code]
    assert found, result.stdout
    return found[0]


@pytest.mark.parametrize("canonical", [True, False], ids=["fast reader", "grammar"])
@pytest.mark.parametrize(("name", "table", "move", "code", "part"), CASES, ids=[c[0] for c in CASES])
def test_a_finding_points_at_the_part_of_the_move_at_fault(tmp_path: Path, name: str, table: str, move: str,
                                                           code: str, part: str, canonical: bool) -> None:
    text = _record(table, move, canonical=canonical)
    if canonical:
        assert _parse_chunk(text, 0, False)[0].rounds[0].moves[0].spots is None  # the fast reader took it
    finding = _finding(tmp_path, text, code)
    line = text.splitlines()[finding["line"] - 1]
    assert line.startswith(move)
    assert line[finding["column"] - 1:].startswith(part), (line, finding["column"])


REDEALS = [
    # (name, the record's tags and table line, the text the finding points at)
    ("Diloti: three kings", "table Kc 7d Kh Ks\n", "D101", "Ks"),
    ("Diloti: four kings, the third makes the redeal", "table Kc Kd Kh Ks\n", "D101", "Kh Ks"),
    ("Diloti: a fourth queen where three stay", '[Variant "three-face-cards"]\ntable Qc Qd Qh Qs\n', "D101",
     "Qs"),
    ("Xeri: a jack on top", '[Game "Xeri"]\ntable 5h 3c 9d Js\n', "X101", "Js"),
    ("Xeri: a pair on top", '[Game "Xeri"]\ntable 5h 3c 9d 9s\n', "X101", "9s"),
]


@pytest.mark.parametrize("canonical", [True, False], ids=["fast reader", "grammar"])
@pytest.mark.parametrize(("name", "table", "code", "part"), REDEALS, ids=[c[0] for c in REDEALS])
def test_an_opening_table_dealt_again_points_at_the_card_that_makes_it(
        tmp_path: Path, name: str, table: str, code: str, part: str, canonical: bool) -> None:
    """D101 and X101 (a table or pile dealt again) pointed at the ``table`` line's first column; they point
    at the card that calls for the redeal: the third card of a rank (the fourth where three may stay), the
    jack on top of Xeri's pile or the top card of its pair.  A later mention of that card (a capture
    taking it) does not draw the caret away."""
    text = _record(table, "1. N 2c", canonical=canonical) + "S 2d\n"
    finding = _finding(tmp_path, text, code)
    line = text.splitlines()[finding["line"] - 1]
    assert line.startswith("table ")
    assert line[finding["column"] - 1:].startswith(part), (line, finding["column"])


def test_a_declaration_at_fault_is_pointed_at_by_its_reference(tmp_path: Path) -> None:
    """D207 (a 9 cannot take a declaration of 8) and R001 (which [8]?) point at the [8] written."""
    text = HEAD + "table 5h Ac 9d Js\nN: 3c 8d Kc 2h 7c 10d\nN 3c 5h =8\nS 9s x 9d  [8]\n"
    finding = _finding(tmp_path, text, "D207")
    assert (finding["line"], finding["column"]) == (8, 12)
    two = HEAD + "table 5h 9d 4c Js\nN 3c 5h =8\nS 4s 4c =8\nN 8c x [8]\n"
    finding = _finding(tmp_path, two, "R001")
    assert (finding["line"], finding["column"]) == (8, 8)


def test_a_move_out_of_turn_points_at_its_seat(tmp_path: Path) -> None:
    """D003 (not this seat's turn) is about the seat that plays: it points at the seat letter, not at the
    move number before it, which is R005's (a number that does not count the cards played)."""
    text = HEAD + "table 5h 3c 9d Js\n1. S 8s x 5h 3c\n"
    finding = _finding(tmp_path, text, "D003")
    assert (finding["line"], finding["column"]) == (6, 4)


@pytest.mark.parametrize("canonical", [True, False], ids=["fast reader", "grammar"])
def test_a_xeri_the_setup_cannot_decide_points_at_its_mark(tmp_path: Path, canonical: bool) -> None:
    """D501 as a warning (pagat, closing house rules on the xeri: "the very last card played by the dealer
    does not count as a xeri"; the setup does not write the hands, so whether N's 7h is that card is
    unknown) pointed at the move's first token, while the same finding as an error points at the ``*``;
    both point at the mark the finding is about."""
    move = "N 7h x 7c *"
    text = ('[Variant "no-last-card-xeri"]\n\nsetup dealer N deal 4\ntable 7c 3d\nturn S\nS 3h x 3d\n'
            + (move if canonical else move + " {here}") + "\n")
    finding = _finding(tmp_path, text, "D501")
    assert finding["severity"] == "warning"
    line = text.splitlines()[finding["line"] - 1]
    assert line.startswith(move)
    assert line[finding["column"] - 1:].startswith("*"), (line, finding["column"])
