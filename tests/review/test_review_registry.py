"""Each game's review is reached from its GameSpec (its ``review`` surface), as its other
plug-ins are; a game without one, or no game at all, is a clear error."""

from __future__ import annotations

import dataclasses

import pytest

from pegboard.core.spec import game_names, get_spec
from pegboard.errors import OptionError
from pegboard.review import reviewer as reviewer_module
from pegboard.review import reviewer_for


def test_every_game_pegboard_ships_has_a_review() -> None:
    for name in game_names():
        spec = get_spec(name)
        made = reviewer_for(name, spec.players[-1], spec.resolve(spec.players[-1], {}))
        assert len(made.sides) == spec.players[-1]


def test_a_game_without_a_review_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = dataclasses.replace(get_spec("cribbage"), title="Plain", surfaces={})
    monkeypatch.setattr(reviewer_module, "get_spec", lambda name: plain)
    with pytest.raises(OptionError, match="Plain has no game review"):
        reviewer_for("cribbage", 2, {})


def test_no_game_no_review() -> None:
    with pytest.raises(OptionError, match="unknown game 'chess'"):
        reviewer_for("chess", 2, {})
