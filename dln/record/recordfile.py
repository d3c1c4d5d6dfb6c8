"""The record on disk: written so that nothing accepted is ever lost, and read back to go on."""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import stat
from dataclasses import dataclass
from pathlib import Path

from dln.files import FileChanged, locked, read_snapshot, replace_file
from dln.notation.errors import DLNSyntaxError
from dln.notation.model import Game
from dln.notation.parser import parse_text, split_games


def _block_signals() -> set[int | signal.Signals]:
    """Hold back Ctrl-C and hang-ups while the file is written, so a write is never cut short."""
    try:
        return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM, signal.SIGHUP})
    except (AttributeError, OSError, ValueError):
        return set()


def _unblock_signals(previous: set[int | signal.Signals]) -> None:
    with contextlib.suppress(AttributeError, OSError, ValueError):
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


# ---------------------------------------------------------------------------
# The file
# ---------------------------------------------------------------------------


class RecordFile:
    """The record on disk, written so that nothing accepted is ever lost.

    :meth:`commit` appends when the new text extends what is on disk (one
    ``write`` of the new lines, then ``fsync``) and otherwise replaces the
    file atomically (:func:`dln.files.replace_file`): a reader, or a crash,
    sees the old file or the whole new one.  Both happen under
    :func:`dln.files.locked`, the lock ``dln fmt`` takes too, after checking
    that the file is still what this session last read or wrote: a file
    changed by anyone else is not overwritten (:class:`FileChanged`).  An
    append that fails half-way (a full disk) is cut back to the old length,
    so a move is wholly on disk or not at all.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.on_disk: str | None = None
        self._stamp: tuple[int, int, int, int] | None = None

    def read(self) -> str | None:
        """The file's text (a byte order mark kept), or None when it does not exist yet.

        Only a regular file is read: the recorder replaces its file, and a device or a pipe
        (``/dev/zero``) would be read forever.
        """
        try:
            if not stat.S_ISREG(os.stat(self.path).st_mode):
                raise OSError(errno.EINVAL, "not a regular file (dln record keeps its record in a file)")
            data, snapshot = read_snapshot(self.path)
        except FileNotFoundError:
            self.on_disk, self._stamp = None, None
            return None
        text = data.decode("utf-8")
        self.on_disk = text
        self._stamp = (snapshot.device, snapshot.inode, snapshot.size, snapshot.mtime_ns)
        return text

    def _stat(self) -> tuple[int, int, int, int] | None:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return None
        return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns

    def commit(self, text: str) -> None:
        """Make ``text`` the file's content, durably, before returning."""
        with locked(self.path):
            if self._stat() != self._stamp:
                raise FileChanged(0, f"{self.path} was changed by another program during the session; quit and "
                                  "run dln record again to go on from what it holds now")
            if self.on_disk is not None and self._stamp is not None and text.startswith(self.on_disk):
                self._append(text[len(self.on_disk):].encode("utf-8"))
            else:
                replace_file(self.path, [text.encode("utf-8")], force=True)
            self.on_disk = text
            self._stamp = self._stat()

    def _append(self, data: bytes) -> None:
        """Append ``data`` and fsync; on failure cut the file back to its old length (under the lock)."""
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        try:
            old = os.fstat(fd).st_size
            try:
                view = memoryview(data)
                while view:
                    written = os.write(fd, view)
                    view = view[written:]
                os.fsync(fd)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, old)
                    os.fsync(fd)
                st = os.fstat(fd)
                # Cut back: the file is what it was (it keeps the session's text); else a reload settles it.
                self._stamp = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns) if st.st_size == old else None
                raise
        finally:
            os.close(fd)


@dataclass
class Loaded:
    """A record file read for recording: the text before its last game, that game and its text."""

    prefix: str
    text: str
    game: Game | None
    repaired: str | None = None  # the cut-off last line dropped, if any


def load_record(text: str, filename: str) -> Loaded:
    """Cut a file's text into what comes before its last game and that game (to go on with).

    Every game must parse.  A last line without its newline that keeps the
    file from parsing is the trace of a write cut short (the recorder ends
    every write with a newline): it is dropped, and said so.
    """
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    body = text[len(bom):]
    repaired: str | None = None
    try:
        games = _games(body, filename)
    except DLNSyntaxError:
        cut = body.rfind("\n") + 1
        if body.endswith("\n") or not body[cut:].strip():
            raise
        try:
            games = _games(body[:cut], filename)
        except DLNSyntaxError:
            raise
        repaired, body = body[cut:], body[:cut]
    if not body.strip():
        return Loaded(bom + body, "", None, repaired)
    chunks = list(split_games(body.splitlines(keepends=True)))
    last = chunks[-1][1]
    prefix = bom + body[: len(body) - len(last)]
    return Loaded(prefix, last, games[-1], repaired)


def _games(text: str, filename: str) -> list[Game]:
    errors: list[DLNSyntaxError] = []
    games = list(parse_text(text, filename=filename, errors=errors, keep_line_comments=True))
    if errors:
        raise errors[0]
    return games


