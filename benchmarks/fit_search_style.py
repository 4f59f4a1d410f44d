"""Fit the searcher's chances (``pegboard.bots.search.search_style.WEIGHTS``) to ``ismcts``'s plays.

Run: ``.venv/bin/python -m benchmarks.fit_search_style 100`` plays 100 duplicate deals (200
games) of the expert against ``ismcts`` from seed 7,400,000, keeps every ``ismcts`` play with a
choice of two ranks or more, and fits the weights of :func:`search_style.features` by maximum
likelihood (each rank's chance ``exp(value)`` over the sum; gradient ascent from zero). It
prints the weights, the log-likelihood a choice beside any rank alike and the points alone,
and how often the heuristic and the fitted chances' likeliest rank pick ``ismcts``'s.
docs/bots.md, *A player who searches* and *Session 19*.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from pegboard.arena import play_one
from pegboard.bots.base import View
from pegboard.bots.cribbage.ismcts import IsmctsBot
from pegboard.bots.registry import register_bot
from pegboard.bots.search import search_style
from pegboard.bots.search.pegging import heuristic_policy
from pegboard.bots.search.play_search import PlaySearch
from pegboard.cards import RANK_OF, VALUE_OF, parse_card
from pegboard.core.rules import Action
from pegboard.games.cribbage.views import cribbage_view

Matrix = npt.NDArray[np.float64]
SEED = 7_400_000
STEPS = 800


class Choice:
    """One play: the features of each rank's card, which was played, the heuristic's pick."""

    def __init__(self, hand: Sequence[int], count: int, cards: Sequence[int], card: int) -> None:
        playable = [c for c in hand if VALUE_OF[c] <= 31 - count]
        self.ranks = search_style.one_per_rank(playable)
        self.features: Matrix = np.array(
            [search_style.features(c, count, cards) for c in self.ranks]
        )
        ranks = [RANK_OF[c] for c in self.ranks]
        self.played = ranks.index(RANK_OF[card])
        self.heuristic = ranks.index(RANK_OF[heuristic_policy(0, playable, count, cards)])


CHOICES: list[Choice] = []


class RecordingIsmcts(IsmctsBot):
    """``ismcts``, keeping each of its plays with a choice of ranks."""

    def act(self, seen: View) -> Action:
        action = super().act(seen)
        if action.get("type") == "play":
            search = PlaySearch(cribbage_view(seen), model=False)
            start = search.start
            choice = Choice(
                start.hands[search.me],
                start.count,
                start.count_cards,
                int(parse_card(str(action["card"]))),
            )
            if len(choice.ranks) >= 2:
                CHOICES.append(choice)
        return action


def log_likelihood(weights: Matrix, choices: Sequence[Choice]) -> tuple[float, Matrix]:
    """The mean log-chance of the plays under ``weights``, and its gradient."""
    total = 0.0
    gradient = np.zeros_like(weights)
    for choice in choices:
        values = choice.features @ weights
        odds = np.exp(values - values.max())
        chances = odds / odds.sum()
        total += math.log(chances[choice.played])
        gradient += choice.features[choice.played] - chances @ choice.features
    return total / len(choices), gradient / len(choices)


def fit(choices: Sequence[Choice], steps: int = STEPS) -> tuple[Matrix, float]:
    weights: Matrix = np.zeros(len(search_style.WEIGHTS))
    value = 0.0
    for _ in range(steps):
        value, gradient = log_likelihood(weights, choices)
        weights += gradient
    return weights, value


def main(argv: Sequence[str]) -> None:
    deals = int(argv[0]) if argv else 100
    register_bot("ismcts-recording", RecordingIsmcts)
    for seed in range(SEED, SEED + deals):
        for lineup in (("expert", "ismcts-recording"), ("ismcts-recording", "expert")):
            play_one("cribbage", 2, lineup, seed, {})
    weights, value = fit(CHOICES)
    uniform = sum(-math.log(len(c.ranks)) for c in CHOICES) / len(CHOICES)
    points_fit, points_value = fit_points(CHOICES)
    likeliest = sum(int(np.argmax(c.features @ weights)) == c.played for c in CHOICES)
    heuristic = sum(c.heuristic == c.played for c in CHOICES)
    print(f"{len(CHOICES)} choices of ismcts between two ranks or more, {deals} deals")
    print("WEIGHTS =", tuple(round(float(w), 2) for w in weights))
    print(f"log-likelihood a choice: fitted {value:.3f}, points alone {points_value:.3f}")
    print(f"  (weight {points_fit:.2f}), any rank alike {uniform:.3f}")
    print(f"picks ismcts's rank: fitted likeliest {likeliest / len(CHOICES):.1%},")
    print(f"  heuristic {heuristic / len(CHOICES):.1%}")


def fit_points(choices: Sequence[Choice]) -> tuple[float, float]:
    """The best weight on the points alone, and its log-likelihood a choice."""
    only = [_points_only(c) for c in choices]
    weights, value = fit(only)
    return float(weights[0]), value


def _points_only(choice: Choice) -> Choice:
    copy = Choice.__new__(Choice)
    copy.ranks, copy.played, copy.heuristic = choice.ranks, choice.played, choice.heuristic
    copy.features = np.zeros_like(choice.features)
    copy.features[:, 0] = choice.features[:, 0]
    return copy


if __name__ == "__main__":
    main(sys.argv[1:])
