"""Throughput of parsing and validating DLN, next to python-chess reading PGN, measured in one run.

    pip install '.[bench]' && python bench/throughput.py [--seed 0] [--games 2000] [--rounds 10000] [--repeat 3]

The corpus is two-player games to 61 written by :mod:`dln.check.generate` with
every hand recorded, as many games as it takes to reach ``--rounds`` rounds,
and the same games with the hands hidden.  It is cached under
``bench/corpus/`` (git-ignored), keyed by seed and size, and generated in
worker processes, so that this process's peak RSS is the parser's.  Each
corpus is read with ``dln.load`` (parse only), and read and replayed through
every rule check with ``dln.check.validate.validate_game`` (parse + validate).  The
reference is python-chess (a benchmark-only extra): random legal chess games
with as many moves as the DLN corpus, written as PGN and read with
``chess.pgn.read_game`` (which checks every move).  Each of these passes runs
``--repeat`` times, interleaved (python-chess, then each dln pass, and
again) so that a change in the machine's load falls on every contender
alike; the best and median times are reported and the ratios compare best
times.  Last, a corpus ten times larger is validated in a child process to
show that memory does not grow with the corpus.  Run by hand, not by the
test suite.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

import dln
from dln.check.generate import game_rng, record_game
from dln.check.validate import validate_game
from dln.engine import Rules
from dln.games.diloti import DILOTI
from dln.games.playing import play_game, random_player

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "bench" / "corpus"
RULES = Rules()
BATCH = 32  # games per worker task


def _batch(seed: int, start: int) -> tuple[str, str, int]:
    """Games ``start`` to ``start + BATCH - 1`` of the run ``seed``: text with hands, text without, rounds.

    Game ``i`` depends only on ``(seed, i)`` (:func:`dln.check.generate.game_rng`), so
    batches played in any process give the same corpus as one ``generate_games`` run.
    """
    shown: list[str] = []
    hidden: list[str] = []
    rounds = 0
    for index in range(start, start + BATCH):
        rng = game_rng(seed, index)
        played = play_game(DILOTI, RULES, 2, random_player, lambda _round, rng=rng: rng)
        shown.append(dln.dumps(record_game(played, strategy="random", seed=seed)))
        hidden.append(dln.dumps(record_game(played, strategy="random", seed=seed, hidden=True)))
        rounds += len(played.rounds)
    return "\n".join(shown), "\n".join(hidden), rounds


def corpus_paths(seed: int, rounds: int, games: int) -> tuple[Path, Path]:
    """The cached corpus files for a seed and a size: hands recorded, hands hidden."""
    stem = f"two-player-seed{seed}-rounds{rounds}-games{games}"
    return CORPUS / f"{stem}.dln", CORPUS / f"{stem}-hidden.dln"


def build_corpus(seed: int, rounds: int, min_games: int) -> tuple[Path, Path]:
    """Write (or reuse) the corpus: games 0, 1, … of ``seed`` until ``rounds`` rounds and ``min_games`` games."""
    shown_path, hidden_path = corpus_paths(seed, rounds, min_games)
    if shown_path.is_file() and hidden_path.is_file():
        print(f"corpus: reusing {shown_path.relative_to(ROOT)} and {hidden_path.name}")
        return shown_path, hidden_path
    CORPUS.mkdir(exist_ok=True)
    started = time.perf_counter()
    played_rounds = games = 0
    shown_temp, hidden_temp = shown_path.with_suffix(".tmp"), hidden_path.with_suffix(".tmp")
    try:
        with (
            open(shown_temp, "w", encoding="utf-8") as shown,
            open(hidden_temp, "w", encoding="utf-8") as hidden,
            ProcessPoolExecutor() as pool,
        ):
            start = 0
            while played_rounds < rounds or games < min_games:
                starts = [start + k * BATCH for k in range(os.cpu_count() or 1)]
                start = starts[-1] + BATCH
                for shown_text, hidden_text, batch_rounds in pool.map(_batch, [seed] * len(starts), starts):
                    if played_rounds >= rounds and games >= min_games:
                        break
                    separator = "\n" if games else ""
                    shown.write(separator + shown_text)
                    hidden.write(separator + hidden_text)
                    played_rounds += batch_rounds
                    games += BATCH
        os.replace(shown_temp, shown_path)
        os.replace(hidden_temp, hidden_path)
    finally:
        shown_temp.unlink(missing_ok=True)
        hidden_temp.unlink(missing_ok=True)
    elapsed = time.perf_counter() - started
    print(
        f"corpus: generated {games} games, {played_rounds} rounds in {elapsed:.1f} s "
        f"with {os.cpu_count()} worker processes ({elapsed / played_rounds * 1000:.2f} ms per round of wall time)"
    )
    return shown_path, hidden_path


@dataclass(frozen=True)
class Counts:
    """What a corpus holds."""

    games: int
    rounds: int
    moves: int
    size: int


def read_all(path: Path) -> Iterator[dln.Game]:
    """Every game of ``path`` through ``dln.load``, the way a program reads a file."""
    with open(path, "rb") as file:
        yield from dln.load(file)


def count(path: Path) -> Counts:
    """Games, rounds and moves of a corpus, read once."""
    games = rounds = moves = 0
    for game in read_all(path):
        games += 1
        rounds += len(game.rounds)
        moves += sum(len(round_.moves) for round_ in game.rounds)
    return Counts(games, rounds, moves, path.stat().st_size)


def time_pass(path: Path, *, validate: bool) -> float:
    """Seconds to read the whole file with ``dln.load`` (and validate every game)."""
    started = time.perf_counter()
    for game in read_all(path):
        if validate and validate_game(game).errors:
            raise SystemExit(f"{path}: a generated game does not validate")
    return time.perf_counter() - started


def report(label: str, counts: Counts, times: list[float]) -> None:
    """One corpus's figures."""
    best, median = min(times), statistics.median(times)
    print(f"\n{label}")
    print(f"  games {counts.games}, rounds {counts.rounds}, moves {counts.moves}, bytes {counts.size}")
    print(f"  times (s): {' '.join(f'{t:.3f}' for t in times)}")
    for name, seconds in (("best", best), ("median", median)):
        print(
            f"  {name:<6} {seconds:.3f} s: {counts.moves / seconds:,.0f} moves/s, "
            f"{counts.size / seconds / 1e6:.2f} MB/s, {counts.games / seconds:,.1f} games/s"
        )


def chess_corpus(seed: int, moves: int) -> Path:
    """Write (or reuse) random legal chess games as PGN, at least ``moves`` moves in all."""
    import chess
    import chess.pgn

    path = CORPUS / f"chess-seed{seed}-moves{moves}.pgn"
    if path.is_file():
        return path
    rng = random.Random(seed)
    played = 0
    started = time.perf_counter()
    with open(path.with_suffix(".tmp"), "w", encoding="utf-8") as out:
        while played < moves:
            board, game = chess.Board(), chess.pgn.Game()
            node = game
            while not board.is_game_over(claim_draw=False) and board.ply() < 300 and played < moves:
                move = rng.choice(list(board.legal_moves))
                node = node.add_variation(move)
                board.push(move)
                played += 1
            game.headers["Result"] = board.result(claim_draw=False)
            print(game, file=out, end="\n\n")
    os.replace(path.with_suffix(".tmp"), path)
    print(f"pgn corpus: generated {played} moves of random chess in {time.perf_counter() - started:.1f} s")
    return path


def time_chess(path: Path) -> tuple[int, float]:
    """Moves in the PGN file, and seconds to read it with ``chess.pgn.read_game``."""
    import chess.pgn

    moves = 0
    started = time.perf_counter()
    with open(path, encoding="utf-8") as file:
        while (game := chess.pgn.read_game(file)) is not None:
            moves += sum(1 for _ in game.mainline_moves())
    return moves, time.perf_counter() - started


def peak_rss_of_validating(path: Path, copies: int) -> tuple[float, int]:
    """Peak RSS (MB) of a child process validating ``copies`` concatenated copies of ``path``, and its size."""
    big = CORPUS / f"{path.stem}-x{copies}.dln"
    if not big.is_file():
        with open(big.with_suffix(".tmp"), "w", encoding="utf-8") as out:
            text = path.read_text(encoding="utf-8")
            for _ in range(copies):
                out.write(text + "\n")
        os.replace(big.with_suffix(".tmp"), big)
    # The child reports its own peak (VmHWM, on Linux): ru_maxrss, of the child or of the
    # children, also counts the copy of this process the child was until its exec.
    script = (
        "import resource, sys, dln\nfrom dln.check.validate import validate_game\n"
        "with open(sys.argv[1], 'rb') as f:\n"
        "    bad = sum(validate_game(g).errors for g in dln.load(f))\n"
        "try:\n"
        "    peak = next(int(line.split()[1]) for line in open('/proc/self/status') if line.startswith('VmHWM:'))\n"
        "except (OSError, StopIteration):\n"
        "    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "print(peak)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", script, str(big)], check=False, capture_output=True, text=True)
    if result.returncode:
        raise SystemExit(f"validating {big} failed:\n{result.stderr}")
    peak = int(result.stdout.split()[-1])
    return (peak / (1 << 20) if sys.platform == "darwin" else peak / 1024), big.stat().st_size


def main() -> int:
    """Build or reuse the corpora, time python-chess and dln on them, print the figures."""
    parser = argparse.ArgumentParser(description="Time parsing and validating DLN next to python-chess.")
    parser.add_argument("--seed", type=int, default=0, help="seed of the generated games")
    parser.add_argument("--games", type=int, default=2_000, help="at least this many games")
    parser.add_argument("--rounds", type=int, default=10_000, help="at least this many rounds")
    parser.add_argument("--repeat", type=int, default=3, help="timed passes of each kind over each corpus")
    parser.add_argument("--copies", type=int, default=10, help="size of the memory check, in corpora")
    args = parser.parse_args()
    print("command:", shlex.join([Path(sys.executable).name, *sys.argv]))
    print(
        f"python {platform.python_version()} ({platform.python_implementation()}), lark {version('lark')}, "
        f"python-chess {version('chess')}, dln {version('dln')}"
    )
    print(f"machine: {platform.platform()}, {platform.machine()}, {os.cpu_count()} CPUs, {_cpu_model()}")
    shown, hidden = build_corpus(args.seed, args.rounds, args.games)
    dln.loads("round 1")  # build the parser (cached on disk) before timing
    rss_before = _peak_rss_mb()
    chess_path = chess_corpus(args.seed, count(shown).moves)
    corpora = {label: (path, count(path)) for label, path in (("hands recorded", shown), ("hands hidden", hidden))}
    # The repetitions are interleaved (python-chess, then each dln pass, and again), so that a
    # change in the machine's load during the run falls on every contender alike.
    chess_times: list[float] = []
    parse: dict[str, list[float]] = {label: [] for label in corpora}
    check: dict[str, list[float]] = {label: [] for label in corpora}
    chess_moves = 0
    for _ in range(args.repeat):
        chess_moves, seconds = time_chess(chess_path)
        chess_times.append(seconds)
        for label, (path, _) in corpora.items():
            parse[label].append(time_pass(path, validate=False))
            check[label].append(time_pass(path, validate=True))
    report("python-chess read_game (parses and checks every move)",
           Counts(0, 0, chess_moves, chess_path.stat().st_size), chess_times)
    best = {"python-chess read_game": chess_moves / min(chess_times)}
    for label, (path, counts) in corpora.items():
        report(f"dln parse only, {label}: {path.name}", counts, parse[label])
        report(f"dln parse + validate, {label}: {path.name}", counts, check[label])
        best[f"dln parse only, {label}"] = counts.moves / min(parse[label])
        best[f"dln parse + validate, {label}"] = counts.moves / min(check[label])
    print(f"\npeak RSS of this process: {_peak_rss_mb():.1f} MB (after start-up: {rss_before:.1f} MB)")
    rss, size = peak_rss_of_validating(shown, args.copies)
    print(f"peak RSS validating {args.copies} copies of the corpus ({size / 1e6:.0f} MB) in a child: {rss:.1f} MB")
    reference = best["python-chess read_game"]
    print("\nmoves per second (best of the repetitions), and the ratio to python-chess:")
    for label, speed in best.items():
        print(f"  {label:<40} {speed:>10,.0f}   {speed / reference:5.2f}x")
    return 0


def _peak_rss_mb() -> float:
    """This process's peak resident set size (``ru_maxrss`` is KiB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024


def _cpu_model() -> str:
    try:
        for text in Path("/proc/cpuinfo").read_text().splitlines():
            if text.startswith("model name"):
                return text.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


if __name__ == "__main__":
    sys.exit(main())
