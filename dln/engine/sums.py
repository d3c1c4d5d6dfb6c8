"""Memoised sum arithmetic over loose numerals, shared by checking and generating.

Only the values of loose numerals matter to a sum, so a set of cards is reduced
to a count vector ``counts[v]`` = how many cards of value ``v`` (index 0 unused,
1-10).  Whether such a multiset splits into disjoint sets each totalling a
target is a pure function of the vector and target, cached across calls; a
table never holds more than four cards of a value, so the vectors seen in play
are few.  That is how ``check`` asks (:func:`splits`).  Generation needs every
count vector of a table that qualifies, which :func:`splittable` finds for the
whole table at once (a set of sub-multisets is the bits of one int, see the
last section), then expands each one into concrete cards (the suits chosen
freely within a value).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import chain, combinations, compress, product
from typing import NamedTuple, TypeVar

from dln.cards import Card

Counts = tuple[int, ...]
T = TypeVar("T")
#: The count vector of nothing.
ZERO: Counts = (0,) * 11


def counts_of(values: Iterable[int]) -> Counts:
    """Count vector of a collection of values 1-10."""
    counts = [0] * 11
    for v in values:
        counts[v] += 1
    return tuple(counts)


def splits(values: Iterable[int], target: int) -> bool:
    """True if ``values`` split into disjoint sets each totalling ``target``.

    An empty collection splits trivially.  This is the single test behind
    "these loose cards can be captured by a card of value ``target``" (pagat,
    The Play, items 1-2) and "these cards form components of a group of
    ``target``" (pagat, Group Declarations).
    """
    counts = [0] * 11
    total = 0
    for v in values:
        if v > target or v < 1:
            return False
        counts[v] += 1
        total += v
    if total % target:
        return False
    if total == target:  # one set, or none: nothing to partition
        return True
    return _can_partition(tuple(counts), target)


@lru_cache(maxsize=1 << 16)
def _can_partition(counts: Counts, target: int) -> bool:
    top = 10
    while top and not counts[top]:
        top -= 1
    if not top:
        return True
    if top > target:
        return False
    rest = list(counts)
    rest[top] -= 1
    need = target - top
    if not need:
        return _can_partition(tuple(rest), target)
    return _fill(rest, min(top, need), need, target)


def _fill(rest: list[int], high: int, need: int, target: int) -> bool:
    """Complete the current set with values <= ``high`` totalling ``need``, then recurse.

    Values are chosen in non-increasing order, so each multiset is tried once.
    """
    for v in range(high, 0, -1):
        if rest[v]:
            rest[v] -= 1
            # Either the set is complete (partition what is left) or keep filling it
            # with values no larger than v.
            ok = (_can_partition(tuple(rest), target) if v == need
                  else _fill(rest, min(v, need - v), need - v, target))
            rest[v] += 1
            if ok:
                return True
    return False


#: ``UNIT[v]``: the count vector of one card of value ``v`` (1-10).
UNIT: tuple[Counts, ...] = tuple(tuple(int(i == v) for i in range(11)) for v in range(11))


@lru_cache(maxsize=1 << 12)
def maximal_counts(available: Counts, target: int) -> frozenset[Counts]:
    """The sub-multisets of ``available`` splitting into sets totalling ``target`` that
    no larger such sub-multiset contains.

    pagat, Forced Capture: a capture may not leave on the table anything the card
    could have taken together with what it took, so what it takes must be one of
    these (not necessarily the largest: from A, 3, 4, 5, 9 a 9 may take A+3+5 and 9,
    or 4+5 and 9).  Holds only the empty multiset when nothing can be taken.
    """
    # A card of the target's value is a set alone, so every maximal taking holds them all:
    # leave them out of the search (tables with and without them then share it).
    whole = available[target]
    bound = _bounded(available, target)
    if whole:
        bound = (*bound[:target], 0, *bound[target + 1:])
    box = _box(bound)
    found = _splitting(bound, target)
    # Everything at or below a member, closed one value at a time; a member is maximal
    # unless it lies there with one more card of some value.
    some = {v: box.full & ~box.below[v][0] for v in box.stride}  # at least one card of v
    below = found
    for v, stride in box.stride.items():
        for _ in range(bound[v]):
            below |= (below & some[v]) >> stride
    inside = 0
    for v, stride in box.stride.items():
        inside |= (below & some[v]) >> stride
    flags = format(found & ~inside, "b")[::-1].encode().translate(_FLAGS)
    extra = whole * PACKED_UNIT[target] if whole else 0
    return frozenset(unpack(code + extra) for code, _ in Selection(box, flags).members())


def totalling_counts(available: Counts, total: int) -> tuple[Counts, ...]:
    """Every non-empty sub-multiset of ``available`` whose values add up to ``total``."""
    # Cards worth more than the total play no part: without them the same question recurs more often.
    return _totalling(_bounded(available, total), total) if 0 < total <= 10 else _totalling(available, total)


@lru_cache(maxsize=1 << 14)
def _totalling(available: Counts, total: int) -> tuple[Counts, ...]:
    found: list[Counts] = []
    chosen = [0] * 11

    def walk(v: int, left: int) -> None:
        if not left:
            found.append(tuple(chosen))
            return
        if v > left or v > 10:
            return
        most, fits = available[v], left // v
        for k in range((most if most < fits else fits) + 1):
            chosen[v] = k
            walk(v + 1, left - k * v)
        chosen[v] = 0

    if total > 0:
        walk(1, total)
    return tuple(found)


def group_by_value(cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """Loose numerals grouped by value (index = value), each group in table order."""
    groups: list[list[Card]] = [[] for _ in range(11)]
    for c in cards:
        groups[c.value].append(c)
    return tuple(tuple(g) for g in groups)


def expand(groups: tuple[tuple[Card, ...], ...], counts: Counts) -> Iterator[tuple[Card, ...]]:
    """Every concrete choice of cards with exactly ``counts[v]`` cards of each value."""
    choices = [combinations(groups[v], k) for v, k in enumerate(counts) if k]
    if len(choices) == 1:  # one value: its combinations are the choices (dln moves --all writes millions)
        yield from choices[0]
        return
    for parts in product(*choices):
        yield tuple(chain.from_iterable(parts))


def first(groups: tuple[tuple[Card, ...], ...], counts: Counts) -> tuple[tuple[Card, ...]]:
    """The one choice of :func:`expand` taking the cards first in table order."""
    return (tuple(c for v, k in enumerate(counts) if k for c in groups[v][:k]),)


# --------------------------------------------------------------------------
# Every splitting sub-multiset of a table at once
# --------------------------------------------------------------------------
#
# Listing moves needs, for one table and one target, every sub-multiset of the
# loose numerals that splits into sets totalling the target: about 300 of the
# 3,125 sub-multisets of twenty aces to fives, for each of five targets and for
# each card that may sit in a set.  Testing them one by one costs microseconds
# each.  Instead the sub-multisets of the table are numbered (a mixed-radix
# number, one digit per value present) and a set of them is one Python int, bit
# ``i`` standing for sub-multiset ``i``; adding a multiset ``s`` to every member
# that has room for it is one mask and one shift.  The sub-multisets that split
# are the closure of the empty one under adding the multisets that total the
# target (:func:`_splitting`), a few dozen operations on ints of a few thousand
# bits.

#: A count vector packed into an int: the count of value ``v`` in byte ``10 - v``,
#: so that packed order is the order of the count tuples.  Counts stay below 128.
Packed = int
#: The top bit of every byte, for :func:`covers`.
_GUARD = int.from_bytes(bytes([0x80] * 11), "big")
#: Turns the digits of ``format(bits, "b")`` into bytes 0 and 1 for ``itertools.compress``.
_FLAGS = bytes.maketrans(b"01", b"\x00\x01")
#: Boxes this large list their members' codes and totals lazily rather than in a table.
_TABLED = 1 << 15


def pack(counts: Counts) -> Packed:
    """The count vector as one int (see :data:`Packed`)."""
    return int.from_bytes(bytes(counts), "big")


def unpack(code: Packed) -> Counts:
    """The count vector of a packed one."""
    return tuple(code.to_bytes(11, "big"))


#: ``PACKED_UNIT[v]``: one card of value ``v``, packed.
PACKED_UNIT: tuple[Packed, ...] = tuple(pack(u) for u in UNIT)


def covers(big: Packed, small: Packed) -> bool:
    """True if ``big`` has at least as many cards of every value as ``small``."""
    return ((big | _GUARD) - small) & _GUARD == _GUARD


def _bounded(available: Counts, target: int) -> Counts:
    """``available`` without the values a set totalling ``target`` cannot hold."""
    return available[:target + 1] + ZERO[target + 1:]  # index 0 is always 0


def _every(period: int, size: int) -> int:
    """The int with bit 0 of each ``period`` bits set, over ``size`` bits (a multiple of ``period``).

    Equal to ``(1 << size) - 1) // ((1 << period) - 1)``, built by doubling:
    the division of ints of millions of bits takes seconds on a crowded table.
    """
    found, placed = 0, 0
    block, copies = 1, 1
    count = size // period
    while count:
        if count & 1:
            found |= block << placed * period
            placed += copies
        block |= block << copies * period
        copies *= 2
        count >>= 1
    return found


class Box:
    """The sub-multisets of ``bound``, numbered in the order of their count tuples: a set of
    them is the bits of one int.

    A member's number has one digit per value present, the lowest value most
    significant, each digit running over 0..``bound[v]``.  ``below[v][k]`` holds
    the members with at most ``k`` cards of value ``v``.
    """

    __slots__ = ("_codes", "_totals", "below", "bound", "full", "size", "stride")

    def __init__(self, bound: Counts) -> None:
        self.bound = bound
        self.stride: dict[int, int] = {}
        size = 1
        for v in range(10, 0, -1):
            if bound[v]:
                self.stride[v] = size
                size *= bound[v] + 1
        self.size = size
        self.full = (1 << size) - 1
        self.below: dict[int, list[int]] = {}
        for v, stride in self.stride.items():
            period = stride * (bound[v] + 1)
            every = _every(period, size)  # bit 0 of each period
            # ((1 << stride * (k + 1)) - 1) * every, by a shift and a subtraction: linear in the bits
            self.below[v] = [(every << stride * (k + 1)) - every for k in range(bound[v] + 1)]
        self._codes: list[Packed] | None = None
        self._totals: list[int] | None = None

    def adder(self, counts: Counts) -> tuple[int, int]:
        """(shift, mask) adding ``counts`` (within the bound) to the members with room for it."""
        shift, mask = 0, self.full
        for v, stride in self.stride.items():
            if counts[v]:
                shift += counts[v] * stride
                mask &= self.below[v][self.bound[v] - counts[v]]
        return shift, mask

    def tabulate(self, part: Callable[[int, int], frozenset[T]]) -> list[frozenset[T]]:
        """For each member in order, the union of ``part(v, k)`` for its ``k`` cards of each value ``v``
        (built a value at a time, so each union is of two sets already hashed)."""
        found: list[frozenset[T]] = [frozenset()]
        for v in sorted(self.stride):  # the most significant digit first
            parts = [part(v, k) for k in range(self.bound[v] + 1)]
            found = [f | p for f in found for p in parts]
        return found

    def codes(self) -> list[Packed]:
        """Each member packed, in order (built once)."""
        if self._codes is None:
            self._tables()
        return self._codes  # type: ignore[return-value]

    def totals(self) -> list[int]:
        """The total of each member's values, in order (built once)."""
        if self._totals is None:
            self._tables()
        return self._totals  # type: ignore[return-value]

    def _tables(self) -> None:
        codes, totals = [0], [0]
        for v in sorted(self.stride):
            step, digits = PACKED_UNIT[v], range(self.bound[v] + 1)
            codes = [c + k * step for c in codes for k in digits]
            totals = [t + k * v for t in totals for k in digits]
        self._codes, self._totals = codes, totals

    def member(self, i: int) -> tuple[Packed, int]:
        """Member ``i`` packed, with the total of its values."""
        code = total = 0
        for v, stride in self.stride.items():
            k = i // stride % (self.bound[v] + 1)
            code += k * PACKED_UNIT[v]
            total += k * v
        return code, total


class Selection(NamedTuple):
    """Some members of a :class:`Box`: byte ``i`` of ``flags`` is 1 when member ``i`` is one."""

    box: Box
    flags: bytes

    def members(self) -> tuple[tuple[Packed, int], ...]:
        """The members, in order, each packed with the total of its values."""
        if self.box.size > _TABLED:  # rather than a table of every member
            return tuple(map(self.box.member, compress(range(len(self.flags)), self.flags)))
        return tuple(zip(compress(self.box.codes(), self.flags), compress(self.box.totals(), self.flags),
                         strict=True))

    def iter_members(self) -> Iterator[tuple[Packed, int]]:
        """:meth:`members`, made one at a time (a crowded table's box has millions of members)."""
        if self.box.size > _TABLED:
            return map(self.box.member, compress(range(len(self.flags)), self.flags))
        return iter(self.members())

    def pick(self, table: Iterable[T]) -> Iterator[T]:
        """The items of a table of every member (in order) that stand for members of the selection."""
        return compress(table, self.flags)


@lru_cache(maxsize=64)
def _box(bound: Counts) -> Box:
    return Box(bound)


@lru_cache(maxsize=1 << 10)
def _adders(bound: Counts, total: int) -> tuple[tuple[int, int], ...]:
    """:meth:`Box.adder` of every sub-multiset of ``bound`` totalling ``total``."""
    box = _box(bound)
    return tuple(box.adder(c) for c in totalling_counts(bound, total))


@lru_cache(maxsize=1 << 10)
def _splitting(bound: Counts, target: int) -> int:
    """The members of ``_box(bound)`` that split into sets totalling ``target`` (values <= target)."""
    adders = _adders(bound, target)
    found = new = 1  # the empty multiset
    while new:  # add one more set to the members found last, until nothing new appears
        grown = 0
        for shift, mask in adders:
            grown |= (new & mask) << shift
        new = grown & ~found
        found |= new
    return found


@lru_cache(maxsize=1 << 10)
def _completing(bound: Counts, target: int, gaps: tuple[int, ...]) -> int:
    """The members that split into sets totalling ``target`` plus one set totalling each of ``gaps``."""
    if not gaps:
        return _splitting(bound, target)
    rest = _completing(bound, target, gaps[1:])
    bits = 0
    for shift, mask in _adders(bound, gaps[0]):
        bits |= (rest & mask) << shift
    return bits


@lru_cache(maxsize=256)
def _gaps(items: tuple[int, ...], target: int) -> tuple[tuple[int, ...], ...]:
    """Each way to share ``items`` (values below ``target``) among sets totalling ``target``:
    what the sets holding them still need from loose cards, in order (a full set needs nothing)."""
    found: set[tuple[int, ...]] = set()

    def place(i: int, sums: tuple[int, ...]) -> None:
        if i == len(items):
            found.add(tuple(sorted(target - s for s in sums if s < target)))
            return
        v = items[i]
        for j, s in enumerate(sums):
            if s + v <= target:
                place(i + 1, (*sums[:j], s + v, *sums[j + 1:]))
        place(i + 1, (*sums, v))

    place(0, ())
    return tuple(sorted(found))


def _question(available: Counts, target: int, fixed: Counts) -> tuple[Counts, int, tuple[int, ...]] | None:
    """What :func:`splittable` asks, reduced to what decides it: the available values up to the
    target, and the fixed cards worth less (None: a fixed card is worth more, nothing splits)."""
    if fixed is ZERO:  # most questions: a capture's
        return _bounded(available, target), target, ()
    if any(fixed[target + 1:]):
        return None
    # A fixed card of the target's value is a set on its own and changes nothing.
    items: list[int] = []
    for v in range(target - 1, 0, -1):
        if fixed[v]:
            items += [v] * fixed[v]
    return _bounded(available, target), target, tuple(items)


def splittable(available: Counts, target: int, fixed: Counts = ZERO) -> Selection:
    """Every sub-multiset of ``available`` that, with the values counted in ``fixed``
    (which must be used), splits into sets each totalling ``target``; the empty one
    included when it qualifies: a :class:`Selection`, whose members come in the order
    of the count tuples, packed, with their totals, as move listing uses them.

    ``fixed`` holds the played card when it sits in a group's set (pagat, Group
    Declarations) and, under liberal_declarations, the plain declarations chosen to
    act as single cards (pagat, Use of Plain Declarations).
    """
    question = _question(available, target, fixed)
    return Selection(_box(ZERO), b"") if question is None else _selection(*question)


def split_members(available: Counts, target: int, fixed: Counts = ZERO) -> tuple[tuple[Packed, ...], tuple[int, ...]]:
    """The members of :func:`splittable` packed, and the totals of their values, in order: one
    cached lookup for a listing that takes them all (the questions of small tables recur)."""
    question = _question(available, target, fixed)
    return ((), ()) if question is None else _members(*question)


#: A table of at most this many cards (values up to the target) has its splitting sub-multisets
#: found one by one (:func:`_closure`); a larger one through the bits of a :class:`Box`.
_FEW_CARDS = 10


@lru_cache(maxsize=1 << 12)
def _members(bound: Counts, target: int, items: tuple[int, ...]) -> tuple[tuple[Packed, ...], tuple[int, ...]]:
    if sum(bound) <= _FEW_CARDS:
        found = _closure(bound, target, items)
        codes = sorted(found)  # packed order is the order of the count tuples
        return tuple(codes), tuple(map(found.__getitem__, codes))
    members = _selection(bound, target, items).members()
    return tuple(code for code, _ in members), tuple(total for _, total in members)


def totalling_codes(available: Counts, total: int) -> tuple[Packed, ...]:
    """:func:`totalling_counts`, packed: the sets of loose cards a declaration or a member may gain."""
    if 0 < total <= 10:
        return _totalling_codes(_bounded(available, total), total)
    return tuple(map(pack, totalling_counts(available, total)))


@lru_cache(maxsize=1 << 14)
def _totalling_codes(bound: Counts, total: int) -> tuple[Packed, ...]:
    return tuple(map(pack, _totalling(bound, total)))


def _closure(bound: Counts, target: int, items: tuple[int, ...]) -> dict[Packed, int]:
    """The sub-multisets of ``bound`` that split into sets totalling ``target`` together with
    ``items``, packed, each with the total of its values: :func:`_completing` one member at a time.

    On a small table a question is asked too seldom for the set of every member that a
    :class:`Box` holds in bits to pay for building it: here the members are grown from the
    empty one by adding one set at a time, then one set completing each item's set.
    """
    limit = pack(bound)
    whole = totalling_codes(bound, target)
    found = {0: 0}
    grown = [0]
    while grown:
        last, grown = grown, []
        for member in last:
            total = found[member] + target
            for add in whole:
                bigger = member + add
                if bigger not in found and covers(limit, bigger):
                    found[bigger] = total
                    grown.append(bigger)
    if not items:
        return found
    completed: dict[Packed, int] = {}
    for gaps in _gaps(items, target):
        layer = found
        for gap in gaps:
            layer = {member + add: total + gap for member, total in layer.items()
                     for add in totalling_codes(bound, gap) if covers(limit, member + add)}
        completed.update(layer)
    return completed


# Only crowded tables come here now (a small one's question is :func:`_members`'), and each
# selection keeps its box, with the box's tables, alive: a thousand of them, not four.
@lru_cache(maxsize=1 << 10)
def _selection(bound: Counts, target: int, items: tuple[int, ...]) -> Selection:
    bits = 0
    for gaps in _gaps(items, target):
        bits |= _completing(bound, target, gaps)
    return Selection(_box(bound), format(bits, "b")[::-1].encode().translate(_FLAGS))
