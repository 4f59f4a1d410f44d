"""Bots: a bot sees exactly what a person in its seat sees (the view) and answers an action."""

from __future__ import annotations

from typing import Protocol, TypeVar, runtime_checkable

from pegboard.core.rules import Action
from pegboard.core.wire import BotView

View = BotView
"""Any game's view as a bot is given it; a game's bots read their game's own type of it
(``cribbage_view(view)``, games/cribbage/views.py)."""

T = TypeVar("T")


def known(value: T | None, what: str) -> T:
    """A view's ``value`` that a bot needs by now (its seat, the dealer, the starter);
    ``ValueError`` when the view does not have it yet."""
    if value is None:
        raise ValueError(f"the view has no {what} yet")
    return value


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


def forced_move(view: View) -> Action | None:
    """The one legal action when there is only one, so a bot need not think; None otherwise,
    and always None at a count of the show (a claim is open-ended: its one listed action is
    only a form to fill)."""
    legal: list[Action] = view["legal"]
    if len(legal) == 1 and view.get("counting") is None:
        return legal[0]
    return None


def plays(bot: Bot, game: str, players: int) -> bool:
    """Whether ``bot`` can take a seat at ``game`` for ``players``."""
    return not isinstance(bot, Selective) or bot.plays(game, players)
