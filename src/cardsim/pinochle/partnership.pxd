# cython: language_level=3
"""What pinochle/partnership.pyx shares with the other pinochle modules."""
from cardsim.pinochle.partnership_engine cimport PPRules

cdef PPRules pp_rules_from(rules) except *
