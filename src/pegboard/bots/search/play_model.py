"""How likely the others' plays so far were, in a world: players peg when they can.

A world deals each other seat the cards it still holds; with the cards it has played since,
that is what it held at each of its plays. A player who held a card that would have pegged
(a fifteen, a pair, a run, 31) and played one that pegged less probably did not hold it: a
world is weighed by ``exp(-MISSED * points passed up)`` over every play the others made.
Nothing but pegging now is assumed of them (not how they lead or what they keep back), so
the weight fits any player who takes their points, a person or a bot; unless their own plays
in earlier hands showed a style (:mod:`.play_styles`): then a world in which a play was not
that style's choice is ``SLIP`` times less likely, each time, and a player found to play any
card alike (:data:`~pegboard.bots.search.pegging.RANDOM`) says nothing by their plays.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from pegboard.bots.search.pegging import GREEDY, POLICIES, RANDOM
from pegboard.bots.search.play_history import PlaySoFar
from pegboard.cards import RANK_OF, VALUE_OF
from pegboard.scoring.pegging import pegging_points

MISSED = 1.5
"""How much less likely a world is for each pegging point it says a player passed up."""
SLIP = 0.05
"""How often a player who plays a learned style plays another card."""


def passed_up(
    history: PlaySoFar,
    holding: Mapping[int, Sequence[int]],
    styles: Sequence[int] | None = None,
) -> int:
    """The pegging points the seats of ``holding`` (each seat's unplayed cards) passed up
    in the plays so far, had they held those cards; a seat of ``styles`` found to play
    :data:`RANDOM` is left out (it passes up points as it likes)."""
    held = {
        seat: list(cards)
        for seat, cards in holding.items()
        if styles is None or styles[seat] != RANDOM
    }
    missed = 0
    for (seat, card), before in zip(reversed(history.plays), reversed(history.before), strict=True):
        hand = held.get(seat)
        if hand is None:
            continue
        count = sum(VALUE_OF[c] for c in before)
        cards = [*before, card]
        got = pegging_points(cards, count + VALUE_OF[card])
        best = got
        for other in hand:
            if count + VALUE_OF[other] <= 31:
                cards[-1] = other
                best = max(best, pegging_points(cards, count + VALUE_OF[other]))
        missed += best - got
        hand.append(card)  # before this play they held it too
    return missed


def off_style(
    history: PlaySoFar, holding: Mapping[int, Sequence[int]], styles: Sequence[int]
) -> int:
    """How many of the plays so far of the seats of ``holding`` with a learned style
    (:mod:`.play_styles`: ``greedy``'s, the one with a choice of its own) were not what that
    style would have played, had they held those cards (suits aside)."""
    held = {seat: list(cards) for seat, cards in holding.items() if styles[seat] == GREEDY}
    off = 0
    for (seat, card), before in zip(reversed(history.plays), reversed(history.before), strict=True):
        hand = held.get(seat)
        if hand is None:
            continue
        hand.append(card)  # at this play they held it too
        off += not fits_style(styles[seat], card, hand, before)
    return off


def fits_style(style: int, card: int, hand: Sequence[int], before: Sequence[int]) -> bool:
    """Whether a player of ``style`` holding ``hand`` would have played ``card``'s rank onto
    the count of ``before`` (a :data:`RANDOM` player plays any card)."""
    if style == RANDOM:
        return True
    count = sum(VALUE_OF[c] for c in before)
    playable = [c for c in hand if count + VALUE_OF[c] <= 31]
    return RANK_OF[POLICIES[style](0, playable, count, before)] == RANK_OF[card]


def likelihood(
    history: PlaySoFar,
    holding: Mapping[int, Sequence[int]],
    styles: Sequence[int] | None = None,
) -> float:
    """How likely the others' plays were in a world where they hold ``holding``, relative
    to a world where they never passed up a point (nor, with ``styles``, left their style)."""
    if styles is not None and not any(styles):
        styles = None
    weight = math.exp(-MISSED * passed_up(history, holding, styles))
    if styles is not None:
        weight *= SLIP ** off_style(history, holding, styles)
    return weight
