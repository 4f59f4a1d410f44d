"""Cribist trick points: a 4-card trick counted like a cribbage hand (docs/rules.md, "Cribist")."""

from __future__ import annotations

from collections.abc import Sequence

from pegboard.cards import SUIT_OF, Card
from pegboard.errors import CardError
from pegboard.scoring.items import Score, ScoreItem
from pegboard.scoring.tables import combinations_fast


def score_trick(cards: Sequence[Card], trump: int) -> Score:
    """Fifteens, pairs, runs (a 4-card straight is 4, never 4+3+3), a flush of all four
    (4), and the Jack of trumps (1). ``trump`` is a suit (0-3)."""
    trick = tuple(cards)
    if len(trick) != 4 or len(set(trick)) != 4:
        raise CardError("a trick is 4 different cards")
    items = combinations_fast(trick)
    if len({SUIT_OF[c] for c in trick}) == 1:
        items.append(ScoreItem("flush", 4, trick))
    jack_of_trumps = 40 + trump
    if jack_of_trumps in trick:
        items.append(ScoreItem("jack-of-trumps", 1, (trick[trick.index(jack_of_trumps)],)))
    return Score.of(items)
