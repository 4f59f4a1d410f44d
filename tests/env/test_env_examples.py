"""The research document's examples run and show what they claim (small, seeded runs)."""

from __future__ import annotations

from pegboard.env.examples import (
    bot_win_rate,
    linear_policy,
    match,
    random_agent_loop,
    random_policy,
    train_discard,
)


def test_random_agents_play_whole_games_with_rank_rewards() -> None:
    results = random_agent_loop(20, seed=3)
    assert set(results) <= {1.0, -1.0} and len(results) == 20


def test_a_greedy_bot_beats_random_play_through_the_environment() -> None:
    assert bot_win_rate("greedy", 40, seed=1) > 0.7


def test_the_linear_discard_policy_learns_to_beat_random_discards() -> None:
    weights = train_discard(200, seed=1)
    learned = match(linear_policy(weights), 200, seed=2)
    baseline = match(random_policy, 200, seed=2)
    # Same deals, same random play: only seat 0's discards differ.
    assert learned.points_per_hand > baseline.points_per_hand + 2
    assert learned.win_rate > baseline.win_rate + 0.2
