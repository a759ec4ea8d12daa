# Players for Cutthroat Pinochle: choose each action of a CPHand.
#
# random     uniform over the distinct legal cards; in the auction, pass or bid the
#            minimum, each with probability 1/2 (only the one allowed when the other
#            is not: a forced opening, a dealer who may not bid); trump
#            uniform over the four suits; three discards uniform over the 18 cards;
#            never throws in (a random throw-in would end half the hands unplayed).
# heuristic  described in cp_heuristic_* below and in cardsim.players.
#
# Players read only what a seat may know: its hand, the widow once shown, the
# cards played, the voids others have shown, the bids.  All randomness comes
# from the hand's own stream, so a batch depends on the seed alone.

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount, suit_of
from cardsim._rng cimport Rng, rng_below, rng_below_trick, rng_next, rng_seed, rng_take, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM
from cardsim.pinochle.cards cimport *
from cardsim.pinochle.cutthroat_engine cimport *
from cardsim.pinochle.bid_tables cimport *
from cardsim.pinochle.random_play cimport *

cdef enum:
    CP_THROW_IN_MARGIN = 4      # heuristic throws in when the estimate is this far short

# -- shared small helpers -----------------------------------------------------

cdef inline int cp_card_cost(int card, int trump, const int* rank_points) noexcept nogil:
    """What a card is worth keeping: trump above counters above low cards, by rank."""
    return (20 if (card >> 4) == trump else 0) + 6 * rank_points[rank_of(card)] + rank_of(card)

ctypedef struct CPSuitView:
    # what cp_suit_keys reads; the keys are packed on the first tie only (ties are rare)
    uint64_t hand
    uint64_t played
    const int* void_mask
    int seats
    int trump
    int ready
    uint64_t key[4]

cdef inline void cp_suit_view(CPSuitView* v, uint64_t hand, uint64_t played, const int* void_mask, int seats,
                              int trump) noexcept nogil:
    v.hand, v.played, v.void_mask, v.seats, v.trump, v.ready = hand, played, void_mask, seats, trump, 0

cdef inline void cp_suit_keys(CPSuitView* v) noexcept nogil:
    """Per suit, what a player sees of it, packed without its index: the suit order's tie-breaker.

    key[s] packs the player's cards of s (pin_lane_holding: copies counted), the cards of s
    played (the current trick included; the bidder's discard for the bidder), which seats have
    shown void in s, whether s is trump, and the suit's part in the meld (spades and diamonds
    make the pinochle; hearts and clubs play the same part).  Ties between cards of equal cost
    go to the suit with the smaller key: two suits with the same key look alike in every
    respect the heuristic reads, so either choice is correct, and the lowest bit picks one.
    Renaming hearts and clubs renames the keys, so decisions never depend on the suit order.
    """
    cdef int s, i
    cdef uint64_t hold = pin_holding_all(v.hand), seen = pin_holding_all(v.played), voids = 0
    if v.void_mask != NULL:
        for i in range(v.seats):  # seat i's void suits, suit s on bit i of lane s
            voids |= pin_spread_suits(v.void_mask[i]) << i
    for s in range(4):  # pin_lane_holding of each lane, read off the whole-hand forms at once
        v.key[s] = (((hold >> (16 * s)) & 0xFFF) | (((seen >> (16 * s)) & 0xFFF) << 12)
                    | (((voids >> (16 * s)) & 0xFF) << 24)
                    | ((<uint64_t>(s == v.trump)) << 30)
                    | ((<uint64_t>pin_suit_role(s)) << 31))
    v.ready = 1

cdef inline uint64_t pin_holding_all(uint64_t cards) noexcept nogil:
    """pin_lane_holding of every lane at once (lane s of the result is pin_lane_holding(cards, s))."""
    return ((cards | (cards >> 1)) & COPY0_BB) | ((cards & (cards >> 1) & COPY0_BB) << 1)

cdef inline uint64_t pin_spread_suits(int suits) noexcept nogil:
    """A 4-bit suit mask spread to bit 0 of the suits' lanes: one multiply puts suit bit j at bits
    j + 15k (k = 0..3), all 16 places distinct (no carries), and the mask keeps j = k (bit 16 j)."""
    return ((<uint64_t>(suits & 0xF)) * <uint64_t>0x0000200040008001ULL) & <uint64_t>0x0001000100010001ULL

cdef inline uint64_t pin_lowest_per_suit(uint64_t cards) noexcept nogil:
    """The lowest card bit of each suit of ``cards`` (a guard bit above each lane stops the borrow)."""
    return cards & ~((cards | <uint64_t>0x8000800080008000ULL) - ALL_LANES_BB)

cdef inline bint pin_points_rise(const int* rank_points) noexcept nogil:
    """Rank points never fall from 9 up to A (then a suit's cheapest card is its lowest)."""
    return (rank_points[0] <= rank_points[1] and rank_points[1] <= rank_points[2] and rank_points[2] <= rank_points[3]
            and rank_points[3] <= rank_points[4] and rank_points[4] <= rank_points[5])

cdef inline int pin_suit_role(int suit) noexcept nogil:
    """The suit's part in the meld, the top bits of its cp_suit_keys key: hearts and clubs 0,
    spades 1, diamonds 2."""
    return (0x0201 >> (4 * suit)) & 0xF

cdef inline bint cp_before(int c, int best, CPSuitView* v) noexcept nogil:
    """Between two cards of equal cost: the one of the suit with the smaller key, then the lower bit.

    Suits of different meld parts compare by that part alone (the key's top bits), so the keys
    are packed only to tell hearts from clubs."""
    cdef int rc, rb
    if (c >> 4) == (best >> 4):
        return c < best
    rc, rb = pin_suit_role(c >> 4), pin_suit_role(best >> 4)
    if rc != rb:
        return rc < rb
    if not v.ready:
        cp_suit_keys(v)
    cdef uint64_t kc = v.key[c >> 4], kb = v.key[best >> 4]
    return kc < kb or (kc == kb and c < best)

cdef inline int cp_cheapest(uint64_t cards, int trump, const int* rank_points, CPSuitView* key) noexcept nogil:
    """The card of ``cards`` (non-empty) that costs least to give up (ties: cp_before).

    A plain loop: legal sets are a handful of cards, fewer steps than any class table.  When
    rank points never fall with rank (every standard count), the cost rises strictly with rank
    within a suit, so only each suit's lowest card can be the cheapest: the loop sees at most four.
    """
    return cp_cheapest_of(cards, trump, rank_points, key, pin_points_rise(rank_points))

cdef inline int cp_cheapest_of(uint64_t cards, int trump, const int* rank_points, CPSuitView* key,
                               bint rise) noexcept nogil:
    """cp_cheapest, ``rise`` being pin_points_rise(rank_points) (worked out once by the caller)."""
    cdef int best, best_cost = 1 << 30, c, cost
    if rise:
        cards = pin_lowest_per_suit(cards)
    best = lsb(cards)
    while cards:
        c = lsb(cards)
        cards &= cards - 1
        cost = cp_card_cost(c, trump, rank_points)
        if cost < best_cost or (cost == best_cost and cp_before(c, best, key)):
            best, best_cost = c, cost
    return best

cdef inline int cp_richest(uint64_t cards, int trump, const int* rank_points, CPSuitView* key) noexcept nogil:
    """The card to throw onto a friendly trick: most points, lowest rank, trump last (ties: cp_before)."""
    cdef int best = lsb(cards), best_value = -(1 << 30), c, value
    while cards:
        c = lsb(cards)
        cards &= cards - 1
        value = 16 * rank_points[rank_of(c)] - rank_of(c) - (32 if (c >> 4) == trump else 0)
        if value > best_value or (value == best_value and cp_before(c, best, key)):
            best, best_value = c, value
    return best

cdef inline uint64_t cp_bosses(uint64_t cards, uint64_t unseen) noexcept nogil:
    """Cards of ``cards`` that no unseen card of their suit can beat.

    Per suit: every card ranked at least as high as the highest unseen card (an
    unseen twin does not beat it: of identical cards the first played wins).
    Branch-free, every lane at once: the ranks below a suit's highest unseen rank are the
    unseen ranks moved down one rank and smeared down by 1, 2 and 4 more (two bits a rank;
    the last shift takes only the lane's top ranks, so nothing crosses into the lane below).
    """
    cdef uint64_t below = ((copies_one(unseen)) >> 2) & COPY0_BB
    below |= (below >> 2) & COPY0_BB
    below |= (below >> 4) & COPY0_BB
    below |= (below & <uint64_t>0x0F000F000F000F00ULL) >> 8
    return cards & ~(below | (below << 1))

cdef inline uint64_t cp_beaters(uint64_t cards, int best, int trump) noexcept nogil:
    """The cards of ``cards`` that card_beats ``best``: higher cards of its suit, and any trump
    when ``best`` is not one."""
    cdef uint64_t out = cards & beats_bb(best)
    if (best >> 4) != trump:
        out |= cards & lane_bb(trump)
    return out

# -- random --------------------------------------------------------------------

cdef inline int cp_random_bid(CPHand* h, const CPRules* r) noexcept nogil:
    cdef bint can_pass = cp_can_pass(h, r), may_bid = cp_may_bid(h, r)
    if can_pass and (not may_bid or rng_below(&h.rng, 2) == 0):
        return -1
    return cp_min_bid(h, r)

cdef inline uint64_t cp_random_discard(CPHand* h, const CPRules* r) noexcept nogil:
    cdef uint64_t rest = h.hand[h.bidder]
    if not r.widow:
        return 0
    return rng_take(&h.rng, &rest, CP_WIDOW_SIZE)

# -- heuristic -----------------------------------------------------------------

cdef inline int cp_trick_estimate(uint64_t cards, int trump) noexcept nogil:
    """Rough trick points a hand takes as bidder: aces, guarded tens, trump length."""
    cdef uint64_t one = copies_one(cards), two = copies_two(cards)
    cdef int aces = popcount(cards & rank_bb(RA))
    cdef int guarded_tens = popcount((one >> 2) & one & rank_bb(RT) & COPY0_BB)  # T with an A of its suit
    cdef int trumps = popcount(suit_cards_bb(cards, trump))
    cdef int tenths = 15 * aces + 8 * guarded_tens + 10 * (trumps - 4 if trumps > 4 else 0) + 45
    return tenths // 10

cdef inline int cp_hand_value(uint64_t cards, int trump, const CPRules* r) noexcept nogil:
    return meld_points(cards, trump, r.meld_value) + cp_trick_estimate(cards, trump)

cdef inline int cp_best_trump(uint64_t cards, const CPRules* r, int* value) noexcept nogil:
    """The suit with the best meld + trick estimate (ties: pinochle/cards.pxd pin_best_suit)."""
    cdef int64_t key[4]
    cdef int values[4]
    cdef int t, best
    for t in range(4):
        values[t] = cp_hand_value(cards, t, r)
        key[t] = pin_trump_key(cards, t, values[t])
    best = pin_best_suit(key, cards)
    value[0] = values[best]
    return best

cdef inline int cp_best_trump_melds(uint64_t cards, const CPRules* r, int* melds) noexcept nogil:
    """cp_best_trump, each suit's meld_points of ``cards`` left in ``melds[4]``."""
    cdef int64_t key[4]
    cdef int t
    for t in range(4):
        melds[t] = meld_points(cards, t, r.meld_value)
        key[t] = pin_trump_key(cards, t, melds[t] + cp_trick_estimate(cards, t))
    return pin_best_suit(key, cards)

ctypedef struct PinCountInputs:
    # what pin_learned_counts reads of one hand before weighing it (pin_count_inputs) beyond what the
    # lane tables read suit by suit (bid_tables.pxd PinLaneTerms): the features no suit decides alone,
    # and per suit as trump the meld and the longest other suit
    uint64_t cards              # the hand (the lane tables read its suits)
    int aces_three              # PIN_PF_ACES_THREE: 1 when aces of exactly three suits are held
    int short                   # suits of at most one card (partnership's trump count reads it: PIN_TR_SHORT)
    int melds[4]                # the meld with each suit as trump (meld_by_trump)
    int long_side[4]            # PIN_PF_LONG_SIDE: with each suit as trump, the cards of the longest other suit

cdef inline void pin_count_inputs(uint64_t cards, const int* meld_value, PinCountInputs* f) noexcept nogil:
    """What pin_learned_counts reads of ``cards`` (PinCountInputs), into ``f``: no coefficient in it."""
    cdef int length[4]
    cdef int t, short = 0, longest = 0, second = 0
    f.cards = cards
    f.aces_three = popcount(copies_one(cards) & rank_bb(RA)) == 3
    meld_by_trump(cards, meld_value, f.melds)
    for t in range(4):
        length[t] = popcount(suit_cards_bb(cards, t))
        short += length[t] <= 1
        if length[t] > longest:
            second, longest = longest, length[t]
        elif length[t] > second:
            second = length[t]
    f.short = short
    for t in range(4):
        f.long_side[t] = second if length[t] == longest else longest

cdef inline void pin_counts_of(const PinCountInputs* f, const int* coef, const PinLaneTerms* lanes,
                               int* counts) noexcept nogil:
    """The learned count (tenths) of the hand ``f`` read (pin_count_inputs) with each suit as trump,
    into ``counts[4]``: pin_learned_counts weighed by ``coef`` and its lane table ``lanes``, one entry a
    suit giving both the suit's own terms as trump and its share of the terms summed over every suit
    (aces, aces with tens, tens, queens, jacks, bare tens, short suits: bid_tables.pxd
    pin_side_lane_count), so the hand's counts of those are neither kept (pin_count_inputs) nor
    weighed here: callgrind, the partnership heuristic 18,447 -> 18,374 instructions a hand, the
    cutthroat heuristic 16,155 -> 16,077 (stop 37; behaviour unchanged)."""
    cdef const PinLaneTerms* lane[4]
    cdef int t, fixed = coef[PIN_F_ONE] + coef[PIN_PF_ACES_THREE] * f.aces_three
    for t in range(4):
        lane[t] = &lanes[(f.cards >> (16 * t)) & 0xFFF]
        fixed += lane[t].side
    for t in range(4):
        counts[t] = fixed + coef[PIN_F_MELD] * f.melds[t] + lane[t].trump + coef[PIN_PF_LONG_SIDE] * f.long_side[t]

cdef inline void pin_learned_counts(uint64_t cards, const int* meld_value, const int* coef, const PinLaneTerms* lanes,
                                    int* counts, int* melds) noexcept nogil:
    """The learned count of ``cards`` (tenths) with each suit as trump, into ``counts[4]``: the
    coefficients times the features (bid_tables.pxd PIN_PF_*).

    Both games' ceilings read it, each with its own coefficients and lane table.  The features
    with ``trump``: the constant, the meld, the trumps, the aces, the tens with their ace, the
    other suits of at most one card; what three more cards (cutthroat: the widow; partnership:
    the partner's pass, trump high first, then aces, pp_heuristic_pass) are likely to complete: a
    run of which four or three cards are held, aces around with aces of three suits, the trump
    K-Q without the run, and the trump length beyond four; and the trump's
    aces, tens, kings and queens one by one (its nines and jacks are what the trump length
    leaves), what the play makes of the trumps beyond their meld: the least squares fit of
    "bid up to" weighs a trump ace about 1 point less than a side ace and a trump queen about
    1 more than a nine (scripts/pinochle_bid_table.py learn_ceiling); and the side suits'
    cards: the tens, queens and jacks of the whole hand, the tens of the other suits held
    without their ace and the length of the longest other suit.  A ten behind no ace of its
    own is a loser more often than a winner and a long side suit is led into trumps, so they
    weigh on the tricks the trump count cannot see; the nines, kings and aces are what the
    hand's length and the counts above leave (held out, seed 77, 3,000 opener hands: agreement
    with "bid up to" 81.2% -> 82.7%, points lost 1.58 -> 1.51, from the same refinement).  Every feature
    is a count of the hand with that trump, so the counts are suit-symmetric
    (scripts/pinochle_bid_table.py ceiling_features is the same count in Python).  The terms no
    trump changes are summed once, the meld of each trump comes from meld_by_trump, and the
    terms the trump suit's own cards decide are read from ``lanes`` (PIN_TABLES.lane[game], filled
    from ``coef`` when the table loads: bid_tables.pxd pin_lane_count), one entry a suit
    (callgrind, the partnership heuristic's hands: this count 2,039 -> 1,389 instructions a hand
    with the side suits' features added), which pays for those features; the same entry holds the
    suit's share of the terms every suit adds to (bid_tables.pxd pin_side_lane_count), so the
    hand's aces, tens, queens, jacks and short suits are summed from four entries too.  Each trump's meld is
    left in ``melds[4]`` (pin_tree_ceiling reads it).  The count is read in two steps: what it
    reads of the hand (pin_count_inputs, no coefficient in it) and their weighing (pin_counts_of), so
    that a hand counted with several coefficient rows reads its cards once (partnership's opener
    count, its count after a partner's pass and its trump choice: partnership_players.pxd PPKept).
    """
    cdef PinCountInputs f
    cdef int t
    pin_count_inputs(cards, meld_value, &f)
    pin_counts_of(&f, coef, lanes, counts)
    for t in range(4):
        melds[t] = f.melds[t]

cdef inline int pin_table_ceiling(uint64_t cards, const int* meld_value, const int* coef,
                                  const PinLaneTerms* lanes) noexcept nogil:
    """The learned ceiling: over the four suits as trump, the largest learned count
    (pin_learned_counts), rounded to whole points (halves up)."""
    cdef int counts[4]
    cdef int melds[4]
    pin_learned_counts(cards, meld_value, coef, lanes, counts, melds)
    return pin_tenths_to_points(pin_largest_count(counts))

cdef inline int pin_largest_count(const int* counts) noexcept nogil:
    """The largest of the four suits' ``counts``."""
    cdef int t, best = counts[0]
    for t in range(1, 4):
        if counts[t] > best:
            best = counts[t]
    return best

cdef inline void pin_tree_inputs(uint64_t cards, int trump, int count, int meld, int* v) noexcept nogil:
    """What the ceiling trees read of ``cards`` with ``trump`` (bid_tables.pxd PIN_TI_*; scripts/
    pinochle_bid_table.py tree_inputs is the same in Python), into ``v[PIN_TI_INPUTS]``: ``count``
    (the largest learned count), ``meld`` (the meld with ``trump``), the count's other features with
    ``trump`` that are not the trump's cards one by one, the trump's cards rank by rank and the other
    suits' rank by rank, the longest first (ties: the stronger holding first, pin_lane_holding read
    as a number; equal holdings read alike, so the order of the suits never shows); all but
    ``v[PIN_TI_WIDOW_OUTS]`` and ``v[PIN_TI_RUN_OUTS]``, which no trump changes (pin_tree_ceiling
    sets them once)."""
    cdef uint64_t one = copies_one(cards)
    cdef uint64_t ace_at_ten = (one >> 2) & rank_bb(RT) & COPY0_BB
    cdef uint64_t per_rank = (cards & COPY0_BB) + ((cards >> 1) & COPY0_BB)    # 2-bit count of each rank
    cdef uint64_t trump_one = (one >> (16 * trump)) & 0xFFF, lane
    cdef int64_t key[3]
    cdef int64_t swap
    cdef int s, j = 0, k, run = popcount(trump_one & RUN_LANE), length, short = 0, longest = 0
    for s in range(4):
        if s != trump:
            length = popcount(suit_cards_bb(cards, s))
            short += length <= 1
            if length > longest:
                longest = length
            key[j] = (<int64_t>length << 16) | (<int64_t>pin_lane_holding(cards, s) << 2) | s
            j += 1
    if key[0] < key[1]:
        swap = key[0]; key[0] = key[1]; key[1] = swap
    if key[1] < key[2]:
        swap = key[1]; key[1] = key[2]; key[2] = swap
    if key[0] < key[1]:
        swap = key[0]; key[0] = key[1]; key[1] = swap
    v[PIN_TI_COUNT] = count
    v[PIN_TI_MELD] = meld
    v[PIN_TI_TRUMPS] = popcount(suit_cards_bb(cards, trump))
    v[PIN_TI_TRUMPS + 1] = popcount(cards & rank_bb(RA))
    v[PIN_TI_TRUMPS + 2] = popcount(ace_at_ten & one)
    v[PIN_TI_TRUMPS + 3] = short
    v[PIN_TI_RUN_FOUR] = run == 4
    v[PIN_TI_RUN_FOUR + 1] = run == 3
    v[PIN_TI_RUN_FOUR + 2] = popcount(one & rank_bb(RA)) == 3
    v[PIN_TI_RUN_FOUR + 3] = run < 5 and (trump_one >> (2 * RK)) & (trump_one >> (2 * RQ)) & 1
    v[PIN_TI_TENS_ALL] = popcount(cards & rank_bb(RT))
    v[PIN_TI_TENS_ALL + 1] = popcount(cards & rank_bb(RQ))
    v[PIN_TI_TENS_ALL + 2] = popcount(cards & rank_bb(RJ))
    v[PIN_TI_TENS_ALL + 3] = popcount(cards & rank_bb(RT) & ~(ace_at_ten | (ace_at_ten << 1)) & ~lane_bb(trump))
    v[PIN_TI_TENS_ALL + 4] = longest
    lane = per_rank >> (16 * trump)
    for k in range(6):
        v[PIN_TI_TRUMP_RANKS + k] = (lane >> (2 * k)) & 3
    for j in range(3):
        lane = per_rank >> (16 * (key[j] & 3))
        for k in range(6):
            v[PIN_TI_SIDE_RANKS + 6 * j + k] = (lane >> (2 * k)) & 3

cdef enum:
    PIN_OUT_ONE = 91            # 1000 x P(the widow holds one named unseen copy): 3 of 33 cards
    PIN_OUT_EITHER = 176        # 1000 x P(it holds either of two unseen copies): 1 - C(31,3) / C(33,3)

cdef inline int pin_widow_outs(uint64_t cards, const int* meld_value) noexcept nogil:
    """What one card of the widow may add to the meld that no trump changes, in thousandths of a
    point (the ceiling trees' PIN_TI_WIDOW_OUTS; scripts/pinochle_bid_table.py widow_outs is the
    same in Python): for each meld one card short, its gain times the chance that the widow (3
    of the 33 unseen cards) holds that card: PIN_OUT_EITHER when both copies are unseen,
    PIN_OUT_ONE when one is.  An around of aces, kings, queens or jacks missing one suit (its
    value), a double around missing one copy (double less single), a pinochle missing its Q of
    spades or J of diamonds, a double pinochle missing one card, a marriage of each suit whose K
    and Q counts differ (its plain value; the smaller count's copies are the unseen ones).

    The count and the trees read only the 15 cards held, and nothing in them said which melds the
    widow may complete beyond the trump's run (run_four, run_three) and a third ace.  Held out
    (seed 77, 1,500 hands x 4,000 deals, read as a threshold; 12 trees from 16,000 hands), the
    trees without this input lose 1.27 points a hand, with the exact expected gain of the widow
    (all 5,456 widows counted) 1.02, with this sum (r = 0.74 with the exact gain; the run is the
    count's own) 0.99: the widow was what the count missed, not the labels' noise (the "bid up
    to" of 1,500 deals misses that of 18,000 more by 0.07-0.10 a hand) nor the trees' number.
    The trump's meld is left out: the trees read it at the count's trump already."""
    cdef uint64_t one = copies_one(cards), two = copies_two(cards), want, pair, uneven
    cdef int k, have, total = 0, queens, jacks
    cdef int ranks[4]
    ranks[0] = RA; ranks[1] = RK; ranks[2] = RQ; ranks[3] = RJ
    for k in range(4):          # M_ACES, M_KINGS, M_QUEENS, M_JACKS: single, double at + 1
        want = (<uint64_t>1 << (2 * ranks[k])) * ALL_LANES_BB
        have = popcount(one & want)
        if have == 3:
            total += PIN_OUT_EITHER * meld_value[M_ACES + 2 * k]
        elif have == 4 and popcount(two & want) == 3:
            total += PIN_OUT_ONE * (meld_value[M_ACES + 2 * k + 1] - meld_value[M_ACES + 2 * k])
    queens = copies_at(one, two, 2 * RQ)            # Q of spades
    jacks = copies_at(one, two, 32 + 2 * RJ)        # J of diamonds
    if (queens == 0) != (jacks == 0):
        total += PIN_OUT_EITHER * meld_value[M_PINOCHLE]
    elif queens + jacks == 3:
        total += PIN_OUT_ONE * (meld_value[M_DOUBLE_PINOCHLE] - meld_value[M_PINOCHLE])
    pair = (one >> (2 * RK)) & (one >> (2 * RQ)) & ALL_LANES_BB
    uneven = (((one >> (2 * RK)) ^ (one >> (2 * RQ))) | ((two >> (2 * RK)) ^ (two >> (2 * RQ)))) & ALL_LANES_BB
    total += meld_value[M_MARRIAGE] * (PIN_OUT_EITHER * popcount(uneven & ~pair) + PIN_OUT_ONE * popcount(uneven & pair))
    return total

cdef inline int pin_run_outs(uint64_t cards) noexcept nogil:
    """The suits of ``cards`` holding four of their five run cards (J Q K T A, either copy), the
    ceiling trees' PIN_TI_RUN_OUTS (scripts/pinochle_bid_table.py run_outs is the same in Python):
    one widow card completes the run, worth the most at the trump the bidder names after it, so
    no trump changes it.  The count and the trees read run_four at the count's trump only, and
    widow_outs leaves the run out (the trump's own meld).  Held out, 24 trees from 32,000 hands
    (stop 32; seed 78, 1,500 hands x 4,000 deals, read as a threshold): without it 0.860 points
    lost a hand, with it 0.808.

    Counted across the suits at once: a suit's missing run cards (``missing``) are one card exactly
    when its lane is not empty and clearing its lowest bit empties it; a lane's lowest bit is
    cleared by subtracting bit 2 (the jack's) per lane with a guard bit (15, above every card) set,
    so no lane borrows from the next, and a lane is not empty exactly when its guard survives
    subtracting 1 from it (stop 32, 920f6e6; callgrind, cutthroat heuristic with 28 trees: 16,504
    -> 16,478 instructions a hand against a popcount a suit)."""
    cdef uint64_t guard = <uint64_t>0x8000 * ALL_LANES_BB
    cdef uint64_t missing = ~copies_one(cards) & (RUN_LANE * ALL_LANES_BB)
    cdef uint64_t several = missing & ((missing | guard) - 4 * ALL_LANES_BB)
    return popcount(((missing | guard) - ALL_LANES_BB) & ~((several | guard) - ALL_LANES_BB) & guard)

cdef inline int pin_tree_sum(const int* v, int game) noexcept nogil:
    """The ceiling trees' sum (tenths) for inputs ``v`` (pin_tree_inputs): each tree's leaf index
    takes one bit a level, the first split the highest.  The trees are walked by one pointer, each
    tree's words together (bid_tables.pxd PIN_TREE_WORDS: split thresholds, inputs, leaves), and a
    tree's four splits are compared at once (bid_tables.pxd pin_tree_leaf: SSE2 on x86-64, the
    comparisons' signs read as the leaf index; a signed compare, exact for any inputs, where the
    sign of threshold - input needed them within +-2^30).  Callgrind, cutthroat heuristic,
    instructions a hand: with the 12 trees of stop 31 15,885 -> 15,693 (a split's bit as the sign
    of threshold - input, three pointers), with 24 trees 16,677 -> 16,288; stop 33, 24 trees, the
    four splits at once: 24 instructions a tree read -> 17 (the ceiling is read twice a hand),
    16,416 -> 16,040 (lead's tool side by side; 28 trees 16,179)."""
    cdef const int* tree = &PIN_TABLES.tree[game][0][0]
    cdef const int* end = tree + PIN_TREE_WORDS * PIN_TABLES.tree_count[game]
    cdef int total = 0
    while tree != end:
        total += (tree + PIN_TREE_LEAF0)[pin_tree_leaf(tree, <const unsigned int*>(tree + PIN_TREE_INPUT0), v)]
        tree += PIN_TREE_WORDS
    return total

cdef inline int pin_tree_ceiling(uint64_t cards, const int* meld_value, int game) noexcept nogil:
    """The learned ceiling with trees (cutthroat): the largest learned count over the four suits as
    trump (pin_learned_counts), plus the trees' sum read at the suit of that count (tied
    suits: the largest sum), rounded to whole points (halves up).

    The count adds its features' terms one by one, so it cannot see how a suit's cards work
    together (a king guarded or bare, a long suit's low cards, the queens beside the meld): the
    trees, boosted on what it misses of the bid odds' "bid up to" (scripts/pinochle_bid_table.py
    learn_trees), read the count, its features, each suit's cards rank by rank and the meld one
    widow card may complete (pin_widow_outs, set once: no trump changes it).  Held out (seed 77,
    1,500 hands x 2,000 deals, read as a threshold): the count alone 87.0% within 2 points of
    "bid up to", 1.61 points lost a hand; with 12 trees 95.7%, 1.31 (stop 29); with the widow's
    outs among their inputs (seed 77, 1,500 x 4,000 deals) 95.8% / 1.28 -> 98.4% / 0.99, and with
    each leaf moved to the least threshold loss (scripts/pinochle_bid_table.py refine_leaves) 0.94;
    with 24 trees (stop 32) 0.86; from 32,000 hands with the runs one widow card would complete
    (pin_run_outs), on a fresh held-out set (seed 78): 0.88 -> 0.81; 28 trees (stop 33; bench/
    decisions.py, 1,500 hands x 4,000 deals, threshold ceiling): seed 78 0.869 -> 0.814, seed 79
    0.787 -> 0.746."""
    cdef int counts[4]
    cdef int melds[4]
    cdef int v[PIN_TI_INPUTS]
    cdef int t, best, value, top = -1000000
    pin_learned_counts(cards, meld_value, PIN_TABLES.ceiling[game], PIN_TABLES.lane[game], counts, melds)
    v[PIN_TI_WIDOW_OUTS] = pin_widow_outs(cards, meld_value)     # no trump changes it: pin_tree_inputs leaves it
    v[PIN_TI_RUN_OUTS] = pin_run_outs(cards)                      # nor this
    best = counts[0]
    for t in range(1, 4):
        if counts[t] > best:
            best = counts[t]
    for t in range(4):
        if counts[t] == best:
            pin_tree_inputs(cards, t, best, melds[t], v)
            value = best + pin_tree_sum(v, game)
            if value > top:
                top = value
    return pin_tenths_to_points(top)

cdef inline int cp_bid_ceiling(uint64_t cards, const CPRules* r) noexcept nogil:
    """The most the heuristic bids with ``cards``.

    With a widow: the learned ceiling (scripts/pinochle_bid_table.py, pinochle/bid_tables.pxd):
    an estimate of the bid-odds "bid up to" of the same cards (the highest bid of positive
    expected score as bidder), a linear count over the four suits as trump (pin_learned_counts:
    the meld, trumps, aces, tens with their ace, short side suits, what the widow may complete,
    the trump's high cards), fitted by least squares to the "bid up to" of seeded hands (their
    odds with the heuristic players), then moved to the fewest points lost read as a threshold
    (a ceiling too high costs more than one too low).  The old count (meld + trick estimate + 4 for the widow) sat about 7
    below it: "bid up to" is near the median of meld + trick points after the widow, plus
    one, since a made bid scores all of it while a set loses only the bid; the widow's
    three cards add meld and trump, short side suits ruff, and the meld counts less than
    its face value (the widow may change the trump, the save-meld rule).  With the table's
    trees (stop 29), the count plus the trees boosted on what it misses (pin_tree_ceiling: held
    out, 87.0% -> 95.7% within 2 points of "bid up to", 1.61 -> 1.31 points lost a hand).  Without
    a widow, or with no table loaded: meld + trick estimate (+ 4 for a widow).
    """
    cdef int value
    if r.widow and PIN_TABLES != NULL and PIN_TABLES.loaded[PIN_CUTTHROAT]:
        if PIN_TABLES.tree_count[PIN_CUTTHROAT]:
            return pin_tree_ceiling(cards, r.meld_value, PIN_CUTTHROAT)
        return pin_table_ceiling(cards, r.meld_value, PIN_TABLES.ceiling[PIN_CUTTHROAT], PIN_TABLES.lane[PIN_CUTTHROAT])
    cp_best_trump(cards, r, &value)
    return value + (4 if r.widow else 0)

ctypedef struct CPCeilings:
    # each seat's cp_bid_ceiling, kept through one auction (a seat's cards do not change while it
    # bids; a redeal changes them, so the cards are kept beside the value and compared)
    uint64_t hand[CP_SEATS]
    int value[CP_SEATS]
    int known                   # bit per seat whose value is kept

cdef inline int cp_bid_ceiling_kept(uint64_t cards, const CPRules* r, CPCeilings* kept, int seat) noexcept nogil:
    """cp_bid_ceiling of ``cards``, from ``kept`` when it holds the value of these cards (``kept`` may be NULL)."""
    cdef int value
    if kept == NULL:
        return cp_bid_ceiling(cards, r)
    if (kept.known >> seat) & 1 and kept.hand[seat] == cards:
        return kept.value[seat]
    value = cp_bid_ceiling(cards, r)
    kept.hand[seat] = cards
    kept.value[seat] = value
    kept.known |= 1 << seat
    return value

cdef inline int cp_heuristic_bid_kept(CPHand* h, const CPRules* r, CPCeilings* kept) noexcept nogil:
    """Bid the minimum while it stays within the ceiling (cp_bid_ceiling; ``kept``: see cp_bid_ceiling_kept)."""
    cdef int need = cp_min_bid(h, r)
    if cp_may_bid(h, r) and (not cp_can_pass(h, r)
                             or need <= cp_bid_ceiling_kept(h.hand[h.to_act], r, kept, h.to_act)):
        return need
    return -1

cdef inline int cp_heuristic_bid(CPHand* h, const CPRules* r) noexcept nogil:
    """Bid the minimum while it stays within the ceiling (cp_bid_ceiling)."""
    return cp_heuristic_bid_kept(h, r, NULL)

cdef inline int cp_keep_value(int card, uint64_t cards, int trump, const CPRules* r) noexcept nogil:
    """How much the bidder wants to keep a card it might discard (meld aside)."""
    cdef int rank = rank_of(card), suit = card >> 4
    if suit == trump:
        return 40 + rank
    if rank == RA:
        return 30
    cdef int value = rank
    if r.discard_counts and r.rank_points[rank]:
        value -= 6   # a discarded counter is a point banked
    if popcount(suit_cards_bb(cards, suit)) <= 2:
        value -= 3   # shortening a suit towards a void
    return value

cdef inline uint64_t pin_meld_cards(uint64_t cards, int trump) noexcept nogil:
    """Both copies of every card whose loss could lower ``cards``' meld in ``trump``: the trump
    nines (dix), the trump run when complete, K and Q of each marriage, every card of a rank held
    all around, the pinochle's Q of spades and J of diamonds when both are held.  Taking any
    other card leaves meld_points unchanged (each meld reads only its own cards, and a meld not
    held once cannot be held after a card is taken)."""
    cdef uint64_t one = copies_one(cards), want, rel
    cdef uint64_t run = RUN_LANE << (16 * trump)
    cdef uint64_t pairs = (one >> (2 * RK)) & (one >> (2 * RQ)) & ALL_LANES_BB
    cdef int rank
    rel = ((<uint64_t>1) << (16 * trump)) | (pairs << (2 * RK)) | (pairs << (2 * RQ))
    if (one & run) == run:
        rel |= run
    for rank in range(RJ, RA + 1):
        want = (<uint64_t>1 << (2 * rank)) * ALL_LANES_BB
        if (one & want) == want and rank != RT:
            rel |= want
    if (one >> (2 * RQ)) & (one >> (32 + 2 * RJ)) & 1:
        rel |= ((<uint64_t>1) << (2 * RQ)) | ((<uint64_t>1) << (32 + 2 * RJ))
    return rel | (rel << 1)

cdef inline int pin_trump_run_points(uint64_t one, uint64_t two, int trump, const int* values) noexcept nogil:
    """The run and trump-marriage part of meld_points (``one``/``two``: copies_one/copies_two of the hand)."""
    cdef uint64_t run = RUN_LANE << (16 * trump)
    cdef int runs = (<int>((two & run) == run)) + (<int>((one & run) == run))
    cdef uint64_t lo = one >> (16 * trump), lt = two >> (16 * trump)
    cdef int trump_pairs = <int>((lo >> (2 * RK)) & (lo >> (2 * RQ)) & 1) + <int>((lt >> (2 * RK)) & (lt >> (2 * RQ)) & 1)
    return single_or_double_points(values, M_RUN, runs) + (trump_pairs - runs) * values[M_TRUMP_MARRIAGE]

cdef inline int pin_meld_loss(uint64_t cards, int c, int trump, const int* values) noexcept nogil:
    """meld_points(cards, trump, values) - meld_points(cards less the card bit ``c``, ...), ``c`` held.

    Only the melds the card is part of are counted, before and after: its 9 of trump is one dix;
    a K or Q makes a marriage of its suit (plain: values[M_MARRIAGE] per pair it breaks); a trump
    J Q K T A the run and the trump marriages (pin_trump_run_points); A K Q J their "around";
    the Q of spades and the J of diamonds the pinochle.  Every other part of meld_points reads
    none of the card's copies, so it cancels (tests/test_meld_points_fast.py checks the equality).
    """
    cdef int suit = c >> 4, rank = rank_of(c), loss = 0, sh = 16 * suit, n, m
    cdef uint64_t after = cards & ~bit_bb(c)
    cdef uint64_t one = copies_one(cards), two = copies_two(cards), one2 = copies_one(after), two2 = copies_two(after)
    if rank == R9:
        return values[M_DIX] if suit == trump else 0
    if suit == trump:
        loss = pin_trump_run_points(one, two, trump, values) - pin_trump_run_points(one2, two2, trump, values)
    elif rank == RK or rank == RQ:
        loss = (<int>((one >> (sh + 2 * RK)) & (one >> (sh + 2 * RQ)) & 1)
                + <int>((two >> (sh + 2 * RK)) & (two >> (sh + 2 * RQ)) & 1)
                - <int>((one2 >> (sh + 2 * RK)) & (one2 >> (sh + 2 * RQ)) & 1)
                - <int>((two2 >> (sh + 2 * RK)) & (two2 >> (sh + 2 * RQ)) & 1)) * values[M_MARRIAGE]
    if rank == RA:
        loss += (single_or_double_points(values, M_ACES, around_count(one, two, RA))
                 - single_or_double_points(values, M_ACES, around_count(one2, two2, RA)))
    elif rank == RK:
        loss += (single_or_double_points(values, M_KINGS, around_count(one, two, RK))
                 - single_or_double_points(values, M_KINGS, around_count(one2, two2, RK)))
    elif rank == RQ:
        loss += (single_or_double_points(values, M_QUEENS, around_count(one, two, RQ))
                 - single_or_double_points(values, M_QUEENS, around_count(one2, two2, RQ)))
    elif rank == RJ:
        loss += (single_or_double_points(values, M_JACKS, around_count(one, two, RJ))
                 - single_or_double_points(values, M_JACKS, around_count(one2, two2, RJ)))
    if (suit == 0 and rank == RQ) or (suit == 2 and rank == RJ):
        n = copies_at(one, two, 2 * RQ)
        m = copies_at(one, two, 32 + 2 * RJ)
        loss += single_or_double_points(values, M_PINOCHLE, n if n < m else m)
        n = copies_at(one2, two2, 2 * RQ)
        m = copies_at(one2, two2, 32 + 2 * RJ)
        loss -= single_or_double_points(values, M_PINOCHLE, n if n < m else m)
    return loss

cdef inline int pin_meld_gain_max(const int* values) noexcept nogil:
    """The most meld giving up one card can add: pin_meld_loss is never below minus this (0
    under every usual count, where a run is worth more than its trump marriage, a double run
    more than a run and a marriage, and each double more than its single).

    A card takes part in at most one run, one around and one pinochle: a broken run frees its
    trump marriage (run -> trump marriage, double run -> run + trump marriage; losing a trump K
    or Q breaks the marriage with the run), a double around or pinochle becomes a single, and
    every other meld a card is part of (dix, marriage, single around or pinochle) only goes.
    The bound is the sum of the largest gain of each kind (tests/test_meld_points_fast.py)."""
    cdef int run = values[M_TRUMP_MARRIAGE] - values[M_RUN]
    cdef int double_run = values[M_RUN] + values[M_TRUMP_MARRIAGE] - values[M_DOUBLE_RUN]
    cdef int around = max(0, values[M_ACES] - values[M_DOUBLE_ACES], values[M_KINGS] - values[M_DOUBLE_KINGS],
                          values[M_QUEENS] - values[M_DOUBLE_QUEENS], values[M_JACKS] - values[M_DOUBLE_JACKS])
    return max(0, run, double_run) + around + max(0, values[M_PINOCHLE] - values[M_DOUBLE_PINOCHLE])

cdef inline uint64_t cp_heuristic_discard(uint64_t cards, int trump, const CPRules* r) noexcept nogil:
    """cp_heuristic_discard_from with the meld of ``cards`` counted here."""
    return cp_heuristic_discard_from(cards, trump, r, meld_points(cards, trump, r.meld_value))

cdef inline uint64_t cp_heuristic_discard_from(uint64_t cards, int trump, const CPRules* r, int meld_now) noexcept nogil:
    """Drop three cards, one at a time, losing the least meld and keeping trump and aces.

    Each drop is the card of least cost = 10 x (meld lost) + keep value; among equals
    the card of the suit with the smaller cp_suit_keys key of the cards held (never the
    suit order).  Meld lost is never negative, so a card whose keep value alone reaches
    the best cost so far is skipped without evaluating its meld; a card outside
    pin_meld_cards loses none.  A card's keep value reads only its suit's length, so after a
    drop only the dropped suit's values are made again, and the meld after the drop is the
    one already counted for the dropped card (each count is pin_meld_loss, the melds the card
    is part of only).
    """
    cdef uint64_t out = 0, rest, free
    cdef CPSuitView key
    cdef int keep[64]
    cdef int i, c, cost, best, best_cost, meld_c, best_meld
    rest = distinct_cards(cards)
    while rest:
        c = lsb(rest)
        rest &= rest - 1
        keep[c] = cp_keep_value(c, cards, trump, r)
    for i in range(CP_WIDOW_SIZE):
        free = ~pin_meld_cards(cards, trump)
        cp_suit_view(&key, cards, 0, NULL, 0, trump)
        rest = distinct_cards(cards)  # both copies of a card cost the same
        best, best_cost = lsb(rest), 1 << 30
        while rest:
            c = lsb(rest)
            rest &= rest - 1
            if keep[c] < best_cost:
                best, best_cost = c, keep[c]
        c = best  # the cheapest to keep; its full cost bounds the others
        if (free >> c) & 1:
            best_meld = meld_now
        else:
            best_meld = meld_now - pin_meld_loss(cards, c, trump, r.meld_value)
            best_cost = 10 * (meld_now - best_meld) + keep[c]
        rest = distinct_cards(cards)
        while rest:
            c = lsb(rest)
            rest &= rest - 1
            if c == best or keep[c] > best_cost or (keep[c] == best_cost and not cp_before(c, best, &key)):
                continue
            if (free >> c) & 1:
                cost, meld_c = keep[c], meld_now
            else:
                meld_c = meld_now - pin_meld_loss(cards, c, trump, r.meld_value)
                cost = 10 * (meld_now - meld_c) + keep[c]
            if cost < best_cost or (cost == best_cost and cp_before(c, best, &key)):
                best, best_cost, best_meld = c, cost, meld_c
        cards &= ~bit_bb(best)
        out |= bit_bb(best)
        meld_now = best_meld
        if i < CP_WIDOW_SIZE - 1:  # the dropped suit's length changed: its keep values again
            rest = distinct_cards(cards) & lane_bb(best >> 4)
            while rest:
                c = lsb(rest)
                rest &= rest - 1
                keep[c] = cp_keep_value(c, cards, trump, r)
    return out

cdef inline bint cp_heuristic_throw_in(const CPHand* h, const CPRules* r, uint64_t kept, int trump,
                                       uint64_t discard) noexcept nogil:
    """Throw in when that is the cheaper loss: only with army scoring, when P(make) < 1/2.

    Thrown in, the bidder loses the bid and pays 10 to each other player; played and set, it
    loses the bid and pays 20 to each; made, it scores.  So without army scoring playing never
    costs more (the score is -bid either way when set), and with it throwing in is cheaper in
    the army ledger exactly when 40 x P(set) > 20.  The bidder knows its meld after the widow;
    the bid is made at least half the time when meld + the median of its trick points reaches
    it.  That median (tenths) is a learned linear count over the 15 cards kept
    (scripts/pinochle_bid_table.py: trumps, aces, tens with their ace, short side suits, the
    counters discarded when the discard counts; fitted to the bid odds with the widow known).
    Without a widow or with no table loaded: meld + trick estimate (+ discarded counters)
    more than CP_THROW_IN_MARGIN short of the bid.
    """
    cdef uint64_t one
    cdef int s, k, short = 0, value
    cdef int f[PIN_T_FEATURES]
    if not r.army_scoring:
        return False
    if not r.widow or PIN_TABLES == NULL or not PIN_TABLES.throw_loaded:
        value = cp_hand_value(kept, trump, r)
        if r.discard_counts:
            value += card_points(discard, r.rank_points)
        return value + CP_THROW_IN_MARGIN < h.high_bid
    one = copies_one(kept)
    for s in range(4):
        if s != trump and popcount(suit_cards_bb(kept, s)) <= 1:
            short += 1
    f[PIN_T_ONE] = 1
    f[PIN_T_TRUMPS] = popcount(suit_cards_bb(kept, trump))
    f[PIN_T_ACES] = popcount(kept & rank_bb(RA))
    f[PIN_T_TENS] = popcount((one >> 2) & one & rank_bb(RT) & COPY0_BB)
    f[PIN_T_SHORT] = short
    f[PIN_T_DISCARD] = card_points(discard, r.rank_points) if r.discard_counts else 0
    value = 10 * meld_points(kept, trump, r.meld_value)
    for k in range(PIN_T_FEATURES):
        value += PIN_TABLES.throw_in[k] * f[k]
    return 10 * h.high_bid > value

cdef inline void cp_heuristic_declare(CPHand* h, const CPRules* r, int* trump, uint64_t* discard, int* throw_in) noexcept nogil:
    """Trump with the best meld + trick estimate; discard; throw in when cheaper (cp_heuristic_throw_in)."""
    cdef int value
    trump[0] = cp_best_trump(h.hand[h.bidder], r, &value)
    discard[0] = cp_heuristic_discard(h.hand[h.bidder], trump[0], r) if r.widow else 0
    throw_in[0] = cp_heuristic_throw_in(h, r, h.hand[h.bidder] & ~discard[0], trump[0], discard[0])

cdef inline uint64_t cp_lead_choices_of(int s, int bidder, int t, const int* void_mask, uint64_t legal,
                                        uint64_t unseen) noexcept nogil:
    """The cards seat ``s`` leads the cheapest of (trump ``t``, the seats' ``void_mask``): the
    bidder's trump bosses while defenders may hold trump; else the bosses of side suits nobody
    else is void in; else a side card."""
    cdef int other_voids
    cdef uint64_t trumps = suit_cards_bb(legal, t), side = legal & ~lane_bb(t), safe_side, bosses
    if s == bidder and trumps and suit_cards_bb(unseen, t):
        bosses = cp_bosses(trumps, unseen)   # pull the defenders' trump with winners
        if bosses:
            return bosses
    other_voids = void_mask[s + 1 if s < CP_SEATS - 1 else 0] | void_mask[s - 1 if s > 0 else CP_SEATS - 1]
    safe_side = side & ~(pin_spread_suits(other_voids) * <uint64_t>0xFFFF)  # the suits nobody else is void in
    bosses = cp_bosses(safe_side, unseen)
    if bosses:
        return bosses
    return side if side else legal

cdef inline int cp_heuristic_card(CPHand* h, const CPRules* r) noexcept nogil:
    """Win cheaply, feed counters to a safe friendly trick, else give up the cheapest card.

    The two defenders are partners against the bidder.  A defender whose partner is
    winning, when the trick is safe (it plays last, or the partner's card is a
    boss the bidder cannot trump), throws its richest card; otherwise the
    player tries to win with its cheapest winner (a boss winner when others are
    still to play), and with no winner plays its cheapest card.
    """
    cdef uint64_t legal = cp_legal(h, r)
    if not (legal & (legal - 1)):
        return lsb(legal)
    return cp_heuristic_choice(h, r, legal, pin_points_rise(r.rank_points))

cdef inline int cp_heuristic_choice(CPHand* h, const CPRules* r, uint64_t legal, bint rise) noexcept nogil:
    """cp_heuristic_card among ``legal`` (two cards or more; ``rise``: pin_points_rise of the rules'
    rank points): cp_choose with the hand's fields."""
    cdef int best = 0, winner = 0, led = 0
    if h.n_in_trick:
        best = h.trick[h.best]
        winner = h.leader + h.best
        if winner >= CP_SEATS:
            winner -= CP_SEATS
        led = h.trick[0] >> 4
    return cp_choose(h.to_act, h.n_in_trick, h.hand[h.to_act], legal, h.played, h.discard, h.bidder, h.void_mask,
                     h.trump, best, winner, led, r, rise)

cdef inline int cp_choose(int s, int n, uint64_t hand, uint64_t legal, uint64_t played, uint64_t discard, int bidder,
                          const int* void_mask, int t, int best, int winner, int led, const CPRules* r,
                          bint rise) noexcept nogil:
    """The heuristic's card for seat ``s`` holding ``hand``, ``n`` cards into the trick, among ``legal``
    (two cards or more), from what it reads given apart (cp_heuristic_tricks keeps them in
    registers): ``played`` (the trick's cards included), the bidder's ``discard``, the seats'
    ``void_mask``, trump ``t``; when ``n`` > 0 the card ``best`` winning the trick, its seat
    ``winner`` and the suit ``led``.  Every branch ends in one cp_cheapest (or cp_richest)."""
    cdef uint64_t unseen = PINOCHLE_DECK_BB & ~played & ~hand
    if s == bidder:
        unseen &= ~discard
    cdef CPSuitView view
    cp_suit_view(&view, hand, played | (discard if s == bidder else 0), void_mask, CP_SEATS, t)
    cdef uint64_t choices
    if n == 0:
        choices = cp_lead_choices_of(s, bidder, t, void_mask, legal, unseen)
    elif s != bidder and winner != bidder:
        if pin_trick_safe(unseen, best, t, led, void_mask[bidder], n == CP_SEATS - 1):
            return cp_richest(legal, t, r.rank_points, &view)
        choices = legal
    else:
        choices = pin_win_choices(legal, best, t, unseen, n == CP_SEATS - 1)
    return cp_cheapest_of(choices, t, r.rank_points, &view, rise)

cdef inline bint pin_trick_safe(uint64_t unseen, int best, int t, int led, int next_voids, bint last) noexcept nogil:
    """Whether a trick that a friendly card ``best`` wins stays won: this seat plays last, or no
    unseen card beats ``best`` and the one seat still to play (its void mask ``next_voids``)
    cannot trump it (``best`` is a trump, or that seat is not void in the suit ``led``).
    Shared by the cutthroat defenders and the partnership players."""
    return last or (not (unseen & beats_bb(best)) and ((best >> 4) == t or not (next_voids >> led) & 1))

cdef inline uint64_t pin_win_choices(uint64_t legal, int best, int t, uint64_t unseen, bint last) noexcept nogil:
    """The cards to try to win a trick with: the legal cards that beat ``best``, only the bosses
    among them (no unseen card beats them) while others still play after this seat (not ``last``)
    and there are any; every legal card when none beats."""
    cdef uint64_t choices = cp_beaters(legal, best, t), bosses
    if not choices:
        return legal
    if not last:
        bosses = cp_bosses(choices, unseen)
        if bosses:
            return bosses
    return choices

cdef inline void cp_heuristic_tricks(CPHand* h, const CPRules* r) noexcept nogil:
    """Play every remaining trick with three heuristic players, from a trick's start.

    The bid-odds play-out and a heuristic batch's hot loop: the same cards as cp_play of
    cp_heuristic_card one card at a time (both go through cp_choose), with the hands, the
    cards played, the voids and the trick kept in locals, a forced card played without the
    choice, and the hand's fields written back once at the end.
    """
    cdef uint64_t hands[CP_SEATS]
    cdef int voids[CP_SEATS]
    cdef int trick[CP_SEATS]
    cdef uint64_t legal, trick_bb, played = h.played, discard = h.discard
    cdef int leader = h.leader, seat, i, card, best, best_i, led, winner, tricks = h.tricks_played
    cdef int trump = h.trump, must_beat = r.must_beat, bidder = h.bidder
    cdef bint rise = pin_points_rise(r.rank_points)
    for i in range(CP_SEATS):
        hands[i] = h.hand[i]
        voids[i] = h.void_mask[i]
    best_i = 0
    while tricks < r.hand_size:
        seat = leader
        legal = distinct_cards(hands[seat])
        if legal & (legal - 1):
            card = cp_choose(seat, 0, hands[seat], legal, played, discard, bidder, voids, trump, 0, 0, 0, r, rise)
        else:
            card = lsb(legal)
        hands[seat] &= ~bit_bb(card)
        played |= bit_bb(card)
        trick_bb = bit_bb(card)
        trick[0] = card
        best, best_i, led = card, 0, card >> 4
        for i in range(1, CP_SEATS):
            seat = seat + 1 if seat < CP_SEATS - 1 else 0
            legal = legal_cards(hands[seat], led, best, trump, must_beat)
            if legal & (legal - 1):
                winner = leader + best_i
                if winner >= CP_SEATS:
                    winner -= CP_SEATS
                card = cp_choose(seat, i, hands[seat], legal, played, discard, bidder, voids, trump, best, winner,
                                 led, r, rise)
            else:
                card = lsb(legal)
            hands[seat] &= ~bit_bb(card)
            played |= bit_bb(card)
            trick_bb |= bit_bb(card)
            trick[i] = card
            if (card >> 4) != led:
                voids[seat] |= 1 << led
                if (card >> 4) != trump:
                    voids[seat] |= 1 << trump
            if card_beats(card, best, trump):
                best, best_i = card, i
        leader += best_i
        if leader >= CP_SEATS:
            leader -= CP_SEATS
        h.won[leader] |= trick_bb
        tricks += 1
    for i in range(CP_SEATS):
        h.hand[i] = hands[i]
        h.void_mask[i] = voids[i]
        h.trick[i] = trick[i]
    h.best = best_i
    h.played = played
    h.tricks_played = tricks
    h.leader = leader
    h.last_winner = leader
    h.to_act = leader
    h.n_in_trick = 0
    cp_finish(h, r)

# -- dispatch ------------------------------------------------------------------

cdef inline void cp_policy_step(CPHand* h, const CPRules* r, int policy) noexcept nogil:
    """Let ``policy`` take the one action due now."""
    cp_policy_step_kept(h, r, policy, NULL)

cdef inline void cp_policy_step_kept(CPHand* h, const CPRules* r, int policy, CPCeilings* kept) noexcept nogil:
    """cp_policy_step, the heuristic's bid ceilings kept in ``kept`` (NULL: none) through the auction."""
    cdef int trump, throw_in
    cdef uint64_t discard, legal
    if h.phase == PH_AUCTION:
        cp_auction_act(h, r, cp_heuristic_bid_kept(h, r, kept) if policy == POLICY_HEURISTIC else cp_random_bid(h, r))
    elif h.phase == PH_DECLARE:
        if policy == POLICY_HEURISTIC:
            cp_heuristic_declare(h, r, &trump, &discard, &throw_in)
        else:
            trump = rng_below(&h.rng, 4)
            discard = cp_random_discard(h, r)
            throw_in = 0
        cp_declare(h, r, trump, discard, throw_in)
    elif h.phase == PH_PLAY:
        if policy == POLICY_HEURISTIC:
            cp_play(h, r, cp_heuristic_card(h, r))
        else:
            legal = cp_legal(h, r)
            cp_play(h, r, nth_bit(legal, rng_below_trick(&h.rng, h.tricks_played, popcount(legal))))

cdef inline void cp_random_tricks(CPHand* h, const CPRules* r) noexcept nogil:
    """Play every remaining trick with three random players, from a trick's start (the hot
    loop of a random batch, pin_random_trick's), then score the hand."""
    cdef PinRandomPlay p
    pin_random_play_load(&p, h, r.must_beat)
    pin_random_tricks(&p, r.hand_size, CP_SEATS)
    pin_random_play_store(&p, h)
    cp_finish(h, r)

cdef enum:
    CP_PLAY_GROUP = PIN_PLAY_GROUP   # hands a random batch plays side by side (random_play.pxd)

cdef inline void cp_play_out(CPHand* h, const CPRules* r, const int* policies) noexcept nogil:
    """Finish the hand with one policy per seat."""
    cdef uint64_t legal
    cdef CPCeilings kept
    cdef bint rise
    kept.known = 0
    cdef bint all_random = (policies[0] == POLICY_RANDOM and policies[1] == POLICY_RANDOM
                            and policies[2] == POLICY_RANDOM)
    cdef bint all_heuristic = (policies[0] == POLICY_HEURISTIC and policies[1] == POLICY_HEURISTIC
                               and policies[2] == POLICY_HEURISTIC)
    while h.phase != PH_DONE:
        if all_random and h.phase == PH_PLAY and h.n_in_trick == 0:
            cp_random_tricks(h, r)
        elif all_heuristic and h.phase == PH_PLAY:
            rise = pin_points_rise(r.rank_points)
            while h.phase == PH_PLAY and h.n_in_trick:  # to the end of a trick begun: card by card
                legal = cp_legal(h, r)   # cp_heuristic_card, a forced card without its call
                cp_play(h, r, lsb(legal) if not (legal & (legal - 1)) else cp_heuristic_choice(h, r, legal, rise))
            if h.phase == PH_PLAY:  # the bid-odds play-out: every trick by the heuristic, in locals
                cp_heuristic_tricks(h, r)
        elif h.phase == PH_PLAY and policies[h.to_act] == POLICY_RANDOM:
            # the random card, inline: this loop is most of a random batch's time
            legal = cp_legal(h, r)
            cp_play(h, r, nth_bit(legal, rng_below_trick(&h.rng, h.tricks_played, popcount(legal))))
        elif h.phase == PH_PLAY and policies[h.to_act] == POLICY_HEURISTIC:
            cp_play(h, r, cp_heuristic_card(h, r))  # as cp_policy_step plays it, without its call
        else:
            cp_policy_step_kept(h, r, policies[h.to_act], &kept)

cdef inline void cp_play_out_group(CPHand* hands, int n, const CPRules* r, const int* policies) noexcept nogil:
    """cp_play_out for ``n`` (<= CP_PLAY_GROUP) independent hands.  With three random players
    each is brought to its first trick (auction, widow, declaration: cp_policy_step), and then
    their tricks are played side by side, one trick of each in turn (pin_random_trick): a trick is
    one chain of dependent steps (the cards left, the card, the card to beat), so several hands'
    chains keep the CPU busy where one leaves it waiting.  A hand that ends before its first
    trick (a throw-in, no contest), and every hand with other players, is played out alone.
    Each hand ends exactly as cp_play_out ends it: the same cards and the same draws."""
    cdef PinRandomPlay plays[CP_PLAY_GROUP]
    cdef CPHand* playing[CP_PLAY_GROUP]
    cdef CPHand* h
    cdef int k, m = 0
    cdef bint all_random = (policies[0] == POLICY_RANDOM and policies[1] == POLICY_RANDOM
                            and policies[2] == POLICY_RANDOM)
    for k in range(n):
        h = &hands[k]
        if all_random:
            while h.phase == PH_AUCTION or h.phase == PH_DECLARE:
                cp_policy_step_kept(h, r, POLICY_RANDOM, NULL)
            if h.phase == PH_PLAY and h.n_in_trick == 0 and h.tricks_played == 0:
                pin_random_play_load(&plays[m], h, r.must_beat)
                playing[m] = h
                m += 1
                continue
        cp_play_out(h, r, policies)
    pin_random_tricks_side_by_side(plays, m, r.hand_size, CP_SEATS)
    for k in range(m):
        pin_random_play_store(&plays[k], playing[k])
        cp_finish(playing[k], r)
