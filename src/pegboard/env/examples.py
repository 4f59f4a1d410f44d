"""The loops docs/research.md shows: a random agent, a pegboard bot through the environment,
and a small linear discard policy trained from random play that beats random discards.

Run ``python -m pegboard.env.examples`` for the numbers the document quotes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pegboard.bots import make as make_bot
from pegboard.cards import RANK_OF, SUIT_OF, VALUE_OF, parse_cards
from pegboard.env import Env, make
from pegboard.scoring.show import show_total
from pegboard.scoring.tables import COMBO_POINTS_4, RANK_KEY

Policy = Callable[[Env, random.Random], int]
"""Choose an id for ``env.current_player``."""


def random_policy(env: Env, rng: random.Random) -> int:
    legal = env.legal_actions()
    return legal[rng.randrange(len(legal))]


def random_agent_loop(games: int, seed: int = 0) -> list[float]:
    """Random play for both seats; seat 0's rank reward per game (+1 won, -1 lost)."""
    env = make("cribbage", players=2)
    rng = random.Random(seed)
    results = []
    for game in range(games):
        env.reset(seed * 1_000_003 + game)
        while not env.done:
            rewards = env.step(random_policy(env, rng))
        results.append(rewards[0])
    return results


def bot_win_rate(bot: str, games: int, seed: int = 0) -> float:
    """A pegboard bot in seat 1 against random play in seat 0, through the environment."""
    env = make("cribbage", players=2)
    rng = random.Random(seed)
    wins = 0
    for game in range(games):
        env.reset(seed * 1_000_003 + game)
        player = make_bot(bot, seed=game)
        while not env.done:
            seat = env.current_player
            if seat == 1:
                action = env.encode(player.act(env.view(seat)))
            else:
                action = random_policy(env, rng)
            rewards = env.step(action)
        wins += rewards[1] > 0
    return wins / games


# -- a linear discard policy -----------------------------------------------------------------

FEATURES = 1 + 1 + 13 + 13 + 3
"""bias, the kept four's own points, kept ranks (13), thrown ranks signed by whose crib it is
(13), thrown pair / fifteen / touching ranks signed the same way (3)."""


def discard_features(kept: list[int], thrown: list[int], my_crib: bool) -> npt.NDArray[np.float64]:
    """What a discard looks like to the linear policy (only the seat's own cards)."""
    x = np.zeros(FEATURES)
    x[0] = 1.0
    points = COMBO_POINTS_4[sum(RANK_KEY[c] for c in kept)]
    if len({SUIT_OF[c] for c in kept}) == 1:
        points += 4
    x[1] = points
    for c in kept:
        x[2 + RANK_OF[c] - 1] += 1
    sign = 1.0 if my_crib else -1.0
    for c in thrown:
        x[15 + RANK_OF[c] - 1] += sign
    a, b = thrown
    x[28] = sign * (RANK_OF[a] == RANK_OF[b])
    x[29] = sign * (VALUE_OF[a] + VALUE_OF[b] == 15)
    x[30] = sign * (abs(RANK_OF[a] - RANK_OF[b]) == 1)
    return x


@dataclass(frozen=True)
class Candidate:
    action: int
    kept: list[int]
    thrown: list[int]


def discard_candidates(env: Env, seat: int) -> tuple[list[Candidate], bool]:
    """Every legal discard of ``seat`` read from its own observation, and whether the crib is
    its own (the observation's dealer field: relative seat 0 is the observer)."""
    obs = env.observation(seat)
    start = env.layout.offset["hand"]
    hand = [int(c) for c in np.flatnonzero(obs[start : start + 52])]
    my_crib = bool(obs[env.layout.offset["dealer"]] == 1.0)
    first = env.space.start["discard"]
    candidates = []
    for action in env.legal_actions():
        mask = action - first
        thrown = [c for i, c in enumerate(hand) if mask >> i & 1]
        kept = [c for i, c in enumerate(hand) if not mask >> i & 1]
        candidates.append(Candidate(action, kept, thrown))
    return candidates, my_crib


def discarding(env: Env, seat: int) -> bool:
    """Whether the game is in the discard, read from the seat's observation (its phase)."""
    return bool(env.observation(seat)[env.layout.offset["phase"]] == 1.0)


def linear_policy(weights: npt.NDArray[np.float64]) -> Policy:
    """Discard the candidate the weights value most; play a random card."""

    def choose(env: Env, rng: random.Random) -> int:
        seat = env.current_player
        assert seat is not None
        if not discarding(env, seat):
            return random_policy(env, rng)
        candidates, my_crib = discard_candidates(env, seat)
        values = [weights @ discard_features(c.kept, c.thrown, my_crib) for c in candidates]
        return candidates[int(np.argmax(values))].action

    return choose


def hand_value(env: Env, seat: int, hand: int) -> float | None:
    """What ``seat``'s hand and the crib were worth to it in hand number ``hand`` (the crib
    counted against it when it is the other seat's), from the public show; None when the
    game ended before both were shown."""
    in_hand = False
    mine = crib = None
    for event in env.events:
        if event["type"] == "deal":
            in_hand = event["hand"] == hand
        elif in_hand and event["type"] == "show":
            cards = parse_cards(event["cards"])
            starter = parse_cards([event["starter"]])[0]
            if event["crib"]:
                sign = 1 if event["seat"] == seat else -1
                crib = sign * show_total(cards, starter, True)
            elif event["seat"] == seat:
                mine = show_total(cards, starter)
    if mine is None or crib is None:
        return None
    return float(mine + crib)


def train_discard(games: int, seed: int = 0, ridge: float = 1.0) -> npt.NDArray[np.float64]:
    """Least squares from random play: the value of each discard made (both seats) against
    features of the discard. Returns the weights of :func:`linear_policy`."""
    env = make("cribbage", players=2)
    rng = random.Random(seed)
    rows: list[npt.NDArray[np.float64]] = []
    targets: list[float] = []
    for game in range(games):
        env.reset(seed * 1_000_003 + game)
        made: list[tuple[int, int, npt.NDArray[np.float64]]] = []
        while not env.done:
            seat = env.current_player
            assert seat is not None
            if discarding(env, seat):
                candidates, my_crib = discard_candidates(env, seat)
                pick = candidates[rng.randrange(len(candidates))]
                hand = env.rules.hand_number  # type: ignore[attr-defined]
                made.append((seat, hand, discard_features(pick.kept, pick.thrown, my_crib)))
                env.step(pick.action)
            else:
                env.step(random_policy(env, rng))
        for seat, hand, x in made:
            value = hand_value(env, seat, hand)
            if value is not None:
                rows.append(x)
                targets.append(value)
    a = np.array(rows)
    b = np.array(targets)
    return np.linalg.solve(a.T @ a + ridge * np.eye(FEATURES), a.T @ b)


@dataclass(frozen=True)
class Match:
    games: int
    wins: int
    points_per_hand: float
    """Seat 0's mean hand + crib value per hand (the crib signed by whose it is)."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games


def match(policy: Policy, games: int, seed: int) -> Match:
    """``policy`` in seat 0 against random play in seat 1, seeded games."""
    env = make("cribbage", players=2)
    rng = random.Random(seed)
    wins = 0
    values: list[float] = []
    for game in range(games):
        env.reset(seed * 1_000_003 + game)
        while not env.done:
            act = policy if env.current_player == 0 else random_policy
            rewards = env.step(act(env, rng))
        wins += rewards[0] > 0
        for hand in range(1, env.rules.hand_number + 1):  # type: ignore[attr-defined]
            value = hand_value(env, 0, hand)
            if value is not None:
                values.append(value)
    return Match(games, wins, float(np.mean(values)))


def main() -> None:
    weights = train_discard(2_000, seed=1)
    learned = match(linear_policy(weights), 2_000, seed=2)
    baseline = match(random_policy, 2_000, seed=2)
    print(f"trained on 2,000 random games; weights {np.round(weights, 2).tolist()}")
    for name, result in (("linear discard", learned), ("random discard", baseline)):
        print(
            f"{name}: won {result.wins}/{result.games} ({result.win_rate:.1%}) against random, "
            f"hand + crib {result.points_per_hand:.2f} points per hand"
        )
    print(f"greedy bot through the env: wins {bot_win_rate('greedy', 500):.1%} against random")


if __name__ == "__main__":
    main()
