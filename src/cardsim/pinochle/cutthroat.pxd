# cython: language_level=3
"""What pinochle/cutthroat.pyx shares with the other modules (cardsim._odds_conditions, solver/_pimc.pyx)."""
from libc.stdint cimport int16_t, uint64_t
from cardsim._constrained_deal cimport DealPlan
from cardsim._games cimport GDHistory
from cardsim.pinochle.common cimport CPSteps
from cardsim.pinochle.cutthroat_engine cimport CPHand, CPRules

cdef CPRules cp_rules_from(rules) except *
cdef void cp_hand_record(const CPHand* h, void* record) noexcept nogil   # CP_RECORD_DTYPE
# the hand's steps as contract actions and its deal row (cardsim.solver._pimc's histories with solver seats)
cdef int cp_step_actions(void* hand, const void* rules, const int* policies, int* out, int* seat) noexcept nogil
cdef int cp_history_deal(const void* hand, const void* rules, GDHistory* hist, bint write) noexcept nogil

# The players', the step states' and the odds trial's steps, compiled here once, for a module that plays
# cutthroat hands without compiling the players' inline code (solver/_pimc.pyx: a call a card of the
# true hand, a PIMC decision or a step of an odds trial, never a call per card of a play-out).
# ``ext``: the exported copy of the inline function of that name (cutthroat_players.pxd, world.pxd,
# cutthroat_odds.pxd) for cutthroat's hand.
cdef int cp_ext_heuristic_card(CPHand* h, const CPRules* r) noexcept nogil
cdef void cp_ext_policy_step(CPHand* h, const CPRules* r, int policy) noexcept nogil
cdef void cp_ext_note_play(CPSteps* steps, const CPHand* before, int card, int must_beat) noexcept nogil
cdef int cp_ext_pimc_totals(CPHand* h, const CPRules* r, const CPSteps* steps, DealPlan* plan, int seat, int worlds,
                            uint64_t seed, int side, bint oracle, int* acts, double* totals) noexcept nogil
cdef int cp_ext_best_trump_melds(uint64_t cards, const CPRules* r, int* melds) noexcept nogil
cdef uint64_t cp_ext_heuristic_discard_from(uint64_t cards, int trump, const CPRules* r, int meld_now) noexcept nogil
cdef void cp_ext_odds_deal(CPHand* h, const CPRules* r, uint64_t hand, int seat, int dealer) noexcept nogil
cdef void cp_ext_odds_row(const CPHand* h, const CPRules* r, int seat, int16_t* row) noexcept nogil
# the auction's heuristic bid, and an odds trial's deal won and its play (cardsim._odds_conditions: a call an
# attempted deal or a conditioned trial)
cdef int cp_ext_heuristic_bid(CPHand* h, const CPRules* r) noexcept nogil
cdef void cp_ext_odds_won(CPHand* h, uint64_t hand, int seat) noexcept nogil
cdef void cp_ext_odds_play(const CPHand* dealt, const CPRules* r, int seat, const int* policies, int16_t* out) noexcept nogil
