"""What a game plugs into the review: a :class:`GameReviewer` per game, reached from its
:class:`~pegboard.core.spec.GameSpec` (its ``review`` surface, ``module:attribute``, loaded on
first use), so the review engine never tells one game from another and a game in another
package plugs its review in alike (or with :func:`register_reviewer`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from pegboard.core.rules import Action, Rules
from pegboard.core.spec import get_spec
from pegboard.core.wire import BotView
from pegboard.errors import OptionError
from pegboard.review.model import Judgement, Luck

View = BotView
"""A seat's view as a bot is given it; each game's reviewer reads its own type of it."""


class GameReviewer(Protocol):
    """One record's review for one game (a new one per record: it may remember the deals)."""

    notes: tuple[str, ...]
    """What this game's review does not value, or only estimates, said in the review."""
    sides: tuple[int, ...]
    """Each seat's side (its team, or itself): whose points are whose."""

    def judge(self, view: View, rng: random.Random) -> Judgement | None:
        """The options of the seat whose view this is, valued; None when there is nothing to
        choose (one legal move, a ready) or the decision is a manual count's."""
        ...

    def chosen_index(self, judgement: Judgement, action: Action) -> int:
        """Which of the judgement's options ``action`` is."""
        ...

    def count_action(self, view: View) -> Action:
        """The best answer in a manual count (claim every item, call every miss)."""
        ...

    def standing(self, view: View) -> tuple[float, ...]:
        """Per seat, from a spectator's view: the chance of winning (2 sides) or the
        expected place (more)."""
        ...

    def win_per_point(self, view: View) -> float | None:
        """2 sides: what a point is worth in win chance for the seat of ``view``; else None."""
        ...

    def luck(self, record: Mapping[str, Any]) -> list[Luck]:
        """Per seat: what the cards, starters and dice gave against their average."""
        ...


@runtime_checkable
class PositionReviewer(Protocol):
    """A reviewer that plays some options out from the game itself (its rules' state), in
    worlds where every card hidden from the seat is dealt again: it must read that state only
    so (tests/review/test_not_enough_rule_decisions.py relabels a hidden card)."""

    def judge_position(self, view: View, rules: Rules, rng: random.Random) -> Judgement | None:
        """As :meth:`GameReviewer.judge`, with the game's state for the worlds."""
        ...


ReviewerFactory = Callable[[int, Mapping[str, Any]], GameReviewer]
"""``factory(players, options)``: a reviewer for one record."""

_FACTORIES: dict[str, ReviewerFactory] = {}


def register_reviewer(game: str, factory: ReviewerFactory) -> None:
    """Review the game called ``game`` (its :class:`~pegboard.core.spec.GameSpec` name) with
    ``factory``, in place of its spec's ``review`` surface."""
    _FACTORIES[game] = factory


def has_review(game: str) -> bool:
    """Whether ``game`` is reviewed: a reviewer registered for it, or its spec's ``review``."""
    return game in _FACTORIES or "review" in get_spec(game).surfaces


def reviewer_for(game: str, players: int, options: Mapping[str, Any]) -> GameReviewer:
    factory = _FACTORIES.get(game)
    if factory is None:
        spec = get_spec(game)
        if "review" not in spec.surfaces:
            raise OptionError(f"{spec.title} has no game review")
        factory = spec.surface("review")
    return factory(players, options)
