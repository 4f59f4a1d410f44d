"""Cribbage's ``expert``: discards by the exact analysis corrected for the play and the board
(:mod:`pegboard.bots.cribbage.discard`; at a match table that plays for more than the game, by
the payoff each discard is expected to bring, :mod:`pegboard.bots.cribbage.race_discard`);
plays by Monte Carlo search over the opponents' hands
sampled consistently with everything seen (:mod:`pegboard.bots.search.play_search`), each
other player playing the style its shown hands revealed (:mod:`.search.play_styles`; one who
plays any card alike is taken to toss any cards too, so the discard then counts on no strong
toss), each world's end valued for the game or, at a match table, for the match
(:mod:`pegboard.bots.search.match_objective`); with ``Thinking.exact_end`` (off as shipped),
near the end of a 2-player game against an opponent of no known style, each world's play
searched exactly instead, both sides playing their best (:mod:`pegboard.bots.search.last_play`);
counts and calls Muggins perfectly in manual
mode. It sees only its seat's view.

Deterministic for a seed: every random draw comes from the bot's own generator, and the
search runs a fixed number of worlds. The budget (seconds per move) counts the thread's own
CPU time (:func:`time.thread_time`), not the wall clock, so a busy machine does not change
a move; it only stops a search early on a machine too slow to finish it in time, and then
the move may depend on the clock. ``budget=None`` never looks at a clock.
"""

from __future__ import annotations

import random as _random
import time

from pegboard.analysis import Tosses
from pegboard.bots.base import View, forced_move
from pegboard.bots.cribbage.counting import count_show
from pegboard.bots.cribbage.discard import choose_discard
from pegboard.bots.game_bot import Thinking
from pegboard.bots.search import last_play
from pegboard.bots.search.match_objective import payoff_of_view
from pegboard.bots.search.pegging import RANDOM
from pegboard.bots.search.play_search import choose_card
from pegboard.bots.search.play_styles import StyleMemory
from pegboard.cards import Card, card_names
from pegboard.core.rules import Action
from pegboard.games.cribbage.views import cribbage_view


class CribbageExpert:
    name = "expert"

    def __init__(self, seed: int | None = None, thinking: Thinking | None = None) -> None:
        self.rng = _random.Random(seed)
        self.thinking = thinking or Thinking()
        # How the others play, from their shown hands.
        self.styles = StyleMemory(searcher=self.thinking.searcher)

    def act(self, seen: View) -> Action:
        view = cribbage_view(seen)
        if self.thinking.model:
            self.styles.observe(view)
        if (forced := forced_move(view)) is not None:
            return forced
        budget = self.thinking.budget
        deadline = time.thread_time() + budget if budget is not None else None
        if view.get("counting") is not None:
            return count_show(view)
        styles = self.styles.styles(int(view["players"]))
        fixed = self.thinking.payoff
        payoff = fixed if fixed is not None else payoff_of_view(view)
        if view["phase"] == "discard":
            # An opponent who plays any card tosses any cards: not the strong toss.
            tosses: Tosses = "random" if RANDOM in styles else self.thinking.tosses
            thrown = choose_discard(view, tosses=tosses, payoff=payoff)
            return {"type": "discard", "cards": card_names(thrown)}
        if self.thinking.exact_end and not any(styles) and last_play.applies(view):
            # Near the end against a player of no known style: the play searched exactly.
            card = last_play.choose_card_exactly(
                view, self.rng, worlds=self.thinking.worlds, deadline=deadline, payoff=payoff
            )
            return {"type": "play", "card": str(Card(card))}
        card = choose_card(
            view,
            self.rng,
            worlds=self.thinking.worlds,
            deadline=deadline,
            model=self.thinking.model,
            styles=styles,
            payoff=payoff,
        )
        return {"type": "play", "card": str(Card(card))}
