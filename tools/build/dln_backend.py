"""The build backend of dln: setuptools', asking for Cython only when the compiled build is wanted.

``pip install .`` builds pure Python: it needs setuptools alone and takes
seconds.  ``DLN_COMPILE=1 pip install .`` also asks pip for Cython, and
setup.py compiles the hot modules with it (minutes: docs/performance.md says
what that buys).  A backend is the place for this choice because the build
environment's requirements are fixed before setup.py runs (PEP 517,
``get_requires_for_build_*``).
"""

from __future__ import annotations

import os

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (every hook not changed here is setuptools')

#: What the compiled build needs beyond setuptools.
COMPILE_REQUIRES = ["Cython>=3.0"]


def compile_wanted() -> bool:
    """Whether the person installing asked for the compiled build (``DLN_COMPILE=1``)."""
    return os.environ.get("DLN_COMPILE", "").strip().lower() in ("1", "true", "yes", "on")


def _extra() -> list[str]:
    return list(COMPILE_REQUIRES) if compile_wanted() else []


def get_requires_for_build_wheel(config_settings=None):  # type: ignore[no-untyped-def]
    """setuptools' requirements, and Cython when the compiled build is wanted."""
    return _setuptools.get_requires_for_build_wheel(config_settings) + _extra()


def get_requires_for_build_editable(config_settings=None):  # type: ignore[no-untyped-def]
    """As for a wheel: an editable install compiles too when asked."""
    return _setuptools.get_requires_for_build_editable(config_settings) + _extra()
