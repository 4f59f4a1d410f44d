"""Claims and Muggins (docs/rules.md, "Counting by hand and Muggins"): manual counting, one
mechanism for every game.

A count in manual mode is a :class:`CountingRound`: the claimant names items (kind + cards);
every item must be real (one of the scorer's own items) or the claim is refused and may be
made again. Then each opponent in turn may call Muggins, naming items and the points they are
worth: if every item is real and nobody has taken it yet, the caller scores them. A wrong call
is the game's parameter (``penalty``): with it (Cribist, Cribbage) the caller loses the points
stated; without it (Cribbage is not Enough) the call is refused with the reason and costs
nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pegboard.cards import Card, card_names, parse_cards
from pegboard.core.wire import (
    Action,
    Claim,
    ClaimEvent,
    CountAction,
    CountEvent,
    CountingJson,
    Muggins,
    MugginsEvent,
    NamedItem,
    Pass,
)
from pegboard.errors import CardError, IllegalAction
from pegboard.scoring import ScoreItem

CLAIM_NOTHING: Claim = {"type": "claim", "items": []}
PASS: Pass = {"type": "pass"}

FIXED_POINTS = {"fifteen": 2, "pair": 2, "nobs": 1, "jack-of-trumps": 1}
BY_SIZE = ("run", "flush")  # worth one point per card
MAX_ITEMS = 64  # more than any count can hold; a longer list is refused unread

ItemKey = tuple[str, frozenset[int]]


def nominal_points(kind: str, cards: Sequence[Card]) -> int:
    """What an item of this kind and these cards is worth if it is real."""
    if kind in FIXED_POINTS:
        return FIXED_POINTS[kind]
    if kind in BY_SIZE:
        return len(cards)
    raise IllegalAction(
        f"{kind!r} cannot be claimed; claim fifteen, pair, run, flush, nobs or jack-of-trumps"
    )


def item_key(item: ScoreItem) -> ItemKey:
    return (item.kind, frozenset(item.cards))


def parse_items(data: object) -> tuple[ScoreItem, ...]:
    """Claimed items from their JSON form, each worth its nominal points; never two alike."""
    if not isinstance(data, list) or len(data) > MAX_ITEMS:
        example = '[{"kind": "fifteen", "cards": ["5H", "TD"]}]'
        raise IllegalAction(f"items are a list (at most {MAX_ITEMS}) like {example}")
    items: list[ScoreItem] = []
    seen: set[ItemKey] = set()
    for entry in data:
        if not isinstance(entry, Mapping) or not isinstance(entry.get("kind"), str):
            raise IllegalAction(f"an item has a kind and cards, not {entry!r}")
        cards_data = entry.get("cards")
        if not isinstance(cards_data, list):
            raise IllegalAction(f"an item's cards are a list, not {cards_data!r}")
        try:
            cards = tuple(sorted(parse_cards(cards_data)))
        except CardError as error:
            raise IllegalAction(str(error)) from None
        kind = str(entry["kind"]).strip().lower()
        item = ScoreItem(kind, nominal_points(kind, cards), cards)
        if item_key(item) in seen:
            raise IllegalAction(f"{describe(item)} is named twice")
        seen.add(item_key(item))
        items.append(item)
    return tuple(items)


def items_json(items: Iterable[ScoreItem]) -> list[NamedItem]:
    return [{"kind": i.kind, "cards": card_names(i.cards)} for i in items]


def canonical_claim(action: Mapping[str, Any]) -> CountAction:
    """The canonical form of a claim, a Muggins call or a pass."""
    kind = action.get("type")
    if kind == "pass":
        return PASS.copy()
    items = parse_items(action.get("items"))
    if kind == "claim":
        return {"type": "claim", "items": items_json(items)}
    stated = action.get("points")
    if stated is None:
        stated = sum(i.points for i in items)
    if not isinstance(stated, int) or isinstance(stated, bool) or not 1 <= stated <= 1000:
        raise IllegalAction(
            f"a Muggins call states its points, a whole number from 1, not {stated!r}"
        )
    if not items:
        raise IllegalAction("a Muggins call names the items it has found")
    return {"type": "muggins", "items": items_json(items), "points": stated}


def describe(item: ScoreItem) -> str:
    return f"{item.kind} {' '.join(card_names(item.cards))}"


@dataclass
class CountingRound:
    """One manual count: ``claimant`` claims from ``cards``, then ``callers`` may call Muggins."""

    claimant: int
    label: str  # what is counted: "hand", "crib", "trick"
    cards: tuple[Card, ...]
    items: tuple[ScoreItem, ...]  # the scorer's own items: the truth
    callers: tuple[int, ...]  # opponents, in calling order
    penalty: bool = True  # a wrong Muggins call costs its points; else it is refused
    taken: list[ScoreItem] = field(default_factory=list)  # claimed or called, in order
    claimed: bool = False
    called: int = 0  # how many callers have had their turn

    @property
    def to_act(self) -> tuple[int, ...]:
        if not self.claimed:
            return (self.claimant,)
        if self.called < len(self.callers):
            return (self.callers[self.called],)
        return ()

    @property
    def done(self) -> bool:
        return self.claimed and self.called >= len(self.callers)

    def legal(self, seat: int) -> list[CountAction]:
        """The spelled-out choices: claim nothing, or pass. Any other claim is open-ended."""
        if seat not in self.to_act:
            return []
        return [CLAIM_NOTHING.copy()] if not self.claimed else [PASS.copy()]

    def check(self, seat: int, action: Action) -> None:
        """Refuse a claim naming an item that is not in the count (it may be made again)."""
        if seat not in self.to_act:
            raise IllegalAction(f"seat {seat} is not the one to claim or call now")
        kind = action["type"]
        if kind == "claim" and not self.claimed:
            real = {item_key(i) for i in self.items}
            for item in parse_items(action["items"]):
                if item_key(item) not in real:
                    raise IllegalAction(
                        f"there is no {describe(item)} in this {self.label}; claim again"
                    )
            return
        if kind == "muggins" and self.claimed:
            wrong = None if self.penalty else self._wrong_call(action)
            if wrong:  # without a penalty, a wrong call is refused and costs nothing
                raise IllegalAction(f"no Muggins: {wrong}")
            return  # with a penalty any call may be made: a wrong one costs the caller
        expected = "claim" if not self.claimed else "muggins or pass"
        raise IllegalAction(f"now is the time to {expected}, not {kind}")

    def claim(self, action: Claim) -> tuple[ScoreItem, ...]:
        """The claimed items (already checked real); they are taken."""
        items = self._real(parse_items(action["items"]))
        self.taken.extend(items)
        self.claimed = True
        return items

    def muggins(self, action: Muggins) -> tuple[bool, tuple[ScoreItem, ...], int]:
        """(valid, the items scored, points): points won, or lost (negative) if invalid."""
        self.called += 1
        stated = int(action["points"])
        if self._wrong_call(action) is None:
            fresh = self._real(parse_items(action["items"]))
            self.taken.extend(fresh)
            return True, fresh, stated
        return False, (), -stated

    def _wrong_call(self, action: Action) -> str | None:
        """Why a Muggins call is wrong, or None if every item is real, unclaimed, and the
        points stated are what they are worth."""
        named = parse_items(action["items"])
        open_items = {item_key(i): i for i in self.unclaimed()}
        for item in named:
            if item_key(item) not in open_items:
                taken = item_key(item) in {item_key(i) for i in self.taken}
                why = "is already taken" if taken else f"is not in this {self.label}"
                return f"{describe(item)} {why}"
        worth = sum(open_items[item_key(i)].points for i in named)
        stated = int(action["points"])
        if worth != stated:
            return f"the items named are worth {worth}, not {stated}"
        return None

    def pass_turn(self) -> None:
        self.called += 1

    def step(self, seat: int, action: CountAction) -> tuple[CountEvent, tuple[ScoreItem, ...]]:
        """Carry out a checked claim, Muggins call or pass: the event to record, and the items
        to score for ``seat`` (a failed call scores one negative ``muggins`` item)."""
        if action["type"] == "claim":
            items = self.claim(action)
            points = sum(i.points for i in items)
            claimed: ClaimEvent = {
                "type": "claim",
                "seat": seat,
                "items": action["items"],
                "points": points,
                "valid": True,
            }
            return claimed, items
        if action["type"] == "muggins":
            valid, items, points = self.muggins(action)
            called: MugginsEvent = {
                "type": "muggins",
                "seat": seat,
                "items": action["items"],
                "points": action["points"],
                "valid": valid,
            }
            return called, items if valid else (ScoreItem("muggins", points, ()),)
        self.pass_turn()
        return {"type": "pass", "seat": seat}, ()

    def unclaimed(self) -> tuple[ScoreItem, ...]:
        taken = {item_key(i) for i in self.taken}
        return tuple(i for i in self.items if item_key(i) not in taken)

    def _real(self, named: Iterable[ScoreItem]) -> tuple[ScoreItem, ...]:
        real = {item_key(i): i for i in self.items}
        return tuple(real[item_key(i)] for i in named)

    def to_json(self) -> CountingJson:
        """What everyone at the table may see of the count (its cards are face up)."""
        return {
            "claimant": self.claimant,
            "label": self.label,
            "cards": card_names(self.cards),
            "claimed": self.claimed,
            "callers": list(self.callers),
            "to_call": self.callers[self.called] if self.claimed and not self.done else None,
            "penalty": self.penalty,
            "taken": [i.to_json() for i in self.taken],
        }
