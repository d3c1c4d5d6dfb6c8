"""Instructions validation takes, counted by valgrind's callgrind: a figure the machine's load does not change.

    python bench/instructions.py FILE.dln
    python bench/instructions.py --self-play ROUNDS

Runs this interpreter under ``valgrind --tool=callgrind`` twice over FILE (which
should hold about 10,000 moves: the run is some 50 times slower than normal):
once parsing every game, once parsing and validating every game, and prints
both counts and their difference, the instructions of ``validate_game`` alone.
Compare two versions of the code (``PYTHONPATH=tree``) by this difference:
unlike CPU time on a shared machine, it repeats exactly.  With
``--self-play ROUNDS`` it counts instead ROUNDS two-player rounds of
self-play (``play_round``, random strategy, from ``random.Random(0)``: the
move listing is most of it) less the same start-up.  Run by hand.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

CHILD = """
import sys
from dln.notation.parser import read_lines, parse_games
from dln.check.validate import validate_game
with open(sys.argv[1], "rb") as f:
    games = list(parse_games(read_lines(f)))
if sys.argv[2] == "validate":
    for game in games:
        validate_game(game)
"""

SELF_PLAY = """
import random, sys
from dln.engine import Rules
from dln.games.diloti import DILOTI
from dln.games.playing import play_round, random_player
rng = random.Random(0)
for _ in range(int(sys.argv[1])):
    play_round(DILOTI, Rules(), ("N", "S"), "N", rng, random_player)
"""


def instructions(*args: str, child: str = CHILD) -> int:
    """Instructions of one child run (start-up and imports included)."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           sys.executable, "-c", child, *args], env=env, capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or found is None:
        sys.exit(f"valgrind failed:\n{done.stderr[-2000:]}")
    return int(found[1])


def main() -> None:
    args = sys.argv[1:]
    if args in (["-h"], ["--help"]):
        print(__doc__)
        return
    if len(args) == 2 and args[0] == "--self-play" and args[1].isdigit():
        rounds, start = instructions(args[1], child=SELF_PLAY), instructions("0", child=SELF_PLAY)
        print(f"{args[1]} rounds {rounds:,}  start-up {start:,}  self-play alone {rounds - start:,} instructions")
        return
    if len(args) != 1 or args[0].startswith("-"):  # a usage error, before valgrind runs at all
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    if not os.path.isfile(args[0]):
        print(f"{args[0]}: no such file", file=sys.stderr)
        sys.exit(2)
    parse, both = instructions(args[0], "parse"), instructions(args[0], "validate")
    print(f"parse run {parse:,}  parse + validate run {both:,}  validate alone {both - parse:,} instructions")


if __name__ == "__main__":
    main()
