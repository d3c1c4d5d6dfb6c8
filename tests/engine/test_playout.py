"""The playout sampler: it plays only legal moves, reaches every kind of move, and scores rounds right.

``random_move`` proposes moves cheaply and keeps the first that ``check``
accepts; these tests hold every move it plays to the full listing
(``legal_moves``) as well as to ``check``, under every house rule, and show
that over many rounds it plays every kind of move the rules have (pagat, The
Play: lay, capture; Plain Declarations: declare, raise; Group Declarations;
The "Xeri").
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dln.cards import DECK, Card
from dln.engine import (
    Hand,
    LiveRound,
    Move,
    RoundState,
    Rules,
    apply,
    check,
    deal_pack,
    finish_round,
    legal_moves,
    next_deal,
    random_move,
    random_playout,
    score_round,
    setup_round,
    start_round,
)
from dln.engine.selfplay import shuffled_pack
from tests.budgets import heavy

house_rules = st.builds(Rules, **{name: st.booleans() for name in (
    "forced_capture", "liberal_declarations", "soy", "first_card_xeri", "no_last_card_xeri",
    "three_face_cards", "clockwise")})


def _first_deal(seed: int, players: int, rules: Rules) -> tuple[RoundState, list[Card]]:
    """A first-deal position of a shuffled pack, and the cards still to come in deal order."""
    rng = random.Random(seed)
    pack = shuffled_pack(rng, players, rules)
    dealt = deal_pack(pack, players, "N", rules)
    state = start_round(rules, players, "N", dealt.table, dealt.hands[0])
    later = [c for deal in dealt.hands[1:] for seat in _deal_order(state) for c in deal[seat]]
    return state, later


def _deal_order(state: RoundState) -> list[str]:
    i = state.seats.index(state.dealer)
    return [*state.seats[i + 1:], *state.seats[:i + 1]]


def _sampled_round(seed: int, players: int, rules: Rules) -> Iterator[tuple[RoundState, Move]]:
    """Play a round with ``random_move`` on a LiveRound, yielding the frozen position before each move."""
    state, later = _first_deal(seed, players, rules)
    rng = random.Random(seed)
    live = LiveRound(state)
    while True:
        if live.needs_deal:
            hands = {seat: later[6 * k:6 * k + 6] for k, seat in enumerate(_deal_order(state))}
            later = later[6 * players:]
            live.deal_in([hands[s] for s in live.seats])
            continue
        if live.is_over:
            return
        move = random_move(live, rng)
        yield live.freeze(), move
        live.play(move)


@heavy
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 4]), rules=house_rules)
def test_every_sampled_move_is_legal_by_check_and_by_the_full_listing(seed: int, players: int, rules: Rules) -> None:
    for state, move in _sampled_round(seed, players, rules):
        assert not [v for v in check(state, move) if v.severity == "error"], move.describe()
        listed = {m.key(): m for m in legal_moves(state)}
        assert move.key() in listed, move.describe()
        # The xeri mark is the one the engine gives: a move scoring a xeri is marked as one.
        assert move.xeri == apply(state, move).xeri


def _kind(state: RoundState, move: Move) -> str:
    if move.kind == "lay":
        return "lay"
    if move.kind == "capture":
        if move.xeri:
            return "xeri"
        if move.card.is_face:
            return "face capture"
        return "capture of a declaration" if move.piles else "capture"
    if move.group:
        return "group"
    return "raise" if move.piles else "plain declaration"


KINDS = {"lay", "capture", "face capture", "capture of a declaration", "xeri", "plain declaration", "raise",
         "group"}


@pytest.mark.slow
def test_the_sampler_reaches_every_kind_of_move() -> None:
    for rules in (Rules(), Rules(liberal_declarations=True), Rules(three_face_cards=True)):
        for players in (2, 4):
            seen: set[str] = set()
            seed = 0
            while seen != KINDS:
                assert seed < 400, f"never played {KINDS - seen} ({players} players, {rules.variants()})"
                seen.update(_kind(state, move) for state, move in _sampled_round(seed, players, rules))
                seed += 1


def test_a_fourth_face_card_takes_all_three_under_three_face_cards() -> None:
    rules = Rules(three_face_cards=True)
    kings = [c for c in DECK if c.rank == 13]
    state = setup_round(rules, 2, "S", turn="N", deal=1, hands={"N": Hand.of([kings[3]]), "S": Hand.of([])},
                        loose=kings[:3])
    move = random_move(state, random.Random(1))
    assert move.loose == frozenset(kings[:3]) and move.xeri


@heavy
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 4]), rules=house_rules)
def test_a_playout_scores_the_round_it_plays(seed: int, players: int, rules: Rules) -> None:
    """Given the cards to come, a playout is the round ``random_move`` plays, scored as the engine scores it."""
    state, later = _first_deal(seed, players, rules)
    before = LiveRound(state).freeze()
    points = random_playout(state, random.Random(seed), to_come=later)
    final = state
    for position, move in _sampled_round(seed, players, rules):
        if final.needs_deal:
            final = next_deal(final, {s: position.hand(s).known for s in final.seats})
        final = apply(final, move).state
    expected = {side: score.total for side, score in score_round(finish_round(final)).items()}
    assert points == expected
    assert LiveRound(state).freeze() == before  # the position given is untouched


def test_playouts_are_reproducible_and_copy_the_live_position() -> None:
    state, _ = _first_deal(7, 2, Rules())
    live = LiveRound(state)
    first = [random_playout(live, random.Random(3)) for _ in range(2)]
    assert first[0] == first[1]
    assert live.freeze() == state  # copied, not played in place
    copy = live.copy()
    copy.play(random_move(copy, random.Random(0)))
    assert live.freeze() == state and copy.played == state.played + 1
