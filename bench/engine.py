"""Time the engine's hot path: ``check`` then ``apply`` on every move of self-played rounds.

    python bench/engine.py [--rounds 200] [--seed 0] [--repeat 5] [--variant NAMES]

Self-play (random strategy, two players) deals and plays ``--rounds`` rounds
under the chosen house rules (none: the pagat game); every position and the
move played from it are kept.  Each timed pass then runs ``check`` and
``apply`` on all of them, as the validator does; the best and median
microseconds per move over ``--repeat`` passes are printed, with ``check``
alone for comparison.  Run by hand; the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from dln.engine import Move, RoundState, apply, check, next_deal, start_round
from dln.engine.rules import parse_variants, rules_for
from dln.games.diloti import DILOTI
from dln.games.playing import play_round, random_player, seating


def positions(rounds: int, seed: int, variants: list[str]) -> list[tuple[RoundState, Move]]:
    """(position, move played) for every move of ``rounds`` self-played rounds."""
    rules = rules_for(variants)
    rng = random.Random(seed)
    out: list[tuple[RoundState, Move]] = []
    for k in range(rounds):
        dealer = "NS"[k % 2]
        played = play_round(DILOTI, rules, seating(DILOTI, 2, rules), dealer, rng, random_player)
        state = start_round(rules, 2, dealer, played.table, played.hands[0])
        for move in played.moves:
            if state.needs_deal:
                state = next_deal(state, played.hands[state.deal])
            out.append((state, move))
            state = apply(state, move).state
    return out


def timed_pass(pairs: list[tuple[RoundState, Move]], *, with_apply: bool) -> float:
    """Seconds for one pass of ``check`` (and ``apply``) over every pair; fails on an illegal move."""
    started = time.perf_counter()
    for state, move in pairs:
        if check(state, move):
            raise SystemExit(f"self-play made an illegal move: {move.describe()}")
        if with_apply:
            apply(state, move)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description="Time check + apply per move on self-played rounds.")
    parser.add_argument("--rounds", type=int, default=200, help="self-played rounds")
    parser.add_argument("--seed", type=int, default=0, help="seed of the self-play")
    parser.add_argument("--repeat", type=int, default=5, help="timed passes")
    parser.add_argument("--variant", default="", metavar="NAMES", help="house rules, comma-separated")
    args = parser.parse_args()
    variants = parse_variants(args.variant)
    pairs = positions(args.rounds, args.seed, variants)
    print(f"{len(pairs)} moves from {args.rounds} rounds (seed {args.seed}), "
          f"rules: {', '.join(variants) or 'standard'}")
    for label, with_apply in (("check + apply", True), ("check alone", False)):
        times = [timed_pass(pairs, with_apply=with_apply) for _ in range(args.repeat)]
        best, median = min(times), statistics.median(times)
        print(f"  {label:<14} best {best / len(pairs) * 1e6:6.2f} µs/move, "
              f"median {median / len(pairs) * 1e6:6.2f} µs/move")
    return 0


if __name__ == "__main__":
    sys.exit(main())
