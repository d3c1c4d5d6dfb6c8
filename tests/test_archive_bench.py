"""bench/archive.py still runs and prints its figures (which no test judges: timings vary)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.mark.slow
def test_the_archive_benchmark_runs() -> None:
    result = subprocess.run([sys.executable, str(BENCH / "archive.py"), "--quick"], capture_output=True, text=True,
                            encoding="utf-8", timeout=600, check=False)
    assert result.returncode == 0, result.stderr
    assert "stats --ratings --json" in result.stdout and "OVER" not in result.stdout
