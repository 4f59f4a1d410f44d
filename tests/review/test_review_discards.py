"""Every discard of a review is valued exactly as ``pegboard analyze`` values the same hand:
its options are analyze's discards, in analyze's order, with analyze's net as their points."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from games import play_game
from pegboard.bots.base import known
from pegboard.cli.main import app
from pegboard.games.cribbage.views import cribbage_view
from pegboard.review import review_record

runner = CliRunner()


def analyze_cli(hand: list[str], role: str, players: int) -> list[dict[str, Any]]:
    flag = {"dealer": "--dealer", "pone": "--pone", "partner": "--partner-deals"}[role]
    result = runner.invoke(app, ["analyze", *hand, flag, "--players", str(players), "--json"])
    assert result.exit_code == 0, result.output
    discards: list[dict[str, Any]] = json.loads(result.stdout)["discards"]
    return discards


def role(seat: int, dealer: int, teams: bool) -> str:
    if seat == dealer:
        return "dealer"
    return "partner" if teams and seat % 2 == dealer % 2 else "pone"


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"score_target": 61}),
        (3, {"score_target": 61}),
        (4, {"teams": True, "score_target": 61}),
    ],
)
def test_every_discard_is_valued_as_analyze_values_it(
    players: int, options: dict[str, object]
) -> None:
    record = play_game(
        "cribbage", ["greedy", "random", "greedy", "random"][:players], 3, options=options
    )
    review = review_record(record)
    discards = [d for d in review.decisions if d.phase == "discard"]
    assert len(discards) >= 2 * players  # every seat's discard of at least two hands
    for decision in discards:
        view = cribbage_view(decision.view)
        hand = list(view["hand"])
        seat_role = role(decision.seat, known(view["dealer"], "dealer"), view["teams"])
        expected = analyze_cli(hand, seat_role, players)
        # Every discard analyze lists, with analyze's net (discards of equal net in any order).
        got = {tuple(sorted(o.label.split())): o.points for o in decision.options}
        want = {tuple(sorted(str(c) for c in d["discard"])): d["net"] for d in expected}
        assert got.keys() == want.keys()
        for discard, net in want.items():
            assert got[discard] == pytest.approx(net, abs=1e-9)
        nets = [o.points for o in decision.options]
        assert nets == sorted(nets, reverse=True)
        assert decision.best == 0  # analyze's best first
