"""When another program changed the record under the recorder: merge the typed line into the file as it
is now, or stop and say what to do; never overwrite what the session did not write.

A session checks before each write that the file is what it last read or
wrote (:class:`dln.record.recordfile.RecordFile`).  When it is not (``dln
fmt``, an editor, another recorder), the session reads the file again and
finds the game it records, the file's last game.  If the round being
recorded holds the same play as before (the same table, hands and moves;
comments, glyphs and variations may differ) and the record still keeps the
rules, the session goes on from the file's text, with every change the other
program made, and the typed line is checked and written again on it
(:data:`FOLLOWED` says so).  Otherwise the line could mean something else
now, so nothing is written and the session stops (:class:`Diverged`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, NoReturn

from dln.check.game_tags import for_the_game
from dln.check.validate import validate_game
from dln.notation.errors import DLNSyntaxError
from dln.notation.model import Game, Move, Round
from dln.notation.sources import Unreadable
from dln.notation.writer import move_text, write_game
from dln.record.positions import table_word
from dln.record.reply import NOT_RECORDED
from dln.wording import count_of

if TYPE_CHECKING:
    from dln.record.reply import Session

#: What happened, in every message about it.
CHANGED = "another program changed the file since the last line was saved"

#: The note before the reply to a line written into the file as another program left it.
FOLLOWED = (f"note: {CHANGED}: the session goes on from the file as it is now, its changes kept, "
            "and this line was checked against it")


class Diverged(Exception):
    """The file changed under the session so that the change cannot be merged into it: the session
    stops.  ``lines`` say why; ``correct`` when the file must be corrected before recording goes on;
    ``typed`` is the line that was not recorded (None: what the recorder would have written by itself)."""

    def __init__(self, *lines: str, correct: bool = False) -> None:
        super().__init__(lines[0])
        self.lines = list(lines)
        self.correct = correct
        self.typed: str | None = None

    def said(self, path: object, command: str) -> list[str]:
        """The lines that tell the person at the table: why, what was not done, and what to do next
        (``command``: ``dln record club.dln``)."""
        lost = NOT_RECORDED if self.typed is None else f"{self.typed!r} was not recorded"
        if self.correct:
            then = f"correct the file, then run '{command}' again to go on"
        else:
            then = f"run '{command}' again to go on from what the file holds now"
        return [f"{path}: {self.lines[0]}", *self.lines[1:], f"{path}: {lost} and nothing was overwritten; {then}"]


class Followed(Exception):
    """The session went on from the file as another program left it: do the typed line again on it; the
    reply opens with ``note`` (:data:`FOLLOWED`, or :data:`DELETED`).  ``not_done`` says what did not happen
    if it is given up (the file kept changing): the write's own words ('nothing was taken back' for an undo)."""

    def __init__(self, note: str = FOLLOWED) -> None:
        super().__init__(note)
        self.note = note
        self.not_done = NOT_RECORDED


#: The note before the reply to a line written into a file deleted under the session: nothing was there to
#: overwrite, so the session's game is written again rather than lost.
DELETED = ("note: the file was deleted since the last line was saved: it is written again with this session's "
           "game, and this line was checked against it")


def diverged(problem: str, *more: str, correct: bool = False) -> Diverged:
    """The stop for a change that cannot be merged: ``problem`` (and ``more`` lines) say what the file
    holds now."""
    return Diverged(f"{CHANGED}, and {problem}", *more, correct=correct)


def _bare(move: Move) -> Move:
    return replace(move, glyphs=(), comments=(), variations=(), comment_places=())


def _played(round_: Round) -> Round:
    """The round without what a typed line does not depend on: comments, glyphs, variations."""
    deals = tuple(replace(d, comments=(), moves=tuple(map(_bare, d.moves))) for d in round_.deals)
    return replace(round_, comments=(), deals=deals)


def divergence(ours: Game, theirs: Game | None, table: str = "table") -> str | None:
    """How the file's last game (``theirs``) differs from the game recorded so far in what a typed line
    depends on: the number of rounds and the play of the last one; None when it does not.  ``table``: what the
    game calls its cards face up (:func:`dln.record.positions.table_word`)."""
    if theirs is None or not (theirs.rounds or theirs.tags):
        return "the file no longer holds the game being recorded"
    if len(theirs.rounds) != len(ours.rounds):
        return (f"the file's last game has {count_of(len(theirs.rounds), 'round')} where the "
                f"game being recorded has {len(ours.rounds)}")
    if not ours.rounds or _played(ours.rounds[-1]) == _played(theirs.rounds[-1]):
        return None
    number = ours.rounds[-1].number or len(ours.rounds)
    mine, others = ours.rounds[-1].moves, theirs.rounds[-1].moves
    for index, (a, b) in enumerate(zip(mine, others, strict=False)):
        if _bare(a) != _bare(b):
            return f"move {index + 1} of round {number} is now {move_text(b)}, not {move_text(a)}"
    if len(others) > len(mine):
        return f"round {number} now has a move {len(mine) + 1} ({move_text(others[len(mine)])}) that this session " \
               "did not record"
    if len(others) < len(mine):
        return f"round {number} no longer has its move {len(others) + 1} ({move_text(mine[len(others)])})"
    return f"the {table}, the hands or the claims of round {number} are not what this session recorded"


def is_canonical(game: Game, text: str) -> bool:
    """Whether ``text`` is ``game`` written in canonical form (a game that cannot be written is not)."""
    try:
        return bool(text) and text == write_game(game)
    except ValueError:
        return False


def follow(recorder: Session) -> NoReturn:
    """The file changed under ``recorder``: go on from it as it now is and raise :class:`Followed` (the change
    is to be made again), or raise :class:`Diverged` when the game recorded is not there to go on with."""
    file = recorder.file
    assert file is not None
    try:
        loaded = file.read()
    except DLNSyntaxError as exc:
        raise diverged("it is no longer DLN:", *for_the_game(exc).format().splitlines(), correct=True) from None
    except Unreadable as exc:
        raise diverged(f"it cannot be read: {exc.reason}", correct=True) from None
    except OSError as exc:
        raise diverged(f"it cannot be read: {exc.strerror or exc}") from None
    if loaded.stamp is None and recorder.text:  # no file any more: the game typed so far is all there is of it
        file.follow(loaded)  # the next write makes the file anew
        raise Followed(DELETED)
    if not recorder.text:  # the game is not on disk yet: it goes after what the file holds, if that is no game
        if loaded.game is not None and (loaded.game.rounds or loaded.game.tags):
            raise Diverged("another program wrote a game into the file while this one was being started")
        file.follow(loaded)
        raise Followed
    problem = divergence(recorder.game, loaded.game, table_word(recorder.report))
    if problem is not None:
        raise diverged(problem)
    assert loaded.game is not None
    report = validate_game(loaded.game, keep_states=True)
    errors = recorder.new_errors(report)  # a move written as played stays what it was
    if errors:
        raise diverged("its record now breaks a rule:", *(f"  error {d.code} {d.name}: {d.message}" for d in errors),
                       correct=True)
    if recorder.found is not None and recorder.found == recorder.game:  # nothing recorded in this session yet
        recorder.found = loaded.game
    recorder.game, recorder.report, recorder.text = loaded.game, report, loaded.text
    recorder.canonical = is_canonical(loaded.game, loaded.text)
    file.follow(loaded)
    raise Followed
