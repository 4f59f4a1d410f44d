"""Manual counting in a review: every point a player failed to claim is its claim's cost, and
every Muggins call missed is its pass's cost; a perfect count costs nothing."""

from __future__ import annotations

from games import play_game
from pegboard.cards import parse_card, parse_cards
from pegboard.core.rules import Action
from pegboard.core.wire import Record, TableView
from pegboard.games.cribbage.views import cribbage_view
from pegboard.review import review_record
from pegboard.scoring import score_show


def claims_nothing(seat: int, view: TableView) -> Action | None:
    """Seat 0 claims nothing of its counts and never calls Muggins."""
    counting = cribbage_view(view)["counting"]
    if seat != 0 or counting is None:
        return None
    return {"type": "claim", "items": []} if not counting["claimed"] else {"type": "pass"}


def shown_totals(record: Record, seat: int) -> list[int]:
    """What each count of ``seat`` was worth, from the record's show events, in order."""
    totals = []
    for event in record["events"]:
        if event["type"] == "show" and event["seat"] == seat:
            starter = parse_card(event["starter"])
            cards = [c for c in parse_cards(event["cards"]) if c != starter]
            totals.append(score_show(cards, starter, crib=bool(event["crib"])).total)
    return totals


def test_points_not_claimed_and_muggins_missed_are_costs() -> None:
    record = play_game(
        "cribbage",
        ["expert", "expert"],
        5,
        override=claims_nothing,
        options={"counting": "manual", "score_target": 61},
    )
    review = review_record(record)
    claims = [d for d in review.decisions if d.seat == 0 and d.phase == "claim"]
    assert [d.cost_points for d in claims] == shown_totals(record, 0)[: len(claims)]
    assert any(d.cost_points > 0 for d in claims)
    assert any(d.mark for d in claims)  # points thrown away are marked like any mistake
    # The expert calls Muggins on every point seat 0 left: each call is right, costing nothing.
    calls = [d for d in review.decisions if d.seat == 1 and d.phase == "muggins"]
    assert calls and all(d.cost_points == 0 for d in calls)
    assert all(d.cost_points == 0 for d in review.decisions if d.seat == 1 and d.phase == "claim")
    # Seat 0's passes: the expert claims every item, so there is never anything to call.
    passes = [d for d in review.decisions if d.seat == 0 and d.phase == "muggins"]
    assert passes and all(d.cost_points == 0 for d in passes)


def test_a_muggins_call_missed_costs_the_points_left() -> None:
    """Both seats claim nothing and pass every call: each of seat 0's passes misses exactly
    what seat 1's count was worth."""

    def both_silent(seat: int, view: TableView) -> Action | None:
        counting = cribbage_view(view)["counting"]
        if counting is None:
            return None
        return {"type": "claim", "items": []} if not counting["claimed"] else {"type": "pass"}

    record = play_game(
        "cribbage",
        ["expert", "expert"],
        6,
        override=both_silent,
        options={"counting": "manual", "score_target": 31},
    )
    review = review_record(record)
    missed = [d.cost_points for d in review.decisions if d.seat == 0 and d.phase == "muggins"]
    left = shown_totals(record, 1)[: len(missed)]
    assert missed == left
    assert sum(missed) > 0
