"""Random playouts: a cheap legal-move sampler and the rest of a round played at random, in place.

A search that judges a position by playing it out many times needs moves by
the tens of thousands per second; listing every legal move (:func:`legal_moves`)
before choosing one costs most of that.  :func:`random_move` instead proposes a
few moves of one card at a time (a lay, a capture, a plain declaration, a raise,
a group), in random order, and plays the first one :func:`check` finds legal:
the rules are decided by the same checker the validator uses, so a proposal the
sampler gets wrong is refused, never played.  When no proposal passes (an owner
bound by a declaration, a house rule such as forced-capture that asks for one
particular capture) it falls back to the full listing, so it never misses a
legal move when one exists.  The moves are not drawn uniformly from the legal
ones: the sampler reaches every kind of move, not every move.

:func:`random_playout` plays a position to the end of its round on a
:class:`LiveRound` (copied, then played in place), dealing the cards still to
come, and returns each side's points for the round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from dln.cards import DECK, Card

from .checking import check
from .deal import deal_order
from .listing import NO_CARDS, NO_PILES, legal_moves
from .play import LiveRound
from .predicates import xeri_rule_blocker
from .scoring import finish_round, score_round
from .state import HAND_SIZE, Move, Position, RoundState, Side

__all__ = ["random_move", "random_playout"]

#: The value of every card (face cards 0), looked up rather than computed in the sampler's loops.
_VALUE: dict[Card, int] = {c: c.value for c in DECK}
_INDEX: dict[Card, int] = {c: c.index for c in DECK}
#: Builds a Move from its nine fields without NamedTuple's Python-level ``__new__``.
_move = tuple.__new__


def _sets(numerals: Sequence[Card], target: int) -> list[tuple[Card, ...]]:
    """Single cards and pairs among ``numerals`` totalling ``target``: the sets proposals are made of."""
    out: list[tuple[Card, ...]] = []
    for i, a in enumerate(numerals):
        va = _VALUE[a]
        if va == target:
            out.append((a,))
        elif va < target:
            need = target - va
            for b in numerals[i + 1:]:
                if _VALUE[b] == need:
                    out.append((a, b))
    return out


def _disjoint(sets: list[tuple[Card, ...]], rng: random.Random, *, all_of: bool) -> list[Card]:
    """The cards of sets taken in random order, skipping any that shares a card: all that fit, or one."""
    rng.shuffle(sets)
    taken: list[Card] = []
    for s in sets:
        if not any(c in taken for c in s):
            taken.extend(s)
            if not all_of:
                break
    return taken


def _captures(state: Position, card: Card, rng: random.Random) -> list[Move]:
    """Proposed captures by ``card``: everything it can take, or one set of it."""
    seat, loose, piles = state.turn, state.loose, state.piles
    v = _VALUE[card]
    out: list[Move] = []
    everything_ok = xeri_rule_blocker(state) is None
    if v == 0:
        same = [c for c in loose if c.rank == card.rank]
        trio = len(same) == 3 and state.rules.three_face_cards  # the fourth card takes all three
        for taken in ([same] if trio else [[c] for c in same]):
            xeri = everything_ok and len(taken) == len(loose) and not piles
            out.append(_move(Move, (seat, card, "capture", frozenset(taken), NO_PILES, None, False, (), xeri)))
        return out
    numerals = [c for c in loose if 0 < _VALUE[c] <= v]
    sets = _sets(numerals, v)
    whole = [p.id for p in piles if p.value == v]
    for all_of in (True, False):
        cards = _disjoint(sets, rng, all_of=all_of)
        ids = whole if all_of else whole[:1] if not cards else []
        if cards or ids:
            xeri = everything_ok and len(cards) == len(loose) and len(ids) == len(piles)
            out.append(_move(Move, (seat, card, "capture", frozenset(cards), frozenset(ids), None, False, (),
                                    xeri)))
    return out


def _declarations(state: Position, card: Card, held: set[int] | None, rng: random.Random) -> list[Move]:
    """Proposed declarations with numeral ``card``: plain, raises and groups of values the seat
    still holds (``held``: the values of the other known cards, None when the hand is partly unknown)."""
    seat, loose, piles = state.turn, state.loose, state.piles
    cv = _VALUE[card]
    out: list[Move] = []
    numerals = [c for c in loose if _VALUE[c]]
    for x in numerals:  # plain: the card and one loose card
        value = cv + _VALUE[x]
        if value <= 10 and (held is None or value in held):
            out.append(_move(Move, (seat, card, "declare", frozenset((x,)), NO_PILES, value, False, (), False)))
    for p in piles:  # raise: the card added to a plain declaration
        value = p.value + cv
        if not p.group and value <= 10 and (held is None or value in held):
            out.append(_move(Move, (seat, card, "declare", NO_CARDS, frozenset((p.id,)), value, False, (), False)))
    for value in range(cv, 11):  # groups: the card's set and at least one more
        if held is not None and value not in held:
            continue
        if value == cv:
            own: list[Card] = []
        else:
            mates = [x for x in numerals if _VALUE[x] == value - cv]
            if not mates:
                continue
            own = [rng.choice(mates)]
        others = _disjoint([s for s in _sets(numerals, value) if not any(c in own for c in s)], rng,
                           all_of=True)
        ids = [p.id for p in piles if p.value == value]
        if others or ids:
            out.append(_move(Move, (seat, card, "declare", frozenset(own + others), frozenset(ids), value, True,
                                    (), False)))
    return out


def _is_legal(state: Position, move: Move) -> bool:
    return not any(v.severity == "error" for v in check(state, move))


def random_move(position: Position, rng: random.Random) -> Move:
    """A random legal move of the seat to move, its xeri mark set when it scores one.

    Proposals are made card by card (the cards of the hand in random order),
    and for each card kind by kind in random order; the first that
    :func:`check` finds legal is returned.  If none is, a move is drawn from
    :func:`legal_moves`.  Only known cards are played.  Raises ValueError when
    the seat has no legal move with a known card.
    """
    seat = position.turn
    hand = position.hands[position.seats.index(seat)]
    cards = sorted(hand.known, key=_INDEX.__getitem__)  # set order is not reproducible across processes
    rng.shuffle(cards)
    for card in cards:
        # D302: a declarer keeps a card of the value; unknown cards might be one.
        held = None if hand.unknown else {_VALUE[c] for c in cards if c != card}
        kinds = [0, 1, 2] if _VALUE[card] else [0, 1]
        rng.shuffle(kinds)
        for kind in kinds:
            if kind == 0:
                proposals = [_move(Move, (seat, card, "lay", NO_CARDS, NO_PILES, None, False, (), False))]
            elif kind == 1:
                proposals = _captures(position, card, rng)
            else:
                proposals = _declarations(position, card, held, rng)
            rng.shuffle(proposals)
            for move in proposals:
                if _is_legal(position, move):
                    return move
    if isinstance(position, LiveRound):
        frozen = position.freeze()
    elif isinstance(position, RoundState):
        frozen = position
    else:
        raise TypeError("random_move takes a RoundState or a LiveRound")
    moves = legal_moves(frozen)
    if not moves:
        raise ValueError(f"{seat} has no legal move with a known card")
    return rng.choice(moves)


def random_playout(
    position: RoundState | LiveRound, rng: random.Random, *, to_come: Sequence[Card] | None = None
) -> dict[Side, int]:
    """Each side's points for the round, playing ``position`` to its end with :func:`random_move`.

    The position is not changed (a :class:`LiveRound` is copied first).  The
    cards not yet seen (unknown hand cards and the deals still to come) are
    ``to_come`` in that order, by default the unseen cards shuffled by ``rng``:
    first each hand's unknown cards, in seat order, then each later deal six
    cards to each seat in deal order, as :func:`dln.engine.deal_pack` deals.
    """
    live = LiveRound(position) if isinstance(position, RoundState) else position.copy()
    if to_come is None:
        seen = live.seen()
        stream = [c for c in DECK if c not in seen]
        rng.shuffle(stream)
    else:
        stream = list(to_come)
    at = 0
    for hand in live.hands:
        if hand.unknown:
            hand.known.update(stream[at:at + hand.unknown])
            at += hand.unknown
            hand.unknown = 0
    order = [live.seats.index(s) for s in deal_order(live.seats, live.dealer)]
    play = live.play
    while True:
        if live.hands_empty:
            if live.deal >= live.deals:
                break
            hands: list[list[Card]] = [[] for _ in live.seats]
            for i in order:
                hands[i] = stream[at:at + HAND_SIZE]
                at += HAND_SIZE
            live.deal_in(hands)
            continue
        play(random_move(live, rng))
    scores = score_round(finish_round(live.freeze()))
    return {side: score.total for side, score in scores.items()}
