"""Record moves as the engine's moves: looking up the declarations a move names.

A move of a record names declarations by value, kind and perhaps owner
(``[8]``, ``[8s N]``); the engine names them by id.  :func:`to_engine_move`
makes the translation for a position and says what the reference itself gets
wrong (R001 ambiguous, D004 absent or named twice); in a game without
declarations a reference is the game's own error (F001), not D004.  The
validator, the replayer and the recorder all go through it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from dln.cards import Card
from dln.engine import Move as EngineMove
from dln.engine import Pile, Position, Violation
from dln.engine.codes import error
from dln.engine.listing import NO_CARDS, NO_PILES
from dln.engine.state import Item as EngineItem
from dln.games.protocol import game_of
from dln.notation.model import Component, Move, PileRef

__all__ = ["NO_DECLARATION", "as_written", "items_as_written", "named_twice", "resolves_all", "to_engine_move"]

#: Builds the engine's Move from all nine fields: NamedTuple's generated ``__new__`` is a Python
#: function with keyword handling, a measurable part of a move's cost when validating an archive.
_new = tuple.__new__
#: The cards a move's components name when they are single loose cards, each named once: equal
#: components (the fast reader shares them between equal move texts) name the same cards in any position.
#: Bounded: cleared when full.
#: The id a reference gets in a game without declarations: no declaration has it, so the game's check
#: sees that the move names one (F001) and its ``force`` that it takes nothing.
NO_DECLARATION = -1
_known_cards: dict[tuple[tuple[Card | PileRef, ...], ...], frozenset[Card]] = {}
_CARDS_KEPT = 50_000


def to_engine_move(state: Position, move: Move) -> tuple[EngineMove, list[Violation]]:
    """The engine's move for a record move in ``state``, with what the reference itself gets wrong.

    Pile references are looked up on the table (R001 when ambiguous, D004
    when absent); ``+`` groups of a capture become its components, loose
    cards and declarations alike (the engine decides whether a declaration
    may join a set: only a plain one, under liberal_declarations).
    """
    problems: list[Violation] = []
    kind, named = move.kind, move.components
    value = move.value if kind == "declare" else None
    if not named:  # a lay (or a declaration naming nothing on the table)
        return _new(EngineMove, (move.seat, move.card, kind, NO_CARDS, NO_PILES, value, move.group, (),
                                 move.xeri)), problems
    taken = _known_cards.get(named)
    if taken is not None:  # single loose cards, each once, as most captures and declarations name
        return _new(EngineMove, (move.seat, move.card, kind, taken, NO_PILES, value, move.group, (),
                                 move.xeri)), problems
    loose: list[Card] = []
    piles: set[int] = set()
    components: list[frozenset[EngineItem]] = []
    for component in named:
        if len(component) == 1:  # the common case: one card or one declaration
            item = component[0]
            if isinstance(item, PileRef):
                pile_id = _resolve(state, item, problems)
                if pile_id is not None:
                    piles.add(pile_id)
            else:
                loose.append(item)
            continue
        cards = [item for item in component if isinstance(item, Card)]
        ids = [pile_id for item in component if isinstance(item, PileRef)
               if (pile_id := _resolve(state, item, problems)) is not None]
        loose += cards
        piles.update(ids)
        if kind == "capture":
            components.append(frozenset([*cards, *ids]))
    taken = frozenset(loose)
    if not piles and len(loose) == len(named) == len(taken):  # single cards, each named once
        if len(_known_cards) >= _CARDS_KEPT:
            _known_cards.clear()
        _known_cards[named] = taken
    if len(taken) != len(loose):
        problems.append(named_twice(loose))
    return (
        _new(EngineMove, (move.seat, move.card, kind, taken, frozenset(piles), value, move.group,
                          tuple(components), move.xeri)),
        problems,
    )


def resolves_all(move: Move, engine_move: EngineMove) -> bool:
    """Whether every declaration ``move`` names was found on the table (:func:`to_engine_move` drops those it
    cannot find): else the move cannot have been made as written."""
    named = sum(isinstance(item, PileRef) for component in move.components for item in component)
    return len(engine_move.piles) == named or NO_DECLARATION in engine_move.piles  # a game without any


def as_written(state: Position, move: Move, cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` (what ``move`` took or joined in ``state``) in the order the record wrote them: a loose card
    where the move names it, a declaration's cards, as it lies, where the move refers to it; a card the move
    does not name (the declaration the engine found meant) after them, as ``cards`` gives it.  The words of a
    move read its cards as a reader follows the written line, not as they lay or by suit."""
    order = _written_order(state, move)
    return tuple(sorted(cards, key=lambda card: order.get(card, len(order))))


def items_as_written(state: Position, move: Move, components: Iterable[Component]) -> tuple[Component, ...]:
    """``components`` (the same play as ``move``'s, written otherwise: the recorder's completed form of a typed
    move) with their items, and themselves, in the order ``move`` writes them, each where its first card is
    named (:func:`as_written`); what ``move`` does not name keeps its place after them.  The record says what
    was typed, in its order, as ``dln fmt`` keeps it."""
    order = _written_order(state, move)

    def place(item: Card | PileRef) -> int:
        return min((order.get(card, len(order)) for card in _cards_of(state, item)), default=len(order))

    ordered = [tuple(sorted(component, key=place)) for component in components]
    return tuple(sorted(ordered, key=lambda component: min(map(place, component), default=len(order))))


def _written_order(state: Position, move: Move) -> dict[Card, int]:
    """Each card ``move`` names in ``state`` (a declaration's, as it lies), by where the move first names it."""
    order: dict[Card, int] = {}
    for item in move.items:
        for card in _cards_of(state, item):
            order.setdefault(card, len(order))
    return order


def _cards_of(state: Position, item: Card | PileRef) -> tuple[Card, ...]:
    """The cards ``item`` names in ``state``: a loose card, or the cards of the one declaration it refers to."""
    if isinstance(item, Card):
        return (item,)
    found = _referred(state, item)
    return found[0].cards if len(found) == 1 else ()


def _referred(state: Position, ref: PileRef) -> list[Pile]:
    """The declarations on the table that ``ref`` may name (its value and kind, its owner when written)."""
    return [p for p in state.piles
            if p.value == ref.value and p.group == ref.group and (ref.owner is None or p.owner == ref.owner)]


def named_twice(cards: Sequence[Card]) -> Violation:
    """D004 for the cards a move names more than once (each counted once: a capture may name thousands);
    ``cards`` must hold some twice."""
    counts = Counter(cards)
    twice = sorted((c for c, n in counts.items() if n > 1), key=lambda c: c.index)
    return error("D004", f"{' '.join(map(str, twice))} named twice", twice[0])


def _resolve(state: Position, ref: PileRef, problems: list[Violation]) -> int | None:
    """The id of the one declaration ``ref`` names, or None (with the problem recorded).

    In a game without declarations (Kontsina, Xeri) the reference names none that could ever be there:
    it is :data:`NO_DECLARATION`, for the game's own check to judge (F001, docs/rules.md: "a reference to
    one (`[8]`) is this rule error"), not a declaration missing from the table (D004)."""
    found = _referred(state, ref)
    if len(found) == 1:
        return found[0].id
    if not game_of(state).declares:  # asked only when the table has no such declaration: a game with none
        return NO_DECLARATION
    what = f"group of {ref.value}s" if ref.group else f"plain declaration of {ref.value}"
    owner = f" owned by {ref.owner}" if ref.owner else ""
    if not found:
        there = ", ".join(p.describe() for p in state.piles) or "none"
        problems.append(error("D004", f"there is no {what}{owner} on the table (declarations there: {there})",
                              ref))
    else:
        owners = " or ".join(f"[{ref.value}{'s' if ref.group else ''} {p.owner}]" for p in found if p.owner)
        problems.append(Violation("R001", "error", f"[{ref.value}{'s' if ref.group else ''}] could be any of "
                                  f"{len(found)} declarations; write {owners or 'the owner'}", ref))
    return None
