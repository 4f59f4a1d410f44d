# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The Cribbage is not Enough expert's inner loops in C: :class:`Settle` values the bonus,
the battle and the crib as :class:`pegboard.bots.not_enough.settle.Settle` does, and
:func:`play_world` rolls out the play as :func:`pegboard.bots.not_enough.expert.play_world`.

The expert runs these thousands of times a decision, and they were most of its time. Here
the hands, keys and probabilities are C arrays; every double is computed by the same steps in
the same order as the Python (setup.py builds this with ``-ffp-contract=off``, so no step is
fused), so the values are the same to the last bit and the expert decides the same.
tests/bots/test_not_enough_core.py compares both on generated inputs, and whole seeded games.
"""

from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc, realloc

from pegboard.games.cribbage._compiled_rules cimport pegging_points

from pegboard.cards import RANK_OF, SUIT_OF, VALUE_OF

cdef enum:
    SEATS = 4
    HAND = 16
    COUNT_CARDS = 32
    CACHE_BITS = 16

cdef int RANK[52]
cdef int SUIT[52]
cdef int VALUE[52]
cdef uint64_t KEY[52]
for _card in range(52):
    RANK[_card] = RANK_OF[_card]
    SUIT[_card] = SUIT_OF[_card]
    VALUE[_card] = VALUE_OF[_card]
    KEY[_card] = (<uint64_t>1) << (3 * (_card >> 2))  # scoring.tables.RANK_KEY


# -- fifteens, pairs and runs of a rank multiset -------------------------------------------

cdef uint64_t _cached_key[1 << CACHE_BITS]  # the key + 1 (0: empty)
cdef int _cached_points[1 << CACHE_BITS]


cdef int _combo_of_key(uint64_t key) noexcept nogil:
    """``not_enough.greedy.combo_of_key``: fifteens, pairs and maximal runs of ``key``."""
    cdef int ways[16]
    cdef int counts[14]
    cdef int rank, n, value, s, i, points = 0, length = 0, product = 1
    for s in range(16):
        ways[s] = 0
    ways[0] = 1
    for rank in range(13):
        n = (key >> (3 * rank)) & 7
        counts[rank] = n
        value = rank + 1 if rank < 10 else 10
        for i in range(n):
            s = 15
            while s >= value:
                ways[s] += ways[s - value]
                s -= 1
        points += n * (n - 1)
    points += 2 * ways[15]
    counts[13] = 0
    for rank in range(14):
        n = counts[rank]
        if n:
            length += 1
            product *= n
            continue
        if length >= 3:
            points += length * product
        length = 0
        product = 1
    return points


cdef inline int _combo(uint64_t key) noexcept nogil:
    """:func:`_combo_of_key`, remembered in a small table (a pure function of the key)."""
    cdef uint64_t slot = (key * <uint64_t>0x9E3779B97F4A7C15) >> (64 - CACHE_BITS)
    if _cached_key[slot] == key + 1:
        return _cached_points[slot]
    cdef int points = _combo_of_key(key)
    _cached_key[slot] = key + 1
    _cached_points[slot] = points
    return points


def combo_of_key(key: int) -> int:
    """``not_enough.greedy.combo_of_key`` (for the tests)."""
    return _combo(key)


# -- a hand's show, over every draw -------------------------------------------------------

cdef enum:
    JACK = 11
    QUEEN = 12
    POOL = 64


cdef int _hand_value(int* hand, int top) noexcept nogil:
    """``not_enough.greedy.hand_value`` of four cards: the show with ``top`` as the starter
    (``scoring.show.show_total``: fifteens, pairs and runs, a flush, his nobs), and one for
    each Queen of the Top's suit."""
    cdef int suit = SUIT[hand[0]]
    cdef int i, total = _combo(KEY[hand[0]] + KEY[hand[1]] + KEY[hand[2]] + KEY[hand[3]] + KEY[top])
    if SUIT[hand[1]] == suit and SUIT[hand[2]] == suit and SUIT[hand[3]] == suit:
        total += 5 if SUIT[top] == suit else 4
    for i in range(4):
        if RANK[hand[i]] == JACK and SUIT[hand[i]] == SUIT[top]:
            total += 1
        elif RANK[hand[i]] == QUEEN and SUIT[hand[i]] == SUIT[top]:
            total += 1
    return total


def hand_total(kept, pool, int n, int top) -> int:
    """``sum(hand_value([*kept, *draw], top) for draw in combinations(pool, n))``, for
    ``kept`` and ``n`` making four cards (a whole number: the order of the sum is free)."""
    cdef int hand[4]
    cdef int cards[POOL]
    cdef int at[4]
    cdef int size = len(pool), have = len(kept), i, k
    cdef long long total = 0
    if have + n != 4 or n < 0 or size > POOL:
        raise ValueError("four cards in all, from a pool of at most 64")
    _cards(top)
    for i in range(have):
        hand[i] = _cards(kept[i])
    for i in range(size):
        cards[i] = _cards(pool[i])
    if n > size:
        return 0
    for i in range(n):
        at[i] = i
    while True:
        for i in range(n):
            hand[have + i] = cards[at[i]]
        total += _hand_value(hand, top)
        k = n - 1  # the next combination, in index order
        while k >= 0 and at[k] == size - n + k:
            k -= 1
        if k < 0:
            return total
        at[k] += 1
        for i in range(k + 1, n):
            at[i] = at[i - 1] + 1


# -- the battle's odds ----------------------------------------------------------------------

cdef double** _pmfs = NULL  # _pmfs[n]: P(sum of n d6 = s), s = 0 .. 6n
cdef int _pmf_count = 0
cdef int _pmf_room = 0


cdef double* _pmf(int n) except NULL:
    """``not_enough.settle.dice_pmf(n)``: each from the one before, by the same steps."""
    global _pmfs, _pmf_count, _pmf_room
    cdef double* before
    cdef double* after
    cdef double p
    cdef int k, s, face
    cdef double** grown
    if n < 0:
        raise ValueError(f"a roll of {n} dice")
    while _pmf_count <= n:
        if _pmf_count == _pmf_room:
            grown = <double**>realloc(_pmfs, (2 * _pmf_room + 16) * sizeof(double*))
            if grown == NULL:
                raise MemoryError()
            _pmfs = grown
            _pmf_room = 2 * _pmf_room + 16
        k = _pmf_count
        after = <double*>malloc((6 * k + 1) * sizeof(double))
        if after == NULL:
            raise MemoryError()
        for s in range(6 * k + 1):
            after[s] = 0.0
        if k == 0:
            after[0] = 1.0
        else:
            before = _pmfs[k - 1]
            for s in range(6 * (k - 1) + 1):
                p = before[s]
                if p != 0.0:
                    for face in range(1, 7):
                        after[s + face] += p / 6
        _pmfs[k] = after
        _pmf_count += 1
    return _pmfs[n]


cdef double* _below = NULL  # the battle's scratch: per seat, P(total < v)
cdef int _below_room = 0


cdef int _battle(int seats, int* dice, int* bonus, double* odds) except -1:
    """``not_enough.settle.battle_odds``: per seat, the chance its total is the single
    highest, summed and multiplied in the same order."""
    global _below, _below_room
    cdef double* pmfs[SEATS]
    cdef int low[SEATS]
    cdef int top[SEATS]
    cdef int i, j, s, v, high = -1, width
    cdef double acc, total, others, p
    cdef double* grown
    for i in range(seats):
        pmfs[i] = _pmf(dice[i])
        low[i] = -1
        top[i] = -1
        for s in range(6 * dice[i] + 1):
            if pmfs[i][s] != 0.0:
                if low[i] < 0:
                    low[i] = s
                top[i] = s
        if top[i] < 0:
            raise ValueError("max() arg is an empty sequence")
        if top[i] + bonus[i] > high:
            high = top[i] + bonus[i]
    width = high + 2
    if seats * width > _below_room:
        grown = <double*>realloc(_below, seats * width * sizeof(double))
        if grown == NULL:
            raise MemoryError()
        _below = grown
        _below_room = seats * width
    for i in range(seats):
        acc = 0.0
        for v in range(width):
            _below[i * width + v] = acc
            s = v - bonus[i]
            if 0 <= s <= 6 * dice[i] and pmfs[i][s] != 0.0:
                acc += pmfs[i][s]
    for i in range(seats):
        total = 0.0
        for s in range(low[i], top[i] + 1):
            p = pmfs[i][s]
            if p == 0.0:
                continue
            v = s + bonus[i]
            others = 1.0
            for j in range(seats):
                if j != i:
                    others *= _below[j * width + v]
            total += p * others
        odds[i] = total
    return 0


def battle_odds(rolls: tuple[tuple[int, int], ...]) -> tuple[float, ...]:
    """``not_enough.settle.battle_odds`` (for the tests)."""
    cdef int dice[SEATS]
    cdef int bonus[SEATS]
    cdef double odds[SEATS]
    cdef int i, seats = len(rolls)
    if not 0 < seats <= SEATS:
        raise ValueError("one to four seats")
    for i in range(seats):
        dice[i] = rolls[i][0]
        bonus[i] = rolls[i][1]
        if bonus[i] < 0:
            raise ValueError("a negative bonus")
    _battle(seats, dice, bonus, odds)
    return tuple([odds[i] for i in range(seats)])


# -- the settling ---------------------------------------------------------------------------

cdef struct Hands:
    uint64_t keys[SEATS]
    int intel[SEATS]
    int might[SEATS]
    uint64_t pile_keys[2]
    int pile_sizes[2]
    int robber  # -1: none


cdef class Settle:
    """``not_enough.settle.Settle``'s valuing for one seat: ``might`` by card id, and the
    dealer's extra dice."""

    cdef int players, dealer, team, dealer_dice
    cdef int might[52]

    def __init__(self, int players, int dealer, int team, might, int dealer_dice) -> None:
        if not 0 < players <= SEATS:
            raise ValueError("one to four players")
        if len(might) != 52 or min(might) < 0 or dealer_dice < 0:
            raise ValueError("the Might of each of 52 cards and the dealer's dice, none negative")
        self.players = players
        self.dealer = dealer
        self.team = team
        self.dealer_dice = dealer_dice
        for card in range(52):
            self.might[card] = might[card]

    cdef int _crib(
        self, Hands* hands, uint64_t* top_keys, int intel_team, int battle_team
    ) noexcept:
        """``Settle._crib``: our crib count less theirs, the cradle's team choosing its ban
        (-1 for no team)."""
        cdef int robber = hands.robber
        cdef int bans = 1 if robber < 0 else 3
        cdef int b, banned, team, pile, owner, size, ours, best = 0
        cdef int points[2]
        cdef uint64_t key
        for b in range(bans):
            banned = b - 1  # none, then 0, then 1
            points[0] = 0
            points[1] = 0
            for team in range(2):
                key = 0
                size = 0
                for pile in range(2):
                    owner = battle_team if battle_team >= 0 else pile
                    if owner == team and pile != banned:
                        key += hands.pile_keys[pile]
                        size += hands.pile_sizes[pile]
                if not size:
                    continue
                if banned != team:
                    key += top_keys[team]
                if intel_team == team and battle_team != 1 - team and banned != 1 - team:
                    key += top_keys[1 - team]
                points[team] = _combo(key)
            ours = points[self.team] - points[1 - self.team]
            if b == 0 or (ours > best if robber == self.team else ours < best):
                best = ours
        return best

    cdef double _value(
        self, Hands* hands, int top0, int top1, bint spent0, bint spent1
    ) except? -1e300:
        """``Settle._value``: our points less theirs from the bonus, the battle and the
        crib, with the Tops by team and whether each was used up."""
        cdef int tops[2]
        cdef uint64_t top_keys[2]
        cdef bint spent[2]
        cdef int dice[SEATS]
        cdef int bonus[SEATS]
        cdef double odds[SEATS]
        cdef double by_team[2]
        cdef double value = 0.0, none
        cdef int seat, t, best, winner = -1, leaders = 0, intel_team = -1, points
        cdef uint64_t own
        tops[0] = top0
        tops[1] = top1
        top_keys[0] = KEY[top0]
        top_keys[1] = KEY[top1]
        spent[0] = spent0
        spent[1] = spent1
        best = hands.intel[0]
        for seat in range(1, self.players):
            if hands.intel[seat] > best:
                best = hands.intel[seat]
        for seat in range(self.players):
            if hands.intel[seat] == best:
                leaders += 1
                if leaders == 1:
                    winner = seat
        if leaders != 1:
            winner = -1
        if winner >= 0:
            intel_team = winner % 2
            t = intel_team
            own = hands.keys[winner] + top_keys[t]
            points = _combo(own + top_keys[1 - t]) - _combo(own)
            value += points if t == self.team else -points
        for seat in range(self.players):
            t = seat % 2
            bonus[seat] = 0
            if intel_team == t:
                bonus[seat] += self.might[tops[1 - t]]
            if not spent[t] and (intel_team < 0 or intel_team == t):
                bonus[seat] += self.might[tops[t]]
            dice[seat] = hands.might[seat] + (self.dealer_dice if seat == self.dealer else 0)
        _battle(self.players, dice, bonus, odds)
        for t in range(2):
            by_team[t] = 0.0
            seat = t
            while seat < self.players:
                by_team[t] = odds[seat] if seat == t else by_team[t] + odds[seat]
                seat += 2
        none = 1.0 - (by_team[0] + by_team[1])
        if not none > 0.0:
            none = 0.0
        if none > 1e-9:
            value += none * self._crib(hands, top_keys, intel_team, -1)
        if by_team[0] > 1e-9:
            value += by_team[0] * self._crib(hands, top_keys, intel_team, 0)
        if by_team[1] > 1e-9:
            value += by_team[1] * self._crib(hands, top_keys, intel_team, 1)
        return value

    def value(
        self,
        keys,
        intel,
        might,
        pile_keys,
        pile_sizes,
        int robber,
        int top0,
        int top1,
        bint spent0,
        bint spent1,
    ) -> float:
        """``Settle.value`` from the fields of its ``Hands`` (``robber`` -1 for none)."""
        cdef Hands hands
        cdef int seat
        if len(keys) != self.players or len(intel) != self.players or len(might) != self.players:
            raise ValueError("a key, Intel and Might for every seat")
        _cards(top0)
        _cards(top1)
        for seat in range(self.players):
            hands.keys[seat] = keys[seat]
            hands.intel[seat] = intel[seat]
            hands.might[seat] = might[seat]
        for seat in range(2):
            hands.pile_keys[seat] = pile_keys[seat]
            hands.pile_sizes[seat] = pile_sizes[seat]
        hands.robber = robber
        return self._value(&hands, top0, top1, spent0, spent1)

    def discard_world(self, int me, holdings, piles, choices, tops, list totals) -> None:
        """``Settle.discard_world``: add each choice's value with each pair of Tops, divided
        by how many pairs, to ``totals``, in the same order."""
        cdef Hands hands
        cdef int seat, i, k, n = len(tops), team = me % 2
        cdef int magic[2]
        cdef int top_pairs[64][2]
        cdef uint64_t base_key
        cdef int base_size, base_magic
        cdef double total
        if len(holdings) != self.players or not 0 <= me < self.players:
            raise ValueError("a holding for every seat, and ours among them")
        if n > 64:
            raise ValueError("at most 64 pairs of Tops")
        if len(totals) < len(choices):
            raise ValueError("a total for every choice")
        for k in range(n):
            top_pairs[k][0] = _cards(tops[k][0])
            top_pairs[k][1] = _cards(tops[k][1])
        for seat in range(self.players):
            hands.keys[seat] = holdings[seat][0]
            hands.intel[seat] = holdings[seat][1]
            hands.might[seat] = holdings[seat][2]
        for seat in range(2):
            hands.pile_keys[seat] = piles[seat][0]
            hands.pile_sizes[seat] = piles[seat][1]
            magic[seat] = piles[seat][2]
        base_key = hands.pile_keys[team]
        base_size = hands.pile_sizes[team]
        base_magic = magic[team]
        for i in range(len(choices)):
            kept, thrown = choices[i]
            hands.keys[me] = kept[0]
            hands.intel[me] = kept[1]
            hands.might[me] = kept[2]
            hands.pile_keys[team] = base_key + <uint64_t>thrown[0]
            hands.pile_sizes[team] = base_size + <int>thrown[1]
            magic[team] = base_magic + <int>thrown[2]
            hands.robber = -1 if magic[0] == magic[1] else (0 if magic[0] > magic[1] else 1)
            total = totals[i]
            for k in range(n):
                total += self._value(&hands, top_pairs[k][0], top_pairs[k][1], False, False) / n
            totals[i] = total


cdef int _cards(object card) except -1:
    cdef int c = card
    if not 0 <= c < 52:
        raise ValueError(f"no card {c}")
    return c


# -- the play -------------------------------------------------------------------------------


cdef inline int _mod(int a, int b) noexcept nogil:
    """``a % b`` as Python takes it (never negative for b > 0)."""
    cdef int r = a % b
    return r + b if r < 0 else r


cdef struct Peg:
    int players
    int hands[SEATS][HAND]
    int sizes[SEATS]
    int count
    signed char cards[COUNT_CARDS]
    int n_cards
    int passed[SEATS]
    int n_passed
    int turn
    int last


cdef int _next_in_count(Peg* peg, int seat) noexcept nogil:
    cdef int k, nxt
    for k in range(1, peg.players + 1):
        nxt = (seat + k) % peg.players
        if not peg.passed[nxt]:
            return nxt
    return seat


cdef int _rollout_choice(Peg* peg, int* playable, int n_playable) noexcept nogil:
    """``rollout_choice``: the first card with the most by ``play_key`` (points now, not
    leaving 5 or 21, the higher card)."""
    cdef int i, card, new, points, safe, best = -1, best_points = 0, best_safe = 0
    for i in range(n_playable):
        card = playable[i]
        new = peg.count + VALUE[card]
        peg.cards[peg.n_cards] = card
        points = pegging_points(peg.cards, peg.n_cards + 1, new)
        safe = -1 if new == 5 or new == 21 else 0
        if best < 0 or points > best_points or (
            points == best_points
            and (safe > best_safe or (safe == best_safe and VALUE[card] > VALUE[best]))
        ):
            best, best_points, best_safe = card, points, safe
    return best


cdef int _run(Peg* peg, int first, int* need, int* gained) except -2:
    """``Peg.run``: play ``first`` for the seat to play, then everyone by the rollout
    choice; the team that reached its need first, or -1 (``gained``: what each pegged)."""
    cdef int forced = first
    cdef int playable[HAND]
    cdef int n_playable, j, k, card, points, team, found, seat
    gained[0] = 0
    gained[1] = 0
    while True:
        n_playable = 0
        for j in range(peg.sizes[peg.turn]):
            if VALUE[peg.hands[peg.turn][j]] <= 31 - peg.count:
                playable[n_playable] = peg.hands[peg.turn][j]
                n_playable += 1
        if n_playable:
            if forced >= 0:
                card = forced
            else:
                card = _rollout_choice(peg, playable, n_playable)
            forced = -1
            found = 0
            for j in range(peg.sizes[peg.turn]):  # list.remove: the first such card
                if peg.hands[peg.turn][j] == card:
                    for k in range(j, peg.sizes[peg.turn] - 1):
                        peg.hands[peg.turn][k] = peg.hands[peg.turn][k + 1]
                    found = 1
                    break
            if not found:
                raise ValueError("list.remove(x): x not in list")
            if peg.n_cards >= COUNT_CARDS - 1:
                raise ValueError("a count of too many cards")
            peg.sizes[peg.turn] -= 1
            peg.count += VALUE[card]
            peg.cards[peg.n_cards] = card
            peg.n_cards += 1
            peg.last = peg.turn
            points = pegging_points(peg.cards, peg.n_cards, peg.count)
            team = peg.turn % 2
            gained[team] += points
            if points and gained[team] >= need[team]:
                return team
            if peg.count < 31:
                peg.turn = _next_in_count(peg, peg.turn)
                continue
        else:
            if not peg.passed[peg.turn]:
                peg.passed[peg.turn] = 1
                peg.n_passed += 1
            if peg.n_passed < peg.players:
                peg.turn = _next_in_count(peg, peg.turn)
                continue
            team = _mod(peg.last, 2)
            gained[team] += 1
            if gained[team] >= need[team]:
                return team
        found = 0
        for seat in range(peg.players):
            found += peg.sizes[seat]
        if not found:
            return -1
        peg.count = 0
        peg.n_cards = 0
        for seat in range(SEATS):
            peg.passed[seat] = 0
        peg.n_passed = 0
        found = 0
        for k in range(peg.players):  # the leader: the last to play, or the next with cards
            seat = _mod(peg.last + k, peg.players)
            if peg.sizes[seat]:
                found = 1
                break
        if not found:
            raise AssertionError("no cards left to lead")
        peg.turn = seat


def play_world(
    hands, int count, cards, passed, int me, int last, need, candidates, double win, list totals
) -> None:
    """``not_enough.expert.play_world``: each candidate played by ``me``, the rest rolled
    out; ``totals[i]`` gains ±``win`` for the team out first, or our pegging less theirs."""
    cdef Peg start
    cdef Peg peg
    cdef int needs[2]
    cdef int gained[2]
    cdef int players = len(hands), seat, j, i, out, team = me % 2, size
    cdef double total
    if not 0 < players <= SEATS or not 0 <= me < players:
        raise ValueError("one to four seats, ours among them")
    if len(cards) >= COUNT_CARDS or len(totals) < len(candidates):
        raise ValueError("a count of too many cards, or too few totals")
    start.players = players
    for seat in range(players):
        size = len(hands[seat])
        if size > HAND:
            raise ValueError("a hand of too many cards")
        start.sizes[seat] = size
        for j in range(size):
            start.hands[seat][j] = _cards(hands[seat][j])
        start.passed[seat] = 0
    start.n_passed = 0
    for seat in passed:
        if not 0 <= seat < players:
            raise ValueError(f"no seat {seat}")
        if not start.passed[seat]:
            start.passed[seat] = 1
            start.n_passed += 1
    start.count = count
    start.n_cards = len(cards)
    for j in range(start.n_cards):
        start.cards[j] = _cards(cards[j])
    start.turn = me
    start.last = last
    needs[0] = need[0]
    needs[1] = need[1]
    for i in range(len(candidates)):
        peg = start
        out = _run(&peg, _cards(candidates[i]), needs, gained)
        total = totals[i]
        if out >= 0:
            total += win if out == team else -win
        else:
            total += gained[team] - gained[1 - team]
        totals[i] = total


# -- the worlds' shuffle -------------------------------------------------------------------


def shuffle(rng, list cards) -> None:
    """``rng.shuffle(cards)`` as ``random.Random`` does it (from the last place down, each
    swap with a place drawn by ``_randbelow``: ``getrandbits`` of the bound's bit length until
    below it), the bits drawn from ``rng.getrandbits`` itself: the same draws in the same
    order. ``not_enough.worlds`` checks at import that this Python shuffles the same way."""
    cdef Py_ssize_t i, bound, m
    cdef Py_ssize_t r
    cdef int bits
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        bound = i + 1
        bits = 0
        m = bound
        while m:
            bits += 1
            m >>= 1
        r = getrandbits(bits)
        while r >= bound:
            r = getrandbits(bits)
        cards[i], cards[r] = cards[r], cards[i]
