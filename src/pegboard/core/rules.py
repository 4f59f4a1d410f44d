"""The contract every game's rules implement: a pure, mutable state machine.

A rules object never does I/O, reads no clock and draws no randomness: chance comes in
through :meth:`Rules.resolve_chance`. Actions are plain JSON dicts (docs/records.md) so the
same value travels through bots, views, records and the web protocol unchanged; a game's rules
are typed with the unions of its own actions and events and with its view type
(``Rules[CribbageAction, CribbageEvent, CribbageView]``, core/wire.py and the game's
``views.py``), so that ``mypy`` checks every action they list, parse, make and apply, every
event they write and every key of the view they give.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Generic

from typing_extensions import TypeVar

from pegboard.cards import Card
from pegboard.core.chance import Chance, ChanceOutcome
from pegboard.core.options import OptionValue
from pegboard.core.outcome import Outcome
from pegboard.core.wire import Action as Action
from pegboard.core.wire import Event as Event
from pegboard.core.wire import ViewBase
from pegboard.errors import IllegalAction

A = TypeVar("A", bound=Action, default=Any)
"""A game's own actions (the union of its ``TypedDict``s); a bare ``Rules`` is any game's."""

E = TypeVar("E", bound=Mapping[str, Any], default=Any)
"""A game's own events (the union of its ``TypedDict``s, each with the driver's ``auto``)."""

V = TypeVar("V", bound=ViewBase, default=Any)
"""A game's view (its ``TypedDict`` over :class:`~pegboard.core.wire.ViewBase`)."""


class Rules(ABC, Generic[A, E, V]):
    """One game in progress. Subclasses append to :attr:`events` as things happen, and keep
    :attr:`scores` (each seat's score now; team-mates share theirs). The driver and the layers
    above read :attr:`scores`, :meth:`sides`, :meth:`hand` and :meth:`shared` from this
    contract, never by probing a game's attributes."""

    scores: list[int]

    def __init__(self, players: int, options: Mapping[str, OptionValue]) -> None:
        self.players = players
        self.options = dict(options)
        self.events: list[E] = []
        self.outcome: Outcome | None = None

    def sides(self) -> list[list[int]]:
        """The seats that share a score and a rank, side by side: each seat alone unless the
        game plays in teams."""
        return [[seat] for seat in range(self.players)]

    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now (several at once for simultaneous decisions)."""

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now, in the game's order; none in a game without hands."""
        return []

    def shared(self) -> tuple[object, ...]:
        """What a copy of the rules shares with them rather than copies (tables that never
        change, like a powers table); nothing by default."""
        return ()

    @abstractmethod
    def legal(self, seat: int) -> Sequence[A]:
        """Every action ``seat`` may take now, in canonical form; empty when it must wait."""

    @abstractmethod
    def canonical(self, action: Mapping[str, Any]) -> A:
        """The canonical form of an action (cards parsed and ordered); raises
        :class:`~pegboard.errors.IllegalAction` for a malformed one."""

    def check_open(self, seat: int, action: A, legal: Sequence[A]) -> None:
        """Accept an action not spelled out in ``legal`` (a claim naming any items), or raise
        :class:`~pegboard.errors.IllegalAction` saying why not. By default nothing is open."""
        allowed = "; ".join(json.dumps(a) for a in legal[:12])
        raise IllegalAction(f"{json.dumps(action)} is not allowed now; allowed: {allowed}")

    @abstractmethod
    def apply(self, seat: int, action: A) -> None:
        """Carry out a legal, canonical action (the caller has checked it)."""

    def pending_chance(self) -> Chance | None:
        """The chance step the game waits for, if any."""
        return None

    def chance_hand(self) -> int:
        """The hand (from 1) the pending chance step belongs to: verifiable deals draw each
        hand's steps from that hand's secret, revealed when the hand is over. A game whose
        chance is not in hands keeps the default, one hand for the whole game."""
        return 1

    def resolve_chance(self, outcome: ChanceOutcome) -> None:
        raise NotImplementedError(f"{type(self).__name__} has no chance step pending")

    def auto_action(self) -> tuple[int, A] | None:
        """A move the table options make by themselves (skip empty, skip pass, …)."""
        return None

    @property
    def hand_in_play(self) -> bool:
        """Whether a hand is being played now, from its deal to the end of its show; by default,
        whenever the game is not over. Partners (``GameSpec.partners``) may not pass card
        information while it is (docs/rules.md, "Cribbage is not Enough": table talk): the table's
        chat then takes quick phrases only."""
        return self.outcome is None

    @property
    def timed(self) -> bool:
        """Whether the game ends on a time limit that the driver announces with time_up()."""
        return False

    def time_up(self) -> None:
        """The agreed playing time is over (the driver keeps the clock)."""
        raise IllegalAction("this game has no time limit")

    @abstractmethod
    def leave(self, seat: int) -> None:
        """``seat`` leaves the game (allowed at any time while it is in the game)."""

    @abstractmethod
    def in_game(self, seat: int) -> bool:
        """Whether ``seat`` is still playing (has not left)."""

    @abstractmethod
    def view(self, seat: int | None) -> V:
        """What ``seat`` (None: a spectator) may see, JSON-ready, without ``legal``."""

    @abstractmethod
    def redact(self, event: Event, seat: int | None) -> Event:
        """``event`` as ``seat`` may see it."""

    @abstractmethod
    def secret_cards(self, seat: int | None) -> set[Card]:
        """Cards whose place ``seat`` must not be able to learn now (for leak tests)."""
