"""Playing for the match: the score race valued by how a game ends (a skunk, a double skunk),
from one player's side, and what a match makes a game's end worth."""

from __future__ import annotations

import json
import sys
from functools import cache
from importlib import resources

import pytest

from pegboard.bots.search.match_objective import (
    best_of_payoff,
    game_chances,
    games_payoff,
    match_payoff,
    payoff_of_view,
    points_payoff,
)
from pegboard.bots.search.race import DATA_FILE, GAME, Payoff, race_tables, win_chance
from pegboard.core.matchplay import Credit, GameWorth, MatchFormat, MatchScore
from pegboard.core.outcome import Outcome
from pegboard.core.spec import get_spec

DATA = json.loads(resources.files("pegboard").joinpath(DATA_FILE).read_text("utf-8"))
ACC = get_spec("cribbage").worth
SKUNK_TWO = get_spec("not-enough").worth  # a skunk counts as two won games
LOPSIDED = Payoff(win=0.9, skunk=1.0, double_skunk=1.2, loss=0.3, skunked=0.1, double_skunked=0.0)
"""Not zero-sum: what a player two games up in a match might play for."""


@pytest.mark.parametrize("dealer_rule", ["rotate", "random"])
def test_the_tables_are_the_race_counted_deal_by_deal_from_one_side(dealer_rule: str) -> None:
    """The vectorised tables against the race written out step by step from one player's
    side, with a payoff that is not zero-sum and needs where skunks happen; the deal passing
    on, or drawn for every deal (either player deals the next with chance 1/2)."""
    peg_total = sum(map(sum, DATA["pegging"]))
    pegging: list[tuple[int, int, float]] = [
        (d, p, n / peg_total)
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
    u = LOPSIDED

    @cache
    def deal(a: int, b: int, mine: bool) -> float:  # the dealer needs a, the pone b
        return sum(w * pegged(a - d, b - p, mine) for d, p, w in pegging)

    def dealer_wins(pone_need: int, mine: bool) -> float:
        return u.winning(pone_need) if mine else u.losing(pone_need)

    def pone_wins(dealer_need: int, mine: bool) -> float:
        return u.losing(dealer_need) if mine else u.winning(dealer_need)

    @cache
    def pegged(a: int, b: int, mine: bool) -> float:
        if a <= 0 and b <= 0:
            return (u.win + u.loss) / 2
        if a <= 0:
            return dealer_wins(b, mine)
        if b <= 0:
            return pone_wins(a, mine)
        return sum(
            w * (pone_wins(a, mine) if b - h <= 0 else shown(a, b - h, mine)) for h, w in pone
        )

    def next_deal(a: int, b: int, mine: bool) -> float:  # the dealer counted: needs a
        passed = deal(b, a, not mine)
        return passed if dealer_rule == "rotate" else 0.5 * passed + 0.5 * deal(a, b, mine)

    @cache
    def shown(a: int, b: int, mine: bool) -> float:
        return sum(
            w * (dealer_wins(b, mine) if a - c <= 0 else next_deal(a - c, b, mine))
            for c, w in dealer
        )

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    dealing, other = race_tables(u, dealer_rule)
    for a in range(1, 46, 2):
        for b in range(1, 46, 2):
            assert dealing[a, b] == pytest.approx(deal(a, b, True), abs=1e-12), (a, b)
            assert other[a, b] == pytest.approx(deal(a, b, False), abs=1e-12), (a, b)


def test_for_the_game_the_two_sides_are_one_race() -> None:
    dealing, other = race_tables(GAME)
    assert other[1:, 1:] == pytest.approx(1.0 - dealing[1:, 1:], abs=1e-12)


def test_game_points_make_the_skunk_line_worth_a_point_of_the_game() -> None:
    """Far behind, the other about to go out: to the game, 30 points more are worth almost
    nothing (the game is lost either way); to game points they are worth most of the point
    a skunk costs (1 in 6 of the scale from skunked, -3, to skunking, +3)."""
    points = points_payoff(ACC)

    def gain(payoff: Payoff) -> float:  # needing 20 rather than 50, the other needing 3
        return win_chance(20, 3, deal_next=False, payoff=payoff) - win_chance(
            50, 3, deal_next=False, payoff=payoff
        )

    assert gain(GAME) < 0.01
    assert 0.1 < gain(points) < 0.2


@pytest.mark.parametrize(
    ("worth", "win", "skunk", "loss", "skunked"),
    [
        (ACC, 5 / 6, 1.0, 1 / 6, 0.0),  # +2, +3, -2, -3 scaled to 0..1
        (SKUNK_TWO, 3 / 4, 1.0, 1 / 4, 0.0),  # +2, +4, -2, -4
    ],
)
def test_game_points_payoffs(
    worth: GameWorth, win: float, skunk: float, loss: float, skunked: float
) -> None:
    p = points_payoff(worth)
    assert (p.win, p.skunk, p.loss, p.skunked) == pytest.approx((win, skunk, loss, skunked))
    assert p.double_skunk == p.skunk and p.double_skunked == p.skunked


def test_games_won_payoffs() -> None:
    assert games_payoff(ACC) == Payoff(1.0, 1.0, 1.0, 0.0, 0.0, 0.0)  # the game itself
    assert games_payoff(SKUNK_TWO) == Payoff(0.75, 1.0, 1.0, 0.25, 0.0, 0.0)


def test_a_new_games_ends_add_up_and_favour_the_first_dealer() -> None:
    won, lost = game_chances(True)
    assert sum(won) + sum(lost) == pytest.approx(1.0)
    assert 0.53 < sum(won) < 0.59
    assert game_chances(False) == (lost, won)


def test_best_of_three() -> None:
    # one game each: the next game is the match, however it is won
    assert best_of_payoff(1, 1, ACC) == Payoff(1.0, 1.0, 1.0, 0.0, 0.0, 0.0)
    # from the start, with a skunk worth one game, only winning matters
    first = best_of_payoff(2, 2, ACC)
    assert first.win == first.skunk and first.loss == first.skunked
    assert 0.5 < first.win < 1.0 and first.win + first.loss == pytest.approx(1.0)
    # with a skunk worth two, a skunk wins the match at once, being skunked loses it
    two = best_of_payoff(2, 2, SKUNK_TWO)
    assert (two.skunk, two.skunked) == (1.0, 0.0)
    assert 0.5 < two.win < 1.0


def two_player_score(text: str, scoring: str, *wins: int) -> MatchScore:
    score = MatchScore.start(MatchFormat.parse(text, scoring), ((0,), (1,)))
    for w in wins:
        ranks = (1, 2) if w == 0 else (2, 1)
        scores = (121, 100) if w == 0 else (100, 121)
        score = score.add_outcome(Outcome(scores, ranks, "target"), ACC)
    return score


def test_the_match_decides_the_payoff() -> None:
    assert match_payoff(two_player_score("games-9", "points", 0), 1, ACC) == points_payoff(ACC)
    assert match_payoff(two_player_score("games-9", "games"), 0, ACC) == games_payoff(ACC)
    two_up = match_payoff(two_player_score("best-of-5", "points", 0, 0), 0, ACC)
    assert two_up == best_of_payoff(1, 3, ACC)
    assert two_up.win == 1.0 and 0.5 < two_up.loss < 1.0
    assert match_payoff(two_player_score("best-of-3", "points", 0, 0), 0, ACC) == GAME


def test_a_view_without_a_match_plays_the_game() -> None:
    assert payoff_of_view({"game": "cribbage"}) == GAME
    score = two_player_score("games-9", "points", 1)
    view = {"game": "cribbage", "match": {"score": score.to_json(), "side": 0}}
    assert payoff_of_view(view) == points_payoff(ACC)


def test_a_worth_with_no_skunk_credit_plays_the_game() -> None:
    plain = GameWorth(Credit(2, 1), Credit(2, 1), Credit(2, 1))
    assert points_payoff(plain) == Payoff(1.0, 1.0, 1.0, 0.0, 0.0, 0.0)
