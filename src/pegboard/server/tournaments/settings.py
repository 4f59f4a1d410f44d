"""What an account asks for when it makes a tournament, checked before anything is stored."""

from __future__ import annotations

import random
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from pegboard.bots import bot_names
from pegboard.core.spec import game_names, get_spec
from pegboard.errors import OptionError
from pegboard.tournament import MatchLength
from pegboard.tournament.rules import MOST_ROUNDS

Word = Annotated[str, Field(max_length=32)]
ACC_GRACE = 300.0
"""The ACC's grace for a player who has not come: a game is forfeited after 5 minutes."""
TABLE_PLAYERS = 2
"""Every format here pairs two players a table."""


class NewTournament(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=64)
    game: Word = "cribbage"
    format: Literal["round-robin", "swiss", "acc"] = "swiss"
    rounds: int | None = Field(None, ge=1, le=MOST_ROUNDS)
    match: Word = "one-game"
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

    def checked(self) -> dict[str, Any]:
        """The settings to store; OptionError naming what is wrong."""
        if self.game not in game_names():
            raise OptionError(f"no such game; games: {', '.join(game_names())}")
        spec = get_spec(self.game)
        if TABLE_PLAYERS not in spec.players:
            raise OptionError(f"{self.game} is not played by two: no tournament for it yet")
        options = spec.resolve(TABLE_PLAYERS, {**self.options, "turn_time": self.turn_time})
        MatchLength.parse(self.match)
        if self.playoff is not None and not MatchLength.parse(self.playoff).best_of:
            raise OptionError("a playoff match must have a winner: best of an odd number")
        if self.format != "round-robin" and self.rounds is None:
            raise OptionError(f"a {self.format} tournament needs its number of rounds")
        if self.start_at is None and self.start_when is None:
            raise OptionError("say when it starts: a start time, or when so many have joined")
        if self.bot not in bot_names():
            raise OptionError(f"unknown bot {self.bot!r}; bots: {', '.join(bot_names())}")
        # The seed of the ACC rotation's draw is secret: nobody can work the draw out beforehand.
        seed = random.SystemRandom().randrange(2**62)
        return self.model_dump() | {"options": dict(options), "seed": seed}
