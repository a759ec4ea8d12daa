# Monte Carlo trials for euchre action odds (cardsim.odds_euchre), both games.
#
# One trial: the player at ``seat`` holds ``hand`` and sees ``upcard``; the other 18
# cards are dealt uniformly at random (the hand's own stream keyed by (seed, trial))
# to the other seats, the dummy (cutthroat) and the kitty's 3 hidden cards.  Then
# every action of the player is played out from that SAME deal (common random
# numbers), each from a copy of the dealt hand:
#
#   0 pass in round 1 (later seats, and the player from then on, by the policy)
#   1 order up (the dealer: take up), not alone   2 ... alone
#   3 pass in round 2                             4+2k, 5+2k: name the k-th other
#                                                 suit (S H D C order), not alone / alone
#
# What the player observes when it is their turn is forced: in round 1 the seats
# before the player pass; for the round-2 actions every seat passed round 1 and the
# seats before the player pass round 2.  Deals are NOT conditioned on those passes
# (no inference from them).  The player's own discard (as dealer) and merge (with
# the dummy) are the heuristic's; every other decision and all card play are by
# the chosen policies.  A trial that reaches a redeal counts as "thrown in".

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount, suit_of
from cardsim._rng cimport Rng, rng_below, rng_next, rng_seed, rng_seed_hand, rng_take, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM
from cardsim.euchre.engine cimport *
from cardsim.euchre.players cimport *
from cardsim.euchre.odds_columns cimport *

cdef inline void eu_odds_deal(EUHand* h, const EURules* r, uint64_t hand, int upcard, int seat,
                       int dealer) noexcept nogil:
    """Deal the 18 cards the player cannot see (``h.deal_rng`` and ``h.rng`` seeded); bidding starts."""
    cdef int i
    cdef uint64_t unseen = EUCHRE_DECK_BB & ~hand & ~bit_bb(upcard)
    cdef Rng deal_rng = h.deal_rng, rng = h.rng
    memset(h, 0, sizeof(EUHand))
    h.deal_rng = deal_rng
    h.rng = rng
    for i in range(1, r.seats):
        h.hand[(seat + i) % r.seats] = rng_take(&h.deal_rng, &unseen, EU_HAND_SIZE)
    h.hand[seat] = hand
    if not r.partnership:
        h.dummy = rng_take(&h.deal_rng, &unseen, EU_HAND_SIZE)
    h.kitty = bit_bb(upcard) | unseen
    h.upcard = upcard
    h.dealer = dealer
    eu_start_bidding(h, r)

cdef inline void euo_step(EUHand* h, const EURules* r, int seat, const int* policies,
                          bint all_random) noexcept nogil:
    """One decision: the player's discard and merge by the heuristic, the rest by policy."""
    if h.to_act == seat and h.phase == EPH_DISCARD:
        eu_discard(h, r, lsb(h.hand[seat] & ~eu_drop_worst(h.hand[seat], h.trump, 1)))
    elif h.to_act == seat and h.phase == EPH_MERGE:
        eu_merge(h, r, eu_drop_worst(h.hand[seat], h.trump, EU_HAND_SIZE))
    elif h.phase == EPH_PLAY and h.n_in_trick == 0:
        if all_random:
            eu_random_tricks(h, r)
        else:
            eu_tricks(h, r, policies)
    elif h.phase == EPH_PLAY and policies[h.to_act] == POLICY_RANDOM:
        eu_play(h, r, eu_random_card(h, eu_legal(h)))
    else:
        eu_policy_step(h, r, policies[h.to_act])

cdef inline bint euo_force_call(EUHand* h, const EURules* r, int seat, int action) noexcept nogil:
    """Force the player's ``action`` (see the top of this file) on a hand about to bid: everybody
    before it passes, then its call.  True when the call is a round-1 order-up whose alone choice
    still waits for the dealer's pickup and discard (the caller steps its players up to
    EPH_ALONE, then calls eu_alone(h, r, action == 2)); a round-2 call is made whole here."""
    cdef int i, k, suit
    if action < 3:
        while h.to_act != seat:
            eu_bid1(h, r, False)
        eu_bid1(h, r, action != 0)
        return action != 0
    for i in range(r.seats):
        eu_bid1(h, r, False)
    while h.to_act != seat:
        eu_bid2(h, r, -1)
    if action == 3:
        eu_bid2(h, r, -1)
    else:
        k = (action - 4) >> 1
        suit = k + (k >= (h.upcard >> 4))
        eu_bid2(h, r, suit)
        eu_alone(h, r, (action - 4) & 1)
    return False

cdef inline void euo_act(EUHand* h, const EURules* r, int seat, int action, const int* policies) noexcept nogil:
    """Force the player's ``action`` (see the top of this file) and play the hand out."""
    cdef bint all_random = eu_all_random(r, policies)
    if euo_force_call(h, r, seat, action):
        while h.phase != EPH_ALONE:  # the dealer's pickup and discard
            euo_step(h, r, seat, policies, all_random)
        eu_alone(h, r, action == 2)
    while h.phase != EPH_DONE and h.redeals == 0:
        euo_step(h, r, seat, policies, all_random)

cdef inline void euo_record(const EUHand* h, const EURules* r, int seat, int16_t* out) noexcept nogil:
    cdef int s, own = 0, opp = 0, side_tricks = 0
    cdef bint mine
    if h.phase != EPH_DONE or h.redeals:
        out[0] = 0
        out[1] = 0
        out[2] = EUO_THROWN_IN
        return
    if r.partnership:
        own = h.team_points[seat & 1]
        opp = h.team_points[1 - (seat & 1)]
        mine = (h.maker & 1) == (seat & 1)
    else:
        for s in range(r.seats):
            if s == seat:
                own = h.points[s]
            else:
                opp += h.points[s]
        mine = h.maker == seat
    for s in range(r.seats):
        if eu_same_side(h, r, s, h.maker):
            side_tricks += h.tricks[s]
    out[0] = own
    out[1] = opp
    if not mine:
        out[2] = EUO_DEFENDED
    elif h.euchred:
        out[2] = EUO_EUCHRED
    elif side_tricks == EU_TRICKS:
        out[2] = EUO_MARCH
    else:
        out[2] = EUO_ONE

cdef inline void eu_odds_trial(const EURules* r, uint64_t hand, int upcard, int seat, int dealer, uint64_t seed,
                        int64_t index, const int* policies, int16_t* out) noexcept nogil:
    cdef EUHand dealt
    rng_seed_hand(&dealt.deal_rng, &dealt.rng, seed, <uint64_t>index)
    eu_odds_deal(&dealt, r, hand, upcard, seat, dealer)
    eu_odds_play(&dealt, r, seat, policies, out)

cdef inline void eu_odds_play(const EUHand* dealt, const EURules* r, int seat, const int* policies,
                       int16_t* out) noexcept nogil:
    """Every action's columns from one deal (bidding not started yet)."""
    cdef EUHand h
    cdef int a
    for a in range(EUO_ACTIONS):
        if a == 3 and r.stick_the_dealer and seat == dealt.dealer:
            out[EUO_PER_ACTION * a] = 0
            out[EUO_PER_ACTION * a + 1] = 0
            out[EUO_PER_ACTION * a + 2] = EUO_NOT_OPEN
            continue
        h = dealt[0]
        euo_act(&h, r, seat, a, policies)
        euo_record(&h, r, seat, out + EUO_PER_ACTION * a)
