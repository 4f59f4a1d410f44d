"""``VectorEnv``: N games of every game and player count, the single environment's ids and
observations. Each row is held to a single ``make`` environment reset with the row's game
seed and chance and given the same ids: the same seat, observation, mask, rewards and end,
every step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest
from env_lockstep import CONFIGS, config_id

from pegboard.core.chance import ScriptedChance, outcome_from_json
from pegboard.env import Env, make
from pegboard.env.vector_chance import VectorChance
from pegboard.env.vector_env import VectorEnv
from pegboard.errors import IllegalAction, OptionError

N = 6


def twins(venv: VectorEnv, game: str, players: int, options: Mapping[str, Any]) -> list[Env]:
    out = []
    for i in range(venv.n):
        env = make(game, players, **options)
        g = int(venv.games[i])
        env.reset(venv.game_seed(i, g), chance=venv.game_chance(i, g))
        out.append(env)
    return out


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@pytest.mark.parametrize("reward", ["rank", "score"])
def test_every_row_plays_the_single_environments_game(
    config: tuple[str, int, Mapping[str, Any]], reward: str
) -> None:
    game, players, options = config
    venv = VectorEnv(game, n=N, players=players, reward=reward, score_target=31, **options)
    obs = venv.reset(seed=11)
    singles = twins(venv, game, players, {"reward": reward, "score_target": 31, **options})
    rng = np.random.default_rng(3)
    ended = 0
    while ended < 2 * N:
        mask = venv.legal_mask()
        for i, env in enumerate(singles):
            seat = env.current_player
            assert seat is not None and venv.current_player[i] == seat
            assert np.array_equal(obs[i], env.observation(seat))
            assert np.flatnonzero(mask[i]).tolist() == env.legal_actions()
        actions = venv.random_actions(rng)
        obs, rewards, done = venv.step(actions)
        for i, env in enumerate(singles):
            assert np.allclose(rewards[i], env.step(int(actions[i])), atol=1e-6)
            assert done[i] == env.done
            if done[i]:
                assert env.outcome is not None
                assert venv.final_scores[i].tolist() == list(env.outcome.scores)
                g = int(venv.games[i])
                env.reset(venv.game_seed(i, g), chance=venv.game_chance(i, g))
        ended += int(done.sum())
    assert venv.games_finished == ended


def test_a_row_replays_through_the_checked_api() -> None:
    """Game 0 of row 2 is ``make``'s game labelled ``f"{seed}/2/0"`` dealt by
    ``VectorChance(seed, 2, 0)``: its record, replayed through the pure-Python ``Env`` from
    its chance log, ends the same; so does ``Env`` dealt by that chance itself."""
    venv = VectorEnv("cribbage", n=4, score_target=15)
    venv.reset(5)
    single = make("cribbage", 2, score_target=15)
    single.reset(venv.game_seed(2, 0), chance=venv.game_chance(2, 0))
    rng = np.random.default_rng(0)
    while venv.games[2] == 0:
        actions = venv.random_actions(rng)
        single.step(int(actions[2]))
        venv.step(actions)
    record = single.record()
    assert record["seed"] == "5/2/0"
    replay = Env("cribbage", 2, score_target=15)
    replay.reset(
        record["seed"], chance=ScriptedChance([outcome_from_json(c) for c in record["chance"]])
    )
    for entry in record["actions"]:
        replay.step(replay.encode(entry["action"]))
    assert single.outcome is not None and replay.outcome is not None
    assert venv.final_scores[2].tolist() == list(single.outcome.scores)
    assert replay.outcome.scores == single.outcome.scores
    python = Env("cribbage", 2, score_target=15)
    python.reset(record["seed"], chance=VectorChance(5, 2, 0))
    for entry in record["actions"]:
        python.step(python.encode(entry["action"]))
    assert python.outcome is not None and python.outcome.scores == single.outcome.scores


@pytest.mark.parametrize("game", ["cribbage", "cribist"])
def test_an_illegal_id_is_refused_and_changes_nothing(game: str) -> None:
    players = 4 if game == "cribist" else 2
    venv = VectorEnv(game, n=3, players=players)
    with pytest.raises(IllegalAction, match="reset"):
        venv.legal_mask()
    obs = venv.reset(1)
    actions = venv.random_actions(np.random.default_rng(0))
    wrong = actions.copy()
    wrong[1] = int(np.flatnonzero(~venv.legal_mask()[1])[0])
    with pytest.raises(IllegalAction, match="game 1"):
        venv.step(wrong)
    with pytest.raises(IllegalAction, match="shape"):
        venv.step(actions[:2])
    assert np.array_equal(venv.step(actions)[0].shape, obs.shape)
    with pytest.raises(OptionError):
        VectorEnv(game, n=0, players=players)
