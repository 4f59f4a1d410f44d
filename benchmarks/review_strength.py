"""The review tells the expert from a random player: games of expert against random in every
game, each reviewed; the mean cost per decision and the mean accuracy of each.

Run: ``.venv/bin/python -m benchmarks.review_strength [GAMES] [GAME...]`` (default 100 games
of each: Cribbage 2 players, Cribist 4 players, Cribbage is not Enough 2 players). Game ``i``
uses seed ``i``; the expert sits first in even games and second in odd ones (Cribist: the
experts in seats 0 and 2, or 1 and 3). Prints one JSON line per game kind.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from pegboard.bots import make
from pegboard.core import Game, get_spec
from pegboard.review import review_record

KINDS = {"cribbage": 2, "cribist": 4, "not-enough": 2}


def lineup(players: int, seed: int) -> list[str]:
    first = seed % 2 == 0
    return ["expert" if (s % 2 == 0) == first else "random" for s in range(players)]


def play(game_name: str, players: int, seed: int) -> dict[str, object]:
    game = Game(get_spec(game_name), players, seed, {})
    names = lineup(players, seed)
    bots = [make(name, seed=seed * 16 + s) for s, name in enumerate(names)]
    for s, name in enumerate(names):
        game.set_seat(s, name=name, kind=f"bot:{name}")
    while game.outcome is None:
        seat = game.to_act[0]
        game.apply(seat, bots[seat].act(game.view(seat)))
    return game.record()


def measure(game_name: str, games: int) -> dict[str, object]:
    players = KINDS[game_name]
    cost: dict[str, list[float]] = {"expert": [], "random": []}
    accuracy: dict[str, list[float]] = {"expert": [], "random": []}
    review_seconds: list[float] = []
    for seed in range(games):
        record = play(game_name, players, seed)
        start = time.process_time()
        review = review_record(record)
        review_seconds.append(time.process_time() - start)
        names = lineup(players, seed)
        for summary in review.seats:
            name = names[summary.seat]
            accuracy[name].append(summary.accuracy)
        for decision in review.decisions:
            cost[names[decision.seat]].append(decision.cost_points)
    return {
        "game": game_name,
        "players": players,
        "games": games,
        "mean_cost_points": {k: round(statistics.fmean(v), 4) for k, v in cost.items()},
        "decisions": {k: len(v) for k, v in cost.items()},
        "mean_accuracy": {k: round(statistics.fmean(v), 2) for k, v in accuracy.items()},
        "games_expert_more_accurate": sum(
            1
            for i in range(len(accuracy["expert"]))
            if accuracy["expert"][i] > accuracy["random"][i]
        ),
        "review_seconds_median": round(statistics.median(review_seconds), 3),
    }


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    kinds = sys.argv[2:] or list(KINDS)
    for game_name in kinds:
        print(json.dumps(measure(game_name, games)), flush=True)


if __name__ == "__main__":
    main()
