"""How much of the win the expert's points discard gives up, as the race model reckons it.

Run: ``.venv/bin/python -m benchmarks.discard_race_gap [POSITIONS [LOW HIGH [SEED]]]`` (300
positions, both players needing 4 to 40 points, seed 1): seeded 2-player hands, needs and
dealers; for each, the expert's discard at one game
(:func:`pegboard.bots.cribbage.discard.choose_discard`: points, with the board's correction
near the end) and the discard :mod:`pegboard.bots.cribbage.race_discard` finds best for the
chance of winning. Prints how often they differ and the mean chance of winning given up a
discard, by the race model's own reckoning (it holds the crib at its mean).
"""

from __future__ import annotations

import random
import sys
from typing import cast

from pegboard.bots.cribbage.discard import choose_discard, discard_values
from pegboard.bots.cribbage.race_discard import race_discard_values
from pegboard.bots.search.race import GAME
from pegboard.cards import Card, card_names, parse_cards
from pegboard.games.cribbage.views import CribbageBotView


def main(positions: int = 300, low: int = 4, high: int = 40, seed: int = 1) -> None:
    rng = random.Random(seed)
    differ = 0
    given_up = 0.0
    for _ in range(positions):
        hand = card_names([Card(c) for c in rng.sample(range(52), 6)])
        need_me, need_them = rng.randint(low, high), rng.randint(low, high)
        dealer = rng.randrange(2)
        partial = {"game": "cribbage", "hand": hand, "seat": 0, "dealer": dealer}
        partial |= {"active": [0, 1], "players": 2, "target": 121}
        partial |= {"scores": [121 - need_me, 121 - need_them]}
        view = cast(CribbageBotView, partial)  # only the keys the discard reads
        shipped = set(choose_discard(view))
        race = race_discard_values(
            parse_cards(hand),
            [a for _, a in discard_values(view)],
            mine=need_me,
            theirs=need_them,
            dealer=dealer == 0,
            payoff=GAME,
        )
        if set(race[0][1].discard) != shipped:
            differ += 1
            given_up += race[0][0] - next(v for v, a in race if set(a.discard) == shipped)
    print(f"needs {low} to {high}: the discards differ in {differ} of {positions} positions;")
    print(f"the points discard gives up {100 * given_up / positions:.3f} points of 100 a discard")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:5]))
