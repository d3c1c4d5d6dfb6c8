"""House rules (``Rules`` flags): for each, a move legal only with it and a move illegal only with it.

Passages are cited as in docs/rules.md (``pagat`` is diloti-pagat.txt).  A
variant that only takes moves away (forced_capture, soy, redeal_any_rank,
no_last_card_xeri) has no move legal only with it, and one that only adds
moves (liberal_declarations, first_card_xeri, face_card_redeal) none illegal
only with it; their tests say so and pin the one direction that exists, and
the combinations show the other side where one appears (a liberal capture a
forced card must make).  Every ``legal(...)`` assertion also checks that
``legal_moves`` agrees with ``check``.
"""

from __future__ import annotations

import random

import pytest

from dln.check.generate import positions
from dln.engine import (
    HAND_SIZE,
    Hand,
    Move,
    Pile,
    RoundState,
    Rules,
    apply,
    check,
    check_game_result,
    check_position,
    deal_pack,
    game_winner,
    legal_moves,
    opening_table_violations,
    play_order,
    redeal_violations,
)
from dln.engine.scoring import check_dealer, dealer_after
from dln.engine.selfplay import shuffled_pack
from tests.played import self_played_game, self_played_round

from .helpers import card, cards, codes_of, declare, errors, lay, legal, opening, pile, play, position, take

STANDARD = Rules()
FORCED = Rules(forced_capture=True)
LIBERAL = Rules(liberal_declarations=True)
SOY = Rules(soy=True)
THREE = Rules(three_face_cards=True)


def messages(state: RoundState, move: Move) -> list[str]:
    """Every finding of ``check``, as text."""
    return [str(v) for v in check(state, move)]


# --------------------------------------------------------------------------
# forced_capture (pagat, Forced Capture)
# --------------------------------------------------------------------------


def test_forced_capture_pagat_example() -> None:
    """pagat, Forced Capture: with A, 3, 4, 5, 9 on the table a 9 may take (A+3+5, 9) or (4+5, 9),
    not A+3+5 alone (the 9 is left) nor the 9 alone (A+3+5 or 4+5 is left); the standard game
    allows all four."""
    table, hands = "Ac 3d 4h 5s 9c", {"N": "9h 2c", "S": "Kc"}
    standard, forced = position(table, hands), position(table, hands, rules=FORCED)
    for taken in ("Ac 3d 5s 9c", "4h 5s 9c"):
        assert legal(standard, take("N", "9h", taken)) and legal(forced, take("N", "9h", taken))
    for taken in ("Ac 3d 5s", "9c", "4h 5s"):
        assert legal(standard, take("N", "9h", taken))
        assert errors(forced, take("N", "9h", taken)) == {"D212"}
    assert messages(forced, take("N", "9h", "Ac 3d 5s")) == [
        "D212 capture-left-behind: 9h leaves 9c on the table, which it could take along with the rest; "
        "under forced-capture it may not"]
    nines = {frozenset(m.loose) for m in legal_moves(forced) if m.card == card("9h")}
    assert nines == {frozenset(cards("Ac 3d 5s 9c")), frozenset(cards("4h 5s 9c"))}


def test_forced_capture_bars_laying_and_declaring_a_card_that_can_capture() -> None:
    """pagat, Forced Capture: a played card able to capture must capture - so the 5 may be
    neither laid nor put on the loose 5 as a group; the 2, which captures nothing, may still
    be laid or declared."""
    hands = {"N": "5h 5s 2c 7d", "S": "Kc"}
    standard, forced = position("5c", hands), position("5c", hands, rules=FORCED)
    for move in (lay("N", "5h"), declare("N", "5h", 5, "5c", group=True)):
        assert legal(standard, move)
        assert errors(forced, move) == {"D211"}
    assert messages(forced, lay("N", "5h")) == [
        "D211 forced-capture: 5h can capture 5c, and under forced-capture a card that can capture must"]
    assert legal(forced, lay("N", "2c"))
    assert legal(forced, declare("N", "2c", 7, "5c"))
    assert legal(forced, take("N", "5h", "5c", xeri=True))


def test_forced_capture_takes_every_declaration_of_its_value() -> None:
    """pagat, Forced Capture: a declaration the card could take is part of what it may not leave."""
    piles = [pile(1, 8, "5c 3c", "S"), pile(2, 8, "6d 2d", None)]
    hands = {"N": "8h 9s", "S": "8s"}
    state = position("Kd", hands, piles=piles, rules=FORCED)
    assert errors(state, take("N", "8h", "", [1])) == {"D212"}
    assert legal(state, take("N", "8h", "", [1, 2]))
    assert legal(position("Kd", hands, piles=piles), take("N", "8h", "", [1]))


def test_forced_capture_leaves_the_declarers_obligations_as_they_are() -> None:
    """pagat, Obligations of the declarer: the owner of an 8 with one 8 left may spend it only on
    the capture of the 8; under forced capture that capture takes everything else an 8 can."""
    state = position("5d 3h 9c", {"N": "8h 2s", "S": "Kc"}, piles=[pile(1, 8, "4c 4d", "N")], rules=FORCED)
    assert legal(state, take("N", "8h", "5d 3h", [1]))
    assert errors(state, take("N", "8h", "", [1])) == {"D212"}
    assert errors(state, take("N", "8h", "5d 3h")) == {"D212", "D403"}
    assert errors(state, lay("N", "2s")) == {"D201"}


# --------------------------------------------------------------------------
# liberal_declarations (pagat, Use of Plain Declarations, examples a-e)
# --------------------------------------------------------------------------


def test_liberal_example_a_a_plain_declaration_and_a_loose_card_in_a_group() -> None:
    """pagat, Use of Plain Declarations, a: an opponent's 4+3 declared 7 and a loose ace; playing
    one of two 8s, they make 'eights': 8 and [7]+A."""
    hands = {"N": "8h 8s", "S": "Kc"}
    seven = [pile(1, 7, "4c 3c", "S")]
    move = declare("N", "8h", 8, "Ac", [1], group=True)
    assert errors(position("Ac", hands, piles=seven), move) == {"D305"}
    state = position("Ac", hands, piles=seven, rules=LIBERAL)
    assert legal(state, move)
    (group,) = play(state, move).state.piles
    assert (group.value, group.group, group.owner, len(group.cards)) == (8, True, "N", 4)


def test_liberal_example_b_adding_to_ones_group() -> None:
    """pagat, Use of Plain Declarations, b: N owns a group of 10s; a plain 5 and a loose 2 lie on
    the table; N's 3 joins them as one more set of the 10s, 3+[5]+2."""
    piles = [pile(1, 10, "10c 6d 4d", "N", group=True), pile(2, 5, "3c 2d", "S")]
    hands = {"N": "3h 10s", "S": "Kc"}
    move = declare("N", "3h", 10, "2c", [1, 2], group=True)
    assert errors(position("2c", hands, piles=piles), move) == {"D305"}
    assert legal(position("2c", hands, piles=piles, rules=LIBERAL), move)


def test_liberal_example_c_raising_with_loose_cards() -> None:
    """pagat, Use of Plain Declarations, c: an opponent's 6 (4+2) and a loose 3; holding an ace and
    a 10, a player adds the ace and the 3 to the 6, raising it to 10."""
    hands = {"N": "Ah 10s", "S": "Kc"}
    six = [pile(1, 6, "4c 2c", "S")]
    move = declare("N", "Ah", 10, "3d", [1])
    assert errors(position("3d", hands, piles=six), move) == {"D310"}
    state = position("3d", hands, piles=six, rules=LIBERAL)
    assert legal(state, move)
    assert play(state, move).state.piles == (Pile(1, 10, False, "N", tuple(cards("4c 2c 3d Ah"))),)


def test_liberal_example_d_a_declaration_and_a_loose_ace_taken_by_a_six() -> None:
    """pagat, Use of Plain Declarations, d: a declaration of 5 and a loose ace, both captured by a 6
    (in DLN ``x [5]+Ad``: the component joins a declaration and a card)."""
    hands = {"N": "6h", "S": "Kc"}
    five = [pile(1, 5, "3c 2c", "S")]
    standard, liberal = position("Ad", hands, piles=five), position("Ad", hands, piles=five, rules=LIBERAL)
    assert errors(standard, take("N", "6h", "Ad", [1])) == {"D207"}  # the sum (D206) is a note of it: one mistake
    assert errors(standard, take("N", "6h", "Ad", [1], components=["Ad #1"])) == {"D207"}  # D208 a note of it
    assert legal(liberal, take("N", "6h", "Ad", [1], xeri=True))
    assert not errors(liberal, take("N", "6h", "Ad", [1], components=["Ad #1"], xeri=True))
    assert errors(liberal, take("N", "6h", "Ad", [1], components=["#1"])) == {"D208", "D206"}


def test_liberal_example_e_two_declarations_and_a_loose_two() -> None:
    """pagat, Use of Plain Declarations, e: declarations of 7 and 9 and a loose 2; a 9 takes the
    7-declaration with the 2, and the 9-declaration."""
    hands = {"N": "9h", "S": "Kc 9s"}
    piles = [pile(1, 7, "4c 3c", "S"), pile(2, 9, "5h 4h", None)]
    move = take("N", "9h", "2d", [1, 2], xeri=True)
    assert errors(position("2d", hands, piles=piles), move) == {"D207"}  # the sum (D206) is a note of it: one mistake
    assert legal(position("2d", hands, piles=piles, rules=LIBERAL), move)


def test_liberal_declarations_keep_groups_and_owners_as_they_are() -> None:
    """pagat, Use of Plain Declarations treats *plain* declarations as single cards: a group is still
    taken only by its value (Group Declarations), a sum never exceeds the card, and a declaration
    made part of a larger set is raised, which its owner may not do (Plain Declarations; app-help:
    an owner's group keeps its value)."""
    group = [pile(1, 4, "4c 4d", "S", group=True)]
    assert errors(position("2d", {"N": "6h", "S": "Kc"}, piles=group, rules=LIBERAL),
                  take("N", "6h", "2d", [1])) == {"D207"}  # the sum (D206) is a note of it: one mistake
    big = [pile(1, 7, "4c 3c", "S")]
    assert errors(position("Ad", {"N": "6h", "S": "Kc"}, piles=big, rules=LIBERAL),
                  take("N", "6h", "Ad", [1])) == {"D207"}  # the sum (D206) is a note of it: one mistake
    own = position("Ac", {"N": "8h 8s 7d", "S": "Kc"}, piles=[pile(1, 7, "4c 3c", "N")], rules=LIBERAL)
    assert errors(own, declare("N", "8h", 8, "Ac", [1], group=True)) == {"D303"}


def test_liberal_declarations_with_four_players() -> None:
    """pagat, Four-Player Game: a partner's plain declaration is not raised, so under the liberal rule
    it cannot be part of a larger set either; an opponent's can."""
    hands = {"N": "Ah 10s", "W": "Kc", "S": "Qc", "E": "Jc"}
    partner = position("3d", hands, players=4, piles=[pile(1, 6, "4c 2c", "S")], rules=LIBERAL)
    opponent = position("3d", hands, players=4, piles=[pile(1, 6, "4c 2c", "W")], rules=LIBERAL)
    assert errors(partner, declare("N", "Ah", 10, "3d", [1])) == {"D303"}
    assert legal(opponent, declare("N", "Ah", 10, "3d", [1]))


# --------------------------------------------------------------------------
# soy (pagat, paragraph on the word soy: the app-help's soys, any group, may be added to)
# --------------------------------------------------------------------------


def test_nothing_is_added_to_a_soy() -> None:
    """pagat, the soy paragraph: no cards may be added to a group of exactly two equal numerals,
    by anyone; its capture by a card of its value is unchanged."""
    hands = {"N": "2d 5d 8c", "S": "5h"}
    soy = [pile(1, 5, "5c 5s", "S", group=True)]
    move = declare("N", "2d", 5, "3c", [1], group=True)
    assert legal(position("3c", hands, piles=soy), move)
    state = position("3c", hands, piles=soy, rules=SOY)
    assert errors(state, move) == {"D311"}
    assert messages(state, move) == [
        "D311 soy-closed: the group of 5s (#1: 5c 5s) is a soy: under this house rule nothing may be added to it"]
    assert errors(state, declare("N", "5d", 5, "", [1], group=True)) == {"D311", "D302"}
    assert legal(state, take("N", "5d", "", [1]))
    assert not [m for m in legal_moves(state) if m.kind == "declare" and 1 in m.piles]


def test_a_soys_owner_can_only_capture() -> None:
    """pagat, Obligations of the declarer, with the soy closed: the owner may neither lay nor add,
    so every move left captures."""
    state = position("4c", {"N": "5d 5h 4h", "S": "Kc"}, piles=[pile(1, 5, "5c 5s", "N", group=True)], rules=SOY)
    assert errors(state, declare("N", "5d", 5, "", [1], group=True)) == {"D311"}
    assert {m.kind for m in legal_moves(state)} == {"capture"}


def test_only_a_pair_is_a_soy() -> None:
    """pagat, the soy paragraph: a soy consists *only* of a pair of equal numerals; a larger group, or
    two equal cards declared as their sum, may still grow."""
    three = position("4d", {"N": "4h 4s", "S": "Kc"}, piles=[pile(1, 4, "4c 3c Ac", "S", group=True)], rules=SOY)
    assert legal(three, declare("N", "4h", 4, "", [1], group=True))
    plain = position("4d", {"N": "4h 8s", "S": "Kc"}, piles=[pile(1, 8, "4c 4s", "S")], rules=SOY)
    assert legal(plain, declare("N", "4h", 8, "4d", [1], group=True))


# --------------------------------------------------------------------------
# three_face_cards (pagat, house rules after Four-Player Game)
# --------------------------------------------------------------------------


def test_three_equal_face_cards_stay_on_the_opening_table() -> None:
    """pagat, house rules: exactly three equal face cards are not redealt; four still are, and so are
    three numerals under redeal_any_rank."""
    assert codes_of(opening_table_violations(cards("Qc Qd Qh 9s"), STANDARD)) == {"D101"}
    assert not opening_table_violations(cards("Qc Qd Qh 9s"), THREE)
    assert codes_of(opening_table_violations(cards("Kc Kd Kh Ks"), THREE)) == {"D101"}
    both = Rules(three_face_cards=True, redeal_any_rank=True)
    assert not opening_table_violations(cards("Qc Qd Qh 9s"), both)
    assert codes_of(opening_table_violations(cards("5c 5d 5h 9s"), both)) == {"D101"}


def test_the_fourth_face_card_takes_all_three() -> None:
    """pagat, house rules: the fourth card of the rank, when it is played, takes the three."""
    hands = {"N": "Qs 5h Ad 2d 3d 4d", "S": "6c 6d 6h 6s 7c 7d"}
    state = opening("Qc Qd Qh 9s", hands, rules=THREE)
    assert not check_position(state)
    assert legal(state, take("N", "Qs", "Qc Qd Qh"))
    for taken in ("Qc", "Qc Qd"):
        assert errors(state, take("N", "Qs", taken)) == {"D213"}
    assert errors(state, lay("N", "Qs")) == {"D202"}
    (laid,) = check(state, lay("N", "Qs"))  # it said 'N must capture it', the one card the rule forbids taking
    assert laid.message.endswith("N must capture all three, Qc Qd Qh")
    setup = position("Qc Qd Qh 9s", {"N": "Qs", "S": "Kc"})
    assert errors(setup, take("N", "Qs", "Qc Qd Qh")) == {"D203"}
    assert legal(setup, take("N", "Qs", "Qc"))
    sweep = position("Qc Qd Qh", {"N": "Qs", "S": "Kc"}, rules=THREE)
    step = play(sweep, take("N", "Qs", "Qc Qd Qh", xeri=True))
    assert step.xeri and step.state.table_empty


# --------------------------------------------------------------------------
# face_card_redeal, face_card_redeal_any (pagat, house rules after Four-Player Game)
# --------------------------------------------------------------------------

FACES = {"N": "Kc Kd Qs Qh Jc 5d", "S": "Ac 2c 3c 4c 5c 6c"}
REDEAL = Rules(face_card_redeal=True)
REDEAL_ANY = Rules(face_card_redeal_any=True)


def test_five_face_cards_in_the_first_deal_may_cancel_the_round() -> None:
    """pagat, house rules: a player dealt 5 or 6 face cards in the first deal may cancel the round."""
    assert codes_of(redeal_violations(opening("7c 8c 9c 10c", FACES), "N")) == {"D107"}
    assert redeal_violations(opening("7c 8c 9c 10c", FACES, rules=REDEAL), "N") == []
    assert redeal_violations(opening("7c 8c 9c 10c", FACES, rules=REDEAL_ANY), "N") == []
    four = opening("7c 8c 9c 10c", {**FACES, "N": "Kc Kd Qs Qh 4d 5d"}, rules=REDEAL)
    (found,) = redeal_violations(four, "N")
    assert (found.code, found.severity) == ("D109", "error")
    assert found.message == "N holds 4 known face cards (Kc 4d 5d Kd Qh Qs); cancelling the round needs five or six"


def test_a_redeal_comes_before_any_card_of_the_deal() -> None:
    """pagat, house rules: the player cancels on receiving the cards, not after play has begun."""
    state = opening("7c 8c 9c 10c", FACES, rules=REDEAL)
    after = apply(state, lay("N", "5d")).state
    assert codes_of(redeal_violations(after, "N")) == {"D108"}


def test_later_deals_only_under_face_card_redeal_any() -> None:
    """pagat, house rules: some extend the privilege from the first deal to every deal."""
    for rules, expected in ((REDEAL, {"D107"}), (REDEAL_ANY, set())):
        later = position("7c", FACES, deal=3, rules=rules)
        assert codes_of(redeal_violations(later, "N")) == expected


def test_an_unseen_hand_leaves_the_redeal_undecided() -> None:
    """A recorder who did not see the hand cannot tell: a warning, not an error."""
    hidden = position("7c", {"N": Hand(frozenset(cards("Kc Kd")), 4), "S": "Ac 2c 3c 4c 5c 6c"}, deal=1,
                      rules=REDEAL)
    (found,) = redeal_violations(hidden, "N")
    assert (found.code, found.severity) == ("D109", "warning")


def test_a_cancelled_round_is_dealt_again_by_the_same_dealer() -> None:
    """D106 after a redeal: pagat, house rules: the same dealer deals the cancelled round anew."""
    four = play_order(4, STANDARD)
    assert dealer_after(four, "N", redealt=True) == "N" and dealer_after(four, "N") == "W"
    assert check_dealer(four, "N", "N", redealt=True) == []
    assert codes_of(check_dealer(four, "N", "W", redealt=True)) == {"D106"}


def _seed_with_faces(rules: Rules, deal: int) -> int:
    """The first seed whose shuffled pack gives some seat five or six face cards in ``deal`` (from 0)
    and in no earlier deal."""
    for seed in range(100_000):
        dealt = deal_pack(shuffled_pack(random.Random(seed), 2, rules), 2, "N", rules)
        rich = [any(sum(c.is_face for c in hand) >= 5 for hand in hands.values()) for hands in dealt.hands]
        if rich[deal] and not any(rich[:deal]):
            return seed
    raise AssertionError("no such pack")


def test_self_play_cancels_for_face_cards_and_the_dealer_deals_again() -> None:
    """pagat, house rules: self-play uses the privilege whenever it may; the cancelled round has no
    score and the same dealer deals the next one."""
    rules = Rules(face_card_redeal=True, target=31)
    seed = _seed_with_faces(rules, 0)
    game = self_played_game(random.Random(seed), rules, 2, "random")
    first, second = game.rounds[:2]
    assert first.redeal is not None and first.moves == () and first.scores == {} and first.last_capturer is None
    assert sum(c.is_face for c in first.hands[0][first.redeal]) >= 5
    assert second.dealer == first.dealer == "N"


def test_self_play_cancels_a_later_deal_only_under_face_card_redeal_any() -> None:
    """pagat, house rules: some extend the privilege from the first deal to every deal."""
    seed = _seed_with_faces(Rules(), 2)
    assert self_played_round(random.Random(seed), Rules(face_card_redeal=True), 2, "N", "random").redeal is None
    played = self_played_round(random.Random(seed), Rules(face_card_redeal_any=True), 2, "N", "random")
    assert played.redeal is not None and len(played.hands) == 3
    assert len(played.moves) == 2 * 2 * HAND_SIZE and played.scores == {}


# --------------------------------------------------------------------------
# The variants that were there before: xeri rules, redeal_any_rank, clockwise, target
# --------------------------------------------------------------------------

SWEEP_HANDS = {"N": "10h 2c 3c 4c 5c 6c", "S": "Ac 2d 3d 4d 5d 6d"}


def test_first_card_xeri_marks() -> None:
    """pagat, closing house rules on the xeri: some score a xeri even with the round's first card.
    Only moves are added (no move is illegal only with it; the score claim that misses the xeri
    is, see tests/test_validate_house_rules.py)."""
    marked = take("N", "10h", "Ad 2h 3s 4h", xeri=True)
    assert errors(opening("Ad 2h 3s 4h", SWEEP_HANDS), marked) == {"D501"}
    assert legal(opening("Ad 2h 3s 4h", SWEEP_HANDS, rules=Rules(first_card_xeri=True)), marked)


def test_no_last_card_xeri_marks() -> None:
    """pagat, closing house rules on the xeri: the dealer's very last card scores no xeri.  Only
    moves are taken away (the unmarked capture is legal either way)."""
    hands = {"N": "", "S": "10s"}
    marked, plain = take("S", "10s", "10d", xeri=True), take("S", "10s", "10d")
    last = position("10d", hands, turn="S", deal=4)
    strict = position("10d", hands, turn="S", deal=4, rules=Rules(no_last_card_xeri=True))
    assert legal(last, marked)
    assert errors(strict, marked) == {"D501"}
    assert legal(strict, plain) and legal(last, plain)


def test_redeal_any_rank_tables() -> None:
    """diloti-denexa, Setup: three or more cards of any rank are redealt.  Only tables are taken away."""
    assert not check_position(opening("7c 7d 7h 9s", SWEEP_HANDS))
    assert codes_of(check_position(opening("7c 7d 7h 9s", SWEEP_HANDS, rules=Rules(redeal_any_rank=True)))) == {
        "D101"}


def test_clockwise_turn_order() -> None:
    """diloti-denexa, Game play: the turn passes to the left, N, E, S, W; pagat, Four-Player Game:
    anticlockwise, N, W, S, E.  E playing after N is legal only clockwise, W only anticlockwise."""
    hands = {"N": "Kh", "E": "2h", "S": "3h", "W": "4h"}
    for rules, ok, wrong in ((Rules(clockwise=True), "E", "W"), (STANDARD, "W", "E")):
        after = play(position("9c", hands, players=4, rules=rules), lay("N", "Kh")).state
        assert after.turn == ok
        assert legal(after, lay(ok, hands[ok]))
        assert errors(after, lay(wrong, hands[wrong])) == {"D003"}


def test_target_121() -> None:
    """pagat, Target Score: 61 usually, sometimes 121: at 70 to 40 the game is over only to 61."""
    totals = {"N": 70, "S": 40}
    assert game_winner(STANDARD, totals) == "N" and game_winner(Rules(target=121), totals) is None
    assert check_game_result(Rules(target=121), totals, None) == []
    assert codes_of(check_game_result(STANDARD, totals, None)) == {"D603"}
    assert codes_of(check_game_result(Rules(target=121), totals, "N")) == {"D603"}
    game = self_played_game(random.Random(5), Rules(target=121), 2, "greedy")
    assert max(game.standing.values()) >= 121 and game_winner(Rules(target=121), game.standing) == game.winner


# --------------------------------------------------------------------------
# Combinations
# --------------------------------------------------------------------------


def test_forced_capture_with_liberal_declarations() -> None:
    """pagat, Forced Capture with Use of Plain Declarations: the 6 that can take [5]+A must, and takes
    the declaration too; under forced capture alone it cannot take the 5 and may be laid."""
    hands = {"N": "6h 2s", "S": "Kc"}
    five = [pile(1, 5, "3c 2c", "S")]
    both = position("Ad 7c", hands, piles=five, rules=Rules(forced_capture=True, liberal_declarations=True))
    alone = position("Ad 7c", hands, piles=five, rules=FORCED)
    assert legal(alone, lay("N", "6h"))
    assert errors(both, lay("N", "6h")) == {"D211"}
    assert legal(both, take("N", "6h", "Ad", [1]))
    assert [m.describe() for m in legal_moves(both) if m.card == card("6h")] == ["N captures Ad #1 with 6h"]
    nine = position("2d 9c", {"N": "9h", "S": "Kc"}, piles=[pile(1, 7, "4c 3c", "S")],
                    rules=Rules(forced_capture=True, liberal_declarations=True))
    assert errors(nine, take("N", "9h", "2d", [1])) == {"D212"}
    assert legal(nine, take("N", "9h", "2d 9c", [1], xeri=True))


def test_soy_with_liberal_declarations() -> None:
    """A soy is a group: under the liberal rule it still joins no set, and stays closed."""
    rules = Rules(soy=True, liberal_declarations=True)
    state = position("2c", {"N": "6h 8s", "S": "Kc"}, piles=[pile(1, 3, "3c 3d", "S", group=True)], rules=rules)
    assert errors(state, declare("N", "6h", 8, "2c", [1], group=True)) >= {"D305"}
    assert errors(state, take("N", "6h", "", [1])) >= {"D207"}


@pytest.mark.parametrize("seed", range(6))
def test_self_play_under_every_house_rule(seed: int) -> None:
    """Every flag on at once: self-play still plays only moves check accepts."""
    rules = Rules(**{flag: True for flag in ("forced_capture", "liberal_declarations", "soy", "first_card_xeri",
                                             "no_last_card_xeri", "three_face_cards", "face_card_redeal_any",
                                             "redeal_any_rank", "clockwise")})
    played = self_played_round(random.Random(seed), rules, 2 + 2 * (seed % 2), "N", "greedy")
    for state, move in zip(positions(played), played.moves, strict=False):
        assert not codes_of(check(state, move)), move.describe()
