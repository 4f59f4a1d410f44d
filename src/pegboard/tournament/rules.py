"""A tournament's settings: its format, rounds, match lengths and seed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, get_args

from pegboard.errors import OptionError
from pegboard.tournament.match_length import MatchLength
from pegboard.tournament.pairing import round_robin_rounds, swiss_rounds

Format = Literal["round-robin", "swiss", "acc"]
FORMATS: tuple[str, ...] = get_args(Format)
MOST_ROUNDS = 40
"""No tournament pairs more qualifying rounds than this."""


@dataclass(frozen=True)
class TournamentRules:
    format: Format
    rounds: int
    """Qualifying rounds (a round robin's full cycle when made by :meth:`make`)."""
    match: MatchLength
    playoff: MatchLength | None = None
    """With a playoff: the ACC's cut to a seeded bracket, matches of this length."""
    seed: int = 0
    """Draws the ACC rotation's order; nothing else in the pairing is left to chance."""

    @classmethod
    def make(
        cls,
        format: str,
        players: int,
        *,
        rounds: int | None = None,
        match: MatchLength | None = None,
        playoff: MatchLength | None = None,
        seed: int = 0,
    ) -> TournamentRules:
        """Checked settings for ``players`` entrants; a clear error names what is wrong."""
        if format not in FORMATS:
            raise OptionError(f"unknown format {format!r}: one of {', '.join(FORMATS)}")
        if players < 2:
            raise OptionError(f"a tournament needs two players or more, not {players}")
        cycle = round_robin_rounds(players)
        if rounds is None:
            if format != "round-robin":
                raise OptionError(f"a {format} tournament needs its number of rounds")
            rounds = cycle
        if not 1 <= rounds <= MOST_ROUNDS:
            raise OptionError(f"a tournament has 1 to {MOST_ROUNDS} rounds, not {rounds}")
        if format == "swiss" and rounds > swiss_rounds(players):
            raise OptionError(
                f"{players} players play at most {swiss_rounds(players)} Swiss rounds "
                f"(so that nobody meets anyone twice), not {rounds}: a round robin has {cycle}"
            )
        if playoff is not None and not playoff.best_of:
            raise OptionError("a playoff match must have a winner: best of an odd number")
        if playoff is not None and players < 5:
            raise OptionError("a playoff needs five entrants or more (one in four qualify)")
        return cls(format, rounds, match or MatchLength(1), playoff, seed)  # type: ignore[arg-type]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "rounds": self.rounds,
            "match": self.match.name,
            "playoff": self.playoff.name if self.playoff else None,
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TournamentRules:
        playoff = MatchLength.parse(data["playoff"]) if data["playoff"] else None
        return cls(
            data["format"], data["rounds"], MatchLength.parse(data["match"]), playoff, data["seed"]
        )
