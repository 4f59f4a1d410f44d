"""The vectorized environment's chance, as a pure function of where a deal happens.

Every random number is a hash (splitmix64) of the batch seed, the environment's index in
the batch, the game's number in that environment and the chance step's index in the game,
so a game does not depend on how many environments share the batch or what the others do.
:class:`VectorChance` answers :class:`~pegboard.core.game.Game`'s chance steps from the
same hash, which is how a test replays any game of the batch through ``Game``:
``new_game("cribbage", players=2, chance=VectorChance(seed, env, game), post_show=False)``.

Chance steps are numbered as ``Game`` numbers them (in two-player Cribbage step 0 draws the
first dealer, step ``h`` from 1 shuffles the deck for hand ``h``). Step ``h`` of a game with
key ``k`` draws from the stream at ``k + 32 h * gamma``: a pick of ``n`` takes the top 32 bits
of its first word (step 0: the key itself), ``(w * n) >> 32``; the step's 32-bit words
``w_0, w_1, ...`` are the halves of the stream's outputs 1 to 26, the low half first; a
shuffle of ``m`` cards (``m`` <= 52) is Fisher-Yates from the top, position ``i`` swapped with
``i + (w_i * (m - i)) >> 32`` (a bounded integer by one multiplication, Lemire's, without
the rejection step: a bias below ``m / 2**32``); a roll of ``d`` dice takes
``(w * 6) >> 32 + 1`` of the words in turn. Every game, player
count and table of :class:`pegboard.env.vector_env.VectorEnv` is dealt this way.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from pegboard.core.chance import Chance, ChanceOutcome, Pick, Roll, Shuffle

U64 = npt.NDArray[np.uint64]

MAX_SEED: Final = (1 << 64) - 1
_GOLDEN_INT: Final = 0x9E3779B97F4A7C15
_GOLDEN: Final = np.uint64(_GOLDEN_INT)
_M1: Final = np.uint64(0xBF58476D1CE4E5B9)
_M2: Final = np.uint64(0x94D049BB133111EB)
_PAIR_STEPS: Final = np.arange(1, 27, dtype=np.uint64) * _GOLDEN
"""A chance step draws 26 outputs of the game's stream, each two 32-bit words."""
_STEP_STRIDE: Final = np.uint64(32 * _GOLDEN_INT % (1 << 64))
"""Chance step ``h`` draws the stream's outputs ``32 h + 1`` to ``32 h + 26``."""


def _mix(x: U64) -> U64:
    """The splitmix64 finalizer: a bijection of uint64 that scrambles every bit
    (``x`` is a fresh array, changed in place)."""
    x ^= x >> np.uint64(30)
    x *= _M1
    x ^= x >> np.uint64(27)
    x *= _M2
    x ^= x >> np.uint64(31)
    return x


def check_seed(seed: object) -> int:
    if not isinstance(seed, int | np.integer) or isinstance(seed, bool):
        raise ValueError(f"a seed is an integer 0..2**64-1, not {seed!r}")
    if not 0 <= int(seed) <= MAX_SEED:
        raise ValueError(f"a seed is an integer 0..2**64-1, not {seed}")
    return int(seed)


def env_keys(seed: int, envs: npt.ArrayLike) -> U64:
    """One key per environment of a batch reset with ``seed``."""
    root = _mix(np.array([seed], dtype=np.uint64))
    return _mix(root ^ np.asarray(envs, dtype=np.uint64))


def game_keys(envs: U64, games: npt.ArrayLike) -> U64:
    """One key per (environment key, game number): the root of that game's chance."""
    return _mix(envs + np.asarray(games, dtype=np.uint64))


def first_dealers(keys: U64) -> npt.NDArray[np.int64]:
    """Chance step 0 of each game: the first dealer, seat 0 or 1 (the key's top bit)."""
    return (keys >> np.uint64(63)).astype(np.int64)


def deck_orders(keys: U64, hands: npt.ArrayLike, want: int = 52) -> npt.NDArray[np.intp]:
    """Chance step ``hands`` of each game: the shuffled deck (card ids, top first), (m, 52),
    by Fisher-Yates from the step's 32-bit words (see the module text). Only the first
    ``want`` positions are drawn (the rest as those swaps leave them), as the compiled
    vector core deals the cards a hand uses."""
    start = keys + np.asarray(hands, dtype=np.uint64) * _STEP_STRIDE
    words = _mix(start[:, None] + _PAIR_STEPS).view(np.uint32).astype(np.uint64)
    deck = np.tile(np.arange(52, dtype=np.intp), (len(start), 1))
    rows = np.arange(len(start))
    for i in range(min(want, 51)):
        j = i + ((words[:, i] * np.uint64(52 - i)) >> np.uint64(32)).astype(np.intp)
        top = deck[:, i].copy()
        deck[:, i] = deck[rows, j]
        deck[rows, j] = top
    return deck


class VectorChance:
    """``Game``'s chance source for game number ``game`` of environment ``env`` in a batch
    reset with ``seed``: it deals exactly what the vectorized environment dealt."""

    def __init__(self, seed: int, env: int, game: int) -> None:
        self.seed: int | None = check_seed(seed)
        self._key = game_keys(env_keys(self.seed, [env]), [game])
        self.key = int(self._key[0])
        """The game's key (uint64): the compiled Cribbage environment draws from it in C."""

    @classmethod
    def for_key(cls, key: int) -> VectorChance:
        """The chance of the game with this key (``seed`` is then None)."""
        chance = cls.__new__(cls)
        chance.seed = None
        chance._key = np.array([key], np.uint64)
        chance.key = key
        return chance

    def resolve(self, step: Chance, index: int) -> ChanceOutcome:
        if isinstance(step, Pick):
            word = self.key if index == 0 else int(_mix(_step_start(self._key, index))[0])
            return (((word >> 32) * step.choices) >> 32,)
        keys = _step_keys(self._key, index)
        if isinstance(step, Shuffle) and len(step.cards) <= len(keys):
            cards = list(step.cards)
            for i in range(len(cards) - 1):
                j = i + ((int(keys[i]) * (len(cards) - i)) >> 32)
                cards[i], cards[j] = cards[j], cards[i]
            return tuple(cards)
        if isinstance(step, Roll) and step.dice <= len(keys):
            return tuple(int((int(w) * 6) >> 32) + 1 for w in keys[: step.dice])
        raise ValueError(f"the vectorized environment has no chance step {index} like {step!r}")


def _step_start(key: U64, index: int) -> U64:
    """``key + index * 32 * gamma`` (mod 2**64), a fresh array."""
    return key + np.full(key.shape, index, np.uint64) * _STEP_STRIDE


def _step_keys(key: U64, index: int) -> npt.NDArray[np.uint32]:
    """The 52 32-bit words of chance step ``index`` of the game with ``key`` (as
    :func:`deck_orders` draws them)."""
    start = _step_start(key, index)
    keys: npt.NDArray[np.uint32] = _mix(start[:, None] + _PAIR_STEPS).view(np.uint32)[0]
    return keys
