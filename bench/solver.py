"""Time the exact solver on two-player last-deal positions: the median and the slowest solve.

    python bench/solver.py [--positions 1000] [--seed 0] [--house] [--game-type diloti] [--rules-engine]

Greedy self-play deals two-player rounds from seeded packs and plays them to
the last deal; every position of that deal (12 cards in hand down to 1) is
taken until ``--positions`` are gathered, and each is solved from scratch
(a new solver, an empty table) to its exact value.  ``--house`` gives each
round up to three house rules drawn at random.  Printed: CPU seconds per
solve (CPU time, so a machine shared with other work does not inflate it)
over all positions (median, 90th percentile, max) and by cards in hand, with
the nodes searched.  The solver searches two-player Diloti on
:mod:`dln.engine.compact` where it covers the rules; ``--rules-engine`` times
it on the rules engine's positions instead (``Solver(quick=False)``), to
compare.  Run by hand; the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict

from dln.analysis.search import rollout_move
from dln.analysis.solver import Solver
from dln.engine import Rules
from dln.games.protocol import Game, Position, game_named


def last_deals(game: Game, count: int, seed: int, house: bool) -> list[Position]:
    """``count`` positions of two-player last deals, every position of each deal in turn."""
    rng = random.Random(seed)
    seats = game.play_order(2)
    out: list[Position] = []
    while len(out) < count:
        names = rng.sample(game.house_rules, min(len(game.house_rules), rng.randint(0, 3))) if house else []
        state = _last_deal(game, game.rules_for(names, game.target), seats, rng)
        while state is not None and not state.is_over and len(out) < count:
            out.append(state)
            state = game.apply(state, rollout_move(state, game.legal_moves(state), rng))
    return out


def _last_deal(game: Game, rules: Rules, seats: tuple[str, ...], rng: random.Random) -> Position | None:
    """A round shuffled from ``rng`` and played greedily to the start of its last deal (None if it was
    called off at a deal)."""
    table, hands = game.shuffled_round(seats, seats[-1], rng, rules)
    state = game.start(seats, seats[-1], table, hands[0], rules)
    while True:
        if state.needs_deal:
            state = game.next_deal(state, hands[state.deal])
            if game.canceller(state) is not None:
                return None
            continue
        if state.deal == state.deals:
            return state
        state = game.apply(state, rollout_move(state, game.legal_moves(state), rng))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--house", action="store_true", help="up to three house rules a round, drawn at random")
    parser.add_argument("--game-type", default="diloti")
    parser.add_argument("--rules-engine", action="store_true",
                        help="search the rules engine's positions, not Diloti in small integers")
    args = parser.parse_args(argv)
    positions = last_deals(game_named(args.game_type), args.positions, args.seed, args.house)
    times: list[float] = []
    by_cards: dict[int, list[tuple[float, int]]] = defaultdict(list)
    for state in positions:
        solver = Solver(quick=not args.rules_engine)
        start = time.process_time()
        solver.solve(state)
        spent = time.process_time() - start
        times.append(spent)
        by_cards[sum(h.size for h in state.hands)].append((spent, solver.nodes))
    times.sort()
    print(f"{len(times)} two-player last-deal positions of {args.game_type}"
          f"{' with house rules' if args.house else ''}{' on the rules engine' if args.rules_engine else ''}"
          f": CPU ms per solve median "
          f"{1000 * statistics.median(times):.1f}, 90th percentile {1000 * times[int(0.9 * (len(times) - 1))]:.1f}, "
          f"max {1000 * times[-1]:.1f}")
    print("cards in hand  positions  median ms  max ms  median nodes  max nodes")
    for cards in sorted(by_cards, reverse=True):
        spent = sorted(t for t, _ in by_cards[cards])
        nodes = sorted(n for _, n in by_cards[cards])
        print(f"{cards:13d}  {len(spent):9d}  {1000 * statistics.median(spent):9.1f}  {1000 * spent[-1]:6.1f}"
              f"  {statistics.median(nodes):12.0f}  {nodes[-1]:9d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
