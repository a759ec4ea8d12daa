# cython: language_level=3
"""What euchre/euchre.pyx shares with the other modules (cardsim._odds_conditions, solver/_pimc.pyx)."""
from libc.stdint cimport int16_t, uint64_t

from cardsim._games cimport GDHistory
from cardsim.euchre.engine cimport EUHand, EURules

cdef enum:
    # eu_hidden_places: the places other than a seat's hand
    EU_PLACE_KITTY = -1
    EU_PLACE_DUMMY = -2
    EU_PLACE_DISCARD = -3

cdef EURules eu_rules_from(rules, int seats) except *
cdef void eu_hand_record(const EUHand* h, const EURules* r, void* record) noexcept nogil  # an EURecord
# the learned table the players read (EU_TABLES, an EUBidTables*; void* here, so that this header does not
# pull the players' inline code into every module that cimports it)
cdef void* eu_bid_tables() noexcept nogil
# the hand's steps as contract actions and its deal row (cardsim.solver._pimc's histories with solver seats)
cdef int eu_step_actions(void* hand, const void* rules, const int* policies, int* out, int* seat) noexcept nogil
cdef int eu_history_deal(const void* hand, const void* rules, GDHistory* hist, bint write) noexcept nogil
# the places of the cards a seat cannot see (EuchreState.resample's, PIMC's worlds)
cdef int eu_hidden_places(const EUHand* h, const EURules* r, int seat, uint64_t* known_out, uint64_t* hidden_out,
                          uint64_t* where, uint64_t* barred, int* cap, int* place) noexcept nogil
# the rules a whole game's hand is played under (its EUGameHand's eu_rules_near_game copy: going alone near game)
cdef const void* eu_game_hand_rules(const void* hand) noexcept nogil

# The players' and the odds trial's steps, compiled here once, for a module that plays euchre hands
# without compiling the players' inline code (solver/_pimc.pyx: a call a card of the true hand, a
# play-out of a world or a step of an odds trial, never a call per card of a play-out).  ``ext``:
# the exported copy of the inline function of euchre/players.pxd or euchre/odds.pxd of that name.
cdef int eu_ext_heuristic_card(const EUHand* h, const EURules* r) noexcept nogil
cdef void eu_ext_policy_step(EUHand* h, const EURules* r, int policy) noexcept nogil
cdef void eu_ext_play_out(EUHand* h, const EURules* r, const int* policies) noexcept nogil
cdef uint64_t eu_ext_drop_worst(uint64_t cards, int trump, int n) noexcept nogil
cdef void eu_ext_odds_deal(EUHand* h, const EURules* r, uint64_t hand, int upcard, int seat, int dealer) noexcept nogil
cdef bint eu_ext_force_call(EUHand* h, const EURules* r, int seat, int action) noexcept nogil
cdef void eu_ext_odds_record(const EUHand* h, const EURules* r, int seat, int16_t* out) noexcept nogil
# an odds trial's play from its deal (cardsim._odds_conditions: one call a conditioned trial)
cdef void eu_ext_odds_play(const EUHand* dealt, const EURules* r, int seat, const int* policies, int16_t* out) noexcept nogil
