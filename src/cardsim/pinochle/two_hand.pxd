# cython: language_level=3
"""What pinochle/two_hand.pyx shares with the other modules (cardsim._odds_conditions, solver/_pimc.pyx)."""
from libc.stdint cimport int16_t, uint64_t
from cardsim._rng cimport Rng
from cardsim._games cimport GDHistory
from cardsim.pinochle.two_hand_engine cimport THHand, THRules

cdef enum:
    TH_PAST_CAP = -1            # th_solver_play_out / th_solver_history: more actions than the history's cap
    TH_DECISION_FAILED = -3     # a PIMC decision found no world (a core bug)

cdef THRules th_rules_from(rules) except *
cdef int th_solver_hand(THHand* h, const THRules* r, const int* kinds, const int* worlds, uint64_t base) noexcept nogil
# th_solver_hand writing the hand's history (its deal row, every action and seat): cardsim.solver._pimc's
# histories of two-hand hands and games with solver seats
cdef int th_solver_history(THHand* h, const THRules* r, const int* kinds, const int* worlds, uint64_t base,
                           GDHistory* row) noexcept nogil

# An odds trial's deal and play, compiled here once, for cardsim._odds_conditions (a call a conditioned
# trial); ``ext``: the exported copy of the inline function of that name (games_odds.pxd,
# cutthroat_odds.pxd's pin_shuffled).
cdef int th_ext_shuffled(Rng* rng, uint64_t cards, int* order) noexcept nogil
cdef void th_ext_fill_order(int* order, uint64_t hand, const int* theirs, int upcard, const int* stock, int seat,
                            int dealer) noexcept nogil
cdef void th_ext_odds_play(THHand* h, const THRules* r, int seat, const int* policies, int16_t* out) noexcept nogil
