"""Ctrl-C in the middle of a command: exit 130, as a shell counts a process that SIGINT stopped and as dln record
and dln play exit; never click's exit 1, which a script reads as 'a record breaks a rule'; no output half
written."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import dln.notation.sources
from dln.cli import main

SAMPLE = Path(__file__).parent.parent / "samples" / "two-player-61.dln"


def _pressed_ctrl_c(*args: object, **kwargs: object) -> None:
    raise KeyboardInterrupt


@pytest.mark.parametrize("command", [["validate"], ["fmt", "--check"], ["parse", "--json"], ["score"], ["stats"],
                                     ["merge", "-o", "out.dln"], ["filter", "--xeri", "-o", "out.dln"],
                                     ["split", "-d", "games"], ["show"], ["analyse", "--budget", "1"]],
                         ids=" ".join)
def test_ctrl_c_exits_130_and_writes_nothing(command: list[str], tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while a game is read ended in click's 'Aborted!' and exit 1, the code of a broken rule."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(dln.notation.sources, "read_lines", _pressed_ctrl_c)  # as the file is read
    result = CliRunner().invoke(main, [command[0], str(SAMPLE), *command[1:]])
    assert result.exit_code == 130, result.output
    assert result.stderr.endswith("dln: interrupted\n") and "Aborted!" not in result.output, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == []
