"""How ``greedy`` keeps four of five (``bots/search/keep_model.py``), and the worlds it weighs."""

from __future__ import annotations

import random

import pytest

from pegboard.bots import make
from pegboard.bots.greedy import best_keep
from pegboard.bots.search.keep_model import fits_keep, off_keep
from pegboard.bots.search.pegging import GREEDY, HEURISTIC
from pegboard.bots.search.play_model import SLIP
from pegboard.bots.search.play_search import PlaySearch
from pegboard.cards import DECK, parse_cards
from pegboard.core import new_game


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


def test_only_seats_known_to_play_greedy_are_held_to_it() -> None:
    kept = {1: ids("5H 5C TD 2C"), 2: ids("5D 5S TC 2H"), 3: ids("7H 8C 9S KC")}
    crib = ids("JS QD KH")  # with any of them 5-5-10-2 throws the 2; 7-8-9-K throws a King
    assert off_keep(kept, crib, [HEURISTIC, GREEDY, HEURISTIC, HEURISTIC]) == 1
    assert off_keep(kept, crib, [HEURISTIC, GREEDY, GREEDY, GREEDY]) == 2
    assert off_keep(kept, crib, [HEURISTIC, HEURISTIC, HEURISTIC, GREEDY]) == 0


def test_the_play_search_weighs_a_greedy_seats_keep_from_the_first_play() -> None:
    """At the first play of a deal at four (nothing played yet), a world counts 0.05 for each
    seat taken for ``greedy`` whose four cards were not its keep; the others' are not held to it."""
    game = new_game("cribbage", players=4, seed=4)
    while game.view(game.to_act[0])["phase"] == "discard":
        seat = game.to_act[0]
        game.apply(seat, make("greedy", seed=seat).act(game.view(seat)))
    seat = game.to_act[0]
    view = game.view(seat)
    styles = [GREEDY] * 4
    styles[seat] = HEURISTIC
    search = PlaySearch(view, styles=styles)
    assert search.weighs and search.keeps
    assert not PlaySearch(view).weighs  # nothing to weigh by without a style
    rng = random.Random(1)
    seen = set()
    for _ in range(200):
        world = search.world(rng)
        crib = [c for c in world.crib if c not in search.thrown]
        off = off_keep({s: world.kept[s] for s in world.others}, crib, styles)
        assert search.likelihood(world) == pytest.approx(SLIP**off)
        seen.add(off)
    assert {0, 1, 2} <= seen
    others = [s for s in range(4) if s != seat]
    true_hands = {s: ids(" ".join(game.view(s)["hand"])) for s in others}
    true_crib = [c for s in others for c in ids(" ".join(game.view(s)["discarded"]))]
    assert off_keep(true_hands, true_crib, styles) == 0  # the true deal: every keep greedy's
