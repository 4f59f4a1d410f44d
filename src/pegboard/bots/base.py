"""Bots: a bot sees exactly what a person in its seat sees (the view) and answers an action."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from pegboard.core.rules import Action

View = dict[str, Any]


class Bot(Protocol):
    name: str

    def act(self, view: View) -> Action:
        """One of ``view["legal"]``."""
        ...


@runtime_checkable
class Selective(Protocol):
    """A bot that plays only some games or player counts (the ``learned`` bot: where a policy
    ships); every other bot plays them all."""

    def plays(self, game: str, players: int) -> bool:
        """Whether it can take a seat at ``game`` for ``players``."""
        ...


def plays(bot: Bot, game: str, players: int) -> bool:
    """Whether ``bot`` can take a seat at ``game`` for ``players``."""
    return not isinstance(bot, Selective) or bot.plays(game, players)
