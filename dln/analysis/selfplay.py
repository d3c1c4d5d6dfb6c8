"""Games played by the search engine, written as records (``dln generate --strategy engine``).

With :mod:`dln.analysis.annotate`, one of the two modules of :mod:`dln.analysis`
that touch records; the play itself is :mod:`dln.analysis.players`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from dln.check.generate import game_rng, record_game
from dln.engine import Rules, play_order
from dln.engine.selfplay import Strategy, shuffled_pack
from dln.notation.model import Game

from .players import family_chooser, play_game, player
from .search import DEFAULT_BUDGET


def engine_games(
    count: int,
    *,
    players: int = 2,
    seed: int = 0,
    rules: Rules,
    budget: int = DEFAULT_BUDGET,
    hidden: bool = False,
    first: int = 0,
) -> Iterator[Game]:
    """``count`` games to ``rules.target``, every seat played by the engine at ``budget``, from game ``first``.

    Game ``i`` depends only on ``(seed, i)`` and the budget (the packs and the
    engine's seeds come from :func:`~dln.check.generate.game_rng`), so a run's
    first games do not depend on ``count``.  The seat tags say ``engine``.
    """
    if count < 0:
        raise ValueError(f"cannot generate {count} games")
    engine = player("engine", budget)
    seats = dict.fromkeys(play_order(players, rules), engine)
    for index in range(first, first + count):
        rng = game_rng(seed, index)
        played = play_game(lambda _i, rng=rng: shuffled_pack(rng, players, rules), rules, seats, rng)
        yield record_game(played, rules, strategy=cast(Strategy, "engine"), seed=seed, hidden=hidden)


def engine_family_games(game_name: str, count: int, *, players: int = 2, seed: int = 0, target: int | None = None,
                        budget: int = DEFAULT_BUDGET, hidden: bool = False, first: int = 0) -> Iterator[Game]:
    """``count`` games of Kontsina or Xeri (``game_name``), every seat played by the engine at ``budget``;
    game ``i`` depends only on ``(seed, i)`` and the budget, as with greedy or random players."""
    from dln.check.family_records import generate_family

    return generate_family(game_name, count, players=players, seed=seed, strategy="engine", target=target,
                           hidden=hidden, choose=family_chooser("engine", budget), first=first)
