"""Whole rounds and games with a chosen player in each seat: the engine, greedy, random.

The rules engine's self-play (:mod:`dln.engine.selfplay`) gives every seat the
same strategy; strength tests and ``dln generate --strategy engine`` need the
engine in some seats and another player in the others, and the same packs
dealt again with the seats swapped (duplicate play, so that luck cancels).
The results are the engine's own :class:`PlayedRound` and :class:`PlayedGame`,
which :mod:`dln.check.generate` writes as records.  Uses only the rules engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Protocol

from dln.cards import Card
from dln.engine import (
    Move,
    RoundState,
    Rules,
    Seat,
    apply,
    deal_pack,
    finish_round,
    legal_moves,
    next_deal,
    play_order,
    score_round,
    start_round,
)
from dln.engine.selfplay import PlayedGame, PlayedRound, canceller, choose, play_to_target, shuffled_pack
from dln.games import table as family
from dln.games.protocol import Position
from dln.games.table import Chooser, TableRound

from .search import DEFAULT_BUDGET, choose_move


class Player(Protocol):
    """Chooses the move of the seat to move; sees only what that seat may see (its own hand)."""

    def __call__(self, state: RoundState, rng: random.Random) -> Move: ...


def simple_player(strategy: str) -> Player:
    """The rules engine's ``random`` or ``greedy`` self-play strategy as a player."""
    def play(state: RoundState, rng: random.Random) -> Move:
        return choose(state, legal_moves(state), rng, strategy)  # type: ignore[arg-type]
    return play


def engine_player(budget: int = DEFAULT_BUDGET) -> Player:
    """The search engine at ``budget`` playouts per move (seeded from the game's random source)."""
    def play(state: RoundState, rng: random.Random) -> Move:
        return choose_move(state, budget=budget, seed=rng.randrange(1 << 30))
    return play


def player(strategy: str, budget: int = DEFAULT_BUDGET) -> Player:
    """A player by name: ``engine``, ``greedy`` or ``random``."""
    if strategy == "engine":
        return engine_player(budget)
    if strategy in ("greedy", "random"):
        return simple_player(strategy)
    raise ValueError(f"unknown strategy {strategy!r} (engine, greedy or random)")


def play_round(
    pack: list[Card],
    rules: Rules,
    seats: Mapping[Seat, Player],
    dealer: Seat,
    rng: random.Random,
) -> PlayedRound:
    """Deal ``pack`` and play the round out, each seat's move chosen by its player."""
    players = len(seats)
    dealt = deal_pack(pack, players, dealer, rules)
    state = start_round(rules, players, dealer, dealt.table, dealt.hands[0])
    moves: list[Move] = []
    fresh = True
    while True:
        if state.needs_deal:
            state = next_deal(state, dealt.hands[state.deal])
            fresh = True
            continue
        if state.is_over:
            break
        if fresh:
            fresh = False
            seat = canceller(state)
            if seat is not None:
                return PlayedRound(dealt.seats, dealer, tuple(pack), dealt.table, dealt.hands[:state.deal],
                                   tuple(moves), (None, ()), {}, seat)
        move = seats[state.turn](as_seen(state), rng)
        state, xeri = apply(state, move)
        moves.append(move._replace(xeri=xeri))
    rest = (state.side_of(state.last_capturer) if state.last_capturer else None, state.table_cards())
    return PlayedRound(dealt.seats, dealer, tuple(pack), dealt.table, dealt.hands, tuple(moves), rest,
                       score_round(finish_round(state)))


def as_seen(state: Position) -> Position:
    """The position as the seat to move sees it: every other hand reduced to its size."""
    hands = tuple(h if seat == state.turn else h._replace(known=frozenset(), unknown=h.size)
                  for seat, h in zip(state.seats, state.hands, strict=True))
    return state._replace(hands=hands)


def play_game(
    packs: Callable[[int], list[Card]],
    rules: Rules,
    seats: Mapping[Seat, Player],
    rng: random.Random,
    first_dealer: Seat = "N",
    max_rounds: int = 200,
) -> PlayedGame:
    """Rounds to the target (pagat, Target Score); round ``i`` (from 0) is dealt from ``packs(i)``."""
    return play_to_target(lambda index, dealer: play_round(packs(index), rules, seats, dealer, rng), rules,
                          play_order(len(seats), rules), first_dealer, max_rounds)


def seeded_packs(seed: str, players: int, rules: Rules) -> Callable[[int], list[Card]]:
    """Round ``i``'s shuffled pack from ``seed`` alone: both seatings of a duplicate pair get the same ones."""
    return lambda i: shuffled_pack(random.Random(f"{seed}:{i}"), players, rules)


# -- the sister games (Kontsina, Xeri): the rules engine's self-play with a chooser per seat --------------


def family_chooser(strategy: str, budget: int = DEFAULT_BUDGET) -> Chooser:
    """A Kontsina or Xeri player by name (``engine``, ``greedy``, ``random``), as
    :func:`dln.games.table.play_hand` asks for one; the engine sees only what the seat to move may see."""
    if strategy == "engine":
        def engine(state: TableRound, moves: list[Move], rng: random.Random) -> Move:
            seed = rng.randrange(1 << 30)
            return moves[0] if len(moves) == 1 else choose_move(as_seen(state), budget=budget, seed=seed)
        return engine
    if strategy == "greedy":
        return family.greedy_choice
    if strategy == "random":
        return family.random_choice
    raise ValueError(f"unknown strategy {strategy!r} (engine, greedy or random)")


def seated(choosers: Mapping[Seat, Chooser], rng: random.Random) -> Chooser:
    """One chooser that asks the player of the seat to move, with ``rng`` for the players' own chances (the
    random source :func:`~dln.games.table.play_hand` passes is left to shuffling, so that duplicate games
    deal the same packs whatever the players do)."""
    def choose_for(state: TableRound, moves: list[Move], _pack_rng: random.Random) -> Move:
        return choosers[state.turn](state, moves, rng)
    return choose_for


def play_family_game(game: family.TableGame, choosers: Mapping[Seat, Chooser], seed: str, rng: random.Random,
                     target: int | None = None, max_hands: int = 200) -> list[family.PlayedHand]:
    """Hands of ``game`` until it is won (Kontsina: a target; Xeri: a number of hands), each seat played by
    its chooser; hand ``i`` is shuffled from ``seed`` and ``i`` alone (duplicate play)."""
    seats = tuple(choosers)
    dealer = seats[-1]
    hands: list[family.PlayedHand] = []
    choose_for = seated(choosers, rng)
    while len(hands) < max_hands:
        hand = family.play_hand(game, seats, dealer, random.Random(f"{seed}:{len(hands)}"), choose_for)
        hands.append(hand)
        if game.winner([h.scores for h in hands], target or game.target) is not None:
            return hands
        dealer = family.dealer_after(seats, dealer)
    raise RuntimeError(f"no winner after {max_hands} hands")
