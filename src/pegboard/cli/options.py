"""``--option NAME=VALUE`` and ``--bots a,b`` from the command line, checked against the game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

import typer

from pegboard.bots import make
from pegboard.core.options import OptionValue
from pegboard.core.spec import GameSpec
from pegboard.errors import OptionError

OptionArgs = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option, NAME=VALUE (repeatable)."),
]
"""The ``--option NAME=VALUE`` parameter shared by ``play`` and ``simulate``."""
GameArg = Annotated[str, typer.Argument(metavar="GAME", help="The game (see `pegboard games`).")]


def parse_options(spec: GameSpec, given: Sequence[str] | None) -> dict[str, OptionValue]:
    """``["score_target=61", "teams=on"]`` -> typed values, each checked by the game's spec.

    Unknown names and values out of range raise :class:`OptionError` saying what is allowed.
    """
    known = {option.name: option for option in spec.options}
    values: dict[str, OptionValue] = {}
    for text in given or ():
        name, sep, value = text.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or not name:
            raise OptionError(f"--option takes NAME=VALUE, like score_target=61, not {text!r}")
        option = known.get(name)
        if option is None:
            allowed = ", ".join(sorted(known)) or "none"
            raise OptionError(f"unknown option {name}; this game has: {allowed}")
        values[name] = option.parse(value)
    return values


def parse_bot_list(text: str, seats: int) -> list[str]:
    """``"greedy,random"`` -> one bot per seat; a single name fills every seat.

    Every name is checked (an unknown bot raises :class:`OptionError` listing the bots).
    """
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    if not names:
        raise OptionError("name at least one bot, like greedy or greedy,random")
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise OptionError(
            f"{seats} seats need {seats} bots (or one for all), not {len(names)}: {text}"
        )
    for name in dict.fromkeys(names):
        make(name)
    return names
