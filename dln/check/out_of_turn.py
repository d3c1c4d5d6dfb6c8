"""A move out of turn as the validator reads it: a move not written down before it, or two moves written in
each other's place.

The commonest slip at a real table is a move left out: the move after it is then out of turn.  When the
record tells which move it was (:func:`dln.check.missing.missing_move`), the checker
(:mod:`dln.check.validate`, a :class:`OutOfTurn`) reports one error where the turn breaks and plays the
round on with it; when a move only out of turn is followed by the move of the seat it played before, the two
were written in each other's place, and the turn passes that seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from dln.cards import Card
from dln.check.missing import missing_move
from dln.check.move_part import move_part
from dln.check.reports import DealPlan, Reporter
from dln.engine import Hand
from dln.engine.codes import SEAT
from dln.games import protocol
from dln.notation.model import Move
from dln.notation.writer import move_text

__all__ = ["OutOfTurn"]


class OutOfTurn(Reporter):
    """The checker's reading of a move out of turn: what it needs of the checker is each deal's hands."""

    deals: list[dict[str, tuple[Card, ...]]] | None  # each deal's hands, when the record gives a deck
    dropped: int  # the moves found not written down so far in the round
    _hands: Callable[..., dict[str, Hand]]  # a deal's hands, in the game's seats (the checker's)

    def _missing(self, engine: protocol.Game, live: Any, plans: Sequence[DealPlan], at: tuple[int, int],
                 number: int, rest: str | None) -> Any:
        """``live`` after the move that the record left out before ``plans[k].moves[j]`` (``at``), out of turn,
        when the rest of the round tells it (:func:`dln.check.missing.missing_move`: one card of the seat's, the
        round's ``rest`` claim choosing among its moves): one error at the seat letter saying so.  None when the
        record does not tell one move missing."""
        (k, j), state = at, live.freeze()
        moves = plans[k].moves[j:]
        found = missing_move(engine, state, moves, self._later_deals(plans, k, state.setup), rest)
        if len({m.card for m in found}) != 1:
            return None
        from dln.check.generate import record_move  # with self-play behind it: only when a move is missing

        move, turn, missed = moves[0], state.turn, found[0]
        written = [move_text(record_move(state, m)) for m in found]
        note = (f"{written[0]} is the one move of {turn} with which the rest of the round agrees; the round goes "
                "on with it" if len(written) == 1 else f"{turn} played {missed.card} there "
                f"({' or '.join(written)}: the record cannot tell which); the round goes on from {written[0]}")
        self.report("D003", "error", f"it is {turn}'s turn, not {move.seat}'s: a move of {turn} seems missing "
                    "before this one", *(move_part(move, SEAT, None, self.source) or (move.line, move.column)),
                    move=number, notes=(note,))
        self.dropped += 1
        return engine.live(engine.apply(state, missed))

    def _later_deals(self, plans: Sequence[DealPlan], k: int, setup: bool) -> list[tuple[dict[str, Hand], list[Move]]]:
        """The round's deals after ``plans[k]``: each one's hands and moves."""
        return [(self._hands(plan, setup, self._deal_of(i)), plan.moves) for i, plan in enumerate(plans) if i > k]

    def _played_early(self, engine: protocol.Game, live: Any, early: tuple[str, int, int], moves: Sequence[Move],
                      j: int) -> Any:
        """``live`` after ``moves[j - 1]``, the move after one only out of turn (``early``: its seat, place, D003):
        when it passes the turn to that seat and the record's next move is not that seat's again, the two were
        written in each other's place, so the seat does not play again in this circuit: the turn passes it."""
        (seat, _, k), after = early, moves[j - 1]
        if live.turn != seat or moves[j].seat == seat:
            return live
        self.add_notes(k, f"{seat}'s move seems written before {after.seat}'s, on line {after.line}: "
                       f"{seat} does not play again in this circuit")
        state = live.freeze()
        return engine.live(state._replace(turn=state.turn_after(seat)))

    def _deal_of(self, k: int) -> Mapping[str, Sequence[Card]] | None:
        """The hands of deal ``k`` as the round's deck deals them, if the record gives a deck."""
        deals = self.deals
        return deals[k] if deals is not None and k < len(deals) else None
