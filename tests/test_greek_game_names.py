"""A game named in Greek: almost every player writes Δηλωτή, Κοντσίνα or Ξερή, in capitals or without the
accent, and a [Game "Ξερή"] tag or --game-type Ξερή was refused as an unknown game (R002, exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from dln import loads
from dln.archive.dedupe import rule_tags
from dln.cli import main
from dln.games.protocol import game_named

SAMPLES = Path(__file__).parent.parent / "samples"


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout + result.stderr


@pytest.mark.parametrize(("written", "key"), [
    ("Δηλωτή", "diloti"), ("ΔΗΛΩΤΗ", "diloti"), ("Κοντσίνα", "kontsina"), ("κοντσινα", "kontsina"),
    ("Ξερή", "xeri"), ("ΞΕΡΗ", "xeri"), (" ξερη ", "xeri"), ("Xeri", "xeri"), ("KONTSINA", "kontsina"),
])
def test_a_game_is_found_by_its_greek_name_with_or_without_accents_and_capitals(written: str, key: str) -> None:
    assert game_named(written).key == key


def test_a_name_that_is_no_game_is_still_refused() -> None:
    with pytest.raises(ValueError, match="unknown game 'Τάβλι'"):
        game_named("Τάβλι")


def test_a_record_tagged_in_greek_is_checked_by_that_game(tmp_path: Path) -> None:
    xeri = (SAMPLES / "xeri.dln").read_text(encoding="utf-8")
    greek = tmp_path / "xeri-greek.dln"
    greek.write_text(xeri.replace('[Game "Xeri"]', '[Game "Ξερή"]'), encoding="utf-8")
    assert '[Game "Ξερή"]' in greek.read_text(encoding="utf-8")
    code, out = run("validate", str(greek))
    code_latin, out_latin = run("validate", str(SAMPLES / "xeri.dln"))
    assert code == code_latin == 0, out
    assert out.splitlines()[-2:] == out_latin.splitlines()[-2:]
    code, out = run("fmt", "--check", str(greek))
    assert code == 0, out  # the tag is kept as written


def test_games_tagged_in_greek_and_in_latin_letters_are_the_same_game_to_merge() -> None:
    latin = loads('[Game "Xeri"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n')
    greek = loads('[Game "Ξερή"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n')
    assert rule_tags(latin) == rule_tags(greek)


@pytest.mark.parametrize("command", [["generate", "--games", "1", "--seed", "1"]])
def test_game_type_takes_the_greek_name(command: list[str], tmp_path: Path) -> None:
    out_file = tmp_path / "out.dln"
    code, out = run(*command, "--game-type", "Ξερή", "-o", str(out_file))
    assert code == 0, out
    assert '[Game "Xeri"]' in out_file.read_text(encoding="utf-8")


def test_the_recorder_takes_the_greek_name_and_writes_the_tag_dln_writes(tmp_path: Path) -> None:
    record = tmp_path / "game.dln"
    code, out = run("record", str(record), "--game-type", "Κοντσίνα", "--players", "2", "--defaults",
                    stdin="5d As 8s 4s\nquit\n")
    assert code == 0, out
    assert '[Game "Kontsina"]' in record.read_text(encoding="utf-8")
    answered = tmp_path / "answered.dln"
    code, out = run("record", str(answered), stdin="\n\n\nΞερή\n\n\n\n\n\n5d As 8s 4s\nquit\n")
    assert code == 0, out
    assert '[Game "Xeri"]' in answered.read_text(encoding="utf-8")


def test_filter_game_type_keeps_a_games_records_however_its_tag_names_it(tmp_path: Path) -> None:
    """'Keep the Diloti games' had no condition: most Diloti records have no Game tag, so --tag Game=Diloti
    missed them, and --tag Game=Xeri missed the games tagged Ξερή."""
    xeri = (SAMPLES / "xeri.dln").read_text(encoding="utf-8")
    mixed = tmp_path / "mixed.dln"
    mixed.write_text(xeri + "\n" + xeri.replace('[Game "Xeri"]', '[Game "Ξερή"]') + "\n"
                     + (SAMPLES / "two-player-61.dln").read_text(encoding="utf-8")
                     + "\n" + (SAMPLES / "kontsina.dln").read_text(encoding="utf-8"), encoding="utf-8")
    assert run("filter", str(mixed), "--game-type", "xeri", "--count")[1].split()[-1] == "2"
    assert run("filter", str(mixed), "--game-type", "Ξερή", "--count")[1].split()[-1] == "2"
    assert run("filter", str(mixed), "--game-type", "diloti", "--count")[1].split()[-1] == "1"
    assert run("filter", str(mixed), "--game-type", "diloti", "--invert", "--count")[1].split()[-1] == "3"
    code, out = run("filter", str(mixed), "--game-type", "diloti")
    assert code == 0 and '[Game "' not in out and "round 1 dealer" in out
