"""Options have bounds (issue 28): --jobs and --width refused beyond them with a usage error, never a
traceback, and worker processes started only for the work there is."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
from pathlib import Path
from typing import Any, ClassVar

import pytest
from click.testing import CliRunner

from dln.analysis.search import MAX_BUDGET
from dln.cli import main
from dln.cli.common import JOBS_PER_CPU, MAX_WIDTH, cpus
from dln.workers import Workers

SAMPLE = str(Path(__file__).parent.parent / "samples" / "two-player-61.dln")

#: Each command that shares its work among processes, with what else it needs to run.
JOB_COMMANDS = [["validate", SAMPLE], ["stats", SAMPLE], ["filter", "--xeri", SAMPLE],
                ["analyse", "--budget", "1", SAMPLE], ["generate", "--games", "1"]]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout + result.stderr


@pytest.mark.parametrize("command", JOB_COMMANDS, ids=lambda c: c[0])
@pytest.mark.parametrize("jobs", ["99999999999999999999", "9" * 5000, "most+1", "0", "-3"])
def test_jobs_beyond_the_bound_is_a_usage_error(command: list[str], jobs: str) -> None:
    most = JOBS_PER_CPU * cpus()
    jobs = str(most + 1) if jobs == "most+1" else jobs
    code, out = run(command[0], "--jobs", jobs, *command[1:])
    assert code == 2 and "Invalid value for '-j' / '--jobs'" in out, out
    if jobs.isdigit() and (len(jobs) > 9 or int(jobs) > most):
        assert f"at most {most} on this machine" in out
    assert "Traceback" not in out


def test_the_help_tells_the_bound_of_jobs() -> None:
    for command in JOB_COMMANDS:
        assert "At most 4 per CPU" in " ".join(run(command[0], "--help")[1].split()), command[0]


class Recorded(concurrent.futures.ProcessPoolExecutor):
    """A pool that notes how many processes each command asked for."""

    sizes: ClassVar[list[int]] = []

    def __init__(self, max_workers: int | None = None, *args: Any, **kwargs: Any) -> None:
        Recorded.sizes.append(max_workers or 0)
        super().__init__(max_workers, *args, **kwargs)


@pytest.mark.parametrize("command", JOB_COMMANDS[:3], ids=lambda c: c[0])
def test_one_game_with_many_jobs_starts_one_process(command: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Recorded)
    Recorded.sizes = []
    code, out = run(command[0], "--jobs", str(JOBS_PER_CPU * cpus()), *command[1:])
    assert code in (0, 1), out
    assert Recorded.sizes and max(Recorded.sizes) == 1, Recorded.sizes


def _pid(_: int) -> int:
    return os.getpid()


@pytest.mark.parametrize(("tasks", "started"), [(0, 0), (1, 1), (3, 3), (20, 4)])
def test_workers_never_outnumber_the_work(tasks: int, started: int) -> None:
    with Workers(4) as workers:
        done = list(workers.map(_pid, range(tasks)))
        assert len(done) == tasks and os.getpid() not in done
        assert workers.processes == started
        assert len(multiprocessing.active_children()) <= started


def test_workers_grow_for_a_larger_run_of_work() -> None:
    with Workers(4) as workers:
        assert [kept for kept, _ in workers.in_order(_pid, [("a", 1)])] == ["a"]
        assert workers.processes == 1
        assert [kept for kept, _ in workers.in_order(_pid, [(n, n) for n in range(6)])] == list(range(6))
        assert workers.processes == 4
    assert workers.processes == 0


@pytest.mark.parametrize("command", ["show", "replay"])
@pytest.mark.parametrize("width", ["99999999999999999999", str(MAX_WIDTH + 1), "39"])
def test_width_beyond_the_bound_is_a_usage_error(command: str, width: str) -> None:
    code, out = run(command, "--width", width, SAMPLE)
    assert code == 2 and "Invalid value for '--width'" in out and "40<=x<=1000" in out, out


def test_the_widest_drawing_is_drawn() -> None:
    code, out = run("show", "--width", str(MAX_WIDTH), "--move", "end", SAMPLE)
    assert code == 0 and max(len(line) for line in out.splitlines()) == MAX_WIDTH


@pytest.mark.parametrize("command", [["analyse", SAMPLE], ["moves", "--at", "1", "--rank", SAMPLE],
                                     ["generate", "--strategy", "engine"], ["play", "never-written.dln"]],
                         ids=lambda c: c[0])
def test_a_budget_beyond_the_bound_is_a_usage_error(command: list[str]) -> None:
    for budget in ("99999999999999999999", str(MAX_BUDGET + 1)):
        code, out = run(command[0], "--budget", budget, *command[1:])
        assert code == 2 and f"Invalid value for '--budget': {budget} is not in the range 1<=x<={MAX_BUDGET}" in out


def test_games_to_generate_beyond_the_bound_is_a_usage_error(tmp_path: Path) -> None:
    """A million games is 7 GB of records; more than that is a typing slip, which filled the disk."""
    from dln.cli.generate_record import MAX_GAMES

    out_file = tmp_path / "many.dln"
    for games in ("99999999999999999999", str(MAX_GAMES + 1)):
        code, out = run("generate", "--games", games, "-o", str(out_file))
        assert code == 2 and f"{games} is not in the range 0<=x<={MAX_GAMES}" in out and not out_file.exists()
