# Cutthroat Pinochle (RULES.md section 1; readings in docs/cutthroat-pinochle.md).
#
# One hand is a CPHand struct driven through its phases by four actions:
# cp_auction_act (a bid, or a pass as -1), cp_declare (trump, discard, throw-in),
# cp_play (one card) and, inside them, the deal and redeals.  The batch players
# (pinochle/cutthroat_players.pxd) and the Python step API (CutthroatPinochleState
# in cutthroat.pyx) call exactly these, so there is one implementation of the rules.
#
# Invariants: hand[s], won[s], the widow/discard and the current trick partition the
# 48 physical card bits at every moment; rules are read-only after cp_rules_from().

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount, suit_of
from cardsim._rng cimport Rng, rng_below, rng_next, rng_seed, rng_seed_hand, rng_take, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM
from cardsim.pinochle.cards cimport *

cdef enum:
    CP_SEATS = 3
    CP_DECK_SIZE = 48
    CP_WIDOW_SIZE = 3
    PH_AUCTION = 0
    PH_DECLARE = 1
    PH_PLAY = 2
    PH_DONE = 3
    ALL_PASS_REDEAL = 0
    ALL_PASS_FIRST_FORCED = 1
    ALL_PASS_DEALER_FORCED = 2
    CP_MAX_REDEALS = 1000       # a hand nobody will ever bid ends as "no contest"

ctypedef struct CPRules:
    int widow                   # 1: 15 cards each and 3 to the widow; 0: 16 each
    int hand_size               # 15 or 16, from widow
    int redeal_nines            # nines (with no other meld) that force a redeal; 0 = never
    int min_bid                 # lowest opening bid
    int bid_increment           # each later bid at least this much above the last
    int dealer_may_bid          # 0: the dealer is out of the auction from the start
    int all_pass                # ALL_PASS_* when nobody would bid
    int discard_counts          # the discard's card points go to the bidder
    int needs_trump_marriage    # a bidder without K-Q of trump is thrown in
    int meld_value[N_MELDS]     # points per meld, M_* order
    int must_beat               # MUST_BEAT_* duty to head the trick
    int rank_points[N_RANKS]    # trick points per rank, 9 J Q K T A
    int last_trick_points       # bonus to the winner of the last trick
    int save_meld_points        # trick points a player needs to keep their meld
    int dix_always_counts       # dix survives the save-meld rule
    int army_scoring            # fill the army ledger

ctypedef struct CPHand:
    uint64_t hand[CP_SEATS]     # cards held now (physical copies)
    uint64_t widow              # the widow as dealt (0 without widow)
    uint64_t discard            # the bidder's three discards
    uint64_t won[CP_SEATS]      # cards taken in tricks
    uint64_t played             # every card played to a trick so far
    uint64_t meld_hand[CP_SEATS] # each seat's hand when trump was named (what it melds)
    Rng deal_rng                # the hand's deal stream: deals and redeals only
    Rng rng                     # its players' stream: the batch players' random choices
    int dealer                  # rotates left on every redeal
    int phase                   # PH_*
    int to_act                  # seat to act; -1 once done
    int high_bid                # -1 before the first bid
    int high_bidder             # -1 before the first bid
    int out_mask                # auction: bit s once seat s is out
    int acted_mask              # auction: bit s once seat s has acted
    int bidder                  # -1 until the auction is won
    int trump                   # -1 until declared
    int tricks_played           # complete tricks
    int leader                  # seat that led the current trick
    int n_in_trick              # cards in the current trick
    int trick[CP_SEATS]         # bits of the current trick's cards, in play order
    int best                    # index in trick[] of the card winning it so far
    int last_winner             # winner of the latest complete trick
    int void_mask[CP_SEATS]     # suits a seat has shown void in (bit per suit), for players
    int meld[CP_SEATS]          # meld shown, before the save-meld rule
    int dix_points[CP_SEATS]    # the dix part of meld[]
    int trick_points[CP_SEATS]  # the bidder's includes the discard when discard_counts
    int score[CP_SEATS]         # hand score
    int army[CP_SEATS]          # army ledger change
    int made                    # the bidder reached the bid
    int thrown_in               # the bidder conceded (or had to) before the first trick
    int redeals                 # deals thrown in before this one

cdef inline int cp_nines(uint64_t cards) noexcept nogil:
    return popcount(cards & rank_bb(R9))

cdef inline bint cp_must_redeal(const CPHand* h, const CPRules* r) noexcept nogil:
    cdef int s
    if r.redeal_nines <= 0:
        return False
    for s in range(CP_SEATS):
        if cp_nines(h.hand[s]) >= r.redeal_nines and not has_meld_besides_dix(h.hand[s]):
            return True
    return False

cdef inline void cp_start_auction(CPHand* h, const CPRules* r) noexcept nogil:
    h.phase = PH_AUCTION
    h.high_bid = -1
    h.high_bidder = -1
    h.bidder = -1
    h.trump = -1
    h.acted_mask = 0
    h.out_mask = 0 if r.dealer_may_bid else (1 << h.dealer)
    h.to_act = (h.dealer + 1) % CP_SEATS

cdef inline void cp_clear_deal(CPHand* h) noexcept nogil:
    """Empty every hand, the widow and all per-hand results (dealer, rng, redeals kept)."""
    cdef int s
    for s in range(CP_SEATS):
        h.hand[s] = 0
        h.won[s] = 0
        h.void_mask[s] = 0
        h.meld[s] = 0
        h.dix_points[s] = 0
        h.trick_points[s] = 0
        h.score[s] = 0
        h.army[s] = 0
    h.widow = 0
    h.discard = 0
    h.played = 0
    h.tricks_played = 0
    h.n_in_trick = 0
    h.made = 0
    h.thrown_in = 0
    h.last_winner = -1

cdef inline void cp_deal(CPHand* h, const CPRules* r) noexcept nogil:
    """Deal for ``h.dealer`` from the deal stream until no hand forces a nines redeal."""
    cdef uint64_t deck
    cdef int i
    while True:
        cp_clear_deal(h)
        deck = PINOCHLE_DECK_BB
        for i in range(CP_SEATS - 1):
            h.hand[(h.dealer + 1 + i) % CP_SEATS] = rng_take(&h.deal_rng, &deck, r.hand_size)
        h.widow = rng_take(&h.deal_rng, &deck, CP_DECK_SIZE - CP_SEATS * r.hand_size)
        h.hand[(h.dealer + CP_SEATS) % CP_SEATS] = deck
        if h.redeals < CP_MAX_REDEALS and cp_must_redeal(h, r):
            h.redeals += 1
            h.dealer = (h.dealer + 1) % CP_SEATS
            continue
        break
    cp_start_auction(h, r)

cdef inline void cp_set_deal(CPHand* h, const CPRules* r, const uint64_t* hands, uint64_t widow) noexcept nogil:
    """Replace the deal by given cards (a partition of the deck, checked by the caller);
    no nines redeal; the auction starts again for the same dealer."""
    cdef int s
    cp_clear_deal(h)
    for s in range(CP_SEATS):
        h.hand[s] = hands[s]
    h.widow = widow
    h.redeals = 0
    cp_start_auction(h, r)

cdef inline void cp_new_hand(CPHand* h, const CPRules* r, uint64_t seed, uint64_t stream, int dealer) noexcept nogil:
    rng_seed_hand(&h.deal_rng, &h.rng, seed, stream)
    h.dealer = dealer
    h.redeals = 0
    cp_deal(h, r)

cdef inline void cp_no_contest(CPHand* h) noexcept nogil:
    """Nobody bid in CP_MAX_REDEALS deals: the hand ends with no bidder and no score."""
    h.phase = PH_DONE
    h.to_act = -1

cdef inline int cp_min_bid(const CPHand* h, const CPRules* r) noexcept nogil:
    return r.min_bid if h.high_bid < 0 else h.high_bid + r.bid_increment

cdef inline bint cp_may_bid(const CPHand* h, const CPRules* r) noexcept nogil:
    return r.dealer_may_bid or h.to_act != h.dealer

cdef inline bint cp_can_pass(const CPHand* h, const CPRules* r) noexcept nogil:
    cdef int s = h.to_act
    if r.all_pass == ALL_PASS_FIRST_FORCED and s == (h.dealer + 1) % CP_SEATS and not (h.acted_mask >> s) & 1:
        return False
    if r.all_pass == ALL_PASS_DEALER_FORCED and s == h.dealer and h.high_bid < 0 and (h.out_mask | (1 << s)) == 7:
        return False
    return True

cdef inline void cp_auction_act(CPHand* h, const CPRules* r, int bid) noexcept nogil:
    """The seat to act bids ``bid`` (>= cp_min_bid) or passes (``bid`` < 0); legality checked by the caller."""
    cdef int s = h.to_act
    h.acted_mask |= 1 << s
    if bid < 0:
        h.out_mask |= 1 << s
    else:
        h.high_bid = bid
        h.high_bidder = s
    if h.out_mask == 7:  # nobody bid: only all_pass=redeal gets here
        h.redeals += 1
        h.dealer = (h.dealer + 1) % CP_SEATS
        if h.redeals > CP_MAX_REDEALS:
            cp_no_contest(h)
        else:
            cp_deal(h, r)
        return
    if h.high_bid >= 0 and (h.out_mask | (1 << h.high_bidder)) == 7:
        h.bidder = h.high_bidder
        h.hand[h.bidder] |= h.widow
        h.phase = PH_DECLARE
        h.to_act = h.bidder
        return
    s = (s + 1) % CP_SEATS
    while (h.out_mask >> s) & 1:
        s = (s + 1) % CP_SEATS
    h.to_act = s

cdef inline bint cp_has_trump_marriage(uint64_t cards, int trump) noexcept nogil:
    cdef uint64_t one = copies_one(cards) >> (16 * trump)
    return ((one >> (2 * RK)) & (one >> (2 * RQ)) & 1) != 0

cdef inline void cp_throw_in(CPHand* h, const CPRules* r) noexcept nogil:
    cdef int s, b = h.bidder
    h.thrown_in = 1
    h.made = 0
    for s in range(CP_SEATS):
        h.trick_points[s] = 0
        h.score[s] = -h.high_bid if s == b else h.meld[s]
        if r.army_scoring:
            h.army[s] = -20 if s == b else 10
    h.phase = PH_DONE
    h.to_act = -1

cdef inline void cp_declare(CPHand* h, const CPRules* r, int trump, uint64_t discard, bint throw_in) noexcept nogil:
    """The bidder names ``trump``, discards (widow games) and may throw in; everyone melds."""
    cdef int s
    cp_name_trump(h, trump, discard)
    for s in range(CP_SEATS):
        cp_meld_of(h, r, s, meld_points(h.hand[s], trump, r.meld_value))
    cp_declared(h, r, throw_in)

cdef inline void cp_name_trump(CPHand* h, int trump, uint64_t discard) noexcept nogil:
    """cp_declare's first part: trump named, the discard taken out of the bidder's hand."""
    h.trump = trump
    h.discard = discard
    h.hand[h.bidder] &= ~discard

cdef inline void cp_meld_of(CPHand* h, const CPRules* r, int s, int meld) noexcept nogil:
    """Seat ``s`` melds its hand after cp_name_trump: ``meld`` is its meld_points in trump."""
    h.meld_hand[s] = h.hand[s]
    h.meld[s] = meld
    h.dix_points[s] = popcount(h.hand[s] & ((<uint64_t>3) << (16 * h.trump))) * r.meld_value[M_DIX]

cdef inline void cp_declared(CPHand* h, const CPRules* r, bint throw_in) noexcept nogil:
    """cp_declare's last part, after the melds: the bidder throws in (``throw_in``, or forced with no
    trump marriage where the rules need one), else the play begins."""
    if r.needs_trump_marriage and not cp_has_trump_marriage(h.hand[h.bidder], h.trump):
        throw_in = True
    if throw_in:
        cp_throw_in(h, r)
        return
    h.phase = PH_PLAY
    h.leader = h.bidder
    h.to_act = h.bidder
    h.n_in_trick = 0

cdef inline uint64_t cp_legal(const CPHand* h, const CPRules* r) noexcept nogil:
    """Distinct cards the seat to act may play."""
    if h.n_in_trick == 0:
        return distinct_cards(h.hand[h.to_act])
    return legal_cards(h.hand[h.to_act], h.trick[0] >> 4, h.trick[h.best], h.trump, r.must_beat)

cdef inline void cp_finish(CPHand* h, const CPRules* r) noexcept nogil:
    cdef int s, counted, b = h.bidder
    for s in range(CP_SEATS):
        h.trick_points[s] = card_points(h.won[s], r.rank_points)
    h.trick_points[h.last_winner] += r.last_trick_points
    if r.discard_counts:
        h.trick_points[b] += card_points(h.discard, r.rank_points)
    for s in range(CP_SEATS):
        if h.trick_points[s] >= r.save_meld_points:
            counted = h.meld[s]
        else:
            counted = h.dix_points[s] if r.dix_always_counts else 0
        h.score[s] = counted + h.trick_points[s]
        if s == b:
            h.made = h.score[s] >= h.high_bid
            if not h.made:
                h.score[s] = -h.high_bid
    if r.army_scoring and not h.made:
        for s in range(CP_SEATS):
            h.army[s] = -40 if s == b else 20
    h.phase = PH_DONE
    h.to_act = -1

cdef inline void cp_play(CPHand* h, const CPRules* r, int card) noexcept nogil:
    """The seat to act plays the physical card bit ``card`` (legal, checked by the caller)."""
    cdef int s = h.to_act, led, w, i
    h.hand[s] &= ~bit_bb(card)
    h.played |= bit_bb(card)
    if h.n_in_trick == 0:
        h.best = 0
    else:
        led = h.trick[0] >> 4
        if (card >> 4) != led:
            h.void_mask[s] |= 1 << led
            if (card >> 4) != h.trump:
                h.void_mask[s] |= 1 << h.trump
        if card_beats(card, h.trick[h.best], h.trump):
            h.best = h.n_in_trick
    h.trick[h.n_in_trick] = card
    h.n_in_trick += 1
    if h.n_in_trick < CP_SEATS:
        h.to_act = s + 1 if s < CP_SEATS - 1 else 0   # (s + 1) % CP_SEATS without the division
        return
    w = h.leader + h.best
    if w >= CP_SEATS:
        w -= CP_SEATS
    for i in range(CP_SEATS):
        h.won[w] |= bit_bb(h.trick[i])
    h.tricks_played += 1
    h.last_winner = w
    h.leader = w
    h.to_act = w
    h.n_in_trick = 0
    if h.tricks_played == r.hand_size:
        cp_finish(h, r)
