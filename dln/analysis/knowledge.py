"""What the seat to move knows, and worlds drawn consistently with it (determinization).

A player sees the table, the declarations and who owns them, every card
captured so far and their own hand; the other hands and the cards still to be
dealt are hidden.  :class:`View` gathers that knowledge from a position and
:meth:`View.sample` deals the unseen cards into a complete :class:`World`:
every hand filled to its size and every deal still to come, so that the rest
of the round can be played out with all cards known.

One inference is always kept: the owner of a declaration holds a card of its
value (pagat, Obligations of the declarer; the validator's D302/D403), so a
sampled hidden hand of an owner gets such a card first.  With ``open_hands``
the view also uses every card the record shows in the other hands (double
dummy, as bridge analysers do); the default is the fair view of the player.

This module uses only the rules engine (``dln.engine``) and the standard library.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from dln.cards import DECK, Card
from dln.engine import HAND_SIZE, Hand, RoundState, Seat, deal_order


class Unsampleable(ValueError):
    """The unseen cards cannot fill the hands the position says are held (an inconsistent record)."""


@dataclass(frozen=True, slots=True)
class World:
    """A complete position: every hand known, and the hands of each deal still to come."""

    state: RoundState
    #: The hands of deals ``state.deal + 1`` … in order, one mapping seat → cards per deal.
    future: tuple[Mapping[Seat, tuple[Card, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class View:
    """The seat to move's knowledge of a position: what is fixed and what must be drawn."""

    state: RoundState
    seat: Seat
    #: Cards each seat is known to hold (by the seat to move; all shown cards with ``open_hands``).
    fixed: Mapping[Seat, frozenset[Card]]
    #: How many cards of each hand are hidden from the seat to move.
    hidden: Mapping[Seat, int]
    #: The cards the seat to move has not seen anywhere, in pack order.
    pool: tuple[Card, ...]
    #: Deals still to come, and cards each of them gives.
    deals_left: int
    #: Declaration values each seat must hold a card of (they own such a declaration).
    owes: Mapping[Seat, tuple[int, ...]]

    @classmethod
    def of(cls, state: RoundState, *, open_hands: bool = False) -> View:
        """The knowledge of ``state.turn`` in ``state`` (``open_hands``: every shown hand too)."""
        seat = state.turn
        seen = set(state.seen())  # table, captured, gone and every card known in a hand
        fixed: dict[Seat, frozenset[Card]] = {}
        hidden: dict[Seat, int] = {}
        for s, hand in zip(state.seats, state.hands, strict=True):
            if s == seat or open_hands:
                fixed[s], hidden[s] = frozenset(hand.known), hand.unknown
            else:  # the seat to move does not see this hand
                fixed[s], hidden[s] = frozenset(), hand.size
                seen.difference_update(hand.known)
        owes: dict[Seat, tuple[int, ...]] = {}
        for pile in state.piles:
            if pile.owner is not None and hidden.get(pile.owner, 0) > 0:
                known = fixed[pile.owner]
                if not any(c.value == pile.value and not c.is_face for c in known):
                    owes[pile.owner] = (*owes.get(pile.owner, ()), pile.value)
        pool = tuple(c for c in DECK if c not in seen)
        return cls(state, seat, fixed, hidden, pool, max(state.deals - state.deal, 0), owes)

    @property
    def needed(self) -> int:
        """Unseen cards that a world places: the hidden hand cards and the deals to come."""
        return sum(self.hidden.values()) + self.deals_left * HAND_SIZE * len(self.state.seats)

    @property
    def determined(self) -> bool:
        """True when only one world fits: the unseen cards can only be one hand's (a two-player
        last deal), or nothing is hidden and nothing left to deal."""
        holders = sum(1 for n in self.hidden.values() if n)
        return self.needed == 0 or (holders == 1 and not self.deals_left and self.needed == len(self.pool))

    def sample(self, rng: random.Random) -> World:
        """One world consistent with this view, every unseen card equally likely where free.

        Cards left over (a setup that counts captured cards without naming them)
        stay out of play.  Raises :class:`Unsampleable` if too few cards are unseen.
        """
        if self.needed > len(self.pool):
            raise Unsampleable(f"{len(self.pool)} cards are unseen but the hands and deals to come need "
                               f"{self.needed}")
        pool = list(self.pool)
        rng.shuffle(pool)
        hands: dict[Seat, list[Card]] = {s: list(self.fixed[s]) for s in self.state.seats}
        for seat, values in self.owes.items():
            for value in values[: self.hidden[seat]]:
                for i, card in enumerate(pool):
                    if card.value == value and not card.is_face:
                        hands[seat].append(pool.pop(i))
                        break
        for seat in self.state.seats:
            while len(hands[seat]) < len(self.fixed[seat]) + self.hidden[seat]:
                hands[seat].append(pool.pop())
        state = self.state._replace(hands=tuple(Hand(frozenset(hands[s]), 0) for s in self.state.seats))
        order = deal_order(self.state.seats, self.state.dealer)
        future = []
        for _ in range(self.deals_left):
            deal = {s: () for s in order}
            for s in order:
                deal[s] = tuple(pool.pop() for _ in range(HAND_SIZE))
            future.append(deal)
        return World(state, tuple(future))

    def worlds(self, rng: random.Random, count: int) -> list[World]:
        """``count`` sampled worlds (all the same one when the view is determined)."""
        if self.determined:
            return [self.sample(rng)] * count
        return [self.sample(rng) for _ in range(count)]
