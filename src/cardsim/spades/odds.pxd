# cython: language_level=3
"""What spades/odds.pyx shares: its column layout and the conditioned trials'
loops, which cardsim._odds_conditions calls once per Python call."""
from libc.stdint cimport int16_t, int64_t, uint8_t, uint64_t
from cardsim.spades.engine cimport SPHand, SPRules
from cardsim._conditions cimport OddsCond

cdef enum:
    SPO_TRICKS = 0      # the player's tricks
    SPO_SCORE = 1       # the player's score for the hand (the team's in partnership play)
    SPO_MADE = 2        # the bid made (scored positive; the team contract for a regular bid)
    SPO_PER_BID = 3
    SPO_MAX_CODES = 32

cdef void sp_odds_deal(SPHand* h, const SPRules* r, uint64_t hand, int seat, int dealer,
                       const int* scores, bint blind) noexcept nogil   # the trials' deal (cardsim.solver._pimc too)
cdef void sp_conditioned_trials(const SPRules* r, const OddsCond* c, uint64_t hand, int seat, int dealer,
                                const int* scores, bint blind, const int* codes, int n_codes, uint64_t seed,
                                const int64_t* ids, Py_ssize_t n, int16_t* out, Py_ssize_t row, int64_t* tries,
                                const int* policies, int threads) noexcept nogil
cdef void sp_conditioned_candidates(const SPRules* r, const OddsCond* c, uint64_t hand, int seat, int dealer,
                                    const int* scores, bint blind, uint64_t seed, int64_t start, Py_ssize_t n,
                                    uint64_t* deals, uint8_t* passed, const int* policies,
                                    int threads) noexcept nogil
cdef void sp_conditioned_hands(const SPRules* r, const OddsCond* c, uint64_t hand, int seat, int dealer,
                               const int* scores, bint blind, uint64_t seed, const int64_t* ids, Py_ssize_t n,
                               SPHand* hands, int64_t* tries, const int* policies, int threads) noexcept nogil
