"""D5xx: the xeri, with the pagat examples and the xeri house rules."""

from __future__ import annotations

from dln.engine import Hand, Move, Rules, apply, check, legal_moves, setup_round

from .helpers import card, cards, errors, lay, legal, opening, play, position, take


def test_d501_xeri_mark_needs_an_empty_table() -> None:
    """pagat, The “Xeri”: a xeri captures every card on the table."""
    state = position("5c 3d", {"N": "8h 5h", "S": "Kc"})
    assert legal(state, take("N", "8h", "5c 3d", xeri=True))
    assert errors(state, take("N", "5h", "5c", xeri=True)) == {"D501"}
    assert "leaves 3d on the table" in check(state, take("N", "5h", "5c", xeri=True))[0].message
    marked_lay = Move("N", card("8h"), "lay", xeri=True)
    assert errors(state, marked_lay) == {"D501"}
    marked_declaration = Move("N", card("5h"), "declare", frozenset(cards("3d")), value=8, xeri=True)
    assert errors(position("5c 3d", {"N": "8h 5h", "S": "Kc"}), marked_declaration) >= {"D501"}


def test_first_card_of_a_round_is_no_xeri() -> None:
    """pagat, The “Xeri”: the very first card of a round does not count as a xeri even if it
    takes all four table cards; ``first_card_xeri`` is the house rule where it does."""
    hands = {"N": "10h 2c 3c 4c 5c 6c", "S": "Ac 2d 3d 4d 5d 6d"}
    state = opening("Ad 2h 3s 4h", hands)
    assert errors(state, take("N", "10h", "Ad 2h 3s 4h", xeri=True)) == {"D501"}
    assert not apply(state, take("N", "10h", "Ad 2h 3s 4h")).xeri
    liberal = opening("Ad 2h 3s 4h", hands, rules=Rules(first_card_xeri=True))
    assert apply(liberal, take("N", "10h", "Ad 2h 3s 4h")).xeri
    # a setup's first move is not the round's first card
    assert apply(position("Ad 2h 3s 4h", hands), take("N", "10h", "Ad 2h 3s 4h")).xeri


def test_a_setup_known_to_be_the_round_start_is_played_as_one() -> None:
    """pagat, The “Xeri”: the very first card played in a round is no xeri, also when a setup gives the
    position, if the record shows no card was played (``opening``: the first deal, every hand whole)."""
    hands = {"N": Hand.of(cards("10h 2c 3c 4c 5c 6c")), "S": Hand.of((), 6)}
    sweep = take("N", "10h", "Ad 2h 3s 4h")
    start = setup_round(Rules(), 2, "S", turn="N", deal=1, hands=hands, loose=cards("Ad 2h 3s 4h"), opening=True)
    assert start.is_first_card()
    assert not apply(start, sweep).xeri
    assert errors(start, take("N", "10h", "Ad 2h 3s 4h", xeri=True)) == {"D501"}
    liberal = setup_round(Rules(first_card_xeri=True), 2, "S", turn="N", deal=1, hands=hands,
                          loose=cards("Ad 2h 3s 4h"), opening=True)
    assert apply(liberal, sweep).xeri
    # the same position, not known to be the round's start: a setup's first move may score a xeri
    mid = setup_round(Rules(), 2, "S", turn="N", deal=1, hands=hands, loose=cards("Ad 2h 3s 4h"))
    assert not mid.is_first_card() and apply(mid, sweep).xeri


def test_pagat_3_5_7_example() -> None:
    """pagat, The “Xeri”, first example: from 3, 5, 7 taking the 3 leaves no xeri (no
    card is 12); taking the 5 or the 7 lets a 10 or an 8 sweep the rest."""
    for taken, sweeper in (("3c", None), ("5d", "10c"), ("7s", "8c")):
        state = position("3c 5d 7s", {"N": "3h 5h 7h", "S": "8c 10c 2d"})
        after = play(state, take("N", taken[:-1] + "h", taken)).state
        xeris = [str(m.card) for m in legal_moves(after) if m.xeri]
        assert xeris == ([sweeper] if sweeper else [])


def test_pagat_10_j_example_and_last_card() -> None:
    """pagat, The “Xeri”, third example: table 10 and J, one card each; N must take the J
    with his J (no laying it), and S's 10 then takes the lone 10 as a xeri - the dealer's
    last card counts (Further Deals and the End of the Round) unless ``no_last_card_xeri``."""
    hands = {"N": "Jc", "S": "10s"}
    state = position("10d Jh", hands, deal=4)
    assert errors(state, lay("N", "Jc")) == {"D202"}
    last = play(state, take("N", "Jc", "Jh"), take("S", "10s", "10d", xeri=True))
    assert last.xeri and last.state.xeris == (0, 1) and last.state.is_over
    strict = position("10d Jh", hands, deal=4, rules=Rules(no_last_card_xeri=True))
    after = play(strict, take("N", "Jc", "Jh")).state
    assert errors(after, take("S", "10s", "10d", xeri=True)) == {"D501"}
    assert not apply(after, take("S", "10s", "10d")).xeri
    # the last card of an earlier deal is not the round's last card
    earlier = play(position("10d Jh", hands, deal=2, rules=Rules(no_last_card_xeri=True)),
                   take("N", "Jc", "Jh")).state
    assert apply(earlier, take("S", "10s", "10d")).xeri
