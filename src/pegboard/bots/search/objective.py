"""What a search plays for: the place it finishes in, not the points it scores.

Every search rolls a position out to some horizon (the end of the play, of a Cribist hand)
and then has to say how good the scores it reached are. Points are not the goal: the rank is.

* Two sides of one player each (:func:`race_value`): the chance of winning from those
  scores, from the score-race table (:mod:`pegboard.bots.search.race`): a point near the
  end can be worth the game, one at the start very little.
* Several sides, or two teams (:func:`rank_value`): minus the expected place. Once a side
  is out the places are known (the winner first, the others by score). Otherwise each
  opponent finishes ahead with the chance that a normal difference, spread by the deals
  still to come, overturns the current margin: close rivals matter most, a runaway leader
  or a hopeless straggler hardly at all. In teams a side is a team, so a partner's points
  are this seat's own.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pegboard.bots.search.race import GAME, Payoff, win_chance

PER_DEAL = {False: 11.0, True: 21.0}
"""What a side scores in a deal with 3 or 4 players (individual, teams)."""
SPREAD = {False: 7.0, True: 9.0}
"""The standard deviation of two sides' difference over a deal (individual, teams)."""


def race_value(
    mine: int,
    theirs: int,
    *,
    deal_next: bool | None,
    payoff: Payoff = GAME,
    dealer_rule: str = "rotate",
) -> float:
    """Two players: the chance of winning needing ``mine`` against ``theirs`` (after the
    points so far; at or below 0 is out), dealing next or not, or (``None``) the next dealer
    still to be drawn, the deals dealt by the table's ``dealer`` option; with a match's
    ``payoff``, what the game's end is expected to be worth."""
    return win_chance(mine, theirs, deal_next=deal_next, payoff=payoff, dealer_rule=dealer_rule)


def finished_rank(scores: Sequence[float], me: int, winner: int) -> float:
    """The place of side ``me`` when ``winner`` went out (ties with another side share)."""
    if me == winner:
        return 1.0
    ahead = sum(
        1.0 if s > scores[me] else 0.5 if s == scores[me] else 0.0
        for side, s in enumerate(scores)
        if side not in (me, winner)
    )
    return 2.0 + ahead


def deals_to_target(scores: Sequence[float], target: int, per_deal: float) -> float:
    """About how many deals the leader still needs, at ``per_deal`` points a deal."""
    return (target - max(scores)) / per_deal


def rank_value(scores: Sequence[float], me: int, *, deals_left: float, spread: float) -> float:
    """Minus the expected place of side ``me`` with nobody out yet, ``deals_left`` deals to
    go, and ``spread`` the standard deviation of two sides' difference over one deal."""
    sigma = spread * math.sqrt(max(0.5, deals_left))
    behind = 0.0
    for side, s in enumerate(scores):
        if side != me:
            behind += 0.5 * math.erfc((scores[me] - s) / (sigma * math.sqrt(2.0)))
    return -(1.0 + behind)


def counted_out(after: list[int], shows: Sequence[tuple[int, int]], target: int) -> int:
    """Add each (side, points) show, in the order they are counted, to ``after``; the side
    that went out, or -1."""
    for side, points in shows:
        after[side] += points
        if after[side] >= target:
            return side
    return -1


def place_value(
    after: Sequence[float],
    me: int,
    first: int,
    *,
    in_game: Sequence[int],
    target: int,
    teams: bool,
) -> float:
    """Minus the expected place of side ``me`` with the sides' scores ``after`` a deal's
    play or show: known if side ``first`` went out (-1 if none did), else estimated among
    the sides still ``in_game`` (ascending) by :func:`rank_value`."""
    if first >= 0:
        return -finished_rank(after, me, first)
    scores = [after[s] for s in in_game]
    left = deals_to_target(scores, target, PER_DEAL[teams])
    return rank_value(scores, in_game.index(me), deals_left=left, spread=SPREAD[teams])
