"""Time the search engine per move: every position of greedy self-played rounds, analysed as the player saw it.

    python bench/analysis_speed.py [--budget 100] [--players 2] [--rounds 2] [--seed 5] [--play] [--reference]
                                   [--quick-playouts K] [--agreement]

Greedy self-play deals and plays ``--rounds`` rounds; before every move the
engine analyses the position as the seat to move sees it (the other hands
hidden) at ``--budget``.  Printed: CPU seconds per move (mean, median, 90th
percentile, max; CPU time, so a machine shared with other work does not
inflate it) and the wall clock beside it.  ``--play`` times the engine's move
as a player asks for it (``choose_move``: a two-player last deal solved once
for a move of best play, its solver kept from move to move) instead of an
analysis of every move; ``--reference`` times the reference engine's move
(``bench/reference_engine.py``, today's default kept fixed) as well, on the
same positions, the two asked in turn, so that their ratio holds on a busy
machine.  ``--quick-playouts K`` sets the playouts a unit of budget buys where
they run on ``dln.engine.compact`` (Diloti's ``PLAYOUTS_QUICK``) to time
another setting.  ``--agreement`` analyses every position a second time with
another seed (not timed) and prints how often the two name the same best
move where the values are not exact, and how many points the first's best
move loses by the second's values: how much an analysis depends on the luck
of its worlds.  Run by hand; the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

import reference_engine  # bench/: the script's own folder is on the path

from dln.analysis.players import as_seen
from dln.analysis.search import DEFAULT_BUDGET, Analysis, analyse_position, choose_move
from dln.engine import Rules, apply, deal_pack, legal_moves, next_deal, start_round
from dln.engine.selfplay import choose, shuffled_pack
from dln.games import diloti


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--play", action="store_true", help="time choose_move, the move a player asks for")
    parser.add_argument("--reference", action="store_true",
                        help="time the reference engine's move too, on the same positions (implies --play)")
    parser.add_argument("--quick-playouts", type=int, default=None, help="Diloti's PLAYOUTS_QUICK for this run")
    parser.add_argument("--agreement", action="store_true",
                        help="analyse each position again with another seed and compare the best moves")
    args = parser.parse_args(argv)
    if args.quick_playouts is not None:
        diloti.PLAYOUTS_QUICK = args.quick_playouts
    args.play = args.play or args.reference
    asked: dict[str, Callable[[object], object]] = {
        "choose_move" if args.play else "analyse_position":
            (lambda seen: choose_move(seen, budget=args.budget)) if args.play
            else (lambda seen: analyse_position(seen, budget=args.budget))}
    if args.reference:
        asked["reference choose_move"] = lambda seen: reference_engine.choose_move(seen)
    cpu: dict[str, list[float]] = {name: [] for name in asked}
    agreed: list[bool] = []
    lost: list[float] = []
    wall = dict.fromkeys(asked, 0.0)
    rules = Rules()
    rng = random.Random(args.seed)
    for _ in range(args.rounds):
        dealt = deal_pack(shuffled_pack(rng, args.players, rules), args.players, "N", rules)
        state = start_round(rules, args.players, "N", dealt.table, dealt.hands[0])
        while True:
            if state.needs_deal:
                state = next_deal(state, dealt.hands[state.deal])
                continue
            if state.is_over:
                break
            seen = as_seen(state)
            for name, ask in asked.items():
                start, started = time.process_time(), time.perf_counter()
                found = ask(seen)
                cpu[name].append(time.process_time() - start)
                wall[name] += time.perf_counter() - started
                if args.agreement and isinstance(found, Analysis) and not found.exact:
                    again = analyse_position(seen, budget=args.budget, seed=1)
                    other = again.value_of(found.best.move)
                    agreed.append(again.best.move.key() == found.best.move.key())
                    lost.append(again.best.net - other.net if other is not None else 0.0)
            state = apply(state, choose(state, legal_moves(state), rng, "greedy")).state
    if agreed:
        print(f"seeds 0 and 1 name the same best move in {sum(agreed)} of {len(agreed)} positions not solved "
              f"exactly; the best move of seed 0 loses {statistics.fmean(lost):.3f} points by seed 1's values")
    for name, times in cpu.items():
        times.sort()
        budget = reference_engine.BUDGET if name.startswith("reference") else args.budget
        print(f"{name}, budget {budget}, {args.players} players, {len(times)} positions: CPU s per move mean "
              f"{statistics.fmean(times):.3f}, median {statistics.median(times):.3f}, 90th percentile "
              f"{times[int(0.9 * (len(times) - 1))]:.3f}, max {times[-1]:.3f}; wall clock mean "
              f"{wall[name] / len(times):.3f}; {len(times) / sum(times):.1f} moves analysed per CPU second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
