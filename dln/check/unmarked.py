"""Where the deals of a round written without ``deal`` lines begin, when one move line is left out.

A round may leave out its ``deal`` lines (and the hands they give): the validator (:mod:`dln.check.validate`)
cuts its moves into deals where the hands run out, every ``hand size x players`` moves.  One move line left
out shifted every later cut by a move: the first move of each later deal was judged as the last of the one
before, and a missing move gave up to four errors (D302, D003 three times) for one slip.  Each deal gives
every seat the same number of cards, so the moves of a round go round the seats in play order from its first
move to its last; one move left out shows as the one place where they stop doing so, every move after it one
seat on.  Then, and only then, the record leaves no doubt where the move is missing, and the deals are cut
counting it, so that the missing move is reported once, where the turn breaks (:mod:`dln.check.missing`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from dln.notation.model import Move

__all__ = ["deal_spans", "left_out_at"]


def left_out_at(moves: Sequence[Move], seats: Sequence[str]) -> int | None:
    """The index in ``moves`` before which one move seems left out: the one place where the moves stop going
    round ``seats`` in play order, every move from it on written one seat later (in a game for two, the one
    place where a seat plays twice in a row).  None when they go round without a break, or break otherwise
    (a move out of turn, two moves swapped, more than one move left out: the record does not tell)."""
    if len(seats) < 2 or not moves or moves[0].seat not in seats:
        return None
    first, n = seats.index(moves[0].seat), len(seats)
    at = next((i for i, move in enumerate(moves) if move.seat != seats[(first + i) % n]), None)
    if at is None or at == 0:
        return None
    if all(move.seat == seats[(first + i + 1) % n] for i, move in enumerate(moves) if i >= at):
        return at
    return None


def deal_spans(moves: Sequence[Move], first: int, size: int, seats: Sequence[str]) -> list[slice]:
    """The moves of each deal in ``moves`` (a deal written, then the deals after it without ``deal`` lines):
    the ``first`` deal's, then every ``size`` moves, counting a move the record left out where
    :func:`left_out_at` finds one, unless the moves fill their deals (then the last move, out of turn, is no
    move left out: no deal of its own)."""
    missing = left_out_at(moves, seats) if len(moves) > first and (len(moves) - first) % size else None
    starts = range(first, len(moves) + (missing is not None), size)
    # a move written at index i >= missing is the round's move i + 1: each cut after the gap comes a move earlier
    cuts = [0, *(start if missing is None or start <= missing else start - 1 for start in starts), len(moves)]
    return [slice(start, end) for start, end in pairwise(cuts) if start < end or not start]
