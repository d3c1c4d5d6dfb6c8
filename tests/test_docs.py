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
