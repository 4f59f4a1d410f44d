"""Bots by name: the built-in ones, those another package registers, and those declared as
``[project.entry-points."pegboard.bots"]`` (a factory taking a seed), loaded on first use:
pegboard's own ``learned`` bot comes that way, from a layer above the bots."""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points

from pegboard.bots.base import Bot
from pegboard.bots.expert import ExpertBot, MasterBot
from pegboard.bots.greedy import GreedyBot
from pegboard.bots.hoyle import HoyleBot
from pegboard.bots.levels import EasyLevel, MediumLevel
from pegboard.bots.random import RandomBot
from pegboard.errors import OptionError

_FACTORIES: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "hoyle": HoyleBot,
    "expert": ExpertBot,
    "master": MasterBot,
    "easy": EasyLevel,
    "medium": MediumLevel,
}


ENTRY_POINT_GROUP = "pegboard.bots"
_loaded = False


def _load_entry_points() -> None:
    """Each declared bot, once; a name registered before keeps its factory."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        _FACTORIES.setdefault(entry.name, entry.load())


def register_bot(name: str, factory: Callable[[int | None], Bot]) -> None:
    """Make ``factory(seed)`` the bot called ``name`` (a table's seat or ``--bots``)."""
    _FACTORIES[name] = factory


def make(name: str, *, seed: int | None = None) -> Bot:
    """A bot by name (``random``, ``greedy``, …), seeded for reproducible games."""
    _load_entry_points()
    factory = _FACTORIES.get(name.strip().lower())
    if factory is None:
        raise OptionError(f"unknown bot {name!r}; bots: {', '.join(bot_names())}")
    return factory(seed)


def bot_names() -> list[str]:
    _load_entry_points()
    return sorted(_FACTORIES)
