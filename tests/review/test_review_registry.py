"""Each game's review is found by the game's name among the ``pegboard.review`` entry points,
as games are among ``pegboard.games``; a game with none is a clear error."""

from __future__ import annotations

import pytest

from pegboard.core.spec import game_names
from pegboard.errors import OptionError
from pegboard.review import reviewer_for


def test_every_game_pegboard_ships_has_a_review() -> None:
    for name in game_names():
        reviewer = reviewer_for(name, 2 if name != "cribist" else 4, {})
        assert len(reviewer.sides) in (2, 4)


def test_a_game_without_a_review_is_a_clear_error() -> None:
    with pytest.raises(OptionError, match=r"no review for the game .chess.*cribbage"):
        reviewer_for("chess", 2, {})
