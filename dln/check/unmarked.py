"""Where the deals of a round written without ``deal`` lines begin, when move lines are left out.

A round may leave out its ``deal`` lines (and the hands they give): the validator (:mod:`dln.check.validate`)
cuts its moves into deals where the hands run out, every ``hand size x players`` moves.  One move line left
out shifted every later cut by a move: the first move of each later deal was judged as the last of the one
before, and a missing move gave up to four errors (D302, D003 three times) for one slip.  Each deal gives
every seat the same number of cards, so the moves of a round go round the seats in play order from its first
move to its last; a move left out shows as a place where they stop doing so, every move after it, for more
than a circuit or to the end, one seat on.  There the record leaves no doubt that a move is missing, and the
deals are cut counting it, so that the missing move is reported once, where the turn breaks
(:mod:`dln.check.missing`)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from dln.notation.model import Move

__all__ = ["deal_spans", "left_out"]


def left_out(moves: Sequence[Move], seats: Sequence[str]) -> tuple[int, ...]:
    """The indices in ``moves`` before which a move seems left out: the places where the moves stop going
    round ``seats`` in play order and every move after, for more than a circuit or to the end of the round,
    is written one seat further on (in a game for two, a seat playing twice in a row).  None where they go
    round without a break; none from a break of another kind on (a move out of turn, two moves swapped: the
    turn comes back), nor at a break in the last move alone (a seat letter written wrong, as surely): there
    the record does not tell."""
    if len(seats) < 2 or not moves or moves[0].seat not in seats:
        return ()
    first, n = seats.index(moves[0].seat), len(seats)
    gaps: list[int] = []
    i = 0
    while i < len(moves):
        if moves[i].seat == seats[(first + i + len(gaps)) % n]:
            i += 1
            continue
        on = next((j for j in range(i, len(moves)) if moves[j].seat != seats[(first + j + len(gaps) + 1) % n]),
                  len(moves))
        if on - i <= (n if on < len(moves) else 1):  # the turn comes back, or only the last move breaks it
            break  # the cuts after it as the moves before it have them
        gaps.append(i)
        i = on
    return tuple(gaps)


def deal_spans(moves: Sequence[Move], first: int, size: int, seats: Sequence[str]) -> list[slice]:
    """The moves of each deal in ``moves`` (a deal written, then the deals after it without ``deal`` lines):
    the ``first`` deal's, then every ``size`` moves, counting the moves the record left out where
    :func:`left_out` finds them."""
    gaps = left_out(moves, seats) if len(moves) > first else ()
    # the round's move that each move written is: one on for each move left out before it
    played = [w + sum(g <= w for g in gaps) for w in range(len(moves))]
    cuts = [0]
    for start in range(first, (played[-1] if played else 0) + 1, size):
        cuts.append(next(w for w, t in enumerate(played) if t >= start))
    cuts.append(len(moves))
    return [slice(start, end) for start, end in pairwise(cuts) if start < end or not start]
