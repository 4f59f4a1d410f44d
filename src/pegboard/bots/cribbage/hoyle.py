"""Cribbage's ``hoyle``: the classic published rules of thumb, as a third baseline.

Discarding (the way the handbooks teach it, no tables):

* keep the four cards that count most on their own (fifteens, pairs, runs, a flush, and a
  little for a Jack's chance of nobs), with a small bonus for 5s and for cards that combine
  with many starters (touching ranks, two cards making 5 or 15);
* to your own crib, throw cards that help it: a 5, a pair, two cards making 15, touching or
  near ranks (7-8, 6-8);
* to the opponent's crib, "balk" it: never a 5 when it can be avoided, and avoid pairs,
  fifteens and touching cards; widely separated cards (a King with a low card) are best.

Pegging:

* take points when you can: 31, a fifteen, a pair (unless it leaves room for a pair royal
  you cannot stop), a run; the most points first;
* lead a card below 5 (the next player cannot make 15), from a pair if you have one;
  never lead a 5;
* do not leave the count on 5 or 21 (a ten-card makes 15 or 31), nor two close ranks that
  invite a run;
* otherwise play the higher card while the count is below 15 (low cards are kept for a go
  or 31 later), and the lower card past 15, to keep the count going.

It counts and calls Muggins perfectly in manual mode. The handbooks' advice is Cribbage's: the
other games' ``hoyle`` is their ``greedy`` (their packages' ``BOTS``).
"""

from __future__ import annotations

import random as _random
from collections.abc import Sequence
from itertools import combinations, pairwise

from pegboard.bots.base import View, forced_move, known
from pegboard.bots.cribbage.counting import count_show
from pegboard.bots.search.pegging import book_policy
from pegboard.cards import RANK_OF, SUIT_OF, VALUE_OF, Card, card_names, parse_cards
from pegboard.core.rules import Action
from pegboard.games.cribbage.views import cribbage_view
from pegboard.scoring.tables import COMBO_POINTS_4, RANK_KEY


def kept_points(keep: Sequence[int]) -> float:
    """What four kept cards count on their own, with a little for what a starter may add."""
    points: float = COMBO_POINTS_4[sum(RANK_KEY[c] for c in keep)]
    if len({SUIT_OF[c] for c in keep}) == 1:
        points += 4
    points += 0.25 * sum(1 for c in keep if RANK_OF[c] == 11)  # a Jack: nobs a quarter of the time
    points += 0.5 * sum(1 for c in keep if RANK_OF[c] == 5)  # every ten-card makes 15 with it
    ranks = sorted(RANK_OF[c] for c in keep)
    points += 0.25 * sum(1 for a, b in pairwise(ranks) if b - a in (1, 2))
    return points


def crib_points(toss: Sequence[int]) -> float:
    """How much the tossed cards help a crib, by the rules of thumb."""
    value = 0.0
    ranks = [RANK_OF[c] for c in toss]
    value += 2.0 * sum(1 for r in ranks if r == 5)
    value += 0.25 * sum(1 for r in ranks if r == 11)
    for a, b in combinations(toss, 2):
        gap = abs(RANK_OF[a] - RANK_OF[b])
        if gap == 0:
            value += 2.0
        elif gap == 1:
            value += 1.0
        elif gap == 2:
            value += 0.5
        elif gap >= 6:
            value -= 0.5  # widely separated: a balk
        if VALUE_OF[a] + VALUE_OF[b] == 15:
            value += 2.0
        if SUIT_OF[a] == SUIT_OF[b]:
            value += 0.25
    return value


def hoyle_discard(hand: Sequence[Card], own_crib: bool) -> tuple[Card, ...]:
    """The toss the rules of thumb pick: the best kept count, plus (own crib) or minus
    (the opponent's) what the toss gives the crib; never a 5 to the opponent if avoidable."""
    size = len(hand) - 4
    options = list(combinations(sorted(hand), size))
    if not own_crib:
        no_fives = [t for t in options if all(RANK_OF[c] != 5 for c in t)]
        options = no_fives or options
    sign = 1.0 if own_crib else -1.0

    def value(toss: tuple[Card, ...]) -> float:
        keep = [c for c in hand if c not in toss]
        return kept_points(keep) + sign * crib_points(toss)

    return max(options, key=value)


def hoyle_play(hand: Sequence[Card], count_cards: Sequence[Card], count: int) -> Card | None:
    """The card the rules of thumb play, or None for a go: the handbook's play, which the
    expert's rollouts also use for a player found to play it (``pegging.book_policy``)."""
    playable = [int(c) for c in hand if count + VALUE_OF[c] <= 31]
    if not playable:
        return None
    return Card(book_policy(0, playable, count, [int(c) for c in count_cards]))


class CribbageHoyle:
    name = "hoyle"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = _random.Random(seed)

    def act(self, seen: View) -> Action:
        view = cribbage_view(seen)
        if (forced := forced_move(view)) is not None:
            return forced
        if view.get("counting") is not None:
            return count_show(view)
        hand = parse_cards(view["hand"])
        if view["phase"] == "discard":
            me = known(view["seat"], "seat")
            dealer = known(view["dealer"], "dealer")
            own = dealer == me or (bool(view.get("teams")) and dealer % 2 == me % 2)
            return {"type": "discard", "cards": card_names(hoyle_discard(hand, own))}
        card = hoyle_play(hand, parse_cards(view["count_cards"]), int(view["count"]))
        if card is None:
            return {"type": "go"}
        return {"type": "play", "card": str(card)}
