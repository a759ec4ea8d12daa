# cython: language_level=3
"""Bid odds conditioned on what the player knows (module cardsim._odds_conditions; issue 12;
docs/bid-odds.md, "Conditioning").  OddsCond and the shared deal/constraint steps are in
_conditions.pxd; the spades trials in spades/odds.pyx (reached once per call).

A trial's deal comes from an OddsCond: the cards the player cannot see (less the ones
known to lie in a given place) are dealt by the exact constrained dealer
(_constrained_deal.pxd) to the places (the seats, then the widow / dummy / kitty /
stock), each card only where its voids allow, so the deal is exactly uniform among
the deals consistent with the known cards and voids (no rejection for those).  Then,
by rejection on the same stream (the trial's own, keyed by (seed, trial)):
  * ready-made constraints: a place's count of given cards (suit lengths, ranks) in
    [lo, hi]; in the pinochle games a seat's meld (with a given trump, or its best) in [lo, hi];
  * the auction so far: the calls from the dealer's left up to the player's turn,
    replayed with the chosen players; a deal is kept when every checked seat's policy
    agrees with its calls (what "agrees" means per game: at each game's auction check).
The trial retries until a deal passes (at most max_attempts; then the trial reports
failure and Python stops with one line), then plays that deal exactly as the
unconditioned trial does (cp_odds_play, pp_odds_play, th_odds_play, eu_odds_play,
sp_odds_from), so with no constraints at all only the dealer's draws differ.
The attempts per trial come back with the results (acceptance = trials / attempts).

The entry points take the trial ids as an int64 array: the plain run passes
start .. start+n-1; a run with a Python accept function first draws candidates
(odds_candidates: one attempt each, keyed as trial ids are) and then plays the
accepted ids with max_attempts = 1, which redeals exactly those candidates.
"""
from libc.stdint cimport int16_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset
from cython.parallel cimport prange

from cardsim._bits cimport bit_bb, lsb, popcount
from cardsim._rng cimport Rng, rng_seed, rng_seed_hand, shuffle_ints
from cardsim._policy cimport policy_code, policy_codes
from cardsim._constrained_deal cimport (CD_INFEASIBLE, CD_MAX_PLACES, CD_MAX_TABLE, CD_OK, CD_TOO_LARGE, DealPlan,
                                        cd_prepare_masks)
from cardsim._conditions cimport *
from cardsim.pinochle.cards cimport *
from cardsim.pinochle.cutthroat_engine cimport *
from cardsim.pinochle.partnership_engine cimport *
from cardsim.pinochle.two_hand_engine cimport *
from cardsim.euchre.engine cimport *
from cardsim.spades.engine cimport SPHand, SPRules, SP_MAX_SEATS
from cardsim.pinochle.bid_tables cimport PIN_TABLES
from cardsim.pinochle.common cimport pin_bid_tables
from cardsim.pinochle.cutthroat cimport cp_ext_heuristic_bid, cp_ext_odds_play, cp_ext_odds_won, cp_rules_from
from cardsim.pinochle.partnership cimport pp_ext_heuristic_bid, pp_ext_odds_play, pp_ext_odds_won, pp_rules_from
from cardsim.pinochle.two_hand cimport th_ext_fill_order, th_ext_odds_play, th_ext_shuffled, th_rules_from
from cardsim.euchre.euchre cimport eu_rules_from
from cardsim.euchre.play cimport eu_ext_odds_play, eu_ext_policy_step
from cardsim.spades.spades cimport sp_rules_from
from cardsim.spades.odds cimport (SPO_MAX_CODES, SPO_PER_BID, sp_conditioned_candidates, sp_conditioned_hands,
                                  sp_conditioned_trials)

# This module runs no pinochle player (it calls the family modules' exported steps), but it reaches
# pinochle/bid_tables.pxd (a struct type through common.pxd): point its copy of the tables' pointer
# at the store anyway, so that a player compiled in here later reads the learned tables
# (tests/test_table_pointers.py).
PIN_TABLES = pin_bid_tables()



# -- the retry loop every game's trial shares -----------------------------------------------
# A game's attempt deals one candidate (oc_deal on the trial's stream) into ``bb`` and says
# whether it passes the constraints and the auction; oc_retry calls it through a pointer, once
# a deal (never per card), until one passes or max_attempts are spent.

ctypedef struct OCArgs:
    uint64_t hand               # the player's cards
    int seat, dealer, upcard    # upcard: euchre, two-hand (-1 elsewhere)
    const int* policies

cdef inline void oc_deal_with_player(const OddsCond* c, const OCArgs* a, Rng* rng, uint64_t* bb) noexcept nogil:
    """One candidate deal (oc_deal) with the player's own cards in its place."""
    oc_deal(c, rng, bb)
    bb[a.seat] |= a.hand

ctypedef bint (*oc_attempt_fn)(const void* rules, const OddsCond* c, const OCArgs* a, Rng* rng, void* scratch,
                               uint64_t* bb) noexcept nogil

cdef inline void oc_other_hands(uint64_t* hands, const uint64_t* bb, int seats, int seat) noexcept nogil:
    """The dealt places 0..seats-1 as the other seats' hands (the player's left empty)."""
    cdef int s
    for s in range(seats):
        hands[s] = bb[s] if s != seat else 0

ctypedef int64_t (*oc_trial_fn)(const void* rules, const OCArgs* a, uint64_t seed, int64_t index, const OddsCond* c,
                                int16_t* out) noexcept nogil

ctypedef struct OCRules:            # room for the rules struct of any game (oc_game fills one)
    CPRules cp
    PPRules pp
    THRules th
    EURules eu
    SPRules sp

ctypedef struct OCGame:             # a game's conditioned-odds functions (oc_game)
    const void* rules
    oc_attempt_fn attempt           # NULL: spades (its own loops, in spades/odds.pyx)
    oc_trial_fn trial
    int seats

cdef int64_t oc_retry(oc_attempt_fn attempt, const void* rules, const OddsCond* c, const OCArgs* a, Rng* rng,
                      void* scratch, uint64_t* bb) noexcept nogil:
    """Attempts on ``rng`` until one passes: the deals tried, -1 when none passed in max_attempts."""
    cdef int64_t tries = 0
    while True:
        tries += 1
        if attempt(rules, c, a, rng, scratch, bb):
            return tries
        if tries >= c.max_attempts:
            return -1

cdef inline int64_t oc_seed_retry(oc_attempt_fn attempt, const void* rules, const OddsCond* c, const OCArgs* a,
                                  uint64_t seed, int64_t index, Rng* deal, Rng* play, void* scratch,
                                  uint64_t* bb) noexcept nogil:
    """Trial ``index``'s streams (the deal's into ``deal``, its players' into ``play``), then its
    attempts on the deal stream (oc_retry): the deals tried, -1 when none passed."""
    rng_seed_hand(deal, play, seed, <uint64_t>index)
    return oc_retry(attempt, rules, c, a, deal, scratch, bb)


# -- cutthroat pinochle: places 0..2 the seats, 3 the widow; calls: a bid, or -1 for a pass --

cdef bint cpc_auction_ok(const CPRules* r, const OddsCond* c, const uint64_t* bb, int dealer) noexcept nogil:
    """Replay the calls.  A checked seat's bid B agrees when its policy would bid B at that point
    (the heuristic bids while the bid needed stays within its hand's value: so B is a lower
    bound on the seat's ceiling, whether or not it jumped; forcing aside for a jump); its pass
    agrees when the policy passes facing the bid standing (an upper bound on the ceiling)."""
    cdef CPHand a, t
    cdef int i, s, call
    memset(&a, 0, sizeof(CPHand))
    for s in range(CP_SEATS):
        a.hand[s] = bb[s]
    a.widow = bb[3]
    a.dealer = dealer
    cp_start_auction(&a, r)
    for i in range(c.n_calls):
        s = a.to_act
        call = c.calls[i]
        if (c.check_mask >> s) & 1:
            t = a
            if call >= 0 and call != cp_min_bid(&a, r):  # a jump: would it go as high as call?
                t.high_bid = call - r.bid_increment
                t.acted_mask |= 1 << s
            if (cp_ext_heuristic_bid(&t, r) >= 0) != (call >= 0):
                return False
        cp_auction_act(&a, r, call)
    return True

cdef bint cpc_attempt(const void* rules, const OddsCond* c, const OCArgs* a, Rng* rng, void* scratch,
                      uint64_t* bb) noexcept nogil:
    cdef const CPRules* r = <const CPRules*>rules
    oc_deal_with_player(c, a, rng, bb)
    return oc_counts_ok(c, bb, r.meld_value) and (c.n_calls == 0 or cpc_auction_ok(r, c, bb, a.dealer))

cdef int64_t cpc_keep(const CPRules* r, const OCArgs* a, uint64_t seed, int64_t index, const OddsCond* c,
                      CPHand* dealt) noexcept nogil:
    """Trial ``index``'s kept deal into ``dealt``, the player having won the auction; the deals
    tried, -1: none passed in max_attempts."""
    cdef uint64_t bb[CD_MAX_PLACES]
    cdef Rng rng, play
    cdef int64_t tries = oc_seed_retry(cpc_attempt, r, c, a, seed, index, &rng, &play, NULL, bb)
    if tries < 0:
        return -1
    memset(dealt, 0, sizeof(CPHand))
    dealt.deal_rng, dealt.rng, dealt.dealer, dealt.widow = rng, play, a.dealer, bb[3]
    oc_other_hands(dealt.hand, bb, CP_SEATS, a.seat)
    cp_ext_odds_won(dealt, a.hand, a.seat)
    return tries

cdef int64_t cpc_trial(const void* rules, const OCArgs* a, uint64_t seed, int64_t index, const OddsCond* c,
                       int16_t* out) noexcept nogil:
    """One conditioned trial; returns the deals it tried (-1: none passed in max_attempts)."""
    cdef const CPRules* r = <const CPRules*>rules
    cdef CPHand dealt
    cdef int64_t tries = cpc_keep(r, a, seed, index, c, &dealt)
    if tries >= 0:
        cp_ext_odds_play(&dealt, r, a.seat, a.policies, out)
    return tries


# -- partnership pinochle: places 0..3 the seats; calls as cutthroat's ------------------------

cdef bint ppc_auction_ok(const PPRules* r, const OddsCond* c, const uint64_t* bb, int dealer) noexcept nogil:
    """As cpc_auction_ok, with the partnership heuristic (its partner's help, its support margin)."""
    cdef PPHand a, t
    cdef int i, s, call
    memset(&a, 0, sizeof(PPHand))
    for s in range(PP_SEATS):
        a.hand[s] = bb[s]
        a.bid_value[s] = -1
    a.dealer = dealer
    a.phase = PH_AUCTION
    a.high_bid = -1
    a.high_bidder = -1
    a.bidder = -1
    a.trump = -1
    a.last_winner = -1
    a.to_act = (dealer + 1) % PP_SEATS
    for i in range(c.n_calls):
        s = a.to_act
        call = c.calls[i]
        if (c.check_mask >> s) & 1:
            t = a
            if call >= 0 and call != pp_min_bid(&a, r):
                t.high_bid = call - r.bid_increment
            if (pp_ext_heuristic_bid(&t, r) >= 0) != (call >= 0):
                return False
            a.bid_value[s] = t.bid_value[s]  # the hand's value, cached as the policy caches it
        pp_auction_act(&a, r, call)
    return True

cdef bint ppc_attempt(const void* rules, const OddsCond* c, const OCArgs* a, Rng* rng, void* scratch,
                      uint64_t* bb) noexcept nogil:
    cdef const PPRules* r = <const PPRules*>rules
    oc_deal_with_player(c, a, rng, bb)
    return oc_counts_ok(c, bb, r.meld_value) and (c.n_calls == 0 or ppc_auction_ok(r, c, bb, a.dealer))

cdef int64_t ppc_keep(const PPRules* r, const OCArgs* a, uint64_t seed, int64_t index, const OddsCond* c,
                      PPHand* dealt) noexcept nogil:
    """As cpc_keep."""
    cdef uint64_t bb[CD_MAX_PLACES]
    cdef Rng rng, play
    cdef int64_t tries = oc_seed_retry(ppc_attempt, r, c, a, seed, index, &rng, &play, NULL, bb)
    if tries < 0:
        return -1
    memset(dealt, 0, sizeof(PPHand))
    dealt.deal_rng, dealt.rng, dealt.dealer = rng, play, a.dealer
    oc_other_hands(dealt.hand, bb, PP_SEATS, a.seat)
    pp_ext_odds_won(dealt, a.hand, a.seat)
    return tries

cdef int64_t ppc_trial(const void* rules, const OCArgs* a, uint64_t seed, int64_t index, const OddsCond* c,
                       int16_t* out) noexcept nogil:
    cdef const PPRules* r = <const PPRules*>rules
    cdef PPHand dealt
    cdef int64_t tries = ppc_keep(r, a, seed, index, c, &dealt)
    if tries >= 0:
        pp_ext_odds_play(&dealt, r, a.seat, a.policies, out)
    return tries


# -- two-hand pinochle: places 0, 1 the seats, 2 the stock; no auction -----------------------

cdef bint thc_attempt(const void* rules, const OddsCond* c, const OCArgs* a, Rng* rng, void* scratch,
                      uint64_t* bb) noexcept nogil:
    oc_deal_with_player(c, a, rng, bb)
    return oc_counts_ok(c, bb, NULL)  # (two-hand's meld table is not meld_points's: no meld constraints)

cdef int64_t thc_keep(const THRules* r, const OCArgs* a, uint64_t seed, int64_t index, const OddsCond* c,
                      THHand* h) noexcept nogil:
    """Trial ``index``'s kept deal into ``h``, freshly dealt: the stock's cards (a set from the
    dealer) are shuffled into an order on the same deal stream.  The deals tried, -1: none passed."""
    cdef uint64_t bb[CD_MAX_PLACES]
    cdef uint64_t m
    cdef int order[48]
    cdef int stock[48]
    cdef int theirs[TH_HAND_SIZE]
    cdef int i, seat = a.seat, dealer = a.dealer
    cdef Rng rng
    cdef int64_t tries = oc_seed_retry(thc_attempt, r, c, a, seed, index, &rng, &h.rng, NULL, bb)
    if tries < 0:
        return -1
    th_ext_shuffled(&rng, bb[2], stock)
    m = bb[1 - seat]
    for i in range(TH_HAND_SIZE):
        theirs[i] = lsb(m)
        m &= m - 1
    th_ext_fill_order(order, a.hand, theirs, a.upcard, stock, seat, dealer)
    th_deal_order(h, r, order, dealer)
    return tries

cdef int64_t thc_trial(const void* rules, const OCArgs* a, uint64_t seed, int64_t index, const OddsCond* c,
                       int16_t* out) noexcept nogil:
    cdef const THRules* r = <const THRules*>rules
    cdef THHand h
    cdef int64_t tries = thc_keep(r, a, seed, index, c, &h)
    if tries >= 0:
        th_ext_odds_play(&h, r, a.seat, a.policies, out)
    return tries


# -- euchre: places 0..seats-1 the seats, then the dummy (cutthroat), then the kitty's hidden
# cards; calls: -1 a pass, else the suit ordered up / named (a call that ends the bidding) ---

cdef void euc_set(EUHand* h, const EURules* r, const uint64_t* bb, int upcard, int dealer) noexcept nogil:
    """The deal ``bb`` as a hand about to bid (as eu_odds_deal leaves it)."""
    cdef int s
    cdef Rng deal_rng = h.deal_rng, rng = h.rng
    memset(h, 0, sizeof(EUHand))
    h.deal_rng = deal_rng
    h.rng = rng
    for s in range(r.seats):
        h.hand[s] = bb[s]
    if not r.partnership:
        h.dummy = bb[r.seats]
    h.kitty = bit_bb(upcard) | bb[r.seats + (0 if r.partnership else 1)]
    h.upcard = upcard
    h.dealer = dealer
    eu_start_bidding(h, r)

cdef bint euc_auction_ok(const EURules* r, const OddsCond* c, const EUHand* dealt,
                         const int* policies) noexcept nogil:
    """Replay the calls of both rounds; a checked seat agrees when its policy makes the same
    decision (pass, or order up / name the same suit)."""
    cdef EUHand a, t
    cdef int i, s, call, decided
    a = dealt[0]
    for i in range(c.n_calls):
        s = a.to_act
        call = c.calls[i]
        if (c.check_mask >> s) & 1:
            t = a
            eu_ext_policy_step(&t, r, policies[s])
            decided = t.trump if t.maker >= 0 else -1
            if decided != call:
                return False
        if a.phase == EPH_BID1:
            eu_bid1(&a, r, call >= 0)
        else:
            eu_bid2(&a, r, call)
    return True

cdef bint euc_attempt(const void* rules, const OddsCond* c, const OCArgs* a, Rng* rng, void* scratch,
                      uint64_t* bb) noexcept nogil:
    """``scratch`` is the EUHand whose ``deal_rng`` is ``rng``: the deal is set up there, about to bid."""
    cdef const EURules* r = <const EURules*>rules
    cdef EUHand* h = <EUHand*>scratch
    oc_deal_with_player(c, a, rng, bb)
    if not oc_counts_ok(c, bb, NULL):
        return False
    euc_set(h, r, bb, a.upcard, a.dealer)
    return c.n_calls == 0 or euc_auction_ok(r, c, h, a.policies)

cdef int64_t euc_keep(const EURules* r, const OCArgs* a, uint64_t seed, int64_t index, const OddsCond* c,
                      EUHand* dealt) noexcept nogil:
    """Trial ``index``'s kept deal into ``dealt``, about to bid; the deals tried, -1: none passed."""
    cdef uint64_t bb[CD_MAX_PLACES]
    return oc_seed_retry(euc_attempt, r, c, a, seed, index, &dealt.deal_rng, &dealt.rng, dealt, bb)

cdef int64_t euc_trial(const void* rules, const OCArgs* a, uint64_t seed, int64_t index, const OddsCond* c,
                       int16_t* out) noexcept nogil:
    """The calls are passes up to the player's turn, and each action's play forces exactly those
    passes (euo_act), so the kept deal is played from the start of the bidding."""
    cdef const EURules* r = <const EURules*>rules
    cdef EUHand dealt
    cdef int64_t tries = euc_keep(r, a, seed, index, c, &dealt)
    if tries >= 0:
        eu_ext_odds_play(&dealt, r, a.seat, a.policies, out)
    return tries


# -- Python ------------------------------------------------------------------------------

cdef int oc_game(game, rules, OCRules* store, OCGame* g) except -1:
    """The rules struct of ``game`` under ``rules`` into ``store`` and its functions into ``g``."""
    g.attempt, g.trial = NULL, NULL
    if game == "cutthroat-pinochle":
        store.cp = cp_rules_from(rules)
        g.rules, g.attempt, g.trial, g.seats = &store.cp, cpc_attempt, cpc_trial, CP_SEATS
    elif game == "partnership-pinochle":
        store.pp = pp_rules_from(rules)
        g.rules, g.attempt, g.trial, g.seats = &store.pp, ppc_attempt, ppc_trial, PP_SEATS
    elif game == "two-hand-pinochle":
        store.th = th_rules_from(rules)
        g.rules, g.attempt, g.trial, g.seats = &store.th, thc_attempt, thc_trial, TH_SEATS
    elif game in ("euchre", "cutthroat-euchre"):
        store.eu = eu_rules_from(rules, 4 if game == "euchre" else 3)
        g.rules, g.attempt, g.trial, g.seats = &store.eu, euc_attempt, euc_trial, store.eu.seats
    elif game in ("spades", "cutthroat-spades"):
        store.sp = sp_rules_from(rules)
        g.rules, g.seats = &store.sp, store.sp.seats
    else:
        raise ValueError(f"no conditioned odds for {game!r}")
    return 0


cdef class DealConditions:
    """What a conditioned bid-odds run deals from (built by cardsim.odds_conditions).

    ``hidden``: the cards to deal (a mask); ``barred[p]``: the cards place p may not get;
    ``capacities[p]``: how many hidden cards place p takes; ``known[p]``: cards known to lie
    in place p; ``calls``: the auction (game encoding); ``check_mask``: the seats whose calls
    are checked; ``counts``: (place, mask, lo, hi) tuples; ``melds``: (seat, trump or -1, lo,
    hi) tuples.  ValueError (one line) when no deal fits the masks.  It pickles (its arguments:
    a Dask worker rebuilds it)."""
    cdef OddsCond c
    cdef object args                   # the constructor's arguments but max_attempts (__reduce__)

    def __cinit__(self):
        self.c.plan = NULL

    def __init__(self, uint64_t hidden, barred, capacities, known, calls=(), int check_mask=0, int slack=0,
                 int64_t max_attempts=1, counts=(), melds=()):
        cdef uint64_t c_barred[CD_MAX_PLACES]
        cdef int c_capacity[CD_MAX_PLACES]
        cdef int n_places = len(capacities), p, k, code
        self.args = (hidden, tuple(barred), tuple(capacities), tuple(known), tuple(calls), check_mask, slack,
                     tuple(tuple(x) for x in counts), tuple(tuple(x) for x in melds))
        if not 1 <= n_places <= CD_MAX_PLACES or len(barred) != n_places or len(known) != n_places:
            raise ValueError(f"barred, capacities and known must name 1 to {CD_MAX_PLACES} places alike")
        if len(calls) > OC_MAX_CALLS or len(counts) > OC_MAX_COUNTS or len(melds) > OC_MAX_MELDS:
            raise ValueError(f"at most {OC_MAX_CALLS} calls, {OC_MAX_COUNTS} count and {OC_MAX_MELDS} "
                             "meld constraints")
        if max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        for p in range(n_places):
            c_barred[p] = barred[p]
            c_capacity[p] = capacities[p]
            self.c.known[p] = known[p]
            if c_capacity[p] < 0:
                raise ValueError(f"place {p} has capacity {c_capacity[p]}")
        if popcount(hidden) != sum(capacities):
            raise ValueError(f"the places take {sum(capacities)} cards but {popcount(hidden)} are hidden")
        self.c.n_places = n_places
        self.c.n_calls = len(calls)
        for k in range(len(calls)):
            self.c.calls[k] = calls[k]
        self.c.check_mask = check_mask
        self.c.slack = slack
        self.c.max_attempts = max_attempts
        self.c.n_counts = len(counts)
        for k in range(len(counts)):
            self.c.count_place[k] = counts[k][0]
            self.c.count_mask[k] = counts[k][1]
            self.c.count_lo[k] = counts[k][2]
            self.c.count_hi[k] = counts[k][3]
        self.c.n_melds = len(melds)
        for k in range(len(melds)):
            self.c.meld_place[k] = melds[k][0]
            self.c.meld_trump[k] = melds[k][1]
            self.c.meld_lo[k] = melds[k][2]
            self.c.meld_hi[k] = melds[k][3]
        self.c.plan = <DealPlan*>malloc(sizeof(DealPlan))
        if self.c.plan == NULL:
            raise MemoryError()
        with nogil:
            code = cd_prepare_masks(self.c.plan, hidden, c_barred, c_capacity, n_places)
        if code != CD_OK:
            free(self.c.plan)
            self.c.plan = NULL
            if code == CD_INFEASIBLE:
                raise ValueError("no deal fits the known cards and voids")
            if code == CD_TOO_LARGE:
                raise ValueError(f"these voids need more than {CD_MAX_TABLE} memoised counts")
            raise ValueError(f"constrained deal: the core rejected the input (code {code})")

    def __dealloc__(self):
        if self.c.plan != NULL:
            free(self.c.plan)
            self.c.plan = NULL

    def __reduce__(self):
        hidden, barred, capacities, known, calls, check_mask, slack, counts, melds = self.args
        return (DealConditions, (hidden, barred, capacities, known, calls, check_mask, slack, self.c.max_attempts,
                                 counts, melds))

    @property
    def total(self):
        """How many deals of the hidden cards fit the known cards and voids (a float)."""
        return self.c.plan.total

    def with_attempts(self, int64_t max_attempts):
        """Set the attempts per trial (the accept path plays chosen candidates with 1)."""
        if max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        self.c.max_attempts = max_attempts
        return self


def odds_conditioned(game, rules, DealConditions cond, uint64_t hand, int seat, int dealer, uint64_t seed,
                     const int64_t[::1] ids, int16_t[:, ::1] out, int64_t[::1] tries, policies, int threads=1,
                     int upcard=-1, scores=None, bint blind=False, codes=None):
    """Conditioned bid-odds trials ``ids`` of ``game`` into the rows of ``out`` (each game's
    unconditioned layout); ``tries[i]``: the deals trial ids[i] tried, -1 if none passed in
    ``max_attempts``.  Trial id t depends only on (seed, t) and ``cond``."""
    cdef Py_ssize_t i, n = ids.shape[0]
    cdef int pol[SP_MAX_SEATS]
    cdef int sc[SP_MAX_SEATS]
    cdef int cd[SPO_MAX_CODES]
    cdef int n_codes = 0, k
    cdef const OddsCond* c = &cond.c
    cdef OCRules store
    cdef OCGame g
    cdef OCArgs a
    if out.shape[0] != n or tries.shape[0] != n:
        raise ValueError("ids, out and tries must have the same length")
    if n == 0:
        return
    a.hand, a.seat, a.dealer, a.upcard, a.policies = hand, seat, dealer, upcard, pol
    oc_game(game, rules, &store, &g)
    if g.trial != NULL:
        policy_codes(policies, pol, g.seats)
        for i in prange(n, nogil=True, schedule="dynamic", chunksize=32, num_threads=max(1, threads)):
            tries[i] = g.trial(g.rules, &a, seed, ids[i], c, &out[i, 0])
    else:
        n_codes = len(codes)
        if n_codes > SPO_MAX_CODES or out.shape[1] != SPO_PER_BID * n_codes + 1:
            raise ValueError("out must have 3 columns per bid code and one more")
        for k in range(SP_MAX_SEATS):
            pol[k] = policy_code(policies[k]) if k < store.sp.seats else 0
            sc[k] = scores[k] if k < store.sp.seats else 0
        for k in range(n_codes):
            cd[k] = codes[k]
        with nogil:
            sp_conditioned_trials(&store.sp, c, hand, seat, dealer, sc, blind, cd, n_codes, seed, &ids[0], n,
                                  &out[0, 0], out.shape[1], &tries[0], pol, threads)


def odds_conditioned_hands(game, rules, DealConditions cond, uint64_t hand, int seat, int dealer, uint64_t seed,
                           const int64_t[::1] ids, unsigned char[:, ::1] hands, int64_t[::1] tries, policies,
                           int threads=1, int upcard=-1, scores=None, bint blind=False):
    """The kept deals of conditioned trials ``ids`` (as odds_conditioned keeps them) as the game's
    hand structs, one a row of ``hands`` (euchre: about to bid; spades: at the player's turn;
    cutthroat and partnership pinochle: the player has won the auction, about to name trump;
    two-hand: freshly dealt): cardsim.solver._pimc plays them with PIMC and oracle seats.
    ``tries`` as odds_conditioned's."""
    cdef Py_ssize_t i, n = ids.shape[0]
    cdef int pol[SP_MAX_SEATS]
    cdef int sc[SP_MAX_SEATS]
    cdef int k
    cdef EURules eur
    cdef SPRules spr
    cdef OCRules store
    cdef OCGame g
    cdef OCArgs a
    if hands.shape[0] != n or tries.shape[0] != n:
        raise ValueError("ids, hands and tries must have the same length")
    for k in range(SP_MAX_SEATS):
        pol[k] = 0
        sc[k] = 0
    a.hand, a.seat, a.dealer, a.upcard, a.policies = hand, seat, dealer, upcard, pol
    if game in ("euchre", "cutthroat-euchre"):
        if hands.shape[1] != sizeof(EUHand):
            raise ValueError(f"hands must have {sizeof(EUHand)} bytes a row")
        eur = eu_rules_from(rules, 4 if game == "euchre" else 3)
        policy_codes(policies, pol, eur.seats)
        for i in prange(n, nogil=True, schedule="dynamic", chunksize=32, num_threads=max(1, threads)):
            tries[i] = euc_keep(&eur, &a, seed, ids[i], &cond.c, <EUHand*>&hands[i, 0])
    elif game in ("spades", "cutthroat-spades"):
        if hands.shape[1] != sizeof(SPHand):
            raise ValueError(f"hands must have {sizeof(SPHand)} bytes a row")
        spr = sp_rules_from(rules)
        for k in range(spr.seats):
            pol[k] = policy_code(policies[k])
            sc[k] = scores[k]
        if n:
            with nogil:
                sp_conditioned_hands(&spr, &cond.c, hand, seat, dealer, sc, blind, seed, &ids[0], n,
                                     <SPHand*>&hands[0, 0], &tries[0], pol, threads)
    elif game in ("cutthroat-pinochle", "partnership-pinochle", "two-hand-pinochle"):
        if hands.shape[1] != hand_bytes(game):
            raise ValueError(f"hands must have {hand_bytes(game)} bytes a row")
        oc_game(game, rules, &store, &g)
        policy_codes(policies, pol, g.seats)
        for i in prange(n, nogil=True, schedule="dynamic", chunksize=32, num_threads=max(1, threads)):
            if g.seats == CP_SEATS:
                tries[i] = cpc_keep(&store.cp, &a, seed, ids[i], &cond.c, <CPHand*>&hands[i, 0])
            elif g.seats == PP_SEATS:
                tries[i] = ppc_keep(&store.pp, &a, seed, ids[i], &cond.c, <PPHand*>&hands[i, 0])
            else:
                tries[i] = thc_keep(&store.th, &a, seed, ids[i], &cond.c, <THHand*>&hands[i, 0])
    else:
        raise ValueError(f"no conditioned hands for {game!r}")


def hand_bytes(game):
    """The size of the game's hand struct (a row of odds_conditioned_hands)."""
    if game in ("euchre", "cutthroat-euchre"):
        return sizeof(EUHand)
    if game in ("spades", "cutthroat-spades"):
        return sizeof(SPHand)
    if game == "cutthroat-pinochle":
        return sizeof(CPHand)
    if game == "partnership-pinochle":
        return sizeof(PPHand)
    if game == "two-hand-pinochle":
        return sizeof(THHand)
    raise ValueError(f"no conditioned hands for {game!r}")


cdef bint oc_candidate(oc_attempt_fn attempt, const void* rules, const OddsCond* c, const OCArgs* a, uint64_t seed,
                       int64_t index, uint64_t* row) noexcept nogil:
    """Trial ``index``'s first attempt: its deal into ``row`` (n_places masks), whether it passes
    (spades: sp_conditioned_candidates in spades/odds.pyx)."""
    cdef EUHand scratch                # the streams and, for euchre, the hand the deal is set up in
    cdef uint64_t bb[CD_MAX_PLACES]   # oc_deal writes every place slot: not straight into the row
    cdef bint ok
    cdef int p
    rng_seed_hand(&scratch.deal_rng, &scratch.rng, seed, <uint64_t>index)
    ok = attempt(rules, c, a, &scratch.deal_rng, &scratch, bb)
    for p in range(c.n_places):
        row[p] = bb[p]
    return ok


def odds_candidates(game, rules, DealConditions cond, uint64_t hand, int seat, int dealer, uint64_t seed,
                    int64_t start, uint64_t[:, ::1] deals, uint8_t[::1] passed, policies, int threads=1,
                    int upcard=-1, scores=None, bint blind=False):
    """The first deal trial ids ``start ..`` would try (every place's cards, the player's too, in
    the rows of ``deals``) and whether it passes the core's constraints and the auction: a trial
    with max_attempts = 1 plays exactly that deal."""
    cdef Py_ssize_t i, n = deals.shape[0]
    cdef int pol[SP_MAX_SEATS]
    cdef int sc[SP_MAX_SEATS]
    cdef int k, seats
    cdef OCArgs a
    cdef OCRules store
    cdef OCGame g
    if deals.shape[1] != cond.c.n_places or passed.shape[0] != n:
        raise ValueError(f"deals must have {cond.c.n_places} columns and passed one entry per row")
    for k in range(SP_MAX_SEATS):
        pol[k] = 0
        sc[k] = 0
    oc_game(game, rules, &store, &g)
    seats = g.seats
    if g.attempt == NULL:  # spades
        for k in range(seats):
            sc[k] = scores[k]
    for k in range(seats):
        pol[k] = policy_code(policies[k])
    a.hand, a.seat, a.dealer, a.upcard, a.policies = hand, seat, dealer, upcard, pol
    if n == 0:
        return
    if g.attempt == NULL:
        with nogil:
            sp_conditioned_candidates(&store.sp, &cond.c, hand, seat, dealer, sc, blind, seed, start, n, &deals[0, 0],
                                      &passed[0], pol, threads)
        return
    for i in prange(n, nogil=True, schedule="static", num_threads=max(1, threads)):
        passed[i] = oc_candidate(g.attempt, g.rules, &cond.c, &a, seed, start + i, &deals[i, 0])
