"""Environments for research: every game as integer actions, masks, observations, rewards;
:mod:`pegboard.env.vector` steps many 2-player Cribbage games at once on numpy arrays.

``env = pegboard.env.make("cribbage", players=2)``; ``env.reset(seed)``; while not
``env.done``: ``env.step(action)`` with an id from ``env.legal_actions()`` (or
``env.legal_mask()``) for ``env.current_player``. See docs/research.md for the id tables and
observation layouts; :mod:`pegboard.env.pettingzoo` and :mod:`pegboard.env.gymnasium` wrap it
for those libraries (the ``rl`` extra).
"""

from pegboard.env.actions import ActionSpace
from pegboard.env.factory import make
from pegboard.env.game_env import REWARDS, Env
from pegboard.env.games import env_game, env_games

__all__ = ["REWARDS", "ActionSpace", "Env", "env_game", "env_games", "make"]
