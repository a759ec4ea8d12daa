# cython: language_level=3
"""What pinochle/partnership.pyx shares with the other pinochle modules."""
from cardsim._games cimport GDHistory
from cardsim.pinochle.partnership_engine cimport PPHand, PPRules

cdef PPRules pp_rules_from(rules) except *
cdef void pp_hand_record(const PPHand* h, void* record) noexcept nogil   # PP_RECORD_DTYPE
# the hand's steps as contract actions and its deal row (cardsim.solver._pimc's histories with solver seats)
cdef int pp_step_actions(void* hand, const void* rules, const int* policies, int* out, int* seat) noexcept nogil
cdef int pp_history_deal(const void* hand, const void* rules, GDHistory* hist, bint write) noexcept nogil
