# cython: language_level=3
"""Whole Spades games and tournaments in the core; see the comment below."""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cython.parallel cimport prange

import numpy as np

from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount
from cardsim._rng cimport Rng, rng_below, rng_next, rng_seed, rng_seed_hand, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM, policy_code, policy_codes
from cardsim._contract cimport GameState
from cardsim.spades.engine cimport *
from cardsim.spades.scoring cimport *
from cardsim.spades.spades cimport sp_rules_from, sp_trial_args
from cardsim.spades.play cimport (sp_ext_heuristic_bid, sp_ext_play_out, sp_ext_policy_step, sp_gd_history, sp_gd_new,
                                  sp_history_cap)
from cardsim.spades.odds cimport sp_odds_deal
from cardsim._games cimport GD_MAX_HANDS, GDGame, GDResult, GameKind, gd_hand_stream, gd_highest_alone
from cardsim._games import simulate_games

# Whole Spades games to target_score, and tournaments of wins_needed games (RULES.md section 3).
#
# A game is a run of hands on one random stream: the first hand is sp_new_hand (zero
# scores, bags and blind 6 bids), each later one folds the finished hand into the game
# (sp_carry) and deals for the next dealer to the left (sp_next_hand).  The game ends
# after a hand in which the best score reaches target_score and no one (no team, in
# partnership play) shares it; ties play on.  A game that has not ended after
# sp_hand_cap() hands (1000 + target_score / 10) is unfinished (winner -1): random
# players lose points on average and may never get there.  Tournaments of these games (wins_needed
# wins) are every game's: cardsim._games.simulate_tournaments.

cdef enum:
    SP_MAX_GAME_HANDS = 1000

cdef inline int sp_hand_cap(const SPRules* r) noexcept nogil:
    """Hands after which a game stops unfinished."""
    return SP_MAX_GAME_HANDS + r.target_score // 10

# sp_carry, sp_next_hand and sp_game_winner (a hand folded into the game) are in
# spades/scoring.pxd: the step state uses them too.

ctypedef struct SPGameRecord:
    int32_t score[SP_MAX_SEATS]       # final scores (team's, on both partners)
    int32_t hands                     # hands played
    int16_t bags[SP_MAX_SEATS]        # bags carried at the end
    int16_t bag_outs[SP_MAX_SEATS]    # hands that cost a bag penalty
    int16_t blind6[SP_MAX_SEATS]      # blind 6 bids made
    int16_t nil_bids[SP_MAX_SEATS]    # nil and blind nil bids made
    int8_t winner                     # seat (team 0/1 in partnership); -1 unfinished
    int8_t first_dealer

# -- the hooks of the batch driver (_games.pxd) -------------------------------------------
# A spades game keeps the game so far in its hand (game scores, bags, blind 6 use), so the
# driver's one hand buffer carries it: hand 0 is sp_new_hand on stream (seed, game stream),
# each later one continues that stream (sp_next_hand after sp_carry).

ctypedef struct SPGame:
    int16_t bag_outs[SP_MAX_SEATS]
    int16_t blind6[SP_MAX_SEATS]
    int16_t nil_bids[SP_MAX_SEATS]

cdef void sp_gd_deal(void* hand, void* game, const void* rules, uint64_t seed, uint64_t game_stream, int k,
                     int dealer) noexcept nogil:
    if k == 0:
        sp_new_hand(<SPHand*>hand, <const SPRules*>rules, seed, game_stream, dealer)
    else:
        sp_next_hand(<SPHand*>hand, <const SPRules*>rules, dealer)

cdef void sp_gd_play(void* hand, const void* rules, const int* policies) noexcept nogil:
    # The players' play-out compiled once, in cardsim.spades.play (its exported copy, called once a hand), so
    # this module compiles none of spades/players.pxd (issue 10, build14): its C 17,398 -> 11,668 lines, Cython
    # 0.63 -> 0.27 s and gcc 2.14 -> 0.89 s CPU; and spades.play's copy, with its forced inlining (setup.py's
    # ALWAYS_INLINE), is the faster one: callgrind_trees' spades/games 77,406 -> 68,134 instructions a game.
    sp_ext_play_out(<SPHand*>hand, <const SPRules*>rules, policies)

cdef int sp_gd_end(void* hand, void* game, const void* rules, int32_t* points) noexcept nogil:
    cdef SPHand* h = <SPHand*>hand
    cdef SPGame* g = <SPGame*>game
    cdef const SPRules* r = <const SPRules*>rules
    cdef int s
    for s in range(r.seats):
        g.bag_outs[s] += h.bag_penalty[s] > 0
        g.blind6[s] += h.kind[s] == SP_BID_BLIND6
        g.nil_bids[s] += h.kind[s] == SP_BID_NIL or h.kind[s] == SP_BID_BLIND_NIL
    for s in range(2 if r.partnership else r.seats):
        points[s] = h.score[s]  # team play: the team's score sits on both partners (seats 0, 1)
    sp_carry(h, r)
    return h.dealer

cdef void sp_gd_record(const void* hand, const void* game, const void* rules, const GDResult* res,
                       void* out) noexcept nogil:
    cdef const SPHand* h = <const SPHand*>hand
    cdef const SPGame* g = <const SPGame*>game
    cdef SPGameRecord* rec = <SPGameRecord*>out
    cdef int s
    rec.hands = res.hands
    rec.winner = res.winner
    rec.first_dealer = res.first_dealer
    for s in range((<const SPRules*>rules).seats):
        rec.score[s] = h.game_score[s]
        rec.bags[s] = h.game_bags[s]
        rec.bag_outs[s] = g.bag_outs[s]
        rec.blind6[s] = g.blind6[s]
        rec.nil_bids[s] = g.nil_bids[s]

cdef void sp_gd_game(const SPRules* r, GDGame* g) noexcept nogil:
    memset(g, 0, sizeof(GDGame))
    g.seats, g.sides, g.target, g.max_hands = r.seats, 2 if r.partnership else r.seats, r.target_score, sp_hand_cap(r)
    g.hand_bytes, g.game_bytes, g.record_bytes = sizeof(SPHand), sizeof(SPGame), sizeof(SPGameRecord)
    g.deal, g.play_out, g.end_hand, g.winner, g.record = sp_gd_deal, sp_gd_play, sp_gd_end, NULL, sp_gd_record
    g.new_hand, g.play_history, g.history_cap = sp_gd_new, sp_gd_history, sp_history_cap()
    g.deal_words, g.extra_ints = r.seats, 2 + 3 * r.seats

# -- Python face -------------------------------------------------------------------------

SP_GAME_DTYPE = np.dtype([
    ("score", "i4", (5,)), ("hands", "i4"), ("bags", "i2", (5,)), ("bag_outs", "i2", (5,)),
    ("blind6", "i2", (5,)), ("nil_bids", "i2", (5,)), ("winner", "i1"), ("first_dealer", "i1"),
], align=True)
# a tournament's record (filled from cardsim._games' GDTournament by cardsim.whole_game; wins per
# seat, or per team in slots 0 and 1)
SP_TOURNAMENT_DTYPE = np.dtype([
    ("hands", "i4"), ("games", "i2"), ("wins", "i2", (5,)), ("winner", "i1"), ("first_dealer", "i1"),
], align=True)

if SP_GAME_DTYPE.itemsize != sizeof(SPGameRecord):
    raise ImportError("cardsim._core: spades game record dtypes do not match the C structs")


def _batch_pointer(records, dtype):
    if records.dtype != dtype:
        raise ValueError("records have the wrong dtype")
    return records.view(np.uint8).reshape(-1)


def spades_game_kind(rules, policies):
    """Spades or Cutthroat Spades games under ``rules`` with ``policies``, for cardsim._games."""
    cdef SPRules r = sp_rules_from(rules)
    cdef int pol[SP_MAX_SEATS]
    cdef GDGame g
    cdef GameKind kind = GameKind()
    policy_codes(policies, pol, r.seats)
    sp_gd_game(&r, &g)
    kind.fill("spades" if r.partnership else "cutthroat-spades", SP_GAME_DTYPE, &g, &r, sizeof(r), pol)
    return kind


def simulate_spades_games(rules, uint64_t seed, int64_t start, records, policies, int threads=1):
    """Play games ``start ..`` of the batch keyed by ``seed``: game i on stream (seed, i), dealer i mod seats
    (through the driver, cardsim._games)."""
    _batch_pointer(records, SP_GAME_DTYPE)
    simulate_games(spades_game_kind(rules, policies), seed, start, records, threads)


# -- games won from a score, by the player's bid (bench/decisions.py's blind kind) ----------
#
# One trial: a hand at the given game so far (scores, bags, blind 6 bids used: zero unless
# given) on the trial's own stream: with ``blind`` (the player's cards unseen) the game's own deal, sp_new_hand on stream
# (seed, trial), as SpadesState(rules, seed, dealer, trial, scores) deals it; else the player
# holds ``hand`` and the other cards are dealt as the bid odds deal them (sp_odds_deal).  The
# seats before the player bid by policy; then for each candidate code in turn, from that one
# copy, the player's bid is forced (-1: the heuristic's own bid with the blind bids closed for
# that one bid: looking) and the game is played out to its end by the policies, every later
# hand dealt on the same deal stream.  The players draw nothing from the deal stream, so hand k
# of the game is the same deal whatever was bid before it (paired: a difference between codes
# is the bid's, not the deals').

cdef enum:
    SPG_MAX_CODES = 8   # the player's bids one games-won trial plays (the blind choices: 3)

cdef int sp_game_on(SPHand* h, const SPRules* r, const int* policies) noexcept nogil:
    """Play ``h`` (bidding or play under way) and every later hand of its game to the end:
    the winning side (sp_game_winner; team in partnership), -1 past sp_hand_cap hands."""
    cdef int k, w
    for k in range(sp_hand_cap(r)):
        sp_ext_play_out(h, r, policies)
        sp_carry(h, r)
        w = sp_game_winner(h, r)
        if w >= 0:
            return w
        sp_next_hand(h, r, h.dealer + 1 if h.dealer + 1 < r.seats else 0)
    return -1

cdef void sp_game_odds_trial(const SPRules* r, uint64_t hand, int seat, int dealer, const int* scores,
                             const int* bags, const int* blind6_used, bint blind, const int* codes, int n_codes,
                             uint64_t seed, int64_t index, const int* policies, int8_t* out) noexcept nogil:
    """``out[c]``: the side that won the game with the player's bid forced to ``codes[c]``."""
    cdef SPHand dealt, h
    cdef SPRules look = r[0]
    cdef int c
    look.allow_blind_nil = 0    # the looking bid: the heuristic's, the blind bids closed for it
    look.blind6_limit = 0
    if blind:   # the game's own deal (sp_new_hand, as SpadesState deals it) at these scores
        sp_new_hand(&dealt, r, seed, <uint64_t>index, dealer)
        for c in range(r.seats):
            dealt.game_score[c] = scores[c]
        sp_set_game_top(&dealt, r)
    else:
        rng_seed_hand(&dealt.deal_rng, &dealt.rng, seed, <uint64_t>index)
        sp_odds_deal(&dealt, r, hand, seat, dealer, scores, False)
    for c in range(r.seats):
        dealt.game_bags[c] = bags[c]
        dealt.blind6_used[c] = blind6_used[c]
    while dealt.to_act != seat:
        sp_ext_policy_step(&dealt, r, policies[dealt.to_act])
    for c in range(n_codes):
        h = dealt
        sp_bid(&h, r, codes[c] if codes[c] >= 0 else sp_ext_heuristic_bid(&h, &look))
        out[c] = sp_game_on(&h, r, policies)


def spades_game_odds(rules, uint64_t hand, int seat, int dealer, scores, bint blind, codes,
                     uint64_t seed, int64_t start, int8_t[:, ::1] out, policies, int threads=1, bags=None,
                     blind6_used=None):
    """Games-won trials ``start .. start+len(out)-1`` into ``out`` (a column per code: the winning
    side, -1 unfinished).  ``codes``: the player's bid codes (kind << 5 | tricks; -1: looking, the
    heuristic's bid with the blind bids closed), each legal at its turn.  ``bags`` and
    ``blind6_used``: the game so far beside the scores, per seat (team figures on both partners),
    zero when None.  Trial i depends only on (seed, i)."""
    cdef SPRules r = sp_rules_from(rules)
    cdef int pol[SP_MAX_SEATS]
    cdef int sc[SP_MAX_SEATS]
    cdef int bg[SP_MAX_SEATS]
    cdef int b6[SP_MAX_SEATS]
    cdef int cd[SPG_MAX_CODES]
    cdef int n_codes = len(codes), s
    cdef Py_ssize_t i, n = out.shape[0]
    if out.shape[1] != n_codes:
        raise ValueError("out must have a column per bid code")
    sp_trial_args(&r, scores, seat, dealer, codes, SPG_MAX_CODES, policies, pol, sc, cd)
    for name, given in (("bags", bags), ("blind6_used", blind6_used)):
        if given is not None and len(given) != r.seats:
            raise ValueError(f"{name} must have one entry per seat ({r.seats})")
    for s in range(r.seats):
        bg[s] = bags[s] if bags is not None else 0
        b6[s] = blind6_used[s] if blind6_used is not None else 0
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=16, num_threads=max(1, threads)):
        sp_game_odds_trial(&r, hand, seat, dealer, sc, bg, b6, blind, cd, n_codes, seed, start + i, pol, &out[i, 0])


# -- each hand's deal, for hand batches on request (Game.simulate(n, deals=True)) ------------

cdef void sp_deal_of(const SPRules* r, uint64_t seed, int64_t index, uint64_t* out, int8_t* dealer) noexcept nogil:
    """Hand i of a hand batch: stream i, dealer i % seats, no redeals: each seat's cards."""
    cdef SPHand h
    cdef int s
    sp_new_hand(&h, r, seed, <uint64_t>index, <int>(index % r.seats))
    for s in range(r.seats):
        out[s] = h.hand[s]
    dealer[0] = h.dealer


def spades_hand_deals(rules, uint64_t seed, int64_t start, uint64_t[:, ::1] out, int8_t[::1] dealers, policies,
                      int threads=1):
    """The deals of hands ``start ..`` of the hand batch keyed by ``seed``: each seat's cards (masks), the dealer."""
    cdef SPRules r = sp_rules_from(rules)
    cdef Py_ssize_t i, n = out.shape[0]
    if out.shape[1] != r.seats or dealers.shape[0] != n:
        raise ValueError(f"out must have {r.seats} columns and dealers one entry per row")
    for i in prange(n, nogil=True, schedule="static", num_threads=max(1, threads)):
        sp_deal_of(&r, seed, start + i, &out[i, 0], &dealers[i])
