"""The vectorized environment's two engines play the same games: the compiled extension and the
numpy arrays give equal observations, masks, random actions, rewards, scores and game counts
at every step from the same seed."""

from __future__ import annotations

import numpy as np
import pytest

from pegboard.cards import DECK
from pegboard.core.chance import Shuffle
from pegboard.env.vector import CribbageVector, Reward
from pegboard.env.vector_chance import VectorChance, deck_orders, game_keys
from pegboard.env.vector_numpy import NumpyCribbage

core = pytest.importorskip("pegboard.env._cribbage", reason="compiled extensions not built")
# tests/design/test_compiled.py fails where a compiler exists and this module is missing.


@pytest.mark.parametrize(
    ("target", "reward", "steps"), [(121, "win", 2500), (31, "points", 1500), (5, "win", 800)]
)
def test_the_compiled_and_numpy_engines_agree(target: int, reward: Reward, steps: int) -> None:
    fast = CribbageVector(48, score_target=target, reward=reward)
    slow = CribbageVector(48, score_target=target, reward=reward)
    slow.engine = NumpyCribbage(48, target, reward == "points")
    assert isinstance(fast.engine, core.CribbageVectorCore)
    fast_obs, slow_obs = fast.reset(target), slow.reset(target)
    rng = np.random.default_rng(target)
    for step in range(steps):
        assert np.array_equal(fast_obs, slow_obs), step
        assert np.array_equal(fast.legal_mask(), slow.legal_mask()), step
        assert np.array_equal(fast.current_player, slow.current_player)
        draws = rng.random(48)
        actions = fast.engine.random_actions(draws)
        assert np.array_equal(actions, slow.engine.random_actions(draws))
        fast_obs, fast_rewards, fast_done = fast.step(actions)
        slow_obs, slow_rewards, slow_done = slow.step(actions)
        assert np.array_equal(fast_rewards, slow_rewards) and np.array_equal(fast_done, slow_done)
        assert np.array_equal(fast.scores, slow.scores)
        assert np.array_equal(fast.final_scores, slow.final_scores)
        assert np.array_equal(fast.games, slow.games)
    assert fast.games_finished == slow.games_finished > 0


def test_the_compiled_deal_is_the_vector_chance_deck() -> None:
    """The first 13 cards of ``deck_orders`` (what a two-player hand uses), drawn in C."""
    keys = game_keys(np.arange(400, dtype=np.uint64) * np.uint64(7919), np.arange(400) % 5)
    hands = np.arange(400) % 17 + 1
    decks = deck_orders(keys, hands)
    for key, hand, deck in zip(keys.tolist(), hands.tolist(), decks, strict=True):
        assert core.vector_deal(key, hand) == deck[:13].tolist()


def test_vector_chance_shuffles_the_deck_it_deals() -> None:
    """``VectorChance`` answers ``Game``'s shuffle with ``deck_orders``'s whole deck, and a
    deck drawn for 13 cards begins with the same 13."""
    keys = game_keys(np.arange(60, dtype=np.uint64) * np.uint64(104729), np.arange(60) % 3)
    hands = np.arange(60) % 11 + 1
    whole, top = deck_orders(keys, hands), deck_orders(keys, hands, 13)
    assert np.array_equal(whole[:, :13], top[:, :13])
    for key, hand, deck in zip(keys.tolist(), hands.tolist(), whole, strict=True):
        assert sorted(deck.tolist()) == list(range(52))
        shuffled = VectorChance.for_key(key).resolve(Shuffle(DECK), hand)
        assert [int(card) for card in shuffled] == deck.tolist()


def test_the_deals_are_uniform() -> None:
    """Over 20,000 deals every card lands in each of the first 13 places about equally
    often, and the starter (place 12) is independent of the first card (a chi-square test
    of each: far beyond what a broken shuffle, such as a swap drawn from the wrong range,
    passes)."""
    deals = 20_000
    keys = game_keys(np.full(deals, 99, np.uint64), np.arange(deals))
    decks = deck_orders(keys, np.ones(deals, np.int64), 13)[:, :13]
    expected = deals / 52
    for place in range(13):
        counts = np.bincount(decks[:, place], minlength=52)
        chi2 = float(((counts - expected) ** 2 / expected).sum())
        assert chi2 < 110, (place, chi2)  # 51 degrees of freedom: p < 1e-5 beyond 110
    same_suit = np.mean(decks[:, 0] % 4 == decks[:, 12] % 4)
    assert abs(same_suit - 12 / 51) < 0.02
