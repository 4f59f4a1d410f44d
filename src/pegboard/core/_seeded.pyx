# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Python's ``random.Random(text)`` in C, for chance drawn in compiled code.

``random.Random(s)`` for a ``str`` seed hashes it (``int.from_bytes(s + sha512(s))``), feeds
that number's 32-bit words to the Mersenne Twister's ``init_by_array``, and then
``getrandbits(k)`` (k <= 32) is the top k bits of the next 32-bit output. Everything
pegboard's seeded chance draws (a shuffle, ``randrange``) is built on ``getrandbits``, so the
same words give the same outcomes as :class:`pegboard.core.chance.SeededChance`; a test
holds the two equal.

Two shortcuts that change no output: ``init_genrand(19650218)``, where every seeding
starts, is computed once; and a block of the generator is twisted word by word as the words
are read (a shuffle reads about 60 of 624), in the order the full twist would take.
"""

from hashlib import sha512

from libc.stdint cimport uint32_t
from libc.string cimport memcpy
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE, PyBytes_FromStringAndSize

cdef enum:
    MT_M = 397
    KEY_MAX = 256  # words; a longer key goes through the slow path (never in pegboard)

cdef uint32_t MATRIX_A = 0x9908b0dfU
cdef uint32_t UPPER_MASK = 0x80000000U
cdef uint32_t LOWER_MASK = 0x7fffffffU
cdef uint32_t START[MT_N]  # init_genrand(19650218)


cdef void _init_start() noexcept:
    START[0] = 19650218
    cdef int i
    for i in range(1, MT_N):
        START[i] = <uint32_t>(1812433253 * (START[i - 1] ^ (START[i - 1] >> 30)) + i)


_init_start()


cdef void _init_by_array(MT* g, const uint32_t* key, int length) noexcept nogil:
    cdef uint32_t* mt = g.mt
    memcpy(mt, START, sizeof(uint32_t) * MT_N)
    cdef int i = 1, j = 0, k
    k = MT_N if MT_N > length else length
    while k:
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * <uint32_t>1664525))
                 + key[j] + <uint32_t>j)
        i += 1
        j += 1
        if i >= MT_N:
            mt[0] = mt[MT_N - 1]
            i = 1
        if j >= length:
            j = 0
        k -= 1
    k = MT_N - 1
    while k:
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * <uint32_t>1566083941)) - <uint32_t>i
        i += 1
        if i >= MT_N:
            mt[0] = mt[MT_N - 1]
            i = 1
        k -= 1
    mt[0] = 0x80000000U
    g.index = MT_N  # as CPython leaves it: the first draw starts a new block
    g.twisted = MT_N


cdef int mt_seed(MT* g, bytes key) except -1:
    """Seed ``g`` exactly as ``random.Random(key.decode())`` seeds itself."""
    cdef bytes digest = sha512(key).digest()
    cdef bytes whole = key + digest
    cdef const unsigned char* data = <const unsigned char*>PyBytes_AS_STRING(whole)
    cdef Py_ssize_t n = PyBytes_GET_SIZE(whole)
    cdef Py_ssize_t start = 0
    while start < n and data[start] == 0:  # leading zero bytes are not part of the number
        start += 1
    cdef Py_ssize_t length = n - start
    cdef int words = <int>((length + 3) // 4) if length else 1
    if words > KEY_MAX:
        raise ValueError("seed text too long for the compiled generator")
    cdef uint32_t key_words[KEY_MAX]
    cdef int w, b
    cdef Py_ssize_t at
    cdef uint32_t word
    # The number's 32-bit words from the least significant: the bytes from the end.
    for w in range(words):
        word = 0
        for b in range(4):
            at = n - 1 - (4 * w + b)
            if at >= start:
                word |= (<uint32_t>data[at]) << (8 * b)
        key_words[w] = word
    _init_by_array(g, key_words, words)
    return 0


cdef int mt_seed_chance(MT* g, bytes prefix, long index) except -1:
    """Seed ``g`` as ``random.Random(prefix.decode() + str(index))`` (``index`` >= 0)."""
    cdef char digits[24]
    cdef int n = 0
    cdef long value = index
    if value == 0:
        digits[0] = 48
        n = 1
    while value > 0:
        digits[n] = <char>(48 + value % 10)
        value //= 10
        n += 1
    cdef Py_ssize_t size = PyBytes_GET_SIZE(prefix)
    cdef bytes key = PyBytes_FromStringAndSize(NULL, size + n)
    cdef char* out = PyBytes_AS_STRING(key)
    memcpy(out, PyBytes_AS_STRING(prefix), size)
    cdef int i
    for i in range(n):
        out[size + i] = digits[n - 1 - i]
    return mt_seed(g, key)


cdef inline void _twist_to(MT* g, int upto) noexcept nogil:
    """Twist the words of the new block up to ``upto`` (exclusive), in the full twist's order."""
    cdef uint32_t* mt = g.mt
    cdef uint32_t y
    cdef int kk = g.twisted
    while kk < upto:
        if kk < MT_N - 1:
            y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK)
        else:
            y = (mt[MT_N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK)
        if kk < MT_N - MT_M:
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ (MATRIX_A if y & 1 else 0)
        else:
            mt[kk] = mt[kk + MT_M - MT_N] ^ (y >> 1) ^ (MATRIX_A if y & 1 else 0)
        kk += 1
    g.twisted = kk


cdef inline uint32_t _next(MT* g) noexcept nogil:
    if g.index >= MT_N:  # a new block: its words are twisted as they are read
        g.index = 0
        g.twisted = 0
    if g.index >= g.twisted:
        _twist_to(g, g.index + 1)
    cdef uint32_t y = g.mt[g.index]
    g.index += 1
    y ^= (y >> 11)
    y ^= (y << 7) & 0x9d2c5680U
    y ^= (y << 15) & 0xefc60000U
    y ^= (y >> 18)
    return y


cdef uint32_t mt_getrandbits(MT* g, int k) noexcept nogil:
    """``getrandbits(k)`` for 1 <= k <= 32."""
    return _next(g) >> (32 - k)


cdef inline int _bit_length(int n) noexcept nogil:
    cdef int k = 0
    while n:
        k += 1
        n >>= 1
    return k


cdef int mt_randbelow(MT* g, int n) noexcept nogil:
    """``randrange(n)`` (``_randbelow_with_getrandbits``) for 1 <= n < 2**31."""
    cdef int k = _bit_length(n)
    cdef uint32_t r = mt_getrandbits(g, k)
    while r >= <uint32_t>n:
        r = mt_getrandbits(g, k)
    return <int>r


cdef void mt_shuffle(MT* g, int* items, int n) noexcept nogil:
    """``random.shuffle`` of ``items[:n]``: the same permutation from the same state."""
    cdef int i, j, t
    for i in range(n - 1, 0, -1):
        j = mt_randbelow(g, i + 1)
        t = items[i]
        items[i] = items[j]
        items[j] = t


cdef double mt_random(MT* g) noexcept nogil:
    """``random()``: 53 bits from two words, as CPython's ``random_random``."""
    cdef uint32_t a = _next(g) >> 5
    cdef uint32_t b = _next(g) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


cdef int mt_load(MT* g, object rng) except -1:
    """Take over the state of ``rng`` (a ``random.Random``), to draw what it would draw."""
    cdef tuple words = rng.getstate()[1]
    cdef int i
    for i in range(MT_N):
        g.mt[i] = words[i]
    g.index = words[MT_N]
    g.twisted = MT_N  # CPython twists a whole block at once
    return 0


cdef int mt_store(MT* g, object rng) except -1:
    """Hand the state back to ``rng``, as if it had drawn everything itself."""
    _twist_to(g, MT_N)  # finish the block the lazy twist left part-done
    state = rng.getstate()
    rng.setstate((state[0], tuple([g.mt[i] for i in range(MT_N)]) + (g.index,), state[2]))
    return 0


# -- the Python face: what SeededChance calls, and what tests compare with random.Random ----


def shuffled(bytes key, tuple items):
    """``items`` in the order ``random.Random(key.decode()).shuffle`` leaves a list of them."""
    cdef MT g
    mt_seed(&g, key)
    cdef Py_ssize_t n = len(items)
    if n > 4096:
        raise ValueError("too many items for the compiled shuffle")
    cdef int order[4096]
    cdef int i
    for i in range(n):
        order[i] = i
    mt_shuffle(&g, order, <int>n)
    return tuple([items[order[i]] for i in range(n)])


def randbelow(bytes key, int n, int count=1):
    """``count`` draws of ``random.Random(key.decode()).randrange(n)``, as a tuple."""
    if not 1 <= n < 2**31:
        raise ValueError(f"n must be 1 to 2**31 - 1, not {n}")
    cdef MT g
    mt_seed(&g, key)
    return tuple([mt_randbelow(&g, n) for _ in range(count)])


def getrandbits(bytes key, int k, int count):
    """``count`` draws of ``random.Random(key.decode()).getrandbits(k)`` (1 <= k <= 32)."""
    if not 1 <= k <= 32:
        raise ValueError(f"k must be 1 to 32, not {k}")
    cdef MT g
    mt_seed(&g, key)
    return [mt_getrandbits(&g, k) for _ in range(count)]
