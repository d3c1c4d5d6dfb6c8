"""Time and peak memory of every ``dln`` command on a large archive and on pathological records.

    python bench/commands.py [--games 2000] [--seed 1] [--quick]

Each command runs in a child process of its own (``dln.cli.main`` with the
command's arguments), standard input empty and standard output /dev/null
(not terminals, as in a pipe: ``dln record`` goes on with the last game and
finds no line to record); the child reports its own peak resident memory (VmHWM from
/proc/self/status, as bench/throughput.py reads it) when it exits.  The
archive is written by ``dln generate --games N`` (timed as the generate
command) and cached under ``bench/corpus/``; every command runs on it and on
an archive a quarter its size, and the ratio of the times shows whether the
time is linear (4.0 is; memory should not grow at all).  Then the
pathological records: a 36- and a 38-card table with an illegal move (the
help under it once listed 100,000 legal captures), a game with thousands of
``;`` notes, and a capture naming thousands of cards, each at two sizes too.
Prints figures; judges nothing but the 100 MB budget, which it marks.  The
machine is shared: compare ratios within one run, not runs.  ``--quick``
uses small sizes and one size of each (tests/test_bench.py runs it so that it cannot rot).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "bench" / "corpus"
BUDGET_MB = 100.0
MOVE = re.compile(r"\d+\. [NESW] ")  # a numbered move line, as dln generate writes them

#: Runs ``dln ARGS`` in this process and writes its peak RSS (kB) to $DLN_BENCH_PEAK at exit.
CHILD = """
import atexit, os, resource, sys

def _peak() -> None:
    try:
        with open("/proc/self/status") as status:
            kb = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        kb = kb // 1024 if sys.platform == "darwin" else kb
    with open(os.environ["DLN_BENCH_PEAK"], "w") as out:
        out.write(str(kb))

atexit.register(_peak)
from dln.cli import main
sys.argv = ["dln", *sys.argv[1:]]
main()
"""


@dataclass(frozen=True)
class Run:
    """One command's figures."""

    seconds: float
    peak_mb: float
    code: int


def run(args: list[str], workdir: Path, typed: str = "") -> Run:
    """``dln ARGS`` in a child process, ``typed`` on its standard input: wall time, its peak memory and its
    exit code."""
    peak_file = workdir / "peak"
    peak_file.unlink(missing_ok=True)
    env = {**os.environ, "DLN_BENCH_PEAK": str(peak_file), "COLUMNS": "100"}
    started = time.perf_counter()
    with open(os.devnull, "wb") as null:
        done = subprocess.run([sys.executable, "-c", CHILD, *args], input=typed.encode(), stdout=null,
                              stderr=subprocess.PIPE, env=env, cwd=workdir, check=False)
    seconds = time.perf_counter() - started
    if done.returncode not in (0, 1, 2) or b"Traceback" in done.stderr:
        raise SystemExit(f"dln {' '.join(args)} crashed:\n{done.stderr.decode(errors='replace')}")
    peak = int(peak_file.read_text()) / 1024 if peak_file.exists() else float("nan")
    return Run(seconds, peak, done.returncode)


def archive(games: int, seed: int, workdir: Path) -> tuple[Path, Run]:
    """The archive of ``games`` generated games (cached), and the run of ``dln generate`` that wrote it."""
    CORPUS.mkdir(parents=True, exist_ok=True)
    path = CORPUS / f"commands-seed{seed}-games{games}.dln"
    generated = run(["generate", "--games", str(games), "--seed", str(seed), "-o", str(path)], workdir)
    return path, generated


def messy_copy(path: Path, workdir: Path) -> Path:
    """A copy of ``path`` that fmt must rewrite whole: a space at the end of every line."""
    copy = workdir / f"messy-{path.name}"
    with open(path, encoding="utf-8") as source, open(copy, "w", encoding="utf-8") as out:
        for line in source:
            out.write(line.rstrip("\n") + " \n")
    return copy


def count_games(path: Path) -> int:
    with open(path, encoding="utf-8") as file:
        return sum(line.startswith("[Event ") for line in file)


def commands_on(path: Path, workdir: Path) -> dict[str, list[str]]:
    """Every command on one archive (the last game's number for the commands that take one)."""
    last = str(count_games(path))
    messy = messy_copy(path, workdir)
    out = {
        "validate": ["validate", "-q", str(path)],
        "parse": ["parse", str(path)],
        "parse --json": ["parse", "--json", str(path)],
        "fmt --check": ["fmt", "--check", str(path)],
        "fmt --diff": ["fmt", "--diff", str(messy)],
        "fmt (rewrite)": ["fmt", str(messy)],
        "score": ["score", str(path)],
        "moves --game LAST": ["moves", str(path), "--game", last, "--at", "1"],
        "show --game 1": ["show", str(path), "--game", "1"],
        "show --game LAST": ["show", str(path), "--game", last],
        "replay --game LAST | cat": ["replay", str(path), "--game", last, "--round", "1"],
        "record (resume LAST)": ["record", str(shutil.copy(path, workdir / f"record-{path.name}"))],
    }
    if has_command("position"):
        out["position"] = ["position", str(path), "--game", last, "--round", "1", "--at", "1"]
    return out


def has_command(name: str) -> bool:
    from dln.cli.group import COMMANDS

    return name in COMMANDS


def crowded_table(loose: int) -> str:
    """A setup with ``loose`` cards on the table (numerals first, then kings) and an illegal capture."""
    from dln.cards import DECK

    held = {"10d", "9d", "10s", "9s"}
    cards = [c for c in DECK if not c.is_face and str(c) not in held] + [c for c in DECK if c.rank == 13]
    table = " ".join(map(str, cards[:loose]))
    return f"setup dealer S\ntable {table}\nN: 10d 9d\nS: 10s 9s\nturn N\nN 10d x Ac+2c\n"


def many_notes(count: int) -> str:
    """A round with ``count`` ';' notes between its moves."""
    notes = "".join(f"; note {i}\n" for i in range(count))
    return f"round 1 dealer S\ntable 5h 3c 9d Js\nN: 4c 8s Kc 2h 7c 10d\n{notes}N 8s x 5h+3c\n{notes}"


def named_many_times(count: int) -> str:
    """A capture naming ``count`` cards (the pack over and over)."""
    from dln.cards import DECK

    taken = "+".join(str(DECK[i % 52]) for i in range(count))
    return f"round 1 dealer S\ntable 5h 3c 9d Js\nN: 4c 8s Kc 2h 7c 10d\nN 8s x {taken}\n"


def show(label: str, big: Run, small: Run | None = None) -> None:
    over = "  OVER 100 MB" if big.peak_mb > BUDGET_MB else ""
    ratio = f"{big.seconds / small.seconds:6.2f}" if small is not None and small.seconds else "      "
    small_text = f"{small.seconds:8.2f} s" if small is not None else " " * 10
    print(f"  {label:<28} {small_text} {big.seconds:8.2f} s {ratio} {big.peak_mb:8.1f} MB  exit {big.code}{over}",
          flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description="Time and peak memory of every dln command.")
    parser.add_argument("--games", type=int, default=2000, help="games in the large archive (a quarter for the small)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="small sizes, for the test suite")
    options = parser.parse_args()
    quick = options.quick
    games = 4 if quick else options.games
    notes, names = (2_000, 2_000) if quick else (40_000, 16_000)
    print(f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores; "
          f"times are wall clock of a whole child process")
    workdir = Path(tempfile.mkdtemp(prefix="dln-bench-commands-"))
    try:
        small_path, small_gen = archive(max(1, games // 4), options.seed, workdir) if not quick else (None, None)
        big_path, big_gen = archive(games, options.seed, workdir)
        with open(big_path, encoding="utf-8") as file:
            moves = sum(1 for line in file if MOVE.match(line))
        print(f"\narchive: {games} games, {moves:,} moves, {big_path.stat().st_size / 1e6:.1f} MB "
              f"({big_path.relative_to(ROOT)}); small: {max(1, games // 4) if not quick else 'none (--quick)'}")
        print(f"  {'command':<28} {'1/4 size':>10} {'full':>10} {'ratio':>6} {'peak (full)':>11}")
        show("generate", big_gen, small_gen)
        small_commands = commands_on(small_path, workdir) if small_path is not None else {}
        for label, args in commands_on(big_path, workdir).items():  # fmt --diff before fmt rewrites
            small_run = run(small_commands[label], workdir) if label in small_commands else None
            show(label, run(args, workdir), small_run)
        print("\npathological records:")
        print(f"  {'record, command':<28} {'smaller':>10} {'larger':>10} {'ratio':>6} {'peak (larger)':>11}")
        cases = [
            ("table 36 cards: validate", crowded_table(30), crowded_table(36), ["validate"]),
            ("table 38 cards: validate", crowded_table(36), crowded_table(38), ["validate"]),
        ][:1 if quick else 2]
        for command in (["validate"], ["parse"], ["fmt", "--check"]):
            cases.append((f"{notes:,} ; notes: {' '.join(command)}", many_notes(notes // 4), many_notes(notes),
                          command))
        cases.append((f"{names:,} cards named: validate", named_many_times(names // 4), named_many_times(names),
                      ["validate"]))
        for label, smaller, larger, command in cases:
            figures: list[Run | None] = [None] if quick else []  # quick: the larger only
            for index, text in enumerate((smaller, larger)[1 if quick else 0:]):
                path = workdir / f"case{index}.dln"
                path.write_text(text, encoding="utf-8")
                figures.append(run([*command, str(path)], workdir))
            larger_run = figures[1]
            assert larger_run is not None
            show(label, larger_run, figures[0])
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
