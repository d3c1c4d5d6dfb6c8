"""The recorder's '? rank': the engine ranks the legal moves of a known hand."""

from __future__ import annotations

from tests.test_record import Session


def test_question_rank_ranks_a_known_hand_and_declines_an_unknown_one() -> None:
    s = Session()
    s("5h 3c 9d Js")
    assert "the engine ranks the moves of a known hand only" in s("? rank")[0]
    s("N: 4c 9c 3d 2s 6d Kh", "S: 2h 3h 4h 5s 6h 7h")
    reply = s("? rank")
    assert "legal moves for N, best first" in reply[0]
    ranked = [line.split(None, 1)[1] for line in reply[1:]]  # "  +1.5  N 9c x 9d   (loses …)"
    listed = {"N " + line.strip() for line in s("?")[1:]}
    assert {text.split("   (")[0] for text in ranked} >= listed  # every legal move (suits apart) is ranked
    nets = [float(line.split()[0]) for line in reply[1:]]
    assert nets == sorted(nets, reverse=True)
