"""Today's engine kept fixed: the search as it chose moves on 2026-11-27 (dln d637730), for bench/strength.py.

A stronger engine is measured against this one (``--opponent reference``),
not only against the greedy player, so that a change to ``dln.analysis.search``
is judged against a player that does not change with it.  The search is kept
here, and so is Diloti's horizon estimate of that day (:func:`diloti_estimate`,
so that a change to dln's is measured against it); its worlds
(:class:`~dln.analysis.knowledge.View`), its exact solver (whose values are
exact, so a faster one plays the same; run on the rules engine's positions,
``quick=False``, as that day, so that it costs what it cost) and the rules come from dln.  The greedy
playout player is kept as it was that day (:func:`greedy_of_its_day`: the
position after each move made and looked at), so that the reference costs what
today's default cost; dln's greedy player makes the same choices for less.  The budget counts
playouts, as dln's did: ``--reference-budget``, 100 by default, today's default
then.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from dln.analysis.knowledge import View, World
from dln.analysis.search import net_of
from dln.analysis.solver import Solver, SolverGaveUp
from dln.engine import Move, RoundState, apply, card_points
from dln.engine.predicates import sweepers
from dln.engine.scoring import MOST_CARDS_POINTS, XERI_POINTS
from dln.games.protocol import Position, game_of

BUDGET = 100
EXACT_CARDS = 12
SAMPLED_EXACT_CARDS = 6
EXACT_NODES_PER_PLAYOUT = 25
HORIZON = 2


def diloti_estimate(state: RoundState) -> tuple[float, float]:
    """Diloti's horizon estimate on 2026-11-27: points banked (aces, 10 of diamonds, 2 of clubs, xeris) in
    full, the 4 for most cards by the chance that the lead in captured cards survives the cards left."""
    banked = [card_points(pile) + XERI_POINTS * xeris for pile, xeris in zip(state.captured, state.xeris,
                                                                           strict=True)]
    counts = [len(pile) for pile in state.captured]
    left = 52 - sum(counts) - len(state.gone)
    p = 0.5 * (1 + math.erf((counts[0] - counts[1]) / (0.6 * math.sqrt(left + 1) * math.sqrt(2))))
    return (banked[0] + MOST_CARDS_POINTS * p, banked[1] + MOST_CARDS_POINTS * (1 - p))


def greedy_of_its_day(state: Position, moves: Sequence[Move], rng: random.Random) -> Move:
    """Diloti's greedy playout player as it was on 2026-11-27 (d637730's ``selfplay.choose``): shuffle the
    moves, make each, and keep the first with the best key (xeris, valuable and many captured cards, never
    a table one card sweeps, a declaration before a lay; which cards sweep a table is asked of dln's
    predicate, as cheap or cheaper than that day's).  Other games: their own greedy player."""
    if not isinstance(state, RoundState):
        return game_of(state).greedy_move(state, moves, rng)
    order = list(moves)
    rng.shuffle(order)

    def key(move: Move) -> tuple[int, bool]:
        after = apply(state, move)
        gain = 0
        if move.kind == "capture":
            taken = [move.card, *move.loose, *(c for p in state.piles if p.id in move.piles for c in p.cards)]
            gain = 100 * after.xeri + len(taken) + 3 * card_points(taken)
        swept = not after.state.hands_empty and bool(sweepers(after.state.loose, after.state.piles,
                                                             state.rules)[1])
        return (gain - 50 * swept, move.kind == "declare")

    return max(order, key=key)


def playout(world: World, state: Position, rng: random.Random, horizon: int | None = HORIZON) -> tuple[float, ...]:
    """The rest of the round from ``state`` by the game's playout policy, estimated ``horizon`` cards into
    the next deal (to the end in the last deal); each side's points."""
    game = game_of(state)
    if not game.estimates(state):
        horizon = None
    base = world.state.deal
    start = 0
    while True:
        if state.needs_deal:
            state = game.next_deal(state, world.future[state.deal - base])
            if game.canceller(state) is not None:
                return (0,) * len(state.sides)
            start = state.played
            continue
        if state.is_over:
            return game.points(state)
        if horizon is not None and state.deal > base and state.played - start >= horizon:
            return diloti_estimate(state) if isinstance(state, RoundState) else game.estimate(state)
        moves = game.legal_moves(state)  # the playout policy of its day: greedy, one move in twenty at random
        move = moves[rng.randrange(len(moves))] if len(moves) == 1 or rng.random() < 0.05 else \
            greedy_of_its_day(state, moves, rng)
        state = game.apply(state, move)


class _Tally:
    __slots__ = ("count", "dropped", "move", "sums")

    def __init__(self, move: Move, sides: int) -> None:
        self.move, self.sums, self.count, self.dropped = move, [0.0] * sides, 0, None

    def add(self, pts: Sequence[float]) -> None:
        for i, p in enumerate(pts):
            self.sums[i] += p
        self.count += 1

    def net(self, side: int) -> float:
        return net_of(self.sums, side) / self.count if self.count else -math.inf


class _Evaluator:
    def __init__(self, rng: random.Random, determined: bool, allowance: int, root: int) -> None:
        self.rng, self.root, self.determined, self.allowance = rng, root, determined, allowance
        self.solvers: dict[int, tuple[World, Solver]] = {}
        self.exact = True

    def value(self, world: World, state: Position) -> tuple[float, ...]:
        cards = sum(h.size for h in state.hands)
        always = self.determined and cards <= EXACT_CARDS
        if not world.future and (always or (not self.determined and cards <= SAMPLED_EXACT_CARDS
                                            and self.allowance > 0)):
            held = self.solvers.get(id(world))
            if held is None:
                held = self.solvers[id(world)] = (world, Solver(root=self.root, quick=False))
            solver = held[1]
            before = solver.nodes
            solver.node_limit = 1 << 62 if always else before + self.allowance
            try:
                return solver.solve(state)
            except SolverGaveUp:
                pass
            finally:
                if not always:
                    self.allowance -= solver.nodes - before
        self.exact = False
        return playout(world, state, self.rng)


def choose_move(state: Position, *, budget: int = BUDGET, seed: int = 0) -> Move:
    """The reference engine's move in ``state``, knowing only what the seat to move can see."""
    game = game_of(state)
    moves = game.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    view = View.of(state)
    side = state.side_index(state.turn)
    rng = random.Random(f"{seed}:{state.deal}:{state.played}:{state.turn}")
    tallies = [_Tally(m, len(state.sides)) for m in moves]
    evaluator = _Evaluator(rng, view.determined, budget * EXACT_NODES_PER_PLAYOUT, side)
    cands = list(tallies)
    spent = 0
    stages = max(1, math.ceil(math.log2(len(cands))))
    for stage in range(stages):
        per = max(1, (budget - spent) // (len(cands) * (stages - stage)))
        for world in view.worlds(rng, 1 if view.determined and evaluator.exact else per):
            for tally in cands:
                tally.add(evaluator.value(world, game.apply(world.state, tally.move)))
                spent += 1
        if view.determined and evaluator.exact:
            break
        if len(cands) > 2 and stage < stages - 1:
            cands.sort(key=lambda t: -t.net(side))
            half = max(2, (len(cands) + 1) // 2)
            for t in cands[half:]:
                t.dropped = stage + 1
            cands = [t for t in cands if t.dropped is None]
    survivors = game.survivors_first
    ranked = sorted((t for t in tallies if t.count),
                    key=lambda t: ((t.dropped is not None, -(t.dropped or 0)) if survivors else (False, 0),
                                   -t.net(side), -t.count))
    return ranked[0].move
