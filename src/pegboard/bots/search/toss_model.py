"""Which two cards a good player tosses from six (2 players), for weighting worlds.

The same model the hint's strong-toss crib uses (:func:`pegboard.analysis.strong.toss_rule`):
a player keeps the four ranks with the best expected hand plus (dealing) or minus (not
dealing) the expected crib of the two ranks tossed. Real players stray from it now and then,
so a world keeps a toss that breaks the rule with chance ``STRAY`` (see
:mod:`pegboard.bots.search.worlds`).
"""

from __future__ import annotations

from functools import cache

from pegboard.analysis.strong import Strategy, toss_rule
from pegboard.analysis.tables import multisets

STRAY = 0.15
"""How often the opponent is taken to toss something other than the model's two ranks."""


@cache
def tossed_ranks(strategy: Strategy) -> dict[int, tuple[int, int]]:
    """Per six-rank multiset key: the two ranks (1..13, low first) the model tosses."""
    rule = toss_rule(strategy)
    keys = multisets(6).keys
    return {
        keys[int(h)]: (int(lo) + 1, int(hi) + 1)
        for h, lo, hi in zip(rule.hand.tolist(), rule.low.tolist(), rule.high.tolist(), strict=True)
    }
