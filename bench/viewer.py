"""Benchmark ``dln html`` and ``dln svg``: how long a page takes to make, how big it is, and where the time goes.

    python bench/viewer.py                 # the three complete sample games
    python bench/viewer.py --file club.dln

Prints, per record: its positions (every line, variations included), the
page's size in bytes and per position and what the positions' JSON would be
undeflated (:mod:`dln.views.packed`), the whole ``dln html`` process (best
and median of runs, and its peak memory), and in process per position the
three parts of the page's data: the frame and its ``dln show --json`` data
(and, to compare, the same with the move list the page leaves out of each
frame), the SVG diagram, and where each key leads.  Run by hand; the numbers
depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import dln
from dln.views.html import cursors, page
from dln.views.packed import read_games
from dln.views.replay import Replay
from dln.views.scoresheet import frame_data
from dln.views.svg import position_svg

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ("annotated.dln", "four-player.dln", "two-player-61.dln")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:9.2f} ms"


def measure(path: Path, runs: int) -> None:
    text = path.read_text(encoding="utf-8")
    replay = Replay.from_games(list(dln.loads_all(text)), filename=path.name)
    every = [c for g in range(len(replay.games)) for c in cursors(replay, g)]
    text = "".join(page([replay], filename=path.name, title=path.name))
    size = len(text.encode("utf-8"))
    data = sum(len(json.dumps(p, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
               for game in read_games(text) for p in game["positions"].values())
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    print(f"{shown}: {len(every)} positions, page {size / 1e3:.1f} KB ({size / len(every):.0f} bytes a position; "
          f"the positions' JSON undeflated {data / 1e6:.2f} MB)")
    with tempfile.TemporaryDirectory() as work:
        out = Path(work) / "page.html"
        command = [sys.executable, "-m", "dln", "html", str(path), "-o", str(out)]
        times, peaks = [], []
        for _ in range(runs):
            began = time.perf_counter()
            child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            _, status, usage = os.wait4(child.pid, 0)
            times.append(time.perf_counter() - began)
            child.returncode = os.waitstatus_to_exitcode(status)
            if child.returncode != 0:
                raise SystemExit(f"{' '.join(command)}: exit {child.returncode}")
            peaks.append(usage.ru_maxrss / 1024)  # KB on Linux
    print(f"  whole process   dln html {shown} -o page.html: best {_ms(min(times))}, "
          f"median {_ms(statistics.median(times))} ({runs} runs), peak memory {max(peaks):.0f} MB")
    frames = [replay.frame(c, entries=False) for c in every]  # warm: the lines are replayed once
    parts = {
        "frame + show --json data": lambda: [frame_data(replay.frame(c, entries=False), path.name) for c in every],
        "  the same with move list": lambda: [frame_data(replay.frame(c), path.name) for c in every],
        "SVG diagram": lambda: [position_svg(f, cards=False) for f in frames],
        "where each key leads": lambda: [(replay.next(c), replay.previous(c), replay.toggle(c)) for c in every],
    }
    for label, run in parts.items():
        best = float("inf")
        for _ in range(runs):
            began = time.perf_counter()
            run()
            best = min(best, time.perf_counter() - began)
        print(f"  {label:<26} {best / len(every) * 1e6:8.1f} µs a position (best of {runs})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", type=Path, action="append", help="a record (default: the complete samples)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each measure")
    args = parser.parse_args()
    paths = args.file or [ROOT / "samples" / name for name in SAMPLES]
    print(f"Python {sys.version.split()[0]}\n")
    for path in paths:
        measure(path, args.runs)


if __name__ == "__main__":
    main()
