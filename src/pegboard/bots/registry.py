"""Bots by name: the built-in ones, and any another package registers."""

from __future__ import annotations

from collections.abc import Callable

from pegboard.bots.base import Bot
from pegboard.bots.expert import ExpertBot, MasterBot
from pegboard.bots.greedy import GreedyBot
from pegboard.bots.hoyle import HoyleBot
from pegboard.bots.levels import EasyBot, MediumBot
from pegboard.bots.random import RandomBot
from pegboard.errors import OptionError

_FACTORIES: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "hoyle": HoyleBot,
    "expert": ExpertBot,
    "master": MasterBot,
    "easy": EasyBot,
    "medium": MediumBot,
}


def register_bot(name: str, factory: Callable[[int | None], Bot]) -> None:
    """Make ``factory(seed)`` the bot called ``name`` (a table's seat or ``--bots``)."""
    _FACTORIES[name] = factory


def make(name: str, *, seed: int | None = None) -> Bot:
    """A bot by name (``random``, ``greedy``, …), seeded for reproducible games."""
    factory = _FACTORIES.get(name.strip().lower())
    if factory is None:
        raise OptionError(f"unknown bot {name!r}; bots: {', '.join(bot_names())}")
    return factory(seed)


def bot_names() -> list[str]:
    return sorted(_FACTORIES)
