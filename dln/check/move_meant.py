"""An illegal move whose card made another move at the table, told from the deal's later moves.

``5. E 4d x 8s`` for the lay ``5. E 4d`` breaks the capture rule (Kontsina's K206); replayed as the capture
made at the table (:meth:`Game.force`), it took the 8s, so ``13. N 7h x 4d+3h`` took a 4d that was not on the
table (D004) and the replay of the round stopped there: two errors for one slip of the pen.  When the move
as made leaves a later move of the deal illegal, and one legal move of its card, and no other, makes every
later move of the deal legal (:func:`dln.check.missing.plays_on`), that move is the one made: the validator
(:mod:`dln.check.validate`) goes on from it, the move's error the one error.  When the move as made leaves
every later move legal but the round's claims false (``25. N 4h x 3c`` for ``25. N 4h x 3c Ad``), the
claims tell which legal move of the card was made.  So too a declaration whose
figure alone is written wrong (:func:`value_meant`): the round goes on as its cards declare.  The round's
last move has no later move to tell: there its claims do (:func:`claims_meant`), ``48. S Qs`` for
``48. S Qs x Qc`` under ``rest S`` and a score that only the capture makes true.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import islice

from dln.check.claims import claims_hold
from dln.check.missing import deals_on, plays_on
from dln.engine import Hand, Position, Violation
from dln.engine import Move as EngineMove
from dln.engine.codes import DECLARE_SUM
from dln.games import protocol
from dln.notation.model import Move, Round
from dln.notation.writer import move_text

__all__ = ["claims_meant", "move_meant", "rest_on", "value_meant"]

Deals = Sequence[tuple[Mapping[str, Hand], Sequence[Move]]]  # the round's later deals: each one's hands and moves


def move_meant(engine: protocol.Game, state: Position, engine_move: EngineMove, made: Position | None,
               later: Sequence[Move], deals: Deals, round_: Round | None = None) -> tuple[Position, str] | None:
    """The position after the legal move of ``engine_move``'s card in ``state`` after which the rest of the
    round (the deal's ``later`` moves, then its later ``deals``) is legal, with a note saying so, when ``made``
    (the illegal move as made at the table, None when it cannot be) leaves some of it illegal and one such
    move, or several leaving one position, does; else None.  When ``made`` leaves the rest legal but the
    claims of ``round_`` (``rest``, ``score``) false at its end, the one move of the card after which the rest
    is legal and the claims hold, or several scoring the round alike (:func:`_claimed_on`)."""
    if engine_move.seat != state.turn or not (later or deals):
        return None
    if made is not None and (end := rest_on(engine, made, later, deals)) is not None:  # the rest is legal as made
        return _claimed_on(engine, state, engine_move, end, later, deals, round_)
    found = [(move, after) for move in engine.legal_moves(state) if move.card == engine_move.card
             and rest_on(engine, after := engine.apply(state, move), later, deals) is not None]
    if not found or any(after != found[0][1] for _, after in found):
        return None
    from dln.check.generate import record_move  # with self-play behind it: only when a move is meant

    move, after = found[0]
    return after, (f"the round goes on as {move_text(record_move(state, move))}, the move of {move.card} "
                   "after which the rest of the round is legal")


def _claimed_on(engine: protocol.Game, state: Position, engine_move: EngineMove, end: Position,
                later: Sequence[Move], deals: Deals, round_: Round | None) -> tuple[Position, str] | None:
    """The position after the legal move of ``engine_move``'s card in ``state`` after which the rest of the
    round is legal and its claims hold, with a note saying so, when they do not at ``end`` (the round's end
    after the move as made) and they do after one such move, or several scoring the round alike; else None.
    A capture written short in mid-round (``25. N 4h x 3c`` for ``25. N 4h x 3c Ad``) leaves the later moves
    legal either way: only the claims tell which was made."""
    if round_ is None or round_.setup or (round_.rest is None and round_.score is None) or not end.is_over \
            or claims_hold(engine, end, round_):
        return None
    moves = [move for move in engine.legal_moves(state) if move.card == engine_move.card]
    if len(moves) > _WEIGHED:
        return None
    found = [(move, after, last) for move in moves if (last := rest_on(engine, after := engine.apply(state, move),
                                                                     later, deals)) is not None
             and claims_hold(engine, last, round_)]
    if not found or any(engine.score(engine.finish(last)) != engine.score(engine.finish(found[0][2]))
                        for _, _, last in found[1:]):
        return None
    from dln.check.generate import record_move  # with self-play behind it: only when a move is meant

    claims = " and ".join(text for text in (f"rest {round_.rest}" if round_.rest else "",
                                            "the score claimed" if round_.score else "") if text)
    moves_text = " or ".join(move_text(record_move(state, move)) for move, _, _ in found)
    return found[0][1], (f"the round goes on as {moves_text}, the move of {engine_move.card} after which the rest "
                         f"of the round is legal and {claims} hold at its end")


#: The moves of one card weighed against a round's claims, at the most: a crowded table has tens of
#: thousands, and claims that hold after more than one of them tell nothing anyway.
_WEIGHED = 64


def claims_meant(engine: protocol.Game, state: Position, engine_move: EngineMove, made: Position | None,
                 round_: Round) -> tuple[Position, str] | None:
    """The position after the legal move of ``engine_move``'s card in ``state`` that ends the round as its
    claims (``rest``, ``score``) say, with a note saying so, when ``engine_move`` is the round's last move,
    the claims do not hold after ``made`` (the move as made, None when it cannot be) and they hold after one
    such move, or several scoring the round alike; else None.  A round written from a setup, or without
    claims, tells nothing."""
    if engine_move.seat != state.turn or round_.setup or (round_.rest is None and round_.score is None):
        return None
    if made is not None and claims_hold(engine, made, round_):
        return None
    found = [(move, after) for move in islice(engine.distinct_moves(state, [engine_move.card]), _WEIGHED)
             if claims_hold(engine, after := engine.apply(state, move), round_)]
    if not found or any(engine.score(engine.finish(after)) != engine.score(engine.finish(found[0][1]))
                        for _, after in found[1:]):
        return None  # no move, or moves scoring the round otherwise: the claims do not tell which
    from dln.check.generate import record_move  # with self-play behind it: only when a move is meant

    claims = " and ".join(text for text in (f"rest {round_.rest}" if round_.rest else "",
                                            "the score claimed" if round_.score else "") if text)
    moves = " or ".join(move_text(record_move(state, move)) for move, _ in found)
    which = f"the one move of {engine_move.card} after which they do" if len(found) == 1 else \
        f"the moves of {engine_move.card} after which they do, scoring the round alike"
    return found[0][1], f"{claims} hold after {moves}, {which}: the round is counted with it"



def value_meant(engine: protocol.Game, state: Position, engine_move: EngineMove, violations: Sequence[Violation]
                ) -> int | None:
    """The value a declaration ``engine_move`` must have declared when its written value is the one thing wrong
    (its errors are all D304): the one value of 1 to 10 that makes the move legal; else None."""
    errors = [v for v in violations if v.severity == "error"]
    if engine_move.kind != "declare" or not errors or any(v.code != DECLARE_SUM for v in errors):
        return None
    fits = [value for value in range(1, 11) if value != engine_move.value and not any(
        v.severity == "error" for v in engine.check(state, engine_move._replace(value=value)))]
    return fits[0] if len(fits) == 1 else None


def rest_on(engine: protocol.Game, state: Position, later: Sequence[Move], deals: Deals) -> Position | None:
    """The position after the deal's ``later`` moves, then the round's later ``deals``, played from ``state``,
    when they are all legal; else None."""
    after = plays_on(engine, state, later)
    return None if after is None else deals_on(engine, after, deals)
