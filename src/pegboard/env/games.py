"""What the environment needs to know about each game: its action space, its observation
layout, the options it plays with, and a quick way to list the legal ids."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from pegboard.cards import RANK_OF, SUIT_OF, VALUE_OF
from pegboard.core.options import OptionValue
from pegboard.core.rules import Event
from pegboard.core.spec import get_spec, registered
from pegboard.env import observe_cribbage, observe_cribist, observe_not_enough
from pegboard.env.actions import CRIBBAGE, CRIBIST, NOT_ENOUGH, SUBSET_IDS, ActionSpace
from pegboard.env.layout import Layout, Observation
from pegboard.errors import OptionError
from pegboard.games.cribbage import deal as cribbage_deal

ViewObservation = Callable[[Any, list[Event], Layout], Observation]
"""An observation from a seat's view (the game's own view type: ``CribbageView``…) and its
redacted events of this hand."""


class Observer(Protocol):
    """Builds one seat's observation; ``hand_start`` is the index of the hand's deal event."""

    layout: Layout

    def __call__(self, rules: Any, seat: int, hand_start: int) -> Observation: ...


class ViewObserver:
    """An observation made from the seat's view and its redacted events of this hand."""

    def __init__(self, layout: Layout, build: ViewObservation) -> None:
        self.layout = layout
        self.build = build

    def __call__(self, rules: Any, seat: int, hand_start: int) -> Observation:
        events = [rules.redact(e, seat) for e in rules.events[hand_start:]]
        return self.build(rules.view(seat), events, self.layout)


class ViewOnlyObserver:
    """An observation made from the seat's view alone (the view has all it needs)."""

    def __init__(self, layout: Layout, build: Callable[[Any, Layout], Observation]):
        self.layout = layout
        self.build = build

    def __call__(self, rules: Any, seat: int, hand_start: int) -> Observation:
        return self.build(rules.view(seat), self.layout)


KEPT = 4  # discards bring every Cribbage and not-enough hand to four cards


@dataclass(frozen=True)
class LaterCard:
    """A card of the deal's shuffle that stays face down until a decision turns it (Cribbage's
    starter): :class:`~pegboard.env.chance_env.ChanceEnv` draws it at its own chance node."""

    dealt: Callable[[Any], int]
    """Cards the deal gives out before it (the rules are those about to deal)."""
    turned_by: Callable[[Any, int], bool]
    """Whether this seat's decision now turns it."""


@dataclass(frozen=True)
class EnvGame:
    space: ActionSpace
    observer: Callable[[int], Observer]
    """The observer for a player count."""
    defaults: Mapping[str, OptionValue] = field(default_factory=dict)
    """Options the environment sets unless told otherwise (no pause points)."""
    refused: Mapping[str, tuple[OptionValue, str]] = field(default_factory=dict)
    """Option values the environment cannot play, and why."""
    later: LaterCard | None = None
    """A card the deal leaves face down for a decision to turn, if the game has one."""
    hidden_alike: tuple[Callable[[int], object], ...] = ()
    """Ways to group the cards a seat cannot see so that swapping cards within a group gives
    a game that seat cannot tell apart, loosest first (the last must always give one:
    cards keep what play could reveal of them); ``None`` leaves a card alone."""
    from_view: Callable[[Any, Layout], Observation] | None = None
    """The observation built from the seat's view alone (the game's own view type, what a bot
    is shown), when the
    game's observation needs nothing else: a policy trained here then plays as a bot."""
    compiled: str | None = None
    """``module:class`` of the game's compiled environment, when it has one (the module
    raises ``ImportError`` where the compiled extensions were not built)."""
    gym_name: str = ""
    """The game's Gymnasium id is ``pegboard/<gym_name>-v0``; empty: its title's words,
    capitalized and run together."""

    def check(self, options: Mapping[str, OptionValue]) -> None:
        for name, (value, why) in self.refused.items():
            if options.get(name) == value:
                raise OptionError(f"the environment cannot play {name}={value}: {why}")

    def legal_ids(self, rules: Any, seat: int) -> list[int]:
        """The legal ids of ``seat`` now, ascending. The play and the discard are read off the
        state directly; every other decision goes through the rules' legal list."""
        phase = rules.phase
        space = self.space
        if phase == "play":  # a card that fits, else go (a Cribist hand always has a card)
            playable = rules.playable(seat)
            return [int(c) for c in playable] if playable else [space.start["go"]]
        if phase == "discard":
            n = len(rules.hands[seat])
            start = space.start["discard"]
            return sorted(start + i for i in SUBSET_IDS[(n, n - KEPT)])
        return sorted(space.encode(rules.hand(seat), a) for a in rules.legal(seat))


def _cribbage_dealt(rules: Any) -> int:
    seats = len(rules.active)
    return cribbage_deal.hand_size(seats) * seats + (1 if seats == 3 else 0)


def _last_discard(rules: Any, seat: int) -> bool:
    return bool(rules.phase == "discard" and tuple(rules.to_act) == (seat,))


def _anything(card: int) -> object:
    return 0


def _not_enough_colour(card: int) -> object:
    """Court cards are left alone (their powers); the rest keep their deck's colour."""
    return None if RANK_OF[card] in (1, 11, 12, 13) else SUIT_OF[card] in (0, 3)


def _not_enough_card(card: int) -> object:
    colour = _not_enough_colour(card)
    return None if colour is None else (colour, VALUE_OF[card])


_MANUAL = ("manual", "claims and Muggins have no ids; play with counting=auto")

CRIBBAGE_ENV = EnvGame(
    CRIBBAGE,
    observe_cribbage.CribbageObserver,
    defaults={"post_show": False},
    refused={"counting": _MANUAL},
    later=LaterCard(_cribbage_dealt, _last_discard),
    hidden_alike=(_anything, VALUE_OF.__getitem__),
    from_view=observe_cribbage.observe_view,
    compiled="pegboard.env.cribbage_env:CribbageEnv",
)
CRIBIST_ENV = EnvGame(
    CRIBIST,
    lambda players: ViewOnlyObserver(observe_cribist.layout(players), observe_cribist.observe_view),
    defaults={"counting": "auto"},
    refused={
        "counting": _MANUAL,
        "end": ("minutes", "the environment has no clock; use end=target or end=deals"),
    },
    hidden_alike=(_anything, SUIT_OF.__getitem__),
    from_view=observe_cribist.observe_view,
)
NOT_ENOUGH_ENV = EnvGame(
    NOT_ENOUGH,
    lambda players: ViewObserver(observe_not_enough.layout(players), observe_not_enough.observe),
    defaults={"post_show": False},
    refused={"counting": _MANUAL},
    hidden_alike=(_not_enough_colour, _not_enough_card),
    from_view=lambda view, lay: observe_not_enough.observe(view, [], lay),
    gym_name="NotEnough",  # the id research code already uses (docs/research.md)
)


def env_game(game: str) -> EnvGame | None:
    """What the environment knows of ``game`` (its spec's ``"env"`` surface), or None: the
    game has no environment."""
    spec = get_spec(game)
    known: EnvGame | None = spec.surface("env") if "env" in spec.surfaces else None
    return known


def env_games() -> list[str]:
    """The registered games with an environment."""
    return [spec.name for spec in registered() if "env" in spec.surfaces]


def gym_id(game: str) -> str:
    """The Gymnasium id of a game with an environment (``pegboard/Cribbage-v0``)."""
    spec = get_spec(game)
    known = env_game(game)
    if known is None:
        raise OptionError(f"no environment for {spec.title}")
    name = known.gym_name or "".join(word[:1].upper() + word[1:] for word in spec.title.split())
    return f"pegboard/{name}-v0"
