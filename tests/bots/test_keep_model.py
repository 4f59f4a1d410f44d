"""How ``greedy`` keeps four of five (``bots/search/keep_model.py``), and the worlds dealt by it."""

from __future__ import annotations

import random

import pytest

from pegboard.bots import make
from pegboard.bots.base import known
from pegboard.bots.cribbage.greedy import best_keep
from pegboard.bots.search.keep_model import fits_keep
from pegboard.bots.search.pegging import GREEDY, HEURISTIC
from pegboard.bots.search.play_search import PlaySearch
from pegboard.bots.search.toss_model import STRAY
from pegboard.cards import DECK, parse_cards
from pegboard.core import new_game
from pegboard.games.cribbage.views import CribbageBotView, cribbage_view


def ids(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


@pytest.mark.parametrize(
    ("kept", "thrown", "fits"),
    [
        ("5H 5C TD JS", "2C", True),  # 5-5-10-J: 12 points kept, the 2 goes
        ("5H 5C TD 2C", "JS", False),  # no one breaks up 5-5-10-J for a 2
        ("7H 8C 8D 9S", "KC", True),  # a double run kept, the King thrown
        ("7H 8C 9S KC", "8D", False),
        ("AH 2C 3D 4S", "QH", True),
        ("3H 3C 9D 9S", "6C", True),  # 3-3-9-9 is 8, with the 6 instead of a 3 or a 9, 6
        ("3H 3C 9D 6C", "9S", False),
        ("7H 8C 9S KC", "QD", True),  # a Queen or a King: the same to greedy, either may go
    ],
)
def test_greedy_keeps_the_best_hand(kept: str, thrown: str, fits: bool) -> None:
    assert fits_keep(ids(kept), ids(thrown)[0]) is fits


def test_the_rule_is_greedys_keep_almost_always() -> None:
    rng = random.Random(0)
    hands = [rng.sample(list(DECK), 5) for _ in range(600)]
    agree = 0
    for hand in hands:
        (thrown,) = best_keep(hand, 1)
        agree += fits_keep([int(c) for c in hand if c != thrown], int(thrown))
    assert agree >= 0.95 * len(hands)
    at_random = sum(fits_keep([int(c) for c in hand[1:]], int(hand[0])) for hand in hands)
    assert at_random <= 0.4 * len(hands)


def first_play(seed: int) -> CribbageBotView:
    """The first play of a deal at four, every seat having discarded as ``greedy``."""
    game = new_game("cribbage", players=4, seed=seed)
    while cribbage_view(game.view(game.to_act[0]))["phase"] == "discard":
        seat = game.to_act[0]
        game.apply(seat, make("greedy", seed=seat).act(cribbage_view(game.view(seat))))
    return cribbage_view(game.view(game.to_act[0]))


def test_seats_taken_for_greedy_are_dealt_as_greedy_keeps() -> None:
    """In the play search's worlds a seat whose style is ``greedy`` holds four cards its rule
    keeps with the card it threw (all but the ``STRAY`` deals); the others' hands are dealt
    at random, and so are all of them without a style."""
    fits = {True: 0, False: 0}
    seats = {True: 0, False: 0}
    for seed in range(4):
        view = first_play(seed)
        me = known(view["seat"], "seat")
        styles = [GREEDY if (s - me) % 4 in (1, 2) else HEURISTIC for s in range(4)]
        search = PlaySearch(view, styles=styles)
        assert search.greedy == tuple(s for s in range(4) if styles[s] == GREEDY)
        assert not search.weighs  # no play yet: nothing to weigh by
        assert PlaySearch(view).greedy == ()
        rng = random.Random(seed)
        for _ in range(300):
            world = search.world(rng)
            thrown = iter(world.crib[1:])  # mine first, then the greedy seats' in deal order
            for seat in world.others:
                greedy = styles[seat] == GREEDY
                throw = next(thrown) if greedy else world.crib[3]
                fits[greedy] += fits_keep(world.kept[seat], throw)
                seats[greedy] += 1
    assert fits[True] >= (1 - STRAY) * seats[True]
    assert fits[False] <= 0.4 * seats[False]
