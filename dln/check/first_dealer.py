"""A first round's dealer written wrong, told from the seats its moves go round.

Who deals the first round is chosen at the table; after it the seat after the dealer in play order leads
every deal (pagat, The Play).  A dealer letter written wrong made the first move of every deal out of turn:
one D003 per deal, and the next round's dealer, right, did not follow it.  When every deal of the round goes
round the seats in play order from the seat after one other dealer, for two circuits at least, that dealer is
the one the table had: :mod:`dln.check.validate` reports one error at the dealer letter and replays the round
as that seat dealt it, unless the moves as that seat dealt break a rule and a first move left out explains
them (:meth:`dln.check.out_of_turn.OutOfTurn._first_missing`).  In a round dealt from a written deck the
dealer decides the hands too (docs/notation.md, The whole pack), so a dealer written wrong dealt every seat
another's cards and made every move a D003: there the other dealer is the one only when, dealt by it, the
deck gives each move's seat the card it plays as well.
"""

from __future__ import annotations

from collections.abc import Sequence

from dln.cards import Card
from dln.check.reports import DealPlan
from dln.check.seats import in_turn
from dln.engine import Rules, Violation
from dln.engine.codes import WRONG_SEAT
from dln.games import protocol
from dln.notation.model import Round

__all__ = ["dealer_played"]


def dealer_played(round_: Round, seats: Sequence[str], written: str, plans: Sequence[DealPlan],
                  engine: protocol.Game, rules: Rules) -> tuple[str, Violation] | None:
    """The dealer other than ``written`` under whom every deal of ``plans`` (``round_``'s, ``seats`` in play
    order) is played in turn from its first move, over two circuits at least, each move's card dealt to its
    seat when the round writes a deck, with the error at ``written``; None when there is none."""
    moves = [move for plan in plans for move in plan.moves]
    if round_.setup or round_.turn is not None or len(moves) < 2 * len(seats) \
            or any(move.seat not in seats for move in moves):
        return None
    lead = moves[0].seat
    dealer = seats[seats.index(lead) - 1]
    if dealer == written:
        return None
    if not all(not plan.moves or (plan.moves[0].seat == lead and in_turn(plan.moves, seats)) for plan in plans):
        return None
    notes = [f"the round is replayed as {dealer} dealt it"]
    if round_.deck is not None:
        if not _deals_each_card(round_.deck, plans, seats, dealer, engine, rules):
            return None
        notes.append(f"dealt by {dealer}, the deck gives each seat the cards its moves play")
    message = f"{dealer} dealt this round, not {written}: {lead}, the seat after {dealer}, leads every deal"
    return dealer, Violation(WRONG_SEAT, "error", message, notes=tuple(notes))


def _deals_each_card(deck: Sequence[Card], plans: Sequence[DealPlan], seats: Sequence[str], dealer: str,
                     engine: protocol.Game, rules: Rules) -> bool:
    """Whether ``deck``, a pack, dealt by ``dealer`` gives the seat of every move of ``plans`` its card in
    that deal (a deck that is no pack is its own error, D104)."""
    if len(deck) != 52 or len(set(deck)) != 52:
        return False
    _, deals = engine.deal_pack(seats, dealer, deck, rules)
    return len(plans) <= len(deals) and all(move.card in deals[k].get(move.seat, ())
                                            for k, plan in enumerate(plans) for move in plan.moves)
