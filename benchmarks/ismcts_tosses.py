"""``ismcts``'s own toss for every six-rank multiset, as the expert's worlds read a toss.

The expert deals an opponent's hand in its play search's worlds as a good player keeps it
(:mod:`pegboard.bots.search.toss_model`: the four ranks with the best hand plus or minus the
crib). ``ismcts`` tosses otherwise about a third of the time (docs/bots.md, *Session 19*). This
module asks ``ismcts``'s discard (``_ismcts.discard_visits``, 1,000 simulations, both needing
81, the suits spread so no flush is possible) for its toss of each of the 18,395 six-rank
multisets, as dealer and as pone, and gives the result in the shape of
:func:`~pegboard.bots.search.toss_model.tossed_ranks`, so ``expert-ismcts-toss``
(:mod:`benchmarks.ismcts_variants`) can deal its worlds by it. Built once (about a minute of
CPU, the same table for the same seed) and kept in ``.cache/ismcts_tosses.json``.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

from pegboard.analysis.strong import Strategy
from pegboard.analysis.tables import multisets
from pegboard.bots.cribbage import _ismcts
from pegboard.bots.cribbage.ismcts import EXPLORE, SIMULATIONS
from pegboard.bots.search.race import GAME, race_tables
from pegboard.cards import RANK_OF

CACHE = Path(".cache/ismcts_tosses.json")
SEED = 29
SCORES = [40, 40]
"""Mid-board: far from the end the race values a point about alike everywhere."""


def spread_suits(ranks: tuple[int, ...]) -> list[int]:
    """Cards of ``ranks`` (sorted), the suits turned in order: at most two of a suit."""
    used: set[int] = set()
    cards = []
    for i, rank in enumerate(ranks):
        card = next(
            (rank - 1) * 4 + (i + k) % 4
            for k in range(4)
            if (rank - 1) * 4 + (i + k) % 4 not in used
        )
        used.add(card)
        cards.append(card)
    return cards


def build() -> dict[str, dict[int, tuple[int, int]]]:
    """Per strategy ("dealer": the tosser deals; "pone"), per multiset key, the two ranks
    ``ismcts`` tosses (low first): its most visited discard."""
    rng = random.Random(SEED)
    sixes = multisets(6)
    tables: dict[str, dict[int, tuple[int, int]]] = {"dealer": {}, "pone": {}}
    dealing, pone = race_tables(GAME, "rotate")
    for ranks, key in zip(sixes.ranks, sixes.keys, strict=True):
        hand = spread_suits(ranks)
        unseen = [c for c in range(52) if c not in hand]
        choices = [(a, b) for i, a in enumerate(hand) for b in hand[i + 1 :]]
        for strategy, dealer in (("dealer", 0), ("pone", 1)):
            visits = _ismcts.discard_visits(
                hand, 0, dealer, SCORES, 121, unseen, rng, SIMULATIONS, EXPLORE, dealing, pone
            )
            a, b = choices[max(range(len(choices)), key=visits.__getitem__)]
            low, high = sorted((RANK_OF[a], RANK_OF[b]))
            tables[strategy][key] = (low, high)
    return tables


@cache
def ismcts_tosses() -> dict[str, dict[int, tuple[int, int]]]:
    """The table, built and cached on first use."""
    if not CACHE.exists():
        CACHE.parent.mkdir(parents=True, exist_ok=True)
        table = build()
        CACHE.write_text(json.dumps({s: sorted(t.items()) for s, t in table.items()}), "utf-8")
    raw = json.loads(CACHE.read_text("utf-8"))
    return {s: {int(k): (int(lo), int(hi)) for k, (lo, hi) in rows} for s, rows in raw.items()}


def tossed_ranks(strategy: Strategy) -> dict[int, tuple[int, int]]:
    """:func:`pegboard.bots.search.toss_model.tossed_ranks`, by ``ismcts``'s tosses."""
    return ismcts_tosses()[strategy]
