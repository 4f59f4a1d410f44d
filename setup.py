"""The compiled extensions (Cython), built by ``pip install`` through setuptools.

Every extension is optional: on a machine without a C compiler the build goes on without it
and pegboard runs its pure-Python code instead, which plays the same games.
tests/design/test_compiled.py fails where a compiler exists but a core was not built, so a CI
machine cannot lose one quietly.
"""

from __future__ import annotations

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

try:  # pip's isolated builds always have both ([build-system] requires)
    import numpy
    from Cython.Build import cythonize
except ImportError:
    numpy = cythonize = None


class OptionalBuildExt(build_ext):
    """Build each core this machine can build; warn and go on for one it cannot. (setuptools'
    own ``optional`` misses some failures: a missing compiler's error comes as the vendored
    distutils' ``CompileError``, not the class setuptools catches, on some versions.)"""

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # any failure of an optional core: build on without it
            if not ext.optional:
                raise
            self.warn(f"{ext.name} not built ({error}): pegboard runs its pure-Python code")


def extensions() -> list[Extension]:
    if cythonize is None:
        return []
    cores = [
        Extension("pegboard.core._seeded", ["src/pegboard/core/_seeded.pyx"], optional=True),
        Extension(
            "pegboard.games.cribbage._compiled_rules",
            ["src/pegboard/games/cribbage/_compiled_rules.pyx"],
            optional=True,
        ),
        Extension(
            "pegboard.bots.search._rollout",
            ["src/pegboard/bots/search/_rollout.pyx"],
            extra_compile_args=["-ffp-contract=off"],  # the policy's doubles exactly as Python's
            optional=True,
        ),
        Extension(
            "pegboard.bots.search._play_search",
            ["src/pegboard/bots/search/_play_search.pyx"],
            extra_compile_args=["-ffp-contract=off"],  # the values' doubles exactly as Python's
            optional=True,
        ),
        Extension(
            "pegboard.bots.search._tricks",
            ["src/pegboard/bots/search/_tricks.pyx"],
            extra_compile_args=["-ffp-contract=off"],  # the sampling's doubles as Python's
            optional=True,
        ),
        Extension(
            "pegboard.bots.cribbage._ismcts",
            ["src/pegboard/bots/cribbage/_ismcts.pyx"],
            extra_compile_args=["-ffp-contract=off"],  # UCB's doubles exactly as Python's
            optional=True,
        ),
        Extension(
            "pegboard.bots._not_enough",
            ["src/pegboard/bots/_not_enough.pyx"],
            extra_compile_args=["-ffp-contract=off"],  # the expert's doubles exactly as Python's
            optional=True,
        ),
        Extension(
            "pegboard.env._cribbage",
            ["src/pegboard/env/_cribbage.pyx"],
            include_dirs=[numpy.get_include()],
            define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
            optional=True,
        ),
    ]
    built: list[Extension] = cythonize(
        cores, include_path=["src"], compiler_directives={"language_level": "3"}, quiet=True
    )
    for ext in built:  # cythonize makes new Extensions, and drops the flag on the way
        ext.optional = True
    return built


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
