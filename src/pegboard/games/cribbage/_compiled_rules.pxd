# The Cribbage rules in C (see _compiled_rules.pyx): the state of one game and the transitions
# the compiled environments call directly.

cdef enum:
    # phases, in the order a hand goes through them
    P_CUT = 0
    P_DEAL = 1
    P_DISCARD = 2
    P_PLAY = 3
    P_PRE_SHOW = 4
    P_COUNT = 5
    P_POST_SHOW = 6
    P_OVER = 7
    # action ids (the environment's): 0..51 play that card
    ID_GO = 52
    ID_READY = 53
    ID_DISCARD = 54  # + a mask of hand positions
    ID_COUNT = 118
    # chance steps
    CHANCE_NONE = 0
    CHANCE_CUT = 1
    CHANCE_DEAL = 2
    # why a game ended
    END_NONE = 0
    END_TARGET = 1
    END_LEAVE = 2

cdef struct State:
    # the table's options
    int players
    int target
    bint teams
    bint skip_empty
    bint skip_pass
    bint skip_only_move
    bint pre_show
    bint post_show
    bint manual
    bint draw_dealer      # option dealer=random: a dealer drawn for every hand
    # the game
    int active            # bit per seat still in the game
    int fixed[4]          # the rank a leaver was given (0: none)
    int phase
    int dealer            # -1 before the cut
    int hand_number
    int turn              # -1 when nobody is to play a card
    int scores[4]
    # the hand: cards by id, -1 for none
    signed char hands[4][6]   # cards not yet played, ascending
    int hand_len[4]
    signed char kept[4][4]    # the four counted in the show
    int kept_len[4]
    signed char tossed[4][2]  # each seat's own discards
    int tossed_len[4]
    signed char crib[4]
    int crib_len
    signed char rest[52]      # the undealt deck; its top card is the starter
    int rest_len
    int starter
    # the count
    int count
    signed char count_cards[16]
    int count_len
    int passed            # bit per seat that said go in this count
    int last_player
    signed char play_seat[16]
    signed char play_card[16]
    int plays_len
    # pauses and the show
    int ready             # bit per seat ready at a pause
    int to_count_len      # what the show counts, in order: hands from the dealer's left, crib
    int to_count_pos
    signed char to_count_seat[5]
    bint to_count_crib[5]
    int shown_len
    signed char shown_seat[5]
    bint shown_crib[5]
    int shown_points[5]   # -1 while a manual count has not been claimed
    # the end
    int reason
    int ranks[4]
    int skunked           # bit per seat
    int double_skunked

cdef void init_state(State* s, int players, int target, bint teams, bint skip_empty,
                     bint skip_pass, bint skip_only_move, bint pre_show, bint post_show,
                     bint manual, bint draw_dealer) noexcept nogil
cdef int pending_chance(State* s) noexcept nogil
cdef int active_count(State* s) noexcept nogil
cdef int resolve_cut(State* s, int pick, list ev) except -1
cdef int resolve_deal(State* s, const signed char* deck, list ev) except -1
cdef int auto_move(State* s) noexcept nogil
cdef int act(State* s, int seat, int action, list ev) except -1
cdef int to_act_mask(State* s) noexcept nogil
cdef int legal_ids(State* s, int seat, int* out) noexcept nogil
cdef bint is_legal(State* s, int seat, int action) noexcept nogil
cdef int show_total(const signed char* hand, int starter, bint crib) noexcept nogil
cdef int pegging_points(const signed char* cards, int n, int count) noexcept nogil
cdef int side_count(State* s) noexcept nogil
cdef object make_outcome(State* s)
