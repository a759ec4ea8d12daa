# cython: language_level=3
"""What spades/play.pyx (module cardsim.spades.play: the hands played in C) exports.

cardsim.spades.play is the one module that compiles the spades engine and players for the
step state and the batches: the batch of hands, the whole-game hooks, the hand's steps as
contract actions and the bid tables.  The Python face (cardsim.spades.spades: the step state
``SpadesState``, the table setters, features and scoring for tests) calls these through
function pointers, once per Python call, and compiles no inline engine or player code; so does
cardsim.solver._pimc (a call a card of the true hand, a play-out of a world or a bid) and
spades/games.pyx (a play-out a hand of a whole game).  ``sp_ext_*``: the exported copy of the
inline function of that name in spades/engine.pxd, scoring.pxd or players.pxd.  This header
cimports no players' header (the bid tables' pointer is ``void*``)."""
from libc.stdint cimport int8_t, int16_t, int64_t, uint64_t
from cardsim.spades.engine cimport SP_BID_REGULAR, SP_MAX_SEATS, SPHand, SPRules
from cardsim._games cimport GDHistory

cdef enum:
    # The integer actions (docs/actions.md): cards 0..51 are 13*suit + rank (ranks 2..A,
    # suits S H D C), the jokers J3 J2 J1 are 52 53 54; then the bids.
    SP_CARD_ACTIONS = 55
    SP_A_BID = 55               # 55 + n: a regular bid of n tricks (0..17)
    SP_A_SPECIAL = 72           # 72 + kind: nil 73, blind nil 74, blind 6 75, one-for-50 76,
                                # two-for-40 77, shoot the moon 78
    SP_NUM_ACTIONS = 79

ctypedef struct SPRecord:
    int16_t score[SP_MAX_SEATS]       # the hand's change of score (team's, on both partners)
    int16_t bag_penalty[SP_MAX_SEATS] # points lost to bags this hand (in score)
    int16_t bags_after[SP_MAX_SEATS]  # bags carried after the hand
    int8_t bid[SP_MAX_SEATS]          # tricks named (nil 0, blind 6 6, ...); -1: no such seat
    int8_t kind[SP_MAX_SEATS]         # SP_BID_KIND_NAMES index; -1: no such seat
    int8_t tricks[SP_MAX_SEATS]       # tricks taken
    int8_t bags[SP_MAX_SEATS]         # overtricks of the hand (the team's, on both partners)
    int8_t prize[SP_MAX_SEATS]        # prize jacks captured: 1 JD, 2 JC, 4 JH (those in play)
    int8_t made[SP_MAX_SEATS]         # the bid scored positive
    int8_t dealer
    int8_t leader                     # seat that led trick 1


cdef inline int sp_card_action(int bit) noexcept nogil:
    """A card's bit (spades/engine.pxd) -> its contract action: 13 * suit + rank, the jokers (bits 13-15)
    52..54 (the action numbering; solver/_pimc.pyx's PIMC answers in it too)."""
    if bit < 13:
        return bit
    if bit < 16:
        return 52 + bit - 13
    return 13 * (bit >> 4) + (bit & 15)


cdef inline int sp_action_card(int action) noexcept nogil:
    """A card action (below SP_CARD_ACTIONS) -> the card's bit."""
    return 16 * (action // 13) + action % 13 if action < 52 else 13 + action - 52


cdef inline int sp_bid_action(int code) noexcept nogil:
    """A bid code (kind << 5 | tricks) -> its action."""
    return SP_A_BID + (code & 31) if (code >> 5) == SP_BID_REGULAR else SP_A_SPECIAL + (code >> 5)


# the batch: hands start .. start+n-1 of the batch keyed by seed into out, ``threads`` OpenMP threads
cdef void sp_simulate_batch(const SPRules* r, uint64_t seed, int64_t start, const int* policies, SPRecord* out,
                            Py_ssize_t n, int threads) noexcept nogil
cdef void sp_hand_record(const SPHand* h, const SPRules* r, void* record) noexcept nogil  # an SPRecord
# the bid tables spades/players.pxd reads (SP_TABLES, an SPBidTables*; void* here, so that this header does not
# pull the players' inline code into every module that cimports it), and their derived entries filled once
# the loaded ones of ``shape`` are in (set_spades_bid_table)
cdef void* sp_bid_tables() noexcept nogil
cdef void sp_fill_bid_tables(int shape) noexcept nogil
# the whole-game driver's hooks (cardsim._games) and the action histories
cdef int sp_gd_history(void* hand, const void* rules, const int* policies, GDHistory* hist) noexcept nogil
cdef void sp_gd_new(void* hand, const void* rules, uint64_t seed, uint64_t stream, int dealer) noexcept nogil
cdef int sp_history_cap() noexcept nogil
# the hand's steps as contract actions and its deal row (cardsim.solver._pimc's histories with solver seats)
cdef int sp_step_actions(void* hand, const void* rules, const int* policies, int* out, int* seat) noexcept nogil
cdef int sp_history_deal(const void* hand, const void* rules, GDHistory* hist, bint write) noexcept nogil
cdef int sp_bid_code_action(int code) noexcept nogil  # sp_bid_action (cardsim.solver._pimc's PIMC bids)

# The step state's contract (cardsim.spades.spades.SpadesState): the legal actions, ascending, into ``out``
# (their number); apply a legal action; the decision of ``policy`` for the seat to act, applied, as its action
# (both with what a card played proves of the seat's other cards: SPHand.barred, for the resample)
cdef int sp_legal_actions(const SPHand* h, const SPRules* r, int* out) noexcept nogil
cdef void sp_apply_action(SPHand* h, const SPRules* r, int action) noexcept nogil
cdef int sp_policy_action(SPHand* h, const SPRules* r, int policy) noexcept nogil

# The players' steps, the card play and the rest of the engine, compiled here once
cdef int sp_ext_heuristic_card(SPHand* h, const SPRules* r) noexcept nogil
cdef int sp_ext_random_card(SPHand* h, const SPRules* r) noexcept nogil
cdef int sp_ext_heuristic_bid(SPHand* h, const SPRules* r) noexcept nogil
cdef void sp_ext_policy_step(SPHand* h, const SPRules* r, int policy) noexcept nogil
cdef void sp_ext_play(SPHand* h, const SPRules* r, int card) noexcept nogil
cdef void sp_ext_play_out(SPHand* h, const SPRules* r, const int* policies) noexcept nogil
cdef void sp_ext_set_game_top(SPHand* h, const SPRules* r) noexcept nogil
cdef uint64_t sp_ext_legal(const SPHand* h, const SPRules* r) noexcept nogil
cdef int sp_ext_legal_bids(const SPHand* h, const SPRules* r, int* out) noexcept nogil
cdef bint sp_ext_bid_legal(const SPHand* h, const SPRules* r, int code) noexcept nogil
cdef void sp_ext_bid(SPHand* h, const SPRules* r, int code) noexcept nogil
cdef void sp_ext_finish(SPHand* h, const SPRules* r) noexcept nogil
cdef void sp_ext_carry(SPHand* h, const SPRules* r) noexcept nogil
cdef void sp_ext_next_hand(SPHand* h, const SPRules* r, int dealer) noexcept nogil
cdef int sp_ext_game_winner(const SPHand* h, const SPRules* r) noexcept nogil
cdef int sp_ext_estimate(uint64_t cards, const SPRules* r) noexcept nogil
cdef void sp_ext_features(uint64_t cards, const SPRules* r, int* f) noexcept nogil
cdef void sp_ext_suit_nil_terms(int cards, int* g) noexcept nogil
cdef int sp_ext_learned_count(uint64_t cards, const SPRules* r, int* f) noexcept nogil
