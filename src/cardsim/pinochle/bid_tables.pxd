# The pinochle heuristics' learned decision tables (issue 11): written by
# scripts/pinochle_bid_table.py into src/cardsim/data/pinochle_bids.json, loaded at run time
# by pinochle/common.pyx (set_pinochle_bid_table), read by pinochle/cutthroat_players.pxd
# and partnership_players.pxd.
#
# The tables live once, in cardsim.pinochle.common; every module that cimports the players
# points PIN_TABLES at them when it is loaded (``PIN_TABLES = pin_bid_tables()``,
# pinochle/common.pxd), before any hand is played.  A module whose PIN_TABLES is still NULL,
# or a table not loaded, falls back to the hand-set rules of the players (their docstrings).
#
# ceiling[game][k]: the bid ceiling's coefficients, tenths of a point, per feature k
#   (PIN_F_* then PIN_PF_*, both games alike: cutthroat_players.pxd pin_learned_counts): the most
#   the heuristic bids with these cards is, over the four suits as trump, the largest of
#   (sum of coefficient x feature + 5) // 10.  game: PIN_CUTTHROAT, PIN_PARTNERSHIP.
# partner[k]: partnership's read of a partner's pass (partnership_players.pxd pp_partner_read):
#   (partner[PIN_P_CONST] + partner[PIN_P_SLOPE] x the lowest bid open when the partner
#   passed) tenths added to the ceiling once the partner passed; partner_loaded 0: no read.
# lane[game][], partner_lane[]: each ceiling count's terms that one suit's 12 bits decide (PinLaneTerms: its
#   own terms as trump, pin_lane_count, and its share of the terms summed over every suit, pin_side_lane_count),
#   filled from the count's coefficients when the table loads (pin_fill_lanes).
# partner_count[k], partner_lane[]: partnership's count of its own once the partner passed (partnership_players.pxd
#   pp_after_pass_ceiling): the ceiling's features (PIN_F_*, PIN_PF_*) weighed anew, its lane table filled
#   from it as lane[] is; the read above is added to it (its constant coefficient is 0: the read's
#   constant is the constant); partner_count_loaded 0: the opener's ceiling moved by the read.
# trump[k]: partnership's trump count (partnership_players.pxd pp_trump_counts), tenths of a
#   point of expected score per feature k (PIN_TR_*) of a suit as trump: the bidder names the suit
#   of the largest count; trump_loaded 0: the suit of the largest ceiling count.  trump_lane[]: its
#   terms that the suit's own 12 bits decide (pin_trump_lane_count), filled from trump[] when it loads.
# tree_count[set], tree[set][tree]: the trees added to a count: cutthroat's ceiling's (set PIN_CUTTHROAT;
#   cutthroat_players.pxd pin_tree_ceiling, inputs PIN_TI_*), partnership's after-pass count's (set
#   PIN_PARTNERSHIP; partnership_players.pxd pp_after_pass_ceiling, inputs PIN_AI_*; loaded only with
#   partner_count), partnership's opener ceiling's (set PIN_PP_OPENER_TREES; pp_bid_ceiling, inputs PIN_AI_*);
#   each tree's words together (PIN_TREE_WORDS: its split thresholds, its split inputs from
#   PIN_TREE_INPUT0, its leaves from PIN_TREE_LEAF0, so one pointer walks the trees; the splits stored
#   the last level first, pin_tree_leaf); tree_count 0: the count alone.
# throw_in[k]: cutthroat's throw-in (army scoring): the bidder's median trick points after the
#   widow, tenths, from the features of the 15 cards it keeps (PIN_T_*).

from libc.stdint cimport uint64_t
from cardsim._bits cimport popcount
from cardsim.pinochle.cards cimport COPY0_BB, RUN_LANE, RA, RT, RK, RQ, RJ

cdef enum:
    PIN_CUTTHROAT = 0
    PIN_PARTNERSHIP = 1
    PIN_GAMES = 2
    PIN_F_ONE = 0               # 1 (the constant)
    PIN_F_MELD = 1              # meld with that trump
    PIN_F_TRUMPS = 2            # cards of that trump (copies counted)
    PIN_F_ACES = 3              # aces (copies counted)
    PIN_F_TENS = 4              # suits holding both an ace and a ten
    PIN_F_SHORT = 5             # other suits of at most one card
    # and what three more cards may complete (cutthroat: the widow; partnership: the three cards
    # the partner passes, trump high first, then aces); cutthroat read only the six above until
    # stop 28 (the PF names are from when partnership alone read them)
    PIN_PF_TRUMPS_OVER = 6      # trumps beyond four
    PIN_PF_RUN_FOUR = 7         # 1 when four of the five run cards (J Q K T A of trump) are held
    PIN_PF_RUN_THREE = 8        # 1 when three of them are held
    PIN_PF_ACES_THREE = 9       # 1 when aces of exactly three suits are held
    PIN_PF_TRUMP_PAIR = 10      # 1 when the trump K and Q are held without the run
    # and the trump's cards rank by rank (above what the trumps and aces count): the play's tricks
    PIN_PF_TRUMP_ACES = 11      # trump aces (copies counted)
    PIN_PF_TRUMP_TENS = 12      # trump tens
    PIN_PF_TRUMP_KINGS = 13     # trump kings
    PIN_PF_TRUMP_QUEENS = 14    # trump queens
    # and the side suits' cards (the tricks the side suits take or lose)
    PIN_PF_TENS_ALL = 15        # tens (copies counted, every suit)
    PIN_PF_QUEENS_ALL = 16      # queens
    PIN_PF_JACKS_ALL = 17       # jacks
    PIN_PF_SIDE_BARE_TENS = 18  # tens of the other suits held without their suit's ace
    PIN_PF_LONG_SIDE = 19       # cards of the longest other suit
    PIN_PF_FEATURES = 20
    PIN_CEILING_MAX = 20        # the widest ceiling (the row length of ceiling[])
    PIN_LANES = 4096            # the cards of one suit: 12 bits, two copies of 9 J Q K T A (lane[])
    PIN_T_ONE = 0               # 1
    PIN_T_TRUMPS = 1            # trumps kept
    PIN_T_ACES = 2              # aces kept
    PIN_T_TENS = 3              # suits kept with both an ace and a ten
    PIN_T_SHORT = 4             # other suits of at most one card kept
    PIN_T_DISCARD = 5           # counters discarded (points when the discard counts)
    PIN_T_FEATURES = 6
    PIN_P_CONST = 0             # the read's constant
    PIN_P_SLOPE = 1             # the read's tenths per point of the bid open at the partner's pass
    PIN_P_STATES = 2
    # partnership's trump count (partnership_players.pxd pp_trump_counts): per suit as trump
    PIN_TR_MELD = 0             # meld with that trump
    PIN_TR_ACES = 1             # its aces (copies counted)
    PIN_TR_TENS = 2             # its tens
    PIN_TR_KINGS = 3            # its kings
    PIN_TR_QUEENS = 4           # its queens
    PIN_TR_JACKS = 5            # its jacks
    PIN_TR_NINES = 6            # its nines
    PIN_TR_OVER = 7             # its cards beyond four
    PIN_TR_RUN_FOUR = 8         # 1 when four of its five run cards (J Q K T A) are held
    PIN_TR_RUN_THREE = 9        # 1 when three of them are held
    PIN_TR_RUN_CARDS = 10       # run cards held (distinct)
    PIN_TR_PAIR = 11            # 1 when its K and Q are held without the run
    PIN_TR_TOPS = 12            # its ace and ten held (distinct: 0 to 2)
    PIN_TR_VOID = 13            # 1 when none of it is held
    PIN_TR_SHORT = 14           # other suits of at most one card
    PIN_TR_FEATURES = 15
    # cutthroat's ceiling trees (cutthroat_players.pxd pin_tree_ceiling): oblivious trees, each
    # PIN_TREE_DEPTH splits (an input above a threshold: one bit of the leaf's index, the first
    # split the highest bit) and PIN_TREE_LEAVES leaves, tenths added to the count; what they read
    # of the hand with the trump of the largest count (scripts/pinochle_bid_table.py TREE_INPUTS):
    PIN_TREES_MAX = 32
    PIN_TREE_DEPTH = 4
    PIN_TREE_LEAVES = 16
    PIN_TREE_INPUT0 = 4         # a tree's words: PIN_TREE_DEPTH split thresholds, then their inputs,
    PIN_TREE_LEAF0 = 8          # then its PIN_TREE_LEAVES leaves (96 bytes: each tree's thresholds
    PIN_TREE_WORDS = 24         # start 16-byte aligned, pin_tree_leaf)
    PIN_TI_COUNT = 0            # the largest count itself (tenths)
    PIN_TI_MELD = 1             # then the count's features that are not the trump's cards one by one:
    PIN_TI_TRUMPS = 2           # PIN_F_MELD .. PIN_F_SHORT
    PIN_TI_RUN_FOUR = 6         # PIN_PF_RUN_FOUR .. PIN_PF_TRUMP_PAIR
    PIN_TI_TENS_ALL = 10        # PIN_PF_TENS_ALL .. PIN_PF_LONG_SIDE
    PIN_TI_TRUMP_RANKS = 15     # the trump's cards of each rank, 9 J Q K T A (copies counted)
    PIN_TI_SIDE_RANKS = 21      # the other suits' cards of each rank, the longest suit first (6 each)
    PIN_TI_WIDOW_OUTS = 39      # the meld one widow card may complete (cutthroat_players.pxd pin_widow_outs)
    PIN_TI_RUN_OUTS = 40        # suits with four of their five run cards (cutthroat_players.pxd pin_run_outs)
    PIN_TI_INPUTS = 41
    # partnership's after-pass trees (partnership_players.pxd pp_after_pass_ceiling): the same oblivious
    # trees, in tree_*[PIN_PARTNERSHIP]; what they read of the hand with the trump of the largest
    # after-pass count (scripts/pinochle_bid_table.py AFTER_PASS_INPUTS):
    PIN_AI_COUNT = 0            # that count with the read of the pass (tenths)
    PIN_AI_LEVEL = 1            # the lowest bid open when the partner passed
    PIN_AI_MELD = 2             # the meld with that trump
    PIN_AI_RUN_FOUR = 3         # PIN_PF_RUN_FOUR .. PIN_PF_TRUMP_PAIR: four, three of the run, aces of three suits, K-Q
    PIN_AI_TRUMP_RANKS = 7      # the trump's cards of each rank, 9 J Q K T A (copies counted)
    PIN_AI_SIDE_RANKS = 13      # the other three suits' cards of each rank, 9 J Q K T A, summed
    PIN_AI_INPUTS = 19
    # the tree sets (tree_count[], tree[]): cutthroat's ceiling's (PIN_CUTTHROAT), partnership's after-pass
    # count's (PIN_PARTNERSHIP), partnership's opener ceiling's (PIN_PP_OPENER_TREES: inputs PIN_AI_*, the level 0)
    PIN_PP_OPENER_TREES = 2
    PIN_TREE_SETS = 3

cdef extern from *:
    """
    typedef struct { int trump; int side; } PinLaneTerms;
    typedef struct { int loaded[2]; int ceiling[2][20]; int throw_loaded; int throw_in[6]; int partner_loaded; int partner[2]; int partner_count_loaded; int partner_count[20]; PinLaneTerms partner_lane[4096]; int trump_loaded; int trump[15]; int trump_lane[4096]; PinLaneTerms lane[2][4096]; int tree_count[3]; _Alignas(16) int tree[3][32][24]; } PinBidTables;
    static PinBidTables* PIN_TABLES = 0;
    /* The leaf index of one ceiling tree for inputs v (cutthroat_players.pxd pin_tree_sum): bit k is
       1 when v[inputs[k]] > thresholds[k], the words of split level PIN_TREE_DEPTH - 1 - k (the first
       split the highest bit).  SSE2 (every x86-64) compares the four splits at once and reads their
       signs as the index (movmskps): the splits are stored last level first for it, thresholds
       16-byte aligned (the table's _Alignas, 96-byte trees); the plain loop is the rule itself
       (common.pyx _tree_leaves_agree checks the two agree). */
    static inline unsigned pin_tree_leaf_plain(const int* thresholds, const unsigned* inputs, const int* v) {
        unsigned k, leaf = 0;
        for (k = 0; k < 4; k++) leaf |= (unsigned)(v[inputs[k]] > thresholds[k]) << k;
        return leaf;
    }
    #if defined(__SSE2__)
    #include <emmintrin.h>
    static inline unsigned pin_tree_leaf(const int* thresholds, const unsigned* inputs, const int* v) {
        __m128i x01 = _mm_unpacklo_epi32(_mm_cvtsi32_si128(v[inputs[0]]), _mm_cvtsi32_si128(v[inputs[1]]));
        __m128i x23 = _mm_unpacklo_epi32(_mm_cvtsi32_si128(v[inputs[2]]), _mm_cvtsi32_si128(v[inputs[3]]));
        __m128i above = _mm_cmpgt_epi32(_mm_unpacklo_epi64(x01, x23), _mm_load_si128((const __m128i*)thresholds));
        return (unsigned)_mm_movemask_ps(_mm_castsi128_ps(above));
    }
    #else
    static inline unsigned pin_tree_leaf(const int* thresholds, const unsigned* inputs, const int* v) {
        return pin_tree_leaf_plain(thresholds, inputs, v);
    }
    #endif
    """
    ctypedef struct PinLaneTerms:
        # a ceiling count's terms that one suit's 12 bits decide (lane[], partner_lane[]; pin_lane_count)
        int trump               # with that suit as trump: its own terms (pin_lane_count)
        int side                # whatever the trump: its share of the terms summed over every suit (pin_side_lane_count)
    ctypedef struct PinBidTables:
        int loaded[PIN_GAMES]
        int ceiling[PIN_GAMES][PIN_CEILING_MAX]
        int throw_loaded
        int throw_in[PIN_T_FEATURES]
        int partner_loaded
        int partner[PIN_P_STATES]
        int partner_count_loaded
        int partner_count[PIN_CEILING_MAX]
        PinLaneTerms partner_lane[PIN_LANES]
        int trump_loaded
        int trump[PIN_TR_FEATURES]
        int trump_lane[PIN_LANES]
        PinLaneTerms lane[PIN_GAMES][PIN_LANES]
        int tree_count[PIN_TREE_SETS]
        int tree[PIN_TREE_SETS][PIN_TREES_MAX][PIN_TREE_WORDS]
    PinBidTables* PIN_TABLES
    unsigned int pin_tree_leaf(const int* thresholds, const unsigned int* inputs, const int* v) noexcept nogil
    unsigned int pin_tree_leaf_plain(const int* thresholds, const unsigned int* inputs, const int* v) noexcept nogil


cdef inline int pin_tenths_to_points(int tenths) noexcept nogil:
    """A count in tenths of a point rounded to whole points, halves away from zero (the tables'
    ceilings and reads are in tenths: (sum + 5) // 10 above)."""
    return (tenths + 5) // 10 if tenths >= 0 else -((5 - tenths) // 10)

cdef inline int pin_lane_count(uint64_t lane, const int* coef) noexcept nogil:
    """The terms of a ceiling count (tenths, ``coef`` a game's row) that the trump suit's own cards decide,
    ``lane`` its 12 bits (pinochle/cards.pxd): its length (and beyond four), four or three of its
    run, its K-Q without the run, its aces, tens, kings and queens, less the short-suit term when it
    is itself short and the bare-tens term when it holds tens but no ace (those count only the
    other suits).  Filled into ``lane[game]`` once when the table loads (common.pyx
    set_pinochle_bid_table), so cutthroat_players.pxd pin_learned_counts reads one entry a suit
    instead of counting them there."""
    cdef uint64_t one = (lane | (lane >> 1)) & COPY0_BB & 0xFFF
    cdef int length = popcount(lane), run = popcount(one & RUN_LANE)
    cdef int aces = popcount(lane & (<uint64_t>3 << (2 * RA))), tens = popcount(lane & (<uint64_t>3 << (2 * RT)))
    return (coef[PIN_F_TRUMPS] * length - coef[PIN_F_SHORT] * <int>(length <= 1)
            + coef[PIN_PF_TRUMPS_OVER] * (length - 4 if length > 4 else 0)
            + coef[PIN_PF_RUN_FOUR] * <int>(run == 4) + coef[PIN_PF_RUN_THREE] * <int>(run == 3)
            + coef[PIN_PF_TRUMP_PAIR] * <int>(run < 5 and (one >> (2 * RK)) & (one >> (2 * RQ)) & 1)
            + coef[PIN_PF_TRUMP_ACES] * aces + coef[PIN_PF_TRUMP_TENS] * tens
            + coef[PIN_PF_TRUMP_KINGS] * popcount(lane & (<uint64_t>3 << (2 * RK)))
            + coef[PIN_PF_TRUMP_QUEENS] * popcount(lane & (<uint64_t>3 << (2 * RQ)))
            - coef[PIN_PF_SIDE_BARE_TENS] * (tens if aces == 0 else 0))

cdef inline int pin_side_lane_count(uint64_t lane, const int* coef) noexcept nogil:
    """The terms of a ceiling count (tenths, ``coef`` a game's row) that sum over every suit whatever the
    trump, this suit's share, ``lane`` its 12 bits: its aces, its ace with a ten, its tens, queens and
    jacks, its tens without an ace, and whether it is short (at most one card; pin_lane_count takes the
    trump's bare tens and shortness off again).  Filled beside pin_lane_count into the lane tables
    when the table loads, so cutthroat_players.pxd pin_counts_of sums four entries rather than weighing
    seven counts of the whole hand: the same sum, per suit."""
    cdef int length = popcount(lane)
    cdef int aces = popcount(lane & (<uint64_t>3 << (2 * RA))), tens = popcount(lane & (<uint64_t>3 << (2 * RT)))
    return (coef[PIN_F_ACES] * aces + coef[PIN_F_TENS] * <int>(aces > 0 and tens > 0)
            + coef[PIN_PF_TENS_ALL] * tens + coef[PIN_PF_QUEENS_ALL] * popcount(lane & (<uint64_t>3 << (2 * RQ)))
            + coef[PIN_PF_JACKS_ALL] * popcount(lane & (<uint64_t>3 << (2 * RJ)))
            + coef[PIN_PF_SIDE_BARE_TENS] * (tens if aces == 0 else 0) + coef[PIN_F_SHORT] * <int>(length <= 1))

cdef inline void pin_fill_lanes(PinLaneTerms* lanes, const int* coef) noexcept nogil:
    """A ceiling count's lane table (PIN_LANES entries) from its coefficients ``coef``: each 12-bit
    suit's own terms as trump (pin_lane_count) and its share of the terms summed over every suit
    (pin_side_lane_count)."""
    cdef int k
    for k in range(PIN_LANES):
        lanes[k].trump = pin_lane_count(<uint64_t>k, coef)
        lanes[k].side = pin_side_lane_count(<uint64_t>k, coef)

cdef inline int pin_trump_lane_count(uint64_t lane, const int* coef) noexcept nogil:
    """The terms of partnership's trump count (tenths, ``coef`` the PIN_TR_* row) that a suit's own
    cards decide, ``lane`` its 12 bits: its cards rank by rank, its length beyond four, four or
    three of its run and its run cards, its K-Q without the run, its ace and ten, none of it held,
    less the short-suit term when it is itself short (that term counts only the other suits).
    Filled into ``trump_lane`` once when the table loads (common.pyx set_pinochle_bid_table), so
    partnership_players.pxd pp_trump_counts reads one entry a suit (callgrind, the partnership
    heuristic's hands: pp_best_trump 767 -> 369 instructions a hand, the row 18,540 -> 18,142)."""
    cdef uint64_t one = (lane | (lane >> 1)) & COPY0_BB & 0xFFF
    cdef int length = popcount(lane), run = popcount(one & RUN_LANE), k
    cdef int total = (coef[PIN_TR_OVER] * (length - 4 if length > 4 else 0) - coef[PIN_TR_SHORT] * <int>(length <= 1)
                      + coef[PIN_TR_RUN_FOUR] * <int>(run == 4) + coef[PIN_TR_RUN_THREE] * <int>(run == 3)
                      + coef[PIN_TR_RUN_CARDS] * run
                      + coef[PIN_TR_PAIR] * <int>(run < 5 and (one >> (2 * RK)) & (one >> (2 * RQ)) & 1)
                      + coef[PIN_TR_TOPS] * popcount(one & ((<uint64_t>1 << (2 * RA)) | (<uint64_t>1 << (2 * RT))))
                      + coef[PIN_TR_VOID] * <int>(length == 0))
    for k in range(6):      # ranks A T K Q J 9 (PIN_TR_ACES .. PIN_TR_NINES)
        total += coef[PIN_TR_ACES + k] * popcount(lane & (<uint64_t>3 << (2 * (RA - k))))
    return total
