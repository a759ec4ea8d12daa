# cython: language_level=3
"""What euchre/euchre.pyx shares with the other modules (cardsim._odds_conditions, solver/_pimc.pyx)."""
from libc.stdint cimport uint64_t

from cardsim._games cimport GDHistory
from cardsim.euchre.engine cimport EUHand, EURules
from cardsim.euchre.players cimport EUBidTables

cdef enum:
    # eu_hidden_places: the places other than a seat's hand
    EU_PLACE_KITTY = -1
    EU_PLACE_DUMMY = -2
    EU_PLACE_DISCARD = -3

cdef EURules eu_rules_from(rules, int seats) except *
cdef void eu_hand_record(const EUHand* h, const EURules* r, void* record) noexcept nogil  # an EURecord
cdef EUBidTables* eu_bid_tables() noexcept nogil   # the learned table the players read (EU_TABLES)
# the hand's steps as contract actions and its deal row (cardsim.solver._pimc's histories with solver seats)
cdef int eu_step_actions(void* hand, const void* rules, const int* policies, int* out, int* seat) noexcept nogil
cdef int eu_history_deal(const void* hand, const void* rules, GDHistory* hist, bint write) noexcept nogil
# the places of the cards a seat cannot see (EuchreState.resample's, PIMC's worlds)
cdef int eu_hidden_places(const EUHand* h, const EURules* r, int seat, uint64_t* known_out, uint64_t* hidden_out,
                          uint64_t* where, uint64_t* barred, int* cap, int* place) noexcept nogil
# the rules a whole game's hand is played under (its EUGameHand's eu_rules_near_game copy: going alone near game)
cdef const void* eu_game_hand_rules(const void* hand) noexcept nogil
