"""End of a round, its score, and the progress of a game to the target.

pagat, Further Deals and the End of the Round: the cards left on the table go
to whoever captured last (no xeri for that); a round scores 4 for most cards
(none on a 26-26 split), 1 per ace, 2 for the 10 of diamonds, 1 for the 2 of
clubs and 10 per xeri.  Target Score: the game ends after a round in which a
side reaches the target; the higher total wins and equal totals play on.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from dln.cards import DECK, Card
from dln.wording import count_of

from . import codes
from .codes import Violation, error
from .rules import Rules
from .state import RoundState, Seat, Side, describe_cards

GOOD_TEN = Card(10, "d")
GOOD_TWO = Card(2, "c")
#: The cards that score on their own: the four aces, the 10 of diamonds and the 2 of clubs.  Every
#: round's score finds them in each capture pile with one intersection, in C.
_SCORING_CARDS = frozenset([*(c for c in DECK if c.rank == 1), GOOD_TEN, GOOD_TWO])
MOST_CARDS_POINTS = 4
XERI_POINTS = 10


def card_points(pile: Collection[Card]) -> int:
    """The points the cards of a capture pile score on their own: 1 an ace, 2 the 10 of diamonds, 1 the 2 of
    clubs (pagat, Further Deals and the End of the Round); most cards and xeris are not the cards'."""
    held = _SCORING_CARDS.intersection(pile)
    return len(held) + (GOOD_TEN in held)


#: Diloti's score items, by name, in the order a score sheet lists them (:attr:`SideScore.items`).
SCORE_ITEMS = ("most_cards", "aces", "ten_of_diamonds", "two_of_clubs", "xeris")


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's points for a round, item by item."""

    side: Side
    cards: int  # number of cards captured
    most_cards: int  # 4 or 0
    aces: int  # 1 per ace
    good_ten: int  # 2 for the 10 of diamonds, else 0
    good_two: int  # 1 for the 2 of clubs, else 0
    xeris: int  # number of xeris (10 points each)

    @property
    def total(self) -> int:
        """The side's points for the round."""
        return self.most_cards + self.aces + self.good_ten + self.good_two + XERI_POINTS * self.xeris

    @property
    def items(self) -> tuple[tuple[str, int], ...]:
        """The score item by item, by name, as every game's score sheet lists them (xeris counted, not
        in points)."""
        return tuple(zip(SCORE_ITEMS, (self.most_cards, self.aces, self.good_ten, self.good_two, self.xeris),
                         strict=True))

    @property
    def points(self) -> tuple[tuple[str, int], ...]:
        """The points item by item (the xeris in points): they add up to :attr:`total`."""
        return (*self.items[:-1], ("xeris", XERI_POINTS * self.xeris))


def check_round_end(state: RoundState) -> list[Violation]:
    """D604: a record may end a round only when the pack is dealt and the hands played out."""
    if state.is_over:
        return []
    left = sum(h.size for h in state.hands)
    deals = state.deals - state.deal
    return [error(codes.ROUND_UNFINISHED,
                  f"the round cannot end yet: {count_of(left, 'card')} in hand and {count_of(deals, 'deal')} to come")]


def rest_taker(state: RoundState) -> Side | None:
    """The side that takes the cards left on the table: the last capturer's (None if nobody captured)."""
    if state.last_capturer is None:
        return None
    return state.side_of(state.last_capturer)


def check_rest(state: RoundState, side: Side, cards: Collection[Card] | None = None) -> list[Violation]:
    """D601: a record's claim that ``side`` takes the leftovers (and, if given, exactly ``cards``)."""
    out: list[Violation] = []
    taker = rest_taker(state)
    if side != taker:
        who = f"{taker}, whose seat {state.last_capturer} captured last" if taker else "nobody"
        out.append(error(codes.REST_CLAIM, f"the cards left on the table go to {who}, not {side}"))
    if cards is not None:
        table = set(state.table_cards())
        if set(cards) != table or len(cards) != len(table):
            out.append(error(codes.REST_CLAIM,
                             f"the cards left on the table are {describe_cards(table) or 'none'}, "
                             f"not {describe_cards(cards) or 'none'}"))
    return out


def finish_round(state: RoundState) -> RoundState:
    """The final position: leftovers added to the last capturer's side (not a xeri).

    If nobody captured at all (only possible from a setup) the leftovers stay
    on the table and count for nobody.
    """
    if not state.is_over:
        raise ValueError("the round is not over")
    taker = rest_taker(state)
    if taker is None or state.table_empty:
        return state
    s = state.sides.index(taker)
    captured = (*state.captured[:s], state.captured[s] + state.table_cards(), *state.captured[s + 1:])
    return RoundState(state.rules, state.seats, state.dealer, state.deal, state.hands, (), (),
                      captured, state.xeris, state.last_capturer, state.turn, state.played,
                      state.setup, state.next_pile_id, state.gone)


def score_round(state: RoundState) -> dict[Side, SideScore]:
    """Each side's score from its capture pile and xeris (call after :func:`finish_round`)."""
    captured = state.captured
    return _scores(state.sides, captured, [len(pile) for pile in captured], state.xeris)


def _scores(sides: Sequence[Side], piles: Sequence[Collection[Card]], counts: Sequence[int],
            xeris: Sequence[int]) -> dict[Side, SideScore]:
    """Each side's score from its pile (each card in it once), its number of cards (a setup may count
    more than the pile names) and its xeris, all aligned with ``sides``."""
    out: dict[Side, SideScore] = {}
    for i, side in enumerate(sides):
        others = [*counts[:i], *counts[i + 1:]]
        most = not others or counts[i] > max(others)
        held = _SCORING_CARDS.intersection(piles[i])
        ten, two = GOOD_TEN in held, GOOD_TWO in held
        # side, cards, most_cards, aces, good_ten, good_two, xeris (positional: a keyword costs a lookup each)
        out[side] = SideScore(side, counts[i], MOST_CARDS_POINTS if most else 0, len(held) - ten - two,
                              2 if ten else 0, 1 if two else 0, xeris[i])
    return out


def check_score(scores: Mapping[Side, SideScore], claimed: Mapping[Side, int]) -> list[Violation]:
    """D602: a record's claimed round points per side against the computed ones: one error for the claim,
    giving the right figure of each side it gets wrong or leaves out."""
    wrong = [f"{side} scores {score.total} this round, not {claimed[side]} "
             f"({count_of(score.cards, 'card')}: {score.most_cards}, aces {score.aces}, "
             f"10d {score.good_ten}, 2c {score.good_two}, xeris {score.xeris}x{XERI_POINTS})"
             for side, score in scores.items() if side in claimed and claimed[side] != score.total]
    wrong += [f"there is no side {side} in this game{_side_meant(side, scores)}" for side in claimed
              if side not in scores]
    missing = left_out(scores, claimed)
    wrong += [f"{side} is left out of the claim: {side} scores {scores[side].total} this round" for side in missing]
    wrong += [EVERY_SIDE] if missing else []
    return [error(codes.SCORE_CLAIM, "; ".join(wrong))] if wrong else []


#: Why a score claim that leaves out a side is wrong (docs/notation.md, Claims at the end of a round).
EVERY_SIDE = "a claim gives every side's points"


def left_out(scores: Mapping[str, object], claimed: Mapping[str, int]) -> list[str]:
    """The sides of ``scores`` a round's score claim leaves out: it gives each side's points, as the Result
    tag each side's total.  A side the claim writes under another name (``N`` for ``NS``, ``NS`` for ``N``
    and ``S``) is not left out: the name is the claim's error, with the side's figure."""
    strangers = [side for side in claimed if side not in scores]
    return [side for side in scores
            if side not in claimed and not any(set(side) & set(other) for other in strangers)]


def _side_meant(side: str, scores: Mapping[Side, SideScore]) -> str:
    """What a claim for ``side``, not one of the game's, must mean, with the figure it makes (pagat,
    Four-Player Game: partners score together; with two players each scores alone); empty when nothing."""
    team = next((s for s in scores if len(s) == 2 and side in s), None)
    if team is not None:
        return f": {side} plays for {team}, which scores {scores[team].total} this round"
    alone = [seat for seat in side if seat in scores] if len(side) == 2 else []
    if len(alone) == 2:
        first, second = alone
        return (f": {first} and {second} score alone, {first} {scores[first].total} and {second} "
                f"{scores[second].total} this round")
    return ""


def next_dealer(seats: Sequence[Seat], dealer: Seat) -> Seat:
    """Who deals the next round: the dealer's successor in play order.

    Two players alternate; four pass the deal to the right, or to the left
    under ``clockwise`` (the play order already says which).
    """
    return seats[(list(seats).index(dealer) + 1) % len(seats)]


def dealer_after(seats: Sequence[Seat], previous: Seat, *, redealt: bool = False) -> Seat:
    """Who deals after a round dealt by ``previous``: :func:`next_dealer`, or ``previous``
    again when that round was cancelled for face cards (pagat, house rules after
    Four-Player Game: the same dealer deals the cancelled round anew)."""
    return previous if redealt else next_dealer(seats, previous)


def check_dealer(seats: Sequence[Seat], previous: Seat, dealer: Seat, *, redealt: bool = False) -> list[Violation]:
    """D106: the dealer of a round follows the previous round's dealer (the same one after a redeal)."""
    expected = dealer_after(seats, previous, redealt=redealt)
    if dealer == expected:
        return []
    if redealt:
        return [error(codes.WRONG_DEALER, f"{expected} deals this round again (the last one, which {previous} "
                      f"dealt, was cancelled for face cards), not {dealer}")]
    return [error(codes.WRONG_DEALER, f"{expected} deals this round ({previous} dealt the last one), not {dealer}")]


def game_winner(rules: Rules, totals: Mapping[Side, int]) -> Side | None:
    """The side that has won once a round is over, or None if the game goes on."""
    if not totals:
        return None
    best = max(totals.values())
    leaders = [side for side, t in totals.items() if t == best]
    if best >= rules.target and len(leaders) == 1:
        return leaders[0]
    return None


def check_game_result(rules: Rules, totals: Mapping[Side, int], winner: Side | None) -> list[Violation]:
    """D603: a record's claim after a round: ``winner`` has won, or None for "game goes on"."""
    actual = game_winner(rules, totals)
    if actual == winner:
        return []
    standing = ", ".join(f"{side} {t}" for side, t in totals.items())
    if actual is None:
        return [error(codes.GAME_RESULT,
                      f"the game is not over at {standing} (target {rules.target}); "
                      f"{winner} has not won")]
    if winner is None:
        return [error(codes.GAME_RESULT, f"the game is over at {standing}: {actual} has won")]
    return [error(codes.GAME_RESULT, f"{actual} has won at {standing}, not {winner}")]


def score_counted(state: RoundState, unnamed: Sequence[int]) -> dict[Side, SideScore] | None:
    """Each side's score when a setup counted some captured cards without naming them.

    ``state`` is final (after :func:`finish_round`); ``unnamed[i]`` is how many
    cards side ``i`` captured before the setup besides those its pile names.
    Every card no pile names was captured by a side with unnamed cards, so
    "most cards" uses the counts; an ace, the 10 of diamonds or the 2 of clubs
    among them scores for its side only when one side alone has unnamed cards.
    None when the record cannot tell (the counts do not add up to the pack, or
    such a card could be on either side).
    """
    if not any(unnamed):
        return score_round(state)
    named = {c for pile in state.captured for c in pile}
    rest = [c for c in DECK if c not in named]
    if len(rest) != sum(unnamed) or len(named) != sum(map(len, state.captured)):
        return None
    holders = [i for i, n in enumerate(unnamed) if n]
    valuable = [c for c in rest if c.rank == 1 or c in (GOOD_TEN, GOOD_TWO)]
    if valuable and len(holders) > 1:
        return None
    piles = [list(pile) for pile in state.captured]
    if len(holders) == 1:  # the one side with unnamed cards has all of them
        piles[holders[0]] += rest
        counts = [len(pile) for pile in piles]
    else:
        counts = [len(pile) + n for pile, n in zip(piles, unnamed, strict=True)]
    return _scores(state.sides, piles, counts, state.xeris)
