"""The ``learned`` bot: shipped policies trained in the vector env (behaviour cloning, and for
Cribbage a hidden layer improved by policy gradient: tests/env/test_train_gradient.py).

It plays whole legal games through ``pegboard simulate`` (the records replay and check); its
weights load and fit the environment; it picks legal actions, and the action the policy
rates highest on the environment's own observation (so it sees only what the view shows);
retraining with a fixed seed gives the same weights."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from pegboard.bots import bot_names
from pegboard.bots import make as make_bot
from pegboard.cards import parse_card
from pegboard.cli.main import app
from pegboard.core.game import new_game
from pegboard.env import games as env_games
from pegboard.env import make
from pegboard.env.policy import LinearPolicy, shipped_policy
from pegboard.env.train_learned import collect, fit, main
from pegboard.errors import OptionError
from pegboard.games.cribist.views import cribist_view

runner = CliRunner()
SHIPPED = [("cribbage", 2), ("not-enough", 2), ("cribist", 4)]
"""Every (game, players) with weights in pegboard/data."""


def test_learned_is_a_bot_name() -> None:
    assert "learned" in bot_names()
    assert make_bot("learned", seed=3).name == "learned"


@pytest.mark.parametrize(("game", "players"), SHIPPED)
def test_learned_plays_whole_legal_games_through_simulate(
    game: str, players: int, tmp_path: Path
) -> None:
    out = tmp_path / "games.jsonl"
    bots = ",".join(["learned"] + ["random"] * (players - 1))
    args = ["simulate", "-g", game, "-n", str(players), "-b", bots, "--games", "2"]
    result = runner.invoke(app, [*args, "--duplicate", "--seed", "9", "--json", "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    games = 2 * players  # two deals, each played once per rotation of the seats
    assert data["games"] == games
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == games
    assert all(r["outcome"] is not None for r in records)
    checked = runner.invoke(app, ["replay", str(out), "--check"])  # every action legal
    assert checked.exit_code == 0, checked.output
    assert checked.stdout.count("ok: ") == games


@pytest.mark.parametrize(("game", "players"), SHIPPED)
def test_the_shipped_weights_fit_the_environment(game: str, players: int) -> None:
    env = make(game, players)
    policy = shipped_policy(game, players)
    assert (policy.observation_size, policy.num_actions) == (env.observation_size, env.num_actions)
    assert policy.logits(env.observation(0)).shape == (env.num_actions,)
    assert np.isfinite(policy.weights).all()
    assert np.abs(policy.weights).max() > 0  # trained, not the zeros fit starts from


@pytest.mark.parametrize(("game", "players"), SHIPPED)
def test_the_bot_plays_the_policy_on_the_environments_observation(game: str, players: int) -> None:
    """At every decision of random games, the bot's action (from the view alone) is legal and
    is the legal id the policy rates highest on the env's own observation."""
    policy = shipped_policy(game, players)
    bot = make_bot("learned", seed=0)
    env = make(game, players)
    rng = random.Random(5)
    decisions = 0
    for seed in range(3):
        env.reset(seed)
        while not env.done:
            seat = env.current_player
            assert seat is not None
            legal = env.legal_actions()
            chosen = env.encode(bot.act(env.view(seat)))
            assert chosen in legal
            if len(legal) > 1:
                assert chosen == policy.choose(env.observation(seat), legal)
                decisions += 1
            env.step(chosen if rng.random() < 0.5 else rng.choice(legal))
    assert decisions > 20


def test_the_bot_refuses_a_game_it_cannot_see_from_the_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = make("cribist", 4)
    seat = env.current_player
    assert seat is not None
    blind = replace(env_games.CRIBIST_ENV, from_view=None)
    monkeypatch.setattr(env_games, "CRIBIST_ENV", blind)
    with pytest.raises(OptionError, match="learned bot cannot see Cribist"):
        make_bot("learned").act(env.view(seat))


def test_cribist_is_observed_from_the_view_alone() -> None:
    """The view lists the hand's finished tricks: the observation built from the view is the
    environment's at every decision of a random game, and it shows who played what."""
    env = make("cribist", 4)
    env.reset(4)
    from_view = env_games.CRIBIST_ENV.from_view
    assert from_view is not None
    rng = random.Random(1)
    steps = 0
    while not env.done and steps < 120:
        seat = env.current_player
        assert seat is not None
        view = env.view(seat)
        assert np.array_equal(from_view(view, env.layout), env.observation(seat))
        env.step(rng.choice(env.legal_actions()))
        steps += 1
    view = cribist_view(env.view(env.current_player or 0))
    assert len(view["tricks"]) > 0 and view["seat"] is not None
    observation = env.observation(view["seat"])
    start = env.layout.offset["tricks"]
    first = view["tricks"][0]
    leader = int(first["leader"])
    card = parse_card(first["cards"][leader])
    relative = (leader - view["seat"]) % 4
    assert observation[start + 52 * relative + card] == 1.0


def test_a_missing_weights_file_is_a_clear_error() -> None:
    with pytest.raises(OptionError, match="no learned policy ships for Cribbage with 3 players"):
        shipped_policy("cribbage", 3)


def test_a_policy_chooses_only_among_the_legal_ids() -> None:
    weights = np.zeros((3, 4), np.float32)
    weights[0] = [0.0, 5.0, 1.0, 2.0]
    policy = LinearPolicy(weights, np.zeros(4, np.float32))
    obs = np.array([1.0, 0.0, 0.0], np.float32)
    assert policy.choose(obs, [0, 1, 2, 3]) == 1
    assert policy.choose(obs, [0, 2, 3]) == 3  # the best legal one, not the best overall
    assert policy.choose(obs, [0]) == 0


def test_fit_learns_the_teachers_choices() -> None:
    data = collect("cribbage", 2, "hoyle", games=3, seed=4, n=3)
    assert len(data.chosen) > 100
    assert data.masks[np.arange(len(data.chosen)), data.chosen].all()  # the teacher was legal
    assert (data.masks.sum(axis=1) > 1).all()  # forced moves are not kept
    policy = fit(data, 118, epochs=40, seed=0)
    logits = policy.logits(data.observations)
    logits[~data.masks] = -np.inf
    random_agreement = float(np.mean(1 / data.masks.sum(axis=1)))
    assert np.mean(logits.argmax(axis=1) == data.chosen) > random_agreement + 0.3


def test_retraining_with_a_fixed_seed_gives_the_same_weights(tmp_path: Path) -> None:
    tiny = ["--game", "cribbage", "--games", "2", "--epochs", "2"]
    paths = [tmp_path / "a.npz", tmp_path / "b.npz", tmp_path / "c.npz"]
    main([*tiny, "--seed", "7", "--out", str(paths[0])])
    main([*tiny, "--seed", "7", "--out", str(paths[1])])
    main([*tiny, "--seed", "8", "--out", str(paths[2])])
    a, b, c = (LinearPolicy.load(p) for p in paths)
    assert np.array_equal(a.weights, b.weights) and np.array_equal(a.bias, b.bias)
    assert not np.array_equal(a.weights, c.weights)


def test_in_a_manual_count_the_bot_counts_perfectly() -> None:
    """Claims and Muggins have no ids: the bot answers a manual count as ``greedy`` does (the
    exact claim, Muggins on whatever was missed), in Cribist's trick counts."""
    game = new_game("cribist", players=4, seed=3, counting="manual")
    bot, counter = make_bot("learned"), make_bot("greedy")
    counts = 0
    while game.outcome is None and counts < 6:
        seat = game.to_act[0]
        view = game.view(seat)
        action = bot.act(view)
        if view.get("counting") is not None:
            assert action == counter.act(view)
            counts += 1
        game.apply(seat, action)
    assert counts == 6
