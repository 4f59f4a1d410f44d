"""Policies over one game's action ids, with the legal mask applied (illegal ids get no
probability): :class:`LinearPolicy`, a softmax linear in the observation, and
:class:`HiddenPolicy`, a softmax over one hidden layer of rectified units. Small enough to
ship with the package: the ``learned`` bot's weights
(``pegboard/data/learned-<game>-<players>.npz``, either kind: :func:`load_policy` tells them
apart by their arrays)."""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt

from pegboard.core.spec import get_spec
from pegboard.errors import OptionError

Floats = npt.NDArray[np.float32]


@dataclass(frozen=True)
class LinearPolicy:
    weights: Floats
    """(observation_size, num_actions)"""
    bias: Floats
    """(num_actions,)"""

    @property
    def observation_size(self) -> int:
        return int(self.weights.shape[0])

    @property
    def num_actions(self) -> int:
        return int(self.weights.shape[1])

    def logits(self, observations: Floats) -> Floats:
        """(N, num_actions), or (num_actions,) for one observation."""
        out: Floats = observations @ self.weights + self.bias
        return out

    def choose(self, observation: Floats, legal_ids: list[int]) -> int:
        """The legal id the policy rates highest (the lowest id on a tie)."""
        return _best(self.logits(observation), legal_ids)

    def save(self, path: Path) -> None:
        """Half-precision weights, compressed: a few hundred kilobytes at most."""
        np.savez_compressed(
            path, weights=self.weights.astype(np.float16), bias=self.bias.astype(np.float16)
        )

    @classmethod
    def load(cls, source: Path | io.BytesIO) -> LinearPolicy:
        policy = load_policy(source)
        if not isinstance(policy, LinearPolicy):
            raise OptionError("not a linear policy: it has a hidden layer")
        return policy


@dataclass(frozen=True)
class HiddenPolicy:
    """``softmax(relu(x @ hidden + hidden_bias) @ weights + bias)`` over the legal ids."""

    hidden: Floats
    """(observation_size, units)"""
    hidden_bias: Floats
    """(units,)"""
    weights: Floats
    """(units, num_actions)"""
    bias: Floats
    """(num_actions,)"""

    @property
    def observation_size(self) -> int:
        return int(self.hidden.shape[0])

    @property
    def num_actions(self) -> int:
        return int(self.weights.shape[1])

    def features(self, observations: Floats) -> Floats:
        """The hidden layer's activations."""
        out: Floats = np.maximum(observations @ self.hidden + self.hidden_bias, 0.0)
        return out

    def logits(self, observations: Floats) -> Floats:
        """(N, num_actions), or (num_actions,) for one observation."""
        out: Floats = self.features(observations) @ self.weights + self.bias
        return out

    def choose(self, observation: Floats, legal_ids: list[int]) -> int:
        """The legal id the policy rates highest (the lowest id on a tie)."""
        return _best(self.logits(observation), legal_ids)

    def save(self, path: Path) -> None:
        """Half-precision weights, compressed: a few hundred kilobytes at most."""
        np.savez_compressed(
            path,
            hidden=self.hidden.astype(np.float16),
            hidden_bias=self.hidden_bias.astype(np.float16),
            weights=self.weights.astype(np.float16),
            bias=self.bias.astype(np.float16),
        )


Policy = LinearPolicy | HiddenPolicy


def _best(logits: Floats, legal_ids: list[int]) -> int:
    if not legal_ids:
        raise ValueError("a policy chooses among at least one legal id")
    return legal_ids[int(np.argmax(logits[legal_ids]))]


def load_policy(source: Path | io.BytesIO) -> Policy:
    """A saved policy: a :class:`HiddenPolicy` if the file has a hidden layer, else linear."""
    with np.load(source) as data:
        arrays = {name: np.asarray(data[name], np.float32) for name in data.files}
    weights, bias = arrays.get("weights"), arrays.get("bias")
    if weights is None or bias is None or weights.ndim != 2 or bias.shape != weights.shape[1:]:
        raise OptionError(f"not a policy: arrays {sorted(arrays)}")
    if "hidden" not in arrays:
        return LinearPolicy(weights, bias)
    hidden, hidden_bias = arrays["hidden"], arrays.get("hidden_bias")
    if hidden.ndim != 2 or hidden_bias is None or hidden_bias.shape != (hidden.shape[1],):
        raise OptionError(f"not a hidden layer: {hidden.shape}")
    if hidden.shape[1] != weights.shape[0]:
        raise OptionError(f"the hidden layer {hidden.shape} does not feed weights {weights.shape}")
    return HiddenPolicy(hidden, hidden_bias, weights, bias)


def weights_name(game: str, players: int) -> str:
    """The shipped weights' file name in ``pegboard/data``."""
    return f"learned-{get_spec(game).name}-{players}.npz"


@cache
def shipped_policy(game: str, players: int) -> Policy:
    """The policy that ships with pegboard for ``game`` and ``players``."""
    name = weights_name(game, players)
    path = resources.files("pegboard").joinpath("data", name)
    if not path.is_file():
        raise OptionError(
            f"no learned policy ships for {get_spec(game).title} with {players} players "
            f"(pegboard/data/{name}); train one with python -m pegboard.env.train_learned"
        )
    return load_policy(io.BytesIO(path.read_bytes()))
