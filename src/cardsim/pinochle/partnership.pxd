# cython: language_level=3
"""What pinochle/partnership.pyx shares with the other pinochle modules."""
from libc.stdint cimport int16_t, uint64_t
from cardsim._constrained_deal cimport DealPlan
from cardsim._games cimport GDHistory
from cardsim.pinochle.common cimport CPSteps
from cardsim.pinochle.partnership_engine cimport PPHand, PPRules

cdef PPRules pp_rules_from(rules) except *
cdef void pp_hand_record(const PPHand* h, void* record) noexcept nogil   # PP_RECORD_DTYPE
# the hand's steps as contract actions and its deal row (cardsim.solver._pimc's histories with solver seats)
cdef int pp_step_actions(void* hand, const void* rules, const int* policies, int* out, int* seat) noexcept nogil
cdef int pp_history_deal(const void* hand, const void* rules, GDHistory* hist, bint write) noexcept nogil

# The players', the step states' and the odds trial's steps, compiled here once, for a module that plays
# partnership hands without compiling the players' inline code (solver/_pimc.pyx; as cutthroat.pxd's).
cdef int pp_ext_heuristic_card(PPHand* h, const PPRules* r) noexcept nogil
cdef void pp_ext_policy_step(PPHand* h, const PPRules* r, int policy) noexcept nogil
cdef void pp_ext_note_play(CPSteps* steps, const PPHand* before, int card, int must_beat) noexcept nogil
cdef int pp_ext_pimc_totals(PPHand* h, const PPRules* r, const CPSteps* steps, DealPlan* plan, int seat, int worlds,
                            uint64_t seed, int side, bint oracle, int* acts, double* totals) noexcept nogil
cdef int pp_ext_best_trump(uint64_t cards, const PPRules* r, int* value) noexcept nogil
cdef void pp_ext_odds_deal(PPHand* h, uint64_t hand, int seat, int dealer) noexcept nogil
cdef int pp_ext_heuristic_bid(PPHand* h, const PPRules* r) noexcept nogil
cdef void pp_ext_odds_won(PPHand* h, uint64_t hand, int seat) noexcept nogil
cdef void pp_ext_odds_play(const PPHand* dealt, const PPRules* r, int seat, const int* policies, int16_t* out) noexcept nogil
