"""What a kept hand is worth in the play, before a card is seen (2 players).

For each of the 1,820 four-rank multisets a player can keep and each role (pone, dealer),
the table holds the mean pegging difference (own points minus the opponent's) when the
opponent keeps 4 random cards of the rest and both play the rollout policy
(:func:`~pegboard.bots.search.pegging.heuristic_policy`). Suits never matter in the play.

The numbers are measured, not computed exactly: :mod:`pegboard.bots.search.peg_values_build`
writes them to ``pegboard/data/peg_values.json``, each keep's total difference over its
rollouts. Only differences between keeps of one hand matter to a discard, so each column is
centred on its mean when it is read.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources

from pegboard.analysis.tables import multisets
from pegboard.cards import RANK_OF
from pegboard.scoring.tables import multiset_key

ROLES = ("pone", "dealer")
DATA_FILE = "data/peg_values.json"
"""The table, inside the ``pegboard`` package."""
ROLLOUTS = 500
"""Rollouts per keep and role of the shipped table."""


@cache
def _table() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per role, each keep's mean difference minus the column's mean, in hundredths."""
    text = resources.files("pegboard").joinpath(DATA_FILE).read_text("utf-8")
    data = json.loads(text)
    pone, dealer = (centred(data[role], data["rollouts"]) for role in ROLES)
    return pone, dealer


def centred(totals: Sequence[int], rollouts: int) -> tuple[int, ...]:
    means = [total / rollouts for total in totals]
    mean = sum(means) / len(means)
    return tuple(round((m - mean) * 100) for m in means)


def peg_value(keep: Sequence[int], players: int, position: int) -> float:
    """The play's worth of ``keep`` (centred: 0 is an average keep). ``position`` is the seat's
    place after the dealer (0 = first to play; ``players - 1`` = the dealer). With 3 or 4
    players it is 0: the table is for 2 players."""
    if players != 2:
        return 0.0
    row = multisets(4).index[multiset_key(tuple(RANK_OF[c] for c in keep))]
    return _table()[position][row] / 100
