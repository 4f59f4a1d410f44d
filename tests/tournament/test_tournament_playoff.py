"""The ACC's cut and bracket: one in four qualify (rounded up, never to a full bracket), the
byes number the next power of two minus the qualifiers and go to the top seeds."""

from __future__ import annotations

import pytest

from pegboard.errors import OptionError
from pegboard.tournament import bracket_size, byes, first_round, qualifiers, seed_order

# The ACC's own examples (cribbage.org, "Playoff Brackets and Byes"): entrants, qualifiers,
# next full bracket, byes.
ACC_EXAMPLES = [
    (108, 27, 32, 5),
    (132, 33, 64, 31),
    (60, 15, 16, 1),
    (121, 31, 32, 1),
    (122, 31, 32, 1),
    (123, 31, 32, 1),
    (124, 31, 32, 1),
]


@pytest.mark.parametrize(("entrants", "qualified", "size", "bye_count"), ACC_EXAMPLES)
def test_the_acc_examples(entrants: int, qualified: int, size: int, bye_count: int) -> None:
    assert qualifiers(entrants) == qualified
    assert bracket_size(qualified) == size
    assert byes(qualified) == bye_count


# Worked by hand from the rule for the edges of every band, 5 to 130 entrants.
BANDS = [
    # entrants, qualifiers, bracket, byes
    (5, 2, 2, 0),
    (8, 2, 2, 0),
    (9, 3, 4, 1),
    (12, 3, 4, 1),
    (13, 4, 4, 0),
    (16, 4, 4, 0),
    (17, 5, 8, 3),
    (20, 5, 8, 3),
    (21, 6, 8, 2),
    (28, 7, 8, 1),
    (29, 8, 8, 0),
    (32, 8, 8, 0),
    (33, 9, 16, 7),
    (64, 16, 16, 0),
    (65, 17, 32, 15),
    (100, 25, 32, 7),
    (128, 32, 32, 0),
    (129, 33, 64, 31),
    (130, 33, 64, 31),
]


@pytest.mark.parametrize(("entrants", "qualified", "size", "bye_count"), BANDS)
def test_the_cut_band_by_band(entrants: int, qualified: int, size: int, bye_count: int) -> None:
    assert (qualifiers(entrants), bracket_size(qualified), byes(qualified)) == (
        qualified,
        size,
        bye_count,
    )


@pytest.mark.parametrize("entrants", range(5, 131))
def test_every_field_from_5_to_130(entrants: int) -> None:
    qualified = qualifiers(entrants)
    assert 4 * qualified >= entrants > 4 * (qualified - 1)  # a quarter, rounded up
    slots = first_round(qualified)
    bye_seeds = [slot.top for slot in slots if slot.bottom is None]
    playing = [s for slot in slots if slot.bottom is not None for s in (slot.top, slot.bottom)]
    # The byes go to the top seeds, everyone else plays, and round two is a full bracket.
    assert sorted(bye_seeds) == list(range(1, byes(qualified) + 1))
    assert sorted(playing) == list(range(byes(qualified) + 1, qualified + 1))
    assert len(slots) == bracket_size(qualified) // 2
    for slot in slots:
        if slot.bottom is not None:
            assert slot.top + slot.bottom == bracket_size(qualified) + 1


def test_108_entrants_the_top_5_sit_out_and_22_play() -> None:
    slots = first_round(qualifiers(108))
    assert sorted(s.top for s in slots if s.bottom is None) == [1, 2, 3, 4, 5]
    assert sum(2 for s in slots if s.bottom is not None) == 22


@pytest.mark.parametrize(
    ("size", "order"),
    [
        (2, [1, 2]),
        (4, [1, 4, 2, 3]),
        (8, [1, 8, 4, 5, 2, 7, 3, 6]),
        (16, [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]),
    ],
)
def test_seeded_order(size: int, order: list[int]) -> None:
    assert seed_order(size) == order


@pytest.mark.parametrize("size", [4, 8, 16, 32, 64, 128])
def test_the_top_seeds_meet_as_late_as_they_can(size: int) -> None:
    order = seed_order(size)
    # The top 2^k seeds are each in a different block of size / 2^k.
    k = 2
    while k <= size:
        block = size // k
        blocks = [order.index(seed) // block for seed in range(1, k + 1)]
        assert sorted(blocks) == list(range(k))
        k *= 2


@pytest.mark.parametrize(("call", "arg"), [(qualifiers, 0), (seed_order, 6), (first_round, 1)])
def test_bad_sizes_are_refused(call: object, arg: int) -> None:
    with pytest.raises(OptionError):
        call(arg)  # type: ignore[operator]
