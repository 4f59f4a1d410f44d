"""The ACC's cut and seeded single-elimination playoff.

One entrant in four qualifies, rounded up (121 to 124 entrants: 31 qualifiers), never rounded
up to a full bracket. The bracket is the next power of two; the difference is the number of
first-round byes, and they go to the top seeds (108 entrants: 27 qualifiers, a bracket of 32,
byes to seeds 1 to 5, and 22 play in the first round). From the second round the bracket is full.

Seeds are placed in the usual seeded order: in round one seed ``s`` meets seed
``size + 1 - s``, and the top two seeds can meet only in the final, the top four only in the
semi-finals, and so on. A seed whose opponent would be past the last qualifier has the bye.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pegboard.errors import OptionError

CUT = 4
"""One in this many entrants qualifies for the playoff."""


def qualifiers(entrants: int) -> int:
    """How many qualify: a quarter of the entrants, rounded up."""
    if entrants < 1:
        raise OptionError(f"a tournament has entrants, not {entrants}")
    return -(-entrants // CUT)


def bracket_size(qualified: int) -> int:
    """The next full bracket: the smallest power of two holding every qualifier."""
    size = 1
    while size < qualified:
        size *= 2
    return size


def byes(qualified: int) -> int:
    """First-round byes, all to the top seeds."""
    return bracket_size(qualified) - qualified


def seed_order(size: int) -> list[int]:
    """Seeds 1..``size`` in bracket order, pairs of neighbours meeting in round one."""
    if size < 1 or size & (size - 1):
        raise OptionError(f"a bracket is a power of two, not {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


@dataclass(frozen=True)
class Slot:
    """One place in the first round of the bracket: two seeds, or a seed and a bye."""

    top: int
    bottom: int | None
    """None: ``top`` has the bye."""


def first_round(qualified: int) -> list[Slot]:
    """The bracket's first round, top to bottom, for ``qualified`` seeds."""
    if qualified < 2:
        raise OptionError(f"a playoff needs two qualifiers or more, not {qualified}")
    order = seed_order(bracket_size(qualified))
    slots = []
    for i in range(0, len(order), 2):
        a, b = order[i], order[i + 1]
        slots.append(Slot(a, b if b <= qualified else None))
    return slots


def next_round(winners: Sequence[str]) -> list[tuple[str, str]]:
    """The next round from the winners of the last, in bracket order: neighbours meet."""
    if len(winners) < 2 or len(winners) % 2:
        raise OptionError(f"{len(winners)} winners cannot fill a bracket round")
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]
