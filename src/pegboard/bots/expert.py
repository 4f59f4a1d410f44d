"""``expert``: the strongest bot in each game, and ``master``, the same thinking longer. Each
game's expert is its own (its spec's bots): Cribbage's :mod:`pegboard.bots.cribbage.expert`,
Cribist's :mod:`pegboard.bots.cribist.expert`, Cribbage is not Enough's
:mod:`pegboard.bots.not_enough.expert`. It sees only its seat's view."""

from __future__ import annotations

from pegboard.analysis import Tosses
from pegboard.bots.game_bot import BUDGET, MASTER_WORLDS, WORLDS, GameBot, Thinking
from pegboard.bots.search.race import Payoff

__all__ = ["BUDGET", "MASTER_WORLDS", "WORLDS", "ExpertBot", "MasterBot"]


class ExpertBot(GameBot):
    name = kind = "expert"

    def __init__(
        self,
        seed: int | None = None,
        *,
        worlds: int = WORLDS,
        budget: float | None = BUDGET,
        model: bool = True,
        tosses: Tosses = "strong",
        payoff: Payoff | None = None,
        exact_end: bool = False,
        searcher: bool = False,
    ) -> None:
        super().__init__(seed, Thinking(worlds, budget, model, tosses, payoff, exact_end, searcher))


class MasterBot(GameBot):
    """``expert`` thinking longer: five times the worlds in the Cribbage play, within the
    same budget."""

    name = kind = "master"

    def __init__(
        self, seed: int | None = None, *, worlds: int = MASTER_WORLDS, budget: float | None = BUDGET
    ) -> None:
        super().__init__(seed, Thinking(worlds, budget))
