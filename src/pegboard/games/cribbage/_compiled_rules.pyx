# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Cribbage's rules in C: one state machine behind ``Game`` and the research environments.

The state of a game is a C struct (:class:`State`, in ``_compiled_rules.pxd``); actions are the
environment's integer ids (0..51 play that card, 52 go, 53 ready, 54 + a mask of hand
positions discard those cards). The transitions are C functions that take an event list:
``Game``'s rules (:class:`CompiledCribbage` under :mod:`pegboard.games.cribbage.fast`) pass
one and get exactly the events the Python rules (:mod:`pegboard.games.cribbage.rules`) write,
the environments pass ``None`` and write none. Chance stays outside: a cut and a shuffle are
pending until the caller resolves them.

Everything here follows the Python rules move for move;
tests/games/test_cribbage_compiled_rules.py plays both side by side and compares every record
byte for byte.
"""

from libc.string cimport memset

from pegboard.cards import DECK, NAME_OF, parse_card
from pegboard.core.chance import Pick, Shuffle
from pegboard.core.claims import CountingRound
from pegboard.core.outcome import Outcome as GameOutcome
from pegboard.core.rules import Rules
from pegboard.errors import IllegalAction
from pegboard.scoring.show import show_items

cdef tuple NAMES = NAME_OF
cdef tuple CARDS = DECK
cdef object SHUFFLE = Shuffle(DECK)
cdef tuple PICKS = (None, Pick(1), Pick(2), Pick(3), Pick(4))
cdef dict GO_ACTION = {"type": "go"}
cdef dict READY_ACTION = {"type": "ready"}
cdef tuple PHASE_NAMES = (
    "cut", "deal", "discard", "play", "pre-show", "count", "post-show", "over"
)
cdef tuple REASONS = (None, "target", "leave")
cdef int SKUNK_TARGET = 121

# Per hand size n and discard size k: the position masks in the Python rules' order
# (itertools.combinations of the sorted hand) and ascending (the environment's order).
cdef int SUBSETS[7][3][20]
cdef int SUBSETS_SORTED[7][3][20]
cdef int SUBSET_COUNT[7][3]


cdef void _fill_subsets() noexcept:
    cdef int n, k, mask, bits, m, count, i, j, t, a, b
    for n in range(7):
        for k in range(3):
            count = 0
            if k == 1:
                for a in range(n):
                    SUBSETS[n][k][count] = 1 << a
                    count += 1
            elif k == 2:
                for a in range(n):
                    for b in range(a + 1, n):
                        SUBSETS[n][k][count] = (1 << a) | (1 << b)
                        count += 1
            elif k == 0:
                SUBSETS[n][k][0] = 0
                count = 1
            SUBSET_COUNT[n][k] = count
            for i in range(count):
                SUBSETS_SORTED[n][k][i] = SUBSETS[n][k][i]
            for i in range(1, count):  # insertion sort: at most 15 masks
                t = SUBSETS_SORTED[n][k][i]
                j = i - 1
                while j >= 0 and SUBSETS_SORTED[n][k][j] > t:
                    SUBSETS_SORTED[n][k][j + 1] = SUBSETS_SORTED[n][k][j]
                    j -= 1
                SUBSETS_SORTED[n][k][j + 1] = t


_fill_subsets()


# -- cards ------------------------------------------------------------------------------------


cdef inline int rank_of(int card) noexcept nogil:
    return (card >> 2) + 1


cdef inline int value_of(int card) noexcept nogil:
    cdef int rank = (card >> 2) + 1
    return 10 if rank > 10 else rank


cdef inline list names(const signed char* cards, int n):
    cdef list out = []
    cdef int i
    for i in range(n):
        out.append(NAMES[cards[i]])
    return out


cdef inline list card_list(const signed char* cards, int n):
    cdef list out = []
    cdef int i
    for i in range(n):
        out.append(CARDS[cards[i]])
    return out


# -- scoring ----------------------------------------------------------------------------------


cdef int show_total(const signed char* hand, int starter, bint crib) noexcept nogil:
    """What ``pegboard.scoring.show.show_total`` counts: fifteens, pairs, runs, the flush
    (a crib's only with the starter's suit) and his nob."""
    cdef int cards[5]
    cdef int i, j, mask, total = 0, value_sum
    cdef int counts[15]
    for i in range(4):
        cards[i] = hand[i]
    cards[4] = starter
    for mask in range(1, 32):
        value_sum = 0
        for i in range(5):
            if mask >> i & 1:
                value_sum += value_of(cards[i])
        if value_sum == 15:
            total += 2
    for i in range(5):
        for j in range(i + 1, 5):
            if rank_of(cards[i]) == rank_of(cards[j]):
                total += 2
    memset(counts, 0, sizeof(counts))
    for i in range(5):
        counts[rank_of(cards[i])] += 1
    # Five cards hold at most one run of 3 or more ranks: its length times the ways to pick it.
    cdef int start = 1, length, ways, r
    while start <= 13:
        if counts[start] == 0:
            start += 1
            continue
        length = 0
        ways = 1
        r = start
        while r <= 13 and counts[r] > 0:
            ways *= counts[r]
            length += 1
            r += 1
        if length >= 3:
            total += length * ways
        start = r
    cdef int suit = cards[0] & 3
    if (cards[1] & 3) == suit and (cards[2] & 3) == suit and (cards[3] & 3) == suit:
        if (starter & 3) == suit:
            total += 5
        elif not crib:
            total += 4
    for i in range(4):
        if cards[i] == 40 + (starter & 3):  # the Jack of the starter's suit
            total += 1
    return total


cdef inline int pair_suffix(const signed char* cards, int n) noexcept nogil:
    cdef int last = rank_of(cards[n - 1]), k = 1
    while k < n and rank_of(cards[n - 1 - k]) == last:
        k += 1
    return k if k >= 2 else 0


cdef inline int run_suffix(const signed char* cards, int n) noexcept nogil:
    if n < 3:
        return 0
    cdef int seen = 0, low, high, longest = 0, k, rank
    low = high = rank_of(cards[n - 1])
    for k in range(1, n + 1):
        rank = rank_of(cards[n - k])
        if seen >> rank & 1:
            break
        seen |= 1 << rank
        if rank < low:
            low = rank
        elif rank > high:
            high = rank
        if k >= 3 and high - low == k - 1:
            longest = k
    return longest


cdef int pegging_points(const signed char* cards, int n, int count) noexcept nogil:
    """What the last of ``cards`` (the count so far, making ``count``) pegs."""
    cdef int points = 2 if count == 15 or count == 31 else 0
    cdef int pair = pair_suffix(cards, n)
    return points + pair * (pair - 1) + run_suffix(cards, n)


cdef list pegging_items(State* s):
    """The pegging items of the card just played, as ``score_pegging`` explains them."""
    cdef list items = []
    cdef int n = s.count_len
    if s.count == 15 or s.count == 31:
        items.append({
            "kind": "fifteen" if s.count == 15 else "thirty-one",
            "points": 2,
            "cards": names(s.count_cards, n),
        })
    cdef int pair = pair_suffix(s.count_cards, n)
    if pair:
        items.append({
            "kind": "pair",
            "points": pair * (pair - 1),
            "cards": names(&s.count_cards[n - pair], pair),
        })
    cdef int run = run_suffix(s.count_cards, n)
    if run:
        items.append({"kind": "run", "points": run, "cards": names(&s.count_cards[n - run], run)})
    return items


# -- seats ------------------------------------------------------------------------------------


cdef inline bint is_active(State* s, int seat) noexcept nogil:
    return s.active >> seat & 1


cdef int active_count(State* s) noexcept nogil:
    cdef int n = 0, seat
    for seat in range(s.players):
        n += s.active >> seat & 1
    return n


cdef int side_count(State* s) noexcept nogil:
    return 2 if s.teams else s.players


cdef inline int partner(State* s, int seat) noexcept nogil:
    return (seat + 2) % 4 if s.teams else seat


cdef int seats_from_left(State* s, int seat, int* order) noexcept nogil:
    """Active seats from ``seat``'s left round to ``seat`` itself: dealing and playing order."""
    cdef int n = 0, k, other
    for k in range(1, s.players + 1):
        other = (seat + k) % s.players
        if is_active(s, other):
            order[n] = other
            n += 1
    return n


cdef int next_active(State* s, int seat) noexcept nogil:
    cdef int k, other
    for k in range(1, s.players + 1):
        other = (seat + k) % s.players
        if is_active(s, other):
            return other
    return -1


cdef int next_in_count(State* s, int seat) noexcept nogil:
    """The next active seat clockwise that has not said go in this count."""
    cdef int k, other
    for k in range(1, s.players + 1):
        other = (seat + k) % s.players
        if is_active(s, other) and not (s.passed >> other & 1):
            return other
    return -1


# -- the state --------------------------------------------------------------------------------


cdef void new_count(State* s) noexcept nogil:
    s.count = 0
    s.count_len = 0
    s.turn = -1
    s.passed = 0
    s.last_player = -1
    s.plays_len = 0


cdef void new_hand_state(State* s) noexcept nogil:
    cdef int seat
    for seat in range(4):
        s.hand_len[seat] = 0
        s.kept_len[seat] = 0
        s.tossed_len[seat] = 0
    s.crib_len = 0
    s.rest_len = 0
    s.starter = -1
    new_count(s)
    s.ready = 0
    s.to_count_len = 0
    s.to_count_pos = 0
    s.shown_len = 0


cdef void init_state(State* s, int players, int target, bint teams, bint skip_empty,
                     bint skip_pass, bint skip_only_move, bint pre_show, bint post_show,
                     bint manual, bint draw_dealer) noexcept nogil:
    memset(s, 0, sizeof(State))
    s.players = players
    s.target = target
    s.teams = teams
    s.skip_empty = skip_empty
    s.skip_pass = skip_pass
    s.skip_only_move = skip_only_move
    s.pre_show = pre_show
    s.post_show = post_show
    s.manual = manual
    s.draw_dealer = draw_dealer
    s.active = (1 << players) - 1
    s.phase = P_CUT
    s.dealer = -1
    s.hand_number = 0
    s.reason = END_NONE
    new_hand_state(s)


# -- who acts ---------------------------------------------------------------------------------


cdef int to_act_mask(State* s) noexcept nogil:
    """Seats that must act now, as bits (the manual count's seat is the counting round's)."""
    cdef int seat, mask = 0
    if s.phase == P_PLAY:
        return 1 << s.turn if s.turn >= 0 else 0
    if s.phase == P_DISCARD:
        for seat in range(s.players):
            if is_active(s, seat) and s.tossed_len[seat] == 0:
                mask |= 1 << seat
        return mask
    if s.phase == P_PRE_SHOW or s.phase == P_POST_SHOW:
        return s.active & ~s.ready
    return 0


cdef int legal_ids(State* s, int seat, int* out) noexcept nogil:
    """``seat``'s legal ids, ascending; how many (at most 20)."""
    cdef int n = 0, i, size, room
    if s.phase == P_PLAY:
        if seat != s.turn:
            return 0
        room = 31 - s.count
        for i in range(s.hand_len[seat]):
            if value_of(s.hands[seat][i]) <= room:
                out[n] = s.hands[seat][i]
                n += 1
        if n == 0:
            out[0] = ID_GO
            n = 1
        return n
    if s.phase == P_DISCARD:
        if not is_active(s, seat) or s.tossed_len[seat]:
            return 0
        size = s.hand_len[seat]
        for i in range(SUBSET_COUNT[size][size - 4]):
            out[i] = ID_DISCARD + SUBSETS_SORTED[size][size - 4][i]
        return SUBSET_COUNT[size][size - 4]
    if s.phase == P_PRE_SHOW or s.phase == P_POST_SHOW:
        if is_active(s, seat) and not (s.ready >> seat & 1):
            out[0] = ID_READY
            return 1
    return 0


cdef bint is_legal(State* s, int seat, int action) noexcept nogil:
    cdef int ids[20]
    cdef int n = legal_ids(s, seat, ids), i
    for i in range(n):
        if ids[i] == action:
            return True
    return False


cdef int auto_move(State* s) noexcept nogil:
    """The id of the move the table's options make by themselves now, or -1."""
    if s.phase != P_PLAY:
        return -1
    cdef int seat = s.turn
    if s.hand_len[seat] == 0:
        return ID_GO if s.skip_empty or s.skip_only_move else -1
    cdef int room = 31 - s.count, i, n = 0, only = -1
    for i in range(s.hand_len[seat]):
        if value_of(s.hands[seat][i]) <= room:
            n += 1
            only = s.hands[seat][i]
    if n == 0:
        return ID_GO if s.skip_pass or s.skip_only_move else -1
    if s.skip_only_move and n == 1:
        return only
    return -1


# -- chance -----------------------------------------------------------------------------------


cdef int pending_chance(State* s) noexcept nogil:
    if s.phase == P_CUT:
        return CHANCE_CUT
    if s.phase == P_DEAL:
        return CHANCE_DEAL
    return CHANCE_NONE


cdef int resolve_cut(State* s, int pick, list ev) except -1:
    """The draw for the dealer (the first hand's, or every hand's with dealer=random): the
    ``pick``-th active seat."""
    cdef int seat, k = 0
    for seat in range(s.players):
        if is_active(s, seat):
            if k == pick:
                s.dealer = seat
                s.phase = P_DEAL
                return 0
            k += 1
    raise ValueError(f"no active seat number {pick}")


cdef inline void sort_cards(signed char* cards, int n) noexcept nogil:
    cdef int i, j
    cdef signed char t
    for i in range(1, n):
        t = cards[i]
        j = i - 1
        while j >= 0 and cards[j] > t:
            cards[j + 1] = cards[j]
            j -= 1
        cards[j + 1] = t


cdef int resolve_deal(State* s, const signed char* deck, list ev) except -1:
    """Deal ``deck`` (52 card ids, top first): one card at a time from the dealer's left, the
    crib card with three players, the rest kept with the starter on top."""
    new_hand_state(s)
    s.hand_number += 1
    cdef int order[4]
    cdef int n = seats_from_left(s, s.dealer, order)
    cdef int size = 6 if n == 2 else 5
    cdef int i, seat, used = size * n
    for i in range(used):
        seat = order[i % n]
        s.hands[seat][s.hand_len[seat]] = deck[i]
        s.hand_len[seat] += 1
    if n == 3:
        s.crib[0] = deck[used]
        s.crib_len = 1
    s.rest_len = 52 - used - s.crib_len
    for i in range(s.rest_len):
        s.rest[i] = deck[used + s.crib_len + i]
    for seat in range(s.players):
        sort_cards(s.hands[seat], s.hand_len[seat])
    s.phase = P_DISCARD
    if ev is not None:
        event = {"type": "deal", "hand": s.hand_number, "dealer": s.dealer}
        if s.draw_dealer:  # dealer=random: this hand's dealer was drawn (records say so)
            event["drawn"] = True
        event["hands"] = [names(s.hands[seat], s.hand_len[seat]) for seat in range(s.players)]
        event["crib"] = names(s.crib, s.crib_len)
        ev.append(event)
    return 0


# -- the hand ---------------------------------------------------------------------------------


cdef bint peg(State* s, int seat, int points, object items, list ev) except -1:
    """``points`` to ``seat``'s side, with the score event when events are written; True if
    that ended the game (the end event is the owner's to write)."""
    s.scores[seat] += points
    if s.teams:
        s.scores[(seat + 2) % 4] += points
    if ev is not None:
        ev.append({
            "type": "score",
            "seat": seat,
            "points": points,
            "items": items,
            "scores": [s.scores[i] for i in range(s.players)],
        })
    if s.scores[seat] >= s.target:
        finish(s, END_TARGET)
        return True
    return False


cdef int discard(State* s, int seat, int mask, list ev) except -1:
    cdef int i, n = 0, kept = 0
    cdef signed char* hand = s.hands[seat]
    for i in range(s.hand_len[seat]):
        if mask >> i & 1:
            s.tossed[seat][n] = hand[i]
            s.crib[s.crib_len] = hand[i]
            s.crib_len += 1
            n += 1
        else:
            s.kept[seat][kept] = hand[i]
            kept += 1
    s.tossed_len[seat] = n
    s.kept_len[seat] = kept
    for i in range(kept):
        hand[i] = s.kept[seat][i]
    s.hand_len[seat] = kept
    if ev is not None:
        ev.append({"type": "discard", "seat": seat, "cards": names(s.tossed[seat], n)})
    for i in range(s.players):
        if is_active(s, i) and s.tossed_len[i] == 0:
            return 0
    cut_starter(s, ev)
    return 0


cdef int cut_starter(State* s, list ev) except -1:
    cdef int starter = s.rest[0]
    s.starter = starter
    if ev is not None:
        ev.append({"type": "starter", "card": NAMES[starter]})
    # A Jack turned up: "his heels", 2 for the dealer, which may end the game.
    if rank_of(starter) == 11:
        items = (
            [{"kind": "heels", "points": 2, "cards": [NAMES[starter]]}] if ev is not None else None
        )
        if peg(s, s.dealer, 2, items, ev):
            return 0
    s.phase = P_PLAY
    s.turn = next_active(s, s.dealer)
    return 0


cdef int play(State* s, int seat, int card, list ev) except -1:
    cdef int i = 0, n = s.hand_len[seat]
    cdef signed char* hand = s.hands[seat]
    for i in range(n):
        if hand[i] == card:
            break
    for i in range(i, n - 1):
        hand[i] = hand[i + 1]
    s.hand_len[seat] = n - 1
    s.count += value_of(card)
    s.count_cards[s.count_len] = card
    s.count_len += 1
    s.play_seat[s.plays_len] = seat
    s.play_card[s.plays_len] = card
    s.plays_len += 1
    s.last_player = seat
    if ev is not None:
        ev.append({"type": "play", "seat": seat, "card": NAMES[card], "count": s.count})
    cdef int points = pegging_points(s.count_cards, s.count_len, s.count)
    if points and peg(s, seat, points, pegging_items(s) if ev is not None else None, ev):
        return 0
    if s.count == 31:
        end_count(s, ev)
    else:
        s.turn = next_in_count(s, seat)
    return 0


cdef int go(State* s, int seat, list ev) except -1:
    s.passed |= 1 << seat
    if ev is not None:
        ev.append({"type": "go", "seat": seat})
    if (s.passed & s.active) == s.active:
        end_count(s, ev)
    else:
        s.turn = next_in_count(s, seat)
    return 0


cdef int end_count(State* s, list ev) except -1:
    """Everyone has passed, or the count is 31: the last to play pegs, the count resets."""
    cdef int seat
    cdef bint cards_left = False
    for seat in range(s.players):
        if is_active(s, seat) and s.hand_len[seat]:
            cards_left = True
    if s.count < 31 and s.last_player >= 0:
        items = None
        if ev is not None:
            items = [{"kind": "go" if cards_left else "last-card", "points": 1, "cards": []}]
        if peg(s, s.last_player, 1, items, ev):
            return 0
    if ev is not None:
        ev.append({"type": "reset"})
    s.count = 0
    s.count_len = 0
    s.passed = 0
    if cards_left:
        s.turn = next_in_count(s, s.last_player)
    else:
        s.turn = -1
        start_show(s, ev)
    return 0


cdef int start_show(State* s, list ev) except -1:
    if s.pre_show:
        s.phase = P_PRE_SHOW
        s.ready = 0
    else:
        show(s, ev)
    return 0


cdef int show(State* s, list ev) except -1:
    """Each hand from the dealer's left, the dealer last, then the crib."""
    cdef int order[4]
    cdef int n = seats_from_left(s, s.dealer, order), i
    for i in range(n):
        s.to_count_seat[i] = order[i]
        s.to_count_crib[i] = False
    s.to_count_seat[n] = s.dealer
    s.to_count_crib[n] = True
    s.to_count_len = n + 1
    s.to_count_pos = 0
    count_next(s, ev)
    return 0


cdef inline const signed char* shown_cards(State* s, int seat, bint crib) noexcept nogil:
    if crib:
        return &s.crib[0]
    return &s.kept[seat][0]


cdef int count_next(State* s, list ev) except -1:
    """Lay down the next hand (or the crib) and count it; with manual counting stop there
    (phase ``count``: the owner runs the claims)."""
    cdef int seat, total
    cdef bint crib
    cdef const signed char* cards
    while s.to_count_pos < s.to_count_len:
        seat = s.to_count_seat[s.to_count_pos]
        crib = s.to_count_crib[s.to_count_pos]
        s.to_count_pos += 1
        cards = shown_cards(s, seat, crib)
        total = show_total(cards, s.starter, crib)
        s.shown_seat[s.shown_len] = seat
        s.shown_crib[s.shown_len] = crib
        s.shown_points[s.shown_len] = -1 if s.manual else total
        s.shown_len += 1
        if ev is not None:
            ev.append({
                "type": "show",
                "seat": seat,
                "cards": names(cards, 4),
                "crib": crib,
                "starter": NAMES[s.starter],
            })
        if s.manual:
            s.phase = P_COUNT
            return 0
        if total:
            items = None
            if ev is not None:
                found = show_items(card_list(cards, 4), CARDS[s.starter], crib=crib)
                items = [item.to_json() for item in found]
            if peg(s, seat, total, items, ev):
                return 0
    end_show(s, ev)
    return 0


cdef int end_show(State* s, list ev) except -1:
    if s.post_show:
        s.phase = P_POST_SHOW
        s.ready = 0
    else:
        next_hand(s)
    return 0


cdef void next_hand(State* s) noexcept nogil:
    """dealer=random: draw the next dealer (a chance step); rotate: the deal passes left."""
    if s.draw_dealer:
        s.phase = P_CUT
        return
    s.dealer = next_active(s, s.dealer)
    s.phase = P_DEAL


cdef int ready(State* s, int seat, list ev) except -1:
    s.ready |= 1 << seat
    if ev is not None:
        ev.append({"type": "ready", "seat": seat})
    if (s.ready & s.active) == s.active:
        if s.phase == P_PRE_SHOW:
            show(s, ev)
        else:
            next_hand(s)
    return 0


cdef int act(State* s, int seat, int action, list ev) except -1:
    """``seat`` takes ``action``, a legal id (the caller has checked it)."""
    if action < 52:
        play(s, seat, action, ev)
    elif action == ID_GO:
        go(s, seat, ev)
    elif action == ID_READY:
        ready(s, seat, ev)
    else:
        discard(s, seat, action - ID_DISCARD, ev)
    return 0


# -- the end ----------------------------------------------------------------------------------


cdef void rank_sides(State* s) noexcept nogil:
    """``pegboard.core.outcome.rank_sides``: leavers keep their ranks; the other sides take
    the free ranks by score, best first, equal scores sharing the better rank."""
    cdef int sides = side_count(s)
    cdef int open_sides[4]
    cdef int n_open = 0, side, i, j, t, rank
    cdef int free[4]
    cdef int n_free = 0
    memset(free, 0, sizeof(free))
    cdef int used = 0
    for side in range(sides):
        if s.fixed[side]:
            used |= 1 << s.fixed[side]
        else:
            open_sides[n_open] = side
            n_open += 1
    for rank in range(1, sides + 1):
        if not (used >> rank & 1):
            free[n_free] = rank
            n_free += 1
    for i in range(1, n_open):  # stable, best score first
        t = open_sides[i]
        j = i - 1
        while j >= 0 and s.scores[open_sides[j]] < s.scores[t]:
            open_sides[j + 1] = open_sides[j]
            j -= 1
        open_sides[j + 1] = t
    for side in range(sides):
        if s.fixed[side]:
            s.ranks[side] = s.fixed[side]
    for i in range(n_open):
        side = open_sides[i]
        if i > 0 and s.scores[side] == s.scores[open_sides[i - 1]]:
            s.ranks[side] = s.ranks[open_sides[i - 1]]
        else:
            s.ranks[side] = free[i]
    if s.teams:  # a side is seats 0 and 2, or 1 and 3
        s.ranks[2] = s.ranks[0]
        s.ranks[3] = s.ranks[1]


cdef void finish(State* s, int reason) noexcept nogil:
    rank_sides(s)
    s.skunked = 0
    s.double_skunked = 0
    cdef int seat
    if s.target == SKUNK_TARGET and reason == END_TARGET:
        for seat in range(s.players):
            if s.fixed[seat]:  # a leaver is ranked by leaving, not by the board
                continue
            if s.ranks[seat] > 1 and s.scores[seat] < s.target - 60:
                s.double_skunked |= 1 << seat
            elif s.ranks[seat] > 1 and s.scores[seat] < s.target - 30:
                s.skunked |= 1 << seat
    s.reason = reason
    s.phase = P_OVER
    s.turn = -1


cdef object make_outcome(State* s):
    cdef int n = s.players
    return GameOutcome(
        tuple([s.scores[i] for i in range(n)]),
        tuple([s.ranks[i] for i in range(n)]),
        REASONS[s.reason],
        tuple([i for i in range(n) if s.skunked >> i & 1]),
        tuple([i for i in range(n) if s.double_skunked >> i & 1]),
    )


cdef int leave(State* s, int seat, list ev) except -1:
    """``seat`` (and a partner) leave: the worst rank still free, the hand ends unscored."""
    cdef int sides = side_count(s), used = 0, worst = 0, rank, other, remaining = 0
    for other in range(s.players):
        if s.fixed[other]:
            used |= 1 << s.fixed[other]
    for rank in range(1, sides + 1):
        if not (used >> rank & 1):
            worst = rank
    s.fixed[seat] = worst
    s.active &= ~(1 << seat)
    if s.teams:
        s.fixed[(seat + 2) % 4] = worst
        s.active &= ~(1 << ((seat + 2) % 4))
    if ev is not None:
        ev.append({"type": "leave", "seat": seat, "rank": worst})
    if s.teams:  # sides still playing
        remaining = (s.active & 0b0101 != 0) + (s.active & 0b1010 != 0)
    else:
        remaining = active_count(s)
    if remaining <= 1:
        finish(s, END_LEAVE)
        return 0
    new_hand_state(s)
    if s.phase != P_CUT:
        next_hand(s)
    return 0


# -- the Python face: Game's rules -------------------------------------------------------------


cdef class CompiledCribbage:
    """One game of Cribbage as ``Game``'s rules object: the :class:`~pegboard.core.rules.Rules`
    calls (dict actions in, events out) over the C state. :class:`FastCribbageRules` adds the
    views; the environments drive the same C functions on their own states."""

    cdef State s
    cdef public list events
    cdef public object outcome
    cdef public int players
    cdef public object counting
    """The manual count in progress (a :class:`~pegboard.core.claims.CountingRound`)."""

    def __init__(self, int players, options):
        if not 2 <= players <= 4:
            raise ValueError(f"cribbage is for 2 to 4 players, not {players}")
        init_state(
            &self.s,
            players,
            int(options["score_target"]),
            bool(options["teams"]),
            bool(options["skip_empty"]),
            bool(options["skip_pass"]),
            bool(options["skip_only_move"]),
            bool(options["pre_show"]),
            bool(options["post_show"]),
            options["counting"] == "manual",
            options["dealer"] == "random",
        )
        self.players = players
        self.events = []
        self.outcome = None
        self.counting = None

    # -- who acts, and how ------------------------------------------------------------------

    @property
    def to_act(self):
        if self.s.phase == P_COUNT:
            return self.counting.to_act if self.counting is not None else ()
        cdef int mask = to_act_mask(&self.s)
        if self.s.phase == P_PLAY:
            return (self.s.turn,)
        return tuple([seat for seat in range(self.s.players) if mask >> seat & 1])

    def legal(self, int seat):
        cdef State* s = &self.s
        cdef int ids[20]
        cdef int n, i, size, k
        if s.phase == P_PLAY:
            if seat != s.turn:
                return []
            n = legal_ids(s, seat, ids)
            if ids[0] == ID_GO:
                return [GO_ACTION]
            return [{"type": "play", "card": NAMES[ids[i]]} for i in range(n)]
        if s.phase == P_DISCARD:
            if not 0 <= seat < s.players or not is_active(s, seat) or s.tossed_len[seat]:
                return []
            size = s.hand_len[seat]
            k = size - 4
            return [
                {"type": "discard", "cards": self._mask_names(seat, SUBSETS[size][k][i])}
                for i in range(SUBSET_COUNT[size][k])
            ]
        if s.phase == P_PRE_SHOW or s.phase == P_POST_SHOW:
            if 0 <= seat < s.players and is_active(s, seat) and not (s.ready >> seat & 1):
                return [READY_ACTION]
            return []
        if s.phase == P_COUNT and self.counting is not None:
            return self.counting.legal(seat)
        return []

    cdef list _mask_names(self, int seat, int mask):
        cdef int i
        return [NAMES[self.s.hands[seat][i]] for i in range(self.s.hand_len[seat]) if mask >> i & 1]

    def legal_ids(self, int seat):
        """``seat``'s legal actions as the environment's ids, ascending."""
        cdef int ids[20]
        cdef int n = legal_ids(&self.s, seat, ids) if 0 <= seat < self.s.players else 0
        return [ids[i] for i in range(n)]

    def action_id(self, int seat, action):
        """The id of a canonical play, go, ready or discard of ``seat``."""
        kind = action["type"]
        if kind == "play":
            return _card_id(action["card"])
        if kind == "go":
            return ID_GO
        if kind == "ready":
            return ID_READY
        if kind == "discard":
            return ID_DISCARD + self._positions(seat, action["cards"])
        raise IllegalAction(f"{kind!r} actions have no id")

    cdef int _positions(self, int seat, cards) except -1:
        cdef int mask = 0, card, i
        for name in cards:
            card = _card_id(name)
            for i in range(self.s.hand_len[seat]):
                if self.s.hands[seat][i] == card:
                    mask |= 1 << i
                    break
            else:
                raise IllegalAction(f"{name} is not in seat {seat}'s hand")
        return mask

    def apply(self, int seat, action):
        """Carry out a legal, canonical action (``Game`` has checked it)."""
        kind = action["type"]
        if kind in ("claim", "muggins", "pass"):
            self._count_step(seat, action)
        else:
            self.apply_id(seat, self.action_id(seat, action))

    def apply_id(self, int seat, int action):
        """Carry out a legal id of ``seat`` (the caller has checked it)."""
        act(&self.s, seat, action, self.events)
        self._after()

    def auto_action(self):
        cdef int move = auto_move(&self.s)
        if move < 0:
            return None
        if move == ID_GO:
            return (self.s.turn, GO_ACTION)
        return (self.s.turn, {"type": "play", "card": NAMES[move]})

    def check_open(self, int seat, action, legal):
        if self.s.phase == P_COUNT and self.counting is not None:
            self.counting.check(seat, action)
            return
        Rules.check_open(self, seat, action, legal)

    # -- chance -------------------------------------------------------------------------------

    def pending_chance(self):
        cdef int step = pending_chance(&self.s)
        if step == CHANCE_CUT:
            return PICKS[active_count(&self.s)]
        if step == CHANCE_DEAL:
            return SHUFFLE
        return None

    def resolve_chance(self, outcome):
        cdef signed char deck[52]
        cdef int i
        step = pending_chance(&self.s)
        if step == CHANCE_CUT:
            resolve_cut(&self.s, outcome[0], self.events)
        elif step == CHANCE_DEAL:
            if len(outcome) != 52:
                raise ValueError(f"a shuffle is 52 cards, not {len(outcome)}")
            for i in range(52):
                deck[i] = outcome[i]
            resolve_deal(&self.s, deck, self.events)
        else:
            raise NotImplementedError("CribbageRules has no chance step pending")

    # -- manual counting ----------------------------------------------------------------------

    cdef void _after(self) except *:
        """After a transition: the end event, or a manual count to start."""
        if self.s.phase == P_OVER and self.outcome is None:
            self.outcome = make_outcome(&self.s)
            if self.events is not None:
                self.events.append({"type": "end", **self.outcome.to_json()})
        elif self.s.phase == P_COUNT and self.counting is None:
            self._start_counting()

    cdef void _start_counting(self) except *:
        cdef State* s = &self.s
        cdef int last = s.shown_len - 1
        cdef int seat = s.shown_seat[last], i, other
        cdef bint crib = s.shown_crib[last]
        cdef const signed char* cards = shown_cards(s, seat, crib)
        hand = card_list(cards, 4)
        cdef int order[4]
        cdef int n = seats_from_left(s, seat, order)
        callers = tuple([
            order[i] for i in range(n) if order[i] != seat and order[i] != partner(s, seat)
        ])
        self.counting = CountingRound(
            claimant=seat,
            label="crib" if crib else "hand",
            cards=(*hand, CARDS[s.starter]),
            items=show_items(hand, CARDS[s.starter], crib=crib),
            callers=callers,
        )

    cdef void _count_step(self, int seat, action) except *:
        """A claim, a Muggins call or a pass in manual counting."""
        counting = self.counting
        event, items = counting.step(seat, action)
        self.events.append(event)
        if event["type"] == "claim":
            self.s.shown_points[self.s.shown_len - 1] = event["points"]
        if items:
            points = sum([item.points for item in items])
            if peg(&self.s, seat, points, [item.to_json() for item in items], self.events):
                self._after()  # the count stays on the table, as the Python rules leave it
                return
        if counting.done:
            self.counting = None
            count_next(&self.s, self.events)
            self._after()

    # -- leaving ------------------------------------------------------------------------------

    def leave(self, int seat):
        leave(&self.s, seat, self.events)
        if self.s.phase != P_OVER:
            self.counting = None  # the hand ends unscored
        self._after()

    def in_game(self, int seat):
        return 0 <= seat < self.s.players and bool(is_active(&self.s, seat))

    # -- the state, as the Python rules name it (views, tests, bots' worlds) --------------------

    @property
    def phase(self):
        return PHASE_NAMES[self.s.phase]

    @property
    def teams(self):
        return bool(self.s.teams)

    @property
    def target(self):
        return self.s.target

    @property
    def manual(self):
        return bool(self.s.manual)

    @property
    def skip_empty(self):
        return bool(self.s.skip_empty)

    @property
    def skip_pass(self):
        return bool(self.s.skip_pass)

    @property
    def skip_only_move(self):
        return bool(self.s.skip_only_move)

    @property
    def pre_show(self):
        return bool(self.s.pre_show)

    @property
    def post_show(self):
        return bool(self.s.post_show)

    @property
    def dealer(self):
        return self.s.dealer

    @property
    def dealer_rule(self):
        return "random" if self.s.draw_dealer else "rotate"

    @property
    def hand_number(self):
        return self.s.hand_number

    @property
    def turn(self):
        return self.s.turn

    @property
    def last_player(self):
        return self.s.last_player

    @property
    def count(self):
        return self.s.count

    @property
    def scores(self):
        return [self.s.scores[i] for i in range(self.s.players)]

    @property
    def active(self):
        return [seat for seat in range(self.s.players) if is_active(&self.s, seat)]

    @property
    def fixed_ranks(self):
        return {seat: self.s.fixed[seat] for seat in range(self.s.players) if self.s.fixed[seat]}

    @property
    def hands(self):
        return [card_list(self.s.hands[i], self.s.hand_len[i]) for i in range(self.s.players)]

    @property
    def kept(self):
        return [card_list(self.s.kept[i], self.s.kept_len[i]) for i in range(self.s.players)]

    @property
    def tossed(self):
        return [card_list(self.s.tossed[i], self.s.tossed_len[i]) for i in range(self.s.players)]

    @property
    def crib(self):
        return card_list(self.s.crib, self.s.crib_len)

    @property
    def rest(self):
        return card_list(self.s.rest, self.s.rest_len)

    @property
    def starter(self):
        return CARDS[self.s.starter] if self.s.starter >= 0 else None

    @property
    def count_cards(self):
        return card_list(self.s.count_cards, self.s.count_len)

    @property
    def plays(self):
        return [(self.s.play_seat[i], CARDS[self.s.play_card[i]]) for i in range(self.s.plays_len)]

    @property
    def passed(self):
        return {seat for seat in range(self.s.players) if self.s.passed >> seat & 1}

    @property
    def ready(self):
        return {seat for seat in range(self.s.players) if self.s.ready >> seat & 1}

    @property
    def shown(self):
        cdef int i, seat, points
        cdef bint crib
        out = []
        for i in range(self.s.shown_len):
            seat = self.s.shown_seat[i]
            crib = self.s.shown_crib[i]
            points = self.s.shown_points[i]
            out.append({
                "seat": seat,
                "cards": names(shown_cards(&self.s, seat, crib), 4),
                "crib": crib,
                "points": None if points < 0 else points,
            })
        return out

    def playable(self, int seat):
        cdef int room = 31 - self.s.count, i
        return [
            CARDS[self.s.hands[seat][i]]
            for i in range(self.s.hand_len[seat])
            if value_of(self.s.hands[seat][i]) <= room
        ]

    def sides(self):
        if self.s.teams:
            return [[0, 2], [1, 3]]
        return [[seat] for seat in range(self.s.players)]

    def side_of(self, int seat):
        return [seat, (seat + 2) % 4] if self.s.teams else [seat]

    def __copy__(self):
        raise TypeError("copy a game's rules with copy.deepcopy")

    def __deepcopy__(self, memo):
        cdef CompiledCribbage twin = type(self).__new__(type(self))
        twin.s = self.s
        twin.players = self.players
        twin.events = list(self.events) if self.events is not None else None
        twin.outcome = self.outcome
        import copy
        twin.counting = copy.deepcopy(self.counting, memo)
        extra = getattr(self, "__dict__", None)
        if extra:
            twin.__dict__.update(copy.deepcopy(extra, memo))
        return twin

    def __reduce__(self):
        raise TypeError("the compiled Cribbage core is not pickled; replay its record")


cdef int _card_id(name) except -1:
    return <int>parse_card(name)


# -- tests' window onto the C scoring -----------------------------------------------------------


def c_show_total(hand, int starter, bint crib=False):
    """The C show count of four card ids and a starter (tests compare it with the tables)."""
    cdef signed char cards[4]
    cdef int i
    for i in range(4):
        cards[i] = hand[i]
    return show_total(cards, starter, crib)


def c_pegging_points(cards):
    """The C pegging points of the last of ``cards`` (the current count)."""
    cdef signed char buf[16]
    cdef int n = len(cards), i, count = 0
    for i in range(n):
        buf[i] = cards[i]
        count += value_of(cards[i])
    return pegging_points(buf, n, count)
