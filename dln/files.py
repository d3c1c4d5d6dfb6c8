"""Replacing a record file without losing anything: not half a file, not a change made meanwhile.

A record is the only trace of a game that was played, so a replacement must
leave the old file or the whole new one (a crash included), must not undo a
change another program made since the file was read, and must not change
what the file *is*: its owner, its mode, the links that point at it.

- :func:`read_snapshot` / :func:`snapshot` say what was read (device, inode,
  size, modification time and a digest of the bytes, taken while reading).
- :func:`replace_file` writes the new text under :func:`locked` and only if
  the file still is what the snapshot describes (else :class:`FileChanged`).
- :func:`locked` is the lock that ``dln fmt`` and ``dln record`` share: an
  advisory ``flock`` on the directory that holds the file (no lock file is
  left behind, and it works in a directory one may not write).  The recorder
  takes it for each move it writes, ``replace_file`` for its check and
  rename, so neither can slip between the other's check and write.  Programs
  that do not take it (``echo >> f.dln``) are caught by the snapshot check;
  only a change in the instant between that check and the rename escapes it.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
import shutil
import stat
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX: no advisory locks, the snapshot check remains
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "READ_ONLY",
    "FileChanged",
    "ReadOnlyFile",
    "Snapshot",
    "fsync_directory",
    "locked",
    "move_file",
    "read_snapshot",
    "remove_stale_folders",
    "remove_stale_temporaries",
    "replace_file",
    "snapshot",
    "temporary_name",
    "unwritable",
    "write_failure",
]

_CHUNK = 1 << 20


class FileChanged(OSError):
    """The file is no longer what was read: another program changed it meanwhile."""


class ReadOnlyFile(OSError):
    """The file is read-only (no write permission bit, or not writable by us); ``force`` overrides."""


#: What every command that writes says of a read-only file it leaves as it was (``dln fmt``'s record, the
#: ``-o`` of merge, filter, analyse --annotate, generate, html and svg, a chart of ``stats --plot``, the file
#: of ``dln record`` and ``dln play``), after the file's name and what it did not do: its owner took the write
#: bits away to keep it, and the command's ``--force`` writes it all the same.
READ_ONLY = "the file is read-only (--force rewrites it)"


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What a file was when it was read: enough to tell any later change.

    The stat fields catch nearly every change at once; the digest (BLAKE2b of
    the bytes) catches a rewrite of the same size within one tick of the
    file system's clock.
    """

    device: int
    inode: int
    size: int
    mtime_ns: int
    digest: str

    def same_stat(self, st: os.stat_result) -> bool:
        """Whether ``st`` shows the same file, size and modification time (no reading)."""
        return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns) == (self.device, self.inode, self.size,
                                                                      self.mtime_ns)


def read_snapshot(path: Path | str) -> tuple[bytes, Snapshot]:
    """The file's bytes and the snapshot of exactly those bytes (read again if it changes while read)."""
    target = Path(os.path.realpath(path))
    for _ in range(10):
        with open(target, "rb") as file:
            before = os.fstat(file.fileno())
            data = file.read()
        after = os.stat(target)
        if (before.st_ino, before.st_size, before.st_mtime_ns) == (after.st_ino, after.st_size, after.st_mtime_ns) \
                and len(data) == after.st_size:
            return data, _snapshot_of(after, hashlib.blake2b(data).hexdigest())
    raise FileChanged(errno.EAGAIN, "the file kept changing while it was read", str(path))


def snapshot(path: Path | str) -> Snapshot:
    """What ``path`` holds now.  Take it *before* reading the text you will transform (or use
    :func:`read_snapshot`): a change between the two then makes :func:`replace_file` refuse, never lose it."""
    return read_snapshot(path)[1]


def _snapshot_of(st: os.stat_result, digest: str) -> Snapshot:
    return Snapshot(st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, digest)


def _digest(path: Path) -> str:
    hasher = hashlib.blake2b()
    with open(path, "rb") as file:
        while chunk := file.read(_CHUNK):
            hasher.update(chunk)
    return hasher.hexdigest()


def _unchanged(path: Path, expected: Snapshot) -> bool:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return False
    return expected.same_stat(st) and _digest(path) == expected.digest


# -- the lock -----------------------------------------------------------------------------------------

_held = threading.local()


@contextlib.contextmanager
def locked(path: Path | str) -> Iterator[None]:
    """Hold the lock that dln's writers of ``path`` share (re-entrant within one thread).

    It is an exclusive ``flock`` on the directory that holds the file (after
    following symbolic links), so it needs no lock file and no write access
    to the directory; it is held only while a file is checked and written.
    """
    directory = os.path.dirname(os.path.realpath(path)) or "."
    counts: dict[str, int] = getattr(_held, "counts", None) or {}
    _held.counts = counts
    if counts.get(directory) or fcntl is None:
        counts[directory] = counts.get(directory, 0) + 1
        try:
            yield
        finally:
            counts[directory] -= 1
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # a directory we may enter but not read: no lock to share, the snapshot check remains
        counts[directory] = 1
        try:
            yield
        finally:
            counts[directory] = 0
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        counts[directory] = 1
        try:
            yield
        finally:
            counts[directory] = 0
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


# -- temporary files ----------------------------------------------------------------------------------


def temporary_name(target: Path, pid: int | None = None, kind: str = "tmp") -> Path:
    """The temporary file beside ``target`` that process ``pid`` writes: ``.NAME.dln-tmp-PID``
    (``.NAME.dln-new-PID`` for the copy kept during an in-place rewrite)."""
    return target.with_name(f".{target.name}.dln-{kind}-{os.getpid() if pid is None else pid}")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


#: A temporary file of any record: ``.NAME.dln-tmp-PID``.
_TEMPORARY = re.compile(r"\..+\.dln-tmp-(\d+)\Z")

#: Directories this process found free of stale temporary files, with their modification time then.
#: A directory whose time has not moved since holds no new file, so it is not read again: writing
#: 10,000 records into one directory (``dln split``) reads it once, not 10,000 times.
_SWEPT: dict[str, int] = {}


def remove_stale_temporaries(target: Path) -> list[Path]:
    """Remove the temporary files left in ``target``'s directory by processes that died (``kill -9``,
    power cut).

    A temporary file names its writer's PID; one whose process is alive is
    someone's write in progress and is left alone.  (A PID means something on
    this machine only: on a directory shared with another machine, a write in
    progress there could be taken for a dead one here; its rename then fails
    and that write reports an error, nothing else is lost.)  The directory is
    read again only when it has changed since this process last read it or
    wrote in it.  Returns what was removed.
    """
    directory = target.parent
    try:
        changed = os.stat(directory).st_mtime_ns
    except OSError:
        return []
    if _SWEPT.get(str(directory)) == changed:
        return []
    removed: list[Path] = []
    for entry in _left_by_the_dead(directory, _TEMPORARY):
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
            removed.append(Path(entry.path))
    return removed


def _left_by_the_dead(directory: Path, pattern: re.Pattern[str]) -> list[os.DirEntry[str]]:
    """The entries of ``directory`` whose names ``pattern`` matches with a PID (its first group) of a process
    now gone, not this one; none if the directory cannot be read."""
    with contextlib.suppress(OSError), os.scandir(directory) as entries:
        return [entry for entry in entries if (match := pattern.match(entry.name))
                and int(match.group(1)) != os.getpid() and not _alive(int(match.group(1)))]
    return []


def remove_stale_folders(directory: Path, prefix: str) -> list[Path]:
    """Remove the temporary folders ``PREFIX-PID-...`` that processes now gone (``kill -9``, a power cut) left
    in ``directory`` (``dln split``'s copy of its games); one whose process is alive is its work in progress,
    left alone, as :func:`remove_stale_temporaries` leaves a file.  Returns what was removed."""
    removed: list[Path] = []
    for entry in _left_by_the_dead(directory, re.compile(re.escape(prefix) + r"-(\d+)-")):
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path, ignore_errors=True)
            removed.append(Path(entry.path))
    return removed


def _swept(directory: Path) -> None:
    """Note that ``directory``, just written by this process after a sweep, holds no stale temporary file."""
    with contextlib.suppress(OSError):
        _SWEPT[str(directory)] = os.stat(directory).st_mtime_ns


# -- replacing ----------------------------------------------------------------------------------------


def is_read_only(st: os.stat_result, path: Path) -> bool:
    """No write bit at all (root may write anyway, but the owner said no), or not writable by us."""
    return not st.st_mode & 0o222 or not os.access(path, os.W_OK)


def read_only(path: Path | str) -> bool:
    """Whether ``path`` is a regular file that is read-only (:func:`is_read_only`); False when there is none:
    asked before a session that writes it move by move (``dln record``, ``dln play``) begins."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    return stat.S_ISREG(st.st_mode) and is_read_only(st, Path(path))


def replace_file(path: Path | str, chunks: Iterable[bytes], *, expected: Snapshot | None = None,
                 force: bool = False) -> None:
    """Make ``chunks`` the content of ``path``, durably; the check and the rename under :func:`locked`.

    - ``expected``: replace only if the file still is what was read
      (:class:`FileChanged` otherwise, and nothing is written).  A file that
      vanished since counts as changed.
    - A symbolic link is written through: its target is replaced, the link stays.
    - The new file keeps the old one's owner, group and mode (a new file gets
      what the umask allows).
    - A read-only file raises :class:`ReadOnlyFile` unless ``force``.
    - Normally the new text goes to ``.NAME.dln-tmp-PID`` beside the file,
      is fsynced and renamed over it, and the directory is fsynced: a crash
      leaves the old file or the whole new one.  Temporary files of dead
      processes are removed first.  The new text is written without the
      lock, so a long write holds up no other writer of the folder; the
      checks are made again under the lock, just before the rename (with
      ``expected``, a change made meanwhile is refused then).
    - When the file has other hard links, or its owner cannot be kept (we are
      not root and not its owner), a rename would cut the links or change
      the owner, so the file is rewritten in place instead: new text written
      from the start, truncated, fsynced.  That costs atomicity: a crash
      during the write leaves a mixture of old and new text, and a reader
      that takes no lock may see one.  (Before the in-place write, the new
      text is stored in the temporary file and fsynced, and it is removed
      only after the file is; so after such a crash the whole new text is
      still in ``.NAME.dln-new-PID``, which is never removed automatically.)

    Other failures (no space, no permission) raise the ordinary OSError; the
    file is then as it was, except after a failed in-place write, when it is
    restored from memory if it can be.
    """
    target = Path(os.path.realpath(path))
    with locked(target):
        st = _replaceable(target, expected, force, path)
        remove_stale_temporaries(target)
        if st is not None and _in_place(st):  # rewritten where it is: all under the lock (see above)
            _write_in_place(target, chunks, st, force)
            return
    # A new file renamed over the old one: written without the lock, so that a long write (a merge, a page)
    # holds up no recorder in the folder; renamed under it once the file is found still replaceable.
    temp = temporary_name(target)
    try:
        _write_temporary(temp, chunks, st)
        with locked(target):
            _put(temp, target, _replaceable(target, expected, force, path), force)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def move_file(source: Path, path: Path | str, *, force: bool = False) -> None:
    """Make ``source``, a whole file written on ``path``'s file system (``dln split`` keeps its games so until
    every input is read), the file ``path``, as :func:`replace_file` puts its own temporary file there: a
    rename under :func:`locked`, after the same checks, the replaced file's owner and mode kept (one with
    other hard links rewritten in place); ``source`` is gone once it is moved."""
    target = Path(os.path.realpath(path))
    with locked(target):
        now = _replaceable(target, None, force, path)
        remove_stale_temporaries(target)
        fd = os.open(source, os.O_RDONLY)
        try:
            if now is not None:
                _owned_like(fd, now)
            os.fsync(fd)
        finally:
            os.close(fd)
        _put(source, target, now, force)


def _put(temp: Path, target: Path, now: os.stat_result | None, force: bool) -> None:
    """Rename ``temp`` over ``target`` (``now``: its stat, or None), or copy it into ``target`` where a rename
    would cut its links or change its owner (:func:`_in_place`); durably.  Under the lock."""
    if now is not None and _in_place(now):  # linked (or given away) while the new text was written
        _rewrite_in_place(target, temp, now, force)
        os.unlink(temp)
    else:
        os.replace(temp, target)
    fsync_directory(target.parent)
    _swept(target.parent)


def _replaceable(target: Path, expected: Snapshot | None, force: bool, path: Path | str) -> os.stat_result | None:
    """The file's stat (None: there is none) once it is known it may be replaced: still what ``expected``
    saw (:class:`FileChanged`), a regular file, and writable unless ``force`` (:class:`ReadOnlyFile`)."""
    try:
        st: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        st = None
    if expected is not None and (st is None or not _unchanged(target, expected)):
        raise FileChanged(errno.EAGAIN, "the file was changed by another program since it was read", str(path))
    if st is not None and stat.S_ISDIR(st.st_mode):  # said as when a folder is read: 'Is a directory'
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise OSError(errno.EINVAL, "not a regular file", str(path))
    if st is not None and not force and is_read_only(st, target):
        raise ReadOnlyFile(errno.EACCES, "the file is read-only", str(path))
    return st


def _in_place(st: os.stat_result) -> bool:
    """Whether a rename would cut the file's other hard links or change its owner: then it is rewritten."""
    return st.st_nlink > 1 or not _can_own(st)


def _write_in_place(target: Path, chunks: Iterable[bytes], st: os.stat_result, force: bool) -> None:
    """The new text stored in ``.NAME.dln-new-PID`` (fsynced, kept if the rewrite dies), then copied over the
    file itself; the copy removed once the file is whole."""
    temp = temporary_name(target, kind="new")
    try:
        _write_temporary(temp, chunks, st)
        _rewrite_in_place(target, temp, st, force)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    os.unlink(temp)
    fsync_directory(target.parent)
    _swept(target.parent)


def _can_own(st: os.stat_result) -> bool:
    """Whether a file we create can be given ``st``'s owner and group (we are root, or its owner)."""
    if not hasattr(os, "geteuid"):
        return True
    uid = os.geteuid()
    return uid == 0 or (st.st_uid == uid and (st.st_gid in os.getgroups() or st.st_gid == os.getegid()))


def _write_temporary(temp: Path, chunks: Iterable[bytes], st: os.stat_result | None) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(temp)  # ours: a PID is used by one process at a time, and we hold the lock
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        for chunk in chunks:
            _write_all(fd, chunk)
        if st is not None:
            _owned_like(fd, st)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.fchmod(fd, 0o666 & ~umask)
        os.fsync(fd)
    finally:
        os.close(fd)


def _owned_like(fd: int, st: os.stat_result) -> None:
    """Give the open file ``fd`` the owner, group (where we may) and mode of the file ``st`` it replaces."""
    if hasattr(os, "fchown") and (st.st_uid, st.st_gid) != (os.fstat(fd).st_uid, os.fstat(fd).st_gid):
        with contextlib.suppress(PermissionError):
            os.fchown(fd, st.st_uid, st.st_gid)
    os.fchmod(fd, stat.S_IMODE(st.st_mode))


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _rewrite_in_place(target: Path, temp: Path, st: os.stat_result, force: bool) -> None:
    """Copy ``temp`` into ``target`` itself (keeping its inode: links, owner); restore the old bytes on failure."""
    old = target.read_bytes()
    restore_mode = None
    if force and not st.st_mode & 0o200 and _can_own(st):
        restore_mode = stat.S_IMODE(st.st_mode)
        os.chmod(target, restore_mode | 0o200)
    try:
        fd = os.open(target, os.O_WRONLY)
        try:
            try:
                with open(temp, "rb") as source:
                    while chunk := source.read(_CHUNK):
                        _write_all(fd, chunk)
                    os.ftruncate(fd, source.tell())
                os.fsync(fd)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.lseek(fd, 0, os.SEEK_SET)
                    _write_all(fd, old)
                    os.ftruncate(fd, len(old))
                    os.fsync(fd)
                raise
        finally:
            os.close(fd)
    finally:
        if restore_mode is not None:
            os.chmod(target, restore_mode)


def fsync_directory(directory: Path) -> None:
    """Make a new or renamed directory entry durable (where the platform allows it)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def is_stream(output: str) -> bool:
    """Whether ``output`` is a device or a pipe (``/dev/stdout``, ``/dev/null``, a named pipe): written to as
    standard output is, not replaced by a file renamed over it."""
    try:
        mode = os.stat(output).st_mode
    except OSError:
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def write_failure(exc: OSError) -> str:
    """Why a write failed, in words: where the file refused was a new one (the copy renamed over a file, or a
    file to create), the folder's state (:func:`unwritable`: missing, not a folder, not writable), which the
    system's 'Permission denied' or 'No such file or directory' does not name; else the system's words."""
    name = exc.filename
    if exc.errno in (errno.EACCES, errno.EPERM, errno.ENOENT, errno.ENOTDIR) and name is not None \
            and not os.path.lexists(name) and (why := unwritable(os.fspath(name))):
        return why
    return exc.strerror or str(exc)


def unwritable(output: str) -> str | None:
    """Why no file can be written at ``output`` (its folder is missing, is not a folder, or is not writable by
    us), or None: asked before a long command's work, so that it does not end in that error."""
    if is_stream(output):
        return None
    folder = os.path.dirname(output) or os.curdir
    if not os.path.exists(folder):
        return f"there is no folder {folder}"
    if not os.path.isdir(folder):
        return f"{folder} is not a folder"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"the folder {folder} is not writable"
    return None
