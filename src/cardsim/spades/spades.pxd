# cython: language_level=3
"""What spades/spades.pyx shares with spades/games.pyx and spades/odds.pyx."""
from cardsim.spades.engine cimport SPRules
from cardsim.spades.players cimport SPBidTables

cdef SPRules sp_rules_from(rules) except *
cdef SPBidTables* sp_bid_tables() noexcept nogil   # the bid tables spades/players.pxd reads (SP_TABLES)
