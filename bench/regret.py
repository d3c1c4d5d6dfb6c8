"""Regret of the engine's choices against a long search: how many points a move loses, cheaply measured.

    python bench/regret.py [--rounds 4] [--worlds 200] [--seed 11] [--seeds 3] [-j 2]
                           [--budget 100 ...] [--reference-budget 100 ...]

Duplicate games (bench/strength.py) measure strength for good but take hours;
this takes minutes and orders engines the same way, so a change to the search
can be tried here first.  Greedy self-play deals ``--rounds`` two-player
rounds; every position before the last deal with two or more legal moves,
as the player to move sees it, is a test.  The *oracle* values every legal
move there on ``--worlds`` worlds (the same for every move), each played out
by the game's playout policy to the end of the round (no horizon, no
estimate, no move dropped).  An engine's *regret* at a position is the
oracle's value of its best move minus the oracle's value of the move the
engine chooses (0 when it chooses the oracle's best), averaged over the
positions and ``--seeds`` seeds of the engine.  Printed per engine: the mean
regret in points with a 95% interval (positions as the unit), the CPU time
of a choice, and its regret minus the first engine's, position by position
(the same positions: a far closer interval).  The oracle shares the engine's playout policy, so this judges
how well a search spends its time (budget, horizon, halving), not the policy.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import reference_engine  # bench/: the script's own folder is on the path

from dln.analysis.knowledge import View
from dln.analysis.players import as_seen
from dln.analysis.search import analyse_position, net_of, playout
from dln.engine import Move, Rules, apply, deal_pack, legal_moves, next_deal, start_round
from dln.engine.selfplay import choose, shuffled_pack
from dln.games.protocol import Position, game_of


def positions(rounds: int, seed: int) -> list[Position]:
    """Every position before the last deal of greedy self-played rounds with a choice, as its mover sees it."""
    rules = Rules()
    rng = random.Random(seed)
    out = []
    for _ in range(rounds):
        dealt = deal_pack(shuffled_pack(rng, 2, rules), 2, "N", rules)
        state = start_round(rules, 2, "N", dealt.table, dealt.hands[0])
        while not state.is_over:
            if state.needs_deal:
                state = next_deal(state, dealt.hands[state.deal])
                continue
            moves = legal_moves(state)
            if state.deal < state.deals and len(moves) > 1:
                out.append(as_seen(state))
            state = apply(state, choose(state, moves, rng, "greedy")).state
    return out


def oracle(job: tuple[int, Position, int]) -> dict[tuple[object, ...], float]:
    """Every legal move's mean net points for the mover over the same worlds, played out to the round's end."""
    index, state, worlds = job
    game = game_of(state)
    side = state.side_index(state.turn)
    rng = random.Random(f"oracle {index}")
    moves = game.legal_moves(state)
    sums = dict.fromkeys((m.key() for m in moves), 0.0)
    for world in View.of(state).worlds(rng, worlds):
        for move in moves:
            sums[move.key()] += net_of(playout(world, game.apply(world.state, move), rng, to_end=True), side)
    return {key: total / worlds for key, total in sums.items()}


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal)."""
    mean = statistics.fmean(values)
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf


def regret(engine: Callable[[Position, int], Move], tests: list[tuple[Position, dict]], seeds: int
           ) -> tuple[list[float], float]:
    """Each position's regret (mean over the seeds), and CPU seconds per choice."""
    per_position = []
    cpu = 0.0
    for state, values in tests:
        best = max(values.values())
        lost = []
        for seed in range(seeds):
            start = time.process_time()
            move = engine(state, seed)
            cpu += time.process_time() - start
            lost.append(best - values[move.key()])
        per_position.append(statistics.fmean(lost))
    return per_position, cpu / (len(tests) * seeds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=4, help="greedy self-played rounds the positions come from")
    parser.add_argument("--worlds", type=int, default=200, help="the oracle's worlds per position")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--seeds", type=int, default=3, help="engine seeds per position")
    parser.add_argument("--budget", type=int, nargs="*", default=[100], help="budgets of dln's engine")
    parser.add_argument("--reference-budget", type=int, nargs="*", default=[100],
                        help="budgets of today's engine kept fixed (bench/reference_engine.py)")
    parser.add_argument("-j", "--jobs", type=int, default=1, help="processes for the oracle")
    args = parser.parse_args(argv)
    tests = positions(args.rounds, args.seed)
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        values = list(pool.map(oracle, [(i, p, args.worlds) for i, p in enumerate(tests)], chunksize=4))
    print(f"{len(tests)} positions from {args.rounds} greedy rounds (seed {args.seed}); oracle: {args.worlds} worlds "
          f"a position played to the round's end, {time.perf_counter() - started:.0f} s")
    cases = list(zip(tests, values, strict=True))
    engines: list[tuple[str, Callable[[Position, int], Move]]] = []
    for budget in args.budget:
        engines.append((f"dln budget {budget}",
                        lambda state, seed, b=budget: analyse_position(state, budget=b, seed=seed).best.move))
    for budget in args.reference_budget:
        engines.append((f"reference budget {budget}",
                        lambda state, seed, b=budget: reference_engine.choose_move(state, budget=b, seed=seed)))
    first: list[float] = []
    for name, engine in engines:
        lost, cpu = regret(engine, cases, args.seeds)
        mean, half = interval(lost)
        line = (f"{name}: regret {mean:.3f} points a move (95% CI {mean - half:.3f} to {mean + half:.3f}), "
                f"{cpu * 1000:.1f} ms CPU a choice")
        if first:  # paired: the same positions, so the difference is measured far more closely than each regret
            diff, half = interval([a - b for a, b in zip(lost, first, strict=True)])
            line += f"; minus {engines[0][0]}'s: {diff:+.3f} ({diff - half:+.3f} to {diff + half:+.3f})"
        else:
            first = lost
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
