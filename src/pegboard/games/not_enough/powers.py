"""The Civil Four deck's colours and the Intel / Might / Magic values of its court cards.

The real values are printed only on the cards, so they live in a JSON table (the packaged
``data/civil_four_powers.json`` holds placeholders). The engine reads every number from a
:class:`PowerTable`; a deck with real values is one replacement file away (:func:`load_powers`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from pegboard.cards import DECK, RANK_OF, SUIT_OF, Card
from pegboard.errors import PegboardError
from pegboard.games.not_enough.views import PowersJson

GREY = "grey"
BLUE = "blue"
COLOURS = (GREY, BLUE)
POWERS = ("intel", "might", "magic")
COURT = {11: "J", 12: "Q", 13: "K", 1: "A"}  # the ranks that carry powers
DEFAULT_FILE = "data/civil_four_powers.json"
MAX_VALUE = 99  # a table value above this is a typo, and would roll absurd numbers of dice


class PowersError(PegboardError):
    """A powers table that cannot be read or does not describe a Civil Four deck."""


def is_court(card: int) -> bool:
    return RANK_OF[card] in COURT


@dataclass(frozen=True)
class PowerTable:
    """Which colour each suit belongs to, and each court card's three values."""

    suits: Mapping[str, tuple[int, ...]]  # colour -> its two suits
    values: Mapping[int, Mapping[str, int]]  # court card id -> {"intel": n, "might": n, ...}
    source: str
    placeholder: bool = False

    def colour_of(self, card: int) -> str:
        return GREY if SUIT_OF[card] in self.suits[GREY] else BLUE

    def cards_of(self, colour: str) -> tuple[Card, ...]:
        """A colour's 26 cards in id order (what its shuffle permutes)."""
        return tuple(c for c in DECK if SUIT_OF[c] in self.suits[colour])

    def value(self, card: int, power: str) -> int:
        """The card's value for ``power``; 0 for a card that is not J, Q, K or A."""
        found = self.values.get(card)
        return found[power] if found is not None else 0

    def total(self, cards: list[Card] | tuple[Card, ...], power: str) -> int:
        return sum(self.value(c, power) for c in cards)

    def to_json(self) -> PowersJson:
        """The table as everyone at the table may see it (it is printed on the cards)."""
        return {
            "source": self.source,
            "placeholder": self.placeholder,
            "colours": {c: ["CDHS"[s] for s in self.suits[c]] for c in COLOURS},
            # By suit, then rank: never a card token such as "JC" (views carry no hidden cards).
            "values": {
                letter: {COURT[rank]: dict(self.values[(rank - 1) * 4 + suit]) for rank in COURT}
                for suit, letter in enumerate("CDHS")
            },
        }


def parse_powers(data: object, source: str) -> PowerTable:
    """A table from its JSON form (see the packaged file); raises :class:`PowersError`."""
    if not isinstance(data, dict):
        raise PowersError(f"{source}: a powers table is a JSON object")
    suits = _colours(data.get("colours"), source)
    roles = data.get("roles")
    powers = data.get("powers")
    if not isinstance(roles, dict) or not isinstance(powers, dict):
        raise PowersError(f"{source}: a powers table has 'roles' and 'powers' objects")
    values: dict[int, dict[str, int]] = {}
    for suit_index, letter in enumerate("CDHS"):
        role = roles.get(letter)
        table = powers.get(role) if isinstance(role, str) else None
        if not isinstance(table, dict):
            raise PowersError(f"{source}: suit {letter} needs a role with powers, not {role!r}")
        for rank, rank_letter in COURT.items():
            entry = table.get(rank_letter)
            if not isinstance(entry, dict):
                raise PowersError(f"{source}: role {role} has no values for {rank_letter}")
            card = (rank - 1) * 4 + suit_index
            where = f"{source}: {role} {rank_letter}"
            values[card] = {p: _value(entry.get(p), f"{where} {p}") for p in POWERS}
    return PowerTable(suits, values, source, bool(data.get("placeholder", False)))


def load_powers(path: str | Path | None = None) -> PowerTable:
    """The table in ``path``, or the packaged one when no path is given."""
    if path is None:
        return default_powers()
    file = Path(path)
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise PowersError(f"cannot read the powers table {file}: {error}") from None
    return parse_powers(data, str(file))


@lru_cache(maxsize=1)
def default_powers() -> PowerTable:
    text = resources.files("pegboard").joinpath(DEFAULT_FILE).read_text("utf-8")
    return parse_powers(json.loads(text), DEFAULT_FILE)


def _colours(data: object, source: str) -> dict[str, tuple[int, ...]]:
    """Grey and blue, two suits each, together all four (docs/rules.md: grey C+S, blue H+D)."""
    if not isinstance(data, dict) or sorted(data) != sorted(COLOURS):
        raise PowersError(f"{source}: 'colours' names grey and blue, each with two suits")
    suits: dict[str, tuple[int, ...]] = {}
    for colour in COLOURS:
        letters = data[colour]
        if not isinstance(letters, list) or not all(
            isinstance(s, str) and s in "CDHS" and len(s) == 1 for s in letters
        ):
            raise PowersError(f"{source}: colour {colour} lists suit letters, not {letters!r}")
        suits[colour] = tuple(sorted("CDHS".index(s) for s in letters))
    if sorted(suits[GREY] + suits[BLUE]) != [0, 1, 2, 3] or len(suits[GREY]) != 2:
        raise PowersError(f"{source}: the two colours must split the four suits two and two")
    return suits


def _value(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_VALUE:
        raise PowersError(f"{where} must be a whole number from 0 to {MAX_VALUE}, not {value!r}")
    return value
