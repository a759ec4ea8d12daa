# Hidden-card resampling (hand.resample, docs/actions.md "Resampling"), included from
# _core.pyx before the games' step states.  Each game's state computes, from its hand
# struct, the places a hidden card may be (the other seats, and the kitty, dummy or
# discard where the seat has not seen them), their capacities and the cards each place
# is proven not to hold; resample_places deals them exactly uniformly
# (_constrained_deal.pxd) under the GIL with one plan kept for the module.

cdef enum:
    RESAMPLE_STREAM = 0x5E5A   # the stream of a resample's seed (a seed alone names the draw)

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


cdef uint64_t eu_play_barred(const EUHand* h, int card, uint64_t deck) noexcept nogil:
    """The cards of ``deck`` that the seat to act cannot hold, given that it plays ``card`` now:
    each x such that from the hand {card, x} the play would not be legal (failing to follow the
    led effective suit proves a void in it; the left bower belongs to trump)."""
    cdef EUHand t
    cdef uint64_t out = 0, rest
    cdef int x
    if h.n_in_trick == 0:
        return 0
    t = h[0]
    rest = deck & ~bit_bb(card)
    while rest:
        x = <int>lsb(rest)
        rest &= rest - 1
        t.hand[h.to_act] = bit_bb(card) | bit_bb(x)
        if not (eu_legal(&t) >> card) & 1:
            out |= bit_bb(x)
    return out


cdef uint64_t sp_play_barred(const SPHand* h, const SPRules* r, int card) noexcept nogil:
    """As eu_play_barred for spades: failing to follow proves a void; leading a spade before
    spades are broken (break_spades) proves the seat holds nothing but spades."""
    cdef SPHand t
    cdef uint64_t out = 0
    cdef int i, x
    t = h[0]
    for i in range(r.n_cards):
        x = r.cards[i]
        if x == card:
            continue
        t.hand[h.to_act] = bit_bb(card) | bit_bb(x)
        if not (sp_legal(&t, r) >> card) & 1:
            out |= bit_bb(x)
    return out
