"""What one seat (or a spectator) may see of a Cribbage game, and redacted events.

The rules call these; :class:`Table` names everything of a game the view may read, so this
module needs nothing from the rules (one direction of import: rules -> seat_view).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from pegboard.cards import Card, card_names
from pegboard.core.claims import CountingRound
from pegboard.core.events import hide_cards, hide_other_hands
from pegboard.core.outcome import Outcome
from pegboard.core.rules import Event
from pegboard.games.cribbage.views import CribbageShown, CribbageView


@runtime_checkable
class Table(Protocol):
    """A Cribbage game as its view reads it: the Python rules
    (:class:`~pegboard.games.cribbage.CribbageRules`) or the compiled extension's
    (:class:`~pegboard.games.cribbage.fast.FastCribbageRules`). Read only; ``isinstance``
    tells a Cribbage game's rules from another game's."""

    @property
    def players(self) -> int: ...
    @property
    def teams(self) -> bool: ...
    @property
    def target(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def dealer_rule(self) -> str: ...
    @property
    def active(self) -> list[int]: ...
    @property
    def turn(self) -> int: ...
    @property
    def scores(self) -> list[int]: ...
    @property
    def hands(self) -> list[list[Card]]: ...
    @property
    def kept(self) -> list[list[Card]]: ...
    @property
    def tossed(self) -> list[list[Card]]: ...
    @property
    def crib(self) -> list[Card]: ...
    @property
    def rest(self) -> list[Card]: ...
    @property
    def starter(self) -> Card | None: ...
    @property
    def count(self) -> int: ...
    @property
    def last_player(self) -> int: ...
    @property
    def count_cards(self) -> list[Card]: ...
    @property
    def plays(self) -> list[tuple[int, Card]]: ...
    @property
    def passed(self) -> set[int]: ...
    @property
    def shown(self) -> list[CribbageShown]: ...
    @property
    def ready(self) -> set[int]: ...
    @property
    def manual(self) -> bool: ...
    @property
    def counting(self) -> CountingRound | None: ...
    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def to_act(self) -> tuple[int, ...]: ...


def view(game: Table, seat: int | None) -> CribbageView:
    """The table as ``seat`` sees it: its own cards, everything played or shown, no more."""
    mine = seat is not None and seat in game.active
    crib_shown = bool(game.shown) and game.shown[-1]["crib"]
    data: CribbageView = {
        "game": "cribbage",
        "players": game.players,
        "seat": seat,
        "teams": game.teams,
        "target": game.target,
        "phase": game.phase,
        "hand_number": game.hand_number,
        "dealer": game.dealer if game.dealer >= 0 else None,
        "dealer_rule": game.dealer_rule,
        "active": list(game.active),
        "to_act": list(game.to_act),
        "turn": game.turn if game.turn >= 0 else None,
        "scores": list(game.scores),
        "hand": card_names(game.hands[seat]) if mine and seat is not None else [],
        "hand_sizes": [len(h) for h in game.hands],
        "kept": card_names(game.kept[seat]) if mine and seat is not None else [],
        "discarded": card_names(game.tossed[seat]) if mine and seat is not None else [],
        "discarded_seats": [s for s in game.active if game.tossed[s]],
        "crib_size": len(game.crib),
        "crib": card_names(game.crib) if crib_shown else None,
        "starter": str(game.starter) if game.starter is not None else None,
        "count": game.count,
        "count_cards": card_names(game.count_cards),
        "played": [{"seat": s, "card": str(c)} for s, c in game.plays],
        "passed": sorted(game.passed),
        "shown": [s.copy() for s in game.shown],
        "ready": sorted(game.ready),
        "counting_mode": "manual" if game.manual else "auto",
        "counting": game.counting.to_json() if game.counting is not None else None,
        "outcome": game.outcome.to_json() if game.outcome is not None else None,
    }
    return data


def redact(event: Event, seat: int | None) -> Event:
    """Hide the cards of a deal or a discard from everyone but their owner."""
    kind = event["type"]
    if kind == "deal":
        return {**hide_other_hands(event, seat), "crib": None, "crib_size": len(event["crib"])}
    if kind == "discard" and event["seat"] != seat:
        return hide_cards(event)
    return dict(event)


def secret_cards(game: Table, seat: int | None) -> set[Card]:
    """Cards whose place ``seat`` must not be able to learn now (for leak tests): the other
    hands, the crib until it is shown (less the seat's own discards), the undealt deck."""
    secret: set[Card] = set()
    for s in game.active:
        if s != seat:
            secret.update(game.hands[s])
    if not game.shown or not game.shown[-1]["crib"]:
        own = set(game.tossed[seat]) if seat is not None else set()
        secret.update(c for c in game.crib if c not in own)
    secret.update(game.rest[1:] if game.starter is not None else game.rest)
    return secret
