"""The core every game is built on: specs, options, chance, rules contract, outcome, driver."""

from pegboard.core.chance import Pick, Roll, ScriptedChance, SeededChance, Shuffle
from pegboard.core.game import RECORD_FORMAT, Game, new_game
from pegboard.core.options import Option, OptionValue
from pegboard.core.outcome import Outcome, rank_sides
from pegboard.core.rules import Action, Event, Rules
from pegboard.core.spec import GameSpec, game_names, get_spec, register

__all__ = [
    "RECORD_FORMAT",
    "Action",
    "Event",
    "Game",
    "GameSpec",
    "Option",
    "OptionValue",
    "Outcome",
    "Pick",
    "Roll",
    "Rules",
    "ScriptedChance",
    "SeededChance",
    "Shuffle",
    "game_names",
    "get_spec",
    "new_game",
    "rank_sides",
    "register",
]
