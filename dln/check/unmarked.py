"""Where the deals of a round written without ``deal`` lines begin, when move lines are left out.

A round may leave out its ``deal`` lines (and the hands they give): the validator (:mod:`dln.check.validate`)
cuts its moves into deals where the hands run out, every ``hand size x players`` moves.  One move line left
out shifted every later cut by a move: the first move of each later deal was judged as the last of the one
before, and a missing move gave up to four errors (D302, D003 three times) for one slip.  Each deal gives
every seat the same number of cards, so the moves of a round go round the seats in play order from its first
move to its last; a move left out shows as a place where they stop doing so, every move after it, for more
than a circuit or to the end, one seat on.  There the record leaves no doubt that a move is missing, and the
deals are cut counting it, so that the missing move is reported once, where the turn breaks
(:mod:`dln.check.missing`).  The round's first move left out is such a place too: every move is one seat on
from the seat after the dealer, which leads, when a move of that seat before them makes the round legal (the
checker asks, :meth:`dln.check.out_of_turn.OutOfTurn._lead_left_out`; else the dealer is the mistake).  Where
the moves break the turn otherwise and it shows that the cuts by count are wrong too, where the deals begin
cannot be known: the checker stops the replay with a note (``DealPlan.unsure``) rather than report what a
deal cut in the wrong place breaks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

from dln.check.reports import DealPlan
from dln.notation.model import Move

__all__ = ["deal_plans", "left_out"]


def left_out(moves: Sequence[Move], seats: Sequence[str], lead: str | None = None
             ) -> tuple[tuple[int, ...], int | None]:
    """The indices in ``moves`` before which a move seems left out: the places where the moves stop going
    round ``seats`` in play order and every move after, for more than a circuit or to the end of the round,
    is written one seat further on (in a game for two, a seat playing twice in a row).  None where they go
    round without a break; none from a break of another kind on (a move out of turn, two moves swapped: the
    turn comes back), nor at a break in the last move alone (a seat letter written wrong, as surely): there
    the record does not tell.  With them, the index of that break, unless it is the last move.  ``lead``:
    the seat that leads the round, when the first move is not its and every move from it on is one seat
    further on, the first is one too (index 0, the round's first move left out)."""
    if len(seats) < 2 or not moves or moves[0].seat not in seats:
        return (), None
    if lead in seats and lead != moves[0].seat:
        found = _breaks(moves, seats, seats.index(lead))
        if found[0][:1] == (0,):
            return found
    return _breaks(moves, seats, seats.index(moves[0].seat))


def _breaks(moves: Sequence[Move], seats: Sequence[str], first: int) -> tuple[tuple[int, ...], int | None]:
    """:func:`left_out`, the moves going round ``seats`` from the ``first``-th."""
    n = len(seats)
    gaps: list[int] = []
    i = 0
    while i < len(moves):
        if moves[i].seat == seats[(first + i + len(gaps)) % n]:
            i += 1
            continue
        on = next((j for j in range(i, len(moves)) if moves[j].seat != seats[(first + j + len(gaps) + 1) % n]),
                  len(moves))
        if on - i <= (n if on < len(moves) else 1):  # the turn comes back, or only the last move breaks it
            return tuple(gaps), i if i < len(moves) - 1 else None
        gaps.append(i)
        i = on
    return tuple(gaps), None


def deal_plans(written: DealPlan, first: int, size: int, seats: Sequence[str], ended: bool,
               lead: str | None = None) -> list[DealPlan]:
    """The deal ``written`` (its hand lines, then its moves and those of the deals after it, their ``deal``
    lines left out) as played: the ``first`` deal's moves, then every ``size`` moves, counting the moves the
    record left out where :func:`left_out` finds them (before the first too, with ``lead`` the seat that
    leads the round, when its moves do not fill their deals: a move of each deal written is none left out).
    The deal of a break of the turn that no move left out explains, and each deal after it, are ``unsure``,
    at that break's move, when the moves do not come back to the turn after it (the last is out of it), or
    the round ``ended`` (it claims its end) and they, with the moves left out, do not fill their deals: then
    where the deals after the break begin cannot be known."""
    moves = written.moves
    if len(moves) <= first:  # the deal's own moves alone (its next deal written): nothing to cut or count
        return [written if written.unsure is None else replace(written, unsure=None)]
    gaps, unsure = left_out(moves, seats, lead if (len(moves) - first) % size else None)
    if unsure is not None:
        turn = seats[(seats.index(moves[0].seat) + len(moves) - 1 + len(gaps) - (gaps[:1] == (0,)))
                     % len(seats)]  # the last move's
        if moves[-1].seat == turn and not (ended and (len(moves) + len(gaps) - first) % size):
            unsure = None  # the turn comes back, and the moves fill their deals (or the round may go on)
    # the round's move that each move written is: one on for each move left out before it
    played = [w + sum(g <= w for g in gaps) for w in range(len(moves))]
    cuts = [0, *(next(w for w, t in enumerate(played) if t >= start)
                 for start in range(first, (played[-1] if played else 0) + 1, size)), len(moves)]
    doubt = moves[unsure] if unsure is not None else None
    plans = [replace(written, moves=moves[:cuts[1]], unsure=doubt if doubt in moves[:cuts[1]] else None)]
    for start, end in pairwise(cuts[1:]):
        if start < end:
            plans.append(DealPlan((), moves[start:end], moves[start].line, moves[start].column,
                                  doubt if unsure is not None and end > unsure else None))
    return plans
