# cython: language_level=3
"""PIMC and oracle card play inside the core's batches (euchre and spades); see below.

The players of cardsim.solver.players (``oracle``, ``pimc(worlds=N,eval=solve|playout,seed=S)``)
as C functions over the engines' hand structs, so that hand batches (Game.simulate) and bid
odds trials run them with no Python call per card, without the GIL, on any number of threads.

A decision of a PIMC seat in the card play:
 1. the places a hidden card may be and what each is proven not to hold are read off the
    hand (exactly as the step states' ``resample``: own cards, cards played, the upcard, the
    dealer's own discard, a merge's discards, the voids the play proved);
 2. ``worlds`` worlds are dealt by the constrained dealer (exactly uniform), world w from the
    stream ``rng_seed(key + GAMMA * (w + 1), RESAMPLE_STREAM)``, where
    ``key = pm_key(base, cards played so far, seat)`` and ``base`` is keyed by the policy's
    seed and the hand's (trial's) own ``(seed, index)``: never by a hidden card, so changing
    only hidden cards never changes the worlds' seeds, and a decision is the same for any
    thread count;
 3. every legal card is valued in every world: by the solver (``eval=solve``: the side's
    tricks from here with best play) or by playing the world out with the heuristic for
    everyone (``eval=playout``: the side's tricks it ends with; spades with ``value=score``: the
    seat's score for the hand, so nil bids, contracts and bags count);
 4. the card with the highest total wins; ties go to the heuristic's card when it is one
    of them, else to the lowest action (the contract's card numbering).
``oracle`` values the true position by the solver (it sees every card).  A decision with one
legal card is that card.  Every other decision of a PIMC or oracle seat (bids, trump, the
discard, alone, the merge) is the heuristic's, except a spades bid of ``pimc(..., bids=pimc)``
(pm_sp_bid: each candidate bid valued by heuristic play-outs of sampled worlds).  The side is the seat's team (euchre, spades),
in cutthroat euchre the defenders together against the maker, in cutthroat spades the seat.

``pimc_decision`` makes one decision for a step state with a given key, so tests compare it
with the Python reference (cardsim.solver.players.pimc_action(..., key=...)).
"""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset
from cython.parallel cimport prange, threadid

import numpy as np

from cardsim._bits cimport ALL_LANES_BB, bit_bb, lane_bb, lsb, popcount
from cardsim._rng cimport Rng, mix64, rng_seed, rng_seed_hand
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM
from cardsim._constrained_deal cimport CD_MAX_PLACES, CD_OK, DealPlan, cd_prepare_masks, cd_sample_masks
from cardsim._deal cimport RESAMPLE_STREAM
from cardsim._contract cimport GameState
from cardsim.solver._solver cimport SV_FOLLOW, SVEntry, SVPos, SVRules, SVScratch, sv_apply, sv_value
from cardsim.euchre.engine cimport *
from cardsim.euchre.players cimport *
from cardsim.euchre.odds cimport EUO_ACTIONS, EUO_COLUMNS, EUO_NOT_OPEN, EUO_PER_ACTION, eu_odds_deal, euo_record
from cardsim.euchre.euchre cimport eu_bid_tables, eu_rules_from
from cardsim.spades.engine cimport *
from cardsim.spades.scoring cimport *
from cardsim.spades.players cimport *
from cardsim.spades.spades cimport sp_bid_tables, sp_rules_from
from cardsim.spades.odds cimport SPO_MADE, SPO_MAX_CODES, SPO_PER_BID, SPO_SCORE, SPO_TRICKS, sp_odds_deal

SP_TABLES = sp_bid_tables()  # the spades bid tables live in cardsim.spades.spades (spades/players.pxd)
EU_TABLES = eu_bid_tables()  # the euchre players' learned table lives in cardsim.euchre.euchre

cdef enum:
    PM_RANDOM = POLICY_RANDOM
    PM_HEURISTIC = POLICY_HEURISTIC
    PM_PIMC = 2
    PM_ORACLE = 3
    PM_SOLVE = 0
    PM_PLAYOUT = 1
    PM_MAX_WORLDS = 4096
    PM_MAX_MOVES = 20           # legal cards at one decision (a spades hand holds at most 17)
    PM_EU_TT_BITS = 12
    PM_SP_TT_BITS = 18

cdef uint64_t GAMMA = 0x9E3779B97F4A7C15ULL

ctypedef struct PMSeat:
    int kind                    # PM_*
    int worlds
    int eval                    # PM_SOLVE / PM_PLAYOUT
    uint64_t seed
    int bids                    # spades: PIMC also bids (pm_sp_bid); 0: the heuristic bids
    int score                   # spades play-outs value the seat's score for the hand, not its side's tricks

ctypedef struct PMScratch:
    DealPlan* plan              # the constrained dealer's plan (~512 KiB)
    SVScratch sv                # the solver's scratch (its transposition table)


cdef int pm_open(PMScratch* sc, int tt_bits) noexcept nogil:
    """Allocate one thread's scratch; -1 when out of memory."""
    memset(sc, 0, sizeof(PMScratch))
    sc.plan = <DealPlan*>malloc(sizeof(DealPlan))
    sc.sv.tt = <SVEntry*>calloc(<size_t>1 << tt_bits, sizeof(SVEntry))
    sc.sv.tt_mask = (<uint64_t>1 << tt_bits) - 1
    sc.sv.gen = 1
    return 0 if sc.plan != NULL and sc.sv.tt != NULL else -1


cdef void pm_close(PMScratch* sc) noexcept nogil:
    free(sc.plan)
    free(sc.sv.tt)
    sc.plan = NULL
    sc.sv.tt = NULL


cdef inline void pm_new_search(PMScratch* sc) noexcept nogil:
    """Every decision searches under its own rules (trump, side): a fresh table generation."""
    sc.sv.gen += 1
    if sc.sv.gen == 0:
        memset(sc.sv.tt, 0, <size_t>(sc.sv.tt_mask + 1) * sizeof(SVEntry))
        sc.sv.gen = 1


cdef inline uint64_t pm_base(uint64_t policy_seed, uint64_t seed, int64_t index) noexcept nogil:
    """The key of one hand (trial) of a batch: the policy's seed and the hand's (seed, index)."""
    return mix64(mix64(policy_seed + 0x2545F4914F6CDD1DULL) ^ mix64(seed + 0x632BE59BD9B4E019ULL)
                 ^ (<uint64_t>index * GAMMA))


cdef inline uint64_t pm_key(uint64_t base, int n_played, int seat) noexcept nogil:
    """The key of one decision: the hand's key, the cards played so far and the seat."""
    return mix64(mix64(base + 0x632BE59BD9B4E019ULL) ^ (<uint64_t>(n_played * 8 + seat) * GAMMA))


cdef inline int pm_choose(const int64_t* total, const int* moves, const int* actions, int n,
                          int preferred) noexcept nogil:
    """The move with the highest total; ties: ``preferred`` when tied, else the lowest action."""
    cdef int j, best = -1
    cdef int64_t top = total[0]
    for j in range(1, n):
        if total[j] > top:
            top = total[j]
    for j in range(n):
        if total[j] == top:
            if moves[j] == preferred:
                return preferred
            if best < 0 or actions[j] < actions[best]:
                best = j
    return moves[best]


cdef inline void pm_classes(const int* moves, int n, uint64_t elsewhere, int* rep) noexcept nogil:
    """rep[j]: the first of the moves equivalent to move j for the solver in every world (the
    moves ascend): two of the seat's cards of one lane with no card between them that may lie
    elsewhere (``elsewhere``: every card not yet played and not the seat's, and the cards on the
    table) take the same tricks whichever is played (the solver's sv_moves classes, trick mode)."""
    cdef int j
    cdef uint64_t between
    rep[0] = 0
    for j in range(1, n):
        between = ((<uint64_t>1 << moves[j]) - 1) & ~((<uint64_t>2 << moves[j - 1]) - 1)
        rep[j] = rep[j - 1] if (moves[j] >> 4) == (moves[j - 1] >> 4) and not (elsewhere & between) else j


cdef inline bint pm_one_class(const int* rep, int n) noexcept nogil:
    cdef int j
    for j in range(n):
        if rep[j] != 0:
            return False
    return True


cdef inline int pm_solve_moves(PMScratch* sc, const SVRules* sr, const SVPos* pos, const int* moves,
                               const int* rep, int n, int guess, int64_t* total) noexcept nogil:
    """Add to total[j] the side's tricks from ``pos`` after move j with best play (one solve per
    class of equivalent moves); returns the last value (the next search's guess)."""
    cdef int j, gain, v = guess
    cdef int vals[PM_MAX_MOVES]
    cdef SVPos child
    for j in range(n):
        if rep[j] != j:
            vals[j] = vals[rep[j]]
        else:
            child = pos[0]
            gain = sv_apply(sr, &child, moves[j])
            v = gain + sv_value(&sc.sv, sr, &child, v - gain)
            vals[j] = v
        total[j] += vals[j]
    return v


cdef inline uint64_t pm_elsewhere(uint64_t deck, uint64_t played, uint64_t own, const int* trick, int n_in_trick) noexcept nogil:
    cdef uint64_t out = deck & ~played & ~own
    cdef int i
    for i in range(n_in_trick):
        out |= bit_bb(trick[i])
    return out


# -- euchre -------------------------------------------------------------------------------

cdef inline uint64_t pm_eu_deck(const EUHand* h) noexcept nogil:
    return eu_effective(EUCHRE_DECK_BB, h.trump)


cdef inline void pm_eu_play(EUHand* h, const EURules* r, int card) noexcept nogil:
    """eu_play, first noting what the card proves (failing to follow: a void in the led
    effective suit), as the step state does for resampling."""
    cdef int led
    if h.n_in_trick > 0:
        led = h.trick[0] >> 4
        if (card >> 4) != led:
            h.barred[h.to_act] |= pm_eu_deck(h) & lane_bb(led) & ~bit_bb(card)
    eu_play(h, r, card)


cdef inline int pm_eu_side(const EUHand* h, const EURules* r, int seat) noexcept nogil:
    if r.partnership:
        return (1 << seat) | (1 << ((seat + 2) % 4))
    if seat != h.maker:
        return h.active & ~(1 << h.maker)
    return 1 << seat


cdef inline int pm_eu_so_far(const EUHand* h, const EURules* r, int side) noexcept nogil:
    cdef int s, t = 0
    for s in range(r.seats):
        if (side >> s) & 1:
            t += h.tricks[s]
    return t


cdef inline void pm_eu_solver(const EUHand* h, const EURules* r, int side, SVRules* sr, SVPos* p) noexcept nogil:
    cdef int s, i
    memset(sr, 0, sizeof(SVRules))
    memset(p, 0, sizeof(SVPos))
    sr.seats = r.seats
    sr.active = h.active
    sr.n_active = popcount(<uint64_t>h.active)
    sr.sit_out_first = -1
    sr.trump = h.trump
    sr.kind = SV_FOLLOW
    sr.max_side = side
    sr.count_side = side
    for s in range(r.seats):
        p.hand[s] = h.hand[s] if (h.active >> s) & 1 else 0
    p.leader = h.leader
    p.n_in_trick = h.n_in_trick
    for i in range(h.n_in_trick):
        p.trick[i] = h.trick[i]
        p.trick_seat[i] = h.trick_seat[i]
    p.best = h.best
    p.tricks_done = h.tricks_played
    p.tricks_left = EU_TRICKS - h.tricks_played


cdef inline int pm_eu_places(const EUHand* h, const EURules* r, int seat, uint64_t* known_out,
                             uint64_t* hidden_out, uint64_t* barred, int* cap, int* place_seat) noexcept nogil:
    """The places of the cards ``seat`` cannot see (EuchreState.resample's reading); returns how many."""
    cdef uint64_t known, up = bit_bb(h.upcard), hidden = 0
    cdef uint64_t where[CD_MAX_PLACES]
    cdef int s, p, n = 0
    known = h.hand[seat] | h.played
    if not h.picked_up or seat == h.dealer:
        known |= up
    if seat == h.dealer:
        known |= h.dealer_discard
    if not r.partnership and seat == h.maker and not h.maker_alone and h.phase >= EPH_MERGE and h.dummy == 0:
        known |= h.discard & ~h.dealer_discard
    for s in range(r.seats):
        if s != seat:
            where[n] = h.hand[s]
            barred[n] = h.barred[s]
            place_seat[n] = s
            n += 1
    where[n] = h.kitty; barred[n] = 0; place_seat[n] = -1; n += 1
    if not r.partnership:
        where[n] = h.dummy; barred[n] = 0; place_seat[n] = -1; n += 1
    where[n] = h.discard; barred[n] = 0; place_seat[n] = -1; n += 1
    if h.picked_up and not known & up:
        for p in range(n):
            if not where[p] & up:
                barred[p] |= up
    for p in range(n):
        cap[p] = popcount(where[p] & ~known)
        hidden |= where[p] & ~known
    known_out[0] = known
    hidden_out[0] = hidden
    return n


cdef inline int pm_eu_action(const EUHand* h, int card) noexcept nogil:
    cdef int phys = lsb(eu_physical(bit_bb(card), h.trump))
    return 6 * (phys >> 4) + (phys & 15)


cdef int pm_eu_card(const EUHand* h, const EURules* r, const PMSeat* ps, PMScratch* sc, uint64_t key) noexcept nogil:
    """The card (effective bit) of the PIMC or oracle seat to act; see the top of this file."""
    cdef uint64_t legal = eu_legal(h), known, hidden, m
    cdef uint64_t barred[CD_MAX_PLACES]
    cdef uint64_t dealt[CD_MAX_PLACES]
    cdef int cap[CD_MAX_PLACES]
    cdef int place_seat[CD_MAX_PLACES]
    cdef int moves[PM_MAX_MOVES]
    cdef int actions[PM_MAX_MOVES]
    cdef int64_t total[PM_MAX_MOVES]
    cdef int rep[PM_MAX_MOVES]
    cdef int pol[EU_MAX_SEATS]
    cdef int seat = h.to_act, n = 0, j, w, p, side, n_places, gain, v, guess = 0, before
    cdef EUHand world, t
    cdef SVRules sr
    cdef SVPos pos, child
    cdef Rng rng
    if popcount(legal) == 1:
        return lsb(legal)
    m = legal
    while m:
        moves[n] = lsb(m)
        actions[n] = pm_eu_action(h, moves[n])
        total[n] = 0
        m &= m - 1
        n += 1
    side = pm_eu_side(h, r, seat)
    pm_classes(moves, n, pm_elsewhere(pm_eu_deck(h), h.played, h.hand[seat], h.trick, h.n_in_trick), rep)
    if (ps.kind == PM_ORACLE or ps.eval == PM_SOLVE) and pm_one_class(rep, n):
        return eu_heuristic_card(h, r)  # every card takes the same tricks: the tie-break's card, unsearched
    for j in range(EU_MAX_SEATS):
        pol[j] = POLICY_HEURISTIC
    if ps.kind == PM_ORACLE:
        pm_new_search(sc)
        pm_eu_solver(h, r, side, &sr, &pos)
        pm_solve_moves(sc, &sr, &pos, moves, rep, n, 0, total)
        return pm_choose(total, moves, actions, n, eu_heuristic_card(h, r))
    n_places = pm_eu_places(h, r, seat, &known, &hidden, barred, cap, place_seat)
    if cd_prepare_masks(sc.plan, hidden, barred, cap, n_places) != CD_OK:
        return eu_heuristic_card(h, r)  # cannot happen: the true cards are consistent
    if ps.eval == PM_SOLVE:
        pm_new_search(sc)
        pm_eu_solver(h, r, side, &sr, &pos)
    before = pm_eu_so_far(h, r, side)
    for w in range(ps.worlds):
        rng_seed(&rng, key + GAMMA * <uint64_t>(w + 1), RESAMPLE_STREAM)
        cd_sample_masks(sc.plan, &rng, dealt)
        world = h[0]
        for p in range(n_places):
            if place_seat[p] >= 0:
                world.hand[place_seat[p]] = (h.hand[place_seat[p]] & known) | dealt[p]
        if ps.eval == PM_SOLVE:
            for p in range(r.seats):
                pos.hand[p] = world.hand[p] if (h.active >> p) & 1 else 0
            guess = pm_solve_moves(sc, &sr, &pos, moves, rep, n, guess, total)
        else:
            for j in range(n):
                t = world
                eu_play(&t, r, moves[j])
                eu_play_out(&t, r, pol)
                total[j] += pm_eu_so_far(&t, r, side) - before
    return pm_choose(total, moves, actions, n, eu_heuristic_card(h, r))


cdef inline void pm_eu_card_step(EUHand* h, const EURules* r, const int* pol, const PMSeat* ps, PMScratch* sc,
                                 uint64_t base) noexcept nogil:
    """One card of the seat to act, by its policy."""
    cdef int s = h.to_act, card
    if pol[s] == PM_RANDOM:
        card = eu_random_card(h, eu_legal(h))
    elif pol[s] == PM_HEURISTIC:
        card = eu_heuristic_card(h, r)
    else:
        card = pm_eu_card(h, r, &ps[s], sc, pm_key(base, popcount(h.played), s))
    pm_eu_play(h, r, card)


cdef void pm_eu_play_out(EUHand* h, const EURules* r, const int* pol, const PMSeat* ps, PMScratch* sc,
                         uint64_t base) noexcept nogil:
    """Finish the hand, each seat by its policy (PIMC and oracle seats: the heuristic but in the card play)."""
    while h.phase != EPH_DONE:
        if h.phase == EPH_PLAY:
            pm_eu_card_step(h, r, pol, ps, sc, base)
        else:
            eu_policy_step(h, r, PM_RANDOM if pol[h.to_act] == PM_RANDOM else PM_HEURISTIC)


ctypedef struct PMEURecord:     # euchre/euchre.pyx's EURecord, field for field (checked at import)
    int16_t redeals
    int16_t points[4]
    int16_t team_points[2]
    int8_t tricks[4]
    int8_t dealer
    int8_t maker
    int8_t trump
    int8_t round
    int8_t maker_alone
    int8_t lone_defender
    int8_t picked_up
    int8_t euchred


cdef void pm_eu_simulate_one(const EURules* r, uint64_t seed, int64_t index, const int* pol, const PMSeat* ps,
                             PMScratch* sc, uint64_t pseed, PMEURecord* out) noexcept nogil:
    """eu_simulate_one (euchre/euchre.pyx) with PIMC and oracle seats."""
    cdef EUHand h
    cdef int s
    eu_new_hand(&h, r, seed, <uint64_t>index, <int>(index % r.seats))
    pm_eu_play_out(&h, r, pol, ps, sc, pm_base(pseed, seed, index))
    memset(out, 0, sizeof(PMEURecord))
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


# the euchre action-odds trial (euchre/odds.pxd) with PIMC and oracle seats

cdef inline void pm_euo_step(EUHand* h, const EURules* r, int seat, const int* pol, const PMSeat* ps,
                             PMScratch* sc, uint64_t base) noexcept nogil:
    """euo_step: the player's discard and merge by the heuristic, the rest by policy."""
    if h.to_act == seat and h.phase == EPH_DISCARD:
        eu_discard(h, r, lsb(h.hand[seat] & ~eu_drop_worst(h.hand[seat], h.trump, 1)))
    elif h.to_act == seat and h.phase == EPH_MERGE:
        eu_merge(h, r, eu_drop_worst(h.hand[seat], h.trump, EU_HAND_SIZE))
    elif h.phase == EPH_PLAY:
        pm_eu_card_step(h, r, pol, ps, sc, base)
    else:
        eu_policy_step(h, r, PM_RANDOM if pol[h.to_act] == PM_RANDOM else PM_HEURISTIC)


cdef inline void pm_euo_act(EUHand* h, const EURules* r, int seat, int action, const int* pol, const PMSeat* ps,
                            PMScratch* sc, uint64_t base) noexcept nogil:
    """euo_act (euchre/odds.pxd): force the player's ``action`` and play the hand out."""
    cdef int i, k, suit
    if action < 3:
        while h.to_act != seat:
            eu_bid1(h, r, False)
        eu_bid1(h, r, action != 0)
        if action != 0:
            while h.phase != EPH_ALONE:
                pm_euo_step(h, r, seat, pol, ps, sc, base)
            eu_alone(h, r, action == 2)
    else:
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
    while h.phase != EPH_DONE and h.redeals == 0:
        pm_euo_step(h, r, seat, pol, ps, sc, base)


cdef void pm_eu_odds_trial(const EURules* r, uint64_t hand, int upcard, int seat, int dealer, uint64_t seed,
                           int64_t index, const int* pol, const PMSeat* ps, PMScratch* sc, uint64_t pseed,
                           int16_t* out) noexcept nogil:
    """eu_odds_trial with PIMC and oracle seats: the same deal (eu_odds_deal), every action."""
    cdef EUHand dealt, h
    cdef int a
    cdef uint64_t base = pm_base(pseed, seed, index)
    rng_seed_hand(&dealt.deal_rng, &dealt.rng, seed, <uint64_t>index)
    eu_odds_deal(&dealt, r, hand, upcard, seat, dealer)
    for a in range(EUO_ACTIONS):
        if a == 3 and r.stick_the_dealer and seat == dealt.dealer:
            out[EUO_PER_ACTION * a] = 0
            out[EUO_PER_ACTION * a + 1] = 0
            out[EUO_PER_ACTION * a + 2] = EUO_NOT_OPEN
            continue
        h = dealt
        pm_euo_act(&h, r, seat, a, pol, ps, sc, base)
        euo_record(&h, r, seat, out + EUO_PER_ACTION * a)


# -- spades -------------------------------------------------------------------------------

cdef inline void pm_sp_play(SPHand* h, const SPRules* r, int card) noexcept nogil:
    """sp_play, first noting what the card proves (SpadesState's sp_play_barred): failing to
    follow, a void in the led suit; leading a spade before spades are broken, no other suit."""
    cdef int led
    if h.n_in_trick > 0:
        led = h.trick[0] >> 4
        if (card >> 4) != led:
            h.barred[h.to_act] |= r.deck & lane_bb(led) & ~bit_bb(card)
    elif r.break_spades and not h.broken and (card >> 4) == 0:
        h.barred[h.to_act] |= r.deck & ~lane_bb(0)
    sp_play(h, r, card)


cdef inline int pm_sp_side(const SPRules* r, int seat) noexcept nogil:
    if r.partnership:
        return (1 << seat) | (1 << ((seat + 2) % 4))
    return 1 << seat


cdef inline int pm_sp_so_far(const SPHand* h, const SPRules* r, int side) noexcept nogil:
    cdef int s, t = 0
    for s in range(r.seats):
        if (side >> s) & 1:
            t += h.tricks[s]
    return t


cdef inline void pm_sp_solver(const SPHand* h, const SPRules* r, int side, SVRules* sr, SVPos* p) noexcept nogil:
    cdef int s, i
    memset(sr, 0, sizeof(SVRules))
    memset(p, 0, sizeof(SVPos))
    sr.seats = r.seats
    sr.active = (1 << r.seats) - 1
    sr.n_active = r.seats
    sr.sit_out_first = h.dealer if r.dealer_sits_out else -1
    sr.trump = 0
    sr.kind = SV_FOLLOW
    sr.break_spades = r.break_spades
    sr.max_side = side
    sr.count_side = side
    for s in range(r.seats):
        p.hand[s] = h.hand[s]
    p.leader = h.leader
    p.broken = h.broken
    p.n_in_trick = h.n_in_trick
    for i in range(h.n_in_trick):
        p.trick[i] = h.trick[i]
        p.trick_seat[i] = h.trick_seat[i]
    p.best = h.best
    p.tricks_done = h.tricks_played
    p.tricks_left = r.hand_size - h.tricks_played


cdef inline int pm_sp_action(int bit) noexcept nogil:
    """spades/spades.pyx's sp_card_action: 13*suit + rank, the jokers 52..54."""
    if bit < 13:
        return bit
    if bit < 16:
        return 52 + bit - 13
    return 13 * (bit >> 4) + (bit & 15)


cdef int pm_sp_card(const SPHand* h, const SPRules* r, const PMSeat* ps, PMScratch* sc, uint64_t key) noexcept nogil:
    """The card of the PIMC or oracle seat to act; see the top of this file."""
    cdef uint64_t legal = sp_legal(h, r), hidden = 0, m
    cdef uint64_t barred[CD_MAX_PLACES]
    cdef uint64_t dealt[CD_MAX_PLACES]
    cdef int cap[CD_MAX_PLACES]
    cdef int place_seat[CD_MAX_PLACES]
    cdef int moves[PM_MAX_MOVES]
    cdef int actions[PM_MAX_MOVES]
    cdef int64_t total[PM_MAX_MOVES]
    cdef int rep[PM_MAX_MOVES]
    cdef int pol[SP_MAX_SEATS]
    cdef int seat = h.to_act, n = 0, j, w, p, s, side, n_places = 0, gain, v, guess = 0, before
    cdef SPHand world, t
    cdef SVRules sr
    cdef SVPos pos, child
    cdef Rng rng
    if popcount(legal) == 1:
        return lsb(legal)
    m = legal
    while m:
        moves[n] = lsb(m)
        actions[n] = pm_sp_action(moves[n])
        total[n] = 0
        m &= m - 1
        n += 1
    side = pm_sp_side(r, seat)
    pm_classes(moves, n, pm_elsewhere(r.deck, h.played, h.hand[seat], h.trick, h.n_in_trick), rep)
    if (ps.kind == PM_ORACLE or ps.eval == PM_SOLVE) and pm_one_class(rep, n):
        return sp_heuristic_card(<SPHand*>h, r)  # every card takes the same tricks: the tie-break's card
    for j in range(SP_MAX_SEATS):
        pol[j] = POLICY_HEURISTIC
    if ps.kind == PM_ORACLE or ps.eval == PM_SOLVE:
        pm_new_search(sc)
        pm_sp_solver(h, r, side, &sr, &pos)
    if ps.kind == PM_ORACLE:
        pm_solve_moves(sc, &sr, &pos, moves, rep, n, 0, total)
        return pm_choose(total, moves, actions, n, sp_heuristic_card(<SPHand*>h, r))
    for s in range(r.seats):
        if s != seat:
            place_seat[n_places] = s
            barred[n_places] = h.barred[s]
            cap[n_places] = popcount(h.hand[s])
            hidden |= h.hand[s]
            n_places += 1
    if cd_prepare_masks(sc.plan, hidden, barred, cap, n_places) != CD_OK:
        return sp_heuristic_card(<SPHand*>h, r)  # cannot happen: the true cards are consistent
    before = pm_sp_so_far(h, r, side)
    for w in range(ps.worlds):
        rng_seed(&rng, key + GAMMA * <uint64_t>(w + 1), RESAMPLE_STREAM)
        cd_sample_masks(sc.plan, &rng, dealt)
        world = h[0]
        for p in range(n_places):
            world.hand[place_seat[p]] = dealt[p]
        if ps.eval == PM_SOLVE:
            for p in range(r.seats):
                pos.hand[p] = world.hand[p]
            guess = pm_solve_moves(sc, &sr, &pos, moves, rep, n, guess, total)
        else:
            for j in range(n):
                t = world
                sp_play(&t, r, moves[j])
                sp_play_out(&t, r, pol)
                total[j] += t.score[seat] if ps.score else pm_sp_so_far(&t, r, side) - before
    return pm_choose(total, moves, actions, n, sp_heuristic_card(<SPHand*>h, r))


cdef enum:
    PM_BID_WINDOW = 3           # PIMC bidding tries the heuristic's regular bid +- this many tricks


cdef int pm_sp_bid(const SPHand* h, const SPRules* r, const PMSeat* ps, PMScratch* sc, uint64_t key) noexcept nogil:
    """The bid (code) of a PIMC seat that bids (``bids=pimc``): ``worlds`` deals of the cards the
    seat cannot see, uniform (no inference from the bids so far), and in each every candidate bid
    played out by the heuristic for everyone (later seats bid as the heuristic); the bid with the
    highest total of the seat's score for the hand (the team's in partnership: bags, nil and
    prize jacks included) wins; ties: the heuristic's bid, else the lowest code.  Candidates:
    nil where legal, and the regular bids within PM_BID_WINDOW of the heuristic's."""
    cdef int codes[SP_MAX_BIDS]
    cdef int cand[SP_MAX_BIDS]
    cdef int64_t total[SP_MAX_BIDS]
    cdef uint64_t barred[CD_MAX_PLACES]
    cdef uint64_t dealt[CD_MAX_PLACES]
    cdef int cap[CD_MAX_PLACES]
    cdef int place_seat[CD_MAX_PLACES]
    cdef int pol[SP_MAX_SEATS]
    cdef int seat = h.to_act, n_legal, n = 0, j, w, p, s, n_places = 0, heur, lo, hi, best = -1, code
    cdef uint64_t hidden = 0
    cdef SPHand world, t
    cdef Rng rng
    cdef int64_t top
    heur = sp_heuristic_bid(<SPHand*>h, r)
    n_legal = sp_legal_bids(h, r, codes)
    lo = (heur & 31) - PM_BID_WINDOW if (heur >> 5) == SP_BID_REGULAR else 1
    hi = (heur & 31) + PM_BID_WINDOW if (heur >> 5) == SP_BID_REGULAR else 1 + 2 * PM_BID_WINDOW
    for j in range(n_legal):
        code = codes[j]
        if code == heur or (code >> 5) == SP_BID_NIL or ((code >> 5) == SP_BID_REGULAR and lo <= (code & 31) <= hi):
            cand[n] = code
            total[n] = 0
            n += 1
    if n <= 1:
        return heur
    for j in range(SP_MAX_SEATS):
        pol[j] = POLICY_HEURISTIC
    for s in range(r.seats):
        if s != seat:
            place_seat[n_places] = s
            barred[n_places] = 0
            cap[n_places] = popcount(h.hand[s])
            hidden |= h.hand[s]
            n_places += 1
    if cd_prepare_masks(sc.plan, hidden, barred, cap, n_places) != CD_OK:
        return heur
    for w in range(ps.worlds):
        rng_seed(&rng, key + GAMMA * <uint64_t>(w + 1), RESAMPLE_STREAM)
        cd_sample_masks(sc.plan, &rng, dealt)
        world = h[0]
        for p in range(n_places):
            world.hand[place_seat[p]] = dealt[p]
        for j in range(n):
            t = world
            sp_bid(&t, r, cand[j])
            sp_play_out(&t, r, pol)
            total[j] += t.score[seat]
    top = total[0]
    for j in range(1, n):
        if total[j] > top:
            top = total[j]
    for j in range(n):
        if total[j] == top:
            if cand[j] == heur:
                return heur
            if best < 0 or cand[j] < cand[best]:
                best = j
    return cand[best]


cdef inline void pm_sp_bid_step(SPHand* h, const SPRules* r, const int* pol, const PMSeat* ps, PMScratch* sc,
                                uint64_t base) noexcept nogil:
    """One bid of the seat to act by its policy (PIMC seats with ``bids``: pm_sp_bid)."""
    cdef int s = h.to_act
    if pol[s] == PM_PIMC and ps[s].bids:
        sp_bid(h, r, pm_sp_bid(h, r, &ps[s], sc, pm_key(base, 64 + h.n_bids, s)))
    else:
        sp_policy_step(h, r, PM_RANDOM if pol[s] == PM_RANDOM else PM_HEURISTIC)


cdef void pm_sp_play_out(SPHand* h, const SPRules* r, const int* pol, const PMSeat* ps, PMScratch* sc,
                         uint64_t base) noexcept nogil:
    """Finish the hand (bidding included), each seat by its policy (PIMC and oracle seats bid
    as the heuristic, or with ``bids`` by pm_sp_bid)."""
    cdef int s, card
    while h.phase == SP_PH_BID:
        pm_sp_bid_step(h, r, pol, ps, sc, base)
    while h.phase == SP_PH_PLAY:
        s = h.to_act
        if pol[s] == PM_RANDOM:
            card = sp_random_card(h, r)
        elif pol[s] == PM_HEURISTIC:
            card = sp_heuristic_card(h, r)
        else:
            card = pm_sp_card(h, r, &ps[s], sc, pm_key(base, popcount(h.played), s))
        pm_sp_play(h, r, card)


ctypedef struct PMSPRecord:     # spades/spades.pyx's SPRecord, field for field (checked at import)
    int16_t score[SP_MAX_SEATS]
    int16_t bag_penalty[SP_MAX_SEATS]
    int16_t bags_after[SP_MAX_SEATS]
    int8_t bid[SP_MAX_SEATS]
    int8_t kind[SP_MAX_SEATS]
    int8_t tricks[SP_MAX_SEATS]
    int8_t bags[SP_MAX_SEATS]
    int8_t prize[SP_MAX_SEATS]
    int8_t made[SP_MAX_SEATS]
    int8_t dealer
    int8_t leader


cdef void pm_sp_simulate_one(const SPRules* r, uint64_t seed, int64_t index, const int* pol, const PMSeat* ps,
                             PMScratch* sc, uint64_t pseed, PMSPRecord* out) noexcept nogil:
    """sp_simulate_one (spades/spades.pyx) with PIMC and oracle seats."""
    cdef SPHand h
    cdef int s
    sp_new_hand(&h, r, seed, <uint64_t>index, <int>(index % r.seats))
    pm_sp_play_out(&h, r, pol, ps, sc, pm_base(pseed, seed, index))
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


# the spades bid-odds trial (spades/odds.pyx) with PIMC and oracle seats: every candidate bid
# played on its own copy of the same deal (sp_odds_deal); the shortcuts of spades/odds.pyx that
# share one play between bids are not taken

cdef inline int pm_sp_made(const SPHand* h, int seat) noexcept nogil:
    """spades/odds.pyx's sp_odds_made: one-for-50 exactly one trick, two-for-40 exactly two."""
    if h.kind[seat] == SP_BID_ONE_FOR_50:
        return h.tricks[seat] == 1
    if h.kind[seat] == SP_BID_TWO_FOR_40:
        return h.tricks[seat] == 2
    return h.made[seat]


cdef void pm_sp_odds_trial(const SPRules* r, uint64_t hand, int seat, int dealer, const int* scores, bint blind,
                           const int* codes, int n_codes, uint64_t seed, int64_t index, const int* pol,
                           const PMSeat* ps, PMScratch* sc, uint64_t pseed, int16_t* out) noexcept nogil:
    cdef SPHand dealt, h
    cdef int c, code, chosen = -1
    cdef uint64_t base = pm_base(pseed, seed, index)
    cdef int16_t* row
    rng_seed_hand(&dealt.deal_rng, &dealt.rng, seed, <uint64_t>index)
    sp_odds_deal(&dealt, r, hand, seat, dealer, scores, blind)
    for c in range(n_codes):
        code = codes[c]
        row = out + SPO_PER_BID * c
        h = dealt
        while h.phase == SP_PH_BID:
            if h.to_act == seat and code >= 0:
                sp_bid(&h, r, code)
            else:
                if h.to_act == seat:
                    pm_sp_bid_step(&h, r, pol, ps, sc, base)
                    chosen = sp_code(h.kind[seat], h.bid[seat])
                else:
                    pm_sp_bid_step(&h, r, pol, ps, sc, base)
        pm_sp_play_out(&h, r, pol, ps, sc, base)
        row[SPO_TRICKS] = h.tricks[seat]
        row[SPO_SCORE] = h.score[seat]
        row[SPO_MADE] = pm_sp_made(&h, seat)
    out[SPO_PER_BID * n_codes] = chosen


# -- the Python face --------------------------------------------------------------------------

KINDS = {"random": PM_RANDOM, "heuristic": PM_HEURISTIC, "pimc": PM_PIMC, "oracle": PM_ORACLE}
EVALS = {"solve": PM_SOLVE, "playout": PM_PLAYOUT}


cdef int pm_seats(seats, int* pol, PMSeat* ps, int n) except -1:
    """Per seat (kind, worlds, eval, seed[, bids[, value]]): kind one of KINDS, eval one of EVALS,
    bids heuristic (default) or pimc (spades: pm_sp_bid), value tricks (default) or score (spades
    play-outs: the seat's score for the hand); checked by the caller."""
    cdef int s
    if len(seats) != n:
        raise ValueError(f"give {n} seats' policies, got {len(seats)}")
    for s in range(n):
        kind, worlds, ev, sd = seats[s][:4]
        bids = seats[s][4] if len(seats[s]) > 4 else "heuristic"
        value = seats[s][5] if len(seats[s]) > 5 else "tricks"
        if (kind not in KINDS or ev not in EVALS or not 1 <= int(worlds) <= PM_MAX_WORLDS
                or bids not in ("heuristic", "pimc") or value not in ("tricks", "score")):
            raise ValueError(f"bad policy for seat {s}: {seats[s]!r}")
        ps[s].bids = bids == "pimc"
        ps[s].score = value == "score"
        pol[s] = KINDS[kind]
        ps[s].kind = KINDS[kind]
        ps[s].worlds = int(worlds)
        ps[s].eval = EVALS[ev]
        ps[s].seed = <uint64_t>int(sd)
    return 0


cdef uint64_t pm_policy_seed(const PMSeat* ps, int n) noexcept:
    """One seed for the hand's key: the solver seats' seeds mixed (0 when they all use 0)."""
    cdef uint64_t out = 0
    cdef int s
    for s in range(n):
        if ps[s].kind >= PM_PIMC:
            out = out * GAMMA + ps[s].seed
    return out


cdef PMScratch* pm_scratches(int threads, int tt_bits) except NULL:
    cdef PMScratch* sc = <PMScratch*>calloc(threads, sizeof(PMScratch))
    cdef int t
    if sc == NULL:
        raise MemoryError()
    for t in range(threads):
        if pm_open(&sc[t], tt_bits) < 0:
            for t in range(threads):
                pm_close(&sc[t])
            free(sc)
            raise MemoryError()
    return sc


cdef void pm_free(PMScratch* sc, int threads) noexcept:
    cdef int t
    for t in range(threads):
        pm_close(&sc[t])
    free(sc)


def _check_layouts():
    """The records written here must be the engines' own record structs byte for byte."""
    from cardsim.euchre.euchre import EUCHRE_RECORD_DTYPE
    from cardsim.spades.spades import SP_RECORD_DTYPE
    cdef PMEURecord e
    cdef PMSPRecord s
    cdef char* eb = <char*>&e
    cdef char* sb = <char*>&s
    eu = {"redeals": <char*>&e.redeals - eb, "points": <char*>&e.points[0] - eb,
          "team_points": <char*>&e.team_points[0] - eb, "tricks": <char*>&e.tricks[0] - eb,
          "dealer": <char*>&e.dealer - eb, "maker": <char*>&e.maker - eb, "trump": <char*>&e.trump - eb,
          "round": <char*>&e.round - eb, "maker_alone": <char*>&e.maker_alone - eb,
          "lone_defender": <char*>&e.lone_defender - eb, "picked_up": <char*>&e.picked_up - eb,
          "euchred": <char*>&e.euchred - eb}
    sp = {"score": <char*>&s.score[0] - sb, "bag_penalty": <char*>&s.bag_penalty[0] - sb,
          "bags_after": <char*>&s.bags_after[0] - sb, "bid": <char*>&s.bid[0] - sb, "kind": <char*>&s.kind[0] - sb,
          "tricks": <char*>&s.tricks[0] - sb, "bags": <char*>&s.bags[0] - sb, "prize": <char*>&s.prize[0] - sb,
          "made": <char*>&s.made[0] - sb, "dealer": <char*>&s.dealer - sb, "leader": <char*>&s.leader - sb}
    if (EUCHRE_RECORD_DTYPE.itemsize != sizeof(PMEURecord)
            or any(EUCHRE_RECORD_DTYPE.fields[k][1] != v for k, v in eu.items())
            or SP_RECORD_DTYPE.itemsize != sizeof(PMSPRecord)
            or any(SP_RECORD_DTYPE.fields[k][1] != v for k, v in sp.items())):
        raise ImportError("cardsim.solver._pimc: the record structs do not match the engines' dtypes")

_check_layouts()


def _tt_bits(seats):
    return PM_EU_TT_BITS if seats is None else PM_SP_TT_BITS


def simulate_euchre_pimc(rules, int seats, uint64_t seed, int64_t start, records, policy_seats, int threads=1):
    """Hands ``start .. start+len(records)-1`` of the euchre (4 seats) or cutthroat (3) batch keyed
    by ``seed`` into ``records`` (the engine's record dtype), seats by ``policy_seats`` (see
    pm_seats).  Hand i depends only on (seed, i) and the policies: the same for any ``threads``."""
    cdef EURules r = eu_rules_from(rules, seats)
    cdef int pol[EU_MAX_SEATS]
    cdef PMSeat ps[EU_MAX_SEATS]
    cdef Py_ssize_t i, n = len(records)
    cdef int nt = max(1, threads)
    pm_seats(policy_seats, pol, ps, seats)
    cdef uint64_t pseed = pm_policy_seed(ps, seats)
    if records.itemsize != sizeof(PMEURecord):
        raise ValueError("records must have the euchre record dtype")
    cdef unsigned char[::1] raw = records.view(np.uint8).reshape(-1) if n else np.zeros(1, np.uint8)
    cdef PMEURecord* out = <PMEURecord*>&raw[0]
    cdef PMScratch* sc = pm_scratches(nt, PM_EU_TT_BITS)
    try:
        for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=nt):
            pm_eu_simulate_one(&r, seed, start + i, pol, ps, &sc[threadid()], pseed, &out[i])
    finally:
        pm_free(sc, nt)


def simulate_spades_pimc(rules, uint64_t seed, int64_t start, records, policy_seats, int threads=1):
    """As simulate_euchre_pimc for spades and cutthroat spades (SP_RECORD_DTYPE records)."""
    cdef SPRules r = sp_rules_from(rules)
    cdef int pol[SP_MAX_SEATS]
    cdef PMSeat ps[SP_MAX_SEATS]
    cdef Py_ssize_t i, n = len(records)
    cdef int nt = max(1, threads)
    pm_seats(policy_seats, pol, ps, r.seats)
    cdef uint64_t pseed = pm_policy_seed(ps, r.seats)
    if records.itemsize != sizeof(PMSPRecord):
        raise ValueError("records must have the spades record dtype")
    cdef unsigned char[::1] raw = records.view(np.uint8).reshape(-1) if n else np.zeros(1, np.uint8)
    cdef PMSPRecord* out = <PMSPRecord*>&raw[0]
    cdef PMScratch* sc = pm_scratches(nt, PM_SP_TT_BITS)
    try:
        for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=nt):
            pm_sp_simulate_one(&r, seed, start + i, pol, ps, &sc[threadid()], pseed, &out[i])
    finally:
        pm_free(sc, nt)


def euchre_odds_pimc(rules, int seats, uint64_t hand, int upcard, int seat, int dealer, uint64_t seed,
                     int64_t start, int16_t[:, ::1] out, policy_seats, int threads=1):
    """euchre_odds (euchre/euchre.pyx) with PIMC and oracle seats: the same deals, the same columns."""
    cdef EURules r = eu_rules_from(rules, seats)
    cdef int pol[EU_MAX_SEATS]
    cdef PMSeat ps[EU_MAX_SEATS]
    cdef Py_ssize_t i, n = out.shape[0]
    cdef int nt = max(1, threads)
    if out.shape[1] != EUO_COLUMNS:
        raise ValueError(f"out must have {EUO_COLUMNS} columns")
    pm_seats(policy_seats, pol, ps, seats)
    cdef uint64_t pseed = pm_policy_seed(ps, seats)
    cdef PMScratch* sc = pm_scratches(nt, PM_EU_TT_BITS)
    try:
        for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=nt):
            pm_eu_odds_trial(&r, hand, upcard, seat, dealer, seed, start + i, pol, ps, &sc[threadid()], pseed,
                             &out[i, 0])
    finally:
        pm_free(sc, nt)


def spades_odds_pimc(rules, uint64_t hand, int seat, int dealer, scores, bint blind, codes, uint64_t seed,
                     int64_t start, int16_t[:, ::1] out, policy_seats, int threads=1):
    """spades_odds (spades/odds.pyx) with PIMC and oracle seats: the same deals and columns."""
    cdef SPRules r = sp_rules_from(rules)
    cdef int pol[SP_MAX_SEATS]
    cdef PMSeat ps[SP_MAX_SEATS]
    cdef int sc_[SP_MAX_SEATS]
    cdef int cd[SPO_MAX_CODES]
    cdef int n_codes = len(codes), k
    cdef Py_ssize_t i, n = out.shape[0]
    cdef int nt = max(1, threads)
    if n_codes > SPO_MAX_CODES or out.shape[1] != SPO_PER_BID * n_codes + 1:
        raise ValueError("out must have 3 columns per bid code and one more")
    if len(scores) != r.seats or not 0 <= seat < r.seats or not 0 <= dealer < r.seats:
        raise ValueError("scores, seat or dealer do not fit the rules")
    pm_seats(policy_seats, pol, ps, r.seats)
    cdef uint64_t pseed = pm_policy_seed(ps, r.seats)
    for k in range(SP_MAX_SEATS):
        sc_[k] = scores[k] if k < r.seats else 0
    for k in range(n_codes):
        cd[k] = codes[k]
    cdef PMScratch* sc = pm_scratches(nt, PM_SP_TT_BITS)
    try:
        for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=nt):
            pm_sp_odds_trial(&r, hand, seat, dealer, sc_, blind, cd, n_codes, seed, start + i, pol, ps,
                             &sc[threadid()], pseed, &out[i, 0])
    finally:
        pm_free(sc, nt)


def pimc_decision(GameState state, policy_seat, uint64_t key):
    """The card action the PIMC or oracle seat to act in ``state`` (a euchre or spades step state
    in its card play, with barred cards noted as the step API notes them) plays, its worlds
    drawn with decision key ``key`` (world w: seed ``key + GAMMA*(w+1)``) as the Python
    reference cardsim.solver.players.pimc_action(hand, policy, key=key) draws them."""
    cdef PMSeat ps
    cdef int pol[1]
    cdef PMScratch sc
    cdef int card, seat
    cdef uint64_t base
    cdef EUHand* eh
    cdef SPHand* sh
    pm_seats([policy_seat], pol, &ps, 1)
    if ps.kind < PM_PIMC:
        raise ValueError("pimc_decision is for pimc and oracle")
    game = state.rules.game
    if pm_open(&sc, PM_EU_TT_BITS if "euchre" in game else PM_SP_TT_BITS) < 0:
        pm_close(&sc)
        raise MemoryError()
    try:
        if game in ("euchre", "cutthroat-euchre"):
            eh = <EUHand*>state.structs[0]
            if eh.phase != EPH_PLAY:
                raise ValueError("the hand is not in its card play")
            card = pm_eu_card(eh, <const EURules*>state.structs[1], &ps, &sc, key)
            return pm_eu_action(eh, card)
        if game in ("spades", "cutthroat-spades"):
            sh = <SPHand*>state.structs[0]
            if sh.phase != SP_PH_PLAY:
                raise ValueError("the hand is not in its card play")
            card = pm_sp_card(sh, <const SPRules*>state.structs[1], &ps, &sc, key)
            return pm_sp_action(card)
        raise ValueError(f"no PIMC in the core for {game}")
    finally:
        pm_close(&sc)


def policy_seed(policy_seats):
    """The seed the hands' keys are built from: the solver seats' seeds mixed (pm_policy_seed)."""
    cdef int pol[SP_MAX_SEATS]
    cdef PMSeat ps[SP_MAX_SEATS]
    cdef int n = len(policy_seats)
    if not 1 <= n <= SP_MAX_SEATS:
        raise ValueError(f"1 to {SP_MAX_SEATS} seats")
    pm_seats(policy_seats, pol, ps, n)
    return pm_policy_seed(ps, n)


def decision_key(uint64_t pseed, uint64_t seed, int64_t index, int n_played, int seat):
    """The key of the decision of ``seat`` after ``n_played`` cards in hand (trial) ``index`` of
    the batch keyed by ``seed`` (a replay of a batch hand through the step API uses it)."""
    return pm_key(pm_base(pseed, seed, index), n_played, seat)
