"""Immutable values of a Diloti round: seats, hands, piles on the table, moves.

They are NamedTuples: immutable, hashable and cheap to build.  A
:class:`RoundState` is frozen and every :func:`~dln.engine.apply` builds a new
one (sharing unchanged tuples), so a replayer steps backwards by keeping the
list of states; a validator replays long records on the mutable
:class:`~dln.engine.play.LiveRound` instead, and both answer the rules'
questions through :class:`Position`.  Seats are ``"N"``,
``"E"``, ``"S"``, ``"W"``; two players sit N and S, four players in the
partnerships NS and EW (pagat, Four-Player Game).  Points are kept per *side*:
the seat itself in a two-player game, ``"NS"`` or ``"EW"`` in a four-player one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from typing import ClassVar, Literal, NamedTuple, Protocol

from dln.cards import Card

from .rules import Rules

Seat = str
Side = str
Kind = Literal["lay", "capture", "declare"]
#: Something on the table a capture component names: a loose card, or a declaration by its id.
Item = Card | int

HAND_SIZE = 6  # pagat, Players, Cards and Deal: six cards to each player per deal
TABLE_SIZE = 4  # pagat, Players, Cards and Deal: four cards face up, first deal only


def play_order(players: int, rules: Rules) -> tuple[Seat, ...]:
    """Seats in the order they play, starting from N.

    Four players go anticlockwise N, W, S, E (pagat, Four-Player Game) or, with
    ``rules.clockwise``, N, E, S, W (diloti-denexa, Game play: the dealer's
    left leads and the deal passes to the left).
    """
    if players == 2:
        return ("N", "S")
    if players == 4:
        return ("N", "E", "S", "W") if rules.clockwise else ("N", "W", "S", "E")
    raise ValueError(f"Diloti is played by 2 or 4 players, not {players}")


def deals_per_round(players: int) -> int:
    """Deals of six cards per round: the pack's 48 non-table cards in hands of six."""
    return (52 - TABLE_SIZE) // (HAND_SIZE * players)


def side_of(seat: Seat, players: int) -> Side:
    """The scoring side of a seat: the seat itself for two players, else NS or EW."""
    if players == 2:
        return seat
    return "NS" if seat in ("N", "S") else "EW"


def sides_of(players: int) -> tuple[Side, ...]:
    """The scoring sides in fixed order."""
    return ("N", "S") if players == 2 else ("NS", "EW")


def describe_cards(cards: Iterable[Card]) -> str:
    """Cards in pack order, e.g. ``"5c 3d"``."""
    return " ".join(str(c) for c in sorted(cards, key=_index))


#: A card's place in the pack, as a sort key: the getter of ``Card.index`` itself, a lookup in the
#: table of the cards done in C, with no Python call per card sorted.
_index: Callable[[Card], int] = Card.index.fget  # type: ignore[assignment]


class Hand(NamedTuple):
    """A hand as far as the record knows it: ``known`` cards plus ``unknown`` unseen ones.

    A recorder at a real table may not see the hands; then the unknown count
    stands for cards that are in the hand but not named.  A fully known hand
    has ``unknown == 0``.
    """

    known: frozenset[Card] = frozenset()
    unknown: int = 0

    @classmethod
    def of(cls, cards: Iterable[Card], unknown: int = 0) -> Hand:
        """A hand from any iterable of cards."""
        return cls(frozenset(cards), unknown)

    @property
    def size(self) -> int:
        """Number of cards held, known or not."""
        return len(self.known) + self.unknown


class Pile(NamedTuple):
    """A declaration on the table (pagat, Plain Declarations; Group Declarations).

    ``id`` is stable for the pile's life; ``owner`` is the seat bound to capture
    it (None when a setup leaves it unstated: then no seat is bound and anyone
    may raise it).
    """

    id: int
    value: int
    group: bool
    owner: Seat | None
    cards: tuple[Card, ...]

    def describe(self) -> str:
        """E.g. ``"plain declaration of 8 (#2: 5h 3c)"``."""
        kind = f"group of {self.value}s" if self.group else f"plain declaration of {self.value}"
        return f"{kind} (#{self.id}: {describe_cards(self.cards)})"


class Move(NamedTuple):
    """One card played, as the engine sees it (no notation).

    ``loose`` are the loose table cards taken (capture) or used (declare);
    ``piles`` the ids of the declarations taken or used.  A raise and a group
    are both ``kind="declare"``: the engine tells a plain declaration, a raise
    and a group apart from ``group`` and the piles named.  ``value`` is the
    declared value (optional for a plain declaration or raise: then the total).
    ``components`` (captures only) are the sets a recorder joined into one
    component (``5s+3d``): loose cards and, under liberal_declarations, plain
    declarations by id (``[5]+Ad``); each item is also in ``loose`` or
    ``piles``.  ``xeri`` is the record's xeri mark.
    """

    seat: Seat
    card: Card
    kind: Kind
    loose: frozenset[Card] = frozenset()
    piles: frozenset[int] = frozenset()
    value: int | None = None
    group: bool = False
    components: tuple[frozenset[Item], ...] = ()
    xeri: bool = False

    @classmethod
    def lay(cls, seat: Seat, card: Card) -> Move:
        """Lay ``card`` on the table."""
        return cls(seat, card, "lay")

    @classmethod
    def capture(
        cls,
        seat: Seat,
        card: Card,
        loose: Iterable[Card] = (),
        piles: Iterable[int] = (),
        *,
        components: Iterable[Iterable[Item]] = (),
        xeri: bool = False,
    ) -> Move:
        """Capture with ``card`` the given loose cards and pile ids (``components``: how a record joined them)."""
        comps = tuple(frozenset(c) for c in components)
        return cls(seat, card, "capture", frozenset(loose), frozenset(piles),
                   components=comps, xeri=xeri)

    @classmethod
    def declare(
        cls,
        seat: Seat,
        card: Card,
        value: int | None,
        loose: Iterable[Card] = (),
        piles: Iterable[int] = (),
        *,
        group: bool = False,
    ) -> Move:
        """Declare (plain, raise or group) with ``card``, loose cards and pile ids."""
        return cls(seat, card, "declare", frozenset(loose), frozenset(piles),
                   value=value, group=group)

    def key(self) -> tuple[object, ...]:
        """Identity of the move without the record's xeri mark and '+' grouping."""
        return (self.seat, self.card, self.kind, self.loose, self.piles, self.value, self.group)

    def describe(self, written: Sequence[Card | int] = ()) -> str:
        """A plain-words account, e.g. ``"N captures 5c 3d with 8h"``: the loose cards in pack order, then the
        declarations (``#id``); or as ``written`` orders the cards and declarations' ids (a record's line: the
        words then read as the line)."""
        if written:
            targets = " ".join(f"#{item}" if isinstance(item, int) else str(item) for item in written)
        else:
            targets = " ".join([describe_cards(self.loose), *(f"#{i}" for i in sorted(self.piles))]).strip()
        if self.kind == "lay":
            return f"{self.seat} lays {self.card}"
        if self.kind == "capture":
            return f"{self.seat} captures {targets} with {self.card}"
        what = f"a group of {self.value}s" if self.group else f"{self.value}"
        return f"{self.seat} declares {what} with {self.card} and {targets or 'nothing'}"


class _RoundStateFields(NamedTuple):
    """The fields of :class:`RoundState`, in order."""

    rules: Rules
    seats: tuple[Seat, ...]
    dealer: Seat
    deal: int
    hands: tuple[Hand, ...]
    loose: tuple[Card, ...] = ()
    piles: tuple[Pile, ...] = ()
    captured: tuple[tuple[Card, ...], ...] = ((), ())
    xeris: tuple[int, ...] = (0, 0)
    last_capturer: Seat | None = None
    turn: Seat = ""
    played: int = 0
    setup: bool = False
    next_pile_id: int = 1
    #: Cards already captured by a side a setup does not name (its ``seen``): out of play, in no pile here.
    gone: frozenset[Card] = frozenset()


class HandLike(Protocol):
    """What the rules ask of a hand: a frozen :class:`Hand` or the validator's live one."""

    @property
    def known(self) -> AbstractSet[Card]: ...
    @property
    def unknown(self) -> int: ...
    @property
    def size(self) -> int: ...


class Seating:
    """Seats, hands and the progress of a round, for every game of the family: the position of a Diloti
    round (:class:`Position`) and of a Kontsina or Xeri hand (:class:`dln.games.table.TableRound`).

    Asks only ``seats`` (in play order), ``hands`` (aligned with them), ``dealer``, ``deal``, ``deals``,
    ``played`` and ``setup``.
    Kept in this module, which the optional build compiles, so Diloti's hot path stays compiled.
    """

    __slots__ = ()

    seats: Sequence[Seat]
    hands: Sequence[HandLike]
    dealer: Seat
    turn: Seat
    deal: int
    deals: int  # each game's position says (a property)
    sides: Sequence[str]  # who scores, aligned with ``captured`` (a property)
    captured: Sequence[Sequence[Card]]
    played: int
    setup: bool

    def is_first_card(self) -> bool:
        """True if the move about to be made is the round's first card (pagat, The "Xeri"): no card
        played since the deal, and not a setup (a setup known to be the round's start is none: see
        :func:`dln.engine.setup_round`'s ``opening``)."""
        return not self.played and not self.setup

    def held_or_taken(self, card: Card) -> str | None:
        """Where ``card`` is off the table: ``in NS's capture pile`` or ``in N's hand`` (known there), or None.
        Each kind of position says where on its table first (``place_of``)."""
        for side, pile in zip(self.sides, self.captured, strict=True):
            if card in pile:
                return f"in {side}'s capture pile"
        for seat, hand in zip(self.seats, self.hands, strict=True):
            if card in hand.known:
                return f"in {seat}'s hand"
        return None

    def hand(self, seat: Seat) -> HandLike:
        """The hand of ``seat``."""
        return self.hands[self.seats.index(seat)]

    def next_seat(self, seat: Seat) -> Seat:
        """The seat that plays after ``seat``."""
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]

    def hands_without(self, seat: Seat, card: Card) -> tuple[Hand, ...] | None:
        """The hands once ``seat`` has played ``card`` whatever the rules say (an unseen card of its hand when
        the card is not known there), or None when the card cannot be that seat's: seen elsewhere (each kind
        of position says where on its table, ``place_of``), or not in a hand fully known."""
        if seat not in self.seats:
            return None
        i = self.seats.index(seat)
        hand = self.hands[i]
        if card in hand.known:
            held = Hand(hand.known - {card}, hand.unknown)
        elif hand.unknown and self.place_of(card) is None:  # type: ignore[attr-defined]
            held = Hand(hand.known, hand.unknown - 1)
        else:
            return None
        return (*self.hands[:i], held, *self.hands[i + 1:])  # type: ignore[arg-type]

    def turn_after(self, seat: Seat) -> Seat:
        """Whose turn it is once ``seat`` has played: the next seat; still the seat whose turn it was when
        ``seat`` played out of turn (that seat still plays)."""
        return self.next_seat(seat) if seat == self.turn else self.turn

    @property
    def leader(self) -> Seat:
        """Who plays first after each deal: the seat after the dealer in play order."""
        return self.next_seat(self.dealer)

    @property
    def hands_empty(self) -> bool:
        """True when every hand is played out."""
        for h in self.hands:  # noqa: SIM110 - a plain loop: this is asked before every move
            if h.known or h.unknown:
                return False
        return True

    @property
    def needs_deal(self) -> bool:
        """True between deals: hands played out, more deals to come."""
        return self.hands_empty and self.deal < self.deals

    @property
    def is_over(self) -> bool:
        """True when the last deal is played out (leftovers not yet given)."""
        return self.hands_empty and self.deal >= self.deals


class Position(Seating):
    """The questions the rules ask of a position, answered from its fields.

    Shared by the frozen :class:`RoundState` and by
    :class:`dln.engine.play.LiveRound`, the position a validator replays in
    place; :func:`dln.engine.check` accepts either.  The fields are those of
    :class:`RoundState` (a live position holds lists where it holds tuples).
    """

    __slots__ = ()

    rules: Rules
    seats: tuple[Seat, ...]
    dealer: Seat
    deal: int
    hands: Sequence[HandLike]
    loose: Sequence[Card]
    piles: Sequence[Pile]
    captured: Sequence[Sequence[Card]]
    xeris: Sequence[int]
    last_capturer: Seat | None
    turn: Seat
    played: int
    setup: bool
    next_pile_id: int
    gone: frozenset[Card]

    def place_of(self, card: Card) -> str | None:
        """Where ``card`` is known to be, in words (``lying loose on the table``), or None: in a hidden hand
        or the stock.  The checker's D002 and the recorder say it so."""
        if card in self.loose:
            return "lying loose on the table"
        for p in self.piles:
            if card in p.cards:
                return f"in the {p.describe()}"
        found = self.held_or_taken(card)
        if found is None and card in self.gone:
            return "already captured"
        return found

    # -- seats and sides ---------------------------------------------------
    @property
    def players(self) -> int:
        """2 or 4."""
        return len(self.seats)

    @property
    def sides(self) -> tuple[Side, ...]:
        """Scoring sides, aligned with ``captured`` and ``xeris``."""
        return sides_of(len(self.seats))

    def side_of(self, seat: Seat) -> Side:
        """The scoring side ``seat`` belongs to."""
        return side_of(seat, len(self.seats))

    def side_index(self, seat: Seat) -> int:
        """Index into ``captured``/``xeris`` of the side of ``seat``.

        Seats alternate sides in play order (N then S for two players; partners
        sit opposite, so four play NS, EW, NS, EW), so it is the seat's parity.
        """
        return self.seats.index(seat) % 2

    def partner(self, seat: Seat) -> Seat | None:
        """The partner of ``seat`` in a four-player game, else None."""
        if len(self.seats) != 4:
            return None
        return self.seats[(self.seats.index(seat) + 2) % 4]

    @property
    def deals(self) -> int:
        """Number of deals in this round (4 for two players, 2 for four)."""
        return deals_per_round(len(self.seats))

    # -- table ---------------------------------------------------------------
    def pile(self, pile_id: int) -> Pile | None:
        """The declaration with this id, or None if it is not on the table."""
        for p in self.piles:
            if p.id == pile_id:
                return p
        return None

    def owned_pile(self, seat: Seat) -> Pile | None:
        """The declaration ``seat`` is bound to capture, if any."""
        for p in self.piles:
            if p.owner == seat:
                return p
        return None

    def table_cards(self) -> tuple[Card, ...]:
        """All cards on the table, loose and in declarations."""
        return (*self.loose, *(c for p in self.piles for c in p.cards))

    @property
    def table_empty(self) -> bool:
        """True when no loose card or declaration is on the table."""
        return not self.loose and not self.piles

    def is_last_card(self) -> bool:
        """True if the move about to be made is the last card of the round."""
        if self.deal < self.deals:
            return False
        return sum(h.size for h in self.hands) == 1

    def seen(self) -> frozenset[Card]:
        """Cards whose place is known: on the table, captured, or known in a hand."""
        out: set[Card] = set(self.loose)
        out.update(self.gone)
        for p in self.piles:
            out.update(p.cards)
        for pile in self.captured:
            out.update(pile)
        for h in self.hands:
            out.update(h.known)
        return frozenset(out)


class RoundState(_RoundStateFields, Position):
    """A position in a round (pagat, The Play; Further Deals and the End of the Round).

    ``seats`` are in play order and ``hands`` aligned with them; ``captured``
    and ``xeris`` are aligned with :attr:`sides`.  ``played`` counts the cards
    played in the round so far; ``setup`` marks a position that starts mid-round,
    whose first move is not the round's first card and so may score a xeri.
    ``game`` is the key of the game it is a position of, as a Kontsina or Xeri position has one.
    """

    __slots__ = ()
    game: ClassVar[str] = "diloti"

    hands: tuple[Hand, ...]
    loose: tuple[Card, ...]
    piles: tuple[Pile, ...]
    captured: tuple[tuple[Card, ...], ...]
    xeris: tuple[int, ...]
