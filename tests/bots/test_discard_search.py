"""The discard with several sides (``bots/search/discard_search.py``): each keep is played out
to the place it finishes, so whose crib it feeds matters as much as how close they are."""

from __future__ import annotations

import random

import pytest

from pegboard.bots.base import View
from pegboard.bots.expert_discard import choose_discard, discard_values
from pegboard.bots.search.discard_search import corrected, discard_totals
from pegboard.bots.search.objective import counted_out
from pegboard.cards import format_cards
from pegboard.core import new_game

HAND = "AH 4D 4C 5S QD"
"""Throwing the 5 keeps the most (8.51 on average) but gives the crib the most (6.64)."""


def pone_view(players: int, scores: dict[str, int], teams: bool = False) -> View:
    """Seat 0's view of a deal's discard, holding :data:`HAND` with seat 1 dealing and the
    scores set: ``me``, ``dealer`` and the others (``rest``) as given."""
    game = new_game("cribbage", players=players, seed=1, teams=teams)
    view = dict(game.view(0))
    assert view["phase"] == "discard"
    view["dealer"] = 1
    view["hand"] = HAND.split()
    view["scores"] = [scores["me"], scores["dealer"], *[scores["rest"]] * (players - 2)]
    return view


def thrown(view: View, seed: int = 0) -> str:
    return format_cards(choose_discard(view, rng=random.Random(seed)))


@pytest.mark.parametrize(
    ("case", "scores", "throw_the_five"),
    [
        ("the dealer is the one rival", {"me": 60, "dealer": 62, "rest": 10}, False),
        ("the dealer is far behind", {"me": 60, "dealer": 10, "rest": 62}, True),
    ],
)
def test_a_rivals_crib_counts_a_stragglers_does_not(
    case: str, scores: dict[str, int], throw_the_five: bool
) -> None:
    view = pone_view(4, scores)
    assert (thrown(view) == "5S") is throw_the_five, case


def test_the_analysis_alone_throws_the_five_to_anyone() -> None:
    """What the search changes: the analysis charges a third of any opponent's crib."""
    view = pone_view(4, {"me": 60, "dealer": 62, "rest": 10})
    assert format_cards(choose_discard(view)) == "5S"
    assert format_cards(discard_values(view)[0][1].discard) == "5S"


def test_in_teams_the_partners_crib_is_ours() -> None:
    """Seat 0's partner is seat 2. When seat 1, an opponent, deals, the crib counts fully
    against (two sides), and the five stays home; when the partner deals it is thrown."""
    view = pone_view(4, {"me": 60, "dealer": 62, "rest": 60}, teams=True)
    assert thrown(view) != "5S"
    view["dealer"] = 2  # the partner: the five goes to our own crib
    assert thrown(view) == "5S"


def test_three_players_fill_the_crib_from_the_deck() -> None:
    view = pone_view(3, {"me": 0, "dealer": 0, "rest": 0})
    choices = [a for _, a in discard_values(view)]
    totals = discard_totals(view, choices, 0.5, random.Random(2), worlds=50)
    assert len(totals) == len(choices) == 5
    assert all(-3.0 <= t <= -1.0 for t in totals)


def test_the_same_generator_the_same_discard_and_the_clock_stops_it() -> None:
    view = pone_view(4, {"me": 30, "dealer": 40, "rest": 35})
    choices = [a for _, a in discard_values(view)]
    first = discard_totals(view, choices, 1 / 3, random.Random(7), worlds=60)
    again = discard_totals(view, choices, 1 / 3, random.Random(7), worlds=60)
    assert first == again
    stopped = discard_totals(view, choices, 1 / 3, random.Random(7), worlds=60, deadline=0.0)
    assert len(stopped) == len(choices) and stopped != first


@pytest.mark.parametrize(
    ("after", "shows", "out", "final"),
    [
        # the pone counts first and goes out, though the dealer's hand would take them further
        ([115, 118, 100], [(0, 6), (2, 4), (1, 12)], 0, [121, 118, 100]),
        ([115, 118, 100], [(0, 5), (2, 4), (1, 12)], 1, [120, 130, 104]),
        ([10, 20, 30], [(0, 5), (1, 4), (2, 12), (2, 8)], -1, [15, 24, 50]),
    ],
)
def test_the_shows_count_in_order(
    after: list[int], shows: list[tuple[int, int]], out: int, final: list[int]
) -> None:
    assert counted_out(after, shows, 121) == out
    assert after == final


def test_the_control_variate_takes_out_the_points_luck() -> None:
    """Values that are the points' worth plus a constant per choice: the correction gives the
    constant plus the exact points' worth, whatever the worlds' luck was."""
    rng = random.Random(3)
    exact = [8.0, 6.5]
    constant = [-1.5, -1.4]
    points = [[e + rng.gauss(0, 3) for _ in range(40)] for e in exact]
    values = [[k + 0.05 * p for p in ps] for k, ps in zip(constant, points, strict=True)]
    estimate = corrected(values, points, exact)
    for e, k, x in zip(exact, constant, estimate, strict=True):
        assert x == pytest.approx(k + 0.05 * e)
