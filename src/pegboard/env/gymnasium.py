"""Each game as a Gymnasium environment for one seat, the other seats played by pegboard bots.

``gymnasium.make("pegboard/Cribbage-v0", players=2, opponents="medium")`` (ids are registered
on ``import pegboard.env.gymnasium``): the agent plays seat ``seat`` (0 by default); every
other seat is the named bot (``random``, ``greedy``, ``easy``, ``medium``, ``expert``...).
Observations are ``{"observation", "action_mask"}``; ``info["action_mask"]`` and
:meth:`PegboardEnv.action_masks` give the mask too. An illegal id ends the episode with
``illegal_reward`` and ``info["illegal"] = True``, as PettingZoo's classic games do.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

from pegboard.bots import make as make_bot
from pegboard.bots.base import Bot
from pegboard.core.spec import get_spec
from pegboard.env import spaces as pegboard_spaces
from pegboard.env.factory import make
from pegboard.env.games import env_games, gym_id


def gym_ids() -> dict[str, tuple[str, int]]:
    """Each registered game with an environment (its spec's ``env`` surface) by its id: the
    game and its smallest player count, the id's default."""
    return {gym_id(game): (game, get_spec(game).players[0]) for game in env_games()}


IDS = gym_ids()


class PegboardEnv(gymnasium.Env[dict[str, Any], np.int64]):
    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (Gymnasium's type)

    def __init__(
        self,
        game: str = "cribbage",
        players: int = 2,
        seat: int = 0,
        opponents: str = "random",
        reward: str = "rank",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        self.core = make(game, players, reward=reward, **options)
        if not 0 <= seat < players:
            raise ValueError(f"seat is 0 to {players - 1}, not {seat}")
        make_bot(opponents)  # an unknown bot name fails here, not at the first reset
        self.seat = seat
        self.opponents = opponents
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.observation_space = pegboard_spaces.observation_space(self.core)
        self.action_space = pegboard_spaces.action_space(self.core)
        self._bots: dict[int, Bot] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        self.core.reset(game_seed)
        self._bots = {
            s: make_bot(self.opponents, seed=game_seed * 16 + s)
            for s in range(self.core.players)
            if s != self.seat
        }
        self._play_others()
        return self._observe(), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[dict[str, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        core = self.core
        if core.done:
            raise gymnasium.error.ResetNeeded("the game is over: call reset()")
        if int(action) not in core.legal_actions():
            info = self._info() | {"illegal": True}
            return self._observe(), self.illegal_reward, True, False, info
        total = core.step(int(action))[self.seat]
        total += self._play_others()
        return self._observe(), total, core.done, False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal ids as a bool mask (the name sb3-contrib's MaskablePPO looks for)."""
        return self.core.legal_mask()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        scores = self.core.rules.scores
        return f"{self.core.spec.title}: scores {scores}, seat {self.core.current_player} to act"

    def _play_others(self) -> float:
        """The bots move until the agent must act or the game ends; the agent's rewards."""
        core = self.core
        total = 0.0
        while not core.done and core.current_player != self.seat:
            seat = core.current_player
            assert seat is not None
            action = self._bots[seat].act(core.view(seat))
            total += core.step(core.encode(action))[self.seat]
        return total

    def _observe(self) -> dict[str, Any]:
        mask = self.core.legal_mask().view(np.int8).copy()
        return {"observation": self.core.observation(self.seat), "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.core.legal_mask()}


def register() -> None:
    """Register every game's id with Gymnasium (done on import of this module; call it again
    for a game registered since)."""
    for env_id, (game, players) in gym_ids().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                env_id,
                entry_point="pegboard.env.gymnasium:PegboardEnv",
                kwargs={"game": game, "players": players},
                disable_env_checker=True,
            )


register()
