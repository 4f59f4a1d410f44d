"""Every game as a PettingZoo AEC environment: ``pegboard.env.pettingzoo.env(game="cribbage",
players=2)``. Agents are ``seat_0`` ... ; each observation is ``{"observation", "action_mask"}``
(the mask is all zeros for a seat that is not to act). Rewards as :func:`pegboard.env.make`.

The environment makes the checks PettingZoo's ``OrderEnforcingWrapper`` and
``AssertOutOfBoundsWrapper`` would (reset first; ids in range, and legal) itself, so it is not
wrapped: those wrappers' attribute forwarding cost more than the game's own rules per step."""

from __future__ import annotations

from typing import Any, ClassVar

from gymnasium import spaces
from pettingzoo import AECEnv

from pegboard.env import spaces as pegboard_spaces
from pegboard.env.factory import make


class RawEnv(AECEnv[str, dict[str, Any], int | None]):  # type: ignore[misc]
    metadata: ClassVar[dict[str, Any]] = {
        "name": "pegboard_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "cribbage",
        players: int = 2,
        reward: str = "rank",
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        super().__init__()
        self.core = make(game, players, reward=reward, **options)
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{i}" for i in range(players)]
        self.agents = list(self.possible_agents)
        self._observation_space = pegboard_spaces.observation_space(self.core)
        self._action_space = pegboard_spaces.action_space(self.core)
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._has_reset = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def observe(self, agent: str) -> dict[str, Any]:
        self._check_reset()
        return self.core.observation_dict(self._seat_of[agent])

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.core.reset(seed)
        self._has_reset = True
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewards_zero = True
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._selected()

    def step(self, action: int | None) -> None:
        self._check_reset()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: give an action id, not None")
        self._cumulative_rewards[agent] = 0.0
        core = self.core
        rewards = core.step(action)
        if any(rewards):
            self.rewards = dict(zip(self.agents, rewards, strict=True))
            self._rewards_zero = False
            self._accumulate_rewards()
        elif not self._rewards_zero:  # nothing to add: only the last step's rewards to clear
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewards_zero = True
        if core.done:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[core.current_player]  # type: ignore[index]

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        seat = self.core.current_player
        return f"{self.core.spec.title}: seat {seat} to act, events so far {len(self.core.events)}"

    def close(self) -> None:
        pass

    def _check_reset(self) -> None:
        if not self._has_reset:
            raise RuntimeError("call reset() before step() or observe()")

    def _selected(self) -> str:
        seat = self.core.current_player
        return self.possible_agents[seat if seat is not None else 0]


def env(**kwargs: Any) -> RawEnv:
    """The AEC environment: ``env(game="cribist", players=4, reward="score")``."""
    return RawEnv(**kwargs)


raw_env = RawEnv
