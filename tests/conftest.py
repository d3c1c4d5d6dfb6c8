"""Test-suite settings: hypothesis profiles and the golden-file switch.

CI sets ``CI=true``, which selects the ``ci`` profile: derandomized, so a run
is reproducible.  ``HYPOTHESIS_PROFILE`` picks a profile explicitly (e.g.
``thorough`` for a long local run).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

# Property tests build whole records; hypothesis' default size checks are too strict for them.
_RELAXED = [HealthCheck.too_slow, HealthCheck.data_too_large]
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True, suppress_health_check=_RELAXED)
settings.register_profile("dev", deadline=None, suppress_health_check=_RELAXED)
settings.register_profile("thorough", deadline=None, max_examples=2000, suppress_health_check=_RELAXED)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite the expected output files under tests/golden/ instead of comparing",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))
