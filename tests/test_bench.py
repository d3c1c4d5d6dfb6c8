"""The benchmark scripts still run and print their figures (which no test judges: timings vary)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from dln.analysis.solver import Solver
from dln.engine import Rules, legal_moves
from dln.games.protocol import game_of
from tests.engine.conftest import declaring_positions
from tests.test_analysis_search import hide_others, late_position

pytestmark = pytest.mark.slow  # a benchmark, a race or a real terminal: seconds each

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.mark.parametrize(
    ("script", "args", "printed"),
    [
        ("engine.py", ["--rounds", "3", "--repeat", "1"], "µs/move"),
        ("legal_moves.py", ["--repeat", "1", "--table", "loose20", "--rules", "forced", "--no-exact"], "loose20"),
        ("replay.py", ["--runs", "1", "--file", str(BENCH.parent / "samples" / "constructs" / "variations.dln")],
         "whole process"),
        ("commands.py", ["--quick"], "cards named: validate"),
        ("analysis_speed.py", ["--budget", "2", "--rounds", "1", "--play"], "choose_move, budget 2"),
        ("analysis_speed.py", ["--budget", "2", "--rounds", "1", "--reference"], "reference choose_move, budget 100"),
        ("analysis_speed.py", ["--budget", "2", "--rounds", "1", "--agreement", "--quick-playouts", "3"],
         "name the same best move in"),  # and the analysis's speed, which it prints too
        ("playouts.py", ["--rounds", "1", "--repeats", "1"], "us a step"),
        ("strength.py", ["--pairs", "1", "--budget", "2", "--target", "3"], "engine wins"),
        ("strength.py", ["--pairs", "1", "--budget", "2", "--opponent", "reference", "--reference-budget", "2",
                         "--target", "3"], "reference (budget 2) speed"),
        ("strength.py", ["--pairs", "1", "--budget", "2", "--engine", "ismcts", "--target", "3"],
         "engine ismcts (budget 2) vs greedy"),
        ("viewer.py", ["--runs", "1", "--file", str(BENCH.parent / "samples" / "constructs" / "variations.dln")],
         "a position"),
        ("family.py", ["--games", "1", "--repeat", "1"], "x Diloti"),
        ("solver.py", ["--positions", "20", "--house"], "CPU ms per solve"),
        ("solver.py", ["--positions", "20", "--rules-engine"], "on the rules engine: CPU ms per solve"),
        ("regret.py", ["--rounds", "1", "--worlds", "2", "--seeds", "1", "--budget", "2", "--reference-budget", "2"],
         "minus dln budget 2's"),
        ("playloop.py", ["--rounds", "2", "--positions", "2", "--repeat", "1", "--games", "1"], "playouts/s"),
        ("horizon.py", ["--rounds", "2", "--playouts", "2"], "spread 1.6: mean squared error"),
        ("horizon.py", ["--rounds", "2", "--playouts", "2", "--players", "4"], "<- dln"),
    ],
)
def test_a_benchmark_script_runs(script: str, args: list[str], printed: str) -> None:
    """A quick run of each script: a broken benchmark is found by the suite, not by the next person timing."""
    result = subprocess.run([sys.executable, str(BENCH / script), *args], capture_output=True, text=True,
                            encoding="utf-8", timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    assert printed in result.stdout


@pytest.mark.parametrize(("args", "code", "said"), [
    (["--help"], 0, "valgrind --tool=callgrind"),
    (["no-such.dln"], 2, "no-such.dln: no such file"),
    (["--self-play"], 2, "python bench/instructions.py FILE.dln"),
])
def test_instructions_says_how_it_is_run_without_running_valgrind(args: list[str], code: int, said: str) -> None:
    """docs/performance.md runs bench/instructions.py by hand: --help ran valgrind on a file named '--help'
    and printed its FileNotFoundError traceback; a missing file did the same."""
    result = subprocess.run([sys.executable, str(BENCH / "instructions.py"), *args], capture_output=True, text=True,
                            check=False)
    assert result.returncode == code
    assert said in result.stdout + result.stderr and "Traceback" not in result.stdout + result.stderr


def test_pooled_strength_logs_say_what_was_measured() -> None:
    """--from-logs takes the run's kind (players, opponent, budget) from the logs, and refuses to pool two kinds."""
    results = BENCH / "results"
    four = sorted(str(p) for p in results.glob("strength-4p-greedy-*.txt"))
    pooled = subprocess.run([sys.executable, str(BENCH / "strength.py"), "--from-logs", *four], capture_output=True,
                            text=True, encoding="utf-8", timeout=300, check=False)
    assert pooled.returncode == 0, pooled.stderr
    assert "vs greedy, 4 players" in pooled.stdout and "100 games" in pooled.stdout
    mixed = subprocess.run([sys.executable, str(BENCH / "strength.py"), "--from-logs", four[0],
                            str(results / "strength-2p-random-seed1-pairs50.txt")], capture_output=True, text=True,
                           encoding="utf-8", timeout=300, check=False)
    assert mixed.returncode != 0 and "different runs" in mixed.stderr


def test_paired_logs_compare_two_engines_pair_by_pair() -> None:
    """--paired compares two engines' runs of the same packs pair by pair (docs/analysis.md quotes it), and
    refuses logs that do not come two by two or that played different opponents."""
    results = BENCH / "results"
    twins, before = (str(results / f"strength-2p-reference-seed1-{name}.txt") for name in ("pairs60-twins", "pairs100"))
    compared = subprocess.run([sys.executable, str(BENCH / "strength.py"), "--paired", twins, before],
                              capture_output=True, text=True, encoding="utf-8", timeout=300, check=False)
    assert compared.returncode == 0, compared.stderr
    assert "60 pairs in both" in compared.stdout
    assert "A minus B, pair by pair: +0.09 (-0.56 to +0.73)" in compared.stdout
    missing = str(results / "no-such-log.txt")
    for logs in ([twins], [twins, str(results / "strength-2p-greedy-seed0-pairs100.txt")], [twins, missing]):
        refused = subprocess.run([sys.executable, str(BENCH / "strength.py"), "--paired", *logs], capture_output=True,
                                 text=True, encoding="utf-8", timeout=300, check=False)
        assert refused.returncode != 0 and "Traceback" not in refused.stderr


def test_the_readme_lists_the_goals_bench_goals_measures() -> None:
    """README's goal table is bench/goals.py's (its rows, goals and commands; the figures are a run's)."""
    result = subprocess.run([sys.executable, str(BENCH / "goals.py"), "--check", str(BENCH.parent / "README.md")],
                            capture_output=True, text=True, encoding="utf-8", timeout=60, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_reference_greedy_player_of_its_day_chooses_as_dlns(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reference keeps its day's greedy player (each move made and looked at) for its day's cost; dln's
    greedy player, faster, must choose the same move with the same random source, or the reference would
    no longer be the engine it stands for.  Positions rich in declarations, house rules on at random."""
    monkeypatch.syspath_prepend(str(BENCH))
    from reference_engine import greedy_of_its_day

    positions = declaring_positions(seed=20261127, rounds=150, max_loose=8, house_rules=True)
    for k, state in enumerate(positions):
        moves = legal_moves(state)
        ours = game_of(state).greedy_move(state, moves, random.Random(k))
        assert greedy_of_its_day(state, moves, random.Random(k)) == ours, state
    assert len(positions) > 1000


def test_information_set_mcts_finds_best_play_where_nothing_is_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    """bench/ismcts_engine.py's tree, walked in the one world of small two-player last deals (three cards
    each), chooses a move of best play, as the exact solver values them: the mover's nodes maximise its side's
    points and the opponent's minimise them (with the opponent's sign wrong it misses the best move in one of
    the 15 deals where the choice matters, with both signs wrong in 13)."""
    monkeypatch.syspath_prepend(str(BENCH))
    from ismcts_engine import search

    chances = 0
    for seed in range(40):
        state = late_position(seed, 2, Rules(), 6)
        moves = legal_moves(state)
        sign = 1 if state.side_index(state.turn) == 0 else -1
        values = {}
        for move in moves:
            points = Solver().solve(game_of(state).apply(state, move))
            values[move.key()] = sign * (points[0] - points[1])
        if len(set(values.values())) < 2:
            continue  # every move as good
        chances += 1
        chosen = search(hide_others(state), budget=100, seed=seed)
        assert values[chosen.key()] == max(values.values()), (seed, state)
    assert chances >= 10
