"""pytest settings for the whole checkout (the tests' own are in tests/conftest.py).

With the compiled build in place (``python setup.py build_ext --inplace``), a
module's ``.so`` shadows its ``.py``: pytest cannot collect that file's
doctests, so they are left to the pure-Python build, which runs them on the
same sources.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

_HERE = Path(__file__).resolve().parent

collect_ignore = sorted(
    str(compiled.with_name(compiled.name.split(".", 1)[0] + ".py").relative_to(_HERE))
    for suffix in EXTENSION_SUFFIXES
    for compiled in (_HERE / "dln").rglob(f"*{suffix}")
)
