"""A scripted game with one deliberate blunder: the expert plays both seats, except that once
seat 0 throws the worst discard of a hand whose best and worst differ by at least 12% of a game
by the score-race table (their nets' difference times what a point is worth on that board).
The review flags that decision as a blunder, and it is the seat's only one."""

from __future__ import annotations

import pytest

from games import play_game
from pegboard.analysis import analyze_discards
from pegboard.bots.base import known
from pegboard.cards import card_names, parse_cards
from pegboard.core.rules import Action
from pegboard.core.wire import TableView
from pegboard.games.cribbage.views import cribbage_view
from pegboard.review import review_record
from pegboard.review.standing import race_per_point

SPREAD = 0.12
"""Win chance between the hand's best and worst discard for the blunder."""


class OneBlunder:
    """Seat 0's first discard with at least :data:`SPREAD` points between best and worst is the
    worst; nothing else is touched."""

    def __init__(self) -> None:
        self.made: int | None = None  # the hand it was made in

    def __call__(self, seat: int, seen: TableView) -> Action | None:
        view = cribbage_view(seen)
        if seat != 0 or self.made is not None or view["phase"] != "discard":
            return None
        hand = parse_cards(view["hand"])
        choices = analyze_discards(hand, dealer=view["dealer"] == 0, players=2)
        per_point = race_per_point(
            view["scores"], view["target"], known(view["dealer"], "dealer"), 0
        )
        if (choices[0].net - choices[-1].net) * per_point < SPREAD:
            return None
        self.made = int(view["hand_number"])
        return {"type": "discard", "cards": card_names(sorted(choices[-1].discard))}


def test_a_deliberate_blunder_is_flagged() -> None:
    blunder = OneBlunder()
    record = play_game("cribbage", ["expert", "expert"], 4, override=blunder)
    assert blunder.made is not None
    review = review_record(record)
    marked = [d for d in review.decisions if d.seat == 0 and d.mark == "blunder"]
    assert [(d.hand, d.phase) for d in marked] == [(blunder.made, "discard")]
    (flagged,) = marked
    assert flagged.chosen == len(flagged.options) - 1  # the worst of analyze's list
    assert flagged.cost_win is not None and flagged.cost_win >= SPREAD
    summary = review.seats[0]
    assert summary.marks["blunder"] == 1
    # The seat's accuracy is the mean of its decisions', and the blunder pulls it down (a
    # clean game of the same seed is no yardstick: the games part at the blunder).
    others = [d.accuracy for d in review.decisions if d.seat == 0 and d is not flagged]
    assert summary.accuracy == pytest.approx((sum(others) + flagged.accuracy) / (len(others) + 1))
    assert flagged.accuracy < min(others) and summary.accuracy < sum(others) / len(others)
