"""The turn clock (RULES.md §1 ``turn_time``): when it runs out an arbitrary legal move is made,
and the game stays replayable: the same seed and the same actions give the same game."""

from __future__ import annotations

from typing import Any

import pytest
from cribbage_deals import TWO, TWO_DISCARDS
from cribbage_script import discard, of_type, scripted

from pegboard import replay
from pegboard.core import Game, new_game


def timed_out_game(players: int, seed: int, **options: Any) -> Game:
    game = new_game("cribbage", players=players, seed=seed, **options)
    while game.outcome is None:
        game.timeout()
    return game


def test_timeout_in_the_discard_makes_everyone_discard_legally() -> None:
    game = scripted(2, 0, TWO)
    legal = {seat: game.legal_actions(seat) for seat in (0, 1)}
    made = game.timeout()
    assert [seat for seat, _ in made] == [0, 1]
    for seat, action in made:
        assert action in legal[seat]
    assert len(of_type(game, "discard")) == 2
    assert [a["auto"] for a in game.record()["actions"]] == ["timeout", "timeout"]


def test_timeout_in_the_play_moves_only_the_player_to_act() -> None:
    game = scripted(2, 0, TWO)
    discard(game, TWO_DISCARDS)
    legal = game.legal_actions(1)
    made = game.timeout()
    assert len(made) == 1
    seat, action = made[0]
    assert seat == 1 and action in legal
    assert of_type(game, "play")[-1]["seat"] == 1


def test_timeout_for_a_seat_that_is_not_to_act_does_nothing() -> None:
    game = scripted(2, 0, TWO)
    discard(game, TWO_DISCARDS)
    before = game.record()
    assert game.timeout(0) == []
    assert game.record() == before


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {"score_target": 61}),
        (4, {"score_target": 61}),
        (4, {"teams": True, "pre_show": True}),
        (2, {"skip_empty": False, "skip_pass": False}),
    ],
)
def test_a_game_of_timeouts_ends_and_replays_exactly(players: int, options: dict[str, Any]) -> None:
    first = timed_out_game(players, 11, **options)
    second = timed_out_game(players, 11, **options)
    assert first.record() == second.record()
    assert first.outcome is not None
    assert max(first.outcome.scores) >= int(first.options["score_target"])

    # The same seed and the same actions, sent as a person would send them.
    replay = new_game("cribbage", players=players, seed=11, **options)
    for entry in first.record()["actions"]:
        assert entry["seat"] is not None  # no clock on the whole game
        replay.apply(entry["seat"], entry["action"])
    # The same events, but for the mark on each move the clock made (the person made them).
    assert replay.events == [{k: v for k, v in e.items() if k != "auto"} for e in first.events]
    assert {e.get("auto") for e in first.events} == {"timeout", None}
    assert replay.outcome == first.outcome
    assert replay.record()["chance"] == first.record()["chance"]


def test_a_record_with_timeouts_and_a_leave_replays() -> None:
    game = new_game("cribbage", players=3, seed=9, score_target=61)
    for _ in range(30):
        game.timeout()
    game.leave(2)
    while game.outcome is None:
        game.timeout()
    again = replay(game.record())
    assert again.events == game.events
    assert again.record() == game.record()


def test_different_seeds_give_different_games() -> None:
    assert timed_out_game(2, 1).events != timed_out_game(2, 2).events


def test_two_games_driven_alike_stay_alike_move_by_move() -> None:
    a = new_game("cribbage", players=3, seed=4, score_target=31)
    b = new_game("cribbage", players=3, seed=4, score_target=31)
    while a.outcome is None:
        assert a.to_act == b.to_act
        seat = a.to_act[0]
        assert a.legal_actions(seat) == b.legal_actions(seat)
        action = a.legal_actions(seat)[-1]
        a.apply(seat, action)
        b.apply(seat, action)
        assert a.events == b.events
    assert b.outcome == a.outcome
