"""Whether pegboard uses its compiled extensions (Cython, built by ``pip install``; setup.py).

They are used whenever they were built. ``PEGBOARD_PURE_PYTHON=1`` in the environment asks
for the pure-Python code instead, which plays exactly the same games (to test that code, or
to compare speeds); a machine without a C compiler gets it anyway.
"""

from __future__ import annotations

import os

PURE_PYTHON = os.environ.get("PEGBOARD_PURE_PYTHON", "").strip() not in ("", "0")
"""True when asked not to use the compiled extensions."""
