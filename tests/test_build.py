"""The two builds: pure Python, or the hot modules compiled from the same sources (setup.py).

CI runs the whole suite on each build and says which it expects in
``DLN_EXPECT_BUILD`` (``pure`` or ``compiled``), so a build that silently fell
back is caught.  Objects that cross process boundaries (``validate --jobs``)
must pickle in either build.
"""

from __future__ import annotations

import ast
import os
import pickle
from pathlib import Path

import pytest
from click.testing import CliRunner

import dln
from dln import build
from dln.check.validate import validate_game
from dln.cli import main
from dln.engine import Hand, Move, Pile, Rules, start_round

ROOT = Path(__file__).resolve().parent.parent


def test_setup_compiles_the_modules_the_build_report_names() -> None:
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    listed = next(node.value for node in ast.walk(tree)
                  if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "HOT_MODULES")
    paths = ast.literal_eval(listed)
    assert tuple(p.removesuffix(".py").replace("/", ".") for p in paths) == build.COMPILED


def test_the_version_says_which_build_runs() -> None:
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip().endswith(build.describe())
    assert ("compiled" in result.output) == bool(build.compiled_modules())


@pytest.mark.skipif(not os.environ.get("DLN_EXPECT_BUILD"), reason="only where CI says which build it installed")
def test_the_build_under_test_is_the_one_expected() -> None:
    expected = os.environ["DLN_EXPECT_BUILD"]
    compiled = build.compiled_modules()
    if expected == "compiled":
        assert compiled == list(build.COMPILED)
    else:
        assert expected == "pure" and compiled == []


def test_reports_and_engine_values_survive_pickling() -> None:
    """``validate --jobs`` sends reports between processes (a compiled Diagnostic once failed to unpickle)."""
    game = dln.loads("round 1 dealer S\ntable 5h 3c 9d Js\nN: 4c 7d 8d 9h 10h Qd\nS: 2c 3s 4h 6h 7h Kd\n"
                     "N 4c 5h =9\nS 7d")  # S plays a card N holds
    report = validate_game(game, filename="club.dln")
    assert report.diagnostics
    back = pickle.loads(pickle.dumps(report))
    assert back.diagnostics == report.diagnostics
    assert [d.format() for d in back.diagnostics] == [d.format() for d in report.diagnostics]
    state = start_round(Rules(), 2, "S", dln.Card.parse("5h") and [dln.Card.parse(t) for t in ["5h", "3c", "9d", "Js"]],
                        {"N": Hand.of([dln.Card.parse("4c")]), "S": ()})
    values = (state, Move.lay("N", dln.Card.parse("4c")), Pile(1, 8, False, "N", ()), Hand())
    assert pickle.loads(pickle.dumps(values)) == values
