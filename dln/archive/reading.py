"""An archive read a game at a time: every file named (folders searched), every game in file order.

The archive commands read with ``;`` comments kept (as ``dln fmt`` does), so
that the canonical text they write loses nothing; the comments of a file of
comments alone go with a game they write (:func:`with_notes`).  A file that cannot be
read, a folder without records and a game that does not parse are handed to
the caller's callbacks as they are met, and reading goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

from dln.check.verdicts import CANNOT_READ, NOTHING_TO_CHECK
from dln.notation.bounds import TooLarge
from dln.notation.lines import LineTooLong, normalise
from dln.notation.model import Game
from dln.notation.parser import parse_chunk, starts_a_game, takes_the_next
from dln.notation.sources import (
    NO_GAME_IN_FILE,
    NO_RECORD_IN_DIRECTORY,
    Piece,
    Unreadable,
    display_name,
    each_file,
    lines_of,
    opened,
    pieces,
)
from dln.notation.writer import merges_with, write_game
from dln.wording import count_of

if TYPE_CHECKING:
    from dln.archive.facts import PlayFacts
    from dln.check.reports import Diagnostic

__all__ = ["Apart", "ArchiveReader", "NotKept", "canonical_text", "kept_text", "notes_alone", "with_notes"]

#: Where a game to write comes from, as its command knows it (a file's name; for split, its number too).
F = TypeVar("F")


def notes_alone(game: Game) -> bool:
    """Whether ``game`` is the comments of a file that holds nothing else (no tag, no round): no game, but
    text that ``merge`` keeps (:attr:`ArchiveReader.comments_alone`)."""
    return not game.tags and not game.rounds


def canonical_text(piece: Piece) -> str:
    """A game's canonical DLN (it parsed), ending with one newline."""
    assert piece.game is not None
    return write_game(piece.game)


class NotKept(Exception):
    """A game that does not parse cannot be copied as written: it was too large to hold (over the comment,
    line or game cap), so its text was never read into memory."""


def kept_text(piece: Piece) -> str:
    """A game as written (one that does not parse, copied with ``--keep-broken``), its lines ended with
    ``\n`` as the games written beside it (a CRLF file's copy mixed them in one output) and ending with one;
    :class:`NotKept` for one too large to hold, whose text was not kept."""
    if isinstance(piece.error, TooLarge | LineTooLong):
        raise NotKept(f"game {piece.number} (line {piece.error.line}) is too large to copy as written")
    return normalise(piece.text).rstrip("\n") + "\n"


def with_notes(written: Iterable[tuple[F, Piece, str]]) -> Iterator[tuple[F, Piece, str]]:
    """The games of ``written`` (each with where it comes from, its piece and its text to write), the comments
    of a file of comments alone (:func:`notes_alone`) folded into a game's text, where the reader puts them
    (docs/archive.md): before the next game, as its first comments; after the last game, where a comment
    written at its end belongs (most often its last move), so that the text stays canonical.  Beside a game
    copied as written (``piece.game`` None) they stand as written.  With no game, they are nothing to write:
    the archive's reader says there is no game.  One game is held back, to take the comments that follow it;
    if ``written`` fails, the games before are given all the same."""
    notes: tuple[str, ...] = ()  # the comments of files of comments alone, for the next game
    notes_text = ""  # the same, as written
    held: tuple[F, Piece, str] | None = None  # the last game, held: comments alone after it are its own
    try:
        for where, piece, text in written:
            game = piece.game
            if game is not None and notes_alone(game):
                notes, notes_text = (*notes, *game.comments), notes_text + text + "\n"
                continue
            if notes:
                text = (write_game(replace(game, comments=(*notes, *game.comments))) if game is not None
                        else notes_text + text)
                notes, notes_text = (), ""
            if held is not None:
                yield held
            held = (where, piece, text)
    except Exception:  # the games before the one that failed are written all the same
        if held is not None:
            yield held
        raise
    if held is None:
        return
    where, piece, text = held
    if notes:  # after the last game, as the reader reads them
        text = (write_game(parse_chunk(text + notes_text, keep_line_comments=True)[0]) if piece.game is not None
                else text + "\n" + notes_text.removesuffix("\n"))
    yield where, piece, text


class Apart:
    """Games written one after another, each read back as itself: a game that would read as part of the
    one before it (:func:`dln.notation.writer.merges_with`: any game after one without rounds, a game
    without tags after another; a game copied as written is read as the reader cuts its text,
    :func:`dln.notation.parser.starts_a_game` and :func:`~dln.notation.parser.takes_the_next`) stops the
    writing; :attr:`problem` says why, :attr:`count` how many texts went through."""

    def __init__(self) -> None:
        self.problem: str | None = None
        self.count = 0

    def texts(self, written: Iterable[tuple[str, Piece, str]]) -> Iterator[str]:
        """The texts of ``written`` (each game's file, piece and text to write), the comments of files of
        comments alone among them folded in (:func:`with_notes`), up to the first game that would merge with
        the game written before it."""
        rounds_before: bool | None = None  # whether the text written last has rounds (None: nothing written)
        for file, piece, text in with_notes(written):
            game = piece.game
            tags, rounds = (bool(game.tags), bool(game.rounds)) if game is not None else \
                (starts_a_game(text), not takes_the_next(text))  # copied as written (--keep-broken)
            if merges_with(rounds_before, tags) is not None:
                where = f"{display_name(file)}: game {piece.number}"
                self.problem = (f"{where} has no tags: written after another game, it would be read as "
                                "part of it (only a file's first game may lack tags)" if not tags else
                                f"{where} would be read as part of the game before it, which has no rounds "
                                "(only a file's last game may lack rounds)")
                return
            rounds_before = rounds
            self.count += 1
            yield text


@dataclass
class ArchiveReader:
    """Reads the games of many files in order, counting what it meets.

    ``problem(file, code, reason, line=, column=)`` hears of a file that cannot
    be read (S002; the line and column of a byte that is not UTF-8, else None)
    or a folder with no ``*.dln`` file (S003); ``broken(file, piece)`` of a
    game that does not parse; ``bad_tag(diagnostic)`` of each tag that keeps a
    replayed game from being checked as written (R002, :meth:`unjudged`).
    With ``comments_alone``, the comments of a file that holds nothing else
    come as a piece too (:func:`notes_alone`; no game, not counted).  With
    ``nothing``, inputs that hold no game at all are named to ``problem`` (S003).
    """

    problem: Callable[..., None]
    broken: Callable[[str, Piece], None]
    bad_tag: Callable[[Diagnostic], None]
    files: int = 0
    games: int = 0  # games that parse
    unparsed: int = 0  # games that do not parse
    #: games that do not parse, files that cannot be read (to their end) or hold nothing, folders without records
    errors: int = 0
    empty: int = 0  # files that hold nothing (beside others that do: :meth:`read`)
    #: The bad tags (R002) of games that parse but cannot be checked as written, reported by a command that
    #: replays them, which judges nothing of such a game (:meth:`unjudged`).
    tag_problems: int = 0
    comments_alone: bool = False
    notes: int = 0  # files of comments alone read (with ``comments_alone``): no game, but text to keep
    #: What to say, after the files' names, when they were all read and hold no game at all (``no game in
    #: these files: nothing to write``), through ``problem``; None: the caller says it.
    nothing: str | None = None

    @property
    def incomplete(self) -> bool:
        """Whether an input was not read to its end (or at all), held nothing, or a folder held no record:
        what was read is then a part of the inputs only, and nothing is written from it."""
        return self.errors > self.unparsed

    @property
    def unread(self) -> str:
        """Why what was read is a part of the inputs only (:attr:`incomplete`), said after what is not
        written: inputs that held nothing, when that is all, else an input not read to its end."""
        if self.empty and self.errors == self.unparsed + self.empty:
            return f"{count_of(self.empty, 'input')} held no game"
        return "an input could not be read to its end"

    def read(self, paths: Iterable[str]) -> Iterator[tuple[str, Piece]]:
        """(file as displayed, piece) for every game, broken ones included (``piece.game`` None).  A file that
        holds nothing (no game, no comment, no error: empty, or blank lines alone) is bad input, as
        ``dln validate`` says of it (S003): said of a file among others once one holds something; of every
        input, it is ``nothing``, said once, naming them all."""
        gameless: list[str] | None = []  # the files read while none held a game, to name them if none does
        empty: list[str] = []  # the files that held nothing, met while no file held a game: said if one does
        for name in each_file(paths, self._empty):
            display = display_name(name)
            if gameless is not None:
                gameless.append(display)
            before = (self.games, self.errors, self.notes)
            yield from self._file(name)
            if (self.games, self.errors, self.notes) == before:
                empty.append(display)
            if self.games or self.errors:
                gameless = None
                for shown in empty:
                    self.empty += 1
                    self.errors += 1
                    self.problem(shown, NOTHING_TO_CHECK, NO_GAME_IN_FILE)
                empty = []
        if self.nothing is not None and gameless is not None and not self.games and not self.errors:
            self.problem(", ".join(gameless), NOTHING_TO_CHECK, self.nothing)

    def unjudged(self, piece: Piece, facts: PlayFacts) -> bool:
        """True when the replayed game ``piece`` cannot be checked as written: a tag makes no sense (R002, an
        unknown game, a Target that is no number...: :func:`dln.check.reports.bad_tags`).  Each such finding
        goes to ``bad_tag`` as ``dln validate`` reports it (file, line, column, the tag under a caret); the
        command leaves the game out of what it judges, as bad input (exit 2), as a game that does not parse."""
        for diagnostic in facts.bad_tags:
            self.tag_problems += 1
            self.bad_tag(replace(diagnostic, source_line=piece.line(diagnostic.line)))
        return bool(facts.bad_tags)

    def _empty(self, path: str) -> None:
        self.errors += 1
        self.problem(path, NOTHING_TO_CHECK, NO_RECORD_IN_DIRECTORY)

    def _file(self, name: str) -> Iterator[tuple[str, Piece]]:
        display = display_name(name)
        self.files += 1
        try:
            with opened(name) as stream:
                for piece in pieces(lines_of(stream, name), name, keep_line_comments=True,
                                    comments_alone=self.comments_alone):
                    if piece.game is not None and notes_alone(piece.game):
                        if not piece.game.comments:  # blank lines alone: nothing to keep
                            continue
                        self.notes += 1
                    elif piece.game is None:  # a syntax error (every piece is parsed: pieces() is given no wanted)
                        self.errors += 1
                        self.unparsed += 1
                        if isinstance(piece.error, LineTooLong):  # a line without end: the rest is not read
                            self.errors += 1
                        self.broken(display, piece)
                    else:
                        self.games += 1
                    yield display, piece
        except Unreadable as exc:
            self.errors += 1
            self.problem(display, CANNOT_READ, f"cannot read: {exc.reason}", line=exc.line, column=exc.column)

