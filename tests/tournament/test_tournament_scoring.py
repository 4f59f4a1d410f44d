"""A tournament's match is scored as any table's match is (core match play): each game worth
what its own game says, a best-of ending when a side has won a majority, a no-show's forfeited
games scored as plain wins without spread. Data tables: the games of one match, in each game,
and what the two entrants' standings get."""

from __future__ import annotations

import pytest

from pegboard.core.matchplay import (
    FORFEIT,
    NO_SHOW,
    MatchFormat,
    MatchScore,
    forfeited_game,
    no_show_side,
)
from pegboard.core.outcome import Outcome
from pegboard.core.spec import get_spec
from pegboard.core.wire import LoggedAction
from pegboard.errors import OptionError
from pegboard.tournament import TournamentRules, start

TWO = ((0,), (1,))


def ended(game: str, a: int, b: int) -> Outcome:
    """A two-player game from seat 0's side, the loser skunked as its game says: in Cribbage
    at 90 or less (double at 60 or less), in Cribbage is not Enough by a margin of 31 or more."""
    ranks = (1, 2) if a > b else (2, 1)
    loser, low, margin = (1 if a > b else 0), min(a, b), abs(a - b)
    skunk = low <= 90 if game == "cribbage" else margin >= 31
    double = game == "cribbage" and low <= 60
    return Outcome((a, b), ranks, "target", (loser,) if skunk else (), (loser,) if double else ())


# game, match, the games (board scores), decided -> A's game points, games won, spread;
# B's game points and games won
MATCHES = [
    ("cribbage", "1", [(121, 100)], True, (2, 1, 21), (0, 0)),
    ("cribbage", "1", [(121, 85)], True, (3, 1, 36), (0, 0)),  # a skunk: 3
    ("cribbage", "1", [(121, 50)], True, (3, 1, 71), (0, 0)),  # a double skunk: no more
    ("cribbage", "best-of-3", [(121, 100), (121, 110)], True, (4, 2, 32), (0, 0)),
    ("cribbage", "best-of-3", [(121, 100)], False, (2, 1, 21), (0, 0)),
    ("cribbage", "best-of-3", [(121, 100), (90, 121), (121, 119)], True, (4, 2, -8), (3, 1)),
    ("cribbage", "games-2", [(121, 100), (121, 80)], True, (5, 2, 62), (0, 0)),
    # The spread counts a score at most to 121 (the winner's peg stops in the game hole).
    ("cribbage", "1", [(127, 100)], True, (2, 1, 21), (0, 0)),
    ("cribbage", "best-of-3", [(125, 100), (90, 124), (129, 119)], True, (4, 2, -8), (3, 1)),
    # Cribbage is not Enough: a skunk (a margin of 31 or more) counts as two won games.
    ("not_enough", "1", [(121, 85)], True, (4, 2, 36), (0, 0)),
    ("not_enough", "best-of-3", [(121, 85)], True, (4, 2, 36), (0, 0)),
    ("not_enough", "best-of-3", [(121, 100), (121, 110)], True, (4, 2, 32), (0, 0)),
    ("not_enough", "best-of-3", [(100, 121), (121, 80)], True, (4, 2, 20), (2, 1)),
]


@pytest.mark.parametrize(("game", "match", "games", "decided", "a", "b"), MATCHES)
def test_a_tournament_match_is_the_tables_match(
    game: str,
    match: str,
    games: list[tuple[int, int]],
    decided: bool,
    a: tuple[int, int, int],
    b: tuple[int, int],
) -> None:
    spec = get_spec(game)
    format = MatchFormat.parse(match)
    score = MatchScore.start(format, TWO)
    for x, y in games:
        score = score.add_outcome(ended(game, x, y), spec.worth, target=121)
    assert score.decided == decided
    rules = TournamentRules.make("round-robin", 2, match=format)
    if not decided:  # a match still being played cannot be recorded
        with pytest.raises(OptionError, match="not over"):
            start(rules, ["A", "B"]).record(0, score)
        return
    played = start(rules, ["A", "B"]).record(0, score)
    rows = {s.player: s for s in played.standings()}
    assert (rows["A"].game_points, rows["A"].games_won, rows["A"].spread) == a
    assert (rows["B"].game_points, rows["B"].games_won) == b


# A no-show: the table makes the absent person leave the game, marked as a no-show; that game
# is the absent side's forfeit, a plain win for the other side without spread, whatever the
# board said when it ended.
NO_SHOWS: list[tuple[str, list[LoggedAction], int | None]] = [
    ("cribbage", [{"seat": 1, "action": {"type": "leave"}, "auto": NO_SHOW}], 1),
    ("cribbage", [{"seat": 0, "action": {"type": "leave"}, "auto": NO_SHOW}], 0),
    ("cribbage", [{"seat": 1, "action": {"type": "leave"}, "auto": "away"}], None),  # left
    ("cribbage", [{"seat": 1, "action": {"type": "leave"}}], None),
    ("cribbage", [], None),
]


@pytest.mark.parametrize(("game", "actions", "absent"), NO_SHOWS)
def test_a_game_a_no_show_ended_is_their_forfeit(
    game: str, actions: list[LoggedAction], absent: int | None
) -> None:
    assert no_show_side(TWO, actions) == absent
    worth = get_spec(game).worth
    score = MatchScore.start(MatchFormat(3, best_of=True), TWO)
    score = score.add_outcome(Outcome((40, 12), (1, 2), "leave", (1,), (1,)), worth, actions)
    if absent is None:
        return
    (result,) = score.results
    assert result.how == FORFEIT
    assert [t.to_json() for t in score.totals][1 - absent] == {
        "points": 2,
        "games": 1,
        "spread": 0,
        "points_for": 0,
    }


def test_a_no_show_forfeits_game_after_game_to_the_match() -> None:
    # Best of 3: two forfeited games decide it, 4 game points and 2 games to the one present.
    worth = get_spec("not_enough").worth
    score = MatchScore.start(MatchFormat(3, best_of=True), TWO)
    score = score.add(forfeited_game(2, 1, worth))
    assert not score.decided
    score = score.add(forfeited_game(2, 1, worth))
    assert score.decided and score.winner == 0
    assert (score.totals[0].points, score.totals[0].games, score.totals[0].spread) == (4, 2, 0)


@pytest.mark.parametrize("graces", [(0.0, 900.0), (300.0, -1.0), (300.0, 86400.0)])
def test_a_no_show_grace_is_some_seconds(graces: tuple[float, float]) -> None:
    with pytest.raises(OptionError, match="no-show"):
        MatchFormat(3, True, "points", graces)


def test_a_match_format_keeps_its_no_show_graces_in_json() -> None:
    format = MatchFormat(3, True, "points", (300.0, 900.0))
    assert MatchFormat.from_json(format.to_json()) == format
    assert "no_show" not in MatchFormat(3, True).to_json()
