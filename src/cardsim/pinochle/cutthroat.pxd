# cython: language_level=3
"""What pinochle/cutthroat.pyx shares with the other modules (cardsim._odds_conditions)."""
from cardsim.pinochle.cutthroat_engine cimport CPRules

cdef CPRules cp_rules_from(rules) except *
