"""Vectorized 2-player Cribbage: N games stepped at once, for training loops.

``venv = make("cribbage", n=1024)``; ``obs = venv.reset(seed)``; then repeatedly
``mask = venv.legal_mask()`` (N, 19) and ``obs, rewards, done = venv.step(actions)`` with one
action id per game. A game that ends is counted in ``venv.games_finished``, its final scores
are kept in ``venv.final_scores`` and it is dealt again at once (auto-reset), so the
observation of a finished game is already the first decision of its next game.

The rules are ``Game``'s Cribbage for two players with the table options that leave only
real decisions: goes are automatic (``skip_empty``, ``skip_pass``), no pause points
(``pre_show=False``, ``post_show=False``), automatic counting, the first dealer drawn and the
deal then passing to the left (``dealer="rotate"``, as match play deals); the game ends the
instant a score reaches ``score_target``. Each seat decides in turn: in the discard the
dealer's left (the non-dealer) discards first, then the dealer; then the play.

Action ids (``ACTIONS`` = 19):

* 0..14 -- discard the pair ``DISCARD_PAIRS[a]`` of hand slots of the 6 dealt cards (sorted
  by card id; pairs in ``itertools.combinations(range(6), 2)`` order: (0, 1), (0, 2), ...).
* 15..18 -- play the card in slot ``a - 15`` of the 4 kept cards (sorted by card id; a slot
  stays put when its card is played).

Observation (int16, ``OBS_SIZE`` = 33 per game), from the side of the seat to act ("me");
card ids 0..51 (``AC`` = 0, ``KS`` = 51), -1 for none:

====== =========================================================================
0      phase: 0 discard, 1 play
1      my seat (0 or 1)
2      1 if I deal this hand
3, 4   my score, the opponent's score
5      the count (0 in the discard)
6..11  my hand: the 6 dealt cards, or after my discard the 4 kept in slots 6..9
       (-1 where played) and -1 in 10, 11
12     the starter (-1 until both have discarded)
13..20 the cards of the current count, the latest first
21..28 every card played this hand, the latest first
29, 30 the two cards I put in the crib (-1 until I discard)
31     how many cards the opponent holds
32     the score target
====== =========================================================================

Rewards have shape (N, 2), one column per seat: with ``reward="win"`` +1 for the winner
and -1 for the loser on the step that ends a game, else 0; with ``reward="points"`` each
step's points pegged by the seat minus the opponent's.

Seeds: ``reset(seed)`` makes game ``g`` (0, 1, ...) of environment ``i`` deal exactly what
``Game`` deals with ``chance=VectorChance(seed, i, g)`` (:mod:`.vector_chance`).

Two engines play the games, the same ones: the compiled rules core (one C loop over the
games per step, :class:`pegboard.env._cribbage.CribbageVectorCore`) whenever it was built,
else numpy whole-array steps (:mod:`.vector_numpy`). This class checks what comes in and
hands the rest to the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Literal, Protocol

import numpy as np
import numpy.typing as npt

from pegboard.core.compiled import PURE_PYTHON
from pegboard.core.spec import get_spec
from pegboard.env import vector_rows as row
from pegboard.env.vector_chance import check_seed
from pegboard.env.vector_numpy import NumpyCribbage
from pegboard.errors import IllegalAction, OptionError

I64 = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Obs = npt.NDArray[np.int16]

DISCARD_PAIRS: Final = row.DISCARD_PAIRS
PLAY: Final = len(DISCARD_PAIRS)
"""The first play action: ``PLAY + slot``."""
ACTIONS: Final = PLAY + 4
OBS_SIZE: Final = len(row.OBSERVED[0])
Reward = Literal["win", "points"]


class Engine(Protocol):
    """What steps the games: :class:`NumpyCribbage` or the compiled ``CribbageVectorCore``."""

    games_finished: int

    def reset(self, seed: int) -> None: ...
    def first_illegal(self, chosen: I64) -> int: ...
    def legal_ids(self, game: int) -> list[int]: ...
    def legal_mask(self) -> Bools: ...
    def observation(self) -> Obs: ...
    def random_actions(self, u: npt.NDArray[np.float64]) -> I64: ...
    def step(self, chosen: I64) -> tuple[Obs, npt.NDArray[np.float32], Bools]: ...
    def current_player(self) -> I64: ...
    def scores(self) -> I64: ...
    def final_scores(self) -> I64: ...
    def games(self) -> I64: ...


def _engine(n: int, target: int, points_rewards: bool) -> Engine:
    if not PURE_PYTHON:
        try:
            from pegboard.env._cribbage import CribbageVectorCore
        except ImportError:
            pass
        else:
            return CribbageVectorCore(n, target, points_rewards)
    return NumpyCribbage(n, target, points_rewards)


class CribbageVector:
    """N two-player Cribbage games; see the module text for actions and observations."""

    def __init__(self, n: int, *, score_target: int = 121, reward: Reward = "win") -> None:
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise OptionError(f"n is the number of games, at least 1, not {n!r}")
        if not isinstance(score_target, int) or not 1 <= score_target <= 1000:
            raise OptionError(f"score_target must be 1..1000, not {score_target!r}")
        if reward not in ("win", "points"):
            raise OptionError(f"reward is 'win' or 'points', not {reward!r}")
        self.n = n
        self.target = score_target
        self.reward: Reward = reward
        self.seed: int | None = None
        self.engine: Engine = _engine(n, score_target, reward == "points")

    # -- the interface ----------------------------------------------------------------------

    @property
    def current_player(self) -> I64:
        """(N,): the seat to act in each game."""
        return self.engine.current_player()

    @property
    def scores(self) -> I64:
        """(N, 2): each game's scores now."""
        return self.engine.scores()

    @property
    def final_scores(self) -> I64:
        """(N, 2): the final scores of each environment's last finished game."""
        return self.engine.final_scores()

    @property
    def games(self) -> I64:
        """(N,): per environment, the number of the game being played (0 first)."""
        return self.engine.games()

    @property
    def games_finished(self) -> int:
        """Games ended since the last reset, over all environments."""
        return int(self.engine.games_finished)

    def reset(self, seed: int) -> Obs:
        """Start game 0 of every environment from ``seed``; the first observations."""
        self.seed = check_seed(seed)
        self.engine.reset(self.seed)
        return self.engine.observation()

    def legal_mask(self) -> Bools:
        """(N, 19) bool: the legal actions of the seat to act in each game (a copy)."""
        self._require_reset()
        return self.engine.legal_mask()

    def observation(self) -> Obs:
        """(N, 33) int16: what the seat to act in each game may see."""
        self._require_reset()
        return self.engine.observation()

    def random_actions(self, rng: np.random.Generator) -> I64:
        """(N,): a uniformly random legal action in each game, from one draw per game: the
        random player, or exploration, without building the mask's random keys."""
        self._require_reset()
        return self.engine.random_actions(rng.random(self.n))

    def step(self, actions: npt.ArrayLike) -> tuple[Obs, npt.NDArray[np.float32], Bools]:
        """Apply one action per game: (observations, rewards (N, 2), done (N,)).

        Raises :class:`~pegboard.errors.IllegalAction`, changing nothing, if any action is
        not legal."""
        return self.engine.step(self._checked(actions))

    def _checked(self, actions: npt.ArrayLike) -> I64:
        self._require_reset()
        chosen = np.asarray(actions)
        if chosen.shape != (self.n,) or chosen.dtype.kind not in "iu":
            raise IllegalAction(
                f"actions must be {self.n} integer action ids, shape ({self.n},), "
                f"not {chosen.dtype} values of shape {chosen.shape}"
            )
        chosen = np.ascontiguousarray(chosen, dtype=np.int64)
        game = self.engine.first_illegal(chosen)
        if game >= 0:
            allowed = self.engine.legal_ids(game)
            raise IllegalAction(
                f"action {int(chosen[game])} is not legal in game {game}; legal there: {allowed}"
            )
        return chosen

    def _require_reset(self) -> None:
        if self.seed is None:
            raise IllegalAction("call reset(seed) before using the environment")


def make(game: str, *, n: int, players: int = 2, **options: object) -> CribbageVector:
    """``make("cribbage", n=1024, score_target=121, reward="win")``: the game's vectorized
    environment (its spec's ``"vector"`` surface), where it has one."""
    spec = get_spec(game)
    if "vector" not in spec.surfaces:
        raise OptionError(f"{spec.title} has no vectorized environment (2-player Cribbage has one)")
    build: Callable[..., CribbageVector] = spec.surface("vector")
    return build(n=n, players=players, **options)


def cribbage_vector(*, n: int, players: int = 2, **options: object) -> CribbageVector:
    """Cribbage's vectorized environment: two players, ``score_target`` and ``reward``."""
    if players != 2:
        raise OptionError(f"the vectorized environment plays 2-player cribbage, not {players}")
    unknown = set(options) - {"score_target", "reward"}
    if unknown:
        raise OptionError(
            f"unknown option {sorted(unknown)[0]!r}; the vectorized environment takes "
            "score_target and reward"
        )
    target = options.get("score_target", 121)
    reward = options.get("reward", "win")
    if not isinstance(target, int) or reward not in ("win", "points"):
        raise OptionError(
            f"score_target is an integer and reward 'win' or 'points', not {target!r}, {reward!r}"
        )
    return CribbageVector(n, score_target=target, reward=reward)
