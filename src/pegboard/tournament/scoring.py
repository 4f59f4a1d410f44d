"""A finished game as a tournament counts it: the two players' scores (the board stops at the
target) and the ACC's game points."""

from __future__ import annotations

from pegboard.core.outcome import Outcome
from pegboard.errors import OptionError
from pegboard.tournament.results import PlayedGame
from pegboard.tournament.standings import WIN_POINTS

SKUNK_POINTS = 3
"""The ACC's game points for a win with the loser skunked (31 or more behind)."""


def played_game(outcome: Outcome, first_seat: int, target: object = None) -> PlayedGame:
    """The game told from the side of the table's first-named player, who sat in game seat
    ``first_seat``: a win 2 game points, a skunk 3 (the game's own rules say who was skunked;
    a double skunk earns no more), a loss 0. Points past ``target`` (the game's score
    target, when it has one) are no part of the spread: the board stops there."""
    if len(outcome.scores) != 2 or first_seat not in (0, 1):
        raise OptionError("a tournament game has two players")
    cap = target if isinstance(target, int) else max(outcome.scores)
    seats = (first_seat, 1 - first_seat)
    scores = (min(outcome.scores[seats[0]], cap), min(outcome.scores[seats[1]], cap))
    winner_seat = outcome.winners[0]
    won = SKUNK_POINTS if outcome.skunked else WIN_POINTS
    winner = seats.index(winner_seat)
    return PlayedGame(scores, (won, 0) if winner == 0 else (0, won), winner)
