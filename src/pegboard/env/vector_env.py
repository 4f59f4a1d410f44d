"""``VectorEnv``: N games of any game and player count stepped together, with the single
environment's action ids and observation layout.

``venv = VectorEnv("not-enough", n=256, players=4)``; ``obs = venv.reset(seed)`` gives
(N, ``observation_size``) float32, each row the observation of that game's seat to act
(``venv.current_player``); ``venv.legal_mask()`` is (N, ``num_actions``) bool; and
``obs, rewards, done = venv.step(actions)`` takes one id per game, with rewards (N, players)
as ``make``'s ``reward`` pays them. A policy written against :func:`pegboard.env.make` plays
here unchanged, and back.

A game that ends is counted (``games_finished``), its rewards and final scores kept
(``final_scores``) and the next game dealt at once (auto-reset). ``reset(seed)`` takes an
integer 0..2**64-1: game ``g`` of environment ``i`` is dealt by
``VectorChance(seed, i, g)`` (:mod:`.vector_chance`, :meth:`VectorEnv.game_chance`: every
shuffle, pick and roll a hash of the seed, the environment, the game and the chance step, so
a deal costs a few hashes instead of seeding a generator) and labelled
``f"{seed}/{i}/{g}"`` (:meth:`VectorEnv.game_seed`, its record's seed), so
``make(game, players).reset(venv.game_seed(i, g), chance=venv.game_chance(i, g))`` plays
it again through the checked API, and its record replays through ``Game``.

The games are :func:`~pegboard.env.make`'s environments. Where a game's environment class
offers a batch step (Cribbage's compiled one: ``step_many`` in ``env/_cribbage.pyx``), one
call steps all N games, deals the next game of those that ended, and writes the
observations and masks in C; otherwise the games are stepped one after another in Python.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from pegboard.env.factory import make
from pegboard.env.game_env import Env
from pegboard.env.vector_chance import VectorChance, check_seed
from pegboard.errors import IllegalAction, OptionError

Batch = Callable[..., int]


class VectorEnv:
    """N games of one game, player count and table options (see the module text)."""

    def __init__(
        self, game: str, *, n: int, players: int = 2, reward: str = "rank", **options: Any
    ) -> None:
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise OptionError(f"n is the number of games, at least 1, not {n!r}")
        self.envs: list[Env] = [make(game, players, reward=reward, **options) for _ in range(n)]
        first = self.envs[0]
        self.n, self.players = n, players
        self.space, self.layout = first.space, first.layout
        self.num_actions, self.observation_size = first.num_actions, first.observation_size
        self._batch: Batch | None = _batch_of(first, "step_many")
        self._observe_many: Callable[..., None] | None = _batch_of(first, "observe_many")
        self._random_many: Callable[..., None] | None = _batch_of(first, "random_many")
        self.seed: int | None = None
        self._obs = np.zeros((n, self.observation_size), np.float32)
        self._mask = np.zeros((n, self.num_actions), np.bool_)
        self._games = np.zeros(n, np.int64)
        self.final_scores = np.zeros((n, players), np.int64)
        """Per environment, the final scores of its last finished game."""
        self.games_finished = 0

    def game_seed(self, env: int, game: int) -> str:
        """The seed label of game ``game`` of environment ``env`` since the last reset."""
        return f"{self.seed}/{env}/{game}"

    def game_chance(self, env: int, game: int) -> VectorChance:
        """The chance source that dealt game ``game`` of environment ``env``."""
        self._require_reset()
        assert self.seed is not None
        return VectorChance(self.seed, env, game)

    @property
    def games(self) -> npt.NDArray[np.int64]:
        """(N,): per environment, the number of the game being played (0 first)."""
        return self._games.copy()

    @property
    def current_player(self) -> npt.NDArray[np.int64]:
        """(N,): the seat to act in each game."""
        return np.array([e.current_player for e in self.envs], np.int64)

    def reset(self, seed: int) -> npt.NDArray[np.float32]:
        """Game 0 of every environment; the first observations (a copy)."""
        try:
            self.seed = check_seed(seed)
        except ValueError as error:
            raise OptionError(str(error)) from None
        self._games[:] = 0
        self.games_finished = 0
        for i, env in enumerate(self.envs):
            env.reset(self.game_seed(i, 0), chance=self.game_chance(i, 0))
        self._observe(range(self.n), whole=True)
        return self._obs.copy()

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """(N, num_actions) bool: the legal ids of each game's seat to act (a copy)."""
        self._require_reset()
        return self._mask.copy()

    def random_actions(self, rng: np.random.Generator) -> npt.NDArray[np.int64]:
        """(N,): a uniformly random legal id in each game."""
        self._require_reset()
        if self._random_many is not None:
            out = np.empty(self.n, np.int64)
            self._random_many(self.envs, rng.random(self.n), out)
            return out
        keys = rng.random(self._mask.shape) * self._mask
        return np.asarray(keys.argmax(axis=1), np.int64)

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """One id per game: (observations, rewards (N, players), done (N,)). An illegal id
        raises :class:`~pegboard.errors.IllegalAction` and changes nothing."""
        self._require_reset()
        chosen = np.asarray(actions)
        if chosen.shape != (self.n,) or chosen.dtype.kind not in "iu":
            raise IllegalAction(
                f"actions must be {self.n} integer ids, shape ({self.n},), "
                f"not {chosen.dtype} values of shape {chosen.shape}"
            )
        chosen = np.ascontiguousarray(chosen, dtype=np.int64)
        rewards = np.zeros((self.n, self.players), np.float32)
        done = np.zeros(self.n, np.bool_)
        if self._batch is not None:
            obs = np.empty_like(self._obs)  # new arrays each step: the caller may keep them
            mask = np.empty_like(self._mask)
            args = (obs, mask, rewards, done, self.final_scores, self._games, self.seed)
            bad = self._batch(self.envs, chosen, *args)  # the next games dealt in C too
            if bad >= 0:
                raise self._refusal(bad, chosen)
            self._obs, self._mask = obs, mask
            self.games_finished += int(np.count_nonzero(done))
            return obs, rewards, done
        self._step_each(chosen, rewards, done)
        ended = np.flatnonzero(done)
        for i in ended:
            self._restart(int(i))
        if len(ended):
            self._observe(ended, whole=False)
        return self._obs.copy(), rewards, done

    # -- internals -------------------------------------------------------------------------

    def _step_each(
        self,
        chosen: npt.NDArray[np.int64],
        rewards: npt.NDArray[np.float32],
        done: npt.NDArray[np.bool_],
    ) -> None:
        for i, env in enumerate(self.envs):
            if int(chosen[i]) not in env.legal_actions():
                raise self._refusal(i, chosen)
        for i, env in enumerate(self.envs):
            rewards[i] = env.step(int(chosen[i]))
            done[i] = env.done
        self._observe(range(self.n), whole=False)

    def _restart(self, i: int) -> None:
        env = self.envs[i]
        outcome = env.outcome
        assert outcome is not None
        self.final_scores[i] = outcome.scores
        self.games_finished += 1
        self._games[i] += 1
        game = int(self._games[i])
        env.reset(self.game_seed(i, game), chance=self.game_chance(i, game))

    def _observe(self, rows: Any, whole: bool) -> None:
        if self._observe_many is not None and whole:
            self._observe_many(self.envs, self._obs, self._mask)
            return
        for i in rows:
            env = self.envs[int(i)]
            seat = env.current_player
            self._mask[i] = False
            if seat is None:
                self._obs[i] = 0.0
                continue
            self._obs[i] = env.observation(seat)
            self._mask[i, env.legal_actions()] = True

    def _refusal(self, i: int, chosen: npt.NDArray[np.int64]) -> IllegalAction:
        legal = self.envs[i].legal_actions()
        return IllegalAction(f"action {int(chosen[i])} is not legal in game {i}; legal: {legal}")

    def _require_reset(self) -> None:
        if self.seed is None:
            raise IllegalAction("call reset(seed) before using the environment")


def _batch_of(env: Env, name: str) -> Any:
    """A batch function of the environment's class (its module's ``step_many``,
    ``observe_many``, ``random_many``), if it has one."""
    return getattr(importlib.import_module(type(env).__module__), name, None)
