"""Rate and peak memory of the archive commands (filter, split, merge, stats) on a 10,000-game archive.

    python bench/archive.py [--games 10000] [--distinct 500] [--quick]

Self-play writes about 4,500 moves a second, so 10,000 games of their own
(over four million moves) would take a quarter of an hour to generate: the
archive is ``--distinct`` games played by ``dln generate`` (four in five of
two players, one in five of four), each written again with other tags until
there are ``--games``: another Event, a Date spread over three years, players
drawn from a club of 24 names.  The play repeats, the tags do not, which is
what ``merge --dedupe`` is for (it keeps the distinct games).  The archive is
cached under bench/corpus/.

Every command runs in a child process of its own (bench/commands.py's
``run``: wall time and the child's peak resident memory, VmHWM), on the whole
archive and on a quarter of it; the games per second are given by wall time
and by the child's CPU time (which the other programs of a shared machine do
not inflate).  A CPU-time ratio near 4 shows the time is linear, the memory
that does not grow shows it is constant.  Prints figures;
judges nothing but the 100 MB budget, which it marks.  The machine may be
shared: compare ratios within one run.  ``--quick`` uses small sizes
(tests/test_archive_bench.py runs it so that it cannot rot).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import re
import resource
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from commands import BUDGET_MB, CORPUS, ROOT, Run, run  # bench/commands.py, beside this script

CLUB = ("Alexandra", "Babis", "Christina", "Dimitris", "Eleni", "Fotis", "Georgia", "Haris", "Ioanna", "Kostas",
        "Lena", "Manolis", "Nikos", "Olga", "Petros", "Rena", "Sotiris", "Tasos", "Vaso", "Yannis", "Zoe",
        "Maria", "Stavros", "Katerina")
EVENTS = ("Club night", "Summer league", "Kafeneio cup", "Winter league")
_TAG = re.compile(r'^\[(Event|Site|Date|North|South|East|West) "[^"]*"\]\n', re.MULTILINE)


def distinct_games(count: int, seed: int, workdir: Path) -> list[tuple[str, int]]:
    """``count`` self-played games (a fifth of them four-player), as texts with their number of players,
    generated once and cached."""
    CORPUS.mkdir(parents=True, exist_ok=True)
    four = count // 5
    texts = []
    for players, games in (("2", count - four), ("4", four)):
        path = CORPUS / f"archive-seed{seed}-players{players}-games{games}.dln"
        if not path.exists() and games:
            figures = run(["generate", "--games", str(games), "--players", players, "--seed", str(seed),
                           "-o", str(path)], workdir)
            print(f"  generated {games} {players}-player games in {figures.seconds:.1f} s", flush=True)
        if games:
            texts += [(text, int(players)) for text in path.read_text(encoding="utf-8").split("\n\n[Event ")]
    return [(text if text.startswith("[Event ") else "[Event " + text, players) for text, players in texts]


def retagged(text: str, players: int, index: int, rng: random.Random) -> str:
    """Game ``text`` with the tags of copy ``index``: an event, a date, ``players`` players of the club."""
    body = _TAG.sub("", text.strip("\n"))
    four = players == 4
    names = rng.sample(CLUB, 4 if four else 2)
    seats = ("North", "South", "East", "West") if four else ("North", "South")
    day = 1 + index * 3 // 29 % (3 * 365)  # about 30 games a day, over three years
    year, rest = 2024 + day // 365, day % 365
    tags = [f'[Event "{EVENTS[index % len(EVENTS)]} {1 + index // 97}"]', f'[Date "{year}.{1 + rest // 31 % 12:02}.'
            f'{1 + rest % 28:02}"]', *(f'[{seat} "{name}"]' for seat, name in zip(seats, names, strict=True))]
    return "\n".join(tags) + "\n" + body + "\n"


def build(games: int, distinct: int, seed: int, workdir: Path) -> Path:
    """The archive of ``games`` games (cached): the distinct games written again and again with new tags."""
    path = CORPUS / f"archive-seed{seed}-distinct{distinct}-games{games}.dln"
    if path.exists():
        return path
    texts = distinct_games(distinct, seed, workdir)
    rng = random.Random(seed)
    temp = path.with_suffix(".tmp")
    with open(temp, "w", encoding="utf-8") as out:
        for index in range(games):
            out.write(("\n" if index else "") + retagged(*texts[index % len(texts)], index, rng))
    temp.replace(path)
    return path


def quarter(path: Path, workdir: Path) -> Path:
    """The first quarter of the archive's games."""
    text = path.read_text(encoding="utf-8").split("\n\n[")
    small = workdir / f"quarter-{path.name}"
    small.write_text("\n\n[".join(text[:max(1, len(text) // 4)]), encoding="utf-8")
    return small


def commands(path: Path, workdir: Path) -> dict[str, list[str]]:
    out = workdir / "out.dln"
    return {
        "filter --player (tags)": ["filter", str(path), "--player", "Eleni", "-o", str(out)],
        "filter --xeri (replay)": ["filter", str(path), "--xeri", "--count"],
        "merge": ["merge", str(path), str(path), "-o", str(out)],
        "merge --dedupe": ["merge", str(path), "--dedupe", "-o", str(out)],
        "split": ["split", str(path), "-d", str(workdir / "split"), "--force"],
        "stats (table)": ["stats", str(path)],
        "stats --ratings --json": ["stats", str(path), "--ratings", "--json"],
    }


def timed(args: list[str], workdir: Path) -> tuple[Run, float]:
    """``run``, and the CPU time (user and system) the child took: on a shared machine the wall time
    also counts the other programs' turns, the CPU time does not."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    figures = run(args, workdir)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return figures, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def show(label: str, games: int, big: tuple[Run, float], small: tuple[Run, float]) -> None:
    (full, cpu), (quarter_run, quarter_cpu) = big, small
    over = "  OVER 100 MB" if full.peak_mb > BUDGET_MB else ""
    ratio = cpu / quarter_cpu if quarter_cpu else float("nan")
    print(f"  {label:<26} {games / full.seconds:8,.0f} {games / cpu:8,.0f} {quarter_cpu:8.2f} s {cpu:8.2f} s "
          f"{ratio:6.2f} {quarter_run.peak_mb:8.1f} MB {full.peak_mb:8.1f} MB  exit {full.code}{over}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description="Rate and peak memory of the archive commands.")
    parser.add_argument("--games", type=int, default=10_000, help="games in the archive (a quarter for the small)")
    parser.add_argument("--distinct", type=int, default=500, help="games of their own, before retagging")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="small sizes, for the test suite")
    options = parser.parse_args()
    games, distinct = (40, 10) if options.quick else (options.games, options.distinct)
    print(f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores; "
          "wall clock of a whole child process")
    workdir = Path(tempfile.mkdtemp(prefix="dln-bench-archive-"))
    try:
        path = build(games, distinct, options.seed, workdir)
        small = quarter(path, workdir)
        size = path.stat().st_size / 1e6
        print(f"\narchive: {games:,} games ({distinct} distinct, retagged), {size:.1f} MB "
              f"({path.relative_to(ROOT)}); small: its first quarter")
        print(f"  {'command':<26} {'games/s':>8} {'(CPU)':>8} {'CPU 1/4':>10} {'CPU full':>10} {'ratio':>6} "
              f"{'peak 1/4':>11} {'peak full':>11}")
        small_commands = commands(small, workdir)
        for label, args in commands(path, workdir).items():
            small_run = timed(small_commands[label], workdir)
            show(label, games * (2 if label == "merge" else 1), timed(args, workdir), small_run)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
