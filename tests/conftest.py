"""Test-suite settings: hypothesis profiles (tests/budgets.py) and the golden-file switch.

CI sets ``CI=true``, which selects the ``ci`` profile: derandomized, so a run
is reproducible.  ``HYPOTHESIS_PROFILE`` picks a profile explicitly
(``nightly`` for a long run: tests/budgets.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import tests.budgets  # noqa: F401  (registers and loads the hypothesis profile before any test module)

#: The tests of the modules the compiled build compiles (dln.build.COMPILED: the pack, the rules engine,
#: the readers, the validator): marked ``compiled``, they are what .ci/run runs again on that build
#: (``-m compiled``).  The whole suite runs on the pure build.
COMPILED_TESTS = {
    "engine", "test_cards.py", "test_parser.py", "test_syntax_errors.py", "test_fastpath.py", "test_roundtrip.py",
    "test_robust_notation.py", "test_complete_positions.py", "test_generated_records.py", "test_validate.py",
    "test_validate_cli.py", "test_validate_house_rules.py", "test_batch.py", "test_positions.py",
    "test_disputes.py", "test_build.py", "test_generate.py", "test_move_spots.py", "test_family.py",
    "test_explain.py",
}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "compiled: tests of the compiled modules, run again on the compiled build")
    config.addinivalue_line("markers", "long: ten seconds or more; run first, so that the workers finish together")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests of :data:`COMPILED_TESTS` (a file, or every file of a folder under tests/), and put the
    ``long`` tests first: handed out last, one of them would keep a worker busy after the others are done."""
    for item in items:
        parts = Path(str(item.path)).parts
        if "tests" in parts and COMPILED_TESTS & set(parts[parts.index("tests") + 1:]):
            item.add_marker(pytest.mark.compiled)
    items.sort(key=lambda item: item.get_closest_marker("long") is None)  # stable: the rest keep their order


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite the expected output files under tests/golden/ instead of comparing",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))
