"""The vectorized environment's interface: shapes, seeds, auto-reset, rewards, the random
player, and bad input refused without changing anything."""

from __future__ import annotations

import numpy as np
import pytest

from pegboard.core import new_game
from pegboard.env.vector import ACTIONS, OBS_SIZE, PLAY, make
from pegboard.env.vector_chance import VectorChance
from pegboard.errors import IllegalAction, OptionError


def test_shapes_and_the_first_decision() -> None:
    venv = make("cribbage", n=8)
    obs = venv.reset(5)
    mask = venv.legal_mask()
    assert obs.shape == (8, OBS_SIZE) and obs.dtype == np.int16
    assert mask.shape == (8, ACTIONS) and mask.dtype == bool
    # Every game opens with the non-dealer's discard: all 15 pairs, no plays.
    assert mask[:, :PLAY].all() and not mask[:, PLAY:].any()
    assert (obs[:, 0] == 0).all() and (obs[:, 2] == 0).all()
    assert (obs[:, 6:12] >= 0).all() and (obs[:, 12] == -1).all()


def test_an_environment_deals_the_same_games_in_any_batch() -> None:
    """Game g of environment i depends on the seed, i and g only, not on the batch size."""
    small, large = make("cribbage", n=4), make("cribbage", n=64)
    assert (small.reset(9)[3] == large.reset(9)[3]).all()
    assert not (large.reset(9)[3] == large.reset(10)[3]).all()


def test_the_first_deal_is_the_one_game_replays() -> None:
    venv = make("cribbage", n=6)
    obs = venv.reset(21)
    for env in range(6):
        game = new_game(
            "cribbage", players=2, seed=21, chance=VectorChance(21, env, 0), post_show=False
        )
        seat = int(venv.current_player[env])
        assert sorted(game.rules.hands[seat]) == obs[env, 6:12].tolist()  # type: ignore[attr-defined]


def test_random_actions_are_legal_and_uniform() -> None:
    venv = make("cribbage", n=256)
    venv.reset(2)
    rng = np.random.default_rng(2)
    counts = np.zeros(ACTIONS)
    for _ in range(60):
        mask = venv.legal_mask()
        actions = venv.random_actions(rng)
        assert mask[np.arange(256), actions].all()
        counts += np.bincount(actions[mask[:, 0]], minlength=ACTIONS)
        venv.step(actions)
    discards = counts[:PLAY]
    # About 600 draws of each discard pair: uniform within a generous band.
    assert discards.min() > 0.8 * discards.mean() and discards.max() < 1.2 * discards.mean()


def test_games_end_reset_and_count() -> None:
    venv = make("cribbage", n=16, score_target=15)
    venv.reset(4)
    rng = np.random.default_rng(4)
    ended = 0
    while ended < 40:
        _obs, rewards, done = venv.step(venv.random_actions(rng))
        ended += int(done.sum())
        finals = venv.final_scores[done]
        assert (finals.max(axis=1) >= 15).all() and (finals.min(axis=1) < 15).all()
        won = finals[:, 0] >= 15
        assert (rewards[done, 0] == np.where(won, 1, -1)).all()
        assert (rewards[done, 1] == -rewards[done, 0]).all()
        assert (rewards[~done] == 0).all()
        # A finished game is dealt again at once: its new scores are 0.
        assert (venv.scores[done] == 0).all()
    assert venv.games_finished == ended
    assert (venv.games >= 0).all() and venv.games.sum() == ended


def test_points_rewards_are_the_points_pegged() -> None:
    venv = make("cribbage", n=32, reward="points")
    venv.reset(8)
    rng = np.random.default_rng(8)
    for _ in range(40):
        before = venv.scores
        _obs, rewards, done = venv.step(venv.random_actions(rng))
        after = np.where(done[:, None], venv.final_scores, venv.scores)
        gained = after - before
        assert (rewards[:, 0] == gained[:, 0] - gained[:, 1]).all()


def test_an_illegal_action_changes_nothing() -> None:
    venv = make("cribbage", n=4)
    obs = venv.reset(3)
    actions = np.zeros(4, dtype=np.int64)
    actions[2] = PLAY  # a play in the discard
    with pytest.raises(IllegalAction, match="action 15 is not legal in game 2"):
        venv.step(actions)
    for bad in (np.zeros(3, dtype=np.int64), np.full(4, 0.5), np.full(4, ACTIONS), np.full(4, -1)):
        with pytest.raises(IllegalAction):
            venv.step(bad)
    assert (venv.observation() == obs).all()
    venv.step(np.zeros(4, dtype=np.int64))  # still at the first discard


def test_bad_construction_says_what_is_wrong() -> None:
    with pytest.raises(OptionError, match="Cribist has no vectorized environment"):
        make("cribist", n=4)
    with pytest.raises(OptionError, match="unknown option"):
        make("cribbage", n=4, skunks=True)
    with pytest.raises(OptionError, match="score_target"):
        make("cribbage", n=4, score_target=0)
    with pytest.raises(OptionError, match="number of games"):
        make("cribbage", n=0)
    with pytest.raises(IllegalAction, match="reset"):
        make("cribbage", n=2).legal_mask()
    with pytest.raises(ValueError, match="seed"):
        make("cribbage", n=2).reset(-1)
