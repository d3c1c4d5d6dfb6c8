"""A group's parts as they were laid: ``A+3+4 · 8 · 4+2+2`` rather than a flat list of cards.

The engine keeps a declaration's cards only (diloti-pagat.txt, Group
Declarations: "a group of 8s … several parts each worth 8"), and the record
does not have to write the parts (``N Ah 3c 4d 8s =8s``).  The replayer finds
them here, off the validator's path: a group keeps the parts it had, and the
cards a move adds are split into sets worth the group's value, a plain
declaration it takes in staying whole (and first: it was laid before), then
the played card and the cards it gathers as the record names them, cards the
record joined with ``+`` kept together when that split works.  A group the record starts with (a
setup, or a ``table`` line) is split the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from dln.cards import Card
from dln.engine import Pile, RoundState
from dln.notation.model import Move

__all__ = ["Parts", "laid_parts", "split_into_parts"]

#: A group's parts, in the order they were laid; each part's cards in the order they came to the table.
Parts = tuple[tuple[Card, ...], ...]


def split_into_parts(units: Sequence[tuple[Card, ...]], value: int) -> Parts | None:
    """``units`` (cards that must stay together) split into parts each worth ``value``, or None.

    Each part starts with the earliest unit not yet placed and takes the
    earliest units that complete it, so the parts follow the order of play.

    >>> from dln.cards import Card
    >>> c = Card.parse
    >>> split_into_parts([(c("Ah"),), (c("3c"),), (c("8s"),), (c("4d"),)], 8)
    ((Card(rank=1, suit='h'), Card(rank=3, suit='c'), Card(rank=4, suit='d')), (Card(rank=8, suit='s'),))
    """
    worth = [sum(card.value for card in unit) for unit in units]
    if value <= 0 or any(w <= 0 or w > value for w in worth) or sum(worth) % value:
        return None
    left = list(range(len(units)))

    def place() -> list[list[int]] | None:
        if not left:
            return []
        first = left.pop(0)
        for chosen in _completions(left, worth, value - worth[first]):
            for i in chosen:
                left.remove(i)
            rest = place()
            if rest is not None:
                return [[first, *chosen], *rest]
            left.extend(chosen)
            left.sort()
        left.insert(0, first)
        return None

    found = place()
    if found is None:
        return None
    return tuple(tuple(card for i in part for card in units[i]) for part in found)


def _completions(candidates: list[int], worth: list[int], need: int) -> list[tuple[int, ...]]:
    """Every choice of ``candidates`` (kept in order) whose worth adds up to ``need``, earliest first."""
    found: list[tuple[int, ...]] = []

    def walk(start: int, need: int, taken: tuple[int, ...]) -> None:
        if need == 0:
            found.append(taken)
            return
        for k in range(start, len(candidates)):
            i = candidates[k]
            if worth[i] <= need:
                walk(k + 1, need - worth[i], (*taken, i))

    walk(0, need, ())
    return found


def laid_parts(positions: Sequence[RoundState], moves: Sequence[Move]) -> list[dict[int, Parts]]:
    """For each position of a line (``positions[j]`` after ``j`` of ``moves``), the parts of every group on
    the table, by pile id."""
    out: list[dict[int, Parts]] = []
    known: dict[int, tuple[tuple[Card, ...], Parts]] = {}  # pile id -> (its cards, its parts)
    for j, state in enumerate(positions):
        before = positions[j - 1] if j else None
        move = moves[j - 1] if 0 < j <= len(moves) else None
        now: dict[int, Parts] = {}
        for pile in state.piles:
            if not pile.group:
                continue
            seen = known.get(pile.id)
            if seen is not None and seen[0] == pile.cards:
                now[pile.id] = seen[1]
                continue
            parts = _grown(pile, before, move, known) if before is not None else None
            now[pile.id] = parts or split_into_parts([(c,) for c in pile.cards], pile.value) or (pile.cards,)
            known[pile.id] = (pile.cards, now[pile.id])
        out.append(now)
    return out


def _grown(pile: Pile, before: RoundState, move: Move | None, known: dict[int, tuple[tuple[Card, ...], Parts]]
           ) -> Parts | None:
    """The parts of a group a move made or added to: the groups it took in keep theirs; the rest is split."""
    cards = set(pile.cards)
    kept: list[tuple[Card, ...]] = []
    units: list[tuple[Card, ...]] = []
    used: set[Card] = set()
    for old in before.piles:
        if not set(old.cards) <= cards:
            continue
        used.update(old.cards)
        seen = known.get(old.id)
        if old.group and old.value == pile.value and seen is not None and seen[0] == old.cards:
            kept.extend(seen[1])
        else:
            units.append(old.cards)  # a plain declaration stays whole (raised, it is one part with the card)
    # The declarations taken in were laid before this move; then the played card, then the cards
    # it gathers in the order the record names them.
    loose = [card for card in pile.cards if card not in used]
    if move is not None:
        named = [item for component in move.components for item in component if isinstance(item, Card)]
        order = {card: k for k, card in enumerate([move.card, *named])}
        loose.sort(key=lambda card: order.get(card, len(order)))
    units += [(card,) for card in loose]
    joined = _joined(units, move)
    parts = (split_into_parts(joined, pile.value) if joined != units else None) or split_into_parts(units, pile.value)
    if parts is None:
        return None
    return (*kept, *parts)


def _joined(units: list[tuple[Card, ...]], move: Move | None) -> list[tuple[Card, ...]]:
    """``units`` with the cards the record joined with ``+`` in one unit each (first one's place)."""
    if move is None:
        return units
    out = list(units)
    for component in move.components:
        members = [c for c in component if isinstance(c, Card)]
        if len(members) < 2:
            continue
        at = [k for k, unit in enumerate(out) if len(unit) == 1 and unit[0] in members]
        if len(at) != len(members):
            continue
        merged = tuple(card for k in at for card in out[k])
        out = [unit for k, unit in enumerate(out) if k not in at[1:]]
        out[at[0]] = merged
    return out
