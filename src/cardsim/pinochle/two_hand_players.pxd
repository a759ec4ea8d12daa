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
from cardsim.pinochle.cutthroat_players cimport cp_beaters, pin_holding_all
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
    """Between two cards of equal cost: the one of the suit with the smaller key, then the lower bit."""
    if (c >> 4) == (best >> 4):
        return c < best
    if not v.ready:
        th_suit_keys(h, v)
    cdef uint64_t kc = v.key[c >> 4], kb = v.key[best >> 4]
    return kc < kb or (kc == kb and c < best)

cdef inline int th_cheapest_keep(const THHand* h, const THRules* r, uint64_t cards, int legal) noexcept nogil:
    """The card of ``cards`` whose loss costs least: its trick value plus, while the stock
    lasts, half the meld it would break (ties: th_before, never the suit order).  ``legal``:
    th_legal_melds of the seat to act in the stock phase, 0 in the last 12 tricks (the
    caller has it already when it follows)."""
    cdef int c, d, cost, best = lsb(cards), best_cost = 1 << 30, decls = legal
    cdef THSuitView view
    view.ready = 0
    cdef uint64_t needed = 0  # copy-0 bits of the cards the legal declarations need
    while decls:
        d = lsb(<uint64_t>decls)
        decls &= decls - 1
        needed |= th_need(d, h.trump)
    while cards:
        c = lsb(cards)
        cards &= cards - 1
        cost = th_card_cost(c, h.trump, r.rank_points)
        if needed & bit_bb(c & ~1):
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
    for d in range(TH_DECLS):
        if not (melds >> d) & 1:
            continue
        v = r.meld_value[th_kind_of(d)]
        if v > best_value or (v == best_value and TD_MARRIAGE <= d < TD_DIX and TD_MARRIAGE <= best < TD_DIX
                              and th_before(h, 16 * (d - TD_MARRIAGE), 16 * (best - TD_MARRIAGE), &view)):
            best, best_value = d, v
    if best >= 0:
        th_declare(h, r, best)
    else:
        th_draw(h, r)

cdef inline bint th_sure_winner(int card, uint64_t opp, int trump) noexcept nogil:
    """In the last 12 tricks (every card known): does leading ``card`` win the trick?"""
    cdef uint64_t follow = suit_cards_bb(opp, card >> 4)
    if follow:
        return not (follow & beats_bb(card))
    return (card >> 4) == trump or not suit_cards_bb(opp, trump)

cdef inline int th_heuristic_card(THHand* h, const THRules* r) noexcept nogil:
    """Stock phase: win (cheapest winner) when a meld is waiting or the trick holds
    counters, else throw the card that costs least, meld cards kept; lead the card
    that costs least.  Last 12 tricks: lead the cheapest sure winner (every card is
    known), else the cheapest card; follow with the cheapest legal card (the rule
    already makes it win when it can)."""
    cdef uint64_t legal = th_legal(h), winners = 0, rest, opp
    cdef int s = h.to_act, c, lead, melds
    if not (legal & (legal - 1)):
        return lsb(legal)
    if h.phase == PH_PLAY:
        if h.n_in_trick == 0:
            opp = h.hand[1 - s]
            rest = legal
            while rest:
                c = lsb(rest)
                rest &= rest - 1
                if th_sure_winner(c, opp, h.trump):
                    winners |= bit_bb(c)
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
