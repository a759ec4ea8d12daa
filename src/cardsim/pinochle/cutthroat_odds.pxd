# Monte Carlo trials for Cutthroat Pinochle bid odds (cardsim.odds).
#
# One trial: the player at ``seat`` holds ``hand`` and has won the auction; the
# other 33 (or 32) cards are dealt uniformly at random to the other two seats and
# the widow.  The player sees the widow and, for each of the four trump suits in
# turn, discards with the heuristic, never throws in, and the hand is played out
# by the chosen players from that same deal.  The trial also records the suit the
# heuristic would name, so "the player's best choice" is read off the four
# results without playing a fifth time (the heuristic players draw no random
# numbers, so replaying a deal with the same trump gives the same result).

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount, suit_of
from cardsim._rng cimport Rng, rng_below, rng_next, rng_seed, rng_seed_hand, rng_take, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM
from cardsim.pinochle.cards cimport *
from cardsim.pinochle.cutthroat_engine cimport *
from cardsim.pinochle.cutthroat_players cimport *
from cardsim.pinochle.odds_columns cimport *

cdef inline int pin_shuffled(Rng* rng, uint64_t cards, int* order) noexcept nogil:
    """The card bits of ``cards`` into ``order``, ascending, then shuffled by ``rng``; returns how
    many (the pinochle odds trials' deal of the cards the player cannot see)."""
    cdef int n = 0
    while cards:
        order[n] = lsb(cards)
        cards &= cards - 1
        n += 1
    shuffle_ints(rng, order, n)
    return n

cdef inline void pin_take_others(Rng* deal_rng, uint64_t* unseen, uint64_t* hands, int seats, int seat,
                                 int hand_size) noexcept nogil:
    """``hand_size`` cards of ``unseen`` (taken out of it) to each seat after ``seat`` in turn."""
    cdef int i
    for i in range(1, seats):
        hands[(seat + i) % seats] = rng_take(deal_rng, unseen, hand_size)

cdef inline void cp_odds_deal(CPHand* h, const CPRules* r, uint64_t hand, int seat, int dealer) noexcept nogil:
    """Deal the cards the player cannot see (``h.deal_rng`` and ``h.rng`` seeded); the player wins the auction."""
    cdef uint64_t unseen = PINOCHLE_DECK_BB & ~hand
    cdef Rng deal_rng = h.deal_rng, rng = h.rng
    memset(h, 0, sizeof(CPHand))
    h.deal_rng = deal_rng
    h.rng = rng
    h.dealer = dealer
    pin_take_others(&h.deal_rng, &unseen, h.hand, CP_SEATS, seat, r.hand_size)
    h.widow = unseen
    cp_odds_won(h, hand, seat)

cdef inline void cp_odds_won(CPHand* h, uint64_t hand, int seat) noexcept nogil:
    """The player (holding ``hand``) has won the auction: the widow joins the hand."""
    h.hand[seat] = hand | h.widow
    h.bidder = seat
    h.high_bidder = seat
    h.high_bid = 0
    h.phase = PH_DECLARE
    h.to_act = seat
    h.trump = -1
    h.last_winner = -1

ctypedef struct CPWidowWork:
    # what the bidder of a trial works out from its 18 cards alone (its hand and the widow): the
    # suit the heuristic names, its discard and its meld with each trump; the same in every trial
    # that deals the same widow, so a batch of trials works it out once per widow (cutthroat.pyx
    # cp_widow_table)
    uint64_t discard[4]
    int meld[4]                 # its meld after that discard (meld_points of the 15 cards it keeps)
    int chosen

cdef inline void cp_widow_work(uint64_t cards, const CPRules* r, CPWidowWork* w) noexcept nogil:
    """The bidder's work from its ``cards`` (the hand with the widow): the suit it names, its
    heuristic discard with each trump (the melds counted once for both) and its meld after it."""
    cdef int melds[4]
    cdef int trump
    w.chosen = cp_best_trump_melds(cards, r, melds)
    for trump in range(4):
        w.discard[trump] = cp_heuristic_discard_from(cards, trump, r, melds[trump]) if r.widow else 0
        w.meld[trump] = meld_points(cards & ~w.discard[trump], trump, r.meld_value) if r.widow else melds[trump]

cdef inline int64_t cp_widow_sets(int n) noexcept nogil:
    """How many widows of 3 cards ``n`` unseen cards make (n choose 3)."""
    return (<int64_t>n) * (n - 1) * (n - 2) // 6 if n >= 3 else 0

cdef inline int64_t cp_widow_index(uint64_t widow, uint64_t unseen) noexcept nogil:
    """The place of ``widow`` (3 card bits of ``unseen``) in cp_widow_list's order: with the
    positions a < b < c of its cards among the unseen card bits, a + C(b, 2) + C(c, 3) (the
    combinatorial number system), so every widow has its own slot."""
    cdef int64_t a, b, c
    a = popcount(unseen & (bit_bb(lsb(widow)) - 1))
    widow &= widow - 1
    b = popcount(unseen & (bit_bb(lsb(widow)) - 1))
    widow &= widow - 1
    c = popcount(unseen & (bit_bb(lsb(widow)) - 1))
    return a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6

cdef inline void cp_widow_list(uint64_t unseen, uint64_t* widows) noexcept nogil:
    """Every widow of 3 cards of ``unseen`` into ``widows`` (cp_widow_sets of them), widow k in
    slot k = cp_widow_index(widow, unseen)."""
    cdef int bits[64]
    cdef int n = 0, a, b, c
    cdef int64_t k = 0
    while unseen:
        bits[n] = lsb(unseen)
        unseen &= unseen - 1
        n += 1
    for c in range(2, n):
        for b in range(1, c):
            for a in range(b):
                widows[k] = bit_bb(bits[a]) | bit_bb(bits[b]) | bit_bb(bits[c])
                k += 1

cdef inline bint cp_widow_table_fits(const CPRules* r, uint64_t hand) noexcept nogil:
    """Whether the odds trials of ``hand`` deal a widow of 3 of the cards the player cannot see
    (cp_odds_deal: each other seat takes r.hand_size, the widow the rest)."""
    return r.widow and popcount(PINOCHLE_DECK_BB & ~hand) - 2 * r.hand_size == CP_WIDOW_SIZE

cdef inline void cp_odds_trial(const CPRules* r, uint64_t hand, int seat, int dealer, uint64_t seed,
                        int64_t index, const int* policies, const CPWidowWork* table, int16_t* out) noexcept nogil:
    """Trial ``index`` into ``out``; ``table`` (NULL: none) holds every widow's cp_widow_work for
    ``hand``, in cp_widow_index's order (only where cp_widow_table_fits)."""
    cdef CPHand dealt
    rng_seed_hand(&dealt.deal_rng, &dealt.rng, seed, <uint64_t>index)
    cp_odds_deal(&dealt, r, hand, seat, dealer)
    if table != NULL:
        cp_odds_play_with(&dealt, r, seat, policies, &table[cp_widow_index(dealt.widow, PINOCHLE_DECK_BB & ~hand)],
                          out)
    else:
        cp_odds_play(&dealt, r, seat, policies, out)

cdef inline void cp_odds_play(const CPHand* dealt, const CPRules* r, int seat, const int* policies,
                       int16_t* out) noexcept nogil:
    """The columns of one trial from its deal (the player has won the auction)."""
    cdef CPWidowWork work
    cp_widow_work(dealt.hand[seat], r, &work)
    cp_odds_play_with(dealt, r, seat, policies, &work, out)

cdef inline void cp_odds_play_with(const CPHand* dealt, const CPRules* r, int seat, const int* policies,
                                   const CPWidowWork* work, int16_t* out) noexcept nogil:
    """cp_odds_play with the bidder's ``work`` (cp_widow_work of its cards) done already.

    cp_declare without the defenders' meld: no player reads it and the row reports the bidder's
    only (the defenders' meld and score stay 0 in this scratch hand)."""
    cdef CPHand h
    cdef int trump
    out[ODDS_CHOSEN] = work.chosen
    for trump in range(4):
        h = dealt[0]
        cp_name_trump(&h, trump, work.discard[trump])
        cp_meld_of(&h, r, seat, work.meld[trump])
        cp_declared(&h, r, False)
        cp_play_out(&h, r, policies)
        cp_odds_row(&h, r, seat, out + ODDS_PER_TRUMP * trump)

cdef inline void cp_odds_row(const CPHand* h, const CPRules* r, int seat, int16_t* row) noexcept nogil:
    """A played-out trial's row for the trump it was played in: ``seat``'s meld, trick points and the
    total it counts (-1 meld when the hand was thrown in, as bidder_needs_trump_marriage does at any
    bid; the meld only with save_meld_points taken, else the dix if dix_always_counts)."""
    cdef int counted
    if h.thrown_in:
        counted = -1
    elif h.trick_points[seat] >= r.save_meld_points:
        counted = h.meld[seat]
    else:
        counted = h.dix_points[seat] if r.dix_always_counts else 0
    row[ODDS_MELD] = h.meld[seat]
    row[ODDS_TRICK_POINTS] = h.trick_points[seat]
    row[ODDS_TOTAL] = counted + h.trick_points[seat]
