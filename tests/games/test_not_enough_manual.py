"""Manual counting (RULES.md §3, §4) with the seed's timing: every hand is claimed in show
order, then the intelligence bonus, then one Muggins round over the hands; the crib is claimed
and followed by a second round. Only the other team calls; a wrong call is refused with the
reason and costs nothing; her heels and the bonus stay automatic."""

from __future__ import annotations

import pytest
from not_enough_script import (
    acting,
    after,
    discard,
    of_type,
    pegs,
    phase,
    play_out,
    rules_of,
    scores,
    start,
)

from pegboard.cards import parse_card, parse_cards
from pegboard.core import Game
from pegboard.core.claims import items_json
from pegboard.core.wire import CountingJson
from pegboard.errors import IllegalAction
from pegboard.games.not_enough.powers import BLUE, GREY
from pegboard.games.not_enough.views import not_enough_view
from pegboard.scoring import ScoreItem, score_show

TOPS = {GREY: "5C", BLUE: "3H"}


def count_now(game: Game) -> CountingJson:
    """The count under way, as everyone at the table sees it."""
    counting = not_enough_view(game.view(None))["counting"]
    assert counting is not None, "no count is under way"
    return counting


def manual_two(grey_hand: str = "QC 2C 3S 7S 9C TS") -> Game:
    game = start([grey_hand, "2H 4D 6H 8D 9H TD"], tops=TOPS, counting="manual")
    discard(game, {0: "9C TS", 1: "9H TD"})
    while phase(game) == "power":
        game.apply(acting(game)[0], {"type": "power", "power": "none"})
    play_out(game)
    return game


def claim_nothing(game: Game) -> None:
    game.apply(acting(game)[0], {"type": "claim", "items": []})


def pass_round(game: Game) -> None:
    """Everyone passes through a Muggins round (the counts are claimed already)."""
    while phase(game) == "count" and count_now(game)["claimed"]:
        game.apply(acting(game)[0], {"type": "pass"})


def blue_hand() -> tuple[ScoreItem, ...]:
    return score_show(parse_cards("2H 4D 6H 8D"), parse_card("3H")).items


def test_every_hand_is_claimed_before_anyone_calls_muggins() -> None:
    game = manual_two()
    assert phase(game) == "count" and acting(game) == (1,)
    assert game.legal_actions(1) == [{"type": "claim", "items": []}]
    truth = blue_hand()
    game.apply(1, {"type": "claim", "items": items_json(truth[:1])})
    assert pegs(of_type(game, "score")[-1:]) == [(1, truth[0].points, [truth[0].kind])]
    # No Muggins yet: the dealer claims their own hand next.
    assert acting(game) == (0,) and game.legal_actions(0) == [{"type": "claim", "items": []}]
    assert count_now(game)["claimant"] == 0
    claim_nothing(game)
    kinds = [e["type"] for e in after(game, "starter") if e["type"] != "score"]
    assert kinds[-7:] == ["reset", "show", "claim", "show", "claim", "intel", "calls"]
    assert of_type(game, "calls") == [{"type": "calls", "seat": 1, "crib": False}]
    # The Muggins round: seat 0 on seat 1's hand, then seat 1 on seat 0's.
    counting = count_now(game)
    assert (counting["claimant"], counting["to_call"], acting(game)) == (1, 0, (0,))
    assert game.legal_actions(0) == [{"type": "pass"}]


def test_a_good_call_scores_for_the_caller() -> None:
    game = manual_two()
    truth = blue_hand()
    game.apply(1, {"type": "claim", "items": items_json(truth[:1])})
    claim_nothing(game)
    missed = truth[1]
    game.apply(0, {"type": "muggins", "items": items_json([missed]), "points": missed.points})
    assert of_type(game, "muggins")[-1]["valid"] is True
    assert pegs(of_type(game, "score")[-1:]) == [(0, missed.points, [missed.kind])]
    assert count_now(game)["claimant"] == 0 and acting(game) == (1,)


@pytest.mark.parametrize(
    ("items", "points", "reason"),
    [
        ([{"kind": "pair", "cards": ["2H", "8D"]}], 2, "pair 2H 8D is not in this hand"),
        (None, None, "is already taken"),  # the item seat 1 claimed
        ("missed", 9, "worth"),  # a real miss, but the points stated are wrong
    ],
)
def test_a_wrong_call_is_refused_with_the_reason_and_costs_nothing(
    items: object, points: int | None, reason: str
) -> None:
    game = manual_two()
    truth = blue_hand()
    game.apply(1, {"type": "claim", "items": items_json(truth[:1])})
    claim_nothing(game)
    if items is None:
        items, points = items_json(truth[:1]), truth[0].points
    elif items == "missed":
        items = items_json(truth[1:2])
    before = (list(game.events), scores(game), not_enough_view(game.view(None))["counting"])
    with pytest.raises(IllegalAction, match=reason):
        game.apply(0, {"type": "muggins", "items": items, "points": points})
    assert (list(game.events), scores(game), not_enough_view(game.view(None))["counting"]) == before
    assert acting(game) == (0,)  # still seat 0's call, which may pass or call again
    game.apply(0, {"type": "pass"})
    assert not of_type(game, "muggins")


def test_her_heels_is_scored_by_itself_right_after_the_claim() -> None:
    game = manual_two()
    claim_nothing(game)
    assert acting(game) == (0,)  # the dealer's own hand: QC with the 5C on top
    claim_nothing(game)
    heels = [e for e in of_type(game, "score") if e["items"][0]["kind"] == "her-heels"]
    assert [(e["seat"], e["points"]) for e in heels] == [(1, -1)]
    assert game.events.index(heels[0]) < game.events.index(of_type(game, "intel")[0])


def test_the_crib_is_claimed_then_called_in_a_second_round() -> None:
    game = manual_two("2C 3S 7S 8C 9C TS")
    claim_nothing(game)
    claim_nothing(game)
    pass_round(game)  # the first Muggins round, over the hands
    battle = of_type(game, "battle")[0]
    assert battle["winner"] is not None or battle["totals"][0] == battle["totals"][1]
    counting = count_now(game)
    assert counting["label"] == "crib" and not counting["claimed"]
    cribs = []
    while not count_now(game)["claimed"]:
        cribs.append(count_now(game)["claimant"])
        claim_nothing(game)
    # Every crib is claimed before the second round opens.
    assert len(cribs) == len([e for e in of_type(game, "show") if e["crib"]])
    calls = of_type(game, "calls")
    assert [(e["seat"], e["crib"]) for e in calls[-len(cribs) :]] == [(s, True) for s in cribs]
    pass_round(game)
    assert phase(game) == "post-show"


def test_team_mates_never_call_muggins_on_each_other() -> None:
    hands = ["2C 3C 4C 5C 6S", "2H 3H 4H 5H 6D", "2S 3S 4S 5S 6C", "2D 3D 4D 5D 6H"]
    game = start(hands, tops={GREY: "7C", BLUE: "7H"}, counting="manual")
    discard(game, {0: "6S", 1: "6D", 2: "6C", 3: "6H"})
    play_out(game)
    for seat in (1, 2, 3, 0):  # the claims, in show order, nobody calling between them
        assert acting(game) == (seat,)
        claim_nothing(game)
    callers = []
    for _ in range(4):  # the Muggins round over the four hands
        counting = rules_of(game).counting
        assert counting is not None and counting.claimed
        callers.append((counting.claimant, counting.callers))
        for _ in counting.callers:
            game.apply(acting(game)[0], {"type": "pass"})
    assert callers == [(1, (2, 0)), (2, (3, 1)), (3, (0, 2)), (0, (1, 3))]
    # A team-mate cannot call even if they try: it is not their turn.
    game2 = start(hands, tops={GREY: "7C", BLUE: "7H"}, counting="manual")
    discard(game2, {0: "6S", 1: "6D", 2: "6C", 3: "6H"})
    play_out(game2)
    for _ in range(4):
        claim_nothing(game2)
    with pytest.raises(IllegalAction):
        game2.apply(3, {"type": "pass"})
