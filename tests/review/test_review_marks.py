"""Marks and accuracy on one scale, the share of a game a choice gave away (docs/review.md)."""

from __future__ import annotations

import pytest

from pegboard.review.marks import accuracy_of, loss_percent, mark_of, point_percent


@pytest.mark.parametrize(
    ("loss", "mark"),
    [
        (0.0, ""),
        (1.99, ""),
        (2.0, "inaccuracy"),
        (4.99, "inaccuracy"),
        (5.0, "mistake"),
        (9.99, "mistake"),
        (10.0, "blunder"),
        (60.0, "blunder"),
    ],
)
def test_marks_by_loss_in_percent_of_a_game(loss: float, mark: str) -> None:
    assert mark_of(loss) == mark


@pytest.mark.parametrize(
    ("loss", "accuracy"),
    [(0.0, 100.0), (1.0, 95.6), (5.0, 79.8), (10.0, 63.6), (20.0, 40.0), (100.0, 0.0)],
)
def test_accuracy_is_lichess_curve(loss: float, accuracy: float) -> None:
    assert accuracy_of(loss) == pytest.approx(accuracy, abs=0.1)


def test_one_scale_for_every_unit() -> None:
    assert loss_percent(0.07, "win", 2) == pytest.approx(7.0)
    # Two sides: a place lost is the game lost; four: a third of the range.
    assert loss_percent(0.3, "place", 2) == pytest.approx(30.0)
    assert loss_percent(0.3, "place", 4) == pytest.approx(10.0)
    # A point at the start of a 2-player game: about one percent (the race table's slope).
    assert 0.8 < point_percent() < 1.2
    assert loss_percent(3.0, "points", 2) == pytest.approx(3 * point_percent())
