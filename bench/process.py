"""`dln validate --quiet` as a whole process, next to a python-chess script reading as many plies of PGN.

    pip install '.[bench]' && python bench/process.py [--moves 10000,100000,1000000] [--repeat 3] [--seed 0]

What a user sees: Python start-up, imports and the parser's tables included.
For each size, a DLN file of self-played two-player games (the corpus of
bench/throughput.py, cut at a game boundary once it holds the size, repeated
when it is smaller) and a PGN file of random legal chess games with the same
number of moves (bench/throughput.py writes it too) are read by

- ``python -m dln validate --quiet FILE`` (parses and checks every move), and
- ``python -c 'import chess.pgn ... read_game ...' FILE`` (parses and checks every move),

each ``--repeat`` times, the two alternating, after one untimed run of each
(so that both start from compiled bytecode, as an installed program does:
the children may write ``__pycache__`` even where ``PYTHONDONTWRITEBYTECODE``
is set), and the best times are compared: wall-clock time, and the CPU time
(user + system) of the child process, which the load of a shared machine
changes least.  The files are cached in bench/corpus/ (git-ignored).  Run
by hand.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from throughput import CORPUS, build_corpus, chess_corpus

import dln
from dln import build
from dln.notation.parser import read_lines, split_games

CHESS = """
import sys, chess.pgn
with open(sys.argv[1], encoding="utf-8") as file:
    while chess.pgn.read_game(file) is not None:
        pass
"""


def dln_file(source: Path, moves: int) -> tuple[Path, int]:
    """A file of whole games from ``source`` (repeated if need be) holding at least ``moves`` moves."""
    path = CORPUS / f"process-{moves}.dln"
    counted = path.with_suffix(".moves")
    if path.is_file() and counted.is_file():
        return path, int(counted.read_text())
    total = 0
    pieces: list[str] = []
    while total < moves:
        with source.open("rb") as file:
            for _, text in split_games(read_lines(file)):
                pieces.append(text.rstrip("\n") + "\n")
                total += sum(len(r.moves) for game in dln.loads_all(text) for r in game.rounds)
                if total >= moves:
                    break
    path.write_text("\n".join(pieces), encoding="utf-8")
    counted.write_text(str(total))
    return path, total


#: The children's environment: bytecode is written, so a module is not compiled again at every start.
CHILD_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def run(command: list[str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of ``command`` as a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=CHILD_ENV)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description="dln validate against python-chess, whole processes.")
    parser.add_argument("--moves", default="10000,100000,1000000", help="sizes, comma-separated")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print("command:", shlex.join([Path(sys.executable).name, *sys.argv]))
    print(f"dln {version('dln')} ({build.describe()}), python-chess {version('chess')}")
    shown, _ = build_corpus(args.seed, 10_000, 2_000)
    print("\nbest of each; CPU is user + system time, which the load of a shared machine changes least")
    print(f"{'moves':>9} {'python-chess wall / CPU':>24} {'dln validate wall / CPU':>24} {'ratio wall / CPU':>17}")
    for size in (int(s) for s in args.moves.split(",")):
        path, moves = dln_file(shown, size)
        pgn = chess_corpus(args.seed, moves)
        commands = ([sys.executable, "-c", CHESS, str(pgn)],
                    [sys.executable, "-m", "dln", "validate", "--quiet", str(path)])
        for command in commands:
            run(command)  # untimed: bytecode written, files in the page cache
        chess: list[tuple[float, float]] = []
        ours: list[tuple[float, float]] = []
        for _ in range(args.repeat):
            chess.append(run(commands[0]))
            ours.append(run(commands[1]))
        (chess_wall, chess_cpu), (wall, cpu) = (tuple(map(min, zip(*runs, strict=True))) for runs in (chess, ours))
        print(f"{moves:>9,} {chess_wall:>11.2f}s / {chess_cpu:>7.2f}s {wall:>11.2f}s / {cpu:>7.2f}s "
              f"{chess_wall / wall:>8.2f}x / {chess_cpu / cpu:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
