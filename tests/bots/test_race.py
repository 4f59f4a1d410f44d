"""The score race: the chance of winning from a score, and what searches play for."""

from __future__ import annotations

import json
import random
import sys
from functools import cache
from importlib import resources

import pytest

from pegboard.bots.search.objective import counted_out, finished_rank, rank_value
from pegboard.bots.search.race import DATA_FILE, dealer_table, win_chance
from pegboard.match.race_build import dumps, tally

DATA = json.loads(resources.files("pegboard").joinpath(DATA_FILE).read_text("utf-8"))


def test_the_data_file_counts_the_same_deals_three_ways() -> None:
    deals = sum(map(sum, DATA["pegging"]))
    assert deals == sum(DATA["pone"]) == sum(DATA["dealer"]) > 10_000
    assert DATA["pegging"][0][0] == 0, "every deal pegs at least the last card"
    assert resources.files("pegboard").joinpath(DATA_FILE).read_text("utf-8") == dumps(DATA)


def test_the_tally_is_the_same_for_a_seed() -> None:
    first, again = tally(3, seed=11), tally(3, seed=11)
    assert first == again
    assert 5 < sum(first["pone"]) < 40  # three games, a handful of complete deals each


@pytest.mark.parametrize(("mine", "theirs"), [(121, 121), (60, 80), (5, 30), (31, 17), (2, 2)])
def test_one_of_the_two_wins(mine: int, theirs: int) -> None:
    """Seen from either side the chances add up to 1."""
    assert win_chance(mine, theirs, deal_next=True) + win_chance(
        theirs, mine, deal_next=False
    ) == pytest.approx(1.0)


@pytest.mark.parametrize("dealer_rule", ["rotate", "random"])
def test_the_table_is_the_race_counted_deal_by_deal(dealer_rule: str) -> None:
    """The vectorised table against the race written out as it is played, one recursion per
    step of a deal (the pegging, the pone's show, the dealer's count), near the end. After
    the dealer's count the next deal goes to the other player (``rotate``), or to a dealer
    drawn again (``random``): either player with chance 1/2."""
    pegging: list[tuple[int, int, float]] = [
        (d, p, n / sum(map(sum, DATA["pegging"])))
        for d, row in enumerate(DATA["pegging"])
        for p, n in enumerate(row)
        if n
    ]
    pone: list[tuple[int, float]] = [
        (h, n / sum(DATA["pone"])) for h, n in enumerate(DATA["pone"]) if n
    ]
    dealer: list[tuple[int, float]] = [
        (c, n / sum(DATA["dealer"])) for c, n in enumerate(DATA["dealer"]) if n
    ]

    @cache
    def before_the_deal(a: int, b: int) -> float:  # the dealer needs a, the pone b
        return sum(w * after_the_pegging(a - d, b - p) for d, p, w in pegging)

    @cache
    def after_the_pegging(a: int, b: int) -> float:
        if a <= 0:
            return 0.5 if b <= 0 else 1.0  # both out in the pegging: a coin toss
        if b <= 0:
            return 0.0
        return sum(w * (0.0 if b - h <= 0 else after_the_pones_show(a, b - h)) for h, w in pone)

    def next_deal(a: int, b: int) -> float:  # the last dealer needs a, the other b
        swapped = 1 - before_the_deal(b, a)
        if dealer_rule == "rotate":
            return swapped
        return 0.5 * before_the_deal(a, b) + 0.5 * swapped

    @cache
    def after_the_pones_show(a: int, b: int) -> float:
        return sum(w * (1.0 if a - c <= 0 else next_deal(a - c, b)) for c, w in dealer)

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    table = dealer_table(dealer_rule)
    for a in range(1, 41):
        for b in range(1, 41):
            assert table[a, b] == pytest.approx(before_the_deal(a, b), abs=1e-12), (a, b)


@pytest.mark.parametrize(("mine", "theirs"), [(121, 121), (60, 80), (5, 30), (31, 17), (2, 2)])
def test_before_a_draw_for_the_dealer_the_two_chances_add_up(mine: int, theirs: int) -> None:
    """dealer=random: with the next dealer still to be drawn, the race is the same seen from
    either side; level scores are an even race; and it is the mean of dealing and not."""
    drawn = win_chance(mine, theirs, deal_next=None, dealer_rule="random")
    assert drawn + win_chance(theirs, mine, deal_next=None, dealer_rule="random") == (
        pytest.approx(1.0)
    )
    dealing = win_chance(mine, theirs, deal_next=True, dealer_rule="random")
    not_dealing = win_chance(mine, theirs, deal_next=False, dealer_rule="random")
    assert drawn == pytest.approx((dealing + not_dealing) / 2)
    assert win_chance(mine, mine, deal_next=None, dealer_rule="random") == pytest.approx(0.5)


def test_dealing_again_is_worth_more_when_the_deal_may_come_back() -> None:
    """A dealer who may deal the next hand too (random) has a better game than one who
    surely hands the deal over (rotate); the tables differ only where the deal after matters."""
    rotate, random_ = dealer_table("rotate"), dealer_table("random")
    assert random_[121, 121] > rotate[121, 121]
    assert random_[20, 60] > rotate[20, 60]
    assert random_[3, 3] == pytest.approx(rotate[3, 3])  # the game ends in this deal
    with pytest.raises(ValueError, match="rotate"):
        dealer_table("sometimes")


def test_the_first_dealer_is_favoured_as_published() -> None:
    """Published figures give the first dealer of a game to 121 about 56%."""
    assert 0.53 < win_chance(121, 121, deal_next=True) < 0.59


def test_each_point_needed_less_is_worth_something() -> None:
    rng = random.Random(4)
    for _ in range(200):
        mine, theirs = rng.randint(2, 121), rng.randint(1, 121)
        deal = rng.random() < 0.5
        assert win_chance(mine - 1, theirs, deal_next=deal) >= win_chance(
            mine, theirs, deal_next=deal
        )
    assert win_chance(0, 5, deal_next=False) == 1.0
    assert win_chance(5, 0, deal_next=True) == 0.0


def test_near_the_end_the_pone_counts_first() -> None:
    """Both need 10: the pone (not dealing next deal... dealing, the other counts first)."""
    counts_first = win_chance(10, 10, deal_next=False)  # the other deals: I am the pone
    assert counts_first > 0.5 > win_chance(10, 10, deal_next=True)


@pytest.mark.parametrize(
    ("scores", "me", "winner", "rank"),
    [
        ([121, 90, 100], 0, 0, 1.0),
        ([121, 90, 100], 1, 0, 3.0),
        ([121, 90, 100], 2, 0, 2.0),
        ([80, 121, 80, 10], 0, 1, 2.5),
    ],
)
def test_places_once_someone_is_out(scores: list[int], me: int, winner: int, rank: float) -> None:
    assert finished_rank(scores, me, winner) == rank


def test_the_expected_place_weighs_close_rivals_most() -> None:
    """A point against a close rival moves the expected place more than one against a
    runaway leader or a straggler."""

    def gain(rival_gap: float) -> float:
        before = rank_value([60.0, 60.0 + rival_gap], 0, deals_left=3, spread=7)
        after = rank_value([61.0, 60.0 + rival_gap], 0, deals_left=3, spread=7)
        return after - before

    assert gain(0) > gain(30) > 0
    assert gain(0) > gain(-30) > 0
    assert rank_value([100.0, 20.0, 20.0], 0, deals_left=1, spread=7) > -1.001


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
