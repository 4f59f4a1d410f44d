"""Worlds weighed by the others' plays: a player who could have pegged more probably could not."""

from __future__ import annotations

import math
import random

import pytest
from test_last_play import deal

from pegboard.bots.greedy import GreedyBot
from pegboard.bots.search import play_search
from pegboard.bots.search.pegging import GREEDY, HEURISTIC, RANDOM
from pegboard.bots.search.play_history import PlaySoFar, play_so_far
from pegboard.bots.search.play_model import MISSED, likelihood, passed_up
from pegboard.bots.search.play_search import PlaySearch
from pegboard.cards import RANK_OF, parse_card
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


@pytest.mark.parametrize("duel_weighs", [False, True])
def test_the_search_weighs_worlds_with_more_than_two_players_or_when_told(
    duel_weighs: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(play_search, "DUEL_WEIGHS", duel_weighs)
    for players, weighs in ((2, duel_weighs), (3, True), (4, True)):
        game = new_game("cribbage", players=players, seed=7)
        bots = [GreedyBot(7) for _ in range(players)]
        while not cribbage_view(game.view(game.to_act[0]))["played"]:
            seat = game.to_act[0]
            game.apply(seat, bots[seat].act(cribbage_view(game.view(seat))))
        assert PlaySearch(cribbage_view(game.view(game.to_act[0]))).weighs is weighs


def test_weighing_a_duel_a_dealer_who_answered_a_four_with_a_king_is_rarely_dealt_a_four(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seat 1 leads a 4; the dealer answers with a king, passing up a pair if it held a 4.
    Weighing the duel (as ``expert-duel-weighs`` measures it), the pone's worlds (the
    dealer's toss modelled) that give it a 4 count ``exp(-2 * MISSED)``, so they are a far
    smaller share of the weight than of the draws."""
    monkeypatch.setattr(play_search, "DUEL_WEIGHS", True)
    game = deal(["KS 9D 8C 2H QC JD", "4H 6C 7S TD 3C 3D"], "AS", 121)
    for seat, card in ((1, "4H"), (0, "KS")):
        game.apply(seat, {"type": "play", "card": card})
    search = PlaySearch(cribbage_view(game.view(1)))
    assert search.weighs
    rng = random.Random(3)
    fours = drawn = weighed = weight = 0.0
    for _ in range(2000):
        world = search.world(rng)
        w = search.likelihood(world)
        holds_a_four = any(RANK_OF[c] == 4 for c in world.others[0])
        assert w == pytest.approx(math.exp(-2 * MISSED) if holds_a_four else 1.0)
        fours += holds_a_four
        drawn += 1
        weighed += w * holds_a_four
        weight += w
    assert fours / drawn > 0.1
    assert weighed / weight < (fours / drawn) / 5
