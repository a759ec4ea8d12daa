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

# The n-th set bit (select).  Where the CPU has a fast PDEP (BMI2 on Intel since Haswell and
# AMD since Zen 3; Zen 1/2 microcode it at up to ~250 cycles), one pdep and a tzcnt; elsewhere a
# branch-light popcount search.  The path is chosen once when the module loads (cpuid, via
# __builtin_cpu_supports), or forced portable with CARDSIM_NO_PDEP=1; both give the same bit
# (tests/test_select_paths.py compares whole batches under each).
cdef extern from *:
    """
    #include <stdlib.h>
    #if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    static int cardsim_fast_pdep = 0;
    __attribute__((constructor)) static void cardsim_detect_pdep(void) {
        const char* off = getenv("CARDSIM_NO_PDEP");
        __builtin_cpu_init();
        cardsim_fast_pdep = __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("amdfam17h")
                            && !(off != NULL && off[0] == '1');
    }
    static inline uint64_t cardsim_pdep(uint64_t src, uint64_t mask) {
        uint64_t out;
        __asm__("pdepq %2, %1, %0" : "=r"(out) : "r"(src), "rm"(mask));
        return out;
    }
    #else
    #define cardsim_fast_pdep 0
    static inline uint64_t cardsim_pdep(uint64_t src, uint64_t mask) { (void)src; (void)mask; return 0; }
    #endif
    static inline int cardsim_select_portable(uint64_t m, int n) {
        int pos = 0, c = __builtin_popcountll(m & 0xFFFFFFFFULL);
        if (n >= c) { n -= c; m >>= 32; pos = 32; }
        c = __builtin_popcountll(m & 0xFFFF);
        if (n >= c) { n -= c; m >>= 16; pos += 16; }
        c = __builtin_popcountll(m & 0xFF);
        if (n >= c) { n -= c; m >>= 8; pos += 8; }
        while (n > 0) { m &= m - 1; n--; }
        return pos + __builtin_ctzll(m);
    }
    """
    const int fast_pdep "cardsim_fast_pdep"  # 1: nth_bit uses the PDEP instruction
    uint64_t pdep "cardsim_pdep"(uint64_t src, uint64_t mask) nogil
    int select_portable "cardsim_select_portable"(uint64_t m, int n) nogil

cdef inline int nth_bit(uint64_t m, int n) noexcept nogil:  # 0 <= n < popcount(m)
    # (nth_bit_by(m, n, fast_pdep) in effect, written out: through the call gcc inlined less in
    # two-hand pinochle's random batch, +1.6% instructions a hand)
    if fast_pdep:
        return __builtin_ctzll(pdep((<uint64_t>1) << n, m))
    return select_portable(m, n)

cdef inline int nth_bit_by(uint64_t m, int n, bint use_pdep) noexcept nogil:
    """nth_bit by the path ``use_pdep`` names (fast_pdep, or 0 for the portable one): a hot loop
    reads fast_pdep once and runs a copy of itself per path, with no test per pick."""
    if use_pdep:
        return __builtin_ctzll(pdep((<uint64_t>1) << n, m))
    return select_portable(m, n)

cdef inline uint64_t nth_bit_bb(uint64_t m, int n) noexcept nogil:  # the mask of nth_bit(m, n)
    if fast_pdep:
        return pdep((<uint64_t>1) << n, m)
    return (<uint64_t>1) << select_portable(m, n)
