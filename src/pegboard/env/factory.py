"""``make``: an environment for a game, compiled where pegboard has a compiled one."""

from __future__ import annotations

from typing import Any

from pegboard.core.compiled import PURE_PYTHON
from pegboard.core.spec import get_spec
from pegboard.env.core import Env


def make(game: str, players: int = 2, *, reward: str = "rank", **options: Any) -> Env:
    """An environment for ``game`` (cribbage, cribist, not-enough) and ``players`` seats:
    ``make("cribbage", players=2, score_target=61)``. ``reward``: ``"rank"`` (at the end,
    +1 for first place to -1 for last) or ``"score"`` (every step, the change in each seat's
    lead over the mean of the other sides). Cribbage runs on the compiled rules core when it
    is built (:class:`~pegboard.env.cribbage_env.CribbageEnv`): the same games, the same
    interface."""
    if get_spec(game).name == "cribbage" and not PURE_PYTHON:
        try:
            from pegboard.env.cribbage_env import CribbageEnv
        except ImportError:
            pass
        else:
            return CribbageEnv(game, players, reward, **options)
    return Env(game, players, reward, **options)
