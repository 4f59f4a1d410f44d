"""The last deal's play searched exactly (``bots/search/last_play.py``): its minimax is the
value of the play's game tree as ``pegging.play_out`` plays the rules (checked against a
brute force over every sequence of choices), and near the end it finds the play that wins by
force where the rollouts' heuristic does not."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pegboard.bots.cribbage.expert import CribbageExpert
from pegboard.bots.game_bot import Thinking
from pegboard.bots.search.last_play import LastPlay, applies, choose_card_exactly, world_values
from pegboard.bots.search.pegging import play_out
from pegboard.bots.search.play_search import PlaySearch, candidates, choose_card
from pegboard.bots.search.worlds import World
from pegboard.cards import Card, parse_card, parse_cards
from pegboard.core.chance import ScriptedChance
from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.games.cribbage import stack_deck
from pegboard.games.cribbage.views import CribbageBotView, cribbage_view


class Choice(Exception):
    """Raised by the scripted policy where its script runs out: who chooses, among what."""

    def __init__(self, seat: int, playable: Sequence[int]) -> None:
        self.seat, self.playable = seat, list(playable)


def brute_force(solver: LastPlay, search: PlaySearch, world: World, script: list[int]) -> float:
    """Minimax by replaying ``play_out`` from the start for every sequence of choices (every
    card, not one a rank)."""
    moves = iter(script)

    def scripted(seat: int, playable: Sequence[int], count: int, cards: Sequence[int]) -> int:
        card = next(moves, None)
        if card is None:
            raise Choice(seat, playable)
        return card

    position = search.start.copy()
    position.hands.update((s, list(h)) for s, h in world.others.items())
    try:
        gained, first = play_out(position, scripted, need=search.need)
    except Choice as choice:
        values = [brute_force(solver, search, world, [*script, c]) for c in choice.playable]
        return max(values) if choice.seat == solver.me else min(values)
    return solver.leaf(gained, first)


def deal(hands: Sequence[str], starter: str, target: int) -> Game:
    """A 2-player game's first deal of ``hands`` (seat 0 deals), each throwing its last
    two cards."""
    cards = [parse_cards(h) for h in hands]
    deck = stack_deck(cards, 0, parse_card(starter))
    chance = ScriptedChance([(0,), [int(c) for c in deck]])
    game = Game(get_spec("cribbage"), 2, 0, {"score_target": target}, chance=chance)
    for seat in (0, 1):
        game.apply(seat, {"type": "discard", "cards": [str(c) for c in cards[seat][4:]]})
    return game


def true_world(game: Game, seat: int) -> World:
    """The deal as it is, as a world of ``seat``'s view."""
    other = 1 - seat
    mine, theirs = cribbage_view(game.view(seat)), cribbage_view(game.view(other))
    return World(
        {other: [int(c) for c in parse_cards(theirs["hand"])]},
        {s: [int(c) for c in parse_cards(cribbage_view(game.view(s))["kept"])] for s in (0, 1)},
        [int(c) for c in parse_cards(mine["discarded"])]
        + [int(c) for c in parse_cards(theirs["discarded"])],
    )


def at_scores(view: CribbageBotView, scores: Sequence[int]) -> CribbageBotView:
    """The view as the table would show it with the scores so."""
    return {**view, "scores": list(scores)}


@pytest.mark.parametrize("seed", range(4))
def test_the_minimax_is_the_play_trees_value(seed: int) -> None:
    rng = random.Random(seed)
    deck = [str(Card(c)) for c in range(52)]
    rng.shuffle(deck)
    game = deal([" ".join(deck[:6]), " ".join(deck[6:12])], deck[12], 31)
    view = at_scores(cribbage_view(game.view(1)), (rng.randint(8, 28), rng.randint(8, 28)))
    search = PlaySearch(view)
    world = true_world(game, 1)
    solver = LastPlay(search, search.shows(world))
    cards = candidates(view)
    exact = world_values(search, world, cards)
    assert exact == [brute_force(solver, search, world, [card]) for card in cards]


def test_near_the_end_it_plays_the_card_that_wins_by_force() -> None:
    """To 31, the dealer (19, needing 12) holds A 7 7 8 over the pone's 6 led; the pone (3)
    holds 5 5 6 and counts first, 24 with the 4 cut, so it must peg 4 more before the dealer
    pegs 12 less its show. Against every defence the 8 wins and the ace loses; the rollouts'
    heuristic takes the ace."""
    game = deal(["AS 7D 7H 8C 6H TC", "5D 5H 6C 6S 8D KS"], "4S", 31)
    game.apply(1, {"type": "play", "card": "6C"})
    view = at_scores(cribbage_view(game.view(0)), (19, 3))
    assert applies(view)
    eight, ace = int(parse_card("8C")), int(parse_card("AS"))
    search = PlaySearch(view)
    cards = candidates(view)
    truth = dict(zip(cards, world_values(search, true_world(game, 0), cards), strict=True))
    assert truth[eight] > 0.99 and truth[ace] < 0.01
    assert choose_card(view, random.Random(3), worlds=200) == ace
    assert choose_card_exactly(view, random.Random(3), worlds=200) == eight
    exact = CribbageExpert(seed=3, thinking=Thinking(exact_end=True))
    assert exact.act(view) == {"type": "play", "card": "8C"}
    assert CribbageExpert(seed=3).act(view) == {"type": "play", "card": "AS"}  # as shipped


def test_far_from_the_end_or_three_players_it_is_not_used() -> None:
    game = deal(["AS 7D 7H 8C 6H TC", "5D 5H 6C 6S 8D KS"], "4S", 121)
    game.apply(1, {"type": "play", "card": "6C"})
    assert not applies(at_scores(cribbage_view(game.view(0)), (80, 85)))
    assert applies(at_scores(cribbage_view(game.view(0)), (80, 91)))
    three = cribbage_view(Game(get_spec("cribbage"), 3, 1, {}).view(0))
    assert not applies(three)
