"""Game specs and the registry: every game is loaded by name with checked options.

The core knows no particular game. Each game is a :class:`GameSpec` named in the
``pegboard.games`` entry point group of its package's metadata (pyproject.toml:
``[project.entry-points."pegboard.games"]``), so a game in another installed package plugs in
the same way as the three pegboard ships.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module, resources
from importlib.metadata import entry_points
from importlib.resources.abc import Traversable
from typing import Any

from pegboard.core.examples import Example, no_examples
from pegboard.core.matchplay import GameWorth, MatchFormat, game_result
from pegboard.core.options import Option, OptionValue, resolve_options, stored_options
from pegboard.core.outcome import Outcome
from pegboard.core.rules import Rules
from pegboard.errors import OptionError

Sides = Callable[[int, Mapping[str, OptionValue]], list[list[int]]]
"""The seats that share one result, for a player count and options (partners are one side)."""


def each_alone(players: int, options: Mapping[str, OptionValue]) -> list[list[int]]:
    """Every player for themselves."""
    return [[seat] for seat in range(players)]


def partners_opposite(players: int, options: Mapping[str, OptionValue]) -> list[list[int]]:
    """Two teams of two, partners sitting opposite (seats 0 + 2 and 1 + 3)."""
    return [[0, 2], [1, 3]]


@dataclass(frozen=True)
class DailySetup:
    """The game of the daily challenge (docs/fairness.md): one person against the game's
    experts in every other seat, with these options."""

    players: int
    options: Mapping[str, OptionValue]


@dataclass(frozen=True)
class GameSpec:
    """Everything pegboard needs of a game, reached from one registration.

    The rules, options, rules text and the rules page's worked ``examples`` are the game's
    own; ``sides`` says who shares a result; ``rating_groups`` (key: title) are the groups it is
    rated in, keyed ``NAME-PLAYERS`` with a ``-teams`` form where partnerships are optional;
    ``phases`` name its points by phase; ``client`` is its module of the web client: a module
    of ``web/js`` by that name (the game's name by default), or, for a game of another package,
    a file of that package as ``package:file.js``, which the server serves at
    ``/api/games/NAME/client.js``; ``surfaces`` name, as ``module:attribute``, what the layers
    above the game provide for it, loaded on first use (:meth:`surface`): ``bots`` (a bot per
    name and level), ``env`` (the research environment's spaces), ``vector``, ``hints``,
    ``review``, ``terminal`` (its table in the terminal), ``published`` (reference figures),
    so the game stays below them."""

    name: str
    title: str
    players: tuple[int, ...]
    options: tuple[Option, ...]
    create: Callable[[int, Mapping[str, OptionValue]], Rules]
    rules_text: Callable[[], str]
    examples: Callable[[], list[Example]] = no_examples
    aliases: tuple[str, ...] = ()
    check: Callable[[int, Mapping[str, OptionValue]], None] = field(default=lambda n, o: None)
    sides: Sides = each_alone
    rating_groups: Mapping[str, str] = field(default_factory=dict)
    phases: tuple[str, ...] = ()
    client: str = ""
    surfaces: Mapping[str, str] = field(default_factory=dict)
    worth: GameWorth = field(default_factory=GameWorth)
    """What a won game earns in a match, by how it was won (the ACC's game points unless the
    game says otherwise: :mod:`pegboard.core.matchplay`)."""
    daily: DailySetup | None = None  # None: the game has no daily challenge
    chance: bool = True
    """Whether the game deals by chance (its rules ask for chance steps): only then does a
    table show the checks of its verifiable deals (the web client's "Fair deals")."""
    jack_item: str = "nobs"
    """The scoring item of a Jack in its counts (Cribist's "jack-of-trumps"): the word a
    person's claim of a Jack resolves to."""
    rated_options: Mapping[str, OptionValue] = field(default_factory=dict)
    """The option values a rated game keeps to: the game's standard length (docs/ratings.md).
    A shorter or longer game is played for fun: a game to 15 is far more luck than one to 121,
    and must not move a rating as far."""

    def resolve(self, players: int, given: Mapping[str, object]) -> dict[str, OptionValue]:
        """Check the player count and options; return every option's value."""
        if players not in self.players:
            allowed = ", ".join(str(n) for n in self.players)
            raise OptionError(f"{self.title} is for {allowed} players, not {players}")
        values = resolve_options(self.options, given)
        self.check(players, values)
        return values

    def games_won(self, outcome: Outcome, players: int, options: Mapping[str, OptionValue]) -> int:
        """How many won games a finished game's result counts as, in a rated result and in a
        match: read from :attr:`worth`, the one source (Cribbage is not Enough: a skunk
        counts as two)."""
        result = game_result(outcome, self.sides(players, options), self.worth)
        return self.worth.credit(result.how).games

    def match_options(
        self, given: Mapping[str, object], match_format: MatchFormat
    ) -> dict[str, object]:
        """A match of several games passes the deal to the left every hand, as match and club
        play do: a game with a ``dealer`` option offering ``rotate`` gets it, unless the table
        asked for a dealer itself (docs/rules.md, "Matches")."""
        options = dict(given)
        dealer = next((o for o in self.options if o.name == "dealer"), None)
        if match_format.games > 1 and dealer is not None and "rotate" in dealer.choices:
            options.setdefault("dealer", "rotate")
        return options

    def stored(self, given: Mapping[str, object]) -> dict[str, object]:
        """A stored option set (a record's or a table's, which list every option) as the game
        reads it now: an option it predates takes the value it meant then (``Option.stored``)."""
        return stored_options(self.options, given)

    def partners(self, players: int, options: Mapping[str, OptionValue]) -> bool:
        """Whether some players share a result with a partner."""
        return any(len(side) > 1 for side in self.sides(players, options))

    def rating_group(self, players: int, options: Mapping[str, OptionValue]) -> str | None:
        """The rating group of a game of ``players`` with ``options``; None: it is not rated."""
        group = f"{self.name}-{players}"
        if self.partners(players, options) and f"{group}-teams" in self.rating_groups:
            group += "-teams"
        return group if group in self.rating_groups else None

    def rated_length(self, options: Mapping[str, object]) -> bool:
        """Whether a game with ``options`` is of the standard length, the one rated."""
        return all(options.get(name) == value for name, value in self.rated_options.items())

    def surface(self, kind: str) -> Any:
        """What a layer above the game provides for it (``"bots"``, ``"env"``…), by name."""
        where = self.surfaces.get(kind)
        if where is None:
            raise OptionError(f"{self.title} has no {kind}")
        module, _, attribute = where.partition(":")
        return getattr(import_module(module), attribute)

    @property
    def client_name(self) -> str:
        return self.client or self.name

    def client_file(self) -> Traversable | None:
        """The game's client module when its own package holds it (``package:file.js``); None
        when it is a module of pegboard's web client."""
        package, colon, file = self.client_name.partition(":")
        return resources.files(package).joinpath(file) if colon else None

    @property
    def client_url(self) -> str:
        """What the web client imports: its own module's name, or the served file's path."""
        return f"/api/games/{self.name}/client.js" if self.client_file() else self.client_name

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "players": list(self.players),
            "options": [o.to_json() for o in self.options],
            "client": self.client_url,
            "hints": "hints" in self.surfaces,
            "chance": self.chance,
            "review": "review" in self.surfaces,
            "rated_options": dict(self.rated_options),
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


def registered() -> list[GameSpec]:
    """Every registered game's spec, by name."""
    return [_REGISTRY[name] for name in game_names()]


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
