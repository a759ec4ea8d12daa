# cython: language_level=3
"""What pinochle/two_hand.pyx shares with the other modules (cardsim._odds_conditions)."""
from libc.stdint cimport uint64_t
from cardsim.pinochle.two_hand_engine cimport THHand, THRules

cdef THRules th_rules_from(rules) except *
cdef int th_solver_hand(THHand* h, const THRules* r, const int* kinds, const int* worlds, uint64_t base) noexcept nogil
