# Cutthroat Spades and partnership Spades (RULES.md section 3; readings in docs/spades.md).
#
# One hand is an SPHand driven by two actions: sp_bid (one bid code) and sp_play
# (one card).  The batch players (spades/players.pxd) and the Python step API
# (SpadesState in spades/spades.pyx, through spades/play.pyx) call exactly these, so there is one
# implementation of the rules.
#
# Cards use the SPADES encoding of cardsim/cards.py: bit = 16*suit + rank (2..A =
# 0..12), jokers J3 J2 J1 at spade-lane bits 13 14 15, so "higher bit in a lane"
# is "higher card" and jokers are simply the top spades.
#
# A bid is a code  kind << 5 | tricks  (SP_BID_*): a regular bid is its number of
# tricks (kind 0); the special bids carry the tricks they name (nil 0, blind 6 6,
# one-for-50 1, two-for-40 2, moon moon_tricks).
#
# The hand carries its game context (scores, bags and blind-6 bids so far, per
# seat; in partnership play both partners hold their team's figures): the batch
# starts every hand from zero, the step API may start from any.

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount, suit_of
from cardsim._rng cimport Rng, rng_below, rng_next, rng_seed, rng_seed_hand, rng_take, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM

cdef enum:
    SP_MAX_SEATS = 5
    SP_PH_BID = 0
    SP_PH_PLAY = 1
    SP_PH_DONE = 2
    SP_BID_REGULAR = 0
    SP_BID_NIL = 1
    SP_BID_BLIND_NIL = 2
    SP_BID_BLIND6 = 3
    SP_BID_ONE_FOR_50 = 4
    SP_BID_TWO_FOR_40 = 5
    SP_BID_MOON = 6
    SP_BID_KINDS = 7
    SP_MAX_BIDS = 32            # more than any seat can have legal at once
    SP_PRIZE_JD = 1             # prize-jack flags (rules.prize_mask, records)
    SP_PRIZE_JC = 2
    SP_PRIZE_JH = 4
    SP_BIT_JH = 25              # 16*1 + rank J (9)
    SP_BIT_JD = 41
    SP_BIT_JC = 57
    SP_BIT_2D = 32
    SP_BIT_2C = 48
    SP_BAGS_HELD = 0            # bag_penalty: 10 per bag held at the bag-out, then zero
    SP_BAGS_LIMIT = 1           # 10*bag_limit, the excess dropped (the engine before issue 9)
    SP_BAGS_CARRY = 2           # 10*bag_limit per bag_limit bags, the excess carried
    SP_NIL_IGNORED = 0          # failed_nil_tricks (partnership): neither contract nor bags
    SP_NIL_BAGS = 1             # the team's bags
    SP_NIL_CONTRACT = 2         # toward the partner's contract, beyond it bags

ctypedef struct SPRules:
    int seats                   # 3..5 (4 in partnership)
    int partnership             # teams 0+2 and 1+3
    int jokers                  # 0, 2, 3 (5 seats only)
    int hand_size               # cards to every seat but a sitting-out dealer; tricks per hand
    int dealer_sits_out         # 5 seats, 2 jokers: dealer gets one card fewer, skips trick 1
    int two_c_leads             # the holder of the 2C leads trick 1 (5 seats with jokers)
    uint64_t deck               # every card in play
    int n_cards                 # cards in the deck
    int cards[64]               # the deck's card bits, low to high (the deal's starting order)
    int allow_nil
    int allow_blind_nil
    int blind6_limit            # per seat per game; -1 unlimited, 0 none
    int blind6_behind           # points behind the leader needed for blind 6
    int allow_one_for_50
    int allow_two_for_40
    int allow_moon
    int moon_tricks
    int per_bag                 # bag_mode=per_bag
    int bag_limit
    int bag_penalty             # SP_BAGS_* (bag_mode=limit only)
    int failed_nil              # SP_NIL_* (partnership only; 0 in cutthroat)
    int prize_mask              # SP_PRIZE_* of the prize jacks in play
    int prize_points            # per prize JD / JC captured
    int prize_each              # multiple_prize_jacks=each: no voiding of two or more
    int break_spades            # spades may not be led before they are broken
    int target_score
    int wins_needed

ctypedef struct SPHand:
    uint64_t hand[SP_MAX_SEATS]     # cards held now
    uint64_t won[SP_MAX_SEATS]      # cards taken in tricks
    uint64_t played                 # every card played so far
    Rng deal_rng                    # the hand's deal stream (a game's later deals continue it)
    Rng rng                         # its players' stream: the batch players' random choices
    int dealer
    int phase                       # SP_PH_*
    int to_act                      # -1 once done
    int n_bids                      # bids made so far
    int bid[SP_MAX_SEATS]           # tricks named; -1 before the seat has bid
    int kind[SP_MAX_SEATS]          # SP_BID_*; -1 before the seat has bid
    int broken                      # a spade has been played on another suit's lead
    int first_leader                # seat that led trick 1
    int leader
    int n_in_trick
    int trick[SP_MAX_SEATS]         # cards of the current trick in play order
    int trick_seat[SP_MAX_SEATS]    # who played them
    int best                        # index in trick[] of the card winning so far
    int tricks_played
    int last_winner
    int tricks[SP_MAX_SEATS]        # tricks taken per seat
    int void_mask[SP_MAX_SEATS]     # suits a seat has shown void in (for players)
    uint64_t barred[SP_MAX_SEATS]   # cards a seat's plays prove it does not hold (hand.resample)
    # game context before the hand (team figures on both partners in partnership play)
    int game_score[SP_MAX_SEATS]
    int game_bags[SP_MAX_SEATS]
    int blind6_used[SP_MAX_SEATS]
    int game_top                    # the best of game_score (sp_set_game_top: set with the scores)
    # the result (filled by sp_finish; per team on both partners in partnership play)
    int score[SP_MAX_SEATS]         # the hand's change of score, bag penalty and prize jacks included
    int bags[SP_MAX_SEATS]          # overtricks of the hand
    int bags_after[SP_MAX_SEATS]    # bags carried after the hand (0 with per_bag)
    int bag_penalty[SP_MAX_SEATS]   # points lost to bags this hand (counted in score)
    int prize[SP_MAX_SEATS]         # SP_PRIZE_* flags of the prize jacks captured
    int made[SP_MAX_SEATS]          # the bid scored positive

cdef inline int sp_code(int kind, int tricks) noexcept nogil:
    return (kind << 5) | tricks

cdef inline int sp_partner(int s) noexcept nogil:
    """The partner of seat ``s`` (0..3) in partnership play: ``(s + 2) % 4`` without the signed
    remainder's fix-up."""
    return (s + 2) & 3

cdef inline int sp_dealt(const SPRules* r, int seat, int dealer) noexcept nogil:
    return r.hand_size - 1 if r.dealer_sits_out and seat == dealer else r.hand_size

cdef inline void sp_deal(SPHand* h, const SPRules* r) noexcept nogil:
    """Deal from the dealer's left, from the deal stream; the dealer's one fewer when sitting out."""
    cdef int i, seat = h.dealer
    cdef uint64_t deck = r.deck
    for i in range(r.seats - 1):
        seat = seat + 1 if seat + 1 < r.seats else 0
        h.hand[seat] = rng_take(&h.deal_rng, &deck, sp_dealt(r, seat, h.dealer))
    h.hand[h.dealer] = deck   # the dealer, last: every card left (each deck is dealt out)

cdef inline void sp_start(SPHand* h, const SPRules* r, int dealer) noexcept nogil:
    """Reset everything but the cards and the game context; bidding starts left of the dealer."""
    cdef int s
    h.dealer = dealer
    h.phase = SP_PH_BID
    h.to_act = (dealer + 1) % r.seats
    h.n_bids = 0
    h.played = 0
    h.broken = 0
    h.first_leader = -1
    h.leader = -1
    h.n_in_trick = 0
    h.best = 0
    h.tricks_played = 0
    h.last_winner = -1
    for s in range(SP_MAX_SEATS):
        h.won[s] = 0
        h.bid[s] = -1
        h.kind[s] = -1
        h.tricks[s] = 0
        h.void_mask[s] = 0
        h.barred[s] = 0
        h.score[s] = 0
        h.bags[s] = 0
        h.bags_after[s] = 0
        h.bag_penalty[s] = 0
        h.prize[s] = 0
        h.made[s] = 0
        if s >= r.seats:
            h.hand[s] = 0

cdef inline void sp_new_hand(SPHand* h, const SPRules* r, uint64_t seed, uint64_t stream, int dealer) noexcept nogil:
    """A fresh deal from zero game context."""
    cdef int s
    rng_seed_hand(&h.deal_rng, &h.rng, seed, stream)
    for s in range(SP_MAX_SEATS):
        h.game_score[s] = 0
        h.game_bags[s] = 0
        h.blind6_used[s] = 0
    h.game_top = 0
    sp_start(h, r, dealer)
    sp_deal(h, r)

cdef inline void sp_set_game_top(SPHand* h, const SPRules* r) noexcept nogil:
    """h.game_top from h.game_score: every writer of the scores calls it after (sp_new_hand,
    sp_carry, the bid odds' deals, SpadesState's scores).  Why a copy of the best score: the
    heuristic bid reads it before every bid (sp_heuristic_bid's gate of the bids for the game),
    and a scan of the seats there cost about 27 instructions a bid (callgrind, the spades
    heuristic batch)."""
    cdef int i, top = h.game_score[0]
    for i in range(1, r.seats):
        if h.game_score[i] > top:
            top = h.game_score[i]
    h.game_top = top

# -- bidding -----------------------------------------------------------------------

cdef inline int sp_leader_gap(const SPHand* h, const SPRules* r, int s) noexcept nogil:
    """How far seat ``s`` is behind the best score at the table (0 when it leads)."""
    cdef int i, top = h.game_score[s]
    for i in range(r.seats):
        if h.game_score[i] > top:
            top = h.game_score[i]
    return top - h.game_score[s]

cdef inline bint sp_bid_legal(const SPHand* h, const SPRules* r, int code) noexcept nogil:
    """May the seat to act bid ``code`` now?"""
    cdef int s = h.to_act, kind = code >> 5, n = code & 31
    cdef int held = popcount(h.hand[s])
    if h.phase != SP_PH_BID or code < 0:
        return False
    if kind == SP_BID_REGULAR:
        return 1 <= n <= held
    if kind == SP_BID_NIL:
        return n == 0 and r.allow_nil
    if kind == SP_BID_BLIND_NIL:
        return n == 0 and r.allow_blind_nil
    if kind == SP_BID_BLIND6:
        return (n == 6 and held >= 6 and r.blind6_limit != 0
                and (r.blind6_limit < 0 or h.blind6_used[s] < r.blind6_limit)
                and sp_leader_gap(h, r, s) >= r.blind6_behind)
    if kind == SP_BID_ONE_FOR_50:
        return n == 1 and r.allow_one_for_50
    if kind == SP_BID_TWO_FOR_40:
        return n == 2 and r.allow_two_for_40 and held >= 2
    if kind == SP_BID_MOON:
        return n == r.moon_tricks and r.allow_moon and r.moon_tricks <= held
    return False

cdef inline int sp_legal_bids(const SPHand* h, const SPRules* r, int* out) noexcept nogil:
    """Every legal bid code of the seat to act, specials first; returns how many."""
    cdef int k = 0, kind, n, code
    cdef int held = popcount(h.hand[h.to_act])
    for kind in range(SP_BID_NIL, SP_BID_KINDS):
        n = 0
        if kind == SP_BID_BLIND6:
            n = 6
        elif kind == SP_BID_ONE_FOR_50:
            n = 1
        elif kind == SP_BID_TWO_FOR_40:
            n = 2
        elif kind == SP_BID_MOON:
            n = r.moon_tricks
        code = sp_code(kind, n)
        if sp_bid_legal(h, r, code):
            out[k] = code
            k += 1
    for n in range(1, held + 1):
        out[k] = n
        k += 1
    return k

cdef inline void sp_bid(SPHand* h, const SPRules* r, int code) noexcept nogil:
    """The seat to act bids ``code`` (legal, checked by the caller); the last bid starts play."""
    cdef int s = h.to_act, c
    h.kind[s] = code >> 5
    h.bid[s] = code & 31
    if h.kind[s] == SP_BID_BLIND6:
        h.blind6_used[s] += 1
        if r.partnership:
            h.blind6_used[sp_partner(s)] += 1
    h.n_bids += 1
    if h.n_bids < r.seats:
        h.to_act = s + 1 if s + 1 < r.seats else 0
        return
    h.phase = SP_PH_PLAY
    h.leader = (h.dealer + 1) % r.seats
    if r.two_c_leads:
        for c in range(r.seats):
            if (h.hand[c] >> SP_BIT_2C) & 1 and not (r.dealer_sits_out and c == h.dealer):
                h.leader = c
    h.first_leader = h.leader
    h.to_act = h.leader

# -- play ----------------------------------------------------------------------------

cdef inline uint64_t sp_legal(const SPHand* h, const SPRules* r) noexcept nogil:
    """Cards the seat to act may play."""
    cdef uint64_t held = h.hand[h.to_act], follow
    if h.n_in_trick == 0:
        if h.broken or not r.break_spades:
            return held
        follow = held & ~lane_bb(0)
        return follow if follow else held
    follow = held & lane_bb(h.trick[0] >> 4)
    return follow if follow else held

cdef inline uint64_t sp_beating_bb(int best) noexcept nogil:
    """Every card that beats ``best``: higher in its suit, and any spade over another suit."""
    if (best >> 4) == 0:
        return above_in_lane_bb(best)
    return above_in_lane_bb(best) | lane_bb(0)

cdef inline int sp_trick_size(const SPHand* h, const SPRules* r) noexcept nogil:
    return r.seats - 1 if r.dealer_sits_out and h.tricks_played == 0 else r.seats

cdef inline int sp_next_seat(const SPHand* h, const SPRules* r, int s) noexcept nogil:
    s += 1
    if s == r.seats:
        s = 0
    if r.dealer_sits_out and h.tricks_played == 0 and s == h.dealer:
        s += 1
        if s == r.seats:
            s = 0
    return s

# sp_play, the play of one card, is in spades/scoring.pxd: it ends a hand with sp_finish.
