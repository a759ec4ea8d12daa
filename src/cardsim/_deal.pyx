# cython: language_level=3
"""Dealing under constraints, shared by every game: the constrained dealer's Python entries
(_constrained_deal.pxd holds the dealer itself, inline) and resample_places, the hidden-card
resampling every game's step state calls (declared in _deal.pxd); take_deals, the deal primitive
of every game (rng_take) for tests, and select_path, which bit select this process uses."""
from libc.stdint cimport int8_t, int64_t, uint64_t
from libc.stdlib cimport free, malloc
from cython.parallel cimport prange

import numpy as np

from cardsim._bits cimport fast_pdep, popcount
from cardsim._rng cimport Rng, rng_seed, rng_seed_hand, rng_take, shuffle_ints
from cardsim._constrained_deal cimport (
    CD_CAPACITY_MISMATCH, CD_INFEASIBLE, CD_MAX_CARDS, CD_MAX_PLACES, CD_MAX_TABLE, CD_NO_PLACE, CD_OK,
    CD_TOO_LARGE, DealPlan, cd_build_rows, cd_prepare, cd_prepare_masks, cd_sample, cd_sample_masks,
)

# Hidden-card resampling (hand.resample, docs/actions.md "Resampling"), for the games'
# step states (cimported from _deal.pxd).  Each game's state computes, from its hand
# struct, the places a hidden card may be (the other seats, and the kitty, dummy or
# discard where the seat has not seen them), their capacities and the cards each place
# is proven not to hold; resample_places deals them exactly uniformly
# (_constrained_deal.pxd) under the GIL with one plan kept for the module.

cdef DealPlan _resample_plan   # ~512 KiB, used under the GIL only

cdef int resample_places(uint64_t hidden, const uint64_t* barred, const int* capacity, int n_places,
                         uint64_t seed, uint64_t* out) except -1:
    """Deal the cards of ``hidden`` into ``n_places`` places, place p taking ``capacity[p]`` of
    them and none of ``barred[p]``, uniformly over every consistent assignment."""
    cdef Rng rng
    cdef int code = cd_prepare_masks(&_resample_plan, hidden, barred, capacity, n_places)
    if code != CD_OK:  # cannot happen for a state the engine reached: the true cards are consistent
        raise RuntimeError(f"resample: the constraints admit no deal (constrained dealer code {code})")
    rng_seed(&rng, seed, RESAMPLE_STREAM)
    cd_sample_masks(&_resample_plan, &rng, out)
    return 0


# -- constrained dealing (_constrained_deal.pxd): exact uniform deals under place masks ----------
# The primitive behind hidden-card resampling and bid odds conditioned on known cards and
# voids; engines cimport it directly.  These entries check the input, say in one line what
# is wrong, and serve tests and the benchmark (bench/bench_constrained_deal.py).

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


def take_deals(uint64_t deck, sizes, uint64_t seed, int64_t start, uint64_t[:, ::1] out):
    """Row ``i`` of ``out``: ``sizes[0]``, ``sizes[1]``, ... cards taken in turn from the mask
    ``deck`` by rng_take, the deal of every game, on the deal stream of (seed, start + i)
    (tests/test_deal_uniform.py checks the frequencies)."""
    cdef int c_sizes[64]
    cdef int parts = len(sizes), p
    cdef Py_ssize_t i
    cdef uint64_t rest
    cdef Rng rng, play
    if not 1 <= parts <= 64 or out.shape[1] != parts or min(sizes) < 0 or sum(sizes) > popcount(deck):
        raise ValueError("sizes must be 1 to 64 counts within the deck, one column of out each")
    for p in range(parts):
        c_sizes[p] = sizes[p]
    with nogil:
        for i in range(out.shape[0]):
            rng_seed_hand(&rng, &play, seed, <uint64_t>(start + i))
            rest = deck
            for p in range(parts):
                out[i, p] = rng_take(&rng, &rest, c_sizes[p])


def select_path():
    """Which nth_bit this process uses: "pdep" (BMI2, chosen at load) or "portable"
    (no fast PDEP, or CARDSIM_NO_PDEP=1); both pick the same cards (tests/test_select_paths.py)."""
    return "pdep" if fast_pdep else "portable"
