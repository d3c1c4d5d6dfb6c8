"""Memoised sum arithmetic over loose numerals, shared by checking and generating.

Only the values of loose numerals matter to a sum, so a set of cards is reduced
to a count vector ``counts[v]`` = how many cards of value ``v`` (index 0 unused,
1-10).  Whether such a multiset splits into disjoint sets each totalling a
target is a pure function of the vector and target, cached across calls; a
table never holds more than four cards of a value, so the vectors seen in play
are few.  Generation enumerates the count vectors that qualify, then expands
each one into concrete cards (the suits chosen freely within a value).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations, product

from dln.cards import Card

Counts = tuple[int, ...]
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


def add_counts(a: Counts, b: Counts) -> Counts:
    """The count vector of two collections put together."""
    return tuple(x + y for x, y in zip(a, b, strict=True))


@lru_cache(maxsize=1 << 14)
def splittable_counts(available: Counts, target: int, fixed: Counts = ZERO) -> tuple[Counts, ...]:
    """Every sub-multiset of ``available`` that, with the values counted in ``fixed``
    (which must be used), splits into sets each totalling ``target``; the empty one
    included when it qualifies.

    ``fixed`` holds the played card when it sits in a group's set (pagat, Group
    Declarations) and, under liberal_declarations, the plain declarations chosen to
    act as single cards (pagat, Use of Plain Declarations).
    """
    found: list[Counts] = []
    top = min(target, 10)
    if any(fixed[top + 1:]):
        return ()
    chosen = list(fixed)
    base = sum(v * k for v, k in enumerate(fixed))

    def walk(v: int, total: int) -> None:
        if v > top:
            if total % target == 0 and _can_partition(tuple(chosen), target):
                found.append(tuple(k - f for k, f in zip(chosen, fixed, strict=True)))
            return
        for k in range(available[v] + 1):
            chosen[v] = fixed[v] + k
            walk(v + 1, total + k * v)
        chosen[v] = fixed[v]

    walk(1, base)
    return tuple(found)


@lru_cache(maxsize=1 << 12)
def maximal_counts(available: Counts, target: int) -> frozenset[Counts]:
    """The sub-multisets of ``available`` splitting into sets totalling ``target`` that
    no larger such sub-multiset contains.

    pagat, Forced Capture: a capture may not leave on the table anything the card
    could have taken together with what it took, so what it takes must be one of
    these (not necessarily the largest: from A, 3, 4, 5, 9 a 9 may take A+3+5 and 9,
    or 4+5 and 9).  Holds only the empty multiset when nothing can be taken.
    """
    found = splittable_counts(available, target)
    return frozenset(
        c for c in found
        if not any(o != c and all(x >= y for x, y in zip(o, c, strict=True)) for o in found)
    )


@lru_cache(maxsize=1 << 14)
def totalling_counts(available: Counts, total: int) -> tuple[Counts, ...]:
    """Every non-empty sub-multiset of ``available`` whose values add up to ``total``."""
    found: list[Counts] = []
    chosen = [0] * 11

    def walk(v: int, left: int) -> None:
        if not left:
            found.append(tuple(chosen))
            return
        if v > min(left, 10):
            return
        for k in range(min(available[v], left // v) + 1):
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
    for parts in product(*choices):
        yield tuple(c for part in parts for c in part)


def first(groups: tuple[tuple[Card, ...], ...], counts: Counts) -> tuple[tuple[Card, ...]]:
    """The one choice of :func:`expand` taking the cards first in table order."""
    return (tuple(c for v, k in enumerate(counts) if k for c in groups[v][:k]),)
