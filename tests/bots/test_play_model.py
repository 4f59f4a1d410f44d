"""Worlds weighed by the others' plays: a player who could have pegged more probably could not."""

from __future__ import annotations

import math

import pytest

from pegboard.bots.greedy import GreedyBot
from pegboard.bots.search.pegging import GREEDY, HEURISTIC, RANDOM
from pegboard.bots.search.play_history import PlaySoFar, play_so_far
from pegboard.bots.search.play_model import MISSED, likelihood, passed_up
from pegboard.bots.search.play_search import PlaySearch
from pegboard.cards import parse_card
from pegboard.core import new_game
from pegboard.games.cribbage import Table
from pegboard.games.cribbage.views import cribbage_view

ME, THEM = 0, 1


def card(name: str) -> int:
    return int(parse_card(name))


def history(*plays: tuple[int, str, str]) -> PlaySoFar:
    """(seat, card, the count's cards it went onto) per play, in order."""
    return PlaySoFar(
        seats=(ME, THEM),
        plays=tuple((seat, card(c)) for seat, c, _ in plays),
        above={ME: 0, THEM: 0},
        goes=0,
        before=tuple(tuple(card(c) for c in onto.split()) for _, _, onto in plays),
    )


# (their play, what it went onto, what they hold now, points they passed up)
PLAYS = [
    ("9H", "6S", "6D", 0),  # fifteen for 2; the pair would also have been 2
    ("2H", "7S", "8D", 2),  # 8 on 7 makes fifteen
    ("2H", "7S", "7D", 2),  # the pair
    ("3H", "KS 4C", "AD", 2),  # 14 + A = 15
    ("4H", "2S 3C", "AD", 0),  # the run of three either way
    ("5H", "5S", "5D KD", 0),  # the pair; the other 5, or a K making fifteen, is 2 too
    ("AH", "KS QC 9D", "2C", 2),  # 29 + 2 is 31
    ("AH", "KS QC 9D", "5D", 0),  # the 5 does not fit
    ("2H", "7S", "", 0),  # nothing else held
]


@pytest.mark.parametrize(("played", "onto", "holding", "missed"), PLAYS)
def test_points_a_player_passed_up(played: str, onto: str, holding: str, missed: int) -> None:
    seen = history((THEM, played, onto))
    cards = [card(c) for c in holding.split()]
    assert passed_up(seen, {THEM: cards}) == missed
    assert likelihood(seen, {THEM: cards}) == pytest.approx(math.exp(-MISSED * missed))


@pytest.mark.parametrize(("played", "onto", "holding", "missed"), PLAYS)
def test_a_player_found_to_play_any_card_says_nothing_by_the_points_passed_up(
    played: str, onto: str, holding: str, missed: int
) -> None:
    seen = history((THEM, played, onto))
    cards = [card(c) for c in holding.split()]
    assert passed_up(seen, {THEM: cards}, (HEURISTIC, RANDOM)) == 0
    assert likelihood(seen, {THEM: cards}, (HEURISTIC, RANDOM)) == 1.0
    assert passed_up(seen, {THEM: cards}, (HEURISTIC, GREEDY)) == missed


def test_a_card_played_later_was_held_at_every_play_before() -> None:
    seen = history((THEM, "2H", "7S"), (ME, "9C", "7S 2H"), (THEM, "8D", ""))
    assert passed_up(seen, {THEM: []}) == 2  # they held the 8 when they put the 2 on the 7


def test_only_the_others_plays_are_weighed() -> None:
    seen = history((ME, "2H", "7S"))
    assert passed_up(seen, {THEM: [card("8D")]}) == 0
    assert likelihood(seen, {THEM: [card("8D")]}) == 1.0


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (3, 2), (4, 3), (4, 4)])
def test_greedy_never_passes_up_a_point_so_the_true_hands_weigh_one(
    players: int, seed: int
) -> None:
    game = new_game("cribbage", players=players, seed=seed)
    rules = game.rules
    assert isinstance(rules, Table)
    bots = [GreedyBot(seed) for _ in range(players)]
    weighed = 0
    while game.outcome is None:
        seat = game.to_act[0]
        view = cribbage_view(game.view(seat))
        if rules.phase == "play" and view["played"]:
            truth = {s: [int(c) for c in rules.hands[s]] for s in range(players) if s != seat}
            assert passed_up(play_so_far(view), truth) == 0
            weighed += 1
        game.apply(seat, bots[seat].act(view))
    assert weighed > 50


def test_the_search_weighs_worlds_only_with_more_than_two_players() -> None:
    for players, weighs in ((2, False), (3, True), (4, True)):
        game = new_game("cribbage", players=players, seed=7)
        bots = [GreedyBot(7) for _ in range(players)]
        while not cribbage_view(game.view(game.to_act[0]))["played"]:
            seat = game.to_act[0]
            game.apply(seat, bots[seat].act(cribbage_view(game.view(seat))))
        assert PlaySearch(cribbage_view(game.view(game.to_act[0]))).weighs is weighs
