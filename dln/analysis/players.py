"""The search engine as a player of any game, beside the greedy and random players.

``dln generate --strategy engine`` seats it everywhere; the strength bench seats
it against another player (:func:`dln.games.playing.seated`).  It sees only what
the seat to move may see: every other hand is reduced to its size.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from dln.engine import Move
from dln.games.playing import Chooser, simple_player
from dln.games.protocol import Game, Position

from .search import DEFAULT_BUDGET, choose_move


def as_seen(state: Position) -> Position:
    """The position as the seat to move sees it: every other hand reduced to its size."""
    hands = tuple(h if seat == state.turn else h._replace(known=frozenset(), unknown=h.size)
                  for seat, h in zip(state.seats, state.hands, strict=True))
    return state._replace(hands=hands)


def engine_chooser(budget: int = DEFAULT_BUDGET, search: Callable[..., Move] = choose_move) -> Chooser:
    """The search engine at ``budget`` (seeded from the game's random source, once a move, even when the move
    is forced, so that a game depends on the seed and the budget alone).  ``search``: another search with
    :func:`~dln.analysis.search.choose_move`'s arguments in its place (the strength bench's reference)."""
    def engine(state: Position, moves: list[Move], rng: random.Random) -> Move:
        seed = rng.randrange(1 << 30)
        return moves[0] if len(moves) == 1 else search(as_seen(state.freeze()), budget=budget, seed=seed)
    return engine


def chooser(game: Game, strategy: str) -> Chooser:
    """A player of ``game`` by name: ``engine`` (at the default budget), ``greedy`` or ``random``."""
    if strategy == "engine":
        return engine_chooser()
    return simple_player(game, strategy)
