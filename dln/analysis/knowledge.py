"""What the seat to move knows, and worlds drawn consistently with it (determinization).

A player sees the table, the declarations and who owns them, every card
captured so far and their own hand; the other hands and the cards still to be
dealt are hidden.  :class:`View` gathers that knowledge from a position and
:meth:`View.sample` deals the unseen cards into a complete :class:`World`:
every hand filled to its size and every deal still to come, so that the rest
of the round can be played out with all cards known.

What else the validator infers is kept: the hand sizes, every card the record
shows (cards a seat goes on to play are in its hand), and in Diloti that the
owner of a declaration holds a card of its value (pagat, Obligations of the
declarer; the validator's D302/D403), so a sampled hidden hand of an owner
gets such a card first (:meth:`dln.games.protocol.Game.owes`).  The
same code serves Diloti and the sister games (Kontsina, Xeri).  With ``open_hands``
the view also uses every card the record shows in the other hands (double
dummy, as bridge analysers do); the default is the fair view of the player.
A world may also have to fit a fact the view cannot hold, such as that the move
the record goes on to play is legal: :meth:`View.worlds` deals again a world
that does not fit, a bounded number of times.

This module uses only the games' protocol (``dln.games.protocol``), the rules engine
(``dln.engine``), ``dln.cards``, ``dln.wording`` and the standard library.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import NoReturn

from dln.cards import DECK, Card
from dln.engine import Hand, Rules, Seat, deal_order
from dln.engine.state import describe_cards
from dln.games.protocol import Position, game_of
from dln.wording import count_of

#: Worlds dealt at most for one that fits (:meth:`View.worlds`): a fact that one world in ten fits
#: goes unmet once in 700,000 worlds; the dealing costs far less than playing a world out.
REDEALS = 128


class Unsampleable(ValueError):
    """The unseen cards cannot fill the hands the position says are held (an inconsistent record)."""


@dataclass(frozen=True, slots=True)
class World:
    """A complete position: every hand known, and the hands of each deal still to come."""

    state: Position
    #: The hands of deals ``state.deal + 1`` … in order, one mapping seat → cards per deal.
    future: tuple[Mapping[Seat, tuple[Card, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class View:
    """The seat to move's knowledge of a position: what is fixed and what must be drawn."""

    state: Position
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
    def of(cls, state: Position, *, open_hands: bool = False) -> View:
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
        owes = game_of(state).owes(state, fixed, hidden)
        pool = tuple(c for c in DECK if c not in seen)
        return cls(state, seat, fixed, hidden, pool, max(state.deals - state.deal, 0), owes)

    def describe(self) -> str:
        """Every fact of the position the seat to move knows, written one way whatever way the record reached
        it or wrote it: the game and its rules, the dealer, the deal, whose turn and whether it is the round's
        first card; the table's cards in pack order (the top of a pile apart) and its declarations without
        their ids; each hand as the seat sees it, the capture piles, xeris and last capturer, and the cards
        unseen.  A search is seeded with it, so that its figures are the position's, not those of the cards
        played before it (a setup counts none) or of the order its cards are written in."""
        state = self.state
        game = game_of(state)
        table = describe_cards(state.table_cards())
        if game.table_kind == "pile" and state.table_cards():
            table += f" top {state.table_cards()[-1]}"
        piles = sorted(f"{p.value}{'s' if p.group else ''} {p.owner} {describe_cards(p.cards)}" for p in state.piles)
        hands = [f"{s}: {describe_cards(self.fixed[s])} +{self.hidden[s]} owes {self.owes.get(s, ())}"
                 for s in state.seats]
        taken = [f"{side}: {describe_cards(pile)} xeris {xeris}"
                 for side, pile, xeris in zip(state.sides, state.captured, state.xeris, strict=True)]
        # the house rules, the target as the default's (it is no fact of the round); a sister game has none
        rules = replace(state.rules, target=Rules().target) if isinstance(state.rules, Rules) else None
        return "\n".join([f"{state.game} {rules} {' '.join(state.seats)} dealer {state.dealer} deal {state.deal}",
                          f"turn {state.turn} first {state.is_first_card()} last {state.last_capturer}",
                          f"table {table} | {' | '.join(piles)}", *hands, *taken,
                          f"gone {describe_cards(state.gone)}", f"unseen {describe_cards(self.pool)}"])

    @property
    def needed(self) -> int:
        """Unseen cards that a world places: the hidden hand cards and the deals to come."""
        per_deal = game_of(self.state).hand_size * len(self.state.seats)
        return sum(self.hidden.values()) + self.deals_left * per_deal

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
            unseen = len(self.pool)
            raise Unsampleable(f"{count_of(unseen, 'card')} {'is' if unseen == 1 else 'are'} unseen but the hands "
                               f"and deals to come need {self.needed}")
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
        size = game_of(self.state).hand_size
        future = []
        for _ in range(self.deals_left):
            deal = {s: () for s in order}
            for s in order:
                deal[s] = tuple(pool.pop() for _ in range(size))
            future.append(deal)
        return World(state, tuple(future))

    def worlds(self, rng: random.Random, count: int, fits: Callable[[World], bool] | None = None) -> list[World]:
        """``count`` sampled worlds (all the same one when the view is determined), each dealt again until
        ``fits`` it, up to :data:`REDEALS` times.

        Raises :class:`Unsampleable` when no world dealt fits.
        """
        if self.determined:
            world = self.sample(rng)
            return [world] * count if fits is None or fits(world) else self._unfit()
        return [self._fitting(rng, fits) for _ in range(count)]

    def _fitting(self, rng: random.Random, fits: Callable[[World], bool] | None) -> World:
        for _ in range(REDEALS):
            world = self.sample(rng)
            if fits is None or fits(world):
                return world
        return self._unfit()

    def _unfit(self) -> NoReturn:
        raise Unsampleable(f"no deal of the {count_of(len(self.pool), 'unseen card')} that {self.seat} could have "
                           f"held lets the move played be legal ({REDEALS} dealt)")
