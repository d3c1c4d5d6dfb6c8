"""``dln fmt``, a game at a time: canonical text, whether it differs, a unified diff, the replacement.

A file is read once to learn whether it is canonical (and for ``--diff``),
then, only if it is not, read again while its canonical text is written to
the temporary file that replaces it.  Neither pass holds more than one game,
so formatting an archive takes the memory of its largest game.
"""

from __future__ import annotations

import difflib
import io
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from dln.files import FileChanged, Snapshot, replace_file
from dln.notation.lines import split_lines
from dln.notation.parser import parse_chunk
from dln.notation.sources import (
    Digest,
    Piece,
    SyntaxReport,
    display_name,
    has_bom,
    lines_of,
    opened,
    pieces,
    snapshot_streaming,
)
from dln.notation.writer import write_game

#: Lines of context around each change in ``dln fmt --diff``.
CONTEXT = 3


class NotCanonical(Exception):
    """Writing a game and reading it back gave another game: a writer bug, never written to a file."""


def canonical_pieces(pieces_: Iterable[Piece]) -> Iterator[tuple[Piece, str | None]]:
    """Each piece of a file with its canonical text (None if it does not parse), separated as
    :func:`dln.notation.writer.write_games` separates games: a blank line after every game but the last."""
    held: Piece | None = None
    for piece in pieces_:
        if held is not None:
            yield held, _canonical(held, last=False)
        held = piece
    if held is not None:
        yield held, _canonical(held, last=True)


def _canonical(piece: Piece, *, last: bool) -> str | None:
    if piece.game is None:
        return None
    text = write_game(piece.game)
    if [*parse_chunk(text, comments_alone=True)] != [piece.game]:  # never write what would read back differently
        raise NotCanonical(f"game {piece.number}")
    return text if last else text + "\n"


class Same:
    """Whether two texts given piece by piece are equal, holding only what one has and the other
    has not yet matched (the pieces of a file and of its canonical form line up game by game)."""

    def __init__(self) -> None:
        self.left = self.right = ""
        self.equal = True

    def feed(self, left: str, right: str) -> None:
        if not self.equal:
            return
        a, b = self.left + left, self.right + right
        n = min(len(a), len(b))
        if a[:n] != b[:n]:
            self.equal = False
            self.left = self.right = ""
            return
        self.left, self.right = a[n:], b[n:]

    def result(self) -> bool:
        return self.equal and self.left == self.right == ""


@dataclass
class Diff:
    """A unified diff of a file against its canonical form, built a game at a time."""

    name: str
    new_line: int = 0  # canonical lines before the current piece
    started: bool = False
    mark: str = ""  # the byte order mark the file starts with, kept by fmt: on line 1 of both sides

    def piece(self, offset: int, old: str, new: str) -> Iterator[str]:
        """The hunks of one piece (``offset`` lines of the file before it)."""
        old, new, self.mark = self.mark + old, self.mark + new, ""
        a, b = split_lines(old, keepends=True), split_lines(new, keepends=True)  # lines as dln counts them
        new_start, self.new_line = self.new_line, self.new_line + len(b)
        if a == b:
            return
        if not self.started:
            self.started = True
            yield f"--- {self.name}\n+++ {self.name} (canonical)\n"
        for group in difflib.SequenceMatcher(None, a, b, autojunk=False).get_grouped_opcodes(CONTEXT):
            i1, i2, j1, j2 = group[0][1], group[-1][2], group[0][3], group[-1][4]
            yield f"@@ -{_range(offset + i1, i2 - i1)} +{_range(new_start + j1, j2 - j1)} @@\n"
            for tag, x1, x2, y1, y2 in group:
                if tag == "equal":
                    yield from (" " + _ended(line) for line in a[x1:x2])
                    continue
                yield from ("-" + _ended(line) for line in a[x1:x2])
                yield from ("+" + _ended(line) for line in b[y1:y2])


def _range(start: int, length: int) -> str:
    """A hunk's range as ``diff -u`` writes it: lines from 1; an empty range names the line before."""
    if length == 1:
        return str(start + 1)
    return f"{start + 1 if length else start},{length}"


def _ended(line: str) -> str:
    """A diff line ends in ``\\n``: a line of the file keeps its own line break before it (``\\r\\n``, or a lone
    ``\\r`` of an old Mac file, a line break as dln reads it); only the file's last line, when no line break
    ends it, gets the marker that says so."""
    if line.endswith("\n"):
        return line
    return line + "\n" if line.endswith("\r") else line + "\n\\ No newline at end of file\n"


class Examined:
    """One pass over a file: whether it is canonical, whether a game is broken, and the diff's lines.

    Iterate it to run the pass (the diff lines come out as they are found; without a diff, none).
    """

    def __init__(self, name: str, report: SyntaxReport, *, diff: bool = False) -> None:
        self.name = name
        self.report = report
        self.diff = Diff(display_name(name)) if diff else None
        self.same = Same()
        self.broken = False

    def __iter__(self) -> Iterator[str]:
        with opened(self.name) as stream:
            if self.diff is not None and has_bom(stream):
                self.diff.mark = "\ufeff"
            for piece, text in canonical_pieces(pieces(lines_of(stream, self.name), self.name,
                                                       keep_line_comments=True, comments_alone=True)):
                self.report.see(piece)
                if text is None:
                    self.broken = True
                    continue
                if self.broken:
                    continue  # the file will be left as it is: its diff means nothing
                self.same.feed(piece.text, text)
                if self.diff is not None:
                    yield from self.diff.piece(piece.offset, piece.text, text)
        self.report.close()


def canonical_bytes(name: str, expected: Snapshot) -> Iterator[bytes]:
    """The canonical text of file ``name``, game by game, read afresh; :class:`FileChanged` if the
    bytes read are not those of ``expected`` (the file changed since it was examined).  A byte order mark
    at the start is kept (a Windows editor reads the file as UTF-8 by it)."""
    with opened(name) as stream:
        if has_bom(stream):
            yield "\ufeff".encode()
        digest = Digest(stream)
        for _, text in canonical_pieces(pieces(lines_of(io.BufferedReader(digest), name), name,
                                               keep_line_comments=True, comments_alone=True)):
            if text is None:
                raise FileChanged(0, "a game no longer parses", name)
            yield text.encode("utf-8")
        if digest.hexdigest() != expected.digest:
            raise FileChanged(0, "the file changed while it was formatted", name)


def reformat(name: str, expected: Snapshot, *, force: bool) -> None:
    """Replace file ``name`` with its canonical text if it is still what ``expected`` saw."""
    replace_file(Path(name), canonical_bytes(name, expected), expected=expected, force=force)


__all__ = ["CONTEXT", "Diff", "Examined", "NotCanonical", "Same", "canonical_bytes", "canonical_pieces", "reformat",
           "snapshot_streaming"]
