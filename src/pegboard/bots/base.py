"""Bots: a bot sees exactly what a person in its seat sees (the view) and answers an action."""

from __future__ import annotations

from typing import Any, Protocol

from pegboard.core.rules import Action

View = dict[str, Any]


class Bot(Protocol):
    name: str

    def act(self, view: View) -> Action:
        """One of ``view["legal"]``."""
        ...
