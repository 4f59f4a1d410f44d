"""The compiled rollout (``bots/search/_rollout.pyx``) plays every position exactly as
``play_out`` with ``heuristic_policy`` does (or each seat's style: ``styled``): the same
points for every side and the same side out first, whatever the seats, hands, count, passes,
target, forced first card or styles (a seat playing any card, or a searcher's chances, drawing
the same luck)."""

from __future__ import annotations

import importlib
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pegboard.bots.search.pegging import (
    BOOK,
    GREEDY,
    HEURISTIC,
    RANDOM,
    SEARCHER,
    PegPosition,
    heuristic_policy,
    play_out,
    styled,
)
from pegboard.cards import VALUE_OF, parse_card

core: Any = pytest.importorskip("pegboard.bots.search._rollout")


def position_from(seed: int) -> tuple[PegPosition, list[int] | None, list[int] | None, int | None]:
    """A random position: 2-4 seats (or two teams), hands of 0-4 cards, a count part-way with
    some seats passed, a target that may be reached, and maybe a forced first card."""
    rng = random.Random(seed)
    players = rng.choice((2, 3, 4))
    teams = players == 4 and rng.random() < 0.5
    deck = list(range(52))
    rng.shuffle(deck)
    seats = tuple(range(players))
    hands = {s: [deck.pop() for _ in range(rng.randrange(5))] for s in seats}
    count_cards: list[int] = []
    if rng.random() < 0.6:  # part-way through a count
        while deck and rng.random() < 0.7:
            card = deck.pop()
            if sum(VALUE_OF[c] for c in count_cards) + VALUE_OF[card] <= 31:
                count_cards.append(card)
    count = sum(VALUE_OF[c] for c in count_cards)
    turn = rng.choice(seats)
    last = rng.choice(seats) if count_cards else -1
    passed = {s for s in seats if s != turn and count_cards and rng.random() < 0.3}
    if count == 31:
        count_cards, count, passed = [], 0, set()
    if not any(hands.values()):
        hands[turn] = [deck.pop()]
    sides = [s % 2 for s in seats] if teams else None
    need = [rng.randrange(1, 12) for _ in range(2 if teams else players)]
    playable = [c for c in hands[turn] if count + VALUE_OF[c] <= 31]
    first = rng.choice(playable) if playable and rng.random() < 0.5 else None
    position = PegPosition(seats, hands, count, count_cards, passed, turn, last)
    return position, sides, (need if rng.random() < 0.6 else None), first


def python_result(
    position: PegPosition,
    sides: list[int] | None,
    need: list[int] | None,
    first: int | None,
    styles: list[int] | None = None,
    luck: int = 0,
) -> object:
    try:
        return play_out(
            position.copy(), styled(styles, luck), side_of=sides, need=need, first=first
        )
    except AssertionError as error:
        return ("AssertionError", str(error))


def compiled_result(
    position: PegPosition,
    sides: list[int] | None,
    need: list[int] | None,
    first: int | None,
    styles: list[int] | None = None,
    luck: int = 0,
) -> object:
    try:
        return core.play_out_heuristic(
            position.copy(), side_of=sides, need=need, first=first, styles=styles, luck=luck
        )
    except AssertionError as error:
        return ("AssertionError", str(error))


@settings(max_examples=3000, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_compiled_rollout_plays_every_position_as_python(seed: int) -> None:
    position, sides, need, first = position_from(seed)
    assert compiled_result(position, sides, need, first) == python_result(
        position, sides, need, first
    )


@settings(max_examples=1500, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_seats_of_any_style_play_as_in_python(seed: int) -> None:
    position, sides, need, first = position_from(seed)
    rng = random.Random(~seed)
    styles = [rng.choice((HEURISTIC, GREEDY, RANDOM, BOOK, SEARCHER)) for _ in position.seats]
    luck = rng.getrandbits(32)
    assert compiled_result(position, sides, need, first, styles, luck) == python_result(
        position, sides, need, first, styles, luck
    )


def test_a_seat_playing_any_card_chooses_each_card_alike_by_its_luck() -> None:
    """A random seat's choice from two cards: each about half the time over many seeds,
    the same card again for the same seed."""
    playable = ids("AS KD")

    def lead(luck: int) -> int:
        return styled([RANDOM, HEURISTIC], luck)(0, playable, 0, [])

    led = Counter(lead(luck) for luck in range(400))
    assert set(led) == set(playable)
    assert min(led.values()) > 160
    assert all(lead(luck) == lead(luck) for luck in range(20))


def test_an_unknown_style_is_refused() -> None:
    position, _, _, _ = position_from(3)
    with pytest.raises(ValueError, match="no style"):
        core.play_out_heuristic(position.copy(), styles=[7] * len(position.seats))


def ids(names: str) -> list[int]:
    return [int(parse_card(name)) for name in names.split()]


@pytest.mark.parametrize(
    ("first_hand", "second_hand", "need", "gained", "out"),
    [
        # 5, then 10 for fifteen 2; nobody can play: last card 1.
        ("5H", "TS", None, [0, 3], -1),
        # 5, 5 pair 2, 5 pair royal 6 and fifteen 2, 5 double pair royal 12, last card 1.
        ("5H 5D", "5S 5C", None, [8, 15], -1),
        # The same, but the second seat needs 2: out on the first pair.
        ("5H 5D", "5S 5C", [100, 2], [0, 2], 1),
    ],
)
def test_scripted_plays(
    first_hand: str, second_hand: str, need: list[int] | None, gained: list[int], out: int
) -> None:
    position = PegPosition((0, 1), {0: ids(first_hand), 1: ids(second_hand)})
    expected = (gained, out)
    assert play_out(position.copy(), heuristic_policy, need=need) == expected
    assert core.play_out_heuristic(position.copy(), need=need) == expected


def test_the_position_is_not_changed() -> None:
    position = PegPosition((0, 1), {0: ids("5H 5D"), 1: ids("5S TC")})
    before = position.copy()
    core.play_out_heuristic(position)
    assert position == before


def test_a_forced_card_not_in_hand_is_refused() -> None:
    position = PegPosition((0, 1), {0: ids("5H 5D"), 1: ids("TS")})
    with pytest.raises(ValueError, match="not in seat 0's hand"):
        core.play_out_heuristic(position, first=ids("TS")[0])


def test_the_module_is_the_compiled_one() -> None:
    module = importlib.import_module("pegboard.bots.search._rollout")
    assert not str(module.__file__).endswith(".py")
