"""D6xx and scoring: the end of the round, round points and the game to the target."""

from __future__ import annotations

from dln.cards import DECK
from dln.engine import (
    Rules,
    SideScore,
    check_game_result,
    check_rest,
    check_round_end,
    check_score,
    finish_round,
    game_winner,
    score_round,
    setup_round,
)

from .helpers import cards, codes_of, play, position, take


def finished(captured_n: list[str], captured_s: list[str], table: str, last: str, xeris: tuple[int, int] = (0, 0)):
    return setup_round(Rules(), 2, "S", turn="N", deal=4, hands={}, loose=cards(table),
                       captured={"N": cards(" ".join(captured_n)), "S": cards(" ".join(captured_s))},
                       xeris={"N": xeris[0], "S": xeris[1]}, last_capturer=last)


def test_d601_leftovers_go_to_the_last_capturer() -> None:
    """pagat, Further Deals and the End of the Round: cards left on the table join the
    capture pile of whoever captured last, and that is no xeri."""
    state = play(position("5c 3d 9h", {"N": "8h", "S": "Kc"}, deal=4), take("N", "8h", "5c 3d")).state
    assert state.last_capturer == "N"
    assert not check_rest(state, "N", cards("9h"))
    assert codes_of(check_rest(state, "S")) == {"D601"}
    assert codes_of(check_rest(state, "N", cards("9h 5c"))) == {"D601"}


def test_finish_round_gives_leftovers_without_xeri() -> None:
    """pagat, Further Deals and the End of the Round: taking the leftovers is not a xeri."""
    state = finished(["8h 5c 3d"], [], "9h Qc", "N")
    final = finish_round(state)
    assert final.table_empty and final.captured[0] == tuple(cards("8h 5c 3d 9h Qc"))
    assert final.xeris == (0, 0)


def test_d604_round_ends_only_when_played_out() -> None:
    """pagat, Further Deals and the End of the Round: the round ends when the pack and both
    hands are exhausted."""
    assert not check_round_end(finished([], [], "", "N"))
    assert codes_of(check_round_end(position("5c", {"N": "8h", "S": "Kc"}, deal=4))) == {"D604"}
    assert codes_of(check_round_end(position("5c", {}, deal=2))) == {"D604"}


def test_round_score_items() -> None:
    """pagat, scoring: 4 for most cards, 1 per ace, 2 for the 10 of diamonds, 1 for the 2 of
    clubs, 10 per xeri; 11 points in all plus the xeris."""
    n_cards = [str(c) for c in DECK[:30]]  # all clubs and diamonds, and Ah 2h 3h 4h
    s_cards = [str(c) for c in DECK[30:]]
    scores = score_round(finish_round(finished(n_cards, s_cards, "", "N", xeris=(1, 2))))
    assert scores["N"] == SideScore("N", 30, 4, 3, 2, 1, 1)
    assert scores["S"] == SideScore("S", 22, 0, 1, 0, 0, 2)
    assert (scores["N"].total, scores["S"].total) == (20, 21)


def test_split_cards_score_nothing() -> None:
    """pagat, scoring: on 26 cards each, neither side scores the 4 for the cards."""
    scores = score_round(finished([str(c) for c in DECK[:26]], [str(c) for c in DECK[26:]], "", "N"))
    assert scores["N"].most_cards == scores["S"].most_cards == 0
    assert scores["N"].total + scores["S"].total == 7


def test_d602_score_claim() -> None:
    """pagat, scoring: a claimed round score must match the cards captured."""
    scores = score_round(finished([str(c) for c in DECK[:30]], [str(c) for c in DECK[30:]], "", "N"))
    assert not check_score(scores, {"N": 10, "S": 1})
    assert codes_of(check_score(scores, {"N": 9, "S": 1})) == {"D602"}
    assert codes_of(check_score(scores, {"E": 3})) == {"D602"}


def test_game_progression_and_d603() -> None:
    """pagat, Target Score: the game ends after a round in which a side reaches the target;
    if both do the higher total wins; equal totals play another round."""
    rules = Rules()
    assert game_winner(rules, {"N": 60, "S": 59}) is None
    assert game_winner(rules, {"N": 61, "S": 59}) == "N"
    assert game_winner(rules, {"N": 70, "S": 75}) == "S"
    assert game_winner(rules, {"N": 70, "S": 70}) is None
    assert game_winner(Rules(target=121), {"N": 70, "S": 60}) is None
    assert not check_game_result(rules, {"NS": 64, "EW": 15}, "NS")
    assert codes_of(check_game_result(rules, {"NS": 64, "EW": 15}, None)) == {"D603"}
    assert codes_of(check_game_result(rules, {"NS": 64, "EW": 15}, "EW")) == {"D603"}
    assert codes_of(check_game_result(rules, {"NS": 64, "EW": 64}, "NS")) == {"D603"}
