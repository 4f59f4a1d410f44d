"""Cribbage is not Enough: two team decks, Tops with powers, a battle for the crib."""

from pegboard.games.not_enough.config import OPTIONS, SPEC, spec_with_powers
from pegboard.games.not_enough.deal import stack_decks
from pegboard.games.not_enough.powers import PowerTable, default_powers, load_powers
from pegboard.games.not_enough.rules import NotEnoughRules

__all__ = [
    "OPTIONS",
    "SPEC",
    "NotEnoughRules",
    "PowerTable",
    "default_powers",
    "load_powers",
    "spec_with_powers",
    "stack_decks",
]
