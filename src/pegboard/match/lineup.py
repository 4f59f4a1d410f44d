"""Who sits where: one lineup per game, or every rotation of it for duplicate play.

Duplicate play deals the same cards to the same seats in every game of a deal: game ``i``
of a match uses seed ``seed + i`` whatever the lineup, and :class:`~pegboard.core.chance.
SeededChance` draws chance step ``k`` from the seed and ``k`` alone. Step 0 picks the first
dealer (the same seat every time) and step ``h`` shuffles the deck of hand ``h``, so hand
``h`` deals the same cards to the same seats, with the same dealer, in each rotation. Only
the bots move: with two bots, each plays both sides of every deal.
"""

from __future__ import annotations

from collections.abc import Sequence


def rotations(bots: Sequence[str], duplicate: bool) -> list[tuple[str, ...]]:
    """The lineups of one deal: ``bots`` itself, or (duplicate) each of its rotations, so
    every bot sits in every seat once. Two bots: (A, B) then (B, A)."""
    lineup = tuple(bots)
    if not duplicate:
        return [lineup]
    n = len(lineup)
    return [lineup[n - k :] + lineup[: n - k] for k in range(n)]
