"""Properties of whole self-played rounds (hypothesis chooses seeds, sizes and house rules).

Every property holds under any combination of the house rules of ``Rules``;
a round cancelled for face cards (face_card_redeal) stops at the deal that
gives them and scores nothing.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dln.cards import DECK
from dln.engine import (
    Move,
    RoundState,
    Rules,
    apply,
    check,
    check_position,
    deal_pack,
    game_winner,
    has_legal_move,
    legal_moves,
    next_deal,
    redeal_violations,
    start_round,
)
from dln.engine.play import LiveRound
from dln.engine.predicates import holds_value_after
from dln.engine.scoring import dealer_after
from dln.engine.selfplay import shuffled_pack
from tests.budgets import heavy
from tests.played import self_played_game, self_played_round

seeds = st.integers(0, 2**32 - 1)
players = st.sampled_from([2, 4])
strategies = st.sampled_from(["random", "greedy"])
#: Every combination of the house rules (the target has its own test).
house_rules = st.builds(Rules, **{name: st.booleans() for name in (
    "forced_capture", "liberal_declarations", "soy", "first_card_xeri", "no_last_card_xeri",
    "three_face_cards", "face_card_redeal", "face_card_redeal_any", "redeal_any_rank", "clockwise")})


def _errors(state: RoundState, move: Move) -> bool:
    return any(v.severity == "error" for v in check(state, move))


def _replay(seed: int, n: int, rules: Rules, strategy: str):
    """Replay a self-played round, yielding (state before, move, cards not in play) per move,
    then the last position (a round cancelled for face cards ends at the deal that gives them)."""
    played = self_played_round(random.Random(seed), rules, n, "N", strategy)
    state = start_round(rules, n, "N", played.table, played.hands[0])
    assert not check_position(state)
    dealt = {c for deal in played.hands for h in deal.values() for c in h} | set(played.table)
    never = [c for c in DECK if c not in dealt]  # the rest of the pack of a cancelled round
    for move in played.moves:
        while state.needs_deal:
            state = next_deal(state, played.hands[state.deal])
            assert not check_position(state)
        undealt = [c for deal in played.hands[state.deal:] for h in deal.values() for c in h] + never
        yield state, move, undealt
        state = apply(state, move).state
    if played.redeal is None:
        assert state.is_over
        yield state, None, []
        return
    if state.needs_deal:
        state = next_deal(state, played.hands[state.deal])
    assert not redeal_violations(state, played.redeal)
    yield state, None, never


@heavy
@given(seeds, players, house_rules, strategies)
def test_cards_accounted_for_and_moves_legal(seed: int, n: int, rules: Rules, strategy: str) -> None:
    """Every card is in exactly one place at every step; each declaration has one owner,
    who owns no other and holds a card of its value; every self-played move passes check;
    the seat to move always has a legal move until the round is over."""
    for state, move, undealt in _replay(seed, n, rules, strategy):
        places = [*state.loose, *undealt]
        places += [c for p in state.piles for c in p.cards]
        places += [c for pile in state.captured for c in pile]
        places += [c for h in state.hands for c in h.known]
        assert sorted(places, key=lambda c: c.index) == list(DECK)
        owners = [p.owner for p in state.piles]
        assert len(owners) == len(set(owners)) and None not in owners
        assert all(holds_value_after(state, p.owner, None, p.value) for p in state.piles)
        if move is not None:
            assert has_legal_move(state)
            assert check(state, move) == []


@heavy
@given(seeds, players, house_rules, strategies)
def test_round_points(seed: int, n: int, rules: Rules, strategy: str) -> None:
    """pagat, scoring: 11 points a round (7 when the cards split 26-26) plus 10 per xeri; a round
    cancelled for face cards (pagat, house rules) scores nothing."""
    played = self_played_round(random.Random(seed), rules, n, "N", strategy)
    if played.redeal is not None:
        assert played.scores == {}
        return
    scores = played.scores.values()
    total = sum(s.total for s in scores)
    xeris = sum(s.xeris for s in scores)
    split = all(s.cards == 26 for s in scores)
    assert sum(s.cards for s in scores) == 52
    assert total == (7 if split else 11) + 10 * xeris
    assert xeris == sum(m.xeri for m in played.moves)


@heavy
@given(seeds, players, house_rules, st.data())
def test_listed_moves_pass_and_mutants_fail_unless_legal(seed: int, n: int, rules: Rules,
                                                         data: st.DataObject) -> None:
    """Each listed legal move passes check; a legal move with another card, another table
    card, another pile or another value is rejected by check unless it is itself listed."""
    rng = random.Random(seed)
    for state, _move, _undealt in _replay(seed, n, rules, "random"):
        if state.is_over or rng.random() > 0.25:
            continue
        moves = legal_moves(state)
        listed = {m.key(): m for m in moves}
        for m in moves:
            assert not _errors(state, m)
        m = data.draw(st.sampled_from(moves))
        table = list(state.loose)
        kind = data.draw(st.sampled_from(["card", "add", "drop", "pile", "value", "group", "kind", "xeri"]))
        if kind == "card":
            mutant = m._replace(card=data.draw(st.sampled_from(DECK)))
        elif kind == "add" and table:
            mutant = m._replace(loose=m.loose | {data.draw(st.sampled_from(table))})
        elif kind == "drop" and m.loose:
            mutant = m._replace(loose=m.loose - {data.draw(st.sampled_from(sorted(m.loose)))})
        elif kind == "pile" and state.piles:
            mutant = m._replace(piles=m.piles ^ {data.draw(st.sampled_from([p.id for p in state.piles]))})
        elif kind == "value" and m.kind == "declare":
            mutant = m._replace(value=data.draw(st.integers(1, 10)))
        elif kind == "group" and m.kind == "declare":
            mutant = m._replace(group=not m.group)
        elif kind == "kind":
            mutant = m._replace(kind=data.draw(st.sampled_from(["lay", "capture", "declare"])),
                             value=m.value or data.draw(st.integers(1, 10)))
        elif kind == "xeri":
            mutant = m._replace(xeri=True)
        else:
            continue
        if mutant.kind != "declare":
            mutant = mutant._replace(value=None, group=False)
        original = listed.get(mutant.key())
        is_listed = original is not None and (original.xeri or not mutant.xeri)
        assert _errors(state, mutant) != is_listed, (m.describe(), mutant.describe())


@heavy
@given(seeds, players, house_rules, strategies)
def test_self_play_is_deterministic(seed: int, n: int, rules: Rules, strategy: str) -> None:
    """The same generator state plays the same round."""
    assert self_played_round(random.Random(seed), rules, n, "N", strategy) == \
        self_played_round(random.Random(seed), rules, n, "N", strategy)


@given(seeds, players, house_rules)
def test_dealt_rounds_start_legally(seed: int, n: int, rules: Rules) -> None:
    """A shuffled pack dealt in the texts' order gives a legal opening position, and the
    deals use the whole pack."""
    dealt = deal_pack(shuffled_pack(random.Random(seed), n, rules), n, "S", rules)
    state = start_round(rules, n, "S", dealt.table, dealt.hands[0])
    assert check_position(state) == []
    dealt_cards = [*dealt.table, *(c for deal in dealt.hands for h in deal.values() for c in h)]
    assert sorted(dealt_cards, key=lambda c: c.index) == list(DECK)


@pytest.mark.slow
@given(seeds, st.sampled_from([2, 4]), strategies, house_rules)
def test_games_reach_the_target(seed: int, n: int, strategy: str, house: Rules) -> None:
    """pagat, Target Score: a self-played game stops at the first round after which one side
    leads at or above the target; the dealer passes on each round (and deals again after a
    round cancelled for face cards, which scores nothing)."""
    rules = replace(house, target=31)
    game = self_played_game(random.Random(seed), rules, n, strategy)
    totals = {side: sum(r.scores[side].total for r in game.rounds if r.scores) for side in game.standing}
    assert totals == game.standing and game_winner(rules, totals) == game.winner
    for k in range(1, len(game.rounds)):
        earlier = {side: sum(r.scores[side].total for r in game.rounds[:k] if r.scores) for side in totals}
        assert game_winner(rules, earlier) is None
    for before, after in pairwise(game.rounds):
        assert after.dealer == dealer_after(before.seats, before.dealer, redealt=before.redeal is not None)


@heavy
@given(seeds, players, house_rules, strategies)
def test_a_live_round_played_in_place_matches_apply(seed: int, n: int, rules: Rules, strategy: str) -> None:
    """The validator replays each deal in place on a LiveRound: at every step it stands for the
    position apply builds, the rules answer it alike, and its plays score the same xeris."""
    live: LiveRound | None = None
    for state, move, _ in _replay(seed, n, rules, strategy):
        if live is None or live.deal != state.deal:
            live = LiveRound(state)  # a new deal: the validator thaws the dealt position
        assert live.freeze() == state
        if move is None:
            break
        assert check(live, move) == check(state, move)
        assert (live.needs_deal, live.is_over, live.seen()) == (state.needs_deal, state.is_over, state.seen())
        assert live.play(move) == apply(state, move).xeri
