"""The platform's table options (RULES.md §1 "Platform options"): pause points before and after
the show, and the automatic passes and moves."""

from __future__ import annotations

import pytest
from cribbage_deals import THREE, THREE_DISCARDS, THREE_PLAY, TWO, TWO_DISCARDS, TWO_PLAY
from cribbage_script import GO, READY, discard, of_type, play, scripted, trail

from pegboard.core import Game
from pegboard.errors import IllegalAction, NotYourTurn


def three_player_game(**options: object) -> Game:
    game = scripted(3, 0, THREE, **options)
    discard(game, THREE_DISCARDS)
    for count in THREE_PLAY:
        play(game, count)
    return game


# -- pause points ------------------------------------------------------------------------------


def test_post_show_pause_waits_for_every_player() -> None:
    game = three_player_game()
    assert game.view(None)["phase"] == "post-show"
    assert game.to_act == (0, 1, 2)
    for seat in (0, 1, 2):
        assert game.legal_actions(seat) == [READY]
    game.apply(1, READY)
    assert list(game.to_act) == [0, 2]
    with pytest.raises(NotYourTurn):
        game.apply(1, READY)
    game.apply(0, READY)
    assert len(of_type(game, "deal")) == 1  # still paused: seat 2 is not ready
    game.apply(2, READY)
    assert [e["seat"] for e in of_type(game, "ready")] == [1, 0, 2]
    assert game.events[-1]["type"] == "deal"
    assert game.events[-1]["hand"] == 2
    assert game.events[-1]["dealer"] == 1  # the deal passes to the left


def test_without_post_show_the_next_hand_is_dealt_at_once() -> None:
    game = three_player_game(post_show=False)
    assert game.events[-1]["type"] == "deal"
    assert game.events[-2]["type"] == "score"  # the crib's count
    assert of_type(game, "ready") == []
    assert game.to_act == (0, 1, 2)
    assert game.legal_actions(0)[0]["type"] == "discard"


def test_pre_show_pause_comes_before_the_show() -> None:
    game = three_player_game(pre_show=True)
    assert game.view(None)["phase"] == "pre-show"
    assert of_type(game, "show") == []
    assert game.events[-1]["type"] == "reset"
    for seat in (2, 0):
        game.apply(seat, READY)
    assert of_type(game, "show") == []
    game.apply(1, READY)
    assert [e["seat"] for e in of_type(game, "show")] == [1, 2, 0, 0]
    assert game.view(None)["phase"] == "post-show"  # and then the pause after it


def test_timeout_makes_every_player_ready() -> None:
    game = three_player_game(pre_show=True)
    game.apply(0, READY)
    made = game.timeout()
    assert made == [(1, READY), (2, READY)]
    assert game.view(None)["phase"] == "post-show"
    game.timeout()
    assert of_type(game, "deal")[-1]["hand"] == 2


def test_ready_is_refused_outside_a_pause() -> None:
    game = scripted(2, 0, TWO)
    with pytest.raises(IllegalAction):
        game.apply(0, READY)


# -- automatic passes and moves ----------------------------------------------------------------


def test_skip_empty_off_a_player_without_cards_must_say_go() -> None:
    game = scripted(2, 0, TWO, skip_empty=False)
    discard(game, TWO_DISCARDS)
    play(game, TWO_PLAY[0])
    play(game, TWO_PLAY[1])
    assert game.to_act == (1,)  # seat 1 has played all four cards
    assert game.legal_actions(1) == [GO]
    game.apply(1, GO)
    assert game.to_act == (0,)
    assert game.legal_actions(0) == [GO]
    game.apply(0, GO)
    assert trail(game.events)[14:19] == [
        ("play", 0, "JS", 25),
        ("go", 1),
        ("go", 0),
        ("score", 0, 1),
        ("reset",),
    ]


def test_skip_pass_off_a_player_who_cannot_play_must_say_go() -> None:
    game = scripted(2, 0, TWO, skip_pass=False)
    discard(game, TWO_DISCARDS)
    play(game, TWO_PLAY[0])  # the count is 27
    assert game.to_act == (0,)
    assert game.legal_actions(0) == [GO]  # TD and JS would pass 31
    with pytest.raises(IllegalAction):
        game.apply(0, {"type": "play", "card": "TD"})
    game.apply(0, GO)
    assert game.to_act == (1,)
    assert game.legal_actions(1) == [GO]  # 5D would make 32
    game.apply(1, GO)
    assert trail(game.events)[-4:] == [("go", 0), ("go", 1), ("score", 1, 1), ("reset",)]
    assert game.to_act == (0,)


def test_skip_pass_on_passes_by_itself() -> None:
    game = scripted(2, 0, TWO)
    discard(game, TWO_DISCARDS)
    play(game, TWO_PLAY[0])
    assert trail(game.events)[-4:] == [("go", 0), ("go", 1), ("score", 1, 1), ("reset",)]
    go_actions = [a for a in game.record()["actions"] if a["action"] == GO]
    assert go_actions == []  # nobody sent them


def test_skip_only_move_plays_a_single_legal_card() -> None:
    game = scripted(2, 0, TWO, skip_only_move=True)
    discard(game, TWO_DISCARDS)
    play(game, TWO_PLAY[0])
    game.apply(0, {"type": "play", "card": "TD"})
    # Seat 1 holds only 5D, then seat 0 only JS: both are played for them.
    assert trail(game.events)[11:19] == [
        ("play", 0, "TD", 10),
        ("play", 1, "5D", 15),
        ("score", 1, 2),
        ("play", 0, "JS", 25),
        ("go", 1),
        ("go", 0),
        ("score", 0, 1),
        ("reset",),
    ]
    sent = [a["action"] for a in game.record()["actions"]]
    assert {"type": "play", "card": "5D"} not in sent


def test_skip_only_move_waits_when_there_is_a_choice() -> None:
    game = scripted(2, 0, TWO, skip_only_move=True)
    discard(game, TWO_DISCARDS)
    play(game, TWO_PLAY[0][:4])  # count 20: seat 1 may play 5D or 7S
    assert game.to_act == (1,)
    assert len(game.legal_actions(1)) == 2


def test_skip_only_move_is_off_by_default() -> None:
    game = scripted(2, 0, TWO)
    discard(game, TWO_DISCARDS)
    play(game, TWO_PLAY[0])
    game.apply(0, {"type": "play", "card": "TD"})
    assert game.to_act == (1,)
    assert game.legal_actions(1) == [{"type": "play", "card": "5D"}]
