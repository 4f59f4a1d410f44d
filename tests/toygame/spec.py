"""Pile's spec and its surfaces: all a game of another package gives pegboard."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from pegboard.core import spec as registry
from pegboard.core.matchplay import GameWorth
from pegboard.core.options import Option
from pegboard.core.spec import GameSpec
from registries import own_game_registry
from toygame.rules import PileRules

RULES_TEXT = """# Pile

Two players share a pile of counters. In turn, each takes one or two counters. Every counter
taken scores a point; whoever takes the last counter scores three more. The higher score wins.
"""

SPEC = GameSpec(
    name="pile",
    title="Pile",
    players=(2,),
    options=(Option("counters", 7, "counters in the pile at the start", min=3, max=21),),
    create=PileRules,
    rules_text=lambda: RULES_TEXT,
    rating_groups={"pile-2": "Pile, 2 players"},
    phases=("take",),
    client="toygame:client.js",
    surfaces={"bots": "toygame.bots:BOTS"},
    worth=GameWorth(),
    chance=False,  # the pile is the same every game: nothing to deal, nothing to check
)


@contextmanager
def registered_pile(monkeypatch: pytest.MonkeyPatch) -> Iterator[GameSpec]:
    """Pile in the registry for one test only (the monkeypatched registry goes back after)."""
    own_game_registry(monkeypatch)
    registry.register(SPEC)
    yield SPEC
