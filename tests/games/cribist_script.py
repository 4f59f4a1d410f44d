"""A small vocabulary for scripting Cribist hands in tests, so a test reads like the table.

A hand is written as the tricks it will be played in: ``(leader, "4C 5D 5H 6S")`` lists the
cards in the order they are played, starting with ``leader``. :func:`deck` turns those tricks
into a deck that deals them (a trick list may stop early: the other cards are dealt so that
nobody who showed out of a suit is given a card of it). :func:`scripted` starts a game whose
first dealer and first shuffles are given; later shuffles come from a seeded source.

Claims and Muggins items are written ``"run 4C 5D 6S"`` (kind first, then the cards).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from pegboard.cards import DECK, SUIT_OF, Card, parse_card, parse_cards
from pegboard.core import Game, ScriptedChance, SeededChance, new_game
from pegboard.core.wire import Event
from pegboard.games.cribist import stack_deck

Trick = tuple[int, str]

PASS: dict[str, Any] = {"type": "pass"}


def hands_for(tricks: Sequence[Trick], *, dealer: int) -> list[list[Card]]:
    """Each seat's 13 cards for a hand whose first tricks are ``tricks``.

    Checks the script against the rules it relies on: the dealer's left leads first, every
    seat plays once per trick, and a seat that did not follow suit holds no card of the suit
    led from then on (so the engine will accept the play)."""
    hands: list[list[Card]] = [[] for _ in range(4)]
    void: list[set[int]] = [set() for _ in range(4)]
    if tricks and tricks[0][0] != (dealer + 1) % 4:
        raise ValueError("the player on the dealer's left leads the first trick")
    for number, (leader, text) in enumerate(tricks, start=1):
        cards = parse_cards(text)
        if len(cards) != 4:
            raise ValueError(f"trick {number} has {len(cards)} cards, not 4")
        led = SUIT_OF[cards[0]]
        for k, card in enumerate(cards):
            seat = (leader + k) % 4
            if SUIT_OF[card] in void[seat]:
                raise ValueError(f"trick {number}: seat {seat} showed out of {card.suit.name}")
            hands[seat].append(card)
            if SUIT_OF[card] != led:
                void[seat].add(led)
    used = {c for h in hands for c in h}
    if len(used) != sum(len(h) for h in hands):
        raise ValueError("a card is played twice")
    # Deal the rest: the most constrained cards first, each to the seat needing most cards.
    rest = [c for c in DECK if c not in used]
    rest.sort(key=lambda c: sum(SUIT_OF[c] in v for v in void), reverse=True)
    for card in rest:
        takers = [s for s in range(4) if len(hands[s]) < 13 and SUIT_OF[card] not in void[s]]
        if not takers:
            raise ValueError(f"nobody may hold {card}: rewrite the script")
        hands[max(takers, key=lambda s: 13 - len(hands[s]))].append(card)
    return hands


def deck(tricks: Sequence[Trick], *, dealer: int) -> list[int]:
    """Card ids of a deck order that deals a hand playable as ``tricks``."""
    return [int(c) for c in stack_deck(hands_for(tricks, dealer=dealer), dealer)]


def scripted(dealer: int, *decks: Sequence[int], **options: object) -> Game:
    """A Cribist game whose first dealer is ``dealer`` and whose first shuffles are ``decks``."""
    chance = ScriptedChance([(dealer,), *decks], then=SeededChance("after the script"))
    return new_game("cribist", players=4, seed=1, chance=chance, **options)


def play_trick(game: Game, cards: str) -> None:
    """Play the cards in order, each by the seat whose turn it is."""
    for card in cards.split():
        game.apply(game.to_act[0], {"type": "play", "card": card})


def play_tricks(game: Game, tricks: Iterable[Trick], *, claims: bool = False) -> None:
    """Play tricks, checking each leader; with ``claims`` (manual counting) the winner claims
    nothing and everyone else passes after each trick."""
    for leader, cards in tricks:
        assert game.to_act == (leader,), f"expected seat {leader} to lead, not {game.to_act}"
        play_trick(game, cards)
        if claims and game.outcome is None:
            game.apply(game.to_act[0], claim())
            for _ in range(3):
                game.apply(game.to_act[0], PASS)


def item(text: str) -> dict[str, Any]:
    """``"fifteen 4C 5D 6S"`` as a claimed item."""
    kind, *cards = text.split()
    return {"kind": kind, "cards": cards}


def claim(*items: str) -> dict[str, Any]:
    return {"type": "claim", "items": [item(t) for t in items]}


def muggins(*items: str, points: int | None = None) -> dict[str, Any]:
    call: dict[str, Any] = {"type": "muggins", "items": [item(t) for t in items]}
    if points is not None:
        call["points"] = points
    return call


def of_type(game: Game, kind: str) -> list[Event]:
    return [e for e in game.events if e["type"] == kind]


def scores(game: Game) -> list[int]:
    return list(game.view(None)["scores"])


def kinds(events: Iterable[Event]) -> list[str]:
    return [e["type"] for e in events]


def item_set(items: Iterable[dict[str, Any]]) -> set[tuple[str, frozenset[Card]]]:
    """Items (claimed or scored) as comparable (kind, cards) pairs, whatever the card order."""
    return {(i["kind"], frozenset(parse_card(c) for c in i["cards"])) for i in items}


def snapshot(game: Game) -> str:
    """Everything the game would record, plus whose turn it is, as one comparable string."""
    return json.dumps(
        {"record": game.record(), "to_act": list(game.to_act)}, sort_keys=True, default=str
    )


# A whole hand, seat 0 dealing, where everyone follows suit for twelve tricks. Each suit is
# split the same way: {A 3 9 K}, {2 6 8 J} and {4 7 T Q} hold no fifteen, pair or run, so each
# of those tricks is a flush of four (4), plus 1 for the Jack of trumps (clubs). The fives are
# left for the last trick, where nobody can follow and seat 2's 5C is the only trump: four
# fives, 6 pairs (12) and 4 fifteens 5+5+5 (8) = 20.
ROUND: list[Trick] = [
    (1, "KC AC 9C 3C"),  # seat 1 (KC), names clubs trumps: 4
    (1, "JC 2C 8C 6C"),  # seat 1 (JC): 4 + the Jack of trumps 1 = 5
    (1, "AD KD 3D 9D"),  # seat 2 (KD): 4
    (2, "JD 2D 6D 8D"),  # seat 2 (JD): 4
    (2, "3H KH AH 9H"),  # seat 3 (KH): 4
    (3, "JH 8H 2H 6H"),  # seat 3 (JH): 4
    (3, "9S KS 3S AS"),  # seat 0 (KS): 4
    (0, "JS 6S 8S 2S"),  # seat 0 (JS): 4
    (0, "4C QC TC 7C"),  # seat 1 (QC): 4
    (1, "7D QD 4D TD"),  # seat 2 (QD): 4
    (2, "TH QH 7H 4H"),  # seat 3 (QH): 4
    (3, "4S QS TS 7S"),  # seat 0 (QS): 4
    (0, "5S 5D 5C 5H"),  # seat 2 (5C, the only trump): 20
]
ROUND_WINNERS = [1, 1, 2, 2, 3, 3, 0, 0, 1, 2, 3, 0, 2]
ROUND_TRICK_POINTS = [4, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 20]
# Trick points: seat 0 4+4+4 = 12, seat 1 4+5+4 = 13, seat 2 4+4+4+20 = 32, seat 3 12;
# then 1 a trick: seats 0, 1, 3 won three each, seat 2 four.
ROUND_TRICKS_WON = [3, 3, 4, 3]
ROUND_FINAL = [15, 16, 36, 15]
