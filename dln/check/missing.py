"""A move not written down, the commonest slip at a real table, told from the moves the record does write.

When a move is out of turn, the seat whose turn it is may have played a move the recorder missed.  The
validator (:mod:`dln.check.validate`) takes it for one only when the record leaves no doubt: the seat holds a
card that no later move of the round plays (one known in its hand, or, where the hand is not written in
full, one not seen), after which every later move of the deal is legal (:func:`plays_on`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dln.cards import DECK, Card
from dln.check.claims import scored_as_claimed
from dln.check.references import to_engine_move
from dln.engine import Hand, Position
from dln.engine import Move as EngineMove
from dln.engine.codes import WRONG_SEAT
from dln.games import protocol
from dln.notation.model import Move

__all__ = ["deals_on", "holding", "missing_move", "plays_on", "variations_on"]


def plays_on(engine: protocol.Game, state: Position, moves: Sequence[Move]) -> Position | None:
    """The position after ``moves``, played from ``state`` in turn, when each is legal; else None."""
    for move in moves:
        made, found = to_engine_move(state, move)
        if any(v.severity == "error" for v in (*found, *engine.check(state, made))):
            return None
        state = engine.apply(state, made)
    return state


def missing_move(engine: protocol.Game, state: Position, moves: Sequence[Move],
                 deals: Sequence[tuple[Mapping[str, Hand], Sequence[Move]]] = (), rest: str | None = None,
                 told: bool = False, score: Sequence[tuple[str, int]] | None = None) -> list[EngineMove]:
    """The moves of the seat whose turn it is in ``state`` that the record may have left out before ``moves``
    (the rest of the deal, the first of them out of turn): those with a card of the seat's that no later move
    of the deal plays (known in its hand, or, where the hand holds cards not seen, one seen nowhere in the
    round), after which every one of ``moves`` is legal.  When they leave different positions, those after
    which the round's later ``deals`` (each deal's hands and moves) are legal too, if any are, and of those the
    ones that leave the seat the record says takes the cards left (``rest``) the last to capture, if any do,
    and of those the ones that end the round with the points its ``score`` claim gives each side, if any do,
    and of those the ones after which the variations written under ``moves`` are legal, if any are.
    Moves of several cards, or of cards not seen, only when the record shows a move missing (``told``: a
    variation written for it; else :func:`_unexplained`).  Empty when there is none."""
    seat = state.turn
    if seat not in state.seats:
        return []
    hand = state.hand(seat)
    spare = set(hand.known).difference(m.card for m in moves if m.seat == seat)
    found = _played_on(engine, [(state, move) for move in engine.legal_moves(state) if move.card in spare], moves)
    if hand.unknown or len({move.card for move, _, _ in found}) > 1:  # which card, the record may not tell
        if not told and not _unexplained(engine, state, moves, deals, rest):
            return []
        named = {m.card for m in moves}  # a card not seen, which no later move or hand line names, may be the one
        for dealt, later in deals:
            named.update(m.card for m in later)
            named.update(card for held in dealt.values() for card in held.known)
        starts = [holding(state, card) for card in DECK if hand.unknown and card not in named
                  and state.place_of(card) is None]  # type: ignore[attr-defined]
        found += _played_on(engine, [(start, move) for start in starts for move in engine.legal_moves(start)
                                     if move.card not in hand.known], moves)
    if any(after != found[0][2] for _, _, after in found):
        ends = [(move, made, end) for move, made, after in found if (end := deals_on(engine, after, deals))
                is not None]
        claimed = [(move, made, end) for move, made, end in ends if end.last_capturer == rest]  # who takes the rest
        found = claimed or ends or found
        if score is not None:  # the points claimed tell a capture from a lay of the same card
            found = [f for f in found if scored_as_claimed(engine, f[2], score)] or found
        found = [f for f in found if variations_on(engine, f[1], moves)] or found  # as the variations have it
    return [move for move, _, _ in found]



def _played_on(engine: protocol.Game, options: Sequence[tuple[Position, EngineMove]], moves: Sequence[Move]
               ) -> list[tuple[EngineMove, Position, Position]]:
    """Each move of ``options`` (each with the position it is made in) with the position after it and the
    one after ``moves`` too, when they are all legal."""
    return [(move, made, after) for start, move in options
            if (after := plays_on(engine, made := engine.apply(start, move), moves)) is not None]


def variations_on(engine: protocol.Game, state: Position, moves: Sequence[Move]) -> bool:
    """Whether the variations written under ``moves``, played legally in turn from ``state``, are legal too,
    each from the position before its move."""
    for move in moves:
        if any(plays_on(engine, state, variation.moves) is None for variation in move.variations):
            return False
        state = engine.apply(state, to_engine_move(state, move)[0])
    return True


def _unexplained(engine: protocol.Game, state: Position, moves: Sequence[Move],
                 deals: Sequence[tuple[Mapping[str, Hand], Sequence[Move]]], rest: str | None) -> bool:
    """Whether ``moves``, the first out of turn in ``state``, need a move left out before them to be the
    deal as played, where the hand whose turn it is is not written: the cards in hand are one more than the
    deal's moves, and the deal was played out (later deals follow, or the round's end is claimed); or the
    moves as written break a rule besides the turn (the first played as made at the table).  Else a move of
    a card not seen, of which any may fit, is a guess: the move out of turn is the one mistake shown."""
    if sum(h.size for h in state.hands) == len(moves) + 1 and (deals or rest is not None):
        return True
    made, found = to_engine_move(state, moves[0])
    if not any(v.severity == "error" for v in found):
        found = [*found, *engine.check(state, made)]
    if any(v.severity == "error" and v.code != WRONG_SEAT for v in found):
        return True  # out of turn and more
    after = engine.force(state, made)
    return after is None or plays_on(engine, after, moves[1:]) is None


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


def holding(state: Position, card: Card) -> Position:
    """``state`` with ``card`` known to be in the hand of the seat to play (one unseen card less), so that the
    engine can list the legal moves with it while the hand is not known."""
    i = state.seats.index(state.turn)
    hand = state.hands[i]
    if card in hand.known or not hand.unknown:
        return state
    guessed = Hand(frozenset(hand.known) | {card}, hand.unknown - 1)
    return state._replace(hands=(*state.hands[:i], guessed, *state.hands[i + 1:]))  # type: ignore[attr-defined]
