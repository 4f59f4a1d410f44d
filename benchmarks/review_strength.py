"""The review tells the expert from a random player: games of expert against random in every
game, each reviewed; the mean cost per decision and the mean accuracy of each.

Run: ``.venv/bin/python -m benchmarks.review_strength [GAMES] [GAME...]`` (default 100 games
of each: Cribbage 2 players, Cribist 4 players, Cribbage is not Enough 2 players), the kinds
taking turns game by game so a run stopped early has some of each. Game ``i`` uses seed ``i``;
the expert sits first in even games and second in odd ones (Cribist: the experts in seats 0
and 2, or 1 and 3). Prints one JSON line per game played (``--summary FILE`` instead reads
such lines back and prints the totals per kind).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

from pegboard.bots import make
from pegboard.core import Game, get_spec
from pegboard.core.wire import Record
from pegboard.review import review_record

KINDS = {"cribbage": 2, "cribist": 4, "not-enough": 2}


def lineup(players: int, seed: int) -> list[str]:
    first = seed % 2 == 0
    return ["expert" if (s % 2 == 0) == first else "random" for s in range(players)]


def play(game_name: str, players: int, seed: int) -> Record:
    game = Game(get_spec(game_name), players, seed, {})
    names = lineup(players, seed)
    bots = [make(name, seed=seed * 16 + s) for s, name in enumerate(names)]
    for s, name in enumerate(names):
        game.set_seat(s, name=name, kind=f"bot:{name}")
    while game.outcome is None:
        seat = game.to_act[0]
        game.apply(seat, bots[seat].act(game.view(seat)))
    return game.record()


def one_game(game_name: str, seed: int) -> dict[str, object]:
    """One game of expert against random, reviewed: each side's costs and accuracies."""
    players = KINDS[game_name]
    record = play(game_name, players, seed)
    start = time.process_time()
    review = review_record(record)
    seconds = time.process_time() - start
    names = lineup(players, seed)
    cost: dict[str, list[float]] = {"expert": [], "random": []}
    accuracy: dict[str, list[float]] = {"expert": [], "random": []}
    for summary in review.seats:
        accuracy[names[summary.seat]].append(summary.accuracy)
    for decision in review.decisions:
        cost[names[decision.seat]].append(decision.cost_points)
    return {
        "game": game_name,
        "seed": seed,
        "cost": {k: sum(v) for k, v in cost.items()},
        "decisions": {k: len(v) for k, v in cost.items()},
        "accuracy": {k: statistics.fmean(v) for k, v in accuracy.items()},
        "review_seconds": round(seconds, 3),
    }


def summary(lines: list[dict[str, Any]]) -> list[dict[str, object]]:
    """Per kind of game: games, mean cost per decision and mean accuracy of each side, and in
    how many games the expert was the more accurate."""
    out = []
    for game_name in KINDS:
        games = [g for g in lines if g["game"] == game_name]
        if not games:
            continue
        sides = ("expert", "random")
        out.append(
            {
                "game": game_name,
                "players": KINDS[game_name],
                "games": len(games),
                "mean_cost_points": {
                    s: round(
                        sum(g["cost"][s] for g in games) / sum(g["decisions"][s] for g in games),
                        4,
                    )
                    for s in sides
                },
                "mean_accuracy": {
                    s: round(statistics.fmean(g["accuracy"][s] for g in games), 2) for s in sides
                },
                "games_expert_more_accurate": sum(
                    1 for g in games if g["accuracy"]["expert"] > g["accuracy"]["random"]
                ),
                "review_seconds_median": statistics.median(g["review_seconds"] for g in games),
            }
        )
    return out


def main() -> None:
    if sys.argv[1:2] == ["--summary"]:
        with open(sys.argv[2], encoding="utf-8") as lines:
            for line in summary([json.loads(x) for x in lines if x.strip()]):
                print(json.dumps(line))
        return
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    kinds = sys.argv[2:] or list(KINDS)
    for seed in range(games):
        for game_name in kinds:
            print(json.dumps(one_game(game_name, seed)), flush=True)


if __name__ == "__main__":
    main()
