"""The expert's discard at one game and at a game-points match table, CPU time a decision.

Run: ``.venv/bin/python -m benchmarks.bench_race_discard [HANDS [SEED]]`` (200 hands, seed 0):
seeded random 2-player hands, scores and dealers; each hand's discard chosen by
:func:`pegboard.bots.cribbage.discard.choose_discard` for the game (the points discard) and
for ACC game points (:mod:`pegboard.bots.cribbage.race_discard`), each timed in process CPU
time after the tables are built. Prints the median and 95th percentile in ms, and how often
the two discards differ. docs/benchmarks.md has the numbers.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from typing import cast

from pegboard.bots.cribbage.discard import choose_discard
from pegboard.bots.search.match_objective import points_payoff
from pegboard.bots.search.race import GAME, Payoff
from pegboard.cards import Card, card_names
from pegboard.core.spec import get_spec
from pegboard.games.cribbage.views import CribbageBotView


def timed(view: CribbageBotView, payoff: Payoff) -> tuple[float, tuple[Card, ...]]:
    start = time.process_time()
    thrown = choose_discard(view, payoff=payoff)
    return (time.process_time() - start) * 1000, thrown


def main(hands: int = 200, seed: int = 0) -> None:
    rng = random.Random(seed)
    payoffs = {"game": GAME, "game points": points_payoff(get_spec("cribbage").worth)}
    warm = {"game": "cribbage", "hand": ["5H", "5S", "JD", "4C", "6C", "KS"], "seat": 0}
    warm |= {"dealer": 0, "active": [0, 1], "players": 2, "target": 121, "scores": [0, 0]}
    for payoff in payoffs.values():
        choose_discard(
            cast(CribbageBotView, warm), payoff=payoff
        )  # the race tables, built once per payoff
    times: dict[str, list[float]] = {name: [] for name in payoffs}
    differ = 0
    for _ in range(hands):
        hand = card_names([Card(c) for c in rng.sample(range(52), 6)])
        scores = [rng.randrange(0, 120), rng.randrange(0, 120)]
        view = warm | {"hand": hand, "dealer": rng.randrange(2), "scores": scores}
        thrown = []
        for name, payoff in payoffs.items():
            ms, cards = timed(cast(CribbageBotView, view), payoff)
            times[name].append(ms)
            thrown.append(set(cards))
        differ += thrown[0] != thrown[1]
    for name, spent in times.items():
        p95 = statistics.quantiles(spent, n=20)[-1]
        print(f"{name}: median {statistics.median(spent):.2f} ms, 95th % {p95:.2f} ms")
    print(f"the discards differ in {differ} of {hands} hands")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
