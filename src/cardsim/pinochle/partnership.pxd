# cython: language_level=3
"""What pinochle/partnership.pyx shares with the other pinochle modules."""
from cardsim.pinochle.partnership_engine cimport PPHand, PPRules

cdef PPRules pp_rules_from(rules) except *
cdef void pp_hand_record(const PPHand* h, void* record) noexcept nogil   # PP_RECORD_DTYPE
