# cython: language_level=3
"""What pinochle/two_hand.pyx shares with the other modules (cardsim._odds_conditions)."""
from libc.stdint cimport uint64_t
from cardsim._games cimport GDHistory
from cardsim.pinochle.two_hand_engine cimport THHand, THRules

cdef enum:
    TH_PAST_CAP = -1            # th_solver_play_out / th_solver_history: more actions than the history's cap
    TH_DECISION_FAILED = -3     # a PIMC decision found no world (a core bug)

cdef THRules th_rules_from(rules) except *
cdef int th_solver_hand(THHand* h, const THRules* r, const int* kinds, const int* worlds, uint64_t base) noexcept nogil
# th_solver_hand writing the hand's history (its deal row, every action and seat): cardsim.solver._pimc's
# histories of two-hand hands and games with solver seats
cdef int th_solver_history(THHand* h, const THRules* r, const int* kinds, const int* worlds, uint64_t base,
                           GDHistory* row) noexcept nogil
