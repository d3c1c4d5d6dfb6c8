"""The recorder's file (issue 17): a full disk loses nothing and is recovered from, and the recorder
and dln fmt share one file without losing an accepted move."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import dln
import dln.files
from dln.files import replace_file
from dln.record import Options, Terminal, run
from dln.validate import validate_game
from dln.writer import write_games

ROOT = Path(__file__).parent.parent
START = '[Target "10"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n'


class Typist(io.StringIO):
    """Standard input that runs ``actions[n]`` just before the n-th line (0-based) is read."""

    def __init__(self, lines: list[str], actions: dict[int, Callable[[], None]]) -> None:
        super().__init__("".join(line + "\n" for line in lines))
        self.actions = actions
        self.count = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        action = self.actions.get(self.count)
        self.count += 1
        if action is not None:
            action()
        return super().readline()


def record(path: Path, lines: list[str], actions: dict[int, Callable[[], None]] | None = None) -> tuple[int, str]:
    out = io.StringIO()
    code = run(path, Options(), Terminal(Typist(lines, actions or {}), out, False))
    return code, out.getvalue()


def test_a_move_that_meets_a_full_disk_leaves_no_trace_and_the_next_one_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 17: a partial line `1. S` was left, and every later move was refused as 'changed by another
    program'."""
    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")
    real_write = os.write
    full = {"on": False}

    def write(fd: int, data: bytes) -> int:
        if full["on"]:
            full["on"] = False
            real_write(fd, bytes(data[:4]))  # the disk takes four bytes, then it is full
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)
    _, out = record(path, ["4c 5h =9", "4c 5h =9", "Ks"], {0: lambda: full.update(on=True)})
    assert "nothing was recorded" in out
    assert "cannot write the record: No space left on device" in out
    assert "changed by another program" not in out
    assert path.read_text(encoding="utf-8") == START + "1. N 4c 5h =9\n2. S Ks\n"


@contextlib.contextmanager
def tmpfs(directory: Path, size: str) -> Iterator[Path]:
    directory.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(directory)],
                             capture_output=True, check=False)
    if mounted.returncode:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield directory
    finally:
        subprocess.run(["umount", str(directory)], check=False)


def test_a_really_full_disk(tmp_path: Path) -> None:
    """The same on a real full file system: a tmpfs of 64 KiB filled up, then freed."""
    with tmpfs(tmp_path / "disk", "64k") as disk:
        path = disk / "game.dln"
        # The record ends 6 bytes before a page boundary, so the next line is written in part, then fails.
        pad = 4096 - 6 - len(START.encode()) - len("{}\n")
        path.write_text(START.replace("table", "{" + "x" * pad + "}\ntable"), encoding="utf-8")
        assert path.stat().st_size % 4096 == 4090
        filler = disk / "filler"

        def fill() -> None:
            fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * 1024)
            os.close(fd)

        _, out = record(path, ["4c 5h =9", "4c 5h =9", "Ks"], {0: fill, 1: filler.unlink})
        assert "cannot write the record: No space left on device" in out
        assert "changed by another program" not in out
        text = path.read_text(encoding="utf-8")
        assert text.endswith("table 5h 3c 9d Js\n1. N 4c 5h =9\n2. S Ks\n")
        assert validate_game(dln.loads(text)).errors == 0


def test_fmt_between_two_moves_does_not_stop_the_recorder(tmp_path: Path) -> None:
    """The recorder reads the file again when it changed underneath and goes on if it holds the same game."""
    path = tmp_path / "game.dln"
    path.write_text(START.replace("table 5h", "table   5h") + "N 4c 5h =9 ;a note\n", encoding="utf-8")

    def fmt() -> None:
        games = list(dln.parser.parse_text(path.read_text(encoding="utf-8"), keep_line_comments=True))
        replace_file(path, [write_games(games).encode()])

    code, out = record(path, ["Ks", "9s x 9d"], {1: fmt})
    assert code == 0, out
    assert "changed by another program" not in out
    assert path.read_text(encoding="utf-8") == START + "N 4c 5h =9 {a note}\n2. S Ks\n3. N 9s x 9d\n"


def test_a_real_change_underneath_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")

    def another_recorder() -> None:
        with path.open("a", encoding="utf-8") as file:
            file.write("1. N 4c\n")

    _, out = record(path, ["4c 5h =9"], {0: another_recorder})
    assert "changed by another program" in out
    assert path.read_text(encoding="utf-8") == START + "1. N 4c\n"
