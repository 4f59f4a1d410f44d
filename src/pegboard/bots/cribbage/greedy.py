"""Cribbage's ``greedy``: keep the four cards with the best hand on average over every possible
starter; in the play, the card that pegs most now (ties: the highest card, keeping low ones for
the go); count perfectly in manual mode."""

from __future__ import annotations

import random as _random
from itertools import combinations

from pegboard.bots.base import View, forced_move
from pegboard.bots.cribbage.counting import count_show
from pegboard.cards import DECK, RANK_OF, VALUE_OF, Card, parse_cards
from pegboard.core.rules import Action
from pegboard.games.cribbage.views import cribbage_view
from pegboard.scoring import score_pegging, score_show


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


class CribbageGreedy:
    name = "greedy"

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
            thrown = best_keep(hand, len(hand) - 4)
            return {"type": "discard", "cards": [str(c) for c in thrown]}
        card = best_play(hand, parse_cards(view["count_cards"]), int(view["count"]))
        if card is None:
            return {"type": "go"}
        return {"type": "play", "card": str(card)}
