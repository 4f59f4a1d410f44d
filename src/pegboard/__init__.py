"""pegboard: the cribbage family of card games, played exactly."""

from pegboard.arena import SimulationResult, simulate
from pegboard.cards import Card, Rank, Suit, format_cards, parse_card, parse_cards
from pegboard.core import Game, Outcome, game_names, new_game
from pegboard.errors import (
    CardError,
    GameOver,
    IllegalAction,
    NotYourTurn,
    OptionError,
    PegboardError,
    RecordError,
)
from pegboard.records import replay

__all__ = [
    "Card",
    "CardError",
    "Game",
    "GameOver",
    "IllegalAction",
    "NotYourTurn",
    "OptionError",
    "Outcome",
    "PegboardError",
    "Rank",
    "RecordError",
    "SimulationResult",
    "Suit",
    "format_cards",
    "game_names",
    "new_game",
    "parse_card",
    "parse_cards",
    "replay",
    "simulate",
]
__version__ = "0.1.0"
