"""Diloti in small integers (dln.engine.compact) against the rules engine, move for move.

The search's playouts run on :class:`CompactRound` wherever it covers the position (two players, hands
known, the standard rules or the xeri house rules), so it must be the same game: at every position of
rounds played by the greedy player and of lines played on from them with many random moves (so that
plain declarations, raises, groups and captures of declarations occur, pagat: Plain Declarations, Group
Declarations, Obligations of the declarer), it lists the same legal moves as ``legal_moves``, each with the
greedy player's key (``greedy_keys``), reaches the same position after a move, and scores a finished round
(``Diloti.points``) and a deal's end (``Diloti.estimate``) alike.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dln.analysis.knowledge import World
from dln.analysis.search import RANDOM_MOVE
from dln.engine import (
    Hand,
    LiveRound,
    Move,
    Position,
    Rules,
    apply,
    compact,
    deal_pack,
    legal_moves,
    next_deal,
    start_round,
)
from dln.engine.selfplay import choose, greedy_keys, shuffled_pack
from dln.games.diloti import DILOTI
from tests.budgets import heavy

#: The house rules the compact rounds cover, alone and together (pagat, The "Xeri", and its house rules).
COVERED = [Rules(), Rules(first_card_xeri=True), Rules(no_last_card_xeri=True),
           Rules(first_card_xeri=True, no_last_card_xeri=True)]


def _canonical(move: Move) -> tuple[object, ...]:
    return move.card, move.kind, frozenset(move.loose), frozenset(move.piles), move.value, move.group, move.xeri


def _fields(st: compact.CompactRound) -> tuple[object, ...]:
    """Everything a compact round holds (a declaration's cards in any order: nothing asks their order)."""
    piles = [(*p[:4], sorted(p[4]), *p[5:]) for p in st.piles]
    return (st.hands, st.loose, st.values, sorted(st.faces), piles, st.captured, st.points, st.xeris,
            st.last_capturer, st.turn, st.played, st.next_pile_id, st.deal)


def _kind(move: compact.CompactMove) -> str:
    """What kind of move a compact move is, for the count of kinds checked."""
    kind, _, _, piles, _, group, _, _ = move
    if kind == compact.DECLARE:
        return "group" if group else "raise" if piles else "plain"
    return "capture of declarations" if kind == compact.CAPTURE and piles else "other"


def positions(seed: int, rules: Rules) -> Iterator[Position]:
    """Every position of a greedy round and, from half of them, of a line played on with 5 to 60% random
    moves; each position is yielded before its move is made."""
    rng = random.Random(seed)
    dealer = rng.choice("NS")
    dealt = deal_pack(shuffled_pack(rng, 2, rules), 2, dealer, rules)
    state = start_round(rules, 2, dealer, dealt.table, dealt.hands[0])
    while not state.is_over:
        if state.needs_deal:
            state = next_deal(state, dealt.hands[state.deal])
            continue
        yield state
        if rng.random() < 0.5:
            live, rate = LiveRound(state), rng.choice((0.05, 0.3, 0.6))
            while not live.is_over:
                if live.needs_deal:
                    live.deal_in([Hand.of(dealt.hands[live.deal].get(s, ())) for s in live.seats])
                    continue
                yield live
                moves = legal_moves(live)
                live.play(rng.choice(moves) if rng.random() < rate else choose(live, moves, rng, "greedy"))
        state = apply(state, choose(state, legal_moves(state), rng, "greedy")).state


def check_position(state: Position, rng: random.Random) -> Counter[str]:
    """The compact round of ``state`` lists, keys and plays as the rules engine does; what was checked."""
    seen: Counter[str] = Counter()
    st = compact.CompactRound.of(state)
    assert st is not None
    moves = legal_moves(state)
    expected = Counter(_canonical(m) for m in moves)
    keys = {_canonical(m): 2 * key + declares for m, (key, declares) in zip(moves, greedy_keys(state, moves),
                                                                                   strict=True)}
    listed = compact.listing(st)
    assert Counter(_canonical(compact.to_move(st, m)) for _, m in listed) == expected
    for key, m in listed:
        assert key == keys[_canonical(compact.to_move(st, m))], compact.to_move(st, m)
        seen[_kind(m)] += 1
    key, m = listed[rng.randrange(len(listed))]
    move = compact.to_move(st, m)
    live = LiveRound(state) if not isinstance(state, LiveRound) else state.copy()
    assert compact.play(st, m) == live.play(move)
    after = compact.CompactRound.of(live)
    assert after is not None and _fields(after) == _fields(st), move
    if live.hands_empty:
        frozen = live.freeze()
        if live.is_over:
            assert compact.points(st) == DILOTI.points(frozen)
            seen["points"] += 1
        else:
            assert compact.estimate(st) == pytest.approx(DILOTI.estimate(frozen), abs=1e-9)
            seen["estimate"] += 1
    return seen


@pytest.mark.slow  # whole rounds and lines played on from them: seconds in all
@heavy
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(COVERED))
def test_compact_round_plays_as_the_rules_engine(seed: int, rules: Rules) -> None:
    """Every position of a round and of lines played on from it: the same moves, keys, positions, points."""
    rng = random.Random(seed)
    for state in positions(seed, rules):
        check_position(state, rng)


def test_compact_rounds_meet_every_kind_of_move() -> None:
    """The property above is not vacuous: a few seeded rounds reach every kind of move and both scorings."""
    seen: Counter[str] = Counter()
    rng = random.Random(7)
    for seed in range(4):
        for state in positions(seed, Rules()):
            seen += check_position(state, rng)
    assert {"group", "raise", "plain", "capture of declarations", "points", "estimate"} <= set(seen), seen


def test_positions_it_does_not_cover_are_left_to_the_rules_engine() -> None:
    """Four players, a hidden hand and the house rules that change what is legal give no compact round."""
    for rules in (Rules(forced_capture=True), Rules(liberal_declarations=True), Rules(soy=True),
                  Rules(three_face_cards=True), Rules(face_card_redeal=True), Rules(face_card_redeal_any=True)):
        state = next(positions(1, rules))
        assert compact.CompactRound.of(state) is None, rules
    rng = random.Random(3)
    four = deal_pack(shuffled_pack(rng, 4, Rules()), 4, "N", Rules())
    assert compact.CompactRound.of(start_round(Rules(), 4, "N", four.table, four.hands[0])) is None
    state = next(positions(1, Rules()))
    hidden = state._replace(hands=(Hand(frozenset(), 6), state.hands[1]))
    assert compact.CompactRound.of(hidden) is None


def test_playout_from_a_deal_end_scores_the_round_or_estimates_it() -> None:
    """A round played out to its end by the compact playout scores as the rules engine scores the position
    it reaches: with every move forced by the deal's end, the last card played, both agree exactly."""
    for state in positions(5, Rules()):
        if state.deal == state.deals and sum(h.size for h in state.hands) == 1:
            st = compact.CompactRound.of(state)
            assert st is not None
            world = World(state)
            value = compact.playout(st, world.future, random.Random(0), RANDOM_MOVE, to_end=True)
            after = state.copy() if isinstance(state, LiveRound) else LiveRound(state)
            after.play(legal_moves(state)[0])
            assert value == DILOTI.points(after.freeze())
            return
    raise AssertionError("no last card reached")


def test_the_caches_of_tables_stay_within_their_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory does not grow with the positions analysed: past its bound a cache starts afresh."""
    monkeypatch.setattr(compact, "_TABLES_KEPT", 3)
    monkeypatch.setattr(compact, "_SWEEPABLE_KEPT", 5)
    monkeypatch.setattr(compact, "_TABLES", {})
    monkeypatch.setattr(compact, "_SWEEPABLE", {})
    for state in positions(2, Rules()):
        st = compact.CompactRound.of(state)
        assert st is not None
        compact.listing(st)
        assert len(compact._TABLES) <= 4 and len(compact._SWEEPABLE) <= 6


def test_the_solvers_key_and_moves_say_what_the_rules_engines_say() -> None:
    """What the exact solver asks of a compact round (:meth:`dln.games.diloti.Diloti.quick_space`): its key
    names the positions Diloti's :meth:`~dln.games.diloti.Diloti.solver_key` names, one for one, with the same
    points banked; its moves are the listing's, in the solver's order; the position after one is a new one."""
    from dln.analysis.solver import order

    named: dict[object, object] = {}
    named_back: dict[object, object] = {}
    for seed in range(3):
        for rules in COVERED[:2]:
            for state in positions(seed, rules):
                st = compact.CompactRound.of(state)
                assert st is not None
                frozen = state.freeze() if isinstance(state, LiveRound) else state
                key, banked = DILOTI.solver_key(frozen)
                quick_key, quick_banked = compact.solver_key(st)
                assert quick_banked == banked
                assert named.setdefault(key, quick_key) == quick_key
                assert named_back.setdefault(quick_key, key) == key
                moves = compact.solver_moves(st)
                assert sorted(moves) == sorted(m for _, m in compact.listing(st))
                ranks = [order(compact.to_move(st, m)) for m in moves]
                assert ranks == sorted(ranks, reverse=True)
                before = _fields(st)
                child = compact.after(st, moves[0])
                assert _fields(st) == before and child is not st
    assert len(named) > 500
