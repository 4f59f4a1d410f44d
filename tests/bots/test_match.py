"""Duplicate matches mirror the deals, and the statistics are right on known data."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pegboard.arena import play_one
from pegboard.cli.main import app
from pegboard.match import mean_interval, rotations, run_match, summarize, wilson_interval
from pegboard.match.phases import hand_points

SHORT = {"score_target": 61}


def test_rotations_seat_every_bot_in_every_seat() -> None:
    assert rotations(["a", "b"], True) == [("a", "b"), ("b", "a")]
    assert rotations(["e", "g", "g", "g"], True) == [
        ("e", "g", "g", "g"),
        ("g", "e", "g", "g"),
        ("g", "g", "e", "g"),
        ("g", "g", "g", "e"),
    ]
    assert rotations(["a", "b"], False) == [("a", "b")]


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_duplicate_games_deal_the_same_cards_to_the_same_seats(seed: int) -> None:
    """The first dealer, and every hand both games reach, are the same; the bots swap."""
    one = play_one("cribbage", 2, ["expert", "greedy"], seed, SHORT)
    two = play_one("cribbage", 2, ["greedy", "expert"], seed, SHORT)
    deals_one = [e for e in one.events if e["type"] == "deal"]
    deals_two = [e for e in two.events if e["type"] == "deal"]
    assert deals_one[0]["dealer"] == deals_two[0]["dealer"]
    assert one.record()["chance"][0] == two.record()["chance"][0]  # the dealer pick
    for a, b in zip(deals_one, deals_two, strict=False):
        assert a["dealer"] == b["dealer"]
        assert a["hands"] == b["hands"]
    starters = [[e["card"] for e in game.events if e["type"] == "starter"] for game in (one, two)]
    shared = min(len(s) for s in starters)
    assert starters[0][:shared] == starters[1][:shared]


def test_cribist_duplicate_games_deal_the_same_hands() -> None:
    bots = ["expert", "greedy", "greedy", "greedy"]
    one = play_one("cribist", 4, bots, 5, {"score_target": 31})
    two = play_one("cribist", 4, bots[1:] + bots[:1], 5, {"score_target": 31})
    first = next(e for e in one.events if e["type"] == "deal")
    second = next(e for e in two.events if e["type"] == "deal")
    assert (first["dealer"], first["hands"]) == (second["dealer"], second["hands"])


def test_mean_interval_on_known_data() -> None:
    estimate = mean_interval([1.0, 2.0, 3.0, 4.0, 5.0])
    # mean 3, sample sd sqrt(2.5), half-width 1.96 * sqrt(2.5 / 5)
    half = 1.959963984540054 * math.sqrt(0.5)
    assert estimate.mean == 3.0
    assert estimate.low == pytest.approx(3.0 - half)
    assert estimate.high == pytest.approx(3.0 + half)
    assert estimate.n == 5
    assert mean_interval([2.0]).half_width == 0
    assert math.isnan(mean_interval([]).mean)


def test_wilson_interval_on_known_data() -> None:
    # 80 of 100: the textbook Wilson interval is [0.7112, 0.8666].
    estimate = wilson_interval(80, 100)
    assert estimate.low == pytest.approx(0.7112, abs=1e-4)
    assert estimate.high == pytest.approx(0.8666, abs=1e-4)
    assert wilson_interval(0, 10).low == 0.0
    assert estimate.excludes(0.6) and not estimate.excludes(0.8)


def test_phases_add_up_to_the_scores() -> None:
    game = play_one("cribbage", 3, ["greedy", "random", "hoyle"], 4, {"counting": "manual"})
    hands = hand_points("cribbage", 3, game.events)
    assert game.outcome is not None
    for seat in range(3):
        assert sum(sum(h.points[seat].values()) for h in hands) == game.outcome.scores[seat]
    assert all(h.complete for h in hands[:-1])
    assert not hands[-1].complete
    assert hands[-1].scores_after == list(game.outcome.scores)


def test_a_match_measures_wins_ranks_and_phases() -> None:
    match = run_match(
        "cribbage", players=2, bots=["expert", "random"], deals=6, seed=3, options=SHORT
    )
    assert len(match.results) == 12
    assert [r.bots for r in match.results[:2]] == [("expert", "random"), ("random", "expert")]
    summary = summarize(match)
    expert, rand = summary.bots
    assert expert.win_rate.mean + rand.win_rate.mean == pytest.approx(1.0)
    assert expert.win_rate.mean > 0.5
    assert summary.rank_gap is not None and summary.rank_gap.mean < 0
    assert expert.phases["dealer"]["pegging"].n > 0
    assert expert.race[-1] > rand.race[-1]
    data = summary.to_json()
    assert data["games"] == 12
    assert json.loads(json.dumps(data)) == data


def test_workers_do_not_change_a_match() -> None:
    one = run_match("cribbage", players=2, bots=["greedy", "random"], deals=4, options=SHORT)
    two = run_match(
        "cribbage", players=2, bots=["greedy", "random"], deals=4, options=SHORT, workers=2
    )
    assert [(r.scores, r.bots) for r in one.results] == [(r.scores, r.bots) for r in two.results]


def test_simulate_duplicate_from_the_command_line(tmp_path: Path) -> None:
    chart = tmp_path / "race.png"
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "-b",
            "hoyle,greedy",
            "--games",
            "3",
            "--duplicate",
            "--json",
            "--option",
            "score_target=31",
            "--chart",
            str(chart),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["duplicate"] and data["games"] == 6
    assert [b["bot"] for b in data["summary"]] == ["hoyle", "greedy"]
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    table = CliRunner().invoke(
        app, ["simulate", "-b", "hoyle,greedy", "-k", "2", "--duplicate", "-o", "score_target=31"]
    )
    assert table.exit_code == 0, table.output
    assert "Win rate (95% CI)" in table.stdout
    assert "Pegging" in table.stdout


def test_a_duplicate_match_writes_every_games_record_that_replays(tmp_path: Path) -> None:
    """``--out`` with ``--duplicate``: each deal in each rotation, the seats named as seated,
    each record replaying to its outcome (``pegboard replay --check``)."""
    out = tmp_path / "match.jsonl"
    result = CliRunner().invoke(
        app,
        [
            *("simulate", "-b", "hoyle,greedy", "-k", "3", "--duplicate", "--json"),
            *("--seed", "40", "-o", "score_target=31", "--out", str(out)),
        ],
    )
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["seed"], [s["kind"] for s in r["seats"]]) for r in records] == [
        (seed, kinds)
        for seed in (40, 41, 42)
        for kinds in (["bot:hoyle", "bot:greedy"], ["bot:greedy", "bot:hoyle"])
    ]
    summary = json.loads(result.stdout)["summary"]
    hoyle_wins = sum(
        r["outcome"]["ranks"][[s["kind"] for s in r["seats"]].index("bot:hoyle")] == 1
        for r in records
    )
    assert hoyle_wins == round(summary[0]["win_rate"]["mean"] * 6)
    checked = CliRunner().invoke(app, ["replay", str(out), "--check"])
    assert checked.exit_code == 0, checked.output
    assert checked.stdout.count("ok: ") == 6


def test_batches_pool_into_one_estimate() -> None:
    from pegboard.match.combine import combine, pool

    one = {"mean": 0.6, "low": 0.5, "high": 0.7, "n": 100}
    pooled = pool([one, one])
    assert pooled["mean"] == pytest.approx(0.6)
    assert pooled["n"] == 200
    assert (pooled["high"] - pooled["low"]) / 2 == pytest.approx(0.1 / math.sqrt(2))
    batches = [
        summarize(
            run_match(
                "cribbage", players=2, bots=["greedy", "random"], deals=3, seed=s, options=SHORT
            )
        ).to_json()
        for s in (0, 3)
    ]
    both = combine(batches)
    assert both["games"] == 12
    whole = summarize(
        run_match("cribbage", players=2, bots=["greedy", "random"], deals=6, options=SHORT)
    ).to_json()
    for mine, theirs in zip(both["summary"], whole["summary"], strict=True):
        assert mine["win_rate"]["mean"] == pytest.approx(theirs["win_rate"]["mean"], abs=1e-4)
    with pytest.raises(Exception, match="overlap"):
        combine([batches[0], batches[0]])
