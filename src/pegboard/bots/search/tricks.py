"""Cribist worlds and trick rollouts: what the other hands may be, and how the tricks go.

:func:`seen_tricks` reads what one seat has seen of the hand from its view: every finished
trick (the view lists them, ``tricks``) and the one in progress, hence the cards played and
the suits each player has shown out of (a player who did not follow the suit led holds none
of it). :func:`sample_hands` deals
the unseen cards to the other seats, each getting as many as it holds and none of a suit it
is void in. :func:`roll_out` plays the rest of a trick and a few more with a quick policy.

:func:`roll_out_values` rolls every candidate card out in one world and values the scores
reached. It and :func:`sample_hands` run in C where the compiled extension (``_tricks.pyx``) was
built, with the same results (the same hands from the same draws of the generator, the same
values to the last bit); :func:`sample_hands_python` and :func:`roll_out_values_python` are
the Python they follow.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pegboard.bots.search.objective import finished_rank, rank_value
from pegboard.cards import DECK, RANK_OF, SUIT_OF, parse_card, parse_cards
from pegboard.core.compiled import PURE_PYTHON
from pegboard.games.cribist.views import CribistBotView
from pegboard.scoring.tables import COMBO_POINTS_4, RANK_KEY

try:  # the sampling and the rollouts in C (setup.py builds it wherever a compiler is)
    if PURE_PYTHON:
        raise ImportError("PEGBOARD_PURE_PYTHON is set")
    from pegboard.bots.search import _tricks
except ImportError:
    _tricks = None  # type: ignore[assignment]

PLAYERS = 4
Trick = list[tuple[int, int]]
"""(seat, card) in the order played."""


def seen_tricks(view: CribistBotView) -> list[Trick]:
    """The hand's tricks as the seat saw them played: the finished ones (``view["tricks"]``,
    each card by seat, from its leader), then the trick in progress."""
    seen: list[Trick] = []
    for trick in view["tricks"]:
        leader, cards = int(trick["leader"]), trick["cards"]
        order = [(leader + k) % PLAYERS for k in range(PLAYERS)]
        seen.append([(seat, int(parse_card(cards[seat]))) for seat in order])
    seen.append([(int(t["seat"]), int(parse_card(t["card"]))) for t in view["trick"]])
    return seen


def voids(tricks: Sequence[Trick]) -> dict[int, set[int]]:
    """Per seat: the suits it has shown out of."""
    out: dict[int, set[int]] = {s: set() for s in range(PLAYERS)}
    for trick in tricks:
        if not trick:
            continue
        led = SUIT_OF[trick[0][1]]
        for seat, card in trick[1:]:
            if SUIT_OF[card] != led:
                out[seat].add(led)
    return out


def unseen(view: CribistBotView, tricks: Sequence[Trick]) -> list[int]:
    seen = {int(c) for c in parse_cards(view["hand"])}
    seen.update(card for trick in tricks for _, card in trick)
    return [c for c in DECK if c not in seen]


def sample_hands(
    me: int,
    sizes: Sequence[int],
    pool: Sequence[int],
    void: dict[int, set[int]],
    rng: random.Random,
    tries: int = 40,
) -> dict[int, list[int]]:
    """The other seats' hands: ``sizes[seat]`` cards each from ``pool``, none of a suit the
    seat is void in (:func:`sample_hands_python`, in C where the core was built)."""
    if _tricks is not None:
        return _tricks.sample_hands(me, sizes, pool, void, rng, tries)
    return sample_hands_python(me, sizes, pool, void, rng, tries)


def sample_hands_python(
    me: int,
    sizes: Sequence[int],
    pool: Sequence[int],
    void: dict[int, set[int]],
    rng: random.Random,
    tries: int = 40,
) -> dict[int, list[int]]:
    """:func:`sample_hands` in Python. Each card goes to a seat with room that may hold it,
    chosen in proportion to the room left; the scarcest cards are placed first. A dead end
    starts again; if every try fails (only a view that hides part of the history can do
    that), the voids give way."""
    others = [s for s in range(PLAYERS) if s != me]
    # Per suit, the seats that may hold it: fewer first when placing cards.
    holders = [[s for s in others if suit not in void[s]] for suit in range(4)]
    scarcity = [len(holders[SUIT_OF[c]]) for c in DECK]
    for _ in range(tries):
        cards = list(pool)
        rng.shuffle(cards)
        cards.sort(key=scarcity.__getitem__)
        room = [int(sizes[s]) if s != me else 0 for s in range(PLAYERS)]
        hands: dict[int, list[int]] = {s: [] for s in others}
        needed = sum(room)
        placed = 0
        for card in cards:
            if placed == needed:
                break
            able = [s for s in holders[SUIT_OF[card]] if room[s]]
            if not able:
                continue
            pick = rng.random() * sum(room[s] for s in able)
            for seat in able:
                pick -= room[seat]
                if pick < 0:
                    break
            hands[seat].append(card)
            room[seat] -= 1
            placed += 1
        if placed == needed:
            return hands
    cards = list(pool)
    rng.shuffle(cards)
    hands = {}
    for seat in others:
        hands[seat], cards = cards[: int(sizes[seat])], cards[int(sizes[seat]) :]
    return hands


def trick_points(cards: Sequence[int], trump: int) -> int:
    """A full trick's points (fifteens, pairs, runs, flush, Jack of trumps), plus the trick."""
    a, b, c, d = cards
    points = COMBO_POINTS_4[RANK_KEY[a] + RANK_KEY[b] + RANK_KEY[c] + RANK_KEY[d]]
    if SUIT_OF[a] == SUIT_OF[b] == SUIT_OF[c] == SUIT_OF[d]:
        points += 4
    if 40 + trump in cards:
        points += 1
    return points + 1


def _strengths(trump: int, led: int) -> tuple[int, ...]:
    """Each card's power in a trick: trumps beat the suit led, which beats the rest."""
    return tuple(
        (32 if SUIT_OF[c] == trump else 16 if SUIT_OF[c] == led else 0) + RANK_OF[c] for c in DECK
    )


STRENGTH = [[_strengths(trump, led) for led in range(4)] for trump in range(-1, 4)]
"""``STRENGTH[trump + 1][led][card]``; trump -1 while no trump is known."""


def _keys(trump: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Integer sort keys for :func:`choose`, per card: leading (rank, then a plain suit
    before trumps), cheapest (plain suits first, then rank) and strongest (a plain card
    above any trump, then rank: among winning cards the highest plain one is played before
    a trump is spent)."""
    lead = tuple(RANK_OF[c] * 2 + (SUIT_OF[c] != trump) for c in DECK)
    cheap = tuple((SUIT_OF[c] == trump) * 16 + RANK_OF[c] for c in DECK)
    strong = tuple((SUIT_OF[c] != trump) * 16 + RANK_OF[c] for c in DECK)
    return lead, cheap, strong


KEYS = [_keys(trump) for trump in range(-1, 4)]
"""``KEYS[trump + 1]``: the sort keys of :func:`_keys`, so the rollouts compare integers."""


def choose(hand: Sequence[int], trick: Sequence[int], trump: int, best: int) -> int:
    """The rollout policy, for a seat holding ``hand`` with ``trick`` played so far (cards;
    ``best`` is the highest :data:`STRENGTH` among them): lead high; win as cheaply as
    possible when last, with the highest card otherwise; when the trick cannot be won,
    throw the lowest card."""
    lead, cheap, strong = KEYS[trump + 1]
    if not trick:
        return hand[0] if len(hand) == 1 else max(hand, key=lead.__getitem__)
    led = SUIT_OF[trick[0]]
    options = [c for c in hand if SUIT_OF[c] == led] or hand
    if len(options) == 1:
        return options[0]
    power = STRENGTH[trump + 1][led]
    winning = [c for c in options if power[c] > best]
    if winning:
        if len(trick) == PLAYERS - 1:
            return min(winning, key=cheap.__getitem__)
        return max(winning, key=strong.__getitem__)
    return min(options, key=cheap.__getitem__)


def roll_out(
    hands: dict[int, list[int]],
    trick: Trick,
    trump: int,
    turn: int,
    first: int,
    *,
    tricks: int,
    need: Sequence[int] | None = None,
) -> tuple[list[int], int]:
    """Play ``first`` for ``turn``, then every seat by :func:`choose`, to the end of the
    current trick and ``tricks - 1`` more (or the end of the hand). ``hands`` changes in
    place. Returns the points each seat took and the first seat to reach its ``need`` (or
    -1)."""
    gained = [0] * PLAYERS
    cards = [c for _, c in trick]
    best, leader = -1, -1  # the strongest card so far and who played it
    if trick:
        power = STRENGTH[trump + 1][SUIT_OF[cards[0]]]
        for seat, card in trick:
            if power[card] > best:
                best, leader = power[card], seat
    card = first
    played_tricks = 0
    while True:
        hands[turn].remove(card)
        if trump < 0:
            trump = SUIT_OF[card]
        if not cards:
            power = STRENGTH[trump + 1][SUIT_OF[card]]
        cards.append(card)
        if power[card] > best:
            best, leader = power[card], turn
        if len(cards) == PLAYERS:
            gained[leader] += trick_points(cards, trump)
            if need is not None and gained[leader] >= need[leader]:
                return gained, leader
            turn, cards, best = leader, [], -1
            played_tricks += 1
            if played_tricks >= tricks or not hands[turn]:
                return gained, -1
        else:
            turn = (turn + 1) % PLAYERS
        card = choose(hands[turn], cards, trump, best)


def roll_out_values_python(
    hands: dict[int, list[int]],
    trick: Trick,
    trump: int,
    me: int,
    options: Sequence[int],
    *,
    tricks: int,
    need: Sequence[int] | None,
    scores: Sequence[int],
    deals_left: float,
    spread: float,
    tie: float,
) -> list[float]:
    """:func:`roll_out_values` in Python. A card's value is minus the place ``me`` can
    expect (:func:`~pegboard.bots.search.objective.finished_rank` when a seat reached its
    ``need``, else :func:`~pegboard.bots.search.objective.rank_value` with ``deals_left``
    and ``spread``), plus ``tie`` times the points it took beyond the others' mean."""
    values = []
    for card in options:
        gained, first = roll_out(
            {s: list(h) for s, h in hands.items()},
            list(trick),
            trump,
            me,
            card,
            tricks=tricks,
            need=need,
        )
        after = [s + g for s, g in zip(scores, gained, strict=True)]
        rest = sum(gained[s] for s in range(PLAYERS) if s != me) / (PLAYERS - 1)
        ahead = tie * (gained[me] - rest)
        if first >= 0:
            values.append(ahead - finished_rank(after, me, first))
        else:
            values.append(ahead + rank_value(after, me, deals_left=deals_left, spread=spread))
    return values


roll_out_values = _tricks.roll_out_values if _tricks is not None else roll_out_values_python
"""One world's rollouts, valued: each card of ``options`` played by ``me`` now and rolled
out by :func:`roll_out` from ``hands`` as they are (left unchanged), then valued for ``me``
from ``scores`` plus the points taken: :func:`roll_out_values_python`, or the same doubles
in C where the core was built."""
