"""The game registry for one test only: a test that registers a game (a variant, a toy) does
it in a copy that goes back after, since other tests enumerate the registered games."""

from __future__ import annotations

import pytest

from pegboard.core import spec as registry


def own_game_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    registry.game_names()  # pegboard's own games first, so the copy holds them
    monkeypatch.setattr(registry, "_REGISTRY", {**registry._REGISTRY})
    monkeypatch.setattr(registry, "_ALIASES", {**registry._ALIASES})
