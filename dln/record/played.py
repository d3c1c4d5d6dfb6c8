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
from dln.record.moves import Refused, shown_move

#: A move by its round and number (both from 1).
Key = tuple[int, int]
OFFER = "  'played' writes it as played all the same (the validator will report it)"


class Pending(NamedTuple):
    """The record with the move refused last, its report, the moves whose errors it makes, the move shown."""

    game: Game
    report: GameReport
    keys: set[Key]
    shown: str


def errors_of(report: GameReport) -> list[Diagnostic]:
    return [d for d in report.diagnostics if d.severity == "error"]


def vouched_in(report: GameReport) -> set[Key]:
    """The moves of a record that break a rule in rounds that go on after them: what was played (a round that
    stops at a move that cannot have been made is no record to go on with)."""
    return {(d.round, d.move) for d in errors_of(report)
            if d.round is not None and d.move and not report.rounds[d.round - 1].stopped}


def offer(game: Game, report: GameReport, errors: list[Diagnostic], refusal: Refused, number: int
          ) -> tuple[Refused, Pending | None]:
    """``refusal`` of the move just typed (``game``: the record with it), offering ``played`` when every error
    it makes (``errors``, those not vouched for already) is at a move the table could have played."""
    if not errors or any(d.round is None or not d.move for d in errors) or report.rounds[-1].stopped:
        return refusal, None  # a claim, a hand or a tag, or a move that cannot have been made: nothing to write
    move = game.rounds[-1].moves[-1]
    pending = Pending(game, report, {(d.round, d.move) for d in errors if d.round is not None and d.move},
                      shown_move(replace(move, number=number)))
    lines = [line for line in refusal.lines if line != "nothing was written"]
    return Refused(*lines, OFFER, "nothing was written", rule=True), pending


def against_the_rules(report: GameReport, vouched: set[Key]) -> list[str]:
    """The moves vouched for, in the validator's words: ``round 1, move 3 was played against the rules: …``;
    a move of a variation (numbered on from the move it replaces, so its number may not be on the main line)
    is said to be one, with the line of the file it is on, where ``dln validate`` places it."""
    return [f"round {d.round}, move {d.move}{'' if on_main_line(report, d) else f' of a variation (line {d.line})'}"
            f" was played against the rules: {d.code} {d.name}"
            for d in errors_of(report) if (d.round, d.move) in vouched]


def on_main_line(report: GameReport, found: Diagnostic) -> bool:
    """Whether ``found`` is about a main-line move: the round's move of its number, on its line and before
    the variations written after it (the validator reports a variation's moves under their numbers too)."""
    if found.round is None or not found.move:
        return False
    moves = report.rounds[found.round - 1].record_moves
    if found.move > len(moves):
        return False
    move = moves[found.move - 1]
    if move.line is None:  # no place to compare: the main line, as the number says
        return True
    if found.line != move.line:
        return False
    alternative = move.variations[0].moves[0] if move.variations and move.variations[0].moves else None
    return alternative is None or alternative.line != found.line or (alternative.column or 0) > found.column
