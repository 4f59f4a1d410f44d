"""Manual counting (RULES.md §3, §4): each player claims their hand, each team's captain its
crib; only the other team may call Muggins; her heels and the bonus stay automatic."""

from __future__ import annotations

import pytest
from not_enough_script import (
    acting,
    discard,
    names,
    of_type,
    pegs,
    phase,
    play_out,
    rules_of,
    start,
)

from pegboard.cards import parse_card, parse_cards
from pegboard.core import Game
from pegboard.core.claims import items_json
from pegboard.errors import IllegalAction
from pegboard.games.not_enough.powers import BLUE, GREY
from pegboard.scoring import score_show

TOPS = {GREY: "5C", BLUE: "3H"}


def manual_two(grey_hand: str = "QC 2C 3S 7S 9C TS") -> Game:
    game = start([grey_hand, "2H 4D 6H 8D 9H TD"], tops=TOPS, counting="manual")
    discard(game, {0: "9C TS", 1: "9H TD"})
    while phase(game) == "power":
        game.apply(acting(game)[0], {"type": "power", "power": "none"})
    play_out(game)
    return game


def test_the_dealers_left_claims_first_and_the_other_team_may_call() -> None:
    game = manual_two()
    assert phase(game) == "count" and acting(game) == (1,)
    assert game.legal_actions(1) == [{"type": "claim", "items": []}]
    truth = score_show(parse_cards("2H 4D 6H 8D"), parse_card("3H")).items
    assert len(truth) >= 2
    game.apply(1, {"type": "claim", "items": items_json(truth[:1])})
    assert pegs(of_type(game, "score")[-1:]) == [(1, truth[0].points, [truth[0].kind])]
    assert acting(game) == (0,)
    missed = truth[1]
    game.apply(0, {"type": "muggins", "items": items_json([missed]), "points": missed.points})
    assert of_type(game, "muggins")[-1]["valid"] is True
    assert pegs(of_type(game, "score")[-1:]) == [(0, missed.points, [missed.kind])]


def test_a_claim_of_something_not_in_the_hand_is_refused() -> None:
    game = manual_two()
    before = len(game.events)
    with pytest.raises(IllegalAction, match="claim again"):
        game.apply(1, {"type": "claim", "items": [{"kind": "pair", "cards": ["2H", "8D"]}]})
    assert len(game.events) == before and acting(game) == (1,)


def test_her_heels_is_scored_by_itself_after_the_hands_claims() -> None:
    game = manual_two()
    game.apply(1, {"type": "claim", "items": []})
    game.apply(0, {"type": "pass"})
    assert acting(game) == (0,)  # the dealer's own hand: QC with the 5C on top
    game.apply(0, {"type": "claim", "items": []})
    game.apply(1, {"type": "pass"})
    heels = [e for e in of_type(game, "score") if e["items"][0]["kind"] == "her-heels"]
    assert [(e["seat"], e["points"]) for e in heels] == [(1, -1)]


def test_the_crib_is_claimed_by_the_owning_teams_captain() -> None:
    game = manual_two("2C 3S 7S 8C 9C TS")
    for _ in range(2):  # two hands, claimed and passed
        claimant = acting(game)[0]
        game.apply(claimant, {"type": "claim", "items": []})
        game.apply(acting(game)[0], {"type": "pass"})
    counting = game.view(None)["counting"]
    assert counting["label"] == "crib" and counting["claimant"] == 1  # other team first
    assert counting["cards"] == names("9H TD 3H")


def test_team_mates_never_call_muggins_on_each_other() -> None:
    hands = ["2C 3C 4C 5C 6S", "2H 3H 4H 5H 6D", "2S 3S 4S 5S 6C", "2D 3D 4D 5D 6H"]
    game = start(hands, tops={GREY: "7C", BLUE: "7H"}, counting="manual")
    discard(game, {0: "6S", 1: "6D", 2: "6C", 3: "6H"})
    play_out(game)
    counting = rules_of(game).counting
    assert counting is not None
    assert counting.claimant == 1 and counting.callers == (2, 0)
    game.apply(1, {"type": "claim", "items": []})
    assert acting(game) == (2,)
    game.apply(2, {"type": "pass"})
    game.apply(0, {"type": "pass"})
    following = rules_of(game).counting
    assert following is not None
    assert following.callers == (3, 1)  # seat 2's hand: seats 3 and 1 call
