"""A first round's dealer written wrong, told from the seats its moves go round.

Who deals the first round is chosen at the table; after it the seat after the dealer in play order leads
every deal (pagat, The Play).  A dealer letter written wrong made the first move of every deal out of turn:
one D003 per deal, and the next round's dealer, right, did not follow it.  When every deal of the round
goes round the seats in play order from the seat after one other dealer, for two circuits at least, that
dealer is the one the table had: :mod:`dln.check.validate` reports one error at the dealer letter and
replays the round as that seat dealt it.  A round dealt from a written deck is left alone: there the
dealer decides the hands too.
"""

from __future__ import annotations

from collections.abc import Sequence

from dln.check.reports import DealPlan
from dln.check.seats import in_turn
from dln.engine import Violation
from dln.engine.codes import WRONG_SEAT
from dln.notation.model import Round

__all__ = ["dealer_played"]


def dealer_played(round_: Round, seats: Sequence[str], written: str, plans: Sequence[DealPlan]
                  ) -> tuple[str, Violation] | None:
    """The dealer other than ``written`` under whom every deal of ``plans`` (``round_``'s, ``seats`` in play
    order) is played in turn from its first move, over two circuits at least, with the error at ``written``;
    None when there is none."""
    moves = [move for plan in plans for move in plan.moves]
    if round_.setup or round_.deck is not None or round_.turn is not None or len(moves) < 2 * len(seats) \
            or any(move.seat not in seats for move in moves):
        return None
    lead = moves[0].seat
    dealer = seats[seats.index(lead) - 1]
    if dealer == written:
        return None
    if not all(not plan.moves or (plan.moves[0].seat == lead and in_turn(plan.moves, seats)) for plan in plans):
        return None
    message = f"{dealer} dealt this round, not {written}: {lead}, the seat after {dealer}, leads every deal"
    return dealer, Violation(WRONG_SEAT, "error", message, notes=(f"the round is replayed as {dealer} dealt it",))
