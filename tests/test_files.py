"""dln.files: replacing a record file loses nothing and changes nothing but its text."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from dln import files
from dln.files import FileChanged, ReadOnlyFile, locked, read_snapshot, replace_file, snapshot, temporary_name

ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_replace_when_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "f.dln"
    path.write_bytes(b"old\n")
    data, snap = read_snapshot(path)
    assert data == b"old\n"
    replace_file(path, [b"new", b"\n"], expected=snap)
    assert path.read_bytes() == b"new\n"
    assert not list(tmp_path.glob(".f.dln.dln-*"))


def test_append_since_the_snapshot_is_kept(tmp_path: Path) -> None:
    """Issue 17: `echo ... >> f.dln` while fmt works must not be lost."""
    path = tmp_path / "f.dln"
    path.write_bytes(b"1. Kc\n")
    snap = snapshot(path)
    with path.open("ab") as file:
        file.write(b"2. 9d\n")
    with pytest.raises(FileChanged):
        replace_file(path, [b"formatted\n"], expected=snap)
    assert path.read_bytes() == b"1. Kc\n2. 9d\n"


def test_same_size_rewrite_with_the_old_mtime_is_seen(tmp_path: Path) -> None:
    path = tmp_path / "f.dln"
    path.write_bytes(b"1. Kc\n")
    snap = snapshot(path)
    path.write_bytes(b"1. Qc\n")
    os.utime(path, ns=(snap.mtime_ns, snap.mtime_ns))
    with pytest.raises(FileChanged):
        replace_file(path, [b"x\n"], expected=snap)
    assert path.read_bytes() == b"1. Qc\n"


def test_a_vanished_file_counts_as_changed(tmp_path: Path) -> None:
    path = tmp_path / "f.dln"
    path.write_bytes(b"a\n")
    snap = snapshot(path)
    path.unlink()
    with pytest.raises(FileChanged):
        replace_file(path, [b"b\n"], expected=snap)
    assert not path.exists()


def test_symlink_is_written_through(tmp_path: Path) -> None:
    target = tmp_path / "games" / "real.dln"
    target.parent.mkdir()
    target.write_bytes(b"old\n")
    link = tmp_path / "link.dln"
    link.symlink_to(target)
    replace_file(link, [b"new\n"], expected=snapshot(link))
    assert link.is_symlink()
    assert target.read_bytes() == b"new\n"


def test_hard_links_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "f.dln"
    path.write_bytes(b"old text\n")
    other = tmp_path / "g.dln"
    os.link(path, other)
    inode = path.stat().st_ino
    replace_file(path, [b"new\n"], expected=snapshot(path))
    assert other.read_bytes() == b"new\n"
    assert path.stat().st_ino == inode and path.stat().st_nlink == 2
    assert not list(tmp_path.glob(".f.dln.dln-*"))


def test_mode_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "f.dln"
    path.write_bytes(b"old\n")
    path.chmod(0o640)
    replace_file(path, [b"new\n"])
    assert path.stat().st_mode & 0o7777 == 0o640


@pytest.mark.skipif(not ROOT, reason="only root can give a file to another user")
def test_owner_is_kept(tmp_path: Path) -> None:
    """Issue 17: fmt as root made another user's file root-owned and unreadable to them."""
    path = tmp_path / "f.dln"
    path.write_bytes(b"old\n")
    path.chmod(0o600)
    os.chown(path, 4321, 4322)
    replace_file(path, [b"new\n"], expected=snapshot(path))
    st = path.stat()
    assert (st.st_uid, st.st_gid, st.st_mode & 0o7777) == (4321, 4322, 0o600)
    assert path.read_bytes() == b"new\n"


def test_read_only_is_refused_unless_forced(tmp_path: Path) -> None:
    path = tmp_path / "f.dln"
    path.write_bytes(b"old\n")
    path.chmod(0o444)
    with pytest.raises(ReadOnlyFile):
        replace_file(path, [b"new\n"])
    assert path.read_bytes() == b"old\n"
    replace_file(path, [b"new\n"], force=True)
    assert path.read_bytes() == b"new\n"
    assert path.stat().st_mode & 0o7777 == 0o444


def test_stale_temporaries_of_dead_processes_are_removed(tmp_path: Path) -> None:
    path = tmp_path / "f.dln"
    path.write_bytes(b"old\n")
    stale = temporary_name(path, _dead_pid())
    stale.write_bytes(b"x" * 10000)
    alive = temporary_name(path, os.getppid())
    alive.write_bytes(b"someone's write in progress")
    kept = temporary_name(path, _dead_pid(), kind="new")
    kept.write_bytes(b"the new text of a rewrite cut short")
    replace_file(path, [b"new\n"])
    assert not stale.exists()
    assert alive.exists() and kept.exists()


def test_a_directory_is_swept_once_while_only_we_write_in_it(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """dln split writes thousands of records into one directory: reading the whole directory for stale
    temporaries before each write made that quadratic.  It is read again only when something else
    changed it, and a stale file left there meanwhile is still removed at the next write."""
    reads: list[str] = []
    real_scandir = os.scandir

    def counting_scandir(path: str | os.PathLike[str]) -> object:
        reads.append(os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(files.os, "scandir", counting_scandir)
    for number in range(50):
        replace_file(tmp_path / f"{number:03}.dln", [b"round 1\n"])
    assert reads.count(str(tmp_path)) == 1
    stale = temporary_name(tmp_path / "007.dln", _dead_pid())
    stale.write_bytes(b"a write cut short")  # the directory changes: it is read again
    replace_file(tmp_path / "050.dln", [b"round 1\n"])
    assert not stale.exists()
    assert reads.count(str(tmp_path)) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{n:03}.dln" for n in range(51)]


def test_no_space_leaves_the_file_and_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "f.dln"
    path.write_bytes(b"old\n")
    real_write = os.write

    def full(fd: int, data: bytes) -> int:
        if len(data) > 2:
            return real_write(fd, bytes(data[:2]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "write", full)
    with pytest.raises(OSError) as caught:
        replace_file(path, [b"a longer new text\n"])
    assert caught.value.errno == errno.ENOSPC
    monkeypatch.undo()
    assert path.read_bytes() == b"old\n"
    assert not list(tmp_path.glob(".f.dln.dln-*"))


def test_no_space_during_an_in_place_rewrite_restores_the_file(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "f.dln"
    path.write_bytes(b"old text that is long\n")
    os.link(path, tmp_path / "g.dln")
    real_ftruncate = os.ftruncate
    calls = []

    def full(fd: int, length: int) -> None:
        calls.append(length)
        if len(calls) == 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_ftruncate(fd, length)

    monkeypatch.setattr(files.os, "ftruncate", full)
    with pytest.raises(OSError):
        replace_file(path, [b"new\n"])
    monkeypatch.undo()
    assert path.read_bytes() == b"old text that is long\n"


def test_replace_waits_for_the_lock(tmp_path: Path) -> None:
    path = tmp_path / "f.dln"
    path.write_bytes(b"old\n")
    done = threading.Event()

    def writer() -> None:
        replace_file(path, [b"new\n"])
        done.set()

    with locked(path):
        thread = threading.Thread(target=writer)
        thread.start()
        assert not done.wait(0.3)
        assert path.read_bytes() == b"old\n"
    thread.join()
    assert path.read_bytes() == b"new\n"


def test_the_lock_is_free_while_the_new_text_is_written(tmp_path: Path) -> None:
    """A long write (a merge, an HTML page) held the folder's lock from its first byte to the rename, and a
    recorder in the same folder waited minutes for its next move (issue 28's final audit).  The lock is now
    taken for the checks and the rename only; a change made meanwhile is still refused then."""
    path = tmp_path / "f.dln"
    path.write_bytes(b"old\n")
    writing, go_on = threading.Event(), threading.Event()
    failure: list[BaseException] = []

    def chunks() -> Iterator[bytes]:
        yield b"new "
        writing.set()
        assert go_on.wait(10)
        yield b"text\n"

    def writer(expected: files.Snapshot | None) -> None:
        try:
            replace_file(path, chunks(), expected=expected)
        except BaseException as exc:  # handed to the test's thread
            failure.append(exc)

    thread = threading.Thread(target=writer, args=(None,))
    thread.start()
    assert writing.wait(10)
    with locked(path):  # taken at once: the writer holds no lock while it writes
        path.write_bytes(b"changed by a recorder\n")
    go_on.set()
    thread.join(10)
    assert not failure and path.read_bytes() == b"new text\n"  # no snapshot asked for: the new text wins
    # With a snapshot, the change made while the new text was written is refused, and kept.
    writing.clear(), go_on.clear()
    thread = threading.Thread(target=writer, args=(snapshot(path),))
    thread.start()
    assert writing.wait(10)
    with locked(path):
        path.write_bytes(b"changed by a recorder\n")
    go_on.set()
    thread.join(10)
    assert len(failure) == 1 and isinstance(failure[0], FileChanged)
    assert path.read_bytes() == b"changed by a recorder\n"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary left


def test_lock_is_reentrant_in_one_thread(tmp_path: Path) -> None:
    path = tmp_path / "f.dln"
    path.write_bytes(b"old\n")
    with locked(path), locked(path):
        replace_file(path, [b"new\n"])
    assert path.read_bytes() == b"new\n"


def test_new_file(tmp_path: Path) -> None:
    path = tmp_path / "new.dln"
    replace_file(path, [b"text\n"])
    assert path.read_bytes() == b"text\n"
