# cython: language_level=3
"""What euchre/euchre.pyx shares with the other modules (cardsim._odds_conditions)."""
from cardsim.euchre.engine cimport EURules

cdef EURules eu_rules_from(rules, int seats) except *
