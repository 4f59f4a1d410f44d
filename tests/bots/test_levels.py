"""Difficulty levels: ``easy`` slips in manual counting, ``medium`` is ``hoyle``."""

from __future__ import annotations

import random

import pytest

from pegboard.bots import make
from pegboard.bots.base import plays
from pegboard.bots.expert import ExpertBot
from pegboard.bots.game_bot import GameBot
from pegboard.bots.levels import LEVELS, level_names
from pegboard.core import new_game
from pegboard.errors import OptionError
from pegboard.games.cribbage import Table
from pegboard.games.cribbage.views import cribbage_view
from toygame import registered_pile


def test_the_levels_people_pick() -> None:
    assert level_names() == ["easy", "medium", "expert", "master"]
    assert all(level.description for level in LEVELS)


def test_easy_overlooks_some_of_its_own_points() -> None:
    game = new_game("cribbage", players=2, seed=6, counting="manual", score_target=300)
    easy = make("easy", seed=2)
    greedy = make("greedy", seed=2)
    rng = random.Random(0)
    claimed = full = 0
    rules = game.rules
    assert isinstance(rules, Table)
    while game.outcome is None and rules.hand_number < 12:
        seat = game.to_act[0]
        view = cribbage_view(game.view(seat))
        counting = view["counting"]
        if seat == 0:
            action = easy.act(view)
            if counting is not None and not counting["claimed"]:
                claimed += len(action["items"])
                full += len(greedy.act(view)["items"])
        elif counting is not None:
            action = {"type": "pass"} if counting["claimed"] else {"type": "claim", "items": []}
        else:
            legal = view["legal"]
            action = legal[rng.randrange(len(legal))]
        game.apply(seat, action)
    assert 0 < claimed < full


def test_medium_plays_like_hoyle_at_cribbage() -> None:
    game = new_game("cribbage", players=2, seed=3)
    view = game.view(game.to_act[0])
    assert make("medium", seed=1).act(view) == make("hoyle", seed=1).act(view)


def test_easy_blunders_in_the_play_now_and_then() -> None:
    """In the Cribbage play ``easy`` mostly plays greedy's card, and sometimes any card."""
    game = new_game("cribbage", players=2, seed=5, score_target=1000)
    easy = make("easy", seed=3)
    rules = game.rules
    assert isinstance(rules, Table)
    same = different = 0
    while rules.hand_number < 15:
        seat = game.to_act[0]
        view = game.view(seat)
        greedy_action = make("greedy", seed=3).act(view)
        action = easy.act(view) if seat == 0 else greedy_action
        if seat == 0 and view["phase"] == "play" and len({a["card"] for a in view["legal"]}) > 1:
            if action == greedy_action:
                same += 1
            else:
                different += 1
        game.apply(seat, action)
    assert same > different > 0


def test_a_bot_by_another_name_plays_as_the_games_bot_of_its_kind() -> None:
    """A benchmark's variant of the expert (its own name) still plays each game's expert."""

    class Variant(ExpertBot):
        name = "expert-variant"

    game = new_game("cribbage", players=2, seed=5)
    bot = Variant(3, budget=None)
    seat = game.to_act[0]
    action = bot.act(game.view(seat))
    assert action in game.legal_actions(seat)
    assert bot.plays("cribist", 4) and bot.plays("not-enough", 2)


def test_a_game_without_that_bot_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    with registered_pile(monkeypatch):
        assert plays(make("hoyle", seed=1), "pile", 2)
        ismcts_like = GameBot(1)
        ismcts_like.kind = "ismcts"
        assert not ismcts_like.plays("pile", 2)
        with pytest.raises(OptionError, match="the ismcts bot does not play Pile"):
            ismcts_like.for_game("pile")
