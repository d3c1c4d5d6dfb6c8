"""Strength of the search engine, duplicate style: the same packs played twice with the seats swapped.

    python bench/strength.py [--pairs 100] [--players 2] [--opponent greedy|random|reference] [--budget 100]
                             [--reference-budget 100] [--target 61] [--seed 0] [-j 1] [-v] [--game-type diloti]
                             [--engine dln|ismcts]
    python bench/strength.py --from-logs RUN1.txt RUN2.txt ...   # pool earlier -v runs
    python bench/strength.py --paired A1.txt B1.txt [A2.txt B2.txt ...]   # two engines, the same packs

Pair ``i`` deals the same sequence of shuffled packs (round by round) in two
games: once with the engine in the first side's seats (N, or N and S) and
the opponent in the others, once with the seats swapped, so the luck of the
cards cancels.  Printed: the engine's wins out of the games with a 95%
Wilson interval, the mean points per round of the engine's side minus the
opponent's with a 95% interval (pairs as the unit: t-like normal interval),
and the engine's speed (seconds per move, moves per second; the reference
engine's beside it).  ``--opponent reference`` plays today's engine kept fixed in
``bench/reference_engine.py`` (at ``--reference-budget`` playouts a move), the
yardstick of docs/analysis.md's strength figures.  Run by hand:
a pair to 61 takes about a minute at the default budget on a 2-core machine.
``--engine ismcts`` seats information-set MCTS (``bench/ismcts_engine.py``) in
the engine's place, at the same budget.

``--game-type kontsina`` or ``xeri`` plays a sister game, two players, the
same way (hand ``i`` of both games of a pair shuffled from the same seed):
a Kontsina game goes to ``--target`` points (21 unless given), a Xeri game
to ``--target`` hands (5), won by who won more of them; the points per round
are then per hand, the engine's minus the opponent's.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import ismcts_engine  # bench/: the script's own folder is on the path
import reference_engine

from dln.analysis.players import chooser, engine_chooser
from dln.analysis.search import DEFAULT_BUDGET
from dln.engine import Move
from dln.games.playing import play_game, seated, seating
from dln.games.protocol import game_named


@dataclass(frozen=True)
class GameResult:
    """One game from the engine's side: won or not, points per round, time and moves it took."""

    won: bool
    net_per_round: list[int]
    seconds: float  # the engine's thinking, wall clock
    cpu: float  # the same in CPU time of its process (what a loaded machine does not inflate)
    moves: int
    other_cpu: float = 0.0  # the opponent's thinking in CPU time
    other_moves: int = 0


class _Timed:
    """A player that adds its thinking time and move count to a shared tally."""

    def __init__(self, inner: Callable[..., Move]) -> None:
        self.inner = inner
        self.seconds = 0.0
        self.cpu = 0.0
        self.moves = 0

    def __call__(self, *position: Any) -> Move:
        """The inner player's move (a Diloti player takes the position and a random source; a sister
        game's chooser the position, its legal moves and a random source)."""
        start, cpu = time.perf_counter(), time.process_time()
        move = self.inner(*position)
        self.seconds += time.perf_counter() - start
        self.cpu += time.process_time() - cpu
        self.moves += 1
        return move


def play_one(pair: int, swapped: bool, args: argparse.Namespace) -> GameResult:
    """Game ``swapped`` of pair ``pair``: the engine sits on side 0 (N, or N and S) unless swapped."""
    game = game_named(args.game_type)
    rules = game.rules_for((), args.target or game.target)
    seats = seating(game, args.players, rules)
    sides = game.sides(seats)
    engine = _Timed(engine_chooser(args.budget) if args.engine == "dln"
                    else engine_chooser(args.budget, ismcts_engine.choose_move))
    other = _Timed(engine_chooser(args.reference_budget, reference_engine.choose_move) if args.opponent == "reference"
                   else chooser(game, args.opponent))
    mine = sides[1 if swapped else 0]
    players = {seat: engine if seat in mine else other for seat in seats}  # a side is named by its seats
    # Diloti's packs are named as they were before the other games joined the bench, so that old logs pool.
    name = "strength" if args.game_type == "diloti" else f"strength {args.game_type}"
    chance = random.Random(f"players {args.seed} {pair} {swapped}")
    played = play_game(game, rules, args.players, seated(players, chance),
                       lambda i: random.Random(f"{name} {args.seed} {pair}:{i}"))
    nets = [r.scores[mine].total - sum(s.total for k, s in r.scores.items() if k != mine)
            for r in played.rounds if r.scores]
    return GameResult(played.winner == mine, nets, engine.seconds, engine.cpu, engine.moves, other.cpu, other.moves)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


_GAME_LINE = re.compile(r"pair (\d+) (engine first|swapped): engine (won|lost), per-round nets \[(.*)\]")


_RUN_LINE = re.compile(r"engine(?: (\w+))? \(budget (\d+)\) vs (\w+), (?:(\w+), )?(\d) players, target (\d+), ")


def read_log(path: str) -> tuple[dict[int, tuple[GameResult, GameResult]], set[tuple[str | None, ...]]]:
    """The complete pairs of one ``-v`` log by pair number (engine first, swapped), and the kinds of run its
    summary lines name (none for a log stopped before its summary)."""
    games: dict[tuple[int, str], GameResult] = {}
    kinds: set[tuple[str | None, ...]] = set()
    try:
        with open(path, encoding="utf-8") as log:
            for line in log:
                m = _GAME_LINE.match(line)
                if m:
                    games[int(m[1]), m[2]] = GameResult(m[3] == "won", [int(x) for x in m[4].split(",")], 0.0, 0.0,
                                                        0)
                elif run := _RUN_LINE.match(line):
                    kinds.add(run.groups())
    except (OSError, UnicodeDecodeError) as error:
        raise SystemExit(f"{path}: cannot read the log ({getattr(error, 'strerror', None) or error})") from None
    pairs = {pair: (games[pair, "engine first"], games[pair, "swapped"]) for pair in sorted({k[0] for k in games})
             if (pair, "engine first") in games and (pair, "swapped") in games}
    return pairs, kinds


def from_logs(paths: list[str], args: argparse.Namespace) -> list[GameResult]:
    """The games of ``-v`` logs of earlier runs, complete pairs only, in pair order (to pool several runs).

    The engine, budget, opponent, game and players of ``args`` are set from the logs'
    summary lines (a log stopped before its summary leaves the options as given);
    logs of different kinds of runs are refused, as pooling them would mean nothing.
    """
    results: list[GameResult] = []
    kinds: set[tuple[str | None, ...]] = set()
    for path in paths:
        pairs, kind = read_log(path)
        kinds |= kind
        for first, swapped in pairs.values():
            results += [first, swapped]
    if len(kinds) > 1:
        raise SystemExit(f"the logs are of different runs ({len(kinds)} kinds: engine, budget, opponent, game, "
                         "players or target differ); pool runs of one kind")
    for engine, budget, opponent, game, players, target in kinds:
        args.budget, args.opponent, args.players, args.target = int(budget), opponent, int(players), int(target)
        args.engine = engine or "dln"
        args.game_type = game or "diloti"
    return results


def pair_points(pair: tuple[GameResult, GameResult]) -> float:
    """The engine's points a round over both games of a pair (the unit of the intervals: the deals are the same)."""
    nets = pair[0].net_per_round + pair[1].net_per_round
    return sum(nets) / len(nets)


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% normal interval (unbounded for fewer than two)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - half, mean + half


def interval(values: list[float]) -> str:
    """``mean (low to high)``: the mean with its 95% normal interval."""
    mean, low, high = mean_interval(values)
    return f"{mean:+.2f} ({low:+.2f} to {high:+.2f})"


def paired(paths: list[str]) -> None:
    """Two engines' runs on the same packs (logs ``A1 B1 A2 B2 ...``: each A and B of one seed), pair by pair.

    A duplicate pair played by both engines against one opponent deals the
    same packs, so the difference of their points in that pair is freer of
    the cards' luck than either figure alone; printed with 95% intervals over
    the pairs both logs completed, and the same for games won.
    """
    if len(paths) % 2:
        raise SystemExit("--paired takes logs two by two: A1 B1 [A2 B2 ...], each A and B of the same seed")
    ours, theirs, points, won = [], [], [], []
    for a_path, b_path in zip(paths[::2], paths[1::2], strict=True):
        (a, a_kind), (b, b_kind) = read_log(a_path), read_log(b_path)
        if a_kind and b_kind and {k[2:] for k in a_kind} != {k[2:] for k in b_kind}:
            raise SystemExit(f"{a_path} and {b_path} are runs against different opponents, games or targets")
        for pair in sorted(set(a) & set(b)):
            ours.append(pair_points(a[pair]))
            theirs.append(pair_points(b[pair]))
            points.append(ours[-1] - theirs[-1])
            won.append((sum(g.won for g in a[pair]) - sum(g.won for g in b[pair])) / 2)
    if len(points) < 2:
        raise SystemExit("the logs share fewer than two complete pairs")
    print(f"{len(points)} pairs in both: points a round, A {interval(ours)}, B {interval(theirs)}")
    print(f"A minus B, pair by pair: {interval(points)} points a round; "
          f"games won {interval([100 * w for w in won])} percentage points")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=100, help="duplicate pairs (two games each)")
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--opponent", choices=("greedy", "random", "reference"), default="greedy",
                        help="reference: today's engine kept fixed (bench/reference_engine.py)")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="engine playouts per move")
    parser.add_argument("--reference-budget", type=int, default=reference_engine.BUDGET,
                        help="the reference engine's playouts per move")
    parser.add_argument("--target", type=int, default=None,
                        help="61 in Diloti; Kontsina: points (21); Xeri: hands (5)")
    parser.add_argument("--game-type", choices=("diloti", "kontsina", "xeri"), default="diloti")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--engine", choices=("dln", "ismcts"), default="dln",
                        help="ismcts: information-set MCTS (bench/ismcts_engine.py) in the engine's place")
    parser.add_argument("-j", "--jobs", type=int, default=1, help="processes")
    parser.add_argument("-v", "--verbose", action="store_true", help="a line per game as it ends")
    parser.add_argument("--from-logs", nargs="+", metavar="LOG",
                        help="play nothing: pool the complete pairs of earlier runs' -v output")
    parser.add_argument("--paired", nargs="+", metavar="LOG",
                        help="play nothing: compare two engines' -v logs of the same packs pair by pair (A1 B1 ...)")
    args = parser.parse_args(argv)
    if args.paired:
        paired(args.paired)
        return 0
    game = game_named(args.game_type)
    if args.players not in game.players:
        parser.error(f"{game.name} is not played by {args.players} players")
    if len(game.sides(game.play_order(args.players))) != 2:
        parser.error(f"a duplicate pair swaps two sides: {game.name} with {args.players} players has more")
    args.target = args.target or game.target
    if args.from_logs:
        results = from_logs(args.from_logs, args)
        summarise(results, time.perf_counter(), args, speed=False)
        return 0
    jobs = [(pair, swapped) for pair in range(args.pairs) for swapped in (False, True)]
    started = time.perf_counter()
    results: list[GameResult] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for (pair, swapped), result in zip(jobs, pool.map(play_one, *zip(*jobs, strict=True), [args] * len(jobs)),
                                           strict=True):
            results.append(result)
            if args.verbose:  # a line per game as it ends: a long run that is stopped still says something
                print(f"pair {pair} {'swapped' if swapped else 'engine first'}: engine "
                      f"{'won' if result.won else 'lost'}, per-round nets {result.net_per_round}, "
                      f"{result.moves} moves in {result.seconds:.0f} s ({result.cpu:.0f} s CPU)"
                      + (f"; reference {result.other_moves} moves in {result.other_cpu:.0f} s CPU"
                         if args.opponent == "reference" else ""), flush=True)
    summarise(results, started, args)
    return 0


def summarise(results: list[GameResult], started: float, args: argparse.Namespace, *, speed: bool = True) -> None:
    """Print wins with their interval, points per round with theirs, and (``speed``) the engine's time."""
    wall = time.perf_counter() - started
    games = len(results)
    wins = sum(r.won for r in results)
    low, high = wilson(wins, games)
    # Pairs are the unit of the points interval: within a pair the deals are the same.
    pair_means = [pair_points((results[k], results[k + 1])) for k in range(0, games, 2)]
    mean, below, above = mean_interval(pair_means)
    seconds = sum(r.seconds for r in results)
    cpu = sum(r.cpu for r in results)
    moves = sum(r.moves for r in results)
    rounds = sum(len(r.net_per_round) for r in results)
    game = "" if getattr(args, "game_type", "diloti") == "diloti" else f"{args.game_type}, "
    engine = "" if getattr(args, "engine", "dln") == "dln" else f" {args.engine}"
    print(f"engine{engine} (budget {args.budget}) vs {args.opponent}, {game}{args.players} players, "
          f"target {args.target}, {'pooled runs' if args.from_logs else f'seed {args.seed}'}: {games // 2} "
          f"duplicate pairs, {games} games, {rounds} rounds")
    print(f"engine wins {wins}/{games} = {wins / games:.1%} (95% CI {low:.1%} to {high:.1%})")
    print(f"engine side minus opponent per round: {mean:+.2f} points (95% CI {below:+.2f} to {above:+.2f})")
    if speed:
        print(f"engine speed: {seconds / max(moves, 1):.3f} s per move wall clock ({moves / max(seconds, 1e-9):.2f} "
              f"moves/s), {cpu / max(moves, 1):.3f} s CPU ({moves} moves); run took {wall:.0f} s with {args.jobs} "
              "process(es)")
        other_moves = sum(r.other_moves for r in results)
        if args.opponent == "reference" and other_moves:
            print(f"reference (budget {args.reference_budget}) speed: "
                  f"{sum(r.other_cpu for r in results) / other_moves:.3f} s CPU per move ({other_moves} moves)")


if __name__ == "__main__":
    sys.exit(main())
