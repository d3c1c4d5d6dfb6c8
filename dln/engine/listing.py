"""Listing moves: ``legal_moves`` and ``iter_legal_moves``.

They build candidate moves whose sums hold by construction and filter them
with the same rule predicates ``check`` calls (:mod:`dln.engine.predicates`);
the house rules of ``state.rules`` are read by those predicates too.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from itertools import combinations
from typing import Generic, TypeVar

from dln.cards import Card

from .predicates import (
    ZERO,
    capture_choices,
    face_trio,
    holds_value_after,
    in_sums,
    is_soy,
    lay_violations,
    may_raise,
    xeri_rule_blocker,
)
from .state import Move, Pile, RoundState, _index
from .sums import (
    PACKED_UNIT,
    UNIT,
    Box,
    Counts,
    Packed,
    counts_of,
    covers,
    expand,
    first,
    group_by_value,
    pack,
    split_members,
    splittable,
    totalling_codes,
    unpack,
)


def legal_moves(state: RoundState, *, by_value: bool = False) -> list[Move]:
    """Every legal move of the seat to move (known cards only), without errors from ``check``.

    A move whose obligation cannot be decided (hand partly unknown) is
    included.  Captures taking the same cards with the same card are one move;
    a capture that empties the table carries ``xeri=True`` when it scores.

    The count grows combinatorially with many loose cards of equal value (20
    loose aces to fives give over a million distinct captures), so callers that
    need only the shapes of the legal moves pass ``by_value=True``: legality
    depends on values, not suits, so moves that differ only in which suits of a
    value they take or use are listed once (the cards first in table order).
    """
    return list(iter_legal_moves(state, by_value=by_value))


def has_legal_move(state: RoundState) -> bool:
    """True if the seat to move has at least one legal move with a known card."""
    return next(iter_legal_moves(state, by_value=True), None) is not None


def _subsets(piles: Sequence[Pile]) -> Iterator[tuple[Pile, ...]]:
    for k in range(len(piles) + 1):
        yield from combinations(piles, k)


T = TypeVar("T")
#: The loose cards a count vector stands for in a listing: each choice of suits, or only one.
Options = Iterable[frozenset[Card]]
#: The counts of aces, twos and threes in a packed count vector.
_ACE_TO_THREE = pack((0, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0))
#: Listing by value, the cards of every sub-multiset of a table this size are built at once.
_TABULATE = 16384
#: The sub-multisets of a large table kept for the next card of the same value (:class:`_Made`), and the
#: cards of as many value counts (:meth:`_Listing.options`): past that, memory would grow with the listing.
_KEPT = 16384
#: Listing every move, the cards of each choice are built at once and kept when at most this many
#: loose numerals lie on the table (at most 2**10 choices in all); a crowded table makes them as used.
_FEW = 10


class _Suits:
    """Every choice of suits for the loose cards of some value counts, generated afresh on each
    iteration, so that listing every move holds one choice at a time."""

    __slots__ = ("counts", "groups")

    def __init__(self, groups: tuple[tuple[Card, ...], ...], code: Packed) -> None:
        self.groups = groups
        self.counts = unpack(code)

    def __iter__(self) -> Iterator[frozenset[Card]]:
        return map(frozenset, expand(self.groups, self.counts))


class _Made(Generic[T]):
    """The items of an iterator, made as they are first asked for and kept for the next pass while they
    are at most :data:`_KEPT`: past that (a crowded table's millions of sub-multisets) each pass makes them
    afresh with ``make``, so that memory holds one at a time, not every move's cards."""

    __slots__ = ("made", "make", "source")

    def __init__(self, make: Callable[[], Iterator[T]]) -> None:
        self.make = make
        self.made: list[T] | None = []
        self.source = make()

    def __iter__(self) -> Iterator[T]:
        made = self.made
        if made is None:  # too many to keep: made afresh
            yield from self.make()
            return
        i = 0
        while True:
            if i == len(made):
                for item in self.source:  # one more
                    if i == _KEPT:  # this pass goes on with the source, and the next makes them again
                        self.made = None
                        yield item
                        yield from self.source
                        return
                    made.append(item)
                    break
                else:
                    return
            yield made[i]
            i += 1


class _Listing:
    """What the moves of every card in one listing share: the seat, the loose numerals as value
    counts, the declarations the seat may raise, and the cards each value count stands for."""

    __slots__ = ("_boxes", "_declarable", "_first", "_groups", "_halves", "_made", "_sets", "_upto", "avail",
                 "by_value", "few", "held", "n_loose", "n_piles", "numerals", "owned", "raisable", "seat", "seen",
                 "state", "totals", "xeri_ok")

    def __init__(self, state: RoundState, by_value: bool) -> None:
        self.state = state
        self.seat = seat = state.turn
        self.owned = state.owned_pile(seat)
        self.numerals = numerals = [c for c in state.loose if not c.is_face]
        self._groups: tuple[tuple[Card, ...], ...] | None = None
        # The value counts of the loose numerals, and the totals some of them make as bits (bit t:
        # some of them total t): a value no choice of them totals needs no search of the sub-multisets.
        avail = [0] * 11
        totals = 1
        for c in numerals:
            v = c.value
            avail[v] += 1
            totals |= totals << v
        self.avail = tuple(avail)
        self.totals = totals
        self.n_loose, self.n_piles = len(state.loose), len(state.piles)
        self.xeri_ok = xeri_rule_blocker(state) is None
        # Raising depends on the seat and the declaration only (D303, D309).
        self.raisable = frozenset(p.id for p in state.piles if may_raise(state, seat, p)) \
            if state.piles else NO_PILES
        hand = state.hand(seat)
        self.seen = state.seen() if hand.unknown else None
        # D302 asked of a fully known hand: how many cards of each value it holds.
        self.held: list[int] | None = None
        if not hand.unknown:
            self.held = held = [0] * 11
            for c in hand.known:
                held[c.value] += 1
        self.by_value = by_value
        self.few = not by_value and len(numerals) <= _FEW
        self._declarable: dict[int, tuple[int, ...]] = {}
        self._upto: list[int] | None = None
        self._made: dict[Packed, tuple[frozenset[Card], ...]] = {}
        self._sets: dict[tuple[int, Counts], Iterable[tuple[Options, int]]] = {}
        self._boxes: dict[Box, list[tuple[frozenset[Card]]]] = {}
        self._first: dict[Packed, tuple[frozenset[Card]]] = {}
        self._halves: tuple[dict[Packed, frozenset[Card]], dict[Packed, frozenset[Card]]] = ({}, {})

    @property
    def groups(self) -> tuple[tuple[Card, ...], ...]:
        """The loose numerals by value (:func:`group_by_value`), made when a move first needs their cards."""
        groups = self._groups
        if groups is None:
            groups = self._groups = group_by_value(self.numerals)
        return groups

    def options(self, code: Packed) -> Options:
        """The loose cards with the value counts ``code``: every choice of suits or, by value,
        the cards first in table order only (one frozenset per listing, kept for the first
        :data:`_KEPT` value counts: many moves share it)."""
        if self.few:
            made = self._made.get(code)
            if made is None:
                counts = unpack(code)
                chosen = [c for c in self.numerals if counts[c.value]]
                if len(chosen) == sum(counts):  # each value taken whole: one choice of suits
                    made = (frozenset(chosen),)
                else:
                    made = tuple(map(frozenset, expand(self.groups, counts)))
                self._made[code] = made
            return made
        if not self.by_value:
            return _Suits(self.groups, code)
        found = self._first.get(code)
        if found is None:
            # Hashing the cards is most of building a frozenset; a union of two built ones
            # (aces to threes, the rest) reuses their hashes, and each half recurs often.
            low, high = self._halves
            ace_to_three, rest = code & _ACE_TO_THREE, code & ~_ACE_TO_THREE
            a = low.get(ace_to_three)
            if a is None:
                a = low[ace_to_three] = frozenset(first(self.groups, unpack(ace_to_three))[0])
            b = high.get(rest)
            if b is None:
                b = frozenset(first(self.groups, unpack(rest))[0])
                if len(high) < _KEPT:
                    high[rest] = b
            found = (a | b,)
            if len(self._first) < _KEPT:
                self._first[code] = found
        return found

    def sets(self, target: int, fixed: Counts = ZERO) -> Iterable[tuple[Options, int]]:
        """:func:`splittable` on the loose numerals: the cards of each sub-multiset with the total of
        their values (asked once per listing: cards of equal value share them).

        On a large table they are made as they are first iterated and kept while they are few
        (:class:`_Made`), so that a caller that stops early (the validator's help,
        :func:`has_legal_move`) makes only a few, and a crowded table's are not all held.
        """
        found = self._sets.get((target, fixed))
        if found is None and self.few:
            codes, totals = split_members(self.avail, target, fixed)
            found = self._sets[target, fixed] = list(zip(map(self.options, codes), totals, strict=True))
        elif found is None:
            chosen = splittable(self.avail, target, fixed)
            box = chosen.box
            if self.by_value and box.size <= _TABULATE:
                found = list(zip(chosen.pick(self._tabulated(box)), chosen.pick(box.totals()), strict=True))
            else:
                options = self.options
                found = _Made(lambda: ((options(code), total) for code, total in chosen.iter_members()))
            self._sets[target, fixed] = found
        return found

    def _tabulated(self, box: Box) -> list[tuple[frozenset[Card]]]:
        """The first cards in table order of every sub-multiset of ``box``: built at once in C-speed
        unions, this is several times faster than one at a time when most are used."""
        found = self._boxes.get(box)
        if found is None:
            groups = self.groups
            found = self._boxes[box] = list(zip(box.tabulate(lambda v, k: frozenset(groups[v][:k]))))
        return found

    def may_keep(self, card: Card, value: int) -> bool:
        """After playing ``card`` the seat may still hold a card of ``value`` (:func:`holds_value_after`
        is not False, so it may be undecided): D302 lets it declare ``value``, and D403 lets the owner
        of a declaration of ``value`` spend ``card`` without taking it."""
        held = self.held
        if held is not None:  # :func:`holds_value_after` on a known hand, counted once per listing
            return held[value] - (card.value == value) > 0
        return holds_value_after(self.state, self.seat, card, value, seen=self.seen) is not False

    def declarable(self, card: Card) -> Sequence[int]:
        """The values from numeral ``card``'s own to 10 that :meth:`may_keep` allows, in order
        (worked out once per value of card when the hand is known)."""
        cv = card.value
        held = self.held
        if held is None:
            return [value for value in range(cv, 11) if self.may_keep(card, value)]
        found = self._declarable.get(cv)
        if found is None:
            found = self._declarable[cv] = tuple([value for value in range(cv, 11) if held[value] > (value == cv)])
        return found

    def upto(self, value: int) -> int:
        """The total of the loose numerals worth at most ``value``: no set of that value holds others."""
        upto = self._upto
        if upto is None:
            upto = self._upto = [0] * 11
            total = 0
            for v, n in enumerate(self.avail):
                total += v * n
                upto[v] = total
        return upto[value]

    def totals_to(self, total: int) -> bool:
        """Whether some of the loose numerals total ``total`` (0: the empty choice does)."""
        return total >= 0 and self.totals >> total & 1 == 1


def iter_legal_moves(state: RoundState, *, by_value: bool = False,
                     cards: Collection[Card] | None = None) -> Iterator[Move]:
    """Lazily generate :func:`legal_moves`, in hand order, lay before captures before declarations.

    ``cards``: only the moves of these cards of the hand (a validator's help
    lists the moves of the card played first, without listing the others').
    """
    if state.hands_empty or state.turn not in state.seats:
        return
    table = _Listing(state, by_value)
    seat, n_loose, n_piles = table.seat, table.n_loose, table.n_piles
    xeri_ok = table.xeri_ok
    held = state.hand(seat).known
    owned, forced = table.owned, state.rules.forced_capture
    for card in sorted(held if cards is None else held & set(cards), key=_index):
        face = card.is_face
        # An owner never lays (D201: lay_violations would say so of every card); a numeral is laid
        # freely unless forced-capture applies.
        if owned is None and ((not face and not forced) or not lay_violations(state, seat, card)):
            yield _move(Move, (seat, card, "lay", NO_CARDS, NO_PILES, None, False, (), False))
        # Without taking their own declaration, may the owner spend this card (D403)?
        free = owned is None or table.may_keep(card, owned.value)
        if face:
            trio = face_trio(state, card)
            if free and trio is not None:
                yield Move(seat, card, "capture", trio, xeri=xeri_ok and n_loose == 3 and not n_piles)
            elif free:
                for c in state.loose:
                    if c.rank == card.rank:
                        yield Move(seat, card, "capture", frozenset((c,)),
                                   xeri=xeri_ok and n_loose == 1 and not n_piles)
            continue
        choices = capture_choices(state, card.value) if forced else None
        yield from _captures(table, card, free, choices)
        if choices is None or ZERO in choices:  # forced_capture: a card that can capture must
            yield from _declarations(table, card)


def _captures(table: _Listing, card: Card, free: bool, choices: frozenset[Counts] | None) -> Iterator[Move]:
    """Captures by numeral ``card``: loose cards in sets of its value, declarations of its value
    whole and, under liberal_declarations, plain declarations worth less as cards in the sets.
    ``free``: the seat may spend the card without taking their own declaration; ``choices``:
    under forced_capture, what the capture may take (:func:`capture_choices`)."""
    state, seat, owned, n_loose = table.state, table.seat, table.owned, table.n_loose
    v = card.value
    piles = state.piles
    whole = [p for p in piles if p.value == v] if piles else []
    summed = [p for p in piles if in_sums(state, p, v)] if piles and state.rules.liberal_declarations else []
    if not whole and not summed and not table.totals_to(v):
        return  # no declaration to take, and no loose cards that total the card's value
    maximal = None if choices is None else [pack(c) for c in choices]
    for parts in _subsets(summed):
        fixed = counts_of(p.value for p in parts) if parts else ZERO
        sets = table.sets(v, fixed) if maximal is None else ()
        for chosen in _subsets(whole):
            ids = frozenset(p.id for p in (*parts, *chosen)) if parts or chosen else NO_PILES
            if not free and (owned is None or owned.id not in ids):
                continue
            everything = table.xeri_ok and len(ids) == table.n_piles
            if maximal is None:
                taken: Iterable[Options] = (options for options, _ in sets)
            else:  # only what forced_capture allows, straight from its choices
                rest = pack(fixed) + len(chosen) * PACKED_UNIT[v]
                taken = [table.options(code) for code in _forced(maximal, pack(table.avail), rest)]
            for options in taken:
                for cards in options:
                    if cards or ids:
                        yield _move(Move, (seat, card, "capture", cards, ids, None, False, (),
                                           everything and len(cards) == n_loose))


def _forced(maximal: Iterable[Packed], loose: Packed, rest: Packed) -> list[Packed]:
    """Under forced_capture, the loose cards a capture takes along with the declarations ``rest``:
    each of the ``maximal`` takings (pagat, Forced Capture) less ``rest``, where that is loose cards.

    What is left of a taking that splits still splits (a declaration of the card's value is a set
    alone; those worth less are cards in the sets anyway), so it needs no further test.  In the
    order of the count tuples, as :func:`splittable` lists them.
    """
    return sorted(m - rest for m in maximal if covers(m, rest) and covers(loose, m - rest))


#: Builds a Move from all nine fields, skipping the Python-level ``__new__`` NamedTuple
#: generates: a crowded table's listing builds over ten thousand moves (about 1 ms of 11 on one).
_move = tuple.__new__
#: The ids of no declaration, and no cards.
NO_PILES: frozenset[int] = frozenset()
NO_CARDS: frozenset[Card] = frozenset()
#: A group's choices of declarations joined whole when there are none to join: no ids, no sets.
ALONE: list[tuple[frozenset[int], int]] = [(NO_PILES, 0)]


def _declarations(table: _Listing, card: Card) -> Iterator[Move]:
    """Plain declarations, raises and groups the seat to move may make with numeral ``card``."""
    state, seat, owned = table.state, table.seat, table.owned
    rules = state.rules
    cv = card.value
    if owned is None and rules.liberal_declarations:
        yield from _liberal_plain(table, card)
    elif owned is None:
        for value in table.declarable(card):
            if value == cv or not table.totals_to(value - cv):
                continue
            for code in totalling_codes(table.avail, value - cv):
                for cards in table.options(code):
                    yield _move(Move, (seat, card, "declare", cards, NO_PILES, value, False, (), False))
        for p in state.piles:
            value = p.value + cv
            if value <= 10 and p.id in table.raisable and table.may_keep(card, value):
                yield Move(seat, card, "declare", frozenset(), frozenset((p.id,)), value)
    if owned is not None and is_soy(rules, owned):
        return  # nothing may be added to a soy, and its owner may make no other declaration
    # The played card is in one of a group's sets, so no group is worth less than the card.
    liberal = rules.liberal_declarations
    for value in table.declarable(card) if owned is None else (owned.value,):
        if owned is not None and (value < cv or not table.may_keep(card, value)):
            continue
        # Without liberal_declarations the card's set is made of loose cards, or it raises a declaration.
        with_loose = table.totals_to(value - cv)
        if not (liberal or with_loose or any(q.value + cv == value and q.id in table.raisable for q in state.piles)):
            continue
        worth = [p for p in state.piles if p.value == value and p is not owned and not is_soy(rules, p)]
        base: tuple[Pile, ...] = (owned,) if owned is not None else ()
        # The declarations worth the value joined whole (their ids) and the sets they bring.
        choices = [(frozenset(p.id for p in base + s), len(base) + len(s) + sum(p.group for p in base + s))
                   for s in _subsets(worth)] if worth or base else ALONE
        if liberal:
            yield from _liberal_groups(table, card, value, choices)
            continue
        # A group is two sets or more: the sub-multisets are not searched when all the loose cards
        # up to the value, with the card and the most declarations joined, could not make two.
        room = table.upto(value)
        most = choices[-1][1]
        # The card in a set of loose cards (which must total what the card's set lacks).
        for options, total in table.sets(value, UNIT[cv]) \
                if with_loose and (room + cv) // value + most >= 2 else ():
            sets = (total + cv) // value
            for ids, n in choices:
                if sets + n >= 2:
                    for cards in options:
                        yield _move(Move, (seat, card, "declare", cards, ids, value, True, (), False))
        for q in state.piles:  # the played card raises an opponent's plain declaration
            if q.value + cv != value or q.id not in table.raisable:
                continue
            if room // value + 1 + most < 2:
                continue
            raised = [(ids | {q.id}, n) for ids, n in choices]
            for options, total in table.sets(value):
                sets = total // value + 1
                for ids, n in raised:
                    if sets + n >= 2:
                        for cards in options:
                            yield _move(Move, (seat, card, "declare", cards, ids, value, True, (), False))


def _liberal_plain(table: _Listing, card: Card) -> Iterator[Move]:
    """Plain declarations and raises under liberal_declarations (pagat, Use of Plain Declarations,
    example c): the played card with loose cards and any plain declarations the seat may raise."""
    state, seat = table.state, table.seat
    cv = card.value
    raisable = [p for p in state.piles if p.id in table.raisable]
    for raised in _subsets(raisable):
        base = cv + sum(p.value for p in raised)
        ids = frozenset(p.id for p in raised)
        for value in range(base + (not raised), 11):
            if not table.may_keep(card, value):
                continue
            if value == base:
                yield Move(seat, card, "declare", frozenset(), ids, value)
                continue
            for code in totalling_codes(table.avail, value - base):
                for cards in table.options(code):
                    yield _move(Move, (seat, card, "declare", cards, ids, value, False, (), False))


def _liberal_groups(
    table: _Listing, card: Card, value: int, choices: Sequence[tuple[frozenset[int], int]]
) -> Iterator[Move]:
    """Groups of ``value`` under liberal_declarations (pagat, Use of Plain Declarations, examples a
    and b): sets of loose cards, the played card and plain declarations worth less that the seat
    may raise; ``choices`` are the ids of the declarations worth ``value`` joined whole, with the
    number of sets they bring."""
    state, seat = table.state, table.seat
    small = [p for p in state.piles if in_sums(state, p, value) and p.id in table.raisable]
    for parts in _subsets(small):
        fixed = counts_of([card.value, *(p.value for p in parts)])
        inside = card.value + sum(p.value for p in parts)
        joined = [(ids | {p.id for p in parts}, n) for ids, n in choices]
        for options, total in table.sets(value, fixed):
            sets = (total + inside) // value
            for ids, n in joined:
                if sets + n >= 2:
                    for cards in options:
                        yield _move(Move, (seat, card, "declare", cards, ids, value, True, (), False))
