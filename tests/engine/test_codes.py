"""The rule registry: stable, complete, and every code enforced and tested."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dln.engine import RULES, RULES_BY_NAME, Rules, Violation, codes
from dln.engine.rules import VARIANTS
from dln.games import kontsina, xeri

#: Where each code's constant is defined: Diloti's and the shared ones in the engine, each game's own in its module.
DEFINED_IN = (codes, kontsina, xeri)

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
    """Each code's constant is used by a module that decides rules (the engine, a game), not only defined; a
    game's own codes are its module's (issue 30: a game is one module)."""
    constants = {getattr(module, n): (module, n) for module in DEFINED_IN for n in dir(module)
                 if re.fullmatch(r"[A-Z_]+", n) and isinstance(getattr(module, n), str) and getattr(module, n) in RULES}
    assert set(constants) == set(RULES)
    source = "".join(p.read_text() for folder in (ENGINE, GAMES) for p in folder.glob("*.py") if p.name != "codes.py")
    for code, (module, name) in constants.items():
        if module is codes:
            assert f"codes.{name}" in source, f"{code} ({name}) is never raised"
        else:
            own = Path(module.__file__).read_text(encoding="utf-8")
            assert own.count(name) > 1 and code[0] in "KX", f"{code} ({name}) is never raised"


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
    """Layering: the engine knows nothing of notation, models or parsers.  Besides the standard library it
    imports the cards and the wording of messages (``1 card``, ``2 cards``: dln.wording.count_of), which
    stand alone below it (tests/test_layers.py)."""
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
                assert name in ("dln.cards", "dln.wording") or top in sys.stdlib_module_names, (path.name, name)


def test_every_code_is_documented_in_rules_md() -> None:
    """docs/rules.md has a table row for every code (Diloti's, Kontsina's, Xeri's and the shared F codes)."""
    text = (ENGINE.parent.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    for code, rule in RULES.items():
        assert re.search(rf"^\| {code} \| {rule.name} \|", text, re.M), code


def test_a_game_cannot_take_a_code_or_a_name_another_rule_holds() -> None:
    """Codes are stable identifiers: a game adding its own rules (codes.add_rules) may not reuse one."""
    from dln.engine.codes import RuleCode, add_rules

    held = RULES["K201"]
    add_rules([held])  # the same rule again (its module imported twice) is no clash
    with pytest.raises(ValueError, match="rule K201 is K201 match-one already"):
        add_rules([RuleCode("K201", "another-name", "Another rule.", held.source)])
    with pytest.raises(ValueError, match="rule match-one is K201 match-one already"):
        add_rules([RuleCode("Q201", "match-one", "Another rule.", held.source)])
    assert "Q201" not in RULES and RULES_BY_NAME["match-one"] is held
