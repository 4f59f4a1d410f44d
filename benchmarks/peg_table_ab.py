"""The expert with the 3- and 4-player pegging table against itself without it, in one match.

Run: ``.venv/bin/python -m benchmarks.peg_table_ab simulate --duplicate --json -g cribbage
-n 3 -b expert,expert-without-table,greedy --games 200 --seed 4200000`` (any ``pegboard``
command line: this registers one more bot, ``expert-without-table``, and hands over to the
CLI). That bot is ``expert`` whose discard values every keep's pegging at 0 at tables of 3
or 4 players (in teams too), as before the table covered them; with 2 players the two are
the same bot. docs/bots.md has the commands and the results.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pegboard.bots import expert_discard
from pegboard.bots.expert import ExpertBot
from pegboard.bots.registry import register_bot
from pegboard.bots.search.peg_values import peg_value
from pegboard.cli.main import app
from pegboard.core.rules import Action


def two_player_table_only(
    keep: Sequence[int], players: int, position: int, *, teams: bool = False
) -> float:
    return peg_value(keep, players, position) if players == 2 else 0.0


class ExpertWithoutTable(ExpertBot):
    name = "expert-without-table"

    def _cribbage(self, view: Any, deadline: float | None) -> Action:
        # The discard reads the table through its module's name: swapped for this move only.
        setattr(expert_discard, "peg_value", two_player_table_only)  # noqa: B010
        try:
            return super()._cribbage(view, deadline)
        finally:
            setattr(expert_discard, "peg_value", peg_value)  # noqa: B010


if __name__ == "__main__":
    register_bot(ExpertWithoutTable.name, ExpertWithoutTable)
    app()
