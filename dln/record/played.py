"""Moves written as played although they break a rule (issue 31): what the table really played.

The recorder refuses a move that breaks a rule; typed right after the refusal,
``played`` writes it all the same, as it was played, and recording goes on from
the position it made (the validator goes on after an illegal move).  This
module says which errors of a record are such moves, offers the gesture in a
refusal, and words them for a resumed session; :class:`dln.record.session.Recorder`
keeps the set of moves vouched for.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from dln.check.validate import Diagnostic, GameReport
from dln.notation.model import Game
from dln.notation.writer import move_text
from dln.record.moves import Refused, shown_move

#: A move by its round and number (both from 1) and whether it is a variation's: the validator numbers a
#: variation's moves on from the move they replace, so a variation's move 5 and the main line's are two moves.
Key = tuple[int, int, bool]
OFFER = "  'played' writes it as played all the same (the validator will report it)"


class Pending(NamedTuple):
    """The record with the move refused last, its report, the moves whose errors it makes, the move shown;
    for a refused ``fix N MOVE``, (N, MOVE): ``played`` makes that correction, its move as played."""

    game: Game
    report: GameReport
    keys: set[Key]
    shown: str
    fix: tuple[int, str] | None = None


def errors_of(report: GameReport) -> list[Diagnostic]:
    return [d for d in report.diagnostics if d.severity == "error"]


def key(found: Diagnostic) -> Key | None:
    """The move ``found`` is about, or None when it is about no move (a claim, a hand, a tag)."""
    return (found.round, found.move, found.variation) if found.round is not None and found.move else None


def keys_of(report: GameReport) -> set[Key]:
    """The moves at which ``report`` finds an error."""
    return {k for d in errors_of(report) if (k := key(d)) is not None}


def vouched_in(report: GameReport) -> set[Key]:
    """The moves of a record that break a rule in rounds that go on after them: what was played (a round that
    stops at a move that cannot have been made is no record to go on with)."""
    return {k for k in keys_of(report) if not report.rounds[k[0] - 1].stopped}


def moved_to_variation(vouched: set[Key], round_: int, number: int, *, kept: bool) -> set[Key]:
    """``vouched`` once the main line of round ``round_`` from move ``number`` on is replaced (``fix``): its
    moves are no longer that line's; with ``kept``, they are a variation of the new move ``number``, under
    the same numbers."""
    moved = {k for k in vouched if k[0] == round_ and k[1] >= number and not k[2]}
    return (vouched - moved) | ({(r, n, True) for r, n, _ in moved} if kept else set())


def earlier(game: Game, found: Diagnostic) -> str:
    """The refusal's line for an earlier move that a change shows breaking a rule: the main line's move
    written out, a variation's by its number (``found`` says what it is)."""
    assert found.round is not None and found.move is not None
    if found.variation:
        where = f"move {found.move} of a variation"
    else:
        where = move_text(replace(game.rounds[found.round - 1].moves[found.move - 1], number=found.move))
    return f"  {where}: {found.message} ({found.code} {found.name})"


def offer(game: Game, report: GameReport, errors: list[Diagnostic], refusal: Refused, number: int
          ) -> tuple[Refused, Pending | None]:
    """``refusal`` of the move just typed (``game``: the record with it), offering ``played`` when every error
    it makes (``errors``, those not vouched for already) is at a move the table could have played."""
    if not errors or any(d.round is None or not d.move for d in errors) or report.rounds[-1].stopped:
        return refusal, None  # a claim, a hand or a tag, or a move that cannot have been made: nothing to write
    move = game.rounds[-1].moves[-1]
    pending = Pending(game, report, {k for d in errors if (k := key(d)) is not None},
                      shown_move(replace(move, number=number)))
    lines = [line for line in refusal.lines if line != "nothing was written"]
    return Refused(*lines, OFFER, "nothing was written", rule=True), pending


def unreached_result(game: Game, report: GameReport) -> str | None:
    """The Result tag of a record that no side has won yet (a fragment of a finished game, a tag typed ahead):
    an end it claims the record has not reached.  The recorder keeps it as written (nothing is dropped) and
    records on: the tag is no move's error, and the validator reports it (D603)."""
    said = game.tag("Result")
    return said if report.winner is None and said is not None and said.strip() not in ("", "*") else None


def of_result(found: Diagnostic, game: Game) -> bool:
    """Whether ``found`` is about ``game``'s Result tag rather than a move, a claim or a hand."""
    return found.round is None and found.move is None and found.line == game.tag_line("Result")


def result_note(said: str) -> str:
    """The resumed session's word on a Result tag that claims an end the record has not reached."""
    return (f"the Result tag says {said}, but no side has won yet: it is kept as written and recording goes on "
            "(dln validate reports it, D603)")


def against_the_rules(report: GameReport, vouched: set[Key]) -> list[str]:
    """The moves vouched for, in the validator's words: ``round 1, move 3 was played against the rules: …``;
    a move of a variation (numbered on from the move it replaces, so its number may not be on the main line)
    is said to be one, with the line of the file it is on, where ``dln validate`` places it."""
    return [f"round {d.round}, move {d.move}{f' of a variation (line {d.line})' if d.variation else ''}"
            f" was played against the rules: {d.code} {d.name}"
            for d in errors_of(report) if key(d) in vouched]

