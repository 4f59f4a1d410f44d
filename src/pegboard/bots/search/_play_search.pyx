# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The Cribbage play search's loop over worlds in C: :func:`pegboard.bots.search.play_search.
totals_python`, world for world.

A play decision deals the hidden cards out a few hundred times, weighs each deal, rolls every
candidate card out in it and values the scores reached; in Python that loop was most of an
expert game's time. Here it runs on C arrays: the worlds are drawn as
:func:`~pegboard.bots.search.worlds.sample_world` and
:func:`~pegboard.bots.search.worlds.sample_modelled_world` draw them, from the same
generator state (the bot's ``random.Random`` is taken over by the C Mersenne Twister of
``core/_seeded`` and handed back), with ``Random.shuffle``, ``Random.sample`` and
``Random.random`` written out on its words; the weight is
:func:`~pegboard.bots.search.play_model.likelihood`; the rollout is ``_rollout``'s; the
value the same double steps in the same order as ``PlaySearch.value`` (``math.erfc`` and
``math.exp`` are the C library's), built with ``-ffp-contract=off``. The same totals, and
the generator left in the same state (tests/bots/test_play_search_core.py).
"""

import math

import numpy as np

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.math cimport erfc, exp, pow, sqrt
from libc.stdint cimport uint32_t, uint64_t
from libc.string cimport memcpy, memmove
from posix.time cimport CLOCK_THREAD_CPUTIME_ID, clock_gettime, timespec

from pegboard.bots.search._rollout cimport (
    HAND,
    SEATS,
    Play,
    choose_greedy,
    read_position,
    read_styles,
    roll_out,
)
from pegboard.core._seeded cimport (
    MT,
    mt_getrandbits,
    mt_load,
    mt_randbelow,
    mt_random,
    mt_shuffle,
    mt_store,
)
from pegboard.games.cribbage._compiled_rules cimport pegging_points, show_total

from pegboard.bots.search.keep_model import greedy_throws
from pegboard.bots.search.race import TARGET, race_tables
from pegboard.bots.search.toss_model import STRAY, tossed_ranks
from pegboard.cards import RANK_OF, VALUE_OF, parse_cards

cdef enum:
    CARDS = 52
    RACE_N = 122  # race.TARGET + 1
    PLAYS = 16  # cards played in a hand: at most four seats of four
    HELD = 24  # a seat's cards at its earliest play: its hand and every card played since
    TOSS_TRIES = 30  # worlds.TRIES

cdef int RANK[CARDS]  # 1..13
cdef int VALUE[CARDS]
cdef uint64_t KEY[CARDS]  # scoring.tables.RANK_KEY
for _card in range(CARDS):
    RANK[_card] = RANK_OF[_card]
    VALUE[_card] = VALUE_OF[_card]
    KEY[_card] = (<uint64_t>1) << (3 * (RANK_OF[_card] - 1))

if TARGET + 1 != RACE_N:
    raise ImportError("the race table's size changed: RACE_N must follow race.TARGET")
# race.race_tables(payoff, rule) seen from the searching seat, [its need][the other's need]:
# dealing next, and the other dealing, for each dealer rule (``rotate``; ``random``, the _DRAWN
# ones); then the payoff of winning by the loser's need and of losing by one's own. Filled for
# the payoff of the search at hand (refilled only when it changes).
cdef double RACE_DEAL[RACE_N][RACE_N]
cdef double RACE_PONE[RACE_N][RACE_N]
cdef double RACE_DEAL_DRAWN[RACE_N][RACE_N]
cdef double RACE_PONE_DRAWN[RACE_N][RACE_N]
cdef double WIN_BY[RACE_N]
cdef double LOSS_BY[RACE_N]
_filled_payoff = None


cdef class TossTable:
    """``toss_model.tossed_ranks(strategy)`` as sorted keys, for a binary search."""

    cdef uint64_t* keys
    cdef signed char* low
    cdef signed char* high
    cdef int size

    def __cinit__(self, str strategy):
        rule = sorted(tossed_ranks(strategy).items())
        self.size = len(rule)
        self.keys = <uint64_t*>PyMem_Malloc(self.size * sizeof(uint64_t))
        self.low = <signed char*>PyMem_Malloc(self.size)
        self.high = <signed char*>PyMem_Malloc(self.size)
        if not self.keys or not self.low or not self.high:
            raise MemoryError()
        cdef int i
        for i, (key, (lo, hi)) in enumerate(rule):
            self.keys[i] = key
            self.low[i] = lo
            self.high[i] = hi

    def __dealloc__(self):
        PyMem_Free(self.keys)
        PyMem_Free(self.low)
        PyMem_Free(self.high)

    cdef int find(self, uint64_t key) except -1:
        return _position(self.keys, self.size, key)


cdef class KeepTable:
    """``keep_model.greedy_throws()`` as sorted keys and their masks, for a binary search."""

    cdef uint64_t* keys
    cdef int* masks
    cdef int size

    def __cinit__(self):
        rule = sorted(greedy_throws().items())
        self.size = len(rule)
        self.keys = <uint64_t*>PyMem_Malloc(self.size * sizeof(uint64_t))
        self.masks = <int*>PyMem_Malloc(self.size * sizeof(int))
        if not self.keys or not self.masks:
            raise MemoryError()
        cdef int i
        for i, (key, mask) in enumerate(rule):
            self.keys[i] = key
            self.masks[i] = mask

    def __dealloc__(self):
        PyMem_Free(self.keys)
        PyMem_Free(self.masks)

    cdef int mask(self, uint64_t key) except -1:
        return self.masks[_position(self.keys, self.size, key)]


cdef int _position(const uint64_t* keys, int size, uint64_t key) except -1:
    """Where ``key`` is in the ascending ``keys`` (a binary search)."""
    cdef int lo = 0, hi = size - 1, mid
    while lo <= hi:
        mid = (lo + hi) >> 1
        if keys[mid] == key:
            return mid
        if keys[mid] < key:
            lo = mid + 1
        else:
            hi = mid - 1
    raise KeyError(key)


cdef KeepTable _keeps = None


cdef KeepTable _keep_table():
    global _keeps
    if _keeps is None:
        _keeps = KeepTable()
    return _keeps


_tables = {}


cdef TossTable _table(str strategy):
    table = _tables.get(strategy)
    if table is None:
        table = _tables[strategy] = TossTable(strategy)
    return table


cdef struct Deal:
    # what the worlds are drawn from, read once a decision
    int me
    int n_unseen
    int unseen[CARDS]
    int n_order            # the other seats, in the order sample_world deals them
    int order[SEATS]
    int above[SEATS]       # every card a seat still holds is worth more than this
    int want[SEATS]        # cards a seat still holds
    int n_played[SEATS]    # each seat's plays this hand, in order
    int played[SEATS][4]
    int kept_me[4]
    int n_discarded
    int discarded[4]
    int crib_size
    bint greedy[SEATS]     # the seats dealt as greedy keeps (3 or 4 players)
    double stray           # how often a modelled toss or keep is anything
    # the modelled toss (2 players)
    bint modelled
    int other
    int draw               # cards sampled: the other's unplayed cards and its toss
    bint pool_sample       # Random.sample's method for this draw: a pool (else a set)
    uint64_t played_key


cdef struct World:
    int n_others
    int seat_of[SEATS]     # the other seats of this world
    int others[SEATS][HAND]
    int n_held[SEATS]      # by seat: its unplayed cards
    signed char kept[SEATS][4]
    signed char crib[4]
    int n_crib


cdef struct History:
    # the plays so far and the count each was played onto, for the weights
    int n
    int seat[PLAYS]
    int card[PLAYS]
    int before_start[PLAYS]
    int before_len[PLAYS]
    int before[PLAYS * PLAYS]


cdef struct Valuing:
    # what the scores reached are valued by, read once a decision (PlaySearch's attributes)
    int n_sides            # len(sides): seats
    int sides[SEATS]
    int n_gained           # sides of the game: max(sides) + 1
    int score[SEATS]
    int need[SEATS]
    int target
    int me                 # my side
    int n_opponents
    int opponents[SEATS]
    int n_show
    int show_order[SEATS]
    int dealer_side
    int starter
    bint duel
    bint deal_next
    bint next_drawn        # dealer=random: the next dealer is drawn, either of the two
    int n_in_game
    int in_game[SEATS]     # the sides of the seats still in the game, ascending
    int mine               # my side's place in in_game
    double per_deal
    double spread
    double tie


def totals(search, cards, rng, int worlds, deadline, *, bint weighs, double missed,
           double slip, double floor, int draws, double tie, double per_deal, double spread):
    """``play_search.totals_python(search, cards, rng, worlds, deadline)`` with
    ``search.weighs`` = ``weighs`` and the module constants given: the totals per card and
    the weight they add up to (the caller makes 0 None)."""
    cdef Deal deal
    cdef History history
    cdef Valuing valuing
    cdef Play start, play
    cdef World world
    cdef MT g
    cdef int candidates[HAND]
    cdef double sums[HAND]
    cdef int shows_side[SEATS + 1]
    cdef int shows_points[SEATS + 1]
    cdef int n_cards = len(cards)
    cdef int n_shows, n, i, limit
    cdef uint32_t luck = 0
    cdef bint lucky = search.lucky
    cdef double w, weight = 0.0
    cdef bint has_deadline = deadline is not None
    cdef double until = deadline if has_deadline else 0.0
    cdef TossTable table = None
    cdef KeepTable keeps = _keep_table() if search.greedy else None
    if n_cards > HAND:
        raise ValueError("more than eight candidate cards")
    for i in range(n_cards):
        candidates[i] = cards[i]
        sums[i] = 0.0
    _read_deal(&deal, search)
    if deal.modelled:
        table = _table(search.strategy)
    _read_history(&history, search.history)
    _read_valuing(&valuing, search, tie, per_deal, spread)
    read_position(&start, search.start)
    cdef bint styled = search.styles is not None
    if styled:
        read_styles(&start, search.styles)
    limit = worlds * draws if weighs else worlds
    mt_load(&g, rng)
    try:
        for n in range(limit):
            _deal_world(&g, &deal, table, keeps, &world)
            if lucky:
                luck = mt_getrandbits(&g, 32)
            w = exp(-missed * <double>_passed_up(&history, &world, start.style)) if weighs else 1.0
            if weighs and styled:
                w *= pow(slip, <double>_off_style(&history, &world, start.style))
            if w >= floor:
                n_shows = _shows(&valuing, &world, shows_side, shows_points)
                for i in range(n_cards):
                    memcpy(&play, &start, sizeof(Play))
                    _deal_in(&play, &world)
                    play.luck = luck
                    sums[i] += w * _value(&valuing, &play, candidates[i], shows_side,
                                          shows_points, n_shows)
                weight += w
            if weight >= worlds or (has_deadline and n >= 1 and _thread_time() > until):
                break
    finally:
        mt_store(&g, rng)
    return [sums[i] for i in range(n_cards)], weight


def sample_worlds(search, rng, int worlds):
    """``worlds`` worlds as :func:`totals` deals them (``search.world(rng)`` in Python: the
    other's toss modelled with 2 players), unweighed: per world each other seat's unplayed
    cards, each seat's four shown cards and the crib, as ``(others, kept, crib)`` dicts and
    a list. For a search that plays the worlds otherwise (``late_search``)."""
    cdef Deal deal
    cdef World world
    cdef MT g
    cdef int n, k, seat, i
    cdef TossTable table = None
    cdef KeepTable keeps = _keep_table() if search.greedy else None
    _read_deal(&deal, search)
    if deal.modelled:
        table = _table(search.strategy)
    out = []
    mt_load(&g, rng)
    try:
        for n in range(worlds):
            _deal_world(&g, &deal, table, keeps, &world)
            others = {}
            kept = {}
            for k in range(world.n_others):
                seat = world.seat_of[k]
                others[seat] = [world.others[seat][i] for i in range(world.n_held[seat])]
                kept[seat] = [int(world.kept[seat][i]) for i in range(4)]
            kept[deal.me] = [int(world.kept[deal.me][i]) for i in range(4)]
            out.append((others, kept, [int(world.crib[i]) for i in range(min(world.n_crib, 4))]))
    finally:
        mt_store(&g, rng)
    return out


cdef double _thread_time() noexcept nogil:
    """``time.thread_time()``: this thread's CPU seconds."""
    cdef timespec ts
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


# -- reading the search once a decision ---------------------------------------------------------

cdef int _read_deal(Deal* d, search) except -1:
    view = search.view
    history = search.history
    cdef int me = search.me
    cdef int i, seat
    d.me = me
    unseen = search.unseen
    d.n_unseen = len(unseen)
    for i in range(d.n_unseen):
        d.unseen[i] = unseen[i]
    sizes = view["hand_sizes"]
    for i in range(SEATS):
        d.above[i] = 0
        d.want[i] = 0
        d.n_played[i] = 0
        d.greedy[i] = False
    for seat in search.greedy:
        d.greedy[seat] = True
    d.stray = STRAY
    order = sorted((s for s in history.seats if s != me), key=lambda s: -history.above.get(s, 0))
    d.n_order = len(order)
    for i, seat in enumerate(order):
        d.order[i] = seat
        d.above[seat] = history.above.get(seat, 0)
        d.want[seat] = int(sizes[seat])
    for seat, card in history.plays:
        if d.n_played[seat] >= 4:
            raise ValueError(f"seat {seat} played more than four cards")
        d.played[seat][d.n_played[seat]] = card
        d.n_played[seat] += 1
    kept = [int(c) for c in parse_cards(view["kept"])]
    if len(kept) != 4:
        raise ValueError("the play search needs the four cards kept")
    for i in range(4):
        d.kept_me[i] = kept[i]
    discarded = [int(c) for c in parse_cards(view["discarded"])]
    d.n_discarded = len(discarded)
    for i in range(d.n_discarded):
        d.discarded[i] = discarded[i]
    d.crib_size = int(view["crib_size"])
    d.modelled = search.strategy is not None
    if d.modelled:
        d.other = next(s for s in history.seats if s != me)
        d.draw = int(sizes[d.other]) + 2
        d.played_key = 0
        for i in range(d.n_played[d.other]):
            d.played_key += KEY[d.played[d.other][i]]
        d.pool_sample = d.n_unseen <= _setsize(d.draw)
    return 0


def _setsize(int k):
    """Random.sample's threshold: a population no larger is sampled from a copied pool."""
    setsize = 21
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    return setsize


cdef int _read_history(History* h, history) except -1:
    cdef int k = 0, at = 0, i
    h.n = len(history.plays)
    if h.n > PLAYS:
        raise ValueError("more than sixteen plays")
    for (seat, card), before in zip(history.plays, history.before):
        h.seat[k] = seat
        h.card[k] = card
        h.before_start[k] = at
        h.before_len[k] = len(before)
        for i in range(h.before_len[k]):
            h.before[at] = before[i]
            at += 1
        k += 1
    return 0


cdef int _read_valuing(Valuing* v, search, double tie, double per_deal, double spread) except -1:
    cdef int i, side
    sides = search.sides
    v.n_sides = len(sides)
    for i in range(v.n_sides):
        v.sides[i] = sides[i]
    v.n_gained = max(sides) + 1
    for i in range(v.n_gained):
        v.score[i] = search.score[i]
        v.need[i] = search.need[i]
    v.target = search.target
    v.me = search.my_side
    v.n_opponents = len(search.opponents)
    for i, side in enumerate(search.opponents):
        v.opponents[i] = side
    v.n_show = len(search.show_order)
    for i, seat in enumerate(search.show_order):
        v.show_order[i] = seat
    v.dealer_side = sides[search.dealer]
    v.starter = search.starter
    v.duel = search.duel
    v.deal_next = v.dealer_side != v.me
    v.next_drawn = search.next_drawn
    in_game = sorted({sides[s] for s in search.history.seats})
    v.n_in_game = len(in_game)
    for i, side in enumerate(in_game):
        v.in_game[i] = side
    v.mine = in_game.index(v.me)
    v.per_deal = per_deal
    v.spread = spread
    v.tie = tie
    if v.duel:
        _fill_race(search.payoff)
    return 0


_race_arrays = {}
"""Per payoff, its six tables laid out as the C arrays are, so a search of another payoff
(two bots of one process playing for different things) refills them by copying memory."""


cdef int _fill_race(payoff) except -1:
    global _filled_payoff
    if _filled_payoff == payoff:
        return 0
    arrays = _race_arrays.get(payoff)
    if arrays is None:
        dealing, pone = race_tables(payoff, "rotate")
        dealing_drawn, pone_drawn = race_tables(payoff, "random")
        ends = np.array([[payoff.winning(a) for a in range(RACE_N)],
                         [payoff.losing(a) for a in range(RACE_N)]], dtype=np.float64)
        arrays = tuple(
            np.ascontiguousarray(t, dtype=np.float64)
            for t in (dealing, pone.T, dealing_drawn, pone_drawn.T, ends)
        )
        if len(_race_arrays) >= 8:
            _race_arrays.clear()
        _race_arrays[payoff] = arrays
    cdef double[:, ::1] deal = arrays[0]
    cdef double[:, ::1] pone_t = arrays[1]
    cdef double[:, ::1] deal_drawn = arrays[2]
    cdef double[:, ::1] pone_drawn_t = arrays[3]
    cdef double[:, ::1] ends_by = arrays[4]
    cdef size_t table = RACE_N * RACE_N * sizeof(double)
    memcpy(&RACE_DEAL[0][0], &deal[0, 0], table)
    memcpy(&RACE_PONE[0][0], &pone_t[0, 0], table)
    memcpy(&RACE_DEAL_DRAWN[0][0], &deal_drawn[0, 0], table)
    memcpy(&RACE_PONE_DRAWN[0][0], &pone_drawn_t[0, 0], table)
    memcpy(&WIN_BY[0], &ends_by[0, 0], RACE_N * sizeof(double))
    memcpy(&LOSS_BY[0], &ends_by[1, 0], RACE_N * sizeof(double))
    _filled_payoff = payoff
    return 0


# -- the worlds ---------------------------------------------------------------------------------

cdef int _world(MT* g, Deal* d, KeepTable keeps, World* w) except -1:
    """``worlds.sample_world``, the seats of ``d.greedy`` dealt by ``keeps`` (if not None)."""
    cdef int pool[CARDS]
    cdef int rest[CARDS]
    cdef int thrown[SEATS]
    cdef int n_pool = d.n_unseen
    cdef int n_thrown = 0
    cdef int i, k, seat, card, chosen, n_rest, short, floor, want, throw
    memcpy(pool, d.unseen, n_pool * sizeof(int))
    mt_shuffle(g, pool, n_pool)
    w.n_others = d.n_order
    for k in range(d.n_order):
        seat = d.order[k]
        floor = d.above[seat]
        want = d.want[seat]
        if want > HAND:
            raise ValueError("a hand of more than eight cards")
        w.seat_of[k] = seat
        if keeps is not None and d.greedy[seat]:
            throw = _greedy_keep(g, d, keeps, seat, pool, n_pool, w)
            if throw >= 0:
                thrown[n_thrown] = throw
                n_thrown += 1
                n_pool -= w.n_held[seat] + 1
                memmove(pool, pool + w.n_held[seat] + 1, n_pool * sizeof(int))
                _keep(d, w, seat)
                continue
        chosen = 0
        n_rest = 0
        for i in range(n_pool):
            card = pool[i]
            if chosen < want and VALUE[card] > floor:
                w.others[seat][chosen] = card
                chosen += 1
            else:
                rest[n_rest] = card
                n_rest += 1
        if chosen < want:  # cannot happen with a real history; fill from anything
            short = want - chosen
            if short > n_rest:
                short = n_rest
            for i in range(short):
                w.others[seat][chosen] = rest[i]
                chosen += 1
            n_pool = n_rest - short
            memcpy(pool, rest + short, n_pool * sizeof(int))
        else:
            n_pool = n_rest
            memcpy(pool, rest, n_pool * sizeof(int))
        w.n_held[seat] = chosen
        _keep(d, w, seat)
    for i in range(4):
        w.kept[d.me][i] = d.kept_me[i]
    w.n_crib = d.n_discarded + n_thrown
    if w.n_crib > 4:
        raise ValueError("a crib of more than four cards")
    for i in range(d.n_discarded):
        w.crib[i] = d.discarded[i]
    for i in range(n_thrown):
        w.crib[d.n_discarded + i] = thrown[i]
    k = d.crib_size - w.n_crib
    if k > n_pool:
        k = n_pool
    for i in range(k):
        if w.n_crib < 4:
            w.crib[w.n_crib] = pool[i]
        w.n_crib += 1
    return 0


cdef int _greedy_keep(MT* g, Deal* d, KeepTable keeps, int seat, int* pool, int n_pool,
                      World* w) except -2:
    """``worlds.greedy_keep``: ``seat``'s throw, its unplayed cards put in ``w``; -1 if none
    was dealt in ``TOSS_TRIES``."""
    cdef int n_dealt = 5 - d.n_played[seat]
    cdef uint64_t base = 0, key
    cdef int i, n, mask, throw
    cdef bint fits
    if n_dealt > n_pool:
        return -1
    for i in range(d.n_played[seat]):
        base += KEY[d.played[seat][i]]
    for _ in range(TOSS_TRIES):
        mt_shuffle(g, pool, n_pool)
        if mt_random(g) < d.stray:
            throw = pool[0]
        else:
            key = base
            for i in range(n_dealt):
                key += KEY[pool[i]]
            mask = keeps.mask(key)
            throw = -1
            for i in range(n_dealt):
                if mask >> (RANK[pool[i]] - 1) & 1:
                    throw = pool[i]
                    break
            if throw < 0:
                continue  # the rule would have thrown a card they played
        n = 0
        fits = True
        for i in range(n_dealt):
            if pool[i] != throw:
                if VALUE[pool[i]] <= d.above[seat]:
                    fits = False
                w.others[seat][n] = pool[i]
                n += 1
        if fits:
            w.n_held[seat] = n
            return throw
    return -1


cdef int _keep(Deal* d, World* w, int seat) except -1:
    """The four cards ``seat`` shows: what it played, then what it holds."""
    cdef int n = d.n_played[seat] + w.n_held[seat]
    cdef int i
    if n != 4:
        raise ValueError(f"seat {seat} would show {n} cards, not four")
    for i in range(d.n_played[seat]):
        w.kept[seat][i] = d.played[seat][i]
    for i in range(w.n_held[seat]):
        w.kept[seat][d.n_played[seat] + i] = w.others[seat][i]
    return 0


cdef int _sample(MT* g, Deal* d, int* out) noexcept nogil:
    """``rng.sample(unseen, draw)``, CPython's two methods."""
    cdef int pool[CARDS]
    cdef bint taken[CARDS]
    cdef int n = d.n_unseen
    cdef int i, j
    if d.pool_sample:
        memcpy(pool, d.unseen, n * sizeof(int))
        for i in range(d.draw):
            j = mt_randbelow(g, n - i)
            out[i] = pool[j]
            pool[j] = pool[n - i - 1]
    else:
        for i in range(n):
            taken[i] = False
        for i in range(d.draw):
            j = mt_randbelow(g, n)
            while taken[j]:
                j = mt_randbelow(g, n)
            taken[j] = True
            out[i] = d.unseen[j]
    return 0


cdef int _deal_world(MT* g, Deal* d, TossTable table, KeepTable keeps, World* w) except -1:
    """A world as the search deals it: the other's toss modelled (2 players), or not."""
    if d.modelled:
        return _modelled_world(g, d, table, w)
    return _world(g, d, keeps, w)


cdef int _modelled_world(MT* g, Deal* d, TossTable table, World* w) except -1:
    """``worlds.sample_modelled_world``: the other keeps and tosses as the model says."""
    cdef int dealt[HAND]
    cdef int first, second, i, n, at
    cdef uint64_t key
    cdef bint fits
    for _ in range(TOSS_TRIES):
        _sample(g, d, dealt)
        key = d.played_key
        for i in range(d.draw):
            key += KEY[dealt[i]]
        if mt_random(g) < d.stray:
            first = dealt[0]
            second = dealt[1]
        else:
            at = table.find(key)
            first = -1
            second = -1
            for i in range(d.draw):
                if RANK[dealt[i]] == table.low[at]:
                    first = dealt[i]
                    break
            for i in range(d.draw):
                if RANK[dealt[i]] == table.high[at] and dealt[i] != first:
                    second = dealt[i]
                    break
            if first < 0 or second < 0:
                continue  # the model would have tossed a card they played
        n = 0
        fits = True
        for i in range(d.draw):
            if dealt[i] != first and dealt[i] != second:
                if VALUE[dealt[i]] <= d.above[d.other]:
                    fits = False  # they said go holding a card that fitted
                w.others[d.other][n] = dealt[i]
                n += 1
        if not fits:
            continue
        w.n_others = 1
        w.seat_of[0] = d.other
        w.n_held[d.other] = n
        _keep(d, w, d.other)
        for i in range(4):
            w.kept[d.me][i] = d.kept_me[i]
        w.n_crib = d.n_discarded + 2
        if w.n_crib > 4:
            raise ValueError("a crib of more than four cards")
        for i in range(d.n_discarded):
            w.crib[i] = d.discarded[i]
        w.crib[d.n_discarded] = first
        w.crib[d.n_discarded + 1] = second
        return 0
    return _world(g, d, None, w)


# -- weighing and valuing a world ---------------------------------------------------------------

cdef int _passed_up(History* h, World* w, const int* style) except -1:
    """``play_model.passed_up(history, world.others, styles)``: a seat of style 2 (RANDOM)
    left out."""
    cdef signed char held[SEATS][HELD]
    cdef int n_held[SEATS]
    cdef signed char cards[PLAYS + 1]
    cdef int k, i, seat, card, count, got, best, points, n
    cdef int missed = 0
    for i in range(SEATS):
        n_held[i] = -1  # not one of the others
    for k in range(w.n_others):
        seat = w.seat_of[k]
        if style[seat] == 2:
            continue
        n_held[seat] = w.n_held[seat]
        for i in range(n_held[seat]):
            held[seat][i] = w.others[seat][i]
    for k in range(h.n - 1, -1, -1):
        seat = h.seat[k]
        if n_held[seat] < 0:
            continue
        card = h.card[k]
        n = h.before_len[k]
        count = 0
        for i in range(n):
            cards[i] = h.before[h.before_start[k] + i]
            count += VALUE[cards[i]]
        cards[n] = card
        got = pegging_points(cards, n + 1, count + VALUE[card])
        best = got
        for i in range(n_held[seat]):
            if count + VALUE[held[seat][i]] <= 31:
                cards[n] = held[seat][i]
                points = pegging_points(cards, n + 1, count + VALUE[held[seat][i]])
                if points > best:
                    best = points
        missed += best - got
        if n_held[seat] >= HELD:
            raise ValueError("a seat held more cards than a hand has")
        held[seat][n_held[seat]] = card
        n_held[seat] += 1
    return missed


cdef int _off_style(History* h, World* w, const int* style) except -1:
    """``play_model.off_style(history, world.others, styles)``: the plays of the seats with
    ``greedy``'s style (1) that were not its choice."""
    cdef signed char held[SEATS][HELD]
    cdef int n_held[SEATS]
    cdef signed char cards[PLAYS + 1]
    cdef int playable[HELD]
    cdef int k, i, seat, card, count, n, n_playable
    cdef int off = 0
    for i in range(SEATS):
        n_held[i] = -1  # not one of the others, or not greedy
    for k in range(w.n_others):
        seat = w.seat_of[k]
        if style[seat] != 1:
            continue
        n_held[seat] = w.n_held[seat]
        for i in range(n_held[seat]):
            held[seat][i] = w.others[seat][i]
    for k in range(h.n - 1, -1, -1):
        seat = h.seat[k]
        if n_held[seat] < 0:
            continue
        card = h.card[k]
        if n_held[seat] >= HELD:
            raise ValueError("a seat held more cards than a hand has")
        held[seat][n_held[seat]] = card  # at this play they held it too
        n_held[seat] += 1
        n = h.before_len[k]
        count = 0
        for i in range(n):
            cards[i] = h.before[h.before_start[k] + i]
            count += VALUE[cards[i]]
        n_playable = 0
        for i in range(n_held[seat]):
            if count + VALUE[held[seat][i]] <= 31:
                playable[n_playable] = held[seat][i]
                n_playable += 1
        if RANK[choose_greedy(playable, n_playable, count, cards, n)] != RANK[card]:
            off += 1
    return off


cdef int _shows(Valuing* v, World* w, int* side, int* points) except -1:
    """``PlaySearch.shows``: (side, points) of each show, in the order they are counted."""
    cdef int n = 0, k, seat
    for k in range(v.n_show):
        seat = v.show_order[k]
        side[n] = v.sides[seat]
        points[n] = show_total(w.kept[seat], v.starter, False)
        n += 1
    if w.n_crib == 4:
        side[n] = v.dealer_side
        points[n] = show_total(w.crib, v.starter, True)
        n += 1
    return n


cdef void _deal_in(Play* p, World* w) noexcept nogil:
    cdef int k, i, seat
    for k in range(w.n_others):
        seat = w.seat_of[k]
        p.sizes[seat] = w.n_held[seat]
        for i in range(w.n_held[seat]):
            p.hands[seat][i] = w.others[seat][i]


cdef double _value(Valuing* v, Play* p, int card, int* shows_side, int* shows_points,
                   int n_shows) except? -1e300:
    """``PlaySearch._ranked``: the rollout, the shows, and what the scores reached are worth."""
    cdef int gained[SEATS]
    cdef int after[SEATS]
    cdef int k, side, others, mine, theirs, high
    cdef double tie, ahead, behind, sigma, left
    cdef int first = roll_out(p, v.sides, v.n_sides, v.need, True, card, gained)
    for k in range(v.n_gained):
        after[k] = v.score[k] + gained[k]
    if first < 0:
        for k in range(n_shows):
            side = shows_side[k]
            after[side] += shows_points[k]
            if after[side] >= v.target:
                first = side
                break
    others = 0
    for k in range(v.n_opponents):
        others += gained[v.opponents[k]]
    tie = v.tie * (<double>gained[v.me] - <double>others / <double>(
        v.n_opponents if v.n_opponents > 1 else 1))
    if v.duel:  # the race: whoever is out first (at most one) wins
        mine = v.target - after[v.me]
        theirs = v.target - after[v.opponents[0]]
        if first >= 0:
            if first == v.me:
                return _won(theirs) + tie
            return _lost(mine) + tie
        return _race(mine, theirs, v.deal_next, v.next_drawn) + tie
    if first >= 0:  # objective.finished_rank
        if first == v.me:
            return -1.0 + tie
        ahead = 0.0
        for side in range(v.n_gained):
            if side != v.me and side != first:
                if after[side] > after[v.me]:
                    ahead = ahead + 1.0
                elif after[side] == after[v.me]:
                    ahead = ahead + 0.5
                else:
                    ahead = ahead + 0.0
        return -(2.0 + ahead) + tie
    # objective.deals_to_target and objective.rank_value over the sides in the game
    high = after[v.in_game[0]]
    for k in range(1, v.n_in_game):
        if after[v.in_game[k]] > high:
            high = after[v.in_game[k]]
    left = <double>(v.target - high) / v.per_deal
    sigma = v.spread * sqrt(left if left > 0.5 else 0.5)
    mine = after[v.in_game[v.mine]]
    behind = 0.0
    for k in range(v.n_in_game):
        if k != v.mine:
            behind += 0.5 * erfc(<double>(mine - after[v.in_game[k]]) / (sigma * sqrt(2.0)))
    return -(1.0 + behind) + tie


cdef double _won(int loser_need) noexcept nogil:
    """``Payoff.winning``."""
    return WIN_BY[0 if loser_need < 0 else loser_need if loser_need < RACE_N else RACE_N - 1]


cdef double _lost(int my_need) noexcept nogil:
    """``Payoff.losing``."""
    return LOSS_BY[0 if my_need < 0 else my_need if my_need < RACE_N else RACE_N - 1]


cdef double _race(int mine, int theirs, bint deal_next, bint drawn) noexcept nogil:
    """``race.win_chance``: ``drawn``, the next dealer still to be drawn (dealer=random), else
    ``deal_next`` says who deals."""
    if mine <= 0:
        return _won(theirs)
    if theirs <= 0:
        return _lost(mine)
    if mine > RACE_N - 1:
        mine = RACE_N - 1
    if theirs > RACE_N - 1:
        theirs = RACE_N - 1
    if drawn:
        return 0.5 * RACE_DEAL_DRAWN[mine][theirs] + 0.5 * RACE_PONE_DRAWN[mine][theirs]
    if deal_next:
        return RACE_DEAL[mine][theirs]
    return RACE_PONE[mine][theirs]
