"""The documents tell the truth: every ```dln example in them is DLN, and the README's is legal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import dln
from dln.validate import validate_game

ROOT = Path(__file__).parent.parent
FENCE = re.compile(r"^```dln\n(.*?)^```", re.S | re.M)


def examples(path: Path) -> list[str]:
    return FENCE.findall(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("doc", ["README.md", "docs/notation.md"])
def test_every_dln_example_parses(doc: str) -> None:
    blocks = examples(ROOT / doc)
    assert blocks, f"{doc} has no ```dln example"
    for block in blocks:
        dln.loads_all(block, filename=doc)


def test_the_readme_example_is_canonical_and_legal() -> None:
    (block,) = examples(ROOT / "README.md")
    assert dln.dumps(dln.loads(block)) == block
    assert validate_game(dln.loads(block)).errors == 0


def test_the_readme_validate_example_is_what_dln_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from dln.cli import main

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"^```text\n\$ dln (validate [^\n]+)\n(.*?)^```", text, re.S | re.M)
    assert block is not None
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, block[1].split())
    assert result.stdout.rstrip("\n") == block[2].rstrip("\n")
