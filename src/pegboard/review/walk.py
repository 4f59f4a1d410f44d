"""Reviewing a record: replay it through the game driver, judging each decision from the view
of the seat that made it (never a card it could not see), then summing up each seat.

The replay is :func:`pegboard.records.replay_steps`'s: the record's chance outcomes and
actions re-applied to a new :class:`~pegboard.core.game.Game`. Before each action the seat's
view (``Game.view(seat)``, the same a bot is given) goes to the game's reviewer; each
decision's search draws from its own generator, seeded by the decision's place in the record,
so a review is the same every time and does not depend on anything hidden.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from pegboard.bots.base import known
from pegboard.core.claims import nominal_points, parse_items
from pegboard.core.game import Game
from pegboard.core.rules import Action
from pegboard.core.wire import TableView
from pegboard.errors import RecordError
from pegboard.records import replay_steps
from pegboard.records.record import check_record
from pegboard.records.replay import apply_entry
from pegboard.review.marks import accuracy_of, loss_percent, mark_of
from pegboard.review.model import Decision, Judgement, Option, Point, Review, SeatSummary
from pegboard.review.reviewer import GameReviewer, PositionReviewer, reviewer_for

SKIPPED = ("leave", "ready", "time-up")
"""Actions that are no decision about the game."""


def review_record(record: Mapping[str, Any], *, match: int = 0) -> Review:
    """The review of one finished game's record (``pegboard-record/1``)."""
    data = dict(record)
    if data.get("outcome") is None:
        raise RecordError("the game is not finished: only a finished game is reviewed")
    game = next(iter(replay_steps(check_record(data))))  # set up with the record's chance and seats
    reviewer = reviewer_for(game.name, game.players, game.options)
    sides = len(set(reviewer.sides))
    decisions: list[Decision] = []
    series: list[Point] = [_point(reviewer, game, 0)]
    for index, entry in enumerate(data["actions"]):
        seat = entry.get("seat")
        action = entry.get("action", {})
        decided = None
        if seat is not None and action.get("type") not in SKIPPED and entry.get("auto") is None:
            decided = _judge(reviewer, game, int(seat), action, index)
        applied = len(game.events)
        try:
            apply_entry(game, entry)
        except Exception as error:  # the replay's own error, with the action's place
            raise RecordError(f"action {index} ({entry!r}) cannot be replayed: {error}") from None
        if decided is not None:
            view, judgement = decided
            if judgement is None:  # a manual count: valued once its events are known
                judgement, chosen = _count_judgement(reviewer, view, action, game, applied)
            else:
                chosen = reviewer.chosen_index(judgement, action)
            decisions.append(_decision(index, view, judgement, chosen, sides))
            series.append(_point(reviewer, game, index + 1))
    if game.outcome is None:
        raise RecordError("the replayed game did not finish")
    return Review(
        game=game.name,
        players=game.players,
        match=match,
        standing_unit="win" if sides == 2 else "place",
        decisions=tuple(decisions),
        seats=_summaries(game, decisions, reviewer.luck(data)),
        series=tuple(series),
        outcome=game.outcome.to_json(),
        notes=reviewer.notes,
    )


def review_records(records: Iterator[dict[str, Any]]) -> Iterator[Review]:
    for number, record in enumerate(records):
        yield review_record(record, match=number)


def _judge(
    reviewer: GameReviewer, game: Game, seat: int, action: Action, index: int
) -> tuple[TableView, Judgement | None] | None:
    view = game.view(seat)
    if view.get("counting") is not None and action.get("type") in ("claim", "muggins", "pass"):
        return view, None
    rng = random.Random(f"review/{index}")
    if isinstance(reviewer, PositionReviewer):
        judgement = reviewer.judge_position(view, game.rules, rng)
    else:
        judgement = reviewer.judge(view, rng)
    return None if judgement is None else (view, judgement)


def _action_points(action: Action) -> float:
    kind = action.get("type")
    if kind == "claim":
        return float(sum(nominal_points(i.kind, i.cards) for i in parse_items(action["items"])))
    if kind == "muggins":
        return float(action["points"])
    return 0.0


def _count_judgement(
    reviewer: GameReviewer, view: TableView, action: Action, game: Game, first: int
) -> tuple[Judgement, int]:
    """A manual count: the best answer's points against what the answer given scored (a
    wrong Muggins call scores its points negative)."""
    seat = known(view["seat"], "seat")
    best = reviewer.count_action(view)
    scored = sum(
        float(e.get("points", 0)) * (1 if e.get("valid", True) else -1)
        for e in game.events[first:]
        if e.get("type") in ("claim", "muggins") and e.get("seat") == seat
    )
    phase = "claim" if action["type"] == "claim" else "muggins"
    best_points = _action_points(best)
    options = [Option(best, _count_label(best), best_points, best_points)]
    chosen = 0
    if _same_count(best, action):
        scored = best_points
    else:
        options.append(Option(action, _count_label(action), scored, scored))
        chosen = 1
    judgement = Judgement(phase, "points", tuple(options), 0, reviewer.win_per_point(view))
    return judgement, chosen


def _same_count(a: Action, b: Action) -> bool:
    if a.get("type") != b.get("type"):
        return False
    if a["type"] == "pass":
        return True
    keys = {(i.kind, i.cards) for i in parse_items(a["items"])}
    return keys == {(i.kind, i.cards) for i in parse_items(b["items"])}


def _count_label(action: Action) -> str:
    if action["type"] == "pass":
        return "pass"
    points = int(_action_points(action))
    return f"{action['type']} {points}"


def _decision(
    index: int, view: TableView, judgement: Judgement, chosen: int, sides: int
) -> Decision:
    options = judgement.options
    best_value = options[judgement.best].value
    cost = max(0.0, best_value - options[chosen].value)
    cost_points = max(0.0, options[judgement.best].points - options[chosen].points)
    if judgement.unit == "points":
        per_point = judgement.win_per_point
        cost_win = None if per_point is None else cost * per_point
        loss = loss_percent(cost, "points", sides) if cost_win is None else 100.0 * cost_win
    else:
        cost_win = cost if judgement.unit == "win" or sides == 2 else None
        loss = loss_percent(cost, judgement.unit, sides)
    return Decision(
        index=index,
        step=int(view["version"]),
        seat=known(view["seat"], "seat"),
        hand=_hand_number(view),
        phase=judgement.phase,
        unit=judgement.unit,
        options=options,
        chosen=chosen,
        best=judgement.best,
        cost=cost,
        cost_points=cost_points,
        cost_win=cost_win,
        mark=mark_of(loss),
        accuracy=accuracy_of(loss),
        view=view,
    )


def _point(reviewer: GameReviewer, game: Game, index: int) -> Point:
    view = game.view(None)
    return Point(index, game.version, _hand_number(view), reviewer.standing(view))


def _hand_number(view: TableView) -> int:
    """The hand being played; 0 in a game not played in hands."""
    hand = view.get("hand_number", 0)
    return hand if isinstance(hand, int) else 0


def _summaries(game: Game, decisions: list[Decision], luck: list[Any]) -> tuple[SeatSummary, ...]:
    out = []
    for seat in range(game.players):
        mine = [d for d in decisions if d.seat == seat]
        marks = {
            m: sum(1 for d in mine if d.mark == m) for m in ("inaccuracy", "mistake", "blunder")
        }
        wins = [d.cost_win for d in mine if d.cost_win is not None]
        out.append(
            SeatSummary(
                seat=seat,
                name=game.seats[seat]["name"],
                decisions=len(mine),
                accuracy=sum(d.accuracy for d in mine) / len(mine) if mine else 100.0,
                cost_points=sum(d.cost_points for d in mine),
                cost_win=sum(wins) if wins and len(wins) == len(mine) else None,
                marks=marks,
                luck=luck[seat],
            )
        )
    return tuple(out)
