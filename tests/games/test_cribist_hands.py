"""Whole scripted hands of Cribist for each way a game ends (RULES.md §2: ``end``), leaving,
and the end of hand: a point per trick, and the deal passing to the left.

The hand is ``ROUND`` (see cribist_script.py): its tricks, winners and points are worked out
by hand there; finally seats 0..3 hold 15, 16, 36 and 15.
"""

from __future__ import annotations

import pytest
from cribist_script import (
    PASS,
    ROUND,
    ROUND_FINAL,
    ROUND_TRICK_POINTS,
    ROUND_TRICKS_WON,
    ROUND_WINNERS,
    claim,
    deck,
    kinds,
    of_type,
    play_trick,
    play_tricks,
    scores,
    scripted,
    snapshot,
)

from pegboard import replay
from pegboard.errors import GameOver, IllegalAction

ROUND_DECK = deck(ROUND, dealer=0)


def test_the_scripted_hand_plays_as_worked_out() -> None:
    game = scripted(0, ROUND_DECK, counting="auto")
    play_tricks(game, ROUND)
    tricks = of_type(game, "trick")
    assert [t["winner"] for t in tricks] == ROUND_WINNERS
    assert [t["leader"] for t in tricks] == [leader for leader, _ in ROUND]
    assert all(t["trump"] == "C" for t in tricks)
    trick_scores = [e for e in of_type(game, "score") if e["items"][0]["kind"] != "tricks"]
    assert [(e["seat"], e["points"]) for e in trick_scores] == list(
        zip(ROUND_WINNERS, ROUND_TRICK_POINTS, strict=True)
    )


def test_each_player_scores_a_point_per_trick_at_the_end_of_the_hand() -> None:
    game = scripted(0, ROUND_DECK, counting="auto", end="deals", deals=2)
    play_tricks(game, ROUND)
    per_trick = [e for e in of_type(game, "score") if e["items"][0]["kind"] == "tricks"]
    assert {e["seat"]: e["points"] for e in per_trick} == dict(enumerate(ROUND_TRICKS_WON))
    assert all(
        e["items"] == [{"kind": "tricks", "points": e["points"], "cards": []}] for e in per_trick
    )
    # They come after the last trick is counted, and the hand's totals are the worked-out ones.
    last_trick = max(i for i, e in enumerate(game.events) if e["type"] == "trick")
    assert all(game.events.index(e) > last_trick for e in per_trick)
    assert scores(game) == ROUND_FINAL


def test_the_deal_passes_to_the_left() -> None:
    game = scripted(0, ROUND_DECK, counting="auto", end="deals", deals=3)
    play_tricks(game, ROUND)
    deals = of_type(game, "deal")
    assert [(d["hand"], d["dealer"]) for d in deals] == [(1, 0), (2, 1)]
    assert game.to_act == (2,)  # the player left of the new dealer leads
    assert game.outcome is None


# -- end = target -------------------------------------------------------------------------------


def test_the_game_ends_mid_hand_the_instant_a_trick_reaches_the_target() -> None:
    game = scripted(0, ROUND_DECK, counting="auto", end="target", score_target=9)
    play_tricks(game, ROUND[:2])  # seat 1: 4, then 5 more = 9
    assert game.outcome is not None
    assert game.outcome.reason == "target"
    assert list(game.outcome.scores) == [0, 9, 0, 0]
    assert list(game.outcome.ranks) == [2, 1, 2, 2]  # the rest share second place
    assert kinds(game.events)[-4:] == ["play", "trick", "score", "end"]
    assert game.to_act == ()
    with pytest.raises(GameOver):
        game.apply(1, {"type": "play", "card": "AD"})


def test_the_trick_points_at_the_end_of_a_hand_can_reach_the_target() -> None:
    # Seat 2 ends the tricks on 32 and reaches 36 with its four tricks.
    game = scripted(0, ROUND_DECK, counting="auto", score_target=36)
    play_tricks(game, ROUND)
    assert game.outcome is not None and game.outcome.reason == "target"
    last_score = of_type(game, "score")[-1]
    assert (last_score["seat"], last_score["items"][0]["kind"]) == (2, "tricks")
    assert last_score["scores"][2] == 36
    assert kinds(game.events)[-2:] == ["score", "end"]
    assert game.outcome.ranks[2] == 1


def test_a_target_game_goes_on_to_the_next_hand() -> None:
    game = scripted(0, ROUND_DECK, counting="auto")  # target 61 by default
    play_tricks(game, ROUND)
    assert game.outcome is None
    assert scores(game) == ROUND_FINAL
    assert len(of_type(game, "deal")) == 2


# -- end = deals --------------------------------------------------------------------------------


@pytest.mark.parametrize("counting", ["auto", "manual"])
def test_a_one_deal_game_ends_after_the_trick_points(counting: str) -> None:
    game = scripted(0, ROUND_DECK, counting=counting, end="deals", deals=1)
    if counting == "auto":
        play_tricks(game, ROUND)
    else:
        play_tricks(game, ROUND[:-1], claims=True)  # nobody claims anything: only tricks count
        play_trick(game, ROUND[-1][1])
        game.apply(2, claim("pair 5C 5D", "pair 5C 5H"))  # 4 of the 20
        for seat in (3, 0, 1):
            game.apply(seat, PASS)
    assert game.outcome is not None
    assert game.outcome.reason == "deals"
    final = ROUND_FINAL if counting == "auto" else [3, 3, 4 + 4, 3]
    assert list(game.outcome.scores) == final
    if counting == "auto":
        assert list(game.outcome.ranks) == [3, 2, 1, 3]  # seats 0 and 3 tie on 15
    else:
        assert list(game.outcome.ranks) == [2, 2, 1, 2]  # three players tie on 3
    assert kinds(game.events)[-5:] == ["score"] * 4 + ["end"]
    assert len(of_type(game, "deal")) == 1


@pytest.mark.parametrize("end", ["deals", "minutes"])
def test_the_score_target_plays_no_part_unless_end_is_target(end: str) -> None:
    game = scripted(0, ROUND_DECK, counting="auto", end=end, deals=1, score_target=9)
    play_tricks(game, ROUND[:2])  # seat 1 has 9
    assert game.outcome is None
    play_tricks(game, ROUND[2:])
    assert scores(game) == ROUND_FINAL
    assert (game.outcome is not None) == (end == "deals")


# -- end = minutes ------------------------------------------------------------------------------


def test_when_time_is_up_the_hand_in_progress_is_finished_then_the_game_ends() -> None:
    game = scripted(0, ROUND_DECK, counting="auto", end="minutes", minutes=5)
    play_tricks(game, ROUND[:5])
    game.time_up()
    assert of_type(game, "time-up") == [{"type": "time-up"}]
    assert game.outcome is None and game.to_act == (3,)
    play_tricks(game, ROUND[5:])
    assert game.outcome is not None
    assert game.outcome.reason == "minutes"
    assert list(game.outcome.scores) == ROUND_FINAL
    assert list(game.outcome.ranks) == [3, 2, 1, 3]
    assert len(of_type(game, "deal")) == 1


def test_time_up_during_the_count_of_the_last_trick_still_counts_it() -> None:
    game = scripted(0, ROUND_DECK, counting="manual", end="minutes")
    play_tricks(game, ROUND[:-1], claims=True)
    play_trick(game, ROUND[-1][1])
    game.time_up()
    game.apply(2, claim("pair 5C 5D"))
    for seat in (3, 0, 1):
        game.apply(seat, PASS)
    assert game.outcome is not None and game.outcome.reason == "minutes"
    assert list(game.outcome.scores) == [3, 3, 2 + 4, 3]


def test_without_time_up_a_timed_game_deals_again() -> None:
    game = scripted(0, ROUND_DECK, counting="auto", end="minutes")
    play_tricks(game, ROUND)
    assert game.outcome is None
    assert [d["dealer"] for d in of_type(game, "deal")] == [0, 1]


@pytest.mark.parametrize("end", ["target", "deals"])
def test_time_up_is_refused_in_a_game_not_played_against_the_clock(end: str) -> None:
    game = scripted(0, ROUND_DECK, counting="auto", end=end)
    play_trick(game, ROUND[0][1])
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.time_up()
    assert snapshot(game) == before


# -- leaving ------------------------------------------------------------------------------------


def test_leaving_mid_hand_ends_the_game_with_the_leaver_last() -> None:
    game = scripted(0, ROUND_DECK, counting="auto")
    play_tricks(game, ROUND[:4])  # seat 1: 4 + 5 = 9, seat 2: 4 + 4 = 8
    play_trick(game, "3H KH")
    assert scores(game) == [0, 9, 8, 0]
    game.leave(1)  # the leader on points, and not the one to play
    assert game.outcome is not None
    assert game.outcome.reason == "leave"
    assert list(game.outcome.scores) == [0, 9, 8, 0]
    assert list(game.outcome.ranks) == [2, 4, 1, 2]  # seats 0 and 3 share second place
    assert of_type(game, "leave") == [{"type": "leave", "seat": 1, "rank": 4}]
    assert kinds(game.events)[-2:] == ["leave", "end"]
    assert game.to_act == ()
    with pytest.raises(GameOver):
        game.apply(0, {"type": "play", "card": "AH"})


def test_leaving_during_a_count_ends_the_game_at_once() -> None:
    game = scripted(0, ROUND_DECK, counting="manual")
    play_trick(game, ROUND[0][1])
    assert game.to_act == (1,)
    game.apply(3, {"type": "leave"})
    assert game.outcome is not None and game.outcome.reason == "leave"
    assert list(game.outcome.ranks) == [1, 1, 1, 4]
    assert of_type(game, "claim") == []


# -- records ------------------------------------------------------------------------------------


def test_a_timed_game_and_its_time_up_replay_from_the_record() -> None:
    game = scripted(0, ROUND_DECK, counting="manual", end="minutes")
    play_tricks(game, ROUND[:3], claims=True)
    game.time_up()
    play_tricks(game, ROUND[3:], claims=True)
    assert game.outcome is not None and game.outcome.reason == "minutes"
    record = game.record()
    assert {"seat": None, "action": {"type": "time-up"}} in record["actions"]
    assert replay(record).record() == record


def test_a_game_ended_by_leaving_replays_from_the_record() -> None:
    game = scripted(0, ROUND_DECK, counting="auto")
    play_tricks(game, ROUND[:2])
    game.leave(2)
    record = game.record()
    assert record["outcome"] is not None and record["outcome"]["reason"] == "leave"
    assert replay(record).record() == record


def test_a_timeout_in_the_play_makes_a_legal_play_that_follows_suit() -> None:
    game = scripted(0, ROUND_DECK, counting="auto")
    game.apply(1, {"type": "play", "card": "KC"})
    [(seat, action)] = game.timeout()
    assert seat == 2 and action["card"] in ("AC", "2C", "TC", "5C")
    assert game.record()["actions"][-1]["auto"] == "timeout"
