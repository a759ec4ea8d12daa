# cython: language_level=3
"""Whole Spades games and tournaments in the core; see the comment below."""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cython.parallel cimport prange

import numpy as np

from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount
from cardsim._rng cimport Rng, rng_below, rng_next, rng_seed, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM, policy_code, policy_codes
from cardsim._contract cimport GameState
from cardsim.spades.engine cimport *
from cardsim.spades.scoring cimport *
from cardsim.spades.players cimport *
from cardsim.spades.spades cimport sp_rules_from

# Whole Spades games to target_score, and tournaments of wins_needed games (RULES.md section 3).
#
# A game is a run of hands on one random stream: the first hand is sp_new_hand (zero
# scores, bags and blind 6 bids), each later one folds the finished hand into the game
# (sp_carry) and deals for the next dealer to the left (sp_next_hand).  The game ends
# after a hand in which the best score reaches target_score and no one (no team, in
# partnership play) shares it; ties play on.  A game that has not ended after
# sp_hand_cap() hands (1000 + target_score / 10) is unfinished (winner -1): random
# players lose points on average and may never get there.  A tournament plays games until someone has
# wins_needed wins; game g starts with dealer g mod seats; an unfinished game ends the
# tournament unfinished.

cdef enum:
    SP_MAX_GAME_HANDS = 1000
    SP_MAX_TOURNAMENT_GAMES = 10000

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

ctypedef struct SPTournamentRecord:
    int32_t hands                     # hands over all games
    int16_t games
    int16_t wins[SP_MAX_SEATS]        # games won (per team: seats 0 and 1, in partnership)
    int8_t winner                     # -1 when a game was unfinished
    int8_t first_dealer

cdef int sp_game(SPHand* h, const SPRules* r, const int* policies, uint64_t seed, uint64_t stream,
                 int dealer, SPGameRecord* out) noexcept nogil:
    """Play one game on stream (seed, stream); fill ``out``; returns the winner or -1."""
    cdef int s, w = -1
    memset(out, 0, sizeof(SPGameRecord))
    out.first_dealer = dealer
    sp_new_hand(h, r, seed, stream, dealer)
    while True:
        sp_play_out(h, r, policies)
        out.hands += 1
        for s in range(r.seats):
            out.bag_outs[s] += h.bag_penalty[s] > 0
            out.blind6[s] += h.kind[s] == SP_BID_BLIND6
            out.nil_bids[s] += h.kind[s] == SP_BID_NIL or h.kind[s] == SP_BID_BLIND_NIL
        sp_carry(h, r)
        w = sp_game_winner(h, r)
        if w >= 0 or out.hands >= sp_hand_cap(r):
            break
        dealer = dealer + 1 if dealer + 1 < r.seats else 0
        sp_next_hand(h, r, dealer)
    out.winner = w
    for s in range(r.seats):
        out.score[s] = h.game_score[s]
        out.bags[s] = h.game_bags[s]
    return w

cdef void sp_game_one(const SPRules* r, const int* policies, uint64_t seed, int64_t index,
                      SPGameRecord* out) noexcept nogil:
    """Game ``index`` of a batch, with its own hand state: stream ``index``, dealer index mod seats."""
    cdef SPHand h
    sp_game(&h, r, policies, seed, <uint64_t>index, <int>(index % r.seats), out)

cdef void sp_tournament(const SPRules* r, const int* policies, uint64_t seed, uint64_t stream,
                        SPTournamentRecord* out) noexcept nogil:
    """Games on streams (seed, stream * SP_MAX_TOURNAMENT_GAMES + g) until wins_needed wins."""
    cdef SPHand h
    cdef SPGameRecord game
    cdef int g, w, n = 2 if r.partnership else r.seats
    memset(out, 0, sizeof(SPTournamentRecord))
    out.winner = -1
    for g in range(SP_MAX_TOURNAMENT_GAMES):
        w = sp_game(&h, r, policies, seed, stream * SP_MAX_TOURNAMENT_GAMES + g, g % r.seats, &game)
        out.games += 1
        out.hands += game.hands
        if w < 0:
            return
        out.wins[w] += 1
        if out.wins[w] >= r.wins_needed:
            out.winner = w
            return

# -- Python face -------------------------------------------------------------------------

SP_GAME_DTYPE = np.dtype([
    ("score", "i4", (5,)), ("hands", "i4"), ("bags", "i2", (5,)), ("bag_outs", "i2", (5,)),
    ("blind6", "i2", (5,)), ("nil_bids", "i2", (5,)), ("winner", "i1"), ("first_dealer", "i1"),
], align=True)
SP_TOURNAMENT_DTYPE = np.dtype([
    ("hands", "i4"), ("games", "i2"), ("wins", "i2", (5,)), ("winner", "i1"), ("first_dealer", "i1"),
], align=True)

if SP_GAME_DTYPE.itemsize != sizeof(SPGameRecord) or SP_TOURNAMENT_DTYPE.itemsize != sizeof(SPTournamentRecord):
    raise ImportError("cardsim._core: spades game record dtypes do not match the C structs")


def _batch_pointer(records, dtype):
    if records.dtype != dtype:
        raise ValueError("records have the wrong dtype")
    return records.view(np.uint8).reshape(-1)


def simulate_spades_games(rules, uint64_t seed, int64_t start, records, policies, int threads=1):
    """Play games ``start ..`` of the batch keyed by ``seed``: game i on stream (seed, i), dealer i mod seats."""
    cdef SPRules r = sp_rules_from(rules)
    cdef int pol[SP_MAX_SEATS]
    cdef Py_ssize_t i, n = len(records)
    cdef unsigned char[::1] raw = _batch_pointer(records, SP_GAME_DTYPE)
    cdef SPGameRecord* out = <SPGameRecord*>&raw[0] if n else NULL
    policy_codes(policies, pol, r.seats)
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=max(1, threads)):
        sp_game_one(&r, pol, seed, start + i, &out[i])


def simulate_spades_tournaments(rules, uint64_t seed, int64_t start, records, policies, int threads=1):
    """Play tournaments ``start ..`` of the batch keyed by ``seed``."""
    cdef SPRules r = sp_rules_from(rules)
    cdef int pol[SP_MAX_SEATS]
    cdef Py_ssize_t i, n = len(records)
    cdef unsigned char[::1] raw = _batch_pointer(records, SP_TOURNAMENT_DTYPE)
    cdef SPTournamentRecord* out = <SPTournamentRecord*>&raw[0] if n else NULL
    policy_codes(policies, pol, r.seats)
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=max(1, threads)):
        sp_tournament(&r, pol, seed, start + i, &out[i])
