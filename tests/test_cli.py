"""The command line: golden files for what it prints, exit codes, and fmt's promise to lose nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import dln
from dln.cli import main

GOLDEN = Path(__file__).parent / "golden"
ROOT = Path(__file__).parent.parent


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def transcript(args: list[str], code: int, out: str, err: str) -> str:
    return f"$ dln {' '.join(args)}\n[exit {code}]\n--- stdout\n{out}--- stderr\n{err}"


# Each case: a name, the arguments (paths relative to tests/golden/), and stdin.
CASES = [
    ("fmt-messy", ["fmt", "-"], "messy.dln"),
    ("fmt-check-messy", ["fmt", "--check", "-"], "messy.dln"),
    ("fmt-syntax-error", ["fmt", "-"], "bad-capture.dln"),
    ("parse-summary", ["parse", "messy.dln"], None),
    ("parse-json", ["parse", "--json", "messy.dln"], None),
    ("parse-bad-game-skipped", ["parse", "three-games-one-bad.dln"], None),
    ("parse-unreadable", ["parse", "no-such-file.dln"], None),
]


@pytest.mark.parametrize(("name", "args", "stdin"), CASES, ids=[c[0] for c in CASES])
def test_golden(
    name: str, args: list[str], stdin: str | None, update_golden: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(GOLDEN)
    stdin_text = (GOLDEN / stdin).read_text(encoding="utf-8") if stdin else None
    code, out, err = run(*args, stdin=stdin_text)
    got = transcript(args, code, out, err)
    expected_file = GOLDEN / f"{name}.out"
    if update_golden:
        expected_file.write_text(got, encoding="utf-8")
    assert got == expected_file.read_text(encoding="utf-8")


def test_fmt_rewrites_files_atomically_and_keeps_everything(tmp_path: Path) -> None:
    messy = (GOLDEN / "messy.dln").read_text(encoding="utf-8")
    path = tmp_path / "game.dln"
    path.write_text(messy, encoding="utf-8")
    path.chmod(0o640)
    code, out, _ = run("fmt", str(path))
    assert code == 0 and out == f"reformatted {path}\n1 file reformatted, 0 unchanged\n"
    formatted = path.read_text(encoding="utf-8")
    assert (
        formatted
        == (GOLDEN / "fmt-messy.out").read_text(encoding="utf-8").split("--- stdout\n")[1].split("--- stderr\n")[0]
    )
    assert oct(path.stat().st_mode & 0o777) == oct(0o640)
    assert [p.name for p in tmp_path.iterdir()] == ["game.dln"]  # no temporary file left behind
    # Nothing was lost: the model (with ';' comments kept) is the same.
    kept = list(dln.parser.parse_text(messy, keep_line_comments=True))
    assert dln.loads_all(formatted) == kept
    # A second run changes nothing.
    assert run("fmt", "--check", str(path))[0] == 0


def test_fmt_leaves_a_file_that_does_not_parse_untouched(tmp_path: Path) -> None:
    path = tmp_path / "bad.dln"
    original = (GOLDEN / "bad-capture.dln").read_bytes()
    path.write_bytes(original)
    code, out, _ = run("fmt", str(path))  # fmt's findings are its report: stdout
    assert code == 2 and "expected what the card captures" in out
    assert f"{path}: left as it is: 1 game with syntax errors" in out
    assert path.read_bytes() == original


def test_fmt_check_reports_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.dln"
    path.write_text("round 1 dealer S\ntable 5h 3c 9d Js\n N   4d  5h =9\n", encoding="utf-8")
    before = path.read_bytes()
    code, out, err = run("fmt", "--check", str(tmp_path))
    assert code == 1 and out == f"would reformat {path}\n1 file would be reformatted, 0 unchanged\n" and not err
    assert path.read_bytes() == before


def test_fmt_walks_directories_and_reports_each_problem(tmp_path: Path) -> None:
    (tmp_path / "good.dln").write_text("round 1\nN 7c\n", encoding="utf-8")
    (tmp_path / "bad.dln").write_text("round 1\nN 7c x\n", encoding="utf-8")
    (tmp_path / "latin1.dln").write_bytes("{caf\xe9}\nround 1\n".encode("latin-1"))
    code, out, _ = run("fmt", str(tmp_path))
    assert code == 2
    assert f"{tmp_path / 'bad.dln'}:2:7: error:" in out
    assert f"{tmp_path / 'latin1.dln'}: error: cannot read: not UTF-8 text" in out
    assert out.endswith("0 files reformatted, 1 unchanged, 2 failed\n")  # issue 18: failures are counted


def test_parse_json_is_the_model(tmp_path: Path) -> None:
    code, out, _ = run("parse", "--json", str(GOLDEN / "messy.dln"))
    assert code == 0
    (game,) = json.loads(out)
    model = dln.loads((GOLDEN / "messy.dln").read_text(encoding="utf-8"))
    assert game["tags"] == [list(pair) for pair in model.tags]
    assert len(game["rounds"][0]["deals"][0]["moves"]) == len(model.rounds[0].deals[0].moves)


def test_the_installed_entry_point_runs() -> None:
    """`python -m dln` (and so the `dln` script) runs as a separate process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "dln", "fmt", "--check", str(ROOT / "samples")],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
