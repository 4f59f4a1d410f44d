"""What one seat (or a spectator) may see of a game, and redacted events.

A seat sees its own cards (never a team-mate's), everything played, revealed by Intel or shown,
the Tops, the dice, and the crib once it is revealed; :func:`secret_cards` is the rest.
"""

from __future__ import annotations

from typing import Any

from pegboard.cards import Card, card_names
from pegboard.core.events import hide_cards, hide_other_hands
from pegboard.core.rules import Event
from pegboard.games.not_enough.deal import team_of, team_seats
from pegboard.games.not_enough.powers import COLOURS
from pegboard.games.not_enough.state import NotEnoughState
from pegboard.games.not_enough.views import NotEnoughView

PRIVATE = ("discard", "draw")  # events whose cards only their seat may see


def view(game: NotEnoughState, seat: int | None) -> NotEnoughView:
    players = game.players
    own = seat is not None and 0 <= seat < players
    dealt = bool(game.colour_of_team)

    def mine(cards_by_seat: list[list[Any]]) -> list[str]:
        return card_names(cards_by_seat[seat]) if own and seat is not None else []

    return {
        "game": "not-enough",
        "players": players,
        "seat": seat,
        "team": team_of(seat) if own and seat is not None else None,
        "teams": game.sides(),
        "target": game.target,
        "phase": game.phase,
        "hand_number": game.hand_number,
        "dealer": game.dealer if game.dealer >= 0 else None,
        "captains": [game.captain(0), game.captain(1)] if game.dealer >= 0 else None,
        "colours": (
            {c: team_seats(game.colour_of_team.index(c), players) for c in COLOURS}
            if dealt
            else None
        ),
        "to_act": list(game.to_act),
        "turn": game.turn if game.turn >= 0 else None,
        "scores": list(game.scores),
        "team_scores": [game.scores[0], game.scores[1]],
        "hand": mine(game.hands),
        "kept": mine(game.kept),
        "discarded": mine(game.tossed),
        "magicked": mine(game.magicked),
        "hand_sizes": [len(h) for h in game.hands],
        "discarded_seats": [s for s in range(players) if game.tossed[s]],
        "crib_sizes": {c: len(game.piles[c]) for c in COLOURS},
        "deck_sizes": {c: game.deck_left(c) for c in game.decks} if game.tops else None,
        "tops": {c: str(t) for c, t in game.tops.items()} or None,
        "powers_used": {game.colour_of_team[t]: p for t, p in sorted(game.used.items())},
        "resolving": game.colour_of_team[game.resolving] if game.resolving >= 0 else None,
        "to_reveal": [game.to_reveal.get(s, 0) for s in range(players)],
        "revealed": [card_names(cards) for cards in game.revealed],
        "magic_share": [game.share.get(s, 0) for s in range(players)],
        "magic_seats": [s for s in range(players) if game.magicked[s]],
        "count": game.count,
        "count_cards": card_names(game.count_cards),
        "played": [{"seat": s, "card": str(c)} for s, c in game.plays],
        "passed": sorted(game.passed),
        "shown": [s.copy() for s in game.shown],
        "intel": game.intel.copy() if game.intel is not None else None,
        "battle": game.battle.copy() if game.battle is not None else None,
        "crib": {c: card_names(game.piles[c]) for c in COLOURS} if game.crib_shown else None,
        "crib_owners": {c: team_seats(t, players) for c, t in game.owners.items()} or None,
        "cradle": game.cradle.copy() if game.cradle is not None else None,
        "banned": game.banned,
        "ready": sorted(game.ready),
        "counting_mode": "manual" if game.manual else "auto",
        "counting": game.counting.to_json() if game.counting is not None else None,
        "powers": game.powers.to_json(),
        "outcome": game.outcome.to_json() if game.outcome is not None else None,
    }


def redact(event: Event, seat: int | None) -> Event:
    """Hide dealt, discarded and drawn cards from everyone but their owner (team-mates too)."""
    kind = event["type"]
    if kind == "deal":
        return hide_other_hands(event, seat)
    if kind in PRIVATE and event["seat"] != seat:
        return hide_cards(event)
    return dict(event)


def secret_cards(game: NotEnoughState, seat: int | None) -> set[Card]:
    """Other players' unplayed cards and Magic discards (team-mates' too), crib cards
    not one's own until the crib is revealed, and every card still in a deck; less any
    card an Intel revealed to everyone."""
    secret: set[Card] = set()
    for s in range(game.players):
        if s != seat:
            secret.update(game.hands[s], game.magicked[s])
    if not game.crib_shown:
        own = set(game.tossed[seat]) if seat is not None else set()
        secret.update(c for pile in game.piles.values() for c in pile if c not in own)
    for colour, deck in game.decks.items():
        secret.update(deck[1 + game.drawn[colour] :] if game.tops else deck)
    for deck in game.shuffled.values():
        secret.update(deck)
    return secret - {c for cards in game.revealed for c in cards}
