"""The recorder's file (issue 17): a full disk loses nothing and is recovered from, and the recorder
and dln fmt share one file without losing an accepted move."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import dln
import dln.files
from dln.check.validate import validate_game
from dln.files import replace_file
from dln.notation.writer import write_games
from dln.record import Options, Terminal, run
from tests.disk import tmpfs

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
        games = list(dln.notation.parser.parse_text(path.read_text(encoding="utf-8"), keep_line_comments=True))
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

    code, out = record(path, ["4c 5h =9", "4c 5h =9"], {0: another_recorder})
    assert code == 2
    assert out.endswith(f"{path}: another program changed the file since the last line was saved, and round 1 now "
                        "has a move 1 (1. N 4c) that this session did not record\n"
                        f"{path}: '4c 5h =9' was not recorded and nothing was overwritten; run 'dln record {path}' "
                        "again to go on from what the file holds now\n")  # the session stops: no retry
    assert path.read_text(encoding="utf-8") == START + "1. N 4c\n"


def _writer_keeps(comment: str) -> bool:
    """Whether the reader and writer (the robust helper's part of issue 17) keep this ';' comment."""
    try:
        games = list(dln.notation.parser.parse_text(f"round 1\nN 7c ; {comment}\n", keep_line_comments=True))
        write_games(games)
    except (ValueError, dln.DLNSyntaxError):
        return False
    return True


@pytest.mark.parametrize("comment", ["a { b", "a } b"])
def test_a_line_comment_with_a_brace_is_never_a_traceback(tmp_path: Path, comment: str) -> None:
    """Issue 17: resuming a file with `; a { b` crashed; one with `; a } b` was refused as not DLN."""
    path = tmp_path / "game.dln"
    original = START + f"N 4c 5h =9 ; {comment}\n"
    path.write_text(original, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "dln", "record", str(path)], input="Ks\n", capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert "Traceback" not in done.stdout + done.stderr
    if not _writer_keeps(comment):  # until the reader/writer keep such comments: a clear refusal, file untouched
        assert done.returncode == 2 or "nothing was recorded" in done.stdout, done.stdout
        assert path.read_text(encoding="utf-8") == original
        pytest.skip("the reader/writer do not keep this comment yet (the robust helper's part of issue 17)")
    assert done.returncode == 0, done.stdout
    text = path.read_text(encoding="utf-8")
    assert text.startswith(START) and text.endswith("2. S Ks\n")
    (game,) = dln.loads_all(text)
    assert validate_game(game).errors == 0
    assert f"N 4c 5h =9 ; {comment}\n" in text  # the note stays where it was written
    (kept,) = dln.notation.parser.parse_text(text, keep_line_comments=True)
    assert comment in " ".join(c for m in kept.rounds[0].moves for c in m.comments)


def test_the_recorder_writes_under_the_lock_fmt_takes(tmp_path: Path) -> None:
    """The shared protocol: while dln fmt holds the lock (checking and renaming), a move waits for it."""
    import threading

    from dln.files import locked
    from dln.record import RecordFile

    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")
    file = RecordFile(path)
    file.load()
    done = threading.Event()

    def commit() -> None:
        file.commit(START + "1. N 4c 5h =9\n")
        done.set()

    with locked(path):
        thread = threading.Thread(target=commit)
        thread.start()
        assert not done.wait(0.3)
        assert path.read_text(encoding="utf-8") == START
    thread.join()
    assert path.read_text(encoding="utf-8") == START + "1. N 4c 5h =9\n"


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_refused_at_once_instead_of_read_forever(device: str) -> None:
    """``dln record /dev/zero`` used to read until memory ran out: the recorder replaces its file, so it
    takes a regular file only and says so (exit 2), before reading a byte."""
    if not Path(device).exists():
        pytest.skip(f"{device} does not exist here")
    done = subprocess.run([sys.executable, "-m", "dln", "record", device], input="", capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    # The recorder talks to the person at the table on standard output, its refusals included.
    assert f"{device}: error: cannot read: not a regular file" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def test_a_fifo_is_refused_too(tmp_path: Path) -> None:
    fifo = tmp_path / "game.dln"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "dln", "record", str(fifo)], input="", capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "not a regular file" in done.stdout
    assert fifo.exists() and not fifo.is_file()
