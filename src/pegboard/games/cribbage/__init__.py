"""Cribbage for 2, 3 or 4 players (or two teams), as an online platform plays it."""

from pegboard.games.cribbage.config import OPTIONS, SPEC
from pegboard.games.cribbage.deal import stack_deck
from pegboard.games.cribbage.rules import CribbageRules
from pegboard.games.cribbage.seat_view import Table

__all__ = ["OPTIONS", "SPEC", "CribbageRules", "Table", "stack_deck"]
