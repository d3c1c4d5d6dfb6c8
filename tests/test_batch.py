"""Validating many games: streamed, numbered as in the file, the same in one process or several."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

import dln
from dln.check.batch import check_games
from dln.check.generate import generate_games
from dln.cli import main
from dln.engine import Rules
from dln.workers import Workers

GOLDEN = Path(__file__).parent / "golden"


def archive() -> str:
    """Five generated games with a broken one (syntax) and an illegal one (a rule) among them."""
    texts = [dln.dumps(g) for g in generate_games(5, seed=7, hidden=True, rules=Rules(target=11))]
    texts[1] = texts[1].replace(" x ", " y ", 1)  # game 2 no longer parses
    lines = texts[3].splitlines(keepends=True)
    first_move = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    lines[first_move] = lines[first_move].split(" ", 1)[0] + " S 2c\n"  # game 4: the wrong seat leads
    texts[3] = "".join(lines)
    return "\n".join(texts)


def verdicts(text: str, workers: Workers | None = None) -> list[tuple[object, ...]]:
    out = []
    for _, found in check_games("club.dln", text.splitlines(keepends=True), workers=workers):
        for c in found:
            codes = tuple((d.code, d.line, d.game) for d in c.diagnostics)
            out.append((c.number, c.moves, c.errors, c.syntax.line if c.syntax else None, codes))
    return out


def test_games_are_numbered_as_in_the_file_and_a_bad_one_does_not_stop_the_rest() -> None:
    found = verdicts(archive())
    assert [v[0] for v in found] == [1, 2, 3, 4, 5]
    assert found[1][3] is not None and found[1][2] == 1  # the syntax error, at its line
    assert found[3][2] >= 1
    assert all(game == 4 for _, _, game in found[3][4])
    assert all(v[2] == 0 for i, v in enumerate(found) if i not in (1, 3))


def test_several_processes_give_the_same_verdicts_in_the_same_order() -> None:
    text = archive()
    with Workers(2) as workers:
        assert verdicts(text, workers) == verdicts(text)


def test_validate_jobs_prints_what_one_process_prints(tmp_path: Path) -> None:
    path = tmp_path / "club.dln"
    path.write_text(archive(), encoding="utf-8")
    one = CliRunner().invoke(main, ["validate", str(path)])
    two = CliRunner().invoke(main, ["validate", "--jobs", "2", str(path)])
    assert one.exit_code == two.exit_code == 2
    assert one.stdout == two.stdout and "club.dln: game 4 (dln generate)" in one.stdout and ": illegal" in one.stdout
    assert "5 games" in one.stdout and "errors" in one.stdout


def test_syntax_errors_cross_process_boundaries_whole() -> None:
    import pickle

    error = dln.DLNSyntaxError("expected a card", 3, 7, filename="club.dln", source_line="N 8c x", game=2)
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.message, copy.line, copy.column, copy.filename, copy.source_line, copy.game) == (
        "expected a card", 3, 7, "club.dln", "N 8c x", 2)
