"""Which build of dln runs: pure Python, or with its hot modules compiled (``dln --version`` says).

``pip install .`` installs pure Python; ``DLN_COMPILE=1 pip install .`` compiles
the modules of :data:`COMPILED` with Cython (setup.py); they are the same
sources, so either build behaves alike and only the speed differs.
"""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES

import click

#: The modules setup.py compiles (its HOT_MODULES), by name.
COMPILED = (
    "dln.cards",
    "dln.engine.checking",
    "dln.engine.deal",
    "dln.engine.listing",
    "dln.engine.play",
    "dln.engine.playout",
    "dln.engine.predicates",
    "dln.engine.scoring",
    "dln.engine.selfplay",
    "dln.engine.state",
    "dln.engine.sums",
    "dln.notation.fastpath",
    "dln.notation.lines",
    "dln.notation.model",
    "dln.notation.parser",
    "dln.check.batch",
    "dln.check.hands",
    "dln.check.references",
    "dln.check.setups",
    "dln.check.validate",
)


def compiled_modules() -> list[str]:
    """The modules of :data:`COMPILED` that were imported from a compiled extension."""
    return [name for name in COMPILED
            if (getattr(importlib.import_module(name), "__file__", None) or "").endswith(tuple(EXTENSION_SUFFIXES))]


def describe() -> str:
    """``"compiled (19 of 19 hot modules)"`` or ``"pure Python"``."""
    found = compiled_modules()
    if not found:
        return "pure Python"
    return f"compiled ({len(found)} of {len(COMPILED)} hot modules)"


def print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``dln --version``: the version and the build, e.g. ``dln, version 0.1.0, pure Python``.

    A callback, so that the modules are looked at only when asked, not at every start.
    """
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import PackageNotFoundError, version  # slow to import: only when asked

    from dln.views.output import say

    try:
        number = version("dln")
    except PackageNotFoundError:  # run from a checkout that was never installed
        number = "unknown"
    say(f"{ctx.find_root().info_name}, version {number}, {describe()}")
    ctx.exit()
