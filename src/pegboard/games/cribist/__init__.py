"""Cribist: four players, whist tricks scored with cribbage combinations, and Muggins."""

from pegboard.games.cribist.config import OPTIONS, SPEC
from pegboard.games.cribist.deal import stack_deck
from pegboard.games.cribist.rules import CribistRules, trick_winner

__all__ = ["OPTIONS", "SPEC", "CribistRules", "stack_deck", "trick_winner"]
