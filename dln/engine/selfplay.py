"""Diloti's self-play players and deal: a shuffled pack with a legal opening table, who cancels a round for
face cards, and the random and greedy players.

Given a ``random.Random`` the result is reproducible.  Whole rounds and games are
:mod:`dln.games.playing`'s, asked through Diloti's :class:`~dln.games.protocol.Game`.
Every house rule of :class:`Rules` is played: under face_card_redeal(_any) the
first seat (in deal order) dealt five or six face cards always cancels the round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from dln.cards import DECK, Card

from .deal import deal_order, opening_table_violations, redeal_violations
from .play import LiveRound, position_after
from .predicates import sweepers, xeri_rule_blocker
from .rules import Rules
from .scoring import card_points
from .state import HAND_SIZE, TABLE_SIZE, Move, RoundState, Seat

Strategy = Literal["random", "greedy"]


def shuffled_pack(rng: random.Random, players: int, rules: Rules) -> list[Card]:
    """A shuffled pack whose opening table is legal.

    A forbidden table is shuffled back into the undealt cards and four new
    ones are turned up, as pagat, Players, Cards and Deal describes.
    """
    pack = list(DECK)
    rng.shuffle(pack)
    dealt = HAND_SIZE * players
    while opening_table_violations(pack[dealt:dealt + TABLE_SIZE], rules):
        rest = pack[dealt:]
        rng.shuffle(rest)
        pack[dealt:] = rest
    return pack


def canceller(state: RoundState) -> Seat | None:
    """The first seat, in deal order, allowed to cancel the round at this fresh deal (it always does)."""
    rules = state.rules
    if not (rules.face_card_redeal or rules.face_card_redeal_any):
        return None
    return next((seat for seat in deal_order(state.seats, state.dealer) if not redeal_violations(state, seat)),
                None)


def greedy_keys(state: RoundState | LiveRound, moves: Sequence[Move]) -> list[tuple[int, bool]]:
    """The greedy player's key of each move, higher better: xeris, then valuable and many captured cards,
    never offering the next player a xeri (a table one card sweeps), a declaration before a lay.

    The table a capture or a lay leaves is worked out from the move, without making it, and what
    every move shares (the table's cards, whether the move plays the last card in hand) is asked
    once: the playouts of the search ask this at every step.
    """
    loose, piles, rules = state.loose, state.piles, state.rules
    last = sum(h.size for h in state.hands) == 1  # the move plays the last card in hand: no next player
    xeri_ok: bool | None = None
    after_lay: dict[int, bool] = {}  # sweepable after laying a card of this rank
    keys = []
    for move in moves:
        kind = move.kind
        gain = 0
        if kind == "capture":
            ids, named = move.piles, move.loose
            left = [c for c in loose if c not in named]
            left_piles = [p for p in piles if p.id not in ids] if ids else piles
            taken = [move.card, *named]
            if ids:
                taken += [c for p in piles if p.id in ids for c in p.cards]
            if not left and not left_piles:
                if xeri_ok is None:
                    xeri_ok = xeri_rule_blocker(state) is None
                gain = 100 * xeri_ok
            gain += len(taken) + 3 * card_points(taken)  # 3 an ace or the 2 of clubs, 6 the 10 of diamonds
            risky = not last and bool(sweepers(left, left_piles, rules)[1])
        elif kind == "lay":
            rank = move.card.rank
            risky = after_lay.get(rank)
            if risky is None:
                risky = after_lay[rank] = not last and bool(sweepers([*loose, move.card], piles, rules)[1])
        else:
            if isinstance(state, LiveRound):  # a copy played on: cheaper than freezing the round
                after: RoundState | LiveRound = state.copy()
                after.play(move)
            else:
                after = position_after(state, move)
            risky = not last and bool(sweepers(after.loose, after.piles, rules)[1])
        keys.append((gain - 50 * risky, kind == "declare"))
    return keys


def _greedy_best(state: RoundState | LiveRound, order: Sequence[Move]) -> Move:
    """The first of ``order`` with the highest :func:`greedy_keys` key."""
    keys = greedy_keys(state, order)
    return order[keys.index(max(keys))]


def choose(state: RoundState | LiveRound, moves: Sequence[Move], rng: random.Random, strategy: Strategy) -> Move:
    """Pick one of ``moves`` by ``strategy`` (ties broken by ``rng``)."""
    if strategy == "random":
        return rng.choice(moves)
    if strategy == "greedy":
        order = list(moves)
        rng.shuffle(order)
        return _greedy_best(state, order)
    raise ValueError(f"unknown strategy {strategy!r}")
