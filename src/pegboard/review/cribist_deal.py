"""What a Cribist hand dealt was worth, for the review's luck: the points its 13 cards can expect
to take in the hand, less what a seat in the same place expects from a random deal.

A hand is valued by :data:`WORLDS` rollouts: the other 39 cards dealt at random to the other
three seats (from a generator seeded by the hand and the seat), the whole hand played by the
expert's rollout policy (:func:`pegboard.bots.search.tricks.roll_out`: the leader names trumps
with its lead), the seat's trick points and tricks counted. The average by place
(:data:`AVERAGE_BY_PLACE`: the leader, who names trumps, then the next two, then the dealer) was
measured the same way over random deals (:func:`average_by_place`).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

from pegboard.bots.search.tricks import PLAYERS, choose, roll_out
from pegboard.cards import DECK

WORLDS = 64
"""Rollouts per hand dealt (the standard error of a hand's worth is then about half a point)."""
TRICKS = 13

AVERAGE_BY_PLACE = (17.967, 17.046, 17.424, 17.683)
"""Points a seat takes in a hand from a random deal, by its place after the dealer (the
leader first, the dealer last): :func:`average_by_place` over 2,000 seeded deals (standard
error 0.13 to 0.17); tests/review/test_cribist_deal_luck.py checks it on fewer."""


def hand_worth(hands: Sequence[Sequence[int]], seat: int, dealer: int, rng: random.Random) -> float:
    """The points ``seat``, holding ``hands[seat]``, can expect to take in the hand (the other
    hands drawn again: only its own cards count)."""
    mine = sorted(int(c) for c in hands[seat])
    rest = sorted(int(c) for c in DECK if c not in set(mine))
    leader = (dealer + 1) % PLAYERS
    taken = []
    for _ in range(WORLDS):
        others = list(rest)
        rng.shuffle(others)
        dealt: dict[int, list[int]] = {}
        for k in range(1, PLAYERS):
            dealt[(seat + k) % PLAYERS] = others[(k - 1) * TRICKS : k * TRICKS]
        dealt[seat] = list(mine)
        first = choose(dealt[leader], [], -1, -1)
        gained, _ = roll_out(dealt, [], -1, leader, first, tricks=TRICKS)
        taken.append(gained[seat])
    return statistics.fmean(taken)


def place_of(seat: int, dealer: int) -> int:
    """0 for the leader (the dealer's left) … 3 for the dealer."""
    return (seat - dealer - 1) % PLAYERS


def deal_luck(hands: Sequence[Sequence[int]], seat: int, dealer: int, rng: random.Random) -> float:
    """What ``seat``'s hand dealt was worth against the average deal for its place, in points."""
    return hand_worth(hands, seat, dealer, rng) - AVERAGE_BY_PLACE[place_of(seat, dealer)]


def average_by_place(deals: int, seed: str = "cribist-deal-average") -> tuple[float, ...]:
    """Each place's mean :func:`hand_worth` over ``deals`` random deals (dealer 0)."""
    sums = [0.0] * PLAYERS
    for n in range(deals):
        cards = list(DECK)
        random.Random(f"{seed}/{n}").shuffle(cards)
        hands = [cards[s * TRICKS : (s + 1) * TRICKS] for s in range(PLAYERS)]
        for seat in range(PLAYERS):
            rng = random.Random(f"{seed}/{n}/{seat}")
            sums[place_of(seat, 0)] += hand_worth(hands, seat, 0, rng)
    return tuple(s / deals for s in sums)
