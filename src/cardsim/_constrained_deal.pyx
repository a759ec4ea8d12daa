# cython: language_level=3
"""Exact uniform constrained dealing: hidden cards to places, each card only where it may be.

Problem.  ``n`` hidden cards (n <= 64) go to ``P`` places (P <= 8: seats, widow,
kitty, dummy, stock...); place p takes exactly ``capacity[p]`` of them, and card i
may go only to the places whose bits are set in ``allowed[i]`` (bit p = place p).
A void, a card proven absent (failing to beat), a seat's known card (simply not
hidden) all come down to these masks and capacities.  cd_sample draws one
assignment uniformly among all the consistent ones (every card in an allowed place,
every place filled exactly).

Labelled cards.  Cards are distinct labels (in the core: bit indices 0..63 of the
card encoding).  Pinochle's two physical copies of a card are two labels, and the
deal is uniform over labelled assignments, which is exactly what a physical shuffle
gives (a hand holding one copy of AS counts once per copy it could be).  A place is
a set: where order matters (a stock), shuffle that place's cards afterwards.

Method (cd_prepare, once per set of constraints; no allocation, no GIL):
 1. prune: drop places left with no room from every mask; a card left with one
    place is fixed there and that place's room drops; repeat to a fixpoint;
 2. group the other cards by mask (typically a few groups: one per void pattern),
    most constrained first (fewest places, then fewest cards);
 3. count.  The consistent assignments number the sum, over the contingency tables
    x[g][p] (cards of group g going to place p; 0 where not allowed; rows summing to
    the group sizes, columns to the room of the places) of the product over groups of
    the multinomials n_g! / prod_p x[g][p]!.  count(g, r), the ways to deal groups
    g.. into the room r left by groups 0..g-1, is computed top-down and memoised for
    every r reachable from the start, in ``table``.
    Then, for every state a deal can reach, a draw table: its rows with positive
    weight, each with the running sum of the weights (CD_MAX_ROWS in all; states
    past that draw by scanning their rows, with the same result).
cd_sample (per deal; reads the plan and never writes it, so one plan serves every
thread of a batch): walk the groups in order, draw group g's row x[g] with
probability multinomial(x[g]) * count(g+1, r - x[g]) / count(g, r) (one 53-bit
uniform, a binary search in the draw table), then shuffle the group's cards and cut
them into the drawn numbers per place (uniform given the table).  The product of
these probabilities is 1 / (number of consistent assignments) for every assignment:
the deal is exactly uniform.

Invariants that keep the memo small.  When group g is reached, a place that no
group >= g may use has room 0 (the last group that may use a place fills it: that
row entry is forced, so the last group's whole row is forced and the unconstrained
deal is one shuffle); a place that no group < g may use still has its full room.
So level g's state is the room of the places both sides share, and since the rooms
add up to the cards left, the highest of those is implied: level g's memo has
prod (room_p + 1) entries over the others.  Levels 0 (one state: ``total``) and
n_groups - 1 (one forced row) are not memoised.

Exactness.  Counts are doubles (they pass 2^64: 39 cards into 3 x 13 have 8.4e16
deals, 52 into 4 x 13 have 5.4e28).  A row's weight is one division of factorials,
and a count a sum over rows of weight * count: each operation rounds by at most
2^-53 relative, so a count is off by a relative (levels x (places + rows per
state)) x 2^-53 at most, below 1e-12 for anything a plan holds, and each drawn
probability likewise (the draw uses a 53-bit uniform).  No test of feasible length
can tell that from exact.  Where every group has at most 22 cards and the count is
below 2^53 (every small case) all the arithmetic is on exact integers and the count
is exact.  Within a group the shuffle is shuffle_ints (Lemire, bias < n * 2^-32 per
draw), as every deal of the core.
"""
from libc.stdint cimport int8_t, uint64_t
from cardsim._bits cimport bit_bb, lsb, msb, popcount
from cardsim._rng cimport Rng, rng_next, shuffle_ints


# The types and the entry points are declared in _constrained_deal.pxd; the helpers below are
# private to this module.  Every other module calls the entry points through the pointers Cython
# imports when it loads (once per deal or per plan: the dealer is compiled once, here, not into
# every module that deals).

# -- one group's rows: an odometer over the open places, the last open place takes the rest --

cdef inline bint cd_split_first(const DealPlan* plan, int g, const int* r, CDSplit* s) noexcept nogil:
    """The first row of group ``g`` in room ``r``; False when the group has none."""
    cdef int mask = plan.group_mask[g], later = plan.later_mask[g + 1]
    cdef int n = plan.group_start[g + 1] - plan.group_start[g]
    cdef int p, j, k = 0, lo
    s.base_den = 1.0
    for p in range(plan.n_places):
        s.x[p] = 0
    while mask:
        p = lsb(<uint64_t>mask)
        mask &= mask - 1
        if (later >> p) & 1:
            s.open_place[k] = p
            s.bound[k] = r[p]
            k += 1
        else:  # no later group may go here: this group fills it
            s.x[p] = r[p]
            n -= r[p]
            s.base_den *= plan.fact[r[p]]
    s.n_open = k
    s.suffix[k] = 0
    for j in range(k - 1, -1, -1):
        s.suffix[j] = s.suffix[j + 1] + s.bound[j]
    if n < 0 or n > s.suffix[0]:
        return False
    if k == 0:
        return True
    for j in range(k - 1):
        s.rem[j] = n
        lo = n - s.suffix[j + 1]
        if lo < 0:
            lo = 0
        s.x[s.open_place[j]] = lo
        n -= lo
    s.rem[k - 1] = n
    s.x[s.open_place[k - 1]] = n
    return True

cdef inline bint cd_split_next(CDSplit* s) noexcept nogil:
    """Step ``s`` to the group's next row; False after the last."""
    cdef int k = s.n_open, j = k - 2, i, hi, rem, lo
    while j >= 0:
        hi = s.bound[j] if s.bound[j] < s.rem[j] else s.rem[j]
        if s.x[s.open_place[j]] < hi:
            s.x[s.open_place[j]] += 1
            rem = s.rem[j] - s.x[s.open_place[j]]
            for i in range(j + 1, k - 1):
                s.rem[i] = rem
                lo = rem - s.suffix[i + 1]
                if lo < 0:
                    lo = 0
                s.x[s.open_place[i]] = lo
                rem -= lo
            s.rem[k - 1] = rem
            s.x[s.open_place[k - 1]] = rem
            return True
        j -= 1
    return False

cdef inline double cd_split_weight(const DealPlan* plan, int g, const CDSplit* s) noexcept nogil:
    """Ways to cut group g's labelled cards into the row: n_g! / prod x[p]! (one division of
    exact factorials, so exact whenever the factorials and the result fit 53 bits)."""
    cdef double den = s.base_den
    cdef int j
    for j in range(s.n_open):
        den *= plan.fact[s.x[s.open_place[j]]]
    return plan.fact[plan.group_start[g + 1] - plan.group_start[g]] / den


# -- counts ------------------------------------------------------------------------------

cdef inline int cd_state_index(const DealPlan* plan, int g, const int* r) noexcept nogil:
    cdef int d, idx = 0
    for d in range(plan.n_dims[g]):
        idx += r[plan.dim_place[g][d]] * plan.dim_stride[g][d]
    return idx

cdef inline double cd_count(DealPlan* plan, int g, const int* r) noexcept nogil:
    """Ways to deal groups g.. into room ``r``, memoised (cd_prepare only)."""
    cdef int slot = -1, p
    cdef int r2[CD_MAX_PLACES]
    cdef CDSplit s
    cdef double total = 0.0, w
    if g >= plan.n_groups:
        return 1.0
    if plan.table_offset[g] >= 0:
        slot = plan.table_offset[g] + cd_state_index(plan, g, r)
        if plan.table[slot] >= 0.0:
            return plan.table[slot]
    if cd_split_first(plan, g, r, &s):
        while True:
            w = cd_split_weight(plan, g, &s)
            for p in range(plan.n_places):
                r2[p] = r[p] - s.x[p]
            total += w * cd_count(plan, g + 1, r2)
            if not cd_split_next(&s):
                break
    if slot >= 0:
        plan.table[slot] = total
    return total

cdef inline double cd_count_after(const DealPlan* plan, int g, const int* r, const int* x) noexcept nogil:
    """count(g, r - x) for a state cd_prepare reached: a memo read, or the level's closed form."""
    cdef int d, p, mask, idx = 0
    cdef double w
    if g >= plan.n_groups:
        return 1.0
    if plan.table_offset[g] >= 0:
        for d in range(plan.n_dims[g]):
            p = plan.dim_place[g][d]
            idx += (r[p] - x[p]) * plan.dim_stride[g][d]
        return plan.table[plan.table_offset[g] + idx]
    if g == 0:
        return plan.total
    # the last group fills every room left (zero outside its mask): one row
    w = 1.0
    mask = plan.group_mask[g]
    while mask:
        p = lsb(<uint64_t>mask)
        mask &= mask - 1
        w *= plan.fact[r[p] - x[p]]
    return plan.fact[plan.group_start[g + 1] - plan.group_start[g]] / w


# -- draw tables ------------------------------------------------------------------------

cdef inline void cd_rows_from(DealPlan* plan, int g, const int* r, int limit) noexcept nogil:
    """The draw table of state ``r`` of level ``g`` (< n_groups - 1), then of the states its
    rows lead to, depth first, while ``limit`` rows last; a state built once is skipped."""
    cdef int slot = -1, first = plan.rows_used, n = 0, i, p
    cdef int r2[CD_MAX_PLACES]
    cdef int x[CD_MAX_PLACES]
    cdef uint64_t packed
    cdef double cum = 0.0, w
    cdef CDSplit s
    if g > 0:
        slot = plan.table_offset[g] + cd_state_index(plan, g, r)
        if plan.row_first[slot] >= 0:
            return
    elif plan.root_first >= 0:
        return
    if cd_split_first(plan, g, r, &s):
        while True:
            w = cd_split_weight(plan, g, &s) * cd_count_after(plan, g + 1, r, s.x)
            if w > 0.0:
                if first + n >= limit:
                    plan.rows_used = first  # no room: this state scans
                    return
                cum += w
                packed = 0
                for p in range(plan.n_places):
                    packed |= (<uint64_t>s.x[p]) << (8 * p)
                plan.row_cum[first + n] = cum
                plan.row_x[first + n] = packed
                n += 1
            if not cd_split_next(&s):
                break
    plan.rows_used = first + n
    if g > 0:
        plan.row_first[slot] = first
        plan.row_count[slot] = n
    else:
        plan.root_first = first
        plan.root_rows = n
    if g + 1 >= plan.n_groups - 1:
        return
    for i in range(first, first + n):
        for p in range(plan.n_places):
            x[p] = <int>((plan.row_x[i] >> (8 * p)) & 0xFF)
            r2[p] = r[p] - x[p]
        cd_rows_from(plan, g + 1, r2, limit)

cdef void cd_build_rows(DealPlan* plan, int limit) noexcept nogil:
    """(Re)build the draw tables with at most ``limit`` rows (<= CD_MAX_ROWS; 0: every draw scans)."""
    cdef int i
    plan.rows_used = 0
    plan.root_first = -1
    plan.root_rows = 0
    for i in range(plan.table_used):
        plan.row_first[i] = -1
        plan.row_count[i] = 0
    if plan.n_groups >= 2 and limit > 0:
        cd_rows_from(plan, 0, plan.capacity, limit if limit < CD_MAX_ROWS else CD_MAX_ROWS)


# -- prepare -----------------------------------------------------------------------------

cdef int cd_prepare(DealPlan* plan, const int* cards, const int* allowed, int n_cards,
                    const int* capacity, int n_places) noexcept nogil:
    """Check the constraints and build ``plan`` for cd_sample; CD_OK or a CD_* failure code.

    ``cards[i]``: card i's id (a bit 0..63, distinct); ``allowed[i]``: its place mask;
    ``capacity[p]``: how many of the cards place p takes.  After a failure the plan
    must not be sampled."""
    cdef int i, j, p, g, G, k, m, changed, n_left, size, used, active, earlier, d
    cdef int room = 0, places_bb = 0, reach = 0
    cdef int masks[CD_MAX_CARDS]
    cdef int order[CD_MAX_CARDS]
    cdef int gmask[CD_MAX_CARDS]
    cdef int gsize[CD_MAX_CARDS]
    cdef uint64_t seen = 0
    if n_cards < 0 or n_cards > CD_MAX_CARDS or n_places < 1 or n_places > CD_MAX_PLACES:
        return CD_BAD_INPUT
    places_bb = (1 << n_places) - 1
    plan.n_cards = n_cards
    plan.n_places = n_places
    plan.n_groups = 0
    plan.table_used = 0
    plan.n_fixed = 0
    plan.rows_used = 0
    plan.root_first = -1
    plan.root_rows = 0
    plan.total = 0.0
    plan.fact[0] = 1.0
    for k in range(1, CD_MAX_CARDS + 1):
        plan.fact[k] = plan.fact[k - 1] * k
    for p in range(CD_MAX_PLACES):
        plan.capacity[p] = capacity[p] if p < n_places else 0
        plan.fixed_bb[p] = 0
        if plan.capacity[p] < 0:
            return CD_BAD_INPUT
        room += plan.capacity[p]
    for i in range(n_cards):
        if cards[i] < 0 or cards[i] > 63 or (seen >> cards[i]) & 1 or allowed[i] & ~places_bb:
            return CD_BAD_INPUT
        seen |= bit_bb(cards[i])
        plan.card[i] = <int8_t>cards[i]
        plan.fixed_place[i] = -1
        masks[i] = allowed[i]
    if room != n_cards:
        return CD_CAPACITY_MISMATCH
    for i in range(n_cards):
        if masks[i] == 0:
            return CD_NO_PLACE
    # 1. prune to a fixpoint
    changed = 1
    while changed:
        changed = 0
        for i in range(n_cards):
            if plan.fixed_place[i] >= 0:
                continue
            m = 0
            for p in range(n_places):
                if plan.capacity[p] > 0 and (masks[i] >> p) & 1:
                    m |= 1 << p
            if m == 0:
                return CD_INFEASIBLE
            if m != masks[i]:
                masks[i] = m
                changed = 1
            if popcount(<uint64_t>m) == 1:
                p = lsb(<uint64_t>m)
                plan.fixed_place[i] = <int8_t>p
                plan.fixed_card[plan.n_fixed] = <int8_t>i
                plan.n_fixed += 1
                plan.fixed_bb[p] |= bit_bb(cards[i])
                plan.capacity[p] -= 1
                changed = 1
    # 2. group the unfixed cards by mask, most constrained first
    G = 0
    n_left = 0
    for i in range(n_cards):
        if plan.fixed_place[i] >= 0:
            continue
        n_left += 1
        reach |= masks[i]
        for g in range(G):
            if gmask[g] == masks[i]:
                gsize[g] += 1
                break
        else:
            gmask[G] = masks[i]
            gsize[G] = 1
            G += 1
    for p in range(n_places):
        if plan.capacity[p] > 0 and not (reach >> p) & 1:
            return CD_INFEASIBLE  # room that no card may fill
    for g in range(1, G):  # insertion sort on (places, size, mask)
        m = gmask[g]
        k = gsize[g]
        j = g - 1
        while j >= 0 and (popcount(<uint64_t>gmask[j]) > popcount(<uint64_t>m) or (
                popcount(<uint64_t>gmask[j]) == popcount(<uint64_t>m) and (
                    gsize[j] > k or (gsize[j] == k and gmask[j] > m)))):
            gmask[j + 1] = gmask[j]
            gsize[j + 1] = gsize[j]
            j -= 1
        gmask[j + 1] = m
        gsize[j + 1] = k
    plan.n_groups = G
    k = 0
    for g in range(G):
        plan.group_mask[g] = gmask[g]
        plan.group_start[g] = k
        for i in range(n_cards):
            if plan.fixed_place[i] < 0 and masks[i] == gmask[g]:
                plan.member[k] = <int8_t>i
                k += 1
    plan.group_start[G] = k
    plan.later_mask[G] = 0
    for g in range(G - 1, -1, -1):
        plan.later_mask[g] = plan.later_mask[g + 1] | gmask[g]
    # 3. lay out the memo levels 1 .. G-2, then count from the start
    used = 0
    earlier = 0
    for g in range(G):
        plan.n_dims[g] = 0
        plan.table_offset[g] = -1
        if 1 <= g <= G - 2:
            active = earlier & plan.later_mask[g]
            if active:
                active &= ~(1 << msb(<uint64_t>active))  # implied: the rooms add up to the cards left
            size = 1
            d = 0
            while active:
                p = lsb(<uint64_t>active)
                active &= active - 1
                plan.dim_place[g][d] = p
                plan.dim_stride[g][d] = size
                size *= plan.capacity[p] + 1
                d += 1
                if size > CD_MAX_TABLE:
                    return CD_TOO_LARGE
            plan.n_dims[g] = d
            plan.table_offset[g] = used
            used += size
            if used > CD_MAX_TABLE:
                return CD_TOO_LARGE
        earlier |= gmask[g]
    plan.table_used = used
    for i in range(used):
        plan.table[i] = -1.0
    plan.total = cd_count(plan, 0, plan.capacity)
    if plan.total <= 0.0:
        return CD_INFEASIBLE
    cd_build_rows(plan, CD_MAX_ROWS)
    return CD_OK

cdef int cd_prepare_masks(DealPlan* plan, uint64_t hidden_bb, const uint64_t* barred_bb,
                          const int* capacity, int n_places) noexcept nogil:
    """cd_prepare for the cards of ``hidden_bb``, where place p may hold none of ``barred_bb[p]``
    (a void's suit lane, the cards it is proven not to hold); cards in bit order."""
    cdef int cards[CD_MAX_CARDS]
    cdef int allowed[CD_MAX_CARDS]
    cdef int n = 0, p, m
    while hidden_bb:
        cards[n] = lsb(hidden_bb)
        hidden_bb &= hidden_bb - 1
        m = 0
        for p in range(n_places):
            if not (barred_bb[p] >> cards[n]) & 1:
                m |= 1 << p
        allowed[n] = m
        n += 1
    return cd_prepare(plan, cards, allowed, n, capacity, n_places)


# -- sample ------------------------------------------------------------------------------

cdef inline double cd_uniform(Rng* rng) noexcept nogil:
    """Uniform double in [0, 1), 53 random bits."""
    return <double>(rng_next(rng) >> 11) * (1.0 / 9007199254740992.0)

cdef inline void cd_draw_row(const DealPlan* plan, Rng* rng, int g, const int* r, int* chosen) noexcept nogil:
    """Group ``g``'s row (g < n_groups - 1) in state ``r``, drawn with probability
    weight * count(g+1, r - row) / count(g, r): the first row whose running sum passes
    u * count(g, r), from the draw table or, without one, by scanning the rows."""
    cdef int first, n, lo, hi, mid, p
    cdef int zero[CD_MAX_PLACES]
    cdef uint64_t packed
    cdef double u, w, cum = 0.0
    cdef CDSplit s
    for p in range(plan.n_places):
        zero[p] = 0
    u = cd_uniform(rng) * cd_count_after(plan, g, r, zero)
    if g == 0:
        first, n = plan.root_first, plan.root_rows
    else:
        lo = plan.table_offset[g] + cd_state_index(plan, g, r)
        first, n = plan.row_first[lo], plan.row_count[lo]
    if first >= 0:
        lo, hi = first, first + n - 1  # the last row stands if rounding runs u past the end
        while lo < hi:
            mid = (lo + hi) >> 1
            if u < plan.row_cum[mid]:
                hi = mid
            else:
                lo = mid + 1
        packed = plan.row_x[lo]
        for p in range(plan.n_places):
            chosen[p] = <int>((packed >> (8 * p)) & 0xFF)
        return
    cd_split_first(plan, g, r, &s)
    while True:
        w = cd_split_weight(plan, g, &s) * cd_count_after(plan, g + 1, r, s.x)
        if w > 0.0:  # the same rows and running sums as a draw table
            cum += w
            for p in range(plan.n_places):
                chosen[p] = s.x[p]
            if u < cum:
                return
        if not cd_split_next(&s):
            return

cdef inline void cd_deal(const DealPlan* plan, Rng* rng, int8_t* place_of, uint64_t* place_bb) noexcept nogil:
    """One uniform consistent deal (the plan prepared with CD_OK): card i's place into
    ``place_of[i]`` and/or each place's cards into ``place_bb[p]`` (either may be NULL)."""
    cdef int r[CD_MAX_PLACES]
    cdef int chosen[CD_MAX_PLACES]
    cdef int scratch[CD_MAX_CARDS]
    cdef int G = plan.n_groups, P = plan.n_places
    cdef int g, p, i, k, n, start, filled, last, card
    if place_of != NULL:
        for i in range(plan.n_fixed):
            card = plan.fixed_card[i]
            place_of[card] = plan.fixed_place[card]
    if place_bb != NULL:
        for p in range(P):
            place_bb[p] = plan.fixed_bb[p]
    for p in range(P):
        r[p] = plan.capacity[p]
    for g in range(G):
        if g < G - 1:
            cd_draw_row(plan, rng, g, r, chosen)
        else:  # the last group fills what is left
            for p in range(P):
                chosen[p] = r[p]
        # cut the group's cards into the row
        start = plan.group_start[g]
        n = plan.group_start[g + 1] - start
        filled = 0
        last = -1
        for p in range(P):
            r[p] -= chosen[p]
            if chosen[p] > 0:
                filled += 1
                last = p
        if filled == 1:
            for i in range(n):
                card = plan.member[start + i]
                if place_of != NULL:
                    place_of[card] = <int8_t>last
                if place_bb != NULL:
                    place_bb[last] |= bit_bb(plan.card[card])
            continue
        for i in range(n):
            scratch[i] = plan.member[start + i]
        shuffle_ints(rng, scratch, n)
        i = 0
        for p in range(P):
            for k in range(chosen[p]):
                if place_of != NULL:
                    place_of[scratch[i]] = <int8_t>p
                if place_bb != NULL:
                    place_bb[p] |= bit_bb(plan.card[scratch[i]])
                i += 1

cdef void cd_sample(const DealPlan* plan, Rng* rng, int8_t* place_of) noexcept nogil:
    """One uniform consistent deal: ``place_of[i]`` = the place of card i (input order)."""
    cd_deal(plan, rng, place_of, NULL)

cdef void cd_sample_masks(const DealPlan* plan, Rng* rng, uint64_t* place_bb) noexcept nogil:
    """One uniform consistent deal: ``place_bb[p]`` = the cards of place p, as card bits."""
    cd_deal(plan, rng, NULL, place_bb)
