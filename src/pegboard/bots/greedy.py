"""``greedy``: the best thing right now, no look-ahead; counts perfectly in manual mode.

Cribbage: keep the four cards with the best hand on average over every possible starter;
in the play, the card that pegs most now (ties: the highest card, keeping low ones for the go).
"""

from __future__ import annotations

import random as _random
from collections.abc import Sequence
from itertools import combinations

from pegboard.bots.base import View
from pegboard.bots.claiming import perfect_count
from pegboard.bots.cribist.greedy import act_cribist
from pegboard.bots.not_enough.greedy import act_greedy as act_not_enough
from pegboard.cards import DECK, RANK_OF, VALUE_OF, Card, parse_card, parse_cards
from pegboard.core.rules import Action
from pegboard.errors import OptionError
from pegboard.scoring import ScoreItem, score_pegging, score_show


def expected_hand(kept: list[Card], seen: set[Card]) -> float:
    """The hand's mean show score over every starter not among ``seen``."""
    starters = [c for c in DECK if c not in seen]
    return sum(score_show(kept, s).total for s in starters) / len(starters)


def best_keep(hand: list[Card], toss: int) -> tuple[Card, ...]:
    """The discard of ``toss`` cards leaving the best expected hand."""
    seen = set(hand)
    best: tuple[float, tuple[Card, ...]] | None = None
    for thrown in combinations(sorted(hand), toss):
        kept = [c for c in hand if c not in thrown]
        value = expected_hand(kept, seen)
        if best is None or value > best[0]:
            best = (value, thrown)
    assert best is not None
    return best[1]


def best_play(hand: list[Card], count_cards: list[Card], count: int) -> Card | None:
    """The playable card that pegs most now; None if none can be played."""
    playable = [c for c in hand if count + VALUE_OF[c] <= 31]
    if not playable:
        return None
    return max(playable, key=lambda c: (score_pegging([*count_cards, c]).total, RANK_OF[c], c))


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = _random.Random(seed)

    def act(self, view: View) -> Action:
        legal: list[Action] = view["legal"]
        if len(legal) == 1 and view.get("counting") is None:  # a count is open-ended
            return legal[0]
        game = view.get("game")
        if game == "cribbage":
            return self._cribbage(view)
        if game == "cribist":
            return act_cribist(view)
        if game == "not-enough":
            return act_not_enough(view)
        raise OptionError(f"the greedy bot does not play {game!r} yet")

    def _cribbage(self, view: View) -> Action:
        counting = view.get("counting")
        if counting is not None:
            starter = parse_card(view["starter"])
            crib = counting["label"] == "crib"

            def score(cards: Sequence[Card]) -> tuple[ScoreItem, ...]:
                return score_show([c for c in cards if c != starter], starter, crib=crib).items

            return perfect_count(counting, score)
        hand = parse_cards(view["hand"])
        if view["phase"] == "discard":
            thrown = best_keep(hand, len(hand) - 4)
            return {"type": "discard", "cards": [str(c) for c in thrown]}
        card = best_play(hand, parse_cards(view["count_cards"]), int(view["count"]))
        if card is None:
            return {"type": "go"}
        return {"type": "play", "card": str(card)}
