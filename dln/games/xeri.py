"""Xeri (denexa.com "Xeri"): two players, six cards each, one discard pile taken by its top card's rank.

What Xeri shares with Diloti lives in :mod:`dln.games.table`; here is what
is its own.  The table is one face-up pile, written from the bottom up so its
last card is the top.  A card of the top card's rank, or any jack, takes the
whole pile; every other card is discarded on it (Game play).  Taking a pile
of one card with a card of its rank is a xeri, a jack counting only on a jack
(Capturing xeri).  An opening pile whose top card is a jack, or whose two top
cards share a rank, is dealt again (Setup).  A hand scores 10 per xeri, 3 for
more cards, 1 per A, K, Q, J or 10, 1 more for the 10 of diamonds and 1 for
the 2 of clubs (Scoring); the game is the player who won more of an agreed
number of hands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dln.cards import Card, index_order
from dln.engine import codes
from dln.engine.codes import NamedTogether, RuleCode, RuleText, Violation, add_rules, error
from dln.engine.scoring import GOOD_TEN, GOOD_TWO
from dln.engine.state import Move, Seat, describe_cards

from .table import ItemScore, TableGame, TableRound, holds, most, top_winner

#: The text Xeri's rules are cited from, and the rules that are Xeri's own (those it shares with Diloti
#: keep their D codes, dln.engine.codes); added to the codes every part of dln looks up.
TEXT = RuleText("xeri", "Xeri", "denexa.com", "https://www.denexa.com/blog/xeri/", "xeri-denexa.txt")
_X = 'denexa.com "Xeri"'
CODES: tuple[RuleCode, ...] = (
    RuleCode("X003", "xeri-players",
             "Xeri is a game for two players, who sit N and S.",
             f"{_X}, introduction"),
    RuleCode("X101", "pile-redeal",
             "An opening pile whose top card is a jack, or whose two top cards share a rank, is "
             "shuffled back and dealt again.",
             f"{_X}, Setup"),
    RuleCode("X201", "capture-top",
             "A card captures the pile only when it matches the rank of the pile's top card or is a jack.",
             f"{_X}, Game play"),
    RuleCode("X202", "match-takes",
             "A card of the top card's rank, or a jack, played on a pile captures it: it cannot just "
             "be discarded there.",
             f"{_X}, Game play"),
    RuleCode("X203", "whole-pile",
             "A capture takes the whole pile, written as its top card or as all of its cards.",
             f"{_X}, Game play"),
    RuleCode("X501", "xeri-single",
             "A xeri is the capture of a pile of one card by a card of its rank (by a jack only when "
             "that card is a jack too).",
             f"{_X}, Capturing xeri"),
    RuleCode("X602", "xeri-score",
             "A hand of Xeri scores 10 per xeri, 3 for more cards (nobody on a tie), 1 per ace, king, "
             "queen, jack or 10, 1 more for the 10 of diamonds and 1 for the 2 of clubs.",
             f"{_X}, Scoring"),
    RuleCode("X603", "xeri-result",
             "A hand of Xeri is won by the player with more points, and the game by the player who won "
             "more hands after the agreed number of hands (a tie plays another hand).",
             f"{_X}, Scoring"),
)
#: The rules Xeri shares with Diloti, under their D codes, and the passage of its text each rests on.
SHARED_CODES = {
    "D001": f"{_X}, Game play", "D002": f"{_X}, Setup", "D003": f"{_X}, Game play", "D004": f"{_X}, Game play",
    "D102": f"{_X}, Setup; Replenishing the hands", "D104": f"{_X}, Setup", "D105": f"{_X}, Setup",
    "D106": f"{_X}, Scoring", "D110": f"{_X}, Game play", "D601": f"{_X}, Replenishing the hands",
    "D604": f"{_X}, Replenishing the hands",
}
XERI_PLAYERS = "X003"
PILE_REDEAL = "X101"
CAPTURE_TOP = "X201"
MATCH_TAKES = "X202"
WHOLE_PILE = "X203"
XERI_SINGLE = "X501"
XERI_SCORE = "X602"
XERI_RESULT = "X603"
add_rules(CODES, (TEXT,))


JACK = 11
XERI_POINTS = 10
MORE_CARDS = 3
HONOURS = (1, 10, 11, 12, 13)  # "1 point for each ace, king, queen, jack or 10"


class Xeri(TableGame):
    """The rules of Xeri, as :class:`dln.games.table.TableGame` asks for them."""

    key = "xeri"
    name = "Xeri"
    other_names = ("Ξερή",)  # in Greek, as players write it
    players = (2,)  # "a simple fishing game for two players"
    hand_size = 6  # Setup: "deal six cards to each player"
    target = 5  # Scoring: "a predetermined number of hands" (the text names none: ours is 5)
    table_kind = "pile"  # Setup, Game play: the cards face up form one pile; only its top card is captured
    scores_xeri = True  # Scoring: a xeri for taking a pile of one card
    move_examples = "Jh x 4s (a jack, or the top card's rank, takes the pile: name its top card) · 4c (discarded)"
    result_unit = "hands won"
    round_word = "hand"  # Scoring: "Whichever player scores the most points wins the hand"
    score_items = ("xeris", "more_cards", "honours", "ten_of_diamonds", "two_of_clubs")
    hand_size_code = codes.HAND_SIZE  # six cards, as in Diloti
    dealer_code = codes.WRONG_DEALER  # "The deal passes to the other player", as in two-player Diloti
    players_code = XERI_PLAYERS
    score_code = XERI_SCORE
    own_codes = CODES
    shared_codes = SHARED_CODES
    result_code = XERI_RESULT

    def play_order(self, players: int) -> tuple[Seat, ...]:
        """Two players sit N and S."""
        if players != 2:
            raise ValueError(f"Xeri is played by 2 players, not {players}")
        return ("N", "S")

    def opening_violations(self, table: Sequence[Card]) -> list[Violation]:
        """Setup: a jack on top, or two equal ranks on top, sends the pile back to be dealt again."""
        if table and table[-1].rank == JACK:
            return [error(PILE_REDEAL, f"the opening pile shows a jack on top ({table[-1]}): it is "
                          "shuffled back and dealt again", f"table {table[-1]}")]
        if len(table) > 1 and table[-1].rank == table[-2].rank:
            return [error(PILE_REDEAL, f"the two top cards of the opening pile share a rank ({table[-2]} "
                          f"{table[-1]}): it is shuffled back and dealt again", f"table {table[-1]}")]
        return []

    def check_play(self, state: TableRound, move: Move) -> list[Violation]:
        """Game play: a match or a jack takes the whole pile; anything else is discarded on it."""
        pile = state.table
        takes = bool(pile) and (move.card.rank == pile[-1].rank or move.card.rank == JACK)
        if move.kind == "lay":
            if takes:
                return [error(MATCH_TAKES, f"{move.card} on {pile[-1]} captures the pile: write "
                              f"{move.seat} {move.card} x {pile[-1]}")]
            return []
        if not takes:
            top = f"the top card is {pile[-1]}" if pile else "the pile is empty"
            return [error(CAPTURE_TOP, f"{move.card} neither matches the top card nor is a jack ({top})",
                          move.card)]
        out: list[Violation] = []
        if move.loose != {pile[-1]} and move.loose != set(pile):
            # The cards under the top named on their own: the record points at the first of them written.
            under = NamedTogether(move.loose - {pile[-1]})
            out.append(error(WHOLE_PILE, f"a capture takes the whole pile ({' '.join(map(str, pile))}): write "
                             f"its top card, {pile[-1]}, or all of it, not {describe_cards(move.loose)}",
                             under or None))
        if move.xeri and not is_xeri(pile, move.card):
            why = (f"the pile holds {len(pile)} cards" if len(pile) != 1
                   else f"a jack takes {pile[0]} without a xeri: only a jack on a jack is one")
            out.append(error(XERI_SINGLE, f"marked as a xeri, but {why}", codes.XERI_MARK))
        return out

    def taken(self, state: TableRound, move: Move) -> tuple[frozenset[Card], bool]:
        """A capture takes the whole pile; it is a xeri when the pile was one card of the player's rank."""
        if move.kind != "capture":
            return frozenset(), False
        return frozenset(state.table), is_xeri(state.table, move.card)

    def legal_moves(self, state: TableRound) -> list[Move]:
        """One move per known card: a capture of the pile when the card takes it, else a discard."""
        seat, pile = state.turn, state.table
        out: list[Move] = []
        for card in sorted(state.hand(seat).known, key=index_order):
            if pile and (card.rank == pile[-1].rank or card.rank == JACK):
                out.append(Move.capture(seat, card, (pile[-1],), xeri=is_xeri(pile, card)))
            else:
                out.append(Move.lay(seat, card))
        return out

    def score(self, state: TableRound) -> dict[Seat, ItemScore]:
        """Scoring: xeris 10 each, more cards 3, A K Q J 10 one each, 10d one more, 2c one."""
        cards = {seat: len(pile) for seat, pile in zip(state.seats, state.captured, strict=True)}
        more = most(cards, MORE_CARDS)
        two, ten = holds(state, GOOD_TWO), holds(state, GOOD_TEN)
        out: dict[Seat, ItemScore] = {}
        for seat, pile, xeris in zip(state.seats, state.captured, state.xeris, strict=True):
            honours = sum(c.rank in HONOURS for c in pile)
            out[seat] = ItemScore(seat, cards[seat], tuple(zip(self.score_items, (
                xeris, more[seat], honours, int(ten == seat), int(two == seat)), strict=True)),
                (("xeris", XERI_POINTS),))
        return out

    def card_class(self, card: Card) -> int:
        """The 10 of diamonds and the 2 of clubs score as themselves; any other card by its rank, which is all
        a capture and the honours ask of it (Game play; Scoring)."""
        return card.index if card in (GOOD_TEN, GOOD_TWO) else 52 + card.rank

    def winner(self, scores: Sequence[Mapping[Seat, ItemScore]], target: int) -> Seat | None:
        """After ``target`` hands (or more), the player who won more of them; a tie plays another hand."""
        if len(scores) < target:
            return None
        return top_winner(self.standing(scores, list(scores[0])), 0)

    def standing(self, scores: Sequence[Mapping[Seat, ItemScore]], seats: Sequence[Seat]) -> dict[Seat, int]:
        """Hands won so far by each player (a hand with equal points is won by nobody)."""
        won = dict.fromkeys(seats, 0)
        for hand in scores:
            best = hand_winner(hand)
            if best is not None and best in won:
                won[best] += 1
        return won


def hand_winner(scores: Mapping[Seat, ItemScore]) -> Seat | None:
    """Scoring: "Whichever player scores the most points wins the hand" (nobody on equal points)."""
    return top_winner({seat: s.total for seat, s in scores.items()}, 0)


def is_xeri(pile: Sequence[Card], card: Card) -> bool:
    """Capturing xeri: one card taken by a card of its rank; by a jack only if it is a jack too."""
    return len(pile) == 1 and pile[0].rank == card.rank


XERI = Xeri()
