"""The game as a whole: registration and options, the play's team scoring, the end at the
target with skunks, leaving, the next hand, exact replay, and powers tables from files."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from not_enough_script import (
    READY,
    acting,
    discard,
    of_type,
    pegs,
    phase,
    play_out,
    rules_of,
    scores,
    start,
    table_data,
    value,
)

from pegboard.cards import parse_card
from pegboard.core import get_spec, new_game
from pegboard.errors import OptionError
from pegboard.games.not_enough import default_powers, load_powers, spec_with_powers
from pegboard.games.not_enough.powers import BLUE, GREY, PowersError
from pegboard.games.not_enough.views import not_enough_view
from pegboard.records import replay
from registries import own_game_registry

HANDS = ["2C 3S 5C 7S 9C TS", "2H 4D 6H 8D 9H TD"]
DISCARDS = {0: "9C TS", 1: "9H TD"}
HANDS4 = ["2C 3C 4C 5C 6S", "2H 3H 4H 5H 6D", "2S 3S 4S 5S 6C", "2D 3D 4D 5D 6H"]
DISCARDS4 = {0: "6S", 1: "6D", 2: "6C", 3: "6H"}


def test_registered_with_aliases_for_two_or_four_players() -> None:
    spec = get_spec("not-enough")
    assert spec.title == "Cribbage is not Enough" and spec.players == (2, 4)
    for alias in ("not_enough", "Cribbage-is-not-Enough", "cribbage_is_not_enough"):
        assert get_spec(alias) is spec
    assert "Rob the cradle" in spec.rules_text()
    with pytest.raises(OptionError, match="2, 4"):
        new_game("not-enough", players=3)
    with pytest.raises(OptionError):
        new_game("not-enough", players=2, score_target=0)
    with pytest.raises(OptionError):
        new_game("not-enough", players=2, counting="sometimes")


def test_the_play_pegs_for_the_team() -> None:
    game = start(HANDS4, tops={GREY: "7C", BLUE: "7H"})
    discard(game, DISCARDS4)
    game.apply(1, {"type": "play", "card": "5H"})
    game.apply(2, {"type": "play", "card": "5S"})  # a pair for seat 2 and its partner seat 0
    assert scores(game) == [2, 0, 2, 0]
    assert not_enough_view(game.view(0))["team_scores"] == [2, 0]


def test_his_nob_can_end_the_game_at_once() -> None:
    game = start(HANDS, tops={GREY: "JC", BLUE: "3H"}, score_target=2)
    discard(game, DISCARDS)
    assert game.outcome is not None and game.outcome.reason == "target"
    assert game.outcome.ranks == (1, 2)
    assert phase(game) == "over" and not of_type(game, "power")


@pytest.mark.parametrize(("behind", "skunked"), [(90, (1,)), (91, ())])
def test_a_margin_of_31_or_more_is_a_skunk(behind: int, skunked: tuple[int, ...]) -> None:
    game = start(HANDS, tops={GREY: "JC", BLUE: "3H"})
    rules_of(game).scores = [119, behind]
    discard(game, DISCARDS)  # his nob: 121
    assert game.outcome is not None
    assert game.outcome.scores == (121, behind)
    assert game.outcome.skunked == skunked
    outcome = game.record()["outcome"]
    assert outcome is not None and outcome.get("skunked", []) == list(skunked)


def test_a_skunk_with_teams_names_both_losers() -> None:
    game = start(HANDS4, tops={GREY: "JC", BLUE: "7H"})
    rules_of(game).scores = [119, 60, 119, 60]
    discard(game, DISCARDS4)
    assert game.outcome is not None
    assert game.outcome.ranks == (1, 2, 1, 2) and game.outcome.skunked == (1, 3)


def test_leaving_ends_the_game_with_the_leavers_team_last() -> None:
    game = start(HANDS4, tops={GREY: "7C", BLUE: "7H"})
    game.leave(2)
    assert game.outcome is not None
    assert game.outcome.reason == "leave" and game.outcome.ranks == (2, 1, 2, 1)
    assert of_type(game, "leave") == [{"type": "leave", "seat": 2, "rank": 2}]


def test_after_the_pause_the_deal_passes_left() -> None:
    game = start(HANDS, tops={GREY: "4C", BLUE: "3H"})
    discard(game, DISCARDS)
    play_out(game)
    assert phase(game) == "post-show" and acting(game) == (0, 1)
    game.apply(0, READY)
    game.apply(1, READY)
    assert phase(game) == "colour" and acting(game) == (1,)
    assert (
        not_enough_view(game.view(None))["hand"] == []
        and not_enough_view(game.view(0))["tops"] is None
    )
    game.apply(1, {"type": "colour", "colour": GREY})  # the new dealer's team takes grey
    assert not_enough_view(game.view(None))["colours"] == {GREY: [1], BLUE: [0]}
    assert not_enough_view(game.view(None))["hand_number"] == 2


def test_without_the_pause_the_next_hand_starts_at_once() -> None:
    game = start(HANDS, tops={GREY: "4C", BLUE: "3H"}, post_show=False)
    discard(game, DISCARDS)
    play_out(game)
    assert phase(game) == "colour" and acting(game) == (1,)


def test_a_scripted_game_replays_exactly() -> None:
    game = start(HANDS, tops={GREY: "KC", BLUE: "3H"})
    discard(game, DISCARDS)
    game.apply(0, {"type": "power", "power": "might"})
    play_out(game)
    record = json.loads(json.dumps(game.record()))
    again = replay(record)
    assert again.events == game.events
    assert pegs(again.events) == pegs(game.events)


def test_the_packaged_table_is_read_not_written_into_the_code() -> None:
    data = table_data()
    powers = default_powers()
    assert powers.placeholder is data["placeholder"]
    for suit, role in data["roles"].items():
        for rank, values in data["powers"][role].items():
            for power, number in values.items():
                assert value(rank + suit, power) == number
    assert value("7C", "might") == 0  # only court cards carry powers
    assert [len(powers.cards_of(c)) for c in (GREY, BLUE)] == [26, 26]


def test_a_table_from_a_file_changes_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    own_game_registry(monkeypatch)  # the variant is this test's alone
    data = table_data()
    for role in data["powers"].values():
        for values in role.values():
            values["intel"] = 0
    path = tmp_path / "zero_intel.json"
    path.write_text(json.dumps(data))
    table = load_powers(path)
    assert table.value(parse_card("KS"), "intel") == 0
    spec = spec_with_powers(table, name="not-enough-zero-intel")
    game = new_game(spec.name, players=2, seed=4)
    assert not_enough_view(game.view(0))["powers"]["source"] == str(path)
    assert game.spec.create is not get_spec("not-enough").create


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("roles"), "roles"),
        (lambda d: d["colours"].update(grey=["C", "H"]), "split the four suits"),
        (lambda d: d["powers"]["generals"]["K"].update(might=-1), "whole number"),
        (lambda d: d["powers"]["generals"].pop("A"), "no values for A"),
    ],
)
def test_a_bad_table_is_refused_with_a_reason(
    tmp_path: Path, change: Callable[[dict[str, Any]], object], message: str
) -> None:
    data = table_data()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(PowersError, match=message):
        load_powers(path)
    path.write_text("{not json")
    with pytest.raises(PowersError, match="cannot read"):
        load_powers(path)
