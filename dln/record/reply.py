"""What the recorder answers to a typed line (:class:`Reply`), and what the edits made beside it
(:mod:`dln.record.changes`, :mod:`dln.record.corrections`) ask of a recording session (:class:`Session`,
which :class:`dln.record.session.Recorder` is)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from dln.check.validate import Diagnostic, GameReport
    from dln.notation.model import Game, Move
    from dln.record.played import Key, Pending
    from dln.record.recordfile import GameFile


#: What a line that could not be written did not do: an undo, redo or fix says it in words of its own.
NOT_RECORDED = "nothing was recorded"

#: What one ``undo`` took back, for ``redo``: (game before, game after, what was taken, the moves written as
#: played before, the comments typed with a table or hand line before: Session.typed_with).
Undone = tuple["Game", "Game", str, frozenset["Key"], dict[tuple[int, int, int], tuple[str, ...]]]


class Amended(NamedTuple):
    """An edit that changed the record in place (a ``fix``, cards added to a hand given in part), for an ``undo``
    right after it, which puts the record back as it was before the edit, whole, rather than take back the last
    entry as it now is (a fix's corrected move alone would lose the move it replaced)."""

    before: Game  # the game before the edit,
    text: str  # its text as the file held it (the author's own layout, maybe),
    vouched: frozenset[Key]  # the moves written as played then,
    typed_with: dict[tuple[int, int, int], tuple[str, ...]]  # and the comments typed with a table or hand line
    after: Game  # the game the edit made, and its text: the undo is the edit's only while they are the record's
    after_text: str
    undid: str  # what the undo says ('undid fix of move 5: 5. S 4s again'),
    redone: str  # and what redo puts back ('the fix of move 5: 5. S 5d')


@dataclass
class Reply:
    """What the recorder answers to one typed line.

    ``accepted`` is False when the line was refused (nothing written);
    ``lines`` are what to show; ``score_sheet`` asks the loop to print the
    score sheet; ``quit`` and ``new_game`` ask it to leave or to ask the
    questions of a new game.
    """

    accepted: bool = True
    lines: list[str] = field(default_factory=list)
    score_sheet: bool = False
    quit: bool = False
    new_game: bool = False
    rule: bool = False  # refused because the move breaks a rule


class Session(Protocol):
    """A recording session as the edits beside it use it: the game so far and its report, the text on disk,
    what ``undo`` took back, and the steps every change goes through (checked, then committed)."""

    file: GameFile | None
    game: Game
    report: GameReport
    text: str
    canonical: bool  # ``text`` is the game's canonical form
    undone: list[Undone]  # what each undo took back, for redo
    amended: Amended | None  # the last edit made in place, which an undo right after it undoes
    typed_with: dict[tuple[int, int, int], tuple[str, ...]]  # the comments typed with a table or hand line
    kept_with: dict[tuple[int, int, int], tuple[str, ...]]  # the comments after such a line that undo left
    parked: dict[int, tuple[str, ...]]  # the comments undo kept after a round's last move
    played_anyway: set[Key]  # the moves written as played although they break a rule (dln.record.played)
    refused: Pending | None  # the move refused last, which 'played' writes
    found: Game | None  # the game as the session found it in the file, until an undo reaches back into it
    asked: bool  # the line just before was an undo that asked, before reaching back past this session
    vouches: bool  # whether 'played' is offered at all (never in dln play)
    unreached_result: str | None  # a Result tag found claiming an end the record had not reached: kept

    def __init__(self, game: Game) -> None:
        """A session on ``game`` that writes nothing (to try a change on)."""

    def last_move(self) -> tuple[int, int, int, Move] | None:
        """(round index, deal index, move index, move) of the game's last move, if any."""

    def new_errors(self, report: GameReport) -> list[Diagnostic]:
        """The errors of ``report`` but those at moves written as played."""

    def check_change(self, game: Game, what: str, number: int | None = None) -> GameReport:
        """The validator's report on the changed ``game``; Refused if it finds an error."""

    def commit(self, game: Game, report: GameReport, lines: list[str], *, settle: bool = True,
               text: str | None = None, not_done: str = NOT_RECORDED) -> Reply:
        """Make ``game`` the record: complete what follows by itself, write it (as ``text``, when given), then
        adopt it; ``not_done`` says what did not happen when it cannot be written."""

    def handle(self, line: str) -> Reply:
        """What one typed line does."""

    def move(self, text: str) -> Reply:
        """Record the move ``text``."""

    def replace_move(self, r: int, d: int, m: int, move: Move) -> Reply:
        """Replace move ``m`` of deal ``d`` of round ``r`` (0-based) by ``move`` (its annotations)."""

    def left_there(self, line: tuple[int, int, int]) -> list[tuple[str, ...]]:
        """The comments, by place, taken to be those ``undo`` left of a line typed before the first card."""

    def undo(self) -> Reply:
        """Take back the last thing recorded."""
