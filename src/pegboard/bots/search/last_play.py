"""The last deal's play searched exactly, for the win (2 players, near the end of a game).

When either side can go out in this deal, who pegs what, and when, decides the game, and a
rollout that plays the heuristic for both sides misjudges it: the opponent will not play
into a peg-out it can see. Here each sampled world (the opponent's hand weighted by how a
good player keeps, as the play search draws them) is played to the end of the play by
minimax, both hands known in that world: this seat picks the best for itself, the opponent
the worst for it, every card of every rank tried. A leaf is valued as the play search values
a world's end (:meth:`~pegboard.bots.search.play_search.PlaySearch` ``_ranked``: a side
pegged out wins; else the shows in order, the first to the target winning; else the score
race's value from there, with the pegging's difference to break ties). The candidate with the
best mean over the worlds is played. Positions are memoized per world by ranks (suits do not
matter in the play), so a full play of four cards each is a few thousand positions.

Only a duel: the minimax needs one opponent, and its payoff is this seat's.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from pegboard.bots.search.endgame import REACH
from pegboard.bots.search.objective import counted_out, race_value
from pegboard.bots.search.play_search import TIE, PlaySearch, candidates
from pegboard.bots.search.race import GAME, Payoff
from pegboard.bots.search.worlds import World
from pegboard.cards import RANK_OF, VALUE_OF
from pegboard.games.cribbage.views import CribbageBotView
from pegboard.scoring.pegging import pegging_points

CANONICAL = {RANK_OF[c]: c for c in range(51, -1, -1)}
"""One card of each rank (the lowest id): the play only sees ranks."""


def applies(view: CribbageBotView) -> bool:
    """A 2-player game (no teams) in its play, a side within :data:`REACH` of the target."""
    if int(view["players"]) != 2 or view.get("teams"):
        return False
    if int(view["crib_size"]) != 4 or view.get("starter") is None:
        return False
    target = int(view["target"])
    return min(target - int(s) for s in view["scores"]) <= REACH


class LastPlay:
    """The minimax of one world's play, this seat's value at the leaves."""

    def __init__(self, search: PlaySearch, shows: Sequence[tuple[int, int]]) -> None:
        self.search = search
        self.shows = shows
        self.me = search.my_side
        self.other = search.opponents[0]
        self.memo: dict[tuple[object, ...], float] = {}

    def leaf(self, gained: Sequence[int], first: int) -> float:
        """``PlaySearch._ranked``'s value of a play that ended with ``gained`` pegged."""
        s = self.search
        me, other = self.me, self.other
        after = [score + g for score, g in zip(s.score, gained, strict=True)]
        if first < 0:
            first = counted_out(after, self.shows, s.target)
        tie = TIE * (gained[me] - gained[other])
        mine, theirs = s.target - after[me], s.target - after[other]
        if first >= 0:
            won = first == me
            return (s.payoff.winning(theirs) if won else s.payoff.losing(mine)) + tie
        deal_next = None if s.next_drawn else s.sides[s.dealer] != me
        return (
            race_value(
                mine, theirs, deal_next=deal_next, payoff=s.payoff, dealer_rule=s.dealer_rule
            )
            + tie
        )

    def value(
        self,
        hands: tuple[tuple[int, ...], tuple[int, ...]],
        count: int,
        cards: tuple[int, ...],
        passed: int,
        turn: int,
        last: int,
        gained: tuple[int, int],
    ) -> float:
        """This seat's value of the play from here, both sides playing their best. Seats and
        sides are 0 and 1; ``hands`` hold ranks' canonical cards, sorted; ``passed`` a bit
        per seat that said go in this count."""
        key = (hands, count, cards, passed, turn, last, gained)
        found = self.memo.get(key)
        if found is not None:
            return found
        hand = hands[turn]
        room = 31 - count
        playable = sorted({c for c in hand if VALUE_OF[c] <= room})
        if not playable:
            passed |= 1 << turn
            if passed != 3:
                result = self.value(hands, count, cards, passed, 1 - turn, last, gained)
            else:
                result = self._count_over(hands, last, _add(gained, last, 1))
        else:
            best = -1e9 if turn == self.me else 1e9
            for card in playable:
                result = self.after_card(hands, count, cards, passed, turn, gained, card)
                best = max(best, result) if turn == self.me else min(best, result)
            result = best
        self.memo[key] = result
        return result

    def after_card(
        self,
        hands: tuple[tuple[int, ...], tuple[int, ...]],
        count: int,
        cards: tuple[int, ...],
        passed: int,
        turn: int,
        gained: tuple[int, int],
        card: int,
    ) -> float:
        """The value once ``turn`` plays ``card`` (a playable canonical card)."""
        rest = list(hands[turn])
        rest.remove(card)
        held = (tuple(rest), hands[1]) if turn == 0 else (hands[0], tuple(rest))
        count += VALUE_OF[card]
        cards = (*cards, card)
        points = pegging_points(cards, count)
        if points:
            gained = _add(gained, turn, points)
            if gained[turn] >= self.search.need[turn]:
                return self.leaf(gained, turn)
        if count < 31:
            nxt = turn if passed else 1 - turn  # a seat that said go waits for the count
            return self.value(held, count, cards, passed, nxt, turn, gained)
        return self._count_over(held, turn, gained)

    def _count_over(
        self, hands: tuple[tuple[int, ...], tuple[int, ...]], last: int, gained: tuple[int, int]
    ) -> float:
        """A count has ended (31, or both said go and ``last`` pegged the go)."""
        if gained[last] >= self.search.need[last]:
            return self.leaf(gained, last)
        if not hands[0] and not hands[1]:
            return self.leaf(gained, -1)
        return self.value(hands, 0, (), 0, 1 - last, last, gained)


def _add(gained: tuple[int, int], seat: int, points: int) -> tuple[int, int]:
    return (gained[0] + points, gained[1]) if seat == 0 else (gained[0], gained[1] + points)


def world_values(search: PlaySearch, world: World, cards: Sequence[int]) -> list[float]:
    """Each candidate's minimax value in ``world`` (seats 0 and 1)."""
    start = search.start
    held = {seat: list(h) for seat, h in start.hands.items()}
    held.update((seat, list(h)) for seat, h in world.others.items())
    hands = (
        tuple(sorted(CANONICAL[RANK_OF[c]] for c in held.get(0, []))),
        tuple(sorted(CANONICAL[RANK_OF[c]] for c in held.get(1, []))),
    )
    passed = sum(1 << seat for seat in start.passed)
    count_cards = tuple(CANONICAL[RANK_OF[c]] for c in start.count_cards)
    solver = LastPlay(search, search.shows(world))
    return [
        solver.after_card(
            hands, start.count, count_cards, passed, start.turn, (0, 0), CANONICAL[RANK_OF[c]]
        )
        for c in cards
    ]


def choose_card_exactly(
    view: CribbageBotView,
    rng: random.Random,
    *,
    worlds: int,
    deadline: float | None = None,
    payoff: Payoff = GAME,
) -> int:
    """The candidate (one card per rank) with the best mean minimax value over up to
    ``worlds`` sampled worlds (at least one; fewer if :func:`time.thread_time` passes
    ``deadline``); between equals the lower card, as the play search breaks ties."""
    cards = candidates(view)
    if len(cards) == 1:
        return cards[0]
    search = PlaySearch(view, payoff=payoff)
    if sorted(search.history.seats) != [0, 1] or search.start.turn != search.me:
        raise ValueError("the exact play search is for a 2-player game, at this seat's turn")
    totals = [0.0] * len(cards)
    for n in range(worlds):
        world = search.world(rng)
        for i, value in enumerate(world_values(search, world, cards)):
            totals[i] += value
        if deadline is not None and n >= 1 and time.thread_time() > deadline:
            break
    best = max(range(len(cards)), key=lambda i: (totals[i], -VALUE_OF[cards[i]]))
    return cards[best]
