# Players for Two-Hand Pinochle: choose each action of a THHand.
#
# random     moves uniform over the legal moves (a card on the table and its twin in
#            hand are two moves); after winning a stock trick, uniform over {each legal
#            meld, the dix exchange when possible, draw} until it draws (or nothing is
#            left to do).
# heuristic  described in the th_heuristic_* docstrings below.
#
# Players read only what a seat may know: its hand, both tables, the turned-up
# card, the cards played; in the last 12 tricks that is every card.

# -- shared --------------------------------------------------------------------

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount, suit_of
from cardsim._rng cimport Rng, rng_below, rng_below_trick, rng_next, rng_seed, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM
from cardsim.pinochle.cards cimport *
from cardsim.pinochle.cutthroat_engine cimport *
from cardsim.pinochle.cutthroat_players cimport (cp_beaters, pin_holding_all, pin_lowest_per_suit, pin_points_rise,
                                                    pin_spread_suits, pin_suit_role)
from cardsim.pinochle.two_hand_engine cimport *

cdef inline int th_card_cost(int card, int trump, const int* rank_points) noexcept nogil:
    """What a card is worth keeping for the tricks: trump, counters, rank."""
    return (30 if (card >> 4) == trump else 0) + 2 * rank_points[rank_of(card)] + rank_of(card)

cdef inline int th_better_move(const THHand* h, int card) noexcept nogil:
    """The move that plays the better copy of ``card`` (any copy bit): of a copy on the
    table and its twin in hand, the melded one, so the fresh twin stays free for new
    melds (and nothing new is shown); but in the stock phase an unscored dix in hand is
    played before a scored one on the table: it scores meld_dix now (the scored copy
    would score nothing).  The step API's default copy is this one too."""
    cdef int s = h.to_act, code = card & ~1
    cdef uint64_t pair = h.hand[s] & ((<uint64_t>3) << code)
    cdef uint64_t on_table = pair & h.table[s]
    if not on_table:
        return code
    if on_table != pair and h.phase == PH_STOCK and (code >> 4) == h.trump and rank_of(code) == R9 \
            and not (pair & ~h.table[s] & h.used[TK_DIX]):
        return code  # the unscored dix in hand scores now
    return code | TH_FROM_TABLE

cdef inline int th_meld_loss(const THHand* h, int legal, int card, const THRules* r) noexcept nogil:
    """Points of the declarations legal now (``legal``) that giving up ``card`` would break:
    those that need its card and keep no fresh copy of it once the better copy is played."""
    cdef int d, loss = 0, s = h.to_act, decls = legal
    cdef uint64_t code = bit_bb(card & ~1)
    cdef uint64_t pair = h.hand[s] & (code * 3), rest
    if pair & (pair - 1):  # two copies: the better one goes
        rest = h.hand[s] & ~bit_bb(th_copy_of(h, s, th_better_move(h, card)))
    else:
        rest = h.hand[s] & ~pair
    while decls:  # the legal declarations only (seldom more than two)
        d = lsb(<uint64_t>decls)
        decls &= decls - 1
        if th_need(d, h.trump) & code and not copies_one(rest & ~h.used[th_kind_of(d)]) & code:
            loss += r.meld_value[th_kind_of(d)]
    return loss

ctypedef struct THSuitView:
    # th_suit_keys of the seat to act; packed on the first tie only (ties are rare)
    int ready
    uint64_t key[4]

cdef inline void th_suit_keys(const THHand* h, THSuitView* v) noexcept nogil:
    """Per suit, what the seat to act sees of it, packed without its index: the suit order's
    tie-breaker (as cutthroat's cp_suit_keys).

    key[s] packs (pin_lane_holding: copies counted, not named) the seat's cards of s, its
    melded cards of s on the table, the opponent's on the table, the cards of s played, in
    the last 12 tricks the opponent's cards of s (every card is known then), whether s is
    trump, and the suit's part in the meld (spades and diamonds make the pinochle; hearts and
    clubs play the same part).  Two suits with the same key look alike in every respect the
    heuristic reads, so either choice is correct; renaming hearts and clubs renames the keys,
    so the decisions never depend on the suit order.
    """
    cdef int s = h.to_act, t
    cdef uint64_t mine = pin_holding_all(h.hand[s]), table = pin_holding_all(h.table[s])
    cdef uint64_t theirs = pin_holding_all(h.table[1 - s]), seen = pin_holding_all(h.played)
    cdef uint64_t opp = pin_holding_all(h.hand[1 - s]) if h.phase == PH_PLAY else 0
    for t in range(4):
        v.key[t] = (((mine >> (16 * t)) & 0xFFF) | (((table >> (16 * t)) & 0xFFF) << 12)
                    | (((theirs >> (16 * t)) & 0xFFF) << 24) | (((seen >> (16 * t)) & 0xFFF) << 36)
                    | (((opp >> (16 * t)) & 0xFFF) << 48)
                    | ((<uint64_t>(t == h.trump)) << 60)
                    | ((<uint64_t>(1 if t == 0 else (2 if t == 2 else 0))) << 61))
    v.ready = 1

cdef inline bint th_before(const THHand* h, int c, int best, THSuitView* v) noexcept nogil:
    """Between two cards of equal cost: the one of the suit with the smaller key, then the lower bit.

    The suit's part in the meld is the key's top field, so suits of different parts compare by
    it alone and the keys are packed only to tell hearts from clubs (as cp_before)."""
    cdef int rc, rb
    if (c >> 4) == (best >> 4):
        return c < best
    rc, rb = pin_suit_role(c >> 4), pin_suit_role(best >> 4)
    if rc != rb:
        return rc < rb
    if not v.ready:
        th_suit_keys(h, v)
    cdef uint64_t kc = v.key[c >> 4], kb = v.key[best >> 4]
    return kc < kb or (kc == kb and c < best)

cdef inline uint64_t th_needed_by(int legal, int trump) noexcept nogil:
    """Copy-0 bits of the cards the declarations ``legal`` (a th_legal_melds mask) need: the
    union of their th_need, by masks (each declaration's cards kept or dropped by its bit)."""
    cdef uint64_t kq = (<uint64_t>1 << (2 * RK)) | (<uint64_t>1 << (2 * RQ))
    cdef uint64_t pinochle = ((<uint64_t>1) << (2 * RQ)) | ((<uint64_t>1) << (32 + 2 * RJ))
    cdef uint64_t out
    if not legal:  # the last 12 tricks, and most plays of the stock phase
        return 0
    out = pin_spread_suits(legal >> TD_MARRIAGE) * kq  # the plain marriages, suit by suit
    out |= (all_if(legal & (1 << TD_RUN)) & (RUN_LANE << (16 * trump)))
    out |= (all_if(legal & (1 << TD_TRUMP_MARRIAGE)) & (kq << (16 * trump)))
    out |= (all_if(legal & (1 << TD_DIX)) & ((<uint64_t>1) << (16 * trump)))
    out |= (all_if(legal & (1 << TD_ACES)) & (((<uint64_t>1) << (2 * RA)) * ALL_LANES_BB))
    out |= (all_if(legal & (1 << TD_KINGS)) & (((<uint64_t>1) << (2 * RK)) * ALL_LANES_BB))
    out |= (all_if(legal & (1 << TD_QUEENS)) & (((<uint64_t>1) << (2 * RQ)) * ALL_LANES_BB))
    out |= (all_if(legal & (1 << TD_JACKS)) & (((<uint64_t>1) << (2 * RJ)) * ALL_LANES_BB))
    out |= all_if(legal & (1 << TD_PINOCHLE)) & pinochle
    return out

cdef inline int th_cheapest_lowest(const THHand* h, const THRules* r, uint64_t lowest, THSuitView* view) noexcept nogil:
    """th_cheapest_keep's pick among ``lowest`` (at most one card a suit, th_card_cost rising
    strictly with rank: pin_points_rise), -1 when empty, with two cost look-ups at most.

    Off trump the cost is the rank's alone, so the cheapest side-suit cards are those of
    the lowest rank present (one fold of the lanes finds it), ties between them going by
    th_before; the trump card then competes with that one on cost."""
    cdef uint64_t trumps = lowest & lane_bb(h.trump), side = lowest & ~lane_bb(h.trump), fold, tied
    cdef int best = -1, best_cost = 1 << 30, c, cost
    if side:
        fold = side | (side >> 32)
        fold = (fold | (fold >> 16)) & 0xFFFF
        tied = side & ((<uint64_t>3 << (lsb(fold) & ~1)) * ALL_LANES_BB)  # the side cards of that rank
        best = lsb(tied)
        tied &= tied - 1
        while tied:
            c = lsb(tied)
            tied &= tied - 1
            if th_before(h, c, best, view):
                best = c
        best_cost = th_card_cost(best, h.trump, r.rank_points)
    if trumps:
        c = lsb(trumps)
        cost = th_card_cost(c, h.trump, r.rank_points)
        if cost < best_cost or (cost == best_cost and th_before(h, c, best, view)):
            best = c
    return best

cdef inline int th_cheapest_keep(const THHand* h, const THRules* r, uint64_t cards, int legal) noexcept nogil:
    """The card of ``cards`` whose loss costs least: its trick value plus, while the stock
    lasts, half the meld it would break (ties: th_before, never the suit order).  ``legal``:
    th_legal_melds of the seat to act in the stock phase, 0 in the last 12 tricks (the
    caller has it already when it follows).

    The answer is the least card in the order (cost, th_before), so the cards may be seen in
    any order and a card that cannot come first may be skipped: the cards no legal
    declaration needs cost their trick value alone, and when rank points never fall with
    rank (pin_points_rise: every standard count) that value rises strictly with rank within
    a suit, so of those only each suit's lowest can win (pin_lowest_per_suit), and
    th_cheapest_lowest picks among them.  They are seen first; a meld card then costs at least its trick value (meld values are never negative),
    so its meld loss (th_meld_loss, the dear part) is worked out only when that value alone
    would still come first."""
    cdef int c, cost, best = -1, best_cost = 1 << 30
    cdef THSuitView view
    view.ready = 0
    cdef uint64_t needed = th_needed_by(legal, h.trump)
    needed |= needed << 1  # both copies
    cdef uint64_t plain = cards & ~needed, meld_cards = cards & needed
    if pin_points_rise(r.rank_points):
        best = th_cheapest_lowest(h, r, pin_lowest_per_suit(plain), &view)
        if best >= 0:
            best_cost = th_card_cost(best, h.trump, r.rank_points)
    else:
        while plain:
            c = lsb(plain)
            plain &= plain - 1
            cost = th_card_cost(c, h.trump, r.rank_points)
            if cost < best_cost or (cost == best_cost and th_before(h, c, best, &view)):
                best, best_cost = c, cost
    while meld_cards:
        c = lsb(meld_cards)
        meld_cards &= meld_cards - 1
        cost = th_card_cost(c, h.trump, r.rank_points)
        if cost > best_cost or (cost == best_cost and not th_before(h, c, best, &view)):
            continue  # its meld loss can only add
        cost += th_meld_loss(h, legal, c, r) // 2
        if cost < best_cost or (cost == best_cost and th_before(h, c, best, &view)):
            best, best_cost = c, cost
    return best

# -- random --------------------------------------------------------------------

cdef inline void th_random_meld_action(THHand* h, const THRules* r) noexcept nogil:
    cdef int melds = 0 if h.melded else th_legal_melds(h, h.to_act)
    cdef int n = popcount(<uint64_t>melds), ex = th_can_exchange(h, h.to_act)
    cdef int k = rng_below(&h.rng, n + ex + 1)
    if k < n:
        th_declare(h, r, nth_bit(<uint64_t>melds, k))
    elif k < n + ex:
        th_exchange(h, r)
    else:
        th_draw(h, r)

# -- heuristic -----------------------------------------------------------------

cdef inline void th_heuristic_meld_action(THHand* h, const THRules* r) noexcept nogil:
    """Exchange the dix when possible, then declare the most valuable legal meld, then draw.

    Between marriages of equal value in two plain suits: the suit with the smaller
    th_suit_keys key (never the suit order)."""
    cdef int melds, d, best = -1, best_value = -1, v
    cdef THSuitView view
    view.ready = 0
    if th_can_exchange(h, h.to_act):
        th_exchange(h, r)
        return
    melds = 0 if h.melded else th_legal_melds(h, h.to_act)
    while melds:  # the legal declarations, in order
        d = lsb(<uint64_t>melds)
        melds &= melds - 1
        v = r.meld_value[th_kind_of(d)]
        if v > best_value or (v == best_value and TD_MARRIAGE <= d < TD_DIX and TD_MARRIAGE <= best < TD_DIX
                              and th_before(h, 16 * (d - TD_MARRIAGE), 16 * (best - TD_MARRIAGE), &view)):
            best, best_value = d, v
    if best >= 0:
        th_declare(h, r, best)
    else:
        th_draw(h, r)

cdef inline uint64_t th_sure_winners(uint64_t cards, uint64_t opp, int trump) noexcept nogil:
    """In the last 12 tricks (every card known): the cards of ``cards`` that win the trick when
    led against ``opp``, suit by suit: in a suit the opponent holds, those of the highest rank
    it holds or above (a twin led first wins); in a suit it lacks, all of them when the suit is
    trump or the opponent has no trump."""
    cdef uint64_t out = 0, lane, mine, follow
    cdef uint64_t opp_trumps = opp & lane_bb(trump)
    cdef int t
    for t in range(4):
        lane = lane_bb(t)
        mine = cards & lane
        if not mine:
            continue
        follow = opp & lane
        if follow:
            out |= mine & ~(bit_bb(msb(follow) & ~1) - 1)
        elif t == trump or not opp_trumps:
            out |= mine
    return out

cdef inline int th_heuristic_card(THHand* h, const THRules* r) noexcept nogil:
    """Stock phase: win (cheapest winner) when a meld is waiting or the trick holds
    counters, else throw the card that costs least, meld cards kept; lead the card
    that costs least.  Last 12 tricks: lead the cheapest sure winner (every card is
    known), else the cheapest card; follow with the cheapest legal card (the rule
    already makes it win when it can)."""
    cdef uint64_t legal = th_legal(h), winners
    cdef int s = h.to_act, lead, melds
    if not (legal & (legal - 1)):
        return lsb(legal)
    if h.phase == PH_PLAY:
        if h.n_in_trick == 0:
            winners = th_sure_winners(legal, h.hand[1 - s], h.trump)
            return th_cheapest_keep(h, r, winners if winners else legal, 0)
        return th_cheapest_keep(h, r, legal, 0)
    melds = th_legal_melds(h, s)  # once, for the follow test and th_cheapest_keep
    if h.n_in_trick == 0:
        return th_cheapest_keep(h, r, legal, melds)
    lead = h.trick[0]
    winners = cp_beaters(legal, lead, h.trump)
    if winners and (r.rank_points[rank_of(lead)] > 0 or melds != 0
                    or (rank_of(h.upcard) != R9 and (h.hand[s] & ((<uint64_t>3) << (16 * h.trump)) & ~h.used[TK_DIX]))):
        return th_cheapest_keep(h, r, winners, melds)
    if legal & ~winners:
        return th_cheapest_keep(h, r, legal & ~winners, melds)
    return th_cheapest_keep(h, r, legal, melds)

# -- dispatch ------------------------------------------------------------------

cdef inline void th_policy_step(THHand* h, const THRules* r, int policy) noexcept nogil:
    """Let ``policy`` take the one action due now."""
    cdef uint64_t from_hand, from_table
    cdef int n_hand, k
    if h.phase == PH_MELD:
        if policy == POLICY_HEURISTIC:
            th_heuristic_meld_action(h, r)
        else:
            th_random_meld_action(h, r)
    elif h.phase == PH_STOCK or h.phase == PH_PLAY:
        if policy == POLICY_HEURISTIC:
            th_play(h, r, th_better_move(h, th_heuristic_card(h, r)))
        else:
            from_hand = copies_one(th_legal(h))  # legal codes, then split by side
            from_table = from_hand & copies_one(h.table[h.to_act])
            from_hand &= copies_one(h.hand[h.to_act] & ~h.table[h.to_act])
            n_hand = popcount(from_hand)
            k = rng_below_trick(&h.rng, h.tricks_played, n_hand + popcount(from_table))
            if k < n_hand:
                th_play(h, r, nth_bit(from_hand, k))
            else:
                th_play(h, r, nth_bit(from_table, k - n_hand) | TH_FROM_TABLE)

cdef inline void th_play_out(THHand* h, const THRules* r, const int* policies) noexcept nogil:
    """Finish the hand with one policy per seat."""
    while h.phase != PH_DONE:
        th_policy_step(h, r, policies[h.to_act])
