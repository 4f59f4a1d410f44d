"""Worlds where the others kept their best four: the keep values are the rules' averages, and
the sampled worlds keep what a player would keep."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pegboard.bots.greedy import GreedyBot
from pegboard.bots.search.keep_model import keep_values, keeps_best, sample_kept_world
from pegboard.bots.search.play_history import play_so_far
from pegboard.bots.search.worlds import seen_cards, unseen_cards
from pegboard.cards import DECK, RANK_OF, VALUE_OF, Card, parse_cards
from pegboard.core import new_game
from pegboard.games.cribbage import Table
from pegboard.scoring.combos import combination_points
from pegboard.scoring.tables import RANK_KEY


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(range(52)), min_size=5, max_size=5, unique=True))
def test_a_keeps_value_is_its_mean_fifteens_pairs_and_runs_over_the_unseen_starters(
    five: list[int],
) -> None:
    for thrown in five:
        kept = [Card(c) for c in five if c != thrown]
        starters = [c for c in DECK if int(c) not in five]
        mean = sum(combination_points([*kept, s]) for s in starters) / len(starters)
        key = sum(RANK_KEY[c] for c in kept)
        assert keep_values()[key][RANK_OF[thrown] - 1] == pytest.approx(mean)


# (the four kept, the card thrown, whether no other keep of the five is better)
KEEPS = [
    ("5H 5D JS QC", "KH", True),  # J, Q or K: the same hand
    ("5H 5D JS KH", "2C", True),
    ("2H 7D JS KC", "5H", False),  # the 5 makes fifteen with the J and the K
    ("7H 8D 9S 9C", "KD", True),
    ("7H 8D 9S KD", "9C", False),  # the second 9 doubles the run
]


@pytest.mark.parametrize(("kept", "thrown", "best"), KEEPS)
def test_the_best_keep_of_five(kept: str, thrown: str, best: bool) -> None:
    assert keeps_best(cards(kept), cards(thrown)[0]) is best


def test_exactly_the_best_keeps_are_best() -> None:
    rng = random.Random(3)
    for _ in range(200):
        five = rng.sample(range(52), 5)
        value = {
            thrown: keep_values()[sum(RANK_KEY[c] for c in five if c != thrown)][
                RANK_OF[thrown] - 1
            ]
            for thrown in five
        }
        top = max(value.values())
        for thrown in five:
            kept = [c for c in five if c != thrown]
            assert keeps_best(kept, thrown) is (value[thrown] >= top - 1e-9)


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (3, 2), (4, 3), (4, 4)])
def test_kept_worlds_fit_the_view_and_mostly_keep_the_best_four(players: int, seed: int) -> None:
    game = new_game("cribbage", players=players, seed=seed, score_target=1000)
    rules = game.rules
    assert isinstance(rules, Table)
    rng = random.Random(seed)
    bots = [GreedyBot(seed) for _ in range(players)]  # players who keep their best four
    best = total = 0
    while rules.hand_number < 3:
        if rules.phase == "play":
            me = game.to_act[0]
            view = game.view(me)
            history = play_so_far(view)
            seen = seen_cards(view)
            for _ in range(10):
                world = sample_kept_world(view, history, rng, unseen_cards(view))
                dealt = [c for held in world.others.values() for c in held]
                assert not seen.intersection(dealt + world.crib[1:])
                assert (
                    len(set(dealt + world.crib))
                    == len(dealt) + len(world.crib)
                    == len(dealt) + int(view["crib_size"])
                )
                for seat, held in world.others.items():
                    assert len(held) == len(rules.hands[seat])
                    assert all(VALUE_OF[c] > history.above[seat] for c in held)
                    played = [c for s, c in history.plays if s == seat]
                    assert world.kept[seat] == played + held
                thrown = world.crib[1:players]
                for seat, card in zip(
                    sorted(world.others, key=lambda s: -history.above[s]), thrown, strict=True
                ):
                    total += 1
                    best += int(keeps_best(world.kept[seat], card))
        seat = game.to_act[0]
        game.apply(seat, bots[seat].act(game.view(seat)))
    assert total > 100
    assert best / total > 0.8  # the rest: strays, and deals no try could fit
