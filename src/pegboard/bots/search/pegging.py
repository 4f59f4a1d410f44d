"""The rest of a Cribbage play (the 31 count) from any position, fast and rules-exact.

A :class:`PegPosition` is the play as it stands: the cards each seat still holds, the count
and the cards in it, who has passed in this count, whose turn it is and who played last.
:func:`play_out` plays it to the end with a policy for every seat and returns the points each
seat pegs on the way (and stops early when a side reaches the target). It follows
:mod:`pegboard.games.cribbage.rules` move for move: a player who can play must, a player who
cannot (or has no cards) passes, the last to play pegs 1 for the go or the last card (never
on 31), and the seat after the last player leads the next count. A test drives it and the
rules engine side by side.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pegboard.bots.search import search_style
from pegboard.cards import RANK_OF, VALUE_OF
from pegboard.core.compiled import PURE_PYTHON
from pegboard.scoring.pegging import pegging_points

try:  # the same rollout in C (setup.py builds it wherever a compiler is)
    if PURE_PYTHON:
        raise ImportError("PEGBOARD_PURE_PYTHON is set")
    from pegboard.bots.search import _rollout
except ImportError:
    _rollout = None  # type: ignore[assignment]

Policy = Callable[[int, Sequence[int], int, Sequence[int]], int]
"""``policy(seat, playable, count, count_cards) -> card``: which playable card to play."""


@dataclass
class PegPosition:
    """A play in progress. Cards are ids; ``seats`` are the seats still in the game, in
    table order (the order of turns)."""

    seats: tuple[int, ...]
    hands: dict[int, list[int]]
    count: int = 0
    count_cards: list[int] = field(default_factory=list)
    passed: set[int] = field(default_factory=set)
    turn: int = 0
    last: int = -1

    def copy(self) -> PegPosition:
        return PegPosition(
            self.seats,
            {s: list(h) for s, h in self.hands.items()},
            self.count,
            list(self.count_cards),
            set(self.passed),
            self.turn,
            self.last,
        )

    def next_seat(self, seat: int, skip_passed: bool) -> int:
        seats = self.seats
        i = seats.index(seat)
        for k in range(1, len(seats) + 1):
            nxt = seats[(i + k) % len(seats)]
            if not skip_passed or nxt not in self.passed:
                return nxt
        raise AssertionError("everyone has passed")


def play_out(
    position: PegPosition,
    policy: Policy,
    *,
    side_of: Sequence[int] | None = None,
    need: Sequence[int] | None = None,
    first: int | None = None,
) -> tuple[list[int], int]:
    """Play ``position`` (changed in place) to the end of the play; ``first``, when given,
    is the card the seat to play plays now (it must be playable), the policy choosing every
    card after it.

    Returns the points pegged per side (``side_of[seat]``; by default each seat is its own
    side) and the side that reached its ``need`` (points still needed to win) first, or -1.
    """
    sides = side_of if side_of is not None else range(max(position.seats) + 1)
    gained = [0] * (max(sides) + 1)
    hands = position.hands
    count = position.count
    cards = position.count_cards
    passed = position.passed
    turn = position.turn
    last = position.last

    def peg(seat: int, points: int) -> bool:
        side = sides[seat]
        gained[side] += points
        return need is not None and gained[side] >= need[side]

    forced = first
    while True:
        hand = hands[turn]
        room = 31 - count
        playable = [c for c in hand if VALUE_OF[c] <= room]
        if playable:
            if forced is not None:
                card, forced = forced, None
            elif len(playable) == 1:
                card = playable[0]
            else:
                card = policy(turn, playable, count, cards)
            hand.remove(card)
            count += VALUE_OF[card]
            cards.append(card)
            last = turn
            points = pegging_points(cards, count)
            if points and peg(turn, points):
                return gained, sides[turn]
            if count < 31:
                turn = position.next_seat(turn, True) if passed else _after(position, turn)
                continue
        else:
            passed.add(turn)
            if len(passed) < len(position.seats):
                turn = position.next_seat(turn, True)
                continue
            if peg(last, 1):  # the go, or the last card
                return gained, sides[last]
        if not any(hands[s] for s in position.seats):
            position.count, position.turn, position.last = count, -1, last
            return gained, -1
        count = 0
        cards.clear()
        passed.clear()
        turn = _after(position, last)


def play_out_heuristic(
    position: PegPosition,
    *,
    side_of: Sequence[int] | None = None,
    need: Sequence[int] | None = None,
    first: int | None = None,
    styles: Sequence[int] | None = None,
    luck: int = 0,
) -> tuple[list[int], int]:
    """:func:`play_out` with :func:`heuristic_policy` for every seat: the search's rollout;
    with ``styles`` (per seat, :data:`HEURISTIC`, :data:`GREEDY`, :data:`BOOK`,
    :data:`RANDOM` or :data:`SEARCHER`), each seat plays its own, a :data:`RANDOM` or
    :data:`SEARCHER` one drawing from :class:`Luck` seeded with ``luck``.
    The compiled extension (``_rollout.pyx``) gives the same result several times faster; either
    way ``position`` may be changed (pass a copy)."""
    if _rollout is not None:
        return _rollout.play_out_heuristic(
            position, side_of=side_of, need=need, first=first, styles=styles, luck=luck
        )
    return play_out(position, styled(styles, luck), side_of=side_of, need=need, first=first)


def styled(styles: Sequence[int] | None, luck: int = 0) -> Policy:
    """The policy that plays each seat's style (every seat :data:`HEURISTIC` by default);
    the :data:`RANDOM` and :data:`SEARCHER` seats share one :class:`Luck` seeded with ``luck``."""
    if styles is None or not any(styles):
        return heuristic_policy
    chosen = tuple(styles)
    stream = Luck(luck)

    def policy(seat: int, playable: Sequence[int], count: int, cards: Sequence[int]) -> int:
        if chosen[seat] == RANDOM:
            return playable[stream.below(len(playable))]
        if chosen[seat] == SEARCHER:
            return search_style.pick(playable, count, cards, stream.uniform())
        return POLICIES[chosen[seat]](seat, playable, count, cards)

    return policy


_MASK = (1 << 64) - 1
_UNIT = 2.0**-53


class Luck:
    """The rollout's own chance for a :data:`RANDOM` seat: SplitMix64 from a seed the search
    draws from its generator once a world (every candidate card meets the same luck). The
    compiled rollout steps the same numbers, so both pick the same cards."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def below(self, n: int) -> int:
        """A number in ``range(n)`` (the remainder of the next output)."""
        return self._next() % n

    def uniform(self) -> float:
        """A number in [0, 1): the next output's top 53 bits."""
        return (self._next() >> 11) * _UNIT

    def _next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)


def _after(position: PegPosition, seat: int) -> int:
    seats = position.seats
    return seats[(seats.index(seat) + 1) % len(seats)]


# -- a fast rollout policy -------------------------------------------------------------------

_DANGER = {5: 2.0, 21: 2.0}  # a ten-card (16 of 52) makes 15 or 31 for the next player


def heuristic_policy(seat: int, playable: Sequence[int], count: int, cards: Sequence[int]) -> int:
    """Peg the most now; otherwise avoid leaving 5 or 21, lead low, keep low cards for the go,
    and do not set up a pair or a run for the next player when it can be helped."""
    best = playable[0]
    best_value = -1e9
    cards_after = [*cards, best]  # the last place tries each card in turn
    for card in playable:
        new = count + VALUE_OF[card]
        cards_after[-1] = card
        value = 4.0 * pegging_points(cards_after, new)
        value -= _DANGER.get(new, 0.0)
        if not cards:
            value += 0.6 if VALUE_OF[card] < 5 else 0.0
        elif new < 31:
            last = RANK_OF[cards[-1]]
            gap = abs(RANK_OF[card] - last)
            if gap in (1, 2) and new + 3 <= 31:
                value -= 0.4  # two close ranks invite a run
        value += 0.05 * VALUE_OF[card] if new > 15 else -0.02 * VALUE_OF[card]
        if value > best_value:
            best, best_value = card, value
    return best


def greedy_policy(seat: int, playable: Sequence[int], count: int, cards: Sequence[int]) -> int:
    """Peg the most now; otherwise (and between equals) the highest rank: the ``greedy`` bot's
    play, and a common beginner's."""
    best = playable[0]
    best_key = (-1, -1, -1)
    cards_after = [*cards, best]
    for card in playable:
        cards_after[-1] = card
        key = (pegging_points(cards_after, count + VALUE_OF[card]), RANK_OF[card], card)
        if key > best_key:
            best, best_key = card, key
    return best


def book_policy(seat: int, playable: Sequence[int], count: int, cards: Sequence[int]) -> int:
    """The handbook's play, as ``hoyle`` plays it: the most points now (ten a point); a lead
    below 5, the lower the worse, from a pair, never a 5; then not leaving 5 or 21 nor a close
    rank that invites a run, and the higher card while the count is below 15, the lower past
    it (the heuristic keeps low cards back instead); the lowest card of equals."""
    best = playable[0]
    best_value = -1e9
    cards_after = [*cards, best]
    for card in playable:
        new = count + VALUE_OF[card]
        cards_after[-1] = card
        points = pegging_points(cards_after, new)
        value = 10.0 * points
        if not cards:
            if RANK_OF[card] == 5:
                value -= 6.0
            if VALUE_OF[card] < 5:
                value += 3.0 + 0.1 * VALUE_OF[card]
            if sum(1 for c in playable if RANK_OF[c] == RANK_OF[card]) >= 2:
                value += 2.0  # a pair back gives you the pair royal
        else:
            if new == 5 or new == 21:
                value -= 4.0
            if new < 31 and points == 0 and abs(RANK_OF[card] - RANK_OF[cards[-1]]) in (1, 2):
                value -= 1.5
            value += 0.1 * VALUE_OF[card] if new < 15 else -0.1 * VALUE_OF[card]
        if value > best_value or (value == best_value and card < best):
            best, best_value = card, value
    return best


HEURISTIC = 0
"""A style of play: :func:`heuristic_policy`, the search's model of a thoughtful player."""
GREEDY = 1
"""A style of play: :func:`greedy_policy`."""
RANDOM = 2
"""A style of play: any playable card alike (the ``random`` bot's, a player who does not
look); in a rollout drawn from :class:`Luck`."""
BOOK = 3
"""A style of play: :func:`book_policy`, the handbook's rules of thumb."""
SEARCHER = 4
"""A style of play: a player who searches the play, each rank played with the chance
:mod:`.search_style` gives it; in a rollout drawn from :class:`Luck`."""
LUCKY = (RANDOM, SEARCHER)
"""The styles whose rollouts draw from :class:`Luck`."""
POLICIES: dict[int, Policy] = {
    HEURISTIC: heuristic_policy,
    GREEDY: greedy_policy,
    BOOK: book_policy,
}
"""The policy of each deterministic style, by its number (the compiled rollout numbers them
alike; :data:`RANDOM` has no fixed choice)."""
