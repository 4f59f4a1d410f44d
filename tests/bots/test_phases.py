"""Points by phase add up to the score in every game, Cribbage is not Enough's own phases
included (the Tops at the cut, her heels, the intelligence bonus); partners' points add up to
their team's score."""

from __future__ import annotations

import pytest

from pegboard.arena import play_one
from pegboard.match.phases import hand_points, phases_for
from pegboard.server.ratings.rating import plays_in_teams, sides_of

CASES = [
    ("cribbage", 2, {}),
    ("cribbage", 4, {"teams": True}),
    ("cribist", 4, {}),
    ("not-enough", 2, {}),
    ("not-enough", 4, {}),
    ("not-enough", 4, {"counting": "manual"}),
]


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_each_sides_points_by_phase_add_up_to_its_score(
    game: str, players: int, options: dict[str, object]
) -> None:
    played = play_one(game, players, ["greedy"] * players, 5, options)
    assert played.outcome is not None
    hands = hand_points(game, players, played.events)
    for side in sides_of(players, plays_in_teams(game, players, options)):
        points = sum(sum(h.points[s].values()) for h in hands for s in side)
        assert points == played.outcome.scores[side[0]]
    assert all(set(h.points[0]) == set(phases_for(game)) for h in hands)


def test_not_enough_has_its_own_phases() -> None:
    played = play_one("not-enough", 4, ["greedy"] * 4, 5, {})
    totals: dict[str, int] = {}
    for hand in hand_points("not-enough", 4, played.events):
        for by_phase in hand.points:
            for phase, points in by_phase.items():
                totals[phase] = totals.get(phase, 0) + points
    assert totals["tops"] != 0 and totals["intel"] > 0 and totals["her heels"] < 0
    assert totals["muggins"] == 0, "nobody called Muggins in automatic counting"
