"""`dln validate` (house rules from the command line, JSON), `dln moves` and `dln score` on records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dln.check.validate import Diagnostic
from tests.validating import GOLDEN, ILLEGAL, SAMPLES, check, run

# --------------------------------------------------------------------------
# dln validate: variants and JSON
# --------------------------------------------------------------------------


def test_variant_option_switches_a_house_rule_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """pagat, closing house rules on the xeri: some let the round's first card score one."""
    monkeypatch.chdir(ILLEGAL)
    assert run("validate", "--quiet", "D501-false-xeri.dln")[0] == 1
    code, out, _ = run("validate", "--quiet", "--variant", "first-card-xeri", "D501-false-xeri.dln")
    assert code == 0 and "error" not in out


def test_variant_option_overrides_the_variant_tag() -> None:
    text = '[Variant "first-card-xeri"]\n\nround 1 dealer S\ntable 6h 4c 7d 3s\nN 10c x 6h+4c 7d+3s *\n'
    assert check(text).errors == 0
    code, out, _ = run("validate", "--quiet", "--variant", "", "-", stdin=text)
    assert code == 1 and "error D501 false-xeri" in out
    assert check(text, variants=[]).errors == 1


def test_an_unknown_variant_exits_2_and_lists_the_known_ones() -> None:
    """A usage error said once, before any game is read (not an R002 at every game's first tag)."""
    code, out, err = run("validate", "--quiet", "--variant", "no-such-rule", str(SAMPLES / "constructs" / "setup.dln"))
    assert code == 2 and out == ""
    assert "Invalid value for '--variant': unknown variant 'no-such-rule'; known variants: forced-capture," in err
    assert "clockwise" in err


def test_a_variant_option_the_game_cannot_take_names_the_option_not_a_line_of_the_file() -> None:
    """`--variant soy` on a Kontsina record was reported at line 1 of the file, with a caret under its first
    tag, though the variant came from the command line: the report names the option and no place in the
    file (JSON: no line or column), still exit 2."""
    text = '[Game "Kontsina"]\n[North "a"]\n[East "b"]\n[South "c"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n'
    code, out, _ = run("validate", "--variant", "soy", "-", stdin=text)
    assert code == 2
    first = out.splitlines()[0]
    assert first.startswith("<stdin>: error R002 bad-tag: --variant soy: Kontsina has no house rules"), out
    assert "<stdin>:1:" not in out and "^" not in out and '[Game "Kontsina"]' not in out
    code, out, _ = run("validate", "--json", "--variant", "soy", "-", stdin=text)
    assert code == 2
    (found,) = json.loads(out)["games"][0]["diagnostics"]
    assert found["code"] == "R002" and found["line"] is None and found["column"] is None
    assert found["message"].startswith("--variant soy: Kontsina has no house rules")
    code, out, _ = run("validate", '-', stdin='[Variant "soy"]\n' + text)  # the file's own tag: at its line
    assert code == 2 and "<stdin>:1:1: error R002 bad-tag" in out


def test_json_gives_every_diagnostic_with_its_place() -> None:
    path = SAMPLES / "constructs" / "hidden-hands.dln"
    code, out, _ = run("validate", "--json", str(path))
    assert code == 0
    data = json.loads(out)["games"][0]["diagnostics"]
    expected = check(path.read_text(encoding="utf-8"), filename=str(path)).diagnostics
    assert len(data) == len(expected) == 2
    for item, diagnostic in zip(data, expected, strict=True):
        assert {k: item[k] for k in ("file", "line", "column", "severity", "code", "message")} == {
            "file": str(path),
            "line": diagnostic.line,
            "column": diagnostic.column,
            "severity": diagnostic.severity,
            "code": diagnostic.code,
            "message": diagnostic.message,
        }
    assert [(d["code"], d["line"], d["severity"]) for d in data] == [("D302", 7, "warning"), ("D604", 14, "warning")]


def test_json_of_an_illegal_move_carries_its_help(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ILLEGAL)
    code, out, _ = run("validate", "--json", "D201-lay-while-declared.dln")
    (game,) = json.loads(out)["games"]
    (item,) = game["diagnostics"]
    assert code == 1 and game["verdict"] == "illegal"
    assert item["file"] == "D201-lay-while-declared.dln"
    assert (item["line"], item["column"], item["severity"], item["code"]) == (13, 1, "error", "D201")
    assert item["name"] == "lay-while-declared" and item["round"] == 1 and item["move"] == 3
    assert item["help"] == ["N 7c Ac [8] =8s", "N 8d x [8]", "N 10d x Ac 9d"]


def test_xeri_totals_say_they_count_hands_won(tmp_path: Path) -> None:
    """Xeri's standing is the hands each has won, not points: validate's summary said ``N wins, N 3 S 2``
    and dln score ``N wins N 3, S 2``, numbers a reader takes for points; both now say ``hands won``, as
    the recorder does, while a game of points (Diloti, Kontsina) keeps its plain figures."""
    path = tmp_path / "xeri.dln"
    path.write_text((SAMPLES / "xeri.dln").read_text(encoding="utf-8").replace('N 3 S 2"', 'N 2 S 3"'),
                    encoding="utf-8")
    code, out, _ = run("validate", str(path))
    assert code == 1 and "240 moves, N wins, hands won N 3 S 2; Xeri" in out, out
    code, out, _ = run("score", str(SAMPLES / "xeri.dln"))
    assert code == 0 and "N wins, hands won N 3, S 2" in out, out
    code, out, _ = run("validate", str(SAMPLES / "two-player-61.dln"), "--verbose")
    assert "432 moves, S wins, N 50 S 65;" in out, out
    assert "S wins N 50, S 65" in run("score", str(SAMPLES / "two-player-61.dln"))[1]


@pytest.mark.parametrize(("sample", "unit"), [("xeri.dln", "hands won"), ("two-player-61.dln", "points"),
                                             ("kontsina.dln", "points")])
def test_json_totals_say_what_they_count(sample: str, unit: str) -> None:
    """docs/notation.md, Kontsina and Xeri: in Xeri the Result is "the hands each player won", not points.
    The text says ``hands won``, but the JSON of dln validate, dln score and dln show gave ``totals`` with
    no unit; each now has ``totals_unit`` beside them (the game's result unit)."""
    path = str(SAMPLES / sample)
    (game,) = json.loads(run("validate", "--json", path)[1])["games"]
    assert game["totals_unit"] == unit and game["totals"]
    (sheet,) = json.loads(run("score", "--json", path)[1])["games"]
    assert sheet["totals_unit"] == unit and sheet["totals"] == game["totals"]
    rounds = str(sheet["rounds"][-1]["round"])
    end = json.loads(run("show", "--json", path, "--round", rounds, "--move", "end")[1])["end"]
    assert end["totals_unit"] == unit and end["totals"] == game["totals"]
    start = json.loads(run("show", "--json", path, "--round", "1", "--move", "0")[1])
    assert start["end"] is None


def test_diagnostic_format_is_compiler_style() -> None:
    diagnostic = Diagnostic("g.dln", 3, 5, "error", "D201", "N may not lay 2h", ("N 8d x [8]",), "N 3c N 2h")
    assert diagnostic.format() == (
        "g.dln:3:5: error D201 lay-while-declared: N may not lay 2h\n"
        "    3 | N 3c N 2h\n"
        "      |     ^\n"
        "  help: legal instead: N 8d x [8]"
    )


# --------------------------------------------------------------------------
# dln moves and dln score
# --------------------------------------------------------------------------


def test_moves_lists_the_legal_moves_of_a_position() -> None:
    """pagat, Obligations of the declarer: N owns [8], so N may not lay and must keep or use 8h for it."""
    code, out, _ = run("moves", str(SAMPLES / "constructs" / "setup.dln"), "--at", "1")
    assert code == 0
    assert out == (
        "deal ? of 4, N to play\n"  # the setup gives no deal, and the cards before it are not known
        "table: 2c 6d Kh [8 N: 3d 5h] [8s S: 8c 4d 4h]\n"
        "N: 9c 8h\n"
        "S: Qc 8s\n"
        "4 legal moves for N:\n"
        "  N 8h x [8]\n"
        "  N 8h x 2c 6d [8]\n"
        "  N 8h x [8] [8s]\n"
        "  N 8h x 2c 6d [8] [8s]\n"
    )


def test_moves_cannot_reach_past_a_move_that_cannot_have_been_made() -> None:
    """A card not in N's written hand (D001) stops the round's replay; an illegal move that was made does
    not (issue 31): the position after it is the one it made at the table, listed with the rule it broke
    (exit 1, as dln position)."""
    code, out, _ = run("moves", str(ILLEGAL / "D001-card-not-in-hand.dln"), "--at", "4")
    assert code == 1
    assert "error: cannot reach move 4 of round 1: D001 card-not-in-hand above stops the replay" in out
    code, out, _ = run("moves", str(ILLEGAL / "D201-lay-while-declared.dln"), "--at", "4")
    assert code == 1 and "card 4 of the round, S to play" in out and "table: Ac 9d 2h [8 N: 3c 5h]" in out


SCORE_CASES = [
    ("score-two-rounds", ["score", "../../samples/illegal/D106-wrong-dealer.dln"]),
    ("score-stopped-round", ["score", "../../samples/illegal/D001-card-not-in-hand.dln"]),
    ("score-claims", ["score", "../../samples/constructs/claims.dln"]),
]


@pytest.mark.parametrize(("name", "args"), SCORE_CASES, ids=[c[0] for c in SCORE_CASES])
def test_score_prints_the_sheet(
    name: str, args: list[str], update_golden: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pagat, Further Deals and the End of the Round: each round's points item by item, and running totals."""
    monkeypatch.chdir(GOLDEN)
    monkeypatch.setenv("COLUMNS", "100")  # rich sizes the table to the terminal
    for variable in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(variable, raising=False)
    code, out, err = run(*args)
    got = f"$ dln {' '.join(args)}\n[exit {code}]\n--- stdout\n{out}--- stderr\n{err}"
    expected_file = GOLDEN / f"{name}.out"
    if update_golden:
        expected_file.write_text(got, encoding="utf-8")
    assert got == expected_file.read_text(encoding="utf-8")
