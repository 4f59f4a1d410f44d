"""Standings in the ACC's order, every tie-break shown: game points, games won, spread, plus
points, then head-to-head among the tied; a bye and a forfeit scored as stated."""

from __future__ import annotations

import pytest

from pegboard.core.matchplay import GameResult, MatchFormat, MatchScore, game_result
from pegboard.core.outcome import Outcome
from pegboard.core.spec import get_spec
from pegboard.tournament import Round, Table, standings

ONE = MatchFormat()
BEST_OF_3 = MatchFormat(3, best_of=True)
TWO_ALONE = ((0,), (1,))


def game(a: int, b: int, target: int | None = None) -> GameResult:
    """A game of Cribbage to 121 from the first player's side, as a table's match scores it: 2
    to the winner, 3 if the loser is at 90 or less (the ACC's skunk); with ``target``, a score
    counted at most to it."""
    ranks = (1, 2) if a > b else (2, 1)
    skunked = tuple(seat for seat, score in enumerate((a, b)) if score <= 90)
    outcome = Outcome((a, b), ranks, "target", skunked)
    return game_result(outcome, TWO_ALONE, get_spec("cribbage").worth, target)


def match(*games: GameResult, format: MatchFormat = ONE, forfeit: int | None = None) -> MatchScore:
    return MatchScore(format, TWO_ALONE, games, forfeit)


def one_round(
    number: int,
    *tables: tuple[str, str, int, int],
    byes: tuple[str, ...] = (),
    target: int | None = None,
) -> Round:
    return Round(
        number,
        "qualifying",
        tuple(Table((a, b), match(game(x, y, target))) for a, b, x, y in tables),
        byes,
    )


def rows(players: str, rounds: list[Round], length: MatchFormat = ONE) -> list[tuple[object, ...]]:
    """Each player's place, game points, games won, spread and head-to-head, best first."""
    return [
        (s.place, s.player, s.game_points, s.games_won, s.spread, s.head_to_head)
        for s in standings(list(players), rounds, length)
    ]


def plus_rows(players: str, rounds: list[Round]) -> list[tuple[object, ...]]:
    """Each player's place, spread, plus points, head-to-head and shared place, best first."""
    return [
        (s.place, s.player, s.spread, s.plus_points, s.head_to_head, s.shared)
        for s in standings(list(players), rounds, ONE)
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


# Two rounds of single games without a skunk: the players compared are level on game points
# and games won, so net spread orders them, then plus points (the winning spreads added up),
# then head-to-head. Rows: place, player, spread, plus points, head-to-head, shared.
PLUS_POINTS_CASES = {
    "plus points alone part two level on spread": (
        [
            one_round(1, ("A", "C", 121, 91), ("B", "D", 121, 111)),
            one_round(2, ("A", "D", 91, 121), ("B", "C", 111, 121)),
        ],
        [
            (1, "D", 20, 30, None, False),
            (2, "A", 0, 30, None, False),
            (3, "B", 0, 10, None, False),
            (4, "C", -20, 10, None, False),
        ],
    ),
    "plus points come before head-to-head": (
        # A beat B, but B's win was the wider: B is ahead.
        [
            one_round(1, ("A", "B", 121, 111), ("C", "D", 121, 101)),
            one_round(2, ("A", "C", 116, 121), ("B", "D", 121, 106)),
        ],
        [
            (1, "C", 25, 25, None, False),
            (2, "B", 5, 15, None, False),
            (3, "A", 5, 10, None, False),
            (4, "D", -35, 0, None, False),
        ],
    ),
    "head-to-head decides when plus points are level too": (
        # A and B: spread 0, plus points 10 each; B beat A when they met.
        [
            one_round(1, ("A", "B", 111, 121), ("C", "D", 121, 101)),
            one_round(2, ("A", "D", 121, 111), ("B", "C", 111, 121)),
        ],
        [
            (1, "C", 30, 30, None, False),
            (2, "B", 0, 10, 2, False),
            (3, "A", 0, 10, 0, False),
            (4, "D", -30, 0, None, False),
        ],
    ),
    "level on every tie-break they share the place": (
        # Everyone won once and lost once by 20: the head-to-head of the four is 2 each.
        [
            one_round(1, ("A", "B", 121, 101), ("C", "D", 121, 101)),
            one_round(2, ("A", "D", 101, 121), ("B", "C", 121, 101)),
        ],
        [
            (1, "A", 0, 20, 2, True),
            (1, "B", 0, 20, 2, True),
            (1, "C", 0, 20, 2, True),
            (1, "D", 0, 20, 2, True),
        ],
    ),
    "plus points count a score at most to the target": (
        # A's win, 129-100 at 121, is +21 (uncounted, +29 would put A first); B's is +23.
        [
            one_round(1, ("A", "C", 129, 100), ("B", "D", 121, 98), target=121),
            one_round(2, ("A", "D", 100, 121), ("B", "C", 98, 121), target=121),
        ],
        [
            (1, "C", 2, 23, None, False),
            (2, "B", 0, 23, None, False),
            (3, "A", 0, 21, None, False),
            (4, "D", -2, 21, None, False),
        ],
    ),
}


@pytest.mark.parametrize(
    ("rounds", "expected"), PLUS_POINTS_CASES.values(), ids=PLUS_POINTS_CASES.keys()
)
def test_plus_points_break_a_tie_on_spread_before_head_to_head(
    rounds: list[Round], expected: list[tuple[object, ...]]
) -> None:
    assert plus_rows("ABCD", rounds) == expected


def test_level_on_everything_they_share_the_place_in_seed_order() -> None:
    rounds = [one_round(1, ("A", "C", 121, 111), ("B", "D", 121, 111))]
    result = standings(list("ABCD"), rounds, ONE)
    assert [(s.place, s.player, s.shared, s.head_to_head) for s in result] == [
        (1, "A", True, 0),
        (1, "B", True, 0),
        (3, "C", True, 0),
        (3, "D", True, 0),
    ]


@pytest.mark.parametrize(
    ("length", "points", "won"),
    [(ONE, 2, 1), (BEST_OF_3, 4, 2), (MatchFormat(3), 4, 2), (MatchFormat(9), 10, 5)],
)
def test_a_bye_scores_a_won_match_without_a_skunk(
    length: MatchFormat, points: int, won: int
) -> None:
    byed = Round(1, "qualifying", (), ("A",))
    (row,) = standings(["A"], [byed], length)
    assert (row.game_points, row.games_won, row.spread, row.byes) == (points, won, 0, 1)


def test_a_forfeit_gives_the_other_the_games_it_still_needed() -> None:
    # Best of 3: A won the first game (a skunk), then B left: A is given one more win.
    left = match(game(121, 90), format=BEST_OF_3, forfeit=1)
    played = Round(1, "qualifying", (Table(("A", "B"), left),))
    a, b = standings(["A", "B"], [played], BEST_OF_3)
    assert (a.player, a.game_points, a.games_won, a.spread) == ("A", 3 + 2, 2, 31)
    assert (b.player, b.game_points, b.forfeits, b.spread) == ("B", 0, 1, -31)


def test_a_match_counts_every_game() -> None:
    # Best of 3 won 2-1: each game's points and spread count.
    result = match(game(121, 100), game(95, 121), game(121, 60), format=BEST_OF_3)
    played = Round(1, "qualifying", (Table(("A", "B"), result),))
    a, b = standings(["A", "B"], [played], BEST_OF_3)
    assert (a.game_points, a.games_won, a.games_lost, a.spread) == (2 + 0 + 3, 2, 1, 21 - 26 + 61)
    assert (b.game_points, b.games_won, b.games_lost, b.spread) == (2, 1, 2, -(21 - 26 + 61))


def test_a_table_still_playing_counts_nothing_yet() -> None:
    playing = Round(1, "qualifying", (Table(("A", "B")),))
    assert [s.game_points for s in standings(["A", "B"], [playing], ONE)] == [0, 0]


def test_partners_each_take_their_sides_result() -> None:
    # Cribbage teams at one table: places 0 + 2 (A, C) against 1 + 3 (B, D); A and C win 121-85.
    outcome = Outcome((121, 85, 121, 85), (1, 2, 1, 2), "target", (1, 3))
    sides = ((0, 2), (1, 3))
    won = game_result(outcome, sides, get_spec("cribbage").worth)
    table = Table(("A", "B", "C", "D"), MatchScore(ONE, sides, (won,)))
    result = standings(list("ABCD"), [Round(1, "qualifying", (table,))], ONE)
    assert [(s.player, s.game_points, s.games_won, s.games_lost, s.spread) for s in result] == [
        ("A", 3, 1, 0, 36),
        ("C", 3, 1, 0, 36),
        ("B", 0, 0, 1, -36),
        ("D", 0, 0, 1, -36),
    ]
    assert result[0].opponents == ["B", "D"]


def test_three_alone_each_scores_its_own_place() -> None:
    # Cribbage for three: the winner's credit, the others nothing; spreads against the winner.
    outcome = Outcome((121, 100, 80), (1, 2, 3), "target", (2,))
    sides = ((0,), (1,), (2,))
    won = game_result(outcome, sides, get_spec("cribbage").worth)
    table = Table(("A", "B", "C"), MatchScore(ONE, sides, (won,)))
    result = standings(list("ABC"), [Round(1, "qualifying", (table,))], ONE)
    assert [(s.player, s.game_points, s.games_won, s.games_lost, s.spread) for s in result] == [
        ("A", 2, 1, 0, 21),
        ("B", 0, 0, 1, -21),
        ("C", 0, 0, 1, -41),
    ]
