"""A small real file system for the tests that fill a disk: a tmpfs of a given size, mounted for one test."""

from __future__ import annotations

import contextlib
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


@contextlib.contextmanager
def tmpfs(directory: Path, size: str) -> Iterator[Path]:
    """``directory`` as a tmpfs of ``size`` (e.g. ``"64k"``); the test is skipped where mounting is refused."""
    directory.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(directory)],
                             capture_output=True, check=False)
    if mounted.returncode:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield directory
    finally:
        subprocess.run(["umount", str(directory)], check=False)
