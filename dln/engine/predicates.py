"""The rule predicates: each rule in one place, shared by ``check`` and the move listing.

Each takes any :class:`~dln.engine.state.Position` (a frozen ``RoundState``
or a :class:`~dln.engine.play.LiveRound`) and answers one question of the
rules, or returns the :class:`Violation` a move breaking it earns.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from dln.cards import DECK, Card

from . import codes
from .codes import Violation, error, warning
from .rules import Rules
from .state import Move, Pile, Position, Seat, describe_cards
from .sums import ZERO, Counts, maximal_counts, splits


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
    for owned in state.piles:  # state.owned_pile(seat), without a call: every lay asks
        if owned.owner == seat:
            # pagat, Obligations of the declarer: no laying until the declaration is gone.
            out.append(error(
                codes.LAY_WHILE_DECLARED,
                f"{seat} owns the {owned.describe()} and may not lay {card}; "
                "they must capture or add to their declaration"))
            break
    rank = card.rank
    if rank > 10:  # a face card
        # pagat, The Play (item 5): a matching loose face card must be captured instead (the three of its rank
        # under three_face_cards, whose fourth card takes them all).
        for c in state.loose:
            if c.rank == rank:
                trio = face_trio(state, card)
                out.append(error(
                    codes.FACE_LAY_ON_MATCH,
                    f"{card} may not be laid while {c} lies loose on the table; {seat} must capture "
                    + (f"all three, {describe_cards(trio)}" if trio else "it")))
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
    for owned in state.piles:  # state.owned_pile(seat), without a call: every capture and declaration asks
        if owned.owner == seat:
            break
    else:
        return None
    if owned.id in piles:
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


def may_raise(state: Position, seat: Seat, pile: Pile) -> bool:
    """D309/D303: only an opponent's plain declaration can be raised.

    pagat, Plain Declarations and Four-Player Game; a pile whose owner a setup
    left unstated binds nobody and may be raised by anyone.  The move listing
    asks this of every declaration; :func:`raise_violation` says why not.
    """
    owner = pile.owner
    return not pile.group and (owner is None or (owner != seat and owner != state.partner(seat)))


def raise_violation(state: Position, seat: Seat, pile: Pile) -> Violation | None:
    """What breaks :func:`may_raise` (D309 a group, D303 one's own or a partner's declaration), or None."""
    if may_raise(state, seat, pile):
        return None
    if pile.group:
        return error(codes.RAISE_GROUP,
                     f"the {pile.describe()} is a group and cannot be raised")
    if pile.owner == seat:
        return error(codes.RAISE_OWN,
                     f"{seat} may not raise their own {pile.describe()}")
    return error(codes.RAISE_OWN,
                 f"{seat} may not raise the {pile.describe()} of their partner {pile.owner}")


def group_meant(state: Position, move: Move) -> Pile | None:
    """The owner's own plain declaration that ``move`` raises with a card of its value (and loose cards of
    it), or None: pagat, Group Declarations: such cards join it as a group (``N 6h [6] =6s``), so a sum
    written (``=12``) is the group written wrong, one mistake (D303)."""
    if move.kind != "declare" or move.group or len(move.piles) != 1:
        return None
    pile = state.pile(next(iter(move.piles)))
    value = move.card.value
    if pile is None or pile.group or pile.owner != move.seat or pile.value != value or not value \
            or any(c.value != value for c in move.loose):
        return None
    return pile


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
                         f"the {p.describe()} is a soy: under this house rule nothing may be added to it",
                         f"pile {p.id}")
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
    if not rules.first_card_xeri and state.is_first_card():
        return "the first card of a round never scores a xeri"
    if rules.no_last_card_xeri and state.is_last_card():
        return "under this house rule the dealer's last card scores no xeri"
    return None


def scores_xeri(state: Position, move: Move) -> bool:
    """``move`` is a xeri (:func:`xeri_blocker` is None), asked without putting the reason into words."""
    if move.kind != "capture" or any(c not in move.loose for c in state.loose) \
            or any(p.id not in move.piles for p in state.piles):
        return False
    return xeri_rule_blocker(state) is None


def xeri_blocker(state: Position, move: Move) -> str | None:
    """Why ``move`` is not a xeri, or None if it is one (D501)."""
    if move.kind != "capture":
        return f"{move.seat} captures nothing with {move.card}"
    left = [c for c in state.loose if c not in move.loose]
    left += [c for p in state.piles if p.id not in move.piles for c in p.cards]
    if left:
        return f"the capture leaves {describe_cards(left)} on the table"
    return xeri_rule_blocker(state)


#: The pip value of every card (face cards 0), looked up in :func:`sweepers`, which playouts ask at every step.
_VALUE: dict[Card, int] = {c: c.value for c in DECK}


def sweepers(loose: Sequence[Card], piles: Sequence[Pile], rules: Rules) -> tuple[bool, tuple[int, ...]]:
    """Which cards take the whole table of ``loose`` cards and ``piles`` at once (pagat, The “Xeri”):
    (True, ranks) for a table of face cards, (False, values) for numerals; none, an empty tuple.

    A face card takes the one face card of its rank (or three, under three_face_cards); a numeral takes
    sets of its value and the declarations of its value whole, and under liberal_declarations plain ones
    worth less as loose cards of their value (:func:`in_sums`).  Whether the sweep scores is
    :func:`xeri_rule_blocker`'s."""
    if not loose and not piles:
        return False, ()
    if any(c.rank > 10 for c in loose):
        ranks = {c.rank for c in loose}
        if piles or len(ranks) > 1 or not (len(loose) == 1 or (len(loose) == 3 and rules.three_face_cards)):
            return True, ()
        return True, tuple(ranks)
    return False, _sweeping_values(tuple(sorted(_VALUE[c] for c in loose)),
                                   tuple(sorted((p.value, p.group) for p in piles)), rules.liberal_declarations)


@lru_cache(maxsize=1 << 14)
def _sweeping_values(values: tuple[int, ...], piles: tuple[tuple[int, bool], ...], liberal: bool) -> tuple[int, ...]:
    """The values of the numerals that take loose numerals of ``values`` and every declaration of ``piles``
    (value, group) at once (:func:`sweepers`; a pile counts as a loose card as :func:`in_sums` says)."""
    found = []
    for v in range(max((*values, *(p[0] for p in piles)), default=1), 11):
        summed = [value for value, group in piles if liberal and not group and value < v]
        if (all(value == v or (liberal and not group and value < v) for value, group in piles)
                and splits([*values, *summed], v)):
            found.append(v)
    return tuple(found)
