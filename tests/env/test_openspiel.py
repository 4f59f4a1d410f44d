"""pegboard's games inside OpenSpiel: registered for every game and player count, passing
OpenSpiel's own random-simulation test (with serialization), and played by OpenSpiel's IS-MCTS
and outcome-sampling MCCFR on Cribist and Cribbage is not Enough.

Games are played to a low ``score_target`` so that whole games fit in a test."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

from pegboard.core.spec import get_spec
from pegboard.env.chance_env import ChanceEnv
from pegboard.env.openspiel import NAMES, short_name

SHORT = {"score_target": 15}


def test_every_game_and_player_count_is_registered() -> None:
    expected = [
        short_name(game, players)
        for game in ("cribbage", "cribist", "not-enough")
        for players in get_spec(game).players
    ]
    assert expected == NAMES
    assert set(NAMES) <= set(pyspiel.registered_names())
    for name in NAMES:
        game = pyspiel.load_game(name)
        env = ChanceEnv(game.game, game.num_players())
        assert game.num_distinct_actions() == env.num_actions
        assert game.observation_tensor_shape() == [env.observation_size]
        assert game.information_state_tensor_shape() == [env.observation_size + env.num_actions]


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_random_simulation_test_passes_with_serialization(name: str) -> None:
    """OpenSpiel's ``random_sim_test``: legal actions, chance outcomes summing to one,
    observation and information-state tensors and strings for every player at every state,
    returns at the end, clones, and every state serialized and read back."""
    pyspiel.random_sim_test(
        pyspiel.load_game(name, SHORT), num_sims=3, serialize=True, verbose=False
    )


def test_a_whole_61_point_cribbage_game_passes_the_simulation_test() -> None:
    pyspiel.random_sim_test(
        pyspiel.load_game("pegboard_cribbage_2", {"score_target": 61}),
        num_sims=1,
        serialize=False,
        verbose=False,
    )


def test_partners_share_a_result_and_two_sides_sum_to_zero() -> None:
    game = pyspiel.load_game("pegboard_cribbage_4", {"teams": True, "score_target": 31})
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert pyspiel.load_game("pegboard_cribbage_4").get_type().utility == (
        pyspiel.GameType.Utility.GENERAL_SUM
    )
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns = state.returns()
    assert returns[0] == returns[2] == -returns[1] == -returns[3] and abs(returns[0]) == 1


def test_a_resampled_state_is_one_the_player_cannot_tell_apart() -> None:
    game = pyspiel.load_game("pegboard_not_enough_4", SHORT)
    rng = random.Random(2)
    told_apart = 0
    for _ in range(10):
        state = game.new_initial_state()
        while not state.is_terminal() and (state.is_chance_node() or rng.random() > 1 / 30):
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        player = state.current_player()
        world = state.resample_from_infostate(player, rng.random)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.information_state_tensor(player) == state.information_state_tensor(player)
        assert world.legal_actions() == state.legal_actions()
        told_apart += any(
            world.information_state_string(p) != state.information_state_string(p) for p in range(4)
        )
    assert told_apart > 0


@pytest.mark.parametrize("name", ["pegboard_cribist_4", "pegboard_not_enough_2"])
def test_openspiel_is_mcts_plays_a_whole_game(name: str) -> None:
    game = pyspiel.load_game(name, {"score_target": 20})
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 12, random_state=rng)
    worlds = random.Random(0)  # the resampling seeded too, so the game is the same every run
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, worlds.random))
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns = state.returns()  # a draw is possible in not-enough: both teams 0
    assert decisions > 3 and sum(returns) == pytest.approx(0.0)
    assert all(-1.0 <= r <= 1.0 for r in returns)


@pytest.mark.parametrize("name", ["pegboard_cribist_4", "pegboard_not_enough_2"])
def test_openspiel_outcome_sampling_mccfr_learns_an_average_policy(name: str) -> None:
    """Outcome-sampling MCCFR walks sampled games and keeps regrets per information state;
    its average policy is a distribution over the legal actions wherever it has been."""
    game = pyspiel.load_game(name, {"score_target": 10})
    np.random.seed(1)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(40):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)
    assert len(solver._infostates) > 40  # regrets kept for many information states
