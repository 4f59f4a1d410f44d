"""What a tournament records: the tables of each round and the games played at them.

Everything is told from the first-named player's side of a table: ``scores[0]`` and
``points[0]`` are that player's. Game points are given by whoever played the game (the
game's own rules decide a win and a skunk); the tournament only adds them up.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from pegboard.errors import OptionError

Stage = Literal["qualifying", "playoff"]


@dataclass(frozen=True)
class PlayedGame:
    scores: tuple[int, int]
    points: tuple[int, int]
    """Game points (the ACC's: a win 2, a skunk 3, a loss 0)."""
    winner: int
    """0 or 1: which of the table's two players won."""

    def __post_init__(self) -> None:
        if self.winner not in (0, 1):
            raise OptionError(f"a game's winner is player 0 or 1, not {self.winner}")

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "points": list(self.points), "winner": self.winner}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PlayedGame:
        scores, points = data["scores"], data["points"]
        return cls((scores[0], scores[1]), (points[0], points[1]), int(data["winner"]))


@dataclass(frozen=True)
class MatchResult:
    games: tuple[PlayedGame, ...] = ()
    forfeit: int | None = None
    """The player (0 or 1) who forfeited the rest of the match: a no-show or a leaver."""

    def wins(self) -> tuple[int, int]:
        won = [0, 0]
        for game in self.games:
            won[game.winner] += 1
        return won[0], won[1]

    def to_json(self) -> dict[str, Any]:
        return {"games": [g.to_json() for g in self.games], "forfeit": self.forfeit}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchResult:
        games = tuple(PlayedGame.from_json(g) for g in data["games"])
        return cls(games, data.get("forfeit"))


@dataclass(frozen=True)
class Table:
    players: tuple[str, str]
    result: MatchResult | None = None
    """None while the match is being played."""

    def to_json(self) -> dict[str, Any]:
        result = self.result.to_json() if self.result else None
        return {"players": list(self.players), "result": result}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        result = MatchResult.from_json(data["result"]) if data["result"] else None
        return cls((data["players"][0], data["players"][1]), result)


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

    def with_result(self, table: int, result: MatchResult) -> Round:
        if not 0 <= table < len(self.tables):
            raise OptionError(f"round {self.number} has no table {table + 1}")
        if self.tables[table].result is not None:
            raise OptionError(f"table {table + 1} of round {self.number} already has its result")
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
    def from_json(cls, data: dict[str, Any]) -> Round:
        return cls(
            number=data["number"],
            stage=data["stage"],
            tables=tuple(Table.from_json(t) for t in data["tables"]),
            byes=tuple(data["byes"]),
        )
