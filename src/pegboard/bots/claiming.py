"""Manual counting for bots: claim every item, and call Muggins on every item left unclaimed."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pegboard.cards import Card, parse_cards
from pegboard.core.claims import item_key, items_json, parse_items
from pegboard.core.rules import Action
from pegboard.core.wire import CountingJson
from pegboard.scoring import ScoreItem


def perfect_count(
    counting: CountingJson, score: Callable[[Sequence[Card]], Sequence[ScoreItem]]
) -> Action:
    """The best answer in a manual count. ``counting`` is the view's counting block (its
    cards are face up); ``score`` gives the scorer's items for those cards."""
    items = score(parse_cards(counting["cards"]))
    if not counting["claimed"]:
        return {"type": "claim", "items": items_json(items)}
    taken = {item_key(i) for i in parse_items(counting["taken"])}
    missed = [i for i in items if item_key(i) not in taken]
    if not missed:
        return {"type": "pass"}
    return {"type": "muggins", "items": items_json(missed), "points": sum(i.points for i in missed)}
