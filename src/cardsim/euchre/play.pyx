# cython: language_level=3
"""The hands of Euchre and Cutthroat Euchre played in C (RULES.md section 4): module cardsim.euchre.play.

The one module that compiles the euchre engine, players and odds trial (euchre/engine.pxd,
players.pxd, odds.pxd) for the batches and the step state: the batches of hands, odds trials and
deals, the whole-game hooks and action histories, the step state's contract on an EUHand (legal
actions, apply, a policy's decision), the hidden cards' places, the learned table and the
exported copies of the engine's, players' and odds trial's functions (euchre/play.pxd).  No
Python is defined here: the Python face (cardsim.euchre.euchre: the rules struct, the step state,
the table setters, the record dtypes) calls these through function pointers, one call a Python
call, so its build compiles no inline engine code and this module's C is the hot code alone
(setup.py: the Python face's glue and the hot code apart, issue 10)."""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memset
from cython.parallel cimport prange

from cardsim._bits cimport ALL_LANES_BB, bit_bb, lsb, popcount
from cardsim._rng cimport rng_seed_hand
from cardsim._games cimport GD_STEP_MAX, GDGame, GDHistory, GDResult, gd_hand_stream, gd_history_loop
from cardsim.euchre.engine cimport *
from cardsim.euchre.players cimport *
from cardsim.euchre.odds cimport *
from cardsim.euchre.odds_columns cimport *

# -- the learned decision table (euchre/players.pxd reads it through EU_TABLES) ---------------
# The one copy; cardsim.euchre.euchre loads it (set_euchre_bid_table) and cardsim._odds_conditions
# reaches it through this module's exported players.

cdef EUBidTables _eu_table_store
EU_TABLES = &_eu_table_store

cdef void* eu_bid_tables() noexcept nogil:
    return &_eu_table_store


cdef void eu_fold_bid_table(int g) noexcept nogil:
    """Game ``g``'s make and alone rows folded for eu_gain (eu_gain_fold), once its coefficients are in."""
    cdef int k, p
    for k in range(2):
        for p in range(EU_T_POS):
            eu_gain_fold(_eu_table_store.make[g][k][p], &_eu_table_store.make_gain[g][k][p])
            eu_gain_fold(_eu_table_store.alone[g][k][p], &_eu_table_store.alone_gain[g][k][p])


# -- batches ---------------------------------------------------------------------------

cdef void eu_simulate_one(const EURules* r, uint64_t seed, int64_t index, const int* policies,
                          EURecord* out) noexcept nogil:
    """Deal and play hand ``index`` of the batch keyed by ``seed``; write its record."""
    cdef EUHand h
    eu_new_hand(&h, r, seed, <uint64_t>index, <int>(index % r.seats))
    eu_play_out(&h, r, policies)
    eu_hand_record(&h, r, out)


cdef void eu_hand_record(const EUHand* h, const EURules* r, void* record) noexcept nogil:
    """The finished hand's EURecord (solver/_pimc.pyx writes its batches' records with it too)."""
    cdef EURecord* out = <EURecord*>record
    cdef int s
    memset(out, 0, sizeof(EURecord))
    out.redeals = h.redeals
    out.dealer = h.dealer
    out.maker = h.maker
    out.trump = h.trump
    out.round = h.round
    out.maker_alone = h.maker_alone
    out.lone_defender = h.lone_defender
    out.picked_up = h.picked_up
    out.euchred = h.euchred
    out.team_points[0] = h.team_points[0]
    out.team_points[1] = h.team_points[1]
    for s in range(r.seats):
        out.tricks[s] = h.tricks[s]
        out.points[s] = h.points[s]


cdef void eu_simulate_batch(const EURules* r, uint64_t seed, int64_t start, const int* policies, EURecord* out,
                            Py_ssize_t n, int threads) noexcept nogil:
    """Play hands ``start .. start+n-1`` of the batch keyed by ``seed`` into ``out`` (simulate_euchre)."""
    cdef Py_ssize_t i
    for i in prange(n, schedule="dynamic", chunksize=256, num_threads=max(1, threads)):
        eu_simulate_one(r, seed, start + i, policies, &out[i])


cdef void eu_odds_batch(const EURules* r, uint64_t hand, int upcard, int seat, int dealer, uint64_t seed, int64_t start,
                        const int* policies, int16_t* out, Py_ssize_t n, int threads) noexcept nogil:
    """Action-odds trials ``start .. start+n-1`` into ``out``, EUO_COLUMNS a row (euchre_odds)."""
    cdef Py_ssize_t i
    for i in prange(n, schedule="dynamic", chunksize=64, num_threads=max(1, threads)):
        eu_odds_trial(r, hand, upcard, seat, dealer, seed, start + i, policies, &out[i * EUO_COLUMNS])


cdef void eu_odds_deals(const EURules* r, uint64_t hand, int upcard, int seat, int dealer, uint64_t seed, int64_t start,
                        uint64_t* out, Py_ssize_t n) noexcept nogil:
    """The deals of trials ``start .. start+n-1`` (physical masks), 6 a row: hands per seat (4), dummy, kitty."""
    cdef EUHand h
    cdef Py_ssize_t i
    cdef int s
    for i in range(n):
        rng_seed_hand(&h.deal_rng, &h.rng, seed, <uint64_t>(start + i))
        eu_odds_deal(&h, r, hand, upcard, seat, dealer)
        for s in range(4):
            out[6 * i + s] = h.hand[s]
        out[6 * i + 4] = h.dummy
        out[6 * i + 5] = h.kitty


cdef void eu_odds_summary(const int16_t* table, Py_ssize_t n, int opponents, int64_t* count, int64_t* total) noexcept nogil:
    """euchre_odds_summary's pass over ``n`` rows of EUO_COLUMNS: ``count`` (EUO_ACTIONS rows of
    EUO_NOT_OPEN + 1) the trials of each action slot by outcome, ``total`` (EUO_ACTIONS rows of 3) the
    player's points, the opponents' and the square of the net points times ``opponents``, summed
    (both zeroed here)."""
    cdef Py_ssize_t i
    cdef int a, own, opp, outcome, net
    cdef const int16_t* row
    memset(count, 0, EUO_ACTIONS * (EUO_NOT_OPEN + 1) * sizeof(int64_t))
    memset(total, 0, EUO_ACTIONS * 3 * sizeof(int64_t))
    for i in range(n):
        row = &table[i * EUO_COLUMNS]
        for a in range(EUO_ACTIONS):
            own, opp, outcome = row[EUO_PER_ACTION * a], row[EUO_PER_ACTION * a + 1], row[EUO_PER_ACTION * a + 2]
            if outcome < 0 or outcome > EUO_NOT_OPEN:
                outcome = EUO_NOT_OPEN
            count[a * (EUO_NOT_OPEN + 1) + outcome] += 1
            net = opponents * own - opp
            total[3 * a] += own
            total[3 * a + 1] += opp
            total[3 * a + 2] += net * net


# Each hand's deal, for hand batches on request (Game.simulate(n, deals=True)).  Hand i on stream i
# for dealer i % seats; the deal it plays is the last of its bidding (all passing twice deals again),
# so the bidding is stepped as eu_play_out steps it and the cards read before each step (physical
# masks until trump is made): hands, upcard, kitty (the undealt cards, the upcard among them), dummy
# (cutthroat).

cdef void eu_deal_of(const EURules* r, uint64_t seed, int64_t index, const int* policies, uint64_t* out,
                     int8_t* dealer) noexcept nogil:
    cdef EUHand h
    cdef int s
    eu_new_hand(&h, r, seed, <uint64_t>index, <int>(index % r.seats))
    while True:
        for s in range(r.seats):
            out[s] = h.hand[s]
        out[r.seats] = bit_bb(h.upcard)
        out[r.seats + 1] = h.kitty
        if not r.partnership:
            out[r.seats + 2] = h.dummy
        dealer[0] = h.dealer
        if h.maker >= 0 or h.phase == EPH_DONE:
            return
        eu_policy_step(&h, r, policies[h.to_act])
        if h.maker >= 0 or h.phase == EPH_DONE:
            return


cdef void eu_hand_deals(const EURules* r, uint64_t seed, int64_t start, const int* policies, uint64_t* out,
                        int8_t* dealers, Py_ssize_t n, int threads) noexcept nogil:
    """The deals hands ``start .. start+n-1`` played (euchre_hand_deals): per row of ``out`` each seat's
    cards, the upcard, the kitty and (cutthroat) the dummy, and the dealer into ``dealers``."""
    cdef int columns = r.seats + (2 if r.partnership else 3)
    cdef Py_ssize_t i
    for i in prange(n, schedule="static", num_threads=max(1, threads)):
        eu_deal_of(r, seed, start + i, policies, &out[i * columns], &dealers[i])


# -- one hand, step by step ---------------------------------------------------------

cdef inline int eu_card_action(int bit) noexcept nogil:
    """Physical card bit -> its action (6*suit + rank)."""
    return 6 * (bit >> 4) + (bit & 15)


cdef inline int eu_action_bit(int action) noexcept nogil:
    return 16 * (action // 6) + action % 6


cdef inline uint64_t eu_deck_now(const EUHand* h) noexcept nogil:
    """The 24 cards in the hand's encoding now (effective once trump is made)."""
    cdef uint64_t deck = <uint64_t>0x3F * ALL_LANES_BB
    return deck if h.trump < 0 else eu_effective(deck, h.trump)


cdef uint64_t eu_play_barred(const EUHand* h, int card, uint64_t deck) noexcept nogil:
    """The cards of ``deck`` that the seat to act cannot hold, given that it plays ``card`` now:
    each x such that from the hand {card, x} the play would not be legal (failing to follow the
    led effective suit proves a void in it; the left bower belongs to trump)."""
    cdef EUHand t
    cdef uint64_t out = 0, rest
    cdef int x
    if h.n_in_trick == 0:
        return 0
    t = h[0]
    rest = deck & ~bit_bb(card)
    while rest:
        x = <int>lsb(rest)
        rest &= rest - 1
        t.hand[h.to_act] = bit_bb(card) | bit_bb(x)
        if not (eu_legal(&t) >> card) & 1:
            out |= bit_bb(x)
    return out


cdef int eu_step_actions(void* hand, const void* rules, const int* policies, int* out, int* seat) noexcept nogil:
    """One decision of the seat to act by its policy (eu_policy_step), written as the actions it
    amounts to (docs/actions.md) into ``out`` (at most 5: the cutthroat merge); returns how many,
    -1 once the hand is over (a gd_step_fn)."""
    cdef EUHand* h = <EUHand*>hand
    cdef const EURules* r = <const EURules*>rules
    if h.phase == EPH_DONE:
        return -1
    cdef EUHand before = h[0]
    cdef int s = h.to_act, n = 0, ph = h.phase
    cdef uint64_t cards
    cdef bint made
    seat[0] = s
    eu_policy_step(h, r, policies[s])
    if ph == EPH_BID1:
        out[0] = EU_A_ORDER if h.maker == s and before.maker < 0 else EU_A_PASS
        return 1
    if ph == EPH_PICKUP:
        out[0] = EU_A_PICK_UP if h.picked_up else EU_A_LEAVE
        return 1
    if ph == EPH_BID2:
        made = h.maker == s and before.maker < 0 and h.redeals == before.redeals
        out[0] = EU_A_NAME + h.trump if made else EU_A_PASS
        return 1
    if ph == EPH_ALONE:
        out[0] = EU_A_ALONE if h.maker_alone else EU_A_NOT_ALONE
        return 1
    if ph == EPH_DEFEND:
        out[0] = EU_A_ALONE if h.lone_defender == s else EU_A_NOT_ALONE
        return 1
    # a card: played, the dealer's discard, or the five the maker puts away
    cards = eu_physical((h.played & ~before.played) | (h.discard & ~before.discard), h.trump)
    while cards:
        out[n] = eu_card_action(<int>lsb(cards)); n += 1
        cards &= cards - 1
    return n


cdef int eu_hidden_places(const EUHand* h, const EURules* r, int seat, uint64_t* known_out, uint64_t* hidden_out,
                          uint64_t* where, uint64_t* barred, int* cap, int* place) noexcept nogil:
    """The places of the cards ``seat`` cannot see (docs/actions.md, Resampling), as the step
    state's resample and PIMC's worlds read them; returns how many.  Per place: its cards
    (``where``), those it is proven not to hold (``barred``), its hidden cards' count (``cap``)
    and what it is (``place``: a seat, or EU_PLACE_KITTY, _DUMMY, _DISCARD); ``known_out``: the
    cards the seat sees, ``hidden_out``: the others."""
    cdef uint64_t known, up = bit_bb(h.upcard), hidden = 0
    cdef int s, p, n = 0
    known = h.hand[seat] | h.played
    if not h.picked_up or seat == h.dealer:  # the upcard lies in the kitty, or the seat took it
        known |= up
    if seat == h.dealer:
        known |= h.dealer_discard
    if not r.partnership and seat == h.maker and not h.maker_alone and h.phase >= EPH_MERGE and h.dummy == 0:
        known |= h.discard & ~h.dealer_discard     # the maker merged: it saw the dummy
    for s in range(r.seats):
        if s != seat:
            where[n] = h.hand[s]; barred[n] = h.barred[s]; place[n] = s; n += 1
    where[n] = h.kitty; barred[n] = 0; place[n] = EU_PLACE_KITTY; n += 1
    if not r.partnership:
        where[n] = h.dummy; barred[n] = 0; place[n] = EU_PLACE_DUMMY; n += 1
    where[n] = h.discard; barred[n] = 0; place[n] = EU_PLACE_DISCARD; n += 1
    if h.picked_up and not known & up:  # taken up: the dealer holds it or discarded it, which
        for p in range(n):                # the seat cannot tell (the dealer's voids may)
            if place[p] != h.dealer and place[p] != EU_PLACE_DISCARD:
                barred[p] |= up
    for p in range(n):
        cap[p] = popcount(where[p] & ~known)
        hidden |= where[p] & ~known
    known_out[0] = known
    hidden_out[0] = hidden
    return n


# -- the step state's contract (cardsim.euchre.euchre.EuchreState) -----------------------

cdef int eu_legal_actions(const EUHand* h, const EURules* r, int* out) noexcept nogil:
    """The legal actions, ascending, into ``out``; their number."""
    cdef uint64_t m
    cdef int n = 0, s
    if h.phase == EPH_BID1:
        out[0] = EU_A_PASS; out[1] = EU_A_ORDER
        return 2
    if h.phase == EPH_PICKUP:
        out[0] = EU_A_PICK_UP; out[1] = EU_A_LEAVE
        return 2
    if h.phase == EPH_BID2:
        if eu_may_pass2(h, r):
            out[n] = EU_A_PASS; n += 1
        for s in range(4):
            if s != h.upcard >> 4:
                out[n] = EU_A_NAME + s; n += 1
        return n
    if h.phase == EPH_ALONE or h.phase == EPH_DEFEND:
        out[0] = EU_A_ALONE; out[1] = EU_A_NOT_ALONE
        return 2
    if h.phase == EPH_DISCARD:
        m = h.hand[h.dealer]
    elif h.phase == EPH_MERGE:
        m = h.hand[h.maker]
    elif h.phase == EPH_PLAY:
        m = eu_legal(h)
    else:
        return 0
    if h.trump >= 0:
        m = eu_physical(m, h.trump)
    while m:  # ascending bits are ascending actions
        out[n] = eu_card_action(<int>lsb(m)); n += 1
        m &= m - 1
    return n


cdef void eu_apply_action(EUHand* h, const EURules* r, int action) noexcept nogil:
    """Apply the legal ``action``; a card played adds what it proves to the seat's barred cards (eu_play_barred)."""
    cdef int card
    if action < EU_CARD_ACTIONS:
        card = eu_action_bit(action)
        if h.trump >= 0:
            card = eu_effective_card(card, h.trump)
        if h.phase == EPH_PLAY:
            h.barred[h.to_act] |= eu_play_barred(h, card, eu_deck_now(h))
            eu_play(h, r, card)
        elif h.phase == EPH_DISCARD:
            eu_discard(h, r, card)
        else:  # merge: one of the five the maker puts away; the fifth ends the merge
            h.hand[h.maker] &= ~bit_bb(card)
            h.discard |= bit_bb(card)
            if popcount(h.hand[h.maker]) == 5:
                eu_merge(h, r, h.hand[h.maker])
    elif action == EU_A_PASS:
        if h.phase == EPH_BID1:
            eu_bid1(h, r, 0)
        else:
            eu_bid2(h, r, -1)
    elif action == EU_A_ORDER:
        eu_bid1(h, r, 1)
    elif action == EU_A_PICK_UP or action == EU_A_LEAVE:
        eu_pickup(h, r, action == EU_A_PICK_UP)
    elif action < EU_A_ALONE:
        eu_bid2(h, r, action - EU_A_NAME)
    elif h.phase == EPH_ALONE:
        eu_alone(h, r, action == EU_A_ALONE)
    else:
        eu_defend(h, r, action == EU_A_ALONE)


cdef int eu_policy_actions(EUHand* h, const EURules* r, const int* game_score, int policy, int* out) noexcept nogil:
    """The decision of ``policy`` for the seat to act, its players told the game so far (eu_rules_near_game
    of ``game_score``), applied (eu_step_actions), as the actions it amounts to into ``out`` (at most
    GD_STEP_MAX); a card played adds what it proves to the seat's barred cards.  Their number."""
    cdef EUHand before = h[0]
    cdef int s = h.to_act, i, n
    cdef int pol[EU_MAX_SEATS]
    cdef EURules near
    for i in range(EU_MAX_SEATS):
        pol[i] = policy
    eu_rules_near_game(r, game_score, &near)
    n = eu_step_actions(h, &near, pol, out, &s)
    if before.phase == EPH_PLAY:
        h.barred[s] |= eu_play_barred(&before, <int>lsb(h.played & ~before.played), eu_deck_now(&before))
    return n


# -- whole games: the hooks of the batch driver (cardsim._games, _games.pxd) ---------------------
# Hand k of game g is dealt on stream gd_hand_stream(g, k) for the dealer due (left of the last
# deal's dealer, redeals included).  Euchre scores per team (0 = seats 0+2), Cutthroat Euchre per
# player; the driver's rule ends the game (highest alone once a side reaches target_score; a tie
# plays on).  Counts are per side: the side that made trump, was euchred, marched, went alone.

cdef void eu_gd_new(void* hand, const void* rules, uint64_t seed, uint64_t stream, int dealer) noexcept nogil:
    cdef EUGameHand* gh = <EUGameHand*>hand
    cdef int zero[3]
    zero[0] = zero[1] = zero[2] = 0
    eu_new_hand(&gh.h, <const EURules*>rules, seed, stream, dealer)
    eu_rules_near_game(<const EURules*>rules, zero, &gh.near)


cdef void eu_gd_deal(void* hand, void* game, const void* rules, uint64_t seed, uint64_t game_stream, int k,
                     int dealer) noexcept nogil:
    """Hand ``k`` on stream gd_hand_stream(game_stream, k) (as new_hand would deal it), its players
    told the game so far (eu_rules_near_game: going alone near game)."""
    cdef EUGameHand* gh = <EUGameHand*>hand
    cdef const EUGame* g = <const EUGame*>game
    cdef int score[3]
    cdef int s
    for s in range(3):
        score[s] = g.score[s]
    eu_new_hand(&gh.h, <const EURules*>rules, seed, gd_hand_stream(game_stream, k), dealer)
    eu_rules_near_game(<const EURules*>rules, score, &gh.near)


cdef void eu_gd_play(void* hand, const void* rules, const int* policies) noexcept nogil:
    cdef EUGameHand* gh = <EUGameHand*>hand
    eu_play_out(&gh.h, &gh.near, policies)


cdef const void* eu_game_hand_rules(const void* hand) noexcept nogil:
    """The rules hand ``hand`` (an EUGameHand) of a game is played under: eu_rules_near_game's copy
    of the game so far, as eu_gd_play hands its players (cardsim.solver._pimc's games too)."""
    return &(<const EUGameHand*>hand).near


cdef int eu_gd_end(void* hand, void* game, const void* rules, int32_t* points) noexcept nogil:
    cdef EUHand* h = <EUHand*>hand
    cdef EUGame* g = <EUGame*>game
    cdef const EURules* r = <const EURules*>rules
    cdef int s, side, side_tricks = 0
    if r.partnership:
        points[0] = h.team_points[0]
        points[1] = h.team_points[1]
    else:
        for s in range(r.seats):
            points[s] = h.points[s]
    for s in range(2 if r.partnership else r.seats):
        g.score[s] += points[s]
    if h.maker >= 0:
        side = h.maker & 1 if r.partnership else h.maker
        for s in range(r.seats):
            if eu_same_side(h, r, s, h.maker):
                side_tricks += h.tricks[s]
        g.makes[side] += 1
        g.euchred[side] += h.euchred != 0
        g.marches[side] += side_tricks == EU_TRICKS
        g.alone[side] += h.maker_alone != 0
    return h.dealer


cdef void eu_gd_record(const void* hand, const void* game, const void* rules, const GDResult* res,
                       void* out) noexcept nogil:
    cdef const EUGame* g = <const EUGame*>game
    cdef EUGameRecord* rec = <EUGameRecord*>out
    cdef int s, sides = 2 if (<const EURules*>rules).partnership else (<const EURules*>rules).seats
    rec.hands = res.hands
    rec.winner = res.winner
    rec.first_dealer = res.first_dealer
    for s in range(sides):
        rec.score[s] = res.score[s]
        rec.makes[s] = g.makes[s]
        rec.euchred[s] = g.euchred[s]
        rec.marches[s] = g.marches[s]
        rec.alone[s] = g.alone[s]


cdef int eu_history_deal(const void* hand, const void* rules, GDHistory* hist, bint write) noexcept nogil:
    """The deal row (a gd_row_fn; physical masks, bidding not yet over): each seat's cards, the
    upcard, the kitty and (cutthroat) the dummy; extra: dealer, redeals."""
    cdef const EUHand* h = <const EUHand*>hand
    cdef const EURules* r = <const EURules*>rules
    cdef int s
    if write:
        for s in range(r.seats):
            hist.deal[s] = h.hand[s]
        hist.deal[r.seats] = bit_bb(h.upcard)
        hist.deal[r.seats + 1] = h.kitty
        if not r.partnership:
            hist.deal[r.seats + 2] = h.dummy
        hist.extra[0], hist.extra[1] = h.dealer, h.redeals
    return h.redeals


cdef int eu_gd_history(void* hand, const void* rules, const int* policies, GDHistory* hist) noexcept nogil:
    cdef EUGameHand* gh = <EUGameHand*>hand
    return gd_history_loop(&gh.h, &gh.near, policies, hist, EU_HISTORY_CAP, eu_step_actions, eu_history_deal)


cdef void eu_game_hooks(GDGame* g) noexcept nogil:
    """The hooks of a euchre game (either game: the rules say which) and its history's cap, set in ``g``."""
    g.new_hand, g.play_out, g.end_hand, g.record = eu_gd_new, eu_gd_play, eu_gd_end, eu_gd_record
    g.deal = eu_gd_deal
    g.play_history, g.history_cap = eu_gd_history, EU_HISTORY_CAP


# -- the engine's, players' and odds trial's functions for other modules (euchre/play.pxd) --------

cdef void eu_ext_new_hand(EUHand* h, const EURules* r, uint64_t seed, uint64_t stream, int dealer) noexcept nogil:
    eu_new_hand(h, r, seed, stream, dealer)


cdef void eu_ext_start_bidding(EUHand* h, const EURules* r) noexcept nogil:
    eu_start_bidding(h, r)


cdef void eu_ext_bid1(EUHand* h, const EURules* r, bint order) noexcept nogil:
    eu_bid1(h, r, order)


cdef void eu_ext_pickup(EUHand* h, const EURules* r, bint take) noexcept nogil:
    eu_pickup(h, r, take)


cdef void eu_ext_discard(EUHand* h, const EURules* r, int card) noexcept nogil:
    eu_discard(h, r, card)


cdef bint eu_ext_may_pass2(const EUHand* h, const EURules* r) noexcept nogil:
    return eu_may_pass2(h, r)


cdef void eu_ext_bid2(EUHand* h, const EURules* r, int suit) noexcept nogil:
    eu_bid2(h, r, suit)


cdef void eu_ext_alone(EUHand* h, const EURules* r, bint alone) noexcept nogil:
    eu_alone(h, r, alone)


cdef void eu_ext_merge(EUHand* h, const EURules* r, uint64_t keep) noexcept nogil:
    eu_merge(h, r, keep)


cdef void eu_ext_defend(EUHand* h, const EURules* r, bint alone) noexcept nogil:
    eu_defend(h, r, alone)


cdef uint64_t eu_ext_legal(const EUHand* h) noexcept nogil:
    return eu_legal(h)


cdef void eu_ext_play(EUHand* h, const EURules* r, int card) noexcept nogil:
    eu_play(h, r, card)


cdef void eu_ext_score(EUHand* h, const EURules* r) noexcept nogil:
    eu_score(h, r)


cdef int eu_ext_heuristic_card(const EUHand* h, const EURules* r) noexcept nogil:
    return eu_heuristic_card(h, r)


cdef void eu_ext_policy_step(EUHand* h, const EURules* r, int policy) noexcept nogil:
    eu_policy_step(h, r, policy)


cdef void eu_ext_play_out(EUHand* h, const EURules* r, const int* policies) noexcept nogil:
    eu_play_out(h, r, policies)


cdef uint64_t eu_ext_drop_worst(uint64_t cards, int trump, int n) noexcept nogil:
    return eu_drop_worst(cards, trump, n)


cdef void eu_ext_odds_deal(EUHand* h, const EURules* r, uint64_t hand, int upcard, int seat, int dealer) noexcept nogil:
    eu_odds_deal(h, r, hand, upcard, seat, dealer)


cdef bint eu_ext_force_call(EUHand* h, const EURules* r, int seat, int action) noexcept nogil:
    return euo_force_call(h, r, seat, action)


cdef void eu_ext_odds_record(const EUHand* h, const EURules* r, int seat, int16_t* out) noexcept nogil:
    euo_record(h, r, seat, out)


cdef void eu_ext_odds_play(const EUHand* dealt, const EURules* r, int seat, const int* policies, int16_t* out) noexcept nogil:
    eu_odds_play(dealt, r, seat, policies, out)
