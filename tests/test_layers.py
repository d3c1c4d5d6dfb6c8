"""The folder listing is the architecture: each package of dln imports only the layers below it.

The layers (../design, "Layers, each ignorant of the ones above it"): the cards
and the file guard stand alone; notation (text <-> model) and the rules engine
stand on them and ignore each other; the games (Kontsina, Xeri and the protocol every game
implements) stand on the engine and know no text either; check walks records through the games;
analysis and archive use those; views draw; the recorder and the command line
sit on top.  A module-level import that reaches upwards fails this test; an
import inside a function is checked too, since it is a dependency all the same.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "dln"

# Lower number = lower layer.  Equal numbers may not import each other unless they are the same layer.
LAYER = {
    "cards": 0, "files": 0, "streams": 0, "wording": 0, "workers": 0,
    "notation": 1, "engine": 1,
    "games": 1.5,
    "check": 2,
    "analysis": 3, "archive": 3,
    "views": 4,
    "record": 5, "build": 5,
    "cli": 6, "__init__": 6, "__main__": 7,
}
#: Layers that must not see each other although one stands above the other: the rules know no text.
IGNORES = {("games", "notation")}


def _layer_of(module: Path) -> str:
    parts = module.relative_to(PACKAGE).with_suffix("").parts
    return parts[0]


def _imports(module: Path) -> list[tuple[int, str]]:
    """(line, first name under dln) of every ``dln.*`` import in ``module``."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] == "dln" and len(parts) > 1:
                found.append((node.lineno, parts[1]))
    return found


MODULES = sorted(p for p in PACKAGE.rglob("*.py"))


def test_every_package_has_a_layer() -> None:
    tops = {_layer_of(p) for p in MODULES}
    assert tops <= set(LAYER), f"give these a layer in tests/test_layers.py: {sorted(tops - set(LAYER))}"


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_only_reach_down(module: Path) -> None:
    mine = _layer_of(module)
    for line, target in _imports(module):
        if target == mine:
            continue
        assert (mine, target) not in IGNORES, (
            f"{module.relative_to(PACKAGE)}:{line}: dln.{mine} imports dln.{target}; the rules know no text")
        assert LAYER[target] < LAYER[mine], (
            f"{module.relative_to(PACKAGE)}:{line}: the {mine} layer imports dln.{target}, which is not below it")


def test_the_checks_catch_an_upward_import(tmp_path: Path) -> None:
    """The walker sees imports inside functions too, so a lazy upward import is not missed."""
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from dln.views.render import x\n", encoding="utf-8")
    assert _imports(module) == [(2, "views")]


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_takes_another_modules_private_names(module: Path) -> None:
    """A name that starts with '_' belongs to its module: what another module needs is made public (issue 30)."""
    for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("dln"):
            private = [alias.name for alias in node.names if alias.name.startswith("_")]
            assert not private, f"{module.relative_to(PACKAGE)}:{node.lineno}: imports {private} from {node.module}"
