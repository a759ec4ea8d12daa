# cython: language_level=3
"""What pinochle/two_hand.pyx shares with the other modules (cardsim._odds_conditions)."""
from cardsim.pinochle.two_hand_engine cimport THRules

cdef THRules th_rules_from(rules) except *
