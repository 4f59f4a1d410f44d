"""pegboard: the cribbage family of card games, played exactly."""

from pegboard.cards import Card, Rank, Suit, format_cards, parse_card, parse_cards
from pegboard.errors import (
    CardError,
    GameOver,
    IllegalAction,
    NotYourTurn,
    OptionError,
    PegboardError,
    RecordError,
)

__all__ = [
    "Card",
    "CardError",
    "GameOver",
    "IllegalAction",
    "NotYourTurn",
    "OptionError",
    "PegboardError",
    "Rank",
    "RecordError",
    "Suit",
    "format_cards",
    "parse_card",
    "parse_cards",
]
__version__ = "0.1.0"
