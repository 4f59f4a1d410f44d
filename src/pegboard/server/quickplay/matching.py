"""Who sits with whom in quick play: pure rules over the people waiting for one choice (game,
players, rated), on a clock the caller reads.

Each person accepts opponents within a rating range around their own that widens the longer
they wait (:func:`gap`); two people may sit together when each is within the other's range.
Tables of people only come first. A person whose own wait is over gets a table with bots in the
seats nobody fills, together with the others within range whose wait is over too: a person
still waiting (they chose to wait longer) is seated only with people.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

START_GAP = 100  # rating points either side that a person accepts at first ...
GAP_STEP = 50  # ... and this many more ...
GAP_EVERY = 5.0  # ... for every this many seconds waited


@dataclass(frozen=True)
class Waiting:
    id: str  # the queue entry
    rating: int
    since: float  # when they began to wait
    wait: float  # seconds after which bots may fill the seats nobody takes


def gap(waited: float) -> int:
    """How far from their own rating a person who has waited ``waited`` seconds accepts."""
    return START_GAP + GAP_STEP * int(max(0.0, waited) // GAP_EVERY)


def accepts(a: Waiting, b: Waiting, now: float) -> bool:
    """Whether ``a`` and ``b`` may sit together: each within the other's range."""
    return abs(a.rating - b.rating) <= min(gap(now - a.since), gap(now - b.since))


def done_waiting(person: Waiting, now: float) -> bool:
    return now - person.since >= person.wait


def tables(
    waiting: Sequence[Waiting],
    seats: int,
    now: float,
    apart: Collection[frozenset[str]] = frozenset(),
) -> list[list[Waiting]]:
    """The tables to make now, each a list of the people to seat (bots fill the other seats).

    Each table is built around the person who has waited longest among those left, with the
    closest ratings first and everyone within everyone's range: full tables of people first,
    then, around each person whose wait is over, a table with bots. Two entries whose pair is
    in ``apart`` (one blocks the other) never share a table.
    """
    left = sorted(waiting, key=lambda w: (w.since, w.id))
    made: list[list[Waiting]] = []
    for with_bots in (False, True):
        for anchor in list(left):
            if anchor not in left or (with_bots and not done_waiting(anchor, now)):
                continue
            others = [w for w in left if w != anchor and (not with_bots or done_waiting(w, now))]
            group = _around(anchor, others, seats, now, apart)
            if with_bots or len(group) == seats:
                made.append(group)
                for person in group:
                    left.remove(person)
    return made


def _around(
    anchor: Waiting,
    others: Sequence[Waiting],
    seats: int,
    now: float,
    apart: Collection[frozenset[str]],
) -> list[Waiting]:
    group = [anchor]
    for other in sorted(others, key=lambda w: (abs(w.rating - anchor.rating), w.since, w.id)):
        if len(group) == seats:
            break
        if all(
            accepts(other, seated, now) and frozenset((other.id, seated.id)) not in apart
            for seated in group
        ):
            group.append(other)
    return group


def closest_bot(people: Sequence[int], bots: Mapping[str, int]) -> str:
    """The bot level whose rating is closest to the people's mean rating (on a tie, the first
    in ``bots``' order)."""
    mean = sum(people) / len(people)
    order = list(bots)
    return min(order, key=lambda level: (abs(bots[level] - mean), order.index(level)))
