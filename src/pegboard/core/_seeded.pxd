# The seeded generator in C: Python's random.Random(str) (Mersenne Twister, seeded through
# SHA-512), for the compiled extensions that draw chance themselves.
from libc.stdint cimport uint32_t

cdef enum:
    MT_N = 624

cdef struct MT:
    uint32_t mt[MT_N]
    int index      # the next output word
    int twisted    # words of the current block already twisted (lazily, in order)

cdef int mt_seed(MT* g, bytes key) except -1
cdef int mt_seed_chance(MT* g, bytes prefix, long index) except -1
cdef uint32_t mt_getrandbits(MT* g, int k) noexcept nogil
cdef int mt_randbelow(MT* g, int n) noexcept nogil
cdef void mt_shuffle(MT* g, int* items, int n) noexcept nogil
cdef double mt_random(MT* g) noexcept nogil
cdef int mt_load(MT* g, object rng) except -1
cdef int mt_store(MT* g, object rng) except -1
