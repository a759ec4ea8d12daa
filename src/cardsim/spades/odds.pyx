# cython: language_level=3
"""Spades bid-odds trials in the core; see the comment below."""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset
from cython.parallel cimport prange

import numpy as np

from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount
from cardsim._rng cimport Rng, rng_below, rng_next, rng_seed, rng_seed_hand, rng_take, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, policy_code, policy_codes
from cardsim._contract cimport GameState
from cardsim.spades.engine cimport *
from cardsim.spades.scoring cimport *
from cardsim.spades.players cimport *
from cardsim.spades.spades cimport sp_rules_from, sp_trial_args
from cardsim.spades.play cimport sp_bid_tables
from cardsim._constrained_deal cimport CD_MAX_PLACES
from cardsim._conditions cimport OddsCond, oc_counts_ok, oc_deal

SP_TABLES = <SPBidTables*>sp_bid_tables()  # the bid tables live in cardsim.spades.play (spades/players.pxd)

# Monte Carlo trials for Spades bid odds (cardsim.odds_spades).
#
# One trial: the player at ``seat`` holds ``hand``; the cards it cannot see are
# dealt uniformly at random (from the trial's own stream, keyed by (seed, trial))
# to the other seats, each getting its dealt count (the dealer one fewer when it
# sits out trick 1).  With ``blind`` the player's own cards are dealt at random
# too: the player bids before seeing them.  Then for each candidate bid code in
# turn the same deal is replayed (common random numbers): the player's bid is
# forced when its turn comes, the other seats bid and everyone plays by policy.
# Code -1 lets the policy bid for the player too.
#
# Every player reads the player's bid only through "does that seat still need
# tricks" (sp_need > 0) and the bid's kind.  So the regular bids share one play
# (sp_odds_regulars): the top bid's, where the player wants every trick; a lower
# bid b plays the same cards until the player (the team) reaches b, and resumes
# from a copy of that moment; a bid never reached is set on the very same cards
# (the top bid's score plus 10 a trick bid less).  The seats before the player bid
# once: every row starts from one copy of the deal at the player's turn; the seats
# after it whose bids do not depend on the player's bid once too (sp_odds_bid).
# Likewise moon (cutthroat, listed right after the top regular bid) wants every
# trick as the top regular bid does: the same cards, read off that row; the
# heuristic's own bid (code -1) is read off the row of the bid it makes (the
# heuristic draws no random numbers); one-for-50 and two-for-40 (cutthroat, listed
# after the regular bids) play as regular 1 and 2 unless one seat alone leads the
# game (sp_odds_special).  tests/test_bid_odds_spades.py checks every row against
# playing that bid alone.

# SPO_* (the columns of a trial): spades/odds.pxd

cdef void sp_odds_deal(SPHand* h, const SPRules* r, uint64_t hand, int seat, int dealer,
                       const int* scores, bint blind) noexcept nogil:
    """Deal the cards the player cannot see (``h.deal_rng`` and ``h.rng`` seeded), the game context from ``scores``."""
    cdef int i, s
    cdef uint64_t unseen = r.deck if blind else r.deck & ~hand
    for s in range(SP_MAX_SEATS):
        h.game_score[s] = scores[s] if s < r.seats else 0
        h.game_bags[s] = 0
        h.blind6_used[s] = 0
        h.hand[s] = 0
    sp_set_game_top(h, r)
    sp_start(h, r, dealer)
    for i in range(r.seats):
        s = (dealer + 1 + i) % r.seats
        if s == seat and not blind:
            h.hand[s] = hand
            continue
        h.hand[s] = rng_take(&h.deal_rng, &unseen, sp_dealt(r, s, dealer))

cdef int sp_odds_bid(SPHand* h, const SPRules* r, int seat, int code, const int* policies, int* known) noexcept nogil:
    """The bidding, the player's bid forced to ``code`` unless -1; returns the player's bid code.

    ``known``: per seat, its bid in an earlier row of the trial (-1: none yet), bid again as it is.
    A seat after the player bids the same in every row when its policy draws no random numbers
    (the heuristic) and does not read the player's bid: the heuristic reads no bid but its
    partner's kind (partner_nil), so every seat of cutthroat and the opponents in partnership;
    the first row's bid is kept for the others.  Why (issue 15): the rows that play their own
    bidding (nil, blind nil, the policy's own bid where no row played it) bid those seats again,
    and cutthroat's bid grew its special bids' rules (sp_special_bid): the cutthroat bid trial
    (callgrind_trees.py, bid/cutthroat-spades/plain) 44,774 -> 44,161 instructions a trial with
    them; rows byte-identical with the same players (120 cases: both games, every seat, random
    seats, scores, blind)."""
    cdef int chosen = code, s
    while h.phase == SP_PH_BID:
        s = h.to_act
        if s == seat:
            if code < 0:
                sp_policy_step(h, r, policies[seat])
                chosen = sp_code(h.kind[seat], h.bid[seat])
            else:
                sp_bid(h, r, code)
        elif known[s] >= 0:
            sp_bid(h, r, known[s])
        else:
            sp_policy_step(h, r, policies[s])
            if policies[s] == POLICY_HEURISTIC and not (r.partnership and s == sp_partner(seat)):
                known[s] = sp_code(h.kind[s], h.bid[s])
    return chosen

cdef int sp_odds_play(SPHand* h, const SPRules* r, int seat, int code, const int* policies, int* known) noexcept nogil:
    """Bid (the player's bid forced to ``code`` unless -1; ``known`` as sp_odds_bid's) and play out;
    returns the player's bid code."""
    cdef int chosen = sp_odds_bid(h, r, seat, code, policies, known)
    sp_play_out(h, r, policies)
    return chosen

cdef void sp_odds_to_turn(SPHand* h, const SPRules* r, int seat, const int* policies) noexcept nogil:
    """Advance ``h`` (bidding under way) to the player's turn: the seats before it bid by policy.
    Their bids do not depend on the player's, so every row starts from this one copy."""
    while h.to_act != seat:
        sp_policy_step(h, r, policies[h.to_act])

cdef bint sp_odds_copy(int16_t* out, const int* codes, int c, int chosen) noexcept nogil:
    """Fill row ``c`` from an earlier row that played ``chosen``; False when there is none."""
    cdef int k
    cdef int16_t* row = out + SPO_PER_BID * c
    for k in range(c):
        if codes[k] == chosen:
            row[SPO_TRICKS] = out[SPO_PER_BID * k + SPO_TRICKS]
            row[SPO_SCORE] = out[SPO_PER_BID * k + SPO_SCORE]
            row[SPO_MADE] = out[SPO_PER_BID * k + SPO_MADE]
            return True
    return False

cdef inline int sp_odds_made(const SPHand* h, int seat) noexcept nogil:
    """Did the player's bid make, as the bid means it: one-for-50 exactly one trick, two-for-40
    exactly two (more scores +10 / +20 but is not the bid); every other bid as scored."""
    if h.kind[seat] == SP_BID_ONE_FOR_50:
        return h.tricks[seat] == 1
    if h.kind[seat] == SP_BID_TWO_FOR_40:
        return h.tricks[seat] == 2
    return h.made[seat]

cdef void sp_odds_moon(const SPRules* r, const int16_t* top, int top_bid, int16_t* row) noexcept nogil:
    """Moon from the play of the top regular bid (cutthroat): both want every trick, so the
    cards are the same; no bags either way, so only the bid's points and the prize jacks count."""
    cdef int tricks = top[SPO_TRICKS]
    cdef int prize = top[SPO_SCORE] - (10 * top_bid if top[SPO_MADE] else -10 * top_bid)
    row[SPO_TRICKS] = tricks
    row[SPO_MADE] = tricks >= r.moon_tricks
    row[SPO_SCORE] = (150 if tricks >= r.moon_tricks else -150) + prize

cdef void sp_odds_special(const SPRules* r, int kind, int tricks, uint64_t won, int16_t* row) noexcept nogil:
    """One-for-50 / two-for-40 from the play of regular 1 / 2 (cutthroat, no one seat leading the
    game): every player reads the player's bid only through its need (1 - tricks, 2 - tricks:
    the same) and, for setting the score leader, its kind, which needs one seat leading.  The
    score is sp_score_cutthroat's for that bid: its points, prize jacks, no bags; made is
    sp_odds_made's (exactly 1 / exactly 2 tricks)."""
    cdef int made, after, hearts
    cdef int pts = sp_special_points(kind, tricks, r, &made)
    pts += sp_prize_points(sp_prize_flags(won, r), r, &hearts)
    pts -= sp_bag_penalty(r, 0, 0, hearts, &after)
    row[SPO_TRICKS] = tricks
    row[SPO_SCORE] = pts
    row[SPO_MADE] = tricks == (1 if kind == SP_BID_ONE_FOR_50 else 2)

cdef int sp_odds_regulars(SPHand* line, const SPRules* r, int seat, const int* codes, int n_run,
                          const int* policies, int16_t* out, uint64_t* won_at, int* tricks_at, int* known) noexcept nogil:
    """Rows of the regular bids ``codes[0 .. n_run-1]`` (increasing) from one play and its resumptions.

    ``line`` (the dealt hand) is played with the top bid M forced; the player wants a trick on
    every card until it holds M.  With a lower bid b the play is the same card for card until
    the player takes its b-th trick (in partnership: until the team holds b + the partner's
    bid, or b with a nil partner whose tricks count toward the contract; everyone reads a bid
    only through the seat's need being positive, and its kind), so bid b resumes from a copy
    taken right after that trick, with the bid changed.  The progress is read off sp_need, so
    it counts exactly what the players count.  A bid b the line never reached is set on the
    line's very cards, and a set: the player's need stays positive with bid b (sp_need counts
    just what scoring counts toward the contract), so the top bid is set too, and a set contract
    scores -10 per trick bid with everything else (bags, nil, prize jacks) the same, in
    partnership and cutthroat alike: bid b scores the line's score plus 10 (M - b), made false.
    Fills won_at / tricks_at for bids 1 and 2; returns how many rows it filled (n_run).  The
    line and the snapshots are played in place (``line`` ends as the top bid's hand); ``known``:
    sp_odds_bid's."""
    cdef SPHand snaps[SP_MAX_BIDS]
    cdef SPTrickSnaps record
    cdef SPHand* h
    cdef int top = codes[n_run - 1], k, i, b
    cdef int16_t* row
    sp_odds_bid(line, r, seat, top, policies, known)
    # the line through sp_tricks (the seats' modes kept across cards), a copy at each trick's end
    # that brings the player's progress (tricks toward its own bid, sp_need) to k < top
    record.at, record.seat, record.top, record.reached = snaps, seat, top, 0
    sp_tricks_snapping(line, r, policies, &record)
    k = record.reached
    for i in range(n_run):
        b = codes[i]
        row = out + SPO_PER_BID * i
        if b == top:
            h = line
        elif b <= k:  # the player took its b-th trick: resume from there (in place) with bid b
            h = &snaps[b]
            h.bid[seat] = b
            if h.tricks_played == r.hand_size:  # the last trick: the hand is only to score
                sp_finish(h, r)
            else:
                sp_play_out(h, r, policies)
        else:  # never reached b: the line's cards, set with bid b as with the top bid
            row[SPO_TRICKS] = line.tricks[seat]
            row[SPO_SCORE] = line.score[seat] + 10 * (top - b)
            row[SPO_MADE] = False
            if b <= 2:
                won_at[b] = line.won[seat]
                tricks_at[b] = line.tricks[seat]
            continue
        row[SPO_TRICKS] = h.tricks[seat]
        row[SPO_SCORE] = h.score[seat]
        row[SPO_MADE] = sp_odds_made(h, seat)
        if b <= 2:
            won_at[b] = h.won[seat]
            tricks_at[b] = h.tricks[seat]
    return n_run

cdef void sp_odds_trial(const SPRules* r, uint64_t hand, int seat, int dealer, const int* scores, bint blind,
                        const int* codes, int n_codes, uint64_t seed, int64_t index, const int* policies,
                        int16_t* out) noexcept nogil:
    """Columns SPO_PER_BID * c + SPO_*: candidate ``codes[c]``; the last column: the code the policy bid."""
    cdef SPHand dealt
    rng_seed_hand(&dealt.deal_rng, &dealt.rng, seed, <uint64_t>index)
    sp_odds_deal(&dealt, r, hand, seat, dealer, scores, blind)
    sp_odds_from(&dealt, r, seat, codes, n_codes, policies, out)

cdef void sp_odds_from(const SPHand* dealt, const SPRules* r, int seat, const int* codes, int n_codes,
                       const int* policies, int16_t* out) noexcept nogil:
    """sp_odds_trial's columns from its deal (bidding under way, the player's turn still to come)."""
    cdef SPHand h, turn = dealt[0]
    cdef int c = 0, code, chosen = -1, n, run
    cdef uint64_t won_at[3]     # cards the player won bidding regular 1 and 2
    cdef int tricks_at[3]
    cdef int have_at[3]
    cdef bint same_as_regular   # one-for-50 / two-for-40 play as regular 1 / 2 (see sp_odds_special)
    cdef int known[SP_MAX_SEATS]   # the others' bids once made (sp_odds_bid)
    cdef int16_t* row
    for n in range(SP_MAX_SEATS):
        known[n] = -1
    sp_odds_to_turn(&turn, r, seat, policies)
    same_as_regular = not r.partnership and sp_score_leader(&turn, r) < 0
    have_at[0] = 0
    have_at[1] = 0
    have_at[2] = 0
    while c < n_codes:
        code = codes[c]
        row = out + SPO_PER_BID * c
        if 0 < code < 32:  # a run of regular bids, increasing
            run = 1
            while c + run < n_codes and codes[c + run - 1] < codes[c + run] < 32:
                run += 1
            h = turn
            sp_odds_regulars(&h, r, seat, codes + c, run, policies, row, won_at, tricks_at, known)
            for n in range(run):
                if codes[c + n] <= 2:
                    have_at[codes[c + n]] = 1
            c += run
            continue
        c += 1
        n = code & 31
        if (code >> 5) == SP_BID_MOON and not r.partnership and c > 1 and 0 < codes[c - 2] < 32:
            sp_odds_moon(r, row - SPO_PER_BID, codes[c - 2], row)
            continue
        if (same_as_regular and ((code >> 5) == SP_BID_ONE_FOR_50 or (code >> 5) == SP_BID_TWO_FOR_40)
                and have_at[n]):
            sp_odds_special(r, code >> 5, tricks_at[n], won_at[n], row)
            continue
        h = turn
        if code < 0:
            if policies[seat] == POLICY_HEURISTIC:
                # the heuristic bids without drawing random numbers: find its bid, and when
                # that bid was played above, the same deal with it forced is that same play
                chosen = sp_heuristic_bid(&h, r)
                if sp_odds_copy(out, codes, c - 1, chosen):
                    out[SPO_PER_BID * n_codes] = chosen
                    continue
            chosen = sp_odds_play(&h, r, seat, code, policies, known)
        else:
            sp_odds_play(&h, r, seat, code, policies, known)
        row[SPO_TRICKS] = h.tricks[seat]
        row[SPO_SCORE] = h.score[seat]
        row[SPO_MADE] = sp_odds_made(&h, seat)
    out[SPO_PER_BID * n_codes] = chosen


def spades_odds(rules, uint64_t hand, int seat, int dealer, scores, bint blind, codes,
                uint64_t seed, int64_t start, int16_t[:, ::1] out, policies, int threads=1):
    """Bid-odds trials ``start .. start+len(out)-1`` into ``out`` (3 columns per code + 1).

    ``codes``: the candidate bid codes (kind << 5 | tricks; -1: the policy bids),
    regular bids in increasing order.  Trial i depends only on (seed, i)."""
    cdef SPRules r = sp_rules_from(rules)
    cdef int pol[SP_MAX_SEATS]
    cdef int sc[SP_MAX_SEATS]
    cdef int cd[SPO_MAX_CODES]
    cdef int n_codes = len(codes)
    cdef Py_ssize_t i, n = out.shape[0]
    if out.shape[1] != SPO_PER_BID * n_codes + 1:
        raise ValueError("out must have 3 columns per bid code and one more")
    sp_trial_args(&r, scores, seat, dealer, codes, SPO_MAX_CODES, policies, pol, sc, cd)
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=64, num_threads=max(1, threads)):
        sp_odds_trial(&r, hand, seat, dealer, sc, blind, cd, n_codes, seed, start + i, pol, &out[i, 0])


def spades_odds_deals(rules, uint64_t hand, int seat, int dealer, bint blind, uint64_t seed, int64_t start,
                      uint64_t[:, ::1] out):
    """The hands of trials ``start ..`` as the odds deal them (one column per seat), for tests."""
    cdef SPRules r = sp_rules_from(rules)
    cdef SPHand h
    cdef int sc[SP_MAX_SEATS]
    cdef Py_ssize_t i
    cdef int s
    for s in range(SP_MAX_SEATS):
        sc[s] = 0
    for i in range(out.shape[0]):
        rng_seed_hand(&h.deal_rng, &h.rng, seed, <uint64_t>(start + i))
        sp_odds_deal(&h, &r, hand, seat, dealer, sc, blind)
        for s in range(r.seats):
            out[i, s] = h.hand[s]


# -- conditioned trials (cardsim._odds_conditions; docs/bid-odds.md, "Conditioning") ----------
# -- spades: places 0..seats-1 the seats; calls: bid codes (kind << 5 | tricks) -------------

cdef bint spc_bids_ok(const SPRules* r, const OddsCond* c, SPHand* h, const int* policies) noexcept nogil:
    """Make the calls (``h`` advances to the player's turn); a checked seat agrees when its
    policy bids the same kind, and for a regular bid within ``slack`` tricks of the call."""
    cdef SPHand t
    cdef int i, s, call, kind, n
    for i in range(c.n_calls):
        s = h.to_act
        call = c.calls[i]
        if (c.check_mask >> s) & 1:
            t = h[0]
            sp_policy_step(&t, r, policies[s])
            kind = t.kind[s]
            n = t.bid[s]
            if kind != (call >> 5):
                return False
            if kind == SP_BID_REGULAR:
                if n - (call & 31) > c.slack or (call & 31) - n > c.slack:
                    return False
            elif n != (call & 31):
                return False
        sp_bid(h, r, call)
    return True

cdef bint spc_attempt(const SPRules* r, uint64_t hand, int seat, int dealer, const int* scores, bint blind,
                      const OddsCond* c, const int* policies, SPHand* h, uint64_t* bb) noexcept nogil:
    cdef int s
    oc_deal(c, &h.deal_rng, bb)
    if not blind:
        bb[seat] |= hand
    if not oc_counts_ok(c, bb, NULL):
        return False
    for s in range(SP_MAX_SEATS):
        h.game_score[s] = scores[s] if s < r.seats else 0
        h.game_bags[s] = 0
        h.blind6_used[s] = 0
        h.hand[s] = bb[s] if s < r.seats else 0
    sp_set_game_top(h, r)
    sp_start(h, r, dealer)
    return spc_bids_ok(r, c, h, policies)

cdef int64_t spc_trial(const SPRules* r, uint64_t hand, int seat, int dealer, const int* scores, bint blind,
                       const int* codes, int n_codes, uint64_t seed, int64_t index, const int* policies,
                       const OddsCond* c, int16_t* out) noexcept nogil:
    """The kept deal is played from the player's turn: the earlier seats' bids are the calls."""
    cdef SPHand dealt
    cdef int64_t tries = spc_keep(r, hand, seat, dealer, scores, blind, seed, index, policies, c, &dealt)
    if tries >= 0:
        sp_odds_from(&dealt, r, seat, codes, n_codes, policies, out)
    return tries


cdef int64_t spc_keep(const SPRules* r, uint64_t hand, int seat, int dealer, const int* scores, bint blind,
                      uint64_t seed, int64_t index, const int* policies, const OddsCond* c,
                      SPHand* dealt) noexcept nogil:
    """Trial ``index``'s kept deal into ``dealt`` (at the player's turn); the deals tried, -1: none passed."""
    cdef uint64_t bb[CD_MAX_PLACES]
    cdef int64_t tries = 0
    rng_seed_hand(&dealt.deal_rng, &dealt.rng, seed, <uint64_t>index)
    while True:
        tries += 1
        if spc_attempt(r, hand, seat, dealer, scores, blind, c, policies, dealt, bb):
            return tries
        if tries >= c.max_attempts:
            return -1


cdef void sp_conditioned_hands(const SPRules* r, const OddsCond* c, uint64_t hand, int seat, int dealer,
                               const int* scores, bint blind, uint64_t seed, const int64_t* ids, Py_ssize_t n,
                               SPHand* hands, int64_t* tries, const int* policies, int threads) noexcept nogil:
    """The kept deals of conditioned trials ``ids[0 .. n)`` as hands at the player's turn (the
    trials of cardsim.solver._pimc play them with PIMC seats)."""
    cdef Py_ssize_t i
    for i in prange(n, schedule="dynamic", chunksize=32, num_threads=max(1, threads)):
        tries[i] = spc_keep(r, hand, seat, dealer, scores, blind, seed, ids[i], policies, c, &hands[i])



cdef void sp_conditioned_trials(const SPRules* r, const OddsCond* c, uint64_t hand, int seat, int dealer,
                                const int* scores, bint blind, const int* codes, int n_codes, uint64_t seed,
                                const int64_t* ids, Py_ssize_t n, int16_t* out, Py_ssize_t row, int64_t* tries,
                                const int* policies, int threads) noexcept nogil:
    """Conditioned trials ``ids[0 .. n)`` into the rows of ``out`` (``row`` columns each): the loop of
    cardsim._odds_conditions.odds_conditioned for spades (one call per Python call)."""
    cdef Py_ssize_t i
    for i in prange(n, schedule="dynamic", chunksize=32, num_threads=max(1, threads)):
        tries[i] = spc_trial(r, hand, seat, dealer, scores, blind, codes, n_codes, seed, ids[i], policies, c,
                             out + i * row)

cdef void sp_conditioned_candidates(const SPRules* r, const OddsCond* c, uint64_t hand, int seat, int dealer,
                                    const int* scores, bint blind, uint64_t seed, int64_t start, Py_ssize_t n,
                                    uint64_t* deals, uint8_t* passed, const int* policies,
                                    int threads) noexcept nogil:
    """Candidates ``start .. start+n`` (their first attempt: the deal into the rows of ``deals``,
    n_places columns, and whether it passes): cardsim._odds_conditions.odds_candidates for spades."""
    cdef Py_ssize_t i
    for i in prange(n, schedule="static", num_threads=max(1, threads)):
        passed[i] = sp_conditioned_candidate(r, c, hand, seat, dealer, scores, blind, seed, start + i, policies,
                                             deals + i * c.n_places)

cdef bint sp_conditioned_candidate(const SPRules* r, const OddsCond* c, uint64_t hand, int seat, int dealer,
                                   const int* scores, bint blind, uint64_t seed, int64_t index, const int* policies,
                                   uint64_t* row) noexcept nogil:
    cdef SPHand sh
    cdef uint64_t bb[CD_MAX_PLACES]   # oc_deal writes every place slot: not straight into the row
    cdef bint ok
    cdef int p
    rng_seed_hand(&sh.deal_rng, &sh.rng, seed, <uint64_t>index)
    ok = spc_attempt(r, hand, seat, dealer, scores, blind, c, policies, &sh, bb)
    for p in range(c.n_places):
        row[p] = bb[p]
    return ok


def spades_nil_exposure(hand):
    """The SP_NIL_EXPOSURES nil exposure terms of ``hand`` (a card mask; spades/players.pxd
    sp_suit_exposure): its side suits' summed, its spades': what the nil_exposure weights weigh.
    Here, in spades.odds (which compiles the players anyway), not in spades.play with the other
    table readers (its C file is at gcc's inline budget: setup.py BUDGET_BOUND; see
    sp_fill_exposure_c in spades/players.pxd) nor in spades.games (which compiles none of
    spades/players.pxd: build14)."""
    cdef int suit, side = 0, spades = 0, x
    for suit in range(4):
        x = sp_suit_exposure((<uint64_t>hand >> (16 * suit)) & 0x1FFF)
        if suit == 0:
            spades = x
        else:
            side += x
    return [side, spades]
