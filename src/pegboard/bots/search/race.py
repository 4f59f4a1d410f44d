"""The score race (2 players): the chance of winning from any score, dealer or pone.

A point is not worth the same everywhere on the board: 4 points that take you out are worth
the game, 4 points at the start almost nothing. :func:`win_chance` is the chance that a player
needing ``mine`` points wins against one needing ``theirs``, whoever deals next, when every
deal from here gives the points good players get (``pegboard/data/hand_points.json``, from
:mod:`pegboard.match.race_build`): the pegging (dealer's and pone's together), then
the pone's hand, then the dealer's hand, crib and heels, in that order, the first to reach
the target winning. (A race won by both in the pegging is counted as a coin toss.)

Who deals the deal after follows the table's ``dealer`` option (docs/rules.md, "Cribbage"):
with ``rotate`` the roles swap every deal; with ``random`` (the default) a dealer is drawn for
every deal, so
after each deal either player deals the next with chance 1/2. The tables differ (a player who
might deal twice in a row is worth more than one who surely will not), so each option has its
own, and :func:`win_chance` with ``deal_next=None`` is the chance before that draw.

Each table is computed once, by dynamic programming over the points each player still needs
(every deal pegs at least the last card, so the total needed always falls), a diagonal of
equal totals at a time with every outcome of a step in one matrix product (about 50 ms).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

import numpy as np
import numpy.typing as npt

DATA_FILE = "data/hand_points.json"
TARGET = 121
DEALER_RULES = ("random", "rotate")
"""The ``dealer`` option's values: a dealer drawn for every deal, or the deal passing on."""
_PAD = 64
"""Room below zero in the tables: what a deal can overshoot by (points are capped at 60)."""


def _distributions() -> tuple[
    npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]
]:
    text = resources.files("pegboard").joinpath(DATA_FILE).read_text("utf-8")
    data = json.loads(text)
    pegging = np.array(data["pegging"], dtype=np.float64)
    pone = np.array(data["pone"], dtype=np.float64)
    dealer = np.array(data["dealer"], dtype=np.float64)
    return pegging / pegging.sum(), pone / pone.sum(), dealer / dealer.sum()


@cache
def dealer_table(dealer_rule: str = "rotate") -> npt.NDArray[np.float64]:
    """``D[a, b]``: the chance that the dealer of the next deal wins, needing ``a`` points
    against a pone needing ``b`` (1..121; rows and columns 0 are unused), the deals after it
    dealt by ``dealer_rule`` (``rotate`` or ``random``)."""
    if dealer_rule not in DEALER_RULES:
        raise ValueError(f"dealer_rule is one of {DEALER_RULES}, not {dealer_rule!r}")
    return build_table(*_distributions(), target=TARGET, drawn=dealer_rule == "random")


def build_table(
    pegging: npt.NDArray[np.float64],
    pone: npt.NDArray[np.float64],
    dealer: npt.NDArray[np.float64],
    *,
    target: int,
    drawn: bool,
) -> npt.NDArray[np.float64]:
    """:func:`dealer_table` for any chances of a deal's points (each summing to 1) and
    ``target``; ``drawn``: the next dealer is drawn (either player, 1/2 each), else the other
    player deals next."""
    n = target + 1
    size = n + _PAD
    # Arrays indexed [a + _PAD, b + _PAD]; an index at or below _PAD means "reached".
    deal = np.zeros((size, size))  # D: before the deal
    after_peg = np.zeros((size, size))  # S1: the pegging done, the pone to show
    after_pone = np.zeros((size, size))  # S2: the pone has shown, the dealer to count
    # Terminal values, seen from the dealer: the dealer out first (1), the pone (0).
    low = slice(0, _PAD + 1)
    after_peg[low, _PAD + 1 :] = 1.0
    after_peg[_PAD + 1 :, low] = 0.0
    after_peg[low, low] = 0.5  # both out in the pegging: a coin toss
    after_pone[low, :] = 1.0
    after_pone[_PAD + 1 :, low] = 0.0  # (never read: the pone would have won)
    # Each step's outcomes at once (a column per outcome, weighed by its chance).
    peg_d, peg_p = np.nonzero(pegging)
    peg_w = pegging[peg_d, peg_p]
    pone_h = np.nonzero(pone)[0]
    pone_w = pone[pone_h]
    dealer_c = np.nonzero(dealer)[0]
    dealer_w = dealer[dealer_c]
    for total in range(2, 2 * (n - 1) + 1):
        a = np.arange(max(1, total - (n - 1)), min(n - 1, total - 1) + 1)
        b = total - a
        ia, ib = a + _PAD, b + _PAD
        col_a, col_b = ia[:, None], ib[:, None]  # a row per cell, a column per outcome
        # Before the deal: every pegging outcome moves both to an earlier total.
        reached = after_peg[np.maximum(col_a - peg_d, 0), np.maximum(col_b - peg_p, 0)]
        deal[ia, ib] = reached @ peg_w
        # The dealer's count: out, or the next deal: the roles swapped, or drawn again (the
        # same dealer with chance 1/2; a dealer who counted 0 reads this diagonal's own cells,
        # filled just above).
        left = np.maximum(col_a - dealer_c, 0)
        swapped = 1.0 - deal[col_b, left]
        nxt = 0.5 * deal[left, col_b] + 0.5 * swapped if drawn else swapped
        after_pone[ia, ib] = np.where(left <= _PAD, 1.0, nxt) @ dealer_w
        # The pone's count: out (the dealer loses) or the dealer counts.
        left = col_b - pone_h
        shown = after_pone[col_a, np.maximum(left, 0)]
        after_peg[ia, ib] = np.where(left <= _PAD, 0.0, shown) @ pone_w
    return deal[_PAD:, _PAD:]


def win_chance(
    mine: int, theirs: int, *, deal_next: bool | None, dealer_rule: str = "rotate"
) -> float:
    """The chance to win needing ``mine`` points against ``theirs`` (1 when ``mine <= 0``,
    0 when ``theirs <= 0``), dealing the next deal or not, or (``None``) with the next dealer
    still to be drawn (``dealer_rule="random"``: either of the two with chance 1/2)."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    table = dealer_table(dealer_rule)
    mine, theirs = min(mine, TARGET), min(theirs, TARGET)
    dealing = float(table[mine, theirs])
    not_dealing = 1.0 - float(table[theirs, mine])
    if deal_next is None:
        return 0.5 * dealing + 0.5 * not_dealing
    return dealing if deal_next else not_dealing
