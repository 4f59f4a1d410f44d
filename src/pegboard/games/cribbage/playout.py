"""Whole Cribbage games without events, explanations or checks: the fast path for rollouts,
simulations of chance-only questions and benchmarks (docs/architecture.md, "What holds it together":
legality has one source).

It plays exactly the rules of :mod:`pegboard.games.cribbage.rules` with ``dealer="rotate"``
(the deal passing to the left; a test drives both with the same decks and choices and compares
every score), but only scores come out. Cards are
plain ids; decisions come from ``choose(seat, options)``, which returns an index.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations

from pegboard.cards import VALUE_OF
from pegboard.core.chance import shuffle
from pegboard.games.cribbage.deal import hand_size
from pegboard.scoring.pegging import pegging_points
from pegboard.scoring.show import show_total

Chooser = Callable[[int, Sequence[object]], int]
"""``choose(seat, options) -> index``: a discard (tuple of ids) or a card id to play."""

_JACK_IDS = range(40, 44)


class _GameOver(Exception):
    """Raised inside a game the instant a score reaches the target."""


def random_chooser(rng: random.Random) -> Chooser:
    def choose(seat: int, options: Sequence[object]) -> int:
        return rng.randrange(len(options))

    return choose


def play_game(
    players: int,
    dealer: int,
    next_deck: Callable[[], Sequence[int]],
    choose: Chooser,
    *,
    target: int = 121,
    teams: bool = False,
) -> list[int]:
    """Play hands until a score reaches ``target``; the final scores by seat."""
    scores = [0] * players
    try:
        while True:
            _play_hand(scores, players, dealer, next_deck(), choose, target, teams)
            dealer = (dealer + 1) % players
    except _GameOver:
        return scores


def random_game(seed: int | str, players: int = 2, target: int = 121) -> list[int]:
    """A game of random legal moves, everything drawn from one generator."""
    rng = random.Random(seed)
    deck = list(range(52))

    def shuffled() -> list[int]:
        shuffle(rng, deck)
        return deck

    return play_game(players, rng.randrange(players), shuffled, random_chooser(rng), target=target)


def _play_hand(
    scores: list[int],
    players: int,
    dealer: int,
    deck: Sequence[int],
    choose: Chooser,
    target: int,
    teams: bool,
) -> None:
    def peg(seat: int, points: int) -> None:
        scores[seat] += points
        if teams:
            scores[(seat + 2) % 4] += points
        if scores[seat] >= target:
            raise _GameOver

    order = [(dealer + k) % players for k in range(1, players + 1)]
    size = hand_size(players)
    dealt = size * players
    hands: list[list[int]] = [
        sorted(deck[order.index(s) : dealt : players]) for s in range(players)
    ]
    crib = list(deck[dealt : dealt + 1]) if players == 3 else []
    starter = deck[dealt + len(crib)]

    for seat in order:
        options = list(combinations(hands[seat], size - 4))
        thrown = options[choose(seat, options)]
        crib.extend(thrown)
        hands[seat] = [c for c in hands[seat] if c not in thrown]
    kept = [list(h) for h in hands]
    if starter in _JACK_IDS:
        peg(dealer, 2)

    count = 0
    cards: list[int] = []
    passed = [False] * players
    last = -1
    left = 4 * players
    turn = order[0]
    while True:
        hand = hands[turn]
        playable = [c for c in hand if VALUE_OF[c] + count <= 31]
        if playable:
            card = playable[choose(turn, playable)]
            hand.remove(card)
            count += VALUE_OF[card]
            cards.append(card)
            last = turn
            left -= 1
            points = pegging_points(cards, count)
            if points:
                peg(turn, points)
            if count < 31:
                turn = _next_unpassed(turn, passed, players)
                continue
        else:
            passed[turn] = True
            if not all(passed):
                turn = _next_unpassed(turn, passed, players)
                continue
            peg(last, 1)  # go, or the last card
        if left == 0:
            break
        count = 0
        cards = []
        passed = [False] * players
        turn = (last + 1) % players

    for seat in order:
        peg(seat, show_total(kept[seat], starter))
    peg(dealer, show_total(crib, starter, True))


def _next_unpassed(seat: int, passed: list[bool], players: int) -> int:
    for k in range(1, players + 1):
        nxt = (seat + k) % players
        if not passed[nxt]:
            return nxt
    raise AssertionError("everyone has passed")
