"""The discard valued for the match: the payoff a keep is expected to bring, not its points.

At a match table (2 players) what a deal's points are worth depends on the board: near the
skunk line or the target a keep that scores 12 or 0 can be worth more, or less, than one
that surely scores 6. So each discard is valued as the expected payoff
(:class:`~pegboard.bots.search.race.Payoff`) after the deal, over:

* this seat's hand over every starter it cannot see (exactly: one show per starter);
* the crib's expectation from the analysis (its sign by who deals);
* the pegging: each role's usual points (``hand_points.json``; near the end, where the
  pegging can take a player out, every likely pegging of both), moved by the keep's worth in
  the play (:mod:`pegboard.bots.search.peg_values`), half to each side;
* the opponent's hand: the chances of a pone's hand in the same file.

The deal is counted in order (the pegging, the pone's hand, the dealer's hand and crib), the
first to reach the target winning, and a deal that ends nobody out is worth the score race's
value from there (:func:`~pegboard.bots.search.race.race_tables`, the next dealer by the
table's dealer rule). Fractional points (a mean pegging, a crib's expectation) are split
between the two whole numbers around them, so a tenth of a point still moves a value.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from pegboard.analysis import DiscardAnalysis
from pegboard.bots.search.peg_values import peg_value
from pegboard.bots.search.race import TARGET, Payoff, hand_point_chances, race_tables
from pegboard.cards import Card
from pegboard.scoring.show import show_total

Vector = npt.NDArray[np.float64]
LIKELY = 1e-3
"""Near the end, a pegging (both sides' points) with a chance above this is counted."""


def _split(x: float) -> tuple[tuple[int, float], ...]:
    """``x`` as the two whole numbers around it with the chances that keep its mean."""
    low = math.floor(x)
    frac = x - low
    return ((low, 1.0 - frac), (low + 1, frac)) if frac > 0 else ((low, 1.0),)


def _spread(chances: Vector, shift: float) -> Vector:
    """The chances of a count plus ``shift`` (at least 0), by whole points."""
    out = np.zeros(chances.shape[0] + math.ceil(max(shift, 0.0)) + 2)
    for whole, weight in _split(max(shift, 0.0)):
        out[whole : whole + chances.shape[0]] += weight * chances
    return out


@cache
def _next_deal(payoff: Payoff, dealer_rule: str, dealt: bool) -> Vector:
    """``V[mine, theirs]``: the payoff expected with both still needing points after this
    deal, the seat having ``dealt`` it; the next dealer by ``dealer_rule``."""
    dealing, pone = race_tables(payoff, dealer_rule)
    deal_next: Vector = dealing
    other_deals: Vector = pone.T  # pone[theirs, mine] seen as [mine, theirs]
    if dealer_rule == "random":
        return 0.5 * deal_next + 0.5 * other_deals
    return other_deals if dealt else deal_next


@cache
def _ends(payoff: Payoff) -> tuple[Vector, Vector]:
    """The payoff of winning by the loser's need, and of losing by one's own, by need."""
    wins = np.array([payoff.winning(n) for n in range(TARGET + 1)])
    losses = np.array([payoff.losing(n) for n in range(TARGET + 1)])
    return wins, losses


def pegging_outcomes(
    mine: int, theirs: int, edge: float, *, dealer: bool
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], Vector]:
    """The needs after the pegging, ``(mine, theirs)`` with their chances, the keep's
    ``edge`` (its play's worth, half of it) moved from the opponent's pegging to this seat's.
    When neither can peg out (both need more than the pegging ever gives) only the means
    matter; else every likely pegging (each over 1 in 1,000) is counted."""
    pegging, _pone, _dealer = hand_point_chances()
    if not dealer:
        pegging = pegging.T  # [this seat's][the opponent's]
    if min(mine, theirs) > pegging.shape[0] - 1:
        points = np.arange(pegging.shape[0], dtype=np.float64)
        own = np.array([float(pegging.sum(axis=1) @ points)])
        their = np.array([float(pegging.sum(axis=0) @ points)])
        chance = np.ones(1)
    else:
        rows, cols = np.nonzero(pegging > LIKELY)
        own, their = rows.astype(np.float64), cols.astype(np.float64)
        chance = pegging[rows, cols] / pegging[rows, cols].sum()
    own, their = np.maximum(own + edge, 0.0), np.maximum(their - edge, 0.0)
    needs_a, needs_b, weights = [], [], []
    for own_low in (True, False):  # each fractional pegging split between two whole numbers
        for their_low in (True, False):
            a_w = np.where(own_low, 1.0 - (own - np.floor(own)), own - np.floor(own))
            b_w = np.where(their_low, 1.0 - (their - np.floor(their)), their - np.floor(their))
            needs_a.append(mine - (np.floor(own) + (0 if own_low else 1)).astype(np.int64))
            needs_b.append(theirs - (np.floor(their) + (0 if their_low else 1)).astype(np.int64))
            weights.append(chance * a_w * b_w)
    a, b, w = np.concatenate(needs_a), np.concatenate(needs_b), np.concatenate(weights)
    keep = w > 0
    return a[keep], b[keep], w[keep]


def expected_payoff(
    mine: int,
    theirs: int,
    own: Vector,
    others: Vector,
    edge: float,
    *,
    dealer: bool,
    payoff: Payoff,
    dealer_rule: str,
) -> float:
    """The payoff expected from this deal for a seat needing ``mine`` against ``theirs``,
    whose show (hand, and crib if it deals) has the chances ``own`` by points and the
    opponent's ``others``, its keep worth ``edge`` points of pegging more than the usual."""
    after = _next_deal(payoff, dealer_rule, dealer)
    wins, losses = _ends(payoff)
    a, b, w = pegging_outcomes(mine, theirs, edge, dealer=dealer)
    own_pts = np.nonzero(own)[0]
    other_pts = np.nonzero(others)[0]
    # Axes: the pegging outcome, then the first to show's points, then the second's.
    first, second = (other_pts, own_pts) if dealer else (own_pts, other_pts)
    a3, b3 = a[:, None, None], b[:, None, None]
    if dealer:
        b2 = b3 - first[None, :, None]
        a2 = a3 - second[None, None, :]
        counted = np.where(
            b2 <= 0,
            losses[np.clip(a3, 0, TARGET)],
            np.where(
                a2 <= 0,
                wins[np.clip(b2, 0, TARGET)],
                after[np.clip(a2, 1, TARGET), np.clip(b2, 1, TARGET)],
            ),
        )
    else:
        a2 = a3 - first[None, :, None]
        b2 = b3 - second[None, None, :]
        counted = np.where(
            a2 <= 0,
            wins[np.clip(b3, 0, TARGET)],
            np.where(
                b2 <= 0,
                losses[np.clip(a2, 0, TARGET)],
                after[np.clip(a2, 1, TARGET), np.clip(b2, 1, TARGET)],
            ),
        )
    # Out in the pegging: won, lost, or (both) a coin toss with no skunk.
    pegged = np.where(
        (a <= 0) & (b <= 0),
        (payoff.win + payoff.loss) / 2,
        np.where(a <= 0, wins[np.clip(b, 0, TARGET)], losses[np.clip(a, 0, TARGET)]),
    )
    first_w = (others if dealer else own)[first]
    second_w = (own if dealer else others)[second]
    shown = np.einsum("pij,i,j->p", counted, first_w, second_w)
    value = np.where((a <= 0) | (b <= 0), pegged, shown)
    return float(value @ w)


def hand_chances(keep: Sequence[Card], unseen: Sequence[int]) -> Vector:
    """The chances of the kept hand's show by points, over every starter in ``unseen``."""
    cards = [int(c) for c in keep]
    counts = np.bincount([show_total(cards, s) for s in unseen], minlength=30)
    return counts.astype(np.float64) / len(unseen)


def race_discard_values(
    hand: Sequence[Card],
    choices: Sequence[DiscardAnalysis],
    *,
    mine: int,
    theirs: int,
    dealer: bool,
    payoff: Payoff,
    dealer_rule: str = "rotate",
) -> list[tuple[float, DiscardAnalysis]]:
    """Every discard of a 2-player deal with its expected ``payoff``, best first, for a seat
    needing ``mine`` points against ``theirs``."""
    if mine <= 0 or theirs <= 0:
        raise ValueError("both players still need points when they discard")
    hand_show = hand_point_chances()[1]
    seen = {int(c) for c in hand}
    unseen = [c for c in range(52) if c not in seen]
    valued = []
    for analysis in choices:
        shown = hand_chances(analysis.keep, unseen)
        own, others = (
            (_spread(shown, analysis.crib), hand_show)
            if dealer
            else (shown, _spread(hand_show, analysis.crib))
        )
        edge = peg_value([int(c) for c in analysis.keep], 2, 1 if dealer else 0) / 2
        value = expected_payoff(
            mine,
            theirs,
            own,
            others,
            edge,
            dealer=dealer,
            payoff=payoff,
            dealer_rule=dealer_rule,
        )
        valued.append((value, analysis))
    valued.sort(key=lambda pair: -pair[0])
    return valued
