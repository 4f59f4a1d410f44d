"""Versions of the expert screened against ``ismcts`` (docs/bots.md, *Session 18* and on).

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

Session 20's (docs/bots.md, *Session 20*):

* ``expert-rollout-discard``: near the end, each discard valued by 1,000 deals played out to
  the hand's end and the race after it (the opponent tossing by the strong toss), taken only
  when it beats the expert's own discard by twice its error;
* ``expert-ismcts-toss``: the worlds deal the opponent the hand ``ismcts`` keeps
  (:mod:`benchmarks.ismcts_tosses`), for the whole process;
* ``expert-peg-keep``: far from the end, the discard counting the keep's worth in the play
  twice;
* ``ismcts-strong-toss`` (an opponent): ``ismcts`` discarding by the expert's points discard.

Session 20, second round:

* ``expert-exact-pone``: far from the end, with the expert as pone, each card valued by the
  exact minimax of the rest of the play in each world (:mod:`pegboard.bots.search.last_play`,
  both hands known in a world, the worlds the toss model deals), averaged over the worlds
  the 1 s budget allows; as dealer, and near the end, the expert as shipped.

Session 21's:

* ``expert-duel-weighs``: the worlds weighed by the opponent's plays (players peg when they
  can, :mod:`pegboard.bots.search.play_model`) with 2 players too, as at tables of 3 and 4.
"""

from __future__ import annotations

import math
import random
import time
from functools import partial

from benchmarks import ismcts_tosses
from pegboard.bots.base import View, known
from pegboard.bots.cribbage import _ismcts
from pegboard.bots.cribbage.discard import discard_values
from pegboard.bots.cribbage.expert import CribbageExpert
from pegboard.bots.cribbage.ismcts import EXPLORE, IsmctsBot
from pegboard.bots.expert import ExpertBot
from pegboard.bots.registry import register_bot
from pegboard.bots.search import _play_search, last_play, play_search, worlds
from pegboard.bots.search.endgame import REACH
from pegboard.bots.search.match_objective import payoff_of_view
from pegboard.bots.search.objective import counted_out
from pegboard.bots.search.peg_values import peg_value
from pegboard.bots.search.pegging import RANDOM, PegPosition, play_out_heuristic
from pegboard.bots.search.play_search import PlaySearch, candidates
from pegboard.bots.search.race import GAME, race_tables
from pegboard.bots.search.toss_model import STRAY, tossed_ranks
from pegboard.bots.search.worlds import unseen_cards
from pegboard.cards import RANK_OF, Card, card_names, parse_cards
from pegboard.core.rules import Action
from pegboard.games.cribbage.views import CribbageBotView, cribbage_view
from pegboard.scoring.show import show_total
from pegboard.scoring.tables import RANK_KEY

TREE_SIMULATIONS = 10_000
DISCARD_SIMULATIONS = 20_000
TREE_WORLDS = 1_000
WIDE_WORLDS = 2_000
ROLLOUT_WORLDS = 1_000
PEG_WEIGHT = 2.0
JACK = 11


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


class DuelWeighs(CribbageExpert):
    """The expert weighing its 2-player worlds by the opponent's plays too
    (``play_search.DUEL_WEIGHS``), on top of the toss model."""

    def act(self, seen: View) -> Action:
        play_search.DUEL_WEIGHS = True
        try:
            return super().act(seen)
        finally:
            play_search.DUEL_WEIGHS = False


class RolloutDiscard(Variant):
    """Near the end, each discard valued by whole deals played out: the same worlds for all
    fifteen (the opponent's six and the starter drawn from the unseen cards, the opponent
    tossing as a good player would, ``STRAY`` of the time two cards at random), the play
    rolled out by the heuristic (each seat by its learned style), the shows counted in order
    and a deal that ends nobody out valued by the race."""

    worlds = ROLLOUT_WORLDS
    reach = REACH

    def decide(self, view: CribbageBotView) -> Action | None:
        if view["phase"] != "discard" or len(view["hand"]) != 6 or not near_end(view, self.reach):
            return None
        styles = self.styles.styles(2)
        if RANDOM in styles:
            return None  # a player of any card tosses any cards: the expert's own discard
        hand = [int(c) for c in parse_cards(view["hand"])]
        choices = [(a, b) for i, a in enumerate(hand) for b in hand[i + 1 :]]
        # Its own generator, seeded by the position: the expert's draws stay as shipped, so
        # a game only differs from the expert's where a discard does.
        rng = random.Random(f"{view['hand']} {view['scores']} {view['dealer']}")
        values = deal_values(view, hand, choices, rng, self.worlds, styles)
        shipped = CribbageExpert.act(self, view)  # kept unless clearly beaten
        thrown = {int(c) for c in parse_cards(shipped["cards"])}
        own = next(k for k, pair in enumerate(choices) if set(pair) == thrown)
        best = max(range(len(choices)), key=lambda k: sum(values[k]))
        if clearly_better(values[best], values[own]):
            return {"type": "discard", "cards": card_names(list(choices[best]))}
        return shipped


def clearly_better(new: list[float], old: list[float]) -> bool:
    """Whether ``new`` beats ``old`` world for world by more than twice the mean's error."""
    diffs = [a - b for a, b in zip(new, old, strict=True)]
    mean = sum(diffs) / len(diffs)
    spread = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
    return mean > 2 * math.sqrt(spread / len(diffs))


def deal_values(
    view: CribbageBotView,
    hand: list[int],
    choices: list[tuple[int, int]],
    rng: random.Random,
    worlds: int,
    styles: tuple[int, ...],
) -> list[list[float]]:
    """Each discard's chance of winning in each of ``worlds`` deals played out."""
    me = known(view["seat"], "seat")
    dealer = known(view["dealer"], "dealer")
    other = 1 - me
    target = int(view["target"])
    scores = [int(s) for s in view["scores"]]
    rule = str(view.get("dealer_rule", "random"))
    dealing, pone_table = race_tables(GAME, rule)
    tosses = tossed_ranks("dealer" if dealer == other else "pone")
    unseen = unseen_cards(view)
    pone = other if dealer == me else me
    totals: list[list[float]] = [[] for _ in choices]
    for _ in range(worlds):
        dealt = rng.sample(unseen, 7)
        theirs, starter = dealt[:6], dealt[6]
        if rng.random() < STRAY:
            toss = theirs[:2]
        else:
            low, high = tosses[sum(RANK_KEY[c] for c in theirs)]
            first = next(c for c in theirs if RANK_OF[c] == low)
            toss = [first, next(c for c in theirs if RANK_OF[c] == high and c != first)]
        their_keep = [c for c in theirs if c not in toss]
        heels = 2 if RANK_OF[starter] == JACK else 0
        for k, thrown in enumerate(choices):
            keep = [c for c in hand if c not in thrown]
            after = list(scores)
            after[dealer] += heels
            if after[dealer] >= target:
                totals[k].append(float(dealer == me))
                continue
            position = PegPosition((0, 1), {me: list(keep), other: list(their_keep)}, turn=pone)
            need = [target - after[0], target - after[1]]
            pegged, out = play_out_heuristic(position, need=need, styles=styles or None)
            if out >= 0:
                totals[k].append(float(out == me))
                continue
            after = [after[s] + pegged[s] for s in (0, 1)]
            crib = [*thrown, *toss]
            shows = [
                (pone, show_total(keep if pone == me else their_keep, starter)),
                (
                    dealer,
                    show_total(keep if dealer == me else their_keep, starter)
                    + show_total(crib, starter, crib=True),
                ),
            ]
            out = counted_out(after, shows, target)
            if out >= 0:
                totals[k].append(float(out == me))
                continue
            mine, them = target - after[me], target - after[other]
            if rule == "random":
                totals[k].append(float(0.5 * (dealing[mine, them] + pone_table[them, mine])))
            else:  # the deal passes: the other deals next
                totals[k].append(
                    float(pone_table[them, mine] if dealer == me else dealing[mine, them])
                )
    return totals


class IsmctsToss(CribbageExpert):
    """The expert whose worlds deal the opponent the hand ``ismcts`` keeps
    (:mod:`benchmarks.ismcts_tosses`) instead of the strong toss's. The worlds read the rule
    through a module name, so the swap holds for the whole process: play it against
    ``ismcts`` alone, never beside another expert."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        for module in (_play_search, worlds):
            setattr(module, "tossed_ranks", ismcts_tosses.tossed_ranks)  # noqa: B010
        _play_search._tables.clear()  # type: ignore[attr-defined]  # built from the old rule


class PegKeep(Variant):
    """Far from the end, the discard with the kept cards' worth in the play
    (:func:`~pegboard.bots.search.peg_values.peg_value`) counted ``weight`` times."""

    weight = PEG_WEIGHT

    def decide(self, view: CribbageBotView) -> Action | None:
        if view["phase"] != "discard" or len(view["hand"]) != 6 or near_end(view):
            return None
        if RANDOM in self.styles.styles(2):
            return None
        dealer = known(view["dealer"], "dealer") == known(view["seat"], "seat")
        extra = self.weight - 1.0
        valued = [
            (value + extra * peg_value(list(a.keep), 2, 1 if dealer else 0), a)
            for value, a in discard_values(view)
        ]
        best = max(valued, key=lambda pair: pair[0])[1]
        return {"type": "discard", "cards": card_names(list(best.discard))}


class IsmctsStrongToss(IsmctsBot):
    """``ismcts`` that discards as the expert does (its points discard, the strong toss for
    the crib) and plays as ``ismcts``: which of its two halves makes its pegging."""

    def _discard(self, view: CribbageBotView) -> list[int]:
        return [int(c) for c in discard_values(view)[0][1].discard]


class ExactPone(Variant):
    """Far from the end, as pone, against a player of no known style: each card by the exact
    play search (:func:`~pegboard.bots.search.last_play.choose_card_exactly`) over the
    expert's own worlds, within its budget; everything else as shipped."""

    def decide(self, view: CribbageBotView) -> Action | None:
        if not self.playing(view) or near_end(view) or int(view["players"]) != 2:
            return None
        if known(view["dealer"], "dealer") == known(view["seat"], "seat"):
            return None
        if any(self.styles.styles(2)):
            return None
        budget = self.thinking.budget
        deadline = time.thread_time() + budget if budget is not None else None
        # Its own generator, seeded by the position: the expert's draws stay as shipped, so
        # a game only differs from the expert's where a pone's play does.
        rng = random.Random(f"{view['hand']} {view['scores']} {view['played']}")
        card = last_play.choose_card_exactly(
            view, rng, worlds=self.thinking.worlds, deadline=deadline, payoff=payoff_of_view(view)
        )
        return {"type": "play", "card": str(Card(card))}


register_bot("expert-tree-end", TreeEnd)
register_bot("expert-tree-uniform", TreeUniform)
register_bot("expert-tree", Tree)
register_bot("expert-sim-discard", SimDiscard)
register_bot("expert-no-style", NoStyle)
register_bot("expert-2000", partial(ExpertBot, worlds=WIDE_WORLDS))
register_bot("expert-rollout-discard", RolloutDiscard)
register_bot("expert-ismcts-toss", IsmctsToss)
register_bot("expert-peg-keep", PegKeep)
register_bot("ismcts-strong-toss", IsmctsStrongToss)
register_bot("expert-exact-pone", ExactPone)
register_bot("expert-duel-weighs", DuelWeighs)
