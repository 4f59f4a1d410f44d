"""Bad input is refused and leaves the game exactly as it was (CONTRACT.md "Games"): out of
turn, illegal cards, malformed actions, forged seats and actions after the end."""

from __future__ import annotations

from typing import Any

import pytest
from cribbage_deals import TWO, TWO_DISCARDS, TWO_PLAY
from cribbage_script import GO, READY, discard, play, scripted, snapshot

from pegboard.core import Game
from pegboard.errors import CardError, GameOver, IllegalAction, NotYourTurn


def in_discard() -> Game:
    return scripted(2, 0, TWO)


def in_play() -> Game:
    """Seat 1 to play at count 20, holding 5D and 7S."""
    game = scripted(2, 0, TWO)
    discard(game, TWO_DISCARDS)
    play(game, TWO_PLAY[0][:4])
    return game


def over() -> Game:
    game = scripted(2, 0, TWO, score_target=5)
    discard(game, TWO_DISCARDS)
    play(game, TWO_PLAY[0][:3])
    assert game.outcome is not None
    return game


def refused(game: Game, error: type[Exception], seat: Any, action: Any) -> str:
    """Apply a bad action; check it raises ``error`` and changes nothing; return the message."""
    before = snapshot(game)
    with pytest.raises(error) as raised:
        game.apply(seat, action)
    assert snapshot(game) == before
    return str(raised.value)


def test_out_of_turn() -> None:
    game = in_play()
    message = refused(game, NotYourTurn, 0, {"type": "play", "card": "TD"})
    assert "1" in message  # says whose turn it is


def test_discarding_twice_is_out_of_turn() -> None:
    game = in_discard()
    game.apply(0, {"type": "discard", "cards": ["2H", "8D"]})
    refused(game, NotYourTurn, 0, {"type": "discard", "cards": ["5H", "5C"]})


@pytest.mark.parametrize(
    ("action", "why"),
    [
        ({"type": "play", "card": "4C"}, "already played"),
        ({"type": "play", "card": "KD"}, "in the crib"),
        ({"type": "play", "card": "AS"}, "never dealt to this seat"),
        ({"type": "play", "card": "TD"}, "the dealer's card"),
        (GO, "a go while a card can be played"),
        (READY, "no pause now"),
        ({"type": "discard", "cards": ["5D", "7S"]}, "not the discard"),
    ],
)
def test_illegal_moves_in_the_play(action: dict[str, Any], why: str) -> None:
    message = refused(in_play(), IllegalAction, 1, action)
    assert "allowed" in message, why


def test_a_card_that_would_pass_31_is_refused() -> None:
    game = scripted(2, 0, TWO, skip_pass=False)
    discard(game, TWO_DISCARDS)
    play(game, TWO_PLAY[0])  # 27
    assert game.to_act == (0,)
    refused(game, IllegalAction, 0, {"type": "play", "card": "TD"})  # would make 37
    refused(game, IllegalAction, 0, {"type": "play", "card": "JS"})
    game.apply(0, GO)
    refused(game, IllegalAction, 1, {"type": "play", "card": "5D"})  # would make 32


@pytest.mark.parametrize(
    "cards",
    [
        ["2H"],  # one card: two players discard two
        ["2H", "8D", "5H"],
        ["2H", "2H"],
        ["2H", "KD"],  # KD is the other seat's card
        [],
    ],
)
def test_wrong_discards(cards: list[str]) -> None:
    refused(in_discard(), IllegalAction, 0, {"type": "discard", "cards": cards})


@pytest.mark.parametrize(
    "action",
    [
        {"type": "play", "card": "5X"},
        {"type": "play", "card": "11D"},
        {"type": "play", "card": ""},
        {"type": "play", "card": 5},
        {"type": "play", "card": None},
        {"type": "play"},
        {"type": "play", "card": ["5D"]},
    ],
)
def test_malformed_cards(action: dict[str, Any]) -> None:
    game = in_play()
    before = snapshot(game)
    with pytest.raises((IllegalAction, CardError)):
        game.apply(1, action)
    assert snapshot(game) == before


def test_a_malformed_card_names_the_token() -> None:
    message = refused(in_play(), IllegalAction, 1, {"type": "play", "card": "5X"})
    assert "5X" in message


@pytest.mark.parametrize(
    "action",
    [
        {"type": "discard", "cards": ["2H", "8Z"]},
        {"type": "discard", "cards": "2H 8D"},
        {"type": "discard", "cards": [2, 8]},
        {"type": "discard"},
    ],
)
def test_malformed_discards(action: dict[str, Any]) -> None:
    game = in_discard()
    before = snapshot(game)
    with pytest.raises((IllegalAction, CardError)):
        game.apply(0, action)
    assert snapshot(game) == before


@pytest.mark.parametrize(
    "action", [{"type": "fold"}, {}, {"card": "5D"}, "go", None, ["play", "5D"], 42]
)
def test_malformed_actions(action: Any) -> None:
    refused(in_play(), IllegalAction, 1, action)


@pytest.mark.parametrize("seat", [5, 2, -1, "0", "1", True, False, None, 1.0])
def test_forged_seats(seat: Any) -> None:
    game = in_play()
    refused(game, IllegalAction, seat, {"type": "play", "card": "5D"})
    with pytest.raises(IllegalAction):
        game.legal_actions(seat)
    if seat is not None:  # view(None) is a spectator's view
        with pytest.raises(IllegalAction):
            game.view(seat)
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.leave(seat)
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("seat", "action"),
    [
        (0, {"type": "play", "card": "5C"}),
        (1, {"type": "play", "card": "5D"}),
        (1, GO),
        (0, READY),
        (0, {"type": "leave"}),
        (7, GO),
    ],
)
def test_actions_after_the_end(seat: int, action: dict[str, Any]) -> None:
    refused(over(), GameOver, seat, action)


def test_leave_and_timeout_after_the_end() -> None:
    game = over()
    before = snapshot(game)
    with pytest.raises(GameOver):
        game.leave(0)
    assert game.timeout() == []
    assert snapshot(game) == before


def test_all_refusals_are_value_errors() -> None:
    for error in (IllegalAction, NotYourTurn, GameOver, CardError):
        assert issubclass(error, ValueError)


def test_a_refused_action_does_not_block_a_good_one() -> None:
    game = in_play()
    refused(game, IllegalAction, 1, {"type": "play", "card": "AS"})
    before = len(game.events)
    game.apply(1, {"type": "play", "card": "7S"})
    assert game.events[before]["type"] == "play"
    assert game.events[before + 1] == {
        "type": "score",
        "seat": 1,
        "points": 3,
        "items": [{"kind": "run", "points": 3, "cards": ["6H", "5C", "7S"]}],
        "scores": [0, 8],
    }


def test_cards_may_be_written_in_any_accepted_form() -> None:
    game = in_discard()
    game.apply(0, {"type": "discard", "cards": ["8d", "2♥"]})  # any order, case or symbol
    game.apply(1, {"type": "discard", "cards": ["QC", "KD"]})
    assert [e["cards"] for e in game.events if e["type"] == "discard"] == [
        ["2H", "8D"],
        ["QC", "KD"],
    ]
    game.apply(1, {"type": "play", "card": "4c"})
    game.apply(0, {"type": "play", "card": "10D"})
    assert [e["card"] for e in game.events if e["type"] == "play"] == ["4C", "TD"]
