"""Leaving (RULES.md §1 "Leaving"): the leaver gets the worst rank not yet given, the hand ends
at once with no further scoring, the rest play on with a new deal sized for their number, and
the last player remaining takes the best free rank. A team that leaves ends the game."""

from __future__ import annotations

import pytest
from cribbage_deals import (
    FOUR,
    FOUR_DISCARDS,
    THREE,
    THREE_DISCARDS,
    THREE_PLAY,
    TWO,
    TWO_DISCARDS,
    TWO_PLAY,
)
from cribbage_script import READY, discard, of_type, play, scores, scripted

from pegboard.core import Game, new_game
from pegboard.errors import GameOver, IllegalAction
from pegboard.games.cribbage.views import cribbage_view


def three_players_mid_play() -> Game:
    """Seat 2 has pegged a go (1) and a fifteen with a run (5); seat 0 is to play."""
    game = scripted(3, 0, THREE)
    discard(game, THREE_DISCARDS)
    play(game, THREE_PLAY[0])
    play(game, THREE_PLAY[1][:3])
    assert scores(game) == [0, 0, 6]
    assert game.to_act == (0,)
    return game


def test_leaving_mid_hand_ends_the_hand_unscored_and_deals_again() -> None:
    game = three_players_mid_play()
    before = len(game.events)
    game.leave(1)
    leave, dealt = game.events[before:]
    assert leave == {"type": "leave", "seat": 1, "rank": 3}
    assert dealt["type"] == "deal" and dealt["hand"] == 2
    assert dealt["dealer"] in (0, 2)
    # Two players now: six cards each, nothing to the crib, nothing for the leaver.
    assert [len(h) for h in dealt["hands"]] == [6, 0, 6]
    assert dealt["crib"] == []
    assert scores(game) == [0, 0, 6]  # pegged points stay; the hand is not shown
    assert of_type(game, "show") == []
    assert game.to_act == (0, 2)
    assert len(game.legal_actions(0)[0]["cards"]) == 2  # two players discard two each
    assert cribbage_view(game.view(None))["active"] == [0, 2]


def test_the_last_player_remaining_takes_the_best_free_rank() -> None:
    game = three_players_mid_play()
    game.leave(2)  # seat 2 leads on points but leaves first: rank 3
    game.leave(1)  # rank 2
    assert [(e["seat"], e["rank"]) for e in of_type(game, "leave")] == [(2, 3), (1, 2)]
    assert game.outcome is not None
    assert game.outcome.reason == "leave"
    assert game.outcome.scores == (0, 0, 6)
    assert game.outcome.ranks == (1, 2, 3)
    assert game.events[-1] == {
        "type": "end",
        "scores": [0, 0, 6],
        "ranks": [1, 2, 3],
        "reason": "leave",
    }


def test_four_players_become_three_with_five_cards_and_a_crib_card() -> None:
    game = scripted(4, 0, FOUR)
    game.apply(1, {"type": "discard", "cards": [FOUR_DISCARDS[1]]})
    game.leave(3)
    dealt = of_type(game, "deal")[-1]
    assert dealt["hand"] == 2
    assert [len(h) for h in dealt["hands"]] == [5, 5, 5, 0]
    assert len(dealt["crib"]) == 1
    assert game.to_act == (0, 1, 2)
    assert of_type(game, "leave") == [{"type": "leave", "seat": 3, "rank": 4}]


def test_two_players_one_leaves_and_the_other_wins() -> None:
    game = scripted(2, 0, TWO)
    discard(game, TWO_DISCARDS)
    play(game, TWO_PLAY[0])  # seat 1 has pegged 9
    game.apply(1, {"type": "leave"})  # leaving is also an action
    assert game.outcome is not None
    assert game.outcome.ranks == (1, 2)
    assert game.outcome.reason == "leave"
    assert game.outcome.scores == (0, 9)


def test_a_leaver_keeps_the_last_rank_when_the_others_reach_the_target() -> None:
    game = new_game("cribbage", players=3, seed=5, score_target=15)
    game.leave(0)
    while game.outcome is None:
        game.timeout()
    assert game.outcome.reason == "target"
    assert game.outcome.ranks[0] == 3
    winner = game.outcome.ranks.index(1)
    assert game.outcome.scores[winner] >= 15
    assert sorted(game.outcome.ranks) == [1, 2, 3]
    # Only the two players still in the game were dealt cards after the leave.
    for dealt in of_type(game, "deal")[1:]:
        assert dealt["hands"][0] == []


def test_a_team_that_leaves_loses_and_the_game_ends() -> None:
    game = scripted(4, 0, FOUR, teams=True)
    game.leave(1)
    assert of_type(game, "leave") == [{"type": "leave", "seat": 1, "rank": 2}]
    assert game.events[-1]["type"] == "end"
    assert game.outcome is not None
    assert game.outcome.ranks == (1, 2, 1, 2)
    assert game.outcome.reason == "leave"
    with pytest.raises(GameOver):
        game.apply(3, {"type": "discard", "cards": ["JH"]})


def test_a_player_who_left_cannot_act_or_see_cards() -> None:
    game = three_players_mid_play()
    game.leave(1)
    with pytest.raises(IllegalAction, match="left"):
        game.apply(1, {"type": "discard", "cards": ["2C", "3C"]})
    with pytest.raises(IllegalAction):
        game.leave(1)
    assert game.legal_actions(1) == []
    view = cribbage_view(game.view(1))
    assert view["hand"] == [] and view["legal"] == []


def test_leaving_in_the_pause_before_the_show_skips_the_show() -> None:
    game = scripted(3, 0, THREE, pre_show=True)
    discard(game, THREE_DISCARDS)
    for count in THREE_PLAY:
        play(game, count)
    game.apply(2, READY)
    game.leave(1)
    assert of_type(game, "show") == []
    assert scores(game) == [3, 1, 7]  # the pegging only
    assert of_type(game, "deal")[-1]["hand"] == 2
    assert game.to_act == (0, 2)


def test_leaving_in_the_pause_after_the_show() -> None:
    game = scripted(3, 0, THREE)
    discard(game, THREE_DISCARDS)
    for count in THREE_PLAY:
        play(game, count)
    assert scores(game) == [17, 5, 13]
    game.apply(0, READY)
    game.leave(2)
    assert scores(game) == [17, 5, 13]
    dealt = of_type(game, "deal")[-1]
    assert dealt["hand"] == 2
    assert [len(h) for h in dealt["hands"]] == [6, 6, 0]
