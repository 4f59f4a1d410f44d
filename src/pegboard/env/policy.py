"""``LinearPolicy``: a softmax over one game's action ids, linear in the observation, with
the legal mask applied (illegal ids get no probability). Small enough to ship with the
package: the ``learned`` bot's weights (``pegboard/data/learned-<game>-<players>.npz``)."""

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
        if not legal_ids:
            raise ValueError("a policy chooses among at least one legal id")
        scores = self.logits(observation)[legal_ids]
        return legal_ids[int(np.argmax(scores))]

    def save(self, path: Path) -> None:
        """Half-precision weights, compressed: a few hundred kilobytes at most."""
        np.savez_compressed(
            path, weights=self.weights.astype(np.float16), bias=self.bias.astype(np.float16)
        )

    @classmethod
    def load(cls, source: Path | io.BytesIO) -> LinearPolicy:
        with np.load(source) as data:
            weights = np.asarray(data["weights"], np.float32)
            bias = np.asarray(data["bias"], np.float32)
        if weights.ndim != 2 or bias.shape != (weights.shape[1],):
            raise OptionError(f"not a linear policy: weights {weights.shape}, bias {bias.shape}")
        return cls(weights, bias)


def weights_name(game: str, players: int) -> str:
    """The shipped weights' file name in ``pegboard/data``."""
    return f"learned-{get_spec(game).name}-{players}.npz"


@cache
def shipped_policy(game: str, players: int) -> LinearPolicy:
    """The policy that ships with pegboard for ``game`` and ``players``."""
    name = weights_name(game, players)
    path = resources.files("pegboard").joinpath("data", name)
    if not path.is_file():
        raise OptionError(
            f"no learned policy ships for {get_spec(game).title} with {players} players "
            f"(pegboard/data/{name}); train one with python -m pegboard.env.train_learned"
        )
    return LinearPolicy.load(io.BytesIO(path.read_bytes()))
