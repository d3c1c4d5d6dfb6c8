"""Deterministic self-play: whole rounds and games played by the engine against itself.

Given a ``random.Random`` the result is reproducible.  Used by property tests
and by ``dln generate``, which writes generated games as records; the result is
a plain structure (pack, table, hands per deal, engine moves, score).  Every
house rule of :class:`Rules` is played: under face_card_redeal(_any) the first
seat (in deal order) dealt five or six face cards always cancels the round.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from dln.cards import DECK, Card

from .deal import deal_order, deal_pack, opening_table_violations, redeal_violations, start_round
from .listing import legal_moves
from .play import LiveRound, position_after
from .predicates import sweepers, xeri_rule_blocker
from .rules import Rules
from .scoring import SideScore, card_points, dealer_after, finish_round, game_winner, score_round
from .state import HAND_SIZE, TABLE_SIZE, Move, RoundState, Seat, Side, play_order

Strategy = Literal["random", "greedy"]


@dataclass(frozen=True, slots=True)
class PlayedRound:
    """One self-played round, everything a writer needs to turn it into a record."""

    seats: tuple[Seat, ...]  # play order
    dealer: Seat
    pack: tuple[Card, ...]  # effective pack order, top first (after any table redeal)
    table: tuple[Card, ...]  # the opening table
    hands: tuple[Mapping[Seat, tuple[Card, ...]], ...]  # the cards of each deal made
    moves: tuple[Move, ...]  # in play order; a capture scoring a xeri has xeri=True
    rest: tuple[Side | None, tuple[Card, ...]]  # who took the leftovers, and which
    score: Mapping[Side, SideScore]  # empty when the round was cancelled
    redeal: Seat | None = None  # the seat that cancelled the round for its face cards


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A self-played game: its rounds, the final totals and the winner."""

    rounds: tuple[PlayedRound, ...]
    totals: Mapping[Side, int]
    winner: Side


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


def _greedy_best(state: RoundState | LiveRound, order: Sequence[Move]) -> Move:
    """The first of ``order`` with the highest greedy key: xeris, then valuable and many captured cards
    first, never offering the next player a xeri (a table one card sweeps), a declaration before a lay.

    The table a capture or a lay leaves is worked out from the move, without making it, and what
    every move shares (the table's cards, whether the move plays the last card in hand) is asked
    once: the playouts of the search ask this at every step.
    """
    loose, piles, rules = state.loose, state.piles, state.rules
    last = sum(h.size for h in state.hands) == 1  # the move plays the last card in hand: no next player
    xeri_ok: bool | None = None
    after_lay: dict[int, bool] = {}  # sweepable after laying a card of this rank
    best: Move | None = None
    best_key = (-1 << 30, False)
    for move in order:
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
            after = position_after(state.freeze() if isinstance(state, LiveRound) else state, move)
            risky = not last and bool(sweepers(after.loose, after.piles, rules)[1])
        key = (gain - 50 * risky, kind == "declare")
        if key > best_key:
            best, best_key = move, key
    assert best is not None
    return best


def choose(state: RoundState | LiveRound, moves: Sequence[Move], rng: random.Random, strategy: Strategy) -> Move:
    """Pick one of ``moves`` by ``strategy`` (ties broken by ``rng``)."""
    if strategy == "random":
        return rng.choice(moves)
    if strategy == "greedy":
        order = list(moves)
        rng.shuffle(order)
        return _greedy_best(state, order)
    raise ValueError(f"unknown strategy {strategy!r}")


def play_round(
    rng: random.Random,
    rules: Rules,
    players: int = 2,
    dealer: Seat = "N",
    strategy: Strategy = "random",
) -> PlayedRound:
    """Deal a shuffled pack and play the round out, every move chosen among the legal ones.

    A round cancelled for face cards stops at the deal that gives them (see
    :func:`canceller`); it has no score.
    """
    pack = shuffled_pack(rng, players, rules)
    dealt = deal_pack(pack, players, dealer, rules)
    # The round is played in place (LiveRound.play), not by building a new position a move (apply):
    # the same moves.  The face-card check at a fresh deal asks a frozen position.
    live = LiveRound(start_round(rules, players, dealer, dealt.table, dealt.hands[0]))
    moves: list[Move] = []
    fresh = True
    while True:
        if live.needs_deal:
            live.deal_in([dealt.hands[live.deal].get(seat, ()) for seat in live.seats])
            fresh = True
            continue
        if live.is_over:
            break
        if fresh:
            fresh = False
            cancelled_by = canceller(live.freeze())
            if cancelled_by is not None:
                return PlayedRound(dealt.seats, dealer, tuple(pack), dealt.table, dealt.hands[:live.deal],
                                   tuple(moves), (None, ()), {}, cancelled_by)
        move = choose(live, legal_moves(live), rng, strategy)
        xeri = live.play(move)
        if move.xeri != xeri:
            move = Move(move.seat, move.card, move.kind, move.loose, move.piles, move.value,
                        move.group, move.components, xeri)
        moves.append(move)
    state = live.freeze()
    rest = (state.side_of(state.last_capturer) if state.last_capturer else None,
            state.table_cards())
    final = finish_round(state)
    return PlayedRound(dealt.seats, dealer, tuple(pack), dealt.table, dealt.hands,
                       tuple(moves), rest, score_round(final))


def play_game(
    rng: random.Random,
    rules: Rules,
    players: int = 2,
    first_dealer: Seat = "N",
    strategy: Strategy = "random",
    max_rounds: int | None = None,
) -> PlayedGame:
    """Play rounds, passing the deal on, until a side has won (pagat, Target Score).

    A cancelled round scores nothing and is dealt again by the same dealer.
    Every played-out round scores points, so a game to any target ends: a
    higher target simply takes more rounds.  ``max_rounds``, if given, bounds
    them (a RuntimeError past it), for callers that want a guard.
    """
    return play_to_target(lambda index, dealer: play_round(rng, rules, players, dealer, strategy), rules,
                          play_order(players, rules), first_dealer, max_rounds)


def play_to_target(play: Callable[[int, Seat], PlayedRound], rules: Rules, seats: Sequence[Seat],
                   first_dealer: Seat, max_rounds: int | None) -> PlayedGame:
    """Rounds played by ``play(index, dealer)``, the deal passed on (kept after a cancelled round), until a
    side reaches the target (pagat, Target Score); a RuntimeError past ``max_rounds`` rounds."""
    dealer = first_dealer
    rounds: list[PlayedRound] = []
    totals: dict[Side, int] = {}
    while max_rounds is None or len(rounds) < max_rounds:
        played = play(len(rounds), dealer)
        rounds.append(played)
        for side, score in played.score.items():
            totals[side] = totals.get(side, 0) + score.total
        winner = game_winner(rules, totals)
        if winner is not None:
            return PlayedGame(tuple(rounds), totals, winner)
        dealer = dealer_after(seats, dealer, redealt=played.redeal is not None)
    raise RuntimeError(f"no winner after {max_rounds} rounds")
