"""Claims and Muggins in Cribist (RULES.md §2 counting, §4), on the seed's own example.

Seat 0 deals; seat 1 leads 4C (clubs are trumps) and wins 4C 5D 5H 6S, worth 12:
two runs of 3 (4-5-6 with each five), two fifteens (4+5+6 with each five), a pair of fives.
Seat 1 claims; then seats 2, 3 and 0 (clockwise from the winner) may call Muggins or pass.
"""

from __future__ import annotations

import pytest
from cribist_script import (
    PASS,
    claim,
    deck,
    item_set,
    kinds,
    muggins,
    of_type,
    play_trick,
    scores,
    scripted,
    snapshot,
)

from pegboard import replay
from pegboard.core import Game
from pegboard.errors import GameOver, IllegalAction, NotYourTurn

TRICK = "4C 5D 5H 6S"
RUNS = ("run 4C 5D 6S", "run 4C 5H 6S")
FIFTEENS = ("fifteen 4C 5D 6S", "fifteen 4C 5H 6S")
PAIR = "pair 5D 5H"


def counting_game(**options: object) -> Game:
    """Manual counting, the seed's trick just won by seat 1."""
    game = scripted(0, deck([(1, TRICK), (1, "7C 8D 8H 9S")], dealer=0), **options)
    play_trick(game, TRICK)
    return game


def after_trick(game: Game) -> list[tuple[object, ...]]:
    """The count in short: ("claim", seat, points), ("muggins", seat, points, valid),
    ("pass", seat), ("score", seat, points)."""
    last = max(i for i, e in enumerate(game.events) if e["type"] == "trick")
    out: list[tuple[object, ...]] = []
    for e in game.events[last + 1 :]:
        if e["type"] == "claim":
            out.append(("claim", e["seat"], e["points"]))
        elif e["type"] == "muggins":
            out.append(("muggins", e["seat"], e["points"], e["valid"]))
        elif e["type"] == "pass":
            out.append(("pass", e["seat"]))
        elif e["type"] == "score":
            out.append(("score", e["seat"], e["points"]))
    return out


# -- the claim ----------------------------------------------------------------------------------


def test_manual_counting_is_the_default_and_the_winner_claims_first() -> None:
    game = counting_game()
    assert game.options["counting"] == "manual"
    assert game.to_act == (1,)
    assert game.legal_actions(1) == [{"type": "claim", "items": []}]
    assert of_type(game, "score") == []  # nothing is scored until it is claimed
    with pytest.raises(NotYourTurn):
        game.apply(2, muggins(PAIR))  # Muggins waits for the claim
    with pytest.raises(IllegalAction):
        game.apply(1, {"type": "play", "card": "7C"})  # the next trick waits for the count


def test_a_full_claim_scores_everything_and_leaves_nothing_to_call() -> None:
    game = counting_game()
    game.apply(1, claim(*RUNS, *FIFTEENS, PAIR))
    assert scores(game) == [0, 12, 0, 0]
    [score] = of_type(game, "score")
    assert item_set(score["items"]) == item_set(of_type(game, "claim")[0]["items"])
    # Every item is taken now: a call on any of them fails.
    game.apply(2, muggins(PAIR))
    assert scores(game) == [0, 12, -2, 0]


def test_an_under_claim_leaves_the_rest_for_muggins() -> None:
    game = counting_game()
    game.apply(1, claim(*RUNS))
    assert scores(game) == [0, 6, 0, 0]
    assert game.to_act == (2,)
    game.apply(2, muggins(PAIR))  # points default to the items' worth: 2
    assert game.to_act == (3,)
    game.apply(3, muggins(*FIFTEENS, points=4))
    game.apply(0, PASS)
    assert after_trick(game) == [
        ("claim", 1, 6),
        ("score", 1, 6),
        ("muggins", 2, 2, True),
        ("score", 2, 2),
        ("muggins", 3, 4, True),
        ("score", 3, 4),
        ("pass", 0),
    ]
    assert scores(game) == [0, 6, 2, 4]
    # The count is over: the winner leads the next trick.
    assert game.view(None)["phase"] == "play" and game.to_act == (1,)


def test_a_claim_naming_a_combination_not_in_the_trick_is_refused_and_may_be_made_again() -> None:
    game = counting_game()
    before = snapshot(game)
    for wrong in (
        claim("run 4C 5D 5H 6S"),  # no run of four: 5-5 is a pair
        claim(*RUNS, "fifteen 5D 5H"),  # 10, not 15; the good items do not save it
        claim("pair 4C 5D"),
        claim("flush 4C 5D 5H 6S"),
        claim("jack-of-trumps 4C"),
        claim("run 4C 5D 6S 7C"),  # 7C is not in the trick
    ):
        with pytest.raises(IllegalAction):
            game.apply(1, wrong)
        assert snapshot(game) == before
    assert game.to_act == (1,)
    game.apply(1, claim(*RUNS))
    assert scores(game) == [0, 6, 0, 0]
    assert of_type(game, "claim") == [
        {
            "type": "claim",
            "seat": 1,
            "items": of_type(game, "claim")[0]["items"],
            "points": 6,
            "valid": True,
        }
    ]


def test_claiming_nothing_scores_nothing() -> None:
    game = counting_game()
    game.apply(1, claim())
    assert of_type(game, "claim") == [
        {"type": "claim", "seat": 1, "items": [], "points": 0, "valid": True}
    ]
    assert of_type(game, "score") == []
    assert game.to_act == (2,)


# -- Muggins ------------------------------------------------------------------------------------


def test_a_muggins_call_naming_a_combination_not_in_the_trick_costs_its_points() -> None:
    game = counting_game()
    game.apply(1, claim(*RUNS))
    game.apply(2, muggins("fifteen 5D 5H"))  # 5+5 is 10: worth 2 if it were real
    [call] = of_type(game, "muggins")
    assert (call["seat"], call["points"], call["valid"]) == (2, 2, False)
    assert scores(game) == [0, 6, -2, 0]  # scores may go below zero
    assert of_type(game, "score")[-1]["points"] == -2


def test_a_muggins_call_on_an_item_already_claimed_fails() -> None:
    game = counting_game()
    game.apply(1, claim(*RUNS))
    game.apply(2, muggins("run 4C 5D 6S"))
    assert scores(game) == [0, 6, -3, 0]


def test_a_muggins_call_stating_the_wrong_points_fails_and_the_item_stays_unclaimed() -> None:
    game = counting_game()
    game.apply(1, claim(*RUNS))
    game.apply(2, muggins(PAIR, points=3))  # a pair is worth 2
    game.apply(3, muggins(PAIR, points=2))
    assert [(c["seat"], c["valid"]) for c in of_type(game, "muggins")] == [(2, False), (3, True)]
    assert scores(game) == [0, 6, -3, 2]


def test_a_call_with_one_bad_item_fails_whole_and_costs_all_it_states() -> None:
    game = counting_game()
    game.apply(1, claim(*RUNS))
    game.apply(2, muggins(PAIR, "fifteen 5D 5H"))  # states 4: the pair is good, the rest not
    game.apply(3, muggins(PAIR))
    assert scores(game) == [0, 6, -4, 2]


def test_an_item_goes_to_the_first_caller_who_names_it() -> None:
    game = counting_game()
    game.apply(1, claim(*RUNS))
    game.apply(2, muggins(FIFTEENS[0]))
    game.apply(3, muggins(FIFTEENS[0]))  # taken by seat 2 already
    game.apply(0, muggins(FIFTEENS[1], PAIR))  # still free
    assert [c["valid"] for c in of_type(game, "muggins")] == [True, False, True]
    assert scores(game) == [4, 6, 2, -2]


def test_each_opponent_calls_once_clockwise_from_the_winner() -> None:
    game = counting_game()
    game.apply(1, claim())
    order = []
    while game.view(None)["phase"] == "count":
        (seat,) = game.to_act
        order.append(seat)
        with pytest.raises(NotYourTurn):
            game.apply(1, muggins(PAIR))  # the claimant never calls on their own count
        game.apply(seat, PASS)
    assert order == [2, 3, 0]


@pytest.mark.parametrize(
    "call",
    [
        {"type": "muggins", "items": []},  # names nothing
        {"type": "muggins", "items": [{"kind": "pair", "cards": ["5D", "5H"]}], "points": 0},
        {"type": "muggins", "items": [{"kind": "pair", "cards": ["5D", "5H"]}], "points": "2"},
        {"type": "muggins", "items": [{"kind": "tricks", "cards": []}]},  # not a claimable kind
        {"type": "muggins", "items": [{"kind": "pair", "cards": ["5D", "ZZ"]}]},
        {"type": "muggins", "items": [{"kind": "pair", "cards": ["5D", "5H"]}] * 2},
        {"type": "claim", "items": []},  # the claim is over
    ],
)
def test_a_malformed_call_is_refused_and_changes_nothing(call: dict[str, object]) -> None:
    game = counting_game()
    game.apply(1, claim(*RUNS))
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply(2, call)
    assert snapshot(game) == before


# -- timeouts, the record, the end --------------------------------------------------------------


def test_a_silent_claimant_claims_nothing_and_silent_opponents_pass() -> None:
    game = counting_game()
    made = game.timeout()
    assert made == [(1, {"type": "claim", "items": []})]
    for seat in (2, 3, 0):
        assert game.timeout() == [(seat, PASS)]
    assert after_trick(game) == [("claim", 1, 0), ("pass", 2), ("pass", 3), ("pass", 0)]
    assert scores(game) == [0, 0, 0, 0]
    assert [a.get("auto") for a in game.record()["actions"][-4:]] == ["timeout"] * 4
    assert game.to_act == (1,)  # the next trick


def test_every_claim_and_call_is_in_the_record_and_replays() -> None:
    game = counting_game()
    game.apply(1, claim(RUNS[0]))
    game.apply(2, muggins(RUNS[0]))
    game.apply(3, muggins(RUNS[1], PAIR, points=5))
    game.apply(0, PASS)
    record = game.record()
    count = [e for e in record["events"] if e["type"] in ("claim", "muggins", "pass")]
    assert [(e["type"], e["seat"]) for e in count] == [
        ("claim", 1),
        ("muggins", 2),
        ("muggins", 3),
        ("pass", 0),
    ]
    assert count[1]["valid"] is False and count[2]["valid"] is True
    assert item_set(count[2]["items"]) == item_set(muggins(RUNS[1], PAIR)["items"])
    actions = [a["action"]["type"] for a in record["actions"] if a["seat"] is not None]
    assert actions[-4:] == ["claim", "muggins", "muggins", "pass"]
    assert scores(game) == [0, 3, -3, 5]
    assert replay(record).record() == record


def test_the_game_ends_the_instant_a_claim_reaches_the_target() -> None:
    game = counting_game(score_target=6)
    game.apply(1, claim(*RUNS))
    assert game.outcome is not None
    assert game.outcome.reason == "target"
    assert list(game.outcome.scores) == [0, 6, 0, 0]
    assert list(game.outcome.ranks) == [2, 1, 2, 2]
    assert kinds(game.events)[-3:] == ["claim", "score", "end"]
    assert game.to_act == ()
    with pytest.raises(GameOver):
        game.apply(2, muggins(PAIR))


def test_the_game_ends_the_instant_a_muggins_call_reaches_the_target() -> None:
    game = counting_game(score_target=4)
    game.apply(1, claim(PAIR))
    game.apply(2, muggins(*FIFTEENS))
    assert game.outcome is not None
    assert game.outcome.reason == "target"
    assert list(game.outcome.scores) == [0, 2, 4, 0]
    assert list(game.outcome.ranks) == [3, 2, 1, 3]
    assert kinds(game.events)[-3:] == ["muggins", "score", "end"]
    assert of_type(game, "pass") == []  # seats 3 and 0 never had their turn


def test_auto_counting_scores_the_whole_trick_with_no_claims() -> None:
    game = counting_game(counting="auto")
    assert scores(game) == [0, 12, 0, 0]
    assert of_type(game, "claim") == [] and game.to_act == (1,)
    assert game.view(None)["phase"] == "play"
