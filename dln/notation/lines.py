"""What a line is, in one place: every part of dln cuts text into lines here.

A line ends at ``\\n``, ``\\r\\n`` or a lone ``\\r`` — nothing else.  Python's
``str.splitlines`` also breaks at ``\\x0b``, ``\\x0c``, ``\\x1c``-``\\x1e``,
``\\x85``, U+2028 and U+2029; dln does not, so the grammar, the game splitter,
the fast reader, error positions and the quoted lines of messages all agree
on where a line starts.  A line holds at most :data:`MAX_LINE` characters: a
longer one is passed over without being held (:class:`Overlong`), so that its
game is an error and the file is read on from the next line; one that runs on
past :data:`MAX_PASSED` characters without a line break (``/dev/zero``) stops
the reading there (:class:`LineTooLong`) instead of reading for ever.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator
from typing import IO

from dln.notation.bounds import MAX_GAME, TooLarge, mib
from dln.notation.errors import DLNSyntaxError

__all__ = ["MAX_LINE", "MAX_PASSED", "LineTooLong", "Lines", "NotUTF8", "Overlong", "Pieces", "iter_lines",
           "line_ending", "line_too_long", "normalise", "not_utf8", "split_lines", "utf16_order"]

#: The most characters a line may hold, its line break not counted (1 MiB).
MAX_LINE = 1 << 20

#: How many characters of a line too long are passed over in search of its end (4 MiB, as a game holds):
#: a longer line is no part of any record, and endless input (``/dev/zero``) has no end to find.
MAX_PASSED = MAX_GAME

#: How much of a line too long is kept: enough to tell whether it starts a game (a tag line).
_HEAD = 256

LINE_BREAK = re.compile(r"\r\n?|\n")
_LINE_BREAK_BYTES = re.compile(LINE_BREAK.pattern.encode("ascii"))


class LineTooLong(DLNSyntaxError):
    """A line that runs on past :data:`MAX_PASSED` characters without a line break: reading stops there (the
    rest of the file may never end).  A shorter line too long is an :class:`Overlong`."""

    def __init__(self, line: int, *, filename: str = "<string>", game: int | None = None) -> None:
        super().__init__(
            f"line {line} is longer than {mib(MAX_LINE)}: a DLN line is never that long, and this one runs on "
            f"past {mib(MAX_PASSED)} without a line break; the file is not read past it",
            line, 1, filename=filename, game=game,
        )

    def __reduce__(self) -> tuple[object, ...]:
        return _rebuild, (self.line, self.filename, self.game)


def _rebuild(line: int, filename: str, game: int | None) -> LineTooLong:
    return LineTooLong(line, filename=filename, game=game)


class Overlong:
    """A line longer than :data:`MAX_LINE`, passed over rather than held: the readers of lines give it in the
    line's place, and the game splitter lets its game go (:func:`line_too_long`) and reads on.

    ``size`` counts the bytes (UTF-8) it takes in the file, its line break
    included, so that the games after it are found again by their place;
    ``head`` is how it starts.  Past :data:`MAX_PASSED` characters,
    :meth:`add` raises :class:`LineTooLong`: no end of it is looked for.
    """

    __slots__ = ("characters", "head", "line", "size", "tail")

    def __init__(self, line: int, text: str) -> None:
        self.line, self.head, self.size, self.characters, self.tail = line, text[:_HEAD], 0, 0, ""
        self.add(text)

    def add(self, text: str) -> None:
        """Count ``text``, the next part of the line."""
        self.size += len(text.encode("utf-8", "surrogateescape"))
        self.characters += len(text)
        self.tail = text[-1:] or self.tail
        if self.characters > MAX_PASSED + 2:
            raise LineTooLong(self.line)


#: What the UTF-8 decoder's ``surrogateescape`` handler makes of a byte that is not UTF-8 (U+DC80 to U+DCFF):
#: never a character of UTF-8 text, whose own encoded surrogates are not UTF-8 either.
_ESCAPED = re.compile("[\udc80-\udcff]")


class NotUTF8(UnicodeDecodeError):
    """A byte that is not UTF-8, the first of a file, where it is: line ``line``, column ``column`` (counted in
    characters, as every column dln gives, the bad byte one).  As a UnicodeDecodeError, ``object`` is that
    byte; its offset in the file is not known (a reader does not count bytes).

    ``utf16`` is ``"LE"`` or ``"BE"`` when the file starts as UTF-16 text without a byte order mark does
    (:func:`utf16_order`): no byte in particular is wrong then, the error is at line 1, column 1 and ``byte``
    is 0, the value of the NUL bytes that tell it (UTF-8, but no part of a record)."""

    def __init__(self, line: int, column: int, byte: int, utf16: str = "") -> None:
        super().__init__("utf-8", bytes([byte]), 0, 1, "not UTF-8")
        self.line, self.column, self.byte, self.utf16 = line, column, byte, utf16

    def __str__(self) -> str:
        if self.utf16:
            return f"not UTF-8 text: UTF-16{self.utf16} text without a byte order mark"
        return f"not UTF-8 text at line {self.line}, column {self.column} (byte value 0x{self.byte:02X})"

    def __reduce__(self) -> tuple[object, ...]:
        return NotUTF8, (self.line, self.column, self.byte, self.utf16)


#: How many characters of a file's start :func:`utf16_order` reads (two per character of UTF-16 text).
UTF16_HEAD = 64
#: A character of ASCII text: printable, or a space, tab or line break.
_ASCII_TEXT = re.compile(r"[ -~\t\r\n]")


def utf16_order(head: str) -> str | None:
    """``"LE"`` or ``"BE"`` when ``head``, the start of a file decoded as UTF-8 (``surrogateescape``: a byte a
    character), reads as UTF-16 text without a byte order mark does: a NUL byte after (LE) or before (BE)
    most ASCII characters, of the first :data:`UTF16_HEAD`; else None.  A NUL byte here and there is not that,
    nor is text that starts with a UTF-16 byte order mark (bytes FF FE or FE FF: not UTF-8, it tells itself).

    >>> utf16_order("[\\0E\\0v\\0"), utf16_order("\\0[\\0E\\0v"), utf16_order('[Event "a\\0b"]')
    ('LE', 'BE', None)
    """
    if head.startswith(("\udcff\udcfe", "\udcfe\udcff")):
        return None
    pairs = [head[i:i + 2] for i in range(0, min(len(head), UTF16_HEAD) - 1, 2)]
    little = sum(pair[1] == "\0" and _ASCII_TEXT.fullmatch(pair[0]) is not None for pair in pairs)
    big = sum(pair[0] == "\0" and _ASCII_TEXT.fullmatch(pair[1]) is not None for pair in pairs)
    if len(pairs) < 2 or max(little, big) * 2 < len(pairs) or min(little, big) * 4 > max(little, big):
        return None
    return "LE" if little > big else "BE"


def not_utf8(text: str, line: int, before: int = 0) -> NotUTF8 | None:
    """The error for ``text``, decoded with ``surrogateescape`` from line ``line`` after ``before`` of its
    characters, if it holds a byte that is not UTF-8; else None (at once for ASCII)."""
    if text.isascii() or (bad := _ESCAPED.search(text)) is None:
        return None
    return NotUTF8(line, before + bad.start() + 1, ord(bad[0]) - 0xDC00)


def line_too_long(line: int) -> TooLarge:
    """The error for line ``line``, longer than :data:`MAX_LINE`: its game is too large to hold."""
    return TooLarge(f"line {line} is longer than {mib(MAX_LINE)}: a DLN line is never that long", line, 1)


class Lines:
    """Lines already cut as this module says, each no longer than :data:`MAX_LINE` or an :class:`Overlong`
    in its place (``read_lines`` gives them).

    Consumers that would re-cut any other iterable (``split_games``) take these as they are.
    """

    __slots__ = ("_lines",)

    def __init__(self, lines: Iterator[str | Overlong]) -> None:
        self._lines = lines

    def __iter__(self) -> Iterator[str | Overlong]:
        return self._lines


def split_lines(text: str, *, keepends: bool = False) -> list[str]:
    """``text`` cut into lines at ``\\n``, ``\\r\\n`` or ``\\r`` (like ``str.splitlines``, but only there)."""
    if not text:
        return []
    if keepends:
        lines = [m[0] for m in re.finditer(r"[^\r\n]*(?:\r\n?|\n)|[^\r\n]+$", text)]
        return lines
    lines = LINE_BREAK.split(text)
    if lines[-1] == "":
        lines.pop()
    return lines


def normalise(text: str, newline: str = "\n") -> str:
    """``text`` with every line break written ``newline``: ``\\n`` is what the grammar and the fast reader
    see; the line ending of a file (:func:`line_ending`) is what a writer adding to that file writes."""
    if newline == "\n" and "\r" not in text:
        return text
    return LINE_BREAK.sub(newline, text)


def line_ending(stream: IO[bytes]) -> str:
    """How the lines of the binary ``stream`` end, read from where it stands: as its first line does
    (``\\r\\n``, ``\\r`` or ``\\n``), or ``\\n`` when no line ends.  A writer that adds lines to an
    existing file writes them so (:func:`normalise`), so that a file written on Windows stays CRLF instead of
    ending up with mixed line endings."""
    while chunk := stream.read(1 << 16):
        found = _LINE_BREAK_BYTES.search(chunk)
        if found is None:
            continue
        if found[0] == b"\r" and found.end() == len(chunk):  # a '\r\n' may be cut between two reads
            return "\r\n" if stream.read(1) == b"\n" else "\r"
        return found[0].decode("ascii")
    return "\n"


def iter_lines(pieces: Iterable[str]) -> Iterator[str | Overlong]:
    """Re-cut pieces of text (lines cut any which way, buffers…) into lines, kept as written.

    :class:`Lines` are passed through as they are.

    The pieces joined equal the lines joined: nothing is added or dropped, but
    a line longer than :data:`MAX_LINE` comes as an :class:`Overlong`, holding
    at most a little more than that in memory while it is passed over.
    """
    if isinstance(pieces, Lines):
        return iter(pieces)
    return _recut(pieces)


def _recut(pieces: Iterable[str]) -> Iterator[str | Overlong]:
    number = 1
    pending = ""
    passing: Overlong | None = None  # the line too long being passed over
    for piece in pieces:
        # The usual case, tested with C string searches only: the piece is one whole line.
        end = piece.find("\n") + 1
        if end == len(piece) and end and not pending and end <= MAX_LINE + 2 and passing is None:
            cr = piece.find("\r")
            if cr < 0 or cr == end - 2:
                yield piece
                number += 1
                continue
        text = pending + piece if pending else piece
        start = 0
        for match in LINE_BREAK.finditer(text):
            if match.end() == len(text) and match[0] == "\r":
                break  # a '\r\n' may be cut between two pieces: wait for the next one
            line = text[start:match.end()]
            if passing is not None:
                passing.add(line)
                yield passing
                passing = None
            elif match.start() - start > MAX_LINE:
                yield Overlong(number, line)
            else:
                yield line
            number += 1
            start = match.end()
        pending = text[start:]
        body = pending.rstrip("\r")
        if passing is not None or len(body) > MAX_LINE:  # passed over but for a '\r' that may begin '\r\n'
            if passing is None:
                passing = Overlong(number, body)
            elif body:
                passing.add(body)
            pending = pending[len(body):]
    if passing is not None:
        passing.add(pending)
        yield passing
    elif pending:
        yield pending


class Pieces(io.RawIOBase):
    """Bytes given piece by piece (by an object that is no binary stream), as a binary stream: read as a
    binary file is, they are decoded in one place (:func:`dln.notation.parser.read_lines`)."""

    def __init__(self, pieces: Iterator[bytes]) -> None:
        super().__init__()
        self.pieces, self.rest = pieces, b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        while not self.rest:
            piece = next(self.pieces, None)
            if piece is None:
                return 0
            self.rest = piece
        size = min(len(buffer), len(self.rest))
        buffer[:size], self.rest = self.rest[:size], self.rest[size:]
        return size
