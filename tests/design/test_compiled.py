"""The compiled extensions are built wherever they can be, and used.

setup.py marks every extension optional, so a machine without a C compiler still installs
pegboard and runs the pure-Python code. A machine *with* a compiler (and Python's headers)
must have built them: if one is missing there, the build lost it quietly (a broken setup.py,
a Cython error), and this test says so instead of a benchmark months later."""

from __future__ import annotations

import importlib
import shutil
import sysconfig
from pathlib import Path

import pytest

import pegboard
import pegboard.env.vector
from pegboard.core.compiled import PURE_PYTHON
from pegboard.env import make

MODULES = [
    "pegboard.core._seeded",
    "pegboard.games.cribbage._compiled_rules",
    "pegboard.env._cribbage",
    "pegboard.bots.search._play_search",
    "pegboard.bots.search._rollout",
    "pegboard.bots.search._tricks",
    "pegboard.bots._not_enough",
    "pegboard.bots.cribbage._ismcts",
]


def can_compile() -> bool:
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    return shutil.which(compiler) is not None and headers.exists()


@pytest.mark.parametrize("module", MODULES)
def test_every_compiled_core_is_built_where_a_compiler_is(module: str) -> None:
    if not can_compile():
        pytest.skip("no C compiler or Python headers here: the pure-Python code runs")
    importlib.import_module(module)  # an ImportError here: the build lost this core


def test_game_and_the_environments_run_on_the_compiled_core() -> None:
    if not can_compile() or PURE_PYTHON:
        pytest.skip("the pure-Python code runs here (no compiler, or PEGBOARD_PURE_PYTHON)")
    from pegboard.core import chance
    from pegboard.env._cribbage import CribbageVectorCore
    from pegboard.env.cribbage_env import CribbageEnv
    from pegboard.games.cribbage.fast import FastCribbageRules

    assert isinstance(pegboard.new_game("cribbage", players=2).rules, FastCribbageRules)
    assert isinstance(make("cribbage", 3), CribbageEnv)
    assert isinstance(pegboard.env.vector.make("cribbage", n=2).engine, CribbageVectorCore)
    assert vars(chance)["_seeded"] is not None
