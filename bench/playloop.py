"""The engine's play loop: self-play moves per second and random playouts per second, 2 and 4 players.

    python bench/playloop.py [--seed 0] [--rounds 100] [--positions 50] [--repeat 3] [--games 50]

Four figures for each number of players, each the best of ``--repeat``
passes, the passes of every kind interleaved so that a change in the
machine's load falls on all of them alike:

- **self-play**: ``--rounds`` rounds of :func:`dln.games.playing.play_round`
  (random strategy): each move is ``legal_moves`` + ``choose`` + ``apply``, as
  ``dln generate`` plays; moves per second.
- **playouts**: ``--positions`` first-deal positions (the deal made, nobody has
  played), each played out to the end of the round ten times with
  :func:`dln.engine.random_playout` (the cards still to come shuffled anew
  each time, every move drawn by the sampler :func:`dln.engine.random_move`
  and played in place on a :class:`dln.engine.LiveRound`); complete playouts
  per second, and the moves per second that makes (every one of the 48 cards
  dealt to the players is played in a round).

Last, ``dln generate --games N`` (two players, random strategy, to 61) as a
whole process, Python start-up and writing the records included; its moves
are counted by reading the output back.  Every figure is CPU time (of this
process, or user + system of the child), which the load of other processes
on a shared machine changes least.  Run by hand; the figures depend on the
machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from importlib.metadata import version
from pathlib import Path

import dln
from dln import build
from dln.engine import RoundState, Rules, deal_pack, random_playout, start_round
from dln.engine.selfplay import shuffled_pack
from dln.games.diloti import DILOTI
from dln.games.playing import play_round, random_player, seating


def first_deals(seed: int, count: int, players: int, rules: Rules) -> list[RoundState]:
    """``count`` positions just after a round's first deal, from shuffled packs."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        dealer = "N" if k % 2 else "S"
        pack = shuffled_pack(rng, players, rules)
        dealt = deal_pack(pack, players, dealer, rules)
        out.append(start_round(rules, players, dealer, dealt.table, dealt.hands[0]))
    return out


def self_play(seed: int, rounds: int, players: int, rules: Rules) -> int:
    """Play ``rounds`` rounds with the full listing (``dln generate``'s loop); the number of moves."""
    rng = random.Random(seed)
    seats = seating(DILOTI, players, rules)
    return sum(len(play_round(DILOTI, rules, seats, "N", rng, random_player).moves) for _ in range(rounds))


def playouts(seed: int, starts: list[RoundState], times: int) -> int:
    """Play every start out ``times`` times; the number of playouts."""
    rng = random.Random(seed)
    for state in starts:
        for _ in range(times):
            random_playout(state, rng)
    return len(starts) * times


def best_rate(runs: list[tuple[int, float]]) -> float:
    """The best of (count, seconds) runs, as a count per second."""
    return max(n / s for n, s in runs)


def timed(work: Callable[[], int]) -> tuple[int, float]:
    """What ``work`` counted, and the CPU seconds it took (what other processes change least)."""
    started = time.process_time()
    n = work()
    return n, time.process_time() - started


def generate_process(games: int, seed: int) -> tuple[int, float]:
    """Moves and CPU seconds (user + system) of ``dln generate --games N`` as a whole process."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "games.dln"
        command = [sys.executable, "-m", "dln", "generate", "--games", str(games), "--seed", str(seed)]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        with out.open("wb") as sink:
            subprocess.run(command, stdout=sink, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        with out.open("rb") as records:
            moves = sum(len(r.moves) for game in dln.load(records) for r in game.rounds)
    return moves, seconds


def main() -> int:
    parser = argparse.ArgumentParser(description="Self-play moves and random playouts per second.")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=100, help="self-played rounds per pass")
    parser.add_argument("--positions", type=int, default=50, help="first-deal positions played out")
    parser.add_argument("--repeat", type=int, default=3, help="passes of each kind")
    parser.add_argument("--games", type=int, default=50, help="games of `dln generate` (0: skip it)")
    args = parser.parse_args()
    print("command:", shlex.join([Path(sys.executable).name, *sys.argv]))
    print(f"python {platform.python_version()}, dln {version('dln')} ({build.describe()}), "
          f"{platform.machine()}, {os.cpu_count()} CPUs")
    rules = Rules()
    for players in (2, 4):
        starts = first_deals(args.seed, args.positions, players, rules)
        runs: dict[str, list[tuple[int, float]]] = {"self": [], "playouts": []}
        for k in range(args.repeat):
            seed = args.seed + k
            runs["self"].append(timed(partial(self_play, seed, args.rounds, players, rules)))
            runs["playouts"].append(timed(partial(playouts, seed, starts, 10)))
        print(f"\n{players} players, best of {args.repeat}:")
        print(f"  self-play (legal_moves + choose + apply)  {best_rate(runs['self']):>10,.0f} moves/s")
        rate = best_rate(runs["playouts"])
        print(f"  random playouts from a first deal         {rate:>10,.0f} playouts/s "
              f"({rate * 48:,.0f} moves/s)")
    if args.games:
        moves, seconds = min((generate_process(args.games, args.seed) for _ in range(args.repeat)),
                             key=lambda r: r[1])
        print(f"\n`dln generate --games {args.games} --seed {args.seed}`, whole process, best of {args.repeat}: "
              f"{seconds:.2f} s CPU, {moves:,} moves, {moves / seconds:,.0f} moves/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
