"""Kontsina and Xeri moves and hands between the record model and the engine, and their self-played records.

DLN is one notation for the three games: a Kontsina capture is written as
Diloti's (``N 9c x 5h+4d``, the set joined with ``+``), and a Xeri capture
names the top card of the pile it takes (``N 7c x 7s``), with ``*`` for a
xeri.  A declaration or a reference to one (``[8]``) reads without a syntax
error and is then the rule error F001.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import cast

from dln.cards import Card
from dln.check.generate import EVENT, SITE, game_rng
from dln.engine import Move as EngineMove
from dln.engine.state import Hand as EngineHand
from dln.games.table import (
    Chooser,
    FishingGame,
    ItemScore,
    PlayedHand,
    TableRound,
    game_named,
    greedy_choice,
    next_deal,
    play,
    play_game,
    random_choice,
    start_hand,
)
from dln.notation.model import Deal, Game, Hand, Move, PileRef, Round, ScoreClaim, Seat, Side

_SEAT_TAGS = {"N": "North", "E": "East", "S": "South", "W": "West"}
#: A reference to a declaration stands for "some declaration": the engine answers F001 whatever it is.
_SOME_DECLARATION = frozenset({0})


def engine_move(move: Move) -> EngineMove:
    """The engine's view of a recorded move: the cards it takes (declarations kept only to be refused)."""
    items = [item for component in move.components for item in component]
    loose = frozenset(item for item in items if isinstance(item, Card))
    piles = _SOME_DECLARATION if any(isinstance(item, PileRef) for item in items) else frozenset()
    return EngineMove(move.seat, move.card, move.kind, loose, piles, value=move.value, group=move.group,
                      xeri=move.xeri)


def record_move(state: TableRound, move: EngineMove, number: int | None = None) -> Move:
    """The record of engine ``move`` played in ``state``: a capture as one ``+`` set in table order (Kontsina)
    or the top card of the pile (Xeri), marked ``*`` when it scores a xeri."""
    seat = cast(Seat, move.seat)
    if move.kind != "capture":
        return Move(seat, move.card, "lay", number=number)
    taken, xeri = state.rules.taken(state, move)
    if state.rules.table_kind == "pile":
        component: tuple[Card, ...] = (state.table[-1],)
    else:
        component = tuple(c for c in state.table if c in taken)
    return Move(seat, move.card, "capture", (component,), xeri=xeri, number=number)


def record_hand(hand: PlayedHand, number: int, *, hidden: bool = False) -> Round:
    """Hand ``number`` of a self-played game: table, hand lines per deal (unless ``hidden``), numbered moves,
    ``rest`` and ``score``."""
    seats = hand.final.seats
    state = start_hand(hand.final.rules, seats, hand.dealer, hand.table,
                       {s: EngineHand.of(c) for s, c in hand.deals[0][0].items()})
    deals: list[Deal] = []
    played = 0
    for k, (dealt, moves) in enumerate(hand.deals):
        if k:
            state = next_deal(state, {s: EngineHand.of(c) for s, c in dealt.items()})
        written: list[Move] = []
        for move in moves:
            played += 1
            written.append(record_move(state, move, played))
            state = play(state, move)
        lines = () if hidden else tuple(Hand(cast(Seat, s), dealt[s]) for s in _deal_order(seats, hand.dealer))
        deals.append(Deal(hands=lines, moves=tuple(written)))
    return Round(number=number, dealer=cast(Seat, hand.dealer), table=hand.table, deals=tuple(deals),
                 rest=cast(Seat, hand.rest) if hand.rest is not None else None,
                 score=ScoreClaim(tuple((cast(Side, s), hand.scores[s].total) for s in seats)))


def _deal_order(seats: tuple[str, ...], dealer: str) -> list[str]:
    start = (seats.index(dealer) + 1) % len(seats)
    return [*seats[start:], *seats[:start]]


def generate_family(game_name: str, count: int, *, players: int, seed: int = 0, strategy: str = "random",
                    target: int | None = None, hidden: bool = False, choose: Chooser | None = None,
                    first: int = 0) -> Iterator[Game]:
    """Self-played games of Kontsina or Xeri (``game_name`` as the Game tag writes it), one record at a time.

    Every seat plays ``strategy`` (greedy or random), or ``choose`` when given (the search engine's
    player, from :mod:`dln.analysis.selfplay`; ``strategy`` then names it in the seat tags).

    Game ``i`` is played from the same random source as Diloti's (``game_rng``), so the output depends on the
    options alone.  Tags: Event, Site, Game, a seat tag per player named after ``strategy``, Target, Seed,
    Result (points in Kontsina, hands won in Xeri).  A wrong game or number of players is a ValueError at once.
    ``first``: the number of the first game (from 0), so that several processes can share a run.
    """
    engine = game_named(game_name)
    if engine is None:
        raise ValueError("Diloti is generated by dln.check.generate")
    if players not in engine.players:
        raise ValueError(f"{engine.name} is played by {' or '.join(map(str, engine.players))} players, not {players}")
    if choose is None:
        choose = greedy_choice if strategy == "greedy" else random_choice
    return _games(engine, range(first, first + count), players, seed, strategy, target or engine.target, hidden,
                  choose)


def _games(engine: FishingGame, indexes: range, players: int, seed: int, strategy: str, goal: int,
           hidden: bool, choose: Chooser) -> Iterator[Game]:
    for index in indexes:
        rng: random.Random = game_rng(seed, index)
        hands = list(play_game(engine, players, rng, choose, goal))
        seats = engine.play_order(players)
        scores: list[dict[str, ItemScore]] = [h.scores for h in hands]
        standing = engine.standing(scores, seats)
        tags = [("Event", EVENT), ("Site", SITE), ("Game", engine.name)]
        tags += [(_SEAT_TAGS[s], strategy) for s in ("N", "E", "S", "W") if s in seats]
        tags += [("Target", str(goal)), ("Seed", str(seed)), ("Result", " ".join(f"{s} {standing[s]}" for s in seats))]
        yield Game(tags=tuple(tags), rounds=tuple(record_hand(h, n, hidden=hidden) for n, h in enumerate(hands, 1)))
