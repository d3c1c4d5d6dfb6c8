"""The hands of a deal as the validator replays them: what the hand lines write, and what the record
shows the seats held by the cards they go on to play.

Most records do not write every hand (a recorder sees only the table), so the
checker (:mod:`dln.check.validate`) builds each deal's hands from the hand lines
and the moves before it judges a move.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from operator import attrgetter

from dln.cards import Card
from dln.check.missing import plays_on
from dln.check.reports import DealPlan
from dln.engine import Hand, Position
from dln.engine import Move as EngineMove
from dln.engine.state import TABLE_SIZE
from dln.games import protocol
from dln.notation.model import Hand as RecordHand
from dln.notation.model import Move

__all__ = ["card_meant", "card_played_twice", "deal_hands", "meant_note", "table_left_out", "written_for"]

#: A move's card, read in C by ``map``.
_card_of = attrgetter("card")


def deal_hands(
    plan: DealPlan,
    seats: Sequence[str],
    hand_size: int,
    setup: bool,
    dealt: Mapping[str, Sequence[Card]] | None = None,
    elsewhere: Callable[[], Collection[Card]] = frozenset,
    sizes: Mapping[str, int] | None = None,
    complete: bool = False,
) -> dict[str, Hand]:
    """Each seat's hand for a deal of ``hand_size`` cards: as written, completed by the cards the seat goes on
    to play.

    A recorder often does not see the hands; then a hand is exactly the cards
    its seat plays in that deal, which decides every "still holds a card of
    that value" question.  Cards not yet played when the record ends stay
    unknown.  A card known to be ``elsewhere`` when the deal starts (on the
    table, captured), written in a hand line, or already played in the deal
    is not put in another hand: playing it is then reported at the move.
    ``elsewhere`` is asked only when a card played is not in a hand line.
    A seat is given at most a deal's cards: one that plays more played out
    of turn, which is reported at that move, not as a hand size here.
    In a setup, ``sizes`` says how many cards an unwritten hand holds.  ``complete``: a round's hand line
    that lists fewer cards than a deal gives (D102, reported from the line as written) holds the rest as
    cards the recorder did not see, so that playing one is no second error; one that lists more holds a
    deal's cards (:meth:`DealPlan.a_deal_of`), so that the entry too many is not a card left in hand at the end.
    """
    claimed: set[Card | None] = set()
    lines: dict[str, tuple[RecordHand, frozenset[Card | None]]] = {}
    misread = written_for(plan, elsewhere) if complete and dealt is None else {}
    for h in plan.hands:
        if any(seat == h.seat for seat, _ in misread):  # its card written for another: read as one not seen
            h = replace(h, cards=tuple(None if (h.seat, c) in misread else c for c in h.cards))
        written = frozenset(h.cards)  # each card hashed once: the set merges it without hashing again
        lines[h.seat] = h, written
        claimed.update(written)
    claimed.discard(None)
    played_by: dict[str, list[Card]] = {seat: [] for seat in seats}
    if not claimed.issuperset(map(_card_of, plan.moves)):
        claimed.update(elsewhere())
        for move in plan.moves:
            # At most a deal's cards each: a seat that plays more played out of turn, which its move says.
            if move.card not in claimed and move.seat in played_by and len(played_by[move.seat]) < hand_size:
                claimed.add(move.card)
                played_by[move.seat].append(move.card)
    hands: dict[str, Hand] = {}
    for seat in seats:
        played = played_by[seat]
        if dealt is not None:
            hands[seat] = Hand(frozenset(dealt.get(seat, ())), 0)
        elif seat in lines:
            line, written = lines[seat]
            missing = max(hand_size - len(line.cards), 0) if complete else 0
            cards = plan.a_deal_of(line.cards, seat, hand_size) if complete else line.cards
            if None not in written and not missing and cards is line.cards:  # the usual hand line
                hands[seat] = Hand(written, 0)  # type: ignore[arg-type]
                continue
            unknown = cards.count(None) + missing  # '?': a card the recorder did not see
            known = {c for c in cards if c is not None}
            for card in played:
                if card not in known and unknown > 0:
                    known.add(card)
                    unknown -= 1
            hands[seat] = Hand(frozenset(known), unknown)
        elif setup:
            size = (sizes or {}).get(seat, len(played))
            hands[seat] = Hand(frozenset(played), max(size - len(played), 0))
        else:
            known = frozenset(played)
            hands[seat] = Hand(known, hand_size - len(known))
    return hands


def written_for(plan: DealPlan, elsewhere: Callable[[], Collection[Card]]) -> dict[tuple[str, Card], tuple[Card, ...]]:
    """The hand line entries of ``plan`` that its moves show written for another card, each (seat, card) with
    the cards its seat plays that its line does not write: a card already ``elsewhere`` as the deal begins (on
    the table, captured) or written in another seat's hand line, that its seat does not play in the deal,
    while it plays cards its line does not name.  Each card exists once (D104), and the moves tell that the
    hand line's mention of it is the one written wrong."""
    found: dict[tuple[str, Card], tuple[Card, ...]] = {}
    placed: Collection[Card] | None = None
    for h in plan.hands:
        played = [m.card for m in plan.moves if m.seat == h.seat]
        unnamed = tuple(c for c in played if c not in h.cards)
        if not unnamed:  # the usual hand line: every card its seat plays is written in it
            continue
        others = {c for o in plan.hands if o is not h for c in o.cards}
        for card in h.cards:
            if card is None or card in played:
                continue
            if placed is None and card not in others:
                placed = elsewhere()
            if card in others or card in (placed or ()):
                found[(h.seat, card)] = unnamed
    return found


def table_left_out(plans: Sequence[DealPlan], table: Sequence[Card]) -> tuple[Card, ...]:
    """The cards an opening ``table`` line that lists fewer than a first deal puts face up (D105, judged as
    written) left out, as the round's moves tell: the cards they take from the table, or declare with, that no
    line of the round writes (not on the table line, in no hand line, played by no move), when they are as many
    as the cards missing.  Else none: the table is played as written."""
    short = TABLE_SIZE - len(table)
    if short <= 0:
        return ()
    written = set(table)
    for plan in plans:
        written.update(card for hand in plan.hands for card in hand.cards if card is not None)
        written.update(map(_card_of, plan.moves))
    named = list(dict.fromkeys(item for plan in plans for move in plan.moves for item in move.items
                               if isinstance(item, Card) and item not in written))
    return tuple(named) if len(named) == short else ()


def card_meant(engine: protocol.Game, state: Position, move: Move, engine_move: EngineMove, later: Sequence[Move]
               ) -> tuple[Card, Move] | None:
    """The card an illegal ``move`` must have played, and the ``later`` move of the deal that plays its
    card again, when that can be told: the seat's hand is known in full, and exactly one of its cards
    that no later move of the deal plays makes the move, as written but for its card, legal.  Else None."""
    again = next((m for m in later if m.seat == move.seat and m.card == move.card), None)
    if again is None:
        return None
    hand = state.hand(move.seat)
    if hand.unknown or move.card not in hand.known:
        return None
    spare = set(hand.known).difference(m.card for m in later if m.seat == move.seat)
    fits = [card for card in sorted(spare) if not any(v.severity == "error" for v in
                                                      engine.check(state, engine_move._replace(card=card)))]
    return (fits[0], again) if len(fits) == 1 else None


def card_played_twice(engine: protocol.Game, state: Position, move: Move, engine_move: EngineMove,
                      later: Sequence[Move]) -> tuple[Card, Move] | None:
    """The card a legal ``move`` must have played when its seat plays the same card again ``later`` in the deal
    (each card exists once): the card :func:`card_meant` names, when every later move of the deal is legal after
    the move made with it, so that the one card written wrong is the whole of what the record gets wrong there.
    Else None."""
    meant = card_meant(engine, state, move, engine_move, later)
    if meant is None:
        return None
    position = state.freeze() if hasattr(state, "freeze") else state
    if plays_on(engine, engine.apply(position, engine_move._replace(card=meant[0])), later) is None:
        return None
    # The later play written wrong instead, the first as written, may fit as well: then the record cannot tell
    # which of the two is the mistake, and the error stays at the later one, where the rule is broken.
    after, (card, again) = engine.apply(position, engine_move), meant
    either = [replace(m, card=card) if m is again else m for m in later]
    return None if plays_on(engine, after, either) is not None else meant


def meant_note(move: Move, card: Card, again: Move) -> str:
    """What a card written for ``card`` (:func:`card_meant`) is said to be, ``again`` the move that plays it."""
    return (f"{move.seat} plays {move.card} again on line {again.line}: the card played here must be {card}, the one "
            f"card of {move.seat}'s hand that no later move of this deal plays and that makes this move legal; the "
            f"round goes on as {move.seat} played {card}")
