"""Game specs and the registry: every game is loaded by name with checked options.

The core knows no particular game. Each game is a :class:`GameSpec` named in the
``pegboard.games`` entry point group of its package's metadata (pyproject.toml:
``[project.entry-points."pegboard.games"]``), so a game in another installed package plugs in
the same way as the three pegboard ships.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

from pegboard.core.matchplay import GameWorth
from pegboard.core.options import Option, OptionValue, resolve_options
from pegboard.core.rules import Rules
from pegboard.errors import OptionError


@dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    players: tuple[int, ...]
    options: tuple[Option, ...]
    create: Callable[[int, Mapping[str, OptionValue]], Rules]
    rules_text: Callable[[], str]
    aliases: tuple[str, ...] = ()
    check: Callable[[int, Mapping[str, OptionValue]], None] = field(default=lambda n, o: None)
    worth: GameWorth = field(default_factory=GameWorth)
    """What a won game earns in a match, by how it was won (the ACC's game points unless the
    game says otherwise: :mod:`pegboard.core.matchplay`)."""

    def resolve(self, players: int, given: Mapping[str, object]) -> dict[str, OptionValue]:
        """Check the player count and options; return every option's value."""
        if players not in self.players:
            allowed = ", ".join(str(n) for n in self.players)
            raise OptionError(f"{self.title} is for {allowed} players, not {players}")
        values = resolve_options(self.options, given)
        self.check(players, values)
        return values

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "players": list(self.players),
            "options": [o.to_json() for o in self.options],
        }


_REGISTRY: dict[str, GameSpec] = {}
_ALIASES: dict[str, str] = {}


def register(spec: GameSpec) -> GameSpec:
    _REGISTRY[spec.name] = spec
    for alias in (spec.name, *spec.aliases):
        _ALIASES[alias] = spec.name
    return spec


def get_spec(name: str) -> GameSpec:
    _load_games()
    key = _ALIASES.get(name.strip().lower())
    if key is None and not _REGISTRY:
        raise OptionError(
            f"unknown game {name!r}: no game is installed (games are found through the "
            f"{ENTRY_POINT_GROUP!r} entry points: install pegboard, even as pip install -e .)"
        )
    if key is None:
        raise OptionError(f"unknown game {name!r}; known games: {', '.join(game_names())}")
    return _REGISTRY[key]


def game_names() -> list[str]:
    _load_games()
    return sorted(_REGISTRY)


ENTRY_POINT_GROUP = "pegboard.games"
"""The entry point group every game is registered in, each entry naming its :class:`GameSpec`."""

_loaded = False


def _load_games() -> None:
    """Register the spec of every entry point, once; a game registered before (another
    powers table under the same name, say) keeps its place."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        spec = entry.load()
        if not isinstance(spec, GameSpec):
            raise TypeError(f"entry point {entry.name} = {entry.value} is not a GameSpec")
        if spec.name not in _REGISTRY:
            register(spec)
