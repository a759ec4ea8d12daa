# cython: language_level=3
"""The keys of PIMC decisions in the core's batches (cardsim.solver._pimc, pinochle/two_hand.pyx):
a hand's key from the policies' seed and the hand's (seed, index), a decision's from the hand's,
its place in the hand and the seat.  Never a hidden card: changing only hidden cards never
changes a decision's worlds, and a decision is the same for any thread count."""
from libc.stdint cimport int64_t, uint64_t
from cardsim._rng cimport mix64

cdef inline uint64_t pm_base(uint64_t policy_seed, uint64_t seed, int64_t index) noexcept nogil:
    """The key of one hand (trial) of a batch: the policy's seed and the hand's (seed, index)."""
    return mix64(mix64(policy_seed + 0x2545F4914F6CDD1DULL) ^ mix64(seed + 0x632BE59BD9B4E019ULL)
                 ^ (<uint64_t>index * 0x9E3779B97F4A7C15ULL))


cdef inline uint64_t pm_key(uint64_t base, int n_played, int seat) noexcept nogil:
    """The key of one decision: the hand's key, the cards played so far (two-hand: the actions
    so far) and the seat."""
    return mix64(mix64(base + 0x632BE59BD9B4E019ULL) ^ (<uint64_t>(n_played * 8 + seat) * 0x9E3779B97F4A7C15ULL))
