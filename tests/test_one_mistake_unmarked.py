"""One mistake, one error in a round written without ``deal`` lines (:mod:`dln.check.unmarked`): the
validator cuts its moves into deals every ``hand size x players`` moves, so one move line left out shifted
every later cut, and the missing move gave two to four errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import dln
from dln.check.validate import GameReport, validate_game

SAMPLES = Path(__file__).parent.parent / "samples"


def _unmarked(name: str) -> str:
    """Round 1 of sample ``name`` (its Result tag left out) with its ``deal`` lines, and the hand lines after
    them, left out: only the first deal's hands are written."""
    text = (SAMPLES / name).read_text(encoding="utf-8").split("\nround 2 ")[0]
    lines, dealt = [], False
    for line in text.splitlines():
        dealt = dealt or line == "deal"
        if not line.startswith("[Result") and line != "deal" and not (dealt and re.match(r"[NESW]: ", line)):
            lines.append(line)
    return "\n".join(lines) + "\n"


def _without(name: str, line: str) -> tuple[str, GameReport]:
    """:func:`_unmarked` round of ``name`` without its move line ``line``, and its report."""
    text = _unmarked(name)
    assert f"\n{line}\n" in text
    wrong = text.replace(f"\n{line}\n", "\n", 1)
    return wrong, validate_game(dln.loads(wrong), source=lambda n: wrong.splitlines()[n - 1])


def test_a_round_without_deal_lines_is_legal() -> None:
    for name in ("two-player-61.dln", "xeri.dln", "kontsina.dln", "four-player.dln"):
        assert not validate_game(dln.loads(_unmarked(name))).diagnostics, name


@pytest.mark.parametrize(("name", "line", "seat"), [
    ("two-player-61.dln", "16. N Ad 7c =8", "N"),  # D003 and D004 before
    ("two-player-61.dln", "15. S 5c x [5s]", "S"),  # D302, D003 three times
    ("two-player-61.dln", "24. N Kc", "N"),  # a deal's last move: R003, a deal begun with a card in hand
    ("two-player-61.dln", "2. N Kd x Kh", "N"),  # in the deal whose hands are written
    ("xeri.dln", "20. S 7s", "S"),
    ("kontsina.dln", "26. E 10h x 10s", "E"),
    ("four-player.dln", "15. E 5d", "E"),
])
def test_a_move_left_out_of_a_round_without_deal_lines_is_one_error(name: str, line: str, seat: str) -> None:
    """The moves of a round go round the seats in play order (each deal gives each seat as many cards), so
    one move line left out is the one place where they stop, every move after it one seat on: the deals are
    cut counting the missing move, which is one error (D003) where the turn breaks, and the round goes on."""
    _, report = _without(name, line)
    [d] = report.diagnostics  # and no D302 warning of the move's card (see below)
    assert d.code == "D003" and f"a move of {seat} seems missing before this one" in d.message, d.message
    assert not any(r.stopped for r in report.rounds)
    assert not [x for x in report.diagnostics if x.code == "R005"]


def test_a_last_move_written_under_another_seat_makes_no_deal_of_its_own() -> None:
    """The moves filling their deals, a last move out of turn is no move left out: no fifth deal begins."""
    text = _unmarked("two-player-61.dln")
    report = validate_game(dln.loads(text.replace("\n48. N 7d\n", "\n48. S 7d\n", 1)))
    assert "R003" not in [d.code for d in report.diagnostics]


def test_two_move_lines_left_out_of_a_round_without_deal_lines_are_two_errors() -> None:
    """'16. N Ad 7c =8' and '30. N 10h x [10]' left out: the moves go one seat on at each, for more than a
    circuit; each shifts the later cuts by one more move, and each is one D003 naming its move.  Before, the
    cuts counted neither: D003, then a D004 that stopped the replay."""
    text = _unmarked("two-player-61.dln")
    for line in ("16. N Ad 7c =8", "30. N 10h x [10]"):
        text = text.replace(f"\n{line}\n", "\n", 1)
    report = validate_game(dln.loads(text))
    lines, errors = text.splitlines(), [d for d in report.diagnostics if d.severity == "error"]
    assert [(d.code, lines[(d.line or 0) - 1]) for d in errors] == [("D003", "17. S 7h"), ("D003", "31. S 9s")]
    assert [d.notes[0].split(" is the one")[0] for d in errors] == ["N Ad 7c =8", "N 10h x [10]"]


def test_where_the_deals_begin_cannot_be_known_is_a_note_not_the_errors_of_a_shift() -> None:
    """'16. N Ad 7c =8' and '18. N 8d x [8]' left out: S plays three times in a row, the turn never the
    one-seat shift of one move left out for long, and the round ends two moves short of its deals.  Where
    its later deals begin cannot be known; a D001 followed from a deal cut in the wrong place (S's 6d judged
    in the deal before its own).  Now the break's D003 says so, and the replay stops there."""
    text = _unmarked("two-player-61.dln")
    for line in ("16. N Ad 7c =8", "18. N 8d x [8]"):
        text = text.replace(f"\n{line}\n", "\n", 1)
    report = validate_game(dln.loads(text))
    [d] = [d for d in report.diagnostics if d.severity == "error"]
    assert d.code == "D003" and text.splitlines()[(d.line or 0) - 1] == "17. S 7h"
    assert any("where its deals begin cannot be known" in note for note in d.notes), d.notes
    assert report.rounds[0].stopped


def _rounds_unmarked(name: str, hands: bool) -> list[str]:
    """Sample ``name`` (its Result tag left out) with its ``deal`` lines left out, and the hand lines after
    them, or (``hands`` False) every hand line: its lines, each round cut by count."""
    lines, dealt = [], False
    for line in (SAMPLES / name).read_text(encoding="utf-8").splitlines():
        dealt = (dealt or line == "deal") and not line.startswith("round ")
        if not line.startswith("[Result") and line != "deal" and not ((dealt or not hands)
                                                                     and re.match(r"[NESW]: ", line)):
            lines.append(line)
    return lines


@pytest.mark.parametrize(("name", "hands"), [
    ("two-player-61.dln", True), ("two-player-61.dln", False), ("xeri.dln", True), ("xeri.dln", False),
    ("kontsina.dln", True), ("kontsina.dln", False), ("four-player.dln", True), ("four-player.dln", False),
])
def test_a_round_s_first_move_left_out_without_deal_lines_is_one_error(name: str, hands: bool) -> None:
    """A round's first move line left out, its deals cut by count: the moves went round from the seat after
    the one that leads, so no break of the turn was seen and every cut was a move late; the first move was out
    of turn (D003) and the last of the first deal was judged in it, the deal a card short (D001), or the
    round's first dealer read as another seat.  The seat after the dealer leads: one move missing before the
    first move written, which the deals are cut counting, one error where the turn breaks."""
    lines = _rounds_unmarked(name, hands)
    firsts = [i for i, line in enumerate(lines) if re.match(r"1\. [NESW] ", line)]
    for i in firsts:
        wrong = "\n".join([*lines[:i], *lines[i + 1:]]) + "\n"
        report = validate_game(dln.loads(wrong))
        errors = [d for d in report.diagnostics if d.severity == "error"]
        seat = lines[i][3]
        assert [(d.code, d.line) for d in errors] == [("D003", i + 1)], (lines[i], report.diagnostics)
        assert f"a move of {seat} seems missing before this one" in errors[0].message
        assert not any(r.stopped for r in report.rounds), lines[i]
        assert not [d for d in report.diagnostics if d.code == "R005"], lines[i]


@pytest.mark.parametrize(("name", "hands"), [
    ("two-player-61.dln", True), ("two-player-61.dln", False), ("xeri.dln", True), ("kontsina.dln", False),
    ("four-player.dln", True), ("four-player.dln", False),
])
def test_a_round_s_last_move_under_another_seat_s_letter_is_one_error(name: str, hands: bool) -> None:
    """Only the seat whose turn it is plays (D003).  A round's last move written under another seat's letter
    ('48. S 7d' for '48. N 7d'), the round's later deals not written: the seat written had played its cards
    (D001, '7d is not in S's hand (S holds no cards)') beside the D003, and the replay of the round stopped.
    The card is seen nowhere else and the hand whose turn it is alone is not known: it is that seat's card,
    one letter written wrong, one error as in the middle of a round (the D001 its note), and the round ends
    as that seat played it."""
    lines = _rounds_unmarked(name, hands)
    sound = validate_game(dln.loads("\n".join(lines) + "\n"))
    lasts = [i for i, line in enumerate(lines) if line.startswith(("rest ", "score "))
             and not lines[i - 1].startswith(("rest ", "score "))]
    for i in (k - 1 for k in lasts):
        played = lines[i]
        for seat in sorted({line[len(line.split(" ")[0]) + 1] for line in lines if re.match(r"\d+\. [NESW] ", line)}):
            if played.split(" ")[1] == seat:
                continue
            written = played.replace(f" {played.split(' ')[1]} ", f" {seat} ", 1)
            wrong = "\n".join([*lines[:i], written, *lines[i + 1:]]) + "\n"
            report = validate_game(dln.loads(wrong))
            [d] = [d for d in report.diagnostics if d.severity == "error"]
            assert (d.code, d.line) == ("D003", i + 1), (written, report.diagnostics)
            assert any("the move seems" in note and "written with another seat" in note for note in d.notes), d.notes
            assert [r.moves for r in report.rounds] == [r.moves for r in sound.rounds], written
            assert not any(r.stopped for r in report.rounds), written


@pytest.mark.parametrize(("name", "line"), [
    ("two-player-61.dln", "15. S 5c x [5s]"), ("two-player-61.dln", "30. N 10h x [10]"),
    ("two-player-61.dln", "46. N 6s x [6s]"), ("four-player.dln", "33. W 9d x [9]"),
    ("four-player.dln", "36. N 3s x [3]"),
])
def test_the_card_a_declaration_keeps_played_in_the_move_left_out_is_no_warning(name: str, line: str) -> None:
    """pagat, Plain Declarations: the declarer must keep a card of the value declared (D302).  In a deal whose
    hands are not written, a hand is the cards its seat plays: the move line left out played the declarer's
    card of that value, so the declaration had a D302 warning ('the record cannot tell whether they still
    hold a card of value 5') beside the D003 of the missing move, a consequence of it.  The move found
    missing is that card's: the declarer held it, and the D003 is the one finding."""
    _, report = _without(name, line)
    assert [d.code for d in report.diagnostics] == ["D003"], report.diagnostics


def test_a_deal_s_last_move_left_out_keeps_its_variation() -> None:
    """A deal's last move line left out, the variation written under it kept ('37. S 10d x 8h 2d?!' and its
    '(37. S 2c x 2d)' in samples/analysed.dln, deal lines left out): the variation, now under the move before,
    begins with the seat whose turn the missing move is, but it was judged at the end of the deal, before the
    next deal's first move showed the move missing: from the position before N's move, out of turn (D003) and
    with a card S did not hold (D001), beside the D003 of the missing move.  It is the missing move's,
    judged from the position before it: one error."""
    _, report = _without("analysed.dln", "37. S 10d x 8h 2d?! {engine: loses 2.0 (inaccuracy, marked ?!); best S "
                         "2c x 2d (N minus S: -1.0 against +1.0, exact)}")
    [d] = report.diagnostics
    assert d.code == "D003" and "a move of S seems missing" in d.message, d
    assert any("it is the missing move's" in note for note in d.notes), d.notes
