"""``ismcts``: a search opponent for measuring the expert, not a level for people.

2-player Cribbage only, by information-set Monte Carlo tree search (single observer: one tree
over this seat's information, each simulation on a new determinization of what it cannot
see), ``simulations`` a decision (1,000 by default):

* the discard: UCB1 over the fifteen discards, each simulation dealing the opponent six of
  the unseen cards (throwing two at random), a starter, and playing the hand out with the
  heuristic for both seats;
* the play: the tree's nodes are the cards chosen so far this hand (one per rank: suits do not
  matter in the play), each seat's choices among the cards its determinized hand can play,
  picked by UCB with availability counts; below the tree the heuristic plays on.

Every simulation ends where the expert's do: the hands and crib shown in order, the first to
the target winning, else the score race's chance of winning from there
(:mod:`pegboard.bots.search.objective`). The move is the most visited. Deterministic for a
seed; it never looks at a clock. docs/bots.md, "A search opponent".
"""

from __future__ import annotations

import math
import random as _random
from collections.abc import Sequence
from dataclasses import dataclass, field

from pegboard.bots.base import View, forced_move, known
from pegboard.bots.cribbage.counting import count_show
from pegboard.bots.search.objective import counted_out, race_value
from pegboard.bots.search.pegging import (
    PegPosition,
    Policy,
    heuristic_policy,
    play_out,
    play_out_heuristic,
)
from pegboard.bots.search.play_search import PlaySearch
from pegboard.bots.search.race import GAME, race_tables
from pegboard.bots.search.worlds import World, unseen_cards
from pegboard.cards import RANK_OF, card_names, parse_card, parse_cards
from pegboard.core.compiled import PURE_PYTHON
from pegboard.core.rules import Action
from pegboard.errors import OptionError
from pegboard.games.cribbage import SPEC as CRIBBAGE
from pegboard.games.cribbage.views import CribbageBotView, cribbage_view
from pegboard.scoring.show import show_total

try:  # the play's simulations in C (setup.py builds it wherever a compiler is)
    if PURE_PYTHON:
        raise ImportError("PEGBOARD_PURE_PYTHON is set")
    from pegboard.bots.cribbage import _ismcts
except ImportError:
    _ismcts = None  # type: ignore[assignment]

SIMULATIONS = 1000
EXPLORE = 0.7
"""UCB's exploration constant (rewards are chances of winning, in 0..1)."""


@dataclass
class Node:
    """A card (by rank) chosen by ``seat`` after its parent's; the reward is that seat's."""

    seat: int
    visits: int = 0
    total: float = 0.0
    available: int = 0  # simulations in which this choice could be made
    children: dict[int, Node] = field(default_factory=dict)

    def ucb(self) -> float:
        return self.total / self.visits + EXPLORE * math.sqrt(
            math.log(max(self.available, 1)) / self.visits
        )


class Descent:
    """One simulation's way down the tree, as the play's policy: at each choice, a child by
    UCB, until it adds a new one; then the heuristic plays on."""

    def __init__(self, root: Node, rng: _random.Random) -> None:
        self.node = root
        self.path = [root]
        self.grown = False
        self.rng = rng

    def __call__(self, seat: int, playable: Sequence[int], count: int, cards: Sequence[int]) -> int:
        if self.grown:
            return heuristic_policy(seat, playable, count, cards)
        node = self.node
        by_rank: dict[int, int] = {}
        for card in playable:
            by_rank.setdefault(RANK_OF[card], card)
        for rank in by_rank:
            if rank in node.children:
                node.children[rank].available += 1
        fresh = [r for r in by_rank if r not in node.children]
        if fresh:
            rank = self.rng.choice(fresh)
            node.children[rank] = Node(seat=seat, available=1)
            self.grown = True
        else:
            rank = max(by_rank, key=lambda r: node.children[r].ucb())
        self.node = node.children[rank]
        self.path.append(self.node)
        return by_rank[rank]


class IsmctsBot:
    name = "ismcts"

    def __init__(self, seed: int | None = None, *, simulations: int = SIMULATIONS) -> None:
        self.rng = _random.Random(seed)
        self.simulations = simulations

    def act(self, seen: View) -> Action:
        if seen["game"] != CRIBBAGE.name:
            raise OptionError("the ismcts bot plays 2-player Cribbage only")
        view = cribbage_view(seen)
        if view["players"] != 2 or view["teams"]:
            raise OptionError("the ismcts bot plays 2-player Cribbage only")
        if view.get("counting") is not None:
            return count_show(view)
        if (forced := forced_move(view)) is not None:
            return forced
        legal: list[Action] = view["legal"]
        if view["phase"] == "discard":
            return {"type": "discard", "cards": card_names(self._discard(view))}
        if view["phase"] == "play" and any(a["type"] == "play" for a in legal):
            return {"type": "play", "card": card_names([self._play(view)])[0]}
        return legal[0]

    # -- the discard ---------------------------------------------------------------------

    def _discard(self, view: CribbageBotView) -> list[int]:
        hand = [int(c) for c in parse_cards(view["hand"])]
        me, dealer = known(view["seat"], "seat"), known(view["dealer"], "dealer")
        target = int(view["target"])
        scores = [int(s) for s in view["scores"]]
        unseen = unseen_cards(view)
        choices = [(a, b) for i, a in enumerate(hand) for b in hand[i + 1 :]]
        if _ismcts is None or type(self.rng) is not _random.Random or len(hand) != 6:
            visits = self._discard_python(hand, me, dealer, scores, target, unseen)
        else:
            visits = _ismcts.discard_visits(
                hand,
                me,
                dealer,
                scores,
                target,
                unseen,
                self.rng,
                self.simulations,
                EXPLORE,
                *race_tables(GAME, "rotate"),
            )
        best = max(range(len(choices)), key=lambda i: visits[i])
        return list(choices[best])

    def _discard_python(
        self,
        hand: list[int],
        me: int,
        dealer: int,
        scores: list[int],
        target: int,
        unseen: list[int],
    ) -> list[int]:
        """The visits to each discard (each card of ``hand`` with each after it) after the
        simulations. In C where it was built (``_ismcts.pyx``: the same simulations from the
        same generator, the same visits)."""
        other = 1 - me
        choices = [(a, b) for i, a in enumerate(hand) for b in hand[i + 1 :]]
        visits = [0] * len(choices)
        totals = [0.0] * len(choices)
        for n in range(self.simulations):
            if n < len(choices):
                k = n
            else:
                k = max(
                    range(len(choices)),
                    key=lambda i: (
                        totals[i] / visits[i] + EXPLORE * math.sqrt(math.log(n) / visits[i])
                    ),
                )
            drawn = self.rng.sample(unseen, 7)
            theirs, starter = drawn[:6], drawn[6]
            thrown = self.rng.sample(theirs, 2)
            kept = {
                me: [c for c in hand if c not in choices[k]],
                other: [c for c in theirs if c not in thrown],
            }
            crib = [*choices[k], *thrown]
            totals[k] += self._hand_value(kept, crib, starter, me, dealer, scores, target)
            visits[k] += 1
        return visits

    def _hand_value(
        self,
        kept: dict[int, list[int]],
        crib: Sequence[int],
        starter: int,
        me: int,
        dealer: int,
        scores: Sequence[int],
        target: int,
    ) -> float:
        """This seat's chance of winning after the hand dealt so, both playing the heuristic."""
        pone = 1 - dealer
        position = PegPosition((0, 1), {s: list(c) for s, c in kept.items()}, turn=pone)
        need = [target - s for s in scores]
        after = list(scores)
        if RANK_OF[starter] == 11:  # his heels
            after[dealer] += 2
            if after[dealer] >= target:
                return 1.0 if dealer == me else 0.0
            need[dealer] -= 2
        gained, first = play_out_heuristic(position, need=need)
        after = [a + g for a, g in zip(after, gained, strict=True)]
        shows = [
            (pone, show_total(kept[pone], starter)),
            (dealer, show_total(kept[dealer], starter)),
            (dealer, show_total(list(crib), starter, True)),
        ]
        if first < 0:
            first = counted_out(after, shows, target)
        if first >= 0:
            return 1.0 if first == me else 0.0
        return race_value(target - after[me], target - after[1 - me], deal_next=dealer != me)

    # -- the play ------------------------------------------------------------------------

    def _play(self, view: CribbageBotView) -> int:
        search = PlaySearch(view, model=False)  # its determinizations, shows and scores
        if _ismcts is None or type(self.rng) is not _random.Random:
            visits = self._play_python(search)
        else:
            visits = _ismcts.root_visits(
                search, self.rng, self.simulations, EXPLORE, *race_tables(GAME, "rotate")
            )
        playable: dict[int, int] = {}
        for action in view["legal"]:
            if action["type"] == "play":
                card = int(parse_card(action["card"]))
                playable.setdefault(RANK_OF[card], card)
        best = max((r for r, _ in visits if r in playable), key=dict(visits).__getitem__)
        return playable[best]

    def _play_python(self, search: PlaySearch) -> list[tuple[int, int]]:
        """The play's tree after the simulations: the root's children as (rank, visits), in
        the order they were added. In C where it was built (``_ismcts.pyx``: the same
        simulations from the same generator, the same tree)."""
        me = search.me
        root = Node(seat=-1)
        for _ in range(self.simulations):
            world = search.world(self.rng)
            position = search.start.copy()
            position.hands.update((seat, list(cards)) for seat, cards in world.others.items())
            descent = Descent(root, self.rng)
            value = self._play_value(search, position, descent, world)
            for visited in descent.path[1:]:
                visited.visits += 1
                visited.total += value if visited.seat == me else 1.0 - value
        return [(rank, child.visits) for rank, child in root.children.items()]

    @staticmethod
    def _play_value(
        search: PlaySearch, position: PegPosition, policy: Policy, world: World
    ) -> float:
        """This seat's chance of winning once the play and the show of ``world`` are over."""
        gained, first = play_out(position, policy, side_of=search.sides, need=search.need)
        after = [s + g for s, g in zip(search.score, gained, strict=True)]
        if first < 0:
            first = counted_out(after, search.shows(world), search.target)
        me, other = search.my_side, search.opponents[0]
        if first >= 0:
            return 1.0 if first == me else 0.0
        deal_next = search.sides[search.dealer] != me
        return race_value(
            search.target - after[me], search.target - after[other], deal_next=deal_next
        )
