"""The compiled cores (Cython), built by ``pip install`` through setuptools.

Every extension is optional: on a machine without a C compiler the build goes on without it
and pegboard runs its pure-Python code instead (tests/design/test_compiled.py fails where a
compiler exists but a core was not built, so a CI machine cannot lose one quietly).
"""

from __future__ import annotations

import numpy
from setuptools import Extension, setup

try:
    from Cython.Build import cythonize
except ImportError:  # a build without Cython (pip's isolated builds always have it)
    cythonize = None

EXTENSIONS = [
    Extension("pegboard.core._seeded", ["src/pegboard/core/_seeded.pyx"], optional=True),
    Extension(
        "pegboard.games.cribbage._core", ["src/pegboard/games/cribbage/_core.pyx"], optional=True
    ),
    Extension(
        "pegboard.env._cribbage",
        ["src/pegboard/env/_cribbage.pyx"],
        include_dirs=[numpy.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        optional=True,
    ),
]

setup(
    ext_modules=(
        cythonize(
            EXTENSIONS,
            include_path=["src"],
            compiler_directives={"language_level": "3"},
            quiet=True,
        )
        if cythonize is not None
        else []
    )
)
