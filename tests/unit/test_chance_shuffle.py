"""The deal's shuffle is ``random.Random.shuffle`` exactly: same seed, same order, and the
generator left in the same state (seeded records depend on it)."""

from __future__ import annotations

import random

import pytest

from pegboard.core.chance import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 26, 52, 128, 129, 200])
def test_shuffle_is_random_shuffle(size: int) -> None:
    for seed in range(300):
        theirs, ours = list(range(size)), list(range(size))
        mine, reference = random.Random(f"{seed}/chance/1"), random.Random(f"{seed}/chance/1")
        reference.shuffle(theirs)
        shuffle(mine, ours)
        assert ours == theirs
        assert mine.getstate() == reference.getstate()
