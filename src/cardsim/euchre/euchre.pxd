# cython: language_level=3
"""What euchre/euchre.pyx shares with the other modules (cardsim._odds_conditions)."""
from cardsim.euchre.engine cimport EURules
from cardsim.euchre.players cimport EUBidTables

cdef EURules eu_rules_from(rules, int seats) except *
cdef EUBidTables* eu_bid_tables() noexcept nogil   # the learned table the players read (EU_TABLES)
