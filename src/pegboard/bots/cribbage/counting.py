"""Counting a Cribbage show perfectly: what every Cribbage bot claims in manual counting."""

from __future__ import annotations

from collections.abc import Sequence

from pegboard.bots.base import known
from pegboard.bots.claiming import perfect_count
from pegboard.cards import Card, parse_card
from pegboard.core.rules import Action
from pegboard.games.cribbage.views import CribbageBotView
from pegboard.scoring import ScoreItem, score_show


def count_show(view: CribbageBotView) -> Action:
    """Claim every item of a hand or crib, or call Muggins on every item left unclaimed."""
    counting = known(view["counting"], "count")
    starter = parse_card(known(view["starter"], "starter"))
    crib = counting["label"] == "crib"

    def score(cards: Sequence[Card]) -> tuple[ScoreItem, ...]:
        return score_show([c for c in cards if c != starter], starter, crib=crib).items

    return perfect_count(counting, score)
