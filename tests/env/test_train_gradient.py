"""The ``learned`` bot's hidden-layer policy and its trainer (imitation, then PPO-lite in the
vector env): the gradients are the loss's, imitation learns the teacher's choices, the policy
gradient moves the policy, a fixed seed gives the same weights, and a saved policy loads as
the kind it is."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pegboard.env.policy import HiddenPolicy, LinearPolicy, load_policy
from pegboard.env.train_gradient import (
    backward,
    imitate,
    improve,
    masked_softmax,
    new_policy,
    params_of,
)
from pegboard.env.train_learned import agreement, collect
from pegboard.errors import OptionError


def test_backward_is_the_gradient_of_the_loss() -> None:
    """Finite differences of a masked cross-entropy agree with ``backward`` on every array."""
    rng = np.random.default_rng(0)
    policy = new_policy(7, 5, 6, seed=3)
    params = [p.astype(np.float64) for p in params_of(policy)]
    params[2] = rng.standard_normal(params[2].shape)  # a trained-looking output layer
    x = rng.standard_normal((4, 7))
    masks = np.array([[1, 1, 0, 1, 0], [0, 1, 1, 1, 1], [1, 0, 0, 0, 1], [1, 1, 1, 1, 1]], bool)
    chosen = np.array([3, 2, 0, 1])

    def loss(ps: list[np.ndarray]) -> float:
        features = np.maximum(x @ ps[0] + ps[1], 0.0)
        probs = masked_softmax(features @ ps[2] + ps[3], masks)
        return float(-np.log(probs[np.arange(4), chosen]).sum())

    features = np.maximum(x @ params[0] + params[1], 0.0)
    dlogits = masked_softmax(features @ params[2] + params[3], masks)  # type: ignore[arg-type]
    dlogits[np.arange(4), chosen] -= 1.0
    grads = backward(params, x, features, dlogits)  # type: ignore[arg-type]
    for k, p in enumerate(params):
        for index in list(np.ndindex(p.shape))[:12]:
            bumped = [q.copy() for q in params]
            bumped[k][index] += 1e-6
            lowered = [q.copy() for q in params]
            lowered[k][index] -= 1e-6
            numeric = (loss(bumped) - loss(lowered)) / 2e-6
            assert grads[k][index] == pytest.approx(numeric, abs=1e-5), (k, index)


def test_imitation_learns_the_teachers_choices() -> None:
    data = collect("cribbage", 2, "hoyle", games=3, seed=4, n=3)
    policy = imitate(data, 32, epochs=30, seed=0)
    random_agreement = float(np.mean(1 / data.masks.sum(axis=1)))
    assert agreement(policy, data) > random_agreement + 0.3


def test_the_policy_gradient_moves_the_policy_the_same_way_for_a_seed() -> None:
    start = new_policy(480, 118, 16, seed=1)
    start = HiddenPolicy(start.hidden, start.hidden_bias, start.weights + 0.01, start.bias)
    runs = [
        improve(start, "cribbage", 2, iterations=2, envs=8, steps=24, seed=s, log=False)
        for s in (5, 5, 6)
    ]
    assert not np.array_equal(runs[0].weights, start.weights)
    assert np.array_equal(runs[0].weights, runs[1].weights)
    assert np.array_equal(runs[0].hidden, runs[1].hidden)
    assert not np.array_equal(runs[0].weights, runs[2].weights)


def test_a_saved_policy_loads_as_its_kind(tmp_path: Path) -> None:
    hidden = new_policy(5, 3, 4, seed=2)
    hidden = HiddenPolicy(hidden.hidden, hidden.hidden_bias, hidden.weights + 0.5, hidden.bias)
    hidden.save(tmp_path / "h.npz")
    loaded = load_policy(tmp_path / "h.npz")
    assert isinstance(loaded, HiddenPolicy)
    assert loaded.observation_size == 5 and loaded.num_actions == 3
    obs = np.linspace(-1, 1, 5, dtype=np.float32)
    assert np.allclose(loaded.logits(obs), hidden.logits(obs), atol=1e-2)  # half precision
    linear = LinearPolicy(np.ones((5, 3), np.float32), np.zeros(3, np.float32))
    linear.save(tmp_path / "l.npz")
    assert isinstance(load_policy(tmp_path / "l.npz"), LinearPolicy)
    with pytest.raises(OptionError, match="hidden layer"):
        LinearPolicy.load(tmp_path / "h.npz")
    np.savez(tmp_path / "bad.npz", hidden=np.ones((5, 4)), weights=np.ones((3, 3)), bias=np.ones(3))
    with pytest.raises(OptionError):
        load_policy(tmp_path / "bad.npz")


def test_a_hidden_policy_chooses_only_among_the_legal_ids() -> None:
    policy = HiddenPolicy(
        np.eye(2, dtype=np.float32),
        np.zeros(2, np.float32),
        np.array([[0.0, 5.0, 1.0], [0.0, 0.0, 9.0]], np.float32),
        np.zeros(3, np.float32),
    )
    obs = np.array([1.0, -1.0], np.float32)  # the second unit is cut off at zero
    assert policy.choose(obs, [0, 1, 2]) == 1
    assert policy.choose(obs, [0, 2]) == 2
    assert policy.choose(np.array([0.0, 1.0], np.float32), [0, 1, 2]) == 2
