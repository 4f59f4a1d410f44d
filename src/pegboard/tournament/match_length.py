"""How long a tournament match is: one game, best of N, or a fixed number of games.

A best-of match ends as soon as one player has won more than half of its games; a fixed
match plays every game. Each game won counts one towards the match (games with a bigger
weight, such as a skunk in a game whose rules say so, are given by the caller as more wins).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pegboard.errors import OptionError

_BEST_OF = re.compile(r"best-of-(\d+)")
_GAMES = re.compile(r"(\d+)-games?")
LONGEST = 15
"""No match is longer than this: a tournament round has to end."""


@dataclass(frozen=True)
class MatchLength:
    games: int
    """Best of this many, or exactly this many."""
    best_of: bool = True

    def __post_init__(self) -> None:
        if not 1 <= self.games <= LONGEST:
            raise OptionError(f"a match is 1 to {LONGEST} games, not {self.games}")
        if self.best_of and self.games % 2 == 0:
            raise OptionError(f"best of {self.games} can be tied: give an odd number")

    @property
    def to_win(self) -> int:
        """Games that win the match (for a fixed match: more than half)."""
        return self.games // 2 + 1

    def decided(self, wins: tuple[int, int]) -> bool:
        """The match is over after games with these wins for its two players."""
        if self.best_of:
            return max(wins) >= self.to_win
        return sum(wins) >= self.games

    @property
    def name(self) -> str:
        if self.games == 1:
            return "one-game"
        return f"best-of-{self.games}" if self.best_of else f"{self.games}-games"

    @classmethod
    def parse(cls, text: str) -> MatchLength:
        """``one-game``, ``best-of-3``, ``2-games``: the names :attr:`name` gives."""
        if text == "one-game":
            return cls(1)
        if found := _BEST_OF.fullmatch(text):
            return cls(int(found[1]))
        if found := _GAMES.fullmatch(text):
            return cls(int(found[1]), best_of=False)
        raise OptionError(f"unknown match length {text!r}: try one-game, best-of-3 or 2-games")
