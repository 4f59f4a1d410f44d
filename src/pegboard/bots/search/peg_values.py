"""What a kept hand is worth in the play, before a card is seen.

For each of the 1,820 four-rank multisets a player can keep and each place at the table, the
table holds the mean pegging difference the keep makes when every other seat keeps 4 random
cards of the rest and everyone plays the rollout policy
(:func:`~pegboard.bots.search.pegging.heuristic_policy`). Suits never matter in the play.

* 2 players: own points minus the opponent's, as pone and as dealer (columns ``pone``,
  ``dealer``).
* 3 or 4 players each for themselves: own points minus the other seats' mean, per place after
  the dealer (``three-0`` … ``three-2``, ``four-0`` … ``four-3``; the last is the dealer).
* 4 players in teams: the team's points (own and the partner's) minus the other team's, per
  place (``teams-0`` … ``teams-3``).

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
"""The 2-player columns (the table's first, kept under their first names)."""
DATA_FILE = "data/peg_values.json"
"""The table, inside the ``pegboard`` package."""
ROLLOUTS = 500
"""Rollouts per keep and column of the shipped table."""


def column_names(players: int, teams: bool = False) -> tuple[str, ...]:
    """The columns of a table of ``players``, by place after the dealer (the dealer last)."""
    if players == 2:
        return ROLES
    mode = "teams" if teams and players == 4 else {3: "three", 4: "four"}[players]
    return tuple(f"{mode}-{place}" for place in range(players))


COLUMNS = (*column_names(2), *column_names(3), *column_names(4), *column_names(4, teams=True))
"""Every column of the data file, in its order."""


def others_weight(players: int, teams: bool) -> int:
    """What a column's totals are divided by besides the rollouts: a seat each for themselves
    stores its points against each other seat summed (``players - 1`` differences)."""
    return 1 if teams or players == 2 else players - 1


@cache
def _table() -> dict[str, tuple[int, ...]]:
    """Per column, each keep's mean difference minus the column's mean, in hundredths."""
    text = resources.files("pegboard").joinpath(DATA_FILE).read_text("utf-8")
    data = json.loads(text)
    table = {}
    for players, teams in ((2, False), (3, False), (4, False), (4, True)):
        weight = data["rollouts"] * others_weight(players, teams)
        for name in column_names(players, teams):
            table[name] = centred(data[name], weight)
    return table


def centred(totals: Sequence[int], rollouts: int) -> tuple[int, ...]:
    means = [total / rollouts for total in totals]
    mean = sum(means) / len(means)
    return tuple(round((m - mean) * 100) for m in means)


def peg_value(keep: Sequence[int], players: int, position: int, *, teams: bool = False) -> float:
    """The play's worth of ``keep`` (centred: 0 is an average keep). ``position`` is the seat's
    place after the dealer (0 = first to play; ``players - 1`` = the dealer)."""
    row = multisets(4).index[multiset_key(tuple(RANK_OF[c] for c in keep))]
    return _table()[column_names(players, teams)[position]][row] / 100
