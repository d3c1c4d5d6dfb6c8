"""The whole-table sum arithmetic of ``dln.engine.sums`` agrees with testing each sub-multiset alone."""

from __future__ import annotations

from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from dln.engine.sums import (
    ZERO,
    Counts,
    covers,
    maximal_counts,
    pack,
    split_members,
    splits,
    splittable,
    unpack,
)


def _counts(spread: dict[int, int]) -> Counts:
    return tuple(spread.get(v, 0) for v in range(11))


# Tables of up to five distinct values (at most 5**5 sub-multisets for the reference to walk).
tables = st.dictionaries(st.integers(1, 10), st.integers(1, 4), max_size=5).map(_counts)
targets = st.integers(1, 10)
# Cards that must be used: the played card in a group, plain declarations acting as cards.
fixeds = st.dictionaries(st.integers(1, 10), st.integers(1, 2), max_size=3).map(_counts)


def reference(available: Counts, target: int, fixed: Counts) -> tuple[Counts, ...]:
    """Every sub-multiset of ``available`` (values up to the target) tested on its own with ``splits``,
    in the order of the count tuples: how the listing found them before."""
    top = min(target, 10)
    found = []
    for chosen in product(*(range(available[v] + 1) for v in range(1, top + 1))):
        counts = (0, *chosen, *ZERO[top + 1:])
        values = [v for v in range(1, 11) for _ in range(counts[v] + fixed[v])]
        if splits(values, target):
            found.append(counts)
    return tuple(found)


@given(tables, targets, fixeds)
def test_splittable_is_every_sub_multiset_that_splits(available: Counts, target: int, fixed: Counts) -> None:
    members = splittable(available, target, fixed).members()
    assert tuple(unpack(code) for code, _ in members) == reference(available, target, fixed)


@given(tables, targets, fixeds)
def test_splittable_pairs_each_member_with_its_total(available: Counts, target: int, fixed: Counts) -> None:
    members = splittable(available, target, fixed).members()
    assert all(total == sum(v * k for v, k in enumerate(unpack(code))) for code, total in members)


@given(tables, targets, fixeds)
def test_split_members_of_a_small_table_grown_one_set_at_a_time(available: Counts, target: int, fixed: Counts) -> None:
    """A table of up to ten cards has its members grown set by set, a larger one read from the bits of a
    box: both are every sub-multiset that splits, in order, each with its total."""
    codes, totals = split_members(available, target, fixed)
    assert tuple(map(unpack, codes)) == reference(available, target, fixed)
    assert list(totals) == [sum(v * k for v, k in enumerate(unpack(code))) for code in codes]


@given(tables, targets)
def test_maximal_counts_are_the_ones_no_other_contains(available: Counts, target: int) -> None:
    found = reference(available, target, ZERO)
    maximal = {c for c in found
               if not any(o != c and all(x >= y for x, y in zip(o, c, strict=True)) for o in found)}
    assert maximal_counts(available, target) == maximal


@given(tables, tables)
def test_packed_counts(a: Counts, b: Counts) -> None:
    assert unpack(pack(a)) == a
    assert covers(pack(a), pack(b)) == all(x >= y for x, y in zip(a, b, strict=True))
    assert (pack(a) < pack(b)) == (a < b)
