"""The project's measured goals, as the table README.md shows: each goal, today's figure, the command.

    python bench/goals.py                     # the quick rows (about a minute)
    python bench/goals.py --all               # and the slow ones: a fresh install, the test suites
    python bench/goals.py --all --write README.md   # the same, written between README's markers

Every figure is measured by this run on this machine (the header says which
and when); the machine is shared and its speed is not steady, so each rate
is the best of ``--repeat`` runs, in CPU time where the load matters.  A
row that cannot be measured here (python-chess missing for the comparison:
``pip install '.[bench]'``) says why instead of a figure.  The other
scripts of bench/ measure each subject in depth (docs/performance.md).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

#: The markers between which --write puts the table.
START, END = "<!-- goals: bench/goals.py writes this table -->", "<!-- goals: end -->"


@dataclass(frozen=True)
class Goal:
    """One goal: what is measured, the goal in words, the command a person runs to see it."""

    name: str
    goal: str
    command: str
    slow: bool = False


GOALS = (
    Goal("`pip install .` in a fresh virtual environment (dependencies cached)", "under 30 s",
         "python3 -m venv v && v/bin/python -m pip install .", slow=True),
    Goal("the whole test suite, on this machine's cores", "at most 180 s", "python3 -m pytest", slow=True),
    Goal("the fast tests", "at most 45 s", 'python3 -m pytest -m "not slow"', slow=True),
    Goal("`dln validate` of 100,000 moves against a python-chess script reading as many, whole processes (CPU)",
         "1.5x python-chess (pure Python), 2x (compiled)", "python bench/process.py --moves 100000"),
    Goal("`dln generate --games 50`, whole process (CPU)", "20,000 moves/s (compiled build)",
         "python bench/playloop.py --games 50"),
    Goal("peak memory of `dln validate` on 100,000 moves (memory does not grow with the input)", "under 61 MB",
         "/usr/bin/time -v dln validate FILE"),
    Goal("the HTML page of an ordinary game (samples/annotated.dln)", "under 1 MB",
         "dln html samples/annotated.dln -o page.html"),
)


def child_run(command: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and peak memory (MB) of ``command`` as a child process
    (its own rusage, from wait4: not the children's maximum so far)."""
    started = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{' '.join(command)}: exit {child.returncode}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def install_seconds() -> str:
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([sys.executable, "-m", "venv", folder], check=True)
        wall, _, _ = child_run([str(Path(folder) / "bin" / "python"), "-m", "pip", "install", "--quiet", str(ROOT)])
    return f"{wall:.0f} s"


#: Set on some machines (this one's containers): Python then writes no bytecode, so every pytest worker
#: and every ``python -m dln`` a test starts compiles dln anew, and every test module's asserts are
#: rewritten again (the fast tests took 61 s with it, 49 s without, on 2026-11-29).  The suites are timed as on
#: a machine that caches bytecode, as a developer's does, and the table says so.
NO_BYTECODE = "PYTHONDONTWRITEBYTECODE"


def suite_seconds(*marks: str) -> str:
    env = {name: value for name, value in os.environ.items() if name != NO_BYTECODE}
    wall, _, _ = child_run([sys.executable, "-m", "pytest", "-q", *marks], env=env)
    return f"{wall:.0f} s"


def build_name() -> str:
    """Which build this run measures, for the rows whose goal depends on it."""
    from dln import build

    return "compiled" if build.compiled_modules() else "pure Python"


def validate_against_chess(repeat: int) -> str:
    try:
        version("chess")
    except PackageNotFoundError:
        return "not measured: python-chess is not installed (pip install '.[bench]')"
    from process import CHESS, dln_file
    from throughput import build_corpus, chess_corpus

    source, _ = build_corpus(0, 10_000, 2_000)
    path, moves = dln_file(source, 100_000)
    pgn = chess_corpus(0, moves)
    ours = [sys.executable, "-m", "dln", "validate", "--quiet", str(path)]
    chess = [sys.executable, "-c", CHESS, str(pgn)]
    child_run(ours), child_run(chess)  # untimed: bytecode written, files in the page cache
    ratios = [child_run(chess)[1] / child_run(ours)[1] for _ in range(repeat)]
    return f"{max(ratios):.2f}x ({build_name()})"


def generate_rate(repeat: int) -> str:
    from playloop import generate_process

    moves, seconds = min((generate_process(50, 0) for _ in range(repeat)), key=lambda r: r[1])
    return f"{moves / seconds:,.0f} moves/s ({build_name()})"


def validate_memory() -> str:
    from process import dln_file
    from throughput import build_corpus

    source, _ = build_corpus(0, 10_000, 2_000)
    path, _ = dln_file(source, 100_000)
    _, _, peak = child_run([sys.executable, "-m", "dln", "validate", "--quiet", str(path)])
    return f"{peak:.1f} MB"


def page_size() -> str:
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "page.html"
        child_run([sys.executable, "-m", "dln", "html", "samples/annotated.dln", "-o", str(page)])
        return f"{page.stat().st_size / 1e6:.2f} MB"


def figures(slow: bool, repeat: int) -> dict[str, str]:
    """Today's figure of each goal (the slow ones only when asked)."""
    measures: dict[str, Callable[[], str]] = {
        GOALS[0].name: install_seconds,
        GOALS[1].name: suite_seconds,
        GOALS[2].name: lambda: suite_seconds("-m", "not slow"),
        GOALS[3].name: lambda: validate_against_chess(repeat),
        GOALS[4].name: lambda: generate_rate(repeat),
        GOALS[5].name: validate_memory,
        GOALS[6].name: page_size,
    }
    out: dict[str, str] = {}
    for goal in GOALS:
        if goal.slow and not slow:
            out[goal.name] = "not measured (--all)"
            continue
        print(f"measuring: {goal.name}", file=sys.stderr, flush=True)
        out[goal.name] = measures[goal.name]()
    return out


def table(found: dict[str, str], command: str) -> str:
    from dln import build

    when = datetime.date.today().isoformat()
    head = (f"Measured {when} by `{command}` on {platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}, {build.describe()}:\n\n"
            "| measure | goal | now | command |\n| --- | --- | --- | --- |\n")
    rows = "".join(f"| {g.name} | {g.goal} | {found[g.name]} | `{g.command}` |\n" for g in GOALS)
    if os.environ.get(NO_BYTECODE) and any(g.slow for g in GOALS if "not measured" not in found[g.name]):
        rows += (f"\nThis machine sets {NO_BYTECODE}; the test suites were timed without it, as on a machine "
                 "that caches bytecode (with it, each worker compiles dln and rewrites every test module anew).\n")
    return head + rows


def rows_of(path: Path) -> list[tuple[str, str, str]]:
    """The (measure, goal, command) of each row of the table between the goal markers of ``path``."""
    text = path.read_text(encoding="utf-8")
    inside = text[text.index(START):text.index(END)] if START in text and END in text else ""
    rows = [[cell.strip() for cell in line.strip().strip("|").split(" | ")] for line in inside.splitlines()
            if line.startswith("| ") and not line.startswith(("| measure |", "| --- |"))]
    return [(row[0], row[1], row[3].strip("`")) for row in rows if len(row) == 4]


def write_into(path: Path, text: str) -> None:
    """Put ``text`` between the goal markers of ``path`` (which must have them)."""
    old = path.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(START) + r".*?" + re.escape(END), re.S)
    if not pattern.search(old):
        raise SystemExit(f"{path}: no goal markers ({START} ... {END})")
    path.write_text(pattern.sub(lambda _: f"{START}\n{text}\n{END}", old), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--all", action="store_true", help="also the slow rows: a fresh install, the test suites")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each rate (the best is kept)")
    parser.add_argument("--write", type=Path, metavar="README", help="write the table between the file's markers")
    parser.add_argument("--check", type=Path, metavar="README",
                        help="measure nothing: exit 1 unless the file's table lists exactly these goals")
    args = parser.parse_args()
    if args.check:
        expected = [(g.name, g.goal, g.command) for g in GOALS]
        if rows_of(args.check) != expected:
            print(f"{args.check}: its goal table is not bench/goals.py's: run it with --all --write {args.check}")
            return 1
        return 0
    command = " ".join(["python", "bench/goals.py", *sys.argv[1:]])
    text = table(figures(args.all, args.repeat), command)
    print(text)
    if args.write:
        write_into(args.write, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
