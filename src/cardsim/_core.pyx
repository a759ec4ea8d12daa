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
from cardsim._contract cimport GameState
from cardsim._games cimport (GD_HAND_STREAMS, GD_MAX_HANDS, GDGame, GDResult, GameKind, gd_hand_stream,
                             gd_highest_alone, gd_play_game)
from cardsim._games import simulate_games

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


# -- constrained dealing (_constrained_deal.pxd): exact uniform deals under place masks ----------
# The primitive behind hidden-card resampling and bid odds conditioned on known cards and
# voids; engines cimport it directly.  These entries check the input, say in one line what
# is wrong, and serve tests and the benchmark (bench/bench_constrained_deal.py).

from libc.stdlib cimport free, malloc
from cardsim._constrained_deal cimport (
    CD_CAPACITY_MISMATCH, CD_INFEASIBLE, CD_MAX_CARDS, CD_MAX_PLACES, CD_MAX_TABLE, CD_NO_PLACE, CD_OK,
    CD_TOO_LARGE, DealPlan, cd_build_rows, cd_prepare, cd_prepare_masks, cd_sample, cd_sample_masks,
)


def _places_text(int mask):
    names = [str(p) for p in range(CD_MAX_PLACES) if (mask >> p) & 1]
    return ("place " if len(names) == 1 else "places ") + ", ".join(names)


def _deal_input(cards, allowed, capacities):
    """The three inputs as int lists, or ValueError with one line naming what is wrong."""
    cards, allowed, capacities = [int(c) for c in cards], [int(m) for m in allowed], [int(c) for c in capacities]
    n, n_places = len(cards), len(capacities)
    if len(allowed) != n:
        raise ValueError(f"cards and allowed must have the same length, got {n} and {len(allowed)}")
    if n > CD_MAX_CARDS:
        raise ValueError(f"at most {CD_MAX_CARDS} hidden cards can be dealt, got {n}")
    if not 1 <= n_places <= CD_MAX_PLACES:
        raise ValueError(f"capacities must name 1 to {CD_MAX_PLACES} places, got {n_places}")
    for p, c in enumerate(capacities):
        if c < 0:
            raise ValueError(f"place {p} has capacity {c}; capacities must be >= 0")
    seen = set()
    for c, m in zip(cards, allowed):
        if not 0 <= c <= 63:
            raise ValueError(f"card {c} is not a card bit 0..63")
        if c in seen:
            raise ValueError(f"card {c} is listed twice (pinochle's two copies are two different card bits)")
        seen.add(c)
        if m < 0 or m >> n_places:
            raise ValueError(f"card {c} has place mask {m:#x} but there are only places 0..{n_places - 1}")
        if m == 0:
            raise ValueError(f"card {c} may go to no place (its place mask is 0)")
    if sum(capacities) != n:
        raise ValueError(f"the places hold {sum(capacities)} cards in all but {n} cards are hidden")
    return cards, allowed, capacities


def _infeasible_text(allowed, capacities):
    """Why no deal fits: the smallest set of places that more cards may go only to than it holds
    (Hall's condition: with matching totals a deal exists exactly when no such set exists)."""
    n_places = len(capacities)
    for places in sorted(range(1, 1 << n_places), key=lambda s: (bin(s).count("1"), s)):
        confined = sum(1 for m in allowed if m & ~places == 0)
        room = sum(capacities[p] for p in range(n_places) if (places >> p) & 1)
        if confined > room:
            return (f"no consistent deal: {confined} cards may go only to {_places_text(places)}, "
                    f"which hold{'s' if bin(places).count('1') == 1 else ''} {room}")
    return "no consistent deal: the place masks and capacities admit no assignment"


cdef DealPlan* _new_deal_plan(cards, allowed, capacities, int rows=-1) except NULL:
    """A prepared plan (free() it), or ValueError with one line; ``rows`` >= 0 rebuilds its
    draw tables with at most that many rows."""
    cards, allowed, capacities = _deal_input(cards, allowed, capacities)
    cdef int n = len(cards), n_places = len(capacities), i, code
    cdef int c_cards[CD_MAX_CARDS]
    cdef int c_allowed[CD_MAX_CARDS]
    cdef int c_capacity[CD_MAX_PLACES]
    for i in range(n):
        c_cards[i] = cards[i]
        c_allowed[i] = allowed[i]
    for i in range(n_places):
        c_capacity[i] = capacities[i]
    cdef DealPlan* plan = <DealPlan*>malloc(sizeof(DealPlan))
    if plan == NULL:
        raise MemoryError()
    with nogil:
        code = cd_prepare(plan, c_cards, c_allowed, n, c_capacity, n_places)
    if code == CD_OK:
        if rows >= 0:
            cd_build_rows(plan, rows)
        return plan
    free(plan)
    if code == CD_INFEASIBLE:
        raise ValueError(_infeasible_text(allowed, capacities))
    if code == CD_TOO_LARGE:
        raise ValueError(f"these place masks need more than {CD_MAX_TABLE} memoised counts "
                         "(many different masks over many places); merge places or constraints")
    raise ValueError(f"constrained deal: the core rejected the input (code {code})")


def constrained_deal(cards, allowed, capacities, uint64_t seed, uint64_t stream=0):
    """One deal, uniform over every consistent assignment of the hidden ``cards`` to places.

    ``cards``: card bits (0..63, distinct; pinochle's two copies are two bits, so the deal is
    uniform over labelled assignments, as a physical shuffle is); ``allowed[i]``: the places
    card i may go to, as a mask (bit p = place p); ``capacities[p]``: how many of the cards
    place p takes (they add up to ``len(cards)``).  Returns an int8 array: the place of each
    card.  The stream is keyed by ``(seed, stream)``.  ValueError, one line, when no deal fits.
    """
    cdef DealPlan* plan = _new_deal_plan(cards, allowed, capacities)
    cdef Rng rng
    out = np.empty(plan.n_cards, dtype=np.int8)
    cdef int8_t[::1] view = out
    rng_seed(&rng, seed, stream)
    if plan.n_cards:
        cd_sample(plan, &rng, &view[0])
    free(plan)
    return out


def constrained_deal_masks(uint64_t hidden, barred, capacities, uint64_t seed, uint64_t stream=0):
    """constrained_deal in the engines' terms: deal the cards of the mask ``hidden`` so that
    place p gets ``capacities[p]`` of them and none of ``barred[p]`` (a void's suit lane, cards
    it is proven not to hold).  Returns each place's cards as a mask; the same deal as
    constrained_deal of those cards in bit order with the masks they imply."""
    barred = [int(b) for b in barred]
    if len(barred) != len(capacities):
        raise ValueError(f"barred must hold one mask per place ({len(capacities)}), got {len(barred)}")
    cards = [bit for bit in range(64) if (hidden >> bit) & 1]
    allowed = [sum(1 << p for p, b in enumerate(barred) if not (b >> bit) & 1) for bit in cards]
    _deal_input(cards, allowed, capacities)  # the one-line errors, as constrained_deal gives them
    cdef uint64_t c_barred[CD_MAX_PLACES]
    cdef int c_capacity[CD_MAX_PLACES]
    cdef uint64_t place_bb[CD_MAX_PLACES]
    cdef int n_places = len(capacities), p, code
    cdef Rng rng
    for p in range(n_places):
        c_barred[p] = barred[p]
        c_capacity[p] = capacities[p]
    cdef DealPlan* plan = <DealPlan*>malloc(sizeof(DealPlan))
    if plan == NULL:
        raise MemoryError()
    with nogil:
        code = cd_prepare_masks(plan, hidden, c_barred, c_capacity, n_places)
        if code == CD_OK:
            rng_seed(&rng, seed, stream)
            cd_sample_masks(plan, &rng, place_bb)
    free(plan)
    if code == CD_INFEASIBLE:
        raise ValueError(_infeasible_text(allowed, capacities))
    if code != CD_OK:
        raise ValueError(f"constrained deal: the core rejected the input (code {code})")
    return [place_bb[p] for p in range(n_places)]

cdef void _cd_deal_one(const DealPlan* plan, uint64_t seed, uint64_t stream, int8_t* out) noexcept nogil:
    cdef Rng rng
    rng_seed(&rng, seed, stream)
    cd_sample(plan, &rng, out)


def constrained_deals(cards, allowed, capacities, uint64_t seed, int64_t start, int8_t[:, ::1] out,
                      int threads=1, int rows=-1):
    """Deals ``start .. start+len(out)-1`` (as constrained_deal with stream = deal index) into the
    rows of ``out`` (one column per card), without the GIL; one plan serves every thread.
    ``rows``: draw-table rows to precompute (-1: all that fit; 0: every draw scans its rows,
    slower, the same deals)."""
    cdef DealPlan* plan = _new_deal_plan(cards, allowed, capacities, rows)
    cdef Py_ssize_t i, n = out.shape[0]
    if out.shape[1] != plan.n_cards:
        free(plan)
        raise ValueError(f"out must have one column per card ({len(cards)}), got {out.shape[1]}")
    if plan.n_cards:
        for i in prange(n, nogil=True, schedule="static", num_threads=max(1, threads)):
            _cd_deal_one(plan, seed, <uint64_t>(start + i), &out[i, 0])
    free(plan)


def constrained_deal_count(cards, allowed, capacities):
    """How many consistent assignments there are (a float: exact below 2**53, else to ~1e-14)."""
    cdef DealPlan* plan = _new_deal_plan(cards, allowed, capacities)
    total = plan.total
    free(plan)
    return total


cdef void _plain_deal_one(const int* capacity, int n_places, int n, uint64_t seed, uint64_t stream,
                          int8_t* out) noexcept nogil:
    cdef Rng rng
    cdef int order[CD_MAX_CARDS]
    cdef int i, k = 0, p
    rng_seed(&rng, seed, stream)
    for i in range(n):
        order[i] = i
    shuffle_ints(&rng, order, n)
    for p in range(n_places):
        for i in range(capacity[p]):
            out[order[k]] = <int8_t>p
            k += 1


def plain_deals(capacities, uint64_t seed, int64_t start, int8_t[:, ::1] out, int threads=1):
    """The baseline of the benchmark: a plain shuffle of ``sum(capacities)`` cards cut into the
    places, written as constrained_deals writes (the place of each card per row)."""
    cdef int c_capacity[CD_MAX_PLACES]
    cdef int n_places = len(capacities), n, p
    cdef Py_ssize_t i, rows = out.shape[0]
    if not 1 <= n_places <= CD_MAX_PLACES or min(capacities) < 0 or sum(capacities) > CD_MAX_CARDS:
        raise ValueError(f"capacities must name 1 to {CD_MAX_PLACES} places holding 0 to {CD_MAX_CARDS} cards")
    n = sum(capacities)
    if out.shape[1] != n:
        raise ValueError(f"out must have one column per card ({n}), got {out.shape[1]}")
    for p in range(n_places):
        c_capacity[p] = capacities[p]
    if n:
        for i in prange(rows, nogil=True, schedule="static", num_threads=max(1, threads)):
            _plain_deal_one(c_capacity, n_places, n, seed, <uint64_t>(start + i), &out[i, 0])

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

cdef enum:
    # The integer actions (docs/actions.md): cards 0..23 (_pinochle.pxd: 6*suit + rank), played
    # or, in the declare phase, one of the bidder's three discards; then the calls.
    CP_A_PASS = 24              # auction: pass
    CP_A_TRUMP = 25             # declare: 25 + suit (S H D C) names trump
    CP_A_THROW_IN = 29          # declare, last step: concede
    CP_A_PLAY_ON = 30           # declare, last step: play the hand
    CP_A_BID = 31               # auction: 31 + (amount - min_bid) bids amount
    CP_BID_ACTIONS = 400        # bids min_bid .. min_bid + 399 are actions
    CP_NUM_ACTIONS = CP_A_BID + CP_BID_ACTIONS

ctypedef struct CPSteps:
    int trump                   # declare: the trump named so far, -1 before
    uint64_t discard            # declare: the physical copies put away so far


cdef inline int pinochle_auction_action(int seat, int high_bidder, int high_bid, int bid_before, bint redealt,
                                        int min_bid) noexcept nogil:
    """The auction action a policy step took for ``seat``: its bid when it now holds a new high
    bid (and nobody redealt), else a pass."""
    if high_bidder == seat and high_bid != bid_before and not redealt:
        return CP_A_BID + high_bid - min_bid
    return CP_A_PASS


def pinochle_card_name(int action):
    """``'AS'`` for a pinochle card action 0..23."""
    return "9JQKTA"[action % 6] + "SHDC"[action // 6]


def pinochle_auction_action_name(int action, int min_bid):
    """A pinochle auction action's name (``'pass'`` or the amount), None for other actions."""
    if action == CP_A_PASS:
        return "pass"
    if CP_A_BID <= action < CP_NUM_ACTIONS:
        return str(min_bid + action - CP_A_BID)
    return None


cdef class CutthroatPinochleState(GameState):
    """One Cutthroat Pinochle hand held by the core, for step-by-step play from Python.

    The named actions (auction_act, declare, play) check nothing: cardsim.hands
    validates them first, so the core and the batch share one set of rules code
    without paying for checks in the batch.  The integer actions of the game contract
    (``legal_actions``, ``apply``) are checked by GameState.apply; the bidder's
    declaration is several of them: trump, three discards (widow games), then throw
    in or play on.
    """
    cdef CPHand h
    cdef CPRules r
    cdef CPSteps steps

    def __cinit__(self, rules=None, uint64_t seed=0, int dealer=0, uint64_t stream=0):
        self.set_structs(&self.h, sizeof(CPHand), &self.r, sizeof(CPRules), &self.steps, sizeof(CPSteps))
        self.steps.trump = -1
        if rules is None:
            return  # an empty state for clone() and unpickling to fill
        self.rules = rules
        self.num_actions = CP_NUM_ACTIONS
        self.r = cp_rules_from(rules)
        cp_new_hand(&self.h, &self.r, seed, stream, dealer)

    # -- the game contract ------------------------------------------------------------
    cdef int seat_to_act(self) noexcept nogil:
        return self.h.to_act if self.h.phase != PH_DONE else -1

    cdef int legal_into(self, int* out) noexcept nogil:
        cdef CPHand* h = &self.h
        cdef int n = 0, b, top
        if h.phase == PH_AUCTION:
            if cp_can_pass(h, &self.r):
                out[n] = CP_A_PASS; n += 1
            if cp_may_bid(h, &self.r):
                top = self.r.min_bid + CP_BID_ACTIONS
                for b in range(cp_min_bid(h, &self.r), top):
                    out[n] = CP_A_BID + b - self.r.min_bid; n += 1
            return n
        if h.phase == PH_DECLARE:
            if self.steps.trump < 0:
                for b in range(4):
                    out[b] = CP_A_TRUMP + b
                return 4
            if self.r.widow and popcount(self.steps.discard) < CP_WIDOW_SIZE:
                return pin_cards_into(h.hand[h.bidder] & ~self.steps.discard, out)
            out[0] = CP_A_THROW_IN; out[1] = CP_A_PLAY_ON
            return 2
        if h.phase == PH_PLAY:
            return pin_cards_into(cp_legal(h, &self.r), out)
        return 0

    cdef void apply_unchecked(self, int action) noexcept nogil:
        cdef CPHand* h = &self.h
        cdef uint64_t copies
        if action < PIN_CARD_ACTIONS:
            copies = pin_action_copies_bb(action)
            if h.phase == PH_PLAY:
                cp_play(h, &self.r, <int>lsb(cp_legal(h, &self.r) & copies))
            else:
                self.steps.discard |= bit_bb(<int>lsb(h.hand[h.bidder] & ~self.steps.discard & copies))
        elif action == CP_A_PASS:
            cp_auction_act(h, &self.r, -1)
        elif action < CP_A_THROW_IN:
            self.steps.trump = action - CP_A_TRUMP
        elif action < CP_A_BID:
            cp_declare(h, &self.r, self.steps.trump, self.steps.discard, action == CP_A_THROW_IN)
            self.steps.trump = -1
            self.steps.discard = 0
        else:
            cp_auction_act(h, &self.r, self.r.min_bid + action - CP_A_BID)

    def action_to_string(self, int action):
        """``'AS'``, ``'pass'``, a bid amount (``'21'``), a trump (``'trump H'``), ``'throw in'``, ``'play on'``."""
        if not 0 <= action < CP_NUM_ACTIONS:
            raise ValueError(f"action {action} is out of range: actions are 0..{CP_NUM_ACTIONS - 1}")
        if action < PIN_CARD_ACTIONS:
            return pinochle_card_name(action)
        if CP_A_TRUMP <= action < CP_A_THROW_IN:
            return "trump " + "SHDC"[action - CP_A_TRUMP]
        if action == CP_A_THROW_IN:
            return "throw in"
        if action == CP_A_PLAY_ON:
            return "play on"
        return pinochle_auction_action_name(action, self.r.min_bid)

    @property
    def mid_decision(self):
        """True while the bidder has named trump but not finished the declaration."""
        return self.steps.trump >= 0

    def policy_step(self, policy):
        """Let ``policy`` take the decision due now; the actions it amounts to join the history."""
        if self.steps.trump >= 0:
            raise ValueError("a declaration is half made: finish it with apply()")
        cdef CPHand before = self.h
        cdef int s = self.h.to_act, b
        cp_policy_step(&self.h, &self.r, POLICIES[policy])
        if before.phase == PH_AUCTION:
            self._history.append(pinochle_auction_action(s, self.h.high_bidder, self.h.high_bid, before.high_bid,
                                                         self.h.redeals != before.redeals, self.r.min_bid))
        elif before.phase == PH_DECLARE:
            self._history.append(CP_A_TRUMP + self.h.trump)
            discard = self.h.discard
            while discard:
                b = <int>lsb(discard)
                self._history.append(pin_card_action(b))
                discard &= discard - 1
            self._history.append(CP_A_THROW_IN if self.h.thrown_in else CP_A_PLAY_ON)
        else:
            self._history.append(pin_card_action(<int>lsb(before.hand[s] & ~self.h.hand[s])))

    def set_deal(self, hands, uint64_t widow, int dealer=-1, int redeals=0):
        """Replace the deal by ``hands`` (three physical masks) and ``widow`` and start the
        auction again, same dealer (or ``dealer`` when given), no nines redeal; ``redeals``
        deals were thrown in before it.  ValueError unless the four masks
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
        if dealer >= 0:
            self.h.dealer = dealer
        cp_set_deal(&self.h, &self.r, masks, widow)
        self.h.redeals = redeals

    def heuristic_discard(self, int trump):
        """The heuristic's three discards (a mask) from the bidder's cards now if ``trump``
        is named: what the heuristic and the bid odds discard (0 without a widow)."""
        if self.h.phase != PH_DECLARE or not 0 <= trump < 4:
            raise ValueError("heuristic_discard needs the declare phase and a trump 0..3")
        return cp_heuristic_discard(self.h.hand[self.h.bidder], trump, &self.r) if self.r.widow else 0

    # auction (the named actions: validated by cardsim.hands, not recorded in history)
    def min_bid(self): return cp_min_bid(&self.h, &self.r)
    def may_bid(self): return cp_may_bid(&self.h, &self.r)
    def can_pass(self): return cp_can_pass(&self.h, &self.r)
    def auction_act(self, int bid): cp_auction_act(&self.h, &self.r, bid)
    # widow, trump, discard
    def declare(self, int trump, uint64_t discard, bint throw_in): cp_declare(&self.h, &self.r, trump, discard, throw_in)
    # play
    def legal_mask(self): return cp_legal(&self.h, &self.r)
    def play(self, int card): cp_play(&self.h, &self.r, card)

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


include "_resample.pxi"
include "_euchre_api.pxi"
include "_partnership_pinochle_api.pxi"
include "_two_hand_pinochle_api.pxi"
include "_spades_face.pxi"
include "_spades_games.pxi"
include "_spades_odds.pxi"
# whole games: each game's hooks for the batch driver (cardsim._games)
include "_cutthroat_pinochle_games.pxi"
include "_partnership_pinochle_games.pxi"
include "_two_hand_pinochle_games.pxi"
include "_euchre_games.pxi"
include "_odds_conditions.pxi"
