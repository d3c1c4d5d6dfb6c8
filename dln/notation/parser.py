"""DLN text → record model.

The syntax lives in ``grammar/dln.lark``.  A game in canonical form is read by
:mod:`dln.notation.fastpath` with the grammar's own terminals
(:mod:`dln.notation.terminals`); any other game by the LALR parser
(:mod:`dln.notation.grammar`), which is imported, with Lark, only then.

Multi-game files are cut into games before parsing (:func:`split_games`), so
a game that does not parse is reported and skipped while the others are read,
and a large file is read one game at a time.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from itertools import chain
from typing import IO, Any

from dln.notation.bounds import MAX_COMMENT, MAX_GAME, TooLarge, comment_too_large, game_too_large
from dln.notation.errors import DLNSyntaxError
from dln.notation.fastpath import canonical_spots, read_canonical
from dln.notation.lines import (
    MAX_LINE,
    UTF16_HEAD,
    Lines,
    LineTooLong,
    NotUTF8,
    Overlong,
    Pieces,
    iter_lines,
    line_too_long,
    normalise,
    not_utf8,
    split_lines,
    utf16_order,
)
from dln.notation.mistakes import COMMENT_TEXT, TAG_QUOTES
from dln.notation.model import STANDARD_TAGS, TAG_PARTS, Game, MoveSpots
from dln.notation.terminals import TERMINALS
from dln.notation.writer import tag_value

__all__ = ["parse_chunk", "parse_games", "split_games", "split_games_until_too_long", "starts_a_game",
           "takes_the_next"]



def _terminal(name: str) -> str:
    """The regular expression of one of the grammar's terminals (``dln/notation/terminals.py``)."""
    return TERMINALS[name]


def spots_in_line(text: str, line: int) -> MoveSpots | None:
    """Where the parts of a move are, when ``text`` (line ``line``) is a canonical line holding only it."""
    return canonical_spots(text, line, _terminal)


def _parse_chunk(text: str, offset: int, keep_line_comments: bool, *, fast: bool = True,
                 filename: str = "<string>", comments_alone: bool = False) -> list[Game]:
    """The games of one chunk: canonical text by the fast reader when it can, else by the grammar.

    Comments with no tag and no round around them are no game (the grammar's
    ``start: COMMENT* …``), whether written ``{…}`` or ``;``: none is given,
    unless ``comments_alone`` asks for them as a game of nothing else, for a
    command that rewrites the file and must not lose them (``dln fmt``).
    """
    text = normalise(text)
    games = read_canonical(text, offset, _terminal, tag_value) if fast else None
    if games is None:
        from dln.notation.grammar import parse_with_grammar  # Lark loads only for a game that needs it

        games = parse_with_grammar(text, offset, keep_line_comments, filename)
    if not comments_alone and len(games) == 1 and not games[0].tags and not games[0].rounds:
        return []
    return games


# ---------------------------------------------------------------------------
# Cutting a file into games

# What starts a tag block, to the splitter: '[', a word (letters of any script, digits, '_' and '-', so a
# name no tag can have, [Σημειωτής "…"], still starts its game and is reported there), blanks, then a quote
# of any kind (typographic quotes included, so a mistyped tag still starts its game).
_TAG_LIKE = re.compile(rf"\[[\w-]+[ \t]+[{TAG_QUOTES}]")
# A byte order mark may stand before it: 'cat a.dln b.dln' leaves b.dln's at the start of its first line, and
# that line starts b.dln's first game all the same (which is reported at the mark), not the end of a.dln's last.
_TAG_LINE = re.compile(rf"[ \t\ufeff]*\[[\w-]+[ \t]+[{TAG_QUOTES}]")
# A standard tag whose value has no quotes ([Site Καφενείο]): a mistyped tag of the tag block it stands in, as
# far as the splitter goes, so that its game fails whole.  It does not start a game (a line in brackets may be a
# comment's), and a line in brackets of other words ([Club archive 2026], a title) is no tag.
_TAG_UNQUOTED = re.compile(rf"\[(?:{'|'.join(STANDARD_TAGS)})[ \t]+[^\]\n]*\]")
_IN_COMMENT = COMMENT_TEXT  # a {comment}'s text up to its '}' (or a stray '{')


def split_games(lines: Iterable[str]) -> Iterator[tuple[int, str | TooLarge]]:
    """Cut DLN text into games: ``(first line number - 1, text)`` pairs, the text as written.

    A tag block after anything other than tags and comments starts a new
    game, exactly as the grammar's ``start`` rule says; comments (``{}``
    spanning lines, ``;`` to end of line) are skipped so a ``[`` inside them
    cuts nothing.  To recover from a broken game, a line that starts a tag
    block — ``[``, a word, blanks and a quote of any kind, at the start of the
    line — starts a new game even inside a ``{`` comment left open (the game
    before then fails alone) and even if the tag itself is mistyped.  Lines
    are cut as :mod:`dln.notation.lines` says, whatever pieces ``lines`` holds, so a
    file is read lazily.

    A game is held until its end, so it may hold at most :data:`MAX_GAME`
    characters, a ``{comment}`` at most :data:`MAX_COMMENT` and a line at most
    :data:`MAX_LINE` (a longer one comes as an :class:`Overlong`): past any of
    them, the game's text is let go and a :class:`TooLarge` error stands in its
    place, and the lines up to the next game are passed over.  A line that never
    ends (:class:`dln.notation.lines.LineTooLong`) is raised.
    """
    chunk: list[str] = []
    size = 0  # characters in chunk
    start = 0
    in_brace = False
    has_body = False
    tag_tail = False  # the chunk ends, comments aside, in a tag block begun after its body, within a line
    comment = (0, 0, 0)  # the {comment} open at the end of the line: its line, its column, its characters
    too_large: TooLarge | None = None
    for number, line in enumerate(iter_lines(lines)):
        if type(line) is Overlong:  # a line too long: its game is let go, as one too large
            if (has_body or in_brace) and _TAG_LINE.match(line.head):
                yield start, _held(chunk, too_large)
                chunk, size, start, has_body, in_brace, too_large = [], 0, number, False, False, None
            if too_large is None:
                too_large = line_too_long(number + 1)
                too_large.size = sum(len(held.encode("utf-8")) for held in chunk)
                chunk, has_body = [], True
            too_large.size += line.size
            continue
        if ((has_body and not tag_tail) or in_brace) and line[:1] in "[ \t\ufeff" and _TAG_LINE.match(line):
            yield start, _held(chunk, too_large)
            chunk, size, start, has_body, in_brace, too_large = [], 0, number, False, False, None
            tag_tail = False
        if too_large is not None:  # passed over up to the next game: only its size is kept
            too_large.size += len(line.encode("utf-8"))
            continue
        chunk.append(line)
        size += len(line)
        if in_brace or "{" in line:
            was_in_brace = in_brace
            in_brace, body, opened, closed, tail = _scan(line, in_brace)
            has_body = has_body or body
            if was_in_brace:  # the comment open since an earlier line, up to its '}' or the end of this line
                comment = (comment[0], comment[1], comment[2] + (len(line) if closed < 0 else closed))
                if comment[2] > MAX_COMMENT:
                    too_large = comment_too_large(comment[0] + 1, comment[1] + 1)
            if in_brace and opened >= 0:
                comment = (number, opened, len(line) - opened)
        elif not has_body or tag_tail or _TAG_LIKE.search(line):  # tell tags and comments from the rest
            _, body, _, _, tail = _scan(line, False)
            has_body = has_body or body
        else:
            tail = None
        if tail is not None:  # a tag after the body starts the next game's tag block, whatever line it is on
            tag_tail = tail == "tag" and has_body
        if too_large is None and size > MAX_GAME:
            too_large = game_too_large(start + 1)
        if too_large is not None:  # let the text go, but for the line the error points at
            too_large.source_line = chunk[too_large.line - 1 - start].rstrip("\r\n")
            too_large.size = sum(len(held.encode("utf-8")) for held in chunk)
            chunk, has_body = [], True
    if chunk or too_large is not None:
        yield start, _held(chunk, too_large)


#: A game's body, and a tag block: what :func:`starts_a_game` and :func:`takes_the_next` write around a text.
_A_ROUND, _A_TAG = "round 1\n", '[Event ""]\n'


def starts_a_game(text: str) -> bool:
    """Whether ``text`` (a game as written), written after a game with rounds, is read back as a game of its
    own (:func:`split_games`): it starts, after blank lines, with a tag block."""
    cut = [chunk for _, chunk in split_games([_A_ROUND, text])]
    return len(cut) == 2 and isinstance(cut[0], str) and not cut[0][len(_A_ROUND):].strip()


def takes_the_next(text: str) -> bool:
    """Whether a tag block written after ``text`` (a game as written) would be read back as part of it: it
    has tags and comments alone, no round (:func:`split_games`)."""
    return sum(1 for _ in split_games([text, _A_TAG])) == 1


def _held(chunk: list[str], too_large: TooLarge | None) -> str | TooLarge:
    """A game's text, or the error that stands in for a game too large to hold."""
    return "".join(chunk) if too_large is None else too_large


def split_games_until_too_long(lines: Iterable[str], filename: str,
                               ) -> Iterator[tuple[int, str | TooLarge | LineTooLong]]:
    """:func:`split_games`, then, if a line never ends (past :data:`dln.notation.lines.MAX_PASSED`),
    ``(its line - 1, the error)`` in place of the game holding it: reading stops there, as the rest of that
    line may never end.  Errors are given ``filename``."""
    try:
        for offset, text in split_games(lines):
            if isinstance(text, TooLarge):
                text.filename = filename
            yield offset, text
    except LineTooLong as error:
        error.filename = filename
        yield error.line - 1, error


def _scan(line: str, in_brace: bool) -> tuple[bool, bool, int, int, str | None]:
    """Follow one line through comments and tags: (inside a {} comment at its end, has other text,
    where the comment open at its end opened (-1 if before the line), where the comment open at its
    start closed, after its '}' (-1 if not on this line), what it holds last but comments and blanks:
    ``"tag"``, ``"body"`` or None).

    A mistyped tag (``[Event “2”]``, ``[Site Καφενείο]``) counts as a tag here:
    it belongs to the tag block, whose game the grammar then reports.
    """
    body = False
    last: str | None = None
    opened = closed = -1
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if in_brace:
            i = _IN_COMMENT.match(line, i).end()  # type: ignore[union-attr]
            if i >= n:
                return True, body, opened, closed, last
            in_brace, i = False, i + 1
            if opened < 0 and closed < 0:
                closed = i
        elif ch == "{":
            in_brace, opened, i = True, i, i + 1
        elif ch == ";":
            break
        elif ch == "[" and (m := TAG_PARTS.match(line, i)):
            i, last = m.end(), "tag"
        elif ch == "[" and _TAG_LIKE.match(line, i):
            end = line.find("]", i)
            i, last = n if end < 0 else end + 1, "tag"
        elif ch == "[" and (m := _TAG_UNQUOTED.match(line, i)):
            i, last = m.end(), "tag"
        elif ch.isspace() or ch == "\ufeff":  # a byte order mark: a file joined after another (reported there)
            i += 1
        else:
            body, last, i = True, "body", i + 1
    return in_brace, body, opened, closed, last


# ---------------------------------------------------------------------------
# Public entry points


def parse_games(
    lines: Iterable[str],
    *,
    filename: str = "<string>",
    errors: list[DLNSyntaxError] | None = None,
    keep_line_comments: bool = False,
    comments_alone: bool = False,
    worded: Callable[[DLNSyntaxError], DLNSyntaxError] | None = None,
) -> Iterator[Game]:
    """Parse DLN games from lines of text, one game at a time.

    A game that does not parse raises :class:`DLNSyntaxError`; when an
    ``errors`` list is given, the error is appended to it instead, that game is
    skipped and reading goes on with the next one.  ``keep_line_comments``
    turns ``;`` comments into ``{}`` comments (``dln fmt`` uses it so that
    nothing the author wrote is lost).  Comments alone are no game, unless
    ``comments_alone`` (:func:`parse_chunk`).  ``worded`` words an error for its
    game (:func:`dln.check.game_tags.for_the_game`; the notation knows none).
    """
    for piece in parse_pieces(lines, filename, keep_line_comments=keep_line_comments,
                              comments_alone=comments_alone):
        if piece.error is not None:
            error = piece.error if worded is None else worded(piece.error)
            if errors is None:
                raise error
            errors.append(error)
        elif piece.game is not None:
            yield piece.game


@dataclass(frozen=True, slots=True)
class Piece:
    """One game's piece of a file: its text as written, and the game or the syntax error it holds.

    ``number`` counts the file's games from 1, broken ones included.  ``game``
    is None when the piece was skipped unparsed or does not parse.
    """

    number: int
    offset: int  # lines of the file before the piece
    text: str
    game: Game | None = None
    error: DLNSyntaxError | None = None

    def line(self, number: int) -> str:
        """Line ``number`` of the file, if it is in this piece (for a caret under a finding)."""
        index = number - self.offset - 1
        lines = split_lines(self.text)
        return lines[index] if 0 <= index < len(lines) else ""


def parse_pieces(lines: Iterable[str], filename: str = "<string>", *, keep_line_comments: bool = False,
                 wanted: Callable[[int], bool] | None = None, comments_alone: bool = False) -> Iterator[Piece]:
    """The games of a file in order, each parsed only if ``wanted(number)`` (default: all), a game that does not
    parse or is too large to hold as its error; a file of comments alone holds none, unless ``comments_alone``
    (:func:`parse_chunk`).  :func:`parse_games` and :func:`dln.notation.sources.pieces` both read this way, so
    that a file's games are numbered alike whoever reads it."""
    number = 0
    for offset, text in split_games_until_too_long(lines, filename):
        if not isinstance(text, str):  # too large to hold (a line without end is the last item)
            number += 1
            text.game = number
            yield Piece(number, offset, "", error=text)
            continue
        if wanted is not None and not wanted(number + 1):
            number += 1
            yield Piece(number, offset, text)
            continue
        try:
            games = parse_chunk(text, offset, filename=filename, keep_line_comments=keep_line_comments,
                                comments_alone=comments_alone)
        except DLNSyntaxError as error:
            number += 1
            error.game = number
            yield Piece(number, offset, text, error=error)
            continue
        for index, game in enumerate(games):  # one, as a tag block starts a game
            number += 1
            yield Piece(number, offset, "" if index else text, replace(game, number=number))


def parse_chunk(
    text: str, offset: int = 0, *, filename: str = "<string>", keep_line_comments: bool = False,
    comments_alone: bool = False,
) -> list[Game]:
    """The game(s) of one piece of a file cut by :func:`split_games`, ``offset`` lines into it (comments
    alone are no game, unless ``comments_alone``: see :func:`_parse_chunk`).

    Raises :class:`DLNSyntaxError`, positioned in the file.
    """
    return _parse_chunk(text, offset, keep_line_comments, filename=filename, comments_alone=comments_alone)


def read_lines(file: IO[str] | IO[bytes]) -> Lines:
    """Lines of a text or binary file (UTF-8, BOM allowed), read lazily, as :mod:`dln.notation.lines` defines them.

    No read is larger than a line may be, so a line too long is passed over
    (:class:`dln.notation.lines.Overlong`) and a file without line breaks raises
    :class:`dln.notation.lines.LineTooLong` at its line, instead of filling memory.
    Bytes that are not UTF-8 raise :class:`dln.notation.lines.NotUTF8` at their
    line and column, once the lines before them are read.
    """
    return Lines(_read_lines(file))


def _read_lines(file: IO[str] | IO[bytes]) -> Iterator[str | Overlong]:
    if not isinstance(file, io.RawIOBase | io.BufferedIOBase):
        reader = getattr(file, "readline", None)
        pieces: Iterator[Any] = iter(partial(reader, MAX_LINE + 2), file.read(0)) if reader else iter(file)
        first = next(pieces, None)
        if first is None:
            return
        if isinstance(first, str):  # a text stream: decoded by itself
            yield from iter_lines(chain([first.removeprefix("\ufeff")], pieces))
            return
        file = io.BufferedReader(Pieces(chain([first], pieces)))  # bytes: decoded below, as a binary file's
    # Decode in C, a buffer at a time, keeping line endings as written; a byte that is not UTF-8 is kept as a
    # lone surrogate, found in its line (not_utf8).  Detach afterwards so the caller's file is not closed.
    text = io.TextIOWrapper(file, encoding="utf-8-sig", errors="surrogateescape", newline="")  # type: ignore[arg-type]
    try:
        # Universal newlines, untranslated, are exactly dln's line breaks: only the length is checked.
        yield from _bounded(text.readline)
    finally:
        with contextlib.suppress(ValueError):  # already closed by its owner
            text.detach()


def _bounded(readline: Callable[[int], str]) -> Iterator[str | Overlong]:
    """The lines ``readline`` gives, read at most a line's bound at a time: a longer line is passed over to
    its end, and an :class:`Overlong` stands in its place.  A byte that is not UTF-8 raises ``NotUTF8``."""
    limit = MAX_LINE + 2  # a line of the bound and its line break, '\r\n'
    number = 0
    head = ""  # the file's first characters, until they are enough to tell UTF-16 without its mark (utf16_order)
    line = readline(limit)
    while line:
        number += 1
        if len(head) < UTF16_HEAD:
            head += line[:UTF16_HEAD]
            if "\0" in head and (order := utf16_order(head)):
                raise NotUTF8(1, 1, 0, utf16=order)
        if not line.isascii() and (error := not_utf8(line, number)):
            raise error
        if len(line) > MAX_LINE and len(line.rstrip("\r\n")) > MAX_LINE:
            passed = Overlong(number, line)
            while line[-1] not in "\r\n" and (line := readline(limit)):
                if error := not_utf8(line, number, passed.characters):
                    raise error
                passed.add(line)
            line = readline(limit)
            if passed.tail == "\r" and line == "\n":  # a '\r\n' cut between two reads
                passed.add(line)
                line = readline(limit)
            yield passed
            continue
        yield line
        line = readline(limit)


def parse_text(text: str, **kwargs: Any) -> Iterator[Game]:
    """:func:`parse_games` over a string (a leading byte order mark is dropped, as :func:`read_lines` does)."""
    return parse_games(split_lines(text.removeprefix("\ufeff"), keepends=True), **kwargs)

