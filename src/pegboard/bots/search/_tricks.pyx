# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The Cribist expert's worlds and trick rollouts in C: :func:`pegboard.bots.search.tricks.
sample_hands_python` and :func:`~pegboard.bots.search.tricks.roll_out_values_python` (with
``roll_out`` and ``choose`` inside it), step for step.

A Cribist play decision samples a world and rolls every legal card out in it, a few hundred
times, and those loops were nearly all of its time. Here the hands and the trick are small C
arrays and the policy's sort keys C tables built by the same formulas as ``tricks.STRENGTH``
and ``tricks.KEYS``; the values are the same double-precision steps in the same order as
``objective.finished_rank`` and ``objective.rank_value`` (whose ``math.erfc`` is the C
library's ``erfc``), built with ``-ffp-contract=off`` (setup.py) so no step is fused.
The sampling draws the same numbers from the bot's generator in the same order:
``rng.random()`` for each card placed, and the shuffle is ``Random.shuffle`` written out on
``getrandbits`` (as ``pegboard.core.chance.shuffle``), ``rng.shuffle`` itself for any
generator but a plain ``random.Random``. The same hands, the same points and seat out, the
same values (tests/bots/test_tricks_core.py plays both ways on random positions, and seeded
games both ways).
"""

import random as _random

from libc.math cimport erfc, sqrt
from libc.string cimport memcpy

from pegboard.cards import RANK_OF, SUIT_OF
from pegboard.scoring.tables import COMBO_POINTS_4, RANK_KEY

cdef enum:
    SEATS = 4
    HAND = 13
    CARDS = 52
    RANKS = 13

cdef int RANK[CARDS]
cdef int SUIT[CARDS]
cdef int STRENGTH[5][4][CARDS]  # [trump + 1][led][card], as tricks.STRENGTH
cdef int LEAD[5][CARDS]  # [trump + 1][card]: the sort keys of tricks.KEYS
cdef int CHEAP[5][CARDS]
cdef int STRONG[5][CARDS]
cdef int POINTS[RANKS * RANKS * RANKS * RANKS]  # COMBO_POINTS_4 by the four ranks


cdef int _fill_tables() except -1:
    cdef int c, t, led, trump, a, b, d, e
    for c in range(CARDS):
        RANK[c] = RANK_OF[c]
        SUIT[c] = SUIT_OF[c]
    for t in range(5):
        trump = t - 1
        for c in range(CARDS):
            LEAD[t][c] = RANK[c] * 2 + (SUIT[c] != trump)
            CHEAP[t][c] = (SUIT[c] == trump) * 16 + RANK[c]
            STRONG[t][c] = (SUIT[c] != trump) * 16 + RANK[c]
            for led in range(4):
                STRENGTH[t][led][c] = (
                    32 if SUIT[c] == trump else 16 if SUIT[c] == led else 0
                ) + RANK[c]
    keys = [RANK_KEY[r * 4] for r in range(RANKS)]  # a rank's key is its cards' key
    for a in range(RANKS):
        for b in range(RANKS):
            for d in range(RANKS):
                for e in range(RANKS):
                    POINTS[((a * RANKS + b) * RANKS + d) * RANKS + e] = COMBO_POINTS_4[
                        keys[a] + keys[b] + keys[d] + keys[e]
                    ]
    return 0


_fill_tables()


# -- the rollout -------------------------------------------------------------------------------

cdef int _trick_points(int* cards, int trump) noexcept nogil:
    """``tricks.trick_points``: combinations, flush, Jack of trumps, and the trick."""
    cdef int a = cards[0], b = cards[1], c = cards[2], d = cards[3]
    cdef int points = POINTS[(((a >> 2) * RANKS + (b >> 2)) * RANKS + (c >> 2)) * RANKS + (d >> 2)]
    cdef int jack = 40 + trump
    if SUIT[a] == SUIT[b] and SUIT[b] == SUIT[c] and SUIT[c] == SUIT[d]:
        points += 4
    if a == jack or b == jack or c == jack or d == jack:
        points += 1
    return points + 1


cdef int _choose(int* hand, int n, int* cards, int n_cards, int trump, int best) noexcept nogil:
    """``tricks.choose``, ties to the first card in hand order as ``max`` and ``min`` give
    them; -1 for an empty hand (where ``choose`` raises)."""
    cdef int t = trump + 1
    cdef int options[HAND]
    cdef int n_options = 0
    cdef int i, card, key, pick, pick_key, led
    cdef int* power
    if n == 0:
        return -1
    if n_cards == 0:
        pick = hand[0]
        pick_key = LEAD[t][pick]
        for i in range(1, n):
            key = LEAD[t][hand[i]]
            if key > pick_key:
                pick, pick_key = hand[i], key
        return pick
    led = SUIT[cards[0]]
    for i in range(n):
        if SUIT[hand[i]] == led:
            options[n_options] = hand[i]
            n_options += 1
    if n_options == 0:
        for i in range(n):
            options[i] = hand[i]
        n_options = n
    if n_options == 1:
        return options[0]
    power = STRENGTH[t][led]
    pick = -1
    pick_key = 0
    for i in range(n_options):  # the winning cards, if any
        card = options[i]
        if power[card] > best:
            if n_cards == SEATS - 1:  # last to play: the cheapest winner
                key = CHEAP[t][card]
                if pick < 0 or key < pick_key:
                    pick, pick_key = card, key
            else:  # the strongest winner
                key = STRONG[t][card]
                if pick < 0 or key > pick_key:
                    pick, pick_key = card, key
    if pick >= 0:
        return pick
    pick = options[0]
    pick_key = CHEAP[t][pick]
    for i in range(1, n_options):  # no winner: the cheapest card
        key = CHEAP[t][options[i]]
        if key < pick_key:
            pick, pick_key = options[i], key
    return pick


cdef int _roll_out(
    int (*hands)[HAND],
    int* sizes,
    int* trick_seats,
    int* trick_cards,
    int n_trick,
    int trump,
    int turn,
    int first,
    int tricks,
    int* need,
    bint has_need,
    int* gained,
) noexcept nogil:
    """``tricks.roll_out`` on C arrays (``hands`` and ``sizes`` change); ``gained`` gets the
    points. Returns the seat out first, -1 for none, -2 where ``roll_out`` raises (a card
    not in the hand, or a seat with no card to play)."""
    cdef int cards[SEATS]
    cdef int n_cards = n_trick
    cdef int best = -1, leader = -1
    cdef int* power = STRENGTH[trump + 1][0]
    cdef int card = first
    cdef int played = 0
    cdef int i, j, size, found
    for i in range(SEATS):
        gained[i] = 0
    if n_trick:
        power = STRENGTH[trump + 1][SUIT[trick_cards[0]]]
        for i in range(n_trick):
            cards[i] = trick_cards[i]
            if power[cards[i]] > best:
                best, leader = power[cards[i]], trick_seats[i]
    while True:
        size = sizes[turn]
        found = 0
        for i in range(size):  # list.remove: the first such card, the order kept
            if hands[turn][i] == card:
                for j in range(i, size - 1):
                    hands[turn][j] = hands[turn][j + 1]
                found = 1
                break
        if not found:
            return -2
        sizes[turn] = size - 1
        if trump < 0:
            trump = SUIT[card]
        if n_cards == 0:
            power = STRENGTH[trump + 1][SUIT[card]]
        cards[n_cards] = card
        n_cards += 1
        if power[card] > best:
            best, leader = power[card], turn
        if n_cards == SEATS:
            gained[leader] += _trick_points(cards, trump)
            if has_need and gained[leader] >= need[leader]:
                return leader
            turn, n_cards, best = leader, 0, -1
            played += 1
            if played >= tricks or sizes[turn] == 0:
                return -1
        else:
            turn = (turn + 1) % SEATS
        card = _choose(hands[turn], sizes[turn], cards, n_cards, trump, best)
        if card < 0:
            return -2


cdef struct Position:
    int hands[SEATS][HAND]
    int sizes[SEATS]
    int trick_seats[SEATS - 1]
    int trick_cards[SEATS - 1]
    int n_trick
    int trump
    int turn
    int tricks
    int needs[SEATS]
    bint has_need


cdef int _load(Position* p, hands, trick, int trump, int turn, int tricks, need) except -1:
    """The arguments of ``roll_out`` (but the first card) as C arrays."""
    cdef int seat, i
    if trump < -1 or trump > 3 or turn < 0 or turn >= SEATS:
        raise ValueError("a trump of -1 to 3 and a seat of 0 to 3")
    p.n_trick = len(trick)
    if p.n_trick >= SEATS:
        raise ValueError("a trick in progress has at most three cards")
    p.trump, p.turn, p.tricks = trump, turn, tricks
    p.has_need = need is not None
    for seat in range(SEATS):
        hand = hands[seat]
        p.sizes[seat] = len(hand)
        if p.sizes[seat] > HAND:
            raise ValueError("a hand of more than thirteen cards")
        for i in range(p.sizes[seat]):
            p.hands[seat][i] = _card(hand[i])
        p.needs[seat] = need[seat] if p.has_need else 0
    for i in range(p.n_trick):
        p.trick_seats[i] = trick[i][0]
        p.trick_cards[i] = _card(trick[i][1])
        if p.trick_seats[i] < 0 or p.trick_seats[i] >= SEATS:
            raise ValueError("a seat of 0 to 3")
    return 0


cdef int _play(Position* p, int first, int* gained) except -2:
    """``roll_out`` of ``first`` from a copy of the position: the seat out first or -1."""
    cdef int hands[SEATS][HAND]
    cdef int sizes[SEATS]
    memcpy(hands, p.hands, sizeof(hands))
    memcpy(sizes, p.sizes, sizeof(sizes))
    cdef int out = _roll_out(
        hands, sizes, p.trick_seats, p.trick_cards, p.n_trick, p.trump, p.turn, first,
        p.tricks, p.needs, p.has_need, gained,
    )
    if out == -2:
        raise ValueError("a card not in its seat's hand, or a seat with none to play")
    return out


def roll_out_each(hands, trick, int trump, int turn, options, *, int tricks, need=None):
    """``[roll_out(copy of hands, trick, trump, turn, card, tricks=..., need=...) for card in
    options]``, the same results; ``hands`` and ``trick`` are left as they were. (The
    rollouts alone, for the tests: the search calls :func:`roll_out_values`.)"""
    cdef Position p
    cdef int gained[SEATS]
    cdef int out
    _load(&p, hands, trick, trump, turn, tricks, need)
    results = []
    for first in options:
        out = _play(&p, _card(first), gained)
        results.append(([gained[0], gained[1], gained[2], gained[3]], out))
    return results


def roll_out_values(
    hands, trick, int trump, int me, options, *, int tricks, need, scores, double deals_left,
    double spread, double tie,
):
    """``tricks.roll_out_values_python``: the same doubles, by the same steps in the same
    order (``objective.finished_rank`` and ``objective.rank_value`` in C; ``math.erfc`` is
    the C library's ``erfc`` too)."""
    cdef Position p
    cdef int gained[SEATS]
    cdef int after[SEATS]
    cdef int base[SEATS]
    cdef int out, seat, others
    cdef double rest, ahead, behind, sigma, scale
    _load(&p, hands, trick, trump, me, tricks, need)
    if len(scores) != SEATS:
        raise ValueError("four scores")
    for seat in range(SEATS):
        base[seat] = scores[seat]
    sigma = spread * sqrt(deals_left if deals_left > 0.5 else 0.5)  # max(0.5, deals_left)
    scale = sigma * sqrt(2.0)
    values = []
    for first in options:
        out = _play(&p, _card(first), gained)
        others = 0
        for seat in range(SEATS):
            after[seat] = base[seat] + gained[seat]
            if seat != me:
                others += gained[seat]
        rest = <double>others / <double>(SEATS - 1)
        ahead = tie * (<double>gained[me] - rest)
        if out >= 0:  # finished_rank
            if out == me:
                values.append(ahead - 1.0)
                continue
            behind = 0.0
            for seat in range(SEATS):
                if seat != me and seat != out:
                    if after[seat] > after[me]:
                        behind = behind + 1.0
                    elif after[seat] == after[me]:
                        behind = behind + 0.5
                    else:
                        behind = behind + 0.0
            values.append(ahead - (2.0 + behind))
        else:  # rank_value
            behind = 0.0
            for seat in range(SEATS):
                if seat != me:
                    behind = behind + 0.5 * erfc(<double>(after[me] - after[seat]) / scale)
            values.append(ahead + -(1.0 + behind))
    return values


cdef inline int _card(object card) except -1:
    cdef int c = card
    if c < 0 or c >= CARDS:
        raise ValueError(f"no card {c}")
    return c


# -- the worlds --------------------------------------------------------------------------------

cdef int _randbelow(object getrandbits, int n) except -1:
    """``Random._randbelow(n)`` (by ``getrandbits``), for 0 < n <= 64."""
    cdef int bits = 0
    cdef int m = n
    while m:
        bits += 1
        m >>= 1
    cdef int r = getrandbits(bits)
    while r >= n:
        r = getrandbits(bits)
    return r


cdef list _shuffle(object rng, list cards, int* card_of, int* order, int* ids, int n):
    """``rng.shuffle`` of a copy of ``cards``: returns the list that ``order`` indexes (each
    place's card after the shuffle), with ``ids`` the card at each place."""
    cdef int i, j, swap
    for i in range(n):
        order[i] = i
    if type(rng) is _random.Random:
        getrandbits = rng.getrandbits
        for i in range(n - 1, 0, -1):
            j = _randbelow(getrandbits, i + 1)
            swap = order[i]
            order[i] = order[j]
            order[j] = swap
        for i in range(n):
            ids[i] = card_of[order[i]]
        return cards
    shuffled = list(cards)  # any other generator shuffles for itself
    rng.shuffle(shuffled)
    for i in range(n):
        ids[i] = _card(shuffled[i])
    return shuffled


def sample_hands(me, sizes, pool, voids, rng, tries=40):
    """``tricks.sample_hands_python(me, sizes, pool, voids, rng, tries)``: the same hands
    (``pool``'s own card objects) from the same draws of ``rng``."""
    cdef int who = me
    cdef int holders[4][SEATS]
    cdef int n_holders[4]
    cdef int room[SEATS]
    cdef int sizes_of[SEATS]
    cdef int card_of[CARDS]
    cdef int order[CARDS]  # after a shuffle: per place, the index of its card in the list
    cdef int ids[CARDS]  # and the card
    cdef int sorted_order[CARDS]  # the places sorted by scarcity
    cdef int placed_in[CARDS]  # per place in the sorted order: its seat, or -1
    cdef int able[SEATS]
    cdef int n_able, total, needed, placed, s, suit, i, k, index, seat = 0
    cdef int n_pool = len(pool)
    cdef double pick
    cdef list cards = list(pool)
    cdef list shuffled
    if n_pool > CARDS:
        raise ValueError("a pool of more than 52 cards")
    others = [s for s in range(SEATS) if s != who]
    for i in range(n_pool):
        card_of[i] = _card(cards[i])
    for suit in range(4):
        n_holders[suit] = 0
        for s in others:
            if suit not in voids[s]:
                holders[suit][n_holders[suit]] = s
                n_holders[suit] += 1
    for s in range(SEATS):
        sizes_of[s] = int(sizes[s]) if s != who else 0
    random_draw = rng.random
    for _ in range(tries):
        shuffled = _shuffle(rng, cards, card_of, order, ids, n_pool)
        k = 0
        for i in range(4):  # sorted by scarcity (0 to 3 seats), stably
            for index in range(n_pool):
                if n_holders[SUIT[ids[index]]] == i:
                    sorted_order[k] = index
                    k += 1
        needed = 0
        for s in range(SEATS):
            room[s] = sizes_of[s]
            needed += room[s]
        placed = 0
        for index in range(n_pool):
            placed_in[index] = -1
            if placed == needed:
                continue
            suit = SUIT[ids[sorted_order[index]]]
            n_able = 0
            total = 0
            for i in range(n_holders[suit]):
                s = holders[suit][i]
                if room[s] != 0:
                    able[n_able] = s
                    n_able += 1
                    total += room[s]
            if n_able == 0:
                continue
            pick = random_draw() * <double>total
            for i in range(n_able):
                seat = able[i]
                pick -= room[seat]
                if pick < 0:
                    break
            placed_in[index] = seat
            room[seat] -= 1
            placed += 1
        if placed == needed:
            hands = {s: [] for s in others}
            for index in range(n_pool):
                if placed_in[index] >= 0:
                    hands[placed_in[index]].append(shuffled[order[sorted_order[index]]])
            return hands
    rest = list(pool)  # every try failed: the voids give way (as the Python, in Python)
    rng.shuffle(rest)
    hands = {}
    for seat_key in others:
        hands[seat_key], rest = rest[: int(sizes[seat_key])], rest[int(sizes[seat_key]) :]
    return hands
