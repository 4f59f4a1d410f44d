"""simulate(): seeded, the same over one process or several, and it measures what it says."""

from __future__ import annotations

import pytest

from pegboard import OptionError, simulate


def test_greedy_beats_random_and_results_add_up() -> None:
    result = simulate("cribbage", players=2, bots=["greedy", "random"], games=30, seed=1)
    assert result.games == 30
    assert sum(result.wins) == 30
    assert result.wins[0] > result.wins[1]
    assert all(1.0 <= r <= 2.0 for r in result.mean_rank)
    assert result.to_json()["seats"][0]["bot"] == "greedy"


def test_the_same_seed_gives_the_same_games_with_any_number_of_workers() -> None:
    one = simulate("cribbage", players=3, bots=["random"] * 3, games=12, seed=5)
    two = simulate("cribbage", players=3, bots=["random"] * 3, games=12, seed=5, workers=2)
    assert one.summaries == two.summaries


def test_options_reach_the_games() -> None:
    result = simulate(
        "cribbage",
        players=2,
        bots=["random", "random"],
        games=5,
        seed=2,
        options={"score_target": 31},
    )
    assert all(max(s.scores) >= 31 and max(s.scores) < 31 + 29 for s in result.summaries)


@pytest.mark.parametrize(
    ("bots", "options", "message"),
    [
        (["random", "nobody"], {}, "unknown bot"),
        (["random"], {}, "need 2 bots"),
        (["random", "random"], {"score_target": 0}, "score_target"),
        (["random", "random"], {"colour": "red"}, "unknown option"),
    ],
)
def test_bad_requests_say_what_is_wrong(
    bots: list[str], options: dict[str, object], message: str
) -> None:
    with pytest.raises((OptionError, ValueError), match=message):
        simulate("cribbage", players=2, bots=bots, games=1, options=options)


def test_a_game_that_ends_on_a_clock_is_refused() -> None:
    """Bots-only play keeps no clock: Cribist's end=minutes would never end (issue 28)."""
    with pytest.raises(OptionError, match=r"Cribist with end=minutes .* keeps no clock"):
        simulate("cribist", players=4, bots=["random"] * 4, games=1, options={"end": "minutes"})
