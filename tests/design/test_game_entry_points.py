"""Games are found through the ``pegboard.games`` entry point group: pegboard's own three, and
a game of any other installed package, in the same way."""

from __future__ import annotations

import sys
import types
from dataclasses import replace
from importlib.metadata import EntryPoint, entry_points

import pytest

from pegboard.core import game_names, get_spec, new_game, spec
from pegboard.errors import OptionError
from pegboard.games.cribbage.config import SPEC as CRIBBAGE
from pegboard.records import replay


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty registry that loads the entry points again on first use."""
    monkeypatch.setattr(spec, "_REGISTRY", {})
    monkeypatch.setattr(spec, "_ALIASES", {})
    monkeypatch.setattr(spec, "_loaded", False)


def _with_entry(monkeypatch: pytest.MonkeyPatch, name: str, value: object) -> None:
    """Another package, ``toy_games``, installed with one more entry point naming ``value``."""
    module = types.ModuleType("toy_games")
    module.GAME = value  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "toy_games", module)
    extra = EntryPoint(name=name, value="toy_games:GAME", group=spec.ENTRY_POINT_GROUP)

    def with_extra(*, group: str) -> list[EntryPoint]:
        return [*entry_points(group=group), extra]

    monkeypatch.setattr(spec, "entry_points", with_extra)


def test_pegboard_names_its_three_games_as_entry_points() -> None:
    names = {entry.name for entry in entry_points(group="pegboard.games")}
    assert names == {"cribbage", "cribist", "not-enough"}
    assert game_names() == ["cribbage", "cribist", "not-enough"]


def test_a_game_of_another_package_plays_and_replays(
    monkeypatch: pytest.MonkeyPatch, fresh_registry: None
) -> None:
    toy = replace(CRIBBAGE, name="short-cribbage", title="Short Cribbage", aliases=("short",))
    _with_entry(monkeypatch, "short-cribbage", toy)
    assert game_names() == ["cribbage", "cribist", "not-enough", "short-cribbage"]
    assert get_spec("short") is toy
    game = new_game("short-cribbage", players=2, seed=3, score_target=15)
    while game.outcome is None:
        seat = game.to_act[0]
        game.apply(seat, game.legal_actions(seat)[0])
    replay(game.record())  # raises if anything differs


def test_an_entry_point_that_is_not_a_game_is_named(
    monkeypatch: pytest.MonkeyPatch, fresh_registry: None
) -> None:
    _with_entry(monkeypatch, "broken", "not a spec")
    with pytest.raises(TypeError, match="broken = toy_games:GAME is not a GameSpec"):
        game_names()


def test_a_game_registered_first_keeps_its_place(
    monkeypatch: pytest.MonkeyPatch, fresh_registry: None
) -> None:
    """``use_powers`` registers not-enough with another table before the entry points load."""
    mine = replace(CRIBBAGE, title="Cribbage, my way")
    spec.register(mine)
    assert get_spec("cribbage") is mine


def test_without_installed_entry_points_the_error_says_so(
    monkeypatch: pytest.MonkeyPatch, fresh_registry: None
) -> None:
    """Running from a source tree that was never installed finds no games: say why."""
    monkeypatch.setattr(spec, "entry_points", lambda *, group: [])
    with pytest.raises(OptionError, match=r"no game is installed.*pegboard\.games"):
        get_spec("cribbage")
