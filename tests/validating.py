"""What the validator's tests share: the samples' places, and running and reading a validation."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from click.testing import CliRunner

import dln
from dln.check.validate import GameReport, validate_game
from dln.cli import main

ROOT = Path(__file__).parent.parent
SAMPLES = ROOT / "samples"
ILLEGAL = SAMPLES / "illegal"
GOLDEN = Path(__file__).parent / "golden"
CLAIMS = (SAMPLES / "constructs" / "claims.dln").read_text(encoding="utf-8")


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """Run the ``dln`` command line in-process; a crash is re-raised rather than read as an exit code."""
    result = CliRunner().invoke(main, list(args), input=stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def check(text: str, *, filename: str = "<string>", variants: Sequence[str] | None = None) -> GameReport:
    """Validate the one game of ``text``."""
    return validate_game(dln.loads(text), filename=filename, variants=variants)


def found(report: GameReport, severity: str | None = None) -> list[tuple[str, int]]:
    """(code, line) of each diagnostic, optionally of one severity only, in report order."""
    return [(d.code, d.line) for d in report.diagnostics if severity is None or d.severity == severity]


def validated(text: str) -> list[tuple[str, str, int, int]]:
    """(code, severity, line, column) of each finding ``dln validate --json`` gives ``text`` read from standard
    input, as a user running the command sees them."""
    _, out, _ = run("validate", "--json", "-", stdin=text)
    return [(d["code"], d["severity"], d["line"], d["column"]) for d in json.loads(out)["games"][0]["diagnostics"]]
