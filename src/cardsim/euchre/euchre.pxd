# cython: language_level=3
"""What euchre/euchre.pyx (the Python face of euchre) shares with the other modules (cardsim._odds_conditions,
solver/_pimc.pyx); the engine's, players' and odds trial's compiled functions are euchre/play.pxd's."""
from cardsim.euchre.engine cimport EURules

cdef EURules eu_rules_from(rules, int seats) except *
