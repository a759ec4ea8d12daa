# Players for Spades: choose each action of an SPHand.
#
# random     uniform over the legal bids (every special bid the rules allow now and
#            every number 1..cards held); uniform over the legal cards.
# heuristic  bids from a count of likely tricks: where a learned table is loaded (partnership
#            spades and three-seat cutthroat), a weighted sum of the hand's features (spade
#            length, top spades, spade honours, side aces, guarded kings and queens, ruffs
#            with spare spades, long side suits, the hand-set count, and products of pairs of
#            seven of them) turned into a bid by the
#            table's cuts; else the hand-set count (high spades, spade length, side aces and
#            guarded kings, voids and shortness with spare spades) rounded.  Nil where the
#            learned nil weights say it beats the trick bid (else: a hand with nothing high);
#            one-for-50 / two-for-40 for a 1 or 2, moon from its learned count; blind nil /
#            blind 6 by how far the seat is behind the leader (the learned margins, decided
#            before looking; untabled: blind 6 at 100 behind).  Near the end of a game, for
#            the game's sake (sp_game_bid, learned by whole games): blind nil far behind, blind
#            6 behind (three seats), nil's bar lowered behind.  All of it
#            fitted by scripts/spades_bid_table.py against the bid odds' expected scores with
#            the same players.  Plays to make its bid, then ducks to
#            avoid bags; a nil bidder ducks throughout; a partner of a nil bidder takes
#            the tricks the nil partner would otherwise win; in cutthroat, a player who
#            has made its bid takes a trick the score leader is winning while that
#            leader still needs tricks.
#
# Players read only what a seat may know: its hand, the bids, the cards played.
# Blind bids are decided before looking at the hand.  All randomness comes from the
# hand's own stream, so a batch depends on the seed alone.

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount, suit_of
from cardsim._rng cimport Rng, rng_below, rng_below_trick, rng_next, rng_seed, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM
from cardsim.spades.engine cimport *
from cardsim.spades.scoring cimport *
from cardsim.spades.bid_tables cimport *

cdef enum:
    SP_WANT = 0                 # needs tricks
    SP_AVOID = 1                # has what it needs (or is nil): take no more

# -- random ------------------------------------------------------------------------

cdef inline int sp_random_bid(SPHand* h, const SPRules* r) noexcept nogil:
    """Uniform over sp_legal_bids (same order, one draw) without building the list."""
    cdef int legal[6]
    cdef int codes[6]
    cdef int k, i, specials = 0, held = popcount(h.hand[h.to_act])
    codes[0] = sp_code(SP_BID_NIL, 0)
    codes[1] = sp_code(SP_BID_BLIND_NIL, 0)
    codes[2] = sp_code(SP_BID_BLIND6, 6)
    codes[3] = sp_code(SP_BID_ONE_FOR_50, 1)
    codes[4] = sp_code(SP_BID_TWO_FOR_40, 2)
    codes[5] = sp_code(SP_BID_MOON, r.moon_tricks)
    legal[0] = r.allow_nil
    legal[1] = r.allow_blind_nil
    legal[2] = r.blind6_limit != 0 and sp_bid_legal(h, r, codes[2])
    legal[3] = r.allow_one_for_50
    legal[4] = r.allow_two_for_40 and held >= 2
    legal[5] = r.allow_moon and r.moon_tricks <= held
    for k in range(6):
        specials += legal[k] != 0
    i = rng_below(&h.rng, specials + held)
    if i >= specials:
        return i - specials + 1
    for k in range(6):
        if legal[k]:
            if i == 0:
                return codes[k]
            i -= 1
    return 1  # not reached

cdef extern from *:
    """
    /* SP_NTH[n][byte]: bit index of the n-th set bit of byte.  Every module that cimports
       spades/players.pxd has its own copy, filled when the module is loaded. */
    static unsigned char SP_NTH[8][256];
    __attribute__((constructor)) static void cardsim_sp_fill_nth(void) {
        int n, byte, bit, seen;
        for (byte = 0; byte < 256; byte++) {
            seen = 0;
            for (n = 0; n < 8; n++) SP_NTH[n][byte] = 0;
            for (bit = 0; bit < 8; bit++)
                if ((byte >> bit) & 1) SP_NTH[seen++][byte] = (unsigned char)bit;
        }
    }
    """
    unsigned char SP_NTH[8][256]  # SP_NTH[n][byte]: bit index of the n-th set bit of byte

cdef inline int sp_pick16(uint64_t m, int n) noexcept nogil:
    """Bit index of the ``n``-th set bit of the 16-bit ``m`` (0 <= n < popcount(m)), branch-free."""
    cdef int c = popcount(m & 0xFFULL)
    cdef int ge = n >= c
    n -= c * ge
    return (ge << 3) + SP_NTH[n][(m >> (ge << 3)) & 0xFF]

cdef inline int sp_pick(uint64_t m, int n) noexcept nogil:
    """Bit index of the ``n``-th set bit of ``m`` (0 <= n < popcount(m)): halve twice, then a byte table."""
    cdef int c, ge, base
    c = popcount(m & 0xFFFFFFFFULL)
    ge = n >= c
    n -= c * ge
    base = ge << 5
    m >>= base
    c = popcount(m & 0xFFFFULL)
    ge = n >= c
    n -= c * ge
    m >>= ge << 4
    base += ge << 4
    return base + sp_pick16(m & 0xFFFFULL, n)

cdef inline int sp_random_card(SPHand* h, const SPRules* r) noexcept nogil:
    cdef uint64_t legal = sp_legal(h, r)
    return sp_pick(legal, rng_below_trick(&h.rng, h.tricks_played, popcount(legal)))

# -- heuristic bidding ---------------------------------------------------------------

cdef inline uint64_t sp_below_in_lane(uint64_t cards) noexcept nogil:
    """``cards`` smeared down their lanes: each bit and every bit below it in its lane (a card
    outside ``cards`` is in it when some card of ``cards`` outranks it), branch-free."""
    cards |= (cards >> 1) & 0x7FFF7FFF7FFF7FFFULL
    cards |= (cards >> 2) & 0x3FFF3FFF3FFF3FFFULL
    cards |= (cards >> 4) & 0x0FFF0FFF0FFF0FFFULL
    return cards | ((cards >> 8) & 0x00FF00FF00FF00FFULL)

ctypedef struct SPSpadeTops:
    # a hand's spades by how many spades still out rank above them (sp_spade_tops)
    int held                    # spades held
    int top                     # no spade out above: sure winners
    int second                  # one spade out above
    int third                   # two spades out above

cdef inline void sp_spade_tops(uint64_t cards, const SPRules* r, SPSpadeTops* t) noexcept nogil:
    """The spades of ``cards`` by the spades out above them, branch-free: a spade has none of
    ``out`` above it when it is outside ``out`` smeared down its lane, at most one when outside
    ``out`` less its highest card smeared down, and so on (sp_estimate and sp_features share it)."""
    cdef uint64_t spades = cards & lane_bb(0)
    cdef uint64_t out = r.deck & lane_bb(0) & ~spades, below
    cdef int within
    below = sp_below_in_lane(out)
    t.held = popcount(spades)
    t.top = popcount(spades & ~below)
    out &= below >> 1  # the highest spade out set aside (``below`` lies in the lowest lane)
    below = sp_below_in_lane(out)
    within = popcount(spades & ~below)
    t.second = within - t.top
    out &= below >> 1
    t.third = popcount(spades & ~sp_below_in_lane(out)) - within

cdef extern from *:
    """
    /* SP_SIDE[suit]: a side suit's (13 rank bits, the 2 at bit 0) part of sp_linear_features'
       per-suit features and sp_estimate's side honours, packed so that the three side suits' entries add without carries
       (SP_SIDE_*: each field wide enough for its sum over three suits of at most 17 cards).
       Every module that cimports spades/players.pxd has its own copy, filled when it is loaded. */
    static unsigned long long SP_SIDE[1 << 13];
    __attribute__((constructor)) static void cardsim_sp_fill_side(void) {
        int cards, n, low, hi, bit;
        unsigned long long e;
        for (cards = 0; cards < (1 << 13); cards++) {
            n = 0;
            for (bit = 0; bit < 13; bit++) n += (cards >> bit) & 1;
            low = 0; hi = 0;
            for (bit = 0; bit < 5; bit++) low += (cards >> bit) & 1;     /* the 2 .. 6 */
            for (bit = 9; bit < 13; bit++) hi += (cards >> bit) & 1;     /* the J .. A */
            e = (unsigned int)(((cards >> 11) & 1) && n >= 2);                    /* a guarded king */
            e |= (unsigned int)(((cards >> 10) & 1) && n >= 3) << 2;              /* a queen with two guards */
            e |= (unsigned int)(n > 4 ? n - 4 : 0) << 4;                          /* cards beyond four */
            e |= (unsigned int)(n == 0 ? 2 : n == 1 ? 1 : 0) << 8;                /* ruff room: void 2, singleton 1 */
            e |= (unsigned int)(hi > low ? hi - low : 0) << 11;                   /* honours beyond the low cards */
            e |= (unsigned int)((cards & 0x1C00) && n > 3 ? n - 3 : 0) << 15;     /* beyond three, headed by Q, K or A */
            e |= (unsigned int)(n > 0 && low == 0) << 19;                         /* held with no card 6 and below */
            e |= (unsigned int)(((cards >> 12) & 1) && n > 5 ? n - 5 : 0) << 21;  /* beyond five, with the A */
            /* sp_estimate's side honours (hundredths): an A, a guarded K, a Q with two guards */
            e |= (unsigned long long)(((cards >> 12) & 1 ? (n <= 5 ? 95 : 60) : 0)
                                      + ((cards >> 11) & 1 && n >= 2 ? (n <= 4 ? 70 : 35) : 0)
                                      + ((cards >> 10) & 1 && n >= 3 && n <= 4 ? 25 : 0)) << 32;
            SP_SIDE[cards] = e;
        }
    }
    """
    uint64_t SP_SIDE[1 << 13]  # SP_SIDE[suit's 13 rank bits]: the packed per-suit features (SP_SIDE_*)

cdef enum:
    # SP_SIDE's fields: (shift, mask) of the sum over the side suits
    SP_SIDE_KINGS = 0           # 2 bits: side kings with a guard
    SP_SIDE_QUEENS = 2          # 2 bits: side queens with two guards
    SP_SIDE_LONG = 4            # 4 bits: side cards beyond four in a suit
    SP_SIDE_SHORTS = 8          # 3 bits: voids twice and singletons once
    SP_SIDE_BARE = 11           # 4 bits: side honours beyond their suit's low cards
    SP_SIDE_HEADED = 15         # 4 bits: side cards beyond three in suits headed by the Q, K or A
    SP_SIDE_NO_LOW = 19         # 2 bits: side suits held with no card 6 and below
    SP_SIDE_ACED = 21           # 4 bits: side cards beyond five in a suit with its A
    SP_SIDE_HONOURS = 32        # 11 bits: sp_estimate's side honours, hundredths (at most 190 a suit)

cdef inline uint64_t sp_side_sums(uint64_t cards) noexcept nogil:
    """The SP_SIDE entries of the side suits of ``cards``, summed (fields SP_SIDE_*)."""
    return SP_SIDE[(cards >> 16) & 0x1FFF] + SP_SIDE[(cards >> 32) & 0x1FFF] + SP_SIDE[(cards >> 48) & 0x1FFF]

cdef inline int sp_estimate_tops(uint64_t cards, const SPRules* r, const SPSpadeTops* t, uint64_t side_sums) noexcept nogil:
    """sp_estimate's count of ``cards`` with their sp_spade_tops ``t`` and sp_side_sums ``side_sums``."""
    cdef int ns = t.held, est = 100 * t.top, sure = t.top, suit, n, spare
    if ns >= 2:
        est += 65 * t.second
        sure += t.second
    if ns >= 3:
        est += 35 * t.third
    if ns > 3:
        est += 55 * (ns - 3)
    est += <int>((side_sums >> SP_SIDE_HONOURS) & 0x7FF)
    spare = ns - sure
    for suit in range(1, 4):
        n = popcount(cards & lane_bb(suit))
        if spare > 0 and n <= 1:
            est += 60 if n == 0 else 30
            spare -= 1
    # calibrated on heuristic play against random players (docs/spades.md)
    if r.seats == 3:
        est = est * 145 // 100  # 17 tricks and two opponents: long suits run
    elif r.seats == 4:
        est = est * 120 // 100
    else:
        est = est * 90 // 100  # four opponents: fewer side winners stand up
    return est

cdef inline int sp_estimate(uint64_t cards, const SPRules* r) noexcept nogil:
    """Likely tricks of ``cards``, in hundredths: a spade with no spade out above it 100 (a sure
    winner), with one out above 65 (two spades held: a sure winner too), with two 35 (three
    held); 55 each beyond three spades; side aces, guarded kings and queens; a void or singleton
    for each spare spade (beyond the sure winners)."""
    cdef SPSpadeTops t
    sp_spade_tops(cards, r, &t)
    return sp_estimate_tops(cards, r, &t, sp_side_sums(cards))


cdef inline bint sp_nil_hand(uint64_t cards, int est, const int* p) noexcept nogil:
    """Nothing that must win, by the limits ``p`` (SP_NIL_*; the learned ones of sp_nil_limits)."""
    cdef uint64_t spades = cards & lane_bb(0)
    cdef uint64_t side = cards & ~lane_bb(0)
    return (est < p[SP_NIL_COUNT] and popcount(spades) <= p[SP_NIL_SPADES]
            and (spades == 0 or (msb(spades) & 15) <= p[SP_NIL_TOP])
            and popcount(side & ((<uint64_t>0x1000) * ALL_LANES_BB)) <= p[SP_NIL_ACES]
            and popcount(side & ((<uint64_t>0x0800) * ALL_LANES_BB)) <= p[SP_NIL_KINGS])


cdef inline void sp_linear_features(uint64_t cards, const SPRules* r, int* f) noexcept nogil:
    """The SP_NF features the learned tables weigh but the products 24 .. 51 (sp_features writes
    those; the bid sums them as a quadratic form, sp_bid_sums); the side suits enter alike (suit-blind).

    0 one; 1 spades held; 2 spades with no higher spade out; 3..6 the A, K, Q, J of spades;
    7 spades beyond three; 8 side aces; 9 side kings with a guard; 10 side queens with two
    guards; 11 ruffs: spare spades (beyond the top ones) up to two a void and one a singleton;
    12 side cards beyond four in a suit; 13 the top spade's rank (1: the 2, 13: the A; 0: no
    spade); 14 side kings and queens; 15 cards of rank 5 and below; 16 sp_estimate's count
    (hundredths).  What nil fears (added for the nil decision, which the count shares): 17 side
    cards J and above beyond the cards 6 and below of their suit (honours with no low card to
    duck under them); 18 side cards beyond three in suits headed by the Q, K or A (a long
    suit with an honour must win once the others are out); 19 side suits held with no card 6
    and below; 20 spades 8 and above; 21 side suits with both A and K; 22 spades beyond five;
    23 side cards beyond five in a suit with its A.  24 .. 51: the products of each pair (a
    feature with itself too, in the order (0, 0), (0, 1) .. (0, 6), (1, 1) ..) of the features 1, 2,
    8, 9, 11, 12 and 16 / 10 (the hand-set count in tenths of a trick): the count's non-linear
    part (in cutthroat's 17 cards a linear count misjudges hands by a trick: with long spades the
    side winners count for more, with many side aces and few spades for less).  52 side jacks, 53
    side tens, 54 the longest side suit's length, 55 its square (cutthroat's count: with three
    hands of 17 cards the middle side cards and a long side suit win tricks the other features
    miss; least squares of the best bid on 12,000 hands: the points the regular bid loses on a
    held-out fifth 1.32 -> 0.96 a hand with these four)."""
    cdef uint64_t spades = cards & lane_bb(0), side = cards & ~lane_bb(0)
    cdef SPSpadeTops t
    cdef int ns, n, shorts, spare, longest
    cdef uint64_t sums
    cdef int g[SP_SPADE_FEATURES]
    sp_spade_tops(cards, r, &t)
    ns = t.held
    sp_spade_features(spades, g)
    for n in range(SP_SPADE_FEATURES):
        f[SP_SPADE_INDEX[n]] = g[n]
    f[0] = 1
    f[2] = t.top
    f[8] = popcount(side & ((<uint64_t>0x1000) * ALL_LANES_BB))
    f[14] = popcount(side & ((<uint64_t>0x0C00) * ALL_LANES_BB))
    f[21] = popcount(side & (side >> 1) & ((<uint64_t>0x0800) * ALL_LANES_BB))  # the K with the A above it
    # the per-suit features of the side suits: one table entry each, summed (SP_SIDE)
    sums = sp_side_sums(cards)
    longest = popcount((cards >> 16) & 0xFFFF)
    n = popcount((cards >> 32) & 0xFFFF)
    longest = n if n > longest else longest
    n = popcount(cards >> 48)
    longest = n if n > longest else longest
    shorts = (sums >> SP_SIDE_SHORTS) & 7
    f[9] = (sums >> SP_SIDE_KINGS) & 3
    f[10] = (sums >> SP_SIDE_QUEENS) & 3
    spare = ns - t.top
    f[11] = spare if spare < shorts else shorts
    f[12] = (sums >> SP_SIDE_LONG) & 15
    f[15] = popcount(cards & ((<uint64_t>0x000F) * ALL_LANES_BB))
    f[16] = sp_estimate_tops(cards, r, &t, sums)
    f[17] = (sums >> SP_SIDE_BARE) & 15
    f[18] = (sums >> SP_SIDE_HEADED) & 15
    f[19] = (sums >> SP_SIDE_NO_LOW) & 3
    f[23] = (sums >> SP_SIDE_ACED) & 15
    f[52] = popcount(side & ((<uint64_t>1 << 9) * ALL_LANES_BB))
    f[53] = popcount(side & ((<uint64_t>1 << 8) * ALL_LANES_BB))
    f[54] = longest
    f[55] = longest * longest

cdef enum:
    SP_SIDE_FEATURES = 12       # sp_suit_features: the features that are sums over the side suits
    SP_SPADE_FEATURES = 9       # sp_spade_features: the features of the spades alone (the deck's spades aside)

cdef extern from *:
    """
    /* The features (sp_features' indices) that are sums of one term a side suit (sp_suit_features). */
    static const int SP_SIDE_INDEX[12] = {8, 9, 10, 12, 14, 17, 18, 19, 21, 23, 52, 53};
    /* The features that read only the hand's spades (sp_spade_features). */
    static const int SP_SPADE_INDEX[9] = {1, 3, 4, 5, 6, 7, 13, 20, 22};
    """
    const int SP_SIDE_INDEX[SP_SIDE_FEATURES]
    const int SP_SPADE_INDEX[SP_SPADE_FEATURES]

cdef inline void sp_spade_features(uint64_t spades, int* g) noexcept nogil:
    """The features SP_SPADE_INDEX of the hand's ``spades`` (its spade lane): spades held, the A,
    K, Q, J, spades beyond three, the top spade's rank, spades 8 and above, beyond five."""
    cdef int ns = popcount(spades)
    g[0] = ns
    g[1] = (spades >> 12) & 1
    g[2] = (spades >> 11) & 1
    g[3] = (spades >> 10) & 1
    g[4] = (spades >> 9) & 1
    g[5] = ns - 3 if ns > 3 else 0
    g[6] = (msb(spades) & 15) + 1 if spades else 0
    g[7] = popcount(spades & 0xFFC0)      # the 8 and above (jokers too)
    g[8] = ns - 5 if ns > 5 else 0

cdef inline void sp_suit_features(int cards, int* g) noexcept nogil:
    """One side suit's (13 rank bits) terms of the features SP_SIDE_INDEX (sp_linear_features sums
    them over the three side suits): its A, guarded K, Q with two guards, cards beyond four, K and
    Q, bare honours, cards beyond three under an honour, no low card, A with K, cards beyond five
    with the A, J, 10."""
    cdef uint64_t e = SP_SIDE[cards]
    g[0] = (cards >> 12) & 1
    g[1] = (e >> SP_SIDE_KINGS) & 3
    g[2] = (e >> SP_SIDE_QUEENS) & 3
    g[3] = (e >> SP_SIDE_LONG) & 15
    g[4] = popcount(cards & 0x0C00)
    g[5] = (e >> SP_SIDE_BARE) & 15
    g[6] = (e >> SP_SIDE_HEADED) & 15
    g[7] = (e >> SP_SIDE_NO_LOW) & 3
    g[8] = (cards >> 12) & (cards >> 11) & 1
    g[9] = (e >> SP_SIDE_ACED) & 15
    g[10] = (cards >> 9) & 1
    g[11] = (cards >> 8) & 1

cdef inline int sp_weigh(const int* w, const int* index, const int* g, int n) noexcept nogil:
    """The weights ``w`` over the ``n`` features ``index`` valued ``g``."""
    cdef int k, a = 0
    for k in range(n):
        a += w[index[k]] * g[k]
    return a

cdef inline int sp_nil_row(int spades) noexcept nogil:
    """Nil's row of weights for a hand of ``spades`` spades (SP_NIL_ROWS): 1 or fewer, 2, 3, 4, 5
    or more.  Why rows: what a side suit costs a nil depends on the spades beside it (with 3-4
    low spades a long side suit under an honour is safe: the others run out of it and ruff, and
    the nil discards the honour; with 5 spades the spades themselves are the danger).  Why 1 or
    fewer apart from 2 (one row for 2 or fewer until stop 37): with at most one spade the spades
    cannot set the nil and each spade lead lets it throw a side honour, while two spades must
    both be followed (likely why the same side holdings weigh differently; the rows' fit is the
    evidence).  Cutthroat, rows fitted on 200,000 pooled hands (the shipped table), the whole
    bid's held-out loss against four rows fitted on the same hands: seeds 2091 / 2092 / 2120
    -0.007 +- 0.007 / -0.011 +- 0.014 / -0.040 +- 0.013 points a hand (scripts/spades_bid_table.py's
    docstring, stop 37).  A row for 6 or more apart from 5 changed nothing (no such hand is a
    nil)."""
    spades -= 1
    return 0 if spades < 0 else (4 if spades > 4 else spades)

cdef inline void sp_suit_nil_terms(int cards, int* g) noexcept nogil:
    """One side suit's (13 rank bits) SP_NB terms of the nil log-odds and the count: 0..9 its length (0 .. 8,
    9 or more) as one of ten; 10..25 its A, K, Q, J, each by the suit's length (0-2, 3-4, 5-6, 7
    or more); 26..29 its cards 6 and below by the same lengths, 30..33 its 7 .. 10.  An honour
    is a nil's danger in a short suit and much less in a long one (17 cards a hand in three:
    the others are out of a long suit early, and the honour goes on their ruffs), which the
    count's features (sums over the side suits) cannot tell; the nil weights of these terms
    go into the side suits' table entries (sp_fill_side_weights), so the bid reads them for
    nothing.  The count weighs them too (count_suit): in cutthroat, refined for the score, they
    cut the regular bid's held-out loss 0.93 -> 0.83 points a hand (the features alone: 0.92)."""
    cdef int n = popcount(<uint64_t>cards), k, band, r
    band = 0 if n < 3 else (1 if n < 5 else (2 if n < 7 else 3))
    for k in range(SP_NB):
        g[k] = 0
    g[n if n < 9 else 9] = 1
    for r in range(4):                      # the A, K, Q, J
        g[10 + 4 * r + band] = (cards >> (12 - r)) & 1
    g[26 + band] = popcount(<uint64_t>(cards & 0x1F))
    g[30 + band] = popcount(<uint64_t>(cards & 0x1E0))

cdef extern from *:
    """
    /* sp_suit_exposure's loop (its docstring says what and why): the nil's cards of the suit
       from the lowest, a round each while the others can follow. */
    #if defined(__GNUC__)
    __attribute__((noinline, unused, cold))
    #endif
    static int sp_suit_exposure_c(int cards) {
        unsigned long long left = (unsigned int)cards;
        int reach = (14 - __builtin_popcountll(left)) >> 1, j = 0, most = 0;
        if (reach < 1) reach = 1;
        for (; left && j < reach; left &= left - 1, j++)
            if (__builtin_ctzll(left) - 3 * j > most) most = __builtin_ctzll(left) - 3 * j;
        return most;
    }
    /* sp_fill_side_weights' part for nil's exposure weights (t->nil_exposure[shape][row]: the
       side suits', the spades'): each suit's exposure times its row's weight into the side suit
       entries (1 + row, every row) and the spade entry (1, the row of the spades' length,
       sp_nil_row); t->nil_learned where any is not 0.  Called once a table load (set_spades_bid_table),
       after sp_fill_side_weights.  Out of line and cold, as C: in spades.spades, whose C file is
       at gcc's inline budget (setup.py BUDGET_BOUND), the same lines in Cython (inlined into the
       fill), or these as a plain noinline call, put the play-out's sp_end_card out of line
       (callgrind, spades heuristic 9,380 -> 9,505-9,514 instructions a hand, cutthroat 8,726 ->
       8,932-8,950, spades PIMC +2%); cold (optimised for size, its calls unlikely): 9,357 / 8,707. */
    #if defined(__GNUC__)
    __attribute__((noinline, unused, cold))
    #endif
    static void sp_fill_exposure_c(SPBidTables* t, int shape) {
        int cards, row, x, spades_row;
        for (row = 0; row < 5; row++)   /* SP_NIL_ROWS */
            t->nil_learned[shape] |= t->nil_exposure[shape][row][0] != 0 || t->nil_exposure[shape][row][1] != 0;
        for (cards = 0; cards < (1 << 13); cards++) {
            x = sp_suit_exposure_c(cards);
            for (row = 0; row < 5; row++)
                t->side[shape][cards][1 + row] += t->nil_exposure[shape][row][0] * x;
            spades_row = __builtin_popcount((unsigned int)cards) - 1;   /* sp_nil_row */
            spades_row = spades_row < 0 ? 0 : (spades_row > 4 ? 4 : spades_row);
            t->spade[shape][cards][1] += t->nil_exposure[shape][spades_row][1] * x;
        }
    }
    /* sp_spade_holding's index (its docstring says what and why) of the 13 spades ``cards``. */
    static inline int sp_spade_holding_c(int cards) {
        int n = __builtin_popcount((unsigned int)cards);
        return 8 * (n < 9 ? n : 9) + ((cards >> 12) & 1) + ((cards >> 10) & 2) + ((cards >> 8) & 4);
    }
    /* The count's spade holding weights (t->count_spade[shape], by sp_spade_holding_c) into each
       spade entry's count (t->spade[shape][cards][0]), after sp_fill_side_weights; called once a
       table load (set_spades_bid_table).  Out of line and cold, as C, for the reason
       sp_fill_exposure_c gives (spades.spades' inline budget). */
    #if defined(__GNUC__)
    __attribute__((noinline, unused, cold))
    #endif
    static void sp_fill_count_spade_c(SPBidTables* t, int shape) {
        int cards;
        for (cards = 0; cards < (1 << 13); cards++)
            t->spade[shape][cards][0] += t->count_spade[shape][sp_spade_holding_c(cards)];
    }
    """
    int sp_suit_exposure_c(int cards) noexcept nogil
    void sp_fill_exposure_c(SPBidTables* t, int shape) noexcept nogil
    int sp_spade_holding_c(int cards) noexcept nogil
    void sp_fill_count_spade_c(SPBidTables* t, int shape) noexcept nogil

cdef inline int sp_suit_exposure(int cards) noexcept nogil:
    """How far one suit (13 rank bits, three hands) exposes a nil: over the rounds the others can
    still follow (two hands share the 13 - n cards the nil does not hold: (14 - n) / 2 rounds,
    at least one), the most of the others' cards left below the nil's j-th lowest card in round
    j (0-based: its rank less the j cards of the nil and the 2j of the others already played
    below it, c_j - 3j), 0 where none is left.  Two of them mean the others can both duck under
    that card when the suit is led, and the nil takes the trick: J T 9 2 exposes 4 in the
    second round (six of the others' cards under the 9 less the two they played in the first),
    T 9 3 2 only 1.
    Why: the nil's rows read whole-hand counts (cards 5 and below, honours by the suit's
    length), which cannot tell a low card that covers an honour from one that does not; the
    false nils of the benchmark's seed 12 fail on exactly this (J T 9 2 of a side suit: nil
    makes 31%, 77% with the J a 3; T 7 6 of spades: 52%, 83% with the T a 2).  Weighed for the
    side suits (summed) and the spades, a weight each per nil row (t.nil_exposure): on the
    cached cutthroat hands the nil decision's loss, rows fitted on 2054 (14,000 hands), held out
    0.394 -> 0.316 (2053, 6,000 hands) and 0.385 -> 0.322 (2052 + 2062, 32,000) points a hand.
    Its loop is sp_suit_exposure_c (above), which the table's fill calls (sp_fill_exposure_c: out of
    line and cold, for spades.spades' inline budget, see there)."""
    return sp_suit_exposure_c(cards)

cdef inline int sp_spade_holding(int spades) noexcept nogil:
    """The count's spade holding term (SP_NS: SPBidTables.count_spade's index) of the 13 ``spades``:
    8 x the spades held (0 .. 9, 9 for more) plus 1, 2, 4 for the A, K, Q held.  One term of the
    80 is 1 (a one-hot of length and top honours), so each holding class gets a weight of its own.
    Why: the count's spade features are linear in the length and the honours, with products only of
    the length and the top spades (no higher spade out), which misjudges how an honour's worth
    depends on its length in 17-card hands (a bare K or Q is lost to the A; with length it wins or
    is promoted; the A-K-Q's tricks with five spades are not their tricks with two).  Cutthroat,
    refined for the score on 30,000 hands of seed 2070 against 1484d41's players, held out on
    20,000 of seed 2071: the regular bid's loss (the best regular bid against the table's)
    0.853 -> 0.790 points a hand (-0.063 +- 0.012; the same terms of the side suits as well:
    -0.050 +- 0.015).  Read for nothing: the weights go into the spade entry
    (sp_fill_count_spade_c), which the bid looks up anyway (sp_bid_sums)."""
    return sp_spade_holding_c(spades)

cdef inline void sp_fill_side_weights(SPBidTables* t, int shape) noexcept nogil:
    """t.side[shape][cards]: the count's weights (t.weight) of the side suit ``cards``' terms of
    the SP_SIDE_INDEX features and its count_suit over its sp_suit_nil_terms, then per nil row those of nil (t.nil_weight) and its own nil
    terms (t.nil_suit over sp_suit_nil_terms), so the bid (sp_bid_sums) weighs the three side
    suits by three look-ups (the same int sums: the weights distribute over the suits); and
    t.spade[shape][spades] of the SP_SPADE_INDEX features, nil by the row of the spades' length
    (the shapes' decks hold all 13 spades); nil's exposure weights (t.nil_exposure) are added
    after it by sp_fill_exposure_c (set_spades_bid_table).  The special bids' rules (t.special_weight and
    t.special_suit, sp_special_bid) alike after them: entries 1 + SP_NIL_ROWS .. of a side suit,
    2 .. of the spades.  Also t.nil_learned[shape] (the exposure's part: sp_fill_exposure_c) and
    t.special_learned[shape]."""
    cdef int cards, row, k, rule
    cdef int g[SP_SIDE_FEATURES]
    cdef int h[SP_NB]
    cdef int* e
    t.nil_learned[shape] = 0
    t.special_learned[shape] = 0
    for row in range(SP_NIL_ROWS):
        for k in range(SP_NF):
            t.nil_learned[shape] |= t.nil_weight[shape][row][k] != 0
        for k in range(SP_NB):
            t.nil_learned[shape] |= t.nil_suit[shape][row][k] != 0
    for rule in range(SP_SPECIAL_RULES):
        for k in range(SP_NF):
            t.special_learned[shape] |= t.special_weight[shape][rule][k] != 0
        for k in range(SP_NB):
            t.special_learned[shape] |= t.special_suit[shape][rule][k] != 0
    for cards in range(1 << 13):
        sp_suit_features(cards, g)
        sp_suit_nil_terms(cards, h)
        e = t.side[shape][cards]
        e[0] = sp_weigh(t.weight[shape], SP_SIDE_INDEX, g, SP_SIDE_FEATURES)
        for k in range(SP_NB):
            e[0] += t.count_suit[shape][k] * h[k]
        for row in range(SP_NIL_ROWS):
            e[1 + row] = sp_weigh(t.nil_weight[shape][row], SP_SIDE_INDEX, g, SP_SIDE_FEATURES)
            for k in range(SP_NB):
                e[1 + row] += t.nil_suit[shape][row][k] * h[k]
        for rule in range(SP_SPECIAL_RULES):
            e[1 + SP_NIL_ROWS + rule] = sp_weigh(t.special_weight[shape][rule], SP_SIDE_INDEX, g, SP_SIDE_FEATURES)
            for k in range(SP_NB):
                e[1 + SP_NIL_ROWS + rule] += t.special_suit[shape][rule][k] * h[k]
        sp_spade_features(cards, g)
        row = sp_nil_row(popcount(<uint64_t>cards))
        t.spade[shape][cards][0] = sp_weigh(t.weight[shape], SP_SPADE_INDEX, g, SP_SPADE_FEATURES)
        t.spade[shape][cards][1] = sp_weigh(t.nil_weight[shape][row], SP_SPADE_INDEX, g, SP_SPADE_FEATURES)
        for rule in range(SP_SPECIAL_RULES):
            t.spade[shape][cards][2 + rule] = sp_weigh(t.special_weight[shape][rule], SP_SPADE_INDEX, g, SP_SPADE_FEATURES)

cdef inline void sp_fill_pair_weights(SPBidTables* t, int shape) noexcept nogil:
    """t.pair[shape][q0][q1]: the products' part (weights 24 .. 51, sp_features' pairs of q0 .. q6)
    that the spades held q0 and the top spades q1 decide, for the count's weights (entries 0 .. 5)
    and nil's (6 .. 11): first the terms in q0 and q1 alone (the pairs (0, 0), (0, 1), (1, 1)),
    then the weights their cross terms give q2 .. q6 (q0 w[0, j] + q1 w[1, j]).  sp_pair_quadratic
    adds the rest, so the bid multiplies 20 times a sum, not 35 (the same int sums: -fwrapv
    arithmetic distributes exactly).  q0 <= 13: a deck has 13 spades (jokers have no table).  Nil's
    entries weigh by the row of the spades held (sp_nil_row); then the special rules' (12 .. 23,
    sp_special_sum)."""
    cdef int a, b, k, j
    cdef const int* w
    cdef int* e
    for k in range(2 + SP_SPECIAL_RULES):
        for a in range(SP_PAIR_SPADES):
            if k == 0:
                w = &t.weight[shape][0]
            elif k == 1:
                w = &t.nil_weight[shape][sp_nil_row(a)][0]   # nil: the row of a spades
            else:
                w = &t.special_weight[shape][k - 2][0]
            for b in range(SP_PAIR_SPADES):
                e = &t.pair[shape][a][b][6 * k]
                e[0] = a * (w[24] * a + w[25] * b) + b * (w[31] * b)
                for j in range(5):  # q2 .. q6: the rows of q0 (weights 26 .. 30) and q1 (32 .. 36)
                    e[1 + j] = a * w[26 + j] + b * w[32 + j]

cdef inline void sp_features(uint64_t cards, const SPRules* r, int* f) noexcept nogil:
    """The SP_NF features the learned tables weigh (sp_linear_features, then the products 24 .. 51)."""
    cdef int q0, q1, q2, q3, q4, q5, q6
    sp_linear_features(cards, r, f)
    q0, q1, q2, q3, q4, q5, q6 = f[1], f[2], f[8], f[9], f[11], f[12], f[16] // 10
    # the products, row by row (written out: gcc leaves a loop over the triangle rolled, 7 instructions a product)
    f[24], f[25], f[26], f[27], f[28], f[29], f[30] = q0 * q0, q0 * q1, q0 * q2, q0 * q3, q0 * q4, q0 * q5, q0 * q6
    f[31], f[32], f[33], f[34], f[35], f[36] = q1 * q1, q1 * q2, q1 * q3, q1 * q4, q1 * q5, q1 * q6
    f[37], f[38], f[39], f[40], f[41] = q2 * q2, q2 * q3, q2 * q4, q2 * q5, q2 * q6
    f[42], f[43], f[44], f[45] = q3 * q3, q3 * q4, q3 * q5, q3 * q6
    f[46], f[47], f[48] = q4 * q4, q4 * q5, q4 * q6
    f[49], f[50] = q5 * q5, q5 * q6
    f[51] = q6 * q6

cdef inline int sp_pair_quadratic(const int* w, const int* e, int q2, int q3, int q4, int q5, int q6) noexcept nogil:
    """``w``'s products part (weights 24 .. 51 of the pairs of q0 .. q6, sp_features' order) with the
    part q0 and q1 decide from their SPBidTables.pair entry ``e`` (sp_fill_pair_weights): a quadratic
    form in q2 .. q6, row by row, each row's weight on its q_i raised by the cross terms' (20 multiplies)."""
    return (e[0] + q2 * (e[1] + w[37] * q2 + w[38] * q3 + w[39] * q4 + w[40] * q5 + w[41] * q6)
            + q3 * (e[2] + w[42] * q3 + w[43] * q4 + w[44] * q5 + w[45] * q6)
            + q4 * (e[3] + w[46] * q4 + w[47] * q5 + w[48] * q6)
            + q5 * (e[4] + w[49] * q5 + w[50] * q6)
            + q6 * (e[5] + w[51] * q6))

cdef inline int sp_plain_sum(const int* w, const int* f) noexcept nogil:
    """``w`` over the linear features but the side suits' sums (SP_SIDE_INDEX), the spades' alone
    (SP_SPADE_INDEX) and the products."""
    return (w[0] * f[0] + w[2] * f[2] + w[11] * f[11] + w[15] * f[15] + w[16] * f[16] + w[54] * f[54]
            + w[55] * f[55])

cdef inline void sp_bid_sums(const SPBidTables* t, int shape, uint64_t cards, const int* f, int* out) noexcept nogil:
    """``out`` = (weight . f, nil's log-odds) of ``shape`` for the hand ``cards`` and its
    sp_linear_features ``f`` (the products 24 .. 51 not written): the side suits' sums and the
    spades' alone by one look-up a suit (sp_fill_side_weights), the other linear features written out, the products as
    quadratic forms (sp_pair_quadratic; their part in the spades held and the top spades by one look-up,
    sp_fill_pair_weights); the count plus count_suit over the side suits' sp_suit_nil_terms; nil by
    the row of the hand's spade length (sp_nil_row): that row's nil_weight . f plus its nil_suit
    over the same terms.  The same sums as the weights over sp_features' values one by one (int
    arithmetic: the order does not change them)."""
    cdef int row = sp_nil_row(f[1])
    cdef const int* w = t.weight[shape]
    cdef const int* v = t.nil_weight[shape][row]
    cdef const int* s1 = t.side[shape][(cards >> 16) & 0x1FFF]
    cdef const int* s2 = t.side[shape][(cards >> 32) & 0x1FFF]
    cdef const int* s3 = t.side[shape][(cards >> 48) & 0x1FFF]
    cdef const int* sp = t.spade[shape][cards & 0x1FFF]
    cdef const int* e = t.pair[shape][f[1]][f[2]]
    cdef int q2 = f[8], q3 = f[9], q4 = f[11], q5 = f[12], q6 = f[16] // 10
    out[0] = sp[0] + s1[0] + s2[0] + s3[0] + sp_plain_sum(w, f) + sp_pair_quadratic(w, e, q2, q3, q4, q5, q6)
    row += 1
    out[1] = sp[1] + s1[row] + s2[row] + s3[row] + sp_plain_sum(v, f) + sp_pair_quadratic(v, e + 6, q2, q3, q4, q5, q6)

cdef inline int sp_special_sum(const SPBidTables* t, int shape, int rule, uint64_t cards, const int* f) noexcept nogil:
    """The log-odds of the special bids' rule ``rule`` (sp_special_bid) for the hand ``cards`` and its
    sp_linear_features ``f``: special_weight[shape][rule] . f plus special_suit[shape][rule] over the side
    suits' sp_suit_nil_terms, read as sp_bid_sums reads nil's (the same look-ups' later entries)."""
    cdef const int* w = t.special_weight[shape][rule]
    cdef int k = 1 + SP_NIL_ROWS + rule
    return (t.spade[shape][cards & 0x1FFF][2 + rule] + t.side[shape][(cards >> 16) & 0x1FFF][k]
            + t.side[shape][(cards >> 32) & 0x1FFF][k] + t.side[shape][(cards >> 48) & 0x1FFF][k]
            + sp_plain_sum(w, f)
            + sp_pair_quadratic(w, &t.pair[shape][f[1]][f[2]][12 + 6 * rule], f[8], f[9], f[11], f[12], f[16] // 10))

cdef inline int sp_special_bid(uint64_t cards, const int* f, int b, int shape) noexcept nogil:
    """The bid after the special bids' rules (issue 11), for a table bid ``b`` of 2 to 4 where the
    rules allow both one-for-50 and two-for-40 (cutthroat spades): two-for-40 instead of a table
    bid of 3 or 4 where rule 0's log-odds (sp_special_sum) are positive, then one-for-50 instead
    of a bid of 2 or 3 (the table's or rule 0's) where rule 1's are.

    Why: the count is fitted to the best regular bid and its cuts to the mean score of a
    quarter-trick of count, but a made two-for-40 scores 40 (a regular 2: 20) and a made
    one-for-50 50, while set they lose as much, so on hands whose tricks are few but sure the
    special bid beats the count's 3 or 4.  In cutthroat, against main b243b67's players, 0.29 of
    the 0.81 points a hand the regular bid lost (the bid odds' best regular bid against the
    table's) were on hands whose best bid was one-for-50, two-for-40 or 3 where the count bid
    higher.  Each rule is a logistic regression of "the special bid's expected score beats the bid
    before it" over the count's features and the side suits' terms (suit-symmetric: summed over
    the side suits), each hand weighted by the points the choice is worth there, fitted like nil's
    (scripts/spades_bid_table.py learn_special).  Fitted on seed 2052's 20,000 hands, judged on
    seed 2062's 12,000: the whole bid's loss 1.093 -> 1.016 points a hand (-0.077 +- 0.010); the
    count's products matter (without them -0.056), the side suits' terms less (without -0.070).
    bench/decisions.py --games cutthroat-spades --trials 2000, the bid's agreement / points lost a
    hand: seed 13 (1,000 hands) 78.2% / 1.073 -> 79.3% / 0.999, seed 11 82.5% / 1.038 -> 82.5% /
    0.960, seed 12 81.0% / 1.061 -> 81.0% / 1.096.  Read only here, for table bids 2 to 4: other
    hands pay nothing.  The rules run as a loop over one copy of the sum, not written out twice:
    two copies grew spades.spades past gcc's inline budget for the file (setup.py BUDGET_BOUND;
    the play-out's sp_end_card became a call: partnership spades heuristic 9,389 -> 9,526
    instructions a hand, callgrind)."""
    cdef int rule = 0 if b >= 3 else 1
    while rule < SP_SPECIAL_RULES and b <= 4 - rule:   # rule k moves bids 3 - k .. 4 - k to 2 - k
        if sp_special_sum(SP_TABLES, shape, rule, cards, f) > 0:
            b = 2 - rule
        rule += 1
    return b

cdef inline int sp_bid_shape(const SPRules* r) noexcept nogil:
    """The learned table's shape of these rules (0: partnership, 1: three seats), -1: none
    loaded for them (five seats, jokers, or no table)."""
    cdef int shape = -1
    if r.jokers:
        return -1
    if r.partnership and r.seats == 4:
        shape = 0
    elif not r.partnership and r.seats == 3:
        shape = 1
    if shape >= 0 and SP_TABLES.cut[shape][1] == SP_NO_TABLE:
        return -1
    return shape

cdef inline int sp_dot(const int* w, const int* f) noexcept nogil:
    cdef int i, s = 0
    for i in range(SP_NF):
        s += w[i] * f[i]
    return s

cdef inline int sp_learned_count(uint64_t cards, const SPRules* r, int* f) noexcept nogil:
    """The count the bid reads (hundredths of a trick): the learned weights over the features
    (written to ``f``), count_suit over the side suits' sp_suit_nil_terms and count_spade by
    the spades' holding (sp_spade_holding), else sp_estimate's count.  Summed term by term, not by the bid's table look-ups (sp_bid_sums):
    the reference those must equal (spades_count; sp_bid_sums called here as well is not
    inlined into the bid any more, +4.7% instructions a cutthroat hand)."""
    cdef int shape = sp_bid_shape(r)
    cdef int suit, k, s
    cdef int g[SP_NB]
    sp_features(cards, r, f)
    if shape < 0:
        return f[16]
    s = sp_dot(SP_TABLES.weight[shape], f)
    for suit in range(1, 4):
        sp_suit_nil_terms((cards >> (16 * suit)) & 0x1FFF, g)
        for k in range(SP_NB):
            s += SP_TABLES.count_suit[shape][k] * g[k]
    s += SP_TABLES.count_spade[shape][sp_spade_holding(cards & 0x1FFF)]
    return s // SP_W_SCALE

cdef inline int sp_count_bid(int est, int shape) noexcept nogil:
    """Tricks to bid for a count ``est`` (hundredths): the learned table of ``shape``
    (sp_bid_shape), else (-1) rounding."""
    cdef int n
    if shape < 0:
        return (est + 50) // 100
    n = 1
    while SP_TABLES.cut[shape][n + 1] <= est:   # (cut[SP_BID_CUTS] is 1 << 30: no count reaches it)
        n += 1
    return n

cdef inline bint sp_heuristic_nil(uint64_t cards, const int* f, int nil_sum, int shape) noexcept nogil:
    """Nil pays better than the table's trick bid: the learned log-odds ``nil_sum`` (sp_bid_sums)
    are positive; with no nil weights (or no table) the hand is within the nil limits
    (sp_nil_hand: the learned ones of the shape, else SP_NIL_DEFAULT)."""
    cdef const int* limits = SP_NIL_DEFAULT
    if shape >= 0 and SP_TABLES.nil_learned[shape]:
        return nil_sum > 0
    if shape >= 0:
        limits = SP_TABLES.nil[shape]
    return sp_nil_hand(cards, f[16], limits)

cdef inline int sp_lead_margin(const SPHand* h, const SPRules* r, int s) noexcept nogil:
    """How far seat ``s`` (its team) is ahead of the best other side (negative when behind)."""
    cdef int i, best = -(1 << 30)
    for i in range(r.seats):
        if i != s and not (r.partnership and i == sp_partner(s)) and h.game_score[i] > best:
            best = h.game_score[i]
    return h.game_score[s] - best

cdef inline int sp_game_bid(const SPHand* h, const SPRules* r, int s, int g, bint partner_nil,
                            int* nil_bar) noexcept nogil:
    """The bids for the game, not the hand (issue 11), of seat ``s`` under the rules of game shape
    ``g`` (SPBidTables.game[g]: the table's shape, 2 for the hand-set rules): a blind bid
    (its code), or -1 with nil's bar (sp_heuristic_nil) in ``nil_bar`` when a nil rule holds.
    Each rule is (gap, reach, bar): it holds when the seat is at least gap behind the leader and
    the leader within reach of target_score (the ahead rule: the seat leads by at least gap and
    is within reach itself); SP_NEVER as the gap: never.  Blind nil's third value is not a bar
    but, where 1 (partnership only), "the team's second bidder": the rule holds only once the
    partner has bid.  sp_heuristic_bid calls it only when
    some rule's reach is met (SPBidTables.game_reach), so at scores far from the target (single
    hands, the bid odds at 0-0) nothing is read but the best score, h.game_top (kept with the
    scores, sp_set_game_top: a scan of the seats before every bid cost 27 instructions a bid).

    Near the end a hand's expected points are not what wins the game: far behind, the chance of
    winning is in the variance, which a blind bid buys although its expected points are below
    looking's (the blind bid odds' margin, by points, is never); well ahead, a nil's -100 may hand
    the game away.  Learned by paired whole games (scripts/spades_blind_game.py: the same deals
    with no rule, then the rule on one side only, each side in turn), gain in games won by the
    side using it.

    * Blind nil.  Partnership spades, 20,000 games of seed 7: gap 75 and the leader at 400 or
      more +1.91% +- 0.12%, gap 50 +1.87%, 100 +1.66%, 150 +0.67%, 200 +0.24%, 0 +0.13%
      (blind nil whenever behind); the leader at 425 (gap 75) +1.73%, at 350 (gap 100) +1.41%;
      by the gap alone (the leader anywhere, gap 150) -0.03% +- 0.10%; fresh deals (seed 8): gap
      75, 400, +1.87% +- 0.12%.  Cutthroat spades (three seats), 10,000 games of seed 7, a
      seat's gain: gap 75 and 400 +1.09% +- 0.13%, 425 +1.11%, 450 +1.06%, gap 100 +0.92%, 50
      +0.69%, 25 -0.99%, 150 +0.29%; fresh deals (seed 8): gap 75, 400, +1.21% +- 0.13%.  With
      blind 6 for the game and nil behind on every seat (the final rules) blind nil gains less
      and further behind: leader at 400, gap 50 -0.61% +- 0.14%, 75 +0.34% +- 0.11%, 100 +0.47%
      +- 0.08%, 125 +0.29%, 150 +0.22%; gap 75 and the leader at 300 -0.99%; fresh deals (seed
      8): gap 75 +0.33% +- 0.11%, gap 100 +0.45% +- 0.08%.  Partnership ships gap 75, three
      seats gap 100, the leader at 400.  The hand-set shapes (four and five seats, which bid
      nil only with nothing high), 10,000 games of seed 7, four seats: gap 75 and 400 +5.12% +-
      0.13%, gap 50 +6.20%, 100 +3.79%; gap 50 and the leader at 300 or more +6.86% +- 0.17%,
      200 +6.78%, gap 25 and 300 +5.78%; five seats, gap 75 and 400: +8.98% +- 0.13%.  Ships gap
      50, leader at 300; fresh deals (seed 8): four seats +6.72% +- 0.17%,
      five +13.44% +- 0.17%, five with two jokers +13.54% +- 0.27% (4,000 games).
      Partnership, the team's second bidder only (issue 11, stop 38: bench/decisions.py's blind
      kind judged by games won from 0 - 400 found seat 0, bidding first, losing games by its blind
      nil against looking, -0.10..-0.17% of games; from the leader at 400, gap 75, -2.6% +-
      0.1%, where looking leaves the blind nil to the partner, who bids after it): the rule with
      the third value 1 against the rule as it was (gap 75, leader at 400), paired whole games
      (scripts/spades_blind_game.py --against 75,100 --rule 75,100,1: the same games, either rule
      on the same side), 20,000 games of seed 7 +0.31% +- 0.13%, fresh deals (seed 8) +0.38% +- 0.13%; gap 50
      +0.32% +- 0.14% (seed 7).  Against no rule (the script's gain, seed 7): +1.73% +- 0.10%
      (as it was +1.42% +- 0.12%; gap 100 +1.43%, gap 50 +1.74%).  Ships gap 75, leader at 400,
      the second bidder only.  Three seats, blind nil's reach widened to the leader at 300 (the
      same bench found blind nil winning +0.08..+0.17% more games than the rule's blind 6 at 0 -
      300 - 300), against (100, 100) on the same side, 10,000 games of seed 7: gap 100 -0.62% +-
      0.10%, gap 150 -0.45% +- 0.09%, gap 200 -0.38% +- 0.08%: not shipped (a zone that far
      behind only would need a second rule).
    * Blind 6 (three seats; partnership spades has no blind 6, the hand-set shapes keep theirs
      at 100 behind): legal from blind6_behind (50) behind, once a game.  By a hand's points it
      loses to looking (+30 against +48), by games it wins: 10,000 games of seed 7, gap 50 and
      the leader at 400 or more +2.72% +- 0.11%, 300 +4.47%, 250 +4.87% +- 0.18%, 200 +4.79%,
      150 +4.85%, 100 +4.67%, anywhere +4.61%; gap 60 and the leader at 200 +3.94%, gap 100
      and 300 +0.98%, gap 100 anywhere +1.40%, gap 150 anywhere +0.32%.  Ships gap 50,
      leader at 250; fresh deals (seed 8, the final rules): +4.54% +- 0.18%.  Blind nil comes
      first where both hold (its zone, 100 behind a leader at 400, is the narrower).
    * Nil behind: the learned nil (log-odds above 0, sp_heuristic_nil) weighs a hand's points;
      behind near the end nil's +100 is worth more than the trick bid's few points, so the bar
      falls to ``bar`` (the nil sum's units, log-odds x 100000: bar -4 below is -400000).
      Partnership, 20,000 games of seed 7, behind at all and the leader at 400 or more: bar -1 +0.20% +- 0.03%, -2 +0.35%, -4
      +0.63% +- 0.06%, -8 +0.43%, -16 -0.57%, -50 (nil whenever behind) -1.84%; the leader at
      300: -1 +0.39%, -2 +0.74%, -4 +0.87% +- 0.10%, -8 -0.19%; 200: -1 +0.48%, -8 -1.48%; 25
      behind and 400, -8 +0.39%.  Ships behind at all, leader at 300, bar -4; fresh deals (seed
      8): +0.84% +- 0.10%.  Three seats, 10,000 games of seed 7: leader at 400, -1 +0.04% +- 0.02%, -2 +0.09%; at 300, -1
      +0.21%, -2 +0.42%, -4 +0.77%, -8 +0.70%; at 200, -2 +0.71%, -4 +1.34% +- 0.11%.  Ships
      behind at all, leader at 200, bar -4; fresh deals (seed 8, the final rules): +0.76% +-
      0.10%.  (More nils gain games at any score: bar -1 whatever the scores, partnership +0.84% +- 0.13%, three seats +0.80% +- 0.09%; it
      would move the bids of single hands and the bid odds, which learn nil by a hand's points:
      left to the table's learning, not done here.)
    * Nil ahead (the bar raised well ahead near the end, a nil's -100 handing the game away):
      no measurable gain.  Partnership, 20,000 games of seed 7, the leader at 400 or more,
      leading at all: bar +1 +0.007% +- 0.043%, +2 -0.15% +- 0.06%, -1 +0.003% +- 0.042%;
      leading by 50, +1 +0.07% +- 0.03%; by 100, +2 +0.07% +- 0.03%; at 300, +1 -0.09% +-
      0.07%.  Three seats, 10,000 games: +1 -0.010% +- 0.022%, +2 -0.010% +- 0.028%, by 50 +2
      +0.010% +- 0.015%.  Never, in every shape."""
    cdef const int* rule = SP_TABLES.game[g][SP_GAME_BLIND_NIL]
    cdef int gap = h.game_top - h.game_score[s], near = r.target_score - h.game_top
    if (not partner_nil and gap >= rule[0] and near <= rule[1] and (rule[2] == 0 or h.kind[sp_partner(s)] >= 0)
            and sp_bid_legal(h, r, sp_code(SP_BID_BLIND_NIL, 0))):   # (rule[2]: the second bidder only)
        return sp_code(SP_BID_BLIND_NIL, 0)
    rule = SP_TABLES.game[g][SP_GAME_BLIND6]
    if gap >= rule[0] and near <= rule[1] and sp_bid_legal(h, r, sp_code(SP_BID_BLIND6, 6)):
        return sp_code(SP_BID_BLIND6, 6)
    rule = SP_TABLES.game[g][SP_GAME_NIL_BEHIND]
    if gap >= rule[0] and near <= rule[1]:
        nil_bar[0] = rule[2]
    rule = SP_TABLES.game[g][SP_GAME_NIL_AHEAD]
    if gap == 0 and near <= rule[1] and sp_lead_margin(h, r, s) >= rule[0]:
        nil_bar[0] = rule[2]
    return -1

cdef inline int sp_heuristic_bid(SPHand* h, const SPRules* r) noexcept nogil:
    """The bids for the game near its end (sp_game_bid: blind bids, nil's bar), then blind bids
    by the score gap (the learned margins; no table: blind 6 at 100 behind), before looking;
    then moon from its count, nil where it pays (sp_heuristic_nil), else the count's bid
    (sp_count_bid), moved to a special bid by the learned rules where both special bids are
    allowed (sp_special_bid: for table bids 2 to 4), one-for-50 / two-for-40 for 1 / 2.  The
    count (sp_learned_count)
    and nil's log-odds are summed together (sp_bid_sums)."""
    cdef int s = h.to_act, est, b, held = popcount(h.hand[s]), shape = sp_bid_shape(r), gap, nil_bar = 0
    cdef int g = shape if shape >= 0 else SP_GAME_SHAPES - 1
    cdef int f[SP_NF]
    cdef int sums[2]
    cdef bint partner_nil = r.partnership and h.kind[sp_partner(s)] in (SP_BID_NIL, SP_BID_BLIND_NIL)
    # blind bids first, before looking at the cards (the gap looked at only where a margin is
    # set: SP_NEVER is never, and both shipped tables have no blind bids)
    if h.game_top >= r.target_score - SP_TABLES.game_reach[g]:
        b = sp_game_bid(h, r, s, g, partner_nil, &nil_bar)
        if b >= 0:
            return b
    if shape < 0:
        if sp_leader_gap(h, r, s) >= 100 and sp_bid_legal(h, r, sp_code(SP_BID_BLIND6, 6)):
            return sp_code(SP_BID_BLIND6, 6)
    elif SP_TABLES.blind_nil[shape] < SP_NEVER or SP_TABLES.blind6[shape] < SP_NEVER:
        gap = sp_leader_gap(h, r, s)
        if (not partner_nil and gap >= SP_TABLES.blind_nil[shape]
                and sp_bid_legal(h, r, sp_code(SP_BID_BLIND_NIL, 0))):
            return sp_code(SP_BID_BLIND_NIL, 0)
        if gap >= SP_TABLES.blind6[shape] and sp_bid_legal(h, r, sp_code(SP_BID_BLIND6, 6)):
            return sp_code(SP_BID_BLIND6, 6)
    sp_linear_features(h.hand[s], r, f)
    if shape >= 0:
        sp_bid_sums(SP_TABLES, shape, h.hand[s], f, sums)
        est = sums[0] // SP_W_SCALE
    else:
        est, sums[1] = f[16], 0
    if r.allow_moon and r.moon_tricks <= held and est >= 100 * r.moon_tricks + (
            SP_TABLES.moon[shape] if shape >= 0 else 0):
        return sp_code(SP_BID_MOON, r.moon_tricks)
    if r.allow_nil and not partner_nil and sp_heuristic_nil(h.hand[s], f, sums[1] - nil_bar, shape):
        return sp_code(SP_BID_NIL, 0)
    b = sp_count_bid(est, shape)
    if b < 1:
        b = 1
    if b > held:
        b = held
    if r.allow_two_for_40:    # (tested first: partnership spades has no special bids and pays one test)
        if 2 <= b <= 4 and r.allow_one_for_50 and shape >= 0 and SP_TABLES.special_learned[shape]:
            b = sp_special_bid(h.hand[s], f, b, shape)
        if b == 2:
            return sp_code(SP_BID_TWO_FOR_40, 2)
    if b == 1 and r.allow_one_for_50:
        return sp_code(SP_BID_ONE_FOR_50, 1)
    return b

# -- heuristic play -------------------------------------------------------------------

cdef inline int sp_need(const SPHand* h, const SPRules* r, int s) noexcept nogil:
    """Tricks seat ``s`` (its team, for a regular bid in partnership play) still wants.  (A regular
    bid, the common case, tested first.)"""
    cdef int k = h.kind[s], p, need = h.bid[s] - h.tricks[s]
    if k == SP_BID_REGULAR:
        if r.partnership:
            p = sp_partner(s)
            if h.kind[p] == SP_BID_REGULAR:
                need += h.bid[p] - h.tricks[p]
            elif r.failed_nil == SP_NIL_CONTRACT:
                need -= h.tricks[p]  # a failed nil's tricks count toward this contract
        return need
    if k == SP_BID_NIL or k == SP_BID_BLIND_NIL:
        return 0
    if k == SP_BID_MOON:
        return 99
    return need

cdef extern from *:
    """
    #define SP_SUIT_TO_LANE 0x0000200040008001ULL
    """
    # x * SP_SUIT_TO_LANE & ALL_LANES_BB: bit s of a suit mask x (0..15) moved to bit 16 s, the
    # first of lane s (the copies of x at 0, 15, 30 and 45 bits meet bit 16 s only with bit s)
    const uint64_t SP_SUIT_TO_LANE

ctypedef struct SPSuitView:
    # what sp_suit_keys reads (set up only where cards of several suits are compared, sp_view_of);
    # the keys are packed on the first tie only (ties are rare)
    const SPHand* h
    const SPRules* r
    int seat
    int ready
    uint64_t key[4]

cdef inline void sp_suit_keys(SPSuitView* v) noexcept nogil:
    """Per suit, what ``seat`` sees of it, packed without its index: the suit order's tie-breaker.

    key[s] packs the seat's cards of s, the cards of s played (the trick on the table
    included), the cards of s in the deck (removed twos make suits differ), which seats
    have shown void in s, and the suit's part: spades (trump) or a side suit, and which
    prize jack it holds (J♦ and J♣ score alike; J♥ removes bags).  Ties between cards of
    equal rank go to the suit with the smaller key; suits with the same key look alike
    in every respect the heuristic reads, so either choice is right (the lowest bit picks).
    """
    cdef const SPHand* h = v.h
    cdef const SPRules* r = v.r
    cdef int s, i, role
    cdef uint64_t k, voids = 0
    for i in range(r.seats):  # lane s of ``voids``: bit i when seat i has shown void in suit s
        voids |= ((<uint64_t>h.void_mask[i] * SP_SUIT_TO_LANE) & ALL_LANES_BB) << i
    for s in range(4):
        k = (h.hand[v.seat] >> (16 * s)) & 0xFFFF
        k |= ((h.played >> (16 * s)) & 0xFFFF) << 16
        k |= ((r.deck >> (16 * s)) & 0xFFFF) << 32
        k |= ((voids >> (16 * s)) & 0x1F) << 48
        role = 0
        if s == 0:
            role = 3
        elif s == 1 and r.prize_mask & SP_PRIZE_JH:
            role = 2
        elif (s == 2 and r.prize_mask & SP_PRIZE_JD) or (s == 3 and r.prize_mask & SP_PRIZE_JC):
            role = 1
        v.key[s] = k | (<uint64_t>role << 54)
    v.ready = 1

cdef inline bint sp_before(int c, int best, SPSuitView* v) noexcept nogil:
    """Between two cards of equal rank: the suit with the smaller key (a side suit's key is
    below the spades'), then the lower bit."""
    if not v.ready:
        sp_suit_keys(v)
    cdef uint64_t kc = v.key[c >> 4], kb = v.key[best >> 4]
    return kc < kb or (kc == kb and c < best)

cdef inline uint64_t sp_ranks_held(uint64_t cards) noexcept nogil:
    """The ranks of ``cards`` in any suit, as one lane (bit r: some card of rank r)."""
    return (cards | (cards >> 16) | (cards >> 32) | (cards >> 48)) & 0xFFFF

cdef inline int sp_first_tied(uint64_t tied, SPSuitView* key) noexcept nogil:
    """The card of ``tied`` (non-empty, one rank) first by sp_before: the one card when alone."""
    cdef int best = lsb(tied), c
    tied &= tied - 1
    while tied:
        c = lsb(tied)
        tied &= tied - 1
        if sp_before(c, best, key):
            best = c
    return best

cdef inline int sp_lowest(uint64_t cards, SPSuitView* key) noexcept nogil:
    """Lowest-ranked card of ``cards`` (non-empty), a side card before a spade of equal rank
    (ties between side suits: sp_before).  The lowest rank held in any suit, then its cards."""
    return sp_first_tied(cards & (ALL_LANES_BB << lsb(sp_ranks_held(cards))), key)

cdef inline int sp_highest(uint64_t cards, SPSuitView* key) noexcept nogil:
    """Highest-ranked card of ``cards`` (non-empty), a side card before a spade of equal rank
    (ties between side suits: sp_before).  The highest rank held in any suit, then its cards."""
    return sp_first_tied(cards & (ALL_LANES_BB << msb(sp_ranks_held(cards))), key)

cdef inline void sp_view_of(SPSuitView* view, const SPHand* h, const SPRules* r, int s) noexcept nogil:
    """``view``: seat ``s``'s view of ``h`` for the suit order, its keys not packed yet."""
    view.h, view.r, view.seat, view.ready = h, r, s, 0

cdef inline int sp_end_card(uint64_t cards, bint low, const SPHand* h, const SPRules* r, int s) noexcept nogil:
    """sp_lowest of ``cards`` (non-empty) when ``low``, else sp_highest, for seat ``s``; cards of one
    suit (following suit, the common case) need no look at ranks across suits: the lowest or highest
    bit.  The suit view (sp_view_of) is set up only for cards of several suits."""
    cdef int bottom = lsb(cards), top = msb(cards)
    cdef SPSuitView view
    if (bottom ^ top) < 16:  # the same lane
        return bottom if low else top
    sp_view_of(&view, h, r, s)
    return sp_lowest(cards, &view) if low else sp_highest(cards, &view)

cdef inline int sp_score_leader(const SPHand* h, const SPRules* r) noexcept nogil:
    """The one seat with the best game score, or -1 when the best is shared."""
    cdef int s, top = -1, count = 0
    for s in range(r.seats):
        if top < 0 or h.game_score[s] > h.game_score[top]:
            top = s
            count = 1
        elif h.game_score[s] == h.game_score[top]:
            count += 1
    return top if count == 1 else -1

cdef inline int sp_heuristic_lead(const SPHand* h, const SPRules* r, int s, uint64_t legal, uint64_t unseen,
                                  int mode) noexcept nogil:
    """Seat ``s``'s lead from ``legal``, ``unseen`` the cards it has not seen: avoiding, its lowest card;
    wanting, its highest side card that no unseen card beats, else such a spade, else the lowest
    card of its shortest side suit (to make a void), else its lowest card."""
    cdef uint64_t bosses, side
    cdef int suit, best_suit = -1, best_len = 99, n
    cdef SPSuitView view
    if mode == SP_AVOID:
        return sp_end_card(legal, True, h, r, s)
    bosses = legal & ~sp_below_in_lane(unseen)
    if bosses & ~lane_bb(0):
        return sp_end_card(bosses & ~lane_bb(0), False, h, r, s)
    if bosses:
        return msb(bosses)
    sp_view_of(&view, h, r, s)
    for suit in range(1, 4):  # lowest card of the shortest side suit, to make a void
        side = legal & lane_bb(suit)
        n = popcount(side)
        if n and (n < best_len or (n == best_len and sp_before(16 * suit, 16 * best_suit, &view))):
            best_suit, best_len = suit, n
    if best_suit >= 0:
        return lsb(legal & lane_bb(best_suit))
    return sp_end_card(legal, True, h, r, s)

cdef inline int sp_mode(const SPHand* h, const SPRules* r, int s) noexcept nogil:
    """SP_WANT while seat ``s`` needs tricks (sp_need), or covers a nil partner in partnership play
    (a regular bid beside a nil bid takes tricks itself); else SP_AVOID.  It changes only when the
    seat or its partner takes a trick (sp_tricks keeps it per seat across the hand)."""
    cdef int p
    if sp_need(h, r, s) > 0:
        return SP_WANT
    if r.partnership and h.kind[s] == SP_BID_REGULAR:
        p = sp_partner(s)
        if h.kind[p] == SP_BID_NIL or h.kind[p] == SP_BID_BLIND_NIL:
            return SP_WANT  # cover the nil partner: take tricks ourselves
    return SP_AVOID

cdef inline int sp_choose_card(const SPHand* h, const SPRules* r, int s, uint64_t legal, int mode,
                               int n_in_trick, int winner, uint64_t beat, bint last) noexcept nogil:
    """The heuristic's card for seat ``s`` from ``legal`` (two cards or more), its mode
    ``mode`` (sp_mode): on a lead (``n_in_trick`` 0) sp_heuristic_lead; else against the trick's
    winning seat ``winner`` whose card ``beat`` (sp_beating_bb) says what beats, ``last`` when
    the seat plays the trick's last card.  It reads of ``h`` only the seat's hand and the cards
    played (the trick's included), the bids, the tricks taken and the game scores.

    The one choice of sp_heuristic_card (a step) and sp_tricks (a hand's tricks in locals)."""
    cdef int lead_seat
    cdef bint low = True
    cdef uint64_t beaters, ducks, cards
    if n_in_trick == 0:
        return sp_heuristic_lead(h, r, s, legal, r.deck & ~h.played & ~h.hand[s], mode)
    beaters = legal & beat
    ducks = legal & ~beaters
    cards = 0  # the set to play the end of (0: not chosen yet), its lowest card when ``low``
    if r.partnership:
        if winner == sp_partner(s):
            if h.kind[winner] == SP_BID_REGULAR and ducks:
                cards = ducks  # partner has it
            elif beaters and h.kind[s] == SP_BID_REGULAR:
                cards = beaters  # nil partner is winning: overtake
    elif mode == SP_AVOID and beaters and h.kind[s] == SP_BID_REGULAR:
        lead_seat = sp_score_leader(h, r)
        if lead_seat == winner and lead_seat != s and sp_need(h, r, lead_seat) > 0:
            cards = beaters  # set the leader
    if cards == 0:
        if mode == SP_WANT:
            if beaters:
                cards, low = beaters, last
            else:
                cards = legal
        elif ducks:
            cards, low = ducks, False
        else:
            cards, low = beaters, not last
    return sp_end_card(cards, low, h, r, s)

cdef inline int sp_heuristic_card(SPHand* h, const SPRules* r) noexcept nogil:
    """The heuristic's card for the seat to act (sp_choose_card on the hand's state)."""
    cdef int s = h.to_act
    cdef uint64_t legal = sp_legal(h, r)
    if popcount(legal) == 1:
        return lsb(legal)
    if h.n_in_trick == 0:
        return sp_choose_card(h, r, s, legal, sp_mode(h, r, s), 0, -1, 0, False)
    return sp_choose_card(h, r, s, legal, sp_mode(h, r, s), h.n_in_trick, h.trick_seat[h.best],
                          sp_beating_bb(h.trick[h.best]), h.n_in_trick == sp_trick_size(h, r) - 1)

# -- one step and a whole hand ----------------------------------------------------------

cdef inline void sp_policy_step(SPHand* h, const SPRules* r, int policy) noexcept nogil:
    if h.phase == SP_PH_BID:
        sp_bid(h, r, sp_random_bid(h, r) if policy == POLICY_RANDOM else sp_heuristic_bid(h, r))
    else:
        sp_play(h, r, sp_random_card(h, r) if policy == POLICY_RANDOM else sp_heuristic_card(h, r))

cdef inline uint64_t sp_lead_legal(uint64_t held, int spades_may_lead) noexcept nogil:
    """The cards of ``held`` that may lead a trick (sp_legal's lead): all when spades may lead
    (broken, or no breaking rule), else the side cards, all when there are none."""
    cdef uint64_t side
    if spades_may_lead:
        return held
    side = held & ~lane_bb(0)
    return side if side else held

cdef inline int sp_trick_next(int seat, int n, int skip) noexcept nogil:
    """The seat after ``seat`` in a trick at ``n`` seats, passing over ``skip`` (the dealer sitting
    out trick 1; -1: none)."""
    seat += 1
    if seat == n:
        seat = 0
    if seat == skip:
        seat += 1
        if seat == n:
            seat = 0
    return seat

cdef inline void sp_random_tricks(SPHand* h, const SPRules* r) noexcept nogil:
    """Every seat random, from the start of a trick to the end of the hand, in registers.

    The same draws in the same order as sp_play(sp_random_card()) card by card (the batch
    and the step API agree); it skips only void_mask, which no player reads.
    """
    cdef uint64_t hands[SP_MAX_SEATS]
    cdef uint64_t held, legal, b, trick_bb, beat, played = h.played
    cdef int n = r.seats, leader = h.leader, seat, i, card, best_seat, led, size, skip
    cdef int broken = h.broken, done = h.tricks_played, wins, lead_any = not r.break_spades
    for i in range(n):
        hands[i] = h.hand[i]
    while done < r.hand_size:
        size, skip = n, -1
        if r.dealer_sits_out and done == 0:
            size, skip = n - 1, h.dealer
        seat = leader
        held = hands[seat]
        legal = sp_lead_legal(held, broken | lead_any)
        card = sp_pick(legal, rng_below_trick(&h.rng, done, popcount(legal)))
        b = bit_bb(card)
        hands[seat] = held & ~b
        trick_bb = b
        best_seat = seat
        led = card >> 4
        beat = sp_beating_bb(card)
        for i in range(1, size):
            seat = sp_trick_next(seat, n, skip)
            held = hands[seat]
            legal = held & lane_bb(led)
            if legal:  # following suit: pick inside the led suit's lane
                card = 16 * led + sp_pick16(legal >> (16 * led), rng_below_trick(&h.rng, done, popcount(legal)))
            else:
                card = sp_pick(held, rng_below_trick(&h.rng, done, popcount(held)))
            b = bit_bb(card)
            hands[seat] = held & ~b
            trick_bb |= b
            broken |= (led != 0) & ((card >> 4) == 0)
            wins = -<int>((beat >> card) & 1)  # all ones when the card takes the lead (branch-free)
            best_seat = (seat & wins) | (best_seat & ~wins)
            beat = (sp_beating_bb(card) & <uint64_t><int64_t>wins) | (beat & ~<uint64_t><int64_t>wins)
        h.won[best_seat] |= trick_bb
        h.tricks[best_seat] += 1
        played |= trick_bb
        leader = best_seat
        done += 1
    for i in range(n):
        h.hand[i] = hands[i]
    h.played = played
    h.broken = broken
    h.tricks_played = done
    h.leader = leader
    h.last_winner = leader
    h.to_act = leader
    h.n_in_trick = 0
    sp_finish(h, r)

cdef inline int sp_policy_card(SPHand* h, const SPRules* r, int policy, int seat, uint64_t legal, int mode,
                               int n_in_trick, int winner, uint64_t beat, bint last) noexcept nogil:
    """sp_tricks' card for ``seat`` by its policy: sp_random_card's draw or sp_choose_card."""
    if policy == POLICY_RANDOM:
        return sp_pick(legal, rng_below_trick(&h.rng, h.tricks_played, popcount(legal)))
    if popcount(legal) == 1:
        return lsb(legal)
    return sp_choose_card(h, r, seat, legal, mode, n_in_trick, winner, beat, last)

ctypedef struct SPTrickSnaps:
    # sp_tricks_snapping's record of one seat's progress toward a bid (the bid odds' resumptions,
    # spades/odds.pyx): at[k] is the hand right after the trick that brought ``seat``'s progress
    # (top - sp_need) to k, for 0 < k < top; ``reached`` the progress so far
    SPHand* at
    int seat
    int top
    int reached

cdef inline void sp_snap_trick(SPHand* h, const SPRules* r, SPTrickSnaps* snaps, int leader) noexcept nogil:
    """At a trick's end in sp_tricks: when the trick raised the seat's progress, a copy of the
    hand into ``snaps.at``, as sp_play leaves it after a trick's last card (the next leader to
    act; a hand whose tricks are all played is not finished yet: the resumption scores it)."""
    cdef int progress = snaps.top - sp_need(h, r, snaps.seat)
    if progress <= snaps.reached:  # at most one more per trick
        return
    snaps.reached = progress
    if progress >= snaps.top:
        return
    snaps.at[progress] = h[0]
    snaps.at[progress].leader = leader
    snaps.at[progress].last_winner = leader
    snaps.at[progress].to_act = leader
    snaps.at[progress].n_in_trick = 0

cdef inline void sp_tricks(SPHand* h, const SPRules* r, const int* policies) noexcept nogil:
    """sp_tricks_snapping without snapshots: a hand's tricks."""
    sp_tricks_snapping(h, r, policies, NULL)

cdef inline void sp_tricks_snapping(SPHand* h, const SPRules* r, const int* policies,
                                    SPTrickSnaps* snaps) noexcept nogil:
    """Every seat by its policy, from the start of a trick to the end of the hand: the same
    cards as sp_play(sp_heuristic_card()) / sp_play(sp_random_card()) card by card, the trick
    in locals.

    A trick's order, its legal cards, its winning card and what beats it are known here as the
    trick goes, so sp_play's per-card bookkeeping (the trick's arrays, the next seat, the trick
    size) is skipped; each seat's mode (sp_mode) changes only when it or its partner takes a
    trick, so it is kept per seat and computed again for those two at a trick's end (while they
    want tricks: a need only falls).  The
    heuristic reads the hands and the cards played from ``h`` (kept up to date card by card),
    and void_mask (the suit keys' tie-breaker).  ``snaps`` (NULL: none) records the hand at
    each trick's end that raised a seat's progress (sp_snap_trick).
    """
    cdef int mode[SP_MAX_SEATS]
    cdef uint64_t held, legal, b, trick_bb, beat
    cdef int n = r.seats, leader = h.leader, seat, i, card, best_seat, led, size, skip
    cdef int broken = h.broken, lead_any = not r.break_spades
    for i in range(n):
        mode[i] = sp_mode(h, r, i)
    while h.tricks_played < r.hand_size:
        size, skip = n, -1
        if r.dealer_sits_out and h.tricks_played == 0:
            size, skip = n - 1, h.dealer
        seat = leader
        held = h.hand[seat]
        legal = sp_lead_legal(held, broken | lead_any)
        card = sp_policy_card(h, r, policies[seat], seat, legal, mode[seat], 0, -1, 0, False)
        b = bit_bb(card)
        h.hand[seat] = held & ~b
        h.played |= b
        trick_bb, best_seat, led, beat = b, seat, card >> 4, sp_beating_bb(card)  # the lead wins so far
        for i in range(1, size):
            seat = sp_trick_next(seat, n, skip)
            held = h.hand[seat]
            legal = held & lane_bb(led)
            if not legal:
                legal = held
                h.void_mask[seat] |= 1 << led
            card = sp_policy_card(h, r, policies[seat], seat, legal, mode[seat], i, best_seat, beat, i == size - 1)
            b = bit_bb(card)
            h.hand[seat] = held & ~b
            h.played |= b
            trick_bb |= b
            if (card >> 4) == 0 and led != 0:
                broken = 1
            if (beat >> card) & 1:
                best_seat = seat
                beat = sp_beating_bb(card)
        h.won[best_seat] |= trick_bb
        h.tricks[best_seat] += 1
        h.tricks_played += 1
        leader = best_seat
        h.broken = broken
        if mode[best_seat] == SP_WANT:  # (a seat's need only falls: once it avoids, it avoids to the end)
            mode[best_seat] = sp_mode(h, r, best_seat)
        if r.partnership and mode[sp_partner(best_seat)] == SP_WANT:
            mode[sp_partner(best_seat)] = sp_mode(h, r, sp_partner(best_seat))
        if snaps != NULL:
            sp_snap_trick(h, r, snaps, leader)
    h.leader = leader
    h.last_winner = leader
    h.to_act = leader
    h.n_in_trick = 0
    sp_finish(h, r)

cdef inline void sp_play_out(SPHand* h, const SPRules* r, const int* policies) noexcept nogil:
    cdef int s
    cdef bint all_random = True
    for s in range(r.seats):
        all_random = all_random and policies[s] == POLICY_RANDOM
    while h.phase == SP_PH_BID:
        sp_policy_step(h, r, policies[h.to_act])
    if all_random and h.phase == SP_PH_PLAY and h.n_in_trick == 0:
        sp_random_tricks(h, r)
        return
    while h.phase == SP_PH_PLAY and h.n_in_trick != 0:  # the rest of a trick begun, card by card
        sp_policy_step(h, r, policies[h.to_act])
    if h.phase == SP_PH_PLAY:
        sp_tricks(h, r, policies)
