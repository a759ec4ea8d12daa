# cython: language_level=3
"""One-line helpers on 64-bit card masks, shared by every game of the core.

A mask has one 16-bit lane per suit (S H D C); see cardsim/cards.py for the
encoding.  Every helper here is inline, GIL-free and cannot fail; callers keep
the preconditions written beside each one (an empty mask has no lsb).
"""
from libc.stdint cimport uint64_t

cdef extern from *:
    """
    #define CARDSIM_ALL_LANES_BB 0x0001000100010001ULL
    """
    const uint64_t ALL_LANES_BB "CARDSIM_ALL_LANES_BB"  # bit 0 of every lane: x * this copies a lane pattern to all suits
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_clzll(unsigned long long) nogil

cdef enum:
    LANE_BITS = 16


cdef inline int popcount(uint64_t m) noexcept nogil:
    return __builtin_popcountll(m)

cdef inline int lsb(uint64_t m) noexcept nogil:  # m != 0
    return __builtin_ctzll(m)

cdef inline int msb(uint64_t m) noexcept nogil:  # m != 0
    return 63 - __builtin_clzll(m)

cdef inline uint64_t bit_bb(int i) noexcept nogil:
    return (<uint64_t>1) << i

cdef inline uint64_t lane_bb(int suit) noexcept nogil:
    return (<uint64_t>0xFFFF) << (LANE_BITS * suit)

cdef inline int suit_of(int bit) noexcept nogil:
    return bit >> 4

cdef inline uint64_t above_in_lane_bb(int bit) noexcept nogil:
    """Bits of the same lane strictly above ``bit`` (the cards that outrank it)."""
    # (2 << top) wraps to 0 for the clubs lane, and the subtraction still gives the right bits.
    return ((<uint64_t>2) << (bit | 15)) - ((<uint64_t>2) << bit)

cdef inline int nth_bit(uint64_t m, int n) noexcept nogil:  # 0 <= n < popcount(m)
    while n > 0:
        m &= m - 1
        n -= 1
    return __builtin_ctzll(m)
