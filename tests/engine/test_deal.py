"""D1xx and the deal: seating, dealing a pack, later deals, setups."""

from __future__ import annotations

import pytest

from dln.cards import DECK
from dln.engine import (
    Hand,
    Rules,
    captured_count_violation,
    check_position,
    deal_order,
    deal_pack,
    next_deal,
    next_dealer,
    opening_table_violations,
    play_order,
    setup_round,
)

from .helpers import cards, codes_of, opening, pile, position

SIX = {"N": "Ac 2c 3c 4c 5c 6c", "S": "Ad 2d 3d 4d 5d 6d"}


def test_play_order_and_leader() -> None:
    """pagat, Four-Player Game: anticlockwise, dealer's right leads, deal passes right;
    diloti-denexa, Game play: the dealer's left leads (``clockwise``)."""
    assert play_order(2, Rules()) == ("N", "S")
    assert play_order(4, Rules()) == ("N", "W", "S", "E")
    assert play_order(4, Rules(clockwise=True)) == ("N", "E", "S", "W")
    assert deal_order(play_order(4, Rules()), "N") == ("W", "S", "E", "N")
    assert next_dealer(play_order(4, Rules()), "N") == "W"
    assert next_dealer(play_order(4, Rules(clockwise=True)), "N") == "E"
    assert next_dealer(("N", "S"), "S") == "N"
    with pytest.raises(ValueError):
        play_order(3, Rules())


def test_deal_pack_two_players() -> None:
    """pagat, Players, Cards and Deal: six to the non-dealer, six to the dealer, four to
    the table; then further deals of six each until the pack is out."""
    dealt = deal_pack(DECK, 2, "S", Rules())
    assert dealt.hands[0]["N"] == DECK[0:6] and dealt.hands[0]["S"] == DECK[6:12]
    assert dealt.table == DECK[12:16]
    assert len(dealt.hands) == 4 and dealt.hands[3]["S"] == DECK[46:52]
    state = opening(" ".join(map(str, dealt.table)),
                    {s: " ".join(map(str, h)) for s, h in dealt.hands[0].items()})
    assert state.turn == "N" and not check_position(state)


def test_deal_pack_four_players() -> None:
    """pagat, Four-Player Game: six each from the dealer's right round to the dealer,
    then four to the table, and a second deal of six each."""
    dealt = deal_pack(DECK, 4, "N", Rules())
    assert list(dealt.hands[0]) == ["W", "S", "E", "N"]
    assert dealt.hands[0]["W"] == DECK[0:6] and dealt.hands[0]["N"] == DECK[18:24]
    assert dealt.table == DECK[24:28] and dealt.hands[1]["N"] == DECK[46:52]
    with pytest.raises(ValueError):
        deal_pack(DECK[:51], 4, "N", Rules())


def test_d101_opening_table_redeal() -> None:
    """pagat, Players, Cards and Deal: three or four equal face cards on the table are
    redealt; diloti-denexa, Setup: three or more of any rank (``redeal_any_rank``)."""
    assert not opening_table_violations(cards("Qc Qd 5h 9s"), Rules())
    assert codes_of(opening_table_violations(cards("Qc Qd Qh 9s"), Rules())) == {"D101"}
    assert codes_of(opening_table_violations(cards("Kc Kd Kh Ks"), Rules())) == {"D101"}
    assert not opening_table_violations(cards("5c 5d 5h 9s"), Rules())
    assert codes_of(opening_table_violations(cards("5c 5d 5h 9s"), Rules(redeal_any_rank=True))) == {"D101"}
    assert codes_of(check_position(opening("Jc Jd Jh 9s", SIX))) == {"D101"}


def test_d105_opening_table_holds_four_cards() -> None:
    """pagat, Players, Cards and Deal: four cards are placed face up on the table."""
    assert codes_of(opening_table_violations(cards("5c 9s 10h"), Rules())) == {"D105"}
    assert codes_of(check_position(opening("7c 8c 9c", SIX))) == {"D105"}
    assert not check_position(opening("7c 8c 9c 10c", SIX))


def test_d102_hand_size() -> None:
    """pagat, Players, Cards and Deal: six cards each; hands shrink one card per turn."""
    assert codes_of(check_position(opening("7c 8c 9c 10c", {"N": "Ac 2c 3c", "S": SIX["S"]}))) == {"D102"}
    # mid-deal setup: the leader N has played once this circuit, S (the dealer) is to play
    setup = position("7c", {"N": "Ac 2c", "S": "Ad 2d 3d"}, turn="S")
    assert not codes_of(check_position(setup))
    wrong = position("7c", {"N": "Ac 2c", "S": "Ad 2d"}, turn="S")
    assert codes_of(check_position(wrong)) == {"D102"}
    unknown = position("7c", {"N": Hand(frozenset(), 2), "S": Hand(frozenset(cards("Ad")), 2)}, turn="S")
    assert not check_position(unknown)


def test_next_deal() -> None:
    """pagat, Further Deals: six more each, the non-dealer first; no cards to the table."""
    state = position("7c", {"N": "", "S": ""}, deal=1)
    assert state.needs_deal
    nxt = next_deal(state, {"N": cards("Ac 2c 3c 4c 5c 6c"), "S": cards("Ad 2d 3d 4d 5d 6d")})
    assert nxt.deal == 2 and nxt.turn == "N" and nxt.loose == state.loose
    assert not check_position(nxt)
    with pytest.raises(ValueError):
        next_deal(nxt, {})


def test_d103_setup_piles_must_be_possible() -> None:
    """pagat, Plain Declarations and Group Declarations: a plain pile totals its value, a
    group splits into two or more sets of it; face cards never enter a declaration."""
    hands = {"N": "8c", "S": "8d"}
    good = [pile(1, 8, "5h 3h", "N"), pile(2, 8, "8s Ah 7h", "S", group=True)]
    assert not check_position(position("", hands, piles=good))
    for bad in (pile(1, 8, "5h 2h", "N"), pile(1, 8, "8h", "N"), pile(1, 8, "5h 3h", "E"),
                pile(1, 12, "5h 7h", "N"), pile(1, 8, "5h 3h Qh", "N"),
                pile(1, 8, "8h", "N", group=True), pile(1, 8, "5h 4h 7h", "N", group=True)):
        assert "D103" in codes_of(check_position(position("", hands, piles=[bad]))), bad


def test_d104_duplicate_card() -> None:
    """pagat, Players, Cards and Deal: one pack, so no card is in two places."""
    assert codes_of(check_position(position("7c", {"N": "7c", "S": "8d"}))) == {"D104"}
    assert not check_position(position("7c", {"N": "7d", "S": "8d"}))


def test_d110_every_capture_takes_two_cards_at_least() -> None:
    """pagat, The Play, item 5: the captured cards "along with the card played to capture them" go to the
    pile, so a xeri is two cards at least, and so is the pile of a side that captured last."""
    d = captured_count_violation("N", 3, 2, None)
    assert d is not None and (d.code, d.severity) == ("D110", "error")
    assert "2 xeris" in d.message and "4 at least" in d.message
    assert captured_count_violation("N", 1, 0, None) is not None  # one card is no capture
    assert captured_count_violation("NS", 0, 0, "S") is not None
    assert captured_count_violation("N", 0, 0, None) is None
    assert captured_count_violation("N", 4, 2, "N") is None


def test_dealer_passes_to_the_next_seat() -> None:
    """D106. pagat, Players, Cards and Deal: the turn to deal alternates after each round;
    Four-Player Game: the turn to deal passes to the right."""
    from dln.engine.scoring import check_dealer

    assert check_dealer(("N", "S"), "S", "N") == []
    assert codes_of(check_dealer(("N", "S"), "S", "S")) == {"D106"}
    four = play_order(4, Rules())
    assert check_dealer(four, "N", "W") == []
    assert codes_of(check_dealer(four, "N", "E")) == {"D106"}


def test_variant_names_select_house_rules() -> None:
    """The Variant tag's names map onto the rule flags; unknown names are refused with the known ones."""
    from dln.engine.rules import parse_variants, rules_for

    assert parse_variants(" forced-capture,clockwise , ") == ["forced-capture", "clockwise"]
    rules = rules_for(["clockwise", "redeal-any-rank"], target=121)
    assert (rules.clockwise, rules.redeal_any_rank, rules.target, rules.soy) == (True, True, 121, False)
    assert rules.variants() == ["redeal-any-rank", "clockwise"]
    with pytest.raises(ValueError, match="unknown variant 'clokwise'; known variants: forced-capture"):
        rules_for(["clokwise"])


@pytest.mark.parametrize(("hands", "captured"), [({"E": []}, {}), ({}, {"NS": []}), ({}, {"W": []})])
def test_setup_round_refuses_a_seat_or_side_of_another_table(hands: dict[str, list], captured: dict[str, list]) -> None:
    """A hand or capture pile given to a seat or side the game does not have raises, not vanishes: in a
    two-player game the seats and the sides are N and S."""
    with pytest.raises(ValueError, match="of a 2-player game are N, S"):
        setup_round(Rules(), 2, "S", turn="N", deal=4, hands=hands, captured=captured)
