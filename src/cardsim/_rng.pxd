# cython: language_level=3
"""Seeded random streams for the core.

Each simulated hand owns two streams keyed by (seed, hand index), one for its deals
and one for its players (rng_seed_hand), so a batch's results depend on the seed alone
and never on how hands are spread over threads.  The generator is SplitMix64 (Steele, Lea & Flood 2014): one 64-bit
word of state, passes BigCrush, and is cheap to key.  Streams for different
keys start at hashed, unrelated points of the 2^64 cycle.
"""
from libc.stdint cimport uint32_t, uint64_t
from cardsim._bits cimport nth_bit_bb, popcount

cdef extern from *:
    """
    static inline uint64_t cardsim_mul_hi_lo(uint64_t a, uint64_t b, uint64_t* lo) {
        unsigned __int128 x = (unsigned __int128)a * b;
        *lo = (uint64_t)x;
        return (uint64_t)(x >> 64);
    }
    """
    uint64_t mul_hi_lo "cardsim_mul_hi_lo"(uint64_t a, uint64_t b, uint64_t* lo) nogil
    int __builtin_clzll(unsigned long long) nogil

cdef enum:
    RNG_PICKS = 5           # picks one 64-bit draw serves (ranges up to RNG_PICK_MAX each) ...
    RNG_PICK_MAX = 64       # ... so their product stays <= 2^30 and the picks' bias below 2^-34

ctypedef struct Rng:
    uint64_t state  # advances by the golden gamma on every draw
    uint64_t frac   # what is left of the latest draw for rng_below, a fraction in [0, 1) * 2^64
    int picks_left  # picks rng_below may still take from ``frac`` before the next draw
    uint64_t tfrac  # rng_below_trick: what is left of the draw of trick ``trick`` ...
    int trick       # ... the trick (a hand's count of tricks played) it was drawn for; -1 none

cdef inline uint64_t mix64(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)

cdef inline void rng_seed(Rng* rng, uint64_t seed, uint64_t stream) noexcept nogil:
    rng.state = mix64(mix64(seed + 0x632BE59BD9B4E019ULL) ^ (stream * 0x9E3779B97F4A7C15ULL))
    rng.frac = 0
    rng.picks_left = 0
    rng.tfrac = 0
    rng.trick = -1

cdef inline void rng_seed_hand(Rng* deal, Rng* play, uint64_t seed, uint64_t stream) noexcept nogil:
    """A hand's two streams keyed by (seed, stream): ``deal`` for its deals and redeals only,
    ``play`` for its players' random choices.  The cards dealt therefore depend on the key alone,
    whatever the players do (paired comparisons stay paired); the play stream starts at a hashed,
    unrelated point of the cycle."""
    rng_seed(deal, seed, stream)
    play.state = mix64(deal.state ^ 0xD1B54A32D192ED03ULL)
    play.frac = 0
    play.picks_left = 0
    play.tfrac = 0
    play.trick = -1

cdef inline uint64_t rng_next(Rng* rng) noexcept nogil:
    rng.state += 0x9E3779B97F4A7C15ULL
    return mix64(rng.state)

cdef inline int rng_below(Rng* rng, int n) noexcept nogil:
    """Uniform integer in [0, n), 1 <= n <= 2^31: up to RNG_PICKS picks from one 64-bit draw.

    Each pick multiplies the draw's remaining fraction by ``n`` (128-bit product): the high
    word is the pick, the low word the fraction left for the next one.  The picks of one draw
    are the mixed-radix digits of floor(u * P / 2^64), P the product of their ranges, so each
    combination of them has probability within a factor 1 +- P / 2^64 of uniform: with at most
    RNG_PICKS picks of ranges <= RNG_PICK_MAX, P <= 2^30.  A draw serves a fixed number of
    picks whatever their ranges, so the refill branch follows a fixed period the CPU predicts
    (a refill that depended on the ranges was mispredicted about once a draw).  A range above
    RNG_PICK_MAX takes a draw of its own (Lemire's multiply-shift, bias < 2^-32 * n).
    """
    cdef uint64_t lo
    if n > RNG_PICK_MAX:
        return <int>(((rng_next(rng) >> 32) * <uint64_t>n) >> 32)
    if rng.picks_left == 0:
        rng.frac = rng_next(rng)
        rng.picks_left = RNG_PICKS
    rng.picks_left -= 1
    return <int>mul_hi_lo(rng.frac, <uint64_t>n, &rng.frac)

cdef inline int rng_below_trick(Rng* rng, int trick, int n) noexcept nogil:
    """Uniform integer in [0, n), 1 <= n <= RNG_PICK_MAX, for a random card played to trick
    ``trick``: every trick's picks come from one 64-bit draw, made at the trick's first pick
    (a trick has at most RNG_PICKS cards, so the bias stays below 2^-34 as in rng_below).  The
    draw falls at a place the play loops know (the lead), not on a count the CPU mispredicts."""
    if rng.trick != trick:
        rng.tfrac = rng_next(rng)
        rng.trick = trick
    return <int>mul_hi_lo(rng.tfrac, <uint64_t>n, &rng.tfrac)

cdef inline void shuffle_ints(Rng* rng, int* items, int n) noexcept nogil:
    """Fisher-Yates shuffle of ``items[0:n]`` (positions from rng_below, several a draw)."""
    cdef int i, j, t
    for i in range(n - 1, 0, -1):
        j = rng_below(rng, i + 1)
        t = items[i]; items[i] = items[j]; items[j] = t

cdef inline uint64_t rng_take(Rng* rng, uint64_t* deck, int k) noexcept nogil:
    """``k`` cards of ``deck[0]`` (k <= popcount) drawn uniformly without replacement, and removed
    from it: the deal of every game, straight on the mask.  Card by card, each a uniform one of
    those left (the n-th set bit of the rest), RNG_PICKS picks from each 64-bit draw (as in
    rng_below: the product of their ranges stays <= 2^30), in groups the compiler unrolls, so
    the loop has no data-dependent branch."""
    cdef uint64_t rest = deck[0], out = 0, b, frac
    cdef int n = popcount(rest), i = 0, j
    while i < k:
        frac = rng_next(rng)
        for j in range(RNG_PICKS):
            if i < k:
                b = nth_bit_bb(rest, <int>mul_hi_lo(frac, <uint64_t>(n - i), &frac))
                rest ^= b
                out |= b
                i += 1
    deck[0] = rest
    return out
