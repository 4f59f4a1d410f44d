"""Cards: 52 interned values with a paired text form (``"5H"`` <-> card).

A :class:`Card` *is* its id, ``(rank - 1) * 4 + suit`` (``AC`` = 0, ``KS`` = 51), so
tables indexed by card id work on cards directly and hot loops stay cheap.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Final

from pegboard.errors import CardError


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]


class Rank(IntEnum):
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        return "A23456789TJQK"[self - 1]

    @property
    def value(self) -> int:
        """Counting value: Ace 1, pictures 10."""
        return min(int(self), 10)


_RANK_LETTERS: Final = "A23456789TJQK"
_SUIT_LETTERS: Final = "CDHS"


class Card(int):
    """One of the 52 cards; compares and hashes as its id."""

    __slots__ = ()

    def __new__(cls, card_id: int) -> Card:
        if not 0 <= card_id < 52:
            raise CardError(f"card id must be 0..51, not {card_id}")
        return _DECK[card_id]

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        return _DECK[(rank - 1) * 4 + suit]

    @property
    def id(self) -> int:
        return int(self)

    @property
    def rank(self) -> Rank:
        return Rank((self >> 2) + 1)

    @property
    def suit(self) -> Suit:
        return Suit(self & 3)

    @property
    def value(self) -> int:
        return min((self >> 2) + 1, 10)

    def __str__(self) -> str:
        return _RANK_LETTERS[self >> 2] + _SUIT_LETTERS[self & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


_DECK: list[Card] = [int.__new__(Card, i) for i in range(52)]
DECK: Final[tuple[Card, ...]] = tuple(_DECK)
"""All 52 cards in id order (AC, AD, AH, AS, 2C, ...)."""

# Precomputed per-card facts, indexed by card id, for the hot paths.
RANK_OF: Final[tuple[int, ...]] = tuple((i >> 2) + 1 for i in range(52))
SUIT_OF: Final[tuple[int, ...]] = tuple(i & 3 for i in range(52))
VALUE_OF: Final[tuple[int, ...]] = tuple(min((i >> 2) + 1, 10) for i in range(52))

_RANK_TOKENS: Final[dict[str, int]] = {c: i + 1 for i, c in enumerate(_RANK_LETTERS)} | {"10": 10}
_SUIT_TOKENS: Final[dict[str, int]] = {c: i for i, c in enumerate(_SUIT_LETTERS)} | {
    s: i for i, s in enumerate("♣♦♥♠")
}


NAME_OF: Final[tuple[str, ...]] = tuple(str(c) for c in DECK)
"""Per card id: its canonical text form."""
_BY_NAME: Final[dict[str, Card]] = dict(zip(NAME_OF, DECK, strict=True))


def parse_card(token: str) -> Card:
    """Read one card: ``"5H"``, ``"TD"``, ``"10d"``, ``"Q♠"``."""
    if not isinstance(token, str):
        raise CardError(f"{token!r} is not a card: write a rank then a suit, like 5H")
    exact = _BY_NAME.get(token)
    if exact is not None:
        return exact
    text = token.strip().upper()
    rank = _RANK_TOKENS.get(text[:-1])
    suit = _SUIT_TOKENS.get(text[-1:])
    if rank is None or suit is None:
        hint = "write a rank (A 2-9 T/10 J Q K) then a suit (C D H S), like 5H"
        raise CardError(f"{token!r} is not a card: {hint}")
    return _DECK[(rank - 1) * 4 + suit]


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards separated by spaces or commas, or from a list of tokens."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in tokens]


def format_cards(cards: Iterable[int]) -> str:
    """The text form of several cards, space separated: ``"5H 5C JD"``."""
    return " ".join(NAME_OF[c] for c in cards)


def card_names(cards: Iterable[int]) -> list[str]:
    """Cards as a list of text tokens (their JSON form)."""
    return [NAME_OF[c] for c in cards]


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in id order: by rank, then suit."""
    return sorted(cards)


def shuffled_deck(seed: int | str, cards: Sequence[Card] = DECK) -> list[Card]:
    """A seeded permutation of ``cards``; the same seed always gives the same order."""
    order = list(cards)
    random.Random(seed).shuffle(order)
    return order


def unique(cards: Sequence[Card]) -> bool:
    return len(set(cards)) == len(cards)
