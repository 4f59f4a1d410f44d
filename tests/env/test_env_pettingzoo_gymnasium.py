"""PettingZoo's and Gymnasium's own checkers accept every game and player count."""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import pytest
from env_lockstep import CONFIGS, config_id
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import pegboard.env.gymnasium as pegboard_gym
from pegboard.env import pettingzoo as pegboard_pz
from pegboard.errors import IllegalAction


@pytest.fixture(autouse=True)
def _quiet_dict_observation_warnings() -> None:
    # Both checkers warn that a dict observation is unusual; it is the masked-action convention.
    warnings.filterwarnings("ignore", message=".*(NumPy array|probably should be).*")


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_api_and_seed_tests_pass(config: tuple[str, int, Mapping[str, Any]]) -> None:
    game, players, options = config
    api_test(pegboard_pz.env(game=game, players=players, **options), num_cycles=1000)
    seed_test(lambda: pegboard_pz.env(game=game, players=players, **options), num_cycles=500)


def test_an_aec_game_runs_to_the_end_with_every_seat_removed() -> None:
    aec = pegboard_pz.env(game="cribbage", players=3, reward="score")
    aec.reset(seed=5)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        totals[agent] += float(reward)
        action = None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0])
        aec.step(action)
    assert aec.agents == []
    scores = aec.unwrapped.core.outcome.scores
    # Score rewards add up to each seat's lead over the mean of the others.
    for seat, agent in enumerate(aec.possible_agents):
        others = [s for i, s in enumerate(scores) if i != seat]
        assert totals[agent] == pytest.approx(scores[seat] - sum(others) / len(others))


@pytest.mark.parametrize("env_id", sorted(pegboard_gym.IDS))
def test_gymnasium_ids_pass_check_env(env_id: str) -> None:
    env = gymnasium.make(env_id, opponents="greedy")
    check_env(env.unwrapped, skip_render_check=True)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gymnasium_cribbage_plays_whole_games_against_bots(players: int) -> None:
    env = gymnasium.make("pegboard/Cribbage-v0", players=players, opponents="medium")
    obs, info = env.reset(seed=11)
    rewards = []
    terminated = False
    while not terminated:
        legal = np.flatnonzero(obs["action_mask"])
        assert np.array_equal(legal, np.flatnonzero(info["action_mask"]))
        obs, reward, terminated, truncated, info = env.step(int(legal[-1]))
        rewards.append(float(reward))
        assert not truncated
    rank = env.unwrapped.core.outcome.ranks[0]  # type: ignore[attr-defined]
    # First place +1, last -1, evenly between (three or four players each on their own).
    assert rewards[-1] == {1: 1.0, players: -1.0}.get(
        rank, (players + 1 - 2 * rank) / (players - 1)
    )
    assert not any(rewards[:-1])  # rank rewards come at the end


def test_gymnasium_illegal_action_ends_the_episode_with_the_penalty() -> None:
    env = gymnasium.make("pegboard/Cribbage-v0", illegal_reward=-5.0)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-5.0, True, True)


def test_pettingzoo_refuses_an_illegal_action_and_changes_nothing() -> None:
    """Unlike the Gymnasium wrapper (one learner, whose mistake ends its episode), the AEC
    environment raises and the game goes on as if nothing had been asked."""
    aec = pegboard_pz.env(game="cribbage", players=2)
    aec.reset(seed=1)
    obs, *_ = aec.last()
    agent = aec.agent_selection
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction):
        aec.step(illegal)
    after, *_ = aec.last()
    assert aec.agent_selection == agent
    assert np.array_equal(after["observation"], obs["observation"])
    assert not any(aec.terminations.values())
