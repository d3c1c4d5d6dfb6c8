"""How many examples each property test draws: every count comes from the profile that runs.

Three profiles (``HYPOTHESIS_PROFILE`` picks one; CI sets ``CI=true``, which
selects ``ci``):

- ``dev``: the default on a workstation, random, a few minutes for the suite;
- ``ci``: the same counts, derandomized, so a CI run is reproducible;
- ``nightly``: twenty times the examples, for a long run before a release
  (``HYPOTHESIS_PROFILE=nightly python3 -m pytest -m slow``).

A property takes its count from the tier of what one example costs: ``light``
(microseconds to a few milliseconds: the profile's own ``max_examples``, no
decorator needed), :data:`heavy` (a generated record through several readers,
tens of milliseconds) or :data:`costly` (a game played or searched, a second).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings

#: Examples per property, by profile and tier.
BUDGETS: dict[str, dict[str, int]] = {
    "dev": {"light": 100, "heavy": 25, "costly": 5},
    "ci": {"light": 100, "heavy": 25, "costly": 5},
    "nightly": {"light": 2000, "heavy": 500, "costly": 100},
}

# Property tests build whole records; hypothesis' default size checks are too strict for them.
_RELAXED = [HealthCheck.too_slow, HealthCheck.data_too_large]
for _name, _tiers in BUDGETS.items():
    settings.register_profile(_name, max_examples=_tiers["light"], deadline=None, suppress_health_check=_RELAXED,
                              derandomize=_name == "ci", print_blob=_name == "ci")

#: The profile this run uses.
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
if PROFILE not in BUDGETS:
    raise SystemExit(f"HYPOTHESIS_PROFILE={PROFILE!r}: the profiles are {', '.join(BUDGETS)}")
settings.load_profile(PROFILE)

#: A property whose example costs tens of milliseconds (a generated record read several ways).
heavy = settings(max_examples=BUDGETS[PROFILE]["heavy"])
#: A property whose example costs about a second (a game played, searched or run through the CLI).
costly = settings(max_examples=BUDGETS[PROFILE]["costly"])



def fast_only(values: list, fast: Callable[[Any], bool], *, spread: bool = False) -> list:
    """``values`` for ``parametrize``, those ``fast`` does not pick marked ``slow``: the fast suite checks a few
    representative inputs, the whole suite all of them (``-m "not slow"`` is the quick loop; CI runs all).
    ``spread``: each value is a tuple of several argument names' values."""
    import pytest

    return [value if fast(value) else pytest.param(*(value if spread else (value,)), marks=pytest.mark.slow)
            for value in values]
