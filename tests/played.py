"""Self-played Diloti for the tests: :mod:`dln.games.playing` with every seat playing one strategy."""

from __future__ import annotations

import random

from dln.engine import Rules
from dln.engine.state import Seat
from dln.games.diloti import DILOTI
from dln.games.playing import PlayedGame, PlayedRound, play_game, play_round, seating, simple_player


def self_played_round(rng: random.Random, rules: Rules, players: int = 2, dealer: Seat = "N",
                      strategy: str = "random") -> PlayedRound:
    """A round of Diloti shuffled and played with ``rng``, every seat playing ``strategy``."""
    return play_round(DILOTI, rules, seating(DILOTI, players, rules), dealer, rng, simple_player(DILOTI, strategy))


def self_played_game(rng: random.Random, rules: Rules, players: int = 2, strategy: str = "random") -> PlayedGame:
    """A game of Diloti to ``rules.target`` shuffled and played with ``rng``, every seat playing ``strategy``."""
    return play_game(DILOTI, rules, players, simple_player(DILOTI, strategy), lambda _round: rng)
