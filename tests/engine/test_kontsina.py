"""Kontsina (denexa.com "Kontsina"): every worked statement of the text, one test each, citing its passage."""

from __future__ import annotations

import random

import pytest

from dln.cards import Card
from dln.check.generate import positions
from dln.engine.state import Hand, Move
from dln.games.kontsina import KONTSINA, captures
from dln.games.playing import play_game, random_player
from dln.games.protocol import game_named
from dln.games.table import (
    TableRound,
    check,
    check_dealer,
    check_position,
    check_result,
    check_score,
    dealer_after,
    play,
    seats_for,
    start_hand,
    sweep,
)

from .helpers import card, cards


def position(table: str, hands: dict[str, str], *, players: int = 2, dealer: str | None = None,
             turn: str | None = None) -> TableRound:
    """A first-deal position of Kontsina: the table and the hands as written."""
    seats = KONTSINA.play_order(players)
    state = start_hand(KONTSINA, seats, dealer or seats[-1], cards(table),
                       {seat: Hand.of(cards(text)) for seat, text in hands.items()})
    return state._replace(turn=turn) if turn else state


def codes_of(state: TableRound, move: Move) -> list[str]:
    return [v.code for v in check(state, move)]


def capture(seat: str, played: str, taken: str) -> Move:
    return Move.capture(seat, card(played), cards(taken))


def test_two_to_four_players() -> None:
    """Introduction: "a straightforward fishing game for two to four players"; play passes to the left."""
    assert KONTSINA.play_order(2) == ("N", "S")
    assert KONTSINA.play_order(3) == ("N", "E", "S")
    assert KONTSINA.play_order(4) == ("N", "E", "S", "W")
    for players in (1, 5):
        with pytest.raises(ValueError, match="2 to 4 players"):
            KONTSINA.play_order(players)


@pytest.mark.parametrize(("players", "deals"), [(2, 6), (3, 4), (4, 3)])
def test_four_cards_each_and_four_face_up(players: int, deals: int) -> None:
    """Setup: "deal four cards to each player. Then, deal four cards face up on the table. The rest of
    the deck becomes the stock"; Replenishing the hands: four new cards each until the stock is out."""
    state = position("5h 3c 9d Js", {}, players=players)
    assert state.deals == deals and deals * 4 * players == (52 - 4)
    assert check_position(state, opening=True) == []
    too_many = position("5h 3c 9d Js", {"N": "2c 3d 4h 5s 6c"}, players=players)
    assert [v.code for v in check_position(too_many, opening=True)] == ["K102"]
    short_table = position("5h 3c 9d", {}, players=players)
    assert [v.code for v in check_position(short_table, opening=True)] == ["D105"]


def test_the_dealers_left_goes_first_and_the_turn_passes_left() -> None:
    """Game play: "The player to the dealer's left goes first ... The turn then passes to the left."
    With N, E, S, W dealt by W, N leads, then E, S and W."""
    state = position("5h 3c 9d Js", {"N": "2c", "E": "2d", "S": "2h", "W": "2s"}, players=4, dealer="W")
    order = []
    for seat in ("N", "E", "S", "W"):
        assert state.turn == seat
        order.append(seat)
        state = play(state, Move.lay(seat, state.hand(seat).known.__iter__().__next__()))
    assert order == ["N", "E", "S", "W"]
    assert codes_of(position("5h", {"N": "2c", "E": "3c"}, players=3, dealer="S"), Move.lay("E", card("3c"))) \
        == ["D003"]


def test_a_card_that_matches_nothing_is_laid() -> None:
    """Game play: "If the card doesn't match any of the other cards on the table, it is called laying the
    card. A card that is laid simply remains on the table." A card that could capture may still be laid
    ("a player will normally try to match": normally, not always)."""
    state = position("5h 3c 9d Js", {"N": "7c 9s"})
    after = play(state, Move.lay("N", card("7c")))
    assert after.table == (*cards("5h 3c 9d Js"), card("7c")) and after.captured == ((), ())
    assert codes_of(state, Move.lay("N", card("9s"))) == []


@pytest.mark.parametrize(("played", "taken"), [("Jc", "Js"), ("4c", "4h")])
def test_matching_by_rank(played: str, taken: str) -> None:
    """Capturing cards: "a jack can capture another jack, a 4 can capture another 4"."""
    state = position(f"{taken} 9d 2c Kh", {"N": played})
    assert codes_of(state, capture("N", played, taken)) == []


def test_matching_takes_only_one_card_of_the_rank() -> None:
    """Capturing cards: "if there are multiple cards on the table of the same rank, a player can only
    capture one of them through matching"."""
    state = position("4h 4d 9d Kh", {"N": "4c"})
    assert codes_of(state, capture("N", "4c", "4h 4d")) == ["K201"]
    assert codes_of(state, capture("N", "4c", "4d")) == []
    assert sorted(map(sorted, captures(card("4c"), state.table))) == [[card("4d")], [card("4h")]]


@pytest.mark.parametrize("taken", ["5h 4d", "6h 3d", "2c 3s 4h"])
def test_a_nine_takes_cards_adding_up_to_nine(taken: str) -> None:
    """Capturing cards: "a 9 could be used to capture a 5 and a 4, or a 6 and a 3, or a 2, 3, and 4"."""
    state = position(f"{taken} Kh", {"N": "9c"})
    assert codes_of(state, capture("N", "9c", taken)) == []
    assert frozenset(cards(taken)) in set(captures(card("9c"), state.table))


def test_a_sum_must_add_up_to_the_card() -> None:
    """Capturing cards: the cards taken "add up to its rank"; a single card of another rank is no sum."""
    state = position("5h 3d 4s Kh", {"N": "9c"})
    assert codes_of(state, capture("N", "9c", "5h 3d")) == ["K206"]
    assert codes_of(state, capture("N", "9c", "5h")) == ["K206"]


def test_two_sets_at_once_are_told_as_two_sets() -> None:
    """Object: "one card from the hand to capture a combination of cards that add up to its rank": one set.
    A Diloti player's 9c x 5h+4c 6d+3s was told '4c 6d 5h 3s adds up to 18', as if a sum were wrong; each
    set is right, and there are two of them."""
    state = position("5h 4c 6d 3s", {"N": "9c"})
    (two,) = check(state, capture("N", "9c", "5h 4c 6d 3s"))
    assert (two.code, two.message) == ("K206", "9c takes one set adding up to 9 at a time, not 2: 4c 6d 5h 3s "
                                               "make 2 sets of 9")


def test_aces_count_one() -> None:
    """Capturing cards: "Aces are considered to have a value of one"."""
    state = position("Ah 8d 2s Kh", {"N": "9c", "S": "3c"})
    assert codes_of(state, capture("N", "9c", "Ah 8d")) == []
    assert codes_of(state._replace(turn="S"), capture("S", "3c", "Ah 2s")) == []


def test_face_cards_have_no_value() -> None:
    """Capturing cards: "Face cards do not have a value in this way and can only be captured by matching
    by rank"."""
    state = position("Qh 9d Kh 2s", {"N": "9c", "S": "Ks"})
    assert codes_of(state, capture("N", "9c", "Qh")) == ["K205"]
    assert codes_of(state._replace(turn="S"), capture("S", "Ks", "9d")) == ["K205"]
    assert codes_of(state._replace(turn="S"), capture("S", "Ks", "Kh")) == []
    assert list(captures(card("Ks"), state.table)) == [frozenset(cards("Kh"))]


def test_captured_cards_and_the_capturing_card_go_to_the_players_pile() -> None:
    """Capturing cards: "the cards so captured, as well as the card used to capture them, are placed
    face-down in a pile in front of the player"; the turn then passes (one card a turn)."""
    state = position("5h 4d 7s Kh", {"N": "9c 2d", "S": "7c"})
    after = play(state, capture("N", "9c", "5h 4d"))
    assert set(after.captured[0]) == set(cards("9c 5h 4d")) and after.table == tuple(cards("7s Kh"))
    assert after.turn == "S" and after.last_capturer == "N" and after.hand("N").known == {card("2d")}


def test_no_declarations_and_no_xeri() -> None:
    """Game play: a player "may play a single card": laid or capturing, nothing else; Ending the hand
    scores no xeri."""
    state = position("5h 4d 7s Kh", {"N": "9c 2d"})
    assert codes_of(state, Move.declare("N", card("2d"), 7, cards("5h"))) == ["F001"]
    assert codes_of(state, Move.capture("N", card("9c"), cards("5h 4d"), xeri=True)) == ["K501"]


def test_the_last_capturer_takes_the_rest() -> None:
    """Ending the hand: "Any remaining cards on the table are taken by the last player to capture"."""
    state = position("5h 4d 7s Kh", {"N": "9c", "S": "2d"})
    state = play(play(state, capture("N", "9c", "5h 4d")), Move.lay("S", card("2d")))
    assert state.is_over is False  # five more deals of two players
    swept = sweep(state)
    assert swept.table == () and set(swept.captured[0]) == set(cards("9c 5h 4d 7s Kh 2d"))


def _final(piles: dict[str, str]) -> TableRound:
    state = position("", {}, players=len(piles))
    return state._replace(captured=tuple(tuple(cards(piles[s])) for s in state.seats), table=())


def test_scoring() -> None:
    """Ending the hand: two points for most cards, one for most clubs, one for the 2c ("the 2c still
    counts as a club for the purpose of capturing the most clubs"), one for the 10d."""
    scores = KONTSINA.score(_final({"N": "2c 3c 4h 5h 6h", "S": "10d 7c 8s"}))
    assert dict(scores["N"].items) == {"most_cards": 2, "most_clubs": 1, "two_of_clubs": 1, "ten_of_diamonds": 0}
    assert dict(scores["S"].items) == {"most_cards": 0, "most_clubs": 0, "two_of_clubs": 0, "ten_of_diamonds": 1}
    assert (scores["N"].total, scores["S"].total) == (4, 1)
    assert [v.code for v in check_score(scores, {"N": 4, "S": 2}, "K602")] == ["K602"]
    assert check_score(scores, {"N": 4, "S": 1}, "K602") == []


def test_a_tie_for_most_cards_scores_nothing() -> None:
    """Ending the hand: "If two or more players tie for capturing the most cards, these two points are
    not scored by anyone" (three players: two tie at the top, the third has fewer)."""
    scores = KONTSINA.score(_final({"N": "3h 4h 5h", "E": "6h 7h 8h", "S": "9h"}))
    assert [dict(s.items)["most_cards"] for s in scores.values()] == [0, 0, 0]


def test_the_game_goes_to_the_target_and_a_tie_plays_on() -> None:
    """Ending the hand: play continues "until at least one player reaches a predetermined score, for
    example, 21 points. Whichever player has the highest score at that point is the winner. If there is a
    tie, additional tiebreaker hands are played"."""
    hand = KONTSINA.score(_final({"N": "2c 3c 4h", "S": "10d"}))  # N 4, S 1
    assert KONTSINA.target == 21
    assert KONTSINA.winner([hand] * 5, 21) is None  # N 20
    assert KONTSINA.winner([hand] * 6, 21) == "N"  # N 24, S 6
    even = KONTSINA.score(_final({"N": "2c 3h", "S": "10d 4c"}))  # N 1 (2c), S 1 (10d)
    assert KONTSINA.winner([even] * 30, 21) is None


def test_self_play_conserves_the_pack_and_ends_at_the_target() -> None:
    """The whole cycle: every hand accounts for 52 cards and the last hand gives a winner."""
    for players in (2, 3, 4):
        rng = random.Random(players)
        game = play_game(KONTSINA, KONTSINA.rules_for((), 21), players, random_player, lambda _round, rng=rng: rng)
        for played in game.rounds:
            final = KONTSINA.finish(positions(played)[-1])
            assert sorted(c for pile in final.captured for c in pile) == sorted(
                Card(r, s) for s in "cdhs" for r in range(1, 14))
        assert KONTSINA.winner([r.scores for r in game.rounds], 21) == game.winner is not None
        assert game_named("kontsina") is KONTSINA


def test_the_deal_passes_to_the_left() -> None:
    """Ending the hand: "The deal then passes to the left, and a new hand is played"."""
    seats = KONTSINA.play_order(3)
    assert dealer_after(seats, "N") == "E" and dealer_after(seats, "S") == "N"
    assert check_dealer(KONTSINA, seats, "N", "E") == []
    assert [v.code for v in check_dealer(KONTSINA, seats, "N", "S")] == ["K106"]


def test_the_seats_a_record_uses_decide_the_players() -> None:
    """Two to four players: N and S are two, with E three, with W four; nobody sits out of the game."""
    assert seats_for(KONTSINA, "NS") == (("N", "S"), [])
    assert seats_for(KONTSINA, "NES") == (("N", "E", "S"), [])
    assert seats_for(KONTSINA, "NSW") == (("N", "E", "S", "W"), [])


def test_the_result_is_the_points_and_the_game_must_be_won() -> None:
    """Ending the hand: the game ends when a player reaches the target; a Result tag is the final totals."""
    hand = KONTSINA.score(_final({"N": "2c 3c 4h", "S": "10d"}))  # N 4, S 1
    assert check_result(KONTSINA, [hand] * 6, ("N", "S"), {"N": 24, "S": 6}, "N 24 S 6", 21) == []
    wrong = check_result(KONTSINA, [hand] * 6, ("N", "S"), {"N": 24, "S": 7}, "N 24 S 7", 21)
    assert [v.code for v in wrong] == ["K603"]
    early = check_result(KONTSINA, [hand] * 2, ("N", "S"), {"N": 8, "S": 2}, "N 8 S 2", 21)
    assert [(v.code, v.severity) for v in early] == [("K603", "warning")]
