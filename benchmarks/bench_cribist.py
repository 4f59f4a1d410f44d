"""Random Cribist: games per second (auto counting) and the points random play makes.

Run: ``.venv/bin/python -m benchmarks.bench_cribist``
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from pegboard import new_game
from pegboard.core import Game


def random_game(seed: int, **options: Any) -> Game:
    game = new_game("cribist", players=4, seed=seed, **options)
    rng = random.Random(seed)
    while game.outcome is None:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        game.apply(seat, legal[rng.randrange(len(legal))])
    return game


def points_per_trick_and_hand(games: list[Game]) -> tuple[float, float, float]:
    """Mean trick points per trick, mean trick points per hand, mean trick-count points per hand."""
    per_trick: list[int] = []
    hands = 0
    tricks_points = 0
    for game in games:
        hands += sum(1 for e in game.events if e["type"] == "deal")
        for event in game.events:
            if event["type"] == "trick":
                per_trick.append(0)  # the trick's points follow its event
            elif event["type"] == "score":
                kinds = {i["kind"] for i in event["items"]}
                if kinds == {"tricks"}:
                    tricks_points += event["points"]
                else:
                    per_trick[-1] += event["points"]
    trick_total = sum(per_trick)
    return trick_total / len(per_trick), trick_total / hands, tricks_points / hands


def _row(label: str, hands: float, rates: list[float]) -> str:
    median = statistics.median(rates)
    runs = ", ".join(f"{r:,.0f}" for r in rates)
    return f"| {label} | {hands:.2f} | {median:,.0f} | {hands * median:,.0f} | {runs} |"


def run(repeats: int = 5, games: int = 200) -> str:
    options: dict[str, Any] = {"counting": "auto", "end": "deals", "deals": 10}
    random_game(0, **options)  # warm the lazily built scoring tables
    rates = []
    played: list[Game] = []
    for _ in range(repeats):
        start = time.perf_counter()
        played = [random_game(seed, **options) for seed in range(games)]
        rates.append(games / (time.perf_counter() - start))
    per_trick, per_hand, tricks_per_hand = points_per_trick_and_hand(played)
    target_rates = []
    target_games: list[Game] = []
    for _ in range(repeats):
        start = time.perf_counter()
        target_games = [random_game(seed, counting="auto") for seed in range(games)]
        target_rates.append(games / (time.perf_counter() - start))
    hands = statistics.mean(sum(e["type"] == "deal" for e in g.events) for g in target_games)
    return f"""## Cribist: random games

Four random players (`random.Random(seed)` choosing among the legal actions) through the public
API (`Game.legal_actions` / `Game.apply`), `counting=auto` so every trick is scored in full.
Median of {repeats} runs of {games} games each.

| game | hands/game | games/s (median) | hands/s | runs (games/s) |
| --- | ---: | ---: | ---: | --- |
{_row("`end=deals`, `deals=10`", 10, rates)}
{_row("`end=target`, `score_target=61`", hands, target_rates)}

What random play scores ({len(played)} games of 10 deals, {len(played) * 10 * 13:,} tricks):

| measure | mean |
| --- | ---: |
| trick points per trick (flushes, runs, fifteens, pairs, Jack of trumps) | {per_trick:.3f} |
| trick points per hand (13 tricks, all players) | {per_hand:.2f} |
| points for tricks won per hand (always 13) | {tricks_per_hand:.2f} |

Reproduce: `.venv/bin/python -m benchmarks.bench_cribist`
"""


if __name__ == "__main__":
    print(run())
