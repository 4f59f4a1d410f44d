"""Match play (docs/rules.md, "Matches"): what a game earns by how it was won, in each game's
own worth; when a match is decided; its ranks by the ACC's tie-breaks; who deals first next."""

from __future__ import annotations

import pytest

from pegboard.core.chance import ScriptedChance, SeededChance
from pegboard.core.game import Game
from pegboard.core.matchplay import (
    Credit,
    GameResult,
    GameWorth,
    MatchFormat,
    MatchScore,
    game_result,
)
from pegboard.core.outcome import Outcome
from pegboard.core.spec import get_spec
from pegboard.errors import OptionError

TWO = ((0,), (1,))


def two_player(winner: int, loser_score: int, *, target: int = 121) -> Outcome:
    """A 2-player game to 121 as Cribbage reports it: skunked below 91, double below 61."""
    scores = [0, 0]
    scores[winner], scores[1 - winner] = target, loser_score
    ranks = (1, 2) if winner == 0 else (2, 1)
    loser = (1 - winner,)
    double = loser if loser_score < target - 60 else ()
    skunked = loser if not double and loser_score < target - 30 else ()
    return Outcome(tuple(scores), ranks, "target", skunked, double)


@pytest.mark.parametrize(
    ("game", "loser_score", "points", "games", "how"),
    [
        ("cribbage", 91, 2, 1, "win"),
        ("cribbage", 90, 3, 1, "skunk"),
        ("cribbage", 61, 3, 1, "skunk"),
        ("cribbage", 60, 3, 1, "double skunk"),  # the ACC gives a double skunk nothing more
        ("cribbage", 0, 3, 1, "double skunk"),
        ("not-enough", 91, 2, 1, "win"),
        ("not-enough", 90, 4, 2, "skunk"),  # seed 001: a skunk counts as two won games
    ],
)
def test_a_won_game_earns_its_games_worth(
    game: str, loser_score: int, points: int, games: int, how: str
) -> None:
    outcome = two_player(0, loser_score)
    if game == "not-enough":  # the game reports every margin of 31+ as a skunk
        outcome = Outcome(
            outcome.scores, outcome.ranks, "target", (1,) if loser_score <= 90 else ()
        )
    result = game_result(outcome, TWO, get_spec(game).worth)
    assert result.how == how
    assert result.credits == (Credit(points, games), Credit(0, 0))
    assert (result.spread(0), result.spread(1)) == (121 - loser_score, loser_score - 121)


def test_partners_share_one_side_and_one_credit() -> None:
    outcome = Outcome((121, 80, 121, 80), (1, 2, 1, 2), "target", (1, 3))
    result = game_result(outcome, ((0, 2), (1, 3)), GameWorth())
    assert result.scores == (121, 80)
    assert result.credits == (Credit(3, 1), Credit(0, 0))


def test_three_players_a_skunk_only_when_every_loser_is_skunked() -> None:
    one_close = Outcome((121, 95, 70), (1, 2, 3), "target", (2,))
    all_far = Outcome((121, 85, 70), (1, 2, 3), "target", (1, 2))
    sides = ((0,), (1,), (2,))
    assert game_result(one_close, sides, GameWorth()).how == "win"
    assert game_result(all_far, sides, GameWorth()).how == "skunk"
    # the spread: the winner's lead over the best loser, each loser's deficit to the winner
    result = game_result(one_close, sides, GameWorth())
    assert [result.spread(i) for i in range(3)] == [26, -26, -51]


@pytest.mark.parametrize(
    ("text", "games", "best_of", "to_win", "title"),
    [
        ("1", 1, False, 1, "one game"),
        ("best-of-3", 3, True, 2, "best of 3"),
        ("best-of-5", 5, True, 3, "best of 5"),
        ("best-of-7", 7, True, 4, "best of 7"),
        ("games-9", 9, False, 9, "9 games"),
        (" Games-2 ", 2, False, 2, "2 games"),
    ],
)
def test_match_formats_read(text: str, games: int, best_of: bool, to_win: int, title: str) -> None:
    found = MatchFormat.parse(text)
    assert (found.games, found.best_of, found.to_win, found.title) == (
        games,
        best_of,
        to_win,
        title,
    )
    assert MatchFormat.parse(found.name) == found


@pytest.mark.parametrize(
    "text", ["best-of-4", "best-of-1", "games-0", "games-22", "best-of-23", "three", "bo3", ""]
)
def test_a_bad_match_format_is_refused_with_the_reason(text: str) -> None:
    with pytest.raises(OptionError, match=r"match|best of|games"):
        MatchFormat.parse(text)


def test_a_bad_scoring_is_refused() -> None:
    with pytest.raises(OptionError, match="scoring"):
        MatchFormat(9, False, "spread")


ACC = GameWorth()


@pytest.mark.parametrize(
    ("scores", "target", "spreads"),
    [
        ((121, 100), 121, (21, -21)),
        ((128, 100), 121, (21, -21)),  # the winner's 7 past the game hole are not counted
        ((100, 125), 121, (-21, 21)),
        ((130, 0), 121, (121, -121)),  # at most the target: the loser's whole shortfall
        ((121, 120), 121, (1, -1)),
        ((64, 50), 61, (11, -11)),  # a game to 61 caps at 61
        ((15, 9), 15, (6, -6)),
        ((128, 100), None, (28, -28)),  # a result kept without its target: as it was stored
        ((124, 101, 99), 121, (20, -20, -22)),  # three alone: each loser short of the winner
    ],
)
def test_a_games_spread_counts_a_score_at_most_to_the_target(
    scores: tuple[int, ...], target: int | None, spreads: tuple[int, ...]
) -> None:
    ranks = tuple(1 + sum(o > s for o in scores) for s in scores)
    outcome = Outcome(scores, ranks, "target")
    sides = tuple((i,) for i in range(len(scores)))
    result = game_result(outcome, sides, GameWorth(), target)
    assert tuple(result.spread(i) for i in range(len(scores))) == spreads
    assert GameResult.from_json(result.to_json()) == result
    totals = MatchScore.start(MatchFormat(), sides).add(result).totals
    assert tuple(t.spread for t in totals) == spreads
    if len(scores) == 2:  # points for minus points against is the spread
        assert totals[0].points_for - totals[1].points_for == spreads[0]


def test_a_match_sums_capped_spreads_game_by_game() -> None:
    score = MatchScore.start(MatchFormat.parse("games-3"), TWO)
    for scores, ranks in (((127, 95), (1, 2)), ((88, 123), (2, 1)), ((121, 119), (1, 2))):
        score = score.add_outcome(Outcome(scores, ranks, "target"), ACC, target=121)
    assert [t.spread for t in score.totals] == [26 - 33 + 2, -26 + 33 - 2]
    assert [t.points_for for t in score.totals] == [121 + 88 + 121, 95 + 121 + 119]


def play(score: MatchScore, *games: tuple[int, int], worth: GameWorth = ACC) -> MatchScore:
    """Add 2-player games given as (winner, loser's score)."""
    for winner, loser_score in games:
        score = score.add_outcome(two_player(winner, loser_score), worth)
    return score


def test_best_of_three_ends_when_a_side_has_won_two() -> None:
    score = MatchScore.start(MatchFormat.parse("best-of-3"), TWO)
    score = play(score, (0, 100))
    assert not score.decided and score.winner is None
    score = play(score, (1, 80), (0, 110))
    assert score.decided and score.winner == 0
    assert [t.games for t in score.totals] == [2, 1]
    assert [t.points for t in score.totals] == [4, 3]
    assert [t.spread for t in score.totals] == [21 + 11 - 41, 41 - 32]
    assert score.ranks() == (1, 2)
    with pytest.raises(OptionError, match="over"):
        play(score, (1, 100))


def test_not_enoughs_skunk_wins_a_best_of_three_at_once() -> None:
    worth = get_spec("not-enough").worth
    score = MatchScore.start(MatchFormat.parse("best-of-3"), TWO)
    skunk = Outcome((121, 90), (1, 2), "target", (1,))
    score = score.add_outcome(skunk, worth)
    assert score.decided and score.winner == 0 and score.totals[0].games == 2


def test_a_fixed_match_plays_every_game_and_game_points_decide() -> None:
    # side 1 wins more games (5 to 4) but side 0's four skunks earn more game points (12 to 10)
    score = MatchScore.start(MatchFormat.parse("games-9"), TWO)
    score = play(score, *[(0, 80)] * 4)
    score = play(score, *[(1, 119)] * 4)
    assert not score.decided
    score = play(score, (1, 119))
    assert score.decided
    assert [(t.points, t.games) for t in score.totals] == [(12, 4), (10, 5)]
    assert score.winner == 0
    by_games = MatchScore.start(MatchFormat.parse("games-9", "games"), TWO)
    by_games = play(by_games, *[(0, 80)] * 4, *[(1, 119)] * 5)
    assert by_games.winner == 1


def test_ties_break_by_games_then_spread() -> None:
    score = MatchScore.start(MatchFormat.parse("games-2"), TWO)
    level = play(score, (0, 100), (1, 100))
    assert level.ranks() == (1, 1) and level.winner is None  # every tie-break equal: level
    spread = play(score, (0, 100), (1, 110))
    assert [t.points for t in spread.totals] == [2, 2]
    assert [t.spread for t in spread.totals] == [10, -10]
    assert spread.ranks() == (1, 2) and spread.winner == 0


def test_game_points_first_then_games_won() -> None:
    # two skunks lost then three plain wins: 6 game points each, 3 games to 2
    score = MatchScore.start(MatchFormat.parse("games-5"), TWO)
    score = play(score, (0, 80), (0, 80), (1, 120), (1, 120), (1, 120))
    assert [(t.points, t.games) for t in score.totals] == [(6, 2), (6, 3)]
    assert score.winner == 1


def test_a_side_that_forfeits_ranks_last_whatever_it_had_won() -> None:
    score = play(MatchScore.start(MatchFormat.parse("best-of-5"), TWO), (0, 80), (0, 80))
    left = score.forfeit(0)
    assert left.decided and left.winner == 1 and left.ranks() == (2, 1)
    with pytest.raises(OptionError, match="no side"):
        score.forfeit(2)


@pytest.mark.parametrize(
    ("sides", "players", "previous", "ranks", "expected"),
    [
        (TWO, 2, 0, (1, 2), 1),  # the loser deals first
        (TWO, 2, 0, (2, 1), 0),  # even if they dealt first last time
        (((0, 2), (1, 3)), 4, 0, (2, 1), 2),  # partners take turns
        (((0, 2), (1, 3)), 4, 2, (2, 1), 0),
        (((0, 2), (1, 3)), 4, 0, (1, 2), 1),
        (((0,), (1,), (2,)), 3, 1, (2, 3, 1), 1),  # the last placed of three
    ],
)
def test_the_loser_deals_first_next_game(
    sides: tuple[tuple[int, ...], ...],
    players: int,
    previous: int,
    ranks: tuple[int, ...],
    expected: int,
) -> None:
    credits = tuple(Credit(2, 1) if r == 1 else Credit(0, 0) for r in ranks)
    scores = tuple(121 if r == 1 else 100 for r in ranks)
    result = GameResult(scores, ranks, credits, "win", "target")
    score = MatchScore.start(MatchFormat.parse("games-3"), sides).add(result)
    assert score.first_dealer(previous, players) == expected


def test_the_first_dealer_of_a_match_is_drawn_not_chosen() -> None:
    with pytest.raises(OptionError, match="drawn"):
        MatchScore.start(MatchFormat.parse("best-of-3"), TWO).first_dealer(0, 2)


def test_a_game_with_the_wrong_number_of_sides_is_refused() -> None:
    score = MatchScore.start(MatchFormat.parse("best-of-3"), TWO)
    result = GameResult((121, 0, 0), (1, 2, 2), (Credit(2, 1),) * 3, "win", "target")
    with pytest.raises(OptionError, match="2 sides"):
        score.add(result)
    assert score.played == 0


def test_a_match_score_round_trips_through_json() -> None:
    score = play(MatchScore.start(MatchFormat.parse("best-of-5"), TWO), (0, 80), (1, 100))
    data = score.to_json()
    assert MatchScore.from_json(data) == score
    assert data["totals"] == [
        {"points": 3, "games": 1, "spread": 41 - 21, "points_for": 221},
        {"points": 2, "games": 1, "spread": 21 - 41, "points_for": 201},
    ]
    assert MatchScore.from_json(score.forfeit(1).to_json()).winner == 0


def test_every_game_states_its_worth() -> None:
    assert get_spec("cribbage").worth == GameWorth(Credit(2, 1), Credit(3, 1), Credit(3, 1))
    assert get_spec("not-enough").worth.skunk == Credit(4, 2)
    assert get_spec("cribist").worth.win == Credit(2, 1)


@pytest.mark.parametrize(
    ("game", "players"),
    [("cribbage", 2), ("cribbage", 4), ("not-enough", 2), ("not-enough", 4), ("cribist", 4)],
)
def test_every_game_picks_its_first_dealer_first(game: str, players: int) -> None:
    """What a match table relies on to make the loser deal first: a game's first chance step
    is the pick of the seat that deals its first hand."""
    for seat in range(players):
        chance = ScriptedChance([(seat,)], then=SeededChance(5))
        played = Game(get_spec(game), players, None, {}, chance=chance)
        assert dict(played.view(None))["dealer"] == seat  # any game's view has its dealer
        assert played.chance_log[0] == {"pick": seat}


@pytest.mark.parametrize(
    ("game", "players", "outcome", "won"),
    [
        ("cribbage", 2, two_player(0, 91), 1),
        ("cribbage", 2, two_player(1, 70), 1),  # a skunk: 3 game points, still one game
        ("not-enough", 2, two_player(0, 91), 1),
        ("not-enough", 2, two_player(1, 90), 2),  # "counts as two won games"
        ("not-enough", 4, Outcome((121, 80, 121, 80), (1, 2, 1, 2), "target", (1, 3)), 2),
        ("not-enough", 4, Outcome((121, 95, 121, 95), (1, 2, 1, 2), "target"), 1),
    ],
)
def test_the_games_a_rated_result_counts_as_come_from_the_games_worth(
    game: str, players: int, outcome: Outcome, won: int
) -> None:
    spec = get_spec(game)
    options = spec.resolve(players, {})
    assert spec.games_won(outcome, players, options) == won
    how = game_result(outcome, spec.sides(players, options), spec.worth).how
    assert spec.worth.credit(how).games == won
