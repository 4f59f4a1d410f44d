# SplitMix64 for the compiled extensions that step or hash chance of their own: the vectorized
# environment's keys (env/_cribbage.pyx; env/vector_chance.py is the same in numpy) and a
# random seat's rollout (bots/search/_rollout.pyx; bots/search/pegging.Luck in Python).
from libc.stdint cimport uint64_t


cdef inline uint64_t splitmix_mix(uint64_t x) noexcept nogil:
    """The finalizer: a bijection of uint64 that scrambles every bit."""
    x ^= x >> 30
    x *= <uint64_t>0xBF58476D1CE4E5B9ULL
    x ^= x >> 27
    x *= <uint64_t>0x94D049BB133111EBULL
    x ^= x >> 31
    return x


cdef inline uint64_t splitmix_next(uint64_t* state) noexcept nogil:
    """The generator: the state steps by the golden gamma, its finalized value is the output."""
    state[0] += <uint64_t>0x9E3779B97F4A7C15ULL
    return splitmix_mix(state[0])
