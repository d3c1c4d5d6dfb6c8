"""Time the search's playouts on the rules engine and on Diloti in small integers (dln.engine.compact).

    python bench/playouts.py [--rounds 10] [--seed 5] [--repeats 3]

Greedy self-play deals ``--rounds`` two-player rounds; at every position
before the last deal, as the seat to move sees it, four worlds are dealt and
up to three legal moves made in each, as an analysis does; each such
position is played out once by :func:`dln.analysis.search.playout`, on the
rules engine's :class:`~dln.engine.play.LiveRound` (Diloti's
``quick_playout`` turned off) and on :class:`~dln.engine.compact.CompactRound`,
the two in turn, ``--repeats`` times.  Printed: CPU microseconds per playout
step (a move played) of each, the best of the repeats, and their ratio.  The
two play the same positions with the same policy, not the same random draws,
so their steps are counted apart.  Run by hand; the figures depend on the
machine, their ratio much less.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from contextlib import nullcontext
from unittest import mock

from dln.analysis import search
from dln.analysis.knowledge import View, World
from dln.analysis.players import as_seen
from dln.engine import Rules, apply, compact, deal_pack, legal_moves, next_deal, start_round
from dln.engine.selfplay import choose, shuffled_pack
from dln.games.diloti import DILOTI, Diloti
from dln.games.protocol import Position

Job = tuple[World, Position]


def jobs(rounds: int, seed: int) -> list[Job]:
    """(world, position after a move) pairs of greedy rounds before their last deal, as the search plays out."""
    rng = random.Random(seed)
    out: list[Job] = []
    for _ in range(rounds):
        rules = Rules()
        dealt = deal_pack(shuffled_pack(rng, 2, rules), 2, "N", rules)
        state = start_round(rules, 2, "N", dealt.table, dealt.hands[0])
        while state.deal < state.deals:  # the deals before the last
            if state.needs_deal:
                state = next_deal(state, dealt.hands[state.deal])
                continue
            for world in View.of(as_seen(state)).worlds(rng, 4):
                moves = legal_moves(world.state)
                out += [(world, DILOTI.apply(world.state, m)) for m in rng.sample(moves, min(3, len(moves)))]
            state = apply(state, choose(state, legal_moves(state), rng, "greedy")).state
    return out


def play_all(work: list[Job], seed: int, *, on_rules_engine: bool) -> None:
    rng = random.Random(seed)
    with mock.patch.object(Diloti, "quick_playout", lambda *a, **k: None) if on_rules_engine else nullcontext():
        for world, state in work:
            search.playout(world, state, rng)


def steps(work: list[Job], seed: int, *, on_rules_engine: bool) -> int:
    """The moves the playouts of :func:`play_all` make (counted in a run of their own, not timed)."""
    count = [0]

    def counting(real: Callable[..., object]) -> Callable[..., object]:
        def counted(*args: object, **kwargs: object) -> object:
            count[0] += 1
            return real(*args, **kwargs)
        return counted

    target = (search, "rollout_move") if on_rules_engine else (compact, "choose")
    with mock.patch.object(*target, counting(getattr(*target))):
        play_all(work, seed, on_rules_engine=on_rules_engine)
    return count[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    work = jobs(args.rounds, args.seed)
    best = {True: float("inf"), False: float("inf")}
    for repeat in range(args.repeats):
        for on_rules_engine in (True, False):
            start = time.process_time()
            play_all(work, repeat, on_rules_engine=on_rules_engine)
            spent = time.process_time() - start
            best[on_rules_engine] = min(best[on_rules_engine],
                                        1e6 * spent / steps(work, repeat, on_rules_engine=on_rules_engine))
    print(f"{len(work)} playouts of {args.rounds} greedy rounds (seed {args.seed}), best of {args.repeats}: "
          f"rules engine {best[True]:.1f} us a step, dln.engine.compact {best[False]:.1f} us a step, "
          f"{best[True] / best[False]:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
