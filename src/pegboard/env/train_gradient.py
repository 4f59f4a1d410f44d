"""Trains the ``learned`` bot's policy with a hidden layer: imitation, then policy gradient in
the vector env.

``python -m pegboard.env.train_gradient --game cribbage --players 2`` first fits a
:class:`~pegboard.env.policy.HiddenPolicy` to a teacher bot's decisions (behaviour cloning,
as :mod:`pegboard.env.train_learned` fits the linear one), then improves it by self-play in a
:class:`VectorEnv` with ``reward="score"``: PPO-lite (clipped policy gradient, a few passes
over each batch, numpy on the CPU), each decision valued by the points its seat gains less
the points the other side gains from it to the end of the hand (to the end of the game where
the observation has no phase), less a linear baseline fitted to the same returns.

The same arguments give the same weights (the games are seeded by the vector env, the
sampling and the minibatches by ``--seed``), given the same numpy and BLAS.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from pegboard.env.policy import HiddenPolicy, load_policy, weights_name
from pegboard.env.train_learned import DATA_DIR, Decisions, agreement, collect
from pegboard.env.vector_env import VectorEnv

Floats = npt.NDArray[np.float32]


@dataclass
class Adam:
    """Adam over a list of arrays, updated in place."""

    params: list[Floats]
    rate: float
    first: list[Floats] = field(init=False)
    second: list[Floats] = field(init=False)
    steps: int = 0

    def __post_init__(self) -> None:
        self.first = [np.zeros_like(p) for p in self.params]
        self.second = [np.zeros_like(p) for p in self.params]

    def update(self, grads: list[Floats]) -> None:
        self.steps += 1
        unbias1, unbias2 = 1 - 0.9**self.steps, 1 - 0.999**self.steps
        for p, g, m, v in zip(self.params, grads, self.first, self.second, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p -= self.rate * (m / unbias1) / (np.sqrt(v / unbias2) + 1e-8)


def new_policy(size: int, actions: int, units: int, seed: int) -> HiddenPolicy:
    """He-initialised hidden layer, zero output layer (uniform over the legal ids)."""
    rng = np.random.default_rng(seed)
    hidden = (rng.standard_normal((size, units)) * np.sqrt(2.0 / size)).astype(np.float32)
    return HiddenPolicy(
        hidden,
        np.zeros(units, np.float32),
        np.zeros((units, actions), np.float32),
        np.zeros(actions, np.float32),
    )


def params_of(policy: HiddenPolicy) -> list[Floats]:
    """The policy's arrays, float32 copies for training."""
    arrays = (policy.hidden, policy.hidden_bias, policy.weights, policy.bias)
    return [np.array(a, np.float32) for a in arrays]


def masked_softmax(logits: Floats, masks: npt.NDArray[np.bool_]) -> Floats:
    shifted = np.where(masks, logits, -np.inf)
    shifted -= shifted.max(axis=1, keepdims=True)
    probs: Floats = np.exp(shifted)
    probs /= probs.sum(axis=1, keepdims=True)
    return probs


def backward(params: list[Floats], x: Floats, features: Floats, dlogits: Floats) -> list[Floats]:
    """Gradients of the four arrays from the gradient of the logits."""
    hidden_grad = dlogits @ params[2].T
    hidden_grad[features <= 0] = 0.0
    return [x.T @ hidden_grad, hidden_grad.sum(axis=0), features.T @ dlogits, dlogits.sum(axis=0)]


def imitate(
    data: Decisions, units: int, *, epochs: int, seed: int, batch: int = 256, rate: float = 3e-3
) -> HiddenPolicy:
    """Cross-entropy on the teacher's ids over the legal ones (Adam, minibatches)."""
    rng = np.random.default_rng(seed)
    policy = new_policy(data.observations.shape[1], data.masks.shape[1], units, seed)
    params = params_of(policy)
    adam = Adam(params, rate)
    rows = len(data.chosen)
    for _ in range(epochs):
        order = rng.permutation(rows)
        for start in range(0, rows, batch):
            take = order[start : start + batch]
            x = data.observations[take]
            features = np.maximum(x @ params[0] + params[1], 0.0)
            probs = masked_softmax(features @ params[2] + params[3], data.masks[take])
            probs[np.arange(len(take)), data.chosen[take]] -= 1.0
            adam.update(backward(params, x, features, probs / np.float32(len(take))))
    return HiddenPolicy(*params)


@dataclass(frozen=True)
class Batch:
    observations: Floats
    masks: npt.NDArray[np.bool_]
    actions: npt.NDArray[np.int64]
    old_logp: Floats
    returns: Floats


def play_batch(
    venv: VectorEnv, obs: Floats, params: list[Floats], steps: int, rng: np.random.Generator
) -> tuple[Batch, Floats]:
    """``steps`` self-play steps of every game, sampling the policy; each decision's return
    is its seat's reward from then to the end of its hand (or game). Decisions of a hand
    still going at the end of the window, and forced ones, are left out."""
    n, size = venv.n, venv.observation_size
    phase = venv.layout.offset.get("phase")
    all_obs = np.empty((steps, n, size), np.float32)
    all_masks = np.empty((steps, n, venv.num_actions), np.bool_)
    actions = np.empty((steps, n), np.int64)
    logp = np.empty((steps, n), np.float32)
    seats = np.empty((steps, n), np.int64)
    rewards = np.empty((steps, n, venv.players), np.float32)
    ends = np.empty((steps, n), np.bool_)
    rows = np.arange(n)
    for t in range(steps):
        mask = venv.legal_mask()
        features = np.maximum(obs @ params[0] + params[1], 0.0)
        probs = masked_softmax(features @ params[2] + params[3], mask)
        keys = np.log(probs + 1e-30) - np.log(-np.log(rng.random(probs.shape) + 1e-30))
        keys[~mask] = -np.inf
        chosen = keys.argmax(axis=1)
        all_obs[t], all_masks[t], actions[t], seats[t] = obs, mask, chosen, venv.current_player
        logp[t] = np.log(probs[rows, chosen] + 1e-30)
        next_obs, rewards[t], done = venv.step(chosen)
        ends[t] = done
        if phase is not None:  # a phase earlier than the last one: a new hand began
            ends[t] |= next_obs[:, phase:].argmax(axis=1) < obs[:, phase:].argmax(axis=1)
        obs = next_obs
    returns = np.zeros((steps, n), np.float32)
    running = np.zeros((n, venv.players), np.float32)
    complete = np.zeros(n, np.bool_)
    done_rows = np.zeros((steps, n), np.bool_)
    for t in range(steps - 1, -1, -1):
        running[ends[t]] = 0.0
        complete |= ends[t]
        running += rewards[t]
        returns[t] = running[rows, seats[t]]
        done_rows[t] = complete
    keep = done_rows & (all_masks.sum(axis=2) > 1)
    batch = Batch(all_obs[keep], all_masks[keep], actions[keep], logp[keep], returns[keep])
    return batch, obs


def improve(
    policy: HiddenPolicy,
    game: str,
    players: int,
    *,
    iterations: int,
    envs: int,
    steps: int,
    seed: int,
    rate: float = 3e-4,
    clip: float = 0.2,
    passes: int = 3,
    minibatch: int = 2048,
    entropy: float = 0.003,
    log: bool = True,
    save_every: int = 0,
    save_to: Path | None = None,
) -> HiddenPolicy:
    """PPO-lite by self-play (see the module text)."""
    rng = np.random.default_rng(seed)
    venv = VectorEnv(game, n=envs, players=players, reward="score")
    obs = venv.reset(seed)
    params = params_of(policy)
    adam = Adam(params, rate)
    value = [np.zeros(venv.observation_size, np.float32), np.zeros(1, np.float32)]
    value_adam = Adam(value, 1e-3)
    for iteration in range(iterations):
        batch, obs = play_batch(venv, obs, params, steps, rng)
        rows = len(batch.actions)
        baseline = batch.observations @ value[0] + value[1]
        advantage = batch.returns - baseline
        advantage /= advantage.std() + 1e-6
        for _ in range(passes):
            order = rng.permutation(rows)
            for start in range(0, rows, minibatch):
                take = order[start : start + minibatch]
                x, masks = batch.observations[take], batch.masks[take]
                features = np.maximum(x @ params[0] + params[1], 0.0)
                probs = masked_softmax(features @ params[2] + params[3], masks)
                picked = np.arange(len(take)), batch.actions[take]
                ratio = probs[picked] / np.exp(batch.old_logp[take])
                adv = advantage[take]
                clipped = ((adv > 0) & (ratio > 1 + clip)) | ((adv < 0) & (ratio < 1 - clip))
                scale = np.where(clipped, 0.0, -adv * ratio)[:, None]
                onehot = np.zeros_like(probs)
                onehot[picked] = 1.0
                dlogits = scale * (onehot - probs)
                logs = np.log(np.where(masks, probs, 1.0))
                spread = -(probs * logs).sum(axis=1, keepdims=True)
                dlogits += entropy * probs * (logs + spread)
                adam.update(backward(params, x, features, dlogits / np.float32(len(take))))
                error = (x @ value[0] + value[1]) - batch.returns[take]
                value_grad = np.asarray(x.T @ error / len(take), np.float32)
                value_adam.update([value_grad, np.array([error.mean()], np.float32)])
        if save_to is not None and save_every and (iteration + 1) % save_every == 0:
            HiddenPolicy(*params).save(save_to.with_suffix(f".{iteration + 1}.npz"))
        if log and (iteration % 10 == 0 or iteration == iterations - 1):
            spread_now = float(-(probs * logs).sum(axis=1).mean())
            print(
                f"iteration {iteration}: {rows} decisions, {venv.games_finished} games, "
                f"return sd {batch.returns.std():.2f}, baseline error "
                f"{np.abs(batch.returns - baseline).mean():.2f}, entropy {spread_now:.3f}",
                flush=True,
            )
    return HiddenPolicy(*params)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="cribbage")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--teacher", default="hoyle", help="the bot imitated first")
    parser.add_argument("--teacher-games", type=int, default=600)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--units", type=int, default=128, help="hidden units")
    parser.add_argument("--start", type=Path, help="continue from these weights (no imitation)")
    parser.add_argument("--iterations", type=int, default=200, help="policy-gradient batches")
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--steps", type=int, default=64, help="steps of every game per batch")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="default: pegboard/data/learned-<game>-<n>.npz")
    parser.add_argument("--save-every", type=int, default=0, help="also save every k batches")
    args = parser.parse_args(argv)
    out = args.out or DATA_DIR / weights_name(args.game, args.players)
    if args.start is not None:
        start = load_policy(args.start)
        if not isinstance(start, HiddenPolicy):
            parser.error(f"{args.start} has no hidden layer")
        policy = start
    else:
        data = collect(args.game, args.players, args.teacher, args.teacher_games, args.seed)
        policy = imitate(data, args.units, epochs=args.epochs, seed=args.seed)
        held_out = collect(args.game, args.players, args.teacher, 60, args.seed + 1)
        print(f"imitation agrees with {args.teacher} on {agreement(policy, held_out):.1%}")
    policy = improve(
        policy,
        args.game,
        args.players,
        iterations=args.iterations,
        envs=args.envs,
        steps=args.steps,
        seed=args.seed,
        save_every=args.save_every,
        save_to=out,
    )
    policy.save(out)
    print(f"{out}: {args.iterations} policy-gradient batches after imitation")


if __name__ == "__main__":
    main()
