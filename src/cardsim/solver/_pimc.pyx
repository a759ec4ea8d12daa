# cython: language_level=3
"""PIMC and oracle card play inside the core's batches (every game); see below.  The pinochle games
(their own section below) reuse the step states' play-outs (pinochle/world.pxd, two_hand.pyx).

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

from cardsim._games import hand_score_rows, tournament_bytes

from cardsim._bits cimport ALL_LANES_BB, bit_bb, lane_bb, lsb, popcount
from cardsim._rng cimport Rng, mix64, rng_seed, rng_seed_hand
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM
from cardsim._constrained_deal cimport CD_MAX_PLACES, CD_OK, DealPlan, cd_prepare_masks, cd_sample_masks
from cardsim._deal cimport RESAMPLE_STREAM
from cardsim._contract cimport GameState
from cardsim._games cimport (GD_MAX_SEATS, GDGame, GDGameRun, GDHistory, GDResult, GDTournament, GameKind,
                             gd_hand_stream, gd_history_loop, gd_play_fn, gd_play_game, gd_row_fn, gd_run_game,
                             gd_step_fn, gd_tournament_one)
from cardsim.solver._solver cimport (SV_BUCKET_BITS, SV_FOLLOW, SVEntry, SVGBucket, SVPos, SVRules, SVScratch,
                                     sv_apply, sv_full_lane, sv_table_alloc, sv_table_free, sv_value)
from cardsim.euchre.engine cimport *
from cardsim.euchre.odds_columns cimport EUO_ACTIONS, EUO_COLUMNS, EUO_NOT_OPEN, EUO_PER_ACTION
from cardsim.euchre.euchre cimport eu_rules_from
from cardsim.euchre.play cimport (eu_ext_drop_worst, eu_ext_force_call, eu_ext_heuristic_card, eu_ext_odds_deal,
                                  eu_ext_odds_record, eu_ext_play_out, eu_ext_policy_step, eu_game_hand_rules,
                                  eu_hand_record, eu_hidden_places, eu_history_deal, eu_step_actions)
from cardsim.spades.engine cimport *
from cardsim.spades.spades cimport sp_rules_from
from cardsim.spades.play cimport (sp_bid_code_action, sp_card_action, sp_ext_heuristic_bid, sp_ext_heuristic_card,
                                  sp_ext_play, sp_ext_play_out, sp_ext_policy_step, sp_ext_random_card, sp_gd_new,
                                  sp_hand_record, sp_history_deal, sp_step_actions)
from cardsim.spades.odds cimport SPO_MADE, SPO_MAX_CODES, SPO_PER_BID, SPO_SCORE, SPO_TRICKS, sp_odds_deal
from cardsim.solver.pimc_keys cimport pm_base, pm_key
from cardsim.pinochle.cards cimport PIN_CARD_ACTIONS, pin_action_copies_bb, pin_card_action, pin_cards_into
from cardsim.pinochle.bid_tables cimport PIN_TABLES
from cardsim.pinochle.common cimport CPSteps, pin_bid_tables
from cardsim.pinochle.cutthroat_engine cimport CP_SEATS, PH_DONE, PH_PLAY, CPHand, CPRules, cp_declare, cp_new_hand
from cardsim.pinochle.odds_columns cimport (ODDS_CHOSEN, ODDS_COLUMNS, ODDS_MELD, ODDS_PER_TRUMP, ODDS_TOTAL,
                                            ODDS_TRICK_POINTS)
from cardsim.pinochle.partnership_engine cimport PP_SEATS, PPHand, PPRules, pp_declare, pp_new_hand
from cardsim.pinochle.pin_hand cimport PinHand, pin_legal, pin_play
from cardsim.pinochle.cutthroat cimport (cp_ext_best_trump_melds, cp_ext_heuristic_card, cp_ext_heuristic_discard_from,
                                         cp_ext_note_play, cp_ext_odds_deal, cp_ext_odds_row, cp_ext_pimc_totals,
                                         cp_ext_policy_step, cp_hand_record, cp_history_deal, cp_rules_from,
                                         cp_step_actions)
from cardsim.pinochle.partnership cimport (pp_ext_best_trump, pp_ext_heuristic_card, pp_ext_note_play, pp_ext_odds_deal,
                                           pp_ext_pimc_totals, pp_ext_policy_step, pp_hand_record, pp_history_deal,
                                           pp_rules_from, pp_step_actions)
from cardsim.pinochle.two_hand_engine cimport THHand, THRules
from cardsim.pinochle.two_hand cimport TH_DECISION_FAILED, th_rules_from, th_solver_hand, th_solver_history

# This module runs no pinochle player (it calls the family modules' exported steps), but it reaches
# pinochle/bid_tables.pxd (a struct type through common.pxd): point its copy of the tables' pointer
# at the store anyway, so that a player compiled in here later reads the learned tables
# (tests/test_table_pointers.py).
PIN_TABLES = pin_bid_tables()


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
    int tricks                  # oracle: solve only with at most this many tricks left (before: the heuristic); 0: all

ctypedef struct PMScratch:
    DealPlan* plan              # the constrained dealer's plan (~512 KiB)
    SVScratch sv                # the solver's scratch (its transposition tables)
    uint64_t gtt_buckets        # the generalised table's buckets allocated (a decision uses a part)
    int general_from            # tricks left from which the generalised table is used (PMGame's)


cdef inline int pm_gtt_bits(int tricks_left) noexcept nogil:
    """The generalised table's entries (log2) a search of ``tricks_left`` tricks wants (as the
    solver's Position sizes it)."""
    cdef int bits = 6 + tricks_left if tricks_left <= 10 else 2 * tricks_left - 4
    return bits if bits > 10 else 10


cdef int pm_open(PMScratch* sc, int tt_bits, int tricks=13) noexcept nogil:
    """Allocate one thread's scratch; -1 when out of memory.  The solver gets both of its tables:
    the generalised one (trick mode: an entry serves every world of the decision whose cards that
    mattered lie alike, and DDS's small-card rule prunes) and the exact one, for a world where a
    seat holds a whole lane (the generalised key keeps a lane's length in 4 bits)."""
    memset(sc, 0, sizeof(PMScratch))
    sc.plan = <DealPlan*>malloc(sizeof(DealPlan))
    cdef int gbits = tt_bits - 1 if pm_gtt_bits(tricks) > tt_bits - 1 else pm_gtt_bits(tricks)
    sc.sv.tt = <SVEntry*>sv_table_alloc((<size_t>1 << tt_bits) * sizeof(SVEntry))
    sc.sv.tt_mask = (<uint64_t>1 << tt_bits) - 1
    sc.gtt_buckets = <uint64_t>1 << (gbits - SV_BUCKET_BITS if gbits > SV_BUCKET_BITS else 0)  # entries / SV_BUCKET
    sc.sv.gtt = <SVGBucket*>sv_table_alloc(sc.gtt_buckets * sizeof(SVGBucket))
    sc.sv.gtt_mask = sc.gtt_buckets - 1
    sc.sv.gen = 1
    return 0 if sc.plan != NULL and sc.sv.tt != NULL and sc.sv.gtt != NULL else -1


cdef void pm_close(PMScratch* sc) noexcept nogil:
    free(sc.plan)
    sv_table_free(sc.sv.tt, <size_t>(sc.sv.tt_mask + 1) * sizeof(SVEntry))
    sv_table_free(sc.sv.gtt, <size_t>sc.gtt_buckets * sizeof(SVGBucket))
    sc.plan = NULL
    sc.sv.tt = NULL
    sc.sv.gtt = NULL


cdef inline void pm_new_search(PMScratch* sc, int tricks_left) noexcept nogil:
    """Every decision searches under its own rules (trump, side): a fresh table generation, and
    the generalised table emptied (its entries hold no generation), no bigger than the tricks
    left need (as the solver's Position sizes it: clearing costs a pass over its tags)."""
    cdef uint64_t k
    cdef uint64_t buckets = <uint64_t>1 << (pm_gtt_bits(tricks_left) - SV_BUCKET_BITS)
    sc.sv.gen += 1
    if sc.sv.gen == 0:
        memset(sc.sv.tt, 0, <size_t>(sc.sv.tt_mask + 1) * sizeof(SVEntry))
        sc.sv.gen = 1
    if buckets > sc.gtt_buckets:
        buckets = sc.gtt_buckets
    sc.sv.gtt_mask = buckets - 1
    for k in range(buckets):
        # emptied by its tags alone: an entry (and its filter word) is read only after its tag matches
        memset(sc.sv.gtt[k].tag, 0, sizeof(sc.sv.gtt[k].tag))
        sc.sv.gtt[k].next = 0


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


cdef inline void pm_solve_moves(PMScratch* sc, const SVRules* sr, const SVPos* pos, const int* moves,
                                const int* rep, int n, int* guess, int64_t* total) noexcept nogil:
    """Add to total[j] the side's tricks from ``pos`` after move j with best play (one solve per
    class of equivalent moves), each search started from ``guess[j]`` (the move's value in the
    world before; -1: the value of the move before), which gets the value found."""
    cdef int j, gain, v = 0
    cdef int vals[PM_MAX_MOVES]
    cdef SVPos child
    sc.sv.general = (sr.kind == SV_FOLLOW and not sr.points and pos.tricks_left >= sc.general_from
                     and not sv_full_lane(pos.hand, sr.seats))
    for j in range(n):
        if rep[j] != j:
            vals[j] = vals[rep[j]]
        else:
            child = pos[0]
            gain = sv_apply(sr, &child, moves[j])
            v = gain + sv_value(&sc.sv, sr, &child, (guess[j] if guess[j] >= 0 else v) - gain)
            vals[j] = v
        guess[j] = vals[j]
        total[j] += vals[j]


cdef inline uint64_t pm_elsewhere(uint64_t deck, uint64_t played, uint64_t own, const int* trick, int n_in_trick) noexcept nogil:
    cdef uint64_t out = deck & ~played & ~own
    cdef int i
    for i in range(n_in_trick):
        out |= bit_bb(trick[i])
    return out


# -- the PIMC step, written once over a game's hooks -------------------------------------------
# A game plugs in by a PMGame of small functions over its own hand and rules structs (passed as
# void*), in the manner of _games.pxd's GDGame: the decision (pm_card), the step of a seat by its
# policy (pm_card_step) and the play-out of a hand (pm_play_out) are the same code for euchre and
# spades.  Hooks run once a decision or once a world, never per card of a search.

cdef enum:
    PM_PHASE_DONE = 0           # the hand is over
    PM_PHASE_CARD = 1           # a card to play
    PM_PHASE_OTHER = 2          # another decision (bids, trump, the discard, ...): the game's step

ctypedef int (*pm_phase_fn)(const void* h) noexcept nogil
ctypedef int (*pm_seat_fn)(const void* h) noexcept nogil
ctypedef uint64_t (*pm_legal_fn)(const void* h, const void* r) noexcept nogil
ctypedef int (*pm_action_fn)(const void* h, int card) noexcept nogil
ctypedef int (*pm_pick_fn)(void* h, const void* r) noexcept nogil
ctypedef void (*pm_play_fn)(void* h, const void* r, int card) noexcept nogil
ctypedef uint64_t* (*pm_hands_fn)(void* h) noexcept nogil
ctypedef int (*pm_side_fn)(const void* h, const void* r, int seat) noexcept nogil
ctypedef uint64_t (*pm_elsewhere_fn)(const void* h, const void* r, int seat) noexcept nogil
ctypedef void (*pm_solver_fn)(const void* h, const void* r, int side, SVRules* sr, SVPos* p) noexcept nogil
ctypedef int (*pm_places_fn)(const void* h, const void* r, int seat, uint64_t* known, uint64_t* hidden,
                             uint64_t* barred, int* cap, int* place_seat) noexcept nogil
ctypedef int (*pm_playout_fn)(const void* world, const void* r, const PMSeat* ps, int seat, int side, int before,
                              int card) noexcept nogil
ctypedef void (*pm_step_fn)(void* h, const void* r, const int* pol, const PMSeat* ps, PMScratch* sc,
                            uint64_t base) noexcept nogil
ctypedef void (*pm_new_fn)(void* h, const void* r, uint64_t seed, uint64_t stream, int dealer) noexcept nogil
ctypedef void (*pm_record_fn)(const void* h, const void* r, void* out) noexcept nogil

ctypedef struct PMGame:
    size_t hand_bytes           # the game's hand struct (a world is a copy of it)
    pm_phase_fn phase           # PM_PHASE_*
    pm_seat_fn to_act
    pm_seat_fn n_played         # cards played so far (a decision's key)
    pm_legal_fn legal           # the legal cards of the seat to act
    pm_action_fn action         # a card's action (the contract's numbering: ties go to the lowest)
    pm_pick_fn heuristic        # the heuristic's card (the tie-break)
    pm_pick_fn random           # the random player's card
    pm_play_fn play             # play a card, noting what it proves (voids) as the step state does
    pm_hands_fn hands           # the hand's cards per seat (a world's are written there)
    pm_side_fn side             # the seats whose tricks the seat to act counts
    pm_side_fn so_far           # (h, r, side): the side's tricks so far
    pm_elsewhere_fn elsewhere   # the cards that may lie elsewhere than the seat's (pm_classes)
    pm_solver_fn solver         # the solver's rules and position of the hand
    pm_places_fn places         # the places of the cards the seat cannot see (the resample's reading)
    pm_playout_fn playout       # a world played out by the heuristic after a card: its value
    pm_step_fn step             # a decision other than a card, by the seat's policy
    pm_new_fn new_hand          # hand ``stream`` of the batch keyed by ``seed``, for a dealer
    pm_record_fn record         # the finished hand's record (the game's own hand batches' record)
    int tt_bits                 # the solver's table for one decision
    int general_from            # tricks left from which the generalised table pays (fewer: the exact table,
                                # whose nodes cost less: spades endgames; measured in bench/bench_pimc_odds.py)

ctypedef union PMAnyHand:       # room for any game's hand struct (a world)
    EUHand eu
    SPHand sp

cdef int PM_ALL_HEURISTIC[8]    # the play-outs' players
cdef int _k
for _k in range(8):
    PM_ALL_HEURISTIC[_k] = POLICY_HEURISTIC


cdef int pm_card(const PMGame* g, const void* h, const void* r, const PMSeat* ps, PMScratch* sc,
                 uint64_t key) noexcept nogil:
    """The card of the PIMC or oracle seat to act; see the top of this file."""
    cdef uint64_t legal = g.legal(h, r), known = 0, hidden = 0, m
    cdef uint64_t barred[CD_MAX_PLACES]
    cdef uint64_t dealt[CD_MAX_PLACES]
    cdef int cap[CD_MAX_PLACES]
    cdef int place_seat[CD_MAX_PLACES]
    cdef int moves[PM_MAX_MOVES]
    cdef int actions[PM_MAX_MOVES]
    cdef int64_t total[PM_MAX_MOVES]
    cdef int rep[PM_MAX_MOVES]
    cdef int guess[PM_MAX_MOVES]
    cdef int seat = g.to_act(h), n = 0, j, w, p, side, n_places, before
    cdef const uint64_t* hands = g.hands(<void*>h)
    cdef uint64_t* wh
    cdef PMAnyHand world
    cdef SVRules sr
    cdef SVPos pos
    cdef Rng rng
    if popcount(legal) == 1:
        return lsb(legal)
    m = legal
    while m:
        moves[n] = lsb(m)
        actions[n] = g.action(h, moves[n])
        total[n] = 0
        guess[n] = -1
        m &= m - 1
        n += 1
    side = g.side(h, r, seat)
    pm_classes(moves, n, g.elsewhere(h, r, seat), rep)
    if (ps.kind == PM_ORACLE or ps.eval == PM_SOLVE) and pm_one_class(rep, n):
        return g.heuristic(<void*>h, r)  # every card takes the same tricks: the tie-break's card, unsearched
    if ps.kind == PM_ORACLE or ps.eval == PM_SOLVE:
        g.solver(h, r, side, &sr, &pos)
        if ps.kind == PM_ORACLE and ps.tricks > 0 and pos.tricks_left > ps.tricks:
            return g.heuristic(<void*>h, r)  # oracle(tricks=N): too early to solve, the heuristic's card
        pm_new_search(sc, pos.tricks_left)
        sc.general_from = g.general_from
    if ps.kind == PM_ORACLE:
        pm_solve_moves(sc, &sr, &pos, moves, rep, n, guess, total)
        return pm_choose(total, moves, actions, n, g.heuristic(<void*>h, r))
    n_places = g.places(h, r, seat, &known, &hidden, barred, cap, place_seat)
    if cd_prepare_masks(sc.plan, hidden, barred, cap, n_places) != CD_OK:
        return g.heuristic(<void*>h, r)  # cannot happen: the true cards are consistent
    before = g.so_far(h, r, side)
    wh = g.hands(&world)
    for w in range(ps.worlds):
        rng_seed(&rng, key + GAMMA * <uint64_t>(w + 1), RESAMPLE_STREAM)
        cd_sample_masks(sc.plan, &rng, dealt)
        memcpy(&world, h, g.hand_bytes)
        for p in range(n_places):
            if place_seat[p] >= 0:
                wh[place_seat[p]] = (hands[place_seat[p]] & known) | dealt[p]
        if ps.eval == PM_SOLVE:
            for p in range(sr.seats):
                pos.hand[p] = wh[p] if (sr.active >> p) & 1 else 0
            pm_solve_moves(sc, &sr, &pos, moves, rep, n, guess, total)
        else:
            for j in range(n):
                total[j] += g.playout(&world, r, ps, seat, side, before, moves[j])
    return pm_choose(total, moves, actions, n, g.heuristic(<void*>h, r))


cdef inline void pm_card_step(const PMGame* g, void* h, const void* r, const int* pol, const PMSeat* ps,
                              PMScratch* sc, uint64_t base) noexcept nogil:
    """One card of the seat to act, by its policy."""
    cdef int s = g.to_act(h), card
    if pol[s] == PM_RANDOM:
        card = g.random(h, r)
    elif pol[s] == PM_HEURISTIC:
        card = g.heuristic(h, r)
    else:
        card = pm_card(g, h, r, &ps[s], sc, pm_key(base, g.n_played(h), s))
    g.play(h, r, card)


cdef void pm_play_out(const PMGame* g, void* h, const void* r, const int* pol, const PMSeat* ps, PMScratch* sc,
                      uint64_t base) noexcept nogil:
    """Finish the hand, each seat by its policy (PIMC and oracle seats: the heuristic but in the
    card play, and a spades bid with ``bids=pimc``)."""
    cdef int ph
    while True:
        ph = g.phase(h)
        if ph == PM_PHASE_DONE:
            return
        if ph == PM_PHASE_CARD:
            pm_card_step(g, h, r, pol, ps, sc, base)
        else:
            g.step(h, r, pol, ps, sc, base)


cdef void pm_simulate_one(const PMGame* g, const void* r, int seats, uint64_t seed, int64_t index, const int* pol,
                          const PMSeat* ps, PMScratch* sc, uint64_t pseed, char* out) noexcept nogil:
    """Hand ``index`` of the batch keyed by ``seed``, as the game's own batch deals and records it,
    with PIMC and oracle seats."""
    cdef PMAnyHand h
    g.new_hand(&h, r, seed, <uint64_t>index, <int>(index % seats))
    pm_play_out(g, &h, r, pol, ps, sc, pm_base(pseed, seed, index))
    g.record(&h, r, out)


# -- euchre: the hooks ----------------------------------------------------------------------

cdef inline uint64_t pm_eu_deck(const EUHand* h) noexcept nogil:
    return eu_effective(EUCHRE_DECK_BB, h.trump)


cdef int pm_eu_phase(const void* hv) noexcept nogil:
    cdef int ph = (<const EUHand*>hv).phase
    return PM_PHASE_DONE if ph == EPH_DONE else (PM_PHASE_CARD if ph == EPH_PLAY else PM_PHASE_OTHER)


cdef int pm_eu_to_act(const void* hv) noexcept nogil:
    return (<const EUHand*>hv).to_act


cdef int pm_eu_n_played(const void* hv) noexcept nogil:
    return popcount((<const EUHand*>hv).played)


cdef uint64_t pm_eu_legal(const void* hv, const void* rv) noexcept nogil:
    return eu_legal(<const EUHand*>hv)


cdef int pm_eu_heuristic(void* hv, const void* rv) noexcept nogil:
    return eu_ext_heuristic_card(<const EUHand*>hv, <const EURules*>rv)


cdef int pm_eu_random(void* hv, const void* rv) noexcept nogil:
    return eu_random_card(<EUHand*>hv, eu_legal(<EUHand*>hv))


cdef void pm_eu_play(void* hv, const void* rv, int card) noexcept nogil:
    """eu_play, first noting what the card proves (failing to follow: a void in the led
    effective suit), as the step state does for resampling."""
    cdef EUHand* h = <EUHand*>hv
    cdef int led
    if h.n_in_trick > 0:
        led = h.trick[0] >> 4
        if (card >> 4) != led:
            h.barred[h.to_act] |= pm_eu_deck(h) & lane_bb(led) & ~bit_bb(card)
    eu_play(h, <const EURules*>rv, card)


cdef uint64_t* pm_eu_hands(void* hv) noexcept nogil:
    return (<EUHand*>hv).hand


cdef int pm_eu_side(const void* hv, const void* rv, int seat) noexcept nogil:
    cdef const EUHand* h = <const EUHand*>hv
    if (<const EURules*>rv).partnership:
        return (1 << seat) | (1 << ((seat + 2) % 4))
    if seat != h.maker:
        return h.active & ~(1 << h.maker)
    return 1 << seat


cdef int pm_eu_so_far(const void* hv, const void* rv, int side) noexcept nogil:
    cdef const EUHand* h = <const EUHand*>hv
    cdef int s, t = 0
    for s in range((<const EURules*>rv).seats):
        if (side >> s) & 1:
            t += h.tricks[s]
    return t


cdef uint64_t pm_eu_elsewhere(const void* hv, const void* rv, int seat) noexcept nogil:
    cdef const EUHand* h = <const EUHand*>hv
    return pm_elsewhere(pm_eu_deck(h), h.played, h.hand[seat], h.trick, h.n_in_trick)


cdef void pm_eu_solver(const void* hv, const void* rv, int side, SVRules* sr, SVPos* p) noexcept nogil:
    cdef const EUHand* h = <const EUHand*>hv
    cdef const EURules* r = <const EURules*>rv
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


cdef int pm_eu_places(const void* hv, const void* rv, int seat, uint64_t* known_out, uint64_t* hidden_out,
                      uint64_t* barred, int* cap, int* place_seat) noexcept nogil:
    """The places of the cards ``seat`` cannot see: EuchreState.resample's reading (eu_hidden_places;
    the places other than a seat's hand have negative codes, which the worlds leave alone)."""
    cdef uint64_t where[CD_MAX_PLACES]
    return eu_hidden_places(<const EUHand*>hv, <const EURules*>rv, seat, known_out, hidden_out, where, barred, cap,
                            place_seat)


cdef int pm_eu_action(const void* hv, int card) noexcept nogil:
    cdef int phys = lsb(eu_physical(bit_bb(card), (<const EUHand*>hv).trump))
    return 6 * (phys >> 4) + (phys & 15)


cdef int pm_eu_playout(const void* world, const void* rv, const PMSeat* ps, int seat, int side, int before,
                       int card) noexcept nogil:
    """The side's tricks from here when ``card`` is played in ``world`` and everyone plays on by the heuristic."""
    cdef const EURules* r = <const EURules*>rv
    cdef EUHand t = (<const EUHand*>world)[0]
    eu_play(&t, r, card)
    eu_ext_play_out(&t, r, PM_ALL_HEURISTIC)
    return pm_eu_so_far(&t, r, side) - before


cdef void pm_eu_step(void* hv, const void* rv, const int* pol, const PMSeat* ps, PMScratch* sc,
                     uint64_t base) noexcept nogil:
    """Bids, trump, the discard, alone, the merge: the heuristic for PIMC and oracle seats."""
    cdef EUHand* h = <EUHand*>hv
    eu_ext_policy_step(h, <const EURules*>rv, PM_RANDOM if pol[h.to_act] == PM_RANDOM else PM_HEURISTIC)


cdef void pm_eu_new_hand(void* hv, const void* rv, uint64_t seed, uint64_t stream, int dealer) noexcept nogil:
    eu_new_hand(<EUHand*>hv, <const EURules*>rv, seed, stream, dealer)


cdef void pm_eu_record(const void* hv, const void* rv, void* out) noexcept nogil:
    eu_hand_record(<const EUHand*>hv, <const EURules*>rv, out)


cdef PMGame PM_EUCHRE
PM_EUCHRE.hand_bytes = sizeof(EUHand)
PM_EUCHRE.phase = pm_eu_phase
PM_EUCHRE.to_act = pm_eu_to_act
PM_EUCHRE.n_played = pm_eu_n_played
PM_EUCHRE.legal = pm_eu_legal
PM_EUCHRE.action = pm_eu_action
PM_EUCHRE.heuristic = pm_eu_heuristic
PM_EUCHRE.random = pm_eu_random
PM_EUCHRE.play = pm_eu_play
PM_EUCHRE.hands = pm_eu_hands
PM_EUCHRE.side = pm_eu_side
PM_EUCHRE.so_far = pm_eu_so_far
PM_EUCHRE.elsewhere = pm_eu_elsewhere
PM_EUCHRE.solver = pm_eu_solver
PM_EUCHRE.places = pm_eu_places
PM_EUCHRE.playout = pm_eu_playout
PM_EUCHRE.step = pm_eu_step
PM_EUCHRE.new_hand = pm_eu_new_hand
PM_EUCHRE.record = pm_eu_record
PM_EUCHRE.tt_bits = PM_EU_TT_BITS
PM_EUCHRE.general_from = 0


# the euchre action-odds trial (euchre/odds.pxd) with PIMC and oracle seats

cdef inline void pm_euo_step(EUHand* h, const EURules* r, int seat, const int* pol, const PMSeat* ps,
                             PMScratch* sc, uint64_t base) noexcept nogil:
    """euo_step: the player's discard and merge by the heuristic, the rest by policy."""
    if h.to_act == seat and h.phase == EPH_DISCARD:
        eu_discard(h, r, lsb(h.hand[seat] & ~eu_ext_drop_worst(h.hand[seat], h.trump, 1)))
    elif h.to_act == seat and h.phase == EPH_MERGE:
        eu_merge(h, r, eu_ext_drop_worst(h.hand[seat], h.trump, EU_HAND_SIZE))
    elif h.phase == EPH_PLAY:
        pm_card_step(&PM_EUCHRE, h, r, pol, ps, sc, base)
    else:
        eu_ext_policy_step(h, r, PM_RANDOM if pol[h.to_act] == PM_RANDOM else PM_HEURISTIC)


cdef inline void pm_euo_act(EUHand* h, const EURules* r, int seat, int action, const int* pol, const PMSeat* ps,
                            PMScratch* sc, uint64_t base) noexcept nogil:
    """euo_act (euchre/odds.pxd): force the player's ``action`` and play the hand out."""
    if eu_ext_force_call(h, r, seat, action):
        while h.phase != EPH_ALONE:
            pm_euo_step(h, r, seat, pol, ps, sc, base)
        eu_alone(h, r, action == 2)
    while h.phase != EPH_DONE and h.redeals == 0:
        pm_euo_step(h, r, seat, pol, ps, sc, base)


cdef void pm_eu_odds_trial(const EURules* r, uint64_t hand, int upcard, int seat, int dealer, uint64_t seed,
                           int64_t index, const int* pol, const PMSeat* ps, PMScratch* sc, uint64_t pseed,
                           int16_t* out) noexcept nogil:
    """eu_odds_trial with PIMC and oracle seats: the same deal (eu_odds_deal), every action."""
    cdef EUHand dealt
    rng_seed_hand(&dealt.deal_rng, &dealt.rng, seed, <uint64_t>index)
    eu_ext_odds_deal(&dealt, r, hand, upcard, seat, dealer)
    pm_eu_odds_play(r, &dealt, seat, pol, ps, sc, pm_base(pseed, seed, index), out)


cdef void pm_eu_odds_play(const EURules* r, const EUHand* dealt, int seat, const int* pol, const PMSeat* ps,
                          PMScratch* sc, uint64_t base, int16_t* out) noexcept nogil:
    """eu_odds_play with PIMC and oracle seats: every action's columns from one deal about to bid."""
    cdef EUHand h
    cdef int a
    for a in range(EUO_ACTIONS):
        if a == 3 and r.stick_the_dealer and seat == dealt.dealer:
            out[EUO_PER_ACTION * a] = 0
            out[EUO_PER_ACTION * a + 1] = 0
            out[EUO_PER_ACTION * a + 2] = EUO_NOT_OPEN
            continue
        h = dealt[0]
        pm_euo_act(&h, r, seat, a, pol, ps, sc, base)
        eu_ext_odds_record(&h, r, seat, out + EUO_PER_ACTION * a)


# -- spades: the hooks ----------------------------------------------------------------------

cdef int pm_sp_phase(const void* hv) noexcept nogil:
    cdef int ph = (<const SPHand*>hv).phase
    return PM_PHASE_CARD if ph == SP_PH_PLAY else (PM_PHASE_OTHER if ph == SP_PH_BID else PM_PHASE_DONE)


cdef int pm_sp_to_act(const void* hv) noexcept nogil:
    return (<const SPHand*>hv).to_act


cdef int pm_sp_n_played(const void* hv) noexcept nogil:
    return popcount((<const SPHand*>hv).played)


cdef uint64_t pm_sp_legal(const void* hv, const void* rv) noexcept nogil:
    return sp_legal(<const SPHand*>hv, <const SPRules*>rv)


cdef int pm_sp_heuristic(void* hv, const void* rv) noexcept nogil:
    return sp_ext_heuristic_card(<SPHand*>hv, <const SPRules*>rv)


cdef int pm_sp_random(void* hv, const void* rv) noexcept nogil:
    return sp_ext_random_card(<SPHand*>hv, <const SPRules*>rv)


cdef void pm_sp_play(void* hv, const void* rv, int card) noexcept nogil:
    """sp_play, first noting what the card proves (SpadesState's sp_play_barred): failing to
    follow, a void in the led suit; leading a spade before spades are broken, no other suit."""
    cdef SPHand* h = <SPHand*>hv
    cdef const SPRules* r = <const SPRules*>rv
    cdef int led
    if h.n_in_trick > 0:
        led = h.trick[0] >> 4
        if (card >> 4) != led:
            h.barred[h.to_act] |= r.deck & lane_bb(led) & ~bit_bb(card)
    elif r.break_spades and not h.broken and (card >> 4) == 0:
        h.barred[h.to_act] |= r.deck & ~lane_bb(0)
    sp_ext_play(h, r, card)


cdef uint64_t* pm_sp_hands(void* hv) noexcept nogil:
    return (<SPHand*>hv).hand


cdef int pm_sp_side(const void* hv, const void* rv, int seat) noexcept nogil:
    if (<const SPRules*>rv).partnership:
        return (1 << seat) | (1 << ((seat + 2) % 4))
    return 1 << seat


cdef int pm_sp_so_far(const void* hv, const void* rv, int side) noexcept nogil:
    cdef const SPHand* h = <const SPHand*>hv
    cdef int s, t = 0
    for s in range((<const SPRules*>rv).seats):
        if (side >> s) & 1:
            t += h.tricks[s]
    return t


cdef uint64_t pm_sp_elsewhere(const void* hv, const void* rv, int seat) noexcept nogil:
    cdef const SPHand* h = <const SPHand*>hv
    return pm_elsewhere((<const SPRules*>rv).deck, h.played, h.hand[seat], h.trick, h.n_in_trick)


cdef void pm_sp_solver(const void* hv, const void* rv, int side, SVRules* sr, SVPos* p) noexcept nogil:
    cdef const SPHand* h = <const SPHand*>hv
    cdef const SPRules* r = <const SPRules*>rv
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


cdef int pm_sp_places(const void* hv, const void* rv, int seat, uint64_t* known_out, uint64_t* hidden_out,
                      uint64_t* barred, int* cap, int* place_seat) noexcept nogil:
    """Every other seat's cards (a seat holds what it was dealt less what it played); returns how many."""
    cdef const SPHand* h = <const SPHand*>hv
    cdef int s, n = 0
    cdef uint64_t hidden = 0
    for s in range((<const SPRules*>rv).seats):
        if s != seat:
            place_seat[n] = s
            barred[n] = h.barred[s]
            cap[n] = popcount(h.hand[s])
            hidden |= h.hand[s]
            n += 1
    known_out[0] = 0
    hidden_out[0] = hidden
    return n


cdef int pm_sp_action(const void* hv, int bit) noexcept nogil:
    return sp_card_action(bit)


cdef int pm_sp_playout(const void* world, const void* rv, const PMSeat* ps, int seat, int side, int before,
                       int card) noexcept nogil:
    """The side's tricks from here (``value=score``: the seat's score for the hand) when ``card`` is
    played in ``world`` and everyone plays on by the heuristic."""
    cdef const SPRules* r = <const SPRules*>rv
    cdef SPHand t = (<const SPHand*>world)[0]
    sp_ext_play(&t, r, card)
    sp_ext_play_out(&t, r, PM_ALL_HEURISTIC)
    return t.score[seat] if ps.score else pm_sp_so_far(&t, r, side) - before


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
    heur = sp_ext_heuristic_bid(<SPHand*>h, r)
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
            sp_ext_play_out(&t, r, pol)
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
        sp_ext_policy_step(h, r, PM_RANDOM if pol[s] == PM_RANDOM else PM_HEURISTIC)


cdef void pm_sp_step(void* hv, const void* rv, const int* pol, const PMSeat* ps, PMScratch* sc,
                     uint64_t base) noexcept nogil:
    pm_sp_bid_step(<SPHand*>hv, <const SPRules*>rv, pol, ps, sc, base)


cdef void pm_sp_record(const void* hv, const void* rv, void* out) noexcept nogil:
    sp_hand_record(<const SPHand*>hv, <const SPRules*>rv, out)


cdef PMGame PM_SPADES
PM_SPADES.hand_bytes = sizeof(SPHand)
PM_SPADES.phase = pm_sp_phase
PM_SPADES.to_act = pm_sp_to_act
PM_SPADES.n_played = pm_sp_n_played
PM_SPADES.legal = pm_sp_legal
PM_SPADES.action = pm_sp_action
PM_SPADES.heuristic = pm_sp_heuristic
PM_SPADES.random = pm_sp_random
PM_SPADES.play = pm_sp_play
PM_SPADES.hands = pm_sp_hands
PM_SPADES.side = pm_sp_side
PM_SPADES.so_far = pm_sp_so_far
PM_SPADES.elsewhere = pm_sp_elsewhere
PM_SPADES.solver = pm_sp_solver
PM_SPADES.places = pm_sp_places
PM_SPADES.playout = pm_sp_playout
PM_SPADES.step = pm_sp_step
PM_SPADES.new_hand = sp_gd_new
PM_SPADES.record = pm_sp_record
PM_SPADES.tt_bits = PM_SP_TT_BITS
PM_SPADES.general_from = 8


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
    cdef SPHand dealt
    rng_seed_hand(&dealt.deal_rng, &dealt.rng, seed, <uint64_t>index)
    sp_odds_deal(&dealt, r, hand, seat, dealer, scores, blind)
    pm_sp_odds_play(r, &dealt, seat, codes, n_codes, pol, ps, sc, pm_base(pseed, seed, index), out)


cdef void pm_sp_odds_play(const SPRules* r, const SPHand* dealt, int seat, const int* codes, int n_codes,
                          const int* pol, const PMSeat* ps, PMScratch* sc, uint64_t base, int16_t* out) noexcept nogil:
    """The trial's columns from its deal (bidding under way, the player's turn still to come)."""
    cdef SPHand h
    cdef int c, code, chosen = -1
    cdef int16_t* row
    for c in range(n_codes):
        code = codes[c]
        row = out + SPO_PER_BID * c
        h = dealt[0]
        while h.phase == SP_PH_BID:
            if h.to_act == seat and code >= 0:
                sp_bid(&h, r, code)
            else:
                if h.to_act == seat:
                    pm_sp_bid_step(&h, r, pol, ps, sc, base)
                    chosen = sp_code(h.kind[seat], h.bid[seat])
                else:
                    pm_sp_bid_step(&h, r, pol, ps, sc, base)
        pm_play_out(&PM_SPADES, &h, r, pol, ps, sc, base)
        row[SPO_TRICKS] = h.tricks[seat]
        row[SPO_SCORE] = h.score[seat]
        row[SPO_MADE] = pm_sp_made(&h, seat)
    out[SPO_PER_BID * n_codes] = chosen


# -- pinochle (cutthroat, partnership): the core's own PIMC play-outs --------------------------
# The step states' pimc_playout (pinochle/world.pxd, pin_pimc_totals) is the decision: worlds
# drawn from what the seat has seen (its cards, the widow or passes it saw, the melds, the
# plays and what they prove, noted in a CPSteps as the step state notes them), every legal
# card played out by the heuristic for everyone in each world, the side's trick points summed.
# ``oracle``: one play-out per card of the true deal (every card seen): a full-depth pinochle
# solve costs seconds an early position (bench/bench_solver.py), too slow for batches.  Bids,
# trump, the widow's discard and the passes are the heuristic's.

cdef inline int pm_pin_side(const PinHand* h, int seat) noexcept nogil:
    """The seats whose trick points ``seat`` counts: its partnership, or cutthroat's defenders
    together against the bidder (cardsim.solver.positions.sides)."""
    if PinHand is CPHand:
        return (7 & ~(1 << h.bidder)) if seat != h.bidder else 1 << seat
    else:
        return (1 << seat) | (1 << ((seat + 2) % 4))


cdef inline int pm_pin_heuristic(const PinHand* h, const void* r) noexcept nogil:
    """The heuristic's card for the seat to act (on a copy: the tie-break)."""
    cdef PinHand x = h[0]
    if PinHand is CPHand:
        return cp_ext_heuristic_card(&x, <const CPRules*>r)
    else:
        return pp_ext_heuristic_card(&x, <const PPRules*>r)


cdef inline void pm_pin_policy_step(PinHand* h, const void* r, int policy) noexcept nogil:
    if PinHand is CPHand:
        cp_ext_policy_step(h, <const CPRules*>r, policy)
    else:
        pp_ext_policy_step(h, <const PPRules*>r, policy)


cdef inline int pm_pin_must_beat(const PinHand* h, const void* r) noexcept nogil:
    if PinHand is CPHand:
        return (<const CPRules*>r).must_beat
    else:
        return (<const PPRules*>r).must_beat


cdef inline void pm_pin_note_play(CPSteps* steps, const PinHand* before, int card, int must_beat) noexcept nogil:
    """What playing ``card`` proves, noted as the step state notes it (pinochle/world.pxd's pin_note_play)."""
    if PinHand is CPHand:
        cp_ext_note_play(steps, before, card, must_beat)
    else:
        pp_ext_note_play(steps, before, card, must_beat)


cdef inline int pm_pin_totals(PinHand* h, const void* r, const CPSteps* steps, DealPlan* plan, int seat, int worlds,
                              uint64_t seed, int side, bint oracle, int* acts, double* totals) noexcept nogil:
    """pinochle/world.pxd's pin_pimc_totals: the PIMC (or play-out oracle) totals of each legal card."""
    if PinHand is CPHand:
        return cp_ext_pimc_totals(h, <const CPRules*>r, steps, plan, seat, worlds, seed, side, oracle, acts, totals)
    else:
        return pp_ext_pimc_totals(h, <const PPRules*>r, steps, plan, seat, worlds, seed, side, oracle, acts, totals)


cdef inline int pm_pin_n_played(const PinHand* h) noexcept nogil:
    """A decision's place in the card play (its key): 4 a trick, then the cards in the trick."""
    return 4 * h.tricks_played + h.n_in_trick


cdef int pm_pin_card(PinHand* h, const void* r, const CPSteps* steps, const PMSeat* ps, DealPlan* plan,
                     uint64_t key) noexcept nogil:
    """The card (a bit) the PIMC or oracle seat to act plays: the highest total of
    pin_pimc_totals (keyed by ``key``); ties: the heuristic's card when tied, else the lowest
    action, as cardsim.solver.players._pick chooses.  -1: no world found (cannot happen: the
    true cards are one)."""
    cdef int acts[PIN_CARD_ACTIONS]
    cdef double totals[PIN_CARD_ACTIONS]
    cdef int j, n, best = -1, preferred, heur
    cdef uint64_t legal = pin_legal(h, r)
    cdef double top
    n = pin_cards_into(legal, acts)
    if n == 1:
        return <int>lsb(legal)
    heur = pm_pin_heuristic(h, r)
    n = pm_pin_totals(h, r, steps, plan, h.to_act, ps.worlds, key, pm_pin_side(h, h.to_act),
                        ps.kind == PM_ORACLE, acts, totals)
    if n < 0:
        return -1
    preferred = pin_card_action(heur)
    top = totals[0]
    for j in range(1, n):
        if totals[j] > top:
            top = totals[j]
    for j in range(n):
        if totals[j] == top:
            if acts[j] == preferred:
                best = j
                break
            if best < 0:
                best = j
    return <int>lsb(legal & pin_action_copies_bb(acts[best]))


cdef int pm_pin_play_out(PinHand* h, const void* r, CPSteps* steps, const int* pol, const PMSeat* ps,
                         DealPlan* plan, uint64_t base) noexcept nogil:
    """Finish the hand, each seat by its policy, noting what every card proves in ``steps`` (as
    the step state notes it); -1 when a decision found no world."""
    cdef int s, card
    cdef PinHand before
    while h.phase != PH_DONE:
        s = h.to_act
        if h.phase == PH_PLAY and pol[s] >= PM_PIMC:
            card = pm_pin_card(h, r, steps, &ps[s], plan, pm_key(base, pm_pin_n_played(h), s))
            if card < 0:
                return -1
            pm_pin_note_play(steps, h, card, pm_pin_must_beat(h, r))
            pin_play(h, r, card)
        elif h.phase == PH_PLAY:
            before = h[0]
            pm_pin_policy_step(h, r, pol[s])
            pm_pin_note_play(steps, &before, <int>lsb(before.hand[s] & ~h.hand[s]), pm_pin_must_beat(h, r))
        else:
            pm_pin_policy_step(h, r, PM_RANDOM if pol[s] == PM_RANDOM else PM_HEURISTIC)
    return 0


cdef inline void pm_pin_steps_clear(CPSteps* steps) noexcept nogil:
    memset(steps, 0, sizeof(CPSteps))
    steps.trump = -1


cdef int pm_pin_simulate_one(PinHand* h, const void* r, uint64_t seed, int64_t index, const int* pol,
                             const PMSeat* ps, DealPlan* plan, uint64_t pseed, char* out) noexcept nogil:
    """Hand ``index`` of the game's batch keyed by ``seed`` (its own deal) in ``h`` (the caller's,
    one per thread), PIMC and oracle seats playing their cards; its record as the game's batch
    writes it."""
    cdef CPSteps steps
    pm_pin_steps_clear(&steps)
    if PinHand is CPHand:
        cp_new_hand(h, <const CPRules*>r, seed, <uint64_t>index, <int>(index % CP_SEATS))
    else:
        pp_new_hand(h, seed, <uint64_t>index, <int>(index % PP_SEATS))
    if pm_pin_play_out(h, r, &steps, pol, ps, plan, pm_base(pseed, seed, index)) < 0:
        return -1
    if PinHand is CPHand:
        cp_hand_record(h, out)
    else:
        pp_hand_record(h, out)
    return 0


cdef int pm_cp_simulate_one(const CPRules* r, uint64_t seed, int64_t index, const int* pol, const PMSeat* ps,
                            DealPlan* plan, uint64_t pseed, char* out) noexcept nogil:
    cdef CPHand h
    return pm_pin_simulate_one(&h, r, seed, index, pol, ps, plan, pseed, out)


cdef int pm_pp_simulate_one(const PPRules* r, uint64_t seed, int64_t index, const int* pol, const PMSeat* ps,
                            DealPlan* plan, uint64_t pseed, char* out) noexcept nogil:
    cdef PPHand h
    return pm_pin_simulate_one(&h, r, seed, index, pol, ps, plan, pseed, out)


cdef void pm_cp_odds_trial(const CPRules* r, uint64_t hand, int seat, int dealer, uint64_t seed, int64_t index,
                           const int* pol, const PMSeat* ps, DealPlan* plan, uint64_t pseed, int16_t* out,
                           int* failed) noexcept nogil:
    """cp_odds_trial (pinochle/cutthroat_odds.pxd) with PIMC and oracle seats: the same deal, every
    trump by the heuristic's discard, the same columns."""
    cdef CPHand dealt
    rng_seed_hand(&dealt.deal_rng, &dealt.rng, seed, <uint64_t>index)
    cp_ext_odds_deal(&dealt, r, hand, seat, dealer)
    pm_cp_odds_play(r, &dealt, seat, pol, ps, plan, pm_base(pseed, seed, index), out, failed)


cdef void pm_cp_odds_play(const CPRules* r, const CPHand* dealt, int seat, const int* pol, const PMSeat* ps,
                          DealPlan* plan, uint64_t base, int16_t* out, int* failed) noexcept nogil:
    """A trial's columns from its deal (the player has won the auction: cp_odds_play with PIMC and
    oracle seats), the trial keyed ``base``."""
    cdef CPHand h
    cdef CPSteps steps
    cdef int trump
    cdef int melds[4]
    out[ODDS_CHOSEN] = cp_ext_best_trump_melds(dealt.hand[seat], r, melds)
    for trump in range(4):
        h = dealt[0]
        cp_declare(&h, r, trump, cp_ext_heuristic_discard_from(h.hand[seat], trump, r, melds[trump]) if r.widow else 0,
                   False)
        pm_pin_steps_clear(&steps)
        if pm_pin_play_out(&h, r, &steps, pol, ps, plan, mix64(base + <uint64_t>trump)) < 0:
            failed[0] = 1
        cp_ext_odds_row(&h, r, seat, out + ODDS_PER_TRUMP * trump)


cdef void pm_pp_odds_trial(const PPRules* r, uint64_t hand, int seat, int dealer, uint64_t seed, int64_t index,
                           const int* pol, const PMSeat* ps, DealPlan* plan, uint64_t pseed, int16_t* out,
                           int* failed) noexcept nogil:
    """pp_odds_trial (pinochle/games_odds.pxd) with PIMC and oracle seats: the same deal and columns."""
    cdef PPHand dealt
    rng_seed_hand(&dealt.deal_rng, &dealt.rng, seed, <uint64_t>index)
    pp_ext_odds_deal(&dealt, hand, seat, dealer)
    pm_pp_odds_play(r, &dealt, seat, pol, ps, plan, pm_base(pseed, seed, index), out, failed)


cdef void pm_pp_odds_play(const PPRules* r, const PPHand* dealt, int seat, const int* pol, const PMSeat* ps,
                          DealPlan* plan, uint64_t base, int16_t* out, int* failed) noexcept nogil:
    """pp_odds_play with PIMC and oracle seats, the trial keyed ``base``."""
    cdef PPHand h
    cdef CPSteps steps
    cdef int trump, value, team = seat & 1, counted
    cdef int16_t* row
    out[ODDS_CHOSEN] = pp_ext_best_trump(dealt.hand[seat], r, &value)
    for trump in range(4):
        h = dealt[0]
        pp_declare(&h, r, trump)
        pm_pin_steps_clear(&steps)
        if pm_pin_play_out(&h, r, &steps, pol, ps, plan, mix64(base + <uint64_t>trump)) < 0:
            failed[0] = 1
        counted = h.team_meld[team] if h.team_trick_points[team] >= r.save_meld_points else 0
        row = out + ODDS_PER_TRUMP * trump
        row[ODDS_MELD] = h.team_meld[team]
        row[ODDS_TRICK_POINTS] = h.team_trick_points[team]
        row[ODDS_TOTAL] = counted + h.team_trick_points[team]


cdef DealPlan* pm_plans(int threads) except NULL:
    """One constrained-deal plan per thread (~512 KiB each)."""
    cdef DealPlan* plans = <DealPlan*>malloc(<size_t>max(1, threads) * sizeof(DealPlan))
    if plans == NULL:
        raise MemoryError()
    return plans


def simulate_pinochle_pimc(game, rules, uint64_t seed, int64_t start, records, policy_seats, int threads=1):
    """Hands ``start .. start+len(records)-1`` of the cutthroat or partnership pinochle batch keyed
    by ``seed`` into ``records`` (the game's record dtype), seats by ``policy_seats`` (see
    pm_seats; oracle: play-outs of the true deal).  Hand i depends only on (seed, i) and the
    policies: the same for any ``threads``.  The GIL is released."""
    from cardsim.pinochle.cutthroat import CP_RECORD_DTYPE
    from cardsim.pinochle.partnership import PP_RECORD_DTYPE
    cdef CPRules cr
    cdef PPRules pr
    cdef int cutthroat = game == "cutthroat-pinochle", seats = 3 if cutthroat else 4
    cdef int pol[PP_SEATS]
    cdef PMSeat ps[PP_SEATS]
    cdef Py_ssize_t i, n = len(records)
    cdef int nt = max(1, threads), failed = 0
    if not cutthroat and game != "partnership-pinochle":
        raise ValueError(f"no pinochle PIMC batch for {game}")
    if records.dtype != (CP_RECORD_DTYPE if cutthroat else PP_RECORD_DTYPE):
        raise ValueError(f"records must have the {game} record dtype")
    if cutthroat:
        cr = cp_rules_from(rules)
    else:
        pr = pp_rules_from(rules)
    pm_seats(policy_seats, pol, ps, seats)
    cdef uint64_t pseed = pm_policy_seed(ps, seats)
    cdef unsigned char[::1] raw = records.view(np.uint8).reshape(-1) if n else np.zeros(1, np.uint8)
    cdef char* out = <char*>&raw[0]
    cdef size_t size = records.itemsize
    cdef DealPlan* plans = pm_plans(nt)
    try:
        for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=nt):
            if cutthroat:
                if pm_cp_simulate_one(&cr, seed, start + i, pol, ps, &plans[threadid()], pseed, out + i * size) < 0:
                    failed = 1
            else:
                if pm_pp_simulate_one(&pr, seed, start + i, pol, ps, &plans[threadid()], pseed, out + i * size) < 0:
                    failed = 1
    finally:
        free(plans)
    if failed:
        raise RuntimeError("pimc: a decision found no world consistent with its seat's view (a core bug)")


def pinochle_odds_pimc(game, rules, uint64_t hand, int seat, int dealer, uint64_t seed, int64_t start,
                       int16_t[:, ::1] out, policy_seats, int threads=1):
    """cutthroat_pinochle_odds / partnership_pinochle_odds with PIMC and oracle seats: the same
    deals and columns; each trump's play-out keyed by the trial and the suit."""
    cdef CPRules cr
    cdef PPRules pr
    cdef int cutthroat = game == "cutthroat-pinochle", seats = 3 if cutthroat else 4
    cdef int pol[PP_SEATS]
    cdef PMSeat ps[PP_SEATS]
    cdef Py_ssize_t i, n = out.shape[0]
    cdef int nt = max(1, threads), failed = 0
    if not cutthroat and game != "partnership-pinochle":
        raise ValueError(f"no pinochle PIMC odds for {game}")
    if out.shape[1] != ODDS_COLUMNS:
        raise ValueError(f"out must have {ODDS_COLUMNS} columns")
    if cutthroat:
        cr = cp_rules_from(rules)
    else:
        pr = pp_rules_from(rules)
    pm_seats(policy_seats, pol, ps, seats)
    cdef uint64_t pseed = pm_policy_seed(ps, seats)
    cdef DealPlan* plans = pm_plans(nt)
    try:
        for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=nt):
            if cutthroat:
                pm_cp_odds_trial(&cr, hand, seat, dealer, seed, start + i, pol, ps, &plans[threadid()], pseed,
                                 &out[i, 0], &failed)
            else:
                pm_pp_odds_trial(&pr, hand, seat, dealer, seed, start + i, pol, ps, &plans[threadid()], pseed,
                                 &out[i, 0], &failed)
    finally:
        free(plans)
    if failed:
        raise RuntimeError("pimc: a decision found no world consistent with its seat's view (a core bug)")


def pinochle_odds_pimc_hands(game, rules, int seat, uint64_t seed, const int64_t[::1] ids,
                             const unsigned char[:, ::1] hands, int16_t[:, ::1] out, policy_seats, int threads=1):
    """Conditioned pinochle bid-odds trials with PIMC and oracle seats: trial ``ids[i]``'s kept deal
    is row i of ``hands`` (cardsim._odds_conditions.odds_conditioned_hands), played as
    pinochle_odds_pimc (cutthroat, partnership) or two_hand_pinochle_odds_pimc (two-hand) play a
    trial's deal, keyed by (seed, ids[i]); the same columns."""
    cdef CPRules cr
    cdef PPRules pr
    cdef THRules tr
    cdef THHand th
    cdef int family, seats, width, size
    cdef int pol[PP_SEATS]
    cdef PMSeat ps[PP_SEATS]
    cdef int worlds[PP_SEATS]
    cdef Py_ssize_t i, n = ids.shape[0]
    cdef int nt = max(1, threads), failed = 0, s
    if game == "cutthroat-pinochle":
        family, seats, width, size, cr = PM_HIST_CUTTHROAT, 3, ODDS_COLUMNS, sizeof(CPHand), cp_rules_from(rules)
    elif game == "partnership-pinochle":
        family, seats, width, size, pr = PM_HIST_PARTNERSHIP, 4, ODDS_COLUMNS, sizeof(PPHand), pp_rules_from(rules)
    elif game == "two-hand-pinochle":
        family, seats, width, size, tr = PM_HIST_TWO_HAND, 2, 4, sizeof(THHand), th_rules_from(rules)
    else:
        raise ValueError(f"no pinochle PIMC odds for {game}")
    if out.shape[1] != width or out.shape[0] != n or hands.shape[0] != n or hands.shape[1] != size:
        raise ValueError(f"out must have {width} columns, hands {size} bytes a row, one per id")
    pm_seats(policy_seats, pol, ps, seats)
    for s in range(seats):
        worlds[s] = ps[s].worlds
    cdef uint64_t pseed = pm_policy_seed(ps, seats)
    cdef DealPlan* plans = pm_plans(nt)
    try:
        for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=nt):
            if family == PM_HIST_CUTTHROAT:
                pm_cp_odds_play(&cr, <const CPHand*>&hands[i, 0], seat, pol, ps, &plans[threadid()],
                                pm_base(pseed, seed, ids[i]), &out[i, 0], &failed)
            elif family == PM_HIST_PARTNERSHIP:
                pm_pp_odds_play(&pr, <const PPHand*>&hands[i, 0], seat, pol, ps, &plans[threadid()],
                                pm_base(pseed, seed, ids[i]), &out[i, 0], &failed)
            else:
                pm_th_odds_play(&tr, <const THHand*>&hands[i, 0], seat, pol, worlds, pm_base(pseed, seed, ids[i]),
                                &out[i, 0], &failed)
    finally:
        free(plans)
    if failed:
        raise RuntimeError("pimc: a decision found no world consistent with its seat's view (a core bug)")


cdef void pm_th_odds_play(const THRules* r, const THHand* dealt, int seat, const int* kinds, const int* worlds,
                          uint64_t base, int16_t* out, int* failed) noexcept nogil:
    """A freshly dealt two-hand trial played out (th_solver_hand) into its columns, as
    two_hand.pyx's th_solver_odds_trial writes them."""
    cdef THHand h = dealt[0]
    if th_solver_hand(&h, r, kinds, worlds, base) < 0:
        failed[0] = 1
    out[0] = h.meld[seat]
    out[1] = h.meld[1 - seat]
    out[2] = h.trick_points[seat]
    out[3] = h.trick_points[1 - seat]


def pinochle_decision(GameState state, policy_seat, uint64_t key):
    """The card action the PIMC or oracle seat to act in ``state`` (a cutthroat or partnership
    pinochle step state in its card play) plays with decision key ``key``: the card a batch
    plays there (pm_pin_card), for replays of batch hands through the step API."""
    cdef PMSeat ps
    cdef int pol[1]
    cdef int card
    cdef DealPlan* plan
    pm_seats([policy_seat], pol, &ps, 1)
    if ps.kind < PM_PIMC:
        raise ValueError("pinochle_decision is for pimc and oracle")
    game = state.rules.game
    cdef int cutthroat = game == "cutthroat-pinochle"
    if not cutthroat and game != "partnership-pinochle":
        raise ValueError(f"pinochle_decision is for cutthroat and partnership pinochle, not {game}")
    if ((<CPHand*>state.structs[0]).phase if cutthroat else (<PPHand*>state.structs[0]).phase) != PH_PLAY:
        raise ValueError("the hand is not in its card play")
    plan = pm_plans(1)
    try:
        with nogil:
            if cutthroat:
                card = pm_pin_card(<CPHand*>state.structs[0], state.structs[1], <const CPSteps*>state.structs[2],
                                   &ps, plan, key)
            else:
                card = pm_pin_card(<PPHand*>state.structs[0], state.structs[1], <const CPSteps*>state.structs[2],
                                   &ps, plan, key)
    finally:
        free(plan)
    if card < 0:
        raise RuntimeError("pimc: no world consistent with the seat's view")
    return pin_card_action(card)


# -- action histories with PIMC and oracle seats (Game.simulate(histories=True), hand batches) ---
# Each hand is played again as its batch plays it (the same decisions, keys and notes), through
# cardsim._games's history loop: the card play by this module (its action in the contract's
# numbering), every other decision by the game's own step (the heuristic for solver seats), and
# the game's own deal row.

cdef enum:
    PM_HIST_PMGAME = 0          # euchre, spades: a PMGame
    PM_HIST_CUTTHROAT = 1
    PM_HIST_PARTNERSHIP = 2
    PM_HIST_TWO_HAND = 3        # th_solver_history (two-hand's own solver play-out, its actions as it takes them)

ctypedef struct PMHistRun:      # one thread's context, handed to the history loop as its ``policies``
    int pol[GD_MAX_SEATS]       # first: the loop's policies pointer points here
    int core[GD_MAX_SEATS]      # the policy each seat's other decisions take (solver seats: the heuristic)
    int worlds[GD_MAX_SEATS]    # two-hand: each seat's worlds
    int family                  # PM_HIST_*
    const PMGame* game
    gd_step_fn step             # the game's own step (its decisions other than a card)
    const PMSeat* ps
    PMScratch* sc
    uint64_t base               # the hand's key (pm_base)
    CPSteps steps               # pinochle: what the plays proved


cdef int pm_hist_step(void* hand, const void* rules, const int* policies, int* out, int* seat) noexcept nogil:
    """A gd_step_fn: one decision of the seat to act, as the batch takes it, written as its actions."""
    cdef PMHistRun* run = <PMHistRun*><void*>policies
    cdef const PMGame* g = run.game
    cdef int s, card
    if run.family == PM_HIST_PMGAME:
        if g.phase(hand) != PM_PHASE_CARD:
            s = g.to_act(hand)
            if g == &PM_SPADES and run.pol[s] == PM_PIMC and run.ps[s].bids:  # pm_sp_step's PIMC bid
                seat[0] = s
                pm_sp_bid_step(<SPHand*>hand, <const SPRules*>rules, run.pol, run.ps, run.sc, run.base)
                out[0] = sp_bid_code_action(((<SPHand*>hand).kind[s] << 5) | (<SPHand*>hand).bid[s])
                return 1
            return run.step(hand, rules, run.core, out, seat)
        s = g.to_act(hand)
        seat[0] = s
        if run.pol[s] == PM_RANDOM:
            card = g.random(hand, rules)
        elif run.pol[s] == PM_HEURISTIC:
            card = g.heuristic(hand, rules)
        else:
            card = pm_card(g, hand, rules, &run.ps[s], run.sc, pm_key(run.base, g.n_played(hand), s))
        out[0] = g.action(hand, card)
        g.play(hand, rules, card)
        return 1
    if run.family == PM_HIST_CUTTHROAT:
        return pm_pin_hist_step(<CPHand*>hand, rules, run, out, seat)
    return pm_pin_hist_step(<PPHand*>hand, rules, run, out, seat)


cdef int pm_pin_hist_step(PinHand* h, const void* rules, PMHistRun* run, int* out, int* seat) noexcept nogil:
    cdef int s = h.to_act, card
    cdef PinHand before
    if h.phase != PH_PLAY:
        return run.step(h, rules, run.core, out, seat)
    seat[0] = s
    if run.pol[s] >= PM_PIMC:
        card = pm_pin_card(h, rules, &run.steps, &run.ps[s], run.sc.plan, pm_key(run.base, pm_pin_n_played(h), s))
        if card < 0:
            return -1
        pm_pin_note_play(&run.steps, h, card, pm_pin_must_beat(h, rules))
        pin_play(h, rules, card)
    else:
        before = h[0]
        pm_pin_policy_step(h, rules, run.pol[s])
        card = <int>lsb(before.hand[s] & ~h.hand[s])
        pm_pin_note_play(&run.steps, &before, card, pm_pin_must_beat(h, rules))
    out[0] = pin_card_action(card)
    return 1


cdef void pm_hand_history(const GDGame* g, const void* rules, PMHistRun* run, gd_row_fn deal_row, uint64_t seed,
                          int64_t index, uint64_t pseed, int16_t* actions, int8_t* seats, uint64_t* deal,
                          int32_t* extra, int32_t* length) noexcept nogil:
    """Hand ``index`` of the hand batch keyed by ``seed``, played with its history into one row."""
    cdef GDHistory row
    row.actions, row.seats, row.deal, row.extra = actions, seats, deal, extra
    cdef char* buf = <char*>malloc(g.hand_bytes + 16)
    if buf == NULL:
        length[0] = -2
        return
    g.new_hand(buf, rules, seed, <uint64_t>index, <int>(index % g.seats))
    length[0] = pm_history_row(buf, rules, run, pm_base(pseed, seed, index), &row, g.history_cap, deal_row)
    free(buf)


cdef int pm_history_row(void* hand, const void* rules, PMHistRun* run, uint64_t base, GDHistory* row, int cap,
                        gd_row_fn deal_row) noexcept nogil:
    """Play the dealt ``hand`` (keyed ``base``) to its end as the batches play it, writing its history
    into ``row``; returns the actions, -1 past ``cap``, -3 when a decision failed."""
    if run.family == PM_HIST_TWO_HAND:
        return th_solver_history(<THHand*>hand, <const THRules*>rules, run.pol, run.worlds, base, row)
    run.base = base
    pm_pin_steps_clear(&run.steps)
    return gd_history_loop(hand, rules, <const int*><void*>run, row, cap, pm_hist_step, deal_row)


ctypedef struct PMHistKind:     # what a game's histories with solver seats are played with
    int family                  # PM_HIST_*
    const PMGame* game          # PM_HIST_PMGAME: the game's hooks
    gd_step_fn step             # the game's own step (its decisions other than a card)
    gd_row_fn deal_row          # its deal row (two-hand: th_solver_history writes it)


cdef int pm_hist_kind(GameKind kind, PMHistKind* hk) except -1:
    name = kind.name
    hk.game, hk.step, hk.deal_row = NULL, NULL, NULL
    if name in ("euchre", "cutthroat-euchre"):
        hk.family, hk.game, hk.step, hk.deal_row = PM_HIST_PMGAME, &PM_EUCHRE, eu_step_actions, eu_history_deal
    elif name in ("spades", "cutthroat-spades"):
        hk.family, hk.game, hk.step, hk.deal_row = PM_HIST_PMGAME, &PM_SPADES, sp_step_actions, sp_history_deal
    elif name == "cutthroat-pinochle":
        hk.family, hk.step, hk.deal_row = PM_HIST_CUTTHROAT, cp_step_actions, cp_history_deal
    elif name == "partnership-pinochle":
        hk.family, hk.step, hk.deal_row = PM_HIST_PARTNERSHIP, pp_step_actions, pp_history_deal
    elif name == "two-hand-pinochle":
        hk.family = PM_HIST_TWO_HAND
    else:
        raise ValueError(f"no action histories with solver seats for {name}")
    return 0


cdef void pm_hist_runs(PMHistRun* runs, int nt, const PMHistKind* hk, const int* pol, const PMSeat* ps,
                       PMScratch* sc, int seats) noexcept:
    """Each thread's history context: the seats' policies, the game's hooks, its scratch."""
    cdef int s, t
    for t in range(nt):
        for s in range(GD_MAX_SEATS):
            runs[t].pol[s] = pol[s] if s < seats else PM_HEURISTIC
            runs[t].core[s] = PM_RANDOM if s < seats and pol[s] == PM_RANDOM else PM_HEURISTIC
            runs[t].worlds[s] = ps[s].worlds if s < seats else 1
        runs[t].family, runs[t].game, runs[t].step, runs[t].ps, runs[t].sc = hk.family, hk.game, hk.step, ps, &sc[t]


def _history_failed(lengths):
    if np.any(lengths == TH_DECISION_FAILED):
        raise RuntimeError("pimc: a decision found no world consistent with its seat's view (a core bug)")


def simulate_hand_histories_pimc(GameKind kind, uint64_t seed, int64_t start, Py_ssize_t n, policy_seats,
                                 int threads=1):
    """cardsim._games.simulate_hand_histories with PIMC and oracle seats (``kind`` made with the
    seats' bidding policies): the hands as this module's hand batches play them, the same rows."""
    from cardsim._games import _history_buffers, _history_result
    cdef int nt = max(1, threads)
    cdef PMHistKind hk
    cdef int pol[GD_MAX_SEATS]
    cdef PMSeat ps[GD_MAX_SEATS]
    cdef int seats = kind.game.seats
    cdef const void* rules = kind.rules
    pm_hist_kind(kind, &hk)
    pm_seats(policy_seats, pol, ps, seats)
    cdef uint64_t pseed = pm_policy_seed(ps, seats)
    actions_a, seats_a, deals_a, extra_a, lengths_a = _history_buffers(kind, max(n, 1))
    cdef int16_t[:, ::1] a = actions_a
    cdef int8_t[:, ::1] st = seats_a
    cdef uint64_t[:, ::1] d = deals_a
    cdef int32_t[:, ::1] x = extra_a
    cdef int32_t[::1] lengths = lengths_a
    cdef const GDGame* g = &kind.game
    cdef Py_ssize_t i
    if n == 0:
        return _history_result(kind, actions_a[:0], seats_a[:0], deals_a[:0], extra_a[:0], lengths_a[:0])
    cdef PMHistRun* runs = <PMHistRun*>calloc(nt, sizeof(PMHistRun))
    if runs == NULL:
        raise MemoryError()
    cdef PMScratch* sc
    try:
        sc = pm_scratches(nt, hk.game.tt_bits if hk.game != NULL else 5, ps, seats)
    except MemoryError:
        free(runs)
        raise
    pm_hist_runs(runs, nt, &hk, pol, ps, sc, seats)
    try:
        for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=nt):
            pm_hand_history(g, rules, &runs[threadid()], hk.deal_row, seed, start + i, pseed, &a[i, 0], &st[i, 0],
                            &d[i, 0], &x[i, 0], &lengths[i])
    finally:
        pm_free(sc, nt)
        free(runs)
    _history_failed(lengths_a)
    return _history_result(kind, actions_a, seats_a, deals_a, extra_a, lengths_a)


# -- the Python face --------------------------------------------------------------------------

KINDS = {"random": PM_RANDOM, "heuristic": PM_HEURISTIC, "pimc": PM_PIMC, "oracle": PM_ORACLE}
EVALS = {"solve": PM_SOLVE, "playout": PM_PLAYOUT}


cdef int pm_seats(seats, int* pol, PMSeat* ps, int n) except -1:
    """Per seat (kind, worlds, eval, seed[, bids[, value[, tricks]]]): kind one of KINDS, eval one of
    EVALS, bids heuristic (default) or pimc (spades: pm_sp_bid), value tricks (default) or score
    (spades play-outs: the seat's score for the hand), tricks (oracle: solve only with at most that
    many tricks left, the heuristic's card before; 0, the default: every trick); checked by the caller."""
    cdef int s
    if len(seats) != n:
        raise ValueError(f"give {n} seats' policies, got {len(seats)}")
    for s in range(n):
        kind, worlds, ev, sd = seats[s][:4]
        bids = seats[s][4] if len(seats[s]) > 4 else "heuristic"
        value = seats[s][5] if len(seats[s]) > 5 else "tricks"
        tricks = seats[s][6] if len(seats[s]) > 6 else 0
        if (kind not in KINDS or ev not in EVALS or not 1 <= int(worlds) <= PM_MAX_WORLDS
                or bids not in ("heuristic", "pimc") or value not in ("tricks", "score") or not 0 <= int(tricks) <= 64):
            raise ValueError(f"bad policy for seat {s}: {seats[s]!r}")
        ps[s].tricks = int(tricks)
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


cdef inline int pm_table_bits(int tt_bits, const PMSeat* ps, int n) noexcept nogil:
    """The solver's table size (log2) for these seats: ``tt_bits``, or the smallest when no seat
    searches (play-outs only: the tables are never read, and a big one costs its allocation)."""
    cdef int s
    for s in range(n):
        if ps[s].kind == PM_ORACLE or (ps[s].kind == PM_PIMC and ps[s].eval == PM_SOLVE):
            return tt_bits
    return 5


cdef PMScratch* pm_scratches(int threads, int tt_bits, const PMSeat* ps, int n) except NULL:
    cdef PMScratch* sc = <PMScratch*>calloc(threads, sizeof(PMScratch))
    cdef int t
    tt_bits = pm_table_bits(tt_bits, ps, n)
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


cdef int pm_batch(const PMGame* g, const void* r, int seats, uint64_t seed, int64_t start, records, policy_seats,
                  int threads) except -1:
    """Hands ``start ..`` of the batch keyed by ``seed`` into ``records`` (the game's record dtype)."""
    cdef int pol[SP_MAX_SEATS]
    cdef PMSeat ps[SP_MAX_SEATS]
    cdef Py_ssize_t i, n = len(records)
    cdef int nt = max(1, threads)
    cdef size_t size = records.itemsize
    pm_seats(policy_seats, pol, ps, seats)
    cdef uint64_t pseed = pm_policy_seed(ps, seats)
    cdef unsigned char[::1] raw = records.view(np.uint8).reshape(-1) if n else np.zeros(1, np.uint8)
    cdef char* out = <char*>&raw[0]
    cdef PMScratch* sc = pm_scratches(nt, g.tt_bits, ps, seats)
    try:
        for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=nt):
            pm_simulate_one(g, r, seats, seed, start + i, pol, ps, &sc[threadid()], pseed, out + i * size)
    finally:
        pm_free(sc, nt)
    return 0


def simulate_euchre_pimc(rules, int seats, uint64_t seed, int64_t start, records, policy_seats, int threads=1):
    """Hands ``start .. start+len(records)-1`` of the euchre (4 seats) or cutthroat (3) batch keyed
    by ``seed`` into ``records`` (the engine's record dtype), seats by ``policy_seats`` (see
    pm_seats).  Hand i depends only on (seed, i) and the policies: the same for any ``threads``."""
    from cardsim.euchre.euchre import EUCHRE_RECORD_DTYPE
    cdef EURules r = eu_rules_from(rules, seats)
    if records.itemsize != EUCHRE_RECORD_DTYPE.itemsize:
        raise ValueError("records must have the euchre record dtype")
    pm_batch(&PM_EUCHRE, &r, seats, seed, start, records, policy_seats, threads)


def simulate_spades_pimc(rules, uint64_t seed, int64_t start, records, policy_seats, int threads=1):
    """As simulate_euchre_pimc for spades and cutthroat spades (SP_RECORD_DTYPE records)."""
    from cardsim.spades.spades import SP_RECORD_DTYPE
    cdef SPRules r = sp_rules_from(rules)
    if records.itemsize != SP_RECORD_DTYPE.itemsize:
        raise ValueError("records must have the spades record dtype")
    pm_batch(&PM_SPADES, &r, r.seats, seed, start, records, policy_seats, threads)


# -- whole games (cardsim._games's driver, with the game's own hooks but the play-out) --------

ctypedef struct PMGameRun:      # one game's PIMC context, handed to the driver as its ``policies``
    int pol[GD_MAX_SEATS]       # first: the driver's policies pointer points here
    const PMGame* game
    const PMSeat* ps
    PMScratch* sc
    uint64_t pseed
    uint64_t seed
    uint64_t stream             # the game's stream (its index in the batch)
    int k                       # the hand of the game being played (0 first)
    # the rules a hand's players see, from the game's hand (euchre: the score near game); NULL: the game's
    const void* (*hand_rules)(const void* hand) noexcept nogil
    # histories (pm_gd_history: the driver's play_out when the games' histories are written)
    gd_play_fn plain            # the play-out without a history (a hand past max_rows)
    PMHistRun hist              # the history loop's context
    gd_row_fn deal_row          # the game's deal row
    GDHistory rows              # row 0 of the game being played
    int32_t* lengths            # its hands' lengths
    int64_t max_rows            # its rows
    int cap, deal_words, extra_ints


cdef void pm_gd_play(void* hand, const void* rules, const int* policies) noexcept nogil:
    """The driver's play_out for games with PIMC or oracle seats: hand k of game i is keyed
    (pm_base) by the hand stream gd_hand_stream(i, k), as a hand batch's hand by its index."""
    cdef PMGameRun* run = <PMGameRun*><void*>policies
    if run.hand_rules != NULL:
        rules = run.hand_rules(hand)
    pm_play_out(run.game, hand, rules, run.pol, run.ps, run.sc,
                pm_base(run.pseed, run.seed, <int64_t>gd_hand_stream(run.stream, run.k)))
    run.k += 1


cdef void pm_gd_play_cp(void* hand, const void* rules, const int* policies) noexcept nogil:
    """pm_gd_play for cutthroat pinochle games (pm_pin_play_out; a failed decision leaves the
    hand as it is, which cannot happen: the true cards are a world)."""
    cdef PMGameRun* run = <PMGameRun*><void*>policies
    cdef CPSteps steps
    pm_pin_steps_clear(&steps)
    pm_pin_play_out(<CPHand*>hand, rules, &steps, run.pol, run.ps, run.sc.plan,
                    pm_base(run.pseed, run.seed, <int64_t>gd_hand_stream(run.stream, run.k)))
    run.k += 1


cdef void pm_gd_play_pp(void* hand, const void* rules, const int* policies) noexcept nogil:
    cdef PMGameRun* run = <PMGameRun*><void*>policies
    cdef CPSteps steps
    pm_pin_steps_clear(&steps)
    pm_pin_play_out(<PPHand*>hand, rules, &steps, run.pol, run.ps, run.sc.plan,
                    pm_base(run.pseed, run.seed, <int64_t>gd_hand_stream(run.stream, run.k)))
    run.k += 1


cdef void pm_gd_play_th(void* hand, const void* rules, const int* policies) noexcept nogil:
    cdef PMGameRun* run = <PMGameRun*><void*>policies
    cdef int worlds[2]
    worlds[0], worlds[1] = run.ps[0].worlds, run.ps[1].worlds
    th_solver_hand(<THHand*>hand, <const THRules*>rules, run.pol, worlds,
                   pm_base(run.pseed, run.seed, <int64_t>gd_hand_stream(run.stream, run.k)))
    run.k += 1


cdef void pm_gd_history(void* hand, const void* rules, const int* policies) noexcept nogil:
    """The driver's play_out when the games' histories are written: hand k of the game played as
    the other play-outs here play it (pm_history_row: the same decisions, keyed by the same hand
    stream), its history into row k of the game's rows."""
    cdef PMGameRun* run = <PMGameRun*><void*>policies
    cdef GDHistory row
    cdef int64_t k = run.k
    if run.hand_rules != NULL:
        rules = run.hand_rules(hand)
    if k >= run.max_rows:  # more hands than the records said: played, unwritten (the caller refuses it)
        run.plain(hand, rules, policies)
        return
    row.actions, row.seats = run.rows.actions + k * run.cap, run.rows.seats + k * run.cap
    row.deal, row.extra = run.rows.deal + k * run.deal_words, run.rows.extra + k * run.extra_ints
    run.lengths[k] = pm_history_row(hand, rules, &run.hist, pm_base(run.pseed, run.seed,
                                    <int64_t>gd_hand_stream(run.stream, run.k)), &row, run.cap, run.deal_row)
    run.k += 1


cdef inline void pm_game_rows(PMGameRun* run, int16_t* actions, int8_t* seats, uint64_t* deal, int32_t* extra,
                              int32_t* lengths, int64_t rows) noexcept nogil:
    """The history rows of the game ``run`` plays next (its first row's pointers, ``rows`` of them)."""
    run.rows.actions, run.rows.seats, run.rows.deal, run.rows.extra = actions, seats, deal, extra
    run.lengths, run.max_rows = lengths, rows


cdef void pm_game_one(const GDGame* g, const void* rules, PMGameRun* run, int64_t index, int dealer, char* record,
                      int32_t* points, int32_t* scores, int8_t* dealers, int64_t max_rows) noexcept nogil:
    """Game ``index`` of the batch as cardsim._games plays it (its _game_one), PIMC seats playing
    their cards; hand rows (points, scores, dealers) as gd_play_game writes them."""
    cdef GDResult result
    cdef size_t hand_bytes = (g.hand_bytes + 15) & ~(<size_t>15)
    cdef char* buf = <char*>malloc(hand_bytes + g.game_bytes + 16)
    if buf == NULL:
        return  # out of memory inside a thread: the record stays zeroed (hands == 0 tells it)
    if dealer < 0:
        dealer = <int>(index % g.seats)
    run.stream = <uint64_t>index
    run.k = 0
    gd_play_game(g, rules, <const int*><void*>run, run.seed, <uint64_t>index, dealer, buf, buf + hand_bytes,
                 &result, points, scores, dealers, max_rows)
    memset(record, 0, g.record_bytes)
    g.record(buf, buf + hand_bytes, rules, &result, record)
    free(buf)


cdef PMGameRun* pm_game_runs(GameKind kind, uint64_t seed, policy_seats, int nt, GDGame* g, PMSeat* ps,
                             PMScratch** scratch, const PMHistKind* hk) except NULL:
    """The per-thread contexts of a batch of whole games with PIMC and oracle seats (``ps``: the
    caller's seats, GD_MAX_SEATS of them): ``g`` (a copy of kind's hooks) gets the PIMC play-out,
    or with ``hk`` the history play-out.  The caller frees them: pm_free(scratch[0], nt), free(runs)."""
    cdef const PMGame* pg
    cdef int pol[GD_MAX_SEATS]
    cdef int s, t, tt_bits = 5
    cdef PMGameRun* runs
    cdef PMScratch* sc
    g.play_out = pm_gd_play
    if kind.name in ("euchre", "cutthroat-euchre"):
        pg = &PM_EUCHRE
    elif kind.name in ("spades", "cutthroat-spades"):
        pg = &PM_SPADES
    elif kind.name == "cutthroat-pinochle":
        pg, g.play_out = NULL, pm_gd_play_cp
    elif kind.name == "partnership-pinochle":
        pg, g.play_out = NULL, pm_gd_play_pp
    elif kind.name == "two-hand-pinochle":
        pg, g.play_out = NULL, pm_gd_play_th
    else:
        raise ValueError(f"no PIMC in the core for {kind.name} games")
    if pg != NULL:
        tt_bits = pg.tt_bits
    pm_seats(policy_seats, pol, ps, g.seats)
    runs = <PMGameRun*>calloc(nt, sizeof(PMGameRun))
    if runs == NULL:
        raise MemoryError()
    try:
        sc = pm_scratches(nt, tt_bits, ps, g.seats)
    except MemoryError:
        free(runs)
        raise
    for t in range(nt):
        for s in range(GD_MAX_SEATS):
            runs[t].pol[s] = pol[s] if s < g.seats else PM_HEURISTIC
        runs[t].game, runs[t].ps, runs[t].sc = pg, ps, &sc[t]
        runs[t].pseed, runs[t].seed = pm_policy_seed(ps, g.seats), seed
        if pg == &PM_EUCHRE:  # its players are told the game so far, as the heuristic games' are
            runs[t].hand_rules = eu_game_hand_rules
        if hk != NULL:
            runs[t].plain, runs[t].deal_row = g.play_out, hk.deal_row
            runs[t].cap, runs[t].deal_words = kind.game.history_cap, kind.game.deal_words
            runs[t].extra_ints = kind.game.extra_ints
            pm_hist_runs(&runs[t].hist, 1, hk, pol, ps, &sc[t], g.seats)
    if hk != NULL:
        g.play_out = pm_gd_history
    scratch[0] = sc
    return runs


cdef int pm_games(GameKind kind, uint64_t seed, int64_t start, records, policy_seats, int threads, int dealer,
                  int32_t* points, int32_t* scores, int8_t* dealers, const int64_t* offsets,
                  const int64_t* counts, int16_t* h_actions=NULL, int8_t* h_seats=NULL, uint64_t* h_deal=NULL,
                  int32_t* h_extra=NULL, int32_t* h_lengths=NULL) except -1:
    """Games ``start ..`` into ``records``; with ``points`` not NULL also each hand's points, scores
    and dealer (rows from ``offsets[i]``, ``counts[i]`` of them), with ``h_actions`` not NULL
    instead each hand's history (kind.game's row sizes)."""
    cdef PMHistKind hk
    cdef int64_t cap = kind.game.history_cap, words = kind.game.deal_words, ints = kind.game.extra_ints
    cdef GDGame g = kind.game
    cdef PMSeat ps[GD_MAX_SEATS]
    cdef int nt = max(1, threads), sides = kind.game.sides
    cdef Py_ssize_t i, n = len(records)
    cdef size_t size = kind.game.record_bytes
    cdef const void* rules = kind.rules
    cdef PMGameRun* runs
    cdef PMScratch* sc
    if h_actions != NULL:
        pm_hist_kind(kind, &hk)
    if records.dtype != kind.record_dtype:
        raise ValueError(f"records must have the {kind.name} game record dtype")
    if dealer >= g.seats:
        raise ValueError(f"dealer {dealer} is out of range: seats are 0..{g.seats - 1}")
    cdef unsigned char[::1] raw = records.view(np.uint8).reshape(-1) if n else np.zeros(1, np.uint8)
    cdef char* out = <char*>&raw[0]
    runs = pm_game_runs(kind, seed, policy_seats, nt, &g, ps, &sc, &hk if h_actions != NULL else NULL)
    try:
        for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=nt):
            if h_actions != NULL:
                pm_game_rows(&runs[threadid()], h_actions + offsets[i] * cap, h_seats + offsets[i] * cap,
                             h_deal + offsets[i] * words, h_extra + offsets[i] * ints, h_lengths + offsets[i],
                             counts[i])
                pm_game_one(&g, rules, &runs[threadid()], start + i, dealer, out + i * size, NULL, NULL, NULL, 0)
            elif points == NULL:
                pm_game_one(&g, rules, &runs[threadid()], start + i, dealer, out + i * size, NULL, NULL, NULL, 0)
            else:
                pm_game_one(&g, rules, &runs[threadid()], start + i, dealer, out + i * size,
                            points + offsets[i] * sides, scores + offsets[i] * sides, dealers + offsets[i], counts[i])
    finally:
        pm_free(sc, nt)
        free(runs)
    if n and records["hands"].min() == 0:
        raise MemoryError("the core could not allocate a game's hand buffers")
    return 0


def simulate_games_pimc(GameKind kind, uint64_t seed, int64_t start, records, policy_seats, int threads=1,
                        int dealer=-1):
    """cardsim._games.simulate_games with PIMC and oracle seats (``policy_seats`` as pm_seats;
    ``kind`` filled with the seats' bidding policies): games ``start ..`` of the batch keyed by
    ``seed``, game i on game stream i, first dealer i % seats (``dealer`` >= 0: that one); the
    same for any ``threads``."""
    pm_games(kind, seed, start, records, policy_seats, threads, dealer, NULL, NULL, NULL, NULL, NULL)


def simulate_hand_scores_pimc(GameKind kind, uint64_t seed, int64_t start, hands, policy_seats, int threads=1,
                              int dealer=-1):
    """cardsim._games.simulate_hand_scores with PIMC and oracle seats: (dealer, points, score) per
    hand of games ``start ..`` whose lengths are ``hands``, the games played again."""
    counts_array, offsets_array, dealers_array, points_array, scores_array = hand_score_rows(kind, hands)
    cdef int64_t[::1] counts = counts_array
    cdef Py_ssize_t n = counts.shape[0]
    cdef int64_t[::1] offsets = offsets_array
    rows = int(offsets_array[n])
    if rows == 0:
        return dealers_array, points_array, scores_array
    scratch = np.zeros(n, dtype=kind.record_dtype)
    cdef int8_t[::1] d = dealers_array
    cdef int32_t[:, ::1] p = points_array
    cdef int32_t[:, ::1] sc = scores_array
    pm_games(kind, seed, start, scratch, policy_seats, threads, dealer, &p[0, 0], &sc[0, 0], &d[0], &offsets[0],
             &counts[0])
    if not np.array_equal(scratch["hands"], counts):
        raise ValueError("hands must be the games' own lengths (their records' hands field)")
    return dealers_array, points_array, scores_array


def simulate_game_histories_pimc(GameKind kind, uint64_t seed, int64_t start, hands, policy_seats, int threads=1,
                                 int dealer=-1):
    """cardsim._games.simulate_game_histories with PIMC and oracle seats (``kind`` made with the
    seats' bidding policies): every hand of games ``start ..`` (whose lengths are ``hands``, their
    records' ``hands`` field), the games played again as simulate_games_pimc plays them; the same
    rows, one per hand, game after game."""
    from cardsim._games import _history_buffers, _history_result, game_row_offsets
    counts_array, offsets_array = game_row_offsets(hands)
    cdef int64_t[::1] counts = counts_array
    cdef int64_t[::1] offsets = offsets_array
    cdef Py_ssize_t n = counts.shape[0]
    rows = int(offsets_array[n])
    actions_a, seats_a, deals_a, extra_a, lengths_a = _history_buffers(kind, max(rows, 1))
    if rows == 0:
        return _history_result(kind, actions_a[:0], seats_a[:0], deals_a[:0], extra_a[:0], lengths_a[:0])
    cdef int16_t[:, ::1] av = actions_a
    cdef int8_t[:, ::1] sv = seats_a
    cdef uint64_t[:, ::1] dv = deals_a
    cdef int32_t[:, ::1] xv = extra_a
    cdef int32_t[::1] lv = lengths_a
    scratch = np.zeros(n, dtype=kind.record_dtype)
    pm_games(kind, seed, start, scratch, policy_seats, threads, dealer, NULL, NULL, NULL, &offsets[0], &counts[0],
             &av[0, 0], &sv[0, 0], &dv[0, 0], &xv[0, 0], &lv[0])
    if not np.array_equal(scratch["hands"], counts):
        raise ValueError("hands must be the games' own lengths (their records' hands field)")
    _history_failed(lengths_a)
    return _history_result(kind, actions_a, seats_a, deals_a, extra_a, lengths_a)


# -- tournaments with PIMC and oracle seats (cardsim._games.simulate_tournaments) -------------

cdef int pm_tournament_game(void* context, uint64_t stream, int dealer, GDResult* result) noexcept nogil:
    """gd_run_game for PIMC seats: the game's players are keyed by its stream (as pm_game_one's)."""
    cdef PMGameRun* run = <PMGameRun*><void*>(<GDGameRun*>context).policies
    run.stream = stream
    run.k = 0
    return gd_run_game(context, stream, dealer, result)


def simulate_tournaments_pimc(GameKind kind, uint64_t seed, int64_t start, records, policy_seats, int wins_needed,
                              int threads=1):
    """cardsim._games.simulate_tournaments with PIMC and oracle seats (``kind``: the game kind with
    the seats' bidding policies): tournaments ``start ..``, their games those of
    simulate_games_pimc on the same streams; the same for any ``threads``."""
    cdef unsigned char[::1] raw = tournament_bytes(kind, records, wins_needed)
    cdef GDTournament* out = <GDTournament*>&raw[0]
    cdef GDGame g = kind.game
    cdef PMSeat ps[GD_MAX_SEATS]
    cdef int nt = max(1, threads)
    cdef Py_ssize_t i, n = len(records)
    cdef const void* rules = kind.rules
    cdef PMScratch* sc
    cdef PMGameRun* runs = pm_game_runs(kind, seed, policy_seats, nt, &g, ps, &sc, NULL)
    try:
        for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=nt):
            gd_tournament_one(&g, rules, <const int*><void*>&runs[threadid()], seed, start + i, wins_needed,
                              pm_tournament_game, &out[i])
    finally:
        pm_free(sc, nt)
        free(runs)
    if n and records["games"].min() < 0:
        raise MemoryError("the core could not allocate a tournament's hand buffers")


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
    cdef PMScratch* sc = pm_scratches(nt, PM_EU_TT_BITS, ps, seats)
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
    cdef PMScratch* sc = pm_scratches(nt, PM_SP_TT_BITS, ps, r.seats)
    try:
        for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=nt):
            pm_sp_odds_trial(&r, hand, seat, dealer, sc_, blind, cd, n_codes, seed, start + i, pol, ps,
                             &sc[threadid()], pseed, &out[i, 0])
    finally:
        pm_free(sc, nt)


def euchre_odds_pimc_hands(rules, int seats, int seat, uint64_t seed, const int64_t[::1] ids,
                           const unsigned char[:, ::1] hands, int16_t[:, ::1] out, policy_seats, int threads=1):
    """Conditioned euchre bid-odds trials with PIMC and oracle seats: trial ``ids[i]``'s kept deal is
    row i of ``hands`` (cardsim._odds_conditions.odds_conditioned_hands: an EUHand about to bid),
    played as euchre_odds_pimc plays a trial's deal, keyed by (seed, ids[i])."""
    cdef EURules r = eu_rules_from(rules, seats)
    cdef int pol[EU_MAX_SEATS]
    cdef PMSeat ps[EU_MAX_SEATS]
    cdef Py_ssize_t i, n = ids.shape[0]
    cdef int nt = max(1, threads)
    if out.shape[1] != EUO_COLUMNS or out.shape[0] != n or hands.shape[0] != n or hands.shape[1] != sizeof(EUHand):
        raise ValueError(f"out must have {EUO_COLUMNS} columns, hands {sizeof(EUHand)} bytes a row, one per id")
    pm_seats(policy_seats, pol, ps, seats)
    cdef uint64_t pseed = pm_policy_seed(ps, seats)
    cdef PMScratch* sc = pm_scratches(nt, PM_EU_TT_BITS, ps, seats)
    try:
        for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=nt):
            pm_eu_odds_play(&r, <const EUHand*>&hands[i, 0], seat, pol, ps, &sc[threadid()],
                            pm_base(pseed, seed, ids[i]), &out[i, 0])
    finally:
        pm_free(sc, nt)


def spades_odds_pimc_hands(rules, int seat, codes, uint64_t seed, const int64_t[::1] ids,
                           const unsigned char[:, ::1] hands, int16_t[:, ::1] out, policy_seats, int threads=1):
    """As euchre_odds_pimc_hands for spades: row i of ``hands`` is trial ids[i]'s kept deal (an SPHand
    at the player's turn), played as spades_odds_pimc plays a trial's deal."""
    cdef SPRules r = sp_rules_from(rules)
    cdef int pol[SP_MAX_SEATS]
    cdef PMSeat ps[SP_MAX_SEATS]
    cdef int cd[SPO_MAX_CODES]
    cdef int n_codes = len(codes), k
    cdef Py_ssize_t i, n = ids.shape[0]
    cdef int nt = max(1, threads)
    if (n_codes > SPO_MAX_CODES or out.shape[1] != SPO_PER_BID * n_codes + 1 or out.shape[0] != n
            or hands.shape[0] != n or hands.shape[1] != sizeof(SPHand) or not 0 <= seat < r.seats):
        raise ValueError(f"out must have 3 columns per bid code and one more, hands {sizeof(SPHand)} bytes a row")
    pm_seats(policy_seats, pol, ps, r.seats)
    cdef uint64_t pseed = pm_policy_seed(ps, r.seats)
    for k in range(n_codes):
        cd[k] = codes[k]
    cdef PMScratch* sc = pm_scratches(nt, PM_SP_TT_BITS, ps, r.seats)
    try:
        for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=nt):
            pm_sp_odds_play(&r, <const SPHand*>&hands[i, 0], seat, cd, n_codes, pol, ps, &sc[threadid()],
                            pm_base(pseed, seed, ids[i]), &out[i, 0])
    finally:
        pm_free(sc, nt)


def pimc_decision(GameState state, policy_seat, uint64_t key):
    """The card action the PIMC or oracle seat to act in ``state`` (a euchre or spades step state
    in its card play, with barred cards noted as the step API notes them) plays, its worlds
    drawn with decision key ``key`` (world w: seed ``key + GAMMA*(w+1)``) as the Python
    reference cardsim.solver.players.pimc_action(hand, policy, key=key) draws them."""
    return pimc_decision_nodes(state, policy_seat, key)[0]


def pimc_decision_nodes(GameState state, policy_seat, uint64_t key):
    """pimc_decision and the solver's positions searched for it: (action, nodes), a measure of
    the decision's cost that does not depend on the machine's load (bench/bench_pimc_odds.py)."""
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
    tricks = EU_TRICKS
    if game in ("spades", "cutthroat-spades"):  # the generalised table sized to the tricks left
        tricks = (<SPRules*>state.structs[1]).hand_size - (<SPHand*>state.structs[0]).tricks_played
    if pm_open(&sc, pm_table_bits(PM_EU_TT_BITS if "euchre" in game else PM_SP_TT_BITS, &ps, 1), tricks) < 0:
        pm_close(&sc)
        raise MemoryError()
    try:
        if game in ("euchre", "cutthroat-euchre"):
            eh = <EUHand*>state.structs[0]
            if eh.phase != EPH_PLAY:
                raise ValueError("the hand is not in its card play")
            card = pm_card(&PM_EUCHRE, eh, <const EURules*>state.structs[1], &ps, &sc, key)
            return pm_eu_action(eh, card), sc.sv.nodes
        if game in ("spades", "cutthroat-spades"):
            sh = <SPHand*>state.structs[0]
            if sh.phase != SP_PH_PLAY:
                raise ValueError("the hand is not in its card play")
            card = pm_card(&PM_SPADES, sh, <const SPRules*>state.structs[1], &ps, &sc, key)
            return sp_card_action(card), sc.sv.nodes
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
