"""A record's move in a position of any game: the engine's reading of it, the rules it breaks, the legal
moves, and the record of an engine's move.

The recorder (:mod:`dln.record.positions`) and the review of a record
(:mod:`dln.analysis.annotate`) ask these of a position without knowing its
game; here alone a position is handed to its game's engine: Diloti's
``RoundState`` to :mod:`dln.engine` (a move names declarations, which are
resolved on the table: :func:`dln.check.references.to_engine_move`), a
Kontsina or Xeri ``TableRound`` to :mod:`dln.games.table` (through
:mod:`dln.check.family_records`).
"""

from __future__ import annotations

from typing import TypeAlias

from dln.check.family_records import engine_move as family_engine_move
from dln.check.family_records import record_move as family_record_move
from dln.check.generate import record_move as diloti_record_move
from dln.check.references import to_engine_move
from dln.engine import Move as EngineMove
from dln.engine import RoundState, Violation, legal_moves
from dln.games.protocol import game_of
from dln.games.table import TableRound
from dln.notation.model import Move

__all__ = ["Position", "judged", "legal", "legal_move", "to_engine", "violations", "written"]

#: A position of any game, as the validator keeps them.
Position: TypeAlias = RoundState | TableRound


def legal(state: Position, *, every: bool = False) -> list[EngineMove]:
    """Every legal move of the seat to play (Diloti: one per declared value, unless ``every``: one per
    card of that value too)."""
    if isinstance(state, TableRound):
        return state.rules.legal_moves(state)
    return legal_moves(state, by_value=not every)


def written(state: Position, move: EngineMove, number: int | None = None) -> Move:
    """The record of engine ``move`` played in ``state``, as the game's validator writes it."""
    if isinstance(state, TableRound):
        return family_record_move(state, move, number)
    return diloti_record_move(state, move, number)


def to_engine(state: Position, move: Move) -> tuple[EngineMove, list[Violation]]:
    """The engine's view of a recorded move, and what is wrong with how it names the table (Diloti)."""
    if isinstance(state, TableRound):
        return family_engine_move(move), []
    found, problems = to_engine_move(state, move)
    return found, list(problems)


def judged(state: Position, move: Move) -> tuple[EngineMove, list[Violation]]:
    """The engine's view of a recorded move and every rule it breaks in ``state``: how it names the table
    and, when that is right, the rules of play."""
    engine_move, found = to_engine(state, move)
    if any(v.severity == "error" for v in found):
        return engine_move, found
    return engine_move, game_of(state).check(state, engine_move)


def violations(state: Position, move: Move) -> list[Violation]:
    """Every rule ``move`` breaks in ``state``."""
    return judged(state, move)[1]


def legal_move(state: Position, move: Move) -> EngineMove | None:
    """The engine's move for a record's ``move`` in ``state``, or None when it breaks a rule."""
    engine_move, found = judged(state, move)
    return None if any(v.severity == "error" for v in found) else engine_move
