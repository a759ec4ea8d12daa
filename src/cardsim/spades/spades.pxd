# cython: language_level=3
"""What spades/spades.pyx shares with spades/games.pyx and spades/odds.pyx."""
from cardsim.spades.engine cimport SPRules

cdef SPRules sp_rules_from(rules) except *
