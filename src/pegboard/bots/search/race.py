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
equal totals at a time with every outcome of a step in one matrix product (about 85 ms for a
payoff, both sides; once per payoff).
"""

from __future__ import annotations

import json
from dataclasses import astuple, dataclass
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


@cache
def hand_point_chances() -> tuple[
    npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]
]:
    """The chances of a deal's points by role: the pegging ``[dealer's][pone's]``, the pone's
    hand, and the dealer's hand, crib and heels (each summing to 1)."""
    text = resources.files("pegboard").joinpath(DATA_FILE).read_text("utf-8")
    data = json.loads(text)
    pegging = np.array(data["pegging"], dtype=np.float64)
    pone = np.array(data["pone"], dtype=np.float64)
    dealer = np.array(data["dealer"], dtype=np.float64)
    return pegging / pegging.sum(), pone / pone.sum(), dealer / dealer.sum()


@dataclass(frozen=True)
class Payoff:
    """What the end of a 2-player game is worth to one player, by how it ended: won or lost,
    plainly, by a skunk (the loser needing 31 or more: at 90 or less at 121) or by a double
    skunk (61 or more). :data:`GAME` is the chance of winning the game; a match plays for more
    (:mod:`pegboard.bots.search.match_objective`). Any scale: a search compares means."""

    win: float = 1.0
    skunk: float = 1.0
    double_skunk: float = 1.0
    loss: float = 0.0
    skunked: float = 0.0
    double_skunked: float = 0.0

    def winning(self, loser_need: int) -> float:
        """The value of winning with the loser needing ``loser_need`` (capped at the target)."""
        return self._by(loser_need, self.win, self.skunk, self.double_skunk)

    def losing(self, my_need: int) -> float:
        return self._by(my_need, self.loss, self.skunked, self.double_skunked)

    @staticmethod
    def _by(need: int, plain: float, skunk: float, double: float) -> float:
        if need >= DOUBLE_SKUNK_NEED:
            return double
        return skunk if need >= SKUNK_NEED else plain


GAME = Payoff()
"""The chance of winning the game, as every game on its own is played."""
SKUNK_NEED = 31
"""A loser needing this many or more when the winner reaches 121 is skunked (at 90 or less)."""
DOUBLE_SKUNK_NEED = 61


def _by_need(payoff: Payoff, size: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The payoff of winning by the loser's need, and of losing by one's own, per padded index
    (an index ``i`` is a need of ``i - _PAD``)."""
    need = np.arange(size) - _PAD
    double, skunk = need >= DOUBLE_SKUNK_NEED, need >= SKUNK_NEED
    win = np.where(double, payoff.double_skunk, np.where(skunk, payoff.skunk, payoff.win))
    loss = np.where(double, payoff.double_skunked, np.where(skunk, payoff.skunked, payoff.loss))
    return win.astype(np.float64), loss.astype(np.float64)


@cache
def race_tables(
    payoff: Payoff = GAME, dealer_rule: str = "rotate"
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """``(dealing, pone)``: ``dealing[a, b]`` is one player's expected ``payoff`` needing ``a``
    points against an opponent needing ``b`` (1..121; rows and columns 0 unused), dealing the
    next deal; ``pone[a, b]`` the same player's when the opponent, needing ``a``, deals and the
    player needs ``b``. The two are one race seen from one side, so a payoff that is not
    zero-sum (a match's) is valued right on both sides of every deal. The deals after the next
    are dealt by ``dealer_rule`` (``rotate`` or ``random``)."""
    if dealer_rule not in DEALER_RULES:
        raise ValueError(f"dealer_rule is one of {DEALER_RULES}, not {dealer_rule!r}")
    return build_table(
        *hand_point_chances(), target=TARGET, drawn=dealer_rule == "random", payoff=payoff
    )


def build_table(
    pegging: npt.NDArray[np.float64],
    pone: npt.NDArray[np.float64],
    dealer: npt.NDArray[np.float64],
    *,
    target: int,
    drawn: bool,
    payoff: Payoff = GAME,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """:func:`race_tables` for any chances of a deal's points (each summing to 1) and
    ``target``; ``drawn``: the next dealer is drawn (either player, 1/2 each), else the other
    player deals next."""
    n = target + 1
    size = n + _PAD
    win, loss = _by_need(payoff, size)
    tie = (payoff.win + payoff.loss) / 2  # both out in the pegging: a coin toss, no skunk
    # Arrays indexed [dealer's need + _PAD, pone's need + _PAD]; at or below _PAD is "reached".
    # The player's values when dealing (mine) and when the opponent deals (theirs), before the
    # deal, after the pegging (the pone to show) and after the pone's show (the dealer to count).
    deal_m, peg_m, shown_m = np.zeros((size, size)), np.zeros((size, size)), np.zeros((size, size))
    deal_t, peg_t, shown_t = np.zeros((size, size)), np.zeros((size, size)), np.zeros((size, size))
    low, high = slice(0, _PAD + 1), slice(_PAD + 1, None)
    peg_m[low, high] = win[None, high]  # the player dealt and went out
    peg_m[high, low] = loss[high, None]
    peg_t[low, high] = loss[None, high]  # the opponent dealt and went out
    peg_t[high, low] = win[high, None]
    peg_m[low, low] = peg_t[low, low] = tie
    shown_m[low, :] = win[None, :]
    shown_t[low, :] = loss[None, :]
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
        to_a, to_b = np.maximum(col_a - peg_d, 0), np.maximum(col_b - peg_p, 0)
        deal_m[ia, ib] = peg_m[to_a, to_b] @ peg_w
        deal_t[ia, ib] = peg_t[to_a, to_b] @ peg_w
        # The dealer's count: out, or the next deal: the roles swapped, or drawn again (the
        # same dealer with chance 1/2; a dealer who counted 0 reads this diagonal's own cells,
        # filled just above).
        left = col_a - dealer_c
        out = left <= _PAD
        after = np.maximum(left, 0)
        next_m, next_t = deal_t[col_b, after], deal_m[col_b, after]  # the other deals next
        if drawn:
            next_m = 0.5 * next_m + 0.5 * deal_m[after, col_b]
            next_t = 0.5 * next_t + 0.5 * deal_t[after, col_b]
        shown_m[ia, ib] = np.where(out, win[col_b], next_m) @ dealer_w
        shown_t[ia, ib] = np.where(out, loss[col_b], next_t) @ dealer_w
        # The pone's count: out (the dealer loses) or the dealer counts.
        left = col_b - pone_h
        out = left <= _PAD
        after = np.maximum(left, 0)
        peg_m[ia, ib] = np.where(out, loss[col_a], shown_m[col_a, after]) @ pone_w
        peg_t[ia, ib] = np.where(out, win[col_a], shown_t[col_a, after]) @ pone_w
    # Sums of chances can stray past the payoffs by a rounding error: keep them inside.
    lo, hi = min(astuple(payoff)), max(astuple(payoff))
    return np.clip(deal_m[_PAD:, _PAD:], lo, hi), np.clip(deal_t[_PAD:, _PAD:], lo, hi)


def dealer_table(dealer_rule: str = "rotate") -> npt.NDArray[np.float64]:
    """``D[a, b]``: the chance that the dealer of the next deal wins, needing ``a`` points
    against a pone needing ``b`` (1..121; rows and columns 0 are unused), the deals after it
    dealt by ``dealer_rule`` (``rotate`` or ``random``)."""
    return race_tables(GAME, dealer_rule)[0]


def win_chance(
    mine: int,
    theirs: int,
    *,
    deal_next: bool | None,
    payoff: Payoff = GAME,
    dealer_rule: str = "rotate",
) -> float:
    """The chance to win needing ``mine`` points against ``theirs`` (1 when ``mine <= 0``,
    0 when ``theirs <= 0``), dealing the next deal or not, or (``None``) with the next dealer
    still to be drawn (``dealer_rule="random"``: either of the two with chance 1/2); with
    another ``payoff``, its expected value instead."""
    if mine <= 0:
        return payoff.winning(min(theirs, TARGET))
    if theirs <= 0:
        return payoff.losing(min(mine, TARGET))
    dealing, pone = race_tables(payoff, dealer_rule)
    mine, theirs = min(mine, TARGET), min(theirs, TARGET)
    as_dealer, as_pone = float(dealing[mine, theirs]), float(pone[theirs, mine])
    if deal_next is None:
        return 0.5 * as_dealer + 0.5 * as_pone
    return as_dealer if deal_next else as_pone
