"""The record on disk: written so that nothing accepted is ever lost, nothing another program wrote is
overwritten, and read back game by game, so that going on at the end of a large archive holds one game."""

from __future__ import annotations

import codecs
import contextlib
import errno
import os
import signal
import stat
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO, Protocol

from dln.files import FileChanged, locked, read_only, replace_file
from dln.notation.lines import LineTooLong, line_ending, normalise, split_lines
from dln.notation.model import Game
from dln.notation.parser import parse_chunk
from dln.notation.sources import Piece, Place, placed

#: (device, inode, size, modification time in ns) of the file as last read or written; None: no file.
Stamp = tuple[int, int, int, int]

_CHUNK = 1 << 20


def block_signals() -> set[int | signal.Signals]:
    """Hold back Ctrl-C and hang-ups while the file is written, so a write is never cut short."""
    try:
        return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM, signal.SIGHUP})
    except (AttributeError, OSError, ValueError):
        return set()


def unblock_signals(previous: set[int | signal.Signals]) -> None:
    with contextlib.suppress(AttributeError, OSError, ValueError):
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Loaded:
    """A record file read for recording: where its last game starts, that game and its text.

    The games before it are not kept: they stay on disk, ``start`` bytes of
    them (a byte order mark included), and are copied through untouched
    whenever the file is rewritten.
    """

    start: int
    text: str  # the last game as written ("" when the file holds none)
    game: Game | None
    number: int = 0  # its number in the file (0: none)
    repaired: str | None = None  # a cut-off last line left out (on disk after ``text`` until the next write)
    stamp: Stamp | None = None  # the file read (None: there was no file)
    newline: str = "\n"  # how the file's lines end (:func:`dln.notation.lines.line_ending`): what is added ends so


def rule_errors(path: Path, number: int) -> str | None:
    """The errors of game ``number`` of ``path`` as ``dln validate`` writes them (file:line:column, the line, a
    caret, the help), or None if it breaks no rule (or cannot be read again): how ``dln record`` and ``dln play``
    refuse a file they cannot go on with.  The file is read again a game at a time, as the viewers read it, the
    lines quoted from that game's own text."""
    from dln.check.game_tags import for_the_game
    from dln.check.validate import validate_game
    from dln.notation.sources import NoGame, SyntaxReport, Unreadable, each_game

    try:
        for piece in each_game(str(path), SyntaxReport(err=True, worded=for_the_game), number):
            assert piece.game is not None
            report = validate_game(piece.game, index=number, filename=str(path), source=piece.line)
            return "\n".join(d.format() for d in report.diagnostics if d.severity == "error") or None
    except (NoGame, Unreadable):
        pass
    return None


def read_record(stream: BinaryIO, filename: str) -> Loaded:
    """Read a seekable binary file game by game and keep its last game (memory does not grow with the file).

    Every game must parse (:class:`DLNSyntaxError` otherwise; a file that is
    not UTF-8 raises :class:`dln.notation.sources.Unreadable`).  A last line
    without its line break that keeps the last game from parsing is the trace
    of a write cut short (the recorder ends every write with one): it is left
    out, and said so in ``repaired``.
    """
    before: tuple[Piece, Place] | None = None
    last: tuple[Piece, Place] | None = None
    for found in placed(stream, filename, keep_line_comments=True):
        if last is not None and last[0].error is not None:
            raise last[0].error
        before, last = last, found
    if last is None:  # nothing but blank lines: a new game goes at the end
        return Loaded(stream.seek(0, os.SEEK_END), "", None)
    piece, place = last
    if piece.error is None:
        return Loaded(place.start, piece.text, piece.game, piece.number if piece.game is not None else 0)
    error = piece.error
    lines = split_lines(piece.text, keepends=True)
    if isinstance(error, LineTooLong) or not lines or lines[-1].endswith(("\n", "\r")) or not lines[-1].strip():
        raise error
    cut, kept = lines[-1], "".join(lines[:-1])
    if not kept.strip() and before is not None:  # the cut line began a game of its own
        previous, where = before
        return Loaded(where.start, previous.text + kept, previous.game, previous.number, repaired=cut)
    games = parse_chunk(kept, place.offset, filename=filename, keep_line_comments=True) if kept.strip() else []
    game = replace(games[0], number=piece.number) if games else None
    return Loaded(place.start, kept, game, piece.number if game is not None else 0, repaired=cut)


# ---------------------------------------------------------------------------
# The file
# ---------------------------------------------------------------------------


class GameFile(Protocol):
    """Where a recording session keeps its game: :class:`RecordFile`, or a stand-in in tests."""

    def commit(self, text: str, gap: str | None = None) -> None:
        """Make ``text`` the game's text on disk (``gap``: a new game, after the one recorded so far)."""

    def read(self) -> Loaded:
        """The file as it is now (:class:`FileChanged` if it keeps changing while read)."""

    def follow(self, loaded: Loaded) -> None:
        """Go on from what ``loaded`` read: later commits are checked against it."""


class RecordFile:
    """The record on disk, written so that nothing accepted is lost and nothing unseen is overwritten.

    The file holds earlier games (``start`` bytes, never held in memory)
    and then the game being recorded.  :meth:`commit` appends when the new
    text extends what is on disk (one ``write`` of the new lines, then
    ``fsync``) and otherwise (or when the file is read-only: refused as
    :class:`dln.files.ReadOnlyFile`, or with ``force`` replaced, keeping its
    mode, as ``dln fmt --force`` replaces it) replaces the file atomically
    (:func:`dln.files.replace_file`), the earlier games copied through in
    chunks.  Both happen under :func:`dln.files.locked`, the lock ``dln fmt``
    takes too, and only if the file is still what this session last read or
    wrote: the same file, size and modification time, and the game's own
    bytes the same (a rewrite of the same size within one tick of the clock
    is caught too); else :class:`FileChanged`, and nothing is written.  The
    check is renewed only by a write of this session or by :meth:`follow`,
    so a refusal is never followed by an overwrite.  An append that fails
    half-way (a full disk) is cut back to the old length, so a move is
    wholly on disk or not at all.  What is written ends its lines as the
    file's first line ends (``newline``, read with the file; ``\\n`` for a
    new one), so a file written on Windows stays CRLF: the session's text
    may end its lines otherwise.
    """

    def __init__(self, path: Path, *, force: bool = False) -> None:
        self.path = path
        #: Write the file even when it is read-only (``--force``); else :class:`dln.files.ReadOnlyFile`.
        self.force = force
        self.start = 0
        self.on_disk = ""  # what the file holds from ``start`` on, as this session last read or wrote it
        self.newline = "\n"  # how the file's lines end, as this session last read it
        self._stamp: Stamp | None = None

    def read(self, *, lock: bool = True) -> Loaded:
        """The file read game by game (:func:`read_record`), stamped with what was read.

        Only a regular file is read: the recorder replaces its file, and a
        device or a pipe (``/dev/zero``) would be read forever.  With ``lock``
        no dln writer is half-way through a write meanwhile; a file that
        changes while it is read anyway is read again.
        """
        with locked(self.path) if lock else contextlib.nullcontext():
            for _ in range(10):
                try:
                    if not stat.S_ISREG(os.stat(self.path).st_mode):
                        raise OSError(errno.EINVAL, "not a regular file (dln record keeps its record in a file)")
                    file = open(self.path, "rb")  # noqa: SIM115 - closed below
                except FileNotFoundError:
                    return Loaded(0, "", None)
                with file:
                    before = os.fstat(file.fileno())
                    try:
                        loaded: Loaded | Exception = read_record(file, str(self.path))
                    except Exception as exc:  # raised below, unless the file changed while it was read
                        loaded = exc
                    else:  # a record read whole: its first line break is within a line's length, so little is read
                        file.seek(0)
                        loaded = replace(loaded, newline=line_ending(file))
                    after = os.fstat(file.fileno())
                if _stamp(before) == _stamp(after):
                    if isinstance(loaded, Exception):
                        raise loaded
                    return replace(loaded, stamp=_stamp(after))
        raise FileChanged(errno.EAGAIN, "the file kept changing while it was read", str(self.path))

    def follow(self, loaded: Loaded) -> None:
        """Go on from ``loaded``: its game is the one recorded, and later commits are checked against it."""
        self.start = loaded.start
        self.on_disk = loaded.text + (loaded.repaired or "")
        self.newline = loaded.newline
        self._stamp = loaded.stamp

    def load(self) -> Loaded:
        """Read the file (:meth:`read`) and go on from it (:meth:`follow`)."""
        loaded = self.read(lock=False)
        self.follow(loaded)
        return loaded

    def _stat(self) -> Stamp | None:
        try:
            return _stamp(os.stat(self.path))
        except FileNotFoundError:
            return None

    def _unchanged(self) -> bool:
        """Whether the file is what this session last read or wrote (call it under the lock)."""
        now = self._stat()
        if now != self._stamp:
            return False
        if now is None:
            return True
        expected = self.on_disk.encode("utf-8")
        with open(self.path, "rb") as file:
            file.seek(self.start)
            return file.read(len(expected) + 1) == expected

    def commit(self, text: str, gap: str | None = None) -> None:
        """Make ``text`` the text of the game being recorded, durably, before returning; with ``gap``, ``text``
        is a new game, written after the one recorded so far with ``gap`` between them.  Both are written with
        the file's line breaks: a game whose lines end otherwise on disk is rewritten."""
        with locked(self.path):
            if not self._unchanged():
                raise FileChanged(errno.EAGAIN, "the file was changed by another program since the last line "
                                  "was saved", str(self.path))
            start, old = self.start, self.on_disk
            if gap is not None:
                start, old = start + len(old.encode("utf-8")), ""
                if not gap.startswith(("\n", "\r")) and not self._begins_a_line(start):
                    gap = "\n" + gap  # a game begins a line: after a ';' note it would be part of the note
            gap, text = normalise(gap or "", self.newline), normalise(text, self.newline)
            new = gap + text
            if self._stamp is None:
                replace_file(self.path, [new.encode("utf-8")], force=self.force)
            elif new.startswith(old) and not read_only(self.path):
                self._append(new[len(old):].encode("utf-8"))
            else:  # a read-only file (with force) is replaced, as fmt --force replaces it: no write bit is needed
                replace_file(self.path, self._after_earlier_games(start, new.encode("utf-8")), force=self.force)
            self.start, self.on_disk = start + len(gap.encode("utf-8")), text
            self._stamp = self._stat()

    def _begins_a_line(self, at: int) -> bool:
        """Whether byte ``at`` of the file begins a line: the file's start (a byte order mark before it
        included), or just after a line break (read while the lock is held)."""
        if at == 0 or self._stamp is None:
            return True
        with open(self.path, "rb") as file:
            file.seek(max(at - len(codecs.BOM_UTF8), 0))
            before = file.read(at - file.tell())
        return before.endswith((b"\n", b"\r")) or (at == len(codecs.BOM_UTF8) and before == codecs.BOM_UTF8)

    def _after_earlier_games(self, start: int, data: bytes) -> Iterator[bytes]:
        """The file's first ``start`` bytes, read in chunks, then ``data`` (read while the lock is held)."""
        with open(self.path, "rb") as file:
            left = start
            while left:
                chunk = file.read(min(left, _CHUNK))
                if not chunk:
                    raise FileChanged(errno.EAGAIN, "the file became shorter while it was rewritten", str(self.path))
                left -= len(chunk)
                yield chunk
        yield data

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
                self._stamp = _stamp(st) if st.st_size == old else None
                raise
        finally:
            os.close(fd)


def _stamp(st: os.stat_result) -> Stamp:
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns
