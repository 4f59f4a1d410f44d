"""``expert``: the strongest bot, for Cribbage and Cribist. It sees only its seat's view.

Cribbage: discards by the exact analysis corrected for the play and the board
(:mod:`pegboard.bots.cribbage.discard`); plays by Monte Carlo search over the opponents' hands
sampled consistently with everything seen (:mod:`pegboard.bots.search.play_search`), each
other player playing the style its shown hands revealed (:mod:`.search.play_styles`; one who
plays any card alike is taken to toss any cards too, so the discard then counts on no strong
toss), each world's end valued for the game or, at a match table, for the match
(:mod:`pegboard.bots.search.match_objective`); counts and calls Muggins perfectly in manual
mode. Cribist:
:mod:`pegboard.bots.cribist.expert`.

Deterministic for a seed: every random draw comes from the bot's own generator, and the
search runs a fixed number of worlds. ``budget`` (seconds per move) counts the thread's own
CPU time (:func:`time.thread_time`), not the wall clock, so a busy machine does not change
a move; it only stops a search early on a machine too slow to finish it in time, and then
the move may depend on the clock. ``budget=None`` never looks at a clock.
"""

from __future__ import annotations

import random as _random
import time
from collections.abc import Sequence

from pegboard.analysis import Tosses
from pegboard.bots.base import View
from pegboard.bots.claiming import perfect_count
from pegboard.bots.cribbage.discard import choose_discard
from pegboard.bots.cribist.expert import act_cribist
from pegboard.bots.not_enough.expert import act_expert as act_not_enough
from pegboard.bots.search.match_objective import payoff_of_view
from pegboard.bots.search.pegging import RANDOM
from pegboard.bots.search.play_search import choose_card
from pegboard.bots.search.play_styles import StyleMemory
from pegboard.bots.search.race import Payoff
from pegboard.bots.search.tricks import TrickMemory
from pegboard.cards import Card, card_names, parse_card
from pegboard.core.rules import Action
from pegboard.errors import OptionError
from pegboard.scoring import ScoreItem, score_show

WORLDS = 200
"""Worlds sampled per play decision (each candidate card is rolled out in each)."""
MASTER_WORLDS = 1000
"""``master``: worlds per play decision, five times the expert's."""
BUDGET = 0.8
"""Seconds per move at most."""


class ExpertBot:
    name = "expert"

    def __init__(
        self,
        seed: int | None = None,
        *,
        worlds: int = WORLDS,
        budget: float | None = BUDGET,
        model: bool = True,
        tosses: Tosses = "strong",
        payoff: Payoff | None = None,
    ) -> None:
        self.rng = _random.Random(seed)
        self.payoff = payoff
        """What a 2-player game's end is worth; None: the match's in the view, or the game's."""
        self.worlds = worlds
        self.budget = budget
        self.model = model
        self.tosses: Tosses = tosses
        self.memory = TrickMemory()  # Cribist: the tricks seen this hand
        self.styles = StyleMemory()  # Cribbage: how the others play, from their shown hands

    def act(self, view: View) -> Action:
        game = view.get("game")
        if game == "cribist":
            self.memory.observe(view)
        elif game == "cribbage" and self.model:
            self.styles.observe(view)
        legal: list[Action] = view["legal"]
        if len(legal) == 1 and view.get("counting") is None:
            return legal[0]
        deadline = time.thread_time() + self.budget if self.budget is not None else None
        if game == "cribbage":
            return self._cribbage(view, deadline)
        if game == "cribist":
            return act_cribist(view, self.memory, self.rng, deadline=deadline)
        if game == "not-enough":
            return act_not_enough(view, self.rng)
        raise OptionError(f"the expert bot does not play {game!r}")

    def _cribbage(self, view: View, deadline: float | None) -> Action:
        counting = view.get("counting")
        if counting is not None:
            return count_show(view)
        styles = self.styles.styles(int(view["players"]))
        if view["phase"] == "discard":
            # An opponent who plays any card tosses any cards: not the strong toss.
            tosses: Tosses = "random" if RANDOM in styles else self.tosses
            thrown = choose_discard(view, tosses=tosses)
            return {"type": "discard", "cards": card_names(thrown)}
        card = choose_card(
            view,
            self.rng,
            worlds=self.worlds,
            deadline=deadline,
            model=self.model,
            styles=styles,
            payoff=self.payoff if self.payoff is not None else payoff_of_view(view),
        )
        return {"type": "play", "card": str(Card(card))}


def count_show(view: View) -> Action:
    """Claim every item of a hand or crib, or call Muggins on every item left unclaimed."""
    counting = view["counting"]
    starter = parse_card(view["starter"])
    crib = counting["label"] == "crib"

    def score(cards: Sequence[Card]) -> tuple[ScoreItem, ...]:
        return score_show([c for c in cards if c != starter], starter, crib=crib).items

    return perfect_count(counting, score)


class MasterBot(ExpertBot):
    """``expert`` thinking longer: five times the worlds in the Cribbage play, within the
    same budget."""

    name = "master"

    def __init__(
        self, seed: int | None = None, *, worlds: int = MASTER_WORLDS, budget: float | None = BUDGET
    ) -> None:
        super().__init__(seed, worlds=worlds, budget=budget)
