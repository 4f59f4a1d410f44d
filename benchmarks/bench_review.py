"""Game review: CPU seconds to review a 2-player Cribbage game to 121, and its decisions.

Run: ``.venv/bin/python -m benchmarks.bench_review [GAMES]`` (default 10 games). The games are
played first (expert v expert, game ``i`` with seed ``i``), untimed; then each is reviewed
``RUNS`` times and the median taken, in process CPU time (one process, one core). Beside it,
the peer in the same run: the expert's own thinking over the same game (both seats, the bot's
default search), the other search pegboard runs per game. Every judged decision is timed too,
for the median and the longest; the target is a whole game in at most 2 s.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from pegboard.bots import make
from pegboard.bots.base import View
from pegboard.core import Game, get_spec
from pegboard.core.wire import Record
from pegboard.games.cribbage.views import cribbage_view
from pegboard.review import register_reviewer, review_record
from pegboard.review.cribbage import CribbageReviewer
from pegboard.review.model import Judgement

RUNS = 3

DECISIONS: dict[str, list[float]] = defaultdict(list)
"""CPU seconds of each judged decision, by phase."""


class TimedReviewer(CribbageReviewer):
    def judge(self, seen: View, rng: random.Random) -> Judgement | None:
        view = cribbage_view(seen)
        start = time.process_time()
        judgement = super().judge(view, rng)
        if judgement is not None:
            DECISIONS[judgement.phase].append(time.process_time() - start)
        return judgement


def played(seed: int) -> tuple[Record, float]:
    """A game's record, and the CPU seconds the two bots thought over it."""
    game = Game(get_spec("cribbage"), 2, seed, {})
    bots = [make("expert", seed=2 * seed), make("expert", seed=2 * seed + 1)]
    thinking = 0.0
    while game.outcome is None:
        seat = game.to_act[0]
        view = cribbage_view(game.view(seat))
        start = time.process_time()
        action = bots[seat].act(view)
        thinking += time.process_time() - start
        game.apply(seat, action)
    return game.record(), thinking


def review_seconds(record: Mapping[str, Any]) -> float:
    start = time.process_time()
    review_record(record)
    return time.process_time() - start


def run(games: int) -> str:
    records = [played(seed) for seed in range(games)]
    review_record(records[0][0])  # untimed: tables and caches built once
    register_reviewer("cribbage", TimedReviewer)
    DECISIONS.clear()
    per_game = []
    for record, _ in records:
        per_game.append(statistics.median(review_seconds(record) for _ in range(RUNS)))
    thinking = [t for _, t in records]
    lines = [
        f"`.venv/bin/python -m benchmarks.bench_review {games}`: {games} games of Cribbage, "
        "2 players to 121 (expert v expert, seeds 0 on), each reviewed "
        f"{RUNS} times (median), process CPU time.",
        "",
        "| what | games | median s | longest s | runs (s) |",
        "| --- | ---: | ---: | ---: | --- |",
        f"| review of a game | {games} | {statistics.median(per_game):.3f} | "
        f"{max(per_game):.3f} | {', '.join(f'{t:.2f}' for t in per_game)} |",
        f"| peer: the expert playing both seats of it | {games} | "
        f"{statistics.median(thinking):.3f} | {max(thinking):.3f} | "
        f"{', '.join(f'{t:.2f}' for t in thinking)} |",
        "",
        "| decision | judged | median ms | longest ms |",
        "| --- | ---: | ---: | ---: |",
    ]
    for phase, values in sorted(DECISIONS.items()):
        lines.append(
            f"| {phase} | {len(values)} | {1000 * statistics.median(values):.2f} | "
            f"{1000 * max(values):.1f} |"
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(run(int(sys.argv[1]) if len(sys.argv) > 1 else 10))
