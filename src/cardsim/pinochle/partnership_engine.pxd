# Partnership Pinochle (RULES.md section 5; readings in docs/partnership-pinochle.md).
#
# Four seats, teams 0+2 and 1+3 (team of seat s = s & 1).  One hand is a PPHand
# struct driven through its phases by four actions: pp_auction_act (a bid, or a
# pass as -1), pp_declare (trump), pp_pass (the partner's cards to the bidder, then
# the bidder's cards back) and pp_play (one card).  The batch players
# (pinochle/partnership_players.pxd) and the Python step API (PartnershipPinochleState
# in partnership.pyx) call exactly these.  Meld, legal cards and trick winners are the
# shared primitives of pinochle/cards.pxd.
#
# Invariants: hand[s], won[s] and the current trick partition the 48 physical card
# bits at every moment; rules are read-only after pp_rules_from().

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount, suit_of
from cardsim._rng cimport Rng, rng_below, rng_next, rng_seed, rng_seed_hand, rng_take, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM
from cardsim.pinochle.cards cimport *
from cardsim.pinochle.cutthroat_engine cimport *

cdef enum:
    PP_SEATS = 4
    PP_HAND_SIZE = 12
    PP_ALL_SEATS = 15           # out_mask with every seat out
    PH_PASS = 4                 # partner passes to the bidder, then the bidder passes back

ctypedef struct PPRules:
    int min_bid                 # lowest opening bid
    int bid_increment           # each later bid at least this much above the last
    int all_pass                # ALL_PASS_REDEAL or ALL_PASS_DEALER_FORCED
    int pass_cards              # cards passed each way (0: no passing)
    int meld_value[N_MELDS]     # points per meld, M_* order (the table of section 1)
    int must_beat               # MUST_BEAT_* duty to head the trick
    int rank_points[N_RANKS]    # trick points per rank, 9 J Q K T A
    int last_trick_points       # bonus to the winner of the last trick
    int save_meld_points        # trick points a team needs to keep its meld

ctypedef struct PPHand:
    uint64_t hand[PP_SEATS]     # cards held now (physical copies)
    uint64_t won[PP_SEATS]      # cards taken in tricks, per seat
    uint64_t played             # every card played to a trick so far
    uint64_t meld_hand[PP_SEATS] # each seat's hand after passing (what it melds)
    uint64_t passed[2]          # cards the partner passed to the bidder, and back
    Rng deal_rng                # the hand's deal stream: deals and redeals only
    Rng rng                     # its players' stream: the batch players' random choices
    int dealer                  # rotates left on every redeal
    int phase                   # PH_AUCTION, PH_DECLARE, PH_PASS, PH_PLAY, PH_DONE
    int to_act                  # seat to act; -1 once done
    int high_bid                # -1 before the first bid
    int high_bidder             # -1 before the first bid
    int out_mask                # auction: bit s once seat s has passed
    int bidder                  # -1 until the auction is won (and in a no-contest hand)
    int trump                   # -1 until declared
    int tricks_played           # complete tricks
    int leader                  # seat that led the current trick
    int n_in_trick              # cards in the current trick
    int trick[PP_SEATS]         # bits of the current trick's cards, in play order
    int best                    # index in trick[] of the card winning it so far
    int last_winner             # winner of the latest complete trick
    int void_mask[PP_SEATS]     # suits a seat has shown void in (bit per suit), for players
    int bid_value[PP_SEATS]     # heuristic bidder's estimate of its hand; -1 until computed;
                                # once the seat passed, -2 - the lowest bid open then (pp_auction_act),
                                # -1 again once its partner's heuristic read it (its ceiling now holds it)
    int meld[PP_SEATS]          # meld shown per seat
    int trick_points[PP_SEATS]  # per seat, last trick included
    int team_meld[2]            # meld shown per team
    int team_trick_points[2]    # trick points per team (25 per hand by default)
    int team_score[2]           # hand score per team
    int made                    # the bidding team reached the bid
    int redeals                 # deals thrown in before this one

cdef inline int pp_partner(int seat) noexcept nogil:
    return (seat + 2) & 3   # (seat + 2) % PP_SEATS without the signed remainder

cdef inline void pp_deal(PPHand* h) noexcept nogil:
    """Deal 12 cards to each seat (the deal stream), left of ``h.dealer`` first; open the auction."""
    cdef int i, seat
    cdef uint64_t deck = PINOCHLE_DECK_BB
    for i in range(PP_SEATS):
        seat = (h.dealer + 1 + i) % PP_SEATS
        h.hand[seat] = rng_take(&h.deal_rng, &deck, PP_HAND_SIZE) if i < PP_SEATS - 1 else deck
        h.won[seat] = 0
        h.void_mask[seat] = 0
        h.meld[seat] = 0
        h.trick_points[seat] = 0
        h.meld_hand[seat] = 0
        h.bid_value[seat] = -1
    for i in range(2):
        h.team_meld[i] = 0
        h.team_trick_points[i] = 0
        h.team_score[i] = 0
        h.passed[i] = 0
    h.played = 0
    h.tricks_played = 0
    h.n_in_trick = 0
    h.made = 0
    h.last_winner = -1
    h.phase = PH_AUCTION
    h.high_bid = -1
    h.high_bidder = -1
    h.bidder = -1
    h.trump = -1
    h.out_mask = 0
    h.to_act = (h.dealer + 1) % PP_SEATS

cdef inline void pp_new_hand(PPHand* h, uint64_t seed, uint64_t stream, int dealer) noexcept nogil:
    rng_seed_hand(&h.deal_rng, &h.rng, seed, stream)
    h.dealer = dealer
    h.redeals = 0
    pp_deal(h)

cdef inline int pp_min_bid(const PPHand* h, const PPRules* r) noexcept nogil:
    return r.min_bid if h.high_bid < 0 else h.high_bid + r.bid_increment

cdef inline bint pp_can_pass(const PPHand* h, const PPRules* r) noexcept nogil:
    """Under dealer_forced the dealer may not pass once the other three passed without a bid."""
    cdef int s = h.to_act
    return not (r.all_pass == ALL_PASS_DEALER_FORCED and s == h.dealer and h.high_bid < 0
                and (h.out_mask | (1 << s)) == PP_ALL_SEATS)

cdef inline void pp_auction_act(PPHand* h, const PPRules* r, int bid) noexcept nogil:
    """The seat to act bids ``bid`` (>= pp_min_bid) or passes (``bid`` < 0); checked by the caller."""
    cdef int s = h.to_act
    if bid < 0:
        h.out_mask |= 1 << s
        h.bid_value[s] = -2 - pp_min_bid(h, r)   # where it passed: what its partner's heuristic reads
    else:
        h.high_bid = bid
        h.high_bidder = s
    if h.out_mask == PP_ALL_SEATS:  # nobody bid: only all_pass=redeal gets here
        h.redeals += 1
        h.dealer = (h.dealer + 1) % PP_SEATS
        if h.redeals > CP_MAX_REDEALS:
            h.phase = PH_DONE
            h.to_act = -1
        else:
            pp_deal(h)
        return
    if h.high_bid >= 0 and (h.out_mask | (1 << h.high_bidder)) == PP_ALL_SEATS:
        h.bidder = h.high_bidder
        h.phase = PH_DECLARE
        h.to_act = h.bidder
        return
    s = (s + 1) & 3   # the next seat still in ((s + 1) % PP_SEATS without the signed remainder)
    while (h.out_mask >> s) & 1:
        s = (s + 1) & 3
    h.to_act = s

cdef inline void pp_start_play(PPHand* h, const PPRules* r) noexcept nogil:
    """Everyone melds the hand held after passing; the bidder leads the first trick."""
    cdef int s
    for s in range(PP_SEATS):
        h.meld_hand[s] = h.hand[s]
        h.meld[s] = meld_points(h.hand[s], h.trump, r.meld_value)
    h.team_meld[0] = h.meld[0] + h.meld[2]
    h.team_meld[1] = h.meld[1] + h.meld[3]
    h.phase = PH_PLAY
    h.leader = h.bidder
    h.to_act = h.bidder
    h.n_in_trick = 0

cdef inline void pp_declare(PPHand* h, const PPRules* r, int trump) noexcept nogil:
    """The bidder names trump; passing follows (when pass_cards > 0), else meld and play."""
    h.trump = trump
    if r.pass_cards > 0:
        h.phase = PH_PASS
        h.to_act = pp_partner(h.bidder)
    else:
        pp_start_play(h, r)

cdef inline void pp_pass(PPHand* h, const PPRules* r, uint64_t cards) noexcept nogil:
    """The seat to act passes ``cards`` (pass_cards physical bits it holds) to its partner."""
    cdef int s = h.to_act, other = pp_partner(s)
    h.hand[s] &= ~cards
    h.hand[other] |= cards
    if s != h.bidder:
        h.passed[0] = cards
        h.to_act = h.bidder
    else:
        h.passed[1] = cards
        pp_start_play(h, r)

cdef inline uint64_t pp_legal(const PPHand* h, const PPRules* r) noexcept nogil:
    """Distinct cards the seat to act may play."""
    if h.n_in_trick == 0:
        return distinct_cards(h.hand[h.to_act])
    return legal_cards(h.hand[h.to_act], h.trick[0] >> 4, h.trick[h.best], h.trump, r.must_beat)

cdef inline void pp_finish(PPHand* h, const PPRules* r) noexcept nogil:
    cdef int total[2]
    cdef int s, t, counted, b = h.bidder & 1
    for s in range(PP_SEATS):
        h.trick_points[s] = card_points(h.won[s], r.rank_points)
    h.trick_points[h.last_winner] += r.last_trick_points
    for t in range(2):
        h.team_trick_points[t] = h.trick_points[t] + h.trick_points[t + 2]
        counted = h.team_meld[t] if h.team_trick_points[t] >= r.save_meld_points else 0
        total[t] = counted + h.team_trick_points[t]
        h.team_score[t] = total[t]
    h.made = total[b] >= h.high_bid
    if not h.made:
        h.team_score[b] = -h.high_bid
    h.phase = PH_DONE
    h.to_act = -1

cdef inline void pp_play(PPHand* h, const PPRules* r, int card) noexcept nogil:
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
    if h.n_in_trick < PP_SEATS:
        h.to_act = (s + 1) & 3   # (s + 1) % PP_SEATS without the signed remainder
        return
    w = (h.leader + h.best) & 3
    for i in range(PP_SEATS):
        h.won[w] |= bit_bb(h.trick[i])
    h.tricks_played += 1
    h.last_winner = w
    h.leader = w
    h.to_act = w
    h.n_in_trick = 0
    if h.tricks_played == PP_HAND_SIZE:
        pp_finish(h, r)
