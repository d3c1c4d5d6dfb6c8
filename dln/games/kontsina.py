"""Kontsina (denexa.com "Kontsina"): two to four players, four cards each, captures by rank or by sum.

What Kontsina shares with Diloti lives in :mod:`dln.games.table`; here is
what is its own.  Play passes to the left and so does the deal (Game play;
Ending the hand), so the seats play N, E, S, W (three players: N, E, S; two:
N, S) and every player scores alone.  A card matching by rank takes one card of
that rank; a numeral takes a set of two or more numerals adding up to it; face
cards have no pip value (Capturing cards).  A hand scores 2 for most cards
(nobody on a tie), 1 for most clubs, 1 for the 2 of clubs and 1 for the 10 of
diamonds; the game goes to an agreed target such as 21 (Ending the hand).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence

from dln.cards import RANK_NAMES, Card, index_order
from dln.engine import codes
from dln.engine.codes import RuleCode, RuleText, TakenTooMany, Violation, add_rules, error
from dln.engine.scoring import GOOD_TEN, GOOD_TWO
from dln.engine.state import Move, Seat, describe_cards
from dln.engine.sums import splits

from .table import ItemScore, TableGame, TableRound, holds, most, top_winner

#: The text Kontsina's rules are cited from, and the rules that are Kontsina's own (those it shares with Diloti
#: keep their D codes, dln.engine.codes); added to the codes every part of dln looks up.
TEXT = RuleText("kontsina", "Kontsina", "denexa.com", "https://www.denexa.com/blog/kontsina/", "kontsina-denexa.txt")
_K = 'denexa.com "Kontsina"'
CODES: tuple[RuleCode, ...] = (
    RuleCode("K102", "kontsina-hand-size",
             "Each deal of Kontsina gives every player four cards, and hands then shrink by one card "
             "per turn in play order.",
             f"{_K}, Setup; Replenishing the hands"),
    RuleCode("K106", "kontsina-dealer",
             "In Kontsina the deal passes to the left after every hand, to the next seat in play order.",
             f"{_K}, Ending the hand"),
    RuleCode("K201", "match-one",
             "A card that matches by rank captures only one card of its rank, and nothing with it.",
             f"{_K}, Capturing cards"),
    RuleCode("K205", "face-by-rank",
             "Face cards have no pip value in Kontsina, so they are captured only by matching and "
             "capture only by matching.",
             f"{_K}, Capturing cards"),
    RuleCode("K206", "sum-capture",
             "A numeral captures one card of its rank or one set of two or more numerals whose pip "
             "values add up to its own.",
             f"{_K}, Capturing cards"),
    RuleCode("K501", "kontsina-no-xeri",
             "Kontsina has no xeri bonus, so no move of it is marked as a xeri.",
             f"{_K}, Ending the hand (scoring)"),
    RuleCode("K602", "kontsina-score",
             "A hand of Kontsina scores 2 for most cards (nobody on a tie), 1 for most clubs, 1 for the "
             "2 of clubs and 1 for the 10 of diamonds.",
             f"{_K}, Ending the hand (scoring)"),
    RuleCode("K603", "kontsina-result",
             "A game of Kontsina ends after the hand in which a player reaches the target (21 by "
             "default): the highest total wins and a tie at the top plays another hand.",
             f"{_K}, Ending the hand"),
)
#: The rules Kontsina shares with Diloti, under their D codes, and the passage of its text each rests on.
SHARED_CODES = {
    "D001": f"{_K}, Game play", "D002": f"{_K}, Setup", "D003": f"{_K}, Game play",
    "D004": f"{_K}, Capturing cards", "D104": f"{_K}, Setup", "D105": f"{_K}, Setup",
    "D110": f"{_K}, Capturing cards", "D601": f"{_K}, Ending the hand", "D604": f"{_K}, Ending the hand",
}
KONTSINA_HAND_SIZE = "K102"
KONTSINA_DEALER = "K106"
MATCH_ONE = "K201"
FACE_BY_RANK = "K205"
SUM_CAPTURE = "K206"
KONTSINA_NO_XERI = "K501"
KONTSINA_SCORE = "K602"
KONTSINA_RESULT = "K603"
add_rules(CODES, (TEXT,))


MOST_CARDS = 2
MOST_CLUBS = 1


class Kontsina(TableGame):
    """The rules of Kontsina, as :class:`dln.games.table.TableGame` asks for them."""

    key = "kontsina"
    name = "Kontsina"
    other_names = ("Κοντσίνα",)  # in Greek, as players write it
    players = (2, 3, 4)  # "a straightforward fishing game for two to four players"
    hand_size = 4  # Setup: "deal four cards to each player"
    target = 21  # Ending the hand: "a predetermined score, for example, 21 points"
    round_word = "hand"  # Ending the hand: "The hand ends when all of the players are out of cards"
    table_kind = "loose"  # Capturing cards: one card of a rank, or a set of numerals, from those face up
    scores_xeri = False  # K501: no xeri
    move_examples = "9c x 9d (one card of its rank) · 9c x 5h+4d (numerals adding up to it) · Ks (laid)"
    result_unit = "points"
    score_items = ("most_cards", "most_clubs", "two_of_clubs", "ten_of_diamonds")
    hand_size_code = KONTSINA_HAND_SIZE
    dealer_code = KONTSINA_DEALER
    players_code = codes.WRONG_SEAT  # any of N, E, S, W may sit
    score_code = KONTSINA_SCORE
    own_codes = CODES
    shared_codes = SHARED_CODES
    result_code = KONTSINA_RESULT
    #: A hand is worth 5 points in all (2 most cards, 1 most clubs, 1 the 2c, 1 the 10d), so a blunder is the
    #: swing of most cards, a mistake one item, an inaccuracy half of one.
    marks = (("??", "blunder", 2.0), ("?", "mistake", 1.0), ("?!", "inaccuracy", 0.5))

    def play_order(self, players: int) -> tuple[Seat, ...]:
        """Play passes to the left: N, E, S, W (three players leave W empty, two sit N and S)."""
        if players == 2:
            return ("N", "S")
        if players in (3, 4):
            return ("N", "E", "S", "W")[:players]
        raise ValueError(f"Kontsina is played by 2 to 4 players, not {players}")

    def opening_violations(self, table: Sequence[Card]) -> list[Violation]:
        """Any four cards may open a hand: the text redeals nothing."""
        return []

    def check_play(self, state: TableRound, move: Move) -> list[Violation]:
        """Capturing cards: one card of the played card's rank, or one set of numerals adding up to it."""
        out: list[Violation] = []
        if move.xeri:
            out.append(error(KONTSINA_NO_XERI, "Kontsina scores no xeri: remove the * mark", codes.XERI_MARK))
        if move.kind == "capture":
            problem = capture_problem(move.card, sorted(move.loose, key=index_order))
            if problem is not None:
                out.append(problem)
        return out

    def taken(self, state: TableRound, move: Move) -> tuple[frozenset[Card], bool]:
        """A capture takes what it names; Kontsina has no xeri."""
        return (move.loose if move.kind == "capture" else frozenset()), False

    def legal_moves(self, state: TableRound) -> list[Move]:
        """Every card of the hand laid, and every capture it can make (cards must be known)."""
        seat = state.turn
        out: list[Move] = []
        for card in sorted(state.hand(seat).known, key=index_order):
            out.append(Move.lay(seat, card))
            # A set adding up to the card is one component, as the record joins it (5h+4d).
            out += [Move.capture(seat, card, taken, components=(taken,) if len(taken) > 1 else ())
                    for taken in captures(card, state.table)]
        return out

    def score(self, state: TableRound) -> dict[Seat, ItemScore]:
        """Ending the hand: most cards 2 (none on a tie), most clubs 1, the 2c 1, the 10d 1."""
        cards = {seat: len(pile) for seat, pile in zip(state.seats, state.captured, strict=True)}
        clubs = {seat: sum(c.suit == "c" for c in pile) for seat, pile in zip(state.seats, state.captured,
                                                                           strict=True)}
        most_cards, most_clubs = most(cards, MOST_CARDS), most(clubs, MOST_CLUBS)
        two, ten = holds(state, GOOD_TWO), holds(state, GOOD_TEN)
        return {seat: ItemScore(seat, cards[seat], tuple(zip(self.score_items, (
            most_cards[seat], most_clubs[seat], int(two == seat), int(ten == seat)), strict=True)))
            for seat in state.seats}

    def card_class(self, card: Card) -> int:
        """A club, and the 10 of diamonds, score as themselves; any other card only by its rank, which is all
        a capture asks of it (Capturing cards; Ending the hand)."""
        return card.index if card.suit == "c" or card == GOOD_TEN else 52 + card.rank

    def estimates(self, state: TableRound) -> bool:
        """Playouts stop two cards into the next deal and :meth:`estimate` the rest."""
        return True

    def estimate(self, state: TableRound) -> tuple[float, ...]:
        """Each player's expected points for a hand mid-way: the 2c and the 10d already taken count in full,
        most cards (2) and most clubs (1) go with the chance that the lead in each survives the cards and clubs
        still to be taken (Ending the hand)."""
        cards = [len(pile) for pile in state.captured]
        clubs = [sum(c.suit == "c" for c in pile) for pile in state.captured]
        most_cards, most_clubs = lead_chances(cards, 52 - sum(cards)), lead_chances(clubs, 13 - sum(clubs))
        return tuple((GOOD_TWO in pile) + (GOOD_TEN in pile) + MOST_CARDS * a + MOST_CLUBS * b
                     for pile, a, b in zip(state.captured, most_cards, most_clubs, strict=True))

    def winner(self, scores: Sequence[Mapping[Seat, ItemScore]], target: int) -> Seat | None:
        """The single highest total once someone has reached the target; a tie plays another hand."""
        if not scores:
            return None
        return top_winner(self.standing(scores, list(scores[0])), target)

    def standing(self, scores: Sequence[Mapping[Seat, ItemScore]], seats: Sequence[Seat]) -> dict[Seat, int]:
        """Each player's points so far."""
        return {seat: sum(s[seat].total for s in scores if seat in s) for seat in seats}


def lead_chances(counts: Sequence[int], left: int) -> list[float]:
    """Each seat's chance of ending with strictly the most, when ``left`` more are still to be shared: its
    lead over every other seat survives a normal spread of about ``0.6 * sqrt(left)`` (seats taken apart)."""
    spread = 0.6 * math.sqrt(left + 1) * math.sqrt(2)
    return [math.prod(0.5 * (1 + math.erf((mine - theirs) / spread)) for j, theirs in enumerate(counts) if j != i)
            for i, mine in enumerate(counts)]


def capture_problem(card: Card, taken: Sequence[Card]) -> Violation | None:
    """Why ``card`` may not capture exactly ``taken`` (K201, K205, K206), or None if it may."""
    if len(taken) == 1 and taken[0].rank == card.rank:
        return None
    what = describe_cards(taken)
    if any(c.rank == card.rank for c in taken):
        others = TakenTooMany(c for c in taken if c.rank != card.rank) or TakenTooMany(taken)
        return error(MATCH_ONE, f"{card} matches by rank and takes one card of its rank alone, not {what}", others)
    faces = [c for c in taken if c.is_face]
    # The card taken at fault, as Diloti's D204 and D205 name it: one of another rank, or a face card.
    if card.is_face:
        return error(FACE_BY_RANK, f"{card} can take only a {RANK_NAMES[card.rank]}, not {what}: face cards "
                     "capture by matching alone", min(taken, key=index_order))
    if faces:
        return error(FACE_BY_RANK, f"{faces[0]} has no pip value: a face card captures and is captured only "
                     f"by a card of its own rank, so {card} cannot take {what}", min(faces, key=index_order))
    total = sum(c.value for c in taken)
    sets = total // card.value
    if sets > 1 and total % card.value == 0 and splits([c.value for c in taken], card.value):  # Diloti's habit
        return error(SUM_CAPTURE, f"{card} takes one set adding up to {card.value} at a time, not {sets}: "
                     f"{what} make {sets} sets of {card.value}")
    if len(taken) < 2 or total != card.value:
        # As Diloti's D206: a card without which the rest is a set of the card's value is the one too many.
        extra = TakenTooMany(c for c in taken if len(taken) > 2 and total - c.value == card.value)
        return error(SUM_CAPTURE, f"{card} takes one card of its rank or a set of numerals adding up to "
                     f"{card.value}; {what} {'adds up to ' + str(total) if len(taken) > 1 else 'is neither'}",
                     extra or None)
    return None


def captures(card: Card, table: Sequence[Card]) -> Iterator[frozenset[Card]]:
    """Every capture ``card`` can make on ``table``: each card of its rank, each set adding up to it."""
    for c in table:
        if c.rank == card.rank:
            yield frozenset((c,))
    if card.is_face:
        return
    numerals = [c for c in table if not c.is_face and c.value < card.value]
    yield from (frozenset(chosen) for chosen in _sets(numerals, card.value) if len(chosen) > 1)


def _sets(cards: Sequence[Card], total: int) -> Iterator[tuple[Card, ...]]:
    """The subsets of ``cards`` adding up to ``total`` (pruned: no subset grows past it)."""
    if total == 0:
        yield ()
        return
    for i, card in enumerate(cards):
        if card.value <= total:
            for rest in _sets(cards[i + 1:], total - card.value):
                yield (card, *rest)


KONTSINA = Kontsina()
