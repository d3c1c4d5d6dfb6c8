"""A record's move in a position of any game: the engine's reading of it, the rules it breaks, the legal
moves, and the record of an engine's move.

The recorder (:mod:`dln.record.positions`) and the review of a record
(:mod:`dln.analysis.annotate`) ask these of a position without knowing its
game.  One reading of a move serves every game
(:func:`dln.check.references.to_engine_move`: declarations it names are
resolved on the table, where a game without them has none) and one writing
(:func:`dln.check.generate.record_move`); the rules are the position's game's
(:func:`dln.games.protocol.game_of`).
"""

from __future__ import annotations

from collections.abc import Iterable

from dln.check.generate import record_move as written  # the record of an engine move, as the validator writes it
from dln.check.references import to_engine_move
from dln.engine import Move as EngineMove
from dln.engine import Violation
from dln.engine.codes import CARD_ALREADY_SEEN, CARD_NOT_IN_HAND, stands
from dln.games.protocol import Position, game_of
from dln.notation.model import Move

__all__ = ["Position", "each_legal", "judged", "legal", "legal_move", "to_engine", "violations", "written"]


def legal(state: Position, *, every: bool = False) -> list[EngineMove]:
    """Every legal move of the seat to play, as a player tells them apart (Diloti: one per value of the loose
    cards taken or used, those taking the 2 of clubs or the 10 of diamonds apart as they score otherwise,
    unless ``every``: one per card of that value too)."""
    return list(each_legal(state, every=every))


def each_legal(state: Position, *, every: bool = False) -> Iterable[EngineMove]:
    """:func:`legal`, made one at a time where there may be very many (a crowded Diloti table has hundreds of
    thousands): ``dln moves`` prints them as they come rather than holding them all."""
    game = game_of(state)
    return game.each_move(state) if every else game.distinct_moves(state)


def to_engine(state: Position, move: Move) -> tuple[EngineMove, list[Violation]]:
    """The engine's view of a recorded move, and what is wrong with how it names the table."""
    found, problems = to_engine_move(state, move)
    return found, list(problems)


def judged(state: Position, move: Move) -> tuple[EngineMove, list[Violation]]:
    """The engine's view of a recorded move and every rule it breaks in ``state``: how it names the table
    and, when that is right, the rules of play (when it is not, whether the card played is the mover's: a card
    gone from play is the mistake to see first, not the declaration it names that went with it)."""
    engine_move, found = to_engine(state, move)
    if any(v.severity == "error" for v in found):  # and whether the card played is the mover's to play
        gone = [v for v in game_of(state).check(state, engine_move) if v.code in (CARD_NOT_IN_HAND, CARD_ALREADY_SEEN)]
        return engine_move, [*gone, *found]
    return engine_move, game_of(state).check(state, engine_move)


def violations(state: Position, move: Move) -> list[Violation]:
    """Every rule ``move`` breaks in ``state``."""
    return judged(state, move)[1]


def legal_move(state: Position, move: Move) -> EngineMove | None:
    """The engine's move for a record's ``move`` in ``state``, or None when it breaks a rule: the game's own
    listing of it when the record writes it otherwise (a Xeri capture naming the whole pile, not its top
    card), so that the engine's choice and the move played are told apart by what they do.  A move wrong
    only in its xeri mark stands (:func:`~dln.engine.codes.stands`): the mark is a claim the rules deny, so
    the move played is the capture without it (the engine checks the move in each world it deals)."""
    engine_move, found = judged(state, move)
    if not stands(found):
        return None
    if any(v.severity == "error" for v in found):  # a wrong mark only: every such error says it scores none
        engine_move = engine_move._replace(xeri=False)
    game = game_of(state)
    listed = [m for m in game.legal_moves(state) if m.card == engine_move.card]
    if any(m.key() == engine_move.key() for m in listed):
        return engine_move
    after = game.apply(state, engine_move)
    return next((m for m in listed if m.kind == engine_move.kind and game.apply(state, m) == after), engine_move)
