# cython: language_level=3
"""What pinochle/cutthroat.pyx shares with the other modules (cardsim._odds_conditions)."""
from cardsim.pinochle.cutthroat_engine cimport CPHand, CPRules

cdef CPRules cp_rules_from(rules) except *
cdef void cp_hand_record(const CPHand* h, void* record) noexcept nogil   # CP_RECORD_DTYPE
