"""A move not written down, the commonest slip at a real table, told from the moves the record does write.

When a move is out of turn, the seat whose turn it is may have played a move the recorder missed.  The
validator (:mod:`dln.check.validate`) takes it for one only when the record leaves no doubt: the seat's hand
is known in full, and it holds one card that no later move of the deal plays, after which every later move
of the deal is legal (:func:`plays_on`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dln.check.references import to_engine_move
from dln.engine import Hand, Position
from dln.engine import Move as EngineMove
from dln.games import protocol
from dln.notation.model import Move

__all__ = ["deals_on", "missing_move", "plays_on"]


def plays_on(engine: protocol.Game, state: Position, moves: Sequence[Move]) -> Position | None:
    """The position after ``moves``, played from ``state`` in turn, when each is legal; else None."""
    for move in moves:
        made, found = to_engine_move(state, move)
        if any(v.severity == "error" for v in (*found, *engine.check(state, made))):
            return None
        state = engine.apply(state, made)
    return state


def missing_move(engine: protocol.Game, state: Position, moves: Sequence[Move],
                 deals: Sequence[tuple[Mapping[str, Hand], Sequence[Move]]] = (), rest: str | None = None
                 ) -> list[EngineMove]:
    """The moves of the seat whose turn it is in ``state`` that the record may have left out before ``moves``
    (the rest of the deal, the first of them out of turn): those with a card of the seat's hand, known in full,
    that no later move of the deal plays, after which every one of ``moves`` is legal.  When they leave
    different positions, those after which the round's later ``deals`` (each deal's hands and moves) are legal
    too, if any are, and of those the ones that leave the seat the record says takes the cards left (``rest``)
    the last to capture, if any do.  Empty when there is none."""
    seat = state.turn
    if seat not in state.seats or state.hand(seat).unknown:
        return []
    spare = set(state.hand(seat).known).difference(m.card for m in moves if m.seat == seat)
    found = [(move, after) for move in engine.legal_moves(state) if move.card in spare
             and (after := plays_on(engine, engine.apply(state, move), moves)) is not None]
    if any(after != found[0][1] for _, after in found):
        ends = [(move, end) for move, after in found if (end := deals_on(engine, after, deals)) is not None]
        claimed = [(move, end) for move, end in ends if end.last_capturer == rest]  # who takes the rest, if told
        found = claimed or ends or found
    return [move for move, _ in found]


def deals_on(engine: protocol.Game, state: Position, deals: Sequence[tuple[Mapping[str, Hand], Sequence[Move]]]
              ) -> Position | None:
    """The position after the round's later ``deals``, dealt and played legally from ``state``, the end of a
    deal; None when one of them is not."""
    for hands, moves in deals:
        if not state.needs_deal:
            return None
        after = plays_on(engine, engine.next_deal(state, hands), moves)
        if after is None:
            return None
        state = after
    return state
