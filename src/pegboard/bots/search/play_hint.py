"""The play question a seat's view asks, and its answer: each legal card of the Cribbage play
ranked by the expert's expected pegging gain.

The expert's own search (:mod:`pegboard.bots.search.play_search`) deals the cards the seat
cannot see into worlds consistent with its view, plays each candidate card and rolls the rest
of the play out; a card is worth the mean of what the seat's side pegs minus what the others
peg from here to the end of the play. Only the seat's view is read, so a hint tells nothing that
view does not. The worlds are drawn from a generator seeded by the view itself: the same
question always gets the same answer.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from pegboard.analysis.question import HINT_GAMES, DiscardQuestion, discard_question
from pegboard.bots.base import View
from pegboard.bots.search.play_search import PlaySearch, candidates
from pegboard.bots.search.worlds import sample_world
from pegboard.cards import RANK_OF, parse_card
from pegboard.games.cribbage.views import CribbageBotView, cribbage_view

PLAY_WORLDS = 300
"""Worlds per answer: the means' noise is a small fraction of a point (a few ms a world)."""


@dataclass(frozen=True)
class PlayQuestion:
    """What a play hint needs: one seat's own view while it has a card to play."""

    view: CribbageBotView

    @property
    def hand_number(self) -> int:
        return int(self.view["hand_number"])

    @property
    def count(self) -> int:
        return int(self.view["count"])

    @property
    def playable(self) -> tuple[str, ...]:
        return tuple(a["card"] for a in self.view["legal"] if a["type"] == "play")


@dataclass(frozen=True)
class PlayValue:
    """The legal cards of one rank (the same card in the play) and their expected gain."""

    cards: tuple[str, ...]
    gain: float

    def to_json(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "gain": round(self.gain, 2)}


def play_question(view: View) -> PlayQuestion | None:
    """The question this view may ask now, or None unless the seat has a Cribbage card to
    play (a choice of one card is still answered: it says what that card is worth)."""
    if view.get("game") not in HINT_GAMES or view.get("phase") != "play":
        return None
    if not any(a.get("type") == "play" for a in view.get("legal") or []):
        return None
    return PlayQuestion(cribbage_view(view))


def play_answer(question: PlayQuestion, worlds: int = PLAY_WORLDS) -> tuple[PlayValue, ...]:
    """Every legal card grouped by rank, best expected gain first."""
    view = question.view
    search = PlaySearch(view, objective="pegging", model=False)  # the pegging gain itself
    ranks = candidates(view)
    rng = random.Random(_seed(view))
    totals = [0.0] * len(ranks)
    for _ in range(worlds):
        world = sample_world(view, search.history, rng, search.unseen)
        for i, card in enumerate(ranks):
            totals[i] += search.value(card, world)
    by_rank: dict[int, list[str]] = {}
    for name in question.playable:
        by_rank.setdefault(RANK_OF[parse_card(name)], []).append(name)
    values = [
        PlayValue(tuple(by_rank[RANK_OF[card]]), totals[i] / worlds) for i, card in enumerate(ranks)
    ]
    return tuple(sorted(values, key=lambda v: (-v.gain, RANK_OF[parse_card(v.cards[0])])))


def _seed(view: CribbageBotView) -> str:
    """The view's own account of the hand so far: a seed no other decision shares."""
    return repr((view["hand_number"], view.get("hand"), view.get("played"), view.get("starter")))


def hint_question(view: View) -> DiscardQuestion | PlayQuestion | None:
    """The hint a seat's view may ask for now (its discard, or its card to play), or None: what
    a game's ``"hints"`` surface names when the analysis and the play search value its
    decisions (Cribbage's)."""
    return discard_question(view) or play_question(view)
