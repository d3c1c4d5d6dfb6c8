"""Moves in play: deciding a move (``check``), listing moves (``legal_moves``), making one (``apply``).

``check`` decides each rule directly from the position (memoised subset sums,
never a list of all moves): it is the hot path of a validator.  ``legal_moves``
builds candidate moves whose sums hold by construction and filters them with
the same rule predicates ``check`` calls, defined once below; the house rules
of ``state.rules`` are read by those predicates too.  ``apply`` never judges:
it carries out what the move says, so a validator can report and go on.

``check`` and the predicates take any :class:`~dln.engine.state.Position`: a
frozen ``RoundState`` or a :class:`LiveRound`, which a validator plays in
place through a long record instead of building a new position per move.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from itertools import combinations
from typing import Generic, NamedTuple, TypeVar

from dln.cards import DECK, RANK_NAMES, Card

from . import codes
from .codes import Violation, error, warning
from .rules import Rules
from .state import Hand, Move, Pile, Position, RoundState, Seat, describe_cards
from .sums import (
    PACKED_UNIT,
    UNIT,
    ZERO,
    Box,
    Counts,
    Packed,
    counts_of,
    covers,
    expand,
    first,
    group_by_value,
    maximal_counts,
    pack,
    splits,
    splittable,
    totalling_counts,
    unpack,
)


class Step(NamedTuple):
    """The position after a move, and whether that move scored a xeri."""

    state: RoundState
    xeri: bool


# --------------------------------------------------------------------------
# Rule predicates, each one rule in one place, shared by check and generation.
# --------------------------------------------------------------------------


def holds_value_after(
    state: Position, seat: Seat, card: Card | None, value: int, *, seen: frozenset[Card] | None = None
) -> bool | None:
    """Whether ``seat`` still holds a card of ``value`` after playing ``card`` (None: no card).

    None when the hand is partly unknown and an unseen card of that value
    exists: the record cannot tell.  ``seen``: ``state.seen()``, when the caller
    asks many times.
    """
    hand = state.hand(seat)
    for c in hand.known:
        if c.value == value and c != card:
            return True
    unknown = hand.unknown if card is None or card in hand.known else hand.unknown - 1
    if unknown <= 0:
        return False
    if seen is None:
        seen = state.seen()
    for c in DECK:
        if c.value == value and c != card and c not in seen:
            return None
    return False


def lay_violations(state: Position, seat: Seat, card: Card) -> list[Violation]:
    """Rules a lay of ``card`` by ``seat`` breaks (D201, D202, D211)."""
    out: list[Violation] = []
    owned = state.owned_pile(seat)
    if owned is not None:
        # pagat, Obligations of the declarer: no laying until the declaration is gone.
        out.append(error(
            codes.LAY_WHILE_DECLARED,
            f"{seat} owns the {owned.describe()} and may not lay {card}; "
            "they must capture or add to their declaration"))
    if card.is_face:
        # pagat, The Play (item 5): a matching loose face card must be captured instead.
        for c in state.loose:
            if c.rank == card.rank:
                out.append(error(
                    codes.FACE_LAY_ON_MATCH,
                    f"{card} may not be laid while {c} lies loose on the table; "
                    f"{seat} must capture it"))
                break
    elif state.rules.forced_capture:
        forced = forced_capture_violation(state, card)
        if forced is not None:
            out.append(forced)
    return out


def keeps_declaration_card(
    state: Position, seat: Seat, card: Card, piles: Iterable[int]
) -> Violation | None:
    """D403: unless the move takes or absorbs their declaration, its owner keeps a card of its value.

    pagat, Obligations of the declarer: the card promised for the capture may
    serve no other purpose.
    """
    owned = state.owned_pile(seat)
    if owned is None or owned.id in piles:
        return None
    held = holds_value_after(state, seat, card, owned.value)
    if held:
        return None
    what = f"{seat} owns the {owned.describe()} and must keep a card of value {owned.value}"
    if held is None:
        return warning(codes.OWNER_KEEPS_CARD,
                       f"{what}; after playing {card} the record cannot tell whether they do")
    return error(codes.OWNER_KEEPS_CARD, f"{what}; after playing {card} they hold none")


def declarer_holds(state: Position, seat: Seat, card: Card, value: int) -> Violation | None:
    """D302: a declarer keeps a card of the declared value (pagat, Plain/Group Declarations)."""
    held = holds_value_after(state, seat, card, value)
    if held:
        return None
    if held is None:
        return warning(codes.DECLARE_WITHOUT_CARD,
                       f"{seat} declares {value} with {card}; the record cannot tell whether "
                       f"they still hold a card of value {value}")
    return error(codes.DECLARE_WITHOUT_CARD,
                 f"{seat} declares {value} with {card} but holds no other card of value {value}")


def raise_violation(state: Position, seat: Seat, pile: Pile) -> Violation | None:
    """D309/D303: only an opponent's plain declaration can be raised.

    pagat, Plain Declarations and Four-Player Game; a pile whose owner a setup
    left unstated binds nobody and may be raised by anyone.
    """
    if pile.group:
        return error(codes.RAISE_GROUP,
                     f"the {pile.describe()} is a group and cannot be raised")
    if pile.owner == seat:
        return error(codes.RAISE_OWN,
                     f"{seat} may not raise their own {pile.describe()}")
    if pile.owner is not None and pile.owner == state.partner(seat):
        return error(codes.RAISE_OWN,
                     f"{seat} may not raise the {pile.describe()} of their partner {pile.owner}")
    return None


def owner_declare_violation(
    state: Position, seat: Seat, group: bool, piles: Iterable[int]
) -> Violation | None:
    """D401/D402: an owner declares only by adding to their own declaration as a group.

    pagat, Obligations of the declarer; app-help: one join at a time.  Raising
    one's own declaration is D303, reported by :func:`raise_violation`.
    """
    owned = state.owned_pile(seat)
    if owned is None:
        return None
    ids = frozenset(piles)
    if owned.id in ids:
        return None
    what = f"{seat} owns the {owned.describe()}"
    if not group and ids:
        return error(codes.OWNER_RAISES_ANOTHER,
                     f"{what} and may not raise another declaration")
    return error(codes.OWNER_SEPARATE_DECLARATION,
                 f"{what} and may only declare by adding to it as a group of {owned.value}s")


def in_sums(state: Position, pile: Pile, value: int) -> bool:
    """Whether ``pile`` counts as a single card of its value in a set totalling ``value``.

    pagat, Use of Plain Declarations: under liberal_declarations a plain
    declaration worth less than ``value`` is taken, raised or grouped like a
    loose card of its value (a declaration of 5 and a loose ace make a set of
    6).  A group never is: only a card of its value takes it (Group
    Declarations).
    """
    return state.rules.liberal_declarations and not pile.group and pile.value < value


def is_soy(rules: Rules, pile: Pile) -> bool:
    """Under ``soy``, whether ``pile`` is a soy: a group of exactly two equal numerals.

    pagat, the paragraph on the word soy (after Use of Plain Declarations): no
    cards may be added to a soy.  (That only a card of its value captures it is
    already the rule of every group, D207.)
    """
    return (rules.soy and pile.group and len(pile.cards) == 2
            and pile.cards[0].value == pile.cards[1].value)


def soy_violation(state: Position, piles: Iterable[Pile]) -> Violation | None:
    """D311: a declaring move adds nothing to a soy (pagat, paragraph on the word soy)."""
    for p in piles:
        if is_soy(state.rules, p):
            return error(codes.SOY_CLOSED,
                         f"the {p.describe()} is a soy: under this house rule nothing may be added to it")
    return None


def face_trio(state: Position, card: Card) -> frozenset[Card] | None:
    """Under ``three_face_cards``, the three loose cards of face card ``card``'s rank, else None.

    pagat, house rules after Four-Player Game: three equal face cards left on
    the opening table all go to the one card of their rank still to come
    (with only four cards to a rank, the card played is it).
    """
    if not state.rules.three_face_cards or not card.is_face:
        return None
    same = frozenset(c for c in state.loose if c.rank == card.rank)
    return same if len(same) == 3 else None


def capture_pool(state: Position, value: int) -> Counts:
    """The values of everything a numeral of ``value`` could take, as a count vector.

    Loose numerals up to ``value``, declarations worth ``value`` (each one whole
    set) and, under liberal_declarations, plain declarations worth less.
    """
    counts = [0] * 11
    for c in state.loose:
        if 0 < c.value <= value:
            counts[c.value] += 1
    for p in state.piles:
        if p.value == value or in_sums(state, p, value):
            counts[p.value] += 1
    return tuple(counts)


def capture_choices(state: Position, value: int) -> frozenset[Counts]:
    """Under ``forced_capture``, the value multisets a capture by ``value`` may take.

    pagat, Forced Capture: the capture may leave on the table nothing it could
    have taken together with what it took, so it takes an inclusion-maximal
    choice (of loose cards and declarations alike).  ``{ZERO}`` when the card
    can take nothing.
    """
    return maximal_counts(capture_pool(state, value), value)


def _table_items(state: Position, value: int, counts: Counts, move: Move | None = None) -> str:
    """Table items of these value counts that ``move`` does not take, in table order: loose cards,
    then declarations (e.g. ``"5h 4d"``, ``"Ad and the plain declaration of 5 (#1: 2c 3c)"``)."""
    left = list(counts)
    found: list[Card] = []
    for c in state.loose:
        if not c.is_face and left[c.value] and (move is None or c not in move.loose):
            found.append(c)
            left[c.value] -= 1
    names = [" ".join(map(str, found))] if found else []
    for p in state.piles:
        if (left[p.value] and (p.value == value or in_sums(state, p, value))
                and (move is None or p.id not in move.piles)):
            names.append(f"the {p.describe()}")
            left[p.value] -= 1
    return " and ".join(names)


def forced_capture_violation(state: Position, card: Card) -> Violation | None:
    """D211: under ``forced_capture`` a numeral that can capture may not be laid or declared.

    pagat, Forced Capture: a played card able to capture has to make the
    capture - and declaring is not capturing, so it is barred too.
    Face cards need no rule of their own: one that can capture may not be laid
    (D202) and never declares (D306).
    """
    if not state.rules.forced_capture or card.is_face:
        return None
    choices = capture_choices(state, card.value)
    if ZERO in choices:
        return None
    example = _table_items(state, card.value, min(choices))
    return error(codes.FORCED_CAPTURE,
                 f"{card} can capture {example}, and under forced-capture a card that can capture must")


def left_behind_violation(state: Position, move: Move) -> Violation | None:
    """D212: under ``forced_capture`` a numeral's capture is one of :func:`capture_choices`.

    Call only for a capture that is otherwise legal.
    """
    v = move.card.value
    taken = [0] * 11
    for c in move.loose:
        taken[c.value] += 1
    for p in state.piles:
        if p.id in move.piles:
            taken[p.value] += 1
    choices = capture_choices(state, v)
    have = tuple(taken)
    if have in choices:
        return None
    larger = next(o for o in sorted(choices) if all(x >= y for x, y in zip(o, have, strict=True)))
    rest = tuple(x - y for x, y in zip(larger, have, strict=True))
    return error(codes.CAPTURE_LEFT_BEHIND,
                 f"{move.card} leaves {_table_items(state, v, rest, move)} on the table, which it could take "
                 "along with the rest; under forced-capture it may not")


def xeri_rule_blocker(state: Position) -> str | None:
    """Why a table-clearing capture by the seat to move would score no xeri, or None.

    pagat, The “Xeri”: never the round's first card (unless ``first_card_xeri``);
    the dealer's last card does score (unless ``no_last_card_xeri``).
    """
    rules = state.rules
    if state.played == 0 and not state.setup and not rules.first_card_xeri:
        return "the first card of a round never scores a xeri"
    if rules.no_last_card_xeri and state.is_last_card():
        return "under this house rule the dealer's last card scores no xeri"
    return None


def xeri_blocker(state: Position, move: Move) -> str | None:
    """Why ``move`` is not a xeri, or None if it is one (D501)."""
    if move.kind != "capture":
        return f"{move.seat} captures nothing with {move.card}"
    left = [c for c in state.loose if c not in move.loose]
    left += [c for p in state.piles if p.id not in move.piles for c in p.cards]
    if left:
        return f"the capture leaves {describe_cards(left)} on the table"
    return xeri_rule_blocker(state)


def _blocks(v: Violation | None) -> bool:
    return v is not None and v.severity == "error"


# --------------------------------------------------------------------------
# check
# --------------------------------------------------------------------------


def check(state: Position, move: Move) -> list[Violation]:
    """Every rule ``move`` breaks in ``state``; empty if it is legal.

    Warnings mark rules the record cannot decide because a hand is partly
    unknown.  When the move names cards or declarations that are not on the
    table (D004) its sums are not judged.
    """
    out: list[Violation] = []
    seat, card = move.seat, move.card
    if seat not in state.seats:
        out.append(error(codes.WRONG_SEAT,
                         f"{seat} has no seat in this {state.players}-player game"))
        return out
    if move.kind not in ("lay", "capture", "declare"):
        raise ValueError(f"unknown move kind {move.kind!r}")
    if move.components and move.kind != "capture":
        raise ValueError("components belong to captures only")
    if seat != state.turn:
        out.append(error(codes.WRONG_SEAT, f"it is {state.turn or 'nobody'}'s turn, not {seat}'s"))
    if card not in state.hands[state.seats.index(seat)].known:
        _check_card(state, seat, card, out)
    named_elsewhere = move.piles or (move.loose and not move.loose.issubset(state.loose))
    if named_elsewhere and not _check_targets(state, move, out):
        return out
    kind = move.kind
    if kind == "lay":
        if move.loose or move.piles:
            out.append(error(codes.LAY_WITH_TARGETS,
                             f"{seat} lays {card}, which takes or uses nothing else"))
        out.extend(lay_violations(state, seat, card))
    elif kind == "capture":
        _check_capture(state, move, out)
    else:
        _check_declare(state, move, out)
    if kind != "lay":
        kept = keeps_declaration_card(state, seat, card, move.piles)
        if kept is not None:
            out.append(kept)
    if move.xeri:
        why = xeri_blocker(state, move)
        if why is not None:
            out.append(error(codes.FALSE_XERI, f"marked as a xeri, but {why}"))
    return out


def _where(state: Position, card: Card) -> str | None:
    """Where else ``card`` is known to be, for D002."""
    if card in state.loose:
        return "lying loose on the table"
    for p in state.piles:
        if card in p.cards:
            return f"in the {p.describe()}"
    for side, pile in zip(state.sides, state.captured, strict=True):
        if card in pile:
            return f"in {side}'s capture pile"
    for s, h in zip(state.seats, state.hands, strict=True):
        if card in h.known:
            return f"in {s}'s hand"
    if card in state.gone:
        return "already captured"
    return None


def _check_card(state: Position, seat: Seat, card: Card, out: list[Violation]) -> None:
    """D001/D002: a card not known in the mover's hand is unseen and they hold unknown cards."""
    hand = state.hand(seat)
    where = _where(state, card)
    if where is not None:
        out.append(error(codes.CARD_ALREADY_SEEN, f"{seat} cannot play {card}: it is {where}"))
    elif not hand.unknown:
        held = describe_cards(hand.known) or "no cards"
        out.append(error(codes.CARD_NOT_IN_HAND,
                         f"{card} is not in {seat}'s hand ({seat} holds {held})"))


def _check_targets(state: Position, move: Move, out: list[Violation]) -> bool:
    """D004: every loose card and declaration the move names is on the table."""
    ok = True
    missing = [c for c in move.loose if c not in state.loose]
    for c in sorted(missing, key=lambda c: c.index):
        pile = next((p for p in state.piles if c in p.cards), None)
        if pile is not None:
            out.append(error(codes.NOT_ON_TABLE,
                             f"{c} is part of the {pile.describe()} and cannot be taken "
                             "or used on its own"))
        else:
            out.append(error(codes.NOT_ON_TABLE, f"{c} is not on the table"))
        ok = False
    for i in sorted(move.piles):
        if state.pile(i) is None:
            out.append(error(codes.NOT_ON_TABLE, f"there is no declaration #{i} on the table"))
            ok = False
    return ok


def _index(card: Card) -> int:
    return card.index


def _piles_of(state: Position, ids: Collection[int]) -> list[Pile]:
    """The declarations with these ids, by id."""
    if not ids:
        return []
    return sorted((p for p in state.piles if p.id in ids), key=lambda p: p.id)


def _check_capture(state: Position, move: Move, out: list[Violation]) -> None:
    """D203-D209, D212, D213 (pagat, The Play, items 1-2 and 4; house rules)."""
    seat, card = move.seat, move.card
    piles = _piles_of(state, move.piles)
    if not move.loose and not piles:
        out.append(error(codes.EMPTY_CAPTURE, f"{seat} plays {card} as a capture but takes nothing"))
        return
    if card.is_face:
        _check_face_capture(state, move, piles, out)
        return
    v = card.value
    errors_before = len(out)
    numerals = [c for c in move.loose if not c.is_face]
    if len(numerals) < len(move.loose):
        faces = [c for c in move.loose if c.is_face]
        out.append(error(codes.FACE_IN_SUM,
                         f"{card} cannot take {describe_cards(faces)}: face cards have no value"))
    summed: list[Pile] = []  # plain declarations taken as single cards (liberal_declarations)
    for p in piles:
        if p.value == v:
            continue
        if in_sums(state, p, v):
            summed.append(p)
            continue
        out.append(error(codes.CAPTURE_DECLARATION_VALUE,
                         f"{card} cannot take the {p.describe()}: only a card of value "
                         f"{p.value} captures it"))
    if move.components:
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
                         f"split into single {v}s and sets totalling {v}"))
    if state.rules.forced_capture and len(out) == errors_before:
        left = left_behind_violation(state, move)
        if left is not None:
            out.append(left)


def _check_face_capture(state: Position, move: Move, piles: Sequence[Pile], out: list[Violation]) -> None:
    """D203/D204/D213: a face card takes one loose card of its rank (three, for the fourth card
    under three_face_cards)."""
    card = move.card
    rank = RANK_NAMES[card.rank]
    others = [c for c in move.loose if c.rank != card.rank]
    if others:
        out.append(error(codes.FACE_CAPTURE_RANK,
                         f"{card} can take only a loose {rank}, not {describe_cards(others)}"))
    trio = face_trio(state, card)
    if trio is not None:
        if piles or frozenset(c for c in move.loose if c.rank == card.rank) != trio:
            out.append(error(codes.FOURTH_FACE_CARD,
                             f"{card} is the fourth {rank}: under three-face-cards it captures all three "
                             f"on the table, {describe_cards(trio)}, and nothing else"))
    elif piles or len(move.loose) > 1:
        taken = [str(c) for c in sorted(move.loose, key=lambda c: c.index)]
        taken += [f"declaration #{p.id}" for p in piles]
        out.append(error(codes.FACE_CAPTURE_ONE,
                         f"{card} takes exactly one loose {rank} and nothing else, "
                         f"not {', '.join(taken)}"))


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
        name = "+".join([*(str(c) for c in sorted(comp_cards, key=_index)), *(f"#{i}" for i in sorted(ids))])
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
            out.append(error(codes.COMPONENT_SUM, f"the component {name} {problem}"))
        used_cards |= comp_cards
        used_piles |= ids
    return used_cards, used_piles


def _check_declare(state: Position, move: Move, out: list[Violation]) -> None:
    """D301-D311, D401-D402, D211 (pagat, Plain Declarations; Group Declarations; Obligations;
    house rules)."""
    seat, card = move.seat, move.card
    rules = state.rules
    piles = _piles_of(state, move.piles)
    faces = [c for c in (card, *move.loose) if c.is_face]
    if faces:
        out.append(error(codes.FACE_IN_DECLARATION,
                         f"{describe_cards(faces)}: face cards never enter a declaration"))
    if rules.forced_capture:
        forced = forced_capture_violation(state, card)
        if forced is not None:
            out.append(forced)
    if rules.soy:
        closed = soy_violation(state, piles)
        if closed is not None:
            out.append(closed)
    numerals = [c for c in move.loose if not c.is_face]
    value = move.value
    if move.group:
        if value is None:
            out.append(error(codes.GROUP_SPLIT, "a group declaration must state its value"))
        elif 1 <= value <= 10 and not card.is_face:
            _check_group(state, move, piles, numerals, value, out)
    else:
        total = card.value + sum(c.value for c in numerals) + sum(p.value for p in piles)
        if value is None:
            value = total
        if not piles:
            if not move.loose:
                out.append(error(codes.PLAIN_WITHOUT_TABLE_CARD,
                                 f"a plain declaration needs a loose table card besides {card}"))
            elif total != value:
                out.append(error(codes.DECLARE_SUM,
                                 f"{describe_cards([card, *numerals])} total {total}, not {value}"))
        else:
            if (len(piles) > 1 or move.loose) and not rules.liberal_declarations:
                out.append(error(codes.RAISE_SHAPE,
                                 "a raise adds only the played card to one plain declaration"))
            for p in piles:
                bad = raise_violation(state, seat, p)
                if bad is not None:
                    out.append(bad)
            if total != value:
                out.append(error(codes.DECLARE_SUM,
                                 f"raising with {card} makes {total}, not {value}"))
    if value is not None and not 1 <= value <= 10:
        out.append(error(codes.DECLARE_OVER_TEN,
                         f"a declaration of {value} is impossible: values run from 1 to 10"))
    owner = owner_declare_violation(state, seat, move.group, move.piles)
    if owner is not None:
        out.append(owner)
    if value is not None and 1 <= value <= 10:
        held = declarer_holds(state, seat, card, value)
        if held is not None:
            out.append(held)


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
            out.append(bad)
            return
        raised = other[0]
    elif other:
        for p in other:
            out.append(error(codes.GROUP_SPLIT,
                             f"the {p.describe()} is not worth {value} and cannot join a "
                             f"group of {value}s"))
        return
    parts = list(numerals) if raised is not None else [*numerals, card]
    values = [c.value for c in parts]
    if not splits(values, value):
        out.append(error(codes.GROUP_SPLIT,
                         f"{describe_cards(parts) or 'nothing loose'} do not split into sets "
                         f"totalling {value}"))
        return
    count = sum(values) // value + (raised is not None)
    count += sum(2 if p.group else 1 for p in piles if p.value == value)
    if count < 2:
        out.append(error(codes.GROUP_TOO_SMALL,
                         f"this makes only one set totalling {value}; a group of {value}s "
                         "needs two or more"))


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
                             f"group of {value}s"))
            return
        bad = raise_violation(state, seat, p)
        if bad is not None:
            out.append(bad)
            return
    values = [card.value, *(c.value for c in numerals), *(p.value for p in other)]
    if not splits(values, value):
        parts = ", ".join([describe_cards([card, *numerals]), *(p.describe() for p in other)])
        out.append(error(codes.GROUP_SPLIT, f"{parts} do not split into sets totalling {value}"))
        return
    count = sum(values) // value + sum(2 if p.group else 1 for p in piles if p.value == value)
    if count < 2:
        out.append(error(codes.GROUP_TOO_SMALL,
                         f"this makes only one set totalling {value}; a group of {value}s "
                         "needs two or more"))


# --------------------------------------------------------------------------
# legal moves
# --------------------------------------------------------------------------


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
    """The items of an iterator, made as they are first asked for and kept for the next pass."""

    __slots__ = ("made", "source")

    def __init__(self, source: Iterator[T]) -> None:
        self.made: list[T] = []
        self.source = source

    def __iter__(self) -> Iterator[T]:
        made = self.made
        i = 0
        while True:
            if i == len(made):
                for item in self.source:  # one more
                    made.append(item)
                    break
                else:
                    return
            yield made[i]
            i += 1


class _Listing:
    """What the moves of every card in one listing share: the seat, the loose numerals as value
    counts, the declarations the seat may raise, and the cards each value count stands for."""

    def __init__(self, state: RoundState, by_value: bool) -> None:
        self.state = state
        self.seat = seat = state.turn
        self.owned = state.owned_pile(seat)
        numerals = tuple(c for c in state.loose if not c.is_face)
        self.groups = group_by_value(numerals)
        self.avail = counts_of(c.value for c in numerals)
        self.packed = pack(self.avail)
        self.n_loose, self.n_piles = len(state.loose), len(state.piles)
        self.xeri_ok = xeri_rule_blocker(state) is None
        # Raising depends on the seat and the declaration only (D303, D309).
        self.raisable = frozenset(p.id for p in state.piles if raise_violation(state, seat, p) is None)
        self.seen = state.seen() if state.hand(seat).unknown else None
        self.by_value = by_value
        self._sets: dict[tuple[int, Counts], tuple[Iterable[Options], Iterable[int]]] = {}
        self._boxes: dict[Box, list[tuple[frozenset[Card]]]] = {}
        self._first: dict[Packed, tuple[frozenset[Card]]] = {}
        self._halves: tuple[dict[Packed, frozenset[Card]], dict[Packed, frozenset[Card]]] = ({}, {})

    def options(self, code: Packed) -> Options:
        """The loose cards with the value counts ``code``: every choice of suits or, by value,
        the cards first in table order only (one frozenset per listing: many moves share it)."""
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
                b = high[rest] = frozenset(first(self.groups, unpack(rest))[0])
            found = self._first[code] = (a | b,)
        return found

    def sets(self, target: int, fixed: Counts = ZERO) -> tuple[Iterable[Options], Iterable[int]]:
        """:func:`splittable` on the loose numerals: the cards of each sub-multiset and the totals of
        their values (asked once per listing: cards of equal value share them).

        On a large table they are made as they are first iterated and kept, so that a caller
        that stops early (the validator's help, :func:`has_legal_move`) makes only a few.
        """
        found = self._sets.get((target, fixed))
        if found is None:
            chosen = splittable(self.avail, target, fixed)
            box = chosen.box
            if self.by_value and box.size <= _TABULATE:
                found = list(chosen.pick(self._tabulated(box))), list(chosen.pick(box.totals()))
            else:
                members = _Made(chosen.iter_members())
                found = (_Made(self.options(code) for code, _ in members),
                         _Made(total for _, total in members))
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

    def may_declare(self, card: Card, value: int) -> bool:
        """D302 does not block a declaration of ``value`` with ``card`` (it may be undecided)."""
        return holds_value_after(self.state, self.seat, card, value, seen=self.seen) is not False


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
    for card in sorted(held if cards is None else held & set(cards), key=_index):
        if not lay_violations(state, seat, card):
            yield Move(seat, card, "lay")
        # Without taking their own declaration, may the owner spend this card?
        free = not _blocks(keeps_declaration_card(state, seat, card, ()))
        if card.is_face:
            trio = face_trio(state, card)
            if free and trio is not None:
                yield Move(seat, card, "capture", trio, xeri=xeri_ok and n_loose == 3 and not n_piles)
            elif free:
                for c in state.loose:
                    if c.rank == card.rank:
                        yield Move(seat, card, "capture", frozenset((c,)),
                                   xeri=xeri_ok and n_loose == 1 and not n_piles)
            continue
        choices = capture_choices(state, card.value) if state.rules.forced_capture else None
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
    whole = [p for p in state.piles if p.value == v]
    summed = [p for p in state.piles if in_sums(state, p, v)]  # liberal_declarations only
    maximal = None if choices is None else [pack(c) for c in choices]
    for parts in _subsets(summed):
        fixed = counts_of(p.value for p in parts) if parts else ZERO
        sets = table.sets(v, fixed)[0] if maximal is None else []
        for chosen in _subsets(whole):
            ids = frozenset(p.id for p in (*parts, *chosen))
            if not free and (owned is None or owned.id not in ids):
                continue
            everything = table.xeri_ok and len(ids) == table.n_piles
            if maximal is not None:  # only what forced_capture allows, straight from its choices
                rest = pack(fixed) + len(chosen) * PACKED_UNIT[v]
                sets = [table.options(code) for code in _forced(maximal, table.packed, rest)]
            for options in sets:
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
#: The ids of no declaration.
NO_PILES: frozenset[int] = frozenset()


def _declarations(table: _Listing, card: Card) -> Iterator[Move]:
    """Plain declarations, raises and groups the seat to move may make with numeral ``card``."""
    state, seat, owned = table.state, table.seat, table.owned
    rules = state.rules
    cv = card.value
    if owned is None and rules.liberal_declarations:
        yield from _liberal_plain(table, card)
    elif owned is None:
        for value in range(cv + 1, 11):
            if not table.may_declare(card, value):
                continue
            for counts in totalling_counts(table.avail, value - cv):
                for cards in table.options(pack(counts)):
                    yield _move(Move, (seat, card, "declare", cards, NO_PILES, value, False, (), False))
        for p in state.piles:
            value = p.value + cv
            if value <= 10 and p.id in table.raisable and table.may_declare(card, value):
                yield Move(seat, card, "declare", frozenset(), frozenset((p.id,)), value)
    if owned is not None and is_soy(rules, owned):
        return  # nothing may be added to a soy, and its owner may make no other declaration
    # The played card is in one of a group's sets, so no group is worth less than the card.
    for value in (owned.value,) if owned is not None else range(cv, 11):
        if value < cv or not table.may_declare(card, value):
            continue
        worth = [p for p in state.piles if p.value == value and p is not owned and not is_soy(rules, p)]
        base: tuple[Pile, ...] = (owned,) if owned is not None else ()
        # The declarations worth the value joined whole (their ids) and the sets they bring.
        choices = [(frozenset(p.id for p in base + s), len(base) + len(s) + sum(p.group for p in base + s))
                   for s in _subsets(worth)]
        if rules.liberal_declarations:
            yield from _liberal_groups(table, card, value, choices)
            continue
        for options, total in zip(*table.sets(value, UNIT[cv]), strict=True):  # the card in a set of loose cards
            sets = (total + cv) // value
            for ids, n in choices:
                if sets + n >= 2:
                    for cards in options:
                        yield _move(Move, (seat, card, "declare", cards, ids, value, True, (), False))
        for q in state.piles:  # the played card raises an opponent's plain declaration
            if q.value + cv != value or q.id not in table.raisable:
                continue
            raised = [(ids | {q.id}, n) for ids, n in choices]
            for options, total in zip(*table.sets(value), strict=True):
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
            if not table.may_declare(card, value):
                continue
            if value == base:
                yield Move(seat, card, "declare", frozenset(), ids, value)
                continue
            for counts in totalling_counts(table.avail, value - base):
                for cards in table.options(pack(counts)):
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
        for options, total in zip(*table.sets(value, fixed), strict=True):
            sets = (total + inside) // value
            for ids, n in joined:
                if sets + n >= 2:
                    for cards in options:
                        yield _move(Move, (seat, card, "declare", cards, ids, value, True, (), False))


# --------------------------------------------------------------------------
# apply
# --------------------------------------------------------------------------


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

    hands: list[LiveHand]
    loose: list[Card]
    piles: list[Pile]
    captured: list[list[Card]]
    xeris: list[int]

    def __init__(self, state: RoundState) -> None:
        (self.rules, self.seats, self.dealer, self.deal, hands, loose, piles, captured, xeris,
         self.last_capturer, self.turn, self.played, self.setup, self.next_pile_id, self.gone) = state
        self.hands = [LiveHand(set(h.known), h.unknown) for h in hands]
        self.loose = list(loose)
        self.piles = list(piles)
        self.captured = [list(pile) for pile in captured]
        self.xeris = list(xeris)

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
        seat, card, kind = move.seat, move.card, move.kind
        seats = self.seats
        i = seats.index(seat)
        xeri = False
        if kind == "lay":
            self.loose.append(card)
        elif kind == "capture":
            named, ids = move.loose, move.piles
            taken = [card, *[c for c in self.loose if c in named]]
            self.loose = [c for c in self.loose if c not in named]
            if ids:
                taken += [c for p in self.piles if p.id in ids for c in p.cards]
                self.piles = [p for p in self.piles if p.id not in ids]
            side = i % 2  # seats alternate sides in play order (Position.side_index)
            self.captured[side] += taken
            self.last_capturer = seat
            if not self.loose and not self.piles and xeri_rule_blocker(self) is None:
                self.xeris[side] += 1
                xeri = True
        else:
            named, ids = move.loose, move.piles
            absorbed = [p for p in self.piles if p.id in ids]
            used = [c for c in self.loose if c in named]
            self.loose = [c for c in self.loose if c not in named]
            cards = (*[c for p in absorbed for c in p.cards], *used, card)
            value = move.value if move.value is not None else sum(c.value for c in cards)
            if absorbed:
                pid = min(p.id for p in absorbed)
            else:
                pid = self.next_pile_id
                self.next_pile_id += 1
            # The new pile takes the place of the first pile it absorbs.
            at = self.piles.index(absorbed[0]) if absorbed else len(self.piles)
            self.piles = [p for p in self.piles if p.id not in ids]
            self.piles.insert(at, Pile(pid, value, move.group, seat, cards))
        hand = self.hands[i]
        if card in hand.known:
            hand.known.discard(card)
        elif hand.unknown:
            hand.unknown -= 1
        self.turn = seats[(i + 1) % len(seats)]
        self.played += 1
        return xeri
