"""Xeri (denexa.com "Xeri"): every worked statement of the text, one test each, citing its passage.

(tests/engine/test_xeri.py is about the xeri *bonus* of Diloti.)
"""

from __future__ import annotations

import random

import pytest

from dln.cards import DECK
from dln.check.generate import positions
from dln.engine.state import Hand, Move
from dln.games.diloti import DILOTI
from dln.games.playing import play_game, random_player
from dln.games.protocol import game_named
from dln.games.table import (
    TableRound,
    check,
    check_dealer,
    check_position,
    check_result,
    check_score,
    play,
    seats_for,
    start_hand,
    sweep,
)
from dln.games.xeri import XERI, hand_winner

from .helpers import card, cards


def position(pile: str, hands: dict[str, str], *, dealer: str = "S") -> TableRound:
    """A first-deal position of Xeri: the pile (bottom first, top last) and the hands as written."""
    return start_hand(XERI, ("N", "S"), dealer, cards(pile), {s: Hand.of(cards(t)) for s, t in hands.items()})


def codes_of(state: TableRound, move: Move) -> list[str]:
    return [v.code for v in check(state, move)]


def test_two_players() -> None:
    """Introduction: "Xeri is a simple fishing game for two players"."""
    assert XERI.play_order(2) == ("N", "S")
    with pytest.raises(ValueError, match="2 players"):
        XERI.play_order(4)


def test_six_cards_each_and_a_pile_of_four() -> None:
    """Setup: "deal six cards to each player. Then, deal four cards, face up, to form a discard pile";
    Replenishing the hands: "a fresh hand of six cards from the stock" (four deals in all)."""
    state = position("5h 3c 9d 7s", {"N": "2c 3d 4h 5s 6c 7c"})
    assert state.deals == 4 and check_position(state, opening=True) == []
    seven = position("5h 3c 9d 7s", {"N": "2c 3d 4h 5s 6c 7c 8c"})
    assert [v.code for v in check_position(seven, opening=True)] == ["D102"]


@pytest.mark.parametrize(("pile", "legal"), [("5h 3c 9d Js", False), ("5h 3c 9d 9s", False),
                                             ("5h 3c Js 9s", True), ("9h 3c 9d 7s", True)])
def test_the_opening_pile_is_redealt_for_a_jack_or_a_pair_on_top(pile: str, legal: bool) -> None:
    """Setup: "if the top card of the pile is a jack, or if the card on top of the pile and the card
    below it are the same rank ... deal a new four-card discard pile" (a jack or pair lower down stays)."""
    found = [v.code for v in check_position(position(pile, {}), opening=True)]
    assert found == ([] if legal else ["X101"])


def test_the_non_dealer_goes_first_then_the_dealer() -> None:
    """Game play: "The non-dealer goes first ... The turn then passes to the dealer"."""
    state = position("5h 3c 9d 7s", {"N": "2c", "S": "4d"}, dealer="S")
    assert state.turn == "N"
    assert play(state, Move.lay("N", card("2c"))).turn == "S"
    assert codes_of(state, Move.lay("S", card("4d"))) == ["D003"]


def test_a_card_of_the_top_cards_rank_takes_the_whole_pile() -> None:
    """Game play: "If a player plays a card of the same rank as the card currently showing on top of the
    discard pile, they capture the pile. They take the whole pile"; the opponent then starts a new one."""
    state = position("5h 3c 9d 7s", {"N": "7c 2d", "S": "4d"})
    take = Move.capture("N", card("7c"), cards("7s"))
    assert codes_of(state, take) == []
    after = play(state, take)
    assert after.table == () and set(after.captured[0]) == set(cards("5h 3c 9d 7s 7c"))
    assert play(after, Move.lay("S", card("4d"))).table == (card("4d"),)
    assert codes_of(state, Move.capture("N", card("7c"), cards("5h 3c 9d 7s"))) == []  # the whole pile named


def test_the_capture_is_the_whole_pile_and_only_by_the_top_card() -> None:
    """Game play: the card matches "the card currently showing on top"; the whole pile goes."""
    state = position("5h 3c 9d 7s", {"N": "9c 7c"})
    assert codes_of(state, Move.capture("N", card("9c"), cards("9d"))) == ["X201"]
    assert codes_of(state, Move.capture("N", card("7c"), cards("7s 9d"))) == ["X203"]


def test_a_matching_card_cannot_just_be_discarded() -> None:
    """Game play: playing a card of the top card's rank captures the pile: it is not a discard."""
    state = position("5h 3c 9d 7s", {"N": "7c Jd 2d"})
    assert codes_of(state, Move.lay("N", card("7c"))) == ["X202"]
    assert codes_of(state, Move.lay("N", card("Jd"))) == ["X202"]
    assert codes_of(state, Move.lay("N", card("2d"))) == []


def test_jacks_take_any_pile() -> None:
    """Game play: "Jacks are essentially wild. When played, they capture the pile as if they matched the
    top card, whatever its rank is"; on an empty pile a jack is simply discarded."""
    state = position("5h 3c 9d 7s", {"N": "Jd", "S": "Jc"})
    take = Move.capture("N", card("Jd"), cards("7s"))
    assert codes_of(state, take) == [] and XERI.taken(state, take) == (frozenset(cards("5h 3c 9d 7s")), False)
    empty = play(state, take)
    assert codes_of(empty, Move.lay("S", card("Jc"))) == []
    assert codes_of(empty, Move.capture("S", card("Jc"), cards("7s"))) == ["D004"]


def test_a_single_card_taken_by_its_rank_is_a_xeri() -> None:
    """Capturing xeri: "If they capture this card with a card of the same rank, they are said to have
    captured that card xeri"."""
    state = position("5h", {"N": "5c", "S": "Jd"})
    take = Move.capture("N", card("5c"), cards("5h"), xeri=True)
    assert codes_of(state, take) == [] and XERI.taken(state, take)[1] is True
    assert play(state, take).xeris == (1, 0)
    four = position("5h 3c 9d 5d", {"N": "5c"})
    assert codes_of(four, Move.capture("N", card("5c"), cards("5d"), xeri=True)) == ["X501"]


def test_a_jack_scores_a_xeri_only_on_a_jack() -> None:
    """Capturing xeri: "If a single card is captured by a jack, it does not count as a xeri capture unless
    the single card in the pile was also a jack"."""
    on_five = position("5h", {"N": "Jd"})
    assert codes_of(on_five, Move.capture("N", card("Jd"), cards("5h"), xeri=True)) == ["X501"]
    assert XERI.taken(on_five, Move.capture("N", card("Jd"), cards("5h")))[1] is False
    on_jack = position("Jh", {"N": "Jd"})
    assert codes_of(on_jack, Move.capture("N", card("Jd"), cards("Jh"), xeri=True)) == []


def test_no_declarations() -> None:
    """Game play: each player "may play any card they wish to the discard pile": nothing is declared."""
    state = position("5h 3c 9d 7s", {"N": "2c"})
    assert codes_of(state, Move.declare("N", card("2c"), 9, cards("7s"))) == ["F001"]


def test_the_last_capturer_takes_what_is_left() -> None:
    """Replenishing the hands: "The last player to capture cards takes any cards remaining in the discard
    pile"."""
    state = position("5h 3c 9d 7s", {"N": "7c", "S": "2d"})
    state = play(play(state, Move.capture("N", card("7c"), cards("7s"))), Move.lay("S", card("2d")))
    assert sweep(state).captured[0][-1] == card("2d")


def _final(n: str, s: str, xeris: tuple[int, int] = (0, 0)) -> TableRound:
    return position("", {})._replace(captured=(tuple(cards(n)), tuple(cards(s))), xeris=xeris)


def test_scoring() -> None:
    """Scoring: 10 points a xeri ("the xeri cards also count as captured cards"), 3 for more cards, 1 per
    ace, king, queen, jack or 10, 1 for the 10d ("worth two points altogether") and 1 for the 2c."""
    scores = XERI.score(_final("5h 5c 10d 2c As Kd", "Qh 3d", xeris=(1, 0)))
    assert dict(scores["N"].items) == {"xeris": 1, "more_cards": 3, "honours": 3, "ten_of_diamonds": 1,
                                       "two_of_clubs": 1}  # the xeris counted, as Diloti's sheet counts them
    assert dict(scores["N"].points)["xeris"] == 10
    assert dict(scores["S"].items) == {"xeris": 0, "more_cards": 0, "honours": 1, "ten_of_diamonds": 0,
                                       "two_of_clubs": 0}
    assert scores["N"].total == 18 and scores["S"].total == 1
    tie = XERI.score(_final("5h 6h", "7h 8h"))
    assert [dict(s.items)["more_cards"] for s in tie.values()] == [0, 0]


def test_hands_and_the_game() -> None:
    """Scoring: "Whichever player scores the most points wins the hand ... Whoever won more hands at the
    end of a predetermined number of hands wins the overall game"."""
    n_wins = XERI.score(_final("As Kd", "3d"))
    s_wins = XERI.score(_final("3d", "As Kd"))
    even = XERI.score(_final("3d", "4d"))
    assert hand_winner(n_wins) == "N" and hand_winner(even) is None
    assert XERI.standing([n_wins, s_wins, n_wins, even], ("N", "S")) == {"N": 2, "S": 1}
    assert XERI.winner([n_wins, s_wins, n_wins], 3) == "N"
    assert XERI.winner([n_wins, s_wins], 3) is None
    assert XERI.winner([n_wins, s_wins, even], 3) is None  # level after the agreed hands: one more


def test_self_play_conserves_the_pack() -> None:
    rng = random.Random(3)
    game = play_game(XERI, XERI.rules_for((), XERI.target), 2, random_player, lambda _round: rng)
    finals = [XERI.finish(positions(played)[-1]) for played in game.rounds]
    assert all(sorted(c for p in final.captured for c in p) == sorted(DECK) for final in finals)
    assert XERI.winner([r.scores for r in game.rounds], XERI.target) == game.winner is not None
    assert game_named("Xeri") is XERI and game_named(None) is game_named("diloti") is DILOTI
    with pytest.raises(ValueError, match="unknown game 'Tichu'"):
        game_named("Tichu")


def test_the_deal_passes_to_the_other_player() -> None:
    """Scoring: "The deal passes to the other player, and the next hand is played"."""
    assert check_dealer(XERI, ("N", "S"), "N", "S") == []
    assert [v.code for v in check_dealer(XERI, ("N", "S"), "N", "N")] == ["D106"]


def test_only_north_and_south_sit() -> None:
    """Introduction: two players, so a record naming E or W has a seat the game lacks."""
    seats, problems = seats_for(XERI, "NSE")
    assert seats == ("N", "S") and [v.code for v in problems] == ["X003"]


def test_a_wrong_score_claim_and_result() -> None:
    """Scoring: the hand's points as computed, and the game as the hands won."""
    n_wins = XERI.score(_final("As Kd", "3d"))
    assert [v.code for v in check_score(n_wins, {"N": 6, "S": 0}, XERI.score_code)] == ["X602"]
    assert check_score(n_wins, {"N": 5, "S": 0}, XERI.score_code) == []
    assert check_result(XERI, [n_wins] * 3, ("N", "S"), {"N": 3, "S": 0}, "N 3 S 0", 3) == []
    assert [v.code for v in check_result(XERI, [n_wins] * 3, ("N", "S"), {"N": 2, "S": 1}, "N 2 S 1", 3)] == ["X603"]
