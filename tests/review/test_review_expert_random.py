"""The review tells a good player from a bad one in every game: over whole games of the expert
against the random player, the random player's mean cost per decision is above the expert's
and the expert's accuracy above the random player's. (A larger batch, 500 games of each where
time allows: ``python -m benchmarks.review_strength``, docs/review.md.)"""

from __future__ import annotations

import statistics

import pytest

from games import play_game
from pegboard.review import review_record

GAMES = 4


@pytest.mark.parametrize(
    ("game_name", "players", "options"),
    [
        ("cribbage", 2, {}),
        ("cribbage", 3, {"score_target": 61}),
        ("cribbage", 4, {"teams": True, "score_target": 61}),
        ("cribist", 4, {"deals": 2, "end": "deals"}),
        ("not-enough", 2, {}),
        ("not-enough", 4, {"score_target": 61}),
    ],
)
def test_the_expert_costs_less_and_is_more_accurate(
    game_name: str, players: int, options: dict[str, object]
) -> None:
    cost: dict[str, list[float]] = {"expert": [], "random": []}
    accuracy: dict[str, list[float]] = {"expert": [], "random": []}
    for seed in range(GAMES):
        first = "expert" if seed % 2 == 0 else "random"
        second = "random" if first == "expert" else "expert"
        bots = [first if s % 2 == 0 else second for s in range(players)]
        review = review_record(play_game(game_name, bots, seed, options=options))
        for decision in review.decisions:
            cost[bots[decision.seat]].append(decision.cost_points)
        for summary in review.seats:
            accuracy[bots[summary.seat]].append(summary.accuracy)
    assert min(len(c) for c in cost.values()) >= 10 * GAMES
    assert statistics.fmean(cost["random"]) > statistics.fmean(cost["expert"])
    assert statistics.fmean(accuracy["expert"]) > statistics.fmean(accuracy["random"])
