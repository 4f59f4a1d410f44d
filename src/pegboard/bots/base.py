"""Bots: a bot sees exactly what a person in its seat sees (the view) and answers an action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from pegboard.core.rules import Action
from pegboard.errors import OptionError

View = dict[str, Any]


class Bot(Protocol):
    name: str

    def act(self, view: View) -> Action:
        """One of ``view["legal"]``."""
        ...


_FACTORIES: dict[str, Callable[[int | None], Bot]] = {}


def register_bot(name: str, factory: Callable[[int | None], Bot]) -> None:
    _FACTORIES[name] = factory


def make(name: str, *, seed: int | None = None) -> Bot:
    """A bot by name (``random``, ``greedy``, …), seeded for reproducible games."""
    _load()
    factory = _FACTORIES.get(name.strip().lower())
    if factory is None:
        raise OptionError(f"unknown bot {name!r}; bots: {', '.join(bot_names())}")
    return factory(seed)


def bot_names() -> list[str]:
    _load()
    return sorted(_FACTORIES)


def _load() -> None:
    import pegboard.bots.expert
    import pegboard.bots.greedy
    import pegboard.bots.hoyle
    import pegboard.bots.levels
    import pegboard.bots.random  # noqa: F401
