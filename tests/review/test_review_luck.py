"""Luck against the average: the average dealt hand's best net (the constants the deal's luck
is measured from) agrees with a fresh sample, and a seat's starter luck is what its kept hand
showed less what ``pegboard analyze`` expected of it."""

from __future__ import annotations

import random
import statistics

import pytest

from games import play_game
from pegboard.analysis import analyze_discards
from pegboard.analysis.question import hint_tosses
from pegboard.cards import DECK
from pegboard.review import review_record
from pegboard.review.cribbage import AVERAGE_BEST_NET


@pytest.mark.parametrize(("players", "role"), [(2, "dealer"), (2, "pone"), (4, "partner")])
def test_the_average_dealt_hand(players: int, role: str) -> None:
    rng = random.Random(7)
    size = 6 if players == 2 else 5
    nets = [
        analyze_discards(
            rng.sample(list(DECK), size),
            dealer=role == "dealer",
            players=players,
            partner_deals=role == "partner",
            tosses=hint_tosses(players),
        )[0].net
        for _ in range(300)
    ]
    # 300 hands: a standard error of about 0.15 points.
    assert statistics.fmean(nets) == pytest.approx(AVERAGE_BEST_NET[(players, role)], abs=0.6)


def test_luck_sums_to_what_the_cards_gave() -> None:
    record = play_game("cribbage", ["greedy", "greedy"], 2, options={"score_target": 61})
    review = review_record(record)
    for summary in review.seats:
        luck = summary.luck
        assert luck.total == pytest.approx(luck.deal + luck.starter)
        assert luck.dice == 0.0  # no dice in Cribbage
    # Both seats were dealt hands: some luck, good or bad, is measured.
    assert any(abs(s.luck.deal) > 0.5 for s in review.seats)
