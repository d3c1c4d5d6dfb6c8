"""Deciding a move: ``check`` lists every rule a move breaks in a position.

``check`` decides each rule directly from the position (memoised subset sums,
never a list of all moves): it is the hot path of a validator.  It takes any
:class:`~dln.engine.state.Position`: a frozen ``RoundState`` or a
:class:`~dln.engine.play.LiveRound`, which a validator plays in place through
a long record instead of building a new position per move.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import Protocol

from dln.cards import RANK_NAMES, Card, index_order

from . import codes
from .codes import VALUE, XERI_MARK, NamedTogether, TakenTooMany, Violation, error
from .predicates import (
    declarer_holds,
    face_trio,
    forced_capture_violation,
    group_meant,
    holds_value_after,
    in_sums,
    keeps_declaration_card,
    lay_violations,
    left_behind_violation,
    owner_declare_violation,
    raise_violation,
    soy_violation,
    xeri_blocker,
)
from .state import Hand, Move, Pile, Position, Seat, describe_cards
from .sums import splits


def check(state: Position, move: Move) -> list[Violation]:
    """Every rule ``move`` breaks in ``state``; empty if it is legal.

    Warnings mark rules the record cannot decide because a hand is partly
    unknown.  When the move names cards or declarations that are not on the
    table (D004) its sums are not judged.
    """
    out: list[Violation] = []
    # One unpacking of the move's tuple, not an attribute lookup per field: this is the hot path.
    seat, card, kind, loose, piles, _, _, components, xeri = move
    seats = state.seats
    if seat not in seats:
        out.append(error(codes.WRONG_SEAT,
                         f"{seat} has no seat in this {state.players}-player game"))
        return out
    if kind not in ("lay", "capture", "declare"):
        raise ValueError(f"unknown move kind {kind!r}")
    if components and kind != "capture":
        raise ValueError("components belong to captures only")
    turn = state.turn
    if seat != turn:
        out.append(error(codes.WRONG_SEAT, f"it is {turn or 'nobody'}'s turn, not {seat}'s", codes.SEAT))
    if card not in state.hands[seats.index(seat)].known:
        check_card(state, seat, card, out)
    named_elsewhere = bool(piles)
    if loose and not piles:
        table = state.loose
        for c in loose:  # a few identity checks down a short list, where issubset would hash it into a set
            if c not in table:
                named_elsewhere = True
                break
    if named_elsewhere and not _check_targets(state, move, out):
        if card in state.loose:  # played from the table, perhaps in the place of a card named as on it
            return codes.swap_noted(out, seat, card, state.hands[seats.index(seat)].known)
        return out
    if kind == "lay":
        if loose or piles:
            out.append(error(codes.LAY_WITH_TARGETS,
                             f"{seat} lays {card}, which takes or uses nothing else"))
        out.extend(lay_violations(state, seat, card))
    elif kind == "capture":
        _check_capture(state, move, out)
    else:
        _check_declare(state, move, out)
    if kind != "lay":
        kept = keeps_declaration_card(state, seat, card, piles)
        if kept is not None:
            out.append(kept)
    if xeri:
        why = xeri_blocker(state, move)
        if why is not None:
            out.append(error(codes.FALSE_XERI, f"marked as a xeri, but {why}", XERI_MARK))
    if len(out) == 1:
        return out
    return codes.seat_noted(codes.one_mistake(out), turn, card, turn_holds(state, seats, turn, seat, card))


class Placed(Protocol):
    """A position that knows each seat's hand and where a card seen lies: Diloti's, and the table games'."""

    def hand(self, seat: Seat) -> Hand: ...

    def place_of(self, card: Card) -> str | None: ...


def turn_holds(state: Placed, seats: Sequence[Seat], turn: Seat, seat: Seat, card: Card) -> bool:
    """Whether ``card``, written as ``seat``'s move where it is ``turn``'s, is the card of the seat whose turn
    it is: known in its hand, or seen nowhere while that hand alone is not known in full (the seat written,
    like every other, cannot hold it), as in a deal the record does not write, whose hands are the cards
    each seat plays in it.  Then the move is that seat's, written with another letter (``S 7d`` for ``N 7d``)."""
    if seat == turn or turn not in seats:
        return False
    hand = state.hand(turn)
    if card in hand.known:
        return True
    return bool(hand.unknown) and state.place_of(card) is None and not any(
        state.hand(other).unknown for other in seats if other != turn)


def check_card(state: Placed, seat: Seat, card: Card, out: list[Violation]) -> None:
    """D001/D002: a card not known in the mover's hand is unseen and they hold unknown cards.  Every game
    shares these rules and says them in these words."""
    hand = state.hand(seat)
    where = state.place_of(card)
    if where is not None:
        out.append(error(codes.CARD_ALREADY_SEEN, f"{seat} cannot play {card}: it is {where}", card))
    elif not hand.unknown:
        held = describe_cards(hand.known) or "no cards"
        out.append(error(codes.CARD_NOT_IN_HAND,
                         f"{card} is not in {seat}'s hand ({seat} holds {held})", card))


def _check_targets(state: Position, move: Move, out: list[Violation]) -> bool:
    """D004: every loose card and declaration the move names is on the table."""
    ok = True
    missing = [c for c in move.loose if c not in state.loose]
    told: set[int] = set()  # the declarations whose cards are named: one mistake each, however many cards
    for c in sorted(missing, key=index_order):
        pile = next((p for p in state.piles if c in p.cards), None)
        if pile is not None and pile.id in told:
            continue
        if pile is not None:
            told.add(pile.id)
            named = [d for d in missing if d in pile.cards]
            out.append(error(codes.NOT_ON_TABLE, f"{c} is part of the {pile.describe()} and cannot be taken "
                             "or used on its own", c) if len(named) == 1 else
                       error(codes.NOT_ON_TABLE, f"{describe_cards(named)} are the cards of the {pile.describe()}: "
                             f"it is taken whole, as [{pile.value}{'s' * pile.group}]", NamedTogether(named)))
        else:
            out.append(error(codes.NOT_ON_TABLE, f"{c} is not on the table", c))
        ok = False
    for i in sorted(move.piles):
        if state.pile(i) is None:
            out.append(error(codes.NOT_ON_TABLE, f"there is no declaration #{i} on the table", f"pile {i}"))
            ok = False
    return ok


def _piles_of(state: Position, ids: Collection[int]) -> list[Pile]:
    """The declarations with these ids, by id."""
    if not ids:
        return []
    return sorted((p for p in state.piles if p.id in ids), key=lambda p: p.id)


def _check_capture(state: Position, move: Move, out: list[Violation]) -> None:
    """D203-D209, D212, D213 (pagat, The Play, items 1-2 and 4; house rules)."""
    seat, card, _, loose, ids, _, _, components, _ = move
    piles = _piles_of(state, ids) if ids else []
    if not loose and not piles:
        out.append(error(codes.EMPTY_CAPTURE, f"{seat} plays {card} as a capture but takes nothing"))
        return
    v = card.value
    if not v:  # a face card
        _check_face_capture(state, move, piles, out)
        return
    errors_before = len(out)
    numerals = [c for c in loose if c.value]
    if len(numerals) < len(loose):
        faces = [c for c in loose if c.is_face]
        out.append(error(codes.FACE_IN_SUM,
                         f"{card} cannot take {describe_cards(faces)}: face cards have no value",
                         min(faces, key=index_order)))
    summed: list[Pile] = []  # plain declarations taken as single cards (liberal_declarations)
    for p in piles:
        if p.value == v:
            continue
        if in_sums(state, p, v):
            summed.append(p)
            continue
        out.append(error(codes.CAPTURE_DECLARATION_VALUE,
                         f"{card} cannot take the {p.describe()}: only a card of value "
                         f"{p.value} captures it", f"pile {p.id}"))
    if components:
        used_cards, used_piles = _check_components(state, move, out)
        numerals = [c for c in numerals if c not in used_cards]
        summed = [p for p in summed if p.id not in used_piles]
    values = [c.value for c in numerals]
    if summed:
        values += [p.value for p in summed]
    if not splits(values, v):
        what = describe_cards(numerals)
        if summed:
            what = ", ".join([*([what] if what else []), *(p.describe() for p in summed)])
        out.append(error(codes.CAPTURE_SUM,
                         f"{what} cannot be taken by {card}: they do not "
                         f"split into single {v}s and sets totalling {v}", _too_many(numerals, values, v)))
    if state.rules.forced_capture and len(out) == errors_before:
        left = left_behind_violation(state, move)
        if left is not None:
            out.append(left)


def _too_many(numerals: Sequence[Card], values: Sequence[int], v: int) -> TakenTooMany | None:
    """The cards of a capture that does not split (D206) each of which is one too many: without it the
    rest (``values``, the numerals' first) would split into sets of ``v``; None when no one card is (a sum
    that falls short: the capture as a whole is at fault)."""
    extra = values[len(numerals):]
    if len(values) < 2:  # a card alone that is not of the value: nothing is taken too many
        return None
    found = TakenTooMany(c for i, c in enumerate(numerals)
                      if splits([*values[:i], *values[i + 1:len(numerals)], *extra], v))
    return found or None


def _check_face_capture(state: Position, move: Move, piles: Sequence[Pile], out: list[Violation]) -> None:
    """D203/D204/D213: a face card takes one loose card of its rank (three, for the fourth card
    under three_face_cards)."""
    card = move.card
    rank = RANK_NAMES[card.rank]
    others = [c for c in move.loose if c.rank != card.rank]
    if others:
        out.append(error(codes.FACE_CAPTURE_RANK,
                         f"{card} can take only a loose {rank}, not {describe_cards(others)}",
                         min(others, key=index_order)))
    trio = face_trio(state, card)
    if trio is not None:
        if piles or frozenset(c for c in move.loose if c.rank == card.rank) != trio:
            out.append(error(codes.FOURTH_FACE_CARD,
                             f"{card} is the fourth {rank}: under three-face-cards it captures all three "
                             f"on the table, {describe_cards(trio)}, and nothing else"))
    elif piles or len(move.loose) > 1:
        taken = [str(c) for c in sorted(move.loose, key=index_order)]
        taken += [f"declaration #{p.id}" for p in piles]
        one = error(codes.FACE_CAPTURE_ONE, f"{card} takes exactly one loose {rank} and nothing else, "
                    f"not {', '.join(taken)}", f"pile {piles[0].id}" if piles else TakenTooMany(move.loose))
        alone = others and len(move.loose) - len(others) <= 1  # the cards of another rank are the mistake
        if alone and piles:  # a declaration taken too: the D203 names it and them, the D204 its note
            out[-1] = one.noting(out[-1])
        elif alone:
            out[-1] = out[-1].noting(one)
        else:
            out.append(one)


def _check_components(state: Position, move: Move, out: list[Violation]) -> tuple[set[Card], set[int]]:
    """D208: the sets a record joined with '+'; returns the cards and pile ids they hold.

    A declaration joins a set only as a plain one under liberal_declarations
    (pagat, Use of Plain Declarations); otherwise it is captured whole.
    """
    v = move.card.value
    used_cards: set[Card] = set()
    used_piles: set[int] = set()
    for comp in move.components:
        comp_cards = {i for i in comp if isinstance(i, Card)}
        comp_piles = [p for p in state.piles if p.id in comp]
        ids = {i for i in comp if not isinstance(i, Card)}
        name = "+".join([*(str(c) for c in sorted(comp_cards, key=index_order)), *(f"#{i}" for i in sorted(ids))])
        outside = describe_cards(comp_cards - move.loose).split() + [f"#{i}" for i in sorted(ids - move.piles)]
        if outside:
            problem = f"includes {' '.join(outside)}, which the capture does not take"
        elif comp_cards & used_cards or ids & used_piles:
            shared = describe_cards(comp_cards & used_cards).split() + [f"#{i}" for i in sorted(ids & used_piles)]
            problem = f"shares {' '.join(shared)} with another component"
        elif len(comp) > 1 and any(p.group or not state.rules.liberal_declarations for p in comp_piles):
            out.append(error(codes.COMPONENT_SUM, "a declaration is captured whole by a card of its value; "
                             "it cannot be joined with '+' to other cards"))
            used_cards |= comp_cards
            used_piles |= ids
            continue
        else:
            total = sum(c.value for c in comp_cards) + sum(p.value for p in comp_piles)
            problem = f"totals {total}, not {v}" if total != v else ""
        if problem:
            part = min(comp_cards, key=index_order) if comp_cards else f"pile {min(ids)}"
            out.append(error(codes.COMPONENT_SUM, f"the component {name} {problem}", part))
        used_cards |= comp_cards
        used_piles |= ids
    return used_cards, used_piles


def _check_declare(state: Position, move: Move, out: list[Violation]) -> None:
    """D301-D311, D401-D402, D211 (pagat, Plain Declarations; Group Declarations; Obligations;
    house rules)."""
    seat, card, _, loose, ids, value, group, _, _ = move
    rules = state.rules
    piles = _piles_of(state, ids) if ids else []
    faces = [c for c in (card, *loose) if c.is_face]
    if faces:
        out.append(error(codes.FACE_IN_DECLARATION,
                         f"{describe_cards(faces)}: face cards never enter a declaration",
                         min(faces, key=index_order)))
    if rules.forced_capture:
        forced = forced_capture_violation(state, card)
        if forced is not None:
            out.append(forced)
    if rules.soy:
        closed = soy_violation(state, piles)
        if closed is not None:
            out.append(closed)
    numerals = [c for c in loose if c.value]
    if group:
        if value is None:
            out.append(error(codes.GROUP_SPLIT, "a group declaration must state its value"))
        elif 1 <= value <= 10 and not card.is_face:
            _check_group(state, move, piles, numerals, value, out)
    else:
        total = card.value + sum(c.value for c in numerals) + sum(p.value for p in piles)
        if value is None:
            value = total
        if not piles:
            if not loose:
                out.append(error(codes.PLAIN_WITHOUT_TABLE_CARD,
                                 f"a plain declaration needs a loose table card besides {card}"))
            elif total != value:
                out.append(error(codes.DECLARE_SUM,
                                 f"{describe_cards([card, *numerals])} total {total}, not {value}", VALUE))
        else:
            if (len(piles) > 1 or loose) and not rules.liberal_declarations:
                out.append(error(codes.RAISE_SHAPE,
                                 "a raise adds only the played card to one plain declaration"))
            for p in piles:
                bad = raise_violation(state, seat, p)
                if bad is not None:
                    out.append(replace(bad, subject=f"pile {p.id}"))
            if total != value:
                out.append(error(codes.DECLARE_SUM,
                                 f"raising with {card} makes {total}, not {value}", VALUE))
    if value is not None and not 1 <= value <= 10:
        over = error(codes.DECLARE_OVER_TEN, f"a declaration of {value} is impossible: values run from 1 to 10",
                     VALUE)
        summed = next((i for i, v in enumerate(out) if v.code == codes.DECLARE_SUM), None)
        if summed is not None and not group and 1 <= total <= 10:  # the cards make a value: the figure is wrong
            out[summed] = out[summed].noting(over)
        else:
            out.append(over)
    owner = owner_declare_violation(state, seat, group, ids)
    if owner is not None:
        out.append(owner)
    if value is not None and 1 <= value <= 10:
        held = declarer_holds(state, seat, card, value)
        if held is not None:
            _value_miswritten(state, move, total if not group else value, replace(held, subject=VALUE), out)
    if group_meant(state, move) is not None:
        _group_miswritten(out)


#: What a group written as a sum breaks besides D303 (see :func:`group_meant`): its shape and its value.
_GROUP_WRITTEN_AS_SUM = frozenset({codes.RAISE_SHAPE, codes.DECLARE_SUM, codes.DECLARE_OVER_TEN, "D302"})


def _group_miswritten(out: list[Violation]) -> None:
    """The findings of the shape and value of an own declaration's group written as a sum made notes of its
    D303 (raise-own), the one mistake."""
    own = next((v for v in out if v.code == codes.RAISE_OWN), None)
    moot = [v for v in out if v.code in _GROUP_WRITTEN_AS_SUM]
    if own is None or not moot:
        return
    noted = own.noting(*moot)
    out[:] = [noted if v is own else v for v in out if v not in moot]


def _value_miswritten(state: Position, move: Move, total: int, held: Violation, out: list[Violation]) -> None:
    """Add D302 ``held`` (no card kept of the value written) to ``out``: as a note of the D304 when the cards
    make ``total`` and the declarer keeps a card of it, the figure written wrong being the one mistake."""
    summed = next((i for i, v in enumerate(out) if v.code == codes.DECLARE_SUM), None)
    if summed is None or held.severity != "error" or not 1 <= total <= 10 \
            or not holds_value_after(state, move.seat, move.card, total):
        out.append(held)
        return
    out[summed] = out[summed].noting(f"{held}; {move.seat} keeps a card of {total}, the value the cards make")


def _check_group(
    state: Position,
    move: Move,
    piles: Sequence[Pile],
    numerals: Sequence[Card],
    value: int,
    out: list[Violation],
) -> None:
    """D305/D308/D303 for a group of ``value`` (pagat, Group Declarations; Use of Plain Declarations)."""
    seat, card = move.seat, move.card
    other = [p for p in piles if p.value != value]
    raised: Pile | None = None
    if state.rules.liberal_declarations:
        _check_liberal_group(state, move, piles, other, numerals, value, out)
        return
    if len(other) == 1 and other[0].value + card.value == value:
        bad = raise_violation(state, seat, other[0])
        if bad is not None:
            out.append(replace(bad, subject=f"pile {other[0].id}"))
            return
        raised = other[0]
    elif other:
        for p in other:
            out.append(error(codes.GROUP_SPLIT,
                             f"the {p.describe()} is not worth {value} and cannot join a "
                             f"group of {value}s", f"pile {p.id}"))
        return
    parts = list(numerals) if raised is not None else [*numerals, card]
    values = [c.value for c in parts]
    if not splits(values, value):
        out.append(error(codes.GROUP_SPLIT,
                         f"{describe_cards(parts) or 'nothing loose'} do not split into sets "
                         f"totalling {value}", VALUE))
        return
    count = sum(values) // value + (raised is not None)
    count += sum(2 if p.group else 1 for p in piles if p.value == value)
    if count < 2:
        out.append(error(codes.GROUP_TOO_SMALL,
                         f"this makes only one set totalling {value}; a group of {value}s "
                         "needs two or more", VALUE))


def _check_liberal_group(
    state: Position,
    move: Move,
    piles: Sequence[Pile],
    other: Sequence[Pile],
    numerals: Sequence[Card],
    value: int,
    out: list[Violation],
) -> None:
    """D305/D308/D303 for a group of ``value`` under liberal_declarations.

    pagat, Use of Plain Declarations, examples a and b: a plain declaration
    worth less than the group is a single card of its value in any set (with
    loose cards, with the played card, or both).  Its value grows, so only a
    player who may raise it may use it that way (D303: not its owner, nor the
    owner's partner); a declaration worth the group's value joins whole as before.
    """
    seat, card = move.seat, move.card
    for p in other:
        if not in_sums(state, p, value):
            out.append(error(codes.GROUP_SPLIT,
                             f"the {p.describe()} is not worth {value} and cannot join a "
                             f"group of {value}s", f"pile {p.id}"))
            return
        bad = raise_violation(state, seat, p)
        if bad is not None:
            out.append(replace(bad, subject=f"pile {p.id}"))
            return
    values = [card.value, *(c.value for c in numerals), *(p.value for p in other)]
    if not splits(values, value):
        parts = ", ".join([describe_cards([card, *numerals]), *(p.describe() for p in other)])
        out.append(error(codes.GROUP_SPLIT, f"{parts} do not split into sets totalling {value}", VALUE))
        return
    count = sum(values) // value + sum(2 if p.group else 1 for p in piles if p.value == value)
    if count < 2:
        out.append(error(codes.GROUP_TOO_SMALL,
                         f"this makes only one set totalling {value}; a group of {value}s "
                         "needs two or more", VALUE))
