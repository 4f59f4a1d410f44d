"""The expert learns how each other player plays from their hands shown after each deal:
a player who always pegs the most and otherwise plays their highest card is found to play
``greedy``; one who passes up points time and again (and, with 2 players, tosses cards that
give up points) is found to play any card; one who thinks is assumed nothing of. A style
changes the worlds' weights only through the plays it would not have made."""

from __future__ import annotations

import random
from typing import cast

import pytest

from pegboard.bots import make
from pegboard.bots.cribbage.discard import choose_discard
from pegboard.bots.cribbage.expert import CribbageExpert
from pegboard.bots.cribbage.greedy import best_play
from pegboard.bots.game_bot import Thinking
from pegboard.bots.search.pegging import (
    BOOK,
    GREEDY,
    HEURISTIC,
    LUCKY,
    RANDOM,
    greedy_policy,
)
from pegboard.bots.search.play_history import PlaySoFar
from pegboard.bots.search.play_model import SLIP, likelihood, off_style
from pegboard.bots.search.play_search import PlaySearch
from pegboard.bots.search.play_styles import StyleMemory
from pegboard.cards import VALUE_OF, Card, parse_cards
from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.games.cribbage.views import CribbageBotView, cribbage_view


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


def finished_game(bots: list[str], seed: int, players: int) -> CribbageExpert:
    """Seat 0 an expert, the others ``bots``; play a whole game and return the expert. The
    games deal in turn, as when the seeds were chosen: who deals does not change what is
    learned (two random players found in 24 of 40 seeded games dealt in turn, 22 of 40 with a
    dealer drawn every hand), but it changes which games the seeds give."""
    game = Game(get_spec("cribbage"), players, seed, {"dealer": "rotate"})
    expert = CribbageExpert(seed)
    seated = [expert, *(make(name, seed=seed + s) for s, name in enumerate(bots, 1))]
    while game.outcome is None:
        seat = game.to_act[0]
        game.apply(seat, seated[seat].act(cribbage_view(game.view(seat))))
    return expert


@pytest.mark.parametrize(
    ("others", "style"),
    [
        (["greedy"], GREEDY),
        (["greedy", "greedy"], GREEDY),
        (["greedy", "greedy", "greedy"], GREEDY),
        (["random"], RANDOM),
        (["hoyle"], BOOK),
        (["expert"], HEURISTIC),
        (["random", "random"], RANDOM),
        (["random", "random", "random"], RANDOM),
        (["hoyle", "hoyle", "hoyle"], HEURISTIC),  # BOOK is learned with 2 players only
    ],
)
def test_whole_games_find_each_players_style(others: list[str], style: int) -> None:
    players = len(others) + 1
    for seed in (31, 32):
        expert = finished_game(others, seed, players)
        assert expert.styles.styles(players) == (HEURISTIC, *[style] * len(others))


def hands_until_random(other: str, seed: int) -> int | None:
    """The hands an expert sees before it takes its one opponent to play any card."""
    game = Game(get_spec("cribbage"), 2, seed, {})
    expert = CribbageExpert(seed, Thinking(budget=None))
    seated = [expert, make(other, seed=seed + 1)]
    while game.outcome is None:
        seat = game.to_act[0]
        game.apply(seat, seated[seat].act(cribbage_view(game.view(seat))))
        if expert.styles.style(1) == RANDOM:
            return len(expert.styles.learned_hands)
    return None


def test_with_two_players_the_random_bot_is_found_within_a_few_hands_and_no_thinker_is() -> None:
    found = [hands_until_random("random", seed) for seed in range(40, 56)]
    assert all(hands is not None and hands <= 6 for hands in found), found
    assert sum(hands is not None and hands <= 3 for hands in found) >= 12, found
    for other in ("hoyle", "greedy", "easy"):
        assert [hands_until_random(other, seed) for seed in range(40, 44)] == [None] * 4


def test_the_opponents_toss_read_from_the_crib_weighs_for_any_card_when_it_gives_up_points() -> (
    None
):
    """Seat 0 dealt and threw 2C 3C; the crib shows those and the two seat 1 threw. From
    5H 5D JS QC 2S 9D a thinking pone throws 2S 9D (it keeps 5 5 J Q, 12.7 points and gives
    little to the crib); throwing both fives gives up about eight points."""
    partial = {  # only the keys a toss is learned from
        "seat": 0,
        "dealer": 0,
        "active": [0, 1],
        "teams": False,
        "hand_number": 1,
        "discarded": ["2C", "3C"],
        "played": [],
        "shown": [],
    }
    view = cast(CribbageBotView, partial)

    def read(kept: str, tossed: str) -> float:
        memory = StyleMemory()
        crib = {"seat": 0, "cards": ["2C", "3C", *tossed.split()], "crib": True}
        shown = [{"seat": 1, "cards": kept.split(), "crib": False}, crib]
        memory._learn_toss(cast(CribbageBotView, {**view, "shown": shown}))
        return memory.tossed[1]

    assert read("5H 5D JS QC", "2S 9D") < -1.0
    assert read("JS QC 2S 9D", "5H 5D") > 3.0


def test_in_teams_the_partner_is_assumed_nothing_of_and_greedy_opponents_are_found() -> None:
    game = Game(get_spec("cribbage"), 4, 33, {"teams": True})
    seated = [
        CribbageExpert(33),
        make("greedy", seed=1),
        CribbageExpert(35),
        make("greedy", seed=3),
    ]
    while game.outcome is None:
        seat = game.to_act[0]
        game.apply(seat, seated[seat].act(cribbage_view(game.view(seat))))
    first = seated[0]
    assert isinstance(first, CribbageExpert)
    assert first.styles.styles(4) == (HEURISTIC, GREEDY, HEURISTIC, GREEDY)


def post_show_view(seed: int) -> CribbageBotView:
    """The first view after a show, in a game of three greedy players (seat 0's)."""
    game = Game(get_spec("cribbage"), 3, seed, {})
    bots = [make("greedy", seed=s) for s in range(3)]
    while True:
        seat = game.to_act[0]
        view = cribbage_view(game.view(seat))
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
    memory.observe(cast(CribbageBotView, {**view, "shown": forged}))
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


def test_against_a_player_found_to_play_any_card_the_expert_counts_on_no_strong_toss() -> None:
    """Once the opponent is taken to play any card, the 2-player search deals its hand at
    random (no toss model) and rolls it out playing any card, and the discard counts on a
    random toss into the crib; until then, the strong toss."""
    # A game whose discards differ by the toss model (near the end the race values the
    # discard, and in seed 41's last deals both tosses gave the same one).
    game = Game(get_spec("cribbage"), 2, 45, {})
    expert = CribbageExpert(45, Thinking(budget=None))
    seated = [expert, make("random", seed=46)]
    discards = {"random": 0, "strong": 0}
    differ = 0
    while game.outcome is None:
        seat = game.to_act[0]
        view = cribbage_view(game.view(seat))
        action = seated[seat].act(view)
        if seat == 0 and view["phase"] == "discard":
            found = expert.styles.style(1) == RANDOM
            expected = choose_discard(view, tosses="random" if found else "strong")
            assert parse_cards(action["cards"]) == list(expected)
            discards["random" if found else "strong"] += 1
            differ += choose_discard(view, tosses="random") != choose_discard(view, "strong")
        if seat == 0 and view["phase"] == "play" and view["turn"] == 0:
            search = PlaySearch(view, styles=expert.styles.styles(2))
            assert (search.strategy is None) == (expert.styles.style(1) == RANDOM)
            assert search.lucky == (expert.styles.style(1) in LUCKY)
        game.apply(seat, action)
    assert discards["random"] >= 3 and discards["strong"] >= 1
    assert differ >= 1  # the two tosses led to different discards somewhere
