"""A low budget gives a weaker analysis, never none (issue 28): the record's move is valued in worlds where
it is legal, since the record shows it was played."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

import dln
from dln.analysis import Unsampleable, View, analyse_position
from dln.analysis.annotate import hint_text, review_game
from dln.check.plays import legal_move
from dln.check.validate import validate_game
from dln.cli import main

#: N's hand is not recorded; declaring 9 proves N holds a 9, which most worlds dealt blindly lack.
DECLARED = "round 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9\n"




@pytest.mark.parametrize("budget", range(1, 11))
def test_analyse_values_the_declaration_at_every_low_budget(budget: int, tmp_path: Path) -> None:
    path = tmp_path / "declared.dln"
    path.write_text(DECLARED)
    result = CliRunner().invoke(main, ["analyse", "--budget", str(budget), "--json", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert result.exit_code == 0, result.output
    (game,) = json.loads(result.stdout)["games"]
    assert [m["played"] for m in game["moves"]] == ["N 4d 5h =9"] and game["skipped"] == []


def test_every_world_the_played_move_is_valued_in_lets_it_be_legal() -> None:
    result = validate_game(dln.loads(DECLARED), keep_states=True).rounds[0]
    state, played = result.states[0], legal_move(result.states[0], result.record_moves[0])
    assert played is not None
    for seed in range(20):
        analysis = analyse_position(state, budget=1, seed=seed, keep=(played,))
        value = analysis.value_of(played)
        assert value is not None and value.samples >= 1, seed
        # Every world dealt lets the played move be legal: no move was valued in more of them.
        assert value.samples == max(mv.samples for mv in analysis.moves), seed


def test_the_replayer_hint_at_a_low_budget_weighs_the_move() -> None:
    game = dln.loads(DECLARED)
    state = validate_game(game, keep_states=True).rounds[0].states[0]
    move = game.rounds[0].moves[0]
    for seed in range(10):
        assert hint_text(state, move, budget=1, seed=seed).startswith("engine: N 4d 5h =9"), seed


def test_a_review_at_budget_one_reviews_every_move_of_the_readme_record() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    record = readme.split("```dln\n", 1)[1].split("```", 1)[0]
    report = validate_game(dln.loads(record), keep_states=True)
    review = review_game(report, budget=1)
    assert len(review.moves) == 4 and review.skipped == []


def test_a_fact_no_world_fits_is_unsampleable_not_a_world_that_breaks_it() -> None:
    state = validate_game(dln.loads(DECLARED), keep_states=True).rounds[0].states[0]
    view = View.of(state)
    with pytest.raises(Unsampleable, match="lets the move played be legal"):
        view.worlds(random.Random(0), 3, lambda world: False)
    assert len(view.worlds(random.Random(0), 3, lambda world: True)) == 3
