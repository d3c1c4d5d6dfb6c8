"""What the search needs of a game, for Diloti and for the sister games (Kontsina, Xeri, ...).

The search (:mod:`dln.analysis.search`) and the knowledge of the seat to move
(:mod:`dln.analysis.knowledge`) are written once, over the small interface
:class:`SearchGame`: the legal moves of a position, the position after a
move, the next deal, whether a move breaks a rule, each side's points at the
end of the round (every item the game counts, "most cards" and "most clubs"
included), what the player to move may infer about a hidden hand, and how a
playout chooses and stops.  Positions bring the rest themselves: ``seats``,
``sides``, ``side_index``, ``turn``, ``hands``, ``deal``/``deals``,
``needs_deal``, ``is_over``, ``seen()``.

Two implementations: :data:`DILOTI` over :class:`~dln.engine.RoundState`
(Diloti's engine with its house rules and declarations), and :data:`FAMILY`
over :class:`~dln.games.table.TableRound`, which asks the game's
:class:`~dln.games.table.FishingGame` (its registry entry) for moves and
scores, so a fourth game of the family is a new engine module and nothing here.
:func:`game_of` picks one for a position.  Uses only the rules engine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from dln.cards import Card
from dln.engine import (
    HAND_SIZE,
    Hand,
    Move,
    RoundState,
    Seat,
    apply,
    check,
    deal_order,
    finish_round,
    legal_moves,
    next_deal,
    redeal_violations,
    score_round,
)
from dln.engine.scoring import GOOD_TEN, GOOD_TWO, MOST_CARDS_POINTS, XERI_POINTS
from dln.engine.selfplay import choose
from dln.games import kontsina
from dln.games import table as family
from dln.games.table import TableRound

#: A position of any game the search plays.
State = RoundState | TableRound
#: Chance that a playout move is chosen at random rather than by the greedy player.
RANDOM_MOVE = 0.05


class SearchGame(Protocol):
    """The rules the search plays by (one object per kind of position)."""

    def estimates(self, state: State) -> bool:
        """Whether playouts stop a few cards into the next deal and :meth:`estimate` the rest."""
        ...

    #: Whether the moves that survived every halving of the budget rank before those dropped, and a move
    #: dropped later before one dropped earlier, whatever the few samples of a dropped move said (wanted
    #: where playouts are noisy); else every move ranks by its value alone.
    survivors_first: bool

    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move of the seat to move (its known cards)."""
        ...

    def apply(self, state: State, move: Move) -> State:
        """The position after a legal ``move``."""
        ...

    def breaks_rules(self, state: State, move: Move) -> bool:
        """True when ``move`` is illegal in ``state`` (e.g. in a sampled world where the hand differs)."""
        ...

    def next_deal(self, state: State, hands: Mapping[Seat, tuple[Card, ...]]) -> State:
        """The position after the next deal gives ``hands``."""
        ...

    def hand_size(self, state: State) -> int:
        """Cards each seat gets per deal."""
        ...

    def points(self, state: State) -> tuple[int, ...]:
        """Each side's points for the round once it is over (the table's rest to the last capturer)."""
        ...

    def cancelled(self, state: State) -> bool:
        """True when the round is called off at this fresh deal (Diloti's face-card redeals)."""
        ...

    def estimate(self, state: State) -> tuple[float, ...]:
        """Each side's expected points from a position mid-round (only when :meth:`estimates` says so)."""
        ...

    def owes(self, state: State, fixed: Mapping[Seat, frozenset[Card]], hidden: Mapping[Seat, int]
             ) -> dict[Seat, tuple[int, ...]]:
        """Per hidden hand, values it must hold a card of (what the validator infers: D302/D403)."""
        ...

    def rollout_move(self, state: State, moves: Sequence[Move], rng: random.Random) -> Move:
        """The playout policy's move among ``moves``."""
        ...

    def solver_key(self, state: State) -> tuple[object, ...]:
        """What decides the rest of a fully known round: equal keys, equal outcomes."""
        ...


def _summary(cards: Sequence[Card]) -> tuple[int, int, bool, bool]:
    """What of a Diloti capture pile scores: how many cards, aces, the 10 of diamonds, the 2 of clubs."""
    return (len(cards), sum(1 for c in cards if c.rank == 1), GOOD_TEN in cards, GOOD_TWO in cards)


class Diloti:
    """Diloti's engine (:mod:`dln.engine`), every house rule of ``Rules`` applied there."""

    survivors_first = False  # as the strength figures of docs/analysis.md were measured

    def estimates(self, state: RoundState) -> bool:
        return True

    def legal_moves(self, state: RoundState) -> list[Move]:
        return legal_moves(state)

    def apply(self, state: RoundState, move: Move) -> RoundState:
        return apply(state, move).state

    def breaks_rules(self, state: RoundState, move: Move) -> bool:
        return any(v.severity == "error" for v in check(state, move))

    def next_deal(self, state: RoundState, hands: Mapping[Seat, tuple[Card, ...]]) -> RoundState:
        return next_deal(state, hands)

    def hand_size(self, state: RoundState) -> int:
        return HAND_SIZE

    def points(self, state: RoundState) -> tuple[int, ...]:
        scores = score_round(finish_round(state))
        return tuple(scores[side].total for side in state.sides)

    def cancelled(self, state: RoundState) -> bool:
        return canceller(state) is not None

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
        in twenty at random so that playouts from one world differ."""
        if len(moves) == 1 or rng.random() < RANDOM_MOVE:
            return moves[rng.randrange(len(moves))]
        return choose(state, moves, rng, "greedy")

    def solver_key(self, state: RoundState) -> tuple[object, ...]:
        last = state.side_index(state.last_capturer) if state.last_capturer else None
        return (state.hands, frozenset(state.loose), frozenset(state.piles), state.turn, last,
                tuple(_summary(c) for c in state.captured), state.xeris)


def canceller(state: RoundState) -> str | None:
    """The first seat, in deal order, that may cancel the round at this fresh deal for face cards.

    Under face-card-redeal(-any) such a seat always cancels, as in the rules engine's self-play.
    """
    rules = state.rules
    if not (rules.face_card_redeal or rules.face_card_redeal_any):
        return None
    return next((seat for seat in deal_order(state.seats, state.dealer) if not redeal_violations(state, seat)), None)


class Family:
    """The sister games through :mod:`dln.games.table`: the position's ``FishingGame`` answers.

    Playouts stop two cards into the next deal where :data:`ESTIMATES` has
    an estimate for the game (Kontsina), else run to the end of the round (a
    round of 48 cards is cheap to play out): a new game needs no entry there.
    """

    #: A playout to the end of a Xeri round swings by tens of points (10 a xeri): five samples of a move
    #: dropped at the first halving must not outrank the thirty of a survivor (nor the fifteen of a move
    #: dropped at the second).
    survivors_first = True

    def estimates(self, state: TableRound) -> bool:
        return state.game in ESTIMATES

    def legal_moves(self, state: TableRound) -> list[Move]:
        return state.rules.legal_moves(state)

    def apply(self, state: TableRound, move: Move) -> TableRound:
        return family.play(state, move)

    def breaks_rules(self, state: TableRound, move: Move) -> bool:
        return any(v.severity == "error" for v in family.check(state, move))

    def next_deal(self, state: TableRound, hands: Mapping[Seat, tuple[Card, ...]]) -> TableRound:
        return family.next_deal(state, {seat: Hand.of(cards) for seat, cards in hands.items()})

    def hand_size(self, state: TableRound) -> int:
        return state.rules.hand_size

    def points(self, state: TableRound) -> tuple[int, ...]:
        scores = state.rules.score(family.sweep(state))
        return tuple(scores[seat].total for seat in state.seats)

    def cancelled(self, state: TableRound) -> bool:
        return False

    def estimate(self, state: TableRound) -> tuple[float, ...]:
        return ESTIMATES[state.game](state)

    def owes(self, state: TableRound, fixed: Mapping[Seat, frozenset[Card]],
             hidden: Mapping[Seat, int]) -> dict[Seat, tuple[int, ...]]:
        return {}  # no declarations: nothing is known of a hidden hand but its size

    def rollout_move(self, state: TableRound, moves: Sequence[Move], rng: random.Random) -> Move:
        """The family's greedy player (a xeri first, else the biggest take, else a low card laid), with
        one move in twenty at random."""
        if len(moves) == 1 or rng.random() < RANDOM_MOVE:
            return moves[rng.randrange(len(moves))]
        return family.greedy_choice(state, list(moves), rng)

    def solver_key(self, state: TableRound) -> tuple[object, ...]:
        return (state.hands, state.table, state.turn, state.last_capturer,
                tuple(frozenset(pile) for pile in state.captured), state.xeris)


def lead_chances(counts: Sequence[int], left: int) -> list[float]:
    """Each seat's chance of ending with strictly the most, when ``left`` more are still to be shared: its
    lead over every other seat survives a normal spread of about ``0.6 * sqrt(left)`` (seats taken apart)."""
    spread = 0.6 * math.sqrt(left + 1) * math.sqrt(2)
    return [math.prod(0.5 * (1 + math.erf((mine - theirs) / spread)) for j, theirs in enumerate(counts) if j != i)
            for i, mine in enumerate(counts)]


def kontsina_estimate(state: TableRound) -> tuple[float, ...]:
    """Each player's expected points for a Kontsina hand mid-way: the 2c and the 10d already taken count in
    full, most cards (2) and most clubs (1) go with the chance that the lead in each survives the cards and
    clubs still to be taken (Ending the hand)."""
    cards = [len(pile) for pile in state.captured]
    clubs = [sum(c.suit == "c" for c in pile) for pile in state.captured]
    most_cards, most_clubs = lead_chances(cards, 52 - sum(cards)), lead_chances(clubs, 13 - sum(clubs))
    return tuple((kontsina.TWO_OF_CLUBS in pile) + (kontsina.TEN_OF_DIAMONDS in pile) + kontsina.MOST_CARDS * a
                 + kontsina.MOST_CLUBS * b for pile, a, b in zip(state.captured, most_cards, most_clubs, strict=True))


#: Horizon estimates of the sister games, by key.  Xeri has none: its points come mostly from xeris and
#: honours, which a playout to the end of the hand counts as they fall.
ESTIMATES: dict[str, Callable[[TableRound], tuple[float, ...]]] = {"kontsina": kontsina_estimate}

DILOTI: SearchGame = Diloti()
FAMILY: SearchGame = Family()


def game_of(state: State) -> SearchGame:
    """The rules the search plays ``state`` by."""
    return FAMILY if isinstance(state, TableRound) else DILOTI
