"""``make``: an environment for a game, compiled where pegboard has a compiled one."""

from __future__ import annotations

import importlib
from typing import Any

from pegboard.core.compiled import PURE_PYTHON
from pegboard.env.game_env import Env
from pegboard.env.games import env_game


def make(game: str, players: int = 2, *, reward: str = "rank", **options: Any) -> Env:
    """An environment for ``game`` (cribbage, cribist, not-enough) and ``players`` seats:
    ``make("cribbage", players=2, score_target=61)``. ``reward``: ``"rank"`` (at the end,
    +1 for first place to -1 for last) or ``"score"`` (every step, the change in each seat's
    lead over the mean of the other sides). Cribbage runs on the compiled rules core when it
    is built (:class:`~pegboard.env.cribbage_env.CribbageEnv`): the same games, the same
    interface."""
    known = env_game(game)
    if known is not None and known.compiled is not None and not PURE_PYTHON:
        module, name = known.compiled.split(":")
        try:
            compiled = getattr(importlib.import_module(module), name)
        except ImportError:
            pass
        else:
            env: Env = compiled(game, players, reward, **options)
            return env
    return Env(game, players, reward, **options)
