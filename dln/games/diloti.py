"""Diloti as a :class:`~dln.games.protocol.Game`: its facts, and its mechanics from its own rules engine.

Diloti's rules (declarations, groups, partnerships, house rules) are the
rules engine :mod:`dln.engine`; this module is what the rest of dln asks of
Diloti as of any game, answered from there (pagat's text, diloti-pagat.txt, by
default; ``Rules`` for house rules).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any

from dln.cards import DECK, Card
from dln.engine import (
    DEFAULT_RULES,
    HAND_SIZE,
    LiveRound,
    RoundState,
    Rules,
    card_points,
    check,
    check_position,
    compact,
    deal_pack,
    finish_round,
    forced,
    game_winner,
    iter_legal_moves,
    legal_moves,
    next_deal,
    play_order,
    position_after,
    redeal_violations,
    score_counted,
    score_round,
    setup_round,
    start_round,
)
from dln.engine import check_score as check_round_score
from dln.engine.codes import Violation, error, warning
from dln.engine.compact import CLASS, CompactRound, covers, expected_points
from dln.engine.compact import playout as compact_playout
from dln.engine.predicates import scores_xeri
from dln.engine.rules import VARIANTS, rules_for
from dln.engine.scoring import GOOD_TEN, GOOD_TWO, MOST_CARDS_POINTS, SCORE_ITEMS, XERI_POINTS, check_dealer
from dln.engine.scoring import dealer_after as next_dealer_after
from dln.engine.state import Move, Seat, sides_of

from .protocol import MARKS, SolverSpace, Tally

#: Playouts a unit of budget buys where they run on :mod:`dln.engine.compact` (four times faster a step than
#: the rules engine's 3): the engine's move then costs about the reference engine's CPU, and its values depend
#: less on the luck of the worlds (docs/analysis.md, Strength: ``bench/analysis_speed.py --agreement``).
PLAYOUTS_QUICK = 12
#: Playouts a unit of budget buys on the rules engine (the other house rules): with two players, and with four.
PLAYOUTS_TWO, PLAYOUTS_FOUR = 3, 2


class Diloti:
    """Diloti: two players or two partnerships, six cards a deal, declarations and groups, 61 points."""

    key = "diloti"
    name = "Diloti"
    other_names = ("Δηλωτή",)  # in Greek, as players write it
    players = (2, 4)  # pagat, Players, Cards and Deal: two players, or four in partnerships
    hand_size = HAND_SIZE
    target = DEFAULT_RULES.target
    table_kind = "loose"
    scores_xeri = True
    declares = True  # pagat: declarations, "the essence of the game of Diloti"
    result_unit = "points"
    round_word = "round"  # pagat, Further Deals and the End of the Round
    score_items = SCORE_ITEMS
    house_rules = tuple(VARIANTS)
    move_examples = "9c x 9d · 3d 5h =8 · Ks · 6h x [6] · 8c x 5s+3d"
    marks = MARKS
    own_codes = ()  # Diloti's D codes are the engine's (dln.engine.codes), the ones the other games build on
    shared_codes: Mapping[str, str] = {}  # their source is Diloti's own (pagat.com, denexa.com)
    examples = None  # in dln's own folder of examples
    survivors_first = False  # as the strength figures of docs/analysis.md were measured
    #: A playout stops as the next deal is dealt: a deeper one (two cards in) cost twice the time and
    #: chose no better moves (bench/regret.py, docs/analysis.md), so the time buys more worlds.
    horizon = 0

    def play_order(self, players: int) -> tuple[Seat, ...]:
        """N, S; four players N, W, S, E (pagat, Four-Player Game)."""
        return play_order(players, DEFAULT_RULES)

    def sides(self, seats: Sequence[Seat]) -> tuple[str, ...]:
        """N and S alone; four players NS against EW."""
        return sides_of(len(seats))

    def dealer_after(self, seats: Sequence[Seat], dealer: Seat, *, redealt: bool = False) -> Seat:
        """The dealer's successor in play order (pagat, Further Deals and the End of the Round); the same
        dealer again after a round cancelled for face cards (house rules after Four-Player Game)."""
        return next_dealer_after(seats, dealer, redealt=redealt)

    # -- checking a record ------------------------------------------------------------------------

    players_code = "D003"
    hand_size_code = "D102"
    result_code = "D603"

    def rules_for(self, names: Sequence[str], target: int) -> Rules:
        return rules_for(list(names), target)

    def seats_for(self, used: Collection[str], rules: Rules) -> tuple[tuple[Seat, ...], list[Violation]]:
        """Four players whenever East or West (or their side, EW, or NS) takes part, else two."""
        return play_order(4 if set(used) & {"E", "W", "NS", "EW"} else 2, rules), []

    def check_dealer(self, seats: Sequence[Seat], previous: Seat, dealer: Seat, *, redealt: bool = False
                     ) -> list[Violation]:
        return check_dealer(seats, previous, dealer, redealt=redealt)

    def deal_pack(self, seats: Sequence[Seat], dealer: Seat, pack: Sequence[Card], rules: Rules
                  ) -> tuple[tuple[Card, ...], list[dict[Seat, tuple[Card, ...]]]]:
        dealt = deal_pack(pack, len(seats), dealer, rules)
        return dealt.table, [dict(hands) for hands in dealt.hands]

    def start(self, seats: Sequence[Seat], dealer: Seat, table: Sequence[Card], hands: Mapping[Seat, Any],
              rules: Rules) -> RoundState:
        return start_round(rules, len(seats), dealer, table, hands)

    def setup(self, seats: Sequence[Seat], rules: Rules, **given: Any) -> tuple[RoundState, list[Violation]]:
        given.pop("table", None)  # the same cards as loose and piles, which keep the declarations
        return setup_round(rules, len(seats), given.pop("dealer"), **given), []

    def check_position(self, state: RoundState, stage: str) -> list[Violation]:
        """The opening's checks at a round's start; a later deal's table is no opening (D103), and a
        setup's hand sizes are judged knowing which hands it leaves unknown (D102)."""
        found = check_position(state)
        left_out = {"deal": "D103", "setup": "D102"}.get(stage)
        return [v for v in found if v.code != left_out] if left_out else found

    live = staticmethod(LiveRound)
    force = staticmethod(forced)
    redeal_violations = staticmethod(redeal_violations)
    finish = staticmethod(finish_round)
    score = staticmethod(score_round)
    def score_counted(self, state: RoundState, unnamed: Sequence[int]) -> tuple[dict[str, Any] | None, str]:
        return score_counted(state, unnamed), ("the captured cards the setup counts and names do not add up to "
                                               "the pack (or an ace, 10d or 2c among the unnamed ones could be "
                                               "either side's)")

    def check_score(self, scores: Mapping[str, Any], claimed: Mapping[str, int]) -> list[Violation]:
        return check_round_score(scores, claimed)

    def check_result(self, scores: Sequence[Mapping[str, Any]], sides: Sequence[str], claimed: Mapping[str, int],
                     said: str, target: int) -> list[Violation]:
        """D603: the Result tag gives each side's final total (pagat, Scoring: the game is played to 61)."""
        totals = self.standing(scores, sides)
        standing = ", ".join(f"{side} {points}" for side, points in totals.items())
        if set(claimed) != set(totals) or any(totals[side] != n for side, n in claimed.items()):
            return [error("D603", f"the Result tag says {said}, but the rounds add up to {standing}")]
        if self.winner(scores, target) is None:
            return [warning("D603", f"the Result tag gives final totals ({said}), but no side has won yet "
                            f"(target {target})")]
        return []

    def standing(self, scores: Sequence[Mapping[str, Any]], sides: Sequence[str]) -> dict[str, int]:
        """Each side's points so far."""
        totals = dict.fromkeys(sides, 0)
        for score in scores:  # at every round of every game the validator checks: plain loops
            for side, points in score.items():
                if side in totals:
                    totals[side] += points.total
        return totals

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

    def first_dealer(self, seats: Sequence[Seat]) -> Seat:
        """North (dln's self-play has always dealt from North)."""
        return "N"

    def shuffled_round(self, seats: Sequence[Seat], dealer: Seat, rng: random.Random, rules: Rules
                       ) -> tuple[tuple[Card, ...], list[dict[Seat, tuple[Card, ...]]]]:
        """A pack whose opening table is legal under ``rules``, dealt six a seat (pagat, Players, Cards and
        Deal)."""
        from dln.engine.selfplay import shuffled_pack  # self-play: not loaded to check a record

        dealt = deal_pack(shuffled_pack(rng, len(seats), rules), len(seats), dealer, rules)
        return dealt.table, list(dealt.hands)

    def legal_moves(self, state: RoundState) -> list[Move]:
        return legal_moves(state)

    def each_move(self, state: RoundState) -> Iterator[Move]:
        return iter_legal_moves(state)

    def distinct_moves(self, state: RoundState, cards: Collection[Card] | None = None) -> Iterator[Move]:
        return _scoring_apart(state, iter_legal_moves(state, by_value=True, cards=cards))

    def sweeps(self, state: RoundState, move: Move) -> bool:
        return scores_xeri(state, move)

    apply = staticmethod(position_after)

    check = staticmethod(check)  # the engine's own: the validator calls it at every move

    def breaks_rules(self, state: RoundState, move: Move) -> bool:
        return any(v.severity == "error" for v in check(state, move))

    def next_deal(self, state: RoundState, hands: Mapping[Seat, tuple[Card, ...]]) -> RoundState:
        return next_deal(state, hands)

    def points(self, state: RoundState) -> tuple[int, ...]:
        scores = score_round(finish_round(state))
        return tuple(scores[side].total for side in state.sides)

    def canceller(self, state: RoundState) -> Seat | None:
        from dln.engine.selfplay import canceller

        return canceller(state)

    def estimates(self, state: RoundState) -> bool:
        return True

    def estimate(self, state: RoundState) -> tuple[float, ...]:
        """Points already banked count in full (aces, 10 of diamonds, 2 of clubs, xeris); the 4 for most
        cards go to each side with the chance that its lead in captured cards survives the cards still to
        be captured, taken as a normal spread of ``1.6 * sqrt(cards left + 1)`` (pagat, The "Xeri"; Further
        Deals and the End of the Round; the spread measured by ``bench/horizon.py``):
        :func:`dln.engine.compact.expected_points`."""
        return expected_points(_banked(state), [len(pile) for pile in state.captured], len(state.gone))

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

    def greedy_move(self, state: RoundState, moves: Sequence[Move], rng: random.Random) -> Move:
        """The rules engine's greedy player: xeris, valuable captures, no table the next seat sweeps."""
        from dln.engine.selfplay import choose  # self-play: not loaded to check a record

        return choose(state, moves, rng, "greedy")

    def quick_playout(self, state: RoundState, future: Sequence[Mapping[Seat, Sequence[Card]]],
                      rng: random.Random, random_move: float, *, to_end: bool) -> tuple[float, ...] | None:
        """On :class:`~dln.engine.compact.CompactRound` where it covers ``state`` (two players, hands known,
        the standard rules or the xeri house rules): the same moves, several times faster.  Its playout stops
        at the deal's end, as :attr:`horizon` 0 does."""
        compact = CompactRound.of(state)
        if compact is None:
            return None
        return compact_playout(compact, future, rng, random_move, to_end=to_end)

    def quick_space(self, state: RoundState) -> tuple[CompactRound, SolverSpace] | None:
        """On :class:`~dln.engine.compact.CompactRound` where it covers ``state`` (:meth:`quick_playout`)."""
        compact = CompactRound.of(state)
        return None if compact is None else (compact, _COMPACT_SPACE)

    def playouts_per_budget(self, state: RoundState) -> int:
        """:data:`PLAYOUTS_QUICK` where :meth:`quick_playout` plays (two players, no house rule but the xeri
        ones), else :data:`PLAYOUTS_TWO` with two players and :data:`PLAYOUTS_FOUR` with four: the default
        budget then costs about what 100 playouts two cards deep did on the rules engine (a two-player last
        deal, solved once a move when the engine plays, pays for some)."""
        if covers(state):
            return PLAYOUTS_QUICK
        return PLAYOUTS_TWO if len(state.seats) == 2 else PLAYOUTS_FOUR

    def solver_key(self, state: RoundState) -> tuple[Hashable, tuple[int, ...]]:
        """Cards as their scoring classes (:data:`_CLASS`), declarations without their ids, captured
        cards as the lead in their count while the 4 for most cards are open; banked are the aces,
        10 of diamonds, 2 of clubs and xeris won, and the 4 once no capture to come can change who
        has most cards (counting the cards of deals still to come)."""
        last = state.side_index(state.last_capturer) if state.last_capturer else None
        piles = tuple(sorted((p.value, p.group, p.owner or "", _classes(p.cards)) for p in state.piles)) \
            if state.piles else ()
        banked = _banked(state)
        lead: int | None = len(state.captured[0]) - len(state.captured[1])
        left = 52 - len(state.captured[0]) - len(state.captured[1]) - len(state.gone)  # in hand, on the table, to come
        if abs(lead) > left:  # the side ahead keeps most cards, whoever takes the rest
            banked = (banked[0] + MOST_CARDS_POINTS, banked[1]) if lead > 0 else \
                (banked[0], banked[1] + MOST_CARDS_POINTS)
            lead = None
        key = (tuple(_hand_classes(h.known) for h in state.hands), _classes(state.loose), piles, state.turn,
               last, lead, state.is_first_card())
        return key, banked


def _banked(state: RoundState) -> tuple[int, ...]:
    """Each side's points won for sure: aces, the 10 of diamonds, the 2 of clubs and xeris captured."""
    return tuple(_pile_points(pile) + XERI_POINTS * xeris
                 for pile, xeris in zip(state.captured, state.xeris, strict=True))


#: Points of capture piles by identity (with the pile, so that its id is not taken by another): a search
#: asks again and again of the same pile, which a move that captures nothing passes on unchanged.
_PILE_POINTS: dict[int, tuple[Sequence[Card], int]] = {}


def _pile_points(pile: Sequence[Card]) -> int:
    """The aces, 10 of diamonds and 2 of clubs of a capture pile, in points."""
    found = _PILE_POINTS.get(id(pile))
    if found is not None and found[0] is pile:
        return found[1]
    points = card_points(pile)
    if len(_PILE_POINTS) >= 4096:
        _PILE_POINTS.clear()
    _PILE_POINTS[id(pile)] = (pile, points)
    return points


#: A card's class for the solver (:data:`dln.engine.compact.CLASS`): its rank, apart for the 10 of diamonds
#: and 2 of clubs.  Cards of one class play and score alike (the suit decides nothing else in Diloti), so
#: positions that differ only in which of them lies where have one value.
_CLASS = {c: CLASS[c.index] for c in DECK}


def _classes(cards: Iterable[Card]) -> tuple[int, ...]:
    return tuple(sorted(_CLASS[c] for c in cards))


@lru_cache(maxsize=4096)
def _hand_classes(hand: frozenset[Card]) -> tuple[int, ...]:
    """A hand's classes (hands recur: only the mover's changes from one position to the next)."""
    return _classes(hand)


#: What the exact solver asks of a compact round.
_COMPACT_SPACE = SolverSpace(compact.solver_moves, compact.after, compact.hands_empty, compact.points,
                             compact.solver_key, compact.mover, compact.to_move)

DILOTI = Diloti()


def _scoring_apart(state: RoundState, moves: Iterable[Move]) -> Iterator[Move]:
    """``moves`` listed one per value of the loose cards they take or use (the first in table order), and
    besides each one that takes part of the 2s or the 10s lying loose, the same move with the 2 of clubs or
    the 10 of diamonds swapped in or out: it scores otherwise (pagat, Further Deals and the End of the
    Round), so it is another move to a player.  Suits that score alike stay one move."""
    scoring = [card for card in (GOOD_TWO, GOOD_TEN) if card in state.loose]
    if not scoring:
        yield from moves
        return
    alikes = [(card, [c for c in state.loose if c.value == card.value]) for card in scoring]  # in table order
    for move in moves:
        variants = [move]
        for card, alike in alikes:
            for variant in list(variants):
                taken = [c for c in alike if c in variant.loose]
                if not taken or len(taken) == len(alike):
                    continue  # none of the value, or all of it: no choice of suits
                other = next(c for c in alike if c not in variant.loose) if card in taken else taken[-1]
                # a listed move joins nothing into components: its loose cards are all it names
                variants.append(variant._replace(loose=variant.loose ^ {card, other}))
        yield from variants
