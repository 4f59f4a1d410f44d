"""Quick play's matching rules, on their own: who sits with whom, and when bots come."""

from __future__ import annotations

import pytest

from pegboard.server.quickplay.matching import Waiting, accepts, closest_bot, gap, tables


def person(name: str, rating: int, since: float = 0.0, wait: float = 20.0) -> Waiting:
    return Waiting(name, rating, since, wait)


@pytest.mark.parametrize(
    ("waited", "accepted"), [(0, 100), (4.9, 100), (5, 150), (19.9, 250), (20, 300), (60, 700)]
)
def test_the_range_widens_by_50_every_5_seconds(waited: float, accepted: int) -> None:
    assert gap(waited) == accepted


def test_each_must_be_within_the_others_range() -> None:
    old, new = person("old", 1500, since=0), person("new", 1700, since=40)
    assert gap(40) >= 200 > gap(0)
    assert not accepts(old, new, now=40), "the newcomer's range is still narrow"
    assert accepts(old, new, now=60), "twenty seconds later it is 300 wide"


def names(made: list[list[Waiting]]) -> list[list[str]]:
    return [[p.id for p in table] for table in made]


CASES = [
    # (what, seats, people, now, tables made)
    ("alone, still waiting", 2, [person("ann", 1500)], 5, []),
    ("alone, wait over: a table with bots", 2, [person("ann", 1500)], 20, [["ann"]]),
    (
        "two close: together at once",
        2,
        [person("ann", 1500), person("bob", 1590, since=1)],
        1,
        [["ann", "bob"]],
    ),
    (
        "two far apart: neither yet",
        2,
        [person("ann", 1500, wait=99), person("bob", 1800, wait=99)],
        15,
        [],
    ),
    (
        "two far apart, after 20 s: together",
        2,
        [person("ann", 1500, wait=99), person("bob", 1800, wait=99)],
        20,
        [["ann", "bob"]],
    ),
    (
        "the closest of two who fit, not the one who came first",
        2,
        [person("ann", 1500), person("bob", 1590, since=1), person("cy", 1520, since=2)],
        2,
        [["ann", "cy"]],
    ),
    (
        "the longest waiting is seated first",
        2,
        [person("bob", 1600, since=3), person("ann", 1510, since=0), person("cy", 1550, since=1)],
        3,
        [["ann", "cy"]],
    ),
    (
        "three seats: everyone within everyone's range",
        3,
        [person("ann", 1500), person("bob", 1590), person("cy", 1410)],
        0,
        [],
    ),
    (
        "three seats, wait over: the two who fit together, the other with bots",
        3,
        [person("ann", 1500), person("bob", 1590), person("cy", 1100, since=1)],
        21,
        [["ann", "bob"], ["cy"]],
    ),
    (
        "someone who chose to wait longer is not seated with bots",
        3,
        [person("ann", 1500, wait=10), person("bob", 1510, wait=60)],
        10,
        [["ann"]],
    ),
    (
        "a full table of people before tables with bots",
        2,
        [person("ann", 1500), person("bob", 1900), person("cy", 1900, since=5)],
        20,
        [["bob", "cy"], ["ann"]],
    ),
]


@pytest.mark.parametrize(
    ("what", "seats", "people", "now", "made"), CASES, ids=[c[0] for c in CASES]
)
def test_who_sits_with_whom(
    what: str, seats: int, people: list[Waiting], now: float, made: list[list[str]]
) -> None:
    assert names(tables(people, seats, now)) == made


BOTS = {"medium": 1450, "easy": 1100, "expert": 1900}


@pytest.mark.parametrize(
    ("ratings", "level"),
    [([1000], "easy"), ([1500], "medium"), ([2100], "expert"), ([1300, 2100], "expert")],
)
def test_the_bot_closest_to_the_peoples_mean(ratings: list[int], level: str) -> None:
    assert closest_bot(ratings, BOTS) == level


def test_on_a_tie_the_first_level() -> None:
    assert closest_bot([1500], {"medium": 1500, "easy": 1500}) == "medium"
    assert closest_bot([1500], {"easy": 1400, "medium": 1600}) == "easy"
