"""The engine's figures are the position's: the same whether a record reaches it or a setup writes it, and
whatever order the setup writes its table and hands in."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dln
from dln.analysis.annotate import rank_moves
from dln.check.validate import validate_game
from tests.budgets import heavy
from tests.test_analysis_family_cli import run
from tests.validating import SAMPLES

#: A record, a round and a move of it, and the move it plays there (Diloti, Kontsina, Xeri).
REACHED = [("constructs/variations.dln", 1, 4, "S Jh x Js"), ("kontsina.dln", 1, 7, "N Js"),
           ("xeri.dln", 1, 9, "N 5h")]


def ranked(*args: str) -> list[dict[str, object]]:
    """``dln moves ARGS --rank --json``: the ranking, each move with its figures."""
    code, out, err = run("moves", *args, "--rank", "--json")
    assert code == 0, err
    return json.loads(out)["ranked"]


@pytest.mark.parametrize(("sample", "round_no", "at", "move"), REACHED)
def test_a_position_ranks_alike_from_its_record_and_from_its_setup(sample: str, round_no: int, at: int, move: str,
                                                                   tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``dln position`` writes the position before a move as a setup (its table in another order, no card
    played): ranked there, with the record's move after it, the moves get the figures of the record's
    ranking.  The search was seeded with the cards played so far and listed the table as written, so
    variations.dln's 6d came second at +1.4 from the record and fourth at +0.5 from the setup."""
    code, setup, err = run("position", str(SAMPLES / sample), "--round", str(round_no), "--at", str(at))
    assert code == 0, err
    position = tmp_path / "p.dln"
    position.write_text(f"{setup}1. {move}\n", encoding="utf-8")
    assert ranked(str(position), "--at", "1") == ranked(str(SAMPLES / sample), "--round", str(round_no),
                                                         "--at", str(at))


#: Setups of a Diloti and a Kontsina position (variations.dln's move 4, kontsina.dln's move 7): each list of
#: cards is written in any order.
SETUPS = [("""[Game "Diloti"]

setup dealer S deal 1
table {}
captured N:
captured S: {}
last S
N: {}
S: {}
turn S
""", [["3c", "Js", "2h"], ["9s", "9d", "5h", "4c"], ["5c", "9c", "Kc", "10d"], ["6d", "8d", "Kd", "Jh", "Qs"]]),
          ("""[Game "Kontsina"]

setup dealer S deal 1
table {}
captured N: {}
captured E:
captured S:
last N
N: {}
E: {}
S: {}
turn N
""", [["8s", "4d", "3h"], ["As", "4s", "5h", "5d", "Ah", "2h", "8c"], ["Jh", "Js"], ["Kd", "10s"], ["Jd", "Kh"]])]


def ranking(template: str, cards: list[list[str]]) -> list[tuple[str, float, tuple[float, ...], int]]:
    """The moves of the setup ``template`` writes with ``cards``, ranked at a small budget, with their figures."""
    text = template.format(*(" ".join(group) for group in cards))
    state = validate_game(dln.loads(text), keep_states=True).rounds[0].states[0]
    return [(move, mv.net, mv.points, mv.samples) for move, mv in rank_moves(state, budget=20).moves]


@heavy
@given(data=st.data())
def test_the_order_a_setup_writes_its_cards_in_does_not_change_the_ranking(data: st.DataObject) -> None:
    """The table, the hands and the capture piles of a setup, written in any order, rank the moves alike,
    in Diloti and in Kontsina, where the table's loose cards lie side by side in the order they came."""
    for template, cards in SETUPS:
        shuffled = [data.draw(st.permutations(group)) for group in cards]
        assert ranking(template, shuffled) == ranking(template, cards)
