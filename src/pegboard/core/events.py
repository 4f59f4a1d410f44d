"""Events every game writes the same way (docs/records.md, "Events"), and how other seats see
them."""

from __future__ import annotations

from collections.abc import Iterable

from pegboard.core.outcome import Outcome
from pegboard.core.rules import Event
from pegboard.core.wire import EndEvent, ScoreEvent
from pegboard.scoring import ScoreItem


def peg(
    scores: list[int], side: Iterable[int], seat: int, items: tuple[ScoreItem, ...]
) -> ScoreEvent:
    """Add what ``items`` are worth to every seat of ``side`` (``seat`` and any partners);
    the score event that says so, with every seat's total after it."""
    points = sum(i.points for i in items)
    for s in side:
        scores[s] += points
    return {
        "type": "score",
        "seat": seat,
        "points": points,
        "items": [i.to_json() for i in items],
        "scores": list(scores),
    }


def end_event(outcome: Outcome) -> EndEvent:
    """The last event of a finished game: its outcome."""
    data = outcome.to_json()
    event: EndEvent = {
        "type": "end",
        "scores": data["scores"],
        "ranks": data["ranks"],
        "reason": data["reason"],
    }
    if "skunked" in data:
        event["skunked"] = data["skunked"]
    if "double_skunked" in data:
        event["double_skunked"] = data["double_skunked"]
    return event


def hide_other_hands(deal: Event, seat: int | None) -> Event:
    """A deal event as ``seat`` sees it: its own hand (none for a spectator), every hand's size."""
    hands = deal["hands"]
    return {
        **deal,
        "hands": [cards if i == seat else None for i, cards in enumerate(hands)],
        "hand_sizes": [len(cards) for cards in hands],
    }


def hide_cards(event: Event) -> Event:
    """An event whose cards only its own seat may see, as the others see it: how many."""
    return {**event, "cards": None, "count": len(event["cards"])}
