"""A tournament's settings: its format, rounds, match formats, table size and seed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, get_args

from pegboard.core.matchplay import MatchFormat
from pegboard.errors import OptionError
from pegboard.tournament import legacy
from pegboard.tournament.pairing import round_robin_rounds, swiss_rounds

Format = Literal["round-robin", "swiss", "acc"]
FORMATS: tuple[str, ...] = get_args(Format)
MOST_ROUNDS = 40
"""No tournament pairs more qualifying rounds than this."""
ONE_GAME = MatchFormat()


@dataclass(frozen=True)
class TournamentRules:
    format: Format
    rounds: int
    """Qualifying rounds (a round robin's full cycle when made by :meth:`make`)."""
    match: MatchFormat = ONE_GAME
    playoff: MatchFormat | None = None
    """With a playoff: the ACC's cut to a seeded bracket, matches of this format."""
    seed: int = 0
    """Draws the ACC rotation's order; nothing else in the pairing is left to chance."""
    table: int = 2
    """Entrants at each table: 2, or 3 or 4 (each alone, or two partnerships), who are grouped
    by the standings (:func:`pegboard.tournament.pairing.grouped`)."""
    partners: bool = False
    """Tables of four seat two partnerships, which the tournament chooses each round
    (:mod:`pegboard.tournament.partners`)."""

    @classmethod
    def make(
        cls,
        format: str,
        players: int,
        *,
        rounds: int | None = None,
        match: MatchFormat | None = None,
        playoff: MatchFormat | None = None,
        seed: int = 0,
        table: int = 2,
        partners: bool = False,
    ) -> TournamentRules:
        """Checked settings for ``players`` entrants; a clear error names what is wrong."""
        if format not in FORMATS:
            raise OptionError(f"unknown format {format!r}: one of {', '.join(FORMATS)}")
        if table not in (2, 3, 4):
            raise OptionError(f"a tournament table seats 2, 3 or 4 entrants, not {table}")
        if partners and table != 4:
            raise OptionError(f"partners play at tables of four, not {table}")
        if players < table:
            raise OptionError(f"a tournament of tables of {table} needs {table} players or more")
        if table > 2 and format != "swiss":
            raise OptionError(
                f"tables of {table} are grouped by the standings (a Swiss): a round robin or the "
                "ACC's rotation pairs two players a table"
            )
        if table > 2 and playoff is not None:
            raise OptionError("a playoff is a bracket of two-player matches: not with tables of "
                              f"{table}")  # fmt: skip
        cycle = round_robin_rounds(players)
        if rounds is None:
            if format != "round-robin":
                raise OptionError(f"a {format} tournament needs its number of rounds")
            rounds = cycle
        if not 1 <= rounds <= MOST_ROUNDS:
            raise OptionError(f"a tournament has 1 to {MOST_ROUNDS} rounds, not {rounds}")
        if format == "swiss" and table == 2 and rounds > swiss_rounds(players):
            raise OptionError(
                f"{players} players play at most {swiss_rounds(players)} Swiss rounds "
                f"(so that nobody meets anyone twice), not {rounds}: a round robin has {cycle}"
            )
        if playoff is not None and not playoff.best_of and playoff.games > 1:
            raise OptionError(
                "a playoff match must have a winner: one game or best of an odd number"
            )
        if playoff is not None and players < 5:
            raise OptionError("a playoff needs five entrants or more (one in four qualify)")
        return cls(format, rounds, match or ONE_GAME, playoff, seed, table, partners)  # type: ignore[arg-type]

    def format_of(self, stage: str) -> MatchFormat:
        """The match format of a round of ``stage``."""
        return self.playoff if stage == "playoff" and self.playoff else self.match

    def to_json(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "rounds": self.rounds,
            "match": self.match.to_json(),
            "playoff": self.playoff.to_json() if self.playoff else None,
            "seed": self.seed,
            "table": self.table,
            "partners": self.partners,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TournamentRules:
        playoff = data["playoff"]
        return cls(
            data["format"],
            data["rounds"],
            legacy.match_format(data["match"]),
            legacy.match_format(playoff) if playoff else None,
            data["seed"],
            data.get("table", 2),
            bool(data.get("partners", False)),
        )
