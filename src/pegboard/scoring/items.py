"""Score results with their explanation: what was counted, for how much, from which cards."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple, TypedDict

from pegboard.cards import Card, card_names, parse_cards

KINDS = (
    "fifteen",
    "pair",
    "run",
    "flush",
    "nobs",
    "heels",
    "thirty-one",
    "go",
    "last-card",
    "jack-of-trumps",
)
"""The shared item kinds; a game may add its own (docs/rules.md, "Cribbage is not Enough")."""


class ItemJson(TypedDict):
    """A scoring item as events, views and records carry it (``ScoreItem.to_json``)."""

    kind: str
    points: int
    cards: list[str]


class ScoreItem(NamedTuple):
    """One counted combination: ``ScoreItem("fifteen", 2, (5H, TD))``."""

    kind: str
    points: int
    cards: tuple[Card, ...]

    def to_json(self) -> ItemJson:
        return {"kind": self.kind, "points": self.points, "cards": card_names(self.cards)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ScoreItem:
        return cls(str(data["kind"]), int(data["points"]), tuple(parse_cards(data["cards"])))

    def describe(self) -> str:
        return f"{self.kind} for {self.points}: " + " ".join(str(c) for c in self.cards)


class Score:
    """A total with its items. Items may be computed lazily: totals are the hot path."""

    __slots__ = ("_explain", "_items", "total")

    def __init__(
        self,
        total: int,
        items: tuple[ScoreItem, ...] | None = None,
        explain: Callable[[], tuple[ScoreItem, ...]] | None = None,
    ) -> None:
        self.total = total
        self._items = items
        self._explain = explain

    @classmethod
    def of(cls, items: Iterable[ScoreItem]) -> Score:
        found = tuple(items)
        return cls(sum(i.points for i in found), found)

    @property
    def items(self) -> tuple[ScoreItem, ...]:
        if self._items is None:
            self._items = self._explain() if self._explain is not None else ()
            self._explain = None
        return self._items

    def __iter__(self) -> Iterator[ScoreItem]:
        return iter(self.items)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self.total == other.total and self.items == other.items

    def __hash__(self) -> int:
        return hash((self.total, self.items))

    def __repr__(self) -> str:
        return f"Score(total={self.total}, items={list(self.items)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "items": [i.to_json() for i in self.items]}
