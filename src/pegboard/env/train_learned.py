"""Trains the ``learned`` bot's policy: behaviour cloning of a teacher bot in the vector env.

``python -m pegboard.env.train_learned --game cribbage --players 2`` plays ``--games`` games
of the teacher (``hoyle`` by default) against itself in a :class:`VectorEnv`, keeps each
decision that had a choice (the observation, the legal mask, the teacher's id), and fits a
:class:`~pegboard.env.policy.LinearPolicy` to them by softmax regression over the legal ids
(numpy, Adam, minibatches). The same arguments give the same weights: the games are seeded
by the vector env, the teachers by seat and game, the minibatches by ``--seed``.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from pegboard.bots import make as make_bot
from pegboard.bots.base import Bot
from pegboard.env.policy import LinearPolicy, Policy, weights_name
from pegboard.env.vector_env import VectorEnv

DATA_DIR = Path(__file__).resolve().parent.parent / "data"


@dataclass(frozen=True)
class Decisions:
    observations: npt.NDArray[np.float32]
    masks: npt.NDArray[np.bool_]
    chosen: npt.NDArray[np.int64]


def collect(game: str, players: int, teacher: str, games: int, seed: int, n: int = 16) -> Decisions:
    """The teacher's decisions (only those with more than one legal id) over ``games`` games."""
    venv = VectorEnv(game, n=n, players=players)
    obs = venv.reset(seed)
    bots: dict[tuple[int, int, int], Bot] = {}
    kept_obs: list[npt.NDArray[np.float32]] = []
    kept_masks: list[npt.NDArray[np.bool_]] = []
    kept_ids: list[int] = []
    while venv.games_finished < games:
        mask = venv.legal_mask()
        actions = np.empty(venv.n, np.int64)
        games_now = venv.games
        for i, env in enumerate(venv.envs):
            seat = env.current_player
            assert seat is not None
            key = (i, int(games_now[i]), seat)
            bot = bots.get(key)
            if bot is None:
                bot = bots[key] = make_bot(teacher, seed=_bot_seed(seed, key))
            action_id = env.encode(bot.act(env.view(seat)))
            actions[i] = action_id
            if mask[i].sum() > 1:
                kept_obs.append(obs[i].copy())
                kept_masks.append(mask[i])
                kept_ids.append(action_id)
        obs, _, done = venv.step(actions)
        for ended in np.flatnonzero(done):  # that game's teachers are done
            for key in [k for k in bots if k[0] == int(ended)]:
                del bots[key]
    return Decisions(np.array(kept_obs), np.array(kept_masks), np.array(kept_ids, np.int64))


def _bot_seed(seed: int, key: tuple[int, int, int]) -> int:
    env, game, seat = key
    return ((seed * 1_000_003 + env) * 10_007 + game) * 8 + seat


def fit(
    data: Decisions,
    num_actions: int,
    *,
    epochs: int = 30,
    batch: int = 256,
    rate: float = 0.01,
    l2: float = 1e-4,
    seed: int = 0,
) -> LinearPolicy:
    """Softmax regression on the teacher's ids, illegal ids masked out of the softmax."""
    rng = np.random.default_rng(seed)
    size = data.observations.shape[1]
    params = [np.zeros((size, num_actions), np.float64), np.zeros(num_actions, np.float64)]
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    step = 0
    rows = len(data.chosen)
    for _ in range(epochs):
        order = rng.permutation(rows)
        for start in range(0, rows, batch):
            take = order[start : start + batch]
            x = data.observations[take].astype(np.float64)
            logits = x @ params[0] + params[1]
            logits[~data.masks[take]] = -np.inf
            logits -= logits.max(axis=1, keepdims=True)
            probs = np.exp(logits)
            probs /= probs.sum(axis=1, keepdims=True)
            probs[np.arange(len(take)), data.chosen[take]] -= 1.0  # d(loss)/d(logits)
            probs /= len(take)
            grads = [x.T @ probs + l2 * params[0], probs.sum(axis=0)]
            step += 1
            for p, g, m, v in zip(params, grads, first, second, strict=True):
                m *= 0.9
                m += 0.1 * g
                v *= 0.999
                v += 0.001 * g * g
                p -= rate * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return LinearPolicy(params[0].astype(np.float32), params[1].astype(np.float32))


def agreement(policy: Policy, data: Decisions) -> float:
    """How often the policy picks the teacher's id."""
    logits = policy.logits(data.observations)
    logits[~data.masks] = -np.inf
    return float(np.mean(logits.argmax(axis=1) == data.chosen))


def train(
    game: str, players: int, teacher: str, games: int, seed: int, epochs: int
) -> tuple[LinearPolicy, float]:
    """The fitted policy and its agreement with the teacher on games it did not train on."""
    venv_size = VectorEnv(game, n=1, players=players).num_actions
    data = collect(game, players, teacher, games, seed)
    held_out = collect(game, players, teacher, max(1, games // 10), seed + 1)
    policy = fit(data, venv_size, epochs=epochs, seed=seed)
    return policy, agreement(policy, held_out)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="cribbage")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--teacher", default="hoyle", help="the bot whose choices are copied")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="default: pegboard/data/learned-<game>-<n>.npz")
    args = parser.parse_args(argv)
    policy, agreed = train(
        args.game, args.players, args.teacher, args.games, args.seed, args.epochs
    )
    out = args.out or DATA_DIR / weights_name(args.game, args.players)
    policy.save(out)
    print(f"{out}: agrees with {args.teacher} on {agreed:.1%} of held-out decisions")


if __name__ == "__main__":
    main()
