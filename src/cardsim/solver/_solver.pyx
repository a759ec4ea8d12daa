# cython: language_level=3
"""The solver's search (declared and described in _solver.pxd) and its Python face.

``Position`` holds one position (rules, cards, the trick so far) and its own
scratch; ``value()`` solves it, ``move_values()`` gives the value after each legal
card, ``values_many`` / ``move_values_many`` solve many deals under the same rules
(PIMC's worlds, a batch) in one call without the GIL.
"""
from libc.stdint cimport int8_t, int16_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcmp, memset

import numpy as np
cimport numpy as cnp

from cardsim._bits cimport above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount
from cardsim.pinochle.cards cimport COPY0_BB, copies_one, legal_cards
from cardsim._rng cimport mix64

cnp.import_array()

cdef extern from *:
    """
    /* pext / pdep: BMI2 where the CPU has it (checked once at import), else a loop. */
    #include <stdint.h>
    static int sv_have_bmi2 = 0;
    #if defined(__GNUC__) && defined(__x86_64__)
    #include <immintrin.h>
    __attribute__((target("bmi2"))) static uint64_t sv_pext_hw(uint64_t a, uint64_t m) { return _pext_u64(a, m); }
    __attribute__((target("bmi2"))) static uint64_t sv_pdep_hw(uint64_t a, uint64_t m) { return _pdep_u64(a, m); }
    static void sv_detect_cpu(void) { __builtin_cpu_init(); sv_have_bmi2 = __builtin_cpu_supports("bmi2") ? 1 : 0; }
    #else
    static uint64_t sv_pext_hw(uint64_t a, uint64_t m) { (void)a; (void)m; return 0; }
    static uint64_t sv_pdep_hw(uint64_t a, uint64_t m) { (void)a; (void)m; return 0; }
    static void sv_detect_cpu(void) { sv_have_bmi2 = 0; }
    #endif
    static inline uint64_t sv_pext(uint64_t a, uint64_t m) {
        uint64_t out = 0, k = 1;
        if (sv_have_bmi2) return sv_pext_hw(a, m);
        while (m) { if (a & m & (0 - m)) out |= k; k <<= 1; m &= m - 1; }
        return out;
    }
    static inline unsigned _pext_free_compress16(unsigned m) {
        /* keep the even bits of a 16-bit mask, packed: 8 bits */
        m &= 0x5555u;
        m = (m | (m >> 1)) & 0x3333u;
        m = (m | (m >> 2)) & 0x0F0Fu;
        m = (m | (m >> 4)) & 0x00FFu;
        return m;
    }
    /* A large zeroed table on 2 MB pages where Linux offers them (transparent huge pages on
       request): a probe of a big table then costs no TLB miss.  *base / *len: what to free. */
    #include <stdlib.h>
    #include <string.h>
    /* A zeroed block aligned to a cache line (a bucket's tag line is then one line). */
    static void* sv_line_calloc(size_t size) {
        void* q = NULL;
        if (posix_memalign(&q, 64, size) != 0) return NULL;
        memset(q, 0, size);
        return q;
    }
    #if defined(__linux__)
    #include <sys/mman.h>
    static void* sv_big_alloc(size_t size, void** base, size_t* len) {
        const size_t huge = (size_t)2 << 20;
        char* p; size_t n;
        *base = NULL; *len = 0;
        if (size < 2 * huge) { void* q = sv_line_calloc(size); *base = q; return q; }
        n = size + huge;
        p = (char*)mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return NULL;
        *base = p; *len = n;
        p = (char*)(((uintptr_t)p + huge - 1) & ~(uintptr_t)(huge - 1));
        #ifdef MADV_HUGEPAGE
        madvise(p, (size + huge - 1) & ~(huge - 1), MADV_HUGEPAGE);
        #endif
        return p;
    }
    static void sv_big_free(void* base, size_t len) {
        if (len) munmap(base, len); else free(base);
    }
    /* The same for a table whose owner keeps only its pointer and size (PIMC's scratch): the
       mapping is trimmed to the aligned part, so sv_table_free_c needs only those two. */
    static void* sv_table_alloc_c(size_t size) {
        const size_t huge = (size_t)2 << 20;
        size_t keep, n;
        char *p, *a;
        if (size < 2 * huge) return sv_line_calloc(size);
        keep = (size + huge - 1) & ~(huge - 1);
        n = keep + huge;
        p = (char*)mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return NULL;
        a = (char*)(((uintptr_t)p + huge - 1) & ~(uintptr_t)(huge - 1));
        if (a > p) munmap(p, (size_t)(a - p));
        if (p + n > a + keep) munmap(a + keep, (size_t)((p + n) - (a + keep)));
        #ifdef MADV_HUGEPAGE
        madvise(a, keep, MADV_HUGEPAGE);
        #endif
        return a;
    }
    static void sv_table_free_c(void* t, size_t size) {
        const size_t huge = (size_t)2 << 20;
        if (t == NULL) return;
        if (size < 2 * huge) free(t); else munmap(t, (size + huge - 1) & ~(huge - 1));
    }
    #else
    static void* sv_big_alloc(size_t size, void** base, size_t* len) { void* q = sv_line_calloc(size); *base = q; *len = 0; return q; }
    static void sv_big_free(void* base, size_t len) { (void)len; free(base); }
    static void* sv_table_alloc_c(size_t size) { return sv_line_calloc(size); }
    static void sv_table_free_c(void* t, size_t size) { (void)size; free(t); }
    #endif
    /* Bit i set where tags[i] == t, for n tags (n a multiple of 8, at most 64): SSE2 on x86-64. */
    #if defined(__SSE2__)
    #include <emmintrin.h>
    static inline uint64_t sv_tags(const uint16_t* tags, uint16_t t, int n) {
        uint64_t out = 0;
        __m128i k = _mm_set1_epi16((short)t);
        for (int i = 0; i < n; i += 8) {
            __m128i v = _mm_loadu_si128((const __m128i*)(tags + i));
            unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi16(v, k));
            m = _pext_free_compress16(m);
            out |= (uint64_t)m << i;
        }
        return out;
    }
    #else
    static inline uint64_t sv_tags(const uint16_t* tags, uint16_t t, int n) {
        uint64_t out = 0;
        for (int i = 0; i < n; i++) out |= (uint64_t)(tags[i] == t) << i;
        return out;
    }
    #endif
    /* One tag line of a bucket (32 entries from ``tag``): bit i set where tag[i] == t and entry i's
       filter passes the position's filter words p0, p1, p2, i.e. ((f0[i] ^ p0) | (f1[i] ^ p1) |
       (f2[i] ^ p2)) & fm[i] == 0.  SSE2 (every x86-64) compares 8 entries at a time: a probe's
       length class often has dozens of entries, each read and tested alone before.  The plain
       loop is the rule itself (and the search's elsewhere); _line_hits_agree checks the two agree. */
    static inline uint32_t sv_line_hits_plain(const uint16_t* tag, const uint16_t* fm, const uint16_t* f0,
                                              const uint16_t* f1, const uint16_t* f2, uint16_t t,
                                              uint16_t p0, uint16_t p1, uint16_t p2) {
        uint32_t out = 0;
        for (int i = 0; i < 32; i++)
            out |= (uint32_t)(tag[i] == t && !(((f0[i] ^ p0) | (f1[i] ^ p1) | (f2[i] ^ p2)) & fm[i])) << i;
        return out;
    }
    #if defined(__SSE2__)
    static inline __m128i sv_hits8(const uint16_t* tag, const uint16_t* fm, const uint16_t* f0,
                                   const uint16_t* f1, const uint16_t* f2, __m128i kt, __m128i k0,
                                   __m128i k1, __m128i k2) {
        __m128i d = _mm_or_si128(_mm_or_si128(_mm_xor_si128(_mm_loadu_si128((const __m128i*)f0), k0),
                                              _mm_xor_si128(_mm_loadu_si128((const __m128i*)f1), k1)),
                                 _mm_xor_si128(_mm_loadu_si128((const __m128i*)f2), k2));
        d = _mm_and_si128(d, _mm_loadu_si128((const __m128i*)fm));
        return _mm_and_si128(_mm_cmpeq_epi16(_mm_loadu_si128((const __m128i*)tag), kt),
                             _mm_cmpeq_epi16(d, _mm_setzero_si128()));
    }
    static inline uint32_t sv_line_hits(const uint16_t* tag, const uint16_t* fm, const uint16_t* f0,
                                        const uint16_t* f1, const uint16_t* f2, uint16_t t,
                                        uint16_t p0, uint16_t p1, uint16_t p2) {
        __m128i kt = _mm_set1_epi16((short)t), k0 = _mm_set1_epi16((short)p0);
        __m128i k1 = _mm_set1_epi16((short)p1), k2 = _mm_set1_epi16((short)p2);
        uint32_t out = 0;
        for (int i = 0; i < 32; i += 16) {
            __m128i a = sv_hits8(tag + i, fm + i, f0 + i, f1 + i, f2 + i, kt, k0, k1, k2);
            __m128i b = sv_hits8(tag + i + 8, fm + i + 8, f0 + i + 8, f1 + i + 8, f2 + i + 8, kt, k0, k1, k2);
            out |= (uint32_t)_mm_movemask_epi8(_mm_packs_epi16(a, b)) << i;
        }
        return out;
    }
    #else
    static inline uint32_t sv_line_hits(const uint16_t* tag, const uint16_t* fm, const uint16_t* f0,
                                        const uint16_t* f1, const uint16_t* f2, uint16_t t,
                                        uint16_t p0, uint16_t p1, uint16_t p2) {
        return sv_line_hits_plain(tag, fm, f0, f1, f2, t, p0, p1, p2);
    }
    #endif
    /* A position copied word by word: gcc copies the 104-byte struct with ``rep movs``, whose start-up
       cost was 8% of a spades solve (the search copies one a node). */
    static inline void sv_copy_words13(void* d, const void* s) {
        uint64_t* a = (uint64_t*)d; const uint64_t* b = (const uint64_t*)s;
        a[0] = b[0]; a[1] = b[1]; a[2] = b[2]; a[3] = b[3]; a[4] = b[4]; a[5] = b[5]; a[6] = b[6];
        a[7] = b[7]; a[8] = b[8]; a[9] = b[9]; a[10] = b[10]; a[11] = b[11]; a[12] = b[12];
    }
    /* A branch the trick-mode search never takes (points mode only), laid out cold.  The small-card
       rule's two points-mode branches moved gcc's layout of sv_search: callgrind (against 046d0c6)
       euchre oracle 1.0100, spades oracle(8) 1.0116, euchre PIMC 1.0096; marked cold 0.9945 /
       0.9969 / 0.9946. */
    #define sv_points_only(x) __builtin_expect(!!(x), 0)
    static inline uint64_t sv_pdep(uint64_t a, uint64_t m) {
        uint64_t out = 0, k = 1;
        if (sv_have_bmi2) return sv_pdep_hw(a, m);
        while (m) { if (a & k) out |= m & (0 - m); k <<= 1; m &= m - 1; }
        return out;
    }
    """
    uint64_t sv_pext(uint64_t a, uint64_t m) noexcept nogil   # the bits of ``a`` at ``m``'s bits, packed low
    uint64_t sv_pdep(uint64_t a, uint64_t m) noexcept nogil   # the low bits of ``a`` spread onto ``m``'s bits
    void sv_detect_cpu() noexcept nogil
    bint sv_points_only(bint x) noexcept nogil
    uint64_t sv_tags(const uint16_t* tags, uint16_t t, int n) noexcept nogil   # bit i: tags[i] == t
    uint32_t sv_line_hits(const uint16_t* tag, const uint16_t* fm, const uint16_t* f0, const uint16_t* f1,
                          const uint16_t* f2, uint16_t t, uint16_t p0, uint16_t p1, uint16_t p2) noexcept nogil
    uint32_t sv_line_hits_plain(const uint16_t* tag, const uint16_t* fm, const uint16_t* f0, const uint16_t* f1,
                                const uint16_t* f2, uint16_t t, uint16_t p0, uint16_t p1, uint16_t p2) noexcept nogil
    void* sv_big_alloc(size_t size, void** base, size_t* len) noexcept nogil
    void sv_big_free(void* base, size_t len) noexcept nogil
    void* sv_table_alloc_c(size_t size) noexcept nogil
    void sv_table_free_c(void* t, size_t size) noexcept nogil
    void sv_prefetch "__builtin_prefetch"(const void* addr) noexcept nogil
    void sv_copy_pos "sv_copy_words13"(SVPos* d, const SVPos* s) noexcept nogil   # *d = *s (SVPos is 13 words)

sv_detect_cpu()
if sizeof(SVPos) != 13 * sizeof(uint64_t):
    raise ImportError("SVPos must be 13 words (sv_copy_pos copies it word by word)")
if sizeof(SVGBucket) % 64 or SV_BUCKET % SV_TAG_LINE:
    raise ImportError("SVGBucket must be whole cache lines of whole tag lines")


cdef void* sv_table_alloc(size_t size) noexcept nogil:
    return sv_table_alloc_c(size)


cdef void sv_table_free(void* table, size_t size) noexcept nogil:
    sv_table_free_c(table, size)

# -- the rules of play ---------------------------------------------------------------

cdef inline int sv_next(const SVRules* r, const SVPos* p, int s) noexcept nogil:
    """The seat after ``s`` that plays this trick."""
    cdef int i
    if r.n_active == r.seats and (r.sit_out_first < 0 or p.tricks_done):
        return s + 1 if s + 1 < r.seats else 0      # every seat plays (the common case)
    for i in range(r.seats):
        s = s + 1 if s + 1 < r.seats else 0
        if (r.active >> s) & 1 and not (p.tricks_done == 0 and s == r.sit_out_first):
            return s
    return s

cdef inline int sv_trick_size(const SVRules* r, const SVPos* p) noexcept nogil:
    if p.tricks_done == 0 and r.sit_out_first >= 0 and (r.active >> r.sit_out_first) & 1:
        return r.n_active - 1
    return r.n_active

cdef int sv_to_act(const SVRules* r, const SVPos* p) noexcept nogil:
    if p.tricks_left == 0:
        return -1
    if p.n_in_trick == 0:
        return p.leader
    return sv_next(r, p, p.trick_seat[p.n_in_trick - 1])

cdef uint64_t sv_legal(const SVRules* r, const SVPos* p, int s) noexcept nogil:
    """The cards seat ``s`` may play now (pinochle: one copy per rank)."""
    cdef uint64_t held = p.hand[s], follow
    if r.kind == SV_PINOCHLE:
        if p.n_in_trick == 0:
            return legal_cards(held, -1, 0, r.trump, r.must_beat)
        return legal_cards(held, p.trick[0] >> 4, p.trick[p.best], r.trump, r.must_beat)
    if p.n_in_trick == 0:
        if r.break_spades and not p.broken and r.trump >= 0:
            follow = held & ~lane_bb(r.trump)
            return follow if follow else held
        return held
    follow = held & lane_bb(p.trick[0] >> 4)
    return follow if follow else held

cdef inline bint sv_beats(const SVRules* r, int card, int best) noexcept nogil:
    """``card`` played now beats ``best``, the card winning the trick so far."""
    if (card >> 4) == (best >> 4):
        return (card >> r.rank_shift) > (best >> r.rank_shift)
    return (card >> 4) == r.trump

cdef inline bint sv_allies(const SVRules* r, int a, int b) noexcept nogil:
    return ((r.max_side >> a) & 1) == ((r.max_side >> b) & 1)

cdef int sv_apply(const SVRules* r, SVPos* p, int card) noexcept nogil:
    """The seat to act plays ``card`` (legal); returns what it adds to the value."""
    return sv_apply_seat(r, p, sv_to_act(r, p), card)


cdef inline int sv_apply_seat(const SVRules* r, SVPos* p, int s, int card) noexcept nogil:
    """sv_apply where the seat to act, ``s``, is known."""
    cdef int w, i, gain = 0
    p.hand[s] &= ~bit_bb(card)
    if p.n_in_trick == 0:
        p.best = 0
    else:
        if r.break_spades and (card >> 4) == r.trump and (p.trick[0] >> 4) != r.trump:
            p.broken = 1
        if sv_beats(r, card, p.trick[p.best]):
            p.best = p.n_in_trick
    p.trick[p.n_in_trick] = card
    p.trick_seat[p.n_in_trick] = s
    p.n_in_trick += 1
    if p.n_in_trick < sv_trick_size(r, p):
        return 0
    w = p.trick_seat[p.best]
    p.tricks_left -= 1
    if (r.count_side >> w) & 1:
        if r.points:
            for i in range(p.n_in_trick):
                gain += r.pts[p.trick[i]]
            if p.tricks_left == 0:
                gain += r.last_bonus
        else:
            gain = 1
    p.tricks_done += 1
    p.leader = w
    p.n_in_trick = 0
    return gain

cdef inline uint64_t sv_out_cards(const SVRules* r, const SVPos* p) noexcept nogil:
    """Every card still held, and the cards on the table."""
    cdef uint64_t out = 0
    cdef int s
    for s in range(r.seats):
        out |= p.hand[s]
    for s in range(p.n_in_trick):
        out |= bit_bb(p.trick[s])
    return out

cdef inline uint64_t sv_tops_of_runs(uint64_t held, uint64_t out_all) noexcept nogil:
    """The cards of ``held`` whose next card above in their lane among ``out_all`` (every card still
    out, ``held`` included) is not in ``held``: the top card of each run of the seat's cards that no
    other card out splits.  ``below`` gets, bit-parallel, the places whose first card of ``out_all``
    at or above (in their lane) is the seat's: the seat's cards filled down through the places of
    cards no longer out (occluded fill, 1, 2, 4, 8 places, never across a lane)."""
    cdef uint64_t gap = ~out_all & <uint64_t>0x7FFF7FFF7FFF7FFFULL    # place i + 1 is in the same lane
    cdef uint64_t below = held
    below |= gap & (below >> 1)
    gap &= gap >> 1
    below |= gap & (below >> 2)
    gap &= gap >> 2
    below |= gap & (below >> 4)
    gap &= gap >> 4
    below |= gap & (below >> 8)
    return held & ~((below >> 1) & <uint64_t>0x7FFF7FFF7FFF7FFFULL)

cdef int sv_moves(const SVRules* r, const SVPos* p, int s, int* out) noexcept nogil:
    """The legal cards of seat ``s``, one per class of equivalent cards; returns how many.

    Two cards of one seat are equivalent when no card still out (held, or on the
    table) of another seat lies between them in rank and their points are equal:
    whichever is played, every later trick goes the same way.  Pinochle works on
    ranks (copy-0 bits): a rank with a copy out elsewhere is its own class.
    """
    cdef uint64_t held = p.hand[s], legal = sv_legal(r, p, s), out_all = sv_out_cards(r, p)
    cdef uint64_t F, O, M, L, rest, nxt
    cdef int c, n = 0, up
    if r.kind == SV_FOLLOW and not r.points:
        # the legal cards are whole lanes of the hand: a card is a class's only when the next card
        # out above it in its lane is not the seat's own (sv_tops_of_runs), all at once
        rest = legal & sv_tops_of_runs(held, out_all)
        while rest:
            out[n] = lsb(rest)
            rest &= rest - 1
            n += 1
        return n
    if r.kind == SV_PINOCHLE:
        F = copies_one(out_all)
        O = copies_one(out_all & ~held)
        M = copies_one(held)
        L = copies_one(legal)
    else:
        F = out_all
        O = out_all & ~held
        M = held
        L = legal
    rest = L
    while rest:
        c = lsb(rest)
        rest &= rest - 1
        if not (O >> c) & 1:
            nxt = F & above_in_lane_bb(c)
            if nxt:
                up = lsb(nxt)
                if (M >> up) & 1 and not (O >> up) & 1 and (L >> up) & 1 and r.pts[up] == r.pts[c]:
                    continue
        if r.kind == SV_PINOCHLE and not (held >> c) & 1:
            c += 1              # only copy 1 held
        out[n] = c
        n += 1
    return n

# -- bounds ---------------------------------------------------------------------------

cdef inline int sv_longest_other(const SVPos* p, int L, uint64_t lane) noexcept nogil:
    """The most cards of ``lane`` any seat but ``L`` holds."""
    cdef int s, n, most = 0
    for s in range(SV_MAX_SEATS):
        if s != L:
            n = popcount(p.hand[s] & lane)
            if n > most:
                most = n
    return most

cdef inline int sv_unruffed_winners(const SVPos* p, int L, int trump, uint64_t others, int skip, uint64_t* w,
                                    uint64_t* got) noexcept nogil:
    """The leader ``L``'s plain winners that no other hand can ruff while the trumps are not drawn
    (``others``: the other hands' cards, sv_quick_tricks'): in each plain suit (not ``skip``), its cards above
    every other hand's there, counted where every other hand holding a trump holds at least as many
    cards of the suit (a suit no other hand holds: where no other hand holds a trump).  Led before
    anything else, each wins: every hand holding the suit must follow (and cannot beat it), and a
    hand void there holds no trump, so it cannot win.  A hand holding a trump follows every one of
    those leads, suit after suit (it holds enough of each), so it never discards and keeps its
    lengths in the suits cashed later.  Adds the winners to ``got`` and, where another hand holds
    the suit, to ``w`` (their ranks; the rest are lengths); returns how many.  Counting points
    (sv_quick_tricks, where the leader's top trumps cannot draw the others'): cutthroat pinochle, 12
    tricks, 30 deals: nodes 14.24M -> 13.59M."""
    cdef uint64_t trumps_out = others & lane_bb(trump), lane, oth, win
    cdef int suit, o, n, q = 0
    cdef bint safe
    for suit in range(4):
        if suit == skip or suit == trump:
            continue
        lane = p.hand[L] & lane_bb(suit)
        if not lane:
            continue
        oth = others & lane_bb(suit)
        win = lane & ~((bit_bb(msb(oth)) << 1) - 1) if oth else lane
        n = popcount(win)
        if not n:
            continue
        safe = True
        for o in range(SV_MAX_SEATS):
            if o != L and (p.hand[o] & trumps_out) and popcount(p.hand[o] & lane_bb(suit)) < n:
                safe = False
                break
        if safe:
            q += n
            got[0] |= win
            if oth:
                w[0] |= win
    return q

cdef int sv_quick_tricks(const SVRules* r, const SVPos* p, int L, uint64_t* qw, int skip, uint64_t* got,
                         int need) noexcept nogil:
    """Tricks the leader ``L`` takes by cashing winners from the top (a lower bound).

    Its trumps above every other trump win; when that strips every other hand of
    trump (or there is none), its cards above every other card of a plain suit win
    too.  Partners' cards count as others', so no partner can overtake.  ``qw``
    gets the cards whose rank the bound relies on (winners in lanes where another
    hand holds a card: elsewhere the lengths alone say it), ``got`` the winners
    themselves.  Lane ``skip`` (a plain suit, -1: none) is not cashed.

    Length winners (DDS counts them too): where the leader's top cards of a lane are
    at least as many as any other hand's cards there, its smaller cards of the lane
    win as well.  Each top card led wins and keeps the
    lead, and every hand holding the lane must follow with one of its cards, so
    after those leads no other hand holds the lane (discards elsewhere only shorten
    it) and none can ruff (no other hand holds a trump by the time plain suits are
    cashed); a card led in a lane no one else holds wins whatever its rank.  The
    bound relies on the top cards' ranks (in ``qw``, as before) and the lengths,
    which the generalised key holds.  13-card spades, the DDS bench's 10 heaviest
    deals: 79.33M -> 74.23M nodes, values equal.  Counting points (pinochle) the same
    holds: a hand that must follow (or trump, or head) cannot beat a top card led, and
    void with no trump left it may play anything but cannot win; the small winners'
    points and what the others must follow with are read from each seat's lengths and
    counting cards by lane, which the pinochle key and its count word keep (with every
    card of the lane among the winners, their points are the lane's).  Cutthroat
    pinochle, 12 tricks, 30 deals: nodes 14.79M -> 14.24M (stop 33; trick mode only before).

    Counting tricks, when the count reaches ``need`` (it settles the window) the lanes it needs
    are kept and the rest dropped, with their ranks: the trumps, then the lanes no other hand
    holds (their winners rely on lengths alone), then the lanes that give the most tricks; the
    count returned is theirs.  Every winner counted wins whichever others are counted with it,
    so any of them make a bound, and the fewer ranks it relies on, the more positions a table
    entry of its node stands for.
    """
    cdef uint64_t mine = p.hand[L], others = 0, tr, lane, oth, w = 0, g = 0, w_trump
    cdef uint64_t lane_w[4]
    cdef int lane_q[4]
    cdef int s, q = 0, longest = 0, suit, top, best, q_free
    for s in range(r.seats):
        if s != L:
            others |= p.hand[s]
    if r.trump >= 0:
        tr = lane_bb(r.trump)
        if r.break_spades and not p.broken and (mine & ~tr):
            if others & tr:
                qw[0] = 0
                got[0] = 0
                return 0        # trump may not be led yet, and others could ruff
        else:
            oth = others & tr
            lane = mine & tr
            if oth:
                while lane and msb(lane) > msb(oth):
                    q += 1
                    w |= bit_bb(msb(lane))
                    lane &= ~bit_bb(msb(lane))
                g = w
            else:
                q = popcount(lane)
                g = lane
            longest = sv_longest_other(p, L, tr)
            if oth and q >= longest:
                q = popcount(mine & tr)     # the rest of its trumps after them (length winners)
                g = mine & tr
            if longest > q:
                if r.points:
                    q += sv_unruffed_winners(p, L, r.trump, others, skip, &w, &g)
                qw[0] = w
                got[0] = g
                return q
    w_trump = w
    q_free = q
    for suit in range(4):
        lane_q[suit] = 0
        if suit == r.trump or suit == skip:
            continue
        lane = mine & lane_bb(suit)
        oth = others & lane_bb(suit)
        if not oth:
            q += popcount(lane)
            q_free += popcount(lane)
            g |= lane
            continue
        top = 0
        lane_w[suit] = 0
        while lane and msb(lane) > msb(oth):
            top += 1
            lane_w[suit] |= bit_bb(msb(lane))
            g |= bit_bb(msb(lane))
            lane &= ~bit_bb(msb(lane))
        if top and top >= sv_longest_other(p, L, lane_bb(suit)):
            top += popcount(lane)           # length winners: every other hand is void by then
            g |= lane
        q += top
        lane_q[suit] = top
        w |= lane_w[suit]
    got[0] = g
    if q >= need and not r.points:
        # the fewest lanes that settle it: the trumps and the lanes no other hand holds, then the
        # lanes giving the most tricks
        q = q_free
        w = w_trump
        while q < need:
            best = 0
            for suit in range(1, 4):
                if lane_q[suit] > lane_q[best]:
                    best = suit
            q += lane_q[best]
            w |= lane_w[best]
            lane_q[best] = 0
    qw[0] = w
    return q

cdef int sv_quick_tricks_ally(const SVRules* r, const SVPos* p, int L, uint64_t* qw) noexcept nogil:
    """A lower bound through an ally: ``L`` leads its lowest card of a plain suit to an ally
    ``P`` (same side, counted the same) whose top card there beats every other seat's and
    that no opponent can ruff; ``P`` wins it and cashes its own quick tricks in the other
    suits.  1 + those, the best ally and suit (0: none); ``qw`` as for sv_quick_tricks."""
    cdef SVPos q
    cdef uint64_t lx, tr = lane_bb(r.trump) if r.trump >= 0 else 0, opp, w2, g2
    cdef int P, X, o, top, n2, best = 0
    cdef bint ok
    qw[0] = 0
    for P in range(r.seats):
        if P == L or not p.hand[P] or ((r.max_side >> P) & 1) != ((r.max_side >> L) & 1) \
                or ((r.count_side >> P) & 1) != ((r.count_side >> L) & 1):
            continue
        for X in range(4):
            if X == r.trump:
                continue
            lx = lane_bb(X)
            if not (p.hand[L] & lx) or not (p.hand[P] & lx):
                continue
            top = msb(p.hand[P] & lx)
            if lsb(p.hand[L] & lx) > top:
                continue
            opp = 0
            ok = True
            for o in range(r.seats):
                if o == L or o == P or not p.hand[o]:
                    continue
                opp |= p.hand[o] & lx
                if not (p.hand[o] & lx) and (p.hand[o] & tr):
                    ok = False              # o could ruff
            if not ok or (opp and msb(opp) > top):
                continue
            sv_copy_pos(&q, p)
            q.hand[P] &= ~bit_bb(top)
            q.hand[L] &= ~bit_bb(lsb(p.hand[L] & lx))
            q.leader = P
            q.tricks_left -= 1
            n2 = 1 + sv_quick_tricks(r, &q, P, &w2, X, &g2, SV_INF)
            if n2 > best:
                best = n2
                qw[0] = w2 | bit_bb(top)    # P's card tops every card of the lane not its own
    if best > p.tricks_left:
        best = p.tricks_left
    return best

cdef inline int sv_points_of(const SVRules* r, uint64_t cards) noexcept nogil:
    """The card points of ``cards`` (points mode): a popcount a point value, not a look-up a card
    (the bounds at every trick boundary add up the points of every card still out)."""
    cdef int k, total = 0
    if r.n_pval == 2:
        # (two values, pinochle's: one popcount)
        return r.pval[0] * popcount(cards & r.pmask[0]) + r.pval[1] * popcount(cards & r.pmask[1])
    for k in range(r.n_pval):
        if r.pval[k]:
            total += r.pval[k] * popcount(cards & r.pmask[k])
    return total

cdef inline int sv_cheapest_points(const SVRules* r, uint64_t cards, int n) noexcept nogil:
    """The points of the ``n`` cheapest of ``cards`` (all of them when fewer).  Two point values
    (cutthroat and partnership pinochle: 0 and 1) without the loop: the cheaper class first, then
    the dearer, each a popcount."""
    cdef int k, take, total = 0
    if r.n_pval == 2:
        take = popcount(cards & r.pmask[0])
        k = popcount(cards & r.pmask[1])
        if n <= take:
            return r.pval[0] * n if n > 0 else 0
        n -= take
        return r.pval[0] * take + r.pval[1] * (n if n < k else k)
    for k in range(r.n_pval):
        if n <= 0:
            break
        take = popcount(cards & r.pmask[k])
        if take > n:
            take = n
        total += take * r.pval[k]
        n -= take
    return total

cdef inline int sv_forced_points(const SVRules* r, const SVPos* p, int L, uint64_t got) noexcept nogil:
    """Points mode: what the other seats must give to the tricks ``L`` cashes with its quick
    winners ``got`` (sv_quick_tricks).  Each seat plays a card to each of those tricks: at the least
    its ``popcount(got)`` cheapest cards, and, holding cards of a lane ``L`` cashes k winners in, at
    the least its min(k, length) cheapest there (it must follow); the larger of the two, seat by seat.
    Those tricks are ``L``'s, so their points are its side's (a lower bound on top of the winners' own)."""
    cdef int f, l, k, in_lanes, q = popcount(got), total = 0
    cdef int per_lane[4]
    if not q:
        return 0                # (no winner: often, a defender's lead)
    for l in range(4):
        per_lane[l] = popcount(got & lane_bb(l))
    for f in range(r.seats):
        if f == L:
            continue
        in_lanes = 0
        for l in range(4):
            if per_lane[l]:
                in_lanes += sv_cheapest_points(r, p.hand[f] & lane_bb(l), per_lane[l])
        k = sv_cheapest_points(r, p.hand[f], q)
        total += k if k > in_lanes else in_lanes
    return total

cdef inline int sv_cashed_points(const SVRules* r, const SVPos* p, uint64_t* qw) noexcept nogil:
    """Points mode, at a trick boundary: what the leader's quick winners (sv_quick_tricks) bring its
    side at least, cashed from the top: their own points, the cards the other seats must give to
    them (sv_forced_points), and the last trick's bonus when they are every trick left.  ``qw``
    gets the ranks the bound relies on (sv_quick_tricks')."""
    cdef uint64_t got = 0
    cdef int q = sv_quick_tricks(r, p, p.leader, qw, -1, &got, SV_INF)
    return ((r.last_bonus if q >= p.tricks_left else 0) + sv_forced_points(r, p, p.leader, got)
            + sv_points_of(r, got))

cdef inline int sv_trump_count(uint64_t lane, uint64_t opp, int need, uint64_t* wit) noexcept nogil:
    """Tricks one seat's trumps ``lane`` take against the other side's trumps ``opp``, whatever
    anyone plays: of the seat's trumps from ``x`` up (``a`` of them), at least ``a - b`` win,
    ``b`` the other side's trumps above ``x``.  Each of the seat's trumps falls in a trick of its
    own (a seat plays one card a trick, and every card is played by the end of the hand), and
    wins it (or an ally's higher trump does: the side's trick all the same) unless a higher trump
    of the other side falls there too; each of those falls in one trick, so beats at most one of
    them.  The rules of the lead play no part.  The most over ``x`` (0: none), or the first at
    least ``need`` from the highest ``x`` down (it settles the window: a higher ``x`` fixes fewer
    ranks); ``wit`` gets that ``x`` (the holders of the trumps from ``x`` up decide ``a`` and
    ``b``), or 0 when the other side holds no trump (every trump wins: lengths alone).
    The case b = 0 is the old sure-trump count (trumps above the other side's highest)."""
    cdef uint64_t rest = lane
    cdef int x, a = 0, k, best = 0
    wit[0] = 0
    if not opp:
        return popcount(lane)
    while rest:
        x = msb(rest)
        rest &= ~bit_bb(x)
        a += 1
        k = a - popcount(opp & ~(bit_bb(x) - 1))
        if k > best:
            best = k
            wit[0] = bit_bb(x)
            if k >= need:
                break
    return best

cdef inline void sv_top_two_trumps(const SVRules* r, const SVPos* p, uint64_t out, int* t1, int* t2,
                                   int* h1, int* h2) noexcept nogil:
    """The two highest trumps of ``out`` (the trumps still held: at least two) into ``t1``, ``t2``
    and the seats holding them into ``h1``, ``h2`` (sv_sure_trumps' partners' top trumps,
    sv_trump_behind's king over the ace)."""
    cdef int s
    t1[0] = msb(out)
    t2[0] = msb(out & ~bit_bb(t1[0]))
    h1[0] = h2[0] = -1
    for s in range(r.seats):
        if (p.hand[s] >> t1[0]) & 1:
            h1[0] = s
        if (p.hand[s] >> t2[0]) & 1:
            h2[0] = s

cdef inline void sv_sure_trumps(const SVRules* r, const SVPos* p, int* lo, int* hi,
                                uint64_t* lo_w, uint64_t* hi_w, int alpha, int beta) noexcept nogil:
    """Tricks the trumps force, whatever anyone wants: a seat's trumps counted against the
    other side's (sv_trump_count), the seat of a side whose count is the most giving the side
    that many tricks.  A bound it raises (lowers) sets ``lo_w`` (``hi_w``): the trumps from the
    counted ``x`` up, whose holders the bound relies on (the highest ``x`` whose count settles the
    window (``alpha``, ``beta``), where one does).  Counting, not only the trumps above
    every trump of the other side (a seat's K Q J against an A: two tricks), with the lighter
    witness (the old one fixed the trumps from the other side's highest up): 13-card spades, value
    + every lead, the DDS bench's 10 heaviest deals 72.72M -> 65.45M nodes (the witness alone) ->
    59.90M (counted), its 100 deals 140.5M -> 115.5M, values equal."""
    cdef uint64_t tr = lane_bb(r.trump), mine = 0, theirs = 0, lane, out = 0, w, mine_w = 0, theirs_w = 0
    cdef int s, k, best_mine = 0, best_theirs = 0, t1, t2, h1, h2
    for s in range(r.seats):
        out |= p.hand[s] & tr
        if (r.count_side >> s) & 1:
            mine |= p.hand[s] & tr
        else:
            theirs |= p.hand[s] & tr
    for s in range(r.seats):
        lane = p.hand[s] & tr
        if not lane:
            continue
        if (r.count_side >> s) & 1:
            k = sv_trump_count(lane, theirs, beta, &w)
            if k > best_mine:
                best_mine = k
                mine_w = w
        else:
            k = sv_trump_count(lane, mine, p.tricks_left - alpha, &w)
            if k > best_theirs:
                best_theirs = k
                theirs_w = w
    if best_mine < 2 and best_theirs < 2 and popcount(out) >= 2:
        # the two top trumps in two partners' hands, both playing for their side that both play for it (DDS's later tricks):
        # each wins the trick it falls in, and the side can keep them apart when either seat
        # holds another trump to play beside the other's
        sv_top_two_trumps(r, p, out, &t1, &t2, &h1, &h2)
        if (h1 == (h2 ^ 2) and r.seats == 4 and r.n_active == 4
                and ((r.count_side >> h1) & 1) == ((r.count_side >> h2) & 1)
                and ((r.count_side >> h1) & 1) == ((r.max_side >> h1) & 1)
                and ((r.count_side >> h2) & 1) == ((r.max_side >> h2) & 1)
                and (popcount(p.hand[h1] & tr) >= 2 or popcount(p.hand[h2] & tr) >= 2)):
            if (r.count_side >> h1) & 1:
                best_mine = 2
                mine_w = bit_bb(t2)
            else:
                best_theirs = 2
                theirs_w = bit_bb(t2)
    if best_mine > lo[0]:
        lo[0] = best_mine
        lo_w[0] = mine_w
    if p.tricks_left - best_theirs < hi[0]:
        hi[0] = p.tricks_left - best_theirs
        hi_w[0] = theirs_w

cdef inline bint sv_trump_behind(const SVRules* r, const SVPos* p, uint64_t* w) noexcept nogil:
    """At a trick boundary with a seat that counts on lead: the other side takes a trick when the
    second-best trump out sits right after the best (it plays next after it in every trick), in
    the hand of a seat that neither counts nor plays to raise the value, holding another trump
    beside it (DDS's later tricks: the king over the ace).  Until the other side takes a trick,
    the seats that count lead every trick, so that seat ``h`` never leads and plays after the
    best trump's holder in every trick.  Its play: the first time it plays a trump, the second-best
    if the best has not fallen in that trick, which then wins (only the best is higher, and its
    holder has played to the trick), else another trump (it still holds two: it played none
    before), and the second-best is then the best trump left, which wins whatever trick it falls
    in (every card is played by the end of the hand); if the best falls before ``h`` plays a
    trump, the same.  The rules of the lead play no part (``h`` never leads).  True: the count is
    at most the tricks left less one, whatever anyone else plays; ``w`` gets the second-best trump
    (the holders of the two top trumps; lengths the key holds)."""
    cdef uint64_t tr = lane_bb(r.trump), out = 0
    cdef int s, t1, t2, h1, h2
    if r.sit_out_first >= 0 and p.tricks_done == 0:
        return False                # the first trick's order differs from the later ones'
    for s in range(r.seats):
        out |= p.hand[s] & tr
    if popcount(out) < 3:
        return False
    sv_top_two_trumps(r, p, out, &t1, &t2, &h1, &h2)
    if (not (r.count_side >> h1) & 1 or (r.count_side >> h2) & 1 or (r.max_side >> h2) & 1
            or popcount(p.hand[h2] & tr) < 2 or sv_next(r, p, h1) != h2):
        return False
    w[0] = bit_bb(t2)
    return True

cdef inline bint sv_keeps_last(const SVRules* r, const SVPos* p, int h, uint64_t* w) noexcept nogil:
    """Points mode, at a trick boundary: seat ``h``, playing for its side (raising what its side
    counts, or lowering what the others count), takes the last trick when it holds more trumps
    above every other seat's trump (its allies' too; twins: a higher rank) than other cards.
    Playing such a trump only when every card it may play is one, it takes that trick itself
    (nothing beats it) and leads a card of the others next; so before the others run out it
    plays at most as many of those trumps as other cards, its last card is one of them, and that
    card takes the last trick.  ``w`` gets the other seats' highest trump (the ranks
    from there up decide which trumps are above; 0 when they hold none: lengths alone)."""
    cdef uint64_t tr = lane_bb(r.trump), ot = 0, top
    cdef int s
    top = p.hand[h] & tr
    if 2 * popcount(top) <= popcount(p.hand[h]) or ((r.max_side >> h) & 1) != ((r.count_side >> h) & 1):
        return False            # (most calls: too few trumps of any rank)
    for s in range(r.seats):
        if s != h:
            ot |= p.hand[s] & tr
    if ot:
        top &= ~(((<uint64_t>2) << (msb(ot) | r.rank_shift)) - 1)   # a higher rank (twins: the first played wins)
    if 2 * popcount(top) <= popcount(p.hand[h]):
        return False
    w[0] = bit_bb(msb(ot)) if ot else 0
    return True

cdef inline int sv_sure_trick_points(const SVRules* r, const SVPos* p, uint64_t sure, int side,
                                     uint64_t* w, int need) noexcept nogil:
    """Points mode: what the top trumps ``sure`` of the seats in ``side`` (a bit per seat) bring,
    whatever anyone plays.  Each wins the trick it falls in for ``side``, and one seat's cards fall in
    different tricks, so the seat of ``side`` holding the most of them, k, wins k tricks for it.  Every
    seat outside ``side`` plays a card to each of those tricks: at the least its k cheapest (seats of
    ``side`` other than the holder may add their own sure trumps there: not counted twice).  So:
    the points of ``sure``, those cards, and the last trick's bonus when k is every trick left.

    The bonus comes too (at a trick boundary) when the holder keeps the last trick (sv_keeps_last:
    more trumps above every other seat's than other cards; ``w`` gets its witness).  For a side
    of one seat with cards those trumps are its share of ``sure`` (cutthroat pinochle, 12 tricks,
    30 deals: nodes 28.26M -> 27.52M); for a side of two (cutthroat's defenders) they are above
    the ally's trumps too, so that each takes its trick for the holder itself, which then leads
    (one its ally overtook would hand the lead to the ally).

    ``need``: the least value that changes the caller's bound (sv_sure_trump_points).  Where a
    ceiling is below it, 0 at once (the caller's bound stands): the points of ``sure``, the dearest
    card value from each other seat holding cards for each of the k tricks, and the bonus (the
    cheapest cards and sv_keeps_last skipped).  A bound that cannot reach the window nor pass the
    bounds found before changes no value and no cut, so the skip keeps every value; it also keeps
    those bounds' witnesses from growing by ranks no cut relied on.  Cutthroat pinochle,
    Position.value (callgrind): 12 tricks, deals 0-9 of the fixed set 4,482.3M -> 4,466.3M
    instructions (nodes 3,581,732 -> 3,560,855; all 30 deals 9,297,946 -> 9,274,116); 15 tricks,
    deals 0, 4, 10 3,838.0M -> 3,822.1M (nodes equal but 9); two-hand pinochle's stock solver
    (bench_stock_solver.py --tricks 2 --hands 5, stock_values) 14,505M -> 14,342M, nodes equal.
    Deep in the tree few points are left and the ceiling passes: most calls still count.  The same
    ceiling on sv_trump_count_points' seats and ranks: 12 tricks 4,486M (it rarely skips); the test
    in sv_sure_trump_points, inline: 4,518M (gcc then moved sv_pcount_word and sv_points_of out of
    the search)."""
    cdef int s, k = 0, t, holder = -1, n_others = 0
    if not sure:
        return 0                # (the other side's top trump is above: often)
    for s in range(r.seats):
        if (side >> s) & 1:
            if p.hand[s]:
                t = popcount(p.hand[s] & sure)
                if t > k:
                    k = t
                    holder = s
        elif p.hand[s]:
            n_others += 1
    t = sv_points_of(r, sure)
    if not k:
        return t
    if t + n_others * k * r.pval[r.n_pval - 1] + r.last_bonus < need:
        return 0
    for s in range(r.seats):
        if not (side >> s) & 1:
            t += sv_cheapest_points(r, p.hand[s], k)
    if k >= p.tricks_left or sv_keeps_last(r, p, holder, w):
        t += r.last_bonus
    return t

cdef inline void sv_sure_trump_points(const SVRules* r, const SVPos* p, int left, int* lo, int* hi,
                                      uint64_t* lo_w, uint64_t* hi_w, int alpha, int beta) noexcept nogil:
    """Points mode: a trump above every trump of the other side wins for its side whatever
    trick it falls in (the trick's highest trump is that side's), so its points are that side's,
    and so are the cards the others must play to those tricks (sv_sure_trick_points).
    A bound it raises (lowers) sets ``lo_w`` (``hi_w``): the other side's top trump (the bound
    relies on the ranks from there up; the others' cheapest cards rest on each seat's points in
    each lane, which the generalised key and sv_pwit keep) and sv_keeps_last's witness; the bound
    it replaces relied on other ranks, which no longer matter (they were added to before: equal
    nodes, 12 tricks 4,466M -> 4,452M instructions, 15 tricks 3,822M -> 3,808M, gcc's layout; the
    solver rows 0.9978-0.9994).  ``left``: sv_points_left.
    Each side's count is asked only for what would change a bound: above ``lo`` and ``alpha``
    (a lower bound), below ``hi`` and ``beta`` (an upper one): sv_sure_trick_points' ``need``."""
    cdef uint64_t tr = lane_bb(r.trump), mine = 0, theirs = 0, m, w = 0
    cdef int s, t
    for s in range(r.seats):
        if (r.count_side >> s) & 1:
            mine |= p.hand[s] & tr
        else:
            theirs |= p.hand[s] & tr
    m = (mine & ~(((<uint64_t>2) << (msb(theirs) | r.rank_shift)) - 1)) if theirs else mine   # a higher rank (twins: the first played wins)
    t = sv_sure_trick_points(r, p, m, r.count_side, &w, (lo[0] if lo[0] > alpha else alpha) + 1) if m else 0
    if t > lo[0]:
        lo[0] = t
        lo_w[0] = w | (bit_bb(msb(theirs)) if theirs else 0)
    w = 0
    m = (theirs & ~(((<uint64_t>2) << (msb(mine) | r.rank_shift)) - 1)) if mine else theirs
    if not m:
        return
    t = left - sv_sure_trick_points(r, p, m, ~r.count_side, &w, left - (hi[0] if hi[0] < beta else beta) + 1)
    if t < hi[0]:
        hi[0] = t
        hi_w[0] = w | (bit_bb(msb(mine)) if mine else 0)

cdef inline int sv_trump_count_points(const SVRules* r, const SVPos* p, int side, int need, uint64_t* wit) noexcept nogil:
    """Points mode: what the trumps of one seat of ``side`` (a bit per seat) bring against the other
    side's trumps, counted: a trump of the seat wins the trick it falls in unless a trump of the other
    side of at least its rank falls there too (twins: the first played wins), and each of those takes
    one trick.  So of the seat's trumps from ``x`` up (``a`` of them), at least ``a - b`` win, ``b`` the
    other side's trumps of rank ``x`` or above, whatever anyone plays; those tricks bring at least
    the seat's ``a - b`` cheapest of them and each other seat's ``a - b`` cheapest cards (and the last
    trick's bonus when they are every trick left).  The most over ``x`` and the seats (0: none), or
    the first at least ``need`` from the highest ``x`` down (it settles the window: a higher ``x``
    fixes fewer ranks); ``wit``: that ``x`` (the ranks from there up decide ``a`` and ``b``; the rest
    are lengths and point classes, which the generalised key and sv_pwit keep).  sv_sure_trump_points
    is the case b = 0 (none of the other side's trumps: 0 here).  Cutthroat pinochle, 12 tricks, 30
    deals: nodes 34.43M -> 32.70M."""
    cdef uint64_t tr = lane_bb(r.trump), theirs = 0, mine, from_x, rest
    cdef int s, o, x, a, k, t, best = 0
    for s in range(r.seats):
        if not (side >> s) & 1:
            theirs |= p.hand[s] & tr
    if not theirs:
        return 0                    # every trump of the side is sure: sv_sure_trump_points counts them
    for s in range(r.seats):
        if not (side >> s) & 1:
            continue
        mine = p.hand[s] & tr
        rest = mine
        a = 0
        while rest:
            x = msb(rest)
            rest &= ~bit_bb(x)
            a += 1
            k = a - popcount(theirs & ~(bit_bb((x >> r.rank_shift) << r.rank_shift) - 1))
            if k <= 0:
                continue
            from_x = mine & ~(bit_bb(x) - 1)
            t = sv_cheapest_points(r, from_x, k)
            for o in range(r.seats):
                if not (side >> o) & 1:
                    t += sv_cheapest_points(r, p.hand[o], k)
            if k >= p.tricks_left:
                t += r.last_bonus
            if t > best:
                best = t
                wit[0] = bit_bb(x)
                if t >= need:
                    return t        # the highest x that settles the window: the fewest ranks fixed
    return best


cdef inline int sv_draw_trumps(const SVRules* r, const SVPos* p, int H, uint64_t ot) noexcept nogil:
    """Seat ``H``, on lead at a trick boundary, against the other seats' trumps ``ot`` (not empty):
    the leads of trumps that strip every other seat of trump, ``m`` (the most trumps another seat
    holds), when ``H`` holds at least ``m`` trumps of a rank above all of ``ot`` (twins: a higher
    rank), else 0.  Led from the top, each of those wins (nothing beats it) and keeps ``H`` on lead,
    and every seat holding a trump must play one (follow suit), so after ``m`` of them no other seat
    holds a trump; the others may discard plain cards meanwhile, which leaves ``H``'s plain winners
    winners and its opponents' lengths no longer."""
    cdef int s, k, m = 0
    for s in range(r.seats):
        if s != H:
            k = popcount(p.hand[s] & ot)
            if k > m:
                m = k
    if popcount(p.hand[H] & lane_bb(r.trump) & ~(((<uint64_t>2) << (msb(ot) | r.rank_shift)) - 1)) < m:
        return 0
    return m

cdef inline void sv_sure_plain_points(const SVRules* r, const SVPos* p, int* lo, uint64_t* lo_w) noexcept nogil:
    """Points mode, at a trick boundary, once no opponent of the counting seat ``H`` holds a trump
    (``H`` alone counts and plays to raise the value): ``H``'s trumps and its plain cards above every
    opponent's card of their suit (its winners) all take tricks, whoever leads.  A trick led in a
    suit where ``H`` holds a winner is ``H``'s (the winner beats every card, so it may be played
    even under the duty to head); one led in a suit ``H`` holds no winner of costs ``H`` a card of
    that suit, or a trump (which wins), so no winner is lost before ``H`` takes a trick, provided that
    ``H`` holds a trump, or in each suit it holds no winner of as many cards as any opponent (each
    trick led there takes a card of that suit from every opponent holding one, the leader's among
    them, so ``H`` is never void there while an opponent can lead it).  Once ``H`` takes a trick it
    leads, and no opponent can trump its winners.  So each winner takes a trick of its own, and the
    opponents play a card to each: their ``k`` cheapest at the least (sv_sure_trick_points).
    The last trick's bonus comes too when ``H`` holds more trumps than plain cards: leading a plain
    card whenever it leads (winners first) and trumping only when void in the suit led, ``H`` plays
    a trump with plain cards left only to a trick it then wins, and leads a plain card next, so it
    runs out of plain cards before trumps, and its last card, a trump, takes the last trick (that
    play keeps a trump beside every winner, so the winners still take their tricks; 12 tricks, 30
    deals: nodes 30.00M -> 28.26M).  More trumps than losers (plain cards that are not winners) is
    enough: ``H`` plays a loser whenever it may (leading, following, or void with no trump left),
    else a winner of the suit led or a trump, which takes the trick (no opponent can ruff), and then
    leads a loser.  So before its losers run out it plays at most as many trumps as losers, a trump
    is left whenever it is void in the suit led, and it never gives a winner away; once only
    winners and trumps are left (a trump among them), the first trick it plays to is its own, and
    so is every later one, the last included.
    ``lo_w`` gets each plain suit's highest opponent card (the ranks the bound relies on; the
    rest are lengths, which the generalised key holds).

    Opponents holding trumps, ``H`` on lead: it first draws them (sv_draw_trumps: ``m`` leads of its
    trumps above all of theirs, each its trick) when it holds enough of those, and the above holds
    from there on, every trump of ``H`` and its winners taking tricks (the drawing trumps included;
    ``H`` keeps the lead throughout the draw, so no suit's length matters), the last trick too when
    its ``t - m`` trumps left outnumber its losers; ``lo_w`` gets the opponents' top trump too.  The
    play psolve17 found the bidder's lower bound short of (the missing point often the last
    trick's); cutthroat pinochle, 12 tricks, 30 deals: nodes 11.02M -> 10.99M (-0.21%); 15 tricks,
    the bench's 12 deals 184.4M -> 183.7M; a probe of tests/test_solver_draw_bound.py's case 53
    nodes -> 1.  Adding the same bonus to the other lower bounds where the draw (or sv_keeps_last)
    holds settled next to nothing (12 tricks: -50 nodes on the trump count, -600 on the sure trumps)."""
    cdef uint64_t tr = lane_bb(r.trump), opp = 0, win = 0, w = 0, lane, ol, held, top
    cdef int s, H = -1, l, k, t, drawn = 0
    for s in range(r.seats):
        if not p.hand[s]:
            continue
        if (r.count_side >> s) & 1:
            if H >= 0 or not (r.max_side >> s) & 1:
                return                          # more than one counting seat, or it lowers the value
            H = s
        else:
            opp |= p.hand[s]
    if H < 0:
        return
    held = p.hand[H]
    if opp & tr:
        # H on lead draws the opponents' trumps with its own above them (sv_draw_trumps)
        if H != p.leader:
            return
        drawn = sv_draw_trumps(r, p, H, opp & tr)
        if drawn <= 0:
            return
        w = bit_bb(msb(opp & tr))
    win = held & tr
    for l in range(4):
        if l == r.trump:
            continue
        lane = held & lane_bb(l)
        ol = opp & lane_bb(l)
        if not ol:
            win |= lane
            continue
        top = lane & ~(((<uint64_t>2) << (msb(ol) | r.rank_shift)) - 1)   # a higher rank (twins: the first played wins)
        if top:
            win |= top
            w |= bit_bb(msb(ol))
        elif not (held & tr) and not drawn:
            # no winner and no trump here: H must outlast every opponent's length in the suit
            for s in range(r.seats):
                if s != H and popcount(p.hand[s] & lane_bb(l)) > popcount(lane):
                    return
    k = popcount(win)
    if not k:
        return
    t = sv_points_of(r, win)
    for s in range(r.seats):
        if s != H and p.hand[s]:
            t += sv_cheapest_points(r, p.hand[s], k)
    if k >= p.tricks_left or popcount(held & tr) - drawn > popcount(held & ~win):
        t += r.last_bonus       # every trick H's, or more trumps than losers (below)
    if t > lo[0]:
        lo[0] = t
        lo_w[0] = w


cdef inline int sv_card_power(const SVRules* r, int card, int lead) noexcept nogil:
    """How strongly ``card`` bids for a trick led in lane ``lead``: 32 + rank a trump, 16 + rank a
    card of the led lane, 0 any other card (it cannot win).  The higher power wins the trick."""
    if (card >> 4) == r.trump:
        return 32 + (card & 15)
    if (card >> 4) == lead:
        return 16 + (card & 15)
    return 0


cdef inline int sv_taker(const SVRules* r, const SVPos* p, int o, int lead, int n, uint64_t* w) noexcept nogil:
    """Follow-suit tricks: the seat that takes the trick in progress if it wants, whatever the
    others play (-1: none named).  The trick is led in lane ``lead`` (a trick not led yet: as if
    its leader ``o`` led that lane); ``o`` and the ``n - 1`` seats after it are still to play.
    Each of them can play at best its highest card of the led lane, or, void there, its highest
    trump (sv_card_power); the strongest of those and of the cards on the table wins, and its
    holder can always play it.  ``w`` gets that card when another card of its power class (the
    led lane, or trumps) is on the table or can still fall, else 0 (only lengths mattered)."""
    cdef int i, k, pw, c, card = -1, top = 0, nxt = 0, taker = -1
    cdef uint64_t h
    for i in range(p.n_in_trick):
        pw = sv_card_power(r, p.trick[i], lead)
        if pw > top:
            nxt = top
            top = pw
            taker = p.trick_seat[i]
            card = p.trick[i]
        elif pw > nxt:
            nxt = pw
    for k in range(n):
        h = p.hand[o] & lane_bb(lead)
        if not h and r.trump >= 0:
            h = p.hand[o] & lane_bb(r.trump)
        if h:
            c = msb(h)
            pw = sv_card_power(r, c, lead)
            if pw > top:
                nxt = top
                top = pw
                taker = o
                card = c
            elif pw > nxt:
                nxt = pw
        if k + 1 < n:
            o = sv_next(r, p, o)
    w[0] = bit_bb(card) if card >= 0 and (nxt >> 4) == (top >> 4) else 0
    return taker


cdef inline int sv_first_trick_side(const SVRules* r, const SVPos* p, uint64_t* w) noexcept nogil:
    """At a trick boundary, who takes the trick about to be led (sv_taker over each lane the
    leader may lead): 1 when the seats that raise the value and count take it (the leader, one
    of them, leads a lane where one of them takes it, or the leader, an opponent, has no other
    lane), -1 when the seats that lower it and do not count take it (the same the other way
    round), else 0.  ``w``: the cards the answer relies on (the taking card of the chosen lane,
    or of every lane)."""
    cdef uint64_t lanes = sv_legal(r, p, p.leader), wl, acc = 0
    cdef int l, x, side, n = sv_trick_size(r, p)
    cdef int mine = 1 if (r.max_side >> p.leader) & 1 else -1    # the side the leader plays for
    cdef bint all_theirs = True
    for l in range(4):
        if not (lanes & lane_bb(l)):
            continue
        x = sv_taker(r, p, p.leader, l, n, &wl)
        side = 0
        if (r.max_side >> x) & 1 and (r.count_side >> x) & 1:
            side = 1
        elif not (r.max_side >> x) & 1 and not (r.count_side >> x) & 1:
            side = -1
        if side == mine:
            w[0] = wl
            return mine
        if side == 0:
            all_theirs = False
        acc |= wl
    w[0] = acc if all_theirs else 0
    return -mine if all_theirs else 0


cdef inline int sv_points_left(const SVRules* r, const SVPos* p) noexcept nogil:
    return (r.last_bonus if p.tricks_left > 0 else 0) + sv_points_of(r, sv_out_cards(r, p))

cdef inline int sv_most_left(const SVRules* r, const SVPos* p) noexcept nogil:
    """The most any side can still take: the points of the cards out (and the last trick's
    bonus) counting points, else the tricks left."""
    return sv_points_left(r, p) if r.points else p.tricks_left

# -- the transposition table -------------------------------------------------------------

cdef inline uint64_t sv_rank_mask(const SVRules* r, const SVPos* p) noexcept nogil:
    """Both copy bits of every pinochle rank with a copy still held (the relative frame)."""
    cdef uint64_t all_out = 0, R
    cdef int s
    for s in range(r.seats):
        all_out |= p.hand[s]
    R = copies_one(all_out)
    return R | (R << 1)

cdef inline uint64_t sv_class_sig(const SVRules* r, uint64_t M) noexcept nogil:
    """With ``r.prel``: each lane's count of ranks in ``M`` (sv_rank_mask: the ranks still held) and
    their point classes in rank order, packed lane by lane: 3 bits of count, then bit b of the
    classes of those ranks, one pext a class bit (``r.pplane[b]``); the count fixes each plane's
    width, so two positions share the word exactly when they share the counts and the classes."""
    cdef uint64_t Rl, sig = 0
    cdef int lane, b, n, pos = 0
    for lane in range(4):
        Rl = (M >> (16 * lane)) & <uint64_t>0x555
        n = popcount(Rl)
        sig |= <uint64_t>n << pos
        pos += 3
        for b in range(r.pcb):
            sig |= sv_pext(r.pplane[b], Rl) << pos
            pos += n
    return sig

cdef inline void sv_key(const SVRules* r, const SVPos* p, uint64_t* key) noexcept nogil:
    """The exact table's key at a trick boundary (``r.seats`` words, one more with
    ``r.prel``).  Trick mode: each seat's cards in relative ranks (pext over the cards
    out).  Points mode with ``r.prel`` (pinochle): each seat's cards with every lane's
    ranks still out renumbered from the bottom (both copy bits kept), and a last word
    with each lane's count of ranks out and their point classes in order: positions
    alike in those have the same value (same legal cards, same tricks, same points).
    Otherwise the exact cards."""
    cdef int s, lane
    cdef uint64_t all_out = 0, M
    for s in range(SV_MAX_SEATS):
        key[s] = p.hand[s] if s < r.seats else 0
    if r.points and not r.prel:
        return
    if r.points:
        M = sv_rank_mask(r, p)
        for s in range(r.seats):
            key[s] = sv_pext(p.hand[s], M)
        key[r.seats] = sv_class_sig(r, M)
        return
    for s in range(r.seats):
        all_out |= p.hand[s]
    for s in range(r.seats):
        key[s] = 0
        for lane in range(4):       # lane by lane: the key holds no lengths
            key[s] |= sv_pext(p.hand[s] & lane_bb(lane), all_out & lane_bb(lane)) << (16 * lane)

cdef inline int sv_move_to_entry(const SVRules* r, const SVPos* p, int card) noexcept nogil:
    """A lead as the table keeps it: its place in the key's relative frame (exact keys:
    the card)."""
    cdef uint64_t out = 0
    cdef int s
    if card < 0 or (r.points and not r.prel):
        return card
    if r.points:
        return popcount(sv_rank_mask(r, p) & (bit_bb(card) - 1))
    for s in range(r.seats):
        out |= p.hand[s]
    return (card & ~15) + popcount(out & lane_bb(card >> 4) & (bit_bb(card) - 1))

cdef inline int sv_move_from_entry(const SVRules* r, const SVPos* p, int move) noexcept nogil:
    cdef uint64_t out = 0, m
    cdef int s
    if move < 0 or (r.points and not r.prel):
        return move
    if r.points:
        m = sv_pdep(bit_bb(move), sv_rank_mask(r, p))
    else:
        for s in range(r.seats):
            out |= p.hand[s]
        m = sv_pdep(bit_bb(move & 15), out & lane_bb(move >> 4))
    return lsb(m) if m else -1

cdef inline SVEntry* sv_slot(SVScratch* sc, const SVRules* r, const SVPos* p, const uint64_t* key) noexcept nogil:
    cdef uint64_t h = <uint64_t>(p.leader * 8 + p.broken + 1)
    cdef int s
    for s in range(r.seats + r.prel):
        h = mix64(h ^ key[s])
    return &sc.tt[h & sc.tt_mask]

cdef inline bint sv_same(const SVScratch* sc, const SVRules* r, const SVPos* p, const SVEntry* e,
                         const uint64_t* key) noexcept nogil:
    cdef int s
    if e.gen != sc.gen or e.leader != p.leader or e.broken != p.broken:
        return False
    for s in range(r.seats + r.prel):
        if e.key[s] != key[s]:
            return False
    return True

# -- the generalised table (trick mode, in the manner of DDS's) ------------------------------
#
# Counting tricks under plain follow-suit, an entry stands for every position with the same
# leader (and broken / first-trick state), the same length of every seat in every lane, and
# the same holders of the cards that mattered: in each lane, every card still out from the
# lowest that won a contested trick somewhere in the search (with the winner's equivalent
# cards below it), or that a bound relied on, up to the top.  Cards below that are "small":
# they never won a contested trick, so which small cards a seat holds does not change the
# value.  Holdings are compared in relative ranks: ``pext(hand, all cards out)``.

cdef inline uint64_t sv_lane_counts(uint64_t x) noexcept nogil:
    """Each 16-bit lane's count of the bits of ``x`` (at most 15 read), in the lane's low 4 bits."""
    x = x - ((x >> 1) & <uint64_t>0x5555555555555555ULL)
    x = (x & <uint64_t>0x3333333333333333ULL) + ((x >> 2) & <uint64_t>0x3333333333333333ULL)
    x = (x + (x >> 4)) & <uint64_t>0x0F0F0F0F0F0F0F0FULL
    return (x + (x >> 8)) & <uint64_t>0x000F000F000F000FULL

cdef inline void sv_gkey(const SVRules* r, const SVPos* p, uint64_t* k0, uint64_t* k1) noexcept nogil:
    """Every seat's length in every lane (4 bits each: seats 0-3 in ``k0``, seat 4 in ``k1``),
    with the leader, broken, first trick and a non-zero marker in ``k1``."""
    cdef uint64_t a = 0, b = 0, x
    cdef int s
    for s in range(r.seats):
        x = sv_lane_counts(p.hand[s])          # each lane's length (at most 15)
        if s < 4:
            a |= x << (4 * s)
        else:
            b |= x
    k0[0] = a
    k1[0] = (b | (<uint64_t>p.leader << 4) | (<uint64_t>(p.broken != 0) << 7)
             | (<uint64_t>(p.tricks_done == 0) << 8) | (<uint64_t>1 << 9))

cdef inline SVGBucket* sv_gbucket(SVScratch* sc, uint64_t k0, uint64_t k1, uint16_t* tag) noexcept nogil:
    """The key's bucket, and in ``tag`` 16 other bits of its hash (never 0)."""
    cdef uint64_t h = mix64(k0 ^ mix64(k1))
    tag[0] = <uint16_t>((h >> 48) | 1)
    return &sc.gtt[h & sc.gtt_mask]

cdef inline uint64_t sv_top_from(uint64_t w, uint64_t out) noexcept nogil:
    """The cards of ``out`` at or above the lowest card of ``w`` in each lane."""
    cdef uint64_t t = 0, lw
    cdef int l
    for l in range(4):
        lw = w & lane_bb(l)
        if lw:
            t |= out & lane_bb(l) & ~(bit_bb(lsb(lw)) - 1)
    return t

cdef inline uint64_t sv_psig(const SVRules* r, const SVPos* p, uint64_t* frame) noexcept nogil:
    """Pinochle's generalised key (``SV_GENERAL_POINTS``): each lane's count of ranks still held
    and their point classes in order (as sv_key's last word), and in ``frame`` the relative frame:
    both copy bits of every rank with a copy held, so that twins stay pairs in relative terms.
    With ``r.pcount`` the key holds no class word (0): the lane frame (sv_lane_rel) and the entry's
    class counts (sv_pclass_fits) take its place."""
    cdef uint64_t M = sv_rank_mask(r, p)
    frame[0] = M
    if r.pcount:
        return 0        # the lane frame (sv_lane_rel): entries check the classes they fix (sv_pclass_fits)
    return sv_class_sig(r, M)

cdef inline uint64_t sv_pwit(const SVRules* r, uint64_t frame, uint64_t w) noexcept nogil:
    """Pinochle's witnesses made safe to store: both copies of every rank a witness names (twins
    tie: the first played wins), and, unless ``r.pcount`` (below), in each lane the lowest rank
    whose point class differs from the lane's lowest rank still held: the cards left below the
    witnesses ("small", whose holders an entry does not fix) are then all of one point class, so
    swapping them between seats moves no points.

    With ``r.pcount`` (two point classes rising with rank) the small cards may mix the classes:
    an entry then also keeps each seat's count of counting cards in each lane (sv_pcount_word), so
    a position it serves gives each seat the same small cards' classes in rank order (its
    non-counting small cards below its counting ones, as many of each), and the proof behind the
    entry carries over card for card, each seat's i-th lowest small card for its i-th lowest: the
    same lanes, no small card ever decided a trick or a duty (those are witnesses), and each trick
    holds cards of the same points.  The bounds read each seat's points by lane and class, which
    the count word keeps too.  Cutthroat pinochle, 12 tricks, 30 deals: nodes 33.24M -> 30.00M."""
    cdef uint64_t R
    cdef int l, b, c0
    w &= frame
    w |= ((w & COPY0_BB) << 1) | ((w >> 1) & COPY0_BB)
    if r.pcount:
        return w
    for l in range(4):
        R = frame & COPY0_BB & lane_bb(l)
        if not R:
            continue
        c0 = r.pclass[(lsb(R) & 15) >> 1]
        R &= R - 1
        while R:
            b = lsb(R)
            if r.pclass[(b & 15) >> 1] != c0:
                w |= bit_bb(b) | bit_bb(b + 1)
                break
            R &= R - 1
    return w & frame

cdef inline uint64_t sv_pcount_word(const SVRules* r, const SVPos* p) noexcept nogil:
    """With ``r.pcount``: each seat's count of counting cards (``r.pcount``) in each lane, 4 bits
    each, packed as sv_gkey packs the lengths (seats 0-3; the pinochle frame has at most 4 seats).
    0 without ``r.pcount``."""
    cdef uint64_t a = 0
    cdef int s
    if not r.pcount:
        return 0
    for s in range(r.seats):
        a |= sv_lane_counts(p.hand[s] & r.pcount) << (4 * s)     # at most 6 a lane
    return a

# -- pinochle's lane frame (with ``r.pcount``: two point classes rising with rank) --------------
#
# The class word (sv_class_sig) splits a length class by which ranks are still held: a lane where a
# 9 was played and one where a J was played key apart even when the entry's proof fixed only the
# top cards.  With ``r.pcount`` the key drops it: each lane's cards are numbered among the ranks
# still held from the lane's top down (sv_lane_rel), so the fixed top cards line up whatever is left
# below them, and an entry keeps each lane's count of counting ranks held (sv_class_counts), which
# fixes the point classes of the ranks its mask covers (sv_pclass_fits).  Instrumented (a second
# table beside the first, 12 tricks, 30 deals): of 1.04M trick starts searched, 0.68M found no entry of
# their length class; the lane frame's entries settled 143K of the searched (92K of those).  As the key,
# values equal: 12 tricks, 30 deals 12.28M -> 11.02M nodes; 15 tricks, the bench's 12 deals 234.3M ->
# 184.4M (seed 2 120.2M -> 98.2M).  The small wrappers are forced inline (setup.py's ALWAYS_INLINE).
# The frame's two ways are one pext and one pdep over the lane frame's places (sv_lane_places;
# stop 36: stop 35's four pexts a call, one a lane, were a tenth of the solve's instructions;
# callgrind, 12 tricks, deals 0-5 of the 30, 2,960M -> 2,759M; 15 tricks, deals 0, 4, 10 of the
# bench's 12, 4,844M -> 4,539M; nodes equal).

cdef enum:
    LANE_TOP = 12               # a lane's cards in the lane frame: bits 0-11 of its 16, the top card's at 10-11
    LANE_FILTER = 0x0F00        # the filter's cards in a lane (sv_filter_frame): the two top ranks, both copies

cdef inline uint64_t sv_lane_places(uint64_t frame) noexcept nogil:
    """The lane frame's places of ``frame``'s cards: in each lane holding n of them, bits
    LANE_TOP - n .. LANE_TOP - 1 of the lane's 16 (the top card at bits 10-11).  With it, the frame's
    two ways are one ``pext`` and one ``pdep`` each (sv_lane_rel, sv_lane_cards).  Worked out at each
    use (four popcounts): kept in a variable through sv_search, it cost trick mode's search 0.25-0.45%
    more instructions (callgrind's euchre oracle, spades oracle(8) and euchre PIMC rows: gcc's
    registers), for 2% fewer in the pinochle solve."""
    cdef uint64_t out = 0
    cdef int l
    for l in range(4):
        out |= (((<uint64_t>1 << LANE_TOP) - (<uint64_t>1 << (LANE_TOP - popcount(frame & lane_bb(l)))))
                << (16 * l))
    return out

cdef uint64_t sv_lane_rel(uint64_t x, uint64_t frame, uint64_t places) noexcept nogil:
    """``x``'s cards in the lane frame: in each lane, their places among ``frame``'s cards (both copy
    bits of each rank still held), counted so that the lane's top card sits at bits 10-11 of the lane's
    16 (LANE_TOP): positions with as many ranks held above the cards below them line up.  ``places``:
    sv_lane_places(frame).  ``pext`` packs the frame's cards lane after lane, in rank order within a
    lane, and ``pdep`` lays them out on ``places`` in the same order, lane l's n_l cards on its top n_l
    places below LANE_TOP: the i-th card of a lane's frame lands at place LANE_TOP - n_l + i, where
    four ``pext``s, one a lane shifted into place, put it (stop 35's way: a tenth of a 12-trick solve's
    instructions went to this and sv_lane_cards)."""
    return sv_pdep(sv_pext(x, frame), places)

cdef uint64_t sv_lane_cards(uint64_t t, uint64_t frame, uint64_t places) noexcept nogil:
    """The cards of ``frame`` at the lane frame's places ``t`` (sv_lane_rel's inverse; a place
    with no card of the frame here, a small card's in another position, gives none)."""
    return sv_pdep(sv_pext(t, places), frame)

cdef inline uint64_t sv_rel(const SVRules* r, uint64_t x, uint64_t frame) noexcept nogil:
    """``x``'s cards in the generalised table's relative terms: the lane frame with ``r.pcount``,
    else their places among ``frame``'s cards."""
    if sv_points_only(r.pcount != 0):
        return sv_lane_rel(x, frame, sv_lane_places(frame))
    return sv_pext(x, frame)

cdef inline uint64_t sv_unrel(const SVRules* r, uint64_t t, uint64_t frame) noexcept nogil:
    """The cards at relative places ``t`` (sv_rel's inverse)."""
    if sv_points_only(r.pcount != 0):
        return sv_lane_cards(t, frame, sv_lane_places(frame))
    return sv_pdep(t, frame)

cdef inline uint16_t sv_class_counts(const SVRules* r, uint64_t frame) noexcept nogil:
    """With ``r.pcount``: each lane's count of counting ranks with a copy held (3 bits a lane); 0
    without.  The counting ranks are a lane's top ones (the classes rise with rank)."""
    cdef uint16_t c = 0
    cdef int l
    if not r.pcount:
        return 0
    for l in range(4):
        c |= <uint16_t>(popcount(frame & r.pcount & COPY0_BB & lane_bb(l)) << (3 * l))
    return c

cdef bint sv_pclass_fits(uint64_t mask, uint16_t a, uint16_t b) noexcept nogil:
    """Whether the ranks an entry fixes (``mask``, in the lane frame: each lane's top ranks) have the
    same point classes under the class counts ``a`` and ``b`` (sv_class_counts): with classes rising
    with rank, a lane's top m ranks are min(c, m) counting ranks over the rest, c its count.

    Why an entry then serves the position (with the same lengths, leader, count word and holders of
    the fixed cards): the cards below its mask in each lane are small (no proof behind the entry compared
    their ranks: sv_pwit), and the count word gives each seat as many small counting and non-counting
    cards in each lane as the entry's position had; the positions differ only in which small ranks
    are out, so the proof carries over as sv_pwit says, each seat's i-th lowest small card for its
    i-th lowest: every comparison the proof made was with a fixed card, every trick holds cards of
    the same points, and the bounds read only lengths, the fixed cards and points by lane and class."""
    cdef int l, m, ca, cb
    if a == b:
        return True                     # (most entries a probe meets: the same ranks counted)
    for l in range(4):
        m = popcount((mask >> (16 * l)) & <uint64_t>0x555)
        ca = (a >> (3 * l)) & 7
        cb = (b >> (3 * l)) & 7
        if (ca if ca < m else m) != (cb if cb < m else m):
            return False
    return True

cdef inline uint64_t sv_filter_frame(uint64_t frame) noexcept nogil:
    """The filter's cards, in the key's relative terms (bits of ``pext(., frame)``): the top four
    cards (bits) still out in each lane.  Entries of one length class share it."""
    cdef uint64_t S = 0
    cdef int l, n, k, off = 0
    for l in range(4):
        n = popcount(frame & lane_bb(l))
        k = n if n < 4 else 4
        S |= ((<uint64_t>1 << k) - 1) << (off + n - k)
        off += n
    return S

cdef inline void sv_filter_pos(const uint64_t* key, uint64_t S, uint16_t* fp) noexcept nogil:
    """A position's filter words: which of the filter's cards ``S`` seats 0, 1 and 2 hold (``key``:
    the seats' cards in relative terms).  An entry (sv_gstore) keeps which of the filter's cards its
    mask fixes and which of them those seats hold; the position can match the entry only where the
    two agree on the fixed cards: a necessary condition read with the tags, 8 entries at a time
    (sv_line_hits), before the entry's 72 bytes (a probe's length class often has dozens of entries
    for one match)."""
    fp[0] = <uint16_t>sv_pext(key[0], S)
    fp[1] = <uint16_t>sv_pext(key[1], S)
    fp[2] = <uint16_t>sv_pext(key[2], S)

cdef inline uint32_t sv_bucket_hits(const SVGBucket* bk, int h, uint16_t tag, const uint16_t* fp) noexcept nogil:
    """Entries h .. h + SV_TAG_LINE - 1 of the bucket with the tag whose filter passes ``fp``: bit i - h."""
    return sv_line_hits(bk.tag + h, bk.fmask + h, bk.fseat[0] + h, bk.fseat[1] + h, bk.fseat[2] + h,
                        tag, fp[0], fp[1], fp[2])

cdef inline bint sv_same_count(const SVRules* r, const SVGEntry* e, uint64_t pc, uint16_t cc) noexcept nogil:
    """Whether entry ``e``'s count word is ``pc`` (sv_pcount_word: kept in the last ``rel`` word, which
    the pinochle frame's seats leave free; a table of every seat keeps none), and with ``r.pcount``
    whether its fixed ranks have the same point classes under the class counts ``cc`` (sv_pclass_fits)."""
    if r.seats == SV_MAX_SEATS:
        return True
    if e.rel[SV_MAX_SEATS - 1] != pc:
        return False
    return not sv_points_only(r.pcount != 0) or sv_pclass_fits(e.mask, e.ccount, cc)

cdef inline int sv_nibble_excess(uint64_t a, uint64_t b) noexcept nogil:
    """The sum over the 16 nibbles of max(0, a_i - b_i), eight nibbles at a time: each byte of
    (a's nibbles | 0x80) - b's is 128 + a_i - b_i (from 113 to 143: no borrow between bytes), at
    or above 128 exactly where a_i >= b_i, and then its low 7 bits are a_i - b_i; the two halves'
    bytes (at most 15 + 15) are summed by one multiply (at most 240).  A loop over the nibbles
    that differ cost ~12 instructions each, where a second-bucket entry's count word differs in
    several (sv_count_gap)."""
    cdef uint64_t low = <uint64_t>0x0F0F0F0F0F0F0F0FULL, high = <uint64_t>0x8080808080808080ULL
    cdef uint64_t even = ((a & low) | high) - (b & low)
    cdef uint64_t odd = (((a >> 4) & low) | high) - ((b >> 4) & low)
    even &= ((even & high) >> 7) * 0x7F
    odd &= ((odd & high) >> 7) * 0x7F
    return <int>(((even + odd) * <uint64_t>0x0101010101010101ULL) >> 56)

cdef inline int sv_count_gap(const SVRules* r, uint64_t stored, uint64_t here, bint down) noexcept nogil:
    """How far an entry's bounds move when its count word (``stored``) and the position's (``here``,
    sv_pcount_word) differ: the points of the counting cards the entry's position had beyond this
    one's, seat by seat and lane by lane (``down``: what its lower bound loses), else of those this
    one has beyond the entry's (what its upper bound gains).

    Why the entry's bounds then hold, moved by these: take the position with its points changed so
    that each seat's i-th lowest small card of a lane (below the entry's mask) scores what the entry's
    position's i-th lowest scored there (a seat holds as many small cards of each lane in both:
    the lengths and fixed cards agree).  That game is the entry's, as sv_pclass_fits says (every
    small card mapped to one of the same points, no comparison of small cards in the proof), so its
    value lies in the entry's bounds.  The real game has the same legal cards and tricks in every
    line, and in each line the counting side's points differ from that game's by the small cards it
    takes whose points were changed: at least minus those that lost points, at most plus those that
    gained.  With the classes rising with rank a seat's counting small cards are its top ones, so
    with c counting small cards in a lane in the entry's position and c' here, max(0, c - c') lost
    points and max(0, c' - c) gained, each by the difference of the two classes' points; the fixed
    cards are the same, so c - c' is the count words' difference there (sv_nibble_excess)."""
    cdef int total = sv_nibble_excess(stored, here) if down else sv_nibble_excess(here, stored)
    return total * (r.pts[lsb(r.pcount)] - r.pts[0])    # the two classes' points (bit 0: the lowest rank's)

cdef inline int sv_gend(const SVGBucket* bk) noexcept nogil:
    """The bucket's first empty slot, -1 when it is full: a bucket fills from slot 0 on (sv_gstore),
    so the first tag line whose last tag is 0 holds it, found by halving the lines (four reads
    where a scan reads every line)."""
    cdef int a = 0, b = SV_BUCKET // SV_TAG_LINE, m
    while a < b:
        m = (a + b) >> 1
        if bk.tag[m * SV_TAG_LINE + SV_TAG_LINE - 1] == 0:
            b = m
        else:
            a = m + 1
    if a == SV_BUCKET // SV_TAG_LINE:
        return -1
    return a * SV_TAG_LINE + lsb(sv_tags(bk.tag + a * SV_TAG_LINE, 0, SV_TAG_LINE))

cdef inline bint sv_gstore(SVScratch* sc, const SVRules* r, SVGBucket* bk, uint16_t tag, uint64_t k0, uint64_t k1,
                           const uint64_t* rel, uint64_t all_out, uint64_t w, int lo, int hi,
                           int move, uint64_t S, const uint16_t* fp, uint64_t pc, uint16_t cc,
                           bint append) noexcept nogil:
    """Store the bounds [lo, hi] of the position whose relative cards are ``rel`` for every position
    alike in the cards from ``w``'s up (sv_top_from); ``S`` / ``fp``: the filter's cards and the
    position's filter words (sv_filter_pos; S 0: no filter, every word 0); ``pc``: its count word
    (sv_pcount_word: 0 but in the pinochle frame, whose seats leave the last ``rel`` word free); ``cc``:
    its class counts (sv_class_counts).  True where an entry of the same class was there (its bounds
    narrowed), False where a new one was written.  ``append``: no entry of the class is looked for,
    a new one goes at the bucket's end (sv_gend: the second bucket's copy of an entry new to the first,
    sv_gstore_unspread)."""
    cdef uint64_t mask = sv_rel(r, sv_top_from(w, all_out), all_out)
    cdef uint16_t fm = <uint16_t>sv_pext(mask, S) if S else 0     # 0: passes every position
    cdef SVGEntry* e
    cdef int i, t, slot = -1
    cdef bint same
    cdef uint32_t tm
    cdef int h
    if append:
        slot = sv_gend(bk)
    for h in range(0, 0 if append else SV_BUCKET, 32):               # SV_TAG_LINE
      # an entry of the same class passes the position's filter and fixes the same filter cards
      tm = sv_bucket_hits(bk, h, tag, fp)
      while tm:
        i = h + lsb(tm)
        tm &= tm - 1
        if bk.fmask[i] == fm and bk.e[i].k0 == k0 and bk.e[i].k1 == k1 and bk.e[i].mask == mask:
            e = &bk.e[i]
            same = sv_same_count(r, e, pc, cc)
            for t in range(r.seats):
                if e.rel[t] != (rel[t] & mask):
                    same = False
                    break
            if same:                        # the same class: both bounds hold, keep the tighter
                if lo > e.lo:
                    e.lo = <int16_t>lo
                if hi < e.hi:
                    e.hi = <int16_t>hi
                if e.hi < e.lo:
                    e.hi = e.lo
                if move >= 0:
                    e.move = <int8_t>move
                return True
      if bk.tag[h + SV_TAG_LINE - 1] == 0:
        slot = h + lsb(sv_tags(bk.tag + h, 0, SV_TAG_LINE))    # the first empty slot (the bucket's end)
        break
    if slot < 0:
        # full (the heaviest deals' busy length classes): the next entry, in turn, that settled
        # no probe since the turn last passed it; each probe it settles earns it a pass, at most 3
        # (a second chance: the DDS bench's 10 heaviest deals 74.23M -> 72.72M nodes; passes for
        # any match: 72.91M; plain round-robin before)
        for t in range(SV_BUCKET):
            slot = bk.next % SV_BUCKET
            bk.next += 1
            if not bk.e[slot].used:
                break
            bk.e[slot].used -= 1
    e = &bk.e[slot]
    bk.tag[slot] = tag
    bk.fmask[slot] = fm
    for t in range(3):
        bk.fseat[t][slot] = fp[t] & fm
    e.k0 = k0
    e.k1 = k1
    e.mask = mask
    for t in range(SV_MAX_SEATS):
        e.rel[t] = (rel[t] & mask) if t < r.seats else 0
    if r.seats < SV_MAX_SEATS:
        e.rel[SV_MAX_SEATS - 1] = pc
    e.lo = <int16_t>lo
    e.hi = <int16_t>hi
    e.move = <int8_t>move
    e.used = 0
    e.ccount = cc
    return False

cdef inline bint sv_gprobe(const SVRules* r, SVGBucket* bk, uint16_t tag, uint64_t k0, uint64_t k1,
                           const uint64_t* key, const uint16_t* fp, uint64_t pc, uint16_t cc, uint64_t frame,
                           int alpha, int beta, int* lo, int* hi, uint64_t* lo_w, uint64_t* hi_w,
                           int* tt_move, int* near_move, bint newest_first) noexcept nogil:
    """A trick start's probe of bucket ``bk`` (``tag``, the key ``k0`` / ``k1``, the seats' relative
    cards ``key``, filter words ``fp``, count word ``pc``, class counts ``cc``, relative frame
    ``frame``): the bounds [lo, hi] narrowed by every entry that serves the position, with their
    witnesses (``lo_w`` / ``hi_w``), until they settle the window (alpha, beta); ``tt_move`` gets the
    first serving entry's lead and ``near_move`` (in the entry's relative terms) the first same-length
    entry's that does not serve (sv_first_leads).  ``newest_first``: the lines from the bucket's end
    back (sv_gend), as the second bucket is read: its entries are appended, never merged, so an
    entry's narrower bounds are its later copies (15 tricks, deals 0, 2, 4, 5, 7, 10 of the bench's
    12: nodes 11.85M -> 11.70M; the newest 128 entries only: 12.12M).

    True where an entry of the key passed the filter.  Where none did and the bounds were left open,
    the whole bucket was read, and sv_gstore then has no entry of the position's class to look for
    there: the search below it stores only positions of fewer cards (other lengths), so nothing of
    the class comes in meanwhile; it appends (``append``) instead of reading every line again, with
    the same entries, nodes and values."""
    cdef SVGEntry* ge
    cdef uint32_t tm
    cdef uint64_t placed
    cdef int h, i, t, gap_lo, gap_hi
    cdef bint match, met = False
    h = 0
    if newest_first:
        h = sv_gend(bk)
        h = SV_BUCKET - SV_TAG_LINE if h < 0 else h & ~(SV_TAG_LINE - 1)
    while True:
      tm = sv_bucket_hits(bk, h, tag, fp)
      while tm:
        i = h + lsb(tm)
        tm &= tm - 1
        if bk.e[i].k0 != k0 or bk.e[i].k1 != k1:
            continue
        ge = &bk.e[i]
        met = True
        gap_lo = gap_hi = 0
        match = True
        for t in range(r.seats):
            if (key[t] ^ ge.rel[t]) & ge.mask:
                match = False
                break
        if not match:
            pass                        # (the holders first: they reject more, and cheaper)
        elif sv_points_only(r.pcount != 0):
            # the lane frame: an entry whose count word differs serves with its bounds moved
            # by the points of the small counting cards that moved (sv_count_gap)
            match = sv_pclass_fits(ge.mask, ge.ccount, cc)
        else:
            match = sv_same_count(r, ge, pc, cc)
        if not match:
            # a position of the same lengths that differs in ranks the entry relied on:
            # its best lead is a good guess here (sv_first_leads)
            if near_move[0] < 0:
                near_move[0] = ge.move
            continue
        if sv_points_only(r.pcount != 0) and ge.rel[SV_MAX_SEATS - 1] != pc:
            if ge.lo > lo[0]:
                gap_lo = sv_count_gap(r, ge.rel[SV_MAX_SEATS - 1], pc, True)
            if ge.hi < hi[0]:
                gap_hi = sv_count_gap(r, ge.rel[SV_MAX_SEATS - 1], pc, False)
        if ge.lo - gap_lo > lo[0]:
            lo[0] = ge.lo - gap_lo
            lo_w[0] = sv_unrel(r, ge.mask, frame)
        if ge.hi + gap_hi < hi[0]:
            hi[0] = ge.hi + gap_hi
            hi_w[0] = sv_unrel(r, ge.mask, frame)
        if tt_move[0] < 0 and ge.move >= 0:
            # (a place the lane frame has no card at here, a small card's: none)
            placed = sv_unrel(r, bit_bb(ge.move), frame)
            tt_move[0] = lsb(placed) if placed else -1
        if lo[0] >= beta or hi[0] <= alpha or lo[0] >= hi[0]:
            if ge.used < 3:
                ge.used += 1            # it settled the node (sv_gstore's replacement)
            break
      if lo[0] >= beta or hi[0] <= alpha or lo[0] >= hi[0]:
        break
      if newest_first:
        if h == 0:
            break
        h -= SV_TAG_LINE
      else:
        if bk.tag[h + SV_TAG_LINE - 1] == 0 or h == SV_BUCKET - SV_TAG_LINE:
            break
        h += SV_TAG_LINE
    return met

ctypedef struct SVProbe:
    int lo                      # the bounds so far (sv_gprobe's)
    int hi
    uint64_t lo_w               # and their witnesses
    uint64_t hi_w
    int tt_move
    int near_move

cdef void sv_gprobe_unspread(SVScratch* sc, const SVRules* r, uint64_t k0, uint64_t k1, const uint64_t* key,
                             const uint16_t* fp, uint64_t pc, uint16_t cc, uint64_t frame, int alpha, int beta,
                             SVProbe* b) noexcept nogil:
    """sv_gprobe of the bucket without the count word's spread (SPREAD_BUCKETS), the bounds so far in
    ``b``: a call, and the bounds in a struct of their own, so that the search inlines one probe and
    its bounds stay in registers (the search laid out as before in trick mode)."""
    cdef uint16_t tag
    cdef SVGBucket* bk = sv_gbucket(sc, k0, k1, &tag)
    sv_gprobe(r, bk, tag, k0, k1, key, fp, pc, cc, frame, alpha, beta, &b.lo, &b.hi, &b.lo_w, &b.hi_w,
              &b.tt_move, &b.near_move, True)

cdef void sv_gstore_unspread(SVScratch* sc, const SVRules* r, uint64_t k0, uint64_t k1,
                             const uint64_t* rel, uint64_t all_out, uint64_t w, int lo, int hi,
                             int move, uint64_t S, const uint16_t* fp, uint64_t pc, uint16_t cc) noexcept nogil:
    """sv_gstore into the bucket without the count word's spread (SPREAD_BUCKETS), appended at its end
    (sv_gend), not merged with an entry of the same class: finding that entry read every line of a
    crowded bucket (15 tricks, deal 5 of the bench's 12: 1,288 instructions a store, 5.6% of the
    solve), and the copies, read newest first (sv_gprobe), serve as well (nodes 11.91M -> 11.85M
    over deals 0, 2, 4, 5, 7, 10); storing there only entries new to the first bucket cost nodes
    (12.43M: the narrowed bounds of merged entries never reached the second bucket).  A call, so that
    the search inlines one store (twice inline, trick mode's search was laid out worse)."""
    cdef uint16_t tag
    cdef SVGBucket* bk = sv_gbucket(sc, k0, k1, &tag)
    sv_gstore(sc, r, bk, tag, k0, k1, rel, all_out, w, lo, hi, move, S, fp, pc, cc, True)

cdef inline uint64_t sv_trick_win(const SVRules* r, const SVPos* c, int size, bint seq) noexcept nogil:
    """The card that won the trick just completed in ``c`` (its cards still in ``c.trick``),
    when another card of its lane was played (else its rank did not matter), and with
    ``seq`` the winner's cards just below it that the move generator merged with it."""
    cdef int w = c.trick[c.best], lane = c.trick[c.best] >> 4, n = 0, i, b
    cdef uint64_t res, held, below, out = 0
    for i in range(size):
        if (c.trick[i] >> 4) == lane:
            n += 1
    if n < 2:
        return 0
    res = bit_bb(w)
    if seq:
        held = c.hand[c.trick_seat[c.best]]
        for i in range(r.seats):
            out |= c.hand[i]
        for i in range(size):
            out |= bit_bb(c.trick[i])
        below = out & lane_bb(lane) & (bit_bb(w) - 1)
        while below:
            b = msb(below)
            if not (held >> b) & 1:
                break
            res |= bit_bb(b)
            below &= ~bit_bb(b)
    return res

# -- the search ---------------------------------------------------------------------------

cdef inline bint sv_ally_tops(const SVRules* r, const SVPos* p, int s, int suit) noexcept nogil:
    """An ally of ``s`` holds the highest card still out in ``suit``."""
    cdef uint64_t out = 0
    cdef int i, top
    for i in range(r.seats):
        out |= p.hand[i]
    out &= lane_bb(suit)
    if not out:
        return False
    top = msb(out)
    for i in range(r.seats):
        if i != s and sv_allies(r, i, s) and (p.hand[i] >> top) & 1:
            return True
    return False

cdef inline int sv_later_threat(const SVRules* r, const SVPos* p, int s) noexcept nogil:
    """The best card an opponent of ``s`` still to play in this trick could beat the trick's
    winning card with (-1: none can): its highest card of the led lane, or its highest
    trump when void there."""
    cdef int lead = p.trick[0] >> 4, best = p.trick[p.best], o = s, k, c, top = -1
    cdef uint64_t h
    for k in range(sv_trick_size(r, p) - p.n_in_trick - 1):
        o = sv_next(r, p, o)
        if sv_allies(r, o, s):
            continue
        h = p.hand[o] & lane_bb(lead)
        if not h and r.trump >= 0:
            h = p.hand[o] & lane_bb(r.trump)
        if not h:
            continue
        c = msb(h)
        if sv_beats(r, c, best) and (top < 0 or sv_beats(r, c, top)):
            top = c
    return top

cdef enum:
    WIDE = 20                   # a lead's cost per card the opponents hold in its suit (their choices: a wider search)
    # Points mode: the width is the opponents' answering ranks (sv_reply_ranks), weighed this many
    # times WIDE, so that it outweighs the lead card's own rank and points (64 a point) more often.
    # Cutthroat pinochle, 12 tricks, 30 deals (pinset.py): nodes 21.54M (cards of the suit, x1) ->
    # 17.92M (answering ranks, x1) -> 17.31M (x3) -> 16.44M (x4) -> 16.43M (x6) -> 16.55M (x8) -> 19.03M (x16);
    # without the killer lead (sv_first_leads) x3 15.87M, x4 15.21M, x6 15.02M, and 15 tricks (the bench's
    # 12 deals) x4 310.0M, x6 302.1M
    REPLY_WEIGHT = 6
    # A lead of a sure trump winner (no trump out above it) is tried after every other lead while more
    # than this many tricks are left: cashing the top trumps rarely makes the trick a bound needs (the
    # side's other tricks come from leads that set up or reach winners), so searched first it was
    # mostly wasted.  13-card spades, 60 deals: geometric mean nodes -16%; cutthroat pinochle, 10 tricks
    # left, seeds 1-6: median nodes -58%.  Euchre's 5-trick hands keep drawing trumps first (demoting
    # them there cost 1.7% more nodes).
    TRUMPS_LAST = 5
    # Generalised tables of at least this many buckets (8,192 entries, about 800 KB) keep each
    # entry's filter (sv_filter_pos); smaller ones (euchre's, PIMC's) sit in the cache, where the
    # filter costs more instructions than the entry reads it saves, and store 0 (passes every position).
    FILTER_BUCKETS = 8192 // SV_BUCKET
    # Pinochle tables of at least this many buckets (2^21 entries: cutthroat's full deal) pick the
    # bucket by the count word too (sv_pcount_word; entries match only on an equal word), spreading a
    # busy length class over several buckets: 15 tricks, deals 3-12, nodes 289.5M -> 269.5M (seed 7
    # 162.2M -> 144.4M), CPU 77.0 -> 72.1 s.  Smaller tables do not overflow, and there the spread
    # touched more lines: 12 tricks, 30 deals, CPU +10% (same nodes).  Spread, a bucket holds no
    # entry of another count word, so sv_count_gap's moved bounds serve only smaller tables (stop 36,
    # 15 tricks, deals 0, 2, 4, 5, 7, 10 of the bench's 12: spread by the count word 16.83M nodes; not
    # spread, with the moved bounds 17.89M (without 23.15M); spread by each lane's count of counting
    # cards, every seat's together, 16.75M, by the counting side's 17.94M, by the count of counting
    # cards 17.55M; seed 2 spread by the lane counts 115.1M against 98.2M: kept as it was).
    # Stop 38: such tables (``SVScratch.spread``) store every entry in the bucket without the count
    # word too, and a trick start that the first probe leaves open, having found no entry of its
    # lengths there, reads that bucket second, where entries of every count word serve with moved
    # bounds (sv_gprobe_unspread, sv_gstore_unspread).  Instrumented, the six deals above, reading it
    # at every open trick start: of 4.02M trick starts probed 2.31M read the second bucket, 1.13M
    # settled there; nodes 16.58M -> 12.42M (stored only there: 17.86M).  Read only where the first
    # probe found no entry of the lengths: nodes 12.32M, but deal 5's instructions rose (its nodes
    # -10%, instructions +5.4%): the second store read every line of a crowded bucket to merge (the
    # bucket of a length class holds its entries of every count word: in deal 5 ~11 lines a store,
    # 1,288 instructions) and the second probe ~4.7 lines (one in two with an entry past the filter).
    # Made cheap: the second store appends (sv_gend), read newest first; a probe that met no entry of
    # its key lets the first store append too; an entry's holders are checked before its class counts,
    # and the count gap is one multiply (sv_nibble_excess).  Callgrind, deals 0, 2, 4, 5, 7, 10 against
    # cac7c5b: 21,293M -> 17,119M instructions, deal 5 4,956M -> 4,643M; nodes 16.25M -> 11.70M.
    # Tried: scanning only the second bucket's newest 128 entries (nodes 12.12M); a tag-only check
    # before each line's filters (deal 5 -0.1%: most lines of a probed bucket hold the key's entries);
    # spreading the second bucket by each seat's count of counting cards (of the entries that settled
    # there, 7% (deal 2) to 37% (deal 5) had the same counts: not built).
    SPREAD_BUCKETS = (1 << 21) // SV_BUCKET
    LAST_HAND_TOPS = 24         # sv_lead_tops' weights
    UNDER_NEXT_TOP = 100

cdef inline int sv_lead_tops(const SVRules* r, const SVPos* p, int s, int suit) noexcept nogil:
    """A lead's weight from who holds the suit's two best cards still out (four seats in partnerships,
    counting tricks, more than TRUMPS_LAST tricks left; else 0), after DDS's lead weights: a suit where
    the last hand to play holds the best or second-best card (and more than that card) is led later
    (it wins or covers cheaply after the others); one where the next hand holds the best and the
    leader's partner the second-best (and more) sooner (the next hand must spend its top card or let
    the partner's win).  13-card spades, seeds 1 and 3 (60 deals): geometric mean nodes -8%; seeds 2
    and 4 (40 deals): -1.6%, median -5%."""
    cdef int nxt, pa, last, i, t, top = -1, second = -1
    cdef uint64_t lane = 0
    if r.points or r.seats != 4 or r.n_active != 4 or p.tricks_done + p.tricks_left <= TRUMPS_LAST:
        return 0
    nxt = (s + 1) & 3
    pa = (s + 2) & 3
    last = (s + 3) & 3
    for i in range(4):
        lane |= p.hand[i] & lane_bb(suit)
    t = msb(lane)
    lane &= ~bit_bb(t)
    for i in range(4):
        if (p.hand[i] >> t) & 1:
            top = i
    if lane:
        t = msb(lane)
        for i in range(4):
            if (p.hand[i] >> t) & 1:
                second = i
    if (top == last or second == last) and popcount(p.hand[last] & lane_bb(suit)) != 1:
        return -LAST_HAND_TOPS
    if top == nxt and second == pa and popcount(p.hand[pa] & lane_bb(suit)) != 1:
        return UNDER_NEXT_TOP
    return 0

# What sv_order_score reads that depends on the seat's position and not on its card: worked out
# once a node (sv_order_prep), a lead's suit facts once a suit (sv_order_suit).
ctypedef struct SVOrder:
    int lead                    # the seat leads
    int ally_wins               # follows: an ally's card wins the trick so far
    int threat                  # follows: sv_later_threat (-1: none, -2: not worked out yet)
    int suits_done              # leads: bit per suit whose facts below are filled in
    int ruff[4]                 # leads, per suit: who could ruff it, an opponent -8 each, an ally +1
    int wide[4]                 # the cards the opponents hold in it
    int ally_top[4]             # an ally holds its best card (sv_ally_tops)
    int plain[4]                # a plain lead's part that depends on the suit (length, sv_lead_tops)


cdef inline void sv_order_prep(const SVRules* r, const SVPos* p, int s, SVOrder* o) noexcept nogil:
    o.lead = p.n_in_trick == 0
    o.suits_done = 0
    if not o.lead:
        o.ally_wins = sv_allies(r, s, p.trick_seat[p.best])
        o.threat = -2                   # not worked out yet (sv_order_threat)


cdef inline int sv_order_threat(const SVRules* r, const SVPos* p, int s, SVOrder* o) noexcept nogil:
    """sv_later_threat, once a node: it matters to an ally's card (cover it?) and to a winner
    (can it be overtaken?), never to a card that loses anyway."""
    if o.threat == -2:
        o.threat = sv_later_threat(r, p, s)
    return o.threat


cdef inline int sv_reply_ranks(const SVRules* r, const SVPos* p, int x, int suit) noexcept nogil:
    """Points mode (pinochle): the ranks seat ``x`` may answer a lead of ``suit`` with, about: its
    ranks of the suit; void there, its trump ranks (it must trump); void in both, every rank it
    holds (twins are one move, so ranks, not cards).  A lead's width (sv_order_suit): the seats
    that must try every answer (the opponents, when the leader's side proves its bound) search a
    tree about that many times wider.  Counting cards of the suit alone, a void opponent that may
    discard anything looked like the narrowest answer and was the widest."""
    cdef uint64_t h = p.hand[x] & lane_bb(suit)
    if not h and r.trump >= 0:
        h = p.hand[x] & lane_bb(r.trump)
    if not h:
        h = p.hand[x]
    return popcount((h | (h >> 1)) & COPY0_BB)


cdef inline void sv_order_suit(const SVRules* r, const SVPos* p, int s, int suit, SVOrder* o) noexcept nogil:
    cdef int x, ruff = 0, wide = 0
    if r.trump >= 0 and suit != r.trump:
        for x in range(r.seats):
            if x != s and p.hand[x] and not (p.hand[x] & lane_bb(suit)) and (p.hand[x] & lane_bb(r.trump)):
                ruff += 1 if sv_allies(r, x, s) else -8
    for x in range(r.seats):
        if x != s and not sv_allies(r, x, s):
            wide += sv_reply_ranks(r, p, x, suit) if r.points else popcount(p.hand[x] & lane_bb(suit))
    o.ruff[suit] = ruff
    o.wide[suit] = REPLY_WEIGHT * wide if r.points else wide
    o.ally_top[suit] = sv_ally_tops(r, p, s, suit)
    o.plain[suit] = (8 * popcount(p.hand[s] & lane_bb(suit))
                     + (sv_lead_tops(r, p, s, suit) if p.tricks_done + p.tricks_left > TRUMPS_LAST else 0))
    o.suits_done |= 1 << suit


cdef inline int sv_order_score(const SVRules* r, const SVPos* p, int s, int card, int tt_move,
                               uint64_t others, SVOrder* o) noexcept nogil:
    """Higher: searched first.  Leads: the table's move, then sure winners; follows: low
    when an ally wins the trick (rich in points mode), the cheapest winner, else the cheapest.
    ``o``: sv_order_prep's facts for this node."""
    cdef int rank = card & 15, best_card, pts = r.pts[card], suit = card >> 4
    cdef uint64_t higher
    cdef int ruff, wide, top
    if o.lead:
        if card == tt_move:
            return 100000
        if not (o.suits_done >> suit) & 1:
            sv_order_suit(r, p, s, suit, o)
        ruff = o.ruff[suit]
        wide = o.wide[suit]
        higher = others & above_in_lane_bb(card | r.rank_shift)
        if not higher and (suit == r.trump or r.trump < 0 or ruff >= 0):
            if suit == r.trump and p.tricks_done + p.tricks_left > TRUMPS_LAST:
                return rank + 64 * pts          # a sure trump winner: tried last (see TRUMPS_LAST)
            return 5000 + rank + 64 * pts
        if o.ally_top[suit]:
            return 4000 - rank - 64 * pts + 16 * ruff - WIDE * wide    # low to the ally that holds the suit's top card
        return 1000 - rank - 64 * pts + 16 * ruff - WIDE * wide + o.plain[suit]
    best_card = p.trick[p.best]
    if o.ally_wins:
        top = sv_order_threat(r, p, s, o)
        if top < 0:
            return 3000 + 64 * pts - rank - (16 if suit == r.trump else 0)
        # an opponent still to play can beat the ally's card: cover it if that holds
        if sv_beats(r, card, best_card) and sv_beats(r, card, top):
            return 2500 - rank + 64 * pts
        return 3000 + 64 * pts - rank - (16 if suit == r.trump else 0) - 1000
    if sv_beats(r, card, best_card):
        top = sv_order_threat(r, p, s, o)
        if top >= 0 and not sv_beats(r, card, top):
            return 1500 - rank + 64 * pts     # a winner that an opponent still to play may beat
        return 2000 - rank - 16 * (suit == r.trump) + 64 * pts
    return 1000 - rank - 64 * pts - (16 if suit == r.trump else 0)

cdef inline int sv_last_trick(const SVRules* r, const SVPos* p, uint64_t* win) noexcept nogil:
    """The last trick: every seat still to play holds one card; no choice is left."""
    cdef SVPos q = p[0]
    cdef int gain = 0, s, size = p.n_in_trick
    while q.tricks_left > 0:
        s = sv_to_act(r, &q)
        gain += sv_apply(r, &q, lsb(q.hand[s]))
        size += 1
    win[0] = sv_trick_win(r, &q, size, False) if size > 0 else 0
    return gain

cdef enum:
    ORDER_WEIGHT = 100000       # move-ordering class over the history heuristic (a tie-break)
    # Value ranges this short, in hands this short (euchre's), take one full-window search, not
    # MTD(f).  Longer hands gain from null windows even over short ranges: 13-card spades, value
    # and every lead, seeds 1, 2, 4 (16 deals each): nodes -1.0%, -1.5%, -0.9% (euchre with null
    # windows: 178 -> 200 nodes a solve)
    FULL_WINDOW = 5

cdef inline void sv_first_leads(int* first, int* second, int near, int killer) noexcept nogil:
    """The leads a trick start tries first, ``first`` then ``second`` (-1: none), from the table's
    move (``first`` on entry: a matching entry's best lead), ``near`` (the best lead of an entry of
    the same lengths whose ranks differ: a near position) and ``killer`` (the lead that last cut off
    a trick start as deep: DDS's best move of the depth; sibling positions often fall to the same
    lead), in that order, each once.  A card the leader does not hold (a near entry's relative rank
    is another seat's here) orders nothing.  13-card spades, value + every lead, the 10 heaviest of
    the DDS bench's 100 deals (seed 1), nodes: table move alone 103.99M; near as first 97.10M
    (first-move cutoffs at leads 84.9% -> 87.2%); killer third 86.48M (92.6%); the next one second
    84.23M.  Seeds 1, 2, 4 (16 deals each) 82.07M -> 77.83M -> 71.62M -> 69.57M; cutthroat pinochle,
    12 tricks, 30 deals: 27.52M -> 26.66M -> 22.34M.  Tried: the killer before the near move
    (heavy deals 87.88M against 86.48M), one killer a leader (84.55M, but seeds +8.6%).
    Counting points the killer was left out at stop 32: once leads were ordered by the opponents'
    answering ranks (sv_reply_ranks) it cost nodes (cutthroat pinochle, 12 tricks, 30 deals: 16.44M
    -> 15.21M; one killer a leader: 16.57M; without the near move too: 15.47M; 15 tricks, the bench's
    12 deals: 333.6M -> 310.0M, median 12.43M -> 9.39M).  Since stop 34 the side lowering the value
    reads it again (the raising side passes -1): its leads refute the raising side's bound, and where
    they cut a trick start off it was a later lead than the first in 24% (instrumented, 12 tricks;
    the subtrees searched before those late cuts are large).  With the small-card rule
    (sv_small_slot), 12 tricks, 30 deals: 12.42M -> 12.28M, median 298,933 -> 276,526 (both sides
    reading it, a slot set each: 12.48M; a slot set each, the lowering side reading: 12.28M; one a
    leader: 12.30M; the killer before the near move: 12.23M, median 279,230); 15 tricks, the bench's 12 deals: 276.8M -> 234.3M, median 8.51M
    -> 7.94M, seed 2 (the p99 deal) 161.7M -> 120.2M (a slot set each: 227.6M, 113.0M)."""
    cdef int c[3]
    cdef int i
    c[0] = first[0]
    c[1] = near
    c[2] = killer
    first[0] = second[0] = -1
    for i in range(3):
        if c[i] < 0 or c[i] == first[0]:
            continue
        if first[0] < 0:
            first[0] = c[i]
        else:
            second[0] = c[i]
            return

cdef inline int sv_lowest_witness(uint64_t acc, int lane) noexcept nogil:
    """The lowest card of ``lane`` among the witnesses ``acc`` (the cards whose ranks the answers so
    far relied on), else the bit above the lane's top: a card of the lane below it is "small"."""
    cdef uint64_t w = acc & lane_bb(lane)
    return lsb(w) if w else 16 * lane + 16

cdef inline int sv_small_slot(const SVRules* r, int card) noexcept nogil:
    """Points mode (the pinochle frame): the bit offset, in the lane's word of sv_search's ``small``,
    of the byte kept for ``card``'s point class: 0xFF (empty) until a small card of that lane and
    class was searched (one below every witness of its lane: sv_lowest_witness), then the rank of
    that lowest witness (at most 32: a byte holds it; sv_small_note, sv_small_skip).  A later card of the seat in the same slot, of the same points and of a lower rank than that
    witness, has the tried card's value, so it is not searched: DDS's small-card rule, which the
    trick-mode table uses, with the points.  Why: the two children differ only in which of the two
    cards (c tried, c' skipped) is on the table and which the seat keeps; swap them in every line of
    c's proof.  Both lie below every card whose rank that proof compared (a contested trick's winner,
    the best card a follower's duty to beat was measured against, the cards a bound or an entry
    relied on: all in ``acc``), so every such comparison, every duty and every legal set comes out
    the same; the lane and each trick's points are the same (equal points), and so is each seat's
    count of counting cards by lane, which the bounds and the entries read.  Slots: a lane's cards of
    each point class (the pinochle frame has two: ``r.pclass``; cutthroat pinochle Q J 9 against A T
    K), so one slot holds cards of equal points; twins compare as ranks (a witness's twin is no small
    card).  Cutthroat pinochle, 12 tricks, 30 deals (pinset: psolve15's
    fixed positions): nodes 13.59M -> 12.42M (one slot a lane: 12.74M); 15 tricks, the bench's 12
    deals: 292.5M -> 276.8M, median 8.95M -> 8.51M; 3,000 random deals of 3-5 cards, every
    must_beat: values equal, fewer nodes in 506."""
    return 8 * r.pclass[(card & 15) >> 1]

cdef inline bint sv_small_skip(const SVRules* r, const int* small, int card) noexcept nogil:
    """``card`` is below the witness its slot keeps (sv_small_slot): not searched."""
    cdef int t = (small[card >> 4] >> sv_small_slot(r, card)) & 0xFF
    return t != 0xFF and (card >> 1) < t

cdef inline void sv_small_note(const SVRules* r, int* small, uint64_t acc, int card) noexcept nogil:
    """``small`` after ``card`` was searched (``acc``: the witnesses so far): where its slot is empty
    (0xFF) and it lies below its lane's lowest witness, the slot keeps that witness's rank."""
    cdef int k = sv_small_slot(r, card), t
    if ((small[card >> 4] >> k) & 0xFF) != 0xFF:
        return
    t = sv_lowest_witness(acc, card >> 4) >> 1
    if (card >> 1) < t:                 # ranks: a witness's twin is no small card
        small[card >> 4] &= ~(0xFF << k) | (t << k)

cdef int sv_search(SVScratch* sc, const SVRules* r, const SVPos* p, int alpha, int beta, uint64_t* win) noexcept nogil:
    """Fail-soft alpha-beta: the value of the rest of the hand for ``count_side`` when it
    lies inside (alpha, beta); otherwise a bound on the side of the window it fell.
    ``win`` gets the cards whose ranks the answer relies on (generalised table only)."""
    cdef SVPos child
    cdef SVOrder order
    cdef SVEntry* e = NULL
    cdef SVGBucket* bk = NULL
    cdef uint16_t tag = 0
    cdef SVProbe sb                     # the bounds through the second probe (sv_gprobe_unspread)
    cdef uint64_t key[SV_MAX_SEATS]
    cdef uint64_t others = 0, k0 = 0, k1 = 0, all_out = 0, lo_w = 0, hi_w = 0, qw = 0, cw = 0, acc = 0, got = 0
    cdef int moves[64]
    cdef long long score[64]
    cdef long long ts
    cdef int most = 0                   # at a trick boundary: sv_most_left (for the bounds only: kept live
                                        # through the move loop it cost trick mode registers)
    cdef int n, i, j, t, s, v, gain, best_v, best_move = -1, tt_move = -1, near_move = -1, second_move = -1, lo = 0, hi = 0, q, mv
    cdef bint maximise, boundary = p.n_in_trick == 0, cut = False
    cdef int general = sc.general
    cdef uint64_t frame = 0, local_w = 0, fS = 0, pc = 0
    cdef uint16_t cc = 0                # pinochle's class counts (sv_class_counts)
    cdef uint64_t placed                # an entry's lead at its relative place here
    cdef uint16_t fp[3]
    cdef bint narrow_lo = False, narrow_hi = False
    cdef bint met = True                # the probe met an entry of the key (sv_gprobe)
    cdef int small[4]                   # by lane (points mode: sv_small_slot's slots)
    small[0] = small[1] = small[2] = small[3] = -1
    fp[0] = fp[1] = fp[2] = 0
    sc.nodes += 1
    win[0] = 0
    if p.tricks_left <= 1:
        return sv_last_trick(r, p, win)
    if beta <= 0:
        return 0                                # a value is never below 0
    if not r.points and alpha >= p.tricks_left:
        return p.tricks_left                    # nor above the tricks left
    if boundary:
        # the most the counting side can still take (the points out and the last trick's bonus,
        # counting points), worked out once for every bound below
        most = sv_most_left(r, p)
        if general and alpha < most:        # (else the points out settle it before the table)
            # the bucket is a cache miss: ask for it now, and work out the bounds meanwhile
            sv_gkey(r, p, &k0, &k1)
            if general == SV_GENERAL_POINTS:
                k1 |= sv_psig(r, p, &frame) << 10
                if sc.spread:
                    pc = sv_pcount_word(r, p)       # (SPREAD_BUCKETS)
            bk = sv_gbucket(sc, k0, (k1 ^ mix64(pc)) if pc else k1, &tag)
            sv_prefetch(<void*>bk)                  # the first tag line
            sv_prefetch(<void*>bk.fmask)            # and its entries' filters
            sv_prefetch(<void*>bk.fseat[0])
            sv_prefetch(<void*>bk.fseat[1])
            sv_prefetch(<void*>bk.fseat[2])
        elif not general:
            # the same for the exact table: its slot is a cache (and often TLB) miss
            sv_key(r, p, key)
            e = sv_slot(sc, r, p, key)
            sv_prefetch(<void*>e)
            sv_prefetch(<void*>(<char*>e + sizeof(SVEntry) - 1))
        hi = most
        if not r.points and ((r.max_side >> p.leader) & 1) == ((r.count_side >> p.leader) & 1):
            q = sv_quick_tricks(r, p, p.leader, &qw, -1, &got,
                                beta if (r.count_side >> p.leader) & 1 else p.tricks_left - alpha)
            if (r.count_side >> p.leader) & 1:
                lo = q
                lo_w = qw
            else:
                hi = p.tricks_left - q
                hi_w = qw
        if (r.points and ((r.max_side >> p.leader) & 1) and ((r.count_side >> p.leader) & 1)
                and alpha < most):
            # a counting leader's cashed winners (sv_cashed_points); a lower bound only where one
            # can cut (no value is above ``most``).  A leader of the other side: after the table
            lo = sv_cashed_points(r, p, &qw)
            lo_w = qw
        if r.points and r.trump >= 0:
            sv_sure_trump_points(r, p, most, &lo, &hi, &lo_w, &hi_w, alpha, beta)
        if not r.points and r.trump >= 0:
            sv_sure_trumps(r, p, &lo, &hi, &lo_w, &hi_w, alpha, beta)
        if not r.points and r.kind == SV_FOLLOW and ((lo < 1 and beta <= 1)
                                                     or (hi >= p.tricks_left and alpha >= p.tricks_left - 1)):
            # the window asks for one trick (or all but one): does the first trick settle it?
            q = sv_first_trick_side(r, p, &qw)
            if q > 0 and lo < 1:
                lo = 1
                lo_w = qw
            elif q < 0 and hi >= p.tricks_left:
                hi = p.tricks_left - 1
                hi_w = qw
            if (hi >= p.tricks_left and alpha >= p.tricks_left - 1 and r.trump >= 0
                    and (r.count_side >> p.leader) & 1 and sv_trump_behind(r, p, &qw)):
                hi = p.tricks_left - 1
                hi_w = qw
        if general:
            if lo >= beta or lo >= hi:
                win[0] = lo_w | (hi_w if lo >= hi else 0)
                return lo
            if hi <= alpha:
                win[0] = hi_w
                return hi
            if general != SV_GENERAL_POINTS:
                for i in range(r.seats):
                    all_out |= p.hand[i]
                frame = all_out
            for i in range(SV_MAX_SEATS):
                key[i] = sv_rel(r, p.hand[i], frame) if i < r.seats else 0
            if general == SV_GENERAL_POINTS:
                if not pc:
                    pc = sv_pcount_word(r, p)
                cc = sv_class_counts(r, frame)
            if sc.gtt_mask >= FILTER_BUCKETS - 1:
                fS = LANE_FILTER * <uint64_t>0x0001000100010001 if r.pcount else sv_filter_frame(frame)
                sv_filter_pos(key, fS, fp)
            met = sv_gprobe(r, bk, tag, k0, k1, key, fp, pc, cc, frame, alpha, beta, &lo, &hi, &lo_w, &hi_w,
                      &tt_move, &near_move, False)
            if (sv_points_only(sc.spread and pc != 0) and tt_move < 0 and near_move < 0
                    and lo < beta and hi > alpha and lo < hi):
                # spread (SPREAD_BUCKETS): where the first probe found no entry of the position's lengths
                # (none with a lead), the bucket of every count word, whose entries serve with their
                # bounds moved (sv_count_gap)
                sb.lo, sb.hi, sb.lo_w, sb.hi_w, sb.tt_move, sb.near_move = lo, hi, lo_w, hi_w, tt_move, near_move
                sv_gprobe_unspread(sc, r, k0, k1, key, fp, pc, cc, frame, alpha, beta, &sb)
                lo, hi, lo_w, hi_w, tt_move, near_move = sb.lo, sb.hi, sb.lo_w, sb.hi_w, sb.tt_move, sb.near_move
            if near_move >= 0:
                placed = sv_unrel(r, bit_bb(near_move), frame)
                near_move = lsb(placed) if placed else -1
            sv_first_leads(&tt_move, &second_move, near_move,
                           -1 if r.points and (r.max_side >> p.leader) & 1
                           else sc.killer[p.tricks_left & 63] - 1)    # (sv_first_leads)
        else:
            if sv_same(sc, r, p, e, key):
                if e.lo > lo:
                    lo = e.lo
                if e.hi < hi:
                    hi = e.hi
                tt_move = sv_move_from_entry(r, p, e.move)
        if (r.points and lo < beta and hi > alpha and lo < hi
                and not ((r.max_side >> p.leader) & 1) and not ((r.count_side >> p.leader) & 1)):
            # the other side's leader's cashed winners (an upper bound): only where the table did not
            # settle it.  Cutthroat pinochle, Position.value instructions (callgrind), 12 tricks,
            # deals 0-9 of the fixed set: 4,605M -> 4,481M (nodes 3,559,026 -> 3,581,732); 15 tricks,
            # deals 0, 4, 10: 4,127M -> 3,838M (-7.0%) with the cheaper point sums.  The counting leader's lower bound
            # after the table too: 4,520M (nodes +1.4%), and the sure trumps' after it as well 4,440M
            # (nodes +3.1%), but then a table entry's witness settles where the cashed winners' lighter
            # one did before, and entries merge less (tests/test_solver_tables.py's small-card case:
            # 4 nodes -> 12); the sure trumps after the table with the counting leader's before it:
            # 4,598M / 4,630M (kept before)
            t = most - sv_cashed_points(r, p, &qw)
            if t < hi:
                hi = t
                hi_w = qw
        if r.points and r.trump >= 0 and lo < beta and hi > alpha and lo < hi:
            # a seat's trumps counted against the other side's, and the sure plain winners: after the
            # table, whose entries' witnesses are often lighter (trumps from x up, every rank fixed):
            # cutthroat pinochle, 15 tricks, seed 7: 221.2M nodes before the table, 215.3M after
            sv_sure_plain_points(r, p, &lo, &lo_w)
            t = sv_trump_count_points(r, p, r.count_side, beta, &qw)
            if t > lo:
                lo = t
                lo_w = qw
            t = most - sv_trump_count_points(r, p, ~r.count_side, most - alpha, &qw)
            if t < hi:
                hi = t
                hi_w = qw
        if (not r.points and lo < beta and hi > alpha and lo < hi
                and ((r.max_side >> p.leader) & 1) == ((r.count_side >> p.leader) & 1)):
            # quick tricks through an ally: dearer, so only where the table did not settle it
            q = sv_quick_tricks_ally(r, p, p.leader, &qw)
            if (r.count_side >> p.leader) & 1:
                if q > lo:
                    lo = q
                    lo_w = qw
            elif p.tricks_left - q < hi:
                hi = p.tricks_left - q
                hi_w = qw
        if lo >= beta or lo >= hi:
            win[0] = lo_w | (hi_w if lo >= hi else 0)
            return lo
        if hi <= alpha:
            win[0] = hi_w
            return hi
        if lo > alpha:
            alpha = lo
            narrow_lo = True
            acc |= lo_w
        if hi < beta:
            beta = hi
            narrow_hi = True
            acc |= hi_w
    cdef int a0 = alpha, b0 = beta
    s = sv_to_act(r, p)
    if not boundary and not r.points and r.kind == SV_FOLLOW and (beta <= 1 or alpha >= p.tricks_left - 1):
        # the window asks for one trick (or all but one): the seat that can take this trick
        # whatever the others play may settle it (DDS's second-hand quick tricks, at any seat)
        t = sv_taker(r, p, s, p.trick[0] >> 4, sv_trick_size(r, p) - p.n_in_trick, &qw)
        if (r.max_side >> t) & 1 and (r.count_side >> t) & 1:
            if beta <= 1:
                win[0] = qw
                return 1
        elif not (r.max_side >> t) & 1 and not (r.count_side >> t) & 1 and alpha >= p.tricks_left - 1:
            win[0] = qw
            return p.tricks_left - 1
    if general == SV_GENERAL_POINTS and not boundary and (p.hand[s] & lane_bb(p.trick[p.best] >> 4)):
        # pinochle's duty to beat compares the seat's cards with the trick's best: its rank matters
        local_w = bit_bb(p.trick[p.best])
    n = sv_moves(r, p, s, moves)
    if n > 1:                                   # (one card to play: no order to work out)
        for i in range(r.seats):
            if i != s:
                others |= p.hand[i]
        sv_order_prep(r, p, s, &order)
        for i in range(n):
            score[i] = <long long>sv_order_score(r, p, s, moves[i], tt_move, others, &order) * ORDER_WEIGHT + sc.hist[s][moves[i]]
            if moves[i] == second_move:
                score[i] = <long long>99999 * ORDER_WEIGHT     # after the table's move (100000)
    maximise = (r.max_side >> s) & 1
    best_v = -SV_INF if maximise else SV_INF
    for i in range(n):
        j = i                                   # selection sort as we go: the best first
        for t in range(i + 1, n):
            if score[t] > score[j]:
                j = t
        t = moves[i]; moves[i] = moves[j]; moves[j] = t
        ts = score[i]; score[i] = score[j]; score[j] = ts
        if general == SV_GENERAL_TRICKS:
            if moves[i] < small[moves[i] >> 4]:
                continue                        # a small card of a lane where one was tried
        elif sv_points_only(general == SV_GENERAL_POINTS) and sv_small_skip(r, small, moves[i]):
            continue                            # one of the same points was tried (sv_small_slot)
        sv_copy_pos(&child, p)
        gain = sv_apply_seat(r, &child, s, moves[i])
        v = gain + sv_search(sc, r, &child, alpha - gain, beta - gain, &cw)
        if general and child.n_in_trick == 0:
            cw |= sv_trick_win(r, &child, p.n_in_trick + 1, True)
        if maximise:
            if v > best_v:
                best_v = v
                best_move = moves[i]
                if v > alpha:
                    alpha = v
        else:
            if v < best_v:
                best_v = v
                best_move = moves[i]
                if v < beta:
                    beta = v
        if alpha >= beta:
            if i > 0:
                sc.hist[s][moves[i]] += <uint32_t>(p.tricks_left * p.tricks_left)
            if boundary:
                sc.killer[p.tricks_left & 63] = <int8_t>(moves[i] + 1)     # (sv_first_leads)
            cut = True
            acc = cw                            # this card alone proves the bound
            break
        acc |= cw
        if general == SV_GENERAL_TRICKS:
            if small[moves[i] >> 4] < 0:
                # below every card that mattered so far in its lane: the lane's other cards below
                # those give the same value (DDS's rule), so one of them is enough
                t = sv_lowest_witness(acc, moves[i] >> 4)
                if moves[i] < t:
                    small[moves[i] >> 4] = t
        elif sv_points_only(general == SV_GENERAL_POINTS):
            sv_small_note(r, small, acc, moves[i])
    win[0] = acc | local_w
    if boundary:
        if general:
            # what this search proved, with the witnesses its cards and narrowing relied on
            if cut:
                lo = 0
                hi = sv_most_left(r, p)
            else:
                if not narrow_lo:
                    lo = 0
                if not narrow_hi:
                    hi = sv_most_left(r, p)
            if best_v <= a0:
                if best_v < hi:
                    hi = best_v
            elif best_v >= b0:
                if best_v > lo:
                    lo = best_v
            else:
                lo = hi = best_v
            if hi < lo:
                hi = lo
            mv = lsb(sv_rel(r, bit_bb(best_move), frame)) if best_move >= 0 else -1
            if general == SV_GENERAL_POINTS:
                acc = sv_pwit(r, frame, acc)
            sv_gstore(sc, r, bk, tag, k0, k1, key, frame, acc, lo, hi, mv, fS, fp, pc, cc, not met)
            if sv_points_only(sc.spread and pc != 0):
                sv_gstore_unspread(sc, r, k0, k1, key, frame, acc, lo, hi, mv, fS, fp, pc, cc)
            return best_v
        # what this search proved: at or below its window an upper bound, at or above a lower one
        if best_v <= a0:
            if best_v < hi:
                hi = best_v
        elif best_v >= b0:
            if best_v > lo:
                lo = best_v
        else:
            lo = hi = best_v
        if hi < lo:
            hi = lo
        e.gen = sc.gen
        for i in range(SV_MAX_SEATS):
            e.key[i] = key[i]
        e.leader = <int8_t>p.leader
        e.broken = <int8_t>p.broken
        e.lo = <int16_t>lo
        e.hi = <int16_t>hi
        e.move = <int8_t>sv_move_to_entry(r, p, best_move)
    return best_v


cdef int sv_estimate(const SVRules* r, const SVPos* p) noexcept nogil:
    """A quick guess at the value (MTD(f) starts there): the hand played out with every
    seat playing the card the move ordering puts first."""
    cdef SVPos q = p[0]
    cdef SVOrder order
    cdef int moves[64]
    cdef int n, i, s, best, total = 0
    cdef long long sc_best, v
    cdef uint64_t others
    while q.tricks_left > 0:
        s = sv_to_act(r, &q)
        others = 0
        for i in range(r.seats):
            if i != s:
                others |= q.hand[i]
        n = sv_moves(r, &q, s, moves)
        sv_order_prep(r, &q, s, &order)
        best = moves[0]
        sc_best = sv_order_score(r, &q, s, moves[0], -1, others, &order)
        for i in range(1, n):
            v = sv_order_score(r, &q, s, moves[i], -1, others, &order)
            if v > sc_best:
                sc_best = v
                best = moves[i]
        total += sv_apply(r, &q, best)
    return total


cdef int sv_first_guess(const SVRules* r, const SVPos* p) noexcept nogil:
    """Where MTD(f) starts for a fresh position.  Counting points with fewer seats raising the
    value than lowering it (cutthroat pinochle's bidder against two), from the top: a probe that
    fails (the value is below it) needs one refutation at each of the many lowering seats' turns,
    one that succeeds needs all their cards, so climbing from a low guess costs several times more
    than coming down (12 tricks left, seeds 1-6: 23.3M nodes from the play-out estimate, 19.9M
    from the top).  Otherwise the estimate."""
    cdef int seats = (1 << r.seats) - 1
    if r.points and popcount(<uint64_t>(r.active & r.max_side & seats)) < popcount(<uint64_t>(r.active & ~r.max_side & seats)):
        return sv_points_left(r, p)
    return sv_estimate(r, p)


cdef int sv_value(SVScratch* sc, const SVRules* r, const SVPos* p, int guess) noexcept nogil:
    """The exact value of ``p``: MTD(f), null-window searches that narrow [lo, hi] from
    ``guess`` (the transposition table keeps what each one proved)."""
    return sv_value_in(sc, r, p, 0, sv_most_left(r, p), guess)


cdef int sv_value_in(SVScratch* sc, const SVRules* r, const SVPos* p, int lo, int hi, int guess) noexcept nogil:
    """The exact value of ``p``, known to lie in [lo, hi]."""
    cdef int g, beta
    cdef uint64_t win
    if hi - lo <= FULL_WINDOW and p.tricks_left <= FULL_WINDOW:
        return sv_search(sc, r, p, lo - 1, hi + 1, &win)    # a short range: one full-window search
    g = guess if guess >= lo and guess <= hi else lo
    while lo < hi:
        beta = g + 1 if g == lo else g
        g = sv_search(sc, r, p, beta - 1, beta, &win)
        if g < beta:
            hi = g
        else:
            lo = g
    return lo


# -- the Python face ------------------------------------------------------------------------

KINDS = {"follow": SV_FOLLOW, "pinochle": SV_PINOCHLE}

# One spare generalised table of 4 MB or more (mapped pages), kept when a Position is freed and
# taken by the next Position asking for the same size: a fresh mapping costs the kernel zeroing every
# page the search touches (75 MB for a 13-card spades deal: 11% of its time), while a table whose
# tags are zeroed is empty (an entry is read only after its tag matches).  Read and written only in
# Position's __cinit__ / __dealloc__, which hold the GIL.
cdef SVGBucket* _spare_gtt = NULL
cdef size_t _spare_buckets = 0
cdef void* _spare_base = NULL
cdef size_t _spare_len = 0


cdef void _take_spare() noexcept:
    global _spare_gtt, _spare_buckets, _spare_base, _spare_len
    _spare_gtt = NULL
    _spare_buckets = 0
    _spare_base = NULL
    _spare_len = 0


cdef bint _keep_spare(SVGBucket* table, size_t buckets, void* base, size_t length) noexcept:
    """Keep ``table`` as the spare (True) when it is a mapped one (the spare held before is freed)."""
    global _spare_gtt, _spare_buckets, _spare_base, _spare_len
    if length == 0:
        return False
    if _spare_gtt != NULL:
        sv_big_free(_spare_base, _spare_len)
    _spare_gtt, _spare_buckets, _spare_base, _spare_len = table, buckets, base, length
    return True


cdef class Position:
    """One position of trick play with every card known, and the scratch to solve it.

    ``hands``: a card mask per seat (the core's encoding; euchre in effective suits).
    ``max_side`` / ``count_side``: bit masks of seats (see _solver.pxd).  ``trick``:
    the cards on the table as (seat, bit) pairs in play order, the first led by
    ``leader``.  ``card_points`` (64 values by bit) switches from tricks to points.
    ``exact_table`` keys the transposition table on the cards themselves (relative ranks
    in trick mode) instead of the generalised entries and pinochle's point-class key: the
    same values with more nodes (a check on those two).
    """
    # (its fields are declared in _solver.pxd: solver/_stock.pyx solves its leaves in a Position's scratch)

    def __cinit__(self, hands, *, int trump, int leader, int max_side, int count_side, active=None,
                  str kind="follow", int must_beat=0, bint break_spades=False, bint broken=False,
                  card_points=None, int last_trick_points=0, trick=(), int tricks_done=1,
                  int sit_out_first=-1, int tt_bits=18, bint exact_table=False):
        cdef int s, i, bit, seat, t
        cdef Py_ssize_t k
        hands = [int(h) for h in hands]
        if not 2 <= len(hands) <= SV_MAX_SEATS:
            raise ValueError(f"2 to {SV_MAX_SEATS} hands, got {len(hands)}")
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
        if not 4 <= tt_bits <= 26:
            raise ValueError(f"tt_bits must be 4..26, got {tt_bits}")
        memset(&self.r, 0, sizeof(SVRules))
        memset(&self.p, 0, sizeof(SVPos))
        self.r.seats = len(hands)
        self.r.active = (1 << self.r.seats) - 1 if active is None else int(active)
        self.r.n_active = popcount(<uint64_t>self.r.active)
        self.r.sit_out_first = sit_out_first
        self.r.trump = trump
        self.r.kind = KINDS[kind]
        self.r.must_beat = must_beat
        self.r.break_spades = break_spades
        self.r.rank_shift = 1 if self.r.kind == SV_PINOCHLE else 0
        self.r.max_side = max_side
        self.r.count_side = count_side
        self.r.points = card_points is not None
        if card_points is not None:
            if len(card_points) != 64:
                raise ValueError("card_points needs 64 values, one per bit")
            for i in range(64):
                self.r.pts[i] = int(card_points[i])
            values = sorted({self.r.pts[i] for i in range(64)})
            if len(values) > 8:
                raise ValueError("card_points may take at most 8 distinct values")
            self.r.n_pval = len(values)
            for k, v in enumerate(values):
                self.r.pval[k] = v
                self.r.pmask[k] = sum(1 << i for i in range(64) if self.r.pts[i] == v)
        self.r.last_bonus = last_trick_points if self.r.points else 0
        if self.r.points and self.r.kind == SV_PINOCHLE and self.r.seats < SV_MAX_SEATS and not exact_table:
            # the relative key: point classes of the ranks (every lane scores alike)
            classes = sorted({self.r.pts[2 * k] for k in range(6)})
            self.r.pcb = 1 if len(classes) <= 2 else (2 if len(classes) <= 4 else 3)
            same_lanes = all(self.r.pts[16 * l + b] == self.r.pts[b] for l in range(4) for b in range(12))
            twins = all(self.r.pts[2 * k] == self.r.pts[2 * k + 1] for k in range(6))
            if same_lanes and twins and 4 * (3 + 6 * self.r.pcb) <= 64:
                self.r.prel = 1
                for k in range(6):
                    self.r.pclass[k] = classes.index(self.r.pts[2 * k])
                    for i in range(self.r.pcb):
                        if (self.r.pclass[k] >> i) & 1:
                            self.r.pplane[i] |= <uint64_t>1 << (2 * k)
                if len(classes) == 2 and all(self.r.pclass[k] <= self.r.pclass[k + 1] for k in range(5)):
                    # two classes rising with rank: small cards may mix them (sv_pwit, sv_pcount_word)
                    self.r.pcount = sum(1 << (16 * l + b) for l in range(4) for b in range(12)
                                        if self.r.pclass[b >> 1] == 1)
        for s in range(self.r.seats):
            self.p.hand[s] = <uint64_t>hands[s] if (self.r.active >> s) & 1 else 0
        if not (self.r.active >> leader) & 1:
            raise ValueError(f"the leader (seat {leader}) does not play")
        self.p.leader = leader
        self.p.broken = broken
        self.p.tricks_done = tricks_done
        self.p.n_in_trick = 0
        seat = leader
        for i, (s, bit) in enumerate(trick):
            if s != seat:
                raise ValueError(f"trick card {i} is seat {s}'s, but seat {seat} was to play")
            if i == 0:
                self.p.best = 0
            elif sv_beats(&self.r, bit, self.p.trick[self.p.best]):
                self.p.best = i
            self.p.trick[i] = bit
            self.p.trick_seat[i] = s
            self.p.n_in_trick = i + 1
            seat = sv_next(&self.r, &self.p, s)
        for s in range(self.r.seats):
            if popcount(self.p.hand[s]) > self.p.tricks_left:
                self.p.tricks_left = popcount(self.p.hand[s])
        if self.p.n_in_trick and self.p.tricks_left == 0:
            self.p.tricks_left = 1
        elif self.p.n_in_trick and popcount(self.p.hand[self.p.trick_seat[0]]) == self.p.tricks_left:
            self.p.tricks_left += 1
        self.sc.general = (SV_GENERAL_TRICKS if not self.r.points and self.r.kind == SV_FOLLOW and not exact_table
                           and not sv_full_lane(self.p.hand, self.r.seats) else SV_NOT_GENERAL)
        if self.r.prel and self.r.seats <= 4 and 4 * (3 + 6 * self.r.pcb) <= 54:
            # pinochle's trick points: the generalised table in the pinochle frame (sv_psig, sv_pwit)
            self.sc.general = SV_GENERAL_POINTS
        if self.sc.general:
            # no bigger than the hand needs: a fresh table costs a page fault per page touched
            # (long hands store millions of entries: there the table may grow to the 2^tt_bits asked)
            t = self.p.tricks_left
            tt_bits = max(SV_BUCKET_BITS, min(tt_bits, max(10, 6 + t if t <= 10 else 2 * t - 4)))
            self.gtt_buckets = <size_t>1 << (tt_bits - SV_BUCKET_BITS)
            if _spare_gtt != NULL and _spare_buckets == self.gtt_buckets:
                # the table a finished Position left (sv_spare_gtt): emptied by its tags alone
                self.sc.gtt, self.gtt_base, self.gtt_len = _spare_gtt, _spare_base, _spare_len
                _take_spare()
                for k in range(<Py_ssize_t>self.gtt_buckets):
                    memset(self.sc.gtt[k].tag, 0, sizeof(self.sc.gtt[k].tag))
                    self.sc.gtt[k].next = 0
            else:
                self.sc.gtt = <SVGBucket*>sv_big_alloc(self.gtt_buckets * sizeof(SVGBucket), &self.gtt_base, &self.gtt_len)
            if self.sc.gtt == NULL:
                raise MemoryError()
            self.sc.gtt_mask = (<uint64_t>1 << (tt_bits - SV_BUCKET_BITS)) - 1
            self.sc.spread = self.sc.general == SV_GENERAL_POINTS and self.gtt_buckets >= SPREAD_BUCKETS
        else:
            self.sc.tt = <SVEntry*>sv_big_alloc((<size_t>1 << tt_bits) * sizeof(SVEntry), &self.tt_base, &self.tt_len)
            if self.sc.tt == NULL:
                raise MemoryError()
            self.sc.tt_mask = (<uint64_t>1 << tt_bits) - 1
        self.sc.gen = 1

    def __dealloc__(self):
        if self.tt_base != NULL:
            sv_big_free(self.tt_base, self.tt_len)
        if self.gtt_base != NULL and not _keep_spare(self.sc.gtt, self.gtt_buckets, self.gtt_base, self.gtt_len):
            sv_big_free(self.gtt_base, self.gtt_len)

    @property
    def to_act(self):
        """Seat to play, None once every card is played."""
        s = sv_to_act(&self.r, &self.p)
        return None if s < 0 else s

    @property
    def count_side(self):
        """Bit mask of the seats whose tricks / points count."""
        return self.r.count_side

    @property
    def max_side(self):
        """Bit mask of the seats that play to raise the value."""
        return self.r.max_side

    @property
    def tricks_left(self):
        return self.p.tricks_left

    @property
    def hands(self):
        return tuple(int(self.p.hand[s]) for s in range(self.r.seats))

    @property
    def nodes(self):
        """Positions searched so far by this object."""
        return self.sc.nodes

    def legal(self):
        """The cards the seat to act may play, as bits (pinochle: one copy of each rank)."""
        cdef int s = sv_to_act(&self.r, &self.p)
        cdef uint64_t m = sv_legal(&self.r, &self.p, s) if s >= 0 else 0
        out = []
        while m:
            out.append(lsb(m))
            m &= m - 1
        return out

    def play(self, int card):
        """Play ``card`` (a legal bit; pinochle: either copy) for the seat to act; returns
        what it added to the value (the trick's, when it completes one)."""
        cdef int s = sv_to_act(&self.r, &self.p), c = card
        if s < 0:
            raise ValueError("the hand is over")
        if self.r.kind == SV_PINOCHLE:
            if not (copies_one(sv_legal(&self.r, &self.p, s)) >> (c & ~1)) & 1 or not (self.p.hand[s] >> c) & 1:
                raise ValueError(f"card bit {card} is not legal for seat {s} now")
        elif not (sv_legal(&self.r, &self.p, s) >> c) & 1:
            raise ValueError(f"card bit {card} is not legal for seat {s} now")
        return sv_apply(&self.r, &self.p, c)

    def value(self):
        """The exact value of the rest of the hand for ``count_side``."""
        cdef int v
        with nogil:
            v = sv_value(&self.sc, &self.r, &self.p, sv_first_guess(&self.r, &self.p))
        return v

    def move_values(self):
        """{card bit: value} for every legal card of the seat to act: what ``count_side``
        ends with from here (the current trick included) after that card, best play after."""
        cdef SVPos child
        cdef int gain, v, best, s = sv_to_act(&self.r, &self.p), n, i, top
        cdef int reps[64]
        cdef bint maximise
        out = {}
        if s < 0:
            return out
        top = sv_most_left(&self.r, &self.p)
        maximise = (self.r.max_side >> s) & 1
        with nogil:
            best = sv_value(&self.sc, &self.r, &self.p, sv_first_guess(&self.r, &self.p))
            n = sv_moves(&self.r, &self.p, s, reps)
        values = {}
        for i in range(n):
            # the best value bounds every card's: a maximiser's cards are at most it, a
            # minimiser's at least; most cards equal it, and one probe shows that
            child = self.p
            gain = sv_apply(&self.r, &child, reps[i])
            with nogil:
                if maximise:
                    v = gain + sv_value_in(&self.sc, &self.r, &child, 0, best - gain, best - gain)
                else:
                    v = gain + sv_value_in(&self.sc, &self.r, &child, best - gain, top - gain, best - gain)
            values[reps[i]] = v
        for card in self.legal():
            # an equivalent card has its class's value: the class's card is the lowest one
            # searched at or above it in its lane (pinochle: either copy)
            rep = min(c for c in values if c >> 4 == card >> 4 and (c >> self.r.rank_shift) >= (card >> self.r.rank_shift))
            out[card] = values[rep]
        return out

    def values_many(self, cnp.uint64_t[:, ::1] hands):
        """The value of this position's trick state with each row of ``hands`` as the cards."""
        cdef Py_ssize_t n = hands.shape[0], k
        cdef int s, guess = 0
        cdef SVPos q
        if hands.shape[1] != self.r.seats:
            raise ValueError(f"hands needs {self.r.seats} columns")
        out = np.empty(n, dtype=np.int32)
        cdef int[::1] res = out
        if self.sc.general:
            for k in range(n):
                for s in range(self.r.seats):
                    if sv_full_lane(&hands[k, 0], self.r.seats):
                        raise ValueError(f"row {k}: a seat holds all 16 cards of a lane")
        with nogil:
            for k in range(n):
                q = self.p
                for s in range(self.r.seats):
                    q.hand[s] = hands[k, s] if (self.r.active >> s) & 1 else 0
                res[k] = sv_value(&self.sc, &self.r, &q, guess)
                guess = res[k]
        return out

    def move_values_many(self, cnp.uint64_t[:, ::1] hands, moves):
        """For each row of ``hands`` (cards per seat, the actor's the same in every row) the
        value after each of ``moves`` (card bits legal for the seat to act): an (n, m) array."""
        cdef Py_ssize_t n = hands.shape[0], k, j
        cdef int s, gain, m = len(moves), guess = 0
        cdef int mv[64]
        cdef SVPos q, child
        if hands.shape[1] != self.r.seats:
            raise ValueError(f"hands needs {self.r.seats} columns")
        if not 1 <= m <= 64:
            raise ValueError("give 1 to 64 moves")
        for j in range(m):
            mv[j] = int(moves[j])
        out = np.empty((n, m), dtype=np.int32)
        cdef int[:, ::1] res = out
        if self.sc.general:
            for k in range(n):
                for s in range(self.r.seats):
                    if sv_full_lane(&hands[k, 0], self.r.seats):
                        raise ValueError(f"row {k}: a seat holds all 16 cards of a lane")
        with nogil:
            for k in range(n):
                q = self.p
                for s in range(self.r.seats):
                    q.hand[s] = hands[k, s] if (self.r.active >> s) & 1 else 0
                for j in range(m):
                    child = q
                    gain = sv_apply(&self.r, &child, mv[j])
                    res[k, j] = gain + sv_value(&self.sc, &self.r, &child, guess - gain)
                    guess = res[k, j]
        return out

def _probe(Position pos, int beta):
    """Debug: one null-window search (beta-1, beta) from the position; (result, nodes)."""
    cdef long n0 = pos.sc.nodes
    cdef uint64_t win
    cdef int g = sv_search(&pos.sc, &pos.r, &pos.p, beta - 1, beta, &win)
    return g, pos.sc.nodes - n0


def _value_with(Position table, Position pos):
    """Debug: ``pos`` solved in ``table``'s scratch (the same rules): (value, nodes).  A check that
    the entries one position's search stored serve another position exactly, and a count of how
    often they do (tests/test_solver_tables.py)."""
    cdef long n0 = table.sc.nodes
    cdef int v
    if memcmp(&table.r, &pos.r, sizeof(SVRules)) != 0 or table.sc.general != pos.sc.general:
        raise ValueError("the two positions play under different rules")
    with nogil:
        v = sv_value(&table.sc, &table.r, &pos.p, sv_first_guess(&pos.r, &pos.p))
    return v, table.sc.nodes - n0


def _spread_buckets(Position pos, bint on):
    """Debug: pick ``pos``'s buckets by the count word too and probe (and store in) the bucket without
    it second, as tables of SPREAD_BUCKETS buckets do (``on``), whatever the table's size: small
    positions then check the second probe against the exact table (tests/test_solver_tables.py)."""
    if on and pos.sc.general != SV_GENERAL_POINTS:
        raise ValueError("only pinochle's generalised table spreads its buckets")
    pos.sc.spread = on


def _estimate(Position pos):
    """Debug: the guess MTD(f) starts from (sv_estimate: the hand played out by the move ordering)."""
    return sv_estimate(&pos.r, &pos.p)


def _spare_table_buckets():
    """Debug: the bucket count of the spare generalised table held for the next Position (0: none)."""
    return _spare_buckets if _spare_gtt != NULL else 0


def _line_hits_agree(int lines, seed=1):
    """Debug: ``lines`` random tag lines (tags, filters and filter words drawn from few values, so
    that tags match and filters pass and fail) through sv_line_hits and its plain loop; the
    number of lines where the two differ (0: the SSE2 scan, where compiled, is the rule)."""
    cdef uint16_t tag[32]
    cdef uint16_t fm[32]
    cdef uint16_t f[3][32]
    cdef uint16_t p[3]
    cdef uint16_t t
    cdef int k, i, j, bad = 0
    rng = np.random.default_rng(seed)
    for k in range(lines):
        for i in range(32):
            tag[i] = int(rng.integers(0, 4))
            fm[i] = int(rng.integers(0, 8))
            for j in range(3):
                f[j][i] = int(rng.integers(0, 8)) & fm[i]
        t = int(rng.integers(0, 4))
        for j in range(3):
            p[j] = int(rng.integers(0, 8))
        if (sv_line_hits(tag, fm, f[0], f[1], f[2], t, p[0], p[1], p[2])
                != sv_line_hits_plain(tag, fm, f[0], f[1], f[2], t, p[0], p[1], p[2])):
            bad += 1
    return bad


def _lane_frame(uint64_t x, uint64_t frame):
    """Debug: ``x``'s cards in the lane frame of ``frame`` (sv_lane_rel: one ``pext`` and one ``pdep``
    over sv_lane_places), and the cards of ``frame`` at the places ``x`` (sv_lane_cards): checked
    against a lane-by-lane reference in tests/test_solver_tables.py."""
    cdef uint64_t places = sv_lane_places(frame)
    return sv_lane_rel(x, frame, places), sv_lane_cards(x, frame, places)


def _count_gap(uint64_t stored, uint64_t here, bint down):
    """Debug: sv_count_gap under cutthroat pinochle's points (A, T, K one point each)."""
    cdef SVRules r
    cdef int b
    memset(&r, 0, sizeof(SVRules))
    for b in range(64):
        r.pts[b] = 1 if (b & 15) < 12 and (b & 15) >> 1 >= 3 else 0
        if r.pts[b]:
            r.pcount |= bit_bb(b)
    return sv_count_gap(&r, stored, here, down)


def _bucket_end(int filled):
    """Debug: sv_gend on a bucket whose first ``filled`` slots hold an entry (tags 1 ..), as a
    bucket fills (sv_gstore): the first empty slot, -1 when full."""
    cdef SVGBucket* bk = <SVGBucket*>calloc(1, sizeof(SVGBucket))
    cdef int i, end
    if bk == NULL:
        raise MemoryError()
    for i in range(filled):
        bk.tag[i] = <uint16_t>(i + 1)
    end = sv_gend(bk)
    free(bk)
    return end


def _cheapest_points(Position pos, uint64_t cards, int n):
    """Debug: under ``pos``'s card points, the points of ``cards`` (sv_points_of) and of their ``n``
    cheapest (sv_cheapest_points): checked against sorted sums in tests/test_solver_points.py."""
    return sv_points_of(&pos.r, cards), sv_cheapest_points(&pos.r, cards, n)
