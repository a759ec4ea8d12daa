# Players for Partnership Pinochle: choose each action of a PPHand.
#
# random     pass or bid the minimum, one half each (the bid when passing is not
#            allowed); trump uniform over the four suits; passed cards uniform over
#            the hand; cards uniform over the distinct legal cards.
# heuristic  described in the pp_heuristic_* docstrings below.
#
# Players read only what a seat may know: its hand, the cards it passed or got,
# the cards played, the voids others have shown, the bids.  All randomness comes
# from the hand's own stream.  Card-choosing helpers are shared with Cutthroat
# Pinochle (cp_cheapest, cp_richest, cp_bosses, cp_beaters, cp_trick_estimate).

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount, suit_of
from cardsim._rng cimport Rng, rng_below, rng_below_trick, rng_next, rng_seed, rng_take, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM
from cardsim.pinochle.cards cimport *
from cardsim.pinochle.cutthroat_engine cimport *
from cardsim.pinochle.cutthroat_players cimport (CPSuitView, cp_beaters, cp_before, cp_bosses, cp_cheapest, cp_cheapest_of,
                                               cp_richest, cp_suit_keys, cp_suit_view, cp_trick_estimate,
                                               PinCountInputs, pin_count_inputs, pin_counts_of, pin_largest_count,
                                               pin_learned_counts, pin_meld_cards, pin_meld_gain_max, pin_meld_loss,
                                               pin_points_rise,
                                               pin_spread_suits,
                                               pin_table_ceiling, pin_tree_sum, pin_trick_safe, pin_win_choices)
from cardsim.pinochle.bid_tables cimport *
from cardsim.pinochle.partnership_engine cimport *
from cardsim.pinochle.random_play cimport *

cdef enum:
    PP_PARTNER_HELP = 10        # meld + trick points a bidder counts on from its partner
    PP_SUPPORT_MARGIN = 8       # raise a partner's bid only when this much stronger

# -- random --------------------------------------------------------------------

cdef inline int pp_random_bid(PPHand* h, const PPRules* r) noexcept nogil:
    """Pass or bid the minimum, one half each (as cutthroat's random player)."""
    if pp_can_pass(h, r) and rng_below(&h.rng, 2) == 0:
        return -1
    return pp_min_bid(h, r)

cdef inline uint64_t pp_random_cards(PPHand* h, uint64_t cards, int n) noexcept nogil:
    return rng_take(&h.rng, &cards, n)

# -- heuristic: auction, trump, passing ------------------------------------------

ctypedef struct PPTreeInputs:
    # one seat's tree inputs (pp_after_pass_inputs) kept between its opener read and its read after
    # a partner's pass (pp_count_with_trees): every input but the count and the level depends on the
    # cards and the suit alone
    int v[PIN_AI_INPUTS]
    int trump                   # the suit ``v`` was read with; -1: none yet (new cards)


cdef inline void pp_trump_counts(uint64_t cards, const int* melds, int short, const int* coef, const int* lane_counts,
                                 int* counts) noexcept nogil:
    """The trump count of ``cards`` (tenths) with each suit as trump, into ``counts[4]``: the
    coefficients times the features (bid_tables.pxd PIN_TR_*) of that suit as trump; ``melds``:
    the meld with each suit as trump (meld_by_trump), ``short``: the suits of at most one card.

    The features: the meld with that trump, its cards rank by rank, its length beyond four, four
    or three of its run held, its run cards, its K-Q without the run, its ace and ten, none of
    it held, the other suits of at most one card.  Every feature is a count of the hand with
    that trump, so the counts are suit-symmetric (scripts/pinochle_bid_table.py trump_features
    is the same count in Python); what no trump changes (the constant, the side meld, aces of
    other suits) is left out, the choice being a comparison of the four.  The terms the suit's
    own cards decide are read from ``lane_counts`` (PIN_TABLES.trump_lane, filled from ``coef``
    when the table loads: bid_tables.pxd pin_trump_lane_count), one entry a suit.
    """
    cdef int t
    for t in range(4):
        counts[t] = (coef[PIN_TR_MELD] * melds[t] + coef[PIN_TR_SHORT] * short
                     + lane_counts[(cards >> (16 * t)) & 0xFFF])

cdef inline void pp_old_counts(uint64_t cards, const PPRules* r, int* counts) noexcept nogil:
    """The hand-set count of each suit as trump (no table loaded): meld + trick estimate."""
    cdef int melds[4]
    cdef int t
    meld_by_trump(cards, r.meld_value, melds)
    for t in range(4):
        counts[t] = melds[t] + cp_trick_estimate(cards, t)

cdef inline int pp_best_trump(uint64_t cards, const PPRules* r, int* value) noexcept nogil:
    """The suit to name: the one with the largest trump count (pp_trump_counts, the trump table;
    ``value``: that count, tenths), ties broken as pinochle/cards.pxd pin_best_suit.  No trump
    table: the largest learned count (pin_learned_counts, the ceiling's table); no table at all:
    the suit with the best meld + trick estimate (``value``).

    The trump table is fitted to the choice itself (scripts/pinochle_bid_table.py learn_trump:
    least squares of each suit's expected score at the bidder's own bid against the other
    suits', then refitted on the best suit against the suits the count would name, the odds
    playing every suit from the same deals).  The ceiling's count fits the
    best suit's "bid up to" and so weighs a suit only through the ceiling; rank by rank the
    trump's cards and its run are worth what the play makes of them.  Against the trump of best
    expected score at the bidder's own bid (bench/decisions.py), over 3,000 seeded opener hands
    held out of the fit (seed 77, 2,000 deals each): the ceiling's count agrees on 81.7% and
    loses 1.02 points a hand, the trump table agrees on 84.2% and loses 0.75.  The old rule
    (meld + trick estimate) agreed on 69% and lost 3.0.
    """
    cdef int count[4]
    cdef int melds[4]
    cdef int t, short = 0
    if PIN_TABLES != NULL and PIN_TABLES.trump_loaded:
        meld_by_trump(cards, r.meld_value, melds)
        for t in range(4):
            short += popcount(suit_cards_bb(cards, t)) <= 1
        pp_trump_counts(cards, melds, short, PIN_TABLES.trump, PIN_TABLES.trump_lane, count)
    elif PIN_TABLES != NULL and PIN_TABLES.loaded[PIN_PARTNERSHIP]:
        pin_learned_counts(cards, r.meld_value, PIN_TABLES.ceiling[PIN_PARTNERSHIP], PIN_TABLES.lane[PIN_PARTNERSHIP],
                           count, melds)
    else:
        pp_old_counts(cards, r, count)
    return pp_trump_of_counts(cards, count, value)

cdef inline int pp_best_trump_kept(const PinCountInputs* f, const PPRules* r, int* value) noexcept nogil:
    """pp_best_trump of the hand ``f`` read (pin_count_inputs): its melds and short suits as kept."""
    cdef int count[4]
    if PIN_TABLES != NULL and PIN_TABLES.trump_loaded:
        pp_trump_counts(f.cards, f.melds, f.short, PIN_TABLES.trump, PIN_TABLES.trump_lane, count)
        return pp_trump_of_counts(f.cards, count, value)
    return pp_best_trump(f.cards, r, value)

cdef inline int pp_trump_of_counts(uint64_t cards, const int* count, int* value) noexcept nogil:
    """The suit of the largest ``count`` (``value``: that count), ties broken as pinochle/cards.pxd
    pin_best_suit."""
    cdef int64_t key[4]
    cdef int t, best
    for t in range(4):
        key[t] = pin_trump_key(cards, t, count[t])
    best = pin_best_suit(key, cards)
    value[0] = count[best]
    return best

cdef inline int pp_bid_ceiling(const PinCountInputs* f, const PPRules* r, PPTreeInputs* kept) noexcept nogil:
    """The most the heuristic bids with the cards ``f`` read (pin_count_inputs) when its partner has not bid
    (``kept``: the seat's tree inputs, pp_count_with_trees).

    The learned ceiling (scripts/pinochle_bid_table.py, pinochle/bid_tables.pxd): a linear
    count over the four suits as trump (pin_table_ceiling) of cutthroat's features (meld, trumps,
    aces, tens with their ace, short side suits), of what the partner's three passed cards
    may complete (pin_table_ceiling: four or three cards of the trump run, aces of three
    suits, the trump K-Q, trumps beyond four), of the trump's aces, tens, kings and queens and
    of the side suits' cards (pin_learned_counts), an estimate of the bid-odds "bid up to" of the
    12 cards (the team's meld and trick points as bidder, the partner's cards unseen: its meld,
    its pass and its tricks as the heuristic plays them).  A run four cards short is worth
    about 5 points more than its meld shows and aces of three suits about 3: the partner
    passes trump high first, then aces.  The coefficients are least squares of "bid up to",
    then moved to the least points lost by the ceiling read as a threshold (the highest bid it
    makes facing the one below; refine_ceiling): a ceiling one point above "bid up to" loses
    the steeply negative score of its bid, one below only the small positive score of "bid up
    to", so the refined count sits about a point under the fit.  Since stop 35 (ppart18) the count
    is completed by 6 oblivious trees (tree set PIN_PP_OPENER_TREES; pp_count_with_trees: read at
    the suit of the largest count, on the after-pass trees' inputs with the level 0), boosted on
    what it misses of "bid up to" (scripts/pinochle_bid_table.py learn_opener_trees, 12,000 opener
    hands).  Held out (1,000 opener hands x 3,000 deals each, read as a threshold, paired against
    the count alone): seed 78 (chosen on) 1.487 -> 1.434 (-0.053 +- 0.041), seed 79 1.685 -> 1.609
    (-0.076 +- 0.049), seed 80 1.727 -> 1.530 (-0.196 +- 0.043); within 2 points of "bid up to"
    85.5 / 83.8 / 81.4% -> 87.9 / 85.9 / 84.7%.  Callgrind, the partnership heuristic: 17,589
    (the count alone) -> 18,539 instructions a hand (0.6233 of 55faa5f's; issue 15's limit
    18,590; 8 trees 18,685; 18,424 since stop 36 kept the tree inputs, pp_count_with_trees, where 7 or
    8 trees lost held out: scripts/pinochle_bid_table.py learn_opener_trees).  The old count (own meld + trick estimate + PP_PARTNER_HELP, 10) sat
    far below it: the partner's meld counts for the team, the three cards it passes add trump,
    and the team takes most of the 25 trick points.
    No table loaded: that old count.
    """
    cdef int counts[4]
    if PIN_TABLES != NULL and PIN_TABLES.loaded[PIN_PARTNERSHIP]:
        pin_counts_of(f, PIN_TABLES.ceiling[PIN_PARTNERSHIP], PIN_TABLES.lane[PIN_PARTNERSHIP], counts)
        return pp_count_with_trees(f, counts, 0, 0, PIN_PP_OPENER_TREES, kept)
    pp_old_counts(f.cards, r, counts)
    return max(max(counts[0], counts[1]), max(counts[2], counts[3])) + PP_PARTNER_HELP

cdef inline int pp_read_tenths(int level) noexcept nogil:
    """The read of a partner's pass in tenths, (c0 + c1 x ``level``) (bid_tables.pxd PIN_P_*;
    pp_partner_read); loaded tables only."""
    return PIN_TABLES.partner[PIN_P_CONST] + PIN_TABLES.partner[PIN_P_SLOPE] * level

cdef inline int pp_partner_read(int level) noexcept nogil:
    """What a partner's pass adds to the opener's ceiling (points), ``level`` the lowest bid open
    when the partner passed (0 when no read is loaded); with the count of its own loaded, the
    read is added to that count instead (pp_after_pass_ceiling).

    The heuristic bids the minimum while it is within its ceiling, so a partner that passed
    at ``level`` showed a ceiling just below it: a weak partner (an early pass) takes meld and
    tricks off the team, a strong one (a late pass) adds them.  The read is linear in
    ``level``, (c0 + c1 x level) tenths (bid_tables.pxd PIN_P_*), fitted by
    scripts/pinochle_bid_table.py to the bid odds conditioned on the auction.  A partner still
    bidding is not read (its bids only show a ceiling above them, little until late) beyond
    the support margin of pp_heuristic_bid.  The level is public (the auction), kept by the
    engine in the passed seat's ``bid_value`` (partnership_engine.pxd), so the decision is the
    same however the earlier calls were made (policy steps or applied actions).
    """
    if PIN_TABLES == NULL or not PIN_TABLES.partner_loaded:
        return 0
    return pin_tenths_to_points(pp_read_tenths(level))

cdef inline void pp_after_pass_inputs(uint64_t cards, int trump, int meld, int* v) noexcept nogil:
    """What the after-pass trees read of ``cards`` with ``trump`` (bid_tables.pxd PIN_AI_*;
    scripts/pinochle_bid_table.py after_pass_inputs is the same in Python), into ``v[PIN_AI_INPUTS]``,
    but for the count and the level (the caller's, pp_count_with_trees): ``meld`` (the meld with
    ``trump``), four or three of its run, aces of three suits, its K-Q without the run, the trump's
    cards rank by rank and the other suits' cards rank by rank summed over the three.  Only masks
    and popcounts: the side suits are read summed rather than one by one (cutthroat's
    pin_tree_inputs sorts them, longest first), and the trump's length, aces, tens with their ace,
    short and longest side suits are left out (the trees fitted with them never split on them).
    None of these depends on the count or the level, so a seat's opener read and its read after
    its partner's pass share them when both read the same suit (PPTreeInputs)."""
    cdef uint64_t one = copies_one(cards)
    cdef uint64_t trump_one = (one >> (16 * trump)) & 0xFFF
    cdef uint64_t lane = (cards >> (16 * trump)) & 0xFFF, side = cards & ~lane_bb(trump)
    cdef int k, run = popcount(trump_one & RUN_LANE)
    v[PIN_AI_MELD] = meld
    v[PIN_AI_RUN_FOUR] = run == 4
    v[PIN_AI_RUN_FOUR + 1] = run == 3
    v[PIN_AI_RUN_FOUR + 2] = popcount(one & rank_bb(RA)) == 3
    v[PIN_AI_RUN_FOUR + 3] = run < 5 and (trump_one >> (2 * RK)) & (trump_one >> (2 * RQ)) & 1
    for k in range(6):      # ranks 9 J Q K T A
        v[PIN_AI_TRUMP_RANKS + k] = popcount(lane & (<uint64_t>3 << (2 * k)))
        v[PIN_AI_SIDE_RANKS + k] = popcount(side & rank_bb(k))

cdef inline int pp_after_pass_ceiling(const PinCountInputs* f, const PPRules* r, int ceiling, int level,
                                      PPTreeInputs* kept) noexcept nogil:
    """The most the heuristic bids with the cards ``f`` read (pin_count_inputs) once its partner passed, ``level`` the lowest bid
    open when it passed, ``ceiling`` the seat's own (pp_bid_ceiling; not read, and not computed by
    the caller, when the count of its own is loaded), ``kept`` the seat's tree inputs (pp_count_with_trees).

    With the count of its own loaded (bid_tables.pxd ``partner_count``): over the four suits as
    trump the largest count of the ceiling's features weighed anew, plus the read of the pass
    (c0 + c1 x ``level``), in tenths, plus the after-pass trees' sum read at the suit of that count
    (tied suits: the largest sum; none loaded: 0), rounded once.  The pass changes what the seat's
    cards are worth, not only how much: the partner, which showed a ceiling below ``level``, is
    unlikely to hold the meld the seat lacks (the run three or four cards short, aces of three
    suits) and passes fewer trumps and aces, so the weights themselves move
    (scripts/pinochle_bid_table.py learn_after_pass, fitted to the bid odds conditioned on the
    auction).  The count is a sum of per-feature terms; the trees (learn_after_pass_trees, boosted
    on what it misses of the conditioned "bid up to") read how the features work together with the
    level (pp_after_pass_inputs; stop 33, 5 trees: on fresh auctions -0.23 +- 0.07 and -0.16 +- 0.06
    points lost a hand read as a threshold; bench/decisions.py seeds 11/12/13 1.84 / 2.19 / 1.94 ->
    1.81 / 1.86 / 1.89; callgrind, the partnership heuristic 18,528 -> 18,551 instructions a hand
    with the trump choice's lane table paying for most.  9 trees since ppart16, a tree read being
    cheaper (pin_tree_leaf): against the 5, paired on the same fresh auctions -0.13 +- 0.06 and
    -0.11 +- 0.04; bench seeds 11/12/13 1.81 / 1.86 / 1.89 -> 1.74 / 1.66 / 1.90; callgrind
    18,465 -> 18,588 (issue 15's limit 18,590; 10 trees 18,605)).  10 trees since stop 36, in the room
    the kept tree inputs made (pp_count_with_trees): against the 9 on fresh auctions whose opener has
    its trees -0.051 +- 0.024, -0.009 +- 0.027 and -0.039 +- 0.032; bench seeds 11/12/13 (threshold)
    1.688 / 1.686 / 1.787 -> 1.655 / 1.592 / 1.782; callgrind 18,424 -> 18,447.  Without the count: the opener's ceiling
    moved by the read (pp_partner_read), one constant and one slope for every hand.
    """
    cdef int counts[4]
    if PIN_TABLES == NULL or not PIN_TABLES.partner_count_loaded:
        return ceiling + pp_partner_read(level)
    pin_counts_of(f, PIN_TABLES.partner_count, PIN_TABLES.partner_lane, counts)
    return pp_count_with_trees(f, counts, pp_read_tenths(level), level, PIN_PARTNERSHIP, kept)   # loaded with its read

cdef inline int pp_count_with_trees(const PinCountInputs* f, const int* counts, int read, int level,
                                    int trees, PPTreeInputs* kept) noexcept nogil:
    """A ceiling from its four suits' ``counts`` (tenths): the largest plus ``read`` (tenths), plus the
    sum of the tree set ``trees`` (bid_tables.pxd: PIN_PARTNERSHIP after a pass, PIN_PP_OPENER_TREES for
    the opener) read at the suit of that count (tied suits: the largest sum; no trees: 0), rounded once;
    the trees read pp_after_pass_inputs with that total and ``level`` (the opener's: 0), those of the
    suit ``kept`` holds taken from it rather than read again (``kept`` then holds the last suit read).

    A seat reads its trees at most twice a hand (its opener's ceiling, then its ceiling after its
    partner's pass), and both counts usually name the same suit, so the second read keeps the
    first's inputs (pp_seat_ceiling keeps them per seat in PPKept): callgrind, the partnership
    heuristic 18,539 -> 18,424 instructions a hand (stop 36, the 6 opener and 9 after-pass trees;
    partnership random, PIMC and bid odds within 0.2%), room for two more opener trees under issue
    15's limit (18,590).  pp_after_pass_inputs, which gcc kept a call, is forced inline (setup.py
    ALWAYS_INLINE; stop 38): 18,374 -> 18,292, the other partnership rows unchanged."""
    cdef int t, best = pin_largest_count(counts), total, value, top = -1000000
    total = best + read
    if PIN_TABLES.tree_count[trees] == 0:
        return pin_tenths_to_points(total)
    for t in range(4):
        if counts[t] == best:
            if kept.trump != t:
                pp_after_pass_inputs(f.cards, t, f.melds[t], kept.v)
                kept.trump = t
            kept.v[PIN_AI_COUNT] = total
            kept.v[PIN_AI_LEVEL] = level
            value = pin_tree_sum(kept.v, trees)
            if value > top:
                top = value
    return pin_tenths_to_points(total + top)

ctypedef struct PPKept:
    # each seat's count inputs (cutthroat_players.pxd pin_count_inputs), kept through one hand's
    # auction, trump choice and passing: the opener's count, the count after a partner's pass, the
    # trump choice and the meld a passing partner starts from all read them (a seat's cards do not
    # change before it passes; a redeal changes them, so the cards kept are compared)
    PinCountInputs seat[PP_SEATS]
    PPTreeInputs trees[PP_SEATS]    # each seat's tree inputs (pp_count_with_trees), reset with its count inputs
    int known                   # bit per seat whose inputs are kept

cdef inline PinCountInputs* pp_kept_inputs(PPKept* kept, int seat, uint64_t cards) noexcept nogil:
    """The inputs ``kept`` for ``seat`` holding ``cards``; NULL when none are kept for these cards."""
    cdef PinCountInputs* f = &kept.seat[seat]
    return f if (kept.known >> seat) & 1 and f.cards == cards else NULL

cdef inline PinCountInputs* pp_seat_inputs(PPKept* kept, int seat, uint64_t cards, const PPRules* r) noexcept nogil:
    """The count inputs of ``cards``, held by ``seat``: those ``kept``, else read now and kept."""
    cdef PinCountInputs* f = pp_kept_inputs(kept, seat, cards)
    if f == NULL:
        f = &kept.seat[seat]
        pin_count_inputs(cards, r.meld_value, f)
        kept.trees[seat].trump = -1
        kept.known |= 1 << seat
    return f

cdef inline int pp_seat_ceiling(const PPHand* h, const PPRules* r, PPKept* kept, int level) noexcept nogil:
    """The ceiling of the seat to act: its opener's (pp_bid_ceiling) when ``level`` < 0, else the one
    after its partner passed at ``level`` (pp_after_pass_ceiling, from the opener's kept in its
    ``bid_value``), never below 0; both from the seat's inputs ``kept`` (pp_seat_inputs, and its tree
    inputs; NULL: read for this call alone)."""
    cdef int s = h.to_act
    cdef PinCountInputs fresh
    cdef PPTreeInputs fresh_trees
    cdef const PinCountInputs* f = &fresh
    cdef PPTreeInputs* trees = &fresh_trees
    if kept != NULL:
        f = pp_seat_inputs(kept, s, h.hand[s], r)
        trees = &kept.trees[s]
    else:
        pin_count_inputs(h.hand[s], r.meld_value, &fresh)
        fresh_trees.trump = -1
    if level < 0:
        return pp_bid_ceiling(f, r, trees)
    return max(pp_after_pass_ceiling(f, r, h.bid_value[s], level, trees), 0)

cdef inline int pp_heuristic_bid(PPHand* h, const PPRules* r) noexcept nogil:
    """pp_heuristic_bid_kept with nothing kept (the inputs read for this call alone; its two calls
    made here rather than through it: gcc then inlines differently, callgrind against 046d0c6's
    partnership rows: PIMC +8.5%, bid odds +5.9%)."""
    if pp_ceiling_is_due(h):
        pp_ceiling_due(h, r, NULL)
    return pp_bid_within_ceiling(h, r)

cdef inline int pp_heuristic_bid_kept(PPHand* h, const PPRules* r, PPKept* kept) noexcept nogil:
    """Bid the minimum while it stays within the ceiling: pp_bid_ceiling, and once the partner
    passed pp_after_pass_ceiling (what the partner's pass shows), each computed once a hand and
    kept in the seat's ``bid_value`` (pp_ceiling_due), read by pp_bid_within_ceiling.  Both counts
    weigh the same inputs (pp_seat_inputs: read once a seat and hand in ``kept``; callgrind, the
    partnership heuristic's hands: the after-pass count and the trump choice no longer read the
    cards again).  (pp_heuristic_bid makes the same two calls: this one, inlined once into
    pp_play_out's auction, leaves only the counts out of line: most calls find the ceiling kept.)"""
    if pp_ceiling_is_due(h):
        pp_ceiling_due(h, r, kept)
    return pp_bid_within_ceiling(h, r)

cdef inline bint pp_ceiling_is_due(const PPHand* h) noexcept nogil:
    """Whether pp_ceiling_due has work: the seat to act has no ceiling yet, or a partner's pass to read."""
    cdef int s = h.to_act, partner = pp_partner(h.to_act)
    return h.bid_value[s] < 0 or ((h.out_mask >> partner) & 1 and h.bid_value[partner] <= -2)

cdef inline void pp_ceiling_due(PPHand* h, const PPRules* r, PPKept* kept) noexcept nogil:
    """The seat to act's ceiling into its ``bid_value`` when due: its opener's at its first call, and
    once its partner passed the one after the pass (pp_seat_ceiling).  Reading the pass spends the
    partner's level (its ``bid_value`` back to -1), and a seat whose partner passed before its
    first call never needs the opener's count when its own after the pass is loaded."""
    cdef int s = h.to_act, partner = pp_partner(h.to_act)
    cdef bint unread = (h.out_mask >> partner) & 1 and h.bid_value[partner] <= -2     # a partner's pass to read
    if h.bid_value[s] < 0 and not (unread and PIN_TABLES != NULL and PIN_TABLES.partner_count_loaded):
        h.bid_value[s] = pp_seat_ceiling(h, r, kept, -1)   # a hand's ceiling does not change during the auction
    if unread:      # read once: the seat's ceiling holds the pass from then on, the partner's level is spent
        h.bid_value[s] = pp_seat_ceiling(h, r, kept, -2 - h.bid_value[partner])
        h.bid_value[partner] = -1

cdef inline int pp_bid_within_ceiling(const PPHand* h, const PPRules* r) noexcept nogil:
    """The minimum bid when it is within the seat to act's ceiling (its ``bid_value``), else a pass
    (-1).  A partner already holding the high bid is raised only when the minimum is
    PP_SUPPORT_MARGIN within the ceiling (the partner's bid already counts on this hand's
    help); a forced dealer bids the minimum."""
    cdef int s = h.to_act, need = pp_min_bid(h, r), value = h.bid_value[h.to_act]
    if not pp_can_pass(h, r):
        return need
    if h.high_bidder >= 0 and h.high_bidder == pp_partner(s):
        value -= PP_SUPPORT_MARGIN
    return need if need <= value else -1

cdef inline int pp_give_value(int card, int trump) noexcept nogil:
    """How much the bidder gains from getting a card: trump (high first), then aces."""
    if (card >> 4) == trump:
        return 60 + 2 * rank_of(card)
    return 40 if rank_of(card) == RA else rank_of(card)

cdef inline int pp_keep_value(int card, uint64_t cards, int trump, const PPRules* r) noexcept nogil:
    """How much the bidder wants to keep a card it might pass back (meld aside)."""
    cdef int rank = rank_of(card), suit = card >> 4
    if suit == trump:
        return 40 + rank
    if rank == RA:
        return 30
    cdef int value = rank + 2 * r.rank_points[rank]
    if popcount(suit_cards_bb(cards, suit)) <= 2:
        value -= 3   # shortening a suit towards a void
    return value

cdef inline int pp_pass_base(int card, uint64_t cards, int trump, bint to_bidder, const PPRules* r) noexcept nogil:
    """A card's pass value before the meld it breaks: pp_give_value for the partner, minus
    pp_keep_value for the bidder."""
    return pp_give_value(card, trump) if to_bidder else -pp_keep_value(card, cards, trump, r)

cdef inline uint64_t pp_heuristic_pass(PPHand* h, const PPRules* r) noexcept nogil:
    """pp_heuristic_pass_from with the meld of the seat's cards counted here."""
    return pp_heuristic_pass_from(h, r, meld_points(h.hand[h.to_act], h.trump, r.meld_value))

cdef inline uint64_t pp_heuristic_pass_kept(PPHand* h, const PPRules* r, PPKept* kept) noexcept nogil:
    """pp_heuristic_pass with the meld of the seat's cards from ``kept`` when kept for them (the
    partner passes the cards it bid with; the bidder's hand has the partner's cards in it)."""
    cdef PinCountInputs* f = pp_kept_inputs(kept, h.to_act, h.hand[h.to_act])
    if f == NULL:
        return pp_heuristic_pass(h, r)
    return pp_heuristic_pass_from(h, r, f.melds[h.trump])

cdef inline uint64_t pp_heuristic_pass_from(PPHand* h, const PPRules* r, int meld_now) noexcept nogil:
    """Partner: trump and aces to the bidder, sparing its own meld.  Bidder: back the
    cards that break the least meld and are least worth keeping (trump and aces kept).

    Cards are picked one at a time, each the card of the largest value: pp_pass_base less 10
    points per meld point it breaks (pin_meld_loss, weighed only while the hand has meld);
    among equals the card of the suit with the smaller cp_suit_keys key (never the suit order).
    The cards outside pin_meld_cards break no meld, so their values are their bases: they are
    weighed first, and a meld card is counted only when its base plus the most meld a card's
    going can add (pin_meld_gain_max, 0 under the usual counts) could still beat the best so
    far (cp_before orders the cards of equal value whatever the order they are seen in).  The
    meld after a pick is the meld before less the picked card's loss (``meld_now``: the meld of
    the seat's cards before the first); a hand without meld keeps none when no card's going can
    add meld (pin_meld_gain_max 0), else it is counted again.
    """
    cdef uint64_t cards = h.hand[h.to_act], out = 0, rest, meld_cards
    cdef int i, c, v, loss, best, best_v, best_loss, t = h.trump
    cdef int gain = 10 * pin_meld_gain_max(r.meld_value)
    cdef bint to_bidder = h.to_act != h.bidder
    cdef CPSuitView key
    for i in range(r.pass_cards):
        cp_suit_view(&key, cards, 0, NULL, 0, t)
        meld_cards = pin_meld_cards(cards, t) & cards if meld_now else 0
        best, best_v, best_loss = lsb(cards), -(1 << 30), 0
        rest = distinct_cards(cards) & ~meld_cards  # both copies score alike
        while rest:
            c = lsb(rest)
            rest &= rest - 1
            v = pp_pass_base(c, cards, t, to_bidder, r)
            if v > best_v or (v == best_v and cp_before(c, best, &key)):
                best, best_v = c, v
        rest = distinct_cards(cards) & meld_cards
        while rest:
            c = lsb(rest)
            rest &= rest - 1
            v = pp_pass_base(c, cards, t, to_bidder, r)
            if v + gain < best_v or (v + gain == best_v and not cp_before(c, best, &key)):
                continue  # it cannot beat the best, whatever meld it breaks
            loss = pin_meld_loss(cards, c, t, r.meld_value)
            v -= 10 * loss  # the meld it breaks
            if v > best_v or (v == best_v and cp_before(c, best, &key)):
                best, best_v, best_loss = c, v, loss
        cards &= ~bit_bb(best)
        out |= bit_bb(best)
        if i < r.pass_cards - 1:
            meld_now = meld_now - best_loss if meld_now or not gain else meld_points(cards, t, r.meld_value)
    return out

# -- heuristic: play ---------------------------------------------------------------

cdef inline int pp_heuristic_lead(const PPHand* h, const PPRules* r, uint64_t legal, uint64_t unseen,
                           CPSuitView* key) noexcept nogil:
    """The bidding team pulls trump with bosses; then bosses in suits no opponent is void in."""
    return cp_cheapest(pp_lead_choices(h, legal, unseen), h.trump, r.rank_points, key)

cdef inline uint64_t pp_lead_choices(const PPHand* h, uint64_t legal, uint64_t unseen) noexcept nogil:
    """The cards pp_heuristic_lead leads the cheapest of: the bidding team's trump bosses while the
    opponents may hold trump; else the bosses of side suits no opponent is void in; else a side card."""
    cdef int s = h.to_act, t = h.trump, opp_voids
    cdef uint64_t trumps = suit_cards_bb(legal, t), side = legal & ~lane_bb(t), safe_side, bosses
    if (s & 1) == (h.bidder & 1) and trumps and suit_cards_bb(unseen, t):
        bosses = cp_bosses(trumps, unseen)
        if bosses:
            return bosses
    opp_voids = h.void_mask[(s + 1) & 3] | h.void_mask[(s + 3) & 3]
    safe_side = side & ~(pin_spread_suits(opp_voids) * <uint64_t>0xFFFF)  # the suits no opponent is void in
    bosses = cp_bosses(safe_side, unseen)
    if bosses:
        return bosses
    return side if side else legal

cdef inline int pp_heuristic_card(PPHand* h, const PPRules* r) noexcept nogil:
    """Play with the partner: throw counters on its safe tricks, else win cheaply.

    When the partner is winning and the trick is safe (this seat plays last, or
    the partner's card is a boss that the opponent still to play cannot trump),
    throw the richest legal card; partner winning but not safe: the cheapest
    card.  Otherwise win with the cheapest winner (a boss when others still play),
    or give up the cheapest card.
    """
    cdef uint64_t legal = pp_legal(h, r)
    if not (legal & (legal - 1)):
        return lsb(legal)
    return pp_heuristic_choice(h, r, legal, pin_points_rise(r.rank_points))

cdef inline int pp_heuristic_choice(PPHand* h, const PPRules* r, uint64_t legal, bint rise) noexcept nogil:
    """pp_heuristic_card among ``legal`` (two cards or more); every branch ends in one cp_cheapest
    or cp_richest (``rise``: pin_points_rise of the rules' rank points)."""
    cdef int s = h.to_act, t = h.trump, n = h.n_in_trick
    cdef uint64_t unseen = PINOCHLE_DECK_BB & ~h.played & ~h.hand[s]
    cdef CPSuitView view
    cp_suit_view(&view, h.hand[s], h.played, h.void_mask, PP_SEATS, t)
    cdef int best, winner, led
    cdef uint64_t choices
    if n == 0:
        choices = pp_lead_choices(h, legal, unseen)
    else:
        best = h.trick[h.best]
        winner = (h.leader + h.best) & 3
        led = h.trick[0] >> 4
        if winner == ((s + 2) & 3):
            # only the opponent on the left can still play after this seat (n == 2)
            if pin_trick_safe(unseen, best, t, led, h.void_mask[(s + 1) & 3], n == PP_SEATS - 1):
                return cp_richest(legal, t, r.rank_points, &view)
            choices = legal
        else:
            choices = pin_win_choices(legal, best, t, unseen, n == PP_SEATS - 1)
    return cp_cheapest_of(choices, t, r.rank_points, &view, rise)

# -- dispatch ------------------------------------------------------------------

cdef inline void pp_policy_step(PPHand* h, const PPRules* r, int policy) noexcept nogil:
    """Let ``policy`` take the one action due now."""
    cdef int value
    cdef uint64_t legal
    if h.phase == PH_AUCTION:
        pp_auction_act(h, r, pp_heuristic_bid(h, r) if policy == POLICY_HEURISTIC else pp_random_bid(h, r))
    elif h.phase == PH_DECLARE:
        if policy == POLICY_HEURISTIC:
            pp_declare(h, r, pp_best_trump(h.hand[h.bidder], r, &value))
        else:
            pp_declare(h, r, rng_below(&h.rng, 4))
    elif h.phase == PH_PASS:
        if policy == POLICY_HEURISTIC:
            pp_pass(h, r, pp_heuristic_pass(h, r))
        else:
            pp_pass(h, r, pp_random_cards(h, h.hand[h.to_act], r.pass_cards))
    elif h.phase == PH_PLAY:
        if policy == POLICY_HEURISTIC:
            pp_play(h, r, pp_heuristic_card(h, r))
        else:
            legal = pp_legal(h, r)
            pp_play(h, r, nth_bit(legal, rng_below_trick(&h.rng, h.tricks_played, popcount(legal))))

cdef inline void pp_random_to_play(PPHand* h, const PPRules* r) noexcept nogil:
    """Four random players take every decision before the first card (the auction with its
    redeals, trump, the passes): pp_policy_step's random branches phase by phase, the same draws
    in the same order, without its dispatch per decision."""
    while h.phase == PH_AUCTION:
        pp_auction_act(h, r, pp_random_bid(h, r))
    if h.phase == PH_DECLARE:
        pp_declare(h, r, rng_below(&h.rng, 4))
    while h.phase == PH_PASS:
        pp_pass(h, r, pp_random_cards(h, h.hand[h.to_act], r.pass_cards))

cdef inline void pp_random_tricks(PPHand* h, const PPRules* r) noexcept nogil:
    """Play every remaining trick with four random players, from a trick's start
    (pin_random_trick: the same cards and draws as pp_play card by card), then score the hand."""
    cdef PinRandomPlay p
    pin_random_play_load(&p, h, r.must_beat)
    pin_random_tricks(&p, PP_HAND_SIZE, PP_SEATS)
    pin_random_play_store(&p, h)
    pp_finish(h, r)

cdef inline void pp_heuristic_to_play(PPHand* h, const PPRules* r) noexcept nogil:
    """Four heuristic players take every decision before the first card (the auction with its
    redeals, trump, the passes): pp_policy_step's heuristic branches phase by phase, each seat's
    count inputs read once (PPKept: its opener's count, its count after a partner's pass, the
    trump choice and a passing partner's meld weigh the same reading of its cards).  The batch
    (pp_play_out_group) calls it before pp_play_out, which plays from the first card on.  Callgrind
    (scripts/callgrind_trees.py against 046d0c6): the partnership heuristic 18,588 -> 17,616
    instructions a hand, bid odds -1.1%, but the partnership PIMC play-outs +0.97% and random
    +0.54% (pp_play_out's card loop compiled differently; its source unchanged; cause not found),
    accepted at the merge (stop 34) for the room it makes under issue 15's limit."""
    cdef PPKept kept
    cdef int value
    kept.known = 0
    while h.phase == PH_AUCTION:
        pp_auction_act(h, r, pp_heuristic_bid_kept(h, r, &kept))
    if h.phase == PH_DECLARE:
        pp_declare(h, r, pp_best_trump_kept(pp_seat_inputs(&kept, h.bidder, h.hand[h.bidder], r), r, &value))
    while h.phase == PH_PASS:
        pp_pass(h, r, pp_heuristic_pass_kept(h, r, &kept))

cdef inline void pp_heuristic_tricks(PPHand* h, const PPRules* r) noexcept nogil:
    """Every remaining card by the heuristic: pp_heuristic_card without its call."""
    cdef uint64_t legal
    cdef bint rise = pin_points_rise(r.rank_points)
    while h.phase == PH_PLAY:
        legal = pp_legal(h, r)
        pp_play(h, r, lsb(legal) if not (legal & (legal - 1)) else pp_heuristic_choice(h, r, legal, rise))

cdef inline bint pp_every_seat(const int* policies, int policy) noexcept nogil:
    """Whether every seat plays ``policy``."""
    return (policies[0] == policy and policies[1] == policy and policies[2] == policy and policies[3] == policy)

cdef inline void pp_play_out(PPHand* h, const PPRules* r, const int* policies) noexcept nogil:
    """Finish the hand with one policy per seat."""
    cdef uint64_t legal
    cdef bint all_heuristic = pp_every_seat(policies, POLICY_HEURISTIC)
    if all_heuristic:  # every bid by the heuristic (redeals included): pp_policy_step without its call
        while h.phase == PH_AUCTION:
            pp_auction_act(h, r, pp_heuristic_bid(h, r))
    cdef bint all_random = pp_every_seat(policies, POLICY_RANDOM)
    while h.phase != PH_DONE:
        if all_random and h.phase == PH_PLAY and h.n_in_trick == 0:
            pp_random_tricks(h, r)
        elif h.phase == PH_PLAY and all_heuristic:
            pp_heuristic_tricks(h, r)
        elif h.phase == PH_PLAY and policies[h.to_act] == POLICY_RANDOM:
            legal = pp_legal(h, r)
            pp_play(h, r, nth_bit(legal, rng_below_trick(&h.rng, h.tricks_played, popcount(legal))))
        else:
            pp_policy_step(h, r, policies[h.to_act])

cdef inline void pp_play_out_group(PPHand* hands, int n, const PPRules* r, const int* policies) noexcept nogil:
    """pp_play_out for ``n`` (<= PIN_PLAY_GROUP) independent hands.  With four random players
    each is brought to its first trick (auction, trump, passes: pp_random_to_play), and then their
    tricks are played side by side, one trick of each in turn (pin_random_tricks_side_by_side);
    a hand that ends before its first trick (no contest), and every hand with other players, is
    played out alone.  Each hand ends exactly as pp_play_out ends it: the same cards and draws."""
    cdef PinRandomPlay plays[PIN_PLAY_GROUP]
    cdef PPHand* playing[PIN_PLAY_GROUP]
    cdef PPHand* h
    cdef int k, m = 0
    cdef bint all_random = pp_every_seat(policies, POLICY_RANDOM)
    cdef bint all_heuristic = pp_every_seat(policies, POLICY_HEURISTIC)
    for k in range(n):
        h = &hands[k]
        if all_heuristic:
            pp_heuristic_to_play(h, r)
        if all_random:
            pp_random_to_play(h, r)
            if h.phase == PH_PLAY and h.n_in_trick == 0 and h.tricks_played == 0:
                pin_random_play_load(&plays[m], h, r.must_beat)
                playing[m] = h
                m += 1
                continue
        pp_play_out(h, r, policies)
    pin_random_tricks_side_by_side(plays, m, PP_HAND_SIZE, PP_SEATS)
    for k in range(m):
        pin_random_play_store(&plays[k], playing[k])
        pp_finish(playing[k], r)
