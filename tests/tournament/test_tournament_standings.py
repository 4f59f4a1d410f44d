"""Standings in the ACC's order, every tie-break shown: game points, games won, spread, then
head-to-head among the tied; a bye and a forfeit scored as stated."""

from __future__ import annotations

import pytest

from pegboard.tournament import MatchLength, MatchResult, PlayedGame, Round, Table, standings

ONE = MatchLength(1)


def game(a: int, b: int) -> PlayedGame:
    """A game to 121 from the first player's side: 2 to the winner, 3 if the loser is at 90
    or less (the ACC's skunk)."""
    winner = 0 if a > b else 1
    loser_score = min(a, b)
    points = 3 if loser_score <= 90 else 2
    return PlayedGame((a, b), (points, 0) if winner == 0 else (0, points), winner)


def one_round(number: int, *tables: tuple[str, str, int, int], byes: tuple[str, ...] = ()) -> Round:
    return Round(
        number,
        "qualifying",
        tuple(Table((a, b), MatchResult((game(x, y),))) for a, b, x, y in tables),
        byes,
    )


def rows(players: str, rounds: list[Round], length: MatchLength = ONE) -> list[tuple[object, ...]]:
    return [
        (s.place, s.player, s.game_points, s.games_won, s.spread, s.head_to_head)
        for s in standings(list(players), rounds, length)
    ]


def test_game_points_first_a_skunk_worth_three() -> None:
    # A skunks B (121-85: 3), C beats D without one (121-100: 2).
    table = rows("ABCD", [one_round(1, ("A", "B", 121, 85), ("C", "D", 121, 100))])
    assert table == [
        (1, "A", 3, 1, 36, None),
        (2, "C", 2, 1, 21, None),
        (3, "D", 0, 0, -21, None),
        (4, "B", 0, 0, -36, None),
    ]


def test_games_won_break_a_tie_on_game_points() -> None:
    # After two rounds A and C both have 4... A: skunk + loss (3), B: ... built so that two
    # players are level on game points and split by games won: X 3+0+3 = 6 in 2 wins,
    # Y 2+2+2 = 6 in 3 wins.
    rounds = [
        one_round(1, ("X", "P", 121, 80), ("Y", "Q", 121, 100)),
        one_round(2, ("X", "Q", 100, 121), ("Y", "P", 121, 110)),
        one_round(3, ("X", "R", 121, 70), ("Y", "R", 121, 119)),
    ]
    table = rows("XYPQR", rounds)
    assert table[:2] == [(1, "Y", 6, 3, 34, None), (2, "X", 6, 2, 71, None)]


def test_spread_breaks_a_tie_on_points_and_wins() -> None:
    rounds = [one_round(1, ("A", "B", 121, 110), ("C", "D", 121, 101))]
    assert rows("ABCD", rounds)[:2] == [(1, "C", 2, 1, 20, None), (2, "A", 2, 1, 11, None)]


def test_head_to_head_breaks_a_tie_left_by_spread() -> None:
    # A and B end level on 2 points, 1 win and spread 0; B beat A when they met.
    rounds = [
        one_round(1, ("A", "B", 111, 121), ("C", "D", 121, 101)),
        one_round(2, ("A", "D", 121, 111), ("B", "C", 111, 121)),
    ]
    assert rows("ABCD", rounds) == [
        (1, "C", 4, 2, 30, None),
        (2, "B", 2, 1, 0, 2),
        (3, "A", 2, 1, 0, 0),
        (4, "D", 0, 0, -30, None),
    ]


def test_level_on_everything_they_share_the_place_in_seed_order() -> None:
    rounds = [one_round(1, ("A", "C", 121, 111), ("B", "D", 121, 111))]
    result = standings(list("ABCD"), rounds, ONE)
    assert [(s.place, s.player, s.shared, s.head_to_head) for s in result] == [
        (1, "A", True, 0),
        (1, "B", True, 0),
        (3, "C", True, 0),
        (3, "D", True, 0),
    ]


@pytest.mark.parametrize(("length", "points", "won"), [(ONE, 2, 1), (MatchLength(3), 4, 2)])
def test_a_bye_scores_a_won_match_without_a_skunk(
    length: MatchLength, points: int, won: int
) -> None:
    byed = Round(1, "qualifying", (), ("A",))
    (row,) = standings(["A"], [byed], length)
    assert (row.game_points, row.games_won, row.spread, row.byes) == (points, won, 0, 1)


def test_a_forfeit_gives_the_other_the_games_it_still_needed() -> None:
    # Best of 3: A won the first game (a skunk), then B left: A is given one more win.
    left = MatchResult((game(121, 90),), forfeit=1)
    played = Round(1, "qualifying", (Table(("A", "B"), left),))
    a, b = standings(["A", "B"], [played], MatchLength(3))
    assert (a.player, a.game_points, a.games_won, a.spread) == ("A", 3 + 2, 2, 31)
    assert (b.player, b.game_points, b.forfeits, b.spread) == ("B", 0, 1, -31)


def test_a_match_counts_every_game() -> None:
    # Best of 3 won 2-1: each game's points and spread count.
    result = MatchResult((game(121, 100), game(95, 121), game(121, 60)))
    played = Round(1, "qualifying", (Table(("A", "B"), result),))
    a, b = standings(["A", "B"], [played], MatchLength(3))
    assert (a.game_points, a.games_won, a.games_lost, a.spread) == (2 + 0 + 3, 2, 1, 21 - 26 + 61)
    assert (b.game_points, b.games_won, b.games_lost, b.spread) == (2, 1, 2, -(21 - 26 + 61))


def test_a_table_still_playing_counts_nothing_yet() -> None:
    playing = Round(1, "qualifying", (Table(("A", "B")),))
    assert [s.game_points for s in standings(["A", "B"], [playing], ONE)] == [0, 0]
