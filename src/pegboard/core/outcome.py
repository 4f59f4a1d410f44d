"""The end of a game: scores, ranks (shared on ties), the reason, and skunks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pegboard.core.wire import OutcomeJson


@dataclass(frozen=True)
class Outcome:
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    reason: str
    skunked: tuple[int, ...] = field(default=())
    double_skunked: tuple[int, ...] = field(default=())

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        """The outcome :meth:`to_json` wrote (a record's ``outcome``)."""
        return cls(
            tuple(int(s) for s in data["scores"]),
            tuple(int(r) for r in data["ranks"]),
            str(data["reason"]),
            tuple(int(s) for s in data.get("skunked", ())),
            tuple(int(s) for s in data.get("double_skunked", ())),
        )

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    def to_json(self) -> OutcomeJson:
        data: OutcomeJson = {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "reason": self.reason,
        }
        if self.skunked:
            data["skunked"] = list(self.skunked)
        if self.double_skunked:
            data["double_skunked"] = list(self.double_skunked)
        return data


def rank_sides(
    scores: Sequence[int], sides: Sequence[Sequence[int]], fixed: Mapping[int, int]
) -> tuple[int, ...]:
    """Ranks per seat. ``sides`` groups seats that share a score (a team, or one player);
    ``fixed`` holds ranks already given (leavers). The other sides take the free ranks by
    score, best first; equal scores share the better rank."""
    ranks: dict[int, int] = dict(fixed)
    open_sides = [side for side in sides if side[0] not in fixed]
    free = sorted(
        set(range(1, len(sides) + 1)) - {fixed[side[0]] for side in sides if side[0] in fixed}
    )
    open_sides.sort(key=lambda side: -scores[side[0]])
    for i, side in enumerate(open_sides):
        tied_before = i > 0 and scores[side[0]] == scores[open_sides[i - 1][0]]
        rank = ranks[open_sides[i - 1][0]] if tied_before else free[i]
        for seat in side:
            ranks[seat] = rank
    return tuple(ranks[seat] for seat in range(len(scores)))
