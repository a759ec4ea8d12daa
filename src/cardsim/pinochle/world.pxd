# cython: language_level=3
"""Resampling and PIMC play-outs of the cutthroat and partnership pinochle step states, written
once over a fused hand type (docs/actions.md, Resampling; the card-level proofs are in
resample.pxd).

A seat's view is prepared as a PinWorld (pin_world_prepare: the places the hidden cards may
be in, their capacities, the cards each cannot hold, the meld checks) and the plan of a
constrained deal; pin_world_draw deals one world from it into a copy of the hand.  The
per-game parts are only the places and what moved between them: the widow and the bidder's
discard (cutthroat), the passes (partnership).  pin_world_resample and pin_pimc_playout are
the states' ``resample`` and ``pimc_playout``.
"""
from libc.stdint cimport uint64_t
from cardsim._bits cimport bit_bb, lsb, popcount
from cardsim._rng cimport Rng, rng_next, rng_seed, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC
from cardsim._constrained_deal cimport CD_MAX_PLACES, CD_OK, DealPlan, cd_prepare_masks, cd_sample_masks
from cardsim._deal cimport RESAMPLE_STREAM
from cardsim.pinochle.cards cimport *
from cardsim.pinochle.common cimport CPSteps
from cardsim.pinochle.resample cimport *
from cardsim.pinochle.cutthroat_engine cimport (CP_DECK_SIZE, CP_SEATS, PH_AUCTION, PH_DECLARE, PH_DONE, PH_PLAY, CPHand,
                                                CPRules, cp_legal, cp_play)
from cardsim.pinochle.cutthroat_players cimport cp_play_out
from cardsim.pinochle.partnership_engine cimport PH_PASS, PP_SEATS, PPHand, PPRules, pp_legal, pp_play
from cardsim.pinochle.partnership_players cimport pp_play_out
from cardsim.pinochle.pin_hand cimport PinHand, pin_legal, pin_play, pin_seats


# -- the game's own functions, by hand type (``r``: its rules struct; the engine's: pin_hand.pxd) --

cdef inline void pin_play_out(PinHand* h, const void* r, const int* policies) noexcept nogil:
    if PinHand is CPHand:
        cp_play_out(h, <const CPRules*>r, policies)
    else:
        pp_play_out(h, <const PPRules*>r, policies)

cdef inline const int* pin_meld_values(const PinHand* h, const void* r) noexcept nogil:
    if PinHand is CPHand:
        return (<const CPRules*>r).meld_value
    else:
        return (<const PPRules*>r).meld_value


cdef inline tuple pin_shown(const PinHand* h, const void* r):
    """Per seat, the cards its meld lays down (0 before the meld): the states' ``shown``."""
    cdef int s, S = pin_seats(h)
    if h.phase != PH_PLAY and h.phase != PH_DONE or h.trump < 0:
        return (0,) * S
    return tuple([pin_shown_cards(h.meld_hand[s], h.trump, pin_meld_values(h, r)) for s in range(S)])


# -- what a play proves -------------------------------------------------------------------

cdef inline void pin_note_play(CPSteps* steps, const PinHand* before, int card, int must_beat) noexcept nogil:
    """What playing ``card`` (the seat to act in ``before``) proves, for resample."""
    cdef int s = before.to_act
    steps.played_by[s] |= bit_bb(card)
    if before.n_in_trick:
        steps.barred[s] |= pin_play_barred(card, before.trick[0] >> 4, before.trick[before.best],
                                           before.trump, must_beat)


# -- a world ---------------------------------------------------------------------------------

cdef inline uint64_t pin_pick(Rng* rng, uint64_t pool, int k) noexcept nogil:
    """``k`` of the cards of ``pool``, uniformly."""
    cdef int order[64]
    cdef int n = 0, i
    cdef uint64_t out = 0
    while pool:
        order[n] = <int>lsb(pool); n += 1
        pool &= pool - 1
    shuffle_ints(rng, order, n)
    for i in range(k if k < n else n):
        out |= bit_bb(order[i])
    return out

cdef inline uint64_t* pin_world_place(PinHand* h, int kind) noexcept nogil:
    """The cards of place ``kind`` (a seat, or the widow or discard in cutthroat)."""
    if kind >= 0:
        return &h.hand[kind]
    if PinHand is CPHand:
        return &h.widow if kind == PIN_WIDOW_PLACE else &h.discard
    else:
        return NULL  # partnership has no other places

cdef inline int pin_world_prepare(PinHand* h, const void* r, const CPSteps* steps, int seat, PinWorld* w,
                                  DealPlan* plan) except -1:
    """What ``seat`` knows, as places, capacities, barred cards and checks, and the plan of
    the constrained deal for it (docs/actions.md, Resampling)."""
    if pin_world_prepare_nogil(h, r, steps, seat, w, plan) != CD_OK:
        raise RuntimeError("resample: the constraints admit no deal")
    return 0

cdef inline int pin_world_prepare_nogil(PinHand* h, const void* r, const CPSteps* steps, int seat, PinWorld* w,
                                        DealPlan* plan) noexcept nogil:
    """pin_world_prepare without the GIL: returns cd_prepare_masks' status (CD_OK: a plan)."""
    cdef int S = pin_seats(h), s, p, i, b = h.bidder, q = (h.bidder + 2) % PP_SEATS if h.bidder >= 0 else -1
    cdef const int* values = pin_meld_values(h, r)
    cdef bint team = False
    cdef uint64_t held
    cdef int count[PIN_CARD_ACTIONS]
    w.melded = h.phase == PH_PLAY
    w.bidder = b
    w.trump = h.trump
    w.widow = 0
    w.n = 0
    w.hidden = 0
    w.known = h.hand[seat] | h.played
    w.discard_place = -1
    if PinHand is CPHand:
        w.widow = h.widow
        if seat == b:                              # its widow and discard
            w.known |= h.widow | h.discard
    else:
        team = b >= 0 and (seat == b or seat == q)
    for s in range(S):
        w.fixed[s] = 0
        if s == seat:
            continue
        for i in range(PIN_CARD_ACTIONS):
            count[i] = 0
        if PinHand is CPHand:
            if s == b and h.phase == PH_DECLARE:   # the widow, shown to all, in its hand
                pin_count_add(count, h.widow)
        else:
            if team and s == b:                    # what its partner passed it, less what it passed back
                pin_count_add(count, h.passed[0])
                pin_count_take(count, h.passed[1])
            elif team and s == q:
                pin_count_add(count, h.passed[1])
        if w.melded:                               # the meld it laid down, then its plays
            pin_count_at_least(count, pin_shown_cards(h.meld_hand[s], h.trump, values))
            pin_count_take(count, steps.played_by[s])
        w.fixed[s] = pin_fix_copies(count, h.hand[s])
        w.known |= w.fixed[s]
    for s in range(S):
        if s != seat:
            w.kind[w.n] = s
            w.barred[w.n] = steps.barred[s]
            w.n += 1
    if PinHand is CPHand:
        if h.phase == PH_AUCTION and (<const CPRules*>r).widow:
            w.kind[w.n] = PIN_WIDOW_PLACE; w.barred[w.n] = 0; w.n += 1
        if w.melded and seat != b and (<const CPRules*>r).widow:  # the widow is the bidder's or discarded: checked
            w.discard_place = w.n
            w.kind[w.n] = PIN_DISCARD_PLACE; w.barred[w.n] = 0; w.n += 1
    for p in range(w.n):
        held = pin_world_place(h, w.kind[p])[0] & ~w.known
        w.cap[p] = popcount(held)
        w.hidden |= held
    if w.melded:
        for p in range(w.n):
            s = w.kind[p]
            if s >= 0:
                w.meldknown[s] = w.fixed[s] | steps.played_by[s]
                pin_meld_shown(h.meld_hand[s], h.trump, values, &w.want1[s], &w.want2[s])
                w.barred[p] |= pin_meld_barred(w.meldknown[s], w.hidden & ~w.barred[p], h.trump, values)
    return cd_prepare_masks(plan, w.hidden, w.barred, w.cap, w.n)

cdef inline bint pin_world_draw(const PinWorld* w, DealPlan* plan, Rng* rng, const PinHand* h, const void* r,
                                const CPSteps* steps, int seat, PinHand* out, CPSteps* out_steps,
                                uint64_t* dealt) noexcept nogil:
    """One world of ``h`` as ``seat`` sees it into ``out`` (a copy of ``h``) and ``out_steps``
    (a copy of ``steps``): the hidden cards dealt (redrawn while a meld differs), the meld
    hands to match, and what moved between places in the copy's cards: the widow's copies
    (cutthroat), the passes (partnership), a discard or pass half chosen and unseen.  False:
    no deal found."""
    cdef int tries, p, s, k, i, b = h.bidder, q
    cdef bint team
    cdef uint64_t x
    cdef int order[CP_DECK_SIZE]
    cdef const int* values = pin_meld_values(h, r)
    for tries in range(PIN_RESAMPLE_TRIES):
        cd_sample_masks(plan, rng, dealt)
        if pin_world_ok(w, dealt, values):
            break
    else:
        return False
    for p in range(w.n):
        s = w.kind[p]
        pin_world_place(out, s)[0] = (pin_world_place(out, s)[0] & w.known) | dealt[p]
        if w.melded and s >= 0:
            out.meld_hand[s] = w.meldknown[s] | dealt[p]
    if PinHand is CPHand:
        if w.discard_place >= 0:   # the widow's cards as copies the bidder took in (its deal's widow)
            out.widow = pin_relabel(w.widow, out.meld_hand[w.bidder] | out.discard)
        elif out.phase == PH_DECLARE and w.kind[0] != w.bidder and w.kind[1] != w.bidder:
            pass                   # the bidder resamples its own view: the widow is its own
        elif out.phase == PH_DECLARE:
            out.widow = pin_relabel(w.widow, out.hand[w.bidder])
        if h.phase == PH_DECLARE and seat != b and steps.discard:
            # the discards chosen so far (hidden from ``seat``): as many of the new hand's cards
            k = 0
            x = out.hand[b]
            while x:
                order[k] = <int>lsb(x); k += 1
                x &= x - 1
            shuffle_ints(rng, order, k)
            out_steps.discard = 0
            for i in range(popcount(steps.discard)):
                out_steps.discard |= bit_bb(order[i])
    else:
        k = (<const PPRules*>r).pass_cards
        q = (b + 2) % PP_SEATS
        team = b >= 0 and (seat == b or seat == q)
        if b >= 0 and k > 0:
            if team and w.melded:           # the passes seen, as copies the new hands allow
                out.passed[1] = pin_relabel(h.passed[1], out.hand[q] | steps.played_by[q])
                out.passed[0] = pin_relabel(h.passed[0], out.hand[b] | steps.played_by[b] | out.passed[1])
            if team and h.phase == PH_PASS and h.passed[0]:
                out.passed[0] = pin_relabel(h.passed[0], out.hand[b])
            if not team and w.melded:       # both passes unseen: any the new hands allow
                out.passed[1] = pin_pick(rng, out.hand[q] | steps.played_by[q], k)
                out.passed[0] = pin_pick(rng, out.hand[b] | steps.played_by[b] | out.passed[1], k)
            elif not team and h.phase == PH_PASS and h.passed[0]:
                out.passed[0] = pin_pick(rng, out.hand[b], k)
            if h.phase == PH_PASS and seat != h.to_act and steps.discard:  # a pass half chosen
                out_steps.discard = pin_pick(rng, out.hand[h.to_act], popcount(steps.discard))
    return True


# -- the states' resample and pimc_playout ----------------------------------------------------

cdef inline list pin_world_resample(PinHand* h, const void* r, const CPSteps* steps, DealPlan* plan, int seat,
                                    uint64_t seed, PinHand* out, CPSteps* out_steps):
    """Resample ``seat``'s view of ``h`` into ``out`` and ``out_steps`` (copies of ``h`` and
    ``steps``); returns, per place, its hidden cards before and after."""
    cdef PinWorld w
    cdef Rng rng
    cdef uint64_t dealt[CD_MAX_PLACES]
    cdef int p
    if h.phase == PH_DONE:
        raise ValueError("the hand is over: nothing to resample")
    pin_world_prepare(h, r, steps, seat, &w, plan)
    rng_seed(&rng, seed, RESAMPLE_STREAM)
    if not pin_world_draw(&w, plan, &rng, h, r, steps, seat, out, out_steps, dealt):
        raise RuntimeError(f"resample: no deal showing the same meld in {PIN_RESAMPLE_TRIES} draws")
    return [(pin_world_place(h, w.kind[p])[0] & ~w.known, dealt[p]) for p in range(w.n)]

cdef inline int pin_pimc_totals(PinHand* h, const void* r, const CPSteps* steps, DealPlan* plan, int seat,
                                int worlds, uint64_t seed, int side, bint oracle, int* acts,
                                double* totals) noexcept nogil:
    """The legal cards of ``seat`` (to act, in the card play) into ``acts`` (card actions) and, per
    card, into ``totals`` the sum over ``worlds`` resamples of the trick points of the seats in
    ``side`` (a mask) when everyone plays the heuristic after it; returns how many cards, -1 when
    no world was found.  Cutthroat draws its worlds from one resample stream keyed by ``seed``;
    partnership each world from its own, seeded from that stream (as resample(seat, rng_next)
    draws it).  Each world's players draw from the resample stream.  ``oracle``: the one world
    is ``h`` itself (every card seen; its players' stream seeded from ``seed``), ``worlds``
    ignored: the play-out oracle of pinochle batches (cardsim.solver._pimc)."""
    cdef PinWorld w
    cdef Rng rng, world_rng
    cdef Rng* draw_rng = &rng
    cdef PinHand world, x
    cdef CPSteps world_steps
    cdef uint64_t dealt[CD_MAX_PLACES]
    cdef int pol[PP_SEATS]
    cdef int S = pin_seats(h), n, j, k, s
    n = pin_cards_into(pin_legal(h, r), acts)
    for s in range(S):
        pol[s] = POLICY_HEURISTIC
    for j in range(n):
        totals[j] = 0.0
    rng_seed(&rng, seed, RESAMPLE_STREAM)
    if oracle:
        worlds = 1
    elif pin_world_prepare_nogil(h, r, steps, seat, &w, plan) != CD_OK:
        return -1
    for k in range(worlds):
        world = h[0]
        if not oracle:
            world_steps = steps[0]
            if PinHand is PPHand:
                rng_seed(&world_rng, rng_next(&rng), RESAMPLE_STREAM)
                draw_rng = &world_rng
            if not pin_world_draw(&w, plan, draw_rng, h, r, steps, seat, &world, &world_steps, dealt):
                return -1
        rng_seed(&world.rng, rng_next(&rng), 0)
        for j in range(n):
            x = world
            pin_play(&x, r, <int>lsb(pin_legal(&x, r) & pin_action_copies_bb(acts[j])))
            pin_play_out(&x, r, pol)
            for s in range(S):
                if (side >> s) & 1:
                    totals[j] += x.trick_points[s]
    return n

cdef inline tuple pin_pimc_playout(PinHand* h, const void* r, const CPSteps* steps, DealPlan* plan, int seat,
                                   int worlds, uint64_t seed, int side):
    """The legal cards of ``seat`` (to act, in the card play) and, per card, the mean over
    ``worlds`` resamples of the trick points of the seats in ``side`` (a mask) when everyone
    plays the heuristic after it.  Cutthroat draws its worlds from one resample stream;
    partnership each world from its own, seeded from that stream (as resample(seat,
    rng_next) draws it).  Each world's players draw from the resample stream."""
    cdef PinWorld w
    cdef int acts[PIN_CARD_ACTIONS]
    cdef double totals[PIN_CARD_ACTIONS]
    cdef int n, j
    if h.phase != PH_PLAY or h.to_act != seat:
        raise ValueError("pimc_playout needs the card play and the seat to act")
    if worlds < 1:
        raise ValueError("worlds must be at least 1")
    pin_world_prepare(h, r, steps, seat, &w, plan)   # raises when the constraints admit no deal
    with nogil:
        n = pin_pimc_totals(h, r, steps, plan, seat, worlds, seed, side, False, acts, totals)
    if n < 0:
        raise RuntimeError(f"resample: no deal showing the same meld in {PIN_RESAMPLE_TRIES} draws")
    return [acts[j] for j in range(n)], [totals[j] / worlds for j in range(n)]
