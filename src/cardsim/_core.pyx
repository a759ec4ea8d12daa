# cython: language_level=3
"""The private compiled core of cardsim.

Everything hot lives here and runs without the GIL: card-set helpers
(_bits.pxd), seeded streams (_rng.pxd), pinochle meld/trick primitives
(_pinochle.pxd), and each game's engine and players (the .pxi files included
below).  The Python-facing part of this module is deliberately thin: build a
rules struct once from a validated rules mapping, run a batch into a
caller-owned numpy record array, or wrap one hand for step-by-step play.  The
public API is cardsim.Game; nothing outside cardsim should import this module.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cython.parallel cimport prange

import numpy as np

from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount
from cardsim._rng cimport Rng, rng_below, rng_next, rng_seed, shuffle_ints
from cardsim._pinochle cimport *

cdef int policy_codes(policies, int* out, int n) except -1:
    """The core's codes (POLICIES) of ``n`` policy names, already checked by cardsim.players."""
    cdef int i
    for i in range(n):
        out[i] = POLICIES[policies[i]]
    return 0


include "_cutthroat_pinochle.pxi"
include "_cutthroat_pinochle_players.pxi"
include "_cutthroat_pinochle_odds.pxi"
include "_euchre.pxi"
include "_euchre_players.pxi"
include "_euchre_odds.pxi"
include "_partnership_pinochle.pxi"
include "_partnership_pinochle_players.pxi"
include "_two_hand_pinochle.pxi"
include "_two_hand_pinochle_players.pxi"
include "_spades.pxi"
include "_spades_players.pxi"
include "_pinochle_games_odds.pxi"

cdef extern from *:
    """
    #ifdef _OPENMP
    #define CARDSIM_HAVE_OPENMP 1
    #else
    #define CARDSIM_HAVE_OPENMP 0
    #endif
    """
    const int CARDSIM_HAVE_OPENMP

#: False when the core was built without OpenMP: batches then run on one thread.
HAVE_THREADS = bool(CARDSIM_HAVE_OPENMP)

POLICIES = {"random": POLICY_RANDOM, "heuristic": POLICY_HEURISTIC}
MELD_NAMES = (
    "run", "double_run", "trump_marriage", "marriage", "dix",
    "aces", "double_aces", "kings", "double_kings", "queens", "double_queens",
    "jacks", "double_jacks", "pinochle", "double_pinochle",
)
PINOCHLE_RANKS = "9JQKTA"
_ALL_PASS = {"redeal": ALL_PASS_REDEAL, "first_forced": ALL_PASS_FIRST_FORCED, "dealer_forced": ALL_PASS_DEALER_FORCED}
#: must_beat as section 1 reads it (cutthroat): trump_led keeps the over-trump duty.  Partnership
#: reads trump_led differently: _PP_MUST_BEAT in _partnership_pinochle_api.pxi.
_MUST_BEAT = {"always": MUST_BEAT_ALWAYS, "trump_led": MUST_BEAT_TRUMP_LED, "never": MUST_BEAT_NEVER}


def parse_card_points(text):
    """``"A=1,T=1,K=1"`` -> points per pinochle rank, 9 J Q K T A order (unnamed ranks 0)."""
    points = [0] * N_RANKS
    for part in str(text).replace(" ", "").split(","):
        if part:
            rank, value = part.split("=")
            points[PINOCHLE_RANKS.index(rank.upper().replace("10", "T"))] = int(value)
    return points


cdef int pinochle_meld_values(rules, int* out) except -1:
    cdef int i
    for i in range(N_MELDS):
        out[i] = int(rules["meld_" + MELD_NAMES[i]])
    return 0


cdef CPRules cp_rules_from(rules) except *:
    """Fill the core's rules struct once from a validated cutthroat-pinochle Rules mapping."""
    cdef CPRules r
    cdef int i
    memset(&r, 0, sizeof(r))
    r.widow = bool(rules["widow"])
    r.hand_size = 15 if r.widow else 16
    r.redeal_nines = rules["redeal_nines"]
    r.min_bid = rules["min_bid"]
    r.bid_increment = rules["bid_increment"]
    r.dealer_may_bid = bool(rules["dealer_may_bid"])
    r.all_pass = _ALL_PASS[rules["all_pass"]]
    r.discard_counts = bool(rules["discard_counts"])
    r.needs_trump_marriage = bool(rules["bidder_needs_trump_marriage"])
    pinochle_meld_values(rules, r.meld_value)
    r.must_beat = _MUST_BEAT[rules["must_beat"]]
    points = parse_card_points(rules["card_points"])
    for i in range(N_RANKS):
        r.rank_points[i] = points[i]
    r.last_trick_points = rules["last_trick_points"]
    r.save_meld_points = rules["save_meld_points"]
    r.dix_always_counts = bool(rules["dix_always_counts"])
    r.army_scoring = bool(rules["army_scoring"])
    return r


# -- meld ------------------------------------------------------------------------

def pinochle_meld_breakdown(uint64_t cards, int trump, rules):
    """Counts of each meld (MELD_NAMES order) and the total, for any pinochle game's rules."""
    cdef int counts[N_MELDS]
    cdef int values[N_MELDS]
    pinochle_meld_values(rules, values)
    meld_counts(cards, trump, counts)
    return [counts[i] for i in range(N_MELDS)], meld_points(cards, trump, values)


def pinochle_meld_many(const uint64_t[::1] hands, const int8_t[::1] trumps, rules, int32_t[::1] out, int threads=1):
    """Meld totals of many (hand, trump) pairs into ``out``; runs without the GIL."""
    cdef int values[N_MELDS]
    cdef Py_ssize_t i, n = hands.shape[0]
    if trumps.shape[0] != n or out.shape[0] != n:
        raise ValueError("hands, trumps and out must have the same length")
    pinochle_meld_values(rules, values)
    for i in prange(n, nogil=True, schedule="static", num_threads=max(1, threads)):
        out[i] = meld_points(hands[i], trumps[i], values)


def pinochle_legal_in_position(game, rules, uint64_t hand, trick, int trump):
    """Distinct legal cards (a mask) of ``hand`` (physical bits) facing ``trick`` (card bits
    in play order) with ``trump``, from cp_legal or pp_legal under ``rules`` of ``game``
    (cutthroat-pinochle or partnership-pinochle): the engine's own legal-card function,
    for hand-made positions the step API cannot reach (tests/cases/legal_cases.py)."""
    cdef CPHand ch
    cdef PPHand ph
    cdef CPRules cr
    cdef PPRules pr
    cdef int i, n = len(trick)
    if game == "cutthroat-pinochle":
        if n >= CP_SEATS:
            raise ValueError("a cutthroat trick has at most 2 cards before the player's")
        cr = cp_rules_from(rules)
        memset(&ch, 0, sizeof(ch))
        ch.to_act, ch.trump, ch.n_in_trick, ch.hand[0] = 0, trump, n, hand
        for i in range(n):
            ch.trick[i] = trick[i]
        ch.best = trick_winner(ch.trick, n, trump) if n else 0
        return cp_legal(&ch, &cr)
    if game == "partnership-pinochle":
        if n >= PP_SEATS:
            raise ValueError("a partnership trick has at most 3 cards before the player's")
        pr = pp_rules_from(rules)
        memset(&ph, 0, sizeof(ph))
        ph.to_act, ph.trump, ph.n_in_trick, ph.hand[0] = 0, trump, n, hand
        for i in range(n):
            ph.trick[i] = trick[i]
        ph.best = trick_winner(ph.trick, n, trump) if n else 0
        return pp_legal(&ph, &pr)
    raise ValueError(f"no legal-card probe for {game!r}")


# -- batch simulation ----------------------------------------------------------------

ctypedef struct CPRecord:
    int16_t bid             # winning bid; 0 when nobody bid (no contest)
    int16_t redeals         # deals thrown in before the one played
    int16_t meld[3]         # meld shown per seat (before the save-meld rule)
    int16_t trick_points[3] # per seat; the bidder's includes the discard when it counts
    int16_t score[3]        # hand score per seat
    int16_t army[3]         # army ledger change per seat
    int8_t dealer           # dealer of the deal that was played
    int8_t bidder           # -1: no contest
    int8_t trump            # 0..3 = S H D C; -1: no contest
    int8_t made             # the bidder reached the bid
    int8_t thrown_in        # the bidder conceded before the first trick

CP_RECORD_DTYPE = np.dtype([
    ("bid", "i2"), ("redeals", "i2"),
    ("meld", "i2", (3,)), ("trick_points", "i2", (3,)), ("score", "i2", (3,)), ("army", "i2", (3,)),
    ("dealer", "i1"), ("bidder", "i1"), ("trump", "i1"), ("made", "?"), ("thrown_in", "?"),
], align=True)


def _check_record_layout():
    """The numpy dtype must match the C struct byte for byte."""
    cdef CPRecord rec
    cdef char* base = <char*>&rec
    offsets = {
        "bid": <char*>&rec.bid - base, "redeals": <char*>&rec.redeals - base,
        "meld": <char*>&rec.meld[0] - base, "trick_points": <char*>&rec.trick_points[0] - base,
        "score": <char*>&rec.score[0] - base, "army": <char*>&rec.army[0] - base,
        "dealer": <char*>&rec.dealer - base, "bidder": <char*>&rec.bidder - base,
        "trump": <char*>&rec.trump - base, "made": <char*>&rec.made - base,
        "thrown_in": <char*>&rec.thrown_in - base,
    }
    if CP_RECORD_DTYPE.itemsize != sizeof(CPRecord) or any(
        CP_RECORD_DTYPE.fields[name][1] != off for name, off in offsets.items()
    ):
        raise ImportError("cardsim._core: record dtype does not match the C struct")

_check_record_layout()


cdef void cp_simulate_one(const CPRules* r, uint64_t seed, int64_t index, const int* policies,
                          CPRecord* out) noexcept nogil:
    """Deal and play hand ``index`` of the batch keyed by ``seed``; write its record."""
    cdef CPHand h
    cdef int s
    cp_new_hand(&h, r, seed, <uint64_t>index, <int>(index % CP_SEATS))
    cp_play_out(&h, r, policies)
    out.bid = h.high_bid if h.bidder >= 0 else 0
    out.redeals = h.redeals
    out.dealer = h.dealer
    out.bidder = h.bidder
    out.trump = h.trump
    out.made = h.made
    out.thrown_in = h.thrown_in
    for s in range(CP_SEATS):
        out.meld[s] = h.meld[s]
        out.trick_points[s] = h.trick_points[s]
        out.score[s] = h.score[s]
        out.army[s] = h.army[s]


def simulate_cutthroat_pinochle(rules, uint64_t seed, int64_t start, records, policies, int threads=1):
    """Play hands ``start .. start+len(records)-1`` of the batch keyed by ``seed``.

    ``records`` is a CP_RECORD_DTYPE array filled in place; hand i depends only on
    (seed, i), so any split into calls or threads gives the same records.
    """
    cdef CPRules r = cp_rules_from(rules)
    cdef int pol[CP_SEATS]
    cdef Py_ssize_t i, n = len(records)
    cdef unsigned char[::1] raw = records.view(np.uint8).reshape(-1)
    if records.dtype != CP_RECORD_DTYPE:
        raise ValueError("records must have dtype CP_RECORD_DTYPE")
    cdef CPRecord* out = <CPRecord*>&raw[0] if n else NULL
    policy_codes(policies, pol, CP_SEATS)
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=64, num_threads=max(1, threads)):
        cp_simulate_one(&r, seed, start + i, pol, &out[i])


def cutthroat_pinochle_odds(rules, uint64_t hand, int seat, int dealer,
                            uint64_t seed, int64_t start, int16_t[:, ::1] out, policies, int threads=1):
    """Bid-odds trials ``start .. start+len(out)-1`` into ``out``.

    Columns 3t, 3t+1, 3t+2: the player's meld, trick points and counted total with
    trump suit t; column 12: the suit the heuristic would name.  Trial i depends
    only on (seed, i)."""
    cdef CPRules r = cp_rules_from(rules)
    cdef int pol[CP_SEATS]
    cdef Py_ssize_t i, n = out.shape[0]
    if out.shape[1] != ODDS_COLUMNS:
        raise ValueError("out must have 13 columns")
    policy_codes(policies, pol, CP_SEATS)
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=64, num_threads=max(1, threads)):
        cp_odds_trial(&r, hand, seat, dealer, seed, start + i, pol, &out[i, 0])


def partnership_pinochle_odds(rules, uint64_t hand, int seat, int dealer,
                              uint64_t seed, int64_t start, int16_t[:, ::1] out, policies, int threads=1):
    """Partnership bid-odds trials ``start .. start+len(out)-1`` into ``out``.

    Columns 3t, 3t+1, 3t+2: the team's meld after passing, trick points and counted
    total with trump suit t; column 12: the suit the heuristic bidder names.  Trial i
    depends only on (seed, i)."""
    cdef PPRules r = pp_rules_from(rules)
    cdef int pol[PP_SEATS]
    cdef Py_ssize_t i, n = out.shape[0]
    if out.shape[1] != ODDS_COLUMNS:
        raise ValueError("out must have 13 columns")
    policy_codes(policies, pol, PP_SEATS)
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=64, num_threads=max(1, threads)):
        pp_odds_trial(&r, hand, seat, dealer, seed, start + i, pol, &out[i, 0])


def two_hand_pinochle_odds(rules, uint64_t hand, int upcard, int seat, int dealer,
                           uint64_t seed, int64_t start, int16_t[:, ::1] out, policies, int threads=1):
    """Two-hand odds trials ``start .. start+len(out)-1`` into ``out``: the player's meld,
    the opponent's meld, the player's and the opponent's trick points.  ``upcard`` is a
    card bit not in ``hand``.  Trial i depends only on (seed, i)."""
    cdef THRules r = th_rules_from(rules)
    cdef int pol[TH_SEATS]
    cdef Py_ssize_t i, n = out.shape[0]
    if out.shape[1] != TH_ODDS_COLUMNS:
        raise ValueError("out must have 4 columns")
    policy_codes(policies, pol, TH_SEATS)
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=64, num_threads=max(1, threads)):
        th_odds_trial(&r, hand, upcard, seat, dealer, seed, start + i, pol, &out[i, 0])


def two_hand_pinochle_odds_deals(uint64_t hand, int upcard, int seat, int dealer,
                                 uint64_t seed, int64_t start, int8_t[:, ::1] out):
    """The deals of two-hand odds trials ``start ..`` (for tests): per trial the 48 card bits
    in deal order (non-dealer's 12, dealer's 12, upcard, stock top first), as
    TwoHandPinochleState.set_deal takes them."""
    cdef Rng rng
    cdef int order[48]
    cdef Py_ssize_t i, k
    if out.shape[1] != 48:
        raise ValueError("out must have 48 columns")
    for i in range(out.shape[0]):
        rng_seed(&rng, seed, <uint64_t>(start + i))
        th_odds_order(order, &rng, hand, upcard, seat, dealer)
        for k in range(48):
            out[i, k] = order[k]


# -- one hand, step by step ---------------------------------------------------------

cdef class CutthroatPinochleState:
    """One Cutthroat Pinochle hand held by the core, for step-by-step play from Python.

    It checks nothing: cardsim.hand validates every action first, so the core and
    the batch share one set of rules code without paying for checks in the batch.
    """
    cdef CPHand h
    cdef CPRules r

    def __cinit__(self, rules, uint64_t seed, int dealer, uint64_t stream=0):
        self.r = cp_rules_from(rules)
        cp_new_hand(&self.h, &self.r, seed, stream, dealer)

    def set_deal(self, hands, uint64_t widow):
        """Replace the deal by ``hands`` (three physical masks) and ``widow`` and start the
        auction again, same dealer, no nines redeal.  ValueError unless the four masks
        partition the 48 cards with ``hand_size`` cards per hand (the widow: 3, or 0 without)."""
        cdef uint64_t masks[CP_SEATS]
        cdef uint64_t seen = widow
        cdef int s
        if len(hands) != CP_SEATS:
            raise ValueError(f"hands must hold {CP_SEATS} masks, got {len(hands)}")
        if popcount(widow) != (CP_WIDOW_SIZE if self.r.widow else 0):
            raise ValueError(f"the widow must hold {CP_WIDOW_SIZE if self.r.widow else 0} cards")
        for s in range(CP_SEATS):
            masks[s] = hands[s]
            if popcount(masks[s]) != self.r.hand_size:
                raise ValueError(f"hand {s} must hold {self.r.hand_size} cards")
            if masks[s] & seen:
                raise ValueError(f"hand {s} shares cards with another hand or the widow")
            seen |= masks[s]
        if seen != PINOCHLE_DECK_BB:
            raise ValueError("the hands and the widow must be the 48 cards of the pinochle deck")
        cp_set_deal(&self.h, &self.r, masks, widow)

    def heuristic_discard(self, int trump):
        """The heuristic's three discards (a mask) from the bidder's cards now if ``trump``
        is named: what the heuristic and the bid odds discard (0 without a widow)."""
        if self.h.phase != PH_DECLARE or not 0 <= trump < 4:
            raise ValueError("heuristic_discard needs the declare phase and a trump 0..3")
        return cp_heuristic_discard(self.h.hand[self.h.bidder], trump, &self.r) if self.r.widow else 0

    # auction
    def min_bid(self): return cp_min_bid(&self.h, &self.r)
    def may_bid(self): return cp_may_bid(&self.h, &self.r)
    def can_pass(self): return cp_can_pass(&self.h, &self.r)
    def auction_act(self, int bid): cp_auction_act(&self.h, &self.r, bid)
    # widow, trump, discard
    def declare(self, int trump, uint64_t discard, bint throw_in): cp_declare(&self.h, &self.r, trump, discard, throw_in)
    # play
    def legal_mask(self): return cp_legal(&self.h, &self.r)
    def play(self, int card): cp_play(&self.h, &self.r, card)
    def policy_step(self, policy): cp_policy_step(&self.h, &self.r, POLICIES[policy])

    @property
    def phase(self): return ("auction", "declare", "play", "done")[self.h.phase]
    @property
    def to_act(self): return self.h.to_act
    @property
    def dealer(self): return self.h.dealer
    @property
    def bidder(self): return self.h.bidder
    @property
    def high_bid(self): return self.h.high_bid
    @property
    def high_bidder(self): return self.h.high_bidder
    @property
    def trump(self): return self.h.trump
    @property
    def hands(self): return tuple(self.h.hand[s] for s in range(CP_SEATS))
    @property
    def meld_hands(self): return tuple(self.h.meld_hand[s] for s in range(CP_SEATS))
    @property
    def won(self): return tuple(self.h.won[s] for s in range(CP_SEATS))
    @property
    def widow(self): return self.h.widow
    @property
    def discard(self): return self.h.discard
    @property
    def trick(self): return [self.h.trick[i] for i in range(self.h.n_in_trick)]
    @property
    def leader(self): return self.h.leader
    @property
    def tricks_played(self): return self.h.tricks_played
    @property
    def last_winner(self): return self.h.last_winner
    @property
    def meld(self): return [self.h.meld[s] for s in range(CP_SEATS)]
    @property
    def trick_points(self): return [self.h.trick_points[s] for s in range(CP_SEATS)]
    @property
    def score(self): return [self.h.score[s] for s in range(CP_SEATS)]
    @property
    def army(self): return [self.h.army[s] for s in range(CP_SEATS)]
    @property
    def made(self): return bool(self.h.made)
    @property
    def thrown_in(self): return bool(self.h.thrown_in)
    @property
    def redeals(self): return self.h.redeals
    @property
    def hand_size(self): return self.r.hand_size


include "_euchre_api.pxi"
include "_partnership_pinochle_api.pxi"
include "_two_hand_pinochle_api.pxi"
include "_spades_face.pxi"
include "_spades_games.pxi"
include "_spades_odds.pxi"
