"""Who deals each hand (docs/rules.md, "Cribbage", option ``dealer``). The seed text,
003_41df7812b759fafb.txt, puts "A random player is selected to be the dealer (equivalent to having
players cut for the lowest card to be dealer)" inside every round's Deal phase: by default
(``random``) a dealer is drawn for every hand, a chance step like the shuffle. ``rotate`` draws the
first dealer only, then passes the deal to the left, as match and tournament play deal."""

from __future__ import annotations

import json
from itertools import pairwise

import pytest
from cribbage_script import of_type

from pegboard.arena import play_one
from pegboard.cli.narrate import narrate
from pegboard.core import Game, ScriptedChance, new_game
from pegboard.core.wire import Event
from pegboard.games.cribbage.views import cribbage_view
from pegboard.records import replay


def next_hand(game: Game) -> None:
    """Play the current hand out with each seat's first legal move, up to the next deal."""
    deals = len(of_type(game, "deal"))
    while game.outcome is None and len(of_type(game, "deal")) == deals:
        seat = game.to_act[0]
        game.apply(seat, game.legal_actions(seat)[0])


def deals(events: list[Event]) -> list[tuple[int, bool]]:
    """(dealer, drawn) of every hand: ``drawn`` is in the deal event with dealer=random only,
    so a record made before the option (the deal passing on) reads as it always did."""
    return [(int(e["dealer"]), e.get("drawn", False)) for e in events if e["type"] == "deal"]


def test_a_dealer_is_drawn_for_every_hand_and_may_deal_twice_running() -> None:
    """The script draws seat 1, seat 1 again, then seat 0; each draw is a pick in the record,
    between the shuffles."""
    shuffle = tuple(range(52))
    chance = ScriptedChance([(1,), shuffle, (1,), shuffle, (0,), shuffle])
    game = new_game("cribbage", players=2, seed=1, chance=chance, score_target=1000)
    assert cribbage_view(game.view(None))["dealer_rule"] == "random"
    next_hand(game)
    assert cribbage_view(game.view(None))["hand_number"] == 2
    next_hand(game)
    assert deals(game.events) == [(1, True), (1, True), (0, True)]
    steps = game.record()["chance"]
    assert [next(iter(step)) for step in steps] == ["pick", "shuffle"] * 3
    assert [step["pick"] for step in steps if "pick" in step] == [1, 1, 0]
    lines = [str(line) for line in narrate(game.events, ["Ann", "Bob"])]
    assert [line.splitlines()[0] for line in lines if line.startswith("Hand")] == [
        "Hand 1: Bob cuts lowest and deals",
        "Hand 2: Bob cuts lowest and deals",
        "Hand 3: Ann cuts lowest and deals",
    ]


def test_after_a_leaver_the_draw_is_among_the_players_still_in() -> None:
    """Seat 1 leaves in the first hand: the hand ends and the next dealer is drawn from the
    two left, seats 0 and 2 (the pick is an index among them: 1 is seat 2)."""
    shuffle = tuple(range(52))
    chance = ScriptedChance([(0,), shuffle, (1,), shuffle])
    game = new_game("cribbage", players=3, seed=1, chance=chance)
    game.leave(1)
    assert deals(game.events) == [(0, True), (2, True)]
    assert game.record()["chance"][2] == {"pick": 1}
    bad = new_game("cribbage", players=3, seed=1, chance=ScriptedChance([(0,), shuffle, (2,)]))
    with pytest.raises(ValueError, match="not a possible outcome of Pick"):
        bad.leave(1)  # two players left: a draw of a third is no outcome


def test_a_seeded_game_draws_again_every_hand() -> None:
    """A whole seeded bot game: every hand's dealer drawn, some player dealing twice running,
    and the record replaying to the same events."""
    game = play_one("cribbage", 2, ("greedy", "greedy"), 3, {})
    hands = deals(game.events)
    assert len(hands) > 5 and all(drawn for _, drawn in hands)
    dealers = [d for d, _ in hands]
    assert any(a == b for a, b in pairwise(dealers)), dealers
    assert any(a != b for a, b in pairwise(dealers)), dealers
    picks = [step for step in game.record()["chance"] if "pick" in step]
    assert [step["pick"] for step in picks] == dealers  # two players: the pick is the seat
    assert replay(game.record()).events == game.events


def test_rotate_draws_the_first_dealer_then_passes_the_deal_to_the_left() -> None:
    game = play_one("cribbage", 3, ("greedy", "greedy", "greedy"), 4, {"dealer": "rotate"})
    hands = deals(game.events)
    assert len(hands) > 5
    assert all(drawn is False for _, drawn in hands)  # no "drawn" in a deal event
    dealers = [d for d, _ in hands]
    assert dealers == [(dealers[0] + k) % 3 for k in range(len(dealers))]
    assert sum(1 for step in game.record()["chance"] if "pick" in step) == 1
    lines = [str(line) for line in narrate(game.events, ["Ann", "Bob", "Cy"])]
    heads = [line.splitlines()[0] for line in lines if line.startswith("Hand")]
    # The first dealer won the draw; after that the deal passes on.
    assert heads[0].endswith("cuts lowest and deals") and heads[1].endswith(" deals")
    assert "cuts" not in heads[1]


def test_a_record_made_before_the_option_replays_as_it_was_dealt() -> None:
    """A record (or a stored table) lists every option; one without ``dealer`` was made when
    the deal passed to the left, and it still replays, event for event, so."""
    made = play_one("cribbage", 2, ("greedy", "greedy"), 8, {"dealer": "rotate"}).record()
    older = made.copy()
    older["options"] = {k: v for k, v in made["options"].items() if k != "dealer"}
    assert "drawn" not in json.dumps(made["events"])
    assert replay(older).events == made["events"]
    drawn = play_one("cribbage", 2, ("greedy", "greedy"), 8, {}).record()
    assert drawn["options"]["dealer"] == "random"  # a new game takes the default
    assert replay(drawn).events == drawn["events"]
