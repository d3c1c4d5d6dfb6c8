"""D0xx: turn order and card identity."""

from __future__ import annotations

from dln.engine import Hand, check

from .helpers import codes_of, declare, errors, lay, legal, pile, position, take


def test_d001_card_must_come_from_hand() -> None:
    """pagat, The Play: on their turn a player plays one card from their own hand."""
    state = position("5c", {"N": "5d 9h", "S": "2c"})
    assert legal(state, take("N", "5d", "5c"))
    assert errors(state, take("N", "5h", "5c")) == {"D001"}
    message = check(state, take("N", "5h", "5c"))[0].message
    assert "5h is not in N's hand" in message and "5d 9h" in message


def test_d001_unknown_hand_accepts_unseen_cards() -> None:
    """A recorder who did not see the hand cannot refute an unseen card (pagat, The Play)."""
    state = position("5c", {"N": Hand(frozenset(), 3), "S": "2c"})
    assert not errors(state, take("N", "5h", "5c"))
    empty = position("5c", {"N": Hand(), "S": "2c"})
    assert errors(empty, lay("N", "5h")) == {"D001"}


def test_d002_card_already_seen() -> None:
    """pagat, Players, Cards and Deal: one 52-card pack, so each card exists once."""
    state = position("5c", {"N": Hand(frozenset(), 3), "S": "2c"}, piles=[pile(1, 7, "4h 3h", "S")])
    assert not errors(state, lay("N", "8d"))
    assert errors(state, lay("N", "5c")) == {"D002"}  # loose on the table
    assert errors(state, lay("N", "4h")) == {"D002"}  # inside a declaration
    assert errors(state, lay("N", "2c")) == {"D002"}  # in S's hand
    assert "in S's hand" in check(state, lay("N", "2c"))[0].message


def test_d003_wrong_seat() -> None:
    """pagat, The Play and Four-Player Game: turns pass in play order, one card each."""
    state = position("5c", {"N": "9h", "S": "2c"})
    assert legal(state, lay("N", "9h"))
    assert errors(state, lay("S", "2c")) == {"D003"}
    assert "it is N's turn, not S's" in check(state, lay("S", "2c"))[0].message
    assert errors(state, lay("E", "2c")) == {"D003"}  # no E in a two-player game


def test_d004_cards_must_be_loose_on_the_table() -> None:
    """pagat, declarations introduction: a declaration's cards cannot be taken separately."""
    state = position("5c", {"N": "4d 9h 7s", "S": "2c"}, piles=[pile(1, 7, "4h 3h", "S")])
    assert legal(state, take("N", "7s", "", [1]))
    assert errors(state, take("N", "4d", "4h")) == {"D004"}
    assert "part of the plain declaration of 7" in check(state, take("N", "4d", "4h"))[0].message
    assert errors(state, take("N", "9h", "9c")) == {"D004"}
    assert errors(state, take("N", "7s", "", [2])) == {"D004"}
    assert codes_of(check(state, declare("N", "4d", 9, "5c 9c"))) == {"D004"}
