# cython: language_level=3
"""Pinochle card primitives shared by the three pinochle games.

Encoding: bit = 16*suit + 2*rank + copy, ranks 9 J Q K T A = 0..5 (the game's
order, T above K), suits S H D C = 0..3.  Each lane uses its low 12 bits.  The
two copies of a card are physical: a hand may hold copy 1 without copy 0, so
every count goes through ``copies_one``/``copies_two``, which fold a mask onto
the copy-0 bits ("holds at least one" / "holds both").
"""
from libc.stdint cimport uint64_t
from libc.stdint cimport int64_t
from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, popcount
from cardsim._rng cimport mix64

cdef enum:
    R9 = 0
    RJ = 1
    RQ = 2
    RK = 3
    RT = 4
    RA = 5
    N_RANKS = 6
    N_MELDS = 15
    # Heading duties (must_beat).  Cutthroat's trump_led (RULES.md 1) heads a trump
    # lead and keeps the over-trump duty; Partnership's trump_led (RULES.md 5) heads a
    # trump lead only: a player who trumps a plain-suit lead need not over-trump.
    MUST_BEAT_ALWAYS = 0
    MUST_BEAT_TRUMP_LED = 1             # head a trump lead, over-trump (section 1)
    MUST_BEAT_NEVER = 2
    MUST_BEAT_TRUMP_LEAD_ONLY = 3       # head a trump lead, no over-trump (section 5)

# Meld indices, in the order of RULES.md's table (and of cardsim.meld.MELD_NAMES).
cdef enum:
    M_RUN = 0
    M_DOUBLE_RUN = 1
    M_TRUMP_MARRIAGE = 2
    M_MARRIAGE = 3
    M_DIX = 4
    M_ACES = 5
    M_DOUBLE_ACES = 6
    M_KINGS = 7
    M_DOUBLE_KINGS = 8
    M_QUEENS = 9
    M_DOUBLE_QUEENS = 10
    M_JACKS = 11
    M_DOUBLE_JACKS = 12
    M_PINOCHLE = 13
    M_DOUBLE_PINOCHLE = 14

cdef extern from *:
    """
    #define CARDSIM_COPY0_BB 0x0555055505550555ULL
    #define CARDSIM_PINOCHLE_DECK_BB 0x0FFF0FFF0FFF0FFFULL
    #define CARDSIM_RUN_LANE 0x554ULL
    """
    const uint64_t COPY0_BB "CARDSIM_COPY0_BB"                   # copy 0 of every card
    const uint64_t PINOCHLE_DECK_BB "CARDSIM_PINOCHLE_DECK_BB"   # all 48 cards
    const uint64_t RUN_LANE "CARDSIM_RUN_LANE"                   # copy 0 of J Q K T A within a lane

cdef inline int rank_of(int bit) noexcept nogil:
    return (bit & 15) >> 1

cdef inline uint64_t suit_cards_bb(uint64_t cards, int suit) noexcept nogil:
    return cards & lane_bb(suit)

cdef inline uint64_t rank_bb(int rank) noexcept nogil:
    """Both copies of ``rank`` in every suit."""
    return ((<uint64_t>3) << (2 * rank)) * ALL_LANES_BB

cdef inline uint64_t copies_one(uint64_t cards) noexcept nogil:
    """Copy-0 bit of every card held at least once."""
    return (cards | (cards >> 1)) & COPY0_BB

cdef inline uint64_t copies_two(uint64_t cards) noexcept nogil:
    """Copy-0 bit of every card held twice."""
    return (cards & (cards >> 1)) & COPY0_BB

cdef inline uint64_t distinct_cards(uint64_t cards) noexcept nogil:
    """Drop copy 1 where copy 0 is also present: one bit per distinct card."""
    return cards & ~((cards & COPY0_BB) << 1)

cdef inline uint64_t beats_bb(int bit) noexcept nogil:
    """Cards of the same suit that outrank ``bit`` (both copies; its twin does not)."""
    return above_in_lane_bb(bit | 1)

# The cards that beat a card (card_beats as a mask): a table, one row per trump suit indexed by the
# card bit (beaters_row(trump)[best]), so a trick loop looks the mask up (one load) instead of
# computing it (a dozen shifts and masks on the trick's dependency chain; the random batch 1.36x
# main's rate with the table, 1.27x without).  Filled once when the module loads (gcc/clang
# constructor; elsewhere on first use).
cdef extern from *:
    """
    static uint64_t cardsim_pin_beaters[4][64];
    static int cardsim_pin_beaters_filled = 0;
    static uint64_t cardsim_pin_beaters_of(int best, int trump) {
        /* the higher cards of best's suit (both copies of each rank above best's), and every trump
           when best is not one */
        uint64_t above = ((uint64_t)2 << (best | 15)) - ((uint64_t)2 << (best | 1));
        return above | (((uint64_t)0xFFFF << (16 * trump)) & ~((uint64_t)0xFFFF << (best & 48)));
    }
    #if defined(__GNUC__) || defined(__clang__)
    __attribute__((constructor))
    #endif
    static void cardsim_pin_beaters_fill(void) {
        int trump, card;
        for (trump = 0; trump < 4; trump++)
            for (card = 0; card < 64; card++)
                cardsim_pin_beaters[trump][card] = cardsim_pin_beaters_of(card, trump);
        cardsim_pin_beaters_filled = 1;
    }
    static inline const uint64_t* cardsim_pin_beaters_row(int trump) {
        if (!cardsim_pin_beaters_filled) cardsim_pin_beaters_fill();  /* (no constructor: the first use) */
        return cardsim_pin_beaters[trump];
    }
    """
    const uint64_t* beaters_row "cardsim_pin_beaters_row"(int trump) nogil

cdef inline bint card_beats(int card, int best, int trump) noexcept nogil:
    """Does ``card`` played now beat ``best``, the card winning the trick so far?"""
    if (card >> 4) == (best >> 4):
        return rank_of(card) > rank_of(best)
    return (card >> 4) == trump

cdef inline int trick_winner(const int* trick, int n, int trump) noexcept nogil:
    """Index of the winning card among the ``n`` cards of a trick (first of equals wins)."""
    cdef int best = 0, i
    for i in range(1, n):
        if card_beats(trick[i], trick[best], trump):
            best = i
    return best

cdef inline uint64_t legal_cards(uint64_t hand, int led, int best, int trump, int must_beat) noexcept nogil:
    """Distinct legal cards under ``must_beat`` (a MUST_BEAT_* code; RULES.md 1 and 5).

    ``led`` is the suit led (-1 when leading: any card) and ``best`` the card now
    winning the trick.  Follow suit, else trump, else any card; then head:
    ALWAYS beats the best card of the led suit (unless the trick is trumped) and
    over-trumps; TRUMP_LED beats on a trump lead and over-trumps; TRUMP_LEAD_ONLY
    beats on a trump lead only; NEVER never heads.
    """
    if led < 0:
        return distinct_cards(hand)
    cdef bint trumped = (best >> 4) == trump and led != trump
    cdef uint64_t follow = suit_cards_bb(hand, led), trumps, higher
    if follow:
        if (must_beat == MUST_BEAT_ALWAYS and not trumped) or (
                (must_beat == MUST_BEAT_TRUMP_LED or must_beat == MUST_BEAT_TRUMP_LEAD_ONLY) and led == trump):
            higher = follow & beats_bb(best)
            if higher:
                return distinct_cards(higher)
        return distinct_cards(follow)
    trumps = suit_cards_bb(hand, trump)
    if trumps:
        if (must_beat == MUST_BEAT_ALWAYS or must_beat == MUST_BEAT_TRUMP_LED) and (best >> 4) == trump:
            higher = trumps & beats_bb(best)
            if higher:
                return distinct_cards(higher)
        return distinct_cards(trumps)
    return distinct_cards(hand)

cdef inline uint64_t all_if(uint64_t x) noexcept nogil:
    """Every bit when ``x`` is not 0, none otherwise (a select without a branch)."""
    return (<uint64_t>0) - <uint64_t>(x != 0)

cdef inline uint64_t head_on_follow(int led, int trump, int must_beat) noexcept nogil:
    """All bits when a card following suit to ``led`` must head the trick under ``must_beat``:
    ALWAYS, or TRUMP_LED / TRUMP_LEAD_ONLY on a trump lead (a trumped trick needs no test here:
    no card of the led suit beats a trump)."""
    # bit tables over the codes ALWAYS = 0, TRUMP_LED = 1, NEVER = 2, TRUMP_LEAD_ONLY = 3
    return all_if(((0x1 >> must_beat) | ((0xA >> must_beat) & (led == trump))) & 1)

cdef inline uint64_t head_on_trump(int must_beat) noexcept nogil:
    """All bits when a card trumping a plain lead must over-trump: ALWAYS or TRUMP_LED."""
    return all_if((0x3 >> must_beat) & 1)

cdef inline uint64_t heading_legal(uint64_t hand, uint64_t led_lane, uint64_t trump_lane, uint64_t beaters,
                                   uint64_t head_follow, uint64_t head_trump) noexcept nogil:
    """legal_cards after the lead, from the masks a trick loop keeps: the led and trump suits'
    lanes, the cards that beat the trick's best so far (beaters_row), and the two duties to head
    (head_on_follow, head_on_trump: all bits or none).  The same cards as legal_cards (the random
    batches play by this, the step API by legal_cards: tests/test_batch_histories.py replays the
    batches' hands through the step API under every must_beat), with fewer data-steered branches.

    The candidates are the led suit's cards, else the trumps, else the whole hand; the duty keeps
    those that beat the trick when there are any.  Discarding needs no duty: a hand without the led suit
    and without trumps holds no beater.
    """
    cdef uint64_t follow = hand & led_lane, trumps = hand & trump_lane
    cdef uint64_t cands = follow if follow else (trumps if trumps else hand)
    cdef uint64_t higher = cands & beaters & (head_follow if follow else head_trump)
    return distinct_cards(higher if higher else cands)

cdef inline int card_points(uint64_t cards, const int* rank_points) noexcept nogil:
    """Trick points of a set of cards, ``rank_points`` indexed 9 J Q K T A."""
    cdef int r, total = 0
    for r in range(N_RANKS):
        if rank_points[r]:
            total += rank_points[r] * popcount(cards & rank_bb(r))
    return total

cdef inline int copies_at(uint64_t one, uint64_t two, int bit) noexcept nogil:
    return <int>((one >> bit) & 1) + <int>((two >> bit) & 1)

cdef inline int around_count(uint64_t one, uint64_t two, int rank) noexcept nogil:
    """0, 1 or 2: how many full sets of ``rank`` across the four suits."""
    cdef uint64_t want = (<uint64_t>1 << (2 * rank)) * ALL_LANES_BB
    if (two & want) == want:
        return 2
    return 1 if (one & want) == want else 0

cdef inline void set_single_or_double(int* counts, int single, int sets) noexcept nogil:
    """Two full sets score the double (at ``single + 1``) instead of two singles."""
    counts[single + 1] = sets == 2
    counts[single] = sets == 1

cdef inline void meld_counts(uint64_t hand, int trump, int* counts) noexcept nogil:
    """Fill ``counts[N_MELDS]`` with how many of each meld ``hand`` shows in ``trump``."""
    cdef uint64_t one = copies_one(hand), two = copies_two(hand)
    cdef int shift = 16 * trump, i, n
    cdef uint64_t run = RUN_LANE << shift
    cdef int runs = 2 if (two & run) == run else (1 if (one & run) == run else 0)
    # K-Q pairs per suit, on bit 0 of each lane: pairs1 = at least one pair, pairs2 = two pairs.
    cdef uint64_t pairs1 = (one >> (2 * RK)) & (one >> (2 * RQ)) & ALL_LANES_BB
    cdef uint64_t pairs2 = (two >> (2 * RK)) & (two >> (2 * RQ)) & ALL_LANES_BB
    cdef int trump_pairs = <int>((pairs1 >> shift) & 1) + <int>((pairs2 >> shift) & 1)
    for i in range(N_MELDS):
        counts[i] = 0
    counts[M_DOUBLE_RUN] = runs == 2
    counts[M_RUN] = runs == 1
    counts[M_TRUMP_MARRIAGE] = trump_pairs - runs
    counts[M_MARRIAGE] = popcount(pairs1) + popcount(pairs2) - trump_pairs
    counts[M_DIX] = popcount(hand & ((<uint64_t>3) << shift))
    set_single_or_double(counts, M_ACES, around_count(one, two, RA))
    set_single_or_double(counts, M_KINGS, around_count(one, two, RK))
    set_single_or_double(counts, M_QUEENS, around_count(one, two, RQ))
    set_single_or_double(counts, M_JACKS, around_count(one, two, RJ))
    # Pinochle: Q of spades (bit 4) with J of diamonds (bit 34).
    n = copies_at(one, two, 2 * RQ)
    i = copies_at(one, two, 32 + 2 * RJ)
    set_single_or_double(counts, M_PINOCHLE, n if n < i else i)

cdef inline int single_or_double_points(const int* values, int single, int sets) noexcept nogil:
    """The points of ``sets`` (0, 1 or 2) full sets of a meld scored single / double."""
    return values[single] if sets == 1 else (values[single + 1] if sets == 2 else 0)

cdef inline int meld_side_points(uint64_t one, uint64_t two, const int* values) noexcept nogil:
    """The part of meld_points that no trump changes (``one``/``two``: copies_one/copies_two of
    the hand): every marriage counted plain, the four arounds, the pinochle.  A hand's meld in
    each of the four trumps is this once plus meld_trump_points per suit."""
    cdef uint64_t pairs1 = (one >> (2 * RK)) & (one >> (2 * RQ)) & ALL_LANES_BB
    cdef uint64_t pairs2 = (two >> (2 * RK)) & (two >> (2 * RQ)) & ALL_LANES_BB
    cdef int n = copies_at(one, two, 2 * RQ), i = copies_at(one, two, 32 + 2 * RJ)
    return ((popcount(pairs1) + popcount(pairs2)) * values[M_MARRIAGE]
            + single_or_double_points(values, M_ACES, around_count(one, two, RA))
            + single_or_double_points(values, M_KINGS, around_count(one, two, RK))
            + single_or_double_points(values, M_QUEENS, around_count(one, two, RQ))
            + single_or_double_points(values, M_JACKS, around_count(one, two, RJ))
            + single_or_double_points(values, M_PINOCHLE, n if n < i else i))

cdef inline int meld_trump_points(uint64_t hand, uint64_t one, uint64_t two, int trump,
                                  const int* values) noexcept nogil:
    """What naming ``trump`` adds to meld_side_points: the run (its marriage is in it), each
    other trump marriage's value over a plain one's (meld_side_points counted it plain), the dix."""
    cdef int shift = 16 * trump
    cdef uint64_t run = RUN_LANE << shift, lo = one >> shift, lt = two >> shift
    cdef int runs = (<int>((two & run) == run)) + (<int>((one & run) == run))
    cdef int trump_pairs = (<int>((lo >> (2 * RK)) & (lo >> (2 * RQ)) & 1)
                            + <int>((lt >> (2 * RK)) & (lt >> (2 * RQ)) & 1))
    return (single_or_double_points(values, M_RUN, runs)
            + (trump_pairs - runs) * values[M_TRUMP_MARRIAGE] - trump_pairs * values[M_MARRIAGE]
            + popcount(hand & ((<uint64_t>3) << shift)) * values[M_DIX])

cdef inline int meld_points(uint64_t hand, int trump, const int* values) noexcept nogil:
    """Meld total of ``hand`` in ``trump`` with per-meld ``values[N_MELDS]``: the counts of
    meld_counts times their values, summed straight (the players call this in their loops):
    meld_side_points + meld_trump_points."""
    cdef uint64_t one = copies_one(hand), two = copies_two(hand)
    return meld_side_points(one, two, values) + meld_trump_points(hand, one, two, trump, values)

cdef inline void meld_by_trump(uint64_t hand, const int* values, int* out) noexcept nogil:
    """``out[t]`` = meld_points(hand, t, values) for the four trumps t, the side part counted once."""
    cdef uint64_t one = copies_one(hand), two = copies_two(hand)
    cdef int t, side = meld_side_points(one, two, values)
    for t in range(4):
        out[t] = side + meld_trump_points(hand, one, two, t, values)

cdef inline bint has_meld_besides_dix(uint64_t hand) noexcept nogil:
    """Any marriage, any 'around', or a pinochle (the redeal test: trump not yet known)."""
    cdef uint64_t one = copies_one(hand), two = copies_two(hand)
    if (one >> (2 * RK)) & (one >> (2 * RQ)) & ALL_LANES_BB:
        return True
    if around_count(one, two, RA) or around_count(one, two, RK) or around_count(one, two, RQ) or around_count(one, two, RJ):
        return True
    return ((one >> (2 * RQ)) & (one >> (32 + 2 * RJ)) & 1) != 0


# -- the game contract's card actions (docs/actions.md) -----------------------------------
# A pinochle card action is 6*suit + rank (ranks 9 J Q K T A, suits S H D C): one action
# per distinct card; which physical copy it moves is the engine's business.

cdef enum:
    PIN_CARD_ACTIONS = 24

cdef inline int pin_card_action(int bit) noexcept nogil:
    """Physical card bit (either copy) -> its card action."""
    return 6 * (bit >> 4) + ((bit & 15) >> 1)

cdef inline uint64_t pin_action_copies_bb(int action) noexcept nogil:
    """Both physical copies of the card ``action`` names."""
    return (<uint64_t>3) << (16 * (action // 6) + 2 * (action % 6))

cdef inline int pin_cards_into(uint64_t cards, int* out) noexcept nogil:
    """The card actions of ``cards`` (any copies), ascending, each once; returns how many."""
    cdef uint64_t distinct = copies_one(cards)
    cdef int n = 0
    while distinct:
        out[n] = pin_card_action(<int>lsb(distinct)); n += 1
        distinct &= distinct - 1
    return n


# -- choosing a suit without looking at its index ------------------------------------------
# The heuristics name trump by a value; ties used to fall to the lowest suit index, so spades
# were named 31% of the time and clubs 21%.  Ties now go to the longer trump, then to the
# stronger holding (its lane read as a number: the higher top card, then the next ...), and a
# tie that remains (two suits holding the very same cards, alike in every respect the key
# sees) to a suit drawn by a hash of the cards: deterministic (a replayed deal names the same
# trump), and over many deals fair to every suit.  Renaming hearts and clubs renames the
# choice, except between two identical holdings, where either is right.

cdef inline uint64_t pin_lane_holding(uint64_t cards, int suit) noexcept nogil:
    """The 12-bit lane of ``suit`` with its copies counted, not named: per rank the copy-0 bit
    says "at least one", the copy-1 bit "both" (which physical copy is held is no matter)."""
    cdef uint64_t lane = (cards >> (16 * suit)) & 0xFFF
    return ((lane | (lane >> 1)) & 0x555) | ((lane & (lane >> 1) & 0x555) << 1)

cdef inline int64_t pin_trump_key(uint64_t cards, int trump, int value) noexcept nogil:
    """Sort key for naming ``trump``: the heuristic's value, then trump length, then the holding."""
    cdef uint64_t lane = pin_lane_holding(cards, trump)
    return (<int64_t>value * 16 + popcount(lane)) * 4096 + <int64_t>lane

cdef inline int pin_best_suit(const int64_t* key, uint64_t cards) noexcept nogil:
    """The suit with the largest ``key``; among equal keys one chosen by a hash of ``cards``.

    The hash reads the hand with hearts and clubs in a fixed order (the smaller holding
    first), and the tied suits are listed spades, diamonds, hearts, clubs, so a hand and its
    twin with hearts and clubs renamed draw the same suit, renamed (equal keys between hearts
    and clubs mean equal holdings: either is right).
    """
    cdef int64_t top = key[0]
    cdef int t, i, n = 0
    cdef int tied[4]
    cdef int order[4]
    cdef uint64_t h = pin_lane_holding(cards, 1), c = pin_lane_holding(cards, 3), canon
    order[0], order[1], order[2], order[3] = 0, 2, 1, 3
    for t in range(1, 4):
        if key[t] > top:
            top = key[t]
    for i in range(4):
        t = order[i]
        if key[t] == top:
            tied[n] = t
            n += 1
    if n == 1:
        return tied[0]
    if h > c:
        h, c = c, h
    canon = pin_lane_holding(cards, 0) | (pin_lane_holding(cards, 2) << 16) | (h << 32) | (c << 48)
    return tied[(mix64(canon) >> 33) % n]
