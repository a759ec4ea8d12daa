# Scoring one finished Spades hand (RULES.md section 3; readings in docs/spades.md).
#
# sp_finish fills the result fields of an SPHand from its bids, tricks, cards won and
# the bags carried in (game_bags); cutthroat per seat, partnership per team with the
# team's figures on both partners.  The options that shape it: bag_mode / bag_limit /
# bag_penalty (sp_bag_penalty), prize_jacks / multiple_prize_jacks (sp_prize_points: a
# team's captures count together), failed_nil_tricks (partnership).

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount, suit_of
from cardsim._rng cimport Rng, rng_below, rng_next, rng_seed, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM
from cardsim.spades.engine cimport *
from cardsim._games cimport gd_highest_alone

cdef inline int sp_prize_flags(uint64_t won, const SPRules* r) noexcept nogil:
    cdef int f = 0
    if (won >> SP_BIT_JD) & 1:
        f |= SP_PRIZE_JD
    if (won >> SP_BIT_JC) & 1:
        f |= SP_PRIZE_JC
    if (won >> SP_BIT_JH) & 1:
        f |= SP_PRIZE_JH
    return f & r.prize_mask

cdef inline bint sp_prize_void(int flags, const SPRules* r) noexcept nogil:
    """multiple_prize_jacks=void: two or more prize jacks captured by one scorer (a seat; a team in
    partnership play) count for nothing, unless three are in play and all three were captured."""
    cdef int n = popcount(<uint64_t>flags)
    return not r.prize_each and n >= 2 and not (n == 3 and popcount(<uint64_t>r.prize_mask) == 3)

cdef inline int sp_prize_points(int flags, const SPRules* r, int* hearts) noexcept nogil:
    """Points of the prize jacks ``flags`` one scorer captured; ``hearts`` = bags the J♥ removes."""
    if sp_prize_void(flags, r):
        hearts[0] = 0
        return 0
    hearts[0] = (flags & SP_PRIZE_JH) != 0
    return r.prize_points * (((flags & SP_PRIZE_JD) != 0) + ((flags & SP_PRIZE_JC) != 0))

cdef inline int sp_special_points(int kind, int tricks, const SPRules* r, int* made) noexcept nogil:
    """Points of a special bid (everything but a regular bid); ``made`` set when positive."""
    cdef int pts = 0
    if kind == SP_BID_NIL:
        pts = 100 if tricks == 0 else -100
    elif kind == SP_BID_BLIND_NIL:
        pts = 200 if tricks == 0 else -200
    elif kind == SP_BID_BLIND6:
        pts = 100 if tricks >= 6 else -100
    elif kind == SP_BID_ONE_FOR_50:
        pts = 50 if tricks == 1 else (10 if tricks > 1 else -50)
    elif kind == SP_BID_TWO_FOR_40:
        pts = 40 if tricks == 2 else (20 if tricks > 2 else -40)
    elif kind == SP_BID_MOON:
        pts = 150 if tricks >= r.moon_tricks else -150
    made[0] = pts > 0
    return pts

cdef inline int sp_bag_penalty(const SPRules* r, int carried, int bags, int hearts, int* after) noexcept nogil:
    """Points lost to ``bags`` new bags (``hearts`` J♥ removing one each); ``after`` = bags carried on.

    bag_mode=limit: on reaching bag_limit, held loses 10 per bag held and keeps none; limit
    loses 10*bag_limit and keeps none; carry loses 10*bag_limit for every bag_limit bags and
    keeps the rest."""
    cdef int total
    if r.per_bag:
        after[0] = 0
        total = bags - hearts
        return 10 * total if total > 0 else 0
    total = carried + bags - hearts
    if total < 0:
        total = 0
    after[0] = total
    if total < r.bag_limit:
        return 0
    if r.bag_penalty == SP_BAGS_CARRY:
        after[0] = total % r.bag_limit
        return 10 * r.bag_limit * (total // r.bag_limit)
    after[0] = 0
    return 10 * total if r.bag_penalty == SP_BAGS_HELD else 10 * r.bag_limit

cdef inline void sp_score_cutthroat(SPHand* h, const SPRules* r) noexcept nogil:
    cdef int s, t, b, pts, made, flags, after, hearts
    for s in range(r.seats):
        t = h.tricks[s]
        b = h.bid[s]
        made = 0
        if h.kind[s] == SP_BID_REGULAR:
            made = t >= b
            pts = 10 * b + (t - b) if made else -10 * b
            h.bags[s] = t - b if made else 0
        else:
            pts = sp_special_points(h.kind[s], t, r, &made)
        flags = sp_prize_flags(h.won[s], r)
        h.prize[s] = flags
        pts += sp_prize_points(flags, r, &hearts)
        h.bag_penalty[s] = sp_bag_penalty(r, h.game_bags[s], h.bags[s], hearts, &after)
        h.bags_after[s] = after
        h.made[s] = made
        h.score[s] = pts - h.bag_penalty[s]

cdef inline void sp_score_partnership(SPHand* h, const SPRules* r) noexcept nogil:
    """Per team: the contract of its regular bids; nil bids scored alone, their tricks (failed
    nil) as failed_nil_tricks says; prize jacks of both partners' cards together."""
    cdef int team, s, p, contract, taken, pts, made, flags, after, bags, hearts, any_regular, penalty, nil_tricks
    for team in range(2):
        contract = 0
        taken = 0
        pts = 0
        flags = 0
        any_regular = 0
        nil_tricks = 0
        for p in range(2):
            s = team + 2 * p
            if h.kind[s] == SP_BID_REGULAR:
                any_regular = 1
                contract += h.bid[s]
                taken += h.tricks[s]
            else:
                pts += sp_special_points(h.kind[s], h.tricks[s], r, &made)
                h.made[s] = made
                nil_tricks += h.tricks[s]  # nil or blind nil: the only special bids here
            h.prize[s] = sp_prize_flags(h.won[s], r)
            flags |= h.prize[s]
        bags = 0
        if r.failed_nil == SP_NIL_CONTRACT:
            taken += nil_tricks
        if any_regular:
            made = taken >= contract
            pts += 10 * contract + (taken - contract) if made else -10 * contract
            bags = taken - contract if made else 0
            for p in range(2):
                if h.kind[team + 2 * p] == SP_BID_REGULAR:
                    h.made[team + 2 * p] = made
        elif r.failed_nil == SP_NIL_CONTRACT:
            bags = taken  # two nil bids: no contract, every trick is beyond it
            pts += bags
        if r.failed_nil == SP_NIL_BAGS:
            bags += nil_tricks
            pts += nil_tricks
        pts += sp_prize_points(flags, r, &hearts)
        penalty = sp_bag_penalty(r, h.game_bags[team], bags, hearts, &after)
        for p in range(2):
            s = team + 2 * p
            h.bags[s] = bags
            h.bags_after[s] = after
            h.bag_penalty[s] = penalty
            h.score[s] = pts - penalty

cdef inline void sp_finish(SPHand* h, const SPRules* r) noexcept nogil:
    if r.partnership:
        sp_score_partnership(h, r)
    else:
        sp_score_cutthroat(h, r)
    h.phase = SP_PH_DONE
    h.to_act = -1

# -- the play of one card (it ends the hand with sp_finish) ------------------------

cdef inline void sp_play(SPHand* h, const SPRules* r, int card) noexcept nogil:
    """The seat to act plays ``card`` (legal, checked by the caller)."""
    cdef int s = h.to_act, led, w, i
    cdef uint64_t b = bit_bb(card)
    h.hand[s] &= ~b
    h.played |= b
    if h.n_in_trick == 0:
        h.best = 0
    else:
        led = h.trick[0] >> 4
        if (card >> 4) != led:
            h.void_mask[s] |= 1 << led
            if (card >> 4) == 0:
                h.broken = 1
        if (sp_beating_bb(h.trick[h.best]) >> card) & 1:
            h.best = h.n_in_trick
    h.trick[h.n_in_trick] = card
    h.trick_seat[h.n_in_trick] = s
    h.n_in_trick += 1
    if h.n_in_trick < sp_trick_size(h, r):
        h.to_act = sp_next_seat(h, r, s)
        return
    w = h.trick_seat[h.best]
    for i in range(h.n_in_trick):
        h.won[w] |= bit_bb(h.trick[i])
    h.tricks[w] += 1
    h.tricks_played += 1
    h.last_winner = w
    h.leader = w
    h.to_act = w
    h.n_in_trick = 0
    if h.tricks_played == r.hand_size:
        sp_finish(h, r)


# -- a finished hand folded into the game (whole games, spades/games.pyx; the step state) --

cdef inline void sp_carry(SPHand* h, const SPRules* r) noexcept nogil:
    """Fold a finished hand into the game so far (team figures sit on both partners)."""
    cdef int s
    for s in range(r.seats):
        h.game_score[s] += h.score[s]
        h.game_bags[s] = h.bags_after[s]
    sp_set_game_top(h, r)

cdef inline void sp_next_hand(SPHand* h, const SPRules* r, int dealer) noexcept nogil:
    sp_start(h, r, dealer)
    sp_deal(h, r)

cdef inline int sp_game_winner(const SPHand* h, const SPRules* r) noexcept nogil:
    """The seat (team 0 or 1 in partnership) alone at the top with target_score or more; else -1
    (the driver's rule, gd_highest_alone, on the game so far)."""
    cdef int32_t score[SP_MAX_SEATS]
    cdef int s, n = 2 if r.partnership else r.seats
    for s in range(n):
        score[s] = h.game_score[s]
    return gd_highest_alone(score, n, r.target_score)
