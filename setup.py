"""Build of dln: pure Python, with the hot modules compiled by Cython when a C compiler is present.

The compiled modules are the same ``.py`` sources, compiled in Cython's pure-Python
mode (docs/performance.md says why and what it gives).  Without a working C
compiler, or with ``DLN_PURE_PYTHON=1``, the package installs as pure Python
and says so in one line; ``dln --version`` tells which build runs.
"""

from __future__ import annotations

import os
import sys

from setuptools import find_packages, setup
from setuptools.command.build_ext import build_ext

#: The modules on the path of a move (parse, check, list, play), compiled when possible.
#: dln.build.COMPILED names the same modules (a test keeps the two lists in step).
#: dln/notation/twins.py is left out on purpose: it only stores to slots, which CPython's
#: interpreter does faster than compiled code (docs/performance.md says how much).
HOT_MODULES = [
    "dln/cards.py",
    "dln/engine/checking.py",
    "dln/engine/deal.py",
    "dln/engine/listing.py",
    "dln/engine/play.py",
    "dln/engine/playout.py",
    "dln/engine/predicates.py",
    "dln/engine/scoring.py",
    "dln/engine/selfplay.py",
    "dln/engine/state.py",
    "dln/engine/sums.py",
    "dln/notation/fastpath.py",
    "dln/notation/lines.py",
    "dln/notation/model.py",
    "dln/notation/parser.py",
    "dln/check/batch.py",
    "dln/check/references.py",
    "dln/check/setups.py",
    "dln/check/validate.py",
]


def _notice(why: str) -> None:
    print(f"dln: installing the pure-Python build ({why})", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """build_ext that falls back to pure Python when the compiler fails, instead of failing the install."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler, a broken one, missing headers: all mean pure Python
            _notice(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)

    def build_extension(self, ext) -> None:  # type: ignore[no-untyped-def]
        try:
            super().build_extension(ext)
        except Exception as exc:
            raise RuntimeError(f"the C compiler failed on {ext.name} ({type(exc).__name__})") from exc


def _extensions() -> list:  # type: ignore[type-arg]
    if os.environ.get("DLN_PURE_PYTHON"):
        _notice("DLN_PURE_PYTHON is set")
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        _notice("Cython is not available")
        return []
    from setuptools import Extension

    # No debugging information: it triples the compile time of Cython's large C files.
    flags = ["-g0"] if os.name == "posix" else []
    modules = [Extension(path.removesuffix(".py").replace("/", "."), [path], extra_compile_args=flags)
               for path in HOT_MODULES]
    return cythonize(
        modules,
        # annotation_typing off: the annotations stay hints, as in Python (Cython would otherwise
        # refuse a str subclass, such as Lark's Token, where a parameter says str).  A module that
        # sees no Lark object may turn it on in its first line (dln/notation/fastpath.py does).
        compiler_directives={"language_level": "3", "binding": True, "annotation_typing": False},
        build_dir="build/cython",
        nthreads=os.cpu_count() or 1,
        quiet=True,
    )


setup(
    # Every package under dln/ (a new one needs no listing here), and the grammar as dln.grammar.
    packages=[*find_packages(include=["dln", "dln.*"]), "dln.grammar"],
    include_package_data=True,  # the non-Python files under dln/ that MANIFEST.in names (viewer assets)
    ext_modules=_extensions(),
    cmdclass={"build_ext": OptionalBuildExt},
)
