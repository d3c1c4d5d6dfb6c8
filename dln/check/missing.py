"""A move not written down, the commonest slip at a real table, told from the moves the record does write.

When a move is out of turn, the seat whose turn it is may have played a move the recorder missed.  The
validator (:mod:`dln.check.validate`) takes it for one only when the record leaves no doubt: the seat's hand
is known in full, and exactly one position comes of the moves it may make with a card no later move of the
deal plays and after which every later move of the deal is legal (:func:`plays_on`).
"""

from __future__ import annotations

from collections.abc import Sequence

from dln.check.references import to_engine_move
from dln.engine import Move as EngineMove
from dln.engine import Position
from dln.games import protocol
from dln.notation.model import Move

__all__ = ["missing_move", "plays_on"]


def plays_on(engine: protocol.Game, state: Position, moves: Sequence[Move]) -> Position | None:
    """The position after ``moves``, played from ``state`` in turn, when each is legal; else None."""
    for move in moves:
        made, found = to_engine_move(state, move)
        if any(v.severity == "error" for v in (*found, *engine.check(state, made))):
            return None
        state = engine.apply(state, made)
    return state


def missing_move(engine: protocol.Game, state: Position, moves: Sequence[Move]) -> EngineMove | None:
    """The move of the seat whose turn it is in ``state`` that the record must have left out before ``moves``
    (the rest of the deal, the first of them out of turn), when exactly one position comes of the moves that
    make every one of ``moves`` legal; else None."""
    seat = state.turn
    hand = state.hand(seat)
    if hand.unknown or seat not in state.seats:
        return None
    spare = set(hand.known).difference(m.card for m in moves if m.seat == seat)
    found: list[tuple[EngineMove, Position]] = []
    for move in engine.legal_moves(state):
        if move.card in spare:
            after = plays_on(engine, engine.apply(state, move), moves)
            if after is not None:
                found.append((move, after))
    if not found or any(after != found[0][1] for _, after in found):
        return None
    return found[0][0]
