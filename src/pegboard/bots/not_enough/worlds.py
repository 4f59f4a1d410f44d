"""Worlds for the Cribbage is not Enough expert: the hidden cards dealt out consistently with a
seat's view (every card it has not seen, of the right colour, in the right hands, Intel
reveals kept), drawn from the bot's own ``random.Random`` only."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from pegboard.bots.base import known
from pegboard.bots.not_enough.greedy import (
    Powers,
    View,
    colour_of_team,
    known_cards,
    my_team,
)
from pegboard.bots.not_enough.settle import Settle
from pegboard.cards import VALUE_OF, Card, parse_card, parse_cards
from pegboard.core.compiled import PURE_PYTHON

try:  # the settling and the play's rollouts in C (setup.py builds them where it can)
    if PURE_PYTHON:
        raise ImportError("PEGBOARD_PURE_PYTHON is set")
    from pegboard.bots import _not_enough as _core
except ImportError:
    _core = None  # type: ignore[assignment]


# -- worlds --------------------------------------------------------------------------------


@dataclass
class World:
    """Hidden cards dealt out: each other seat's hand (and pile cards), the unknown Tops."""

    hands: dict[int, list[Card]] = field(default_factory=dict)
    tossed: dict[int, list[Card]] = field(default_factory=dict)
    left: dict[str, list[Card]] = field(default_factory=dict)  # unseen cards still unplaced


def _core_shuffles_as_python() -> bool:
    """Whether the extension's shuffle draws exactly as this Python's ``random.Random.shuffle``
    (the same cards in the same places, the generator left in the same state)."""
    if _core is None:
        return False
    for seed in range(4):
        for size in (0, 1, 2, 3, 13, 26, 52):
            python, compiled = random.Random(seed), random.Random(seed)
            cards, copy = list(range(size)), list(range(size))
            python.shuffle(cards)
            _core.shuffle(compiled, copy)
            if cards != copy or python.getstate() != compiled.getstate():
                return False
    return True


FAST_SHUFFLE = _core_shuffles_as_python()
"""Shuffle the worlds' cards in C (a ``random.Random`` only; its own draws, the same ones)."""


def shuffle(rng: random.Random, cards: list[Card]) -> None:
    """``rng.shuffle(cards)``, in C where that draws the same (:data:`FAST_SHUFFLE`)."""
    if FAST_SHUFFLE and type(rng) is random.Random:
        _core.shuffle(rng, cards)
    else:
        rng.shuffle(cards)


class Deal:
    """What :func:`sample_world` reads of the view, read once a decision: each colour's
    unseen cards in id order (before the shuffle), and for every other seat, in the order
    dealt to, the cards it showed and still holds, how many more it holds, the lowest value
    it may hold (a seat that passed in this count) and how many crib cards it tossed."""

    def __init__(self, view: View, powers: Powers, tossed: dict[int, int] | None = None) -> None:
        me = known(view["seat"], "seat")
        players = int(view["players"])
        self.colours = colour_of_team(view)
        seen = known_cards(view)
        played = {parse_card(p["card"]) for p in view["played"]}
        magicked = set(view["magic_seats"])
        self.pools: list[list[Card]] = []
        for colour in self.colours:
            deck = powers.cards_of(colour)
            pool = [c for c in deck if c not in seen]
            for seat in magicked:  # what they showed may since have gone to Magic
                if seat != me:
                    pool.extend(c for c in parse_cards(view["revealed"][seat]) if c not in played)
            self.pools.append(sorted(set(pool) & set(deck)))
        room = 31 - int(view["count"])
        passed = set(view["passed"]) if view["phase"] == "play" else set()
        others = [s for s in range(players) if s != me]
        self.seats: list[tuple[int, list[Card], int, int, int]] = []
        for seat in sorted(others, key=lambda s: s not in passed):
            shown = [] if seat in magicked else parse_cards(view["revealed"][seat])
            hand = [c for c in shown if c not in played]
            want = int(view["hand_sizes"][seat]) - len(hand)
            floor = room if seat in passed else -1
            self.seats.append((seat, hand, want, floor, (tossed or {}).get(seat, 0)))

    def draw(self, rng: random.Random) -> World:
        """One world: each colour's unseen cards shuffled (team 0's colour first), then
        dealt out seat by seat."""
        pools = [list(pool) for pool in self.pools]
        for pool in pools:
            shuffle(rng, pool)
        world = World()
        for seat, hand, want, floor, extra in self.seats:
            pool = pools[seat % 2]
            if floor < 0 and want >= 0:  # every card fits: the first ``want``
                picked, rest = pool[:want], pool[want:]
            else:
                picked = [c for c in pool if VALUE_OF[c] > floor][:want]
                if len(picked) < want:
                    picked += [c for c in pool if c not in picked][: want - len(picked)]
                rest = [c for c in pool if c not in picked]
            world.hands[seat] = hand + picked
            world.tossed[seat] = rest[:extra]
            pools[seat % 2] = rest[extra:]
        world.left = {self.colours[0]: pools[0], self.colours[1]: pools[1]}
        return world


def sample_world(
    view: View, powers: Powers, rng: random.Random, tossed: dict[int, int] | None = None
) -> World:
    """Every other seat's unplayed cards (``hand_sizes``), drawn from the unseen cards of its
    colour; cards it showed by Intel stay in its hand; a seat that passed in this count holds
    nothing that fits. ``tossed``: also deal these seats that many crib cards each. (A
    decision drawing many worlds reads the view once: :class:`Deal`.)"""
    return Deal(view, powers, tossed).draw(rng)


def settle_frame(view: View, powers: Powers) -> Settle:
    return Settle(powers, int(view["players"]), known(view["dealer"], "dealer"), my_team(view))


def own_piles(view: View, world: World, mine: Sequence[int]) -> list[list[int]]:
    """The crib piles by team: our discards (``mine``) and everyone's in the world."""
    me = known(view["seat"], "seat")
    piles: list[list[int]] = [[], []]
    piles[me % 2].extend(mine)
    for seat, cards in world.tossed.items():
        piles[seat % 2].extend(cards)
    return piles
