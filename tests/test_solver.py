"""The exact solver against a brute-force minimax, on two-player last deals of every hand size from 1 to 6.

The brute force here shares nothing with :mod:`dln.analysis.solver` but the
rules engine: no pruning, no move ordering, no null windows, no bounds; it
visits every legal move of every position and remembers each position's
value.  Positions are reached by greedy play from seeded packs under up to
three house rules, so they hold loose cards, declarations and groups.
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path

import pytest
from hypothesis import assume, example, given, reject
from hypothesis import strategies as st

from dln.analysis import analyse_position, choose_move
from dln.analysis.solver import Solver
from dln.cards import DECK, Card
from dln.check.plays import written
from dln.engine import RoundState, Rules, setup_round
from dln.games.protocol import game_named
from tests.budgets import costly, heavy
from tests.test_analysis_search import hide_others, late_position, rule_sets

DILOTI = game_named("diloti")
SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "two-player-61.dln"

#: What a captured card scores (pagat, Further Deals and the End of the Round): each ace 1, the 10 of
#: diamonds 2, the 2 of clubs 1; a xeri scores 10.
POINTS = {c: 1 if c.rank == 1 else 2 if c == Card(10, "d") else 1 if c == Card(2, "c") else 0 for c in DECK}
XERI = 10
#: Cards that play and score alike: the rank, with the 10 of diamonds and 2 of clubs apart.  The big
#: positions merge them, to keep the brute force to seconds; the small ones keep every card apart,
#: which checks that merging them changes no value.
ALIKE = {c: (c.rank, POINTS[c]) for c in DECK}

#: Above this many cards in hand the brute force merges cards that are alike.
EXACT_CARDS = 8
#: A brute force that passes this many positions is given up (seconds of the suite for one example),
#: and so is a position whose solve visits more than this many nodes (a sign of a big tree, found in a
#: tenth of a second): the suite checks the positions it can check in seconds.
MAX_POSITIONS = 40_000
MAX_SOLVER_NODES = 4_000


class TooBig(Exception):
    """The brute force passed :data:`MAX_POSITIONS`."""


def banked(state: RoundState) -> int:
    """Side 0's points minus side 1's in the cards and xeris captured so far."""
    so_far = [sum(POINTS[c] for c in pile) + XERI * x for pile, x in zip(state.captured, state.xeris, strict=True)]
    return so_far[0] - so_far[1]


def brute_force(state: RoundState) -> dict[tuple[object, ...], int]:
    """Each legal move's value, side 0's points minus side 1's at the end of the round with best play.

    Every position is searched in full once; its value from there on (the
    points still to be won) is remembered under what decides them: the cards
    in hand and on the table, whose turn, who captured last, the lead in
    captured cards (for the 4 points for most cards) and how many cards were
    played (a round's first card never scores a xeri).
    """
    alike = sum(h.size for h in state.hands) > EXACT_CARDS
    memo: dict[Hashable, int] = {}

    def name(cards: object) -> tuple[object, ...]:
        return tuple(sorted(ALIKE[c] for c in cards)) if alike else tuple(sorted(cards))  # type: ignore[attr-defined]

    def gain(before: RoundState, after: RoundState) -> int:
        """Side 0's points minus side 1's won by one move."""
        won = [sum(POINTS[c] for c in after.captured[i][len(before.captured[i]):])
               + XERI * (after.xeris[i] - before.xeris[i]) for i in (0, 1)]
        return won[0] - won[1]

    def to_come(here: RoundState) -> int:
        if here.is_over:
            final = DILOTI.points(here)
            return final[0] - final[1] - banked(here)
        key = (tuple(name(h.known) for h in here.hands), name(here.loose),
               tuple(sorted((p.value, p.group, p.owner, name(p.cards)) for p in here.piles)), here.turn,
               here.last_capturer, len(here.captured[0]) - len(here.captured[1]), here.played)
        if key not in memo:
            if len(memo) >= MAX_POSITIONS:
                raise TooBig
            values = [gain(here, after) + to_come(after)
                      for after in (DILOTI.apply(here, move) for move in DILOTI.legal_moves(here))]
            memo[key] = max(values) if here.side_index(here.turn) == 0 else min(values)
        return memo[key]

    return {move.key(): banked(state) + gain(state, after) + to_come(after)
            for move, after in ((m, DILOTI.apply(state, m)) for m in DILOTI.legal_moves(state))}


def check_solver(seed: int, rules: Rules, cards: int) -> None:
    """The solver's value of every move, and the engine's analysis of the fair view, equal the brute force's."""
    state = late_position(seed, 2, rules, cards)
    assume(sum(h.size for h in state.hands) == cards)  # not if the round never had so many (a deal called off)
    root_solver = Solver()
    root = root_solver.solve(state)
    if root_solver.nodes > MAX_SOLVER_NODES:
        reject()
    try:
        truth = brute_force(state)
    except TooBig:
        reject()
    best = max(truth.values()) if state.side_index(state.turn) == 0 else min(truth.values())
    assert root[0] - root[1] == best
    # the same search on the rules engine's positions, where it runs on Diloti in small integers
    # (dln.engine.compact: two players, the rules it covers): the same value and a best move
    engine_solver = Solver(quick=False)
    assert engine_solver.solve(state) == root
    assert truth[engine_solver.best_move(state).key()] == best
    # the move a player of the engine makes there (choose_move: best_move, not every move valued) is a best one
    assert truth[root_solver.best_move(state).key()] == best
    assert truth[choose_move(hide_others(state), seed=seed).key()] == best
    solver = Solver()  # one table for every move, as the search keeps it for the children of a position
    for move in DILOTI.legal_moves(state):
        points = solver.solve(DILOTI.apply(state, move))
        assert points[0] - points[1] == truth[move.key()], move
    # the engine's analysis as the player to move sees it, at the smallest budget: solved, every move exact
    analysis = analyse_position(hide_others(state), budget=1)
    assert analysis.exact
    sign = 1 if state.side_index(state.turn) == 0 else -1
    assert {mv.move.key(): sign * mv.net for mv in analysis.moves} == truth


@heavy
@given(seed=st.integers(0, 10**6), rules=rule_sets, cards=st.integers(1, EXACT_CARDS))
@example(seed=418, rules=Rules(), cards=4)  # two tens in play, the 10 of diamonds one of them
@example(seed=1543, rules=Rules(), cards=7)  # two twos in play, the 2 of clubs one of them
def test_small_last_deals_equal_brute_force(seed: int, rules: Rules, cards: int) -> None:
    """Up to 4 cards each, every card kept apart in the brute force."""
    check_solver(seed, rules, cards)


@pytest.mark.long
@pytest.mark.slow  # seconds a position: the brute force visits up to a quarter of a million positions
@pytest.mark.parametrize("cards", [10, 12])
@costly
@given(seed=st.integers(0, 10**6), rules=rule_sets)
def test_big_last_deals_equal_brute_force(seed: int, rules: Rules, cards: int) -> None:
    """5 and 6 cards each: the whole last deal from its first card."""
    check_solver(seed, rules, cards)


@pytest.mark.parametrize("lead", [0, 2, 8])
def test_one_table_tells_an_open_lead_in_cards_from_a_decided_one(lead: int) -> None:
    """The 4 points for most cards (pagat, Further Deals and the End of the Round) are open while the
    lead in captured cards is at most the cards left, and won once it is more.  One solver, as the search
    keeps it for the children of a position, solves a position with the sides level first, then the same
    cards with N ahead: each value is the brute force's."""
    c = Card.parse
    hands = {"N": [c("5h"), c("Kc")], "S": [c("7c"), c("Qd")]}
    loose = [c("9d"), c("2s")]
    rest = [card for card in DECK if card not in {*hands["N"], *hands["S"], *loose}]
    solver = Solver()
    for ahead in (0, lead):
        n_pile = (len(rest) + ahead) // 2
        state = setup_round(Rules(), 2, "S", turn="N", deal=4, hands=hands, loose=loose,
                            captured={"N": rest[:n_pile], "S": rest[n_pile:]}, last_capturer="S")
        points = solver.solve(state)
        assert points[0] - points[1] == max(brute_force(state).values())


def test_the_replayers_hint_says_when_its_values_are_exact() -> None:
    """The replayer's ``e`` key marks a solved value as the annotation's comment does; a middle deal has none."""
    import dln
    from dln.analysis.annotate import hint_text
    from dln.check.validate import validate_game

    last = hide_others(late_position(3, 2, Rules(), 12))
    move = DILOTI.legal_moves(last)[0]
    assert hint_text(last, None, budget=1).endswith(", exact)")
    assert hint_text(last, written(last, move), budget=1).endswith(", exact)")
    first = hide_others(validate_game(dln.loads(SAMPLE.read_text(encoding="utf-8")), keep_states=True)
                        .rounds[0].states[0])
    assert "exact" not in hint_text(first, None, budget=1)


def test_the_engine_plays_the_same_last_deal_move_whatever_it_solved_before() -> None:
    """choose_move keeps its solver's table from move to move of a last deal (speed); the move it makes
    must not depend on that: the same positions asked in the opposite order, and each alone, get the same
    moves."""
    from dln.analysis import search

    positions = [hide_others(late_position(seed, 2, Rules(), cards)) for seed in range(40) for cards in (3, 5, 6)]
    search._PLAYER_SOLVERS.clear()
    forward = [choose_move(p) for p in positions]
    backward = [choose_move(p) for p in reversed(positions)][::-1]
    alone = []
    for p in positions:
        search._PLAYER_SOLVERS.clear()
        alone.append(choose_move(p))
    assert forward == backward == alone
