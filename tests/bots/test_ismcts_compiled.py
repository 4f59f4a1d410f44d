"""The compiled ``ismcts`` (``bots/cribbage/_ismcts.pyx``) grows exactly the play's tree
``IsmctsBot._play_python`` grows: the same worlds from the same generator, the same choices
down the tree, the same rollouts and values, so the same visits at the root and the generator
left where Python leaves it; its discard visits the fifteen discards as
``IsmctsBot._discard_python`` does; and whole games of the measuring opponent are the same
move for move with the C and without it."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pegboard.arena import play_one
from pegboard.bots import make, registry
from pegboard.bots.base import known
from pegboard.bots.cribbage import ismcts
from pegboard.bots.cribbage.ismcts import EXPLORE, IsmctsBot
from pegboard.bots.search.play_search import PlaySearch, candidates
from pegboard.bots.search.race import GAME, race_tables
from pegboard.bots.search.worlds import unseen_cards
from pegboard.cards import parse_cards
from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.games.cribbage.views import CribbageBotView, cribbage_view

core: Any = pytest.importorskip("pegboard.bots.cribbage._ismcts")

TABLES: list[dict[str, object]] = [{}, {"score_target": 61}, {"score_target": 31}]


def play_decisions(seed: int) -> list[CribbageBotView]:
    """Every view of a seat choosing between two or more cards in the play, in a seeded
    2-player game of greedy and random players (so some plays pass up points)."""
    rng = random.Random(seed)
    game = Game(get_spec("cribbage"), 2, seed, rng.choice(TABLES))
    bots = [make(rng.choice(("greedy", "random")), seed=seed + s) for s in range(2)]
    found: list[CribbageBotView] = []
    while game.outcome is None:
        seat = game.to_act[0]
        view = cribbage_view(game.view(seat))
        if view["phase"] == "play" and view["turn"] == seat and len(candidates(view)) > 1:
            found.append(view)
        game.apply(seat, bots[seat].act(view))
    return found


@pytest.mark.parametrize("seed", range(8))
def test_the_tree_is_the_pythons_in_every_decision_of_a_game(seed: int) -> None:
    decisions = play_decisions(seed)
    assert len(decisions) >= 5
    for k, view in enumerate(decisions):
        search = PlaySearch(view, model=False)
        bot = IsmctsBot(seed=seed * 100 + k, simulations=120 + 40 * (k % 4))
        python_rng, c_rng = random.Random(seed * 7 + k), random.Random(seed * 7 + k)
        bot.rng = python_rng
        expected = bot._play_python(search)
        got = core.root_visits(
            search, c_rng, bot.simulations, EXPLORE, *race_tables(GAME, "rotate")
        )
        assert got == expected
        assert sum(v for _, v in got) == bot.simulations
        assert c_rng.getstate() == python_rng.getstate()


def discard_decisions(seed: int) -> list[CribbageBotView]:
    """Every discard of a seeded 2-player game of greedy players, the scores as they came."""
    game = Game(get_spec("cribbage"), 2, seed, TABLES[seed % len(TABLES)])
    bots = [make("greedy", seed=seed + s) for s in range(2)]
    found: list[CribbageBotView] = []
    while game.outcome is None:
        seat = game.to_act[0]
        view = cribbage_view(game.view(seat))
        if view["phase"] == "discard" and len(view["hand"]) == 6:
            found.append(view)
        game.apply(seat, bots[seat].act(view))
    return found


@pytest.mark.parametrize("seed", range(4))
def test_the_discards_visits_are_the_pythons(seed: int) -> None:
    for k, view in enumerate(discard_decisions(seed)[:6]):
        hand = [int(c) for c in parse_cards(view["hand"])]
        me, dealer = known(view["seat"], "seat"), known(view["dealer"], "dealer")
        target = int(view["target"])
        scores = [int(s) for s in view["scores"]]
        bot = IsmctsBot(simulations=60 + 50 * (k % 3))
        python_rng, c_rng = random.Random(seed * 11 + k), random.Random(seed * 11 + k)
        bot.rng = python_rng
        unseen = unseen_cards(view)
        expected = bot._discard_python(hand, me, dealer, scores, target, unseen)
        got = core.discard_visits(
            hand,
            me,
            dealer,
            scores,
            target,
            unseen,
            c_rng,
            bot.simulations,
            EXPLORE,
            *race_tables(GAME, "rotate"),
        )
        assert got == expected
        assert sum(got) == bot.simulations
        assert c_rng.getstate() == python_rng.getstate()


def test_whole_games_are_the_same_with_the_c_and_without(monkeypatch: pytest.MonkeyPatch) -> None:
    """The measuring games (expert against ismcts at its thousand simulations) move for
    move, in both seatings."""
    monkeypatch.setitem(registry._FACTORIES, "ismcts", IsmctsBot)
    options = {"score_target": 61}
    lineups = (("expert", "ismcts"), ("ismcts", "expert"))

    def events() -> str:
        return json.dumps(
            [play_one("cribbage", 2, lineup, 7300000, options).events for lineup in lineups]
        )

    compiled = events()
    monkeypatch.setattr(ismcts, "_ismcts", None)
    assert events() == compiled
