"""A small vocabulary for scripting Cribbage is not Enough in tests, so a test reads like a table.

``start(["2C 3S ...", "2H 4D ..."], tops={"grey": "5C", "blue": "7H"})`` deals those hands (by
seat; seat 0 deals and its team takes grey unless told otherwise) from stacked team decks and
turns up those Tops. ``below`` names the cards under each Top (Magic draws, the cradle's added
card), ``rolls`` the dice of the battle in rolling order. Power values are never written into a
test: :func:`value` and :func:`court` read them from the packaged table.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import resources
from typing import Any

import pytest

from pegboard.cards import card_names, parse_card, parse_cards
from pegboard.core import Game, ScriptedChance, SeededChance, new_game
from pegboard.core.wire import Event
from pegboard.games.not_enough import NotEnoughRules, PowerTable, default_powers, stack_decks
from pegboard.games.not_enough.powers import BLUE, COURT, GREY, parse_powers

POWERS = default_powers()
GO: dict[str, Any] = {"type": "go"}
READY: dict[str, Any] = {"type": "ready"}


def table_data() -> dict[str, Any]:
    """The packaged powers file as JSON, to derive variant tables from."""
    text = resources.files("pegboard").joinpath("data/civil_four_powers.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def value(card: str, power: str) -> int:
    """A card's value for ``power`` in the packaged table (0 for a card without powers)."""
    return POWERS.value(parse_card(card), power)


def total(cards: str, power: str) -> int:
    return sum(value(c, power) for c in cards.split())


def court(colour: str, test: Callable[[str], bool], avoid: str = "") -> str:
    """The first court card of ``colour`` (by rank J, Q, K, A, then suit) passing ``test``;
    the test is skipped if the table has none (a replaced table may not)."""
    avoided = set(avoid.split())
    for rank in COURT.values():
        for suit in "CDHS":
            card = rank + suit
            if card not in avoided and POWERS.colour_of(parse_card(card)) == colour and test(card):
                return card
    pytest.skip(f"the powers table has no {colour} court card for this test")


def stack(
    hands: Sequence[str],
    *,
    dealer: int,
    colour: str,
    tops: Mapping[str, str],
    below: Mapping[str, str] | None = None,
) -> tuple[list[int], list[int]]:
    """The grey and blue deck orders (card ids) for this deal."""
    decks = stack_decks(
        [parse_cards(h) for h in hands],
        dealer,
        colour,
        {c: parse_card(t) for c, t in tops.items()},
        {c: parse_cards(b) for c, b in (below or {}).items()},
    )
    return [int(c) for c in decks[GREY]], [int(c) for c in decks[BLUE]]


def start(
    hands: Sequence[str],
    *,
    tops: Mapping[str, str],
    dealer: int = 0,
    colour: str = GREY,
    below: Mapping[str, str] | None = None,
    rolls: Sequence[Sequence[int]] = (),
    **options: object,
) -> Game:
    """A game dealt from stacked decks, waiting for the discards."""
    grey, blue = stack(hands, dealer=dealer, colour=colour, tops=tops, below=below)
    chance = ScriptedChance([(dealer,), grey, blue, *rolls], then=SeededChance("after the script"))
    game = new_game("not-enough", players=len(hands), seed=1, chance=chance, **options)
    game.apply(dealer, {"type": "colour", "colour": colour})
    return game


def rules_of(game: Game) -> NotEnoughRules:
    assert isinstance(game.rules, NotEnoughRules)
    return game.rules


def phase(game: Game) -> str:
    return rules_of(game).phase


def acting(game: Game) -> tuple[int, ...]:
    """The seats to act (a function, so that one test can compare it several times)."""
    return game.to_act


def discard(game: Game, by_seat: Mapping[int, str]) -> None:
    for seat, cards in by_seat.items():
        game.apply(seat, {"type": "discard", "cards": cards.split()})


def act(game: Game, seat: int, action: Mapping[str, Any]) -> None:
    game.apply(seat, dict(action))


def play_out(game: Game) -> None:
    """Finish the 31 count, each player playing their first playable card."""
    while game.outcome is None and phase(game) == "play":
        seat = game.to_act[0]
        game.apply(seat, game.legal_actions(seat)[0])


def names(cards: str) -> list[str]:
    """``"2H 3H"`` as a list of card tokens, as actions and events carry them."""
    return cards.split()


def in_order(cards: str) -> list[str]:
    """Cards as the game lists them: by rank, then suit."""
    return card_names(sorted(parse_cards(cards)))


def of_type(game: Game, kind: str) -> list[Event]:
    return [e for e in game.events if e["type"] == kind]


def pegs(events: Iterable[Event]) -> list[tuple[int, int, list[str]]]:
    """Score events as ``(seat, points, kinds of items)``."""
    return [
        (e["seat"], e["points"], [item["kind"] for item in e["items"]])
        for e in events
        if e["type"] == "score"
    ]


def after(game: Game, kind: str) -> list[Event]:
    """The events after the first event of type ``kind``."""
    first = next(i for i, e in enumerate(game.events) if e["type"] == kind)
    return game.events[first + 1 :]


def until(game: Game, kind: str) -> list[Event]:
    """The events before the first event of type ``kind``."""
    first = next(i for i, e in enumerate(game.events) if e["type"] == kind)
    return game.events[:first]


def scores(game: Game) -> list[int]:
    return list(game.view(None)["scores"])


def dice_summing(dice: int, total: int) -> list[int]:
    """``dice`` die values adding up to ``total``."""
    if not dice <= total <= 6 * dice:
        raise ValueError(f"{dice} dice cannot make {total}")
    values = [1] * dice
    left = total - dice
    for i in range(dice):
        step = min(5, left)
        values[i] += step
        left -= step
    return values


def strings_in(data: object) -> set[str]:
    """Every string value (not key) anywhere inside a JSON-like value."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(strings_in(v) for v in data.values())) if data else set()
    if isinstance(data, list | tuple):
        return set().union(*(strings_in(v) for v in data)) if data else set()
    return set()


def table_with(card: str, power: str, new_value: int) -> PowerTable:
    """The packaged table with one court card's role changed: ``card``'s rank of its suit's
    role gets ``new_value`` for ``power`` (the other suit of that role changes with it)."""
    data = table_data()
    role = data["roles"][card[-1]]
    data["powers"][role][card[0]][power] = new_value
    return parse_powers(data, "test table")
