"""Build of dln: pure Python, or with the hot modules compiled by Cython when ``DLN_COMPILE=1`` asks.

The default build is pure Python and takes seconds.  The compiled modules are
the same ``.py`` sources, compiled in Cython's pure-Python mode
(docs/performance.md says what it gives and what it costs to build); the build
backend (tools/build/dln_backend.py) has pip install Cython only when they are
asked for.  Without a working C compiler the compiled build falls back to pure
Python and says so in one line; ``dln --version`` tells which build runs.
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "tools", "build"))
from dln_backend import compile_wanted  # one reading of DLN_COMPILE: the backend's

#: The modules on the path of a move (parse, check, list, play), compiled when possible.
#: dln.build.COMPILED names the same modules (a test keeps the two lists in step).
#: dln/notation/fast_models.py is left out on purpose: it only stores to slots, which CPython's
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
    "dln/check/hands.py",
    "dln/check/references.py",
    "dln/check/setups.py",
    "dln/check/validate.py",
]


def _notice(why: str) -> None:
    print(f"dln: installing the pure-Python build ({why})", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """build_ext that compiles the hot modules with Cython when it can, and falls back to pure Python
    (saying why, in one line) instead of failing the install.

    Cython runs here, when the extensions are about to be built, not when setup.py is read: pip reads
    setup.py for the build's requirements before it has installed Cython (tools/build/dln_backend.py).
    """

    def finalize_options(self) -> None:
        # Before setuptools prepares each extension (its finalize_options), so that it prepares the C ones.
        # (egg_info finalizes this command too, without running it: only run() says what happens.)
        self.without_cython = bool(self.distribution.ext_modules) and not _cythonize(self.distribution)
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        if self.without_cython:
            _notice("Cython is not installed")
            return
        try:
            super().run()
        except Exception as exc:  # a broken compiler, missing headers: all mean pure Python
            _notice(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)

    def build_extensions(self) -> None:
        """With the compiler set up by run(): probe it, then compile; or fall back, saying why."""
        why = self._compiler_fails()
        if why:
            self.extensions = []
            _notice(why)
            return
        super().build_extensions()

    def _compiler_fails(self) -> str | None:
        """Why no C extension can be built here (a tiny C file does not compile), or None."""
        import tempfile

        with tempfile.TemporaryDirectory() as folder:
            source = os.path.join(folder, "probe.c")
            with open(source, "w") as file:
                file.write("int dln_probe(void) { return 0; }\n")
            try:
                self.compiler.compile([source], output_dir=folder)
            except Exception:
                return "no working C compiler"
        return None

    def build_extension(self, ext) -> None:  # type: ignore[no-untyped-def]
        try:
            super().build_extension(ext)
        except Exception as exc:
            raise RuntimeError(f"the C compiler failed on {ext.name} ({type(exc).__name__})") from exc


def _cythonize(distribution) -> bool:  # type: ignore[no-untyped-def]
    """Turn the hot modules' ``.py`` sources into C (Cython's pure-Python mode); False (and none left to
    build) without Cython."""
    try:
        from Cython.Build import cythonize
    except ImportError:
        distribution.ext_modules = []
        return False
    distribution.ext_modules = cythonize(
        distribution.ext_modules,
        # annotation_typing off: the annotations stay hints, as in Python (Cython would otherwise
        # refuse a str subclass, such as Lark's Token, where a parameter says str).  A module that
        # sees no Lark object may turn it on in its first line (dln/notation/fastpath.py does).
        compiler_directives={"language_level": "3", "binding": True, "annotation_typing": False},
        build_dir="build/cython",
        nthreads=os.cpu_count() or 1,
        quiet=True,
    )
    return True


def _extensions() -> list[Extension]:
    """The hot modules as extensions (their ``.py`` sources, cythonized when built), when asked for."""
    if not compile_wanted():
        return []
    # No debugging information: it triples the compile time of Cython's large C files.
    flags = ["-g0"] if os.name == "posix" else []
    return [Extension(path.removesuffix(".py").replace("/", "."), [path], extra_compile_args=flags)
            for path in HOT_MODULES]


setup(
    # Every package under dln/ (a new one needs no listing here), the grammar as dln.grammar, and the
    # records of samples/illegal/ as dln.check.examples (pyproject.toml maps both folders).
    packages=[*find_packages(include=["dln", "dln.*"]), "dln.grammar", "dln.check.examples"],
    include_package_data=True,  # the non-Python files under dln/ that MANIFEST.in names (viewer assets)
    ext_modules=_extensions(),
    cmdclass={"build_ext": OptionalBuildExt},
)
