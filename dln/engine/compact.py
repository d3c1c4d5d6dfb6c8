"""Diloti in small integers, for the search's playouts: the same rules, listing and greedy player as the
rules engine, several times faster.

A playout plays a sampled world on to the next deal or the round's end with
the greedy player (:func:`dln.analysis.search.rollout_move`), millions of
moves per analysis; on :class:`~dln.engine.play.LiveRound` most of a step is
building :class:`~dln.engine.state.Move` objects and frozensets of cards for
:func:`~dln.engine.listing.legal_moves`, then asking the greedy player about
each.  Here a position is a :class:`CompactRound`: cards are ints (their
:attr:`~dln.cards.Card.index`), the loose numerals lie sorted by value so that
a choice of them is a bitmask, and what a table of those values offers
(captures, sums, groups: :class:`TableSets`, from :mod:`dln.engine.sums`) is
worked out once for every table with the same values.  :func:`listing` gives
every legal move with its greedy key, computed as it is listed.

It covers what playouts need most: two players, every hand known, the
standard rules and the xeri house rules (first-card-xeri, no-last-card-xeri);
:meth:`CompactRound.of` returns None for any other position, and the search
plays that one on the rules engine.  ``tests/engine/test_compact.py`` holds it
to the rules engine move for move: the same legal moves, the same greedy keys
(:func:`dln.engine.selfplay.greedy_keys`), the same position after each move,
the same points and estimate.
"""

from __future__ import annotations

import math
import random
from bisect import insort
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from itertools import combinations, product
from operator import itemgetter

from dln.cards import DECK, Card

from .scoring import GOOD_TEN, GOOD_TWO, MOST_CARDS_POINTS, XERI_POINTS, card_points
from .state import Move, Position, Seat
from .sums import UNIT, split_members, splits, totalling_codes, unpack

__all__ = ["CompactMove", "CompactRound", "after", "choose", "covers", "estimate", "expected_points", "hands_empty",
           "listing", "mover", "play", "playout", "points", "solver_key", "solver_moves", "to_move"]

#: Per card index: rank, pip value (face cards 0) and points (aces and the 2 of clubs 1, the 10 of diamonds 2).
RANK = [c.rank for c in DECK]
VALUE = [c.value for c in DECK]
POINTS = [card_points((c,)) for c in DECK]
#: Per card index: its class for the exact solver, the rank apart for the 10 of diamonds and the 2 of clubs
#: (cards of one class play and score alike: :meth:`dln.games.diloti.Diloti.solver_key`).
CLASS = [2 * c.rank + (c in (GOOD_TEN, GOOD_TWO)) for c in DECK]
#: One card of each class in a count of classes, three bits a class (four cards of a class at most).
_CLASS_UNIT = [1 << (3 * k) for k in CLASS]
#: Sort key of loose numerals: by value, then index.
_BY_VALUE = [VALUE[i] * 64 + i for i in range(52)]
#: A table's values as one int, four bits a value: one card of value v adds ``_UNIT4[v]``.
_UNIT4 = [1 << (4 * v) for v in range(11)]
_CARD4 = [_UNIT4[VALUE[i]] if VALUE[i] else 0 for i in range(52)]
SEATS: tuple[Seat, Seat] = ("N", "S")
LAY, CAPTURE, DECLARE = 0, 1, 2
_KINDS = ("lay", "capture", "declare")
#: Deals of a two-player round.
DEALS = 4
#: A move: (kind, card, loose mask, pile mask, value, group, xeri, face card taken or -1).  The masks are
#: bits over positions in :attr:`CompactRound.loose` and :attr:`CompactRound.piles`.
CompactMove = tuple[int, int, int, int, "int | None", bool, bool, int]
#: A declaration: (id, value, group, owner 0/1 or -1, cards, number of cards, points of its cards).
CompactPile = tuple[int, int, bool, int, tuple[int, ...], int, int]


def _bits(mask: int) -> Iterator[int]:
    i = 0
    while mask:
        if mask & 1:
            yield i
        mask >>= 1
        i += 1


class TableSets:
    """What loose numerals of these values (sorted) offer a card, made as first asked: every choice of them
    as a bitmask over their positions, with its values packed four bits a value."""

    __slots__ = ("_captures", "_choices", "_groups", "_sums", "avail", "start", "totals")

    def __init__(self, values: Sequence[int]) -> None:
        avail = [0] * 11
        start = [0] * 11
        totals = 1  # bit t: some of the cards total t
        for i, v in enumerate(values):
            if not avail[v]:
                start[v] = i
            avail[v] += 1
            totals |= totals << v
        self.avail = tuple(avail)
        self.totals = totals
        self.start = start
        self._captures: dict[int, list[tuple[int, int, int, int]]] = {}
        self._sums: dict[int, list[tuple[int, int]]] = {}
        self._groups: dict[int, list[tuple[int, int, int]]] = {}
        self._choices: dict[tuple[int, int], list[int]] = {}

    def _masks(self, counts: Sequence[int]) -> list[int]:
        """Every choice of suits (a position mask) of a count vector."""
        parts = []
        for v in range(1, 11):
            k = counts[v]
            if k:
                masks = self._choices.get((v, k))
                if masks is None:
                    s = self.start[v]
                    masks = self._choices[v, k] = [sum(1 << p for p in chosen)
                                                   for chosen in combinations(range(s, s + self.avail[v]), k)]
                parts.append(masks)
        if not parts:
            return [0]
        if len(parts) == 1:
            return parts[0]
        return [sum(ps) for ps in product(*parts)]

    def captures(self, target: int) -> list[tuple[int, int, int, int]]:
        """Choices that split into sets totalling ``target``, none included: (mask, values, cards, total)."""
        found = self._captures.get(target)
        if found is None:
            found = self._captures[target] = []
            codes, totals = split_members(self.avail, target)
            for code, total in zip(codes, totals, strict=True):
                counts = unpack(code)
                values = sum(k * _UNIT4[v] for v, k in enumerate(counts))
                cards = sum(counts)
                found += [(m, values, cards, total) for m in self._masks(counts)]
        return found

    def sums(self, total: int) -> list[tuple[int, int]]:
        """Choices of one card or more totalling ``total``: (mask, values)."""
        found = self._sums.get(total)
        if found is None:
            found = self._sums[total] = []
            for code in totalling_codes(self.avail, total):
                counts = unpack(code)
                values = sum(k * _UNIT4[v] for v, k in enumerate(counts))
                found += [(m, values) for m in self._masks(counts)]
        return found

    def groups(self, value: int, card: int) -> list[tuple[int, int, int]]:
        """Choices that with a card of value ``card`` split into sets totalling ``value``: (mask, values,
        sets)."""
        key = value * 16 + card
        found = self._groups.get(key)
        if found is None:
            found = self._groups[key] = []
            codes, totals = split_members(self.avail, value, UNIT[card])
            for code, total in zip(codes, totals, strict=True):
                counts = unpack(code)
                values = sum(k * _UNIT4[v] for v, k in enumerate(counts))
                found += [(m, values, (total + card) // value) for m in self._masks(counts)]
        return found

    def groups_alone(self, value: int, card: int) -> list[tuple[int, int, int]]:
        """:meth:`groups` of two sets or more (a group joining no declaration)."""
        key = -(value * 16 + card)
        found = self._groups.get(key)
        if found is None:
            found = self._groups[key] = [g for g in self.groups(value, card) if g[2] >= 2]
        return found


#: What each table of loose numerals offers, by its values, and whether one card sweeps a table with
#: declarations all worth one value; started afresh past their bounds, so that memory does not grow with the
#: positions analysed (an analysis of three rounds asks of about 2,400 tables and 5,200 sweeps).
_TABLES: dict[int, TableSets] = {}
_TABLES_KEPT = 20_000
_SWEEPABLE: dict[int, bool] = {}
_SWEEPABLE_KEPT = 200_000


def _table(values: int, loose: Sequence[int]) -> TableSets:
    found = _TABLES.get(values)
    if found is None:
        if len(_TABLES) > _TABLES_KEPT:
            _TABLES.clear()
        found = _TABLES[values] = TableSets([VALUE[c] for c in loose])
    return found


def sweepable(values: int, piles: int) -> bool:
    """Whether one card takes a table of loose numerals of ``values`` (packed; no face card) and declarations
    all worth ``piles`` (0: none) whole: :func:`dln.engine.predicates.sweepers` under the standard rules."""
    key = values * 16 + piles
    found = _SWEEPABLE.get(key)
    if found is None:
        cards = [v for v in range(1, 11) for _ in range((values >> (4 * v)) & 15)]
        if piles:
            found = (not cards or max(cards) <= piles) and splits(cards, piles)
        else:
            found = bool(cards) and any(splits(cards, v) for v in range(max(cards), 11))
        if len(_SWEEPABLE) > _SWEEPABLE_KEPT:
            _SWEEPABLE.clear()
        _SWEEPABLE[key] = found
    return found


class CompactRound:
    """A two-player Diloti position with every hand known, played in place."""

    __slots__ = ("captured", "deal", "faces", "first_card_xeri", "gone", "hands", "last_capturer", "leader",
                 "loose", "next_pile_id", "no_last_card_xeri", "piles", "played", "points", "setup", "turn",
                 "values", "xeris")

    hands: list[list[int]]
    #: Loose numerals by value; ``values``: their values packed four bits a value; ``faces``: loose face cards.
    loose: list[int]
    values: int
    faces: list[int]
    piles: list[CompactPile]
    #: Each side's captured cards (a count) and their points.
    captured: list[int]
    points: list[int]
    xeris: list[int]
    last_capturer: int | None
    turn: int
    leader: int
    played: int
    setup: bool
    next_pile_id: int
    deal: int
    gone: int
    first_card_xeri: bool
    no_last_card_xeri: bool

    @classmethod
    def of(cls, state: Position) -> CompactRound | None:
        """``state`` in small integers, or None where this module does not play it (:func:`covers`)."""
        if not covers(state) or any(hand.unknown for hand in state.hands):
            return None
        st = cls.__new__(cls)
        st.hands = [sorted(c.index for c in hand.known) for hand in state.hands]  # sorted: whatever the hash seed
        st.loose = sorted((c.index for c in state.loose if not c.is_face), key=_BY_VALUE.__getitem__)
        st.values = sum(_CARD4[c] for c in st.loose)
        st.faces = [c.index for c in state.loose if c.is_face]
        st.piles = [(p.id, p.value, p.group, -1 if p.owner is None else SEATS.index(p.owner),
                     tuple(c.index for c in p.cards), len(p.cards), sum(POINTS[c.index] for c in p.cards))
                    for p in state.piles]
        st.captured = [len(pile) for pile in state.captured]
        st.points = [sum(POINTS[c.index] for c in pile) for pile in state.captured]
        st.xeris = list(state.xeris)
        st.last_capturer = None if state.last_capturer is None else SEATS.index(state.last_capturer)
        st.turn = SEATS.index(state.turn)
        st.leader = SEATS.index(state.leader)
        st.played, st.setup, st.next_pile_id, st.deal = state.played, state.setup, state.next_pile_id, state.deal
        st.gone = len(state.gone)
        st.first_card_xeri, st.no_last_card_xeri = state.rules.first_card_xeri, state.rules.no_last_card_xeri
        return st


def covers(state: Position) -> bool:
    """Whether this module plays positions of ``state``'s round once every hand is known: two players, the
    standard rules or the xeri house rules (no other house rule changes what is legal here)."""
    rules = state.rules
    return state.seats == SEATS and not (rules.forced_capture or rules.liberal_declarations or rules.soy
                                         or rules.three_face_cards or rules.face_card_redeal
                                         or rules.face_card_redeal_any)


def _xeri_scores(st: CompactRound) -> bool:
    """A capture clearing the table now scores (:func:`dln.engine.predicates.xeri_rule_blocker` is None)."""
    if not (st.played or st.setup or st.first_card_xeri):
        return False
    return not (st.no_last_card_xeri and st.deal >= DEALS and len(st.hands[0]) + len(st.hands[1]) == 1)


def to_move(st: CompactRound, move: CompactMove) -> Move:
    """The rules engine's :class:`Move` of ``move`` in ``st``."""
    kind, card, mask, piles, value, group, xeri, face = move
    loose = frozenset((DECK[face],)) if face >= 0 else frozenset(DECK[st.loose[i]] for i in _bits(mask))
    ids = frozenset(st.piles[i][0] for i in _bits(piles))
    return Move(SEATS[st.turn], DECK[card], _KINDS[kind], loose, ids, value, group, (), xeri)


def listing(st: CompactRound) -> list[tuple[int, CompactMove]]:
    """Every legal move of the seat to move (:func:`~dln.engine.listing.legal_moves`), each with its greedy
    key: ``2 * key + declares`` of :func:`dln.engine.selfplay.greedy_keys`' (key, declares)."""
    s = st.turn
    hand = st.hands[s]
    last = len(st.hands[0]) + len(st.hands[1]) == 1  # the move plays the round's or deal's last card
    xeri_ok = _xeri_scores(st)
    loose, faces, piles, values = st.loose, st.faces, st.piles, st.values
    n_faces, n_loose, n_piles = len(faces), len(loose), len(piles)
    full = (1 << n_loose) - 1
    owned, owned_value = -1, 0
    held = [0] * 11
    for c in hand:
        held[VALUE[c]] += 1
    if n_loose:
        table: TableSets | None = _TABLES.get(values) or _table(values, loose)
        totals = table.totals
    else:
        table, totals = None, 1
    ones = -1  # loose numerals worth a point, by position, made when a capture first needs them
    twos = 0
    out: list[tuple[int, CompactMove]] = []
    add = out.append
    risk_ok = not last and not n_faces  # a face card and anything else: no card sweeps the table
    raisable = all_piles = 0
    pile_values: list[int] = []
    if n_piles:
        pile_values = [p[1] for p in piles]
        for i, p in enumerate(piles):
            if p[3] == s:
                owned, owned_value = i, p[1]
                break
        for i, p in enumerate(piles):
            if not p[2] and p[3] != s:  # plain and not one's own (no owner: anyone's)
                raisable |= 1 << i
        same = pile_values[0]  # the value of every declaration, or -1
        if any(v != same for v in pile_values):
            same = -1
        all_piles = (1 << n_piles) - 1
    else:
        same = 0
    group_choices: dict[int, tuple[list[tuple[int, int]], int]] = {}
    for c in hand:
        cv = VALUE[c]
        if not cv:  # a face card
            r = RANK[c]
            match = [f for f in faces if RANK[f] == r] if n_faces else ()
            if owned < 0 and not match:
                add((-100 if not last and not n_faces and not values and not n_piles else 0,
                     (LAY, c, 0, 0, None, False, False, -1)))
            if match and (owned < 0 or held[owned_value] > 0):
                for f in match:
                    xeri = xeri_ok and n_faces == 1 and n_loose == 0 and n_piles == 0
                    gain = 100 * xeri + 2 + 3 * (POINTS[c] + POINTS[f])
                    if last:
                        risky = False
                    elif n_faces > 1:
                        risky = n_faces == 2 and values == 0 and n_piles == 0
                    elif values == 0 and n_piles == 0:
                        risky = False
                    else:
                        risky = same >= 0 and sweepable(values, same)
                    add((2 * gain - 100 * risky, (CAPTURE, c, 0, 0, None, False, xeri, f)))
            continue
        if owned < 0:
            add((-100 if risk_ok and same >= 0 and sweepable(values + _UNIT4[cv], same) else 0,
                 (LAY, c, 0, 0, None, False, False, -1)))
        if (whole_or_sets := n_piles or (totals >> cv) & 1) and ones < 0:
            ones = 0
            for i, x in enumerate(loose):
                if POINTS[x]:
                    ones |= 1 << i
                    if POINTS[x] == 2:
                        twos |= 1 << i
        if not n_piles:  # no declaration on the table: captures, plain declarations and groups of loose cards
            if whole_or_sets and table is not None:
                pc = POINTS[c]
                for m, code, cards, _ in table.captures(cv):
                    if not m:
                        continue
                    gain = 1 + cards + 3 * (pc + (m & ones).bit_count() + (m & twos).bit_count())
                    if m == full:
                        xeri = xeri_ok and not n_faces
                        gain += 100 * xeri
                        risky = not last and n_faces == 1
                    else:
                        xeri = False
                        risky = risk_ok and sweepable(values - code, 0)
                    add((2 * gain - 100 * risky, (CAPTURE, c, m, 0, None, False, xeri, -1)))
            if table is None:
                continue
            for value in range(cv + 1, 11):
                if held[value] and (totals >> (value - cv)) & 1:
                    for m, code in table.sums(value - cv):
                        add((-99 if risk_ok and sweepable(values - code, value) else 1,
                             (DECLARE, c, m, 0, value, False, False, -1)))
            for value in range(cv, 11):
                if held[value] > (value == cv) and (totals >> (value - cv)) & 1:
                    for m, code, _ in table.groups_alone(value, cv):
                        add((-99 if risk_ok and sweepable(values - code, value) else 1,
                             (DECLARE, c, m, 0, value, True, False, -1)))
            continue
        _with_piles(st, c, cv, held, table, totals, owned, owned_value, raisable, all_piles, pile_values,
                    ones, twos, xeri_ok, last, risk_ok, group_choices, add)
    return out


def _with_piles(st: CompactRound, c: int, cv: int, held: list[int], table: TableSets | None, totals: int,
                owned: int, owned_value: int, raisable: int, all_piles: int, pile_values: list[int], ones: int,
                twos: int, xeri_ok: bool, last: bool, risk_ok: bool,
                group_choices: dict[int, tuple[list[tuple[int, int]], int]],
                add: Callable[[tuple[int, CompactMove]], None]) -> None:
    """The moves of numeral ``c`` with declarations on the table: captures taking declarations of its value
    whole, plain declarations and raises, and groups joining declarations (the owner's obligations: D201,
    D302, D303, D309, D403)."""
    piles, values, n_faces = st.piles, st.values, len(st.faces)
    n_piles = len(piles)
    full = (1 << len(st.loose)) - 1
    free = owned < 0 or held[owned_value] - (cv == owned_value) > 0  # may spend the card (D403)
    whole = [i for i in range(n_piles) if pile_values[i] == cv]
    if whole or (totals >> cv) & 1:
        captures = table.captures(cv) if table is not None else [(0, 0, 0, 0)]
        pc = POINTS[c]
        for k in range(len(whole) + 1):
            for chosen in combinations(whole, k):
                taken = 0
                n = 1
                pts = pc
                for i in chosen:
                    taken |= 1 << i
                    n += piles[i][5]
                    pts += piles[i][6]
                if not free and (owned < 0 or not (taken >> owned) & 1):
                    continue
                left = all_piles & ~taken
                left_value = 0  # the value of every declaration left, or -1
                for i in _bits(left):
                    if left_value == 0:
                        left_value = pile_values[i]
                    elif pile_values[i] != left_value:
                        left_value = -1
                        break
                everything = xeri_ok and not left and not n_faces
                for m, code, cards, _ in captures:
                    if not m and not taken:
                        continue
                    xeri = everything and m == full
                    gain = 100 * xeri + n + cards + 3 * (pts + (m & ones).bit_count() + (m & twos).bit_count())
                    if last:
                        risky = False
                    elif n_faces:
                        risky = n_faces == 1 and m == full and not left
                    elif m == full and not left:
                        risky = False
                    else:
                        risky = left_value >= 0 and sweepable(values - code, left_value)
                    add((2 * gain - 100 * risky, (CAPTURE, c, m, taken, None, False, xeri, -1)))
    if owned < 0:
        if table is not None:
            for value in range(cv + 1, 11):
                if not held[value] or not (totals >> (value - cv)) & 1:
                    continue
                alike = risk_ok and all(v == value for v in pile_values)
                for m, code in table.sums(value - cv):
                    risky = alike and sweepable(values - code, value)
                    add((1 - 100 * risky, (DECLARE, c, m, 0, value, False, False, -1)))
        for i in range(n_piles):
            value = pile_values[i] + cv
            if value <= 10 and (raisable >> i) & 1 and held[value] - (cv == value) > 0:
                risky = (risk_ok and all(pile_values[j] == value for j in range(n_piles) if j != i)
                         and sweepable(values, value))
                add((1 - 100 * risky, (DECLARE, c, 0, 1 << i, value, False, False, -1)))
        group_values = [value for value in range(cv, 11) if held[value] > (value == cv)]
    else:
        group_values = [owned_value] if owned_value >= cv and held[owned_value] - (cv == owned_value) > 0 else []
    for value in group_values:
        with_loose = (totals >> (value - cv)) & 1
        raisers = [i for i in range(n_piles) if pile_values[i] + cv == value and (raisable >> i) & 1]
        if not (with_loose or raisers):
            continue
        found = group_choices.get(value)
        if found is None:  # the declarations of the value joined whole: their mask and the sets they bring
            worth = [i for i in range(n_piles) if pile_values[i] == value and i != owned]
            base, base_sets = (1 << owned, 1 + piles[owned][2]) if owned >= 0 else (0, 0)
            choices = []
            for k in range(len(worth) + 1):
                for chosen in combinations(worth, k):
                    mask, sets = base, base_sets
                    for i in chosen:
                        mask |= 1 << i
                        sets += 1 + piles[i][2]
                    choices.append((mask, sets))
            other = sum(1 << i for i in range(n_piles) if pile_values[i] != value)
            found = group_choices[value] = (choices, other)
        choices, other = found
        if with_loose:
            sets_of = table.groups(value, cv) if table is not None else [(0, 0, 1)] if value == cv else []
            for m, code, sets in sets_of:
                for mask, joined in choices:
                    if sets + joined >= 2:
                        risky = risk_ok and not (other & ~mask) and sweepable(values - code, value)
                        add((1 - 100 * risky, (DECLARE, c, m, mask, value, True, False, -1)))
        for q in raisers:
            for m, code, _, total in table.captures(value) if table is not None else [(0, 0, 0, 0)]:
                sets = total // value + 1
                for mask, joined in choices:
                    if sets + joined >= 2:
                        raised = mask | 1 << q
                        risky = risk_ok and not (other & ~raised) and sweepable(values - code, value)
                        add((1 - 100 * risky, (DECLARE, c, m, raised, value, True, False, -1)))


def play(st: CompactRound, move: CompactMove) -> bool:
    """Make ``move`` in place (:meth:`~dln.engine.play.LiveRound.play`); True if it scored a xeri."""
    kind, card, mask, taken, value, group, _, face = move
    s = st.turn
    xeri = False
    if kind == LAY:
        if VALUE[card]:
            insort(st.loose, card, key=_BY_VALUE.__getitem__)
            st.values += _CARD4[card]
        else:
            st.faces.append(card)
    elif kind == CAPTURE:
        n = 1
        pts = POINTS[card]
        if face >= 0:
            st.faces.remove(face)
            n += 1
            pts += POINTS[face]
        if mask:
            keep = []
            code = 0
            for i, c in enumerate(st.loose):
                if (mask >> i) & 1:
                    n += 1
                    pts += POINTS[c]
                    code += _CARD4[c]
                else:
                    keep.append(c)
            st.loose = keep
            st.values -= code
        if taken:
            rest = []
            for i, p in enumerate(st.piles):
                if (taken >> i) & 1:
                    n += p[5]
                    pts += p[6]
                else:
                    rest.append(p)
            st.piles = rest
        st.captured[s] += n
        st.points[s] += pts
        st.last_capturer = s
        if not st.loose and not st.faces and not st.piles and _xeri_scores(st):
            st.xeris[s] += 1
            xeri = True
    else:
        used = []
        if mask:
            keep = []
            code = 0
            for i, c in enumerate(st.loose):
                if (mask >> i) & 1:
                    used.append(c)
                    code += _CARD4[c]
                else:
                    keep.append(c)
            st.loose = keep
            st.values -= code
        cards: list[int] = []
        rest = []
        at = -1
        pid = None
        for i, p in enumerate(st.piles):
            if (taken >> i) & 1:  # absorbed: the new declaration takes the place of the first, and its id
                cards.extend(p[4])
                if at < 0:
                    at = len(rest)
                if pid is None or p[0] < pid:
                    pid = p[0]
            else:
                rest.append(p)
        cards += used
        cards.append(card)
        if pid is None:
            pid = st.next_pile_id
            st.next_pile_id += 1
            at = len(rest)
        assert value is not None
        rest.insert(at, (pid, value, group, s, tuple(cards), len(cards), sum(POINTS[c] for c in cards)))
        st.piles = rest
    st.hands[s].remove(card)
    st.turn = 1 - s
    st.played += 1
    return xeri


_KEY = itemgetter(0)


def choose(st: CompactRound, rng: random.Random, random_move: float) -> CompactMove:
    """The playout policy of :func:`dln.analysis.search.rollout_move`: a move at random with chance
    ``random_move``, else the greedy player's, ties broken at random (as its shuffle does)."""
    moves = listing(st)
    if len(moves) == 1:
        return moves[0][1]
    if rng.random() < random_move:
        return moves[rng.randrange(len(moves))][1]
    best = max(moves, key=_KEY)[0]
    tied = [move for key, move in moves if key == best]
    return tied[0] if len(tied) == 1 else tied[rng.randrange(len(tied))]


#: How far the lead in captured cards wanders over the rest of a round, per square root of the cards left:
#: the spread whose estimate errs least against greedy playouts to the round's end, measured at the end of
#: each deal with two players and with four (``python bench/horizon.py``: two players, mean squared error
#: 3.66 at 1.6 against 5.38 at the 0.6 used before; four players 2.65 against 4.32).
MOST_CARDS_SPREAD = 1.6


def expected_points(banked: Sequence[float], captured: Sequence[float], gone: int,
                    spread: float = MOST_CARDS_SPREAD) -> tuple[float, float]:
    """Each side's expected points mid-round: the points banked in full, and the 4 for most cards to each
    side with the chance that its lead in captured cards survives the cards still to be captured, taken as a
    normal spread of ``spread * sqrt(cards left + 1)`` (:meth:`dln.games.diloti.Diloti.estimate`)."""
    left = 52 - captured[0] - captured[1] - gone
    p = 0.5 * (1 + math.erf((captured[0] - captured[1]) / (spread * math.sqrt(left + 1) * math.sqrt(2))))
    return banked[0] + MOST_CARDS_POINTS * p, banked[1] + MOST_CARDS_POINTS * (1 - p)


def estimate(st: CompactRound) -> tuple[float, float]:
    """:func:`expected_points` of ``st``."""
    return expected_points([p + XERI_POINTS * x for p, x in zip(st.points, st.xeris, strict=True)],
                           st.captured, st.gone)


def points(st: CompactRound) -> tuple[int, int]:
    """Each side's points for a finished round: the table's rest to the last capturer, then the score."""
    captured, pts = st.captured[:], st.points[:]
    if st.last_capturer is not None:
        s = st.last_capturer
        captured[s] += len(st.loose) + len(st.faces) + sum(p[5] for p in st.piles)
        pts[s] += sum(POINTS[c] for c in st.loose) + sum(POINTS[c] for c in st.faces) + sum(p[6] for p in st.piles)
    return (MOST_CARDS_POINTS * (captured[0] > captured[1]) + pts[0] + XERI_POINTS * st.xeris[0],
            MOST_CARDS_POINTS * (captured[1] > captured[0]) + pts[1] + XERI_POINTS * st.xeris[1])


def playout(st: CompactRound, future: Sequence[Mapping[Seat, Sequence[Card]]], rng: random.Random,
            random_move: float, *, to_end: bool) -> tuple[float, float]:
    """Play ``st`` on in place with :func:`choose`: to the round's end and its :func:`points`, or, unless
    ``to_end``, only to the end of the deal and its :func:`estimate` (Diloti's horizon, 0 cards into the
    next deal).  ``future``: the hands of the deals to come, in order."""
    hands = st.hands
    base = st.deal
    while True:
        if not hands[0] and not hands[1]:
            if st.deal >= DEALS:
                return points(st)
            if not to_end:
                return estimate(st)
            dealt = future[st.deal - base]
            st.hands = hands = [[c.index for c in dealt.get(seat, ())] for seat in SEATS]
            st.deal += 1
            st.turn = st.leader
            continue
        play(st, choose(st, rng, random_move))


def after(st: CompactRound, move: CompactMove) -> CompactRound:
    """The position after ``move``, a new one (``st`` is left as it was): what the exact solver searches."""
    out = CompactRound.__new__(CompactRound)
    out.hands = [st.hands[0][:], st.hands[1][:]]
    out.loose, out.faces, out.piles = st.loose[:], st.faces[:], st.piles[:]
    out.captured, out.points, out.xeris = st.captured[:], st.points[:], st.xeris[:]
    out.values, out.last_capturer, out.turn, out.leader = st.values, st.last_capturer, st.turn, st.leader
    out.played, out.setup, out.next_pile_id, out.deal = st.played, st.setup, st.next_pile_id, st.deal
    out.gone, out.first_card_xeri, out.no_last_card_xeri = st.gone, st.first_card_xeri, st.no_last_card_xeri
    play(out, move)
    return out


def hands_empty(st: CompactRound) -> bool:
    """No card left in hand: in the last deal, the round is over."""
    return not st.hands[0] and not st.hands[1]


def mover(st: CompactRound) -> int:
    """The side of the seat to move (two players: its seat's index)."""
    return st.turn


def _solver_order(move: CompactMove) -> int:
    """The exact solver's move ordering (:func:`dln.analysis.solver.order`): xeris, big captures,
    declarations, lays."""
    kind = move[0]
    if kind == CAPTURE:
        return 1000 * move[6] + 10 + (1 if move[7] >= 0 else move[2].bit_count()) + 4 * move[3].bit_count()
    return 5 if kind == DECLARE else 0


def solver_moves(st: CompactRound) -> list[CompactMove]:
    """Every legal move in the exact solver's order."""
    moves = [move for _, move in listing(st)]
    moves.sort(key=_solver_order, reverse=True)
    return moves


def solver_key(st: CompactRound) -> tuple[Hashable, tuple[int, ...]]:
    """What :meth:`dln.games.diloti.Diloti.solver_key` says of the position ``st`` writes, in ints: cards as
    counts of their classes (:data:`_CLASS_UNIT`), declarations without their ids, the lead in captured cards
    while the 4 for most cards are open; and the same points banked."""
    banked = [p + XERI_POINTS * x for p, x in zip(st.points, st.xeris, strict=True)]
    captured = st.captured
    lead: int | None = captured[0] - captured[1]
    if abs(lead) > 52 - captured[0] - captured[1] - st.gone:  # the side ahead keeps most cards
        banked[lead < 0] += MOST_CARDS_POINTS
        lead = None
    unit = _CLASS_UNIT
    piles = tuple(sorted([(p[1], p[2], p[3], sum([unit[c] for c in p[4]])) for p in st.piles])) if st.piles else ()
    hands = st.hands
    key = (sum([unit[c] for c in hands[0]]), sum([unit[c] for c in hands[1]]),
           sum([unit[c] for c in st.loose]) + sum([unit[c] for c in st.faces]), piles, st.turn,
           st.last_capturer, lead, not st.played and not st.setup)
    return key, (banked[0], banked[1])
