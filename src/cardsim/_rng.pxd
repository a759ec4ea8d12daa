# cython: language_level=3
"""Seeded random streams for the core.

Each simulated hand owns one stream, keyed by (seed, hand index), so a batch's
results depend on the seed alone and never on how hands are spread over
threads.  The generator is SplitMix64 (Steele, Lea & Flood 2014): one 64-bit
word of state, passes BigCrush, and is cheap to key.  Streams for different
keys start at hashed, unrelated points of the 2^64 cycle.
"""
from libc.stdint cimport uint32_t, uint64_t

ctypedef struct Rng:
    uint64_t state  # advances by the golden gamma on every draw

cdef inline uint64_t mix64(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)

cdef inline void rng_seed(Rng* rng, uint64_t seed, uint64_t stream) noexcept nogil:
    rng.state = mix64(mix64(seed + 0x632BE59BD9B4E019ULL) ^ (stream * 0x9E3779B97F4A7C15ULL))

cdef inline uint64_t rng_next(Rng* rng) noexcept nogil:
    rng.state += 0x9E3779B97F4A7C15ULL
    return mix64(rng.state)

cdef inline int rng_below(Rng* rng, int n) noexcept nogil:
    """Uniform integer in [0, n), n >= 1 (Lemire's multiply-shift, bias < 2^-32 * n)."""
    return <int>(((rng_next(rng) >> 32) * <uint64_t>n) >> 32)

cdef inline void shuffle_ints(Rng* rng, int* items, int n) noexcept nogil:
    """Fisher-Yates shuffle of ``items[0:n]``; each 64-bit draw picks two positions."""
    cdef int i = n - 1, j, t
    cdef uint64_t draw
    while i > 0:
        draw = rng_next(rng)
        j = <int>(((draw >> 32) * <uint64_t>(i + 1)) >> 32)
        t = items[i]; items[i] = items[j]; items[j] = t
        i -= 1
        if i > 0:
            j = <int>(((draw & 0xFFFFFFFFULL) * <uint64_t>(i + 1)) >> 32)
            t = items[i]; items[i] = items[j]; items[j] = t
            i -= 1
