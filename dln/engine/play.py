"""Moves in play: making one (``apply``, ``LiveRound.play``), and the engine's move API in one place.

``apply`` never judges: it carries out what the move says, so a validator can
report and go on.  Deciding a move is :mod:`dln.engine.checking` (``check``),
listing them :mod:`dln.engine.listing` (``legal_moves``), both built on the
rule predicates of :mod:`dln.engine.predicates`; their names are re-exported
here for callers that import them from this module.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar, NamedTuple

from dln.cards import Card

from .checking import check
from .listing import has_legal_move, iter_legal_moves, legal_moves
from .predicates import group_meant, holds_value_after, in_sums, xeri_blocker, xeri_rule_blocker
from .state import Hand, Move, Pile, Position, RoundState

__all__ = [
    "LiveHand",
    "LiveRound",
    "Step",
    "apply",
    "check",
    "has_legal_move",
    "holds_value_after",
    "in_sums",
    "iter_legal_moves",
    "legal_moves",
    "position_after",
    "xeri_blocker",
    "xeri_rule_blocker",
]


class Step(NamedTuple):
    """The position after a move, and whether that move scored a xeri."""

    state: RoundState
    xeri: bool



def apply(state: RoundState, move: Move) -> Step:
    """The position after ``move`` and whether it scored a xeri; ``state`` is untouched.

    Does not judge the move: cards or declarations it names that are not on
    the table are ignored, so a validator can report a broken move and go on.
    """
    live = LiveRound(state)
    xeri = live.play(move)
    return Step(live.freeze(), xeri)


def position_after(state: RoundState, move: Move) -> RoundState:
    """The position after ``move`` (:func:`apply` without the xeri flag)."""
    live = LiveRound(state)
    live.play(move)
    return live.freeze()


class LiveHand:
    """A hand of a :class:`LiveRound`: its known cards are a set that each play takes from."""

    __slots__ = ("known", "unknown")

    def __init__(self, known: set[Card], unknown: int) -> None:
        self.known = known
        self.unknown = unknown

    @property
    def size(self) -> int:
        """Number of cards held, known or not."""
        return len(self.known) + self.unknown


class LiveRound(Position):
    """A position replayed in place, move after move: the validator's cursor through a record.

    It answers the rules' questions as a :class:`RoundState` does (``check``
    takes either), but :meth:`play` changes it where :func:`apply` builds a
    new position: replaying a long record that way allocates almost nothing
    per move.  :meth:`freeze` gives the RoundState it stands for.  ``apply``
    is a play on a thawed state, so the effect of a move is written once, in
    :meth:`play`.
    """

    __slots__ = RoundState._fields
    game: ClassVar[str] = "diloti"  # the key of its game in the registry, as RoundState's

    hands: list[LiveHand]
    loose: list[Card]
    piles: list[Pile]
    captured: list[tuple[Card, ...]]  # a pile grows by a new tuple: a position frozen from it shares it
    xeris: list[int]

    def __init__(self, state: RoundState) -> None:
        (self.rules, self.seats, self.dealer, self.deal, hands, loose, piles, captured, xeris,
         self.last_capturer, self.turn, self.played, self.setup, self.next_pile_id, self.gone) = state
        self.hands = [LiveHand(set(h.known), h.unknown) for h in hands]
        self.loose = list(loose)
        self.piles = list(piles)
        self.captured = list(captured)
        self.xeris = list(xeris)

    def copy(self) -> LiveRound:
        """An independent copy, for a search that plays several lines from one position.

        Only the mutable parts are copied (hands, table, capture piles, xeris);
        cards, piles and rules are immutable and shared.
        """
        other = LiveRound.__new__(LiveRound)
        (other.rules, other.seats, other.dealer, other.deal, other.last_capturer, other.turn, other.played,
         other.setup, other.next_pile_id, other.gone) = (
            self.rules, self.seats, self.dealer, self.deal, self.last_capturer, self.turn, self.played,
            self.setup, self.next_pile_id, self.gone)
        other.hands = [LiveHand(set(h.known), h.unknown) for h in self.hands]
        other.loose = self.loose.copy()
        other.piles = self.piles.copy()
        other.captured = self.captured.copy()
        other.xeris = self.xeris.copy()
        return other

    def deal_in(self, hands: Sequence[Hand | Iterable[Card]]) -> None:
        """The next deal, in place: ``hands`` aligned with ``seats`` (cards, or a :class:`Hand` that
        may hold unknown cards); the leader plays first.

        As :func:`dln.engine.next_deal` does for a frozen position; call it only
        when :attr:`needs_deal` is true.
        """
        if not self.needs_deal:
            raise ValueError("a new deal comes only when every hand is played out and deals remain")
        self.hands = [LiveHand(set(h.known), h.unknown) if isinstance(h, Hand) else LiveHand(set(h), 0)
                      for h in hands]
        self.deal += 1
        self.turn = self.leader

    def freeze(self) -> RoundState:
        """The position as a :class:`RoundState`."""
        hands = tuple([Hand(frozenset(h.known), h.unknown) for h in self.hands])
        return RoundState(self.rules, self.seats, self.dealer, self.deal, hands, tuple(self.loose),
                          tuple(self.piles), tuple(map(tuple, self.captured)), tuple(self.xeris),
                          self.last_capturer, self.turn, self.played, self.setup, self.next_pile_id,
                          self.gone)

    def play(self, move: Move) -> bool:
        """Make ``move``; True if it scored a xeri.

        Does not judge the move (see :func:`apply`).  A capture that clears the
        table scores unless :func:`xeri_rule_blocker` objects, asked before the
        card leaves the hand.
        """
        seat, card, kind, named, ids, value, group, _, _ = move  # one unpacking, not a lookup per field
        seats = self.seats
        i = seats.index(seat)
        xeri = False
        if kind == "lay":
            self.loose.append(card)
        elif kind == "capture":
            loose = self.loose
            taken = [card, *[c for c in loose if c in named]]  # in table order
            for c in taken[1:]:  # in place, by identity first: no card is hashed again
                loose.remove(c)
            piles = self.piles
            if ids:
                taken += [c for p in piles if p.id in ids for c in p.cards]
                self.piles = piles = [p for p in piles if p.id not in ids]
            side = i % 2  # seats alternate sides in play order (Position.side_index)
            self.captured[side] = (*self.captured[side], *taken)
            self.last_capturer = seat
            if not loose and not piles and xeri_rule_blocker(self) is None:
                self.xeris[side] += 1
                xeri = True
        else:
            absorbed = [p for p in self.piles if p.id in ids]
            used = [c for c in self.loose if c in named]
            for c in used:
                self.loose.remove(c)
            cards = (*[c for p in absorbed for c in p.cards], *used, card)
            if value is None:
                value = sum(c.value for c in cards)
            if absorbed:
                pid = min(p.id for p in absorbed)
            else:
                pid = self.next_pile_id
                self.next_pile_id += 1
            # The new pile takes the place of the first pile it absorbs.
            at = self.piles.index(absorbed[0]) if absorbed else len(self.piles)
            self.piles = [p for p in self.piles if p.id not in ids]
            self.piles.insert(at, Pile(pid, value, group, seat, cards))
        hand = self.hands[i]
        known = hand.known
        if card in known:
            known.discard(card)
        elif hand.unknown:
            hand.unknown -= 1
        self.turn = seats[(i + 1) % len(seats)]
        self.played += 1
        return xeri


def forced(state: RoundState, move: Move) -> RoundState | None:
    """The position ``move`` made at the table whatever the rules say, or None when it cannot have been made.

    What a validator goes on from after an illegal move (issue 31): the card leaves the mover's hand (an
    unseen card of it, when the hand is not fully known); a capture puts the card and everything it names
    in the mover's side's pile (no xeri: an illegal capture scores nothing; the owner's card of its own
    declaration's value against one of another value takes its own, the reference written wrong); a
    declaration makes a new one of
    the card, the loose cards and the declarations it names, owned by nobody (it binds no seat), a plain one
    of the value its cards make (a group, or cards that make none, of the value written); a lay lands on the
    table.  The turn passes to the seat after the mover (played out of turn, it stays with the seat whose turn
    it was: that seat still plays).  None when the
    card cannot be in the mover's hand (seen elsewhere, or not in a hand fully known) or the move names a
    card or declaration that is not on the table.
    """
    seat, card = move.seat, move.card
    hands = state.hands_without(seat, card)
    if hands is None:
        return None
    named = [p for p in state.piles if p.id in move.piles]
    if len(named) != len(move.piles) or any(c not in state.loose for c in move.loose):
        return None
    own = [p for p in state.piles if p.owner == seat and p.value == card.value and p.id not in move.piles]
    wrong = [p for p in named if p.value != card.value and not in_sums(state, p, card.value)]
    if move.kind == "capture" and len(own) == 1 and len(wrong) == 1:
        # The owner's card against a declaration of another value (D207): the reference is written wrong,
        # and the declaration taken is the owner's own, of the card's value.
        named = [own[0] if p is wrong[0] else p for p in named]
        move = move._replace(piles=frozenset(p.id for p in named))
    loose = tuple(c for c in state.loose if c not in move.loose)
    piles = tuple(p for p in state.piles if p.id not in move.piles)
    captured, last_capturer, next_pile_id = state.captured, state.last_capturer, state.next_pile_id
    # The table's order, as a legal move lays them (apply): move.loose is a set, whose order changes from process
    # to process.
    taken = (*(c for c in state.loose if c in move.loose), *(c for p in named for c in p.cards))
    if move.kind == "lay":
        loose += (card,)
    elif move.kind == "capture":
        side = state.side_index(seat)
        captured = (*captured[:side], (*captured[side], *taken, card), *captured[side + 1:])
        last_capturer = seat
    else:
        total = card.value + sum(c.value for c in taken)
        # A plain declaration is worth what its cards make: a value written wrong (D304) is the mistake, not
        # the declaration on the table (a group, or cards that make no value, keep the value written).
        value = move.value if move.value is not None and (move.group or not 1 <= total <= 10) else total
        group = move.group or group_meant(state, move) is not None  # the owner's group written as a sum
        if group and not move.group:
            value = card.value
        # Nobody's: a declaration its maker could not make binds nobody, so what follows from it (keeping a
        # card of its value, not laying beside it) is no new error.
        piles += (Pile(next_pile_id, value, group, None, (card, *taken)),)
        next_pile_id += 1
    return state._replace(hands=hands, loose=loose, piles=piles, captured=captured, last_capturer=last_capturer,
                          turn=state.turn_after(seat), played=state.played + 1, next_pile_id=next_pile_id)
