"""Observation layouts: named blocks of a flat float32 vector, and a writer that fills one.

Every observation is built from the seat's own view (:meth:`pegboard.core.rules.Rules.view`),
the same dict a person or a bot in that seat is shown, so it can hold nothing that seat may
not see. Seats are *relative*: block ``[k]`` of a per-seat group is the seat ``k`` places to
the observer's left (``[0]`` is the observer).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pegboard.cards import RANK_OF, SUIT_OF, parse_card

Observation = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Field:
    name: str
    size: int
    meaning: str


class Layout:
    """Fields laid end to end: ``offset[name]`` is where a field starts."""

    def __init__(self, fields: Sequence[Field]) -> None:
        self.fields = tuple(fields)
        self.offset: dict[str, int] = {}
        total = 0
        for f in self.fields:
            self.offset[f.name] = total
            total += f.size
        self.size = total

    def table(self) -> list[tuple[int, int, str, str]]:
        """(first index, last index, name, meaning) per field: the documented layout."""
        return [
            (self.offset[f.name], self.offset[f.name] + f.size - 1, f.name, f.meaning)
            for f in self.fields
        ]

    def writer(self) -> Writer:
        return Writer(self)


class Writer:
    """Collects the ones and the scalars, then makes the array in one go."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.ones: list[int] = []
        self.values: dict[int, float] = {}

    def cards(self, name: str, cards: Iterable[str] | None, block: int = 0) -> None:
        """Mark ``cards`` (their text forms) in the 52-wide ``block``-th part of ``name``."""
        if cards:
            start = self.layout.offset[name] + 52 * block
            self.ones.extend(start + parse_card(c) for c in cards)

    def one(self, name: str, index: int) -> None:
        self.ones.append(self.layout.offset[name] + index)

    def value(self, name: str, value: float, index: int = 0) -> None:
        self.values[self.layout.offset[name] + index] = value

    def hand_positions(self, name: str, hand: Sequence[str]) -> None:
        """Rank (13) and suit (4) of each card of the hand, in id order."""
        start = self.layout.offset[name]
        for i, card in enumerate(sorted(parse_card(c) for c in hand)):
            base = start + 17 * i
            self.ones.extend((base + RANK_OF[card] - 1, base + 13 + SUIT_OF[card]))

    def array(self) -> Observation:
        out = np.zeros(self.layout.size, dtype=np.float32)
        out[self.ones] = 1.0
        for index, value in self.values.items():
            out[index] = value
        return out


def relative(seat: int, other: int, players: int) -> int:
    """How many places to ``seat``'s left ``other`` sits."""
    return (other - seat) % players


def cards_field(name: str, meaning: str, seats: int = 1) -> Field:
    return Field(name, 52 * seats, meaning)


HAND_POSITIONS_FIELD = Field(
    "hand_positions",
    6 * 17,
    "per hand position 0..5 (your cards in id order): rank one-hot (13), suit one-hot (4)",
)


def clip(value: float, low: float = -1.0, high: float = 2.0) -> float:
    return min(high, max(low, value))
