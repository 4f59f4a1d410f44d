"""What a 2-player game is worth inside a match: the payoff the play search and the discard
(:mod:`pegboard.bots.cribbage.race_discard`) play for.

A game on its own is played to win it (:data:`~.race.GAME`). Inside a match
(:mod:`pegboard.core.matchplay`) the end of the game is worth what it does to the match:

* a match scored in **game points** (the ACC's): the game points won minus those lost, so a
  skunk (3 against 2) is worth playing for when far ahead, and avoiding when far behind;
* a match scored in **games won**: the games won minus those lost (two for a skunk in a game
  that counts it so);
* a **best-of** match: the chance of winning the match from the score it leaves, the loser
  of each game dealing the next first.

The view says which: a match table adds the match (``view["match"]``: its score as
``MatchScore.to_json`` and this seat's side); a view without one is a game on its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from pegboard.bots.search.race import GAME, TARGET, Payoff, race_tables
from pegboard.core.matchplay import DOUBLE_SKUNK, SKUNK, WIN, GameWorth, MatchScore
from pegboard.core.spec import get_spec

HOWS = (WIN, SKUNK, DOUBLE_SKUNK)


def _scaled(win: tuple[float, float, float], loss: tuple[float, float, float]) -> Payoff:
    """A payoff scaled to 0..1 (the scale the search's tie-break is weighed against)."""
    values = (*win, *loss)
    lo, hi = min(values), max(values)
    span = hi - lo or 1.0
    w = tuple((v - lo) / span for v in win)
    lost = tuple((v - lo) / span for v in loss)
    return Payoff(w[0], w[1], w[2], lost[0], lost[1], lost[2])


def points_payoff(worth: GameWorth) -> Payoff:
    """Game points won minus game points lost (Cribbage: a win 2, a skunk 3; a loss −2...)."""
    won = tuple(float(worth.credit(how).points) for how in HOWS)
    return _scaled((won[0], won[1], won[2]), (-won[0], -won[1], -won[2]))


def games_payoff(worth: GameWorth) -> Payoff:
    """Games won minus games lost."""
    won = tuple(float(worth.credit(how).games) for how in HOWS)
    return _scaled((won[0], won[1], won[2]), (-won[0], -won[1], -won[2]))


@cache
def game_chances(deal_first: bool) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    """The chances of a new game's ends for a player dealing first or not: (won plainly, by a
    skunk, by a double skunk), (lost plainly, skunked, double skunked), from the race table."""
    chances = []
    for k in range(6):
        one = [0.0] * 6
        one[k] = 1.0
        dealing, pone = race_tables(Payoff(*one))
        chances.append(
            float(dealing[TARGET, TARGET]) if deal_first else float(pone[TARGET, TARGET])
        )
    total = sum(chances)  # 1 but for a rounding error
    c = [x / total for x in chances]
    return (c[0], c[1], c[2]), (c[3], c[4], c[5])


def best_of_payoff(mine: int, theirs: int, worth: GameWorth) -> Payoff:
    """A best-of match where this player still needs ``mine`` games won and the opponent
    ``theirs``: each end of the game in play is worth the chance of winning the match from
    the score it leaves (the loser dealing the next game first)."""
    credit = [worth.credit(how).games for how in HOWS]

    @cache
    def match(a: int, b: int, deal_first: bool) -> float:
        if a <= 0:
            return 1.0
        if b <= 0:
            return 0.0
        won, lost = game_chances(deal_first)
        return sum(w * match(a - g, b, False) for w, g in zip(won, credit, strict=True)) + sum(
            w * match(a, b - g, True) for w, g in zip(lost, credit, strict=True)
        )

    win = tuple(match(mine - g, theirs, False) for g in credit)
    loss = tuple(match(mine, theirs - g, True) for g in credit)
    return Payoff(win[0], win[1], win[2], loss[0], loss[1], loss[2])


def match_payoff(score: MatchScore, side: int, worth: GameWorth) -> Payoff:
    """What the game in play is worth to ``side`` of a 2-sided match so far."""
    if len(score.sides) != 2 or score.decided:
        return GAME
    if score.format.best_of:
        to_win = score.format.to_win
        mine, theirs = (to_win - score.totals[s].games for s in (side, 1 - side))
        return best_of_payoff(mine, theirs, worth)
    if score.format.scoring == "points":
        return points_payoff(worth)
    return games_payoff(worth)


def payoff_of_view(view: Mapping[str, Any]) -> Payoff:
    """The payoff for the seat whose view this is: its match's, or the game's own."""
    match = view.get("match")
    if not match:
        return GAME
    score = MatchScore.from_json(match["score"])
    return match_payoff(score, int(match["side"]), get_spec(str(view["game"])).worth)
