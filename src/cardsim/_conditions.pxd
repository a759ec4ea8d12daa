# cython: language_level=3
"""Bid odds conditioned on what the player knows: the shared part (docs/bid-odds.md, "Conditioning").

``OddsCond`` (what a conditioned trial deals from and checks) and the two steps every game's
conditioned trial takes: ``oc_deal`` (the hidden cards by the exact constrained dealer, then
the known ones) and ``oc_counts_ok`` (the ready-made constraints).  Each game's trial (the
auction check, the attempt loop) is in ``_odds_conditions.pyx`` (spades': ``spades/odds.pyx``).
"""
from libc.stdint cimport int64_t, uint64_t
from cardsim._bits cimport popcount
from cardsim._rng cimport Rng
from cardsim._constrained_deal cimport CD_MAX_PLACES, DealPlan, cd_sample_masks
from cardsim.pinochle.cards cimport meld_points

cdef enum:
    OC_MAX_CALLS = 64
    OC_MAX_COUNTS = 32
    OC_MAX_MELDS = 8

ctypedef struct OddsCond:
    DealPlan* plan                      # the hidden cards' places (prepared by DealConditions)
    int n_places
    uint64_t known[CD_MAX_PLACES]       # cards known to lie in each place (not hidden)
    int n_calls
    int calls[OC_MAX_CALLS]             # the auction from the dealer's left (game encoding, see below)
    int check_mask                      # seats whose calls are checked against their policy
    int slack                           # spades: a regular bid within this of the policy's agrees
    int64_t max_attempts                # deals tried per trial before the trial gives up
    int n_counts
    int count_place[OC_MAX_COUNTS]      # constraint k: popcount(place cards & mask) in [lo, hi]
    uint64_t count_mask[OC_MAX_COUNTS]
    int count_lo[OC_MAX_COUNTS]
    int count_hi[OC_MAX_COUNTS]
    int n_melds
    int meld_place[OC_MAX_MELDS]        # meld constraint k: the seat's meld with meld_trump[k]
    int meld_trump[OC_MAX_MELDS]        # (-1: its best over the four suits) in [lo, hi]
    int meld_lo[OC_MAX_MELDS]
    int meld_hi[OC_MAX_MELDS]


cdef inline void oc_deal(const OddsCond* c, Rng* rng, uint64_t* bb) noexcept nogil:
    """Deal the hidden cards (exactly uniform given the masks), then add the known ones; the
    places past n_places are empty (cutthroat pinochle without a widow reads place 3)."""
    cdef int p
    for p in range(CD_MAX_PLACES):
        bb[p] = 0
    cd_sample_masks(c.plan, rng, bb)
    for p in range(c.n_places):
        bb[p] |= c.known[p]

cdef inline bint oc_counts_ok(const OddsCond* c, const uint64_t* bb, const int* meld_value) noexcept nogil:
    """The ready-made constraints on a full deal ``bb`` (every place's cards)."""
    cdef int k, n, t, best
    for k in range(c.n_counts):
        n = popcount(bb[c.count_place[k]] & c.count_mask[k])
        if n < c.count_lo[k] or n > c.count_hi[k]:
            return False
    for k in range(c.n_melds):
        if c.meld_trump[k] >= 0:
            best = meld_points(bb[c.meld_place[k]], c.meld_trump[k], meld_value)
        else:
            best = 0
            for t in range(4):
                n = meld_points(bb[c.meld_place[k]], t, meld_value)
                if n > best:
                    best = n
        if best < c.meld_lo[k] or best > c.meld_hi[k]:
            return False
    return True
