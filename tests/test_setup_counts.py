"""A setup's counts agree with each other and with the pack (docs/rules.md, What each setup field means).

pagat, The Play, item 5: "Whenever any cards are captured from the table, these cards along with the card
played to capture them are added to a face down capture pile", so every capture, a xeri too, puts at least
two cards in a pile; pagat, Players, Cards and Deal: the pack has 52 cards, and the deals still to come
take theirs from it.
"""

from __future__ import annotations

import dln
from dln.check.validate import validate_game


def findings(text: str) -> list[tuple[str, str, int]]:
    """Each finding's code, severity and line."""
    return [(d.code, d.severity, d.line) for d in validate_game(dln.loads(text)).diagnostics]


def test_a_side_that_captured_nothing_cannot_have_a_xeri_nor_the_last_capture() -> None:
    """`xeris N 1` and `last N` with `captured N 0`: the count contradicts both, one error at the count."""
    text = "setup dealer S deal 2\ntable 5h 9c\ncaptured N 0\nxeris N 1 S 0\nlast N\nturn N\nN 5d x 5h\n"
    report = validate_game(dln.loads(text))
    [d] = report.diagnostics
    assert (d.code, d.severity, d.line) == ("D110", "error", 3)
    assert "1 xeri" in d.message and "captured last" in d.message


def test_two_xeris_take_four_cards_at_least() -> None:
    text = "setup dealer S deal 2\ntable 5h 9c\ncaptured N 3\ncaptured S 0\nxeris N 2 S 0\nturn N\nN 5d x 5h\n"
    assert findings(text) == [("D110", "error", 3)]


def test_a_pile_of_one_card_is_no_capture() -> None:
    text = "setup dealer S deal 2\ntable 5h 9c\ncaptured N 1\ncaptured S 0\nturn N\nN 5d x 5h\n"
    assert findings(text) == [("D110", "error", 3)]


def test_counts_that_fit_pass_and_a_pile_the_record_does_not_count_is_unknown() -> None:
    """Two cards for the xeri, and a pile named without a count may hold more than it names."""
    for text in ("setup dealer S deal 2\ntable 5h 9c\ncaptured N 2\ncaptured S 0\nxeris N 1 S 0\nlast N\n"
                 "turn N\nN 5d x 5h\n",
                 "setup dealer S deal 2\ntable 5h 9c\ncaptured N: 9d\nxeris N 1\nlast N\nturn N\nN 5d x 5h\n"):
        assert [code for code, _, _ in findings(text)] == [], text


def test_the_deals_to_come_take_their_cards_from_the_pack() -> None:
    """Deal 2 of Xeri has two deals of twelve cards to come: 30 captured, 2 on the table and those 24 are
    56 cards, more than the pack."""
    text = ('[Game "Xeri"]\n\nsetup dealer S deal 2\ntable 5h 9c\ncaptured N 20\ncaptured S 10\nxeris N 1 S 0\n'
            "turn N\nN 9d x 9c\n")
    report = validate_game(dln.loads(text))
    [d] = report.diagnostics
    assert (d.code, d.line) == ("D104", 6) and "2 deals to come" in d.message


def test_the_deals_to_come_fit_in_diloti_too() -> None:
    fits = "setup dealer S deal 2\ntable 5h 9c\ncaptured N 10\ncaptured S 10\nxeris N 0 S 0\nturn N\nN 5d x 5h\n"
    assert findings(fits) == []
    assert [code for code, _, _ in findings(fits.replace("deal 2", "deal 1"))] == ["D104"]


def test_seen_cards_among_the_counted_ones_are_not_counted_twice() -> None:
    """`seen` cards are captured cards the record does not give a side: they may be among the counted
    ones.  Counted twice, they left the unwritten hands three cards each instead of five (2 on the table
    and 40 captured leave 10 cards), so that the record's six moves ended the round."""
    text = ("setup dealer S deal 4\ntable 5h 9c\ncaptured N 20\ncaptured S 20\nxeris N 0 S 0\nlast N\n"
            "seen 7h 7d 7s 7c\nturn N\nN 5d x 5h\nS 2c\nN 3c\nS 4c\nN 6c\nS 8c\n")
    report = validate_game(dln.loads(text), keep_states=True)
    assert not report.diagnostics
    assert [hand.size for hand in report.rounds[0].states[-1].hands] == [2, 2]
