"""Time the recorder per typed line over a long game: does a move cost more late in the game?

    python bench/record.py [--seed 4] [--target 61] [--game-type kontsina|xeri] [--players 2]

A game is self-played (hidden hands; Diloti unless ``--game-type``) to ``--target``; its tables
and moves are then typed into a :class:`dln.record.Recorder` that writes a
real file (append, fsync) in a temporary directory, as ``dln record`` does.
Printed: the median milliseconds per line for the first 50 and the last 50
lines.  Run by hand; the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from dln.check.generate import generate_games
from dln.engine.rules import Rules
from dln.notation.writer import move_text
from dln.record import NewGame, Recorder, RecordFile


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--target", type=int, default=61)
    parser.add_argument("--game-type", choices=["diloti", "kontsina", "xeri"], default="diloti")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    (game,) = generate_games(1, game=args.game_type, players=args.players, seed=args.seed,
                             rules=Rules(target=args.target), hidden=True)
    lines: list[str] = []
    for round_ in game.rounds:
        lines.append(" ".join(map(str, round_.table or ())))
        lines += [move_text(replace(m, number=None)).split(" ", 1)[1] for m in round_.moves]
    with tempfile.TemporaryDirectory() as directory:
        file = RecordFile(Path(directory) / "game.dln")
        file.load()
        new = NewGame({"Target": str(args.target), "Date": "", "dealer": game.rounds[0].dealer or "S",
                       "Game": args.game_type, "players": str(args.players)})
        new.take_defaults()
        recorder = Recorder.start(new, file=file)
        times: list[float] = []
        for line in lines:
            start = time.perf_counter()
            reply = recorder.handle(line)
            times.append(time.perf_counter() - start)
            if not reply.accepted:
                raise SystemExit(f"refused {line!r}: {reply.lines}")
    print(f"{len(lines)} lines typed, {len(game.rounds)} rounds: median ms per line, first 50 "
          f"{statistics.median(times[:50]) * 1000:.2f}, last 50 {statistics.median(times[-50:]) * 1000:.2f}")


if __name__ == "__main__":
    main()
