"""Whole rounds and games of any fishing game, every move chosen by a player: self-play and matches.

``dln generate`` plays every seat with one player (random, greedy, the engine);
the strength bench seats the engine against another player and deals the same
packs again with the seats swapped.  Both are :func:`play_game`: the game's own
deal (:meth:`~dln.games.protocol.Game.shuffled_round`), its moves, its redeals
and its scoring, asked through :class:`~dln.games.protocol.Game` alone.  The
result is plain data that :mod:`dln.check.generate` writes as a record.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from dln.cards import Card
from dln.engine.rules import Rules
from dln.engine.state import Hand, Move, Seat

from .protocol import Game, Position

#: A player: the move of the seat to move at a position played in place (it answers what a position answers,
#: and ``freeze()`` gives it as a position), among the legal ``moves``, with a random source for its chances.
Chooser = Callable[[Position, list[Move], random.Random], Move]

#: Games end long before this many rounds; a game that does not is an error, not an endless loop.
MAX_ROUNDS = 200


class PlayedRound(NamedTuple):
    """One round played out: what a record of it writes."""

    game: str  # the key of its game in the registry
    rules: Rules
    seats: tuple[Seat, ...]  # in play order
    dealer: Seat
    table: tuple[Card, ...]  # the opening table
    #: each deal made: the hands it gave and the moves played from them
    deals: tuple[tuple[Mapping[Seat, tuple[Card, ...]], tuple[Move, ...]], ...]
    last_capturer: Seat | None  # who takes the cards left on the table (None: nobody captured)
    scores: Mapping[str, Any]  # each side's points, item by item, with ``total``; empty when cancelled
    redeal: Seat | None = None  # the seat that called the round off (Diloti's face-card redeals)

    @property
    def hands(self) -> tuple[Mapping[Seat, tuple[Card, ...]], ...]:
        """The hands each deal gave."""
        return tuple(hands for hands, _ in self.deals)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move of the round, in play order."""
        return tuple(move for _, moves in self.deals for move in moves)


class PlayedGame(NamedTuple):
    """A game played to its end: its rounds, the standing after them and the winner."""

    rounds: tuple[PlayedRound, ...]
    standing: dict[str, int]
    winner: str


def random_player(state: Position, moves: list[Move], rng: random.Random) -> Move:
    """Any legal move."""
    return rng.choice(moves)


def simple_player(game: Game, strategy: str) -> Chooser:
    """A player that needs no search: ``random`` (any legal move) or ``greedy`` (the game's greedy player)."""
    if strategy == "random":
        return random_player
    if strategy == "greedy":
        return game.greedy_move
    raise ValueError(f"unknown strategy {strategy!r} (engine, greedy or random)")


def seating(game: Game, players: int, rules: Rules | None = None) -> tuple[Seat, ...]:
    """The seats of ``players`` in play order under ``rules`` (the game's standard rules unless given:
    Diloti's clockwise house rule turns four players' order), as a record naming those seats has them;
    ValueError when the game is not played by that many (Diloti 2 or 4, Kontsina 2 to 4, Xeri 2)."""
    return game.seats_for(game.play_order(players), rules or game.rules_for((), game.target))[0]


def play_round(game: Game, rules: Rules, seats: Sequence[Seat], dealer: Seat, rng: random.Random,
               choose: Chooser) -> PlayedRound:
    """Shuffle from ``rng``, deal as ``game`` deals and play the round out, ``choose`` picking every move among
    the legal ones (asked with ``rng``).  A round called off at a fresh deal stops there, without a score."""
    table, dealing = game.shuffled_round(seats, dealer, rng, rules)
    live = game.live(game.start(seats, dealer, table, {s: Hand.of(c) for s, c in dealing[0].items()}, rules))
    deals: list[tuple[Mapping[Seat, tuple[Card, ...]], tuple[Move, ...]]] = []
    moves: list[Move] = []
    while True:
        canceller = game.canceller(live)  # a live position answers as a position does
        if canceller is not None:
            deals.append((dealing[len(deals)], ()))
            return PlayedRound(game.key, rules, tuple(seats), dealer, table, tuple(deals), None, {}, canceller)
        while not live.needs_deal and not live.is_over:
            move = choose(live, game.legal_moves(live), rng)
            moves.append(move)
            live.play(move)
        deals.append((dealing[len(deals)], tuple(moves)))
        moves = []
        if live.is_over:
            break
        live.deal_in([Hand.of(dealing[len(deals)].get(seat, ())) for seat in live.seats])
    state = live.freeze()
    return PlayedRound(game.key, rules, tuple(seats), dealer, table, tuple(deals), state.last_capturer,
                       game.score(game.finish(state)))


def play_game(game: Game, rules: Rules, players: int, choose: Chooser, shuffle: Callable[[int], random.Random],
              ) -> PlayedGame:
    """Rounds of ``game`` under ``rules`` until a side has won (``rules.target``: points, or hands), the deal
    passed on as the game passes it; round ``i`` (from 0) is shuffled and chosen with ``shuffle(i)``.

    A round called off scores nothing and is dealt again as the game says.  A RuntimeError after
    :data:`MAX_ROUNDS` rounds.
    """
    seats = seating(game, players, rules)
    dealer = game.first_dealer(seats)
    rounds: list[PlayedRound] = []
    scores: list[Mapping[str, Any]] = []
    while len(rounds) < MAX_ROUNDS:
        played = play_round(game, rules, seats, dealer, shuffle(len(rounds)), choose)
        rounds.append(played)
        if played.scores:
            scores.append(played.scores)
            winner = game.winner(scores, rules.target)
            if winner is not None:
                return PlayedGame(tuple(rounds), game.standing(scores, game.sides(seats)), winner)
        dealer = game.dealer_after(seats, dealer, redealt=played.redeal is not None)
    raise RuntimeError(f"no winner after {MAX_ROUNDS} rounds")


def seated(players: Mapping[Seat, Chooser], rng: random.Random) -> Chooser:
    """One chooser asking the player of the seat to move, with ``rng`` for the players' own chances (the
    random source :func:`play_game` passes is then left to shuffling alone, so that the two games of a
    duplicate pair deal the same packs whatever the players do)."""
    def choose_for(state: Position, moves: list[Move], _shuffling: random.Random) -> Move:
        return players[state.turn](state, moves, rng)
    return choose_for
