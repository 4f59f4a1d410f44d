"""The expert: legal everywhere, the same for a seed, blind to hidden cards, and strong."""

from __future__ import annotations

import json
import random

import pytest

from pegboard import simulate
from pegboard.bots import make
from pegboard.bots.expert import ExpertBot
from pegboard.cards import parse_cards
from pegboard.core import Game, ScriptedChance, get_spec, new_game
from pegboard.core.claims import item_key, parse_items
from pegboard.games.cribbage import Table, stack_deck
from pegboard.games.cribbage.views import cribbage_view


def play(game: Game, bots: dict[int, object], rng: random.Random, steps: int) -> None:
    """Up to ``steps`` moves: the expert's seats by the expert, the others at random."""
    for _ in range(steps):
        if game.outcome is not None:
            return
        seat = game.to_act[0]
        view = game.view(seat)
        bot = bots.get(seat)
        if bot is None:
            legal = view["legal"]
            action = legal[rng.randrange(len(legal))]
        else:
            assert isinstance(bot, ExpertBot)
            action = bot.act(view)
        game.apply(seat, action)  # raises if the expert's action is not legal


@pytest.mark.parametrize(
    ("game_name", "players", "options"),
    [
        ("cribbage", 2, {"counting": "manual", "score_target": 61}),
        ("cribbage", 3, {"counting": "manual", "score_target": 61}),
        ("cribbage", 4, {"teams": True, "score_target": 61}),
        ("cribist", 4, {"counting": "manual", "end": "deals", "deals": 1}),
    ],
)
def test_the_expert_makes_only_legal_moves(
    game_name: str, players: int, options: dict[str, object]
) -> None:
    for seed in range(2):
        game = Game(get_spec(game_name), players, seed, options)
        bots: dict[int, object] = {s: ExpertBot(seed=s, worlds=8) for s in range(0, players, 2)}
        play(game, bots, random.Random(seed), 3000)
        assert game.outcome is not None


@pytest.mark.parametrize("game_name", ["cribbage", "cribist"])
def test_the_same_seed_plays_the_same_game(game_name: str) -> None:
    players = 2 if game_name == "cribbage" else 4
    bots = ["expert", *["greedy"] * (players - 1)]
    options = {"score_target": 31}
    first = simulate(
        game_name, players=players, bots=bots, games=2, seed=9, options=options, record=True
    )
    again = simulate(
        game_name, players=players, bots=bots, games=2, seed=9, options=options, record=True
    )
    assert json.dumps(first.records) == json.dumps(again.records)


def test_the_discard_does_not_depend_on_the_opponents_cards() -> None:
    """Two deals that give seat 0 the same six cards and the opponent different ones: the
    expert's view is the same, and so is its discard."""
    mine = "5H 5C JD 7S 8S KH"
    actions = []
    for theirs in ("AC 2C 3C 4C 6C 9C", "QD QH QS TD TH TS"):
        deck = stack_deck([parse_cards(mine), parse_cards(theirs)], 1, parse_cards("2D")[0])
        chance = ScriptedChance([(1,), [int(c) for c in deck]])
        game = Game(get_spec("cribbage"), 2, 0, {}, chance=chance)
        view = cribbage_view(game.view(0))
        assert sorted(view["hand"]) == sorted(mine.split())
        actions.append(ExpertBot(seed=1).act(view))
    assert actions[0] == actions[1]


def test_the_expert_claims_everything_and_calls_every_miss() -> None:
    """Its own count: every item. An opponent's (who claims nothing): Muggins on all."""
    game = new_game("cribbage", players=2, seed=4, counting="manual", score_target=500)
    rules = game.rules
    assert isinstance(rules, Table)
    expert = ExpertBot(seed=0, worlds=6)
    rng = random.Random(1)
    claims = calls = 0
    while claims < 4 or calls < 4:
        seat = game.to_act[0]
        view = game.view(seat)
        counting = rules.counting
        if seat == 0:
            action = expert.act(view)
            if counting is not None:
                truth = {item_key(i) for i in counting.items}
                named = {item_key(i) for i in parse_items(action.get("items", []))}
                if not counting.claimed:
                    assert named == truth
                    claims += 1
                else:
                    missed = {item_key(i) for i in counting.unclaimed()}
                    assert named == missed
                    assert action["type"] == ("muggins" if missed else "pass")
                    calls += 1
        elif counting is not None:
            action = {"type": "pass"} if counting.claimed else {"type": "claim", "items": []}
        else:
            legal = view["legal"]
            action = legal[rng.randrange(len(legal))]
        game.apply(seat, action)


def test_expert_beats_random_at_cribbage() -> None:
    result = simulate("cribbage", players=2, bots=["expert", "random"], games=40, seed=77)
    assert result.wins[0] >= 37


def test_expert_beats_random_at_cribist() -> None:
    result = simulate(
        "cribist", players=4, bots=["expert", "random", "random", "random"], games=6, seed=3
    )
    assert result.wins[0] >= 5


def test_every_level_is_a_bot() -> None:
    from pegboard.bots.levels import level_names

    for name in level_names():
        assert callable(make(name, seed=1).act)  # registered and constructible
