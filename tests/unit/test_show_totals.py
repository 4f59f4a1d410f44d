"""The batched show count: the published distribution over every deal, and agreement with
the scalar ``score_show`` on random hands."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pegboard.cards import DECK, Card
from pegboard.errors import CardError
from pegboard.scoring import score_show, show_totals
from pegboard.scoring.batch import HAND_STARTER_PAIRS, all_hand_starter_pairs

# How many of the 12,994,800 (4-card hand, starter) pairs count each total as a hand:
# the published distribution (no hand scores 19, 25, 26 or 27).
HAND_DISTRIBUTION: dict[int, int] = {
    0: 1_009_008,
    1: 99_792,
    2: 2_813_796,
    3: 505_008,
    4: 2_855_676,
    5: 697_508,
    6: 1_800_268,
    7: 751_324,
    8: 1_137_236,
    9: 361_224,
    10: 388_740,
    11: 51_680,
    12: 317_340,
    13: 19_656,
    14: 90_100,
    15: 9_168,
    16: 58_248,
    17: 11_196,
    18: 2_708,
    19: 0,
    20: 8_068,
    21: 2_496,
    22: 444,
    23: 356,
    24: 3_680,
    25: 0,
    26: 0,
    27: 0,
    28: 76,
    29: 4,
}
HAND_MEAN = Fraction(60759, 12740)

Pairs = tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]
Totals = npt.NDArray[np.int16]


@pytest.fixture(scope="module")
def pairs() -> Pairs:
    return all_hand_starter_pairs()


@pytest.fixture(scope="module")
def hand_totals(pairs: Pairs) -> Totals:
    return show_totals(*pairs)


@pytest.fixture(scope="module")
def crib_totals(pairs: Pairs) -> Totals:
    return show_totals(*pairs, crib=True)


def _distribution(totals: Totals) -> dict[int, int]:
    counts = np.bincount(totals, minlength=30)
    return {total: int(count) for total, count in enumerate(counts)}


def test_the_table_is_the_whole_deck() -> None:
    assert sum(HAND_DISTRIBUTION.values()) == HAND_STARTER_PAIRS == 12_994_800
    assert sum(Fraction(t * n) for t, n in HAND_DISTRIBUTION.items()) / HAND_STARTER_PAIRS == (
        HAND_MEAN
    )


def test_all_pairs_are_every_deal_once_in_canonical_order(pairs: Pairs) -> None:
    hands, starters = pairs
    assert hands.shape == (HAND_STARTER_PAIRS, 4) and starters.shape == (HAND_STARTER_PAIRS,)
    assert hands.dtype == np.uint8 and starters.dtype == np.uint8
    assert hands[:49].tolist() == [[0, 1, 2, 3]] * 48 + [[0, 1, 2, 4]]
    assert starters[:49].tolist() == [*range(4, 52), 3]
    assert hands[-1].tolist() == [48, 49, 50, 51] and starters[-1] == 47
    assert (np.diff(hands, axis=1) > 0).all()
    assert not (hands == starters[:, None]).any()
    # Each hand's 48 starters ascend, and each hand's id is above the last one's.
    per_hand = starters.reshape(-1, 48).astype(np.int16)
    assert (np.diff(per_hand, axis=1) > 0).all()
    codes = hands[::48].astype(np.int64) @ (np.int64(52) ** np.arange(3, -1, -1))
    assert (np.diff(codes) > 0).all()


def test_hand_distribution_over_every_deal(hand_totals: Totals) -> None:
    assert _distribution(hand_totals) == HAND_DISTRIBUTION
    total = int(hand_totals.sum(dtype=np.int64))
    assert Fraction(total, HAND_STARTER_PAIRS) == HAND_MEAN


def test_crib_differs_only_by_four_card_flushes(
    pairs: Pairs, hand_totals: Totals, crib_totals: Totals
) -> None:
    hands, starters = pairs
    suits = hands & 3
    four_flush = (suits == suits[:, :1]).all(axis=1) & (starters & 3 != suits[:, 0])
    difference = hand_totals - crib_totals
    assert (crib_totals <= hand_totals).all()
    assert (difference[four_flush] == 4).all()
    assert (difference[~four_flush] == 0).all()
    # 4 suits x C(13, 4) flushes x 39 off-suit starters.
    assert int(four_flush.sum()) == 4 * 715 * 39
    assert set(np.unique(crib_totals).tolist()) <= set(HAND_DISTRIBUTION)


def _scalar_totals(hands: npt.NDArray[Any], starters: npt.NDArray[Any], crib: bool) -> list[int]:
    return [
        score_show([DECK[c] for c in hand], DECK[s], crib=crib).total
        for hand, s in zip(hands.tolist(), starters.tolist(), strict=True)
    ]


@pytest.mark.parametrize("crib", [False, True])
def test_agrees_with_score_show_on_seeded_random_deals(crib: bool) -> None:
    rng = np.random.default_rng(20240611)
    deals = np.argsort(rng.random((4000, 52)), axis=1)[:, :5]
    hands, starters = deals[:, :4], deals[:, 4]
    assert show_totals(hands, starters, crib=crib).tolist() == _scalar_totals(hands, starters, crib)


@pytest.mark.parametrize("crib", [False, True])
def test_agrees_on_flush_and_nobs_heavy_deals(crib: bool, pairs: Pairs) -> None:
    # Every deal whose hand is one suit and holds a jack: flushes, nobs and both.
    hands, starters = pairs
    suits = hands & 3
    chosen = (suits == suits[:, :1]).all(axis=1) & ((hands >> 2) == 10).any(axis=1)
    rows = np.flatnonzero(chosen)[::7]
    assert len(rows) > 1000
    assert show_totals(hands[rows], starters[rows], crib=crib).tolist() == _scalar_totals(
        hands[rows], starters[rows], crib
    )


deals = st.lists(st.permutations(range(52)).map(lambda deck: deck[:5]), min_size=1, max_size=20)


@settings(max_examples=150, derandomize=True, deadline=None)
@given(batch=deals, crib=st.booleans())
def test_agrees_with_score_show_on_generated_batches(batch: list[list[int]], crib: bool) -> None:
    hands = [[Card(c) for c in deal[:4]] for deal in batch]
    starters = [Card(deal[4]) for deal in batch]
    expected = [score_show(h, s, crib=crib).total for h, s in zip(hands, starters, strict=True)]
    got = show_totals(hands, starters, crib=crib)
    assert got.dtype == np.int16
    assert got.tolist() == expected


def test_accepts_any_integer_dtype_and_empty_batches() -> None:
    hands = np.array([[17, 18, 19, 40], [4, 5, 6, 7]])  # 5D 5H 5S JC / 2C 2D 2H 2S
    starters = np.array([16, 8])  # 5C / 3C
    expected = [29, 12]
    for dtype in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.int64, np.uint64):
        assert show_totals(hands.astype(dtype), starters.astype(dtype)).tolist() == expected
    empty = show_totals(np.zeros((0, 4), dtype=np.int64), np.zeros(0, dtype=np.int64))
    assert empty.shape == (0,) and empty.dtype == np.int16


@pytest.mark.parametrize(
    ("hands", "starters", "message"),
    [
        (np.zeros((3, 5), dtype=np.int64), np.arange(3), "shape"),
        (np.arange(4), np.arange(1), "shape"),
        (np.zeros((2, 2, 4), dtype=np.int64), np.arange(2), "shape"),
        ([[0, 1, 2, 3], [4, 5, 6]], [7, 8], "hands must be N rows"),
        (np.array([[0, 1, 2, 3]]), np.array([4, 5]), "starters must have shape"),
        (np.array([[0, 1, 2, 3]]), np.array([[4]]), "starters must have shape"),
        (np.array([[0, 1, 2, 3]]), np.int64(4), "starters must have shape"),
        (np.array([[0, 1, 2, 52]]), np.array([4]), "0..51"),
        (np.array([[0, 1, 2, 3]]), np.array([52]), "0..51"),
        (np.array([[0, -1, 2, 3]]), np.array([4]), "0..51"),
        (np.array([[0, 1, 2, 3]]), np.array([-1]), "0..51"),
        (np.array([[0.0, 1.0, 2.0, 3.0]]), np.array([4]), "integer"),
        (np.array([[0, 1, 2, 3], [0, 1, 2, 2]]), np.array([4, 5]), "row 1"),
        (np.array([[0, 1, 2, 3]]), np.array([3]), "5 different cards"),
    ],
)
def test_bad_input_raises_card_error(hands: Any, starters: Any, message: str) -> None:
    with pytest.raises(CardError, match=message):
        show_totals(hands, starters)


def test_a_repeated_card_is_found_beyond_the_first_chunk() -> None:
    hands = np.tile(np.array([[0, 1, 2, 3]], dtype=np.uint8), (200_000, 1))
    starters = np.full(200_000, 4, dtype=np.uint8)
    starters[150_001] = 2
    with pytest.raises(CardError, match="row 150001"):
        show_totals(hands, starters)
