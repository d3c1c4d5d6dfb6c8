"""Commands stay proportional to what they are asked and never crash (issue 17, commands part)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import dln.validate
from dln.cards import DECK
from dln.cli import main


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """Run ``dln ARGS``: exit code, standard output, standard error."""
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.stdout, result.stderr


def crowded_table(loose: int = 36) -> str:
    """A setup with ``loose`` numerals on the table and an illegal capture: tens of thousands of legal ones."""
    numerals = [c for c in DECK if not c.is_face]
    held = {"10d", "9d", "10s", "9s"}
    table = [c for c in numerals if str(c) not in held][:loose]
    return (f"setup dealer S\ntable {' '.join(map(str, table))}\nN: 10d 9d\nS: 10s 9s\nturn N\n"
            "N 10d x Ac+2c\n")


# -- validate: the help under an illegal move ------------------------------------------------------


def test_alternatives_are_few_found_lazily_and_say_how_to_list_them_all(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A crowded table has over 100,000 legal captures; validate lists a few and stops looking."""
    path = tmp_path / "crowded.dln"
    path.write_text(crowded_table())
    taken = 0
    real = dln.validate.iter_legal_moves

    def counting(*args: object, **kwargs: object) -> Iterator[object]:
        nonlocal taken
        for move in real(*args, **kwargs):  # type: ignore[arg-type]
            taken += 1
            yield move

    monkeypatch.setattr(dln.validate, "iter_legal_moves", counting)
    code, out, _ = run("validate", str(path))
    assert code == 1
    help_line = next(line for line in out.splitlines() if "help: legal instead:" in line)
    listed = help_line.split("legal instead: ")[1].split(" (and more")[0].split(", ")
    assert 1 <= len(listed) <= dln.validate.ALTERNATIVES
    assert all(move.startswith("N 10d") for move in listed)  # the card played first
    assert f"and more; dln moves {path} --game 1 --round 1 --at 1 lists them all" in help_line
    assert taken <= dln.validate.ALTERNATIVES + 1


def test_all_alternatives_lists_every_one(tmp_path: Path) -> None:
    """--all-alternatives (formerly --explain) lists every legal move with the card played."""
    path = tmp_path / "crowded.dln"
    path.write_text(crowded_table(12))
    code, out, _ = run("validate", "--all-alternatives", str(path))
    assert code == 1
    help_line = next(line for line in out.splitlines() if "help: legal instead:" in line)
    assert "and more" not in help_line
    code, moves_out, _ = run("moves", str(path), "--at", "1")
    listed = [line.strip() for line in moves_out.splitlines()[1:] if line.strip().startswith("N 10d")]
    assert len(listed) > dln.validate.ALTERNATIVES
    assert help_line.split("legal instead: ")[1].split(", ") == listed


def test_explain_is_a_hidden_deprecated_alias(tmp_path: Path) -> None:
    path = tmp_path / "crowded.dln"
    path.write_text(crowded_table(12))
    assert "--explain" not in run("validate", "--help")[1]
    code, out, err = run("validate", "--explain", str(path))
    assert code == 1 and "and more" not in out
    assert "--explain is deprecated" in err


def test_alternatives_of_a_variation_move_do_not_point_at_the_main_line(tmp_path: Path) -> None:
    """A variation's move has no --at of its own: the help names --all-alternatives instead."""
    path = tmp_path / "crowded.dln"
    path.write_text(crowded_table().replace("N 10d x Ac+2c\n", "N 9d (N 10d x Ac+2c)\n"))
    _, out, _ = run("validate", str(path))
    help_line = next(line for line in out.splitlines() if "help: legal instead:" in line)
    assert "dln validate --all-alternatives lists them all" in help_line


def test_naming_a_card_many_times_is_reported_in_linear_time() -> None:
    """A capture naming 16,000 cards says which are named twice, each once (counted, not searched)."""
    caps = "+".join(str(DECK[i % 52]) for i in range(16_000))
    report = dln.validate.validate_game(
        next(iter(dln.parser.parse_text(f"round 1 dealer S\ntable 5h 3c 9d Js\nN: 4c 8s Kc 2h 7c 10d\n"
                                        f"N 8s x {caps}\n"))), index=1)
    twice = [d for d in report.diagnostics if "named twice" in d.message]
    assert len(twice) == 1 and twice[0].message.count("Ac") == 1


def test_a_crowded_tables_box_masks_are_those_of_the_definition() -> None:
    """Box.below, built by shifts rather than a division of huge ints, is what its docstring says."""
    from dln.engine.sums import Box

    box = Box((0, 2, 1, 3, 0, 0, 0, 0, 0, 0, 0))
    for v, stride in box.stride.items():
        for k, mask in enumerate(box.below[v]):
            members = [i for i in range(box.size) if i // stride % (box.bound[v] + 1) <= k]
            assert mask == sum(1 << i for i in members)
