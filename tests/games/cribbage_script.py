"""A tiny vocabulary for scripting Cribbage deals in tests, so a test reads like a table.

``deck(["4C 5D ...", "5H 5C ..."], dealer=0, starter="3S")`` stacks a deck that deals those
hands (listed by seat); ``scripted(2, 0, deck(...))`` starts a game whose first dealer is seat 0
and whose hands come from the given decks, in order. Once the script runs out, further deals
come from a seeded source so that a test never trips over an unscripted shuffle.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from pegboard.cards import parse_card, parse_cards
from pegboard.core import Game, ScriptedChance, SeededChance, new_game
from pegboard.core.wire import Event as Event
from pegboard.games.cribbage import stack_deck

GO: dict[str, Any] = {"type": "go"}
READY: dict[str, Any] = {"type": "ready"}


def deck(
    hands: Sequence[str],
    *,
    dealer: int,
    starter: str,
    crib: str = "",
    active: Sequence[int] | None = None,
) -> list[int]:
    """Card ids of a deck order dealing ``hands`` (by seat; "" for a seat not in the deal)."""
    order = stack_deck(
        [parse_cards(h) for h in hands], dealer, parse_card(starter), parse_cards(crib), active
    )
    return [int(card) for card in order]


def scripted(players: int, first_dealer: int, *decks: Sequence[int], **options: object) -> Game:
    """A game whose first dealer is seat ``first_dealer`` and whose shuffles are ``decks``, the
    deal then passing to the left (``dealer="rotate"`` unless a test says otherwise: a script
    of decks alone has no draw for the dealer of each hand)."""
    chance = ScriptedChance([(first_dealer,), *decks], then=SeededChance("after the script"))
    options.setdefault("dealer", "rotate")
    return new_game("cribbage", players=players, seed=1, chance=chance, **options)


def hand(text: str) -> list[str]:
    """Card tokens in sorted order, to compare a hand whatever order it is listed in."""
    return sorted(text.split())


def discard(game: Game, by_seat: dict[int, str]) -> None:
    for seat, cards in by_seat.items():
        game.apply(seat, {"type": "discard", "cards": cards.split()})


def play(game: Game, moves: Iterable[tuple[int, str]]) -> None:
    """Apply ``(seat, "5H")`` plays and ``(seat, "go")`` passes in order."""
    for seat, move in moves:
        if move == "go":
            game.apply(seat, GO)
        else:
            game.apply(seat, {"type": "play", "card": move})


def ready_all(game: Game) -> None:
    for seat in game.to_act:
        game.apply(seat, READY)


def of_type(game: Game, kind: str) -> list[Event]:
    return [e for e in game.events if e["type"] == kind]


def since(game: Game, kind: str) -> list[Event]:
    """The events after the last event of type ``kind``."""
    last = max(i for i, e in enumerate(game.events) if e["type"] == kind)
    return game.events[last + 1 :]


def pegs(events: Iterable[Event]) -> list[tuple[int, int, list[str]]]:
    """Score events as ``(seat, points, kinds of items)``."""
    return [
        (e["seat"], e["points"], [item["kind"] for item in e["items"]])
        for e in events
        if e["type"] == "score"
    ]


def scores(game: Game) -> list[int]:
    return list(game.view(None)["scores"])


def trail(events: Iterable[Event]) -> list[tuple[Any, ...]]:
    """The play in short: ``("play", seat, card, count)``, ``("go", seat)``, ``("reset",)``,
    ``("score", seat, points)``."""
    out: list[tuple[Any, ...]] = []
    for e in events:
        if e["type"] == "play":
            out.append(("play", e["seat"], e["card"], e["count"]))
        elif e["type"] == "go":
            out.append(("go", e["seat"]))
        elif e["type"] == "reset":
            out.append(("reset",))
        elif e["type"] == "score":
            out.append(("score", e["seat"], e["points"]))
    return out


def snapshot(game: Game) -> str:
    """Everything the game would record, plus whose turn it is, as one comparable string."""
    return json.dumps(
        {"record": game.record(), "to_act": list(game.to_act)}, sort_keys=True, default=str
    )


def strings_in(data: object) -> set[str]:
    """Every string value (not key) anywhere inside a JSON-like value."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(strings_in(v) for v in data.values())) if data else set()
    if isinstance(data, list | tuple):
        return set().union(*(strings_in(v) for v in data)) if data else set()
    return set()
