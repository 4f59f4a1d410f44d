"""Every pegboard game and player count as an OpenSpiel game (the ``research`` extra).

``import pegboard.env.openspiel`` registers ``pegboard_cribbage_2``, ``pegboard_cribbage_3``,
``pegboard_cribbage_4``, ``pegboard_cribist_4``, ``pegboard_not_enough_2`` and
``pegboard_not_enough_4`` with ``pyspiel.register_game``; the game's table options are its
parameters (``pyspiel.load_game("pegboard_cribbage_4", {"teams": True, "score_target": 31})``).
A state is a :class:`~pegboard.env.chance_env.ChanceEnv`: OpenSpiel's chance player is its
chance node (a pick, one die, one card of a shuffle at a time, Cribbage's starter after the
last discard), the actions are the environment's ids, the returns its ``rank`` rewards.

What each player is told:

- **observation** (tensor and string): the environment's observation of that seat (tensor)
  and its view (string, JSON);
- **information state**: the string is every event of the game so far as that seat was shown
  it (perfect recall); the tensor is the observation followed by the seat's own action ids in
  the current hand (a multi-hot of ``num_distinct_actions``).

``resample_from_infostate`` gives a world the player cannot tell from this one
(:func:`pegboard.env.resample.resample`), which OpenSpiel's IS-MCTS needs.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import numpy as np
import pyspiel

from pegboard.cards import NAME_OF
from pegboard.core.spec import get_spec
from pegboard.env.chance_env import CHANCE, ChanceEnv
from pegboard.env.games import env_game, env_games
from pegboard.env.resample import resample
from pegboard.errors import OptionError

MAX_GAME_LENGTH = 20_000
"""Steps, chance draws included; a generous bound (a random 121-point two-player Cribbage
game takes about 270)."""
PREFIX = "pegboard_"


def short_name(game: str, players: int) -> str:
    return f"{PREFIX}{game.replace('-', '_')}_{players}"


def _parameters(game: str) -> dict[str, Any]:
    """The game's table options, as the environment plays them by default."""
    spec, known = get_spec(game), env_game(game)
    if known is None:
        raise OptionError(f"no environment for {spec.title}")
    return {o.name: o.default for o in spec.options} | dict(known.defaults)


class PegboardGame(pyspiel.Game):  # type: ignore[misc]
    """One pegboard game and player count; ``params`` are its table options."""

    def __init__(self, game_type: Any, game: str, players: int, params: Any = None) -> None:
        options = {**_parameters(game), **dict(params or {})}
        self.game, self.players = game, players
        self.options = options
        probe = ChanceEnv(game, players, **options)
        sides = len(set(probe._side_keys()))
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.num_actions,
            max_chance_outcomes=52,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if sides == 2 else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_with_utility(game_type, sides), info, options)
        self.observation_size = probe.observation_size

    def new_initial_state(self) -> PegboardState:
        return PegboardState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> PegboardObserver:
        perfect = iig_obs_type is not None and iig_obs_type.perfect_recall
        return PegboardObserver(self, perfect_recall=perfect)


class PegboardState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: PegboardGame, env: ChanceEnv | None = None) -> None:
        super().__init__(game)
        if env is None:
            env = ChanceEnv(game.game, game.players, **game.options)
            env.reset(0)  # the seed only matters to sample_chance: OpenSpiel draws itself
        self.env = env
        self._returns = [0.0] * game.players

    def current_player(self) -> int:
        if self.env.done:
            return int(pyspiel.PlayerId.TERMINAL)
        player = self.env.current_player
        assert player is not None
        return int(pyspiel.PlayerId.CHANCE) if player == CHANCE else player

    def _legal_actions(self, player: int) -> list[int]:
        return self.env.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.env.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        rewards = self.env.step(int(action))
        self._returns = [a + b for a, b in zip(self._returns, rewards, strict=True)]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            kind = self.env.chance_kind or "chance"
            return f"{kind} {NAME_OF[action]}" if "card" in kind else f"{kind} {action}"
        return (
            json.dumps(self.env.decode(action))
            if action in self.env.legal_actions()
            else str(action)
        )

    def is_terminal(self) -> bool:
        return self.env.done

    def returns(self) -> list[float]:
        return list(self._returns)

    def rewards(self) -> list[float]:
        return list(self._returns) if self.env.done else [0.0] * len(self._returns)

    def __str__(self) -> str:
        return json.dumps([[seat, step] for seat, step in self.env.steps])

    def __deepcopy__(self, memo: dict[int, Any]) -> PegboardState:
        """What ``clone`` copies: the environment by its own ``clone`` (OpenSpiel keeps the
        history in the C++ state it copies itself)."""
        twin = copy.copy(self)
        twin.env = self.env.clone()
        twin._returns = list(self._returns)
        return twin

    def resample_from_infostate(self, player: int, sampler: Any) -> PegboardState:
        rng = random.Random(int(sampler() * 2**31) if sampler is not None else None)
        twin = self.clone()
        twin.env = resample(self.env, player, rng)
        return twin  # type: ignore[no-any-return]


class PegboardObserver:
    """OpenSpiel's ``PyObserver``: ``tensor``/``dict`` and ``string_from`` for a player."""

    def __init__(self, game: PegboardGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = game.observation_size
        actions = game.num_distinct_actions()
        self.tensor = np.zeros(size + (actions if perfect_recall else 0), np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if perfect_recall:
            self.dict["own_actions"] = self.tensor[size:]

    def set_from(self, state: PegboardState, player: int) -> None:
        env = state.env
        self.dict["observation"][:] = env.observation(player)
        if self.perfect_recall:
            own = self.dict["own_actions"]
            own.fill(0)
            start = env.deal_start[1] if env.deal_start is not None else 0
            for step in state.full_history()[start:]:  # one entry per step of the env
                if step.player == player:
                    own[step.action] = 1.0

    def string_from(self, state: PegboardState, player: int) -> str:
        env = state.env
        if self.perfect_recall:
            events = [env.rules.redact(e, player) for e in env.events]
            return f"seat {player} " + json.dumps(events, sort_keys=True)
        view = env.rules.view(player)
        return json.dumps(view, sort_keys=True, default=str)


def _with_utility(given: Any, sides: int) -> Any:
    """The game's type; zero-sum when two sides play (partners share a rank), else general."""
    return pyspiel.GameType(
        short_name=given["short_name"],
        long_name=given["long_name"],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if sides == 2
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=given["players"],
        min_num_players=given["players"],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=given["parameters"],
    )


def register_all() -> list[str]:
    """Register every game and player count (done on import); returns the short names."""
    names = []
    for game in env_games():
        spec = get_spec(game)
        for players in spec.players:
            name = short_name(game, players)
            names.append(name)
            if name in pyspiel.registered_names():
                continue
            title = f"pegboard {spec.title}, {players} players"
            description = {
                "short_name": name,
                "long_name": title,
                "players": players,
                "parameters": _parameters(game),
            }
            game_type = _with_utility(description, players)
            pyspiel.register_game(game_type, _factory(description, game, players))
    return names


def _factory(game_type: Any, game: str, players: int) -> type[PegboardGame]:
    """A ``PegboardGame`` class for one game and player count (OpenSpiel makes a game by
    calling the class registered with its parameters)."""

    def init(self: PegboardGame, params: Any = None) -> None:
        PegboardGame.__init__(self, game_type, game, players, params)

    return type(f"Pegboard_{game}_{players}", (PegboardGame,), {"__init__": init})


NAMES = register_all()
