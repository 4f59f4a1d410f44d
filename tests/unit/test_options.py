"""Starting a game: unknown games and options, ranges and text values are refused or read with a
message that says what is allowed (CONTRACT.md "Games", RULES.md §1 options)."""

from __future__ import annotations

from typing import Any

import pytest

from pegboard import new_game
from pegboard.errors import OptionError
from pegboard.games.cribbage.views import cribbage_view

DEFAULTS = {
    "score_target": 121,
    "turn_time": 20,
    "skip_empty": True,
    "skip_pass": True,
    "skip_only_move": False,
    "pre_show": False,
    "post_show": True,
    "teams": False,
    "dealer": "random",  # a dealer drawn for every hand (seed 003_41df7812b759fafb.txt)
    "counting": "auto",
}


def test_every_option_is_recorded_with_its_default() -> None:
    game = new_game("cribbage", players=2, seed=1)
    assert game.record()["options"] == DEFAULTS


def test_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(OptionError) as raised:
        new_game("whist", players=2, seed=1)
    assert "whist" in str(raised.value)
    assert "cribbage" in str(raised.value)


def test_game_names_ignore_case_and_spaces() -> None:
    assert new_game(" Cribbage ", players=2, seed=1).name == "cribbage"


def test_unknown_option_lists_the_options_of_the_game() -> None:
    with pytest.raises(OptionError) as raised:
        new_game("cribbage", players=2, seed=1, colour="red")
    message = str(raised.value)
    assert "colour" in message
    for name in DEFAULTS:
        assert name in message


@pytest.mark.parametrize(
    ("option", "value", "bounds"),
    [
        ("score_target", 0, "1 to 1000"),
        ("score_target", 1001, "1 to 1000"),
        ("score_target", -5, "1 to 1000"),
        ("turn_time", 4, "5 to 60"),
        ("turn_time", 61, "5 to 60"),
        ("turn_time", "4", "5 to 60"),
    ],
)
def test_out_of_range_values_name_the_range(option: str, value: Any, bounds: str) -> None:
    with pytest.raises(OptionError) as raised:
        new_game("cribbage", players=2, seed=1, **{option: value})
    assert option in str(raised.value)
    assert bounds in str(raised.value)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("score_target", 1),
        ("score_target", 1000),
        ("turn_time", 5),
        ("turn_time", 60),
    ],
)
def test_the_bounds_themselves_are_allowed(option: str, value: Any) -> None:
    game = new_game("cribbage", players=2, seed=1, **{option: value})
    assert game.options[option] == value


@pytest.mark.parametrize("players", [2, 3])
def test_teams_need_four_players(players: int) -> None:
    with pytest.raises(OptionError, match="4 players"):
        new_game("cribbage", players=players, seed=1, teams=True)


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_lists_the_allowed_counts(players: int) -> None:
    with pytest.raises(OptionError) as raised:
        new_game("cribbage", players=players, seed=1)
    assert "2, 3, 4" in str(raised.value)


@pytest.mark.parametrize(
    ("option", "text", "value"),
    [
        ("score_target", "61", 61),
        ("score_target", " 121 ", 121),
        ("turn_time", "30", 30),
        ("pre_show", "true", True),
        ("pre_show", "on", True),
        ("post_show", "false", False),
        ("post_show", "off", False),
        ("skip_only_move", "yes", True),
        ("skip_empty", "0", False),
    ],
)
def test_text_values_are_read(option: str, text: Any, value: object) -> None:
    game = new_game("cribbage", players=2, seed=1, **{option: text})
    assert game.options[option] == value
    assert type(game.options[option]) is type(value)


def test_teams_as_text_with_four_players() -> None:
    game = new_game("cribbage", players=4, seed=1, teams="true")
    assert game.options["teams"] is True
    assert cribbage_view(game.view(None))["teams"] is True


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("score_target", "sixty-one"),
        ("score_target", 61.5),
        ("score_target", True),
        ("teams", "maybe"),
        ("pre_show", 2),
    ],
)
def test_values_of_the_wrong_kind_are_refused(option: str, value: Any) -> None:
    with pytest.raises(OptionError, match=option):
        new_game("cribbage", players=4, seed=1, **{option: value})


def test_option_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        new_game("cribbage", players=2, seed=1, score_target=0)


def test_score_target_is_the_target() -> None:
    game = new_game("cribbage", players=2, seed=1, score_target="61")
    assert cribbage_view(game.view(None))["target"] == 61
