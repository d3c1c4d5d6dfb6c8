"""Benchmark the replayer: opening the biggest sample game at its last move, and stepping through it.

    python bench/replay.py                  # the sample game with the most moves
    python bench/replay.py --file club.dln  # or any record (its longest game)

Prints, for the game with the most moves:

- whole process: ``dln show FILE --game G --round LAST --move end`` as a
  subprocess (start-up, parse, validation, drawing), best and median of runs;
- in process: parsing, replaying (the validator, keeping every position),
  jumping to the last move, drawing that screen;
- per step, forward (→ through every position) and backward (← back to the
  start): the model's frame alone, and the frame drawn as the 120x40 screen the
  replayer shows (rich, with colours, into a buffer).

Run by hand; the numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import io
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from rich.console import Console

import dln
from dln.views.render import FrameView, Look
from dln.views.replay import Cursor, Replay

ROOT = Path(__file__).resolve().parent.parent
T = TypeVar("T")


def biggest_game(paths: list[Path]) -> tuple[Path, int, int]:
    """The file, game number and move count of the game with the most main-line moves."""
    best: tuple[Path, int, int] | None = None
    for path in paths:
        for number, game in enumerate(dln.loads_all(path.read_text(encoding="utf-8")), start=1):
            moves = sum(len(r.moves) for r in game.rounds)
            if best is None or moves > best[2]:
                best = (path, number, moves)
    if best is None:
        raise SystemExit("no game found")
    return best


def timed(function: Callable[[], T], repeat: int) -> tuple[T, list[float]]:
    """The result of ``function`` and the wall time of each of ``repeat`` runs."""
    times: list[float] = []
    result: T
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return result, times


def ms(seconds: float) -> str:
    """Milliseconds, or microseconds below one."""
    return f"{seconds * 1000:8.2f} ms" if seconds >= 1e-3 else f"{seconds * 1e6:8.1f} µs"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", type=Path, help="a record (default: the biggest sample game)")
    parser.add_argument("--runs", type=int, default=7, help="runs of each whole-process and in-process measure")
    args = parser.parse_args()
    paths = [args.file] if args.file else sorted((ROOT / "samples").rglob("*.dln"))
    path, number, moves = biggest_game([p for p in paths if "illegal" not in p.parts])
    text = path.read_text(encoding="utf-8")
    games = dln.loads_all(text, filename=str(path))
    rounds = len(games[number - 1].rounds)
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    print(f"game {number} of {shown}: {rounds} rounds, {moves} moves ({sys.version.split()[0]})\n")

    command = [sys.executable, "-m", "dln", "show", str(path), "--game", str(number), "--round", str(rounds),
               "--move", "end", "--width", "120"]
    _, whole = timed(lambda: subprocess.run(command, check=True, capture_output=True), args.runs)
    start_up = [sys.executable, "-m", "dln", "--version"]
    _, bare = timed(lambda: subprocess.run(start_up, check=True, capture_output=True), args.runs)
    print("whole process, open and show the last move:")
    print(f"  $ dln show {shown} --game {number} --round {rounds} --move end")
    print(f"  best {ms(min(whole))}   median {ms(statistics.median(whole))}   ({args.runs} runs)")
    print(f"  of which start-up alone (dln --version): best {ms(min(bare))}\n")

    def render(replay: Replay, cursor: Cursor, console: Console) -> None:
        console.print(FrameView(replay.frame(cursor), Look(reveal=True), filename=path.name, height=40))

    def screen_console() -> Console:
        return Console(file=io.StringIO(), width=120, height=40, force_terminal=True, color_system="truecolor")

    parsed, parse_times = timed(lambda: dln.loads_all(text, filename=str(path)), args.runs)
    replay, build_times = timed(lambda: Replay.from_games(parsed[number - 1:number]), args.runs)
    last, jump_times = timed(lambda: replay.locate(number, rounds, None), args.runs)
    _, draw_times = timed(lambda: render(replay, last, screen_console()), args.runs)
    print("in process (the first run pays for warming caches):      first         best")
    steps = [("parse the file", parse_times), ("replay the game (validator, every position)", build_times),
             ("jump to the last move", jump_times), ("draw that screen (120x40)", draw_times)]
    for label, times in steps:
        print(f"  {label:<44} {ms(times[0])}  {ms(min(times))}")
    print(f"  {'total':<44} {ms(sum(t[0] for _, t in steps))}  {ms(sum(min(t) for _, t in steps))}\n")

    walk = list(replay.walk(replay.start))
    console = screen_console()

    def step_all(step: Callable[[Cursor], Cursor | None], start: Cursor, draw: bool) -> tuple[int, float]:
        count, at = 0, start
        began = time.perf_counter()
        while True:
            if draw:
                render(replay, at, console)
                console.file = io.StringIO()
            else:
                replay.frame(at)
            moved = step(at)
            if moved is None:
                break
            at, count = moved, count + 1
        return count, time.perf_counter() - began

    print(f"per step over all {len(walk)} positions (mean):")
    for label, draw in (("frame only", False), ("frame + draw", True)):
        forward, forward_time = step_all(replay.next, walk[0], draw)
        backward, backward_time = step_all(replay.previous, walk[-1], draw)
        print(f"  {label:<14} forward {ms(forward_time / (forward + 1))}   "
              f"backward {ms(backward_time / (backward + 1))}")


if __name__ == "__main__":
    main()
