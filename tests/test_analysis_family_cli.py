"""dln analyse, dln moves --rank and dln generate --strategy engine on Kontsina and Xeri records, end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import dln
from dln.check.validate import validate_game
from dln.cli import main
from dln.games.kontsina import KONTSINA
from tests.test_analysis_losses import json_grades

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
pytestmark = pytest.mark.slow  # whole sample games through the search: seconds each


def run(*args: str) -> tuple[int, str, str]:
    """Run ``dln ARGS``: exit code, standard output, standard error."""
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.stdout, result.stderr


def verdict(text: str) -> list[tuple[str, str]]:
    """What the validator says of a record: codes and messages (lines move when annotations are added)."""
    return sorted((d.code, d.message) for d in validate_game(dln.loads(text)).diagnostics)


def main_line(game: dln.Game) -> list[dln.Move]:  # type: ignore[name-defined]
    return [m for r in game.rounds for d in r.deals for m in d.moves]


@pytest.mark.parametrize("sample", ["kontsina.dln", "xeri.dln"])
def test_annotate_a_sister_sample_validates_as_before_and_round_trips(sample: str, tmp_path: Path) -> None:
    """The whole sample annotated: every move reviewed, the validator's verdict unchanged, canonical text
    (``dln fmt`` leaves it), and a second review replaces the engine's comments instead of adding more."""
    out = tmp_path / "out.dln"
    code, report, err = run("analyse", str(SAMPLES / sample), "--budget", "4", "--annotate", "-o", str(out))
    assert code == 0, err
    before, after = (SAMPLES / sample).read_text(encoding="utf-8"), out.read_text(encoding="utf-8")
    assert verdict(after) == verdict(before)
    assert dln.dumps(dln.loads(after)) == after
    assert run("fmt", "--check", str(out))[0] == 0
    moves = main_line(dln.loads(after))
    assert len(moves) == len(main_line(dln.loads(before)))
    assert all(m.comments[-1].startswith("engine: ") for m in moves)
    again = tmp_path / "again.dln"
    assert run("analyse", str(out), "--budget", "4", "--annotate", "-o", str(again))[0] == 0
    assert all(sum(c.startswith("engine:") for c in m.comments) == 1
               for m in main_line(dln.loads(again.read_text(encoding="utf-8"))))
    assert "game 1 (" in report and " moves, " in report


def test_analyse_json_of_kontsina_grades_on_its_scale() -> None:
    """Three Kontsina players each alone: every side's points, nets against the others' mean, Kontsina's marks."""
    code, out, _ = run("analyse", str(SAMPLES / "kontsina.dln"), "--budget", "3", "--json")
    assert code == 0
    game = json.loads(out)["games"][0]
    assert game["rules"].startswith("Kontsina, 3 players")
    for m in game["moves"]:
        assert set(m["played_points"]) == {"N", "E", "S"}
        assert m["lost"] >= 0
        assert m["grade"] in json_grades(m, KONTSINA.marks)
    assert set(game["players"]) == {"N", "E", "S"}


def test_analyse_xeri_last_deal_is_exact() -> None:
    """Two Xeri players: in the last deal the unseen cards are the opponent's hand, so the review is exact."""
    code, out, _ = run("analyse", str(SAMPLES / "xeri.dln"), "--budget", "3", "--json")
    assert code == 0
    moves = json.loads(out)["games"][0]["moves"]
    by_round: dict[int, list[dict[str, object]]] = {}
    for m in moves:
        by_round.setdefault(int(m["round"]), []).append(m)  # type: ignore[call-overload]
    for round_moves in by_round.values():
        assert all(m["exact"] for m in round_moves[-10:])


def test_moves_rank_lists_every_legal_move_of_a_sister_game() -> None:
    for sample, at in (("kontsina.dln", 7), ("xeri.dln", 9)):
        code, out, _ = run("moves", str(SAMPLES / sample), "--at", str(at), "--rank", "--budget", "10", "--json")
        assert code == 0
        ranked = [r["move"] for r in json.loads(out)["ranked"]]
        plain = json.loads(run("moves", str(SAMPLES / sample), "--at", str(at), "--json")[1])["moves"]
        assert sorted(ranked) == sorted(plain)


def test_generate_engine_games_of_the_family_are_reproducible_and_legal() -> None:
    for game, players in (("kontsina", "3"), ("xeri", "2")):
        args = ("generate", "--game-type", game, "--players", players, "--strategy", "engine", "--budget", "3",
                "--target", "1", "--seed", "2")
        first, second = run(*args), run(*args)
        assert first[0] == 0 and first[1] == second[1]
        report = validate_game(dln.loads(first[1]))
        assert report.errors == 0 and report.warnings == 0
