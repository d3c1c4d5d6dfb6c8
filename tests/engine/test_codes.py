"""The rule registry: stable, complete, and every code enforced and tested."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dln.engine import RULES, RULES_BY_NAME, Rules, Violation, codes
from dln.engine.rules import VARIANTS

ENGINE = Path(codes.__file__).parent
GAMES = ENGINE.parent / "games"
TESTS = Path(__file__).parent
RULE_FILES = ('pagat.com "Diloti", ', 'denexa.com "Diloti", ', '"How to play" of a Diloti app, ',
              'denexa.com "Kontsina", ', 'denexa.com "Xeri", ')


def test_registry_entries_are_well_formed() -> None:
    assert len(RULES) == len(RULES_BY_NAME)
    for code, rule in RULES.items():
        assert re.fullmatch(r"[DFKX][0-6]\d\d", code) and rule.code == code
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", rule.name)
        assert rule.statement.endswith(".") and rule.statement.count(". ") == 0
        assert any(f in rule.source for f in RULE_FILES), rule.source


def test_every_code_is_enforced_by_the_engine() -> None:
    """Each code's constant is used by a module that decides rules (the engine, a game), not only defined."""
    constants = {getattr(codes, n): n for n in dir(codes) if re.fullmatch(r"[A-Z_]+", n)
                 and isinstance(getattr(codes, n), str) and getattr(codes, n) in RULES}
    assert set(constants) == set(RULES)
    source = "".join(p.read_text() for folder in (ENGINE, GAMES) for p in folder.glob("*.py") if p.name != "codes.py")
    for code, name in constants.items():
        assert f"codes.{name}" in source, f"{code} ({name}) is never raised"


def test_every_code_is_tested() -> None:
    """Each code appears in an assertion of some engine test."""
    text = "".join(p.read_text() for p in TESTS.glob("test_*.py") if p.name != "test_codes.py")
    for code in RULES:
        assert f'"{code}"' in text, f"{code} has no test"


def test_violation_text() -> None:
    v = Violation("D201", "error", "N owns the plain declaration of 8 and may not lay 7c")
    assert str(v) == "D201 lay-while-declared: N owns the plain declaration of 8 and may not lay 7c"
    assert v.rule.name == "lay-while-declared"


def test_rules_defaults_and_unimplemented_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    """pagat, Target Score: 61 by default.  Every house rule is implemented; a flag added before
    its rule (listed in ``UNIMPLEMENTED``) is reported when switched on."""
    assert Rules().target == 61 and Rules().unimplemented() == ()
    assert Rules(**dict.fromkeys(VARIANTS.values(), True)).unimplemented() == ()
    monkeypatch.setattr(Rules, "UNIMPLEMENTED", ("soy",))
    assert Rules(soy=True, clockwise=True).unimplemented() == ("soy",)
    assert Rules(clockwise=True).unimplemented() == ()
    with pytest.raises(ValueError):
        Rules(target=0)


def test_engine_imports_only_cards_and_the_standard_library() -> None:
    """Layering: the engine knows nothing of notation, models or parsers."""
    import ast
    import sys

    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert name == "dln.cards" or top in sys.stdlib_module_names, (path.name, name)


def test_every_code_is_documented_in_rules_md() -> None:
    """docs/rules.md has a table row for every code (Diloti's, Kontsina's, Xeri's and the shared F codes)."""
    text = (ENGINE.parent.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    for code, rule in RULES.items():
        assert re.search(rf"^\| {code} \| {rule.name} \|", text, re.M), code
