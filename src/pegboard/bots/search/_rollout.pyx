# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The expert's pegging rollout in C: :func:`pegboard.bots.search.pegging.play_out` with
:func:`~pegboard.bots.search.pegging.heuristic_policy` for every seat (or each seat's style:
``greedy_policy`` or ``book_policy`` for some, any card for a ``RANDOM`` one and a
searcher's chances (``search_style``) for a ``SEARCHER`` one by ``pegging.Luck``), move for move.

The play search rolls out every candidate card in every sampled world, and this loop was
most of its time. Here the hands, the count and the passes are small C arrays; the
policy's arithmetic is the same double-precision steps in the same order, so it picks the
same card, and the points and the side that went out are the same (tests/bots/
test_rollout_core.py plays both on random positions).
"""

from libc.math cimport exp
from libc.stdint cimport uint64_t

from pegboard.core._splitmix cimport splitmix_next
from pegboard.games.cribbage._compiled_rules cimport pegging_points

from pegboard.bots.search.search_style import WEIGHTS
from pegboard.cards import RANK_OF, VALUE_OF

cdef int RANK[52]
cdef int VALUE[52]
for _card in range(52):
    RANK[_card] = RANK_OF[_card]
    VALUE[_card] = VALUE_OF[_card]
DEF FEATURES = 10
cdef double SEARCH_WEIGHTS[FEATURES]
if len(WEIGHTS) != FEATURES:
    raise ImportError("search_style.WEIGHTS is not the compiled rollout's ten features")
for _k in range(FEATURES):
    SEARCH_WEIGHTS[_k] = WEIGHTS[_k]


cdef int _choose(int* playable, int n_playable, int count, signed char* cards, int n_cards) noexcept nogil:
    """``heuristic_policy``: the same values, compared the same way (first best wins)."""
    cdef int best = playable[0]
    cdef double best_value = -1e9
    cdef double value
    cdef int i, card, new, gap
    for i in range(n_playable):
        card = playable[i]
        new = count + VALUE[card]
        cards[n_cards] = card
        value = 4.0 * pegging_points(cards, n_cards + 1, new)
        if new == 5 or new == 21:
            value -= 2.0
        if n_cards == 0:
            value += 0.6 if VALUE[card] < 5 else 0.0
        elif new < 31:
            gap = RANK[card] - RANK[cards[n_cards - 1]]
            if gap < 0:
                gap = -gap
            if (gap == 1 or gap == 2) and new + 3 <= 31:
                value -= 0.4
        if new > 15:
            value += 0.05 * VALUE[card]
        else:
            value += -0.02 * VALUE[card]
        if value > best_value:
            best = card
            best_value = value
    return best


cdef int choose_greedy(const int* playable, int n_playable, int count, signed char* cards,
                       int n_cards) noexcept nogil:
    """``greedy_policy``: the most points now, then the highest rank, then the highest id."""
    cdef int best = playable[0], best_points = -1
    cdef int i, card, points
    for i in range(n_playable):
        card = playable[i]
        cards[n_cards] = card
        points = pegging_points(cards, n_cards + 1, count + VALUE[card])
        if points > best_points or (points == best_points and (
                RANK[card] > RANK[best] or (RANK[card] == RANK[best] and card > best))):
            best = card
            best_points = points
    return best


cdef int _choose_book(int* playable, int n_playable, int count, signed char* cards,
                      int n_cards) noexcept nogil:
    """``book_policy``: the same values, compared the same way (the lowest card of equals)."""
    cdef int best = playable[0]
    cdef double best_value = -1e9
    cdef double value
    cdef int i, j, card, new, gap, points, same
    for i in range(n_playable):
        card = playable[i]
        new = count + VALUE[card]
        cards[n_cards] = card
        points = pegging_points(cards, n_cards + 1, new)
        value = 10.0 * points
        if n_cards == 0:
            if RANK[card] == 5:
                value -= 6.0
            if VALUE[card] < 5:
                value += 3.0 + 0.1 * VALUE[card]
            same = 0
            for j in range(n_playable):
                if RANK[playable[j]] == RANK[card]:
                    same += 1
            if same >= 2:
                value += 2.0
        else:
            if new == 5 or new == 21:
                value -= 4.0
            gap = RANK[card] - RANK[cards[n_cards - 1]]
            if gap < 0:
                gap = -gap
            if new < 31 and points == 0 and (gap == 1 or gap == 2):
                value -= 1.5
            if new < 15:
                value += 0.1 * VALUE[card]
            else:
                value += -0.1 * VALUE[card]
        if value > best_value or (value == best_value and card < best):
            best = card
            best_value = value
    return best


cdef double _search_value(int card, int count, signed char* cards, int n_cards) noexcept nogil:
    """``search_style.value``: the features in order, each times its weight, summed."""
    cdef double f[FEATURES]
    cdef int new = count + VALUE[card]
    cdef int points, gap, k
    cdef double tenth = VALUE[card] / 10.0
    cdef double total = 0.0
    cards[n_cards] = card
    points = pegging_points(cards, n_cards + 1, new)
    gap = 0
    if n_cards > 0:
        gap = RANK[card] - RANK[cards[n_cards - 1]]
        if gap < 0:
            gap = -gap
    f[0] = points
    f[1] = 1.0 if new == 5 or new == 21 else 0.0
    f[2] = 1.0 if n_cards == 0 and VALUE[card] < 5 else 0.0
    f[3] = 1.0 if n_cards == 0 and RANK[card] == 5 else 0.0
    f[4] = 1.0 if n_cards > 0 and (gap == 1 or gap == 2) and new <= 28 and points == 0 else 0.0
    f[5] = tenth if new < 15 else 0.0
    f[6] = tenth if new >= 15 else 0.0
    f[7] = 1.0 if new == 31 else 0.0
    f[8] = 1.0 if 22 <= new <= 30 else 0.0
    f[9] = 1.0 if 11 <= new <= 14 else 0.0
    for k in range(FEATURES):
        total += SEARCH_WEIGHTS[k] * f[k]
    return total


cdef int _choose_search(Play* p, int* playable, int n_playable, int count, signed char* cards,
                        int n_cards) noexcept nogil:
    """``search_style.pick`` with ``Luck.uniform``: one card a rank, each by its odds."""
    cdef int ranks[HAND]
    cdef double odds[HAND]
    cdef int n = 0, i, j, card, seen
    cdef double top = -1e300, total = 0.0, point, running = 0.0
    for i in range(n_playable):
        card = playable[i]
        seen = 0
        for j in range(n):
            if RANK[ranks[j]] == RANK[card]:
                seen = 1
                break
        if not seen:
            ranks[n] = card
            odds[n] = _search_value(card, count, cards, n_cards)
            if odds[n] > top:
                top = odds[n]
            n += 1
    for i in range(n):
        odds[i] = exp(odds[i] - top)
        total += odds[i]
    point = <double>(splitmix_next(&p.luck) >> 11) * (1.0 / 9007199254740992.0) * total
    for i in range(n):
        running += odds[i]
        if point < running:
            return ranks[i]
    return ranks[n - 1]


cdef int _below(Play* p, int n) noexcept nogil:
    """``pegging.Luck.below``: SplitMix64's next output, modulo ``n``."""
    return <int>(splitmix_next(&p.luck) % <uint64_t>n)


def play_out_heuristic(position, side_of=None, need=None, first=None, styles=None, luck=0):
    """``play_out(position, styled(styles, luck), side_of=..., need=..., first=...)``, the
    same result; ``position`` is left as it was (the search throws it away)."""
    cdef Play p
    cdef int sides[SEATS]
    cdef int needs[SEATS]
    cdef int gained[SEATS]
    cdef int n_sides, n_gained, i, side
    read_position(&p, position)
    if styles is not None:
        read_styles(&p, styles)
    p.luck = <uint64_t>(luck & 0xFFFFFFFFFFFFFFFF)
    for i in range(SEATS):
        needs[i] = 0
    if side_of is None:
        n_sides = max(position.seats) + 1
        for i in range(n_sides):
            sides[i] = i
    else:
        n_sides = len(side_of)
        if n_sides > SEATS:
            raise ValueError("at most four sides")
        for i in range(n_sides):
            sides[i] = side_of[i]
    if need is not None:
        for i in range(len(need)):
            needs[i] = need[i]
    n_gained = 0
    for i in range(n_sides):
        if sides[i] + 1 > n_gained:
            n_gained = sides[i] + 1
    side = roll_out(&p, sides, n_sides, needs, need is not None, -1 if first is None else first,
                    gained)
    return _listed(gained, n_gained), side


cdef int read_position(Play* p, position) except -1:
    """``p`` from a ``PegPosition``."""
    cdef int i, j, seat
    seats = position.seats
    if len(seats) > SEATS or max(seats) >= SEATS:
        raise ValueError("at most four seats")
    for i in range(SEATS):
        p.index_of[i] = -1
        p.passed[i] = 0
        p.sizes[i] = 0
        p.style[i] = 0
    p.luck = 0
    p.n_seats = len(seats)
    for i in range(p.n_seats):
        p.seats[i] = seats[i]
        p.index_of[p.seats[i]] = i
    for seat_key, hand in position.hands.items():
        seat = seat_key
        if seat < 0 or seat >= SEATS or len(hand) > HAND:
            raise ValueError("a hand of more than eight cards, or a seat past four")
        p.sizes[seat] = len(hand)
        for j in range(p.sizes[seat]):
            p.hands[seat][j] = hand[j]
    p.n_cards = len(position.count_cards)
    if p.n_cards + 1 > COUNT_CARDS:
        raise ValueError("a count of more than sixteen cards")
    for i in range(p.n_cards):
        p.cards[i] = position.count_cards[i]
    p.n_passed = 0
    for seat_key in position.passed:
        p.passed[<int>seat_key] = 1
        p.n_passed += 1
    p.count = position.count
    p.turn = position.turn
    p.last = position.last
    return 0


cdef int read_styles(Play* p, styles) except -1:
    """Each seat's style (``pegging.POLICIES``' numbers) into ``p``."""
    cdef int seat
    if len(styles) > SEATS:
        raise ValueError("at most four seats")
    for seat in range(len(styles)):
        if styles[seat] not in (0, 1, 2, 3, 4):
            raise ValueError(f"no style {styles[seat]!r}")
        p.style[seat] = styles[seat]
    return 0


cdef int roll_out(Play* p, const int* sides, int n_sides, const int* needs, bint has_need,
                  int forced, int* gained) except -2:
    """Play ``p`` (changed) to the end of the play, ``forced`` (>= 0) first: the points
    pegged per side in ``gained`` (all four zeroed first), and the side whose ``needs`` was
    reached first (with ``has_need``), or -1."""
    cdef int playable[HAND]
    cdef int n_playable, held, i, j, k, card, points, side, room, hand_size, found
    cdef int turn = p.turn
    cdef int count = p.count
    cdef int last = p.last
    cdef signed char* cards = p.cards
    cdef int* passed = p.passed
    for i in range(SEATS):
        gained[i] = 0
    while True:
        room = 31 - count
        n_playable = 0
        for j in range(p.sizes[turn]):
            if VALUE[p.hands[turn][j]] <= room:
                playable[n_playable] = p.hands[turn][j]
                n_playable += 1
        if n_playable:
            if forced >= 0:
                card = forced
                forced = -1
            elif n_playable == 1:
                card = playable[0]
            elif p.style[turn] == 1:
                card = choose_greedy(playable, n_playable, count, cards, p.n_cards)
            elif p.style[turn] == 2:
                card = playable[_below(p, n_playable)]
            elif p.style[turn] == 3:
                card = _choose_book(playable, n_playable, count, cards, p.n_cards)
            elif p.style[turn] == 4:
                card = _choose_search(p, playable, n_playable, count, cards, p.n_cards)
            else:
                card = _choose(playable, n_playable, count, cards, p.n_cards)
            hand_size = p.sizes[turn]
            found = 0
            for j in range(hand_size):  # list.remove: the first such card
                if p.hands[turn][j] == card:
                    for k in range(j, hand_size - 1):
                        p.hands[turn][k] = p.hands[turn][k + 1]
                    found = 1
                    break
            if not found:
                raise ValueError(f"card {card} is not in seat {turn}'s hand")
            p.sizes[turn] = hand_size - 1
            count += VALUE[card]
            cards[p.n_cards] = card
            p.n_cards += 1
            last = turn
            points = pegging_points(cards, p.n_cards, count)
            if points:
                side = sides[turn]
                gained[side] += points
                if has_need and gained[side] >= needs[side]:
                    return side
            if count < 31:
                turn = _next(p, turn, p.n_passed > 0)
                continue
        else:
            if not passed[turn]:
                passed[turn] = 1
                p.n_passed += 1
            if p.n_passed < p.n_seats:
                turn = _next(p, turn, True)
                continue
            side = sides[last if last >= 0 else n_sides + last]  # as Python indexes -1
            gained[side] += 1
            if has_need and gained[side] >= needs[side]:
                return side
        held = 0
        for i in range(p.n_seats):
            held += p.sizes[p.seats[i]]
        if held == 0:
            return -1
        count = 0
        p.n_cards = 0
        for i in range(SEATS):
            passed[i] = 0
        p.n_passed = 0
        turn = _next(p, last, False)


cdef list _listed(int* values, int n):
    return [values[i] for i in range(n)]


cdef int _next(Play* p, int seat, bint skip) except -1:
    """The next seat in table order (skipping those who passed, when asked)."""
    cdef int i = p.index_of[seat]
    cdef int k, nxt
    if i < 0:
        raise ValueError(f"seat {seat} is not in the play")
    for k in range(1, p.n_seats + 1):
        nxt = p.seats[(i + k) % p.n_seats]
        if not skip or not p.passed[nxt]:
            return nxt
    raise AssertionError("everyone has passed")
