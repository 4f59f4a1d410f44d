"""The search opponent (``ismcts``): legal, whole games; the same seed, the same game; a
winning card found; only 2-player Cribbage."""

from __future__ import annotations

import json

import pytest

from pegboard.arena import simulate
from pegboard.bots import make, registry
from pegboard.bots.cribbage.ismcts import IsmctsBot
from pegboard.cards import parse_card, parse_cards
from pegboard.core.chance import ScriptedChance
from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.errors import OptionError
from pegboard.games.cribbage import stack_deck


@pytest.fixture(autouse=True)
def ismcts_for_these_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    """A measuring tool, not one of the tables' bots: named for these tests only."""
    monkeypatch.setitem(registry._FACTORIES, "ismcts", IsmctsBot)


def test_it_plays_whole_games_the_same_for_a_seed() -> None:
    runs = [
        simulate(
            "cribbage",
            players=2,
            bots=["ismcts", "greedy"],
            games=1,
            seed=21,
            options={"score_target": 61},
            record=True,
        )
        for _ in range(2)
    ]
    assert runs[0].records and json.dumps(runs[0].records) == json.dumps(runs[1].records)


def test_it_finds_the_card_that_pegs_out() -> None:
    """To 2 points, the dealer (the bot) answers the pone's 5 with its ten for fifteen two
    and the game; no other card scores."""
    dealer_hand, pone_hand = "TD 2C 3H 4S KC KS", "5H 6C 8D 9S QC QH"
    deck = stack_deck([parse_cards(dealer_hand), parse_cards(pone_hand)], 0, parse_card("7C"))
    chance = ScriptedChance([(0,), [int(c) for c in deck]])
    game = Game(get_spec("cribbage"), 2, 0, {"score_target": 2}, chance=chance)
    game.apply(0, {"type": "discard", "cards": ["KC", "KS"]})
    game.apply(1, {"type": "discard", "cards": ["QC", "QH"]})
    game.apply(1, {"type": "play", "card": "5H"})
    view = game.view(0)
    assert {a["card"] for a in view["legal"]} == {"TD", "2C", "3H", "4S"}
    assert IsmctsBot(seed=1, simulations=200).act(view) == {"type": "play", "card": "TD"}


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("cribbage", 3, {}), ("cribbage", 4, {"teams": True}), ("cribist", 4, {})],
)
def test_it_plays_two_player_cribbage_only(
    game: str, players: int, options: dict[str, object]
) -> None:
    view = Game(get_spec(game), players, 1, options).view(0)
    with pytest.raises(OptionError, match="2-player Cribbage"):
        make("ismcts", seed=1).act(view)
