"""The expert learns how each other player plays from their hands shown after each deal:
a player who always pegs the most and otherwise plays their highest card is found to play
``greedy``; one who plays any card, or thinks, is assumed nothing of. A style changes the
worlds' weights only through the plays it would not have made."""

from __future__ import annotations

import random

import pytest

from pegboard.bots import make
from pegboard.bots.base import View
from pegboard.bots.expert import ExpertBot
from pegboard.bots.greedy import best_play
from pegboard.bots.search.pegging import GREEDY, HEURISTIC, greedy_policy
from pegboard.bots.search.play_history import PlaySoFar
from pegboard.bots.search.play_model import SLIP, likelihood, off_style
from pegboard.bots.search.play_styles import StyleMemory
from pegboard.cards import VALUE_OF, Card, parse_cards
from pegboard.core.game import Game
from pegboard.core.spec import get_spec


def ids(names: str) -> list[int]:
    return [int(c) for c in parse_cards(names.split())]


def test_the_greedy_style_plays_what_the_greedy_bot_plays() -> None:
    rng = random.Random(7)
    tried = 0
    while tried < 2000:
        deck = [Card(c) for c in range(52)]
        rng.shuffle(deck)
        count_cards = [deck.pop() for _ in range(rng.randrange(4))]
        count = sum(VALUE_OF[c] for c in count_cards)
        hand = [deck.pop() for _ in range(rng.randrange(1, 5))]
        playable = [int(c) for c in hand if count + VALUE_OF[c] <= 31]
        if count >= 31 or not playable:
            continue
        tried += 1
        expected = best_play(hand, count_cards, count)
        assert greedy_policy(0, playable, count, [int(c) for c in count_cards]) == expected


def finished_game(bots: list[str], seed: int, players: int) -> ExpertBot:
    """Seat 0 an expert, the others ``bots``; play a whole game and return the expert."""
    game = Game(get_spec("cribbage"), players, seed, {})
    expert = ExpertBot(seed)
    seated = [expert, *(make(name, seed=seed + s) for s, name in enumerate(bots, 1))]
    while game.outcome is None:
        seat = game.to_act[0]
        game.apply(seat, seated[seat].act(game.view(seat)))
    return expert


@pytest.mark.parametrize(
    ("others", "style"),
    [
        (["greedy"], GREEDY),
        (["greedy", "greedy"], GREEDY),
        (["greedy", "greedy", "greedy"], GREEDY),
        (["random"], HEURISTIC),
        (["hoyle"], HEURISTIC),
        (["expert"], HEURISTIC),
        (["random", "random", "random"], HEURISTIC),
    ],
)
def test_whole_games_find_each_players_style(others: list[str], style: int) -> None:
    players = len(others) + 1
    for seed in (31, 32):
        expert = finished_game(others, seed, players)
        assert expert.styles.styles(players) == (HEURISTIC, *[style] * len(others))


def test_in_teams_the_partner_is_assumed_nothing_of_and_greedy_opponents_are_found() -> None:
    game = Game(get_spec("cribbage"), 4, 33, {"teams": True})
    seated = [ExpertBot(33), make("greedy", seed=1), ExpertBot(35), make("greedy", seed=3)]
    while game.outcome is None:
        seat = game.to_act[0]
        game.apply(seat, seated[seat].act(game.view(seat)))
    first = seated[0]
    assert isinstance(first, ExpertBot)
    assert first.styles.styles(4) == (HEURISTIC, GREEDY, HEURISTIC, GREEDY)


def post_show_view(seed: int) -> View:
    """The first view after a show, in a game of three greedy players (seat 0's)."""
    game = Game(get_spec("cribbage"), 3, seed, {})
    bots = [make("greedy", seed=s) for s in range(3)]
    while True:
        seat = game.to_act[0]
        view = game.view(seat)
        if view["phase"] == "post-show" and seat == 0:
            return view
        game.apply(seat, bots[seat].act(view))


def test_a_hand_is_learned_from_once() -> None:
    view = post_show_view(4)
    memory = StyleMemory()
    memory.observe(view)
    learned = {seat: dict(e) for seat, e in memory.evidence.items()}
    memory.observe(view)
    assert memory.evidence == learned
    assert set(learned) <= {1, 2}  # never its own seat


def test_nothing_is_learned_before_the_hands_are_shown() -> None:
    view = post_show_view(4)
    memory = StyleMemory()
    memory.observe({**view, "shown": view["shown"][:1]})  # one hand face up, not all
    memory.observe({**view, "played": []})
    assert memory.evidence == {}


def test_a_shown_hand_that_does_not_hold_the_card_played_teaches_nothing() -> None:
    view = post_show_view(4)
    forged = [
        {**s, "cards": ["AS", "AH", "AD", "AC"]} if s["seat"] == 1 and not s["crib"] else s
        for s in view["shown"]
    ]
    memory = StyleMemory()
    memory.observe({**view, "shown": forged})
    assert 1 not in memory.evidence


# Seat 1 led the 3 of hearts; a greedy player leads their highest card.
HISTORY = PlaySoFar(
    seats=(0, 1, 2),
    plays=((1, ids("3H")[0]),),
    above={0: 0, 1: 0, 2: 0},
    goes=0,
    before=((),),
)


@pytest.mark.parametrize(
    ("held", "off"),
    [
        ("2C 3D AS", 0),  # nothing higher than the three: greedy leads it
        ("KS 2C AS", 1),  # a king would have been led
        ("3S 2C AS", 0),  # another three: the same rank
    ],
)
def test_a_play_its_style_would_not_make_is_off_style(held: str, off: int) -> None:
    holding = {1: ids(held)}
    assert off_style(HISTORY, holding, (HEURISTIC, GREEDY, HEURISTIC)) == off
    assert off_style(HISTORY, holding, (HEURISTIC, HEURISTIC, HEURISTIC)) == 0
    plain = likelihood(HISTORY, holding)
    assert likelihood(HISTORY, holding, (HEURISTIC, GREEDY, HEURISTIC)) == plain * SLIP**off
