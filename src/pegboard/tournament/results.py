"""What a tournament records: the tables of each round and each table's match.

A table's match is the tables' own (:class:`pegboard.core.matchplay.MatchScore`): its sides
are tuples of places at the tournament table, indices into :attr:`Table.players` (one each
when two play alone; two for partners; one each of three or four), so that game points,
games won and the spread mean the same at a tournament as at any table, and each game's
worth is its game's own (a skunk counting two games in Cribbage is not Enough).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from pegboard.core.matchplay import MatchFormat, MatchScore
from pegboard.errors import OptionError
from pegboard.tournament import legacy

Stage = Literal["qualifying", "playoff"]


@dataclass(frozen=True)
class Table:
    players: tuple[str, ...]
    """The entrants at the table, in the order paired (the first named is the higher placed)."""
    result: MatchScore | None = None
    """None while the match is being played."""

    def side_of(self, player: str) -> int:
        """The side of the finished match that ``player`` played on."""
        assert self.result is not None
        place = self.players.index(player)
        return next(i for i, side in enumerate(self.result.sides) if place in side)

    def side_players(self, side: int) -> tuple[str, ...]:
        assert self.result is not None
        return tuple(self.players[place] for place in self.result.sides[side])

    def to_json(self) -> dict[str, Any]:
        result = self.result.to_json() if self.result else None
        return {"players": list(self.players), "result": result}

    @classmethod
    def from_json(cls, data: dict[str, Any], format: MatchFormat | None = None) -> Table:
        """``format``: the round's, for a result stored before tables kept match scores."""
        stored = data["result"]
        result = legacy.match_score(stored, format or MatchFormat()) if stored else None
        return cls(tuple(data["players"]), result)


def forfeited(format: MatchFormat, sides: int, side: int) -> MatchScore:
    """A match forfeited before a game was played at it (a player who withdrew)."""
    return MatchScore.start(format, [(i,) for i in range(sides)]).forfeit(side)


@dataclass(frozen=True)
class Round:
    number: int
    """1, 2, ... counted over the whole tournament, playoff rounds included."""
    stage: Stage
    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()
    """Players who sit this round out and are scored as the rules say (see :mod:`.standings`)."""

    @property
    def finished(self) -> bool:
        return all(table.result is not None for table in self.tables)

    def with_result(self, table: int, result: MatchScore) -> Round:
        if not 0 <= table < len(self.tables):
            raise OptionError(f"round {self.number} has no table {table + 1}")
        if self.tables[table].result is not None:
            raise OptionError(f"table {table + 1} of round {self.number} already has its result")
        places = sorted(place for side in result.sides for place in side)
        if places != list(range(len(self.tables[table].players))):
            raise OptionError(f"the match at table {table + 1} must seat each of its players once")
        tables = list(self.tables)
        tables[table] = replace(tables[table], result=result)
        return replace(self, tables=tuple(tables))

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "stage": self.stage,
            "tables": [t.to_json() for t in self.tables],
            "byes": list(self.byes),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], format: MatchFormat | None = None) -> Round:
        return cls(
            number=data["number"],
            stage=data["stage"],
            tables=tuple(Table.from_json(t, format) for t in data["tables"]),
            byes=tuple(data["byes"]),
        )
