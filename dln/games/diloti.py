"""Diloti as a :class:`~dln.games.protocol.Game`: its facts, and its mechanics from its own rules engine.

Diloti's rules (declarations, groups, partnerships, house rules) are the
rules engine :mod:`dln.engine`; this module is what the rest of dln asks of
Diloti as of any game, answered from there (pagat's text, diloti-pagat.txt, by
default; ``Rules`` for house rules).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from dln.cards import Card
from dln.engine import (
    DEFAULT_RULES,
    HAND_SIZE,
    RoundState,
    Rules,
    apply,
    check,
    deal_pack,
    finish_round,
    game_winner,
    legal_moves,
    next_deal,
    next_dealer,
    play_order,
    score_round,
)
from dln.engine.codes import Violation
from dln.engine.predicates import scores_xeri
from dln.engine.rules import VARIANTS
from dln.engine.scoring import GOOD_TEN, GOOD_TWO, MOST_CARDS_POINTS, XERI_POINTS
from dln.engine.selfplay import canceller, choose, shuffled_pack
from dln.engine.state import Move, Seat, sides_of

from .protocol import MARKS, RANDOM_MOVE, Tally


def _summary(cards: Sequence[Card]) -> tuple[int, int, bool, bool]:
    """What of a Diloti capture pile scores: how many cards, aces, the 10 of diamonds, the 2 of clubs."""
    return (len(cards), sum(1 for c in cards if c.rank == 1), GOOD_TEN in cards, GOOD_TWO in cards)


class Diloti:
    """Diloti: two players or two partnerships, six cards a deal, declarations and groups, 61 points."""

    key = "diloti"
    name = "Diloti"
    players = (2, 4)  # pagat, Players, Cards and Deal: two players, or four in partnerships
    hand_size = HAND_SIZE
    target = DEFAULT_RULES.target
    table_kind = "loose"
    scores_xeri = True
    result_unit = "points"
    house_rules = tuple(VARIANTS)
    move_examples = "9c x 9d · 3d 5h =8 · Ks · 6h x [6] · 8c x 5s+3d"
    marks = MARKS
    own_codes = ()  # Diloti's D codes are the engine's (dln.engine.codes), the ones the other games build on
    examples = None  # in dln's own folder of examples
    survivors_first = False  # as the strength figures of docs/analysis.md were measured

    def play_order(self, players: int) -> tuple[Seat, ...]:
        """N, S; four players N, W, S, E (pagat, Four-Player Game)."""
        return play_order(players, DEFAULT_RULES)

    def sides(self, seats: Sequence[Seat]) -> tuple[str, ...]:
        """N and S alone; four players NS against EW."""
        return sides_of(len(seats))

    def dealer_after(self, seats: Sequence[Seat], dealer: Seat) -> Seat:
        """The dealer's successor in play order (pagat, Further Deals and the End of the Round)."""
        return next_dealer(seats, dealer)

    def standing(self, scores: Sequence[Mapping[str, Any]], sides: Sequence[str]) -> dict[str, int]:
        """Each side's points so far."""
        return {side: sum(score[side].total for score in scores if side in score) for side in sides}

    def winner(self, scores: Sequence[Mapping[str, Any]], target: int) -> str | None:
        """The side with the single highest total once it reaches the target (pagat, Scoring)."""
        sides = list(scores[0]) if scores else []
        return game_winner(Rules(target=target), self.standing(scores, sides))

    def tally(self, state: RoundState, scores: Mapping[str, Any] | None = None) -> tuple[Tally, ...]:
        """Cards, aces, the 10 of diamonds, the 2 of clubs, xeris and most cards (pagat, Scoring); while the
        round goes on, the 4 for most cards are nobody's yet."""
        final = finish_round(state) if scores is not None else state
        counted = scores if scores is not None else score_round(state)
        out = []
        for pile, side in zip(final.captured, state.sides, strict=True):
            score = counted[side]
            aces = tuple(sorted((c for c in pile if c.rank == 1), key=lambda c: c.index))
            items = (("aces", aces), ("ten_of_diamonds", score.good_ten > 0), ("two_of_clubs", score.good_two > 0),
                     ("xeris", score.xeris), ("most_cards", score.most_cards))
            out.append(Tally(side, score.cards, items,
                             score.total if scores is not None else score.total - score.most_cards))
        return tuple(out)

    def shuffled_round(self, seats: Sequence[Seat], dealer: Seat, rng: random.Random, rules: Rules
                       ) -> tuple[tuple[Card, ...], list[dict[Seat, tuple[Card, ...]]]]:
        """A pack whose opening table is legal under ``rules``, dealt six a seat (pagat, Players, Cards and
        Deal)."""
        dealt = deal_pack(shuffled_pack(rng, len(seats), rules), len(seats), dealer, rules)
        return dealt.table, list(dealt.hands)

    def legal_moves(self, state: RoundState) -> list[Move]:
        return legal_moves(state)

    def distinct_moves(self, state: RoundState) -> list[Move]:
        return legal_moves(state, by_value=True)

    def sweeps(self, state: RoundState, move: Move) -> bool:
        return scores_xeri(state, move)

    def apply(self, state: RoundState, move: Move) -> RoundState:
        return apply(state, move).state

    def check(self, state: RoundState, move: Move) -> list[Violation]:
        return check(state, move)

    def breaks_rules(self, state: RoundState, move: Move) -> bool:
        return any(v.severity == "error" for v in check(state, move))

    def next_deal(self, state: RoundState, hands: Mapping[Seat, tuple[Card, ...]]) -> RoundState:
        return next_deal(state, hands)

    def points(self, state: RoundState) -> tuple[int, ...]:
        scores = score_round(finish_round(state))
        return tuple(scores[side].total for side in state.sides)

    def cancelled(self, state: RoundState) -> bool:
        return canceller(state) is not None

    def estimates(self, state: RoundState) -> bool:
        return True

    def estimate(self, state: RoundState) -> tuple[float, ...]:
        """Points already banked count in full (aces, 10 of diamonds, 2 of clubs, xeris); the 4 for
        most cards go to each side with the chance that its lead in captured cards survives the cards
        still to be captured, taken as a normal spread of about ``0.6 * sqrt(cards left)`` (pagat,
        Further Deals and the End of the Round)."""
        banked = []
        for pile, xeris in zip(state.captured, state.xeris, strict=True):
            banked.append(sum(1 for c in pile if c.rank == 1) + 2 * (GOOD_TEN in pile) + (GOOD_TWO in pile)
                          + XERI_POINTS * xeris)
        counts = [len(pile) for pile in state.captured]
        left = 52 - sum(counts) - len(state.gone)
        lead = counts[0] - counts[1]
        p = 0.5 * (1 + math.erf(lead / (0.6 * math.sqrt(left + 1) * math.sqrt(2))))
        return (banked[0] + MOST_CARDS_POINTS * p, banked[1] + MOST_CARDS_POINTS * (1 - p))

    def owes(self, state: RoundState, fixed: Mapping[Seat, frozenset[Card]],
             hidden: Mapping[Seat, int]) -> dict[Seat, tuple[int, ...]]:
        """The owner of a declaration holds a card of its value (pagat, Obligations of the declarer)."""
        owes: dict[Seat, tuple[int, ...]] = {}
        for pile in state.piles:
            if pile.owner is not None and hidden.get(pile.owner, 0) > 0:
                known = fixed[pile.owner]
                if not any(c.value == pile.value and not c.is_face for c in known):
                    owes[pile.owner] = (*owes.get(pile.owner, ()), pile.value)
        return owes

    def rollout_move(self, state: RoundState, moves: Sequence[Move], rng: random.Random) -> Move:
        """The rules engine's greedy player (xeris, valuable captures, no open table), with one move
        in twenty at random."""
        if len(moves) == 1 or rng.random() < RANDOM_MOVE:
            return moves[rng.randrange(len(moves))]
        return choose(state, moves, rng, "greedy")

    def solver_key(self, state: RoundState) -> tuple[object, ...]:
        last = state.side_index(state.last_capturer) if state.last_capturer else None
        return (state.hands, frozenset(state.loose), frozenset(state.piles), state.turn, last,
                tuple(_summary(c) for c in state.captured), state.xeris)


DILOTI = Diloti()
