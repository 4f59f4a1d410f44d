# The play's rollout in C (see _rollout.pyx), for the compiled play search (_play_search.pyx)
# to roll out its worlds without going through Python.
from libc.stdint cimport uint64_t

cdef enum:
    SEATS = 4
    HAND = 8
    COUNT_CARDS = 16

cdef struct Play:
    # a PegPosition: seats in table order, each seat's cards, the count and its passes
    int n_seats
    int seats[SEATS]
    int index_of[SEATS]   # a seat's place in seats, -1 if not in the play
    int hands[SEATS][HAND]
    int sizes[SEATS]
    int passed[SEATS]
    int n_passed
    signed char cards[COUNT_CARDS]
    int n_cards
    int count
    int turn
    int last
    int style[SEATS]      # per seat: 0 heuristic_policy, 1 greedy_policy, 2 any card (RANDOM), 3 book_policy, 4 search_style
    uint64_t luck         # pegging.Luck's state, for the RANDOM and SEARCHER seats

cdef int choose_greedy(const int* playable, int n_playable, int count, signed char* cards,
                       int n_cards) noexcept nogil
cdef int read_position(Play* p, object position) except -1
cdef int read_styles(Play* p, object styles) except -1
cdef int roll_out(Play* p, const int* sides, int n_sides, const int* needs, bint has_need,
                  int forced, int* gained) except -2
