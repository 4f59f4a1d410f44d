"""A bot by name that plays every game as the game itself says: each game's spec names its bots
(the ``"bots"`` surface: a mapping from a bot's name to a factory), so ``greedy``, ``expert``
or a level is one name across games while each game's package holds how it plays there."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pegboard.bots.base import Bot, View
from pegboard.core.rules import Action
from pegboard.core.spec import GameSpec, get_spec
from pegboard.errors import OptionError

if TYPE_CHECKING:
    from pegboard.analysis import Tosses
    from pegboard.bots.search.race import Payoff

WORLDS = 200
"""Worlds sampled per play decision (each candidate card is rolled out in each)."""
MASTER_WORLDS = 1000
"""``master``: worlds per play decision, five times the expert's."""
BUDGET = 0.8
"""Seconds per move at most."""


@dataclass(frozen=True)
class Thinking:
    """How long and how widely a searching bot looks; each game's bots use what applies to
    them (Cribbage's play search all of it, Cribist's the budget, the others none)."""

    worlds: int = WORLDS
    budget: float | None = BUDGET
    """Seconds of the thread's own CPU time per move; None never looks at a clock."""
    model: bool = True
    """Whether the Cribbage expert models how the others play from their shown hands."""
    tosses: Tosses = "strong"
    payoff: Payoff | None = None
    """What a 2-player game's end is worth; None: the match's in the view, or the game's."""
    exact_end: bool = False
    """Whether the Cribbage expert searches the play exactly near the end of a 2-player game
    (:mod:`pegboard.bots.search.last_play`); off as shipped: measured against ``ismcts`` it
    gained nothing (docs/bots.md, *A search opponent*)."""
    searcher: bool = False
    """Whether the Cribbage expert may read a 2-player opponent as a searcher and roll it out
    with a searcher's chances (:mod:`pegboard.bots.search.search_style`); off as shipped:
    measured against ``ismcts`` it gained nothing (docs/bots.md, *A search opponent*)."""


BotFactory = Callable[[int | None, Thinking], Bot]
"""How a game makes its bot of one name: from a seed and how long it may think."""

GameBots = Mapping[str, BotFactory]
"""A game's bots by name: what its spec's ``"bots"`` surface names."""


def game_bots(spec: GameSpec) -> GameBots:
    """The bots ``spec``'s game provides (none when it names no ``"bots"`` surface)."""
    bots: GameBots = spec.surface("bots") if "bots" in spec.surfaces else {}
    return bots


class GameBot:
    """The bot called ``name`` in whatever game its view is from: on the first view of a game it
    makes that game's bot of the name, with the same seed, and passes every view on to it."""

    name = ""
    kind = ""
    """The name its game's bots know it by (a subclass may take another ``name`` and still play
    as the game's ``expert``, say)."""

    def __init__(self, seed: int | None = None, thinking: Thinking | None = None) -> None:
        self.seed = seed
        self.thinking = thinking or Thinking()
        self._by_game: dict[str, Bot] = {}

    def plays(self, game: str, players: int) -> bool:
        return self.kind in game_bots(get_spec(game))

    def act(self, view: View) -> Action:
        return self.for_game(str(view.get("game"))).act(view)

    def for_game(self, game: str) -> Bot:
        """This bot's player of ``game`` (made on first use)."""
        bot = self._by_game.get(game)
        if bot is None:
            spec = get_spec(game)
            factory = game_bots(spec).get(self.kind)
            if factory is None:
                raise OptionError(f"the {self.kind} bot does not play {spec.title}")
            bot = self._by_game[game] = factory(self.seed, self.thinking)
        return bot
