"""A finished game as a tournament counts it: from the first-named player's side, the board
stopping at the target, a win 2 game points, a skunk 3, a double skunk no more."""

from __future__ import annotations

import pytest

from pegboard.core.outcome import Outcome
from pegboard.errors import OptionError
from pegboard.tournament.scoring import played_game


def ended(
    scores: tuple[int, int], skunked: tuple[int, ...] = (), double: tuple[int, ...] = ()
) -> Outcome:
    ranks = (1, 2) if scores[0] > scores[1] else (2, 1)
    return Outcome(scores, ranks, "score", skunked, double)


# outcome (game seats), the first-named player's seat, target -> scores, points, winner
GAMES = [
    (ended((121, 100)), 0, 121, (121, 100), (2, 0), 0),
    (ended((121, 100)), 1, 121, (100, 121), (0, 2), 1),
    (ended((85, 121), skunked=(0,)), 0, 121, (85, 121), (0, 3), 1),
    (ended((121, 50), skunked=(1,), double=(1,)), 0, 121, (121, 50), (3, 0), 0),  # no extra
    (ended((134, 101)), 0, 121, (121, 101), (2, 0), 0),  # the board stops at 121
    (ended((134, 101)), 0, None, (134, 101), (2, 0), 0),  # no target: as counted
]


@pytest.mark.parametrize(("outcome", "first", "target", "scores", "points", "winner"), GAMES)
def test_a_game_as_the_tournament_counts_it(
    outcome: Outcome,
    first: int,
    target: int | None,
    scores: tuple[int, int],
    points: tuple[int, int],
    winner: int,
) -> None:
    game = played_game(outcome, first, target)
    assert (game.scores, game.points, game.winner) == (scores, points, winner)


def test_only_two_players() -> None:
    with pytest.raises(OptionError):
        played_game(Outcome((121, 90, 80), (1, 2, 3), "score"), 0, 121)
