"""What each seat may see (CONTRACT.md ``Game.view``): its own hand, never another's; a spectator
sees no hand; ``legal`` in a view is exactly ``legal_actions``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from cribbage_deals import TWO, TWO_DISCARDS, TWO_PLAY
from cribbage_script import discard, hand, play, scripted, strings_in

from pegboard.cards import DECK
from pegboard.core import new_game
from pegboard.games.cribbage.views import cribbage_view

ALL_CARDS = {str(card) for card in DECK}


def test_a_seat_sees_its_own_hand_only() -> None:
    game = scripted(2, 0, TWO)
    mine = cribbage_view(game.view(0))
    assert sorted(mine["hand"]) == hand("5H 5C TD JS 2H 8D")
    assert mine["seat"] == 0
    theirs = set(hand("4C 5D 6H 7S KD QC"))
    assert not theirs & strings_in(mine)
    assert mine["hand_sizes"] == [6, 6]


def test_a_spectator_sees_no_hand() -> None:
    game = scripted(2, 0, TWO)
    discard(game, TWO_DISCARDS)
    view = cribbage_view(game.view(None))
    assert view["hand"] == [] and view["kept"] == [] and view["discarded"] == []
    assert view["legal"] == []
    assert view["crib"] is None
    # Only the starter is face up.
    assert strings_in(view) & ALL_CARDS == {"3S"}


def test_discards_are_seen_by_their_owner_only() -> None:
    game = scripted(2, 0, TWO)
    game.apply(0, {"type": "discard", "cards": ["2H", "8D"]})
    assert sorted(cribbage_view(game.view(0))["discarded"]) == ["2H", "8D"]
    assert not {"2H", "8D"} & strings_in(cribbage_view(game.view(1)))
    assert cribbage_view(game.view(1))["discarded_seats"] == [0]


def test_played_cards_are_public() -> None:
    game = scripted(2, 0, TWO)
    discard(game, TWO_DISCARDS)
    play(game, TWO_PLAY[0][:2])
    for seat in (0, 1, None):
        view = cribbage_view(game.view(seat))
        assert view["played"] == [{"seat": 1, "card": "4C"}, {"seat": 0, "card": "5H"}]
        assert view["count"] == 9
    assert "5H" not in cribbage_view(game.view(0))["hand"]


def test_the_crib_is_seen_once_it_is_shown() -> None:
    game = scripted(2, 0, TWO)
    discard(game, TWO_DISCARDS)
    for count in TWO_PLAY:
        play(game, count)
    assert sorted(cribbage_view(game.view(None))["crib"] or []) == hand("2H 8D KD QC")


def test_deal_events_are_redacted_for_the_other_seats() -> None:
    game = scripted(2, 0, TWO)
    (dealt,) = game.events_for(1)
    assert dealt["hands"][0] is None
    assert sorted(dealt["hands"][1]) == hand("4C 5D 6H 7S KD QC")
    assert dealt["hand_sizes"] == [6, 6]
    (seen,) = game.events_for(None)
    assert seen["hands"] == [None, None]


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {}), (4, {}), (4, {"teams": True}), (3, {"pre_show": True})],
)
def test_no_view_ever_shows_a_secret_card(players: int, options: dict[str, Any]) -> None:
    game = new_game("cribbage", players=players, seed=21, score_target=61, **options)
    while game.outcome is None:
        for seat in [None, *range(players)]:
            view = cribbage_view(game.view(seat))
            secret = {str(card) for card in game.rules.secret_cards(seat)}
            leaked = secret & strings_in(view)
            assert not leaked, f"seat {seat} sees {sorted(leaked)} in phase {view['phase']}"
            if seat is not None:
                assert view["legal"] == game.legal_actions(seat)
                dealt = [e for e in game.events_for(seat) if e["type"] == "deal"][-1]
                assert not secret & strings_in(dealt)
                others = [h for i, h in enumerate(dealt["hands"]) if i != seat]
                assert others == [None] * (players - 1) and dealt["crib"] is None
        game.timeout()


def test_legal_in_the_view_is_legal_actions_at_every_step() -> None:
    game = new_game("cribbage", players=3, seed=8, score_target=31)
    while game.outcome is None:
        for seat in range(3):
            assert cribbage_view(game.view(seat))["legal"] == game.legal_actions(seat)
            if seat not in game.to_act:
                assert game.legal_actions(seat) == []
        game.timeout()
    for seat in range(3):
        assert cribbage_view(game.view(seat))["legal"] == []


def test_views_and_records_are_json_ready() -> None:
    game = new_game("cribbage", players=3, seed=3, score_target=31)
    while game.outcome is None:
        for seat in (None, 0, 1, 2):
            view = cribbage_view(game.view(seat))
            assert json.loads(json.dumps(view)) == view
        game.timeout()
    record = game.record()
    assert json.loads(json.dumps(record)) == record
    assert record["format"] == "pegboard-record/1"
    end = {k: v for k, v in game.events[-1].items() if k != "type"}
    assert record["outcome"] == end
