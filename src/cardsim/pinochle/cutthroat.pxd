# cython: language_level=3
"""What pinochle/cutthroat.pyx shares with the other modules (cardsim._odds_conditions)."""
from cardsim._games cimport GDHistory
from cardsim.pinochle.cutthroat_engine cimport CPHand, CPRules

cdef CPRules cp_rules_from(rules) except *
cdef void cp_hand_record(const CPHand* h, void* record) noexcept nogil   # CP_RECORD_DTYPE
# the hand's steps as contract actions and its deal row (cardsim.solver._pimc's histories with solver seats)
cdef int cp_step_actions(void* hand, const void* rules, const int* policies, int* out, int* seat) noexcept nogil
cdef int cp_history_deal(const void* hand, const void* rules, GDHistory* hist, bint write) noexcept nogil
