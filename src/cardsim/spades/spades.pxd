# cython: language_level=3
"""What spades/spades.pyx shares with spades/games.pyx and spades/odds.pyx."""
from libc.stdint cimport int64_t, uint64_t
from cardsim.spades.engine cimport SPHand, SPRules
from cardsim._games cimport GDHistory
from cardsim._policy cimport policy_code
from cardsim.spades.engine cimport SP_MAX_SEATS

cdef SPRules sp_rules_from(rules) except *
# the bid tables spades/players.pxd reads (SP_TABLES, an SPBidTables*; void* here, so that this header does not
# pull the players' inline code into every module that cimports it)
cdef void* sp_bid_tables() noexcept nogil
cdef int sp_gd_history(void* hand, const void* rules, const int* policies, GDHistory* hist) noexcept nogil
cdef void sp_gd_new(void* hand, const void* rules, uint64_t seed, uint64_t stream, int dealer) noexcept nogil
cdef int sp_history_cap() noexcept nogil
cdef void sp_hand_record(const SPHand* h, const SPRules* r, void* record) noexcept nogil  # an SPRecord
# the hand's steps as contract actions and its deal row (cardsim.solver._pimc's histories with solver seats)
cdef int sp_step_actions(void* hand, const void* rules, const int* policies, int* out, int* seat) noexcept nogil
cdef int sp_history_deal(const void* hand, const void* rules, GDHistory* hist, bint write) noexcept nogil
cdef int sp_bid_code_action(int code) noexcept nogil  # a bid code (kind << 5 | tricks) -> its action


cdef inline int sp_card_action(int bit) noexcept nogil:
    """A card's bit -> its contract action: 13 * suit + rank, the jokers (bits 13-15) 52..54
    (spades.pyx's action numbering; solver/_pimc.pyx's PIMC answers in it too)."""
    if bit < 13:
        return bit
    if bit < 16:
        return 52 + bit - 13
    return 13 * (bit >> 4) + (bit & 15)

# The players' steps and the card play, compiled here once, for a module that plays spades hands
# without compiling the players' inline code (solver/_pimc.pyx: a call a card of the true hand, a
# play-out of a world or a bid, never a call per card of a play-out; spades/games.pyx: a play-out a
# hand of a whole game).  ``ext``: the exported copy of
# the inline function of spades/players.pxd or spades/scoring.pxd of that name.
cdef int sp_ext_heuristic_card(SPHand* h, const SPRules* r) noexcept nogil
cdef int sp_ext_random_card(SPHand* h, const SPRules* r) noexcept nogil
cdef int sp_ext_heuristic_bid(SPHand* h, const SPRules* r) noexcept nogil
cdef void sp_ext_policy_step(SPHand* h, const SPRules* r, int policy) noexcept nogil
cdef void sp_ext_play(SPHand* h, const SPRules* r, int card) noexcept nogil
cdef void sp_ext_play_out(SPHand* h, const SPRules* r, const int* policies) noexcept nogil


cdef inline void sp_trial_args(const SPRules* r, scores, int seat, int dealer, codes, int max_codes, policies,
                               int* pol, int* sc, int* cd) except *:
    """A batch of a player's trials (the bid odds, the games won): check ``scores`` (one per seat),
    ``seat``, ``dealer`` and the count of ``codes`` (at most ``max_codes``), and copy the policies'
    codes, the scores and the codes into the C arrays (SP_MAX_SEATS, SP_MAX_SEATS, max_codes).  Inline here, not in
    spades.pyx: a function more there moved gcc's inlining of the players (spades heuristic +2.4%
    instructions a hand, callgrind)."""
    cdef int k
    if len(codes) > max_codes:
        raise ValueError(f"at most {max_codes} bid codes")
    if len(scores) != r.seats or not 0 <= seat < r.seats or not 0 <= dealer < r.seats:
        raise ValueError("scores, seat or dealer do not fit the rules")
    for k in range(SP_MAX_SEATS):
        pol[k] = policy_code(policies[k]) if k < r.seats else 0
        sc[k] = scores[k] if k < r.seats else 0
    for k in range(len(codes)):
        cd[k] = codes[k]
