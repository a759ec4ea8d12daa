# cython: language_level=3
"""The hands of Spades and Cutthroat Spades played in C (RULES.md section 3): module cardsim.spades.play.

The one module that compiles the spades engine and players (spades/engine.pxd, scoring.pxd,
players.pxd) for the batches and the step state: the batch of hands, the whole-game hooks and
action histories, the step state's contract on an SPHand (legal actions, apply, a policy's
decision), the bid tables and the exported copies of the engine's and players' functions
(spades/play.pxd).  No Python is defined here: the Python face (cardsim.spades.spades: the rules
struct, the step state, the table setters, the record dtype) calls these through function
pointers, one call a Python call, so its build compiles no inline engine code and this module's
C is the hot code alone (setup.py: the Python face's glue and the hot code apart, issue 10)."""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cython.parallel cimport prange

from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount
from cardsim._rng cimport Rng, rng_below, rng_next, rng_seed, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM
from cardsim._games cimport GDHistory, gd_history_loop
from cardsim.spades.engine cimport *
from cardsim.spades.scoring cimport *
from cardsim.spades.players cimport *


cdef uint64_t sp_play_barred(const SPHand* h, const SPRules* r, int card) noexcept nogil:
    """As eu_play_barred for spades: failing to follow proves a void; leading a spade before
    spades are broken (break_spades) proves the seat holds nothing but spades."""
    cdef SPHand t
    cdef uint64_t out = 0
    cdef int i, x
    t = h[0]
    for i in range(r.n_cards):
        x = r.cards[i]
        if x == card:
            continue
        t.hand[h.to_act] = bit_bb(card) | bit_bb(x)
        if not (sp_legal(&t, r) >> card) & 1:
            out |= bit_bb(x)
    return out


# -- the learned bid tables (spades/players.pxd reads them through SP_TABLES) ---------------
# The one copy of the tables; cardsim.spades.spades loads them (set_spades_bid_table), and it,
# spades/games.pyx and spades/odds.pyx point their SP_TABLES here (sp_bid_tables) when they are loaded.

cdef SPBidTables _sp_table_store
SP_TABLES = &_sp_table_store

cdef void* sp_bid_tables() noexcept nogil:
    return &_sp_table_store


cdef void sp_fill_bid_tables(int shape) noexcept nogil:
    """The entries of ``shape``'s tables derived from the loaded weights (spades/players.pxd:
    sp_fill_side_weights, then the count's spade holding and nil's exposure, then the products')."""
    sp_fill_side_weights(SP_TABLES, shape)
    sp_fill_count_spade_c(SP_TABLES, shape)
    sp_fill_exposure_c(SP_TABLES, shape)
    sp_fill_pair_weights(SP_TABLES, shape)


# -- batch simulation ----------------------------------------------------------------

cdef void sp_simulate_one(const SPRules* r, uint64_t seed, int64_t index, const int* policies,
                          SPRecord* out) noexcept nogil:
    """Deal and play hand ``index`` of the batch keyed by ``seed`` from zero game context."""
    cdef SPHand h
    sp_new_hand(&h, r, seed, <uint64_t>index, <int>(index % r.seats))
    sp_play_out(&h, r, policies)
    sp_hand_record(&h, r, out)


cdef void sp_hand_record(const SPHand* h, const SPRules* r, void* record) noexcept nogil:
    """The finished hand's SPRecord (solver/_pimc.pyx writes its batches' records with it too)."""
    cdef SPRecord* out = <SPRecord*>record
    cdef int s
    out.dealer = h.dealer
    out.leader = h.first_leader
    for s in range(SP_MAX_SEATS):
        if s < r.seats:
            out.score[s] = h.score[s]
            out.bag_penalty[s] = h.bag_penalty[s]
            out.bags_after[s] = h.bags_after[s]
            out.bid[s] = h.bid[s]
            out.kind[s] = h.kind[s]
            out.tricks[s] = h.tricks[s]
            out.bags[s] = h.bags[s]
            out.prize[s] = h.prize[s]
            out.made[s] = h.made[s]
        else:
            out.score[s] = out.bag_penalty[s] = out.bags_after[s] = 0
            out.bid[s] = out.kind[s] = -1
            out.tricks[s] = out.bags[s] = out.prize[s] = out.made[s] = 0


cdef void sp_simulate_batch(const SPRules* r, uint64_t seed, int64_t start, const int* policies, SPRecord* out,
                            Py_ssize_t n, int threads) noexcept nogil:
    """Play hands ``start .. start+n-1`` of the batch keyed by ``seed`` into ``out`` (simulate_spades):
    hand i depends only on (seed, i)."""
    cdef Py_ssize_t i
    for i in prange(n, schedule="dynamic", chunksize=256, num_threads=max(1, threads)):
        sp_simulate_one(r, seed, start + i, policies, &out[i])


# -- one hand, step by step ---------------------------------------------------------

cdef int sp_bid_code_action(int code) noexcept nogil:
    """sp_bid_action for the other modules (cardsim.solver._pimc's histories of PIMC bids)."""
    return sp_bid_action(code)


cdef enum:
    SP_HISTORY_CAP = 128        # most actions a hand can take: a bid a seat and 54 cards


cdef int sp_step_actions(void* hand, const void* rules, const int* policies, int* out, int* seat) noexcept nogil:
    """One decision of the seat to act by its policy, as its one action (docs/actions.md) into
    ``out``; returns 1, -1 once the hand is over (a gd_step_fn)."""
    cdef SPHand* h = <SPHand*>hand
    if h.phase == SP_PH_DONE:
        return -1
    seat[0] = h.to_act
    out[0] = sp_step_action(h, <const SPRules*>rules, policies[h.to_act])
    return 1


cdef inline int sp_step_action(SPHand* h, const SPRules* r, int policy) noexcept nogil:
    """One decision by ``policy`` for the seat to act (sp_policy_step), as its action (docs/actions.md)."""
    cdef SPHand before = h[0]
    cdef int s = h.to_act
    sp_policy_step(h, r, policy)
    if before.phase == SP_PH_BID:
        return sp_bid_action((h.kind[s] << 5) | h.bid[s])
    return sp_card_action(<int>lsb(before.hand[s] & ~h.hand[s]))


cdef int sp_history_deal(const void* hand, const void* rules, GDHistory* hist, bint write) noexcept nogil:
    """The deal row (a gd_row_fn): each seat's cards; extra: dealer, 0 redeals, then the game so
    far at the deal (scores, bags, blind 6 bids used; one per seat each), as a replay needs it."""
    cdef const SPHand* h = <const SPHand*>hand
    cdef int s, S = (<const SPRules*>rules).seats
    if write:
        hist.extra[0], hist.extra[1] = h.dealer, 0
        for s in range(S):
            hist.deal[s] = h.hand[s]
            hist.extra[2 + s] = h.game_score[s]
            hist.extra[2 + S + s] = h.game_bags[s]
            hist.extra[2 + 2 * S + s] = h.blind6_used[s]
    return 0


cdef int sp_gd_history(void* hand, const void* rules, const int* policies, GDHistory* hist) noexcept nogil:
    return gd_history_loop(hand, rules, policies, hist, SP_HISTORY_CAP, sp_step_actions, sp_history_deal)


cdef void sp_gd_new(void* hand, const void* rules, uint64_t seed, uint64_t stream, int dealer) noexcept nogil:
    sp_new_hand(<SPHand*>hand, <const SPRules*>rules, seed, stream, dealer)


cdef int sp_history_cap() noexcept nogil:
    return SP_HISTORY_CAP


# -- the step state's contract (cardsim.spades.spades.SpadesState) -----------------------

cdef int sp_legal_actions(const SPHand* h, const SPRules* r, int* out) noexcept nogil:
    """The legal actions, ascending, into ``out``; their number."""
    cdef int bids[SP_MAX_BIDS]
    cdef int i, j, a, n = 0
    cdef uint64_t m
    if h.phase == SP_PH_BID:
        n = sp_legal_bids(h, r, bids)
        for i in range(n):  # insertion sort: the bid codes are not in action order
            a = sp_bid_action(bids[i])
            j = i
            while j > 0 and out[j - 1] > a:
                out[j] = out[j - 1]; j -= 1
            out[j] = a
        return n
    if h.phase != SP_PH_PLAY:
        return 0
    m = sp_legal(h, r)
    while m:
        a = sp_card_action(<int>lsb(m))
        j = n  # bits ascend but the jokers sit below the hearts: keep the actions sorted
        while j > 0 and out[j - 1] > a:
            out[j] = out[j - 1]; j -= 1
        out[j] = a; n += 1
        m &= m - 1
    return n


cdef void sp_apply_action(SPHand* h, const SPRules* r, int action) noexcept nogil:
    """Apply the legal ``action``; a card adds what it proves to the seat's barred cards (sp_play_barred)."""
    cdef int bids[SP_MAX_BIDS]
    cdef int i, n
    cdef int card
    if action < SP_CARD_ACTIONS:
        card = sp_action_card(action)
        h.barred[h.to_act] |= sp_play_barred(h, r, card)
        sp_play(h, r, card)
        return
    n = sp_legal_bids(h, r, bids)
    for i in range(n):
        if sp_bid_action(bids[i]) == action:
            sp_bid(h, r, bids[i])
            return


cdef int sp_policy_action(SPHand* h, const SPRules* r, int policy) noexcept nogil:
    """The decision of ``policy`` for the seat to act, applied (sp_step_action); a card adds what it
    proves to the seat's barred cards.  Its action."""
    cdef SPHand before = h[0]
    cdef int s = h.to_act
    cdef int action = sp_step_action(h, r, policy)
    if before.phase != SP_PH_BID:
        h.barred[s] |= sp_play_barred(&before, r, <int>lsb(before.hand[s] & ~h.hand[s]))
    return action


# -- the engine's and players' functions for other modules (spades/play.pxd) -----------------------

cdef int sp_ext_heuristic_card(SPHand* h, const SPRules* r) noexcept nogil:
    return sp_heuristic_card(h, r)


cdef int sp_ext_random_card(SPHand* h, const SPRules* r) noexcept nogil:
    return sp_random_card(h, r)


cdef int sp_ext_heuristic_bid(SPHand* h, const SPRules* r) noexcept nogil:
    return sp_heuristic_bid(h, r)


cdef void sp_ext_policy_step(SPHand* h, const SPRules* r, int policy) noexcept nogil:
    sp_policy_step(h, r, policy)


cdef void sp_ext_play(SPHand* h, const SPRules* r, int card) noexcept nogil:
    sp_play(h, r, card)


cdef void sp_ext_play_out(SPHand* h, const SPRules* r, const int* policies) noexcept nogil:
    sp_play_out(h, r, policies)


cdef void sp_ext_set_game_top(SPHand* h, const SPRules* r) noexcept nogil:
    sp_set_game_top(h, r)


cdef uint64_t sp_ext_legal(const SPHand* h, const SPRules* r) noexcept nogil:
    return sp_legal(h, r)


cdef int sp_ext_legal_bids(const SPHand* h, const SPRules* r, int* out) noexcept nogil:
    return sp_legal_bids(h, r, out)


cdef bint sp_ext_bid_legal(const SPHand* h, const SPRules* r, int code) noexcept nogil:
    return sp_bid_legal(h, r, code)


cdef void sp_ext_bid(SPHand* h, const SPRules* r, int code) noexcept nogil:
    sp_bid(h, r, code)


cdef void sp_ext_finish(SPHand* h, const SPRules* r) noexcept nogil:
    sp_finish(h, r)


cdef void sp_ext_carry(SPHand* h, const SPRules* r) noexcept nogil:
    sp_carry(h, r)


cdef void sp_ext_next_hand(SPHand* h, const SPRules* r, int dealer) noexcept nogil:
    sp_next_hand(h, r, dealer)


cdef int sp_ext_game_winner(const SPHand* h, const SPRules* r) noexcept nogil:
    return sp_game_winner(h, r)


cdef int sp_ext_estimate(uint64_t cards, const SPRules* r) noexcept nogil:
    return sp_estimate(cards, r)


cdef void sp_ext_features(uint64_t cards, const SPRules* r, int* f) noexcept nogil:
    sp_features(cards, r, f)


cdef void sp_ext_suit_nil_terms(int cards, int* g) noexcept nogil:
    sp_suit_nil_terms(cards, g)


cdef int sp_ext_learned_count(uint64_t cards, const SPRules* r, int* f) noexcept nogil:
    return sp_learned_count(cards, r, f)

