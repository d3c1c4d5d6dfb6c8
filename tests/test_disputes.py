"""Disputes as people write them: a position, perhaps who dealt, whose turn, and the move in question.

Rule passages are cited as in docs/rules.md: ``pagat`` is diloti-pagat.txt, by section.
"""

from __future__ import annotations

from dataclasses import replace

import dln
from dln.cards import Card
from dln.model import Captured
from dln.validate import GameReport, validate_game


def check(text: str) -> GameReport:
    return validate_game(dln.loads(text))


def found(report: GameReport) -> list[str]:
    return [f"{d.line}:{d.column} {d.severity} {d.code}" for d in report.diagnostics]


def test_an_absent_hand_line_is_an_unknown_hand() -> None:
    """pagat, Plain Declarations: the declarer must hold a card of the declared value.

    Without a hand line for N the record cannot tell whether N holds another 5:
    a warning saying so, not an error."""
    report = check("setup dealer S\ntable 5h 9c\nturn N\nN 5c 5h =5s\n")
    assert report.errors == 0
    (d,) = report.diagnostics
    assert (d.severity, d.code, d.line) == ("warning", "D302", 4)
    assert "cannot tell" in d.message


def test_the_dealer_of_a_setup_is_inferred_from_the_hand_sizes() -> None:
    """pagat, The Play: play passes in turn from the dealer's successor, one card each.

    N holds one card more than S with N to play: S led this circuit, so N dealt.  The move
    itself is judged: the owner of [8 N] may not declare 6 (pagat, Obligations of the declarer)."""
    report = check("setup\ntable [8 N: 5h 3d] 4c Qs\nN: 2s 6d 8s\nS: 3h 9d\nturn N\nN 2s 4c =6\n")
    assert report.rounds[0].dealer == "N"
    assert found(report) == ["6:1 error D401"]


def test_hand_sizes_no_dealer_fits_are_d102_at_a_hand_line() -> None:
    """pagat, The Play: each player in turn plays one card, so hands differ by at most one."""
    report = check("setup\ntable 4c\nN: 2s 6d 8s Ac\nS: 3h 9d\nturn N\nN 2s\n")
    codes = [(d.code, d.line) for d in report.diagnostics if d.severity == "error"]
    assert codes and all(code == "D102" for code, _ in codes)
    assert {line for _, line in codes} <= {3, 4}


def test_a_wrong_position_does_not_stop_the_moves_being_judged() -> None:
    """pagat, Plain Declarations (one declaration per owner, D404) and The Play (the move's own rules).

    The position is wrong, and the move after it breaks a rule of its own: both are reported."""
    text = ("setup dealer S\ntable [8 N: 5h 3d] [9 N: 6h 3c] 4c\nN: 8s 9s 2c\nS: Kd 7d\nturn N\n"
            "N 2c x 4c\n")
    report = check(text)
    codes = {d.code for d in report.diagnostics}
    assert "D404" in codes
    assert "D205" in codes or "D207" in codes or any(d.line == 6 for d in report.diagnostics)


def test_three_kings_on_the_opening_table_are_reported_at_the_table_line() -> None:
    """pagat, Players, Cards and Deal: three or four face cards of a rank are redealt."""
    game = dln.loads("round 1 dealer S\ntable Kc Kd Kh 5s\nN: 2c\nN 2c x Kc\n")
    game = replace(game, rounds=(replace(game.rounds[0], table_line=2, table_column=1),))
    report = validate_game(game)
    d101 = [d for d in report.diagnostics if d.code == "D101"]
    assert [(d.line, d.column) for d in d101] == [(2, 1)]
    assert any(d.line == 4 for d in report.diagnostics)  # and the move is judged: a 2 cannot take a king


def test_a_duplicate_card_is_reported_at_the_card() -> None:
    """pagat, Players, Cards and Deal: each card is in the pack once."""
    game = dln.loads("setup dealer S\ntable 5h 9c\nN: 9c 2d\nS: 3h 4h\nturn N\nN 2d\n")
    round_ = game.rounds[0]
    hand = replace(round_.deals[0].hands[0], positions=((3, 4), (3, 7)))
    round_ = replace(round_, table_line=2, table_column=1, table_positions=((2, 7), (2, 10)),
                     deals=(replace(round_.deals[0], hands=(hand, *round_.deals[0].hands[1:])),))
    report = validate_game(replace(game, rounds=(round_,)))
    # 9c is written twice: the second mention, in N's hand, contradicts the first.
    assert found(report) == ["3:4 error D104"]


def test_a_declaration_over_ten_is_d301_at_the_move() -> None:
    """pagat, Plain Declarations: a declaration's value is at most 10."""
    game = dln.loads("setup dealer S\ntable 9c\nN: 3d Kc\nS: 2h 4h\nturn N\nN 3d 9c =4\n")
    (round_,) = game.rounds
    move = replace(round_.deals[0].moves[0], value=12)
    game = replace(game, rounds=(replace(round_, deals=(replace(round_.deals[0], moves=(move,)),)),))
    report = validate_game(game)
    assert [(d.code, d.line) for d in report.diagnostics if d.severity == "error"] == [("D301", 6)]


def test_captured_cards_continue_the_score_of_a_setup() -> None:
    """pagat, Further Deals and the End of the Round: the round scores what each side captured in all."""
    game = dln.loads("setup dealer S\ntable 5h\nN: 5c\nS: 9s\nturn N\nN 5c x 5h\nS 9s\n")
    (round_,) = game.rounds
    rest = [c for c in dln.cards.DECK if c not in {Card(5, "h"), Card(5, "c"), Card(9, "s")}]
    north, south = tuple(rest[:30]), tuple(rest[30:])
    round_ = replace(round_, deal=4, captured=(Captured("N", north), Captured("S", south)),
                     xeris=(("N", 1), ("S", 0)), last_capturer="S")
    report = validate_game(replace(game, rounds=(round_,)))
    assert report.errors == 0, found(report)
    scores = report.rounds[0].scores
    assert scores is not None
    assert scores["N"].cards == 30 + 3 and scores["N"].xeris == 1 + 1  # the capture clears the table
    assert scores["S"].cards == 19


def test_unknown_captures_leave_the_score_not_computable() -> None:
    """A setup that does not say what was captured cannot give the round's points."""
    report = check("setup dealer S\ntable 5h\nN: 5c\nS: 9s\nturn N\nN 5c x 5h\nS 9s\n")
    assert report.rounds[0].scores is None
