"""Gymnasium spaces shared by the PettingZoo and Gymnasium wrappers (the ``rl`` extra)."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from pegboard.env.game_env import Env

LOW, HIGH = -1.0, 2.0  # every observation entry lies in [-1, 2] (scores are clipped)


def observation_space(env: Env) -> spaces.Dict:
    """``{"observation": float32 vector, "action_mask": int8 vector}``, PettingZoo style."""
    return spaces.Dict(
        {
            "observation": spaces.Box(LOW, HIGH, (env.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (env.num_actions,), np.int8),
        }
    )


def action_space(env: Env) -> spaces.Discrete:
    return spaces.Discrete(env.num_actions)
