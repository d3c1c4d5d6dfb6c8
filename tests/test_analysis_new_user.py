"""A new user's run through dln analyse and dln play (2026-11-29): what they typed and what went wrong."""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner

from dln.cli import main

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def test_annotate_to_dash_is_refused_instead_of_writing_a_file_named_dash(tmp_path: Path) -> None:
    """``dln analyse game.dln --annotate -o -`` printed the report and wrote the annotated record to a file
    named '-' in the working folder, where every other command's ``-o -`` is standard output.  It is a usage
    error that says why (the report is on standard output), and nothing is written."""
    source = SAMPLES / "constructs" / "setup.dln"
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner().invoke(main, ["analyse", str(source), "--budget", "1", "--annotate", "-o", "-"])
    finally:
        os.chdir(cwd)
    assert result.exit_code == 2
    assert "-o -: the report is on standard output, so --annotate writes the annotated record to a file" \
        in result.stderr
    assert list(tmp_path.iterdir()) == []
