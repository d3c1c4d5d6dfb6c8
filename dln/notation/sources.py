"""The files a command names, read one game at a time: memory does not grow with the file.

:func:`games_of` cuts a file into games lazily (:func:`dln.notation.parser.split_games`)
and parses each only when asked, so ``dln show --game 5`` reads up to game 5
and stops, and ``dln parse`` of a large archive holds one game at a time.
Syntax errors are reported as they are met, where the command's report goes.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

import click

from dln.notation.bounds import TooLarge
from dln.notation.errors import DLNSyntaxError
from dln.notation.lines import Lines, LineTooLong, NotUTF8, Overlong
from dln.notation.parser import Piece, parse_chunk, parse_pieces, read_lines
from dln.streams import said_on_stderr
from dln.wording import count_of, visible

if TYPE_CHECKING:  # dln.files (locks, hashing) loads only for a command that rewrites a file
    from dln.files import Snapshot

STDIN = "-"
#: Suffix of the files a directory is searched for, in any case (``.dln``, ``.DLN``).
SUFFIX = ".dln"


def display_name(name: str) -> str:
    """The name a message gives a file: ``<stdin>`` for ``-``, and ``''`` for an empty name (a script's empty
    variable), as a shell takes it, which left a message starting with its colon."""
    return "<stdin>" if name == STDIN else name or "''"


def command_name(display: str) -> str:
    """A file as a message names it (:func:`display_name`), written for a command to paste: ``-`` for standard
    input, quoted where the shell would split or expand it."""
    return STDIN if display == display_name(STDIN) else shlex.quote(display)


def located(file: str, line: int | None = None, column: int | None = None) -> str:
    """Where a message points: ``FILE:LINE:COLUMN``, as a compiler's, or ``FILE`` when the trouble has no place."""
    return file if line is None else f"{file}:{line}:{column or 1}"


_NUMBER = re.compile(r"(\d+)", re.ASCII)


def natural_order(path: Path) -> tuple[tuple[tuple[str | int, ...], ...], str]:
    """The key that sorts file names as a file manager shows them, and as ``dln split`` numbers them: folder by
    folder, a number by its value (``game-9.dln`` before ``game-10.dln``, ``club-1001`` before ``club-10000``);
    then as written (``01`` and ``1``)."""
    parts = (_NUMBER.split(part) for part in path.parts)  # text, number, text...: a number at each odd place
    return tuple(tuple(int(p) if i % 2 else p for i, p in enumerate(part)) for part in parts), str(path)


def expand(paths: Iterable[str]) -> Iterator[str]:
    """Files named on the command line, with directories searched for ``*.dln`` (any case), in
    :func:`natural_order` (the files of a split are read back in the order they were written)."""
    for path in paths:
        if path != STDIN and os.path.isdir(path):  # False where it may not be looked at: reading it says why
            yield from _records_under(path)
        else:
            yield path


def _records_under(folder: str) -> list[str]:
    """The ``*.dln`` files under ``folder``, with every folder in it that may not be listed, in
    :func:`natural_order`: such a folder is named as a file is, so that reading it says why it cannot be
    read, rather than its games being passed over without a word.  A linked folder (``club/2024`` ->
    ``/elsewhere/2024``) is searched as any other, but a folder met before, by a link to it or round a loop
    (``club/2026/up`` -> ``..``), is not searched again: its games would be read twice, or for ever."""
    found: list[Path] = []
    searched: set[tuple[int, int]] = set()
    for where, folders, names in os.walk(folder, onerror=lambda exc: found.append(Path(exc.filename)),
                                         followlinks=True):
        try:
            st = os.stat(where)
        except OSError:
            st = None
        if st is not None and (st.st_dev, st.st_ino) in searched:
            folders.clear()
            continue
        if st is not None:
            searched.add((st.st_dev, st.st_ino))
        folders.sort(key=lambda name: natural_order(Path(name)))  # the first way to a folder is the one named
        found.extend(p for p in (Path(where, name) for name in names) if p.suffix.lower() == SUFFIX and _a_file(p))
    return [str(p) for p in sorted(found, key=natural_order)]


def _a_file(path: Path) -> bool:
    """Whether ``path`` is a file to read (not a pipe, not a link to nothing); True too where it may not even
    be looked at (its folder may be listed, not entered), so that reading it says why."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except FileNotFoundError:
        return False
    except OSError:
        return True


#: What a command says of a directory named on the command line that holds no record.
NO_RECORD_IN_DIRECTORY = "no *.dln file in this directory: nothing was read"
#: What a command that reads an archive says of a file named among others that holds no game (S003).
NO_GAME_IN_FILE = "no game in this file"


def each_file(paths: Iterable[str], on_empty: Callable[[str], None]) -> Iterator[str]:
    """The files to read (:func:`expand`); a directory holding no ``*.dln`` file is handed to ``on_empty``
    instead of passed over, because reading nothing is never success.  A file reached a second time (named
    twice, named and found in a folder named, by a link or a hard link: the same device and inode) is read
    once: the first time, with a warning on standard error for the others (``club.dln club.dln`` wrote or
    counted every game twice), one line a name or folder named.  A name that cannot be looked at (a file
    missing), reached again by any path to it, is read once too, so that why it cannot be read is said once;
    standard input is no name (a second ``-`` finds it spent)."""
    first: dict[tuple[int, int], tuple[str, str | None]] = {}  # a file's identity: its first name, and folder
    unread: set[str] = set()  # the names that cannot be looked at, as absolute paths
    for path in paths:
        names = list(expand((path,)))  # a folder's files are listed whole before the first is read anyway
        if not names:
            on_empty(path)
        folder = None if names == [path] else path  # a folder searched (a file is itself)
        again: list[str] = []
        for name in names:
            identity = file_identity(name)
            if identity is None:
                if name != STDIN:
                    if (where := os.path.abspath(name)) in unread:
                        continue
                    unread.add(where)
                yield name
            elif identity in first:
                again.append(_read_already(name, *first[identity], folder))
            else:
                first[identity] = name, folder
                yield name
        if again:
            more = f" (and {count_of(len(again) - 1, 'more file')} of {path} like it)" if len(again) > 1 else ""
            with said_on_stderr():
                click.echo(visible(f"{again[0]}: its games are read once{more}"), err=True)


def file_identity(name: str) -> tuple[int, int] | None:
    """The file ``name`` is (device and inode, whatever the path to it; standard input redirected from a file,
    ``< club.dln``, is that file); None for a file that cannot be looked at, which reading will say, and for
    standard input from a pipe or a terminal."""
    try:
        st = os.fstat(sys.stdin.fileno()) if name == STDIN else os.stat(name)
    except (OSError, ValueError, AttributeError):  # a test's stdin has no descriptor
        return None
    return (st.st_dev, st.st_ino) if name != STDIN or stat.S_ISREG(st.st_mode) else None


def _read_already(name: str, before: str, folder_before: str | None, folder: str | None) -> str:
    """The warning that ``name`` (of ``folder``, or named) was read already as ``before`` (of ``folder_before``)."""
    if name != before:
        why = f"the same file as {display_name(before)}, read already"
    elif folder_before is not None:
        why = f"read already, in the folder {folder_before}"
    elif folder is not None:
        why = f"named already, and found again in the folder {folder}"
    else:
        why = "named twice"
    return f"{display_name(name)}: warning: {why}"


class Unreadable(Exception):
    """A file that cannot be read (missing, a directory, not UTF-8): ``reason`` says why, and ``line`` and
    ``column`` where, when the trouble has a place in it (the first byte that is not UTF-8)."""

    def __init__(self, name: str, reason: str, *, line: int | None = None, column: int | None = None) -> None:
        self.name, self.reason, self.line, self.column = name, reason, line, column
        super().__init__(f"{self.where}: error: cannot read: {reason}")

    @property
    def where(self) -> str:
        """The file as messages name it, with the line and column when there are some (:func:`located`)."""
        return located(display_name(self.name), self.line, self.column)


@contextlib.contextmanager
def opened(name: str) -> Iterator[BinaryIO]:
    """The file (or standard input) as bytes; :class:`Unreadable` if it cannot be opened."""
    if name == STDIN:
        yield sys.stdin.buffer
        return
    try:
        stream = open(name, "rb")  # noqa: SIM115 - closed below
    except OSError as exc:
        raise Unreadable(name, exc.strerror or str(exc)) from None
    with stream:
        yield stream


def lines_of(stream: BinaryIO, name: str) -> Lines:
    """The lines of ``stream``, lazily (:func:`dln.notation.parser.read_lines`); :class:`Unreadable` where they
    are not UTF-8 or cannot be read."""
    return Lines(_lines_of(stream, name))


def not_utf8_reason(byte: int, what: str = "the file is Greek text saved as",
                    fix: str = "save it as UTF-8, e.g. iconv -f cp1253 -t utf-8 OLD.dln > NEW.dln") -> str:
    """Why text holding ``byte`` cannot be read; where ``byte`` is a Greek letter in Windows-1253 (and
    ISO-8859-7, which agrees on the letters), with a hint: if ``what`` that encoding (a Greek record from an
    older editor, Greek typed on a Windows console), ``fix``."""
    reason = f"not UTF-8 text (byte value 0x{byte:02X})"
    letter = bytes([byte]).decode("cp1253", errors="replace")
    if not ("\u0386" <= letter <= "\u03ce"):
        return reason
    return f"{reason}; if {what} Windows-1253 or ISO-8859-7 (where that byte is '{letter}'), {fix}"


def _lines_of(stream: BinaryIO, name: str) -> Iterator[str | Overlong]:
    try:
        yield from read_lines(stream)
    except NotUTF8 as exc:  # what every command says of a file that is not UTF-8: here alone
        reason = not_utf8_reason(exc.byte)
        marked = (exc.line, exc.column) == (1, 1) and exc.byte in (0xFF, 0xFE)  # never in UTF-8: a UTF-16 mark
        if marked or exc.utf16:  # UTF-16 with its mark (iconv reads it), or without (its NUL bytes tell which)
            found, like = ((f"not UTF-8 text (byte value 0x{exc.byte:02X})", "UTF-16 text does (Notepad's 'Unicode')")
                           if marked else ("not UTF-8 text", f"UTF-16{exc.utf16} text without a byte order mark does "
                                           f"(a NUL byte {'after' if exc.utf16 == 'LE' else 'before'} each ASCII "
                                           "character)"))
            reason = (f"{found}: the file starts as {like}; save it as UTF-8, e.g. "
                      f"iconv -f utf-16{exc.utf16.lower()} -t utf-8 OLD.dln > NEW.dln")
        raise Unreadable(name, reason, line=exc.line, column=exc.column) from None
    except UnicodeDecodeError:
        raise Unreadable(name, "not UTF-8 text") from None
    except OSError as exc:
        raise Unreadable(name, exc.strerror or str(exc)) from None


def pieces(lines: Iterable[str], name: str, *, keep_line_comments: bool = False,
           wanted: Callable[[int], bool] | None = None, comments_alone: bool = False) -> Iterator[Piece]:
    """The games of the file ``name`` (:func:`dln.notation.parser.parse_pieces`), its messages naming the file
    as :func:`display_name` does."""
    return parse_pieces(lines, display_name(name), keep_line_comments=keep_line_comments, wanted=wanted,
                        comments_alone=comments_alone)


@dataclass(frozen=True, slots=True)
class Place:
    """Where one game's piece lies in a file: ``start`` bytes in, ``size`` bytes long, ``offset`` lines before it."""

    number: int
    start: int
    size: int
    offset: int


def placed(stream: BinaryIO, name: str, *, wanted: Callable[[int], bool] | None = None,
           keep_line_comments: bool = False) -> Iterator[tuple[Piece, Place]]:
    """The pieces of a seekable file (:func:`pieces`), each with its :class:`Place`, so that a game can be
    read again later without the others (:func:`read_placed`).  The pieces are as written and follow one
    another, so each one's bytes are its text encoded, after a byte-order mark if the file has one."""
    start = len(_BOM) if stream.read(len(_BOM)) == _BOM else 0
    stream.seek(0)
    for piece in pieces(lines_of(stream, name), name, wanted=wanted, keep_line_comments=keep_line_comments):
        size = size_of(piece)
        yield piece, Place(piece.number, start, size, piece.offset)
        start += size


def size_of(piece: Piece) -> int:
    """How many bytes of the file ``piece`` took: its text encoded, or what a game too large to hold took."""
    return piece.error.size if isinstance(piece.error, TooLarge) else len(piece.text.encode("utf-8"))


def read_placed(stream: BinaryIO, name: str, place: Place) -> Piece:
    """The game at ``place`` of a file indexed by :func:`placed`, read and parsed alone."""
    stream.seek(place.start)
    text = stream.read(place.size).decode("utf-8")
    games = parse_chunk(text, place.offset, filename=display_name(name))
    return Piece(place.number, place.offset, text, replace(games[0], number=place.number) if games else None)


_BOM = "\ufeff".encode()


def has_bom(stream: BinaryIO) -> bool:
    """Whether buffered ``stream``, not yet read, starts with a UTF-8 byte order mark (which the reader
    drops): looked at, not read, so that ``dln fmt`` keeps the mark a Windows editor wrote."""
    peek = getattr(stream, "peek", None)
    return peek is not None and peek(len(_BOM))[:len(_BOM)] == _BOM


class Kept(io.RawIOBase):
    """A stream that cannot be read twice (standard input), read through so that the bytes it gave can be
    read again by their place (:meth:`again`): ``dln fmt -`` copies a game too large to hold as written.

    A regular file (``< club.dln``) is read again where it lies; anything else
    (a pipe) is kept in a temporary file on disk as it is read, never in memory.
    """

    def __init__(self, stream: BinaryIO) -> None:
        super().__init__()
        self.stream = stream
        self.spool: BinaryIO | None = None
        self.base = 0  # where the stream stood in the regular file when reading began
        try:
            regular = stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
            self.base = stream.tell() if regular else 0
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            regular = False
        self.fd = stream.fileno() if regular else None
        if not regular:
            import tempfile

            self.spool = tempfile.TemporaryFile()  # noqa: SIM115 - closed with this stream

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        data = self.stream.read(len(buffer))
        if self.spool is not None:
            self.spool.write(data)
        buffer[:len(data)] = data
        return len(data)

    def again(self, start: int, size: int) -> Iterator[bytes]:
        """The ``size`` bytes read from ``start`` (counted from where reading began), a block at a time."""
        if self.spool is not None:
            self.spool.flush()
        fd = self.spool.fileno() if self.spool is not None else self.fd
        assert fd is not None
        offset, end = self.base + start, self.base + start + size
        while offset < end and (block := os.pread(fd, min(1 << 20, end - offset), offset)):
            offset += len(block)
            yield block

    def start(self) -> int:
        """Where the text begins in what was read: after a byte-order mark, if it has one."""
        return len(_BOM) if b"".join(self.again(0, len(_BOM))) == _BOM else 0

    def close(self) -> None:
        if self.spool is not None:
            self.spool.close()
        super().close()


class SyntaxReport:
    """Reports the syntax errors of one file as they are met, to ``err`` (stderr) or not (stdout).

    The note that the other games of the file were read goes with an error
    when the file has other games: an error is held until the next game or the
    end of the file says whether it has.
    """

    def __init__(self, *, err: bool,
                 worded: Callable[[DLNSyntaxError], DLNSyntaxError] | None = None) -> None:
        self.err = err
        #: The error worded for its game (:func:`dln.check.game_tags.for_the_game`): the notation knows none.
        self.worded = worded
        self.pending: DLNSyntaxError | None = None
        self.first: DLNSyntaxError | None = None  # the file's first syntax error, for a JSON answer
        self.games = 0
        self.errors = 0

    def see(self, piece: Piece) -> None:
        """Count ``piece`` and report its error, if any (held until the next piece)."""
        self._flush(other_games=True)
        if piece.error is not None:
            self.errors += 1
            self.pending = piece.error
            self.first = self.first or piece.error
        else:
            self.games += 1

    def close(self) -> None:
        """The end of the file: report what is held."""
        self._flush(other_games=self.games > 0)

    def _flush(self, *, other_games: bool) -> None:
        error, self.pending = self.pending, None
        if error is None:
            return
        if self.worded is not None:
            error = self.worded(error)
        text = error.format() + skipped_note(error, others=other_games)
        with said_on_stderr(self.err):
            click.echo(visible(text + "\n"), err=self.err)  # below the views, so not dln.views.output.say


def skipped_note(error: DLNSyntaxError, *, others: bool) -> str:
    """The note under a game's syntax error: that this game alone was skipped, when the file has ``others``
    games or it is not the first; after a line without end (:class:`LineTooLong`), that the games before it
    were read, as reading stopped there."""
    game = error.game or 0
    if isinstance(error, LineTooLong):
        return f"\n  note: game {game} was skipped; the games before it were read" if game > 1 else ""
    if others or game > 1:
        return f"\n  note: game {game} was skipped; the other games of the file were read"
    return ""


class Digest(io.RawIOBase):
    """A file read through a BLAKE2b digest, as :class:`dln.files.Snapshot` keeps it: formatting a
    file reads it once and can tell at the end whether it was what the snapshot saw."""

    def __init__(self, stream: BinaryIO) -> None:
        super().__init__()
        self.stream = stream
        import hashlib

        self.hasher = hashlib.blake2b()

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        data = self.stream.read(len(buffer))
        self.hasher.update(data)
        buffer[:len(data)] = data
        return len(data)

    def hexdigest(self) -> str:
        return self.hasher.hexdigest()


#: The digest of a snapshot of a file that is not a regular file (:func:`snapshot_streaming`): no replacement.
NOT_REGULAR = "not a regular file"


def snapshot_streaming(path: str) -> Snapshot:
    """What ``path`` holds now, its digest computed a block at a time (no whole-file buffer).

    A change while it is read shows as a different stat before and after; then
    the snapshot can never match, and a replacement made against it is refused.
    A device or a pipe is not opened (a named pipe would lose what its writer
    sent for the reading that follows): its snapshot says :data:`NOT_REGULAR`.
    """
    import hashlib

    from dln.files import Snapshot

    found = os.stat(path)
    if not stat.S_ISREG(found.st_mode):  # /dev/zero, a named pipe: nothing a replacement could keep
        return Snapshot(found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns, NOT_REGULAR)
    with open(path, "rb") as file:
        before = os.fstat(file.fileno())
        hasher = hashlib.blake2b()
        while block := file.read(1 << 20):
            hasher.update(block)
    after = os.stat(os.path.realpath(path))
    digest = hasher.hexdigest()
    if (before.st_ino, before.st_size, before.st_mtime_ns) != (after.st_ino, after.st_size, after.st_mtime_ns):
        digest = "changed while read"
    return Snapshot(after.st_dev, after.st_ino, after.st_size, after.st_mtime_ns, digest)


class NoGame(Exception):
    """The game asked for is not in the file, or does not parse: the message says which."""

    def __init__(self, message: str, *, option: bool, games: int = 0, error: DLNSyntaxError | None = None) -> None:
        super().__init__(message)
        self.option = option  # the --game option named a game the file does not have
        self.games = games  # how many games the file has (when option)
        self.error = error  # the syntax error of the game asked for (when not option)


def each_game(name: str, report: SyntaxReport, number: int | None = None, *,
              keep_line_comments: bool = False) -> Iterator[Piece]:
    """The games of file ``name`` that parse, read and parsed one at a time; with ``number``, only
    that one (the others are skipped unparsed and reading stops after it).  ``keep_line_comments``:
    ``;`` notes read as ``{}`` comments, as ``dln fmt`` reads them, for a command that writes the
    record back (``analyse --annotate``) and must not lose them.

    Syntax errors go to ``report``.  Raises :class:`NoGame` when ``number``
    is not in the file or does not parse, :class:`Unreadable` when the file
    cannot be read.
    """
    wanted = None if number is None else (lambda n: n == number)
    count = 0
    with opened(name) as stream:
        for piece in pieces(lines_of(stream, name), name, wanted=wanted, keep_line_comments=keep_line_comments):
            count = piece.number
            if number is not None and piece.number != number:
                continue
            report.see(piece)
            if piece.game is not None:
                yield piece
            if number is not None:
                report.close()
                if piece.error is not None:
                    raise NoGame(f"{display_name(name)}: error: game {number} has a syntax error (see above)",
                                 option=False, error=piece.error)
                return
    report.close()
    if number is not None:
        raise NoGame(f"there is no game {number}: {display_name(name)} has {count_of(count, 'game')}", option=True,
                     games=count)

