# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The research environment's Cribbage loop in C, on the rules core of
:mod:`pegboard.games.cribbage._compiled_rules`.

:class:`CribbageEnvCore` is one game: ``step``, ``legal_actions``, ``legal_mask``,
``observation``, ``current_player`` and ``done`` are each one call into C, which applies the
action, resolves chance and the table's automatic moves up to the next decision, and keeps a
compact log (action ids, chance outcomes). It writes no events: the Python class above it
(:class:`pegboard.env.compiled.CribbageEnv`) replays the log through ``Game``'s rules when a
record, the events or a view is asked for. Seeded chance is drawn in C exactly as
:class:`~pegboard.core.chance.SeededChance` draws it (:mod:`pegboard.core._seeded`).

:class:`CribbageVectorCore` steps N two-player games at once for :mod:`pegboard.env.vector`.
"""

cimport numpy as cnp
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from libc.stdint cimport int16_t, int64_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy, memset

from pegboard.core._seeded cimport MT, mt_randbelow, mt_seed_chance, mt_shuffle
from pegboard.core._splitmix cimport splitmix_mix
from pegboard.games.cribbage._compiled_rules cimport (
    CHANCE_CUT,
    CHANCE_DEAL,
    ID_COUNT,
    ID_DISCARD,
    ID_GO,
    P_DISCARD,
    P_OVER,
    P_PLAY,
    P_POST_SHOW,
    P_PRE_SHOW,
    State,
    act,
    active_count,
    auto_move,
    init_state,
    is_legal,
    legal_ids,
    make_outcome,
    pending_chance,
    resolve_cut,
    resolve_deal,
    show_total,
    side_count,
    to_act_mask,
)

import operator

import numpy as np

from pegboard.cards import DECK
from pegboard.core.chance import Pick, Shuffle
from pegboard.env.vector_chance import VectorChance
from pegboard.errors import GameOver, IllegalAction

cnp.import_array()

cdef object SHUFFLE = Shuffle(DECK)
cdef enum:
    DRAW = 52  # bytes per chance step in the log


cdef inline cnp.ndarray zeros(Py_ssize_t n, int typenum):
    """A new zeroed 1-d array (numpy's C API: a tenth of ``np.zeros``'s call)."""
    cdef cnp.npy_intp dims[1]
    dims[0] = n
    return cnp.PyArray_ZEROS(1, dims, typenum, 0)


cdef inline int relative(int other, int seat, int n) noexcept nogil:
    """``other``'s place to ``seat``'s left, 0..n-1 (no division: it runs per card played)."""
    cdef int r = other - seat
    return r + n if r < 0 else r


cdef inline int lowest_seat(int mask) noexcept nogil:
    cdef int seat = 0
    if mask == 0:
        return -1
    while not (mask >> seat & 1):
        seat += 1
    return seat


cdef int action_id(object action) except? -1:
    """An action id from an int (or numpy integer); a clear refusal for anything else."""
    if type(action) is int:
        return action if -(1 << 30) < action < (1 << 30) else -1
    if isinstance(action, bool):
        raise IllegalAction(f"an action is an integer id, not {action!r}")
    try:
        value = operator.index(action)
    except TypeError:
        raise IllegalAction(f"an action is an integer id, not {action!r}") from None
    return value if -(1 << 30) < value < (1 << 30) else -1


cdef class CribbageEnvCore:
    """One Cribbage game for :class:`pegboard.env.compiled.CribbageEnv` (see the module text)."""

    cdef State s
    cdef object _options           # the options _configure fixed, for init_state
    cdef int players, target       # ... and the same as C values, for a restart in C
    cdef bint teams, skip_empty, skip_pass, skip_only, pre_show, post_show, draw_dealer
    cdef int current               # the seat to act, -1 when the game is over
    cdef bytes prefix              # seeded chance: the generator's text before the index
    cdef object source             # any other chance source (tests, replays), or None
    cdef int chance_index
    cdef bint hashed               # chance hashed from ``key`` (VectorChance), drawn in C
    cdef uint64_t key
    cdef uint16_t* moves           # per action: seat << 8 | id (a C buffer: no objects)
    cdef Py_ssize_t moves_len, moves_cap
    cdef signed char* draws        # per chance step, DRAW bytes: a pick (-1, then the seat)
    cdef Py_ssize_t draws_len, draws_cap  # or a deck (52 card ids); a C buffer, no objects
    cdef bint score_rewards
    cdef double margins[4]
    cdef tuple _zeros
    cdef object _outcome
    # the observation layout's offsets (pegboard.env.observe_cribbage.layout)
    cdef int obs_size
    cdef int o_hand, o_positions, o_discarded, o_played, o_count_cards, o_starter, o_crib
    cdef int o_phase, o_count, o_scores, o_dealer, o_passed, o_hand_sizes, o_crib_owner

    def _configure(self, int players, options, bint score_rewards, offsets, int size):
        """Fix the table's options, the reward and the observation layout (once)."""
        self._options = (
            players,
            int(options["score_target"]),
            bool(options["teams"]),
            bool(options["skip_empty"]),
            bool(options["skip_pass"]),
            bool(options["skip_only_move"]),
            bool(options["pre_show"]),
            bool(options["post_show"]),
            options["dealer"] == "random",
        )
        (
            self.players, self.target, self.teams, self.skip_empty, self.skip_pass,
            self.skip_only, self.pre_show, self.post_show, self.draw_dealer,
        ) = self._options
        self.score_rewards = score_rewards
        self._zeros = (0.0,) * players
        self.obs_size = size
        (
            self.o_hand, self.o_positions, self.o_discarded, self.o_played,
            self.o_count_cards, self.o_starter, self.o_crib, self.o_phase, self.o_count,
            self.o_scores, self.o_dealer, self.o_passed, self.o_hand_sizes, self.o_crib_owner,
        ) = offsets

    def _begin(self, bytes prefix, source):
        """A new game: chance from ``prefix`` (seeded) or from the ``source`` object (a
        :class:`~pegboard.env.vector_chance.VectorChance` is drawn in C, from its key)."""
        if type(source) is VectorChance:
            self._start(source.key)
        else:
            self._start(0)
            self.hashed = False
            self.prefix = prefix
            self.source = source
        self._advance()

    def __dealloc__(self):
        free(self.moves)
        free(self.draws)

    cdef int _grow_draws(self, Py_ssize_t need) except -1:
        cdef signed char* grown
        cdef Py_ssize_t cap
        if self.draws_len + need > self.draws_cap:
            cap = 2 * self.draws_cap + need + 16 * DRAW
            grown = <signed char*>realloc(self.draws, cap)
            if grown == NULL:
                raise MemoryError()
            self.draws, self.draws_cap = grown, cap
        return 0

    cdef int _log_pick(self, int seat) except -1:
        self._grow_draws(DRAW)
        self.draws[self.draws_len] = -1
        self.draws[self.draws_len + 1] = <signed char>seat
        self.draws_len += DRAW
        return 0

    cdef int _log_deck(self, const signed char* cards) except -1:
        self._grow_draws(DRAW)
        memcpy(self.draws + self.draws_len, cards, 52)
        self.draws_len += DRAW
        return 0

    cdef int _log_move(self, int entry) except -1:
        cdef uint16_t* grown
        if self.moves_len == self.moves_cap:
            grown = <uint16_t*>realloc(self.moves, (2 * self.moves_cap + 128) * sizeof(uint16_t))
            if grown == NULL:
                raise MemoryError()
            self.moves = grown
            self.moves_cap = 2 * self.moves_cap + 128
        self.moves[self.moves_len] = <uint16_t>entry
        self.moves_len += 1
        return 0

    def _hashed_key(self):
        """The key of the game's hashed chance (``VectorChance.key``), or None."""
        return self.key if self.hashed else None

    cdef int _start(self, uint64_t key) except -1:
        """A new game whose chance is hashed from ``key``, up to its first chance step."""
        init_state(&self.s, self.players, self.target, self.teams, self.skip_empty,
                   self.skip_pass, self.skip_only, self.pre_show, self.post_show, False,
                   self.draw_dealer)
        self.hashed = True
        self.key = key
        self.prefix = None
        self.source = None
        self.chance_index = 0
        self.moves_len = 0
        self.draws_len = 0
        self._outcome = None
        self._set_margins()
        return 0

    # -- the loop -------------------------------------------------------------------------

    @property
    def current_player(self):
        return self.current if self.current >= 0 else None

    @property
    def done(self):
        return self.s.phase == P_OVER

    @property
    def outcome(self):
        if self.s.phase != P_OVER:
            return None
        if self._outcome is None:
            self._outcome = make_outcome(&self.s)
        return self._outcome

    def legal_actions(self):
        """The legal ids of the current player, ascending (empty when the game is over)."""
        cdef int ids[20]
        cdef int n = 0, i
        if self.current >= 0:
            n = legal_ids(&self.s, self.current, ids)
        out = []
        for i in range(n):
            out.append(ids[i])
        return out

    def legal_mask(self):
        return self._mask(self.current, cnp.NPY_BOOL)

    def action_mask(self, int seat):
        """int8 mask of ``seat``'s legal ids: all zeros unless it is to act."""
        return self._mask(seat if seat == self.current else -1, cnp.NPY_INT8)

    def observation_dict(self, int seat):
        """PettingZoo's observation of ``seat``: ``{"observation", "action_mask"}``."""
        return {
            "observation": self.observation(seat),
            "action_mask": self._mask(seat if seat == self.current else -1, cnp.NPY_INT8),
        }

    cdef cnp.ndarray _mask(self, int seat, int typenum):
        cdef int ids[20]
        cdef int n = 0, i
        cdef cnp.ndarray out = zeros(ID_COUNT, typenum)
        cdef char* data = <char*>cnp.PyArray_DATA(out)
        if seat >= 0:
            n = legal_ids(&self.s, seat, ids)
            for i in range(n):
                data[ids[i]] = 1
        return out

    def step(self, action):
        """The current player takes ``action``; every seat's reward for it (see ``Env``)."""
        cdef int a = action_id(action)
        if self.s.phase == P_OVER:
            raise GameOver("the game is over")
        cdef int seat = self.current
        if not (0 <= a < ID_COUNT and is_legal(&self.s, seat, a)):
            raise IllegalAction(
                f"action {action} is not legal now; legal ids: {self.legal_actions()[:40]}"
            )
        act(&self.s, seat, a, None)
        self._log_move(seat << 8 | a)
        self._advance()
        if self.score_rewards:
            return self._score_rewards()
        if self.s.phase != P_OVER:
            return self._zeros
        return self._rank_rewards()

    cdef int _advance(self) except -1:
        """Chance and the table's automatic moves until a seat must act."""
        cdef State* s = &self.s
        cdef int step, move
        while s.phase != P_OVER:
            step = pending_chance(s)
            if step:
                self._resolve(step)
                continue
            move = auto_move(s)
            if move < 0:
                break
            act(s, s.turn, move, None)
        self.current = -1 if s.phase == P_OVER else lowest_seat(to_act_mask(s))
        return 0

    cdef int _resolve(self, int step) except -1:
        cdef MT g
        cdef int deck[52]
        cdef signed char cards[52]
        cdef int i, n
        cdef int index = self.chance_index
        self.chance_index += 1
        if self.hashed:
            if step == CHANCE_CUT:
                n = hashed_pick(self.key, index, active_count(&self.s))
                self._log_pick(n)
                resolve_cut(&self.s, n, None)
                return 0
            n = active_count(&self.s)
            deal_top(self.key, index, cards, 13 if n == 2 else (17 if n == 3 else 21))
            self._log_deck(cards)
            resolve_deal(&self.s, cards, None)
            return 0
        if self.source is None:
            mt_seed_chance(&g, self.prefix, index)
            if step == CHANCE_CUT:
                n = mt_randbelow(&g, active_count(&self.s))
                self._log_pick(n)
                resolve_cut(&self.s, n, None)
                return 0
            for i in range(52):
                deck[i] = i
            mt_shuffle(&g, deck, 52)
            for i in range(52):
                cards[i] = <signed char>deck[i]
        else:
            if step == CHANCE_CUT:
                outcome = self.source.resolve(Pick(active_count(&self.s)), index)
                self._log_pick(outcome[0])
                resolve_cut(&self.s, outcome[0], None)
                return 0
            outcome = self.source.resolve(SHUFFLE, index)
            if len(outcome) != 52:
                raise ValueError(f"a shuffle is 52 cards, not {len(outcome)}")
            for i in range(52):
                cards[i] = <signed char>outcome[i]
        self._log_deck(cards)
        resolve_deal(&self.s, cards, None)
        return 0

    # -- rewards --------------------------------------------------------------------------

    cdef tuple _rank_rewards(self):
        cdef int sides = side_count(&self.s), seat
        if sides < 2:
            return self._zeros
        return tuple([
            (sides + 1 - 2 * self.s.ranks[seat]) / <double>(sides - 1)
            for seat in range(self.s.players)
        ])

    cdef void _set_margins(self) noexcept:
        """Per seat: its side's score less the mean score of the other sides."""
        cdef int n = self.s.players, seat, key, sides = side_count(&self.s)
        cdef int total = 0, others = sides - 1 if sides > 1 else 1
        for key in range(sides):
            total += self.s.scores[key]
        for seat in range(n):
            key = seat % 2 if self.s.teams else seat
            self.margins[seat] = (
                self.s.scores[key] - (total - self.s.scores[key]) / <double>others
            )

    cdef tuple _score_rewards(self):
        cdef double before[4]
        cdef int seat, n = self.s.players
        for seat in range(n):
            before[seat] = self.margins[seat]
        self._set_margins()
        return tuple([self.margins[seat] - before[seat] for seat in range(n)])

    # -- observations ---------------------------------------------------------------------

    def observation(self, seat):
        """``seat``'s observation (float32): what ``observe_cribbage.CribbageObserver`` builds."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.s.players:
            raise IllegalAction(
                f"there is no seat {seat!r}; seats are 0 to {self.s.players - 1}"
            )
        cdef cnp.ndarray out = zeros(self.obs_size, cnp.NPY_FLOAT32)
        self._observe(<float*>cnp.PyArray_DATA(out), seat)
        return out

    cdef void _observe(self, float* out, int seat) noexcept:
        cdef State* s = &self.s
        cdef int n = s.players, i, c, other, r
        cdef bint mine = s.active >> seat & 1
        cdef double share
        if mine:
            for i in range(s.hand_len[seat]):  # the hand is in id order: its positions too
                c = s.hands[seat][i]
                out[self.o_hand + c] = 1
                out[self.o_positions + 17 * i + (c >> 2)] = 1
                out[self.o_positions + 17 * i + 13 + (c & 3)] = 1
            for i in range(s.tossed_len[seat]):
                out[self.o_discarded + s.tossed[seat][i]] = 1
        for i in range(s.plays_len):
            r = relative(s.play_seat[i], seat, n)
            out[self.o_played + 52 * r + s.play_card[i]] = 1
        for i in range(s.count_len):
            out[self.o_count_cards + s.count_cards[i]] = 1
        if s.starter >= 0:
            out[self.o_starter + s.starter] = 1
        if s.shown_len and s.shown_crib[s.shown_len - 1]:
            for i in range(s.crib_len):
                out[self.o_crib + s.crib[i]] = 1
        if s.phase == P_DISCARD:
            out[self.o_phase] = 1
        elif s.phase == P_PLAY:
            out[self.o_phase + 1] = 1
        elif s.phase == P_PRE_SHOW or s.phase == P_POST_SHOW:
            out[self.o_phase + 2] = 1
        else:
            out[self.o_phase + 3] = 1
        if s.dealer >= 0:
            out[self.o_dealer + relative(s.dealer, seat, n)] = 1
            if s.dealer == seat or (s.teams and s.dealer == (seat + 2) % 4):
                out[self.o_crib_owner] = 1
        for other in range(n):
            if s.passed >> other & 1:
                out[self.o_passed + relative(other, seat, n)] = 1
        out[self.o_count] = <float>(s.count / 31.0)
        for other in range(n):
            r = relative(other, seat, n)
            share = s.scores[other] / <double>s.target
            share = 2.0 if share > 2.0 else (-1.0 if share < -1.0 else share)  # clipped
            out[self.o_scores + r] = <float>share
            out[self.o_hand_sizes + r] = <float>(s.hand_len[other] / 6.0)

    # -- what the Python side reads ---------------------------------------------------------

    def hand(self, int seat):
        """``seat``'s cards not yet played (ids, ascending)."""
        return [self.s.hands[seat][i] for i in range(self.s.hand_len[seat])]

    def log(self):
        """(actions, chance): per action ``seat << 8 | id``, per chance step the pick or the
        deck (52 bytes); copies."""
        cdef Py_ssize_t at
        chance = []
        for at in range(0, self.draws_len, DRAW):
            if self.draws[at] < 0:
                chance.append(<int>self.draws[at + 1])
            else:
                chance.append(PyBytes_FromStringAndSize(<char*>self.draws + at, 52))
        return [self.moves[i] for i in range(self.moves_len)], chance

    def _copy_from(self, CribbageEnvCore other):
        """Take ``other``'s game in progress (a clone)."""
        cdef Py_ssize_t i
        self.s = other.s
        self.current = other.current
        self.prefix = other.prefix
        self.source = other.source
        self.chance_index = other.chance_index
        self.hashed = other.hashed
        self.key = other.key
        self.moves_len = 0
        for i in range(other.moves_len):
            self._log_move(other.moves[i])
        self.draws_len = 0
        self._grow_draws(other.draws_len)
        memcpy(self.draws, other.draws, other.draws_len)
        self.draws_len = other.draws_len
        self.score_rewards = other.score_rewards
        self.margins = other.margins
        self._zeros = other._zeros
        self._outcome = other._outcome
        self._options = other._options
        (
            self.players, self.target, self.teams, self.skip_empty, self.skip_pass,
            self.skip_only, self.pre_show, self.post_show, self.draw_dealer,
        ) = other._options
        self.obs_size = other.obs_size
        (
            self.o_hand, self.o_positions, self.o_discarded, self.o_played,
            self.o_count_cards, self.o_starter, self.o_crib, self.o_phase, self.o_count,
            self.o_scores, self.o_dealer, self.o_passed, self.o_hand_sizes, self.o_crib_owner,
        ) = (
            other.o_hand, other.o_positions, other.o_discarded, other.o_played,
            other.o_count_cards, other.o_starter, other.o_crib, other.o_phase, other.o_count,
            other.o_scores, other.o_dealer, other.o_passed, other.o_hand_sizes, other.o_crib_owner,
        )

    def __reduce__(self):
        raise TypeError("the compiled environment is not pickled; clone() it or keep its record")


# -- many single environments stepped in one call (pegboard.env.vector_env) ----------------


def step_many(list envs, cnp.ndarray actions, cnp.ndarray obs, cnp.ndarray mask,
              cnp.ndarray rewards, cnp.ndarray done, cnp.ndarray finals, cnp.ndarray games,
              uint64_t seed):
    """Step ``envs[i]`` (``CribbageEnvCore``\ s with one layout and player count) by
    ``actions[i]`` (int64); write each one's reward of every seat (float32, (N, players)),
    whether its game ended (bool) and its row of ``observe_many``. A game that ends leaves its
    scores in ``finals[i]`` (int64, (N, players)), ``games[i]`` (int64) counts it, and game
    ``games[i]`` of environment ``i`` of the batch ``seed`` is begun at once, dealt by
    ``VectorChance(seed, i, games[i])`` in C. Nothing is stepped if an action is not legal:
    returns the first such environment's index, else -1."""
    cdef Py_ssize_t n = len(envs), i
    cdef int64_t* chosen = <int64_t*>cnp.PyArray_DATA(actions)
    cdef float* reward = <float*>cnp.PyArray_DATA(rewards)
    cdef char* ended = <char*>cnp.PyArray_DATA(done)
    cdef int64_t* final = <int64_t*>cnp.PyArray_DATA(finals)
    cdef int64_t* number = <int64_t*>cnp.PyArray_DATA(games)
    cdef uint64_t root = splitmix_mix(seed)
    cdef int players, seat, a
    cdef CribbageEnvCore env
    cdef Py_ssize_t size = obs.shape[1]
    cdef float* out = <float*>cnp.PyArray_DATA(obs)
    cdef char* legal = <char*>cnp.PyArray_DATA(mask)
    for i in range(n):
        env = <CribbageEnvCore>envs[i]
        a = <int>chosen[i]
        if env.current < 0 or not (0 <= chosen[i] < ID_COUNT and is_legal(&env.s, env.current, a)):
            return i
    for i in range(n):
        env = <CribbageEnvCore>envs[i]
        players = env.s.players
        a = <int>chosen[i]
        act(&env.s, env.current, a, None)
        env._log_move(env.current << 8 | a)
        env._advance()
        if env.score_rewards:
            values = env._score_rewards()
            for seat in range(players):
                reward[i * players + seat] = values[seat]
        elif env.s.phase == P_OVER:  # rank rewards come only at the end; zeros are written
            values = env._rank_rewards()
            for seat in range(players):
                reward[i * players + seat] = values[seat]
        ended[i] = env.s.phase == P_OVER
        if ended[i]:
            for seat in range(players):
                final[i * players + seat] = env.s.scores[seat]
            number[i] += 1
            _restart(envs[i], seed, i, number[i],
                     splitmix_mix(splitmix_mix(root ^ <uint64_t>i) + <uint64_t>number[i]))
        _write_row(env, out + i * size, size, legal + i * ID_COUNT)  # while its state is in cache
    return -1


cdef int _restart(object env, uint64_t seed, Py_ssize_t i, int64_t game, uint64_t key) except -1:
    """What ``env.reset(f"{seed}/{i}/{game}", chance=VectorChance(seed, i, game))`` does, in
    C but for the Python attributes it sets (the chance source is made when it is asked for)."""
    env.seed = f"{seed}/{i}/{game}"
    env._seeds = None
    env._replay = None
    env._chance = None
    cdef CribbageEnvCore core = <CribbageEnvCore>env
    core._start(key)
    core._advance()
    return 0


def random_many(list envs, cnp.ndarray u, cnp.ndarray out):
    """``out[i]`` (int64): the legal id of ``envs[i]``'s seat to act that ``u[i]`` (a float64
    in [0, 1)) picks uniformly, without building a mask."""
    cdef Py_ssize_t n = len(envs), i
    cdef int ids[20]
    cdef int count, k
    cdef double* draw = <double*>cnp.PyArray_DATA(u)
    cdef int64_t* chosen = <int64_t*>cnp.PyArray_DATA(out)
    cdef CribbageEnvCore env
    for i in range(n):
        env = <CribbageEnvCore>envs[i]
        count = legal_ids(&env.s, env.current, ids) if env.current >= 0 else 0
        k = <int>(draw[i] * count)
        chosen[i] = ids[k if k < count else count - 1] if count else -1


def observe_many(list envs, cnp.ndarray obs, cnp.ndarray mask):
    """Row ``i`` of ``obs`` (float32) and ``mask`` (bool): ``envs[i]``'s observation of its
    seat to act and that seat's legal ids (zeros once its game is over)."""
    cdef Py_ssize_t n = len(envs), i
    cdef Py_ssize_t size = obs.shape[1]
    cdef float* out = <float*>cnp.PyArray_DATA(obs)
    cdef char* legal = <char*>cnp.PyArray_DATA(mask)
    for i in range(n):
        _write_row(<CribbageEnvCore>envs[i], out + i * size, size, legal + i * ID_COUNT)


cdef inline void _write_row(CribbageEnvCore env, float* out, Py_ssize_t size, char* legal) noexcept:
    """One row of ``observe_many``: zeroed just before it is written, so it is still in
    cache when its ones are."""
    cdef int ids[20]
    cdef int k, count
    memset(out, 0, size * sizeof(float))
    memset(legal, 0, ID_COUNT)
    if env.current < 0:
        return
    env._observe(out, env.current)
    count = legal_ids(&env.s, env.current, ids)
    for k in range(count):
        legal[ids[k]] = 1


# -- N two-player games at once (pegboard.env.vector) ------------------------------------------

cdef uint64_t GOLDEN = 0x9E3779B97F4A7C15ULL
cdef int PLAY_ACTION = 15  # vector ids: 0..14 discard a pair of slots, 15..18 play a slot
cdef int VECTOR_ACTIONS = 19
cdef int OBS = 33
cdef int PAIR_MASK[15]


cdef void _fill_pairs() noexcept:
    cdef int a, b, k = 0
    for a in range(6):
        for b in range(a + 1, 6):
            PAIR_MASK[k] = (1 << a) | (1 << b)
            k += 1


_fill_pairs()


cdef signed char IDS[52]  # the card ids in order: a deck before its shuffle


cdef void _fill_ids() noexcept:
    cdef int card
    for card in range(52):
        IDS[card] = <signed char>card


_fill_ids()


cdef void deal_top(uint64_t key, int hand, signed char* deck, int want) noexcept nogil:
    """The first ``want`` (at most 52) cards of ``vector_chance.deck_orders(key, hand)``: a
    Fisher-Yates shuffle from the top, card ``i`` swapped with card
    ``i + (w_i * (52 - i)) >> 32`` for the step's 32-bit words ``w_0, w_1, ...``; only the
    positions dealt are drawn (13, 17 or 21: the hands, a three-player crib card, the
    starter), so the rest of the deck (never seen) is as those swaps leave it."""
    cdef uint64_t start = key + <uint64_t>hand * (<uint64_t>32 * GOLDEN)
    cdef uint64_t x = 0, word
    cdef int i, j
    cdef signed char card
    memcpy(deck, IDS, 52)
    for i in range(want if want < 51 else 51):
        if i & 1 == 0:  # two words an output, the low half first
            x = splitmix_mix(start + <uint64_t>(i // 2 + 1) * GOLDEN)
            word = x & 0xFFFFFFFFULL
        else:
            word = x >> 32
        j = i + <int>((word * <uint64_t>(52 - i)) >> 32)
        card = deck[i]
        deck[i] = deck[j]
        deck[j] = card


cdef inline int hashed_pick(uint64_t key, int index, int n) noexcept nogil:
    """``VectorChance``'s pick of ``n`` at chance step ``index``: the top 32 bits of the key
    (step 0) or of the step's first word, times ``n``, over 2**32."""
    cdef uint64_t word = key
    if index:
        word = splitmix_mix(key + <uint64_t>index * (<uint64_t>32 * GOLDEN))
    return <int>(((word >> 32) * <uint64_t>n) >> 32)


cdef class CribbageVectorCore:
    """N two-player games for :class:`pegboard.env.vector.CribbageVector`: each a rules core
    state with goes made for the seats, no pauses and automatic counting, dealt from the
    vector chance."""

    cdef int n
    cdef int target
    cdef bint points_rewards
    cdef State* st
    cdef uint64_t* env_keys
    cdef uint64_t* keys
    cdef int64_t* game_no
    cdef int16_t* final
    cdef public long games_finished

    def __cinit__(self, int n, int target, bint points_rewards):
        self.n = n
        self.target = target
        self.points_rewards = points_rewards
        self.st = <State*>malloc(n * sizeof(State))
        self.env_keys = <uint64_t*>malloc(n * sizeof(uint64_t))
        self.keys = <uint64_t*>malloc(n * sizeof(uint64_t))
        self.game_no = <int64_t*>malloc(n * sizeof(int64_t))
        self.final = <int16_t*>malloc(2 * n * sizeof(int16_t))
        if not (self.st and self.env_keys and self.keys and self.game_no and self.final):
            raise MemoryError()
        self.games_finished = 0

    def __dealloc__(self):
        free(self.st)
        free(self.env_keys)
        free(self.keys)
        free(self.game_no)
        free(self.final)

    def reset(self, uint64_t seed):
        """Game 0 of every environment from ``seed``."""
        cdef uint64_t root = splitmix_mix(seed)
        cdef int g
        self.games_finished = 0
        for g in range(self.n):
            self.env_keys[g] = splitmix_mix(root ^ <uint64_t>g)
            self.game_no[g] = 0
            self.final[2 * g] = 0
            self.final[2 * g + 1] = 0
            self._new_game(g)

    cdef void _new_game(self, int g) noexcept:
        cdef State* s = &self.st[g]
        self.keys[g] = splitmix_mix(self.env_keys[g] + <uint64_t>self.game_no[g])
        # dealer=rotate: the deal passes to the left (vector.py's fixed options)
        init_state(s, 2, self.target, False, True, True, False, False, False, False, False)
        resolve_cut(s, <int>(self.keys[g] >> 63), None)
        self._advance(g)

    cdef void _advance(self, int g) noexcept:
        cdef State* s = &self.st[g]
        cdef signed char deck[52]
        cdef int move
        while s.phase != P_OVER:
            if s.phase == 1:  # P_DEAL: the next hand's shuffle
                deal_top(self.keys[g], s.hand_number + 1, deck, 13)
                resolve_deal(s, deck, None)
                continue
            move = auto_move(s)
            if move < 0:
                return
            act(s, s.turn, move, None)

    cdef inline int _seat(self, State* s) noexcept nogil:
        """The seat to act: in the discard the non-dealer first, then the dealer."""
        if s.phase == P_DISCARD:
            return 1 - s.dealer if s.tossed_len[1 - s.dealer] == 0 else s.dealer
        return s.turn

    cdef inline int _legal_slots(self, State* s, int seat) noexcept nogil:
        """Bits of the kept slots whose card is still in hand and fits the count."""
        cdef int slot, i, card, bits = 0
        cdef int room = 31 - s.count
        for slot in range(4):
            card = s.kept[seat][slot]
            if value_of_card(card) > room:
                continue
            for i in range(s.hand_len[seat]):
                if s.hands[seat][i] == card:
                    bits |= 1 << slot
                    break
        return bits

    cdef inline bint _legal(self, int g, int64_t action) noexcept nogil:
        cdef State* s = &self.st[g]
        if action < 0 or action >= VECTOR_ACTIONS:
            return False
        if s.phase == P_DISCARD:
            return action < PLAY_ACTION
        if action < PLAY_ACTION:
            return False
        return self._legal_slots(s, s.turn) >> (action - PLAY_ACTION) & 1

    def first_illegal(self, cnp.ndarray actions):
        """The first game whose action (int64) is not legal there, or -1."""
        cdef int64_t* a = <int64_t*>cnp.PyArray_DATA(actions)
        cdef int g
        for g in range(self.n):
            if not self._legal(g, a[g]):
                return g
        return -1

    def legal_ids(self, int g):
        return [a for a in range(VECTOR_ACTIONS) if self._legal(g, a)]

    def legal_mask(self):
        cdef cnp.npy_intp dims[2]
        dims[0] = self.n
        dims[1] = VECTOR_ACTIONS
        cdef cnp.ndarray out = cnp.PyArray_ZEROS(2, dims, cnp.NPY_BOOL, 0)
        cdef char* m = <char*>cnp.PyArray_DATA(out)
        cdef int g, k, bits
        cdef State* s
        for g in range(self.n):
            s = &self.st[g]
            if s.phase == P_DISCARD:
                for k in range(PLAY_ACTION):
                    m[g * VECTOR_ACTIONS + k] = 1
            else:
                bits = self._legal_slots(s, s.turn)
                for k in range(4):
                    m[g * VECTOR_ACTIONS + PLAY_ACTION + k] = bits >> k & 1
        return out

    def random_actions(self, cnp.ndarray u):
        """Per game, the ``floor(u * legal)``-th legal action (``u`` float64 in [0, 1))."""
        cdef double* r = <double*>cnp.PyArray_DATA(u)
        cdef cnp.npy_intp dims[1]
        dims[0] = self.n
        cdef cnp.ndarray out = cnp.PyArray_EMPTY(1, dims, cnp.NPY_INT64, 0)
        cdef int64_t* a = <int64_t*>cnp.PyArray_DATA(out)
        cdef int g, bits, count, k, slot
        cdef State* s
        for g in range(self.n):
            s = &self.st[g]
            if s.phase == P_DISCARD:
                a[g] = <int64_t>(r[g] * PLAY_ACTION)
                continue
            bits = self._legal_slots(s, s.turn)
            count = (bits & 1) + (bits >> 1 & 1) + (bits >> 2 & 1) + (bits >> 3 & 1)
            k = <int>(r[g] * count)
            if k > 3:
                k = 3
            slot = 0
            for slot in range(4):
                if bits >> slot & 1:
                    if k == 0:
                        break
                    k -= 1
            a[g] = PLAY_ACTION + slot
        return out

    def step(self, cnp.ndarray actions):
        """One legal action (int64) per game: (observations, rewards (N, 2) float32,
        done (N,) bool)."""
        cdef int64_t* a = <int64_t*>cnp.PyArray_DATA(actions)
        cdef cnp.npy_intp dims[2]
        dims[0] = self.n
        dims[1] = 2
        cdef cnp.ndarray rewards = cnp.PyArray_ZEROS(2, dims, cnp.NPY_FLOAT32, 0)
        cdef cnp.ndarray done = cnp.PyArray_ZEROS(1, dims, cnp.NPY_BOOL, 0)
        cdef float* rw = <float*>cnp.PyArray_DATA(rewards)
        cdef char* dn = <char*>cnp.PyArray_DATA(done)
        cdef int g, seat, before0, before1
        cdef float won
        cdef State* s
        for g in range(self.n):
            s = &self.st[g]
            before0 = s.scores[0]
            before1 = s.scores[1]
            seat = self._seat(s)
            if s.phase == P_DISCARD:
                act(s, seat, ID_DISCARD + PAIR_MASK[a[g]], None)
            else:
                act(s, seat, s.kept[seat][a[g] - PLAY_ACTION], None)
            self._advance(g)
            if self.points_rewards:
                rw[2 * g] = <float>((s.scores[0] - before0) - (s.scores[1] - before1))
                rw[2 * g + 1] = -rw[2 * g]
            if s.phase == P_OVER:
                dn[g] = 1
                if not self.points_rewards:
                    won = 1 if s.scores[0] >= self.target else -1
                    rw[2 * g] = won
                    rw[2 * g + 1] = -won
                self.final[2 * g] = <int16_t>s.scores[0]
                self.final[2 * g + 1] = <int16_t>s.scores[1]
                self.games_finished += 1
                self.game_no[g] += 1
                self._new_game(g)
        return self.observation(), rewards, done

    def observation(self):
        """(N, 33) int16: each game as its seat to act sees it (pegboard.env.vector)."""
        cdef cnp.npy_intp dims[2]
        dims[0] = self.n
        dims[1] = OBS
        cdef cnp.ndarray out = cnp.PyArray_EMPTY(2, dims, cnp.NPY_INT16, 0)
        cdef int16_t* o = <int16_t*>cnp.PyArray_DATA(out)
        cdef int g, i, me, other, card, k
        cdef bint played
        cdef State* s
        for g in range(self.n):
            s = &self.st[g]
            o = <int16_t*>cnp.PyArray_DATA(out) + g * OBS
            me = self._seat(s)
            other = 1 - me
            o[0] = 0 if s.phase == P_DISCARD else 1
            o[1] = me
            o[2] = 1 if s.dealer == me else 0
            o[3] = s.scores[me]
            o[4] = s.scores[other]
            o[5] = s.count
            if s.tossed_len[me] == 0:  # the six dealt cards
                for i in range(6):
                    o[6 + i] = s.hands[me][i]
            else:  # the four kept, -1 once played
                for i in range(4):
                    card = s.kept[me][i]
                    played = True
                    for k in range(s.hand_len[me]):
                        if s.hands[me][k] == card:
                            played = False
                            break
                    o[6 + i] = -1 if played else card
                o[10] = -1
                o[11] = -1
            o[12] = s.starter
            for i in range(8):
                o[13 + i] = s.count_cards[s.count_len - 1 - i] if i < s.count_len else -1
                o[21 + i] = s.play_card[s.plays_len - 1 - i] if i < s.plays_len else -1
            o[29] = s.tossed[me][0] if s.tossed_len[me] else -1
            o[30] = s.tossed[me][1] if s.tossed_len[me] else -1
            o[31] = s.hand_len[other]
            o[32] = self.target
        return out

    def current_player(self):
        cdef cnp.npy_intp dims[1]
        dims[0] = self.n
        cdef cnp.ndarray out = cnp.PyArray_EMPTY(1, dims, cnp.NPY_INT64, 0)
        cdef int64_t* p = <int64_t*>cnp.PyArray_DATA(out)
        cdef int g
        for g in range(self.n):
            p[g] = self._seat(&self.st[g])
        return out

    def scores(self):
        return self._pairs(0)

    def final_scores(self):
        return self._pairs(1)

    cdef cnp.ndarray _pairs(self, bint finals):
        cdef cnp.npy_intp dims[2]
        dims[0] = self.n
        dims[1] = 2
        cdef cnp.ndarray out = cnp.PyArray_EMPTY(2, dims, cnp.NPY_INT64, 0)
        cdef int64_t* p = <int64_t*>cnp.PyArray_DATA(out)
        cdef int g
        for g in range(self.n):
            if finals:
                p[2 * g] = self.final[2 * g]
                p[2 * g + 1] = self.final[2 * g + 1]
            else:
                p[2 * g] = self.st[g].scores[0]
                p[2 * g + 1] = self.st[g].scores[1]
        return out

    def games(self):
        cdef cnp.npy_intp dims[1]
        dims[0] = self.n
        cdef cnp.ndarray out = cnp.PyArray_EMPTY(1, dims, cnp.NPY_INT64, 0)
        cdef int64_t* p = <int64_t*>cnp.PyArray_DATA(out)
        cdef int g
        for g in range(self.n):
            p[g] = self.game_no[g]
        return out


cdef inline int value_of_card(int card) noexcept nogil:
    cdef int rank = (card >> 2) + 1
    return 10 if rank > 10 else rank


def vector_deal(uint64_t key, int hand):
    """The 13 cards a two-player hand of game ``key`` deals (12, then the starter): the
    compiled draw, for tests against ``vector_chance.deck_orders``."""
    cdef signed char deck[52]
    deal_top(key, hand, deck, 13)
    return [deck[i] for i in range(13)]
