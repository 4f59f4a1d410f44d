"""What an account asks for when it makes a tournament, checked before anything is stored."""

from __future__ import annotations

import random
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from pegboard.bots import bot_names
from pegboard.core.matchplay import MatchFormat
from pegboard.core.spec import get_spec
from pegboard.errors import OptionError
from pegboard.tournament import TournamentRules
from pegboard.tournament.rules import MOST_ROUNDS

Word = Annotated[str, Field(max_length=32)]
ACC_GRACE = 300.0
"""The ACC's grace for a player who has not come: a game is forfeited after 5 minutes..."""
ACC_GRACE_NEXT = 900.0
"""...then one more game every 15 minutes (COMPETITIVE.md, the ACC's playoff rules)."""


class NewTournament(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=64)
    game: Word = "cribbage"
    players: int = Field(2, ge=2, le=4)
    """Players a game: 2, or 3 or 4 at tables grouped by the standings (each alone, or
    partners the tournament chooses where the game plays in teams)."""
    format: Literal["round-robin", "swiss", "acc"] = "swiss"
    rounds: int | None = Field(None, ge=1, le=MOST_ROUNDS)
    match: Word = "1"
    match_scoring: Literal["points", "games"] = "points"
    playoff: Word | None = None
    turn_time: int = Field(60, ge=5, le=600)
    options: dict[Word, bool | int | Word] = Field(default_factory=dict, max_length=16)
    start_at: float | None = Field(None, allow_inf_nan=False)
    start_when: int | None = Field(None, ge=2, le=256)
    rated: bool = False
    bots: bool = True
    """Bots may fill the places nobody took, up to ``start_when`` (or to an even field)."""
    bot: Word = "medium"
    grace: float = Field(ACC_GRACE, ge=10, le=3600, allow_inf_nan=False)
    """Seconds a person may be away (or not come) before their side forfeits a game..."""
    grace_next: float = Field(ACC_GRACE_NEXT, ge=10, le=3600, allow_inf_nan=False)
    """...and seconds for each further game forfeited while they stay away."""

    def checked(self) -> dict[str, Any]:
        """The settings to store; OptionError naming what is wrong."""
        spec = get_spec(self.game)  # a game's other names too (not_enough)
        match = MatchFormat.parse(self.match, self.match_scoring)
        given = spec.match_options({**self.options, "turn_time": self.turn_time}, match)
        options = spec.resolve(self.players, given)  # the game's own player counts and options
        playoff = MatchFormat.parse(self.playoff) if self.playoff is not None else None
        # The format's own checks, on the smallest field it could start with.
        TournamentRules.make(
            self.format,
            max(self.start_when or 0, 5 if playoff else 0, self.players),
            # A Swiss is cut to the field that comes (make_rules): its rounds are checked then.
            rounds=min(self.rounds, 1) if self.format == "swiss" and self.rounds else self.rounds,
            match=match,
            playoff=playoff,
            table=self.players,
        )
        if self.start_at is None and self.start_when is None:
            raise OptionError("say when it starts: a start time, or when so many have joined")
        if self.bot not in bot_names():
            raise OptionError(f"unknown bot {self.bot!r}; bots: {', '.join(bot_names())}")
        # The seed of the ACC rotation's draw is secret: nobody can work the draw out beforehand.
        seed = random.SystemRandom().randrange(2**62)
        return self.model_dump() | {"game": spec.name, "options": dict(options), "seed": seed}
