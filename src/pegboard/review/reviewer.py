"""What a game plugs into the review: a :class:`GameReviewer` per game, found by name.

Each game's reviewer is named in the ``pegboard.review`` entry point group under the game's
own name (pyproject.toml), the way games are named in ``pegboard.games``: the review engine
never tells one game from another; a game in another package plugs its review in alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from typing import Any, Protocol

from pegboard.core.rules import Action
from pegboard.errors import OptionError
from pegboard.review.model import Judgement, Luck

View = dict[str, Any]


class GameReviewer(Protocol):
    """One record's review for one game (a new one per record: it may remember the deals)."""

    notes: tuple[str, ...]
    """What this game's review does not value, said in the review."""
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


ReviewerFactory = Callable[[int, Mapping[str, Any]], GameReviewer]
"""``factory(players, options)``: a reviewer for one record."""

REVIEW_ENTRY_POINTS = "pegboard.review"

_FACTORIES: dict[str, ReviewerFactory] = {}


def register_reviewer(game: str, factory: ReviewerFactory) -> None:
    """Review the game called ``game`` (its :class:`~pegboard.core.spec.GameSpec` name) with
    ``factory``."""
    _FACTORIES[game] = factory


def reviewer_for(game: str, players: int, options: Mapping[str, Any]) -> GameReviewer:
    factory = _FACTORIES.get(game)
    if factory is None:
        named = [e for e in entry_points(group=REVIEW_ENTRY_POINTS) if e.name == game]
        if not named:
            known = sorted(
                {*_FACTORIES, *(e.name for e in entry_points(group=REVIEW_ENTRY_POINTS))}
            )
            raise OptionError(
                f"no review for the game {game!r}; games reviewed: {', '.join(known) or 'none'}"
            )
        factory = _FACTORIES[game] = named[0].load()
    return factory(players, options)
