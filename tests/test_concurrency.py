"""dln fmt and dln record on one file at the same moment, many times: no accepted move is ever lost (issue 17).

Each run starts ``dln fmt`` on a large non-canonical file whose last game is
in progress and, a moment later, ``dln record`` typing three more moves.
Whoever comes second must notice the other: fmt leaves a file that changed
while it worked alone (and says so), the recorder reads a reformatted file
again and goes on.  Whatever the interleaving, every move the recorder
printed as accepted is in the file afterwards, and the file is a legal record.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import dln
from dln.check.validate import validate_game
from dln.notation.writer import move_text

pytestmark = pytest.mark.slow  # a benchmark, a race or a real terminal: seconds each

ROOT = Path(__file__).parent.parent
_ACCEPTED = re.compile(r"^  (\d+)\. ([NS]) (.+?)   \(", re.MULTILINE)


def _generate(*args: str) -> str:
    return subprocess.run([sys.executable, "-m", "dln", "generate", "--hidden", *args], capture_output=True,
                          text=True, check=True, cwd=ROOT).stdout


def _messy(text: str) -> str:
    """The same records, not in canonical form (two spaces after each move number)."""
    return re.sub(r"(?m)^(\d+)\. ", r"\1.  ", text)


def test_fmt_and_record_at_once_never_lose_an_accepted_move(tmp_path: Path) -> None:
    finished = _messy(_generate("--games", "40", "--seed", "11"))
    (game,) = dln.loads_all(_generate("--seed", "3", "--target", "10"))
    round1 = game.rounds[0]
    moves = round1.moves
    head = "".join(f"[{k} \"{v}\"]\n" for k, v in game.tags if k != "Result")
    start = (f"{head}\nround 1 dealer {round1.dealer}\ntable {' '.join(map(str, round1.table or ()))}\n"
             + "".join(move_text(m) + "\n" for m in moves[:9]))
    typed = [move_text(m).split(" ", 2)[2] for m in moves[9:12]]  # "10. S Ks" -> "Ks"
    assert dln.loads(start + "".join(move_text(m) + "\n" for m in moves[9:12])).rounds[0].moves == moves[:12]
    rng = random.Random(17)
    path = tmp_path / "club.dln"
    outcomes: set[str] = set()
    for _ in range(6):
        path.write_text(finished + "\n" + _messy(start), encoding="utf-8")
        fmt = subprocess.Popen([sys.executable, "-m", "dln", "fmt", str(path)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=ROOT)
        time.sleep(rng.uniform(0.0, 0.6))
        recorded = subprocess.run([sys.executable, "-m", "dln", "record", str(path)],
                                  input="\n".join(typed) + "\n", capture_output=True, text=True, cwd=ROOT,
                                  timeout=120)
        fmt_out, fmt_err = fmt.communicate(timeout=120)
        assert "Traceback" not in fmt_err + recorded.stderr, fmt_err + recorded.stderr
        accepted = [(int(n), f"{seat} {rest}") for n, seat, rest in _ACCEPTED.findall(recorded.stdout)]
        games = dln.loads_all(path.read_text(encoding="utf-8"))
        last = games[-1]
        assert len(games) == 41 and validate_game(last).errors == 0
        on_disk = [move_text(m) for m in last.rounds[0].moves]
        for number, text in accepted:
            assert on_disk[number - 1] == f"{number}. {text}", (recorded.stdout, fmt_out)
        assert len(accepted) == 3, recorded.stdout
        outcomes.add("fmt kept out" if "changed by another program" in fmt_out else "fmt wrote")
    assert outcomes  # which interleavings occurred varies from run to run; none may lose a move
