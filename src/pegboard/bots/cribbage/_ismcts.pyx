# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""``ismcts``'s play search in C: :meth:`pegboard.bots.cribbage.ismcts.IsmctsBot._play_python`,
simulation for simulation.

The measuring opponent spends nearly all its time in the play's thousand simulations a
decision: a world dealt (``worlds.sample_world``, 2 players, no model), the tree descended by
UCB with availability counts as the play's policy, one new node, the heuristic playing on
(``_rollout``'s rollout), the shows, the race. Here the same steps run on C arrays from the
same generator state (the bot's ``random.Random`` taken over by ``core/_seeded``'s Mersenne
Twister and handed back): ``Random.shuffle`` and ``Random.choice`` on its words, the same
doubles in the same order (built with ``-ffp-contract=off``), so every decision is the
Python's (tests/bots/test_ismcts.py plays both).
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.math cimport log, sqrt
from libc.string cimport memcpy

from pegboard.bots.search._rollout cimport HAND, SEATS, Play, read_position, roll_out
from pegboard.core._seeded cimport MT, mt_load, mt_randbelow, mt_shuffle, mt_store
from pegboard.games.cribbage._compiled_rules cimport pegging_points, show_total

from pegboard.cards import RANK_OF, VALUE_OF, parse_cards

cdef enum:
    CARDS = 52
    RANKS = 14  # ranks 1..13
    RACE_N = 122  # race.TARGET + 1
    TARGET = 121

cdef int RANK[CARDS]
cdef int VALUE[CARDS]
for _card in range(CARDS):
    RANK[_card] = RANK_OF[_card]
    VALUE[_card] = VALUE_OF[_card]


cdef struct Node:
    int seat
    int parent
    int visits
    double total
    int available
    int child[RANKS]  # by rank, -1 for none


cdef struct Tree:
    Node* nodes
    int size
    int node      # the descent's node
    int path[2 * HAND + 1]
    int n_path
    bint grown
    double explore


cdef struct Deal:
    # sample_world's inputs for the one other seat, and what the shows and the race need
    int me
    int other
    int n_unseen
    int unseen[CARDS]
    int floor
    int want
    int n_played
    int played[4]
    signed char kept_me[4]
    int n_discarded
    int discarded[4]
    int crib_size
    int starter
    int show_order[2]
    int dealer
    int score[2]
    int need[2]
    int target
    bint deal_next
    bint drawn


cdef int _new_node(Tree* t, int seat, int parent) except -1:
    cdef Node* n = &t.nodes[t.size]
    cdef int r
    n.seat = seat
    n.parent = parent
    n.visits = 0
    n.total = 0.0
    n.available = 1
    for r in range(RANKS):
        n.child[r] = -1
    t.size += 1
    return t.size - 1


cdef double _ucb(Tree* t, Node* n) noexcept nogil:
    """``Node.ucb``: the same doubles in the same order."""
    cdef int available = n.available if n.available > 1 else 1
    return n.total / n.visits + t.explore * sqrt(log(<double>available) / n.visits)


cdef int _descend(Tree* t, MT* g, int seat, const int* playable, int n_playable) except -1:
    """``Descent.__call__`` before the tree has grown: the card (one per rank, the first of
    it in ``playable``) by UCB, or a new node for a rank not tried here (then it has grown)."""
    cdef int ranks[RANKS]
    cdef int cards[RANKS]
    cdef int fresh[RANKS]
    cdef int n_ranks = 0, n_fresh = 0
    cdef int i, j, r, rank, best
    cdef bint seen
    cdef Node* node = &t.nodes[t.node]
    cdef double value, best_value
    for i in range(n_playable):
        r = RANK[playable[i]]
        seen = False
        for j in range(n_ranks):
            if ranks[j] == r:
                seen = True
                break
        if not seen:
            ranks[n_ranks] = r
            cards[n_ranks] = playable[i]
            n_ranks += 1
    for i in range(n_ranks):
        if node.child[ranks[i]] >= 0:
            t.nodes[node.child[ranks[i]]].available += 1
        else:
            fresh[n_fresh] = i
            n_fresh += 1
    if n_fresh:
        i = fresh[mt_randbelow(g, n_fresh)]  # rng.choice(fresh)
        best = _new_node(t, seat, t.node)
        node = &t.nodes[t.node]  # (the pool does not move: it is allocated whole)
        node.child[ranks[i]] = best
        t.grown = True
    else:
        i = 0
        best_value = 0.0
        for j in range(n_ranks):
            value = _ucb(t, &t.nodes[node.child[ranks[j]]])
            if j == 0 or value > best_value:
                i = j
                best_value = value
        best = node.child[ranks[i]]
    t.node = best
    t.path[t.n_path] = best
    t.n_path += 1
    return cards[i]


cdef int _play_out(Play* p, Tree* t, MT* g, const int* needs, int* gained) except -2:
    """``pegging.play_out`` with the descent as the policy until the tree has grown, then
    ``_rollout``'s heuristic: the points per seat (sides are seats) in ``gained`` and the
    seat that reached its need first, or -1."""
    cdef int playable[HAND]
    cdef int sides[2]
    cdef int left[SEATS]
    cdef int more[SEATS]
    cdef int n_playable, j, k, card, points, turn, side, hand_size, found
    sides[0] = 0
    sides[1] = 1
    for j in range(SEATS):
        gained[j] = 0
    while True:
        turn = p.turn
        n_playable = 0
        for j in range(p.sizes[turn]):
            if VALUE[p.hands[turn][j]] <= 31 - p.count:
                playable[n_playable] = p.hands[turn][j]
                n_playable += 1
        if n_playable:
            if n_playable == 1:
                card = playable[0]
            elif t.grown:  # the heuristic plays on, from here
                for j in range(SEATS):
                    left[j] = needs[j] - gained[j]
                side = roll_out(p, sides, 2, left, True, -1, more)
                for j in range(SEATS):
                    gained[j] += more[j]
                return side
            else:
                card = _descend(t, g, turn, playable, n_playable)
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
            p.count += VALUE[card]
            p.cards[p.n_cards] = card
            p.n_cards += 1
            p.last = turn
            points = pegging_points(p.cards, p.n_cards, p.count)
            if points:
                gained[turn] += points
                if gained[turn] >= needs[turn]:
                    return turn
            if p.count < 31:
                # the other seat, unless it said go (then this one plays on)
                if not p.passed[1 - turn]:
                    p.turn = 1 - turn
                continue
        else:
            if not p.passed[turn]:
                p.passed[turn] = 1
                p.n_passed += 1
            if p.n_passed < 2:
                p.turn = 1 - turn
                continue
            side = p.last if p.last >= 0 else 1  # as Python indexes -1
            gained[side] += 1
            if gained[side] >= needs[side]:
                return side
        if p.sizes[0] + p.sizes[1] == 0:
            return -1
        p.count = 0
        p.n_cards = 0
        p.passed[0] = 0
        p.passed[1] = 0
        p.n_passed = 0
        p.turn = 1 - p.last if p.last >= 0 else 0


cdef int _world(MT* g, Deal* d, Play* p, signed char kept[2][4], signed char* crib) except -1:
    """``worlds.sample_world`` (2 players, no greedy seat): the other's unplayed cards dealt
    into ``p``, each seat's four shown cards in ``kept``, the crib in ``crib``; its size."""
    cdef int pool[CARDS]
    cdef int n_pool = d.n_unseen
    cdef int chosen = 0, n_rest = 0, i, n_crib, short
    cdef int other = d.other
    memcpy(pool, d.unseen, n_pool * sizeof(int))
    mt_shuffle(g, pool, n_pool)
    cdef int rest[CARDS]
    for i in range(n_pool):
        if chosen < d.want and VALUE[pool[i]] > d.floor:
            p.hands[other][chosen] = pool[i]
            chosen += 1
        else:
            rest[n_rest] = pool[i]
            n_rest += 1
    short = 0
    if chosen < d.want:  # cannot happen with a real history; fill from anything
        short = d.want - chosen
        if short > n_rest:
            short = n_rest
        for i in range(short):
            p.hands[other][chosen] = rest[i]
            chosen += 1
    p.sizes[other] = chosen
    if d.n_played + chosen != 4:
        raise ValueError(f"seat {other} would show {d.n_played + chosen} cards, not four")
    for i in range(d.n_played):
        kept[other][i] = d.played[i]
    for i in range(chosen):
        kept[other][d.n_played + i] = p.hands[other][i]
    for i in range(4):
        kept[d.me][i] = d.kept_me[i]
    n_crib = d.n_discarded
    for i in range(n_crib):
        crib[i] = d.discarded[i]
    for i in range(d.crib_size - d.n_discarded):
        if short + i >= n_rest:
            break
        if n_crib < 4:
            crib[n_crib] = rest[short + i]
        n_crib += 1
    return n_crib


cdef double _value(Deal* d, int first, int* gained, signed char kept[2][4], signed char* crib,
                   int n_crib, const double[:, ::1] dealing, const double[:, ::1] pone):
    """``IsmctsBot._play_value``: the shows in order, the first out winning, else the race."""
    cdef int after[2]
    cdef int k, seat, mine, theirs
    after[0] = d.score[0] + gained[0]
    after[1] = d.score[1] + gained[1]
    if first < 0:
        for k in range(2):
            seat = d.show_order[k]
            after[seat] += show_total(kept[seat], d.starter, False)
            if after[seat] >= d.target:
                first = seat
                break
    if first < 0 and n_crib == 4:
        after[d.dealer] += show_total(crib, d.starter, True)
        if after[d.dealer] >= d.target:
            first = d.dealer
    if first >= 0:
        return 1.0 if first == d.me else 0.0
    mine = d.target - after[d.me]
    theirs = d.target - after[d.other]
    if mine > TARGET:
        mine = TARGET
    if theirs > TARGET:
        theirs = TARGET
    if d.drawn:  # the next dealer drawn: either of the two, 1/2 each
        return 0.5 * dealing[mine, theirs] + 0.5 * pone[theirs, mine]
    if d.deal_next:
        return dealing[mine, theirs]
    return pone[theirs, mine]


cdef int _read_deal(Deal* d, search) except -1:
    view = search.view
    history = search.history
    cdef int i
    d.me = search.me
    if sorted(history.seats) != [0, 1] or search.teams:
        raise ValueError("the compiled ismcts plays 2-player Cribbage only")
    d.other = 1 - d.me
    unseen = search.unseen
    d.n_unseen = len(unseen)
    for i in range(d.n_unseen):
        d.unseen[i] = unseen[i]
    d.floor = history.above.get(d.other, 0)
    d.want = int(view["hand_sizes"][d.other])
    played = history.played_by(d.other)
    d.n_played = len(played)
    if d.n_played > 4 or d.want > 4:
        raise ValueError("more than four cards a hand")
    for i in range(d.n_played):
        d.played[i] = played[i]
    kept = [int(c) for c in parse_cards(view["kept"])]
    if len(kept) != 4:
        raise ValueError("the play search needs the four cards kept")
    for i in range(4):
        d.kept_me[i] = kept[i]
    discarded = [int(c) for c in parse_cards(view["discarded"])]
    d.n_discarded = len(discarded)
    if d.n_discarded > 4:
        raise ValueError("a crib of more than four cards")
    for i in range(d.n_discarded):
        d.discarded[i] = discarded[i]
    d.crib_size = int(view["crib_size"])
    d.starter = search.starter
    for i in range(2):
        d.show_order[i] = search.show_order[i]
        d.score[i] = search.score[i]
        d.need[i] = search.need[i]
    d.dealer = search.dealer
    d.target = search.target
    d.deal_next = search.sides[search.dealer] != d.me
    d.drawn = False
    return 0


cdef struct Given:
    # one world dealt beforehand: the other's unplayed cards, the shown hands, the crib
    int n_held
    int held[HAND]
    signed char kept[2][4]
    signed char crib[4]
    int n_crib


cdef int _read_given(Given* out, Deal* d, worlds) except -1:
    cdef int k, i
    for k, (others, kept, crib) in enumerate(worlds):
        held = others[d.other]
        out[k].n_held = len(held)
        if out[k].n_held > 4 or len(crib) > 4:
            raise ValueError("a world of more than four cards a hand")
        for i in range(out[k].n_held):
            out[k].held[i] = held[i]
        for i in range(4):
            out[k].kept[d.me][i] = kept[d.me][i]
            out[k].kept[d.other][i] = kept[d.other][i]
        out[k].n_crib = len(crib)
        for i in range(out[k].n_crib):
            out[k].crib[i] = crib[i]
    return 0


cdef int _given(Given* w, Deal* d, Play* p, signed char kept[2][4], signed char* crib) noexcept:
    """A world dealt beforehand into ``p``, ``kept`` and ``crib``; the crib's size."""
    cdef int i
    for i in range(w.n_held):
        p.hands[d.other][i] = w.held[i]
    p.sizes[d.other] = w.n_held
    memcpy(kept, w.kept, sizeof(w.kept))
    for i in range(w.n_crib):
        crib[i] = w.crib[i]
    return w.n_crib


def root_visits(search, rng, int simulations, double explore, dealing, pone, worlds=None,
                bint drawn=False):
    """``IsmctsBot._play_python``'s tree after ``simulations``: the root's children as
    ``(rank, visits)`` in the order they were added, ``rng`` left as the Python leaves it.
    ``dealing`` and ``pone`` are ``race.race_tables()`` (the game's payoff, dealt in turn).
    With ``worlds`` (``_play_search.sample_worlds``: ``(others, kept, crib)`` each), the
    simulations play those in turn instead of dealing their own; with ``drawn``, the next
    dealer is drawn (the tables ``race_tables(payoff, "random")``, a deal's end valued before
    the draw)."""
    cdef Deal d
    cdef Play start, play
    cdef Tree t
    cdef MT g
    cdef int gained[SEATS]
    cdef signed char kept[2][4]
    cdef signed char crib[4]
    cdef int n, k, r, n_crib, first, me
    cdef double value
    cdef Node* node
    cdef const double[:, ::1] deal_table = dealing
    cdef const double[:, ::1] pone_table = pone
    if deal_table.shape[0] < RACE_N or deal_table.shape[1] < RACE_N:
        raise ValueError("race tables of 122 by 122")
    cdef Given* given = NULL
    cdef int n_given = 0 if worlds is None else len(worlds)
    _read_deal(&d, search)
    d.drawn = drawn
    read_position(&start, search.start)
    me = d.me
    if worlds is not None and n_given == 0:
        raise ValueError("no worlds given")
    t.nodes = <Node*>PyMem_Malloc((simulations + 1) * sizeof(Node))
    if t.nodes == NULL:
        raise MemoryError()
    if n_given:
        given = <Given*>PyMem_Malloc(n_given * sizeof(Given))
        if given == NULL:
            PyMem_Free(t.nodes)
            raise MemoryError()
    t.size = 0
    t.explore = explore
    mt_load(&g, rng)
    try:
        if n_given:
            _read_given(given, &d, worlds)
        _new_node(&t, -1, -1)
        for n in range(simulations):
            memcpy(&play, &start, sizeof(Play))
            if n_given:
                n_crib = _given(&given[n % n_given], &d, &play, kept, crib)
            else:
                n_crib = _world(&g, &d, &play, kept, crib)
            t.node = 0
            t.path[0] = 0
            t.n_path = 1
            t.grown = False
            first = _play_out(&play, &t, &g, d.need, gained)
            value = _value(&d, first, gained, kept, crib, n_crib, deal_table, pone_table)
            for k in range(1, t.n_path):
                node = &t.nodes[t.path[k]]
                node.visits += 1
                node.total += value if node.seat == me else 1.0 - value
        visits = []
        for k in range(1, t.size):
            if t.nodes[k].parent == 0:
                for r in range(1, RANKS):
                    if t.nodes[0].child[r] == k:
                        visits.append((r, t.nodes[k].visits))
        return visits
    finally:
        mt_store(&g, rng)
        PyMem_Free(t.nodes)
        PyMem_Free(given)


# -- the discard --------------------------------------------------------------------------------

cdef void _sample(MT* g, const int* population, int n, int k, int* out) noexcept nogil:
    """``Random.sample(population, k)`` by its pool method (a population of at most 21, or
    85 for seven: every sample here)."""
    cdef int pool[CARDS]
    cdef int i, j
    memcpy(pool, population, n * sizeof(int))
    for i in range(k):
        j = mt_randbelow(g, n - i)
        out[i] = pool[j]
        pool[j] = pool[n - i - 1]


cdef double _hand_value(Play* p, int me, int dealer, const int* scores, int target,
                        signed char kept[2][4], signed char* crib, int starter,
                        const double[:, ::1] dealing, const double[:, ::1] pone) except? -1.0:
    """``IsmctsBot._hand_value``: the heels, the play by the heuristic, the shows in order,
    else the race."""
    cdef int after[2]
    cdef int needs[SEATS]
    cdef int gained[SEATS]
    cdef int sides[2]
    cdef int first, k, seat, mine, theirs
    cdef int pone_seat = 1 - dealer
    sides[0] = 0
    sides[1] = 1
    after[0] = scores[0]
    after[1] = scores[1]
    needs[0] = target - scores[0]
    needs[1] = target - scores[1]
    needs[2] = 0
    needs[3] = 0
    if RANK[starter] == 11:  # his heels
        after[dealer] += 2
        if after[dealer] >= target:
            return 1.0 if dealer == me else 0.0
        needs[dealer] -= 2
    first = roll_out(p, sides, 2, needs, True, -1, gained)
    after[0] += gained[0]
    after[1] += gained[1]
    if first < 0:
        for k in range(3):
            seat = pone_seat if k == 0 else dealer
            if k < 2:
                after[seat] += show_total(kept[seat], starter, False)
            else:
                after[seat] += show_total(crib, starter, True)
            if after[seat] >= target:
                first = seat
                break
    if first >= 0:
        return 1.0 if first == me else 0.0
    mine = target - after[me]
    theirs = target - after[1 - me]
    if mine > TARGET:
        mine = TARGET
    if theirs > TARGET:
        theirs = TARGET
    if dealer != me:  # dealing next
        return dealing[mine, theirs]
    return pone[theirs, mine]


def discard_visits(hand, int me, int dealer, scores, int target, unseen, rng,
                   int simulations, double explore, dealing, pone):
    """``IsmctsBot._discard``'s visits to each of the fifteen discards (in its order: each
    card of ``hand`` with each after it) after ``simulations``, ``rng`` left as the Python
    leaves it. ``dealing`` and ``pone`` are ``race.race_tables()``."""
    cdef int cards[6]
    cdef int pool[CARDS]
    cdef int drawn[7]
    cdef int thrown[2]
    cdef int first_of[15]
    cdef int second_of[15]
    cdef int visits[15]
    cdef double totals[15]
    cdef int score[2]
    cdef signed char kept[2][4]
    cdef signed char crib[4]
    cdef Play play
    cdef MT g
    cdef int n_unseen = len(unseen)
    cdef int other = 1 - me
    cdef int n, i, j, k, c, m, best
    cdef double value, best_value
    cdef const double[:, ::1] deal_table = dealing
    cdef const double[:, ::1] pone_table = pone
    if len(hand) != 6 or n_unseen > 85 or n_unseen < 7 or me not in (0, 1):
        raise ValueError("a 2-player hand of six, at most 85 unseen cards")
    if deal_table.shape[0] < RACE_N or deal_table.shape[1] < RACE_N:
        raise ValueError("race tables of 122 by 122")
    for i in range(6):
        cards[i] = hand[i]
    for i in range(n_unseen):
        pool[i] = unseen[i]
    score[0] = scores[0]
    score[1] = scores[1]
    k = 0
    for i in range(6):
        for j in range(i + 1, 6):
            first_of[k] = cards[i]
            second_of[k] = cards[j]
            visits[k] = 0
            totals[k] = 0.0
            k += 1
    mt_load(&g, rng)
    try:
        for n in range(simulations):
            if n < 15:
                k = n
            else:
                k = 0
                best_value = 0.0
                for i in range(15):
                    value = totals[i] / visits[i] + explore * sqrt(log(<double>n) / visits[i])
                    if i == 0 or value > best_value:
                        k = i
                        best_value = value
            _sample(&g, pool, n_unseen, 7, drawn)
            _sample(&g, drawn, 6, 2, thrown)
            play.n_seats = 2
            play.seats[0] = 0
            play.seats[1] = 1
            play.index_of[0] = 0
            play.index_of[1] = 1
            play.index_of[2] = -1
            play.index_of[3] = -1
            for i in range(SEATS):
                play.sizes[i] = 0
                play.passed[i] = 0
                play.style[i] = 0
            play.n_passed = 0
            play.n_cards = 0
            play.count = 0
            play.turn = 1 - dealer
            play.last = -1
            play.luck = 0
            m = 0
            for i in range(6):
                c = cards[i]
                if c != first_of[k] and c != second_of[k]:
                    play.hands[me][m] = c
                    kept[me][m] = c
                    m += 1
            play.sizes[me] = m
            m = 0
            for i in range(6):
                c = drawn[i]
                if c != thrown[0] and c != thrown[1]:
                    play.hands[other][m] = c
                    kept[other][m] = c
                    m += 1
            play.sizes[other] = m
            crib[0] = first_of[k]
            crib[1] = second_of[k]
            crib[2] = thrown[0]
            crib[3] = thrown[1]
            totals[k] += _hand_value(&play, me, dealer, score, target, kept, crib, drawn[6],
                                     deal_table, pone_table)
            visits[k] += 1
    finally:
        mt_store(&g, rng)
    return [visits[i] for i in range(15)]
