"""Versions of the expert screened against ``ismcts`` in session 18 (docs/bots.md, *Session 18*).

Importing this module registers them; ``benchmarks.ismcts_ab`` imports it, so ``ismcts_ab play
--expert NAME`` plays any of them:

* ``expert-tree-end``: near the end (a side within ``endgame.REACH``), the play by ``ismcts``'s
  own tree search (``_ismcts.root_visits``), 10,000 simulations, its uniform worlds;
* ``expert-tree-uniform``: the same at every play decision;
* ``expert-tree``: every play decision by the tree over 1,000 of the expert's own worlds (the
  opponent's toss modelled, ``_play_search.sample_worlds``), 10,000 simulations, the race by
  the table's dealer rule; against a player of a known style the expert's search as shipped;
* ``expert-sim-discard``: near the end, the discard by ``ismcts``'s simulations (the opponent
  throwing at random, the heuristic playing both hands), 20,000 of them;
* ``expert-no-style``: the expert never taking the opponent for ``greedy``'s or the book's
  style (a player of any card is still found);
* ``expert-2000``: 2,000 worlds a play decision instead of 200.
"""

from __future__ import annotations

from functools import partial

from pegboard.bots.base import View, known
from pegboard.bots.cribbage import _ismcts
from pegboard.bots.cribbage.expert import CribbageExpert
from pegboard.bots.cribbage.ismcts import EXPLORE
from pegboard.bots.expert import ExpertBot
from pegboard.bots.registry import register_bot
from pegboard.bots.search import _play_search
from pegboard.bots.search.endgame import REACH
from pegboard.bots.search.pegging import RANDOM
from pegboard.bots.search.play_search import PlaySearch, candidates
from pegboard.bots.search.race import GAME, race_tables
from pegboard.bots.search.worlds import unseen_cards
from pegboard.cards import RANK_OF, Card, card_names, parse_cards
from pegboard.core.rules import Action
from pegboard.games.cribbage.views import CribbageBotView, cribbage_view

TREE_SIMULATIONS = 10_000
DISCARD_SIMULATIONS = 20_000
TREE_WORLDS = 1_000
WIDE_WORLDS = 2_000


def near_end(view: CribbageBotView, reach: int = REACH) -> bool:
    """Whether either player needs ``reach`` points or fewer."""
    target = int(view["target"])
    return min(target - int(s) for s in view["scores"]) <= reach


def most_visited(view: CribbageBotView, visits: list[tuple[int, int]]) -> int:
    """The candidate card whose rank the tree visited most."""
    by_rank = {RANK_OF[c]: c for c in candidates(view)}
    best = max((r for r, _ in visits if r in by_rank), key=dict(visits).__getitem__)
    return by_rank[best]


class Variant(CribbageExpert):
    """The expert, but for the decisions :meth:`decide` takes otherwise."""

    def act(self, seen: View) -> Action:
        view = cribbage_view(seen)
        if view.get("counting") is None:
            if self.thinking.model:
                self.styles.observe(view)  # once a hand: the expert's own call does nothing
            action = self.decide(view)
            if action is not None:
                return action
        return super().act(seen)

    def decide(self, view: CribbageBotView) -> Action | None:
        return None

    def playing(self, view: CribbageBotView) -> bool:
        """A play decision between two ranks or more."""
        return view["phase"] == "play" and len(candidates(view)) > 1


class TreeEnd(Variant):
    reach = REACH

    def decide(self, view: CribbageBotView) -> Action | None:
        if not (self.playing(view) and near_end(view, self.reach)):
            return None
        search = PlaySearch(view, model=False)
        visits = _ismcts.root_visits(
            search, self.rng, TREE_SIMULATIONS, EXPLORE, *race_tables(GAME, "rotate")
        )
        return {"type": "play", "card": str(Card(most_visited(view, visits)))}


class TreeUniform(TreeEnd):
    reach = 121


class Tree(Variant):
    def decide(self, view: CribbageBotView) -> Action | None:
        if not self.playing(view) or any(self.styles.styles(2)):
            return None
        search = PlaySearch(view, model=True)
        worlds = _play_search.sample_worlds(search, self.rng, TREE_WORLDS)
        rule = search.dealer_rule
        visits = _ismcts.root_visits(
            search,
            self.rng,
            TREE_SIMULATIONS,
            EXPLORE,
            *race_tables(GAME, rule),
            worlds,
            rule == "random",
        )
        return {"type": "play", "card": str(Card(most_visited(view, visits)))}


class SimDiscard(Variant):
    def decide(self, view: CribbageBotView) -> Action | None:
        if view["phase"] != "discard" or len(view["hand"]) != 6 or not near_end(view):
            return None
        hand = [int(c) for c in parse_cards(view["hand"])]
        choices = [(a, b) for i, a in enumerate(hand) for b in hand[i + 1 :]]
        visits = _ismcts.discard_visits(
            hand,
            known(view["seat"], "seat"),
            known(view["dealer"], "dealer"),
            [int(s) for s in view["scores"]],
            int(view["target"]),
            unseen_cards(view),
            self.rng,
            DISCARD_SIMULATIONS,
            EXPLORE,
            *race_tables(GAME, "rotate"),
        )
        best = max(range(len(choices)), key=lambda i: visits[i])
        return {"type": "discard", "cards": card_names(list(choices[best]))}


class NoStyle(CribbageExpert):
    """The expert, its opponent never read as a style but any card's."""

    def act(self, seen: View) -> Action:
        learned = self.styles.styles

        def only_random(players: int) -> tuple[int, ...]:
            return tuple(s if s == RANDOM else 0 for s in learned(players))

        self.styles.styles = only_random  # type: ignore[method-assign]
        try:
            return super().act(seen)
        finally:
            del self.styles.styles


register_bot("expert-tree-end", TreeEnd)
register_bot("expert-tree-uniform", TreeUniform)
register_bot("expert-tree", Tree)
register_bot("expert-sim-discard", SimDiscard)
register_bot("expert-no-style", NoStyle)
register_bot("expert-2000", partial(ExpertBot, worlds=WIDE_WORLDS))
