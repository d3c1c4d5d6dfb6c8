"""Validation speed of Kontsina and Xeri records beside Diloti's, in one interleaved run.

    python bench/family.py                  # 20 games of each, best of 5
    python bench/family.py --games 5 --repeat 1

Each game is self-played (seeded, so every run times the same records),
written as DLN and read back once; what is timed is
:func:`dln.check.validate.validate_game` over the parsed games, the games of
each kind in turn within every repetition, so that a machine shared with
other work slows them alike.  Prints microseconds per move (best repetition)
and the ratio to Diloti's.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import dln
from dln.check.generate import generate_games
from dln.check.validate import validate_game
from dln.notation.model import Game
from dln.notation.writer import write_game

KINDS: dict[str, Callable[[int], list[Game]]] = {
    "Diloti, 2 players": lambda n: list(generate_games(n, seed=1)),
    "Kontsina, 2 players": lambda n: list(generate_games(n, game="Kontsina", players=2, seed=1)),
    "Kontsina, 4 players": lambda n: list(generate_games(n, game="Kontsina", players=4, seed=1)),
    "Xeri, 2 players": lambda n: list(generate_games(n, game="Xeri", players=2, seed=1)),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games of each kind (default 20)")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions; the best is reported (default 5)")
    args = parser.parse_args()
    records = {kind: [dln.loads(write_game(g)) for g in make(args.games)] for kind, make in KINDS.items()}
    moves = {kind: sum(len(r.moves) for g in games for r in g.rounds) for kind, games in records.items()}
    best = dict.fromkeys(records, float("inf"))
    for _ in range(args.repeat):
        for kind, games in records.items():
            start = time.perf_counter()
            for game in games:
                report = validate_game(game)
                assert report.errors == 0, kind
            best[kind] = min(best[kind], time.perf_counter() - start)
    base = best["Diloti, 2 players"] / moves["Diloti, 2 players"]
    print(f"validate_game, {args.games} games of each, best of {args.repeat}:")
    for kind in records:
        per_move = best[kind] / moves[kind]
        print(f"  {kind:<20} {moves[kind]:>7} moves  {per_move * 1e6:8.1f} µs/move  {per_move / base:5.2f}x Diloti")


if __name__ == "__main__":
    main()
