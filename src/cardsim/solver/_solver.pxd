# cython: language_level=3
"""A perfect-information solver for trick play, shared by every game of cardsim.

With every card known, the solver finds the exact value of a position for one
side: the most tricks (or trick points) the seats in ``count_side`` take when the
seats in ``max_side`` play to raise that total and the others play to lower it.
Partnership games count one team's tricks with that team maximising; a cutthroat
seat's "most it can guarantee" counts that seat alone, maximising, against all
the others; "the fewest it can be held to" counts it with everyone else maximising.

Cards are the core's masks (one 16-bit lane per suit, a higher bit a higher card):
euchre in effective suits (the bowers on top of the trump lane), spades with the
jokers above the ace, pinochle with two copies per rank (bit pair 2r, 2r+1; equal
ranks: the first played wins).  The legal-card rule is the game's: follow suit
(``SV_FOLLOW``, with spades' "not led before broken" when ``break_spades``), or
pinochle's follow / trump / head rules (``SV_PINOCHLE``, pinochle/cards.pxd's
``legal_cards`` under a MUST_BEAT_* duty).

The search (in the manner of DDS, not its code): fail-soft alpha-beta driven by
null-window MTD(f) probes; a transposition table probed at trick boundaries,
keyed on relative ranks (trick counts depend only on the order of the cards still
out) or, where card points count, on the exact cards (pinochle: relative ranks with each
seat's counting cards by lane, so small cards of both point classes merge, numbered from each
lane's top so that other small ranks out merge too: sv_lane_rel); equivalent cards (touching
ranks among the cards still out, pinochle twins) searched once; cheap bounds
(tricks left, points left, the leader's quick tricks, a seat's trumps counted against
the other side's higher trumps, the top trumps split between partners, the second-best
trump right after the best where the counting side leads and needs every trick; counting points, the top trumps' and the cashed tricks' points with the
cheapest cards every other seat must play to them, a seat's trumps counted against the
other side's trumps of their rank or above, and the counting seat's plain winners once
no opponent holds a trump, with the last trick's bonus where a lone seat holds more sure
trumps than other cards; and where the window asks for
one trick the trick's taker: DDS's second-hand quick tricks; quick tricks through
an ally only after the table probe); move ordering by the
transposition table's move (else a near entry's: same lengths, other ranks; else the lead that
last cut off a trick start as deep, DDS's best move of the depth) and by the card's job in the trick.  All scratch lives
in an ``SVScratch`` the caller owns: no globals, and the search runs without the GIL.
"""
from libc.stdint cimport int8_t, int16_t, uint16_t, uint32_t, uint64_t

from cardsim._bits cimport lane_bb

cdef enum:
    SV_MAX_SEATS = 5
    SV_FOLLOW = 0               # follow suit, else anything (euchre, spades)
    SV_PINOCHLE = 1             # pinochle's follow / trump / head duties
    SV_INF = 1 << 20
    SV_NOT_GENERAL = 0          # SVScratch.general: the exact table
    SV_GENERAL_TRICKS = 1       # the generalised table, counting tricks under follow-suit (DDS's)
    SV_GENERAL_POINTS = 2       # the generalised table in pinochle's frame, counting trick points

ctypedef struct SVRules:
    int seats                   # seats around the table (2..5)
    int active                  # bit per seat that plays (euchre lone hands sit partners out)
    int n_active
    int sit_out_first           # seat that skips the first trick (5-seat spades), -1: none
    int trump                   # trump lane, -1: none
    int kind                    # SV_FOLLOW or SV_PINOCHLE
    int must_beat               # pinochle: MUST_BEAT_* of pinochle/cards.pxd
    int break_spades            # the trump lane may not be led before it is broken
    int rank_shift              # 1 for pinochle (bit >> 1 compares ranks within a lane), else 0
    int max_side                # bit per seat that plays to raise the value
    int count_side              # bit per seat whose tricks / trick points count
    int points                  # 0: count tricks; 1: count card points
    int pts[64]                 # card points per bit (points mode)
    int n_pval                  # points mode: the distinct values of ``pts``, ascending (0 included),
    int pval[8]
    uint64_t pmask[8]           # and the bits worth each: points of a set of cards by popcounts (sv_points_of)
    int last_bonus              # points for winning the last trick (points mode)
    int prel                    # pinochle points mode: the table's key renumbers ranks (sv_key)
    int pclass[6]               # with ``prel``: each rank's point class (an index of its points)
    int pcb                     # bits a point class takes in the key
    uint64_t pplane[3]          # with ``prel``: bit b of the point classes, as a lane's copy-0 bits (sv_class_sig)
    uint64_t pcount             # with ``prel``: the cards of the upper of exactly two point classes when every lane's
                                # classes rise with rank (A, T, K count; Q, J, 9 not), else 0 (sv_pwit, sv_pcount_word)

ctypedef struct SVPos:
    uint64_t hand[SV_MAX_SEATS] # cards still held (0 for seats that do not play)
    int leader                  # seat that leads (led) the current trick
    int n_in_trick              # cards on the table
    int trick[SV_MAX_SEATS]     # their bits, in play order
    int trick_seat[SV_MAX_SEATS]
    int best                    # index in trick[] of the card winning so far
    int broken                  # spades: the trump lane has been broken
    int tricks_done             # complete tricks before this position (the first trick may differ)
    int tricks_left             # tricks not yet complete, the current one included

ctypedef struct SVEntry:
    uint64_t key[SV_MAX_SEATS]  # the hands at a trick boundary (relative ranks in trick mode)
    uint32_t gen                # the scratch generation it was stored in (0: empty)
    int16_t lo                  # the value of the rest of the hand lies in [lo, hi]
    int16_t hi
    int8_t leader
    int8_t broken
    int8_t move                 # best lead found (a card bit), -1: none

cdef enum:
    # Entries a bucket of the generalised table holds: one length class often needs dozens, the busiest
    # hundreds.  13-card spades, value + every lead, the same total size, 128 -> 256 entries: nodes
    # seed 1 (30 deals) -6.2%, seed 2 (30) -10.0%, seed 4 (16) -16.4% (callgrind on seed 4's first 4
    # deals -3.1%).  256 -> 512 (with the near entry's and the killer lead, sv_first_leads): the DDS
    # bench's 10 heaviest deals 84.23M -> 79.33M nodes (its heaviest, whose stores went 55% into full
    # buckets, -10%), CPU -5% (two alternating runs); seeds 1, 2, 4 (16 deals each) -0.4%, -4.0%,
    # -7.5%; where buckets do not fill the scan stops as before (euchre oracle, PIMC: +0.3% at most)
    SV_BUCKET = 512
    SV_BUCKET_BITS = 9          # log2(SV_BUCKET)

ctypedef struct SVGEntry:
    uint64_t k0                 # each seat's length in each lane (seats 0-3; see sv_gkey)
    uint64_t k1                 # the rest of the key; 0: empty
    uint64_t mask               # relative ranks (by pext over the cards out) whose holders must match
    uint64_t rel[SV_MAX_SEATS]  # each seat's cards among them, in the same relative terms
    int16_t lo                  # the value of the rest of the hand lies in [lo, hi]
    int16_t hi
    int8_t move                 # best lead (its relative rank among the cards out), -1: none
    int8_t used                 # probes it settled, at most 3, less one each time a full bucket's
                                # replacement passes over it (sv_gstore)
    uint16_t ccount             # pinochle with ``pcount``: each lane's count of counting ranks held (sv_class_counts)

cdef enum:
    SV_TAG_LINE = 32            # tags in a 64-byte cache line: a probe reads them line by line

ctypedef struct SVGBucket:
    uint16_t tag[SV_BUCKET]     # 16 bits of the key's hash (never 0), 0: empty; scanned first.  A bucket
                                # fills from slot 0 on (sv_gstore): a line whose last tag is 0 ends it
    uint16_t fmask[SV_BUCKET]   # each entry's filter (sv_filter): which of the filter's cards its mask fixes,
    uint16_t fseat[3][SV_BUCKET]    # and which of those seats 0, 1 and 2 hold; read with the tags (sv_line_hits)
    SVGEntry e[SV_BUCKET]
    uint32_t next               # where a full bucket's replacement looks next (sv_gstore)
    char pad[60]                # to a whole number of cache lines (the tables are line-aligned)

ctypedef struct SVScratch:
    SVEntry* tt                 # the exact transposition table (points mode), 2^k entries
    uint64_t tt_mask
    SVGBucket* gtt              # the generalised table (trick mode), 2^k / SV_BUCKET buckets
    uint64_t gtt_mask
    int general                 # SV_NOT_GENERAL / SV_GENERAL_TRICKS / SV_GENERAL_POINTS
    uint32_t gen                # entries of other generations are empty
    long nodes                  # positions searched (a statistic)
    uint32_t hist[SV_MAX_SEATS][64] # history heuristic: cutoffs each seat's card made, by depth
    int8_t killer[64]           # by tricks left (sv_killer_slot): the lead (card bit + 1; 0: none) that last cut a trick start off
    int spread                  # pinochle's big tables: buckets picked by the count word too, with a second
                                # probe and store in the bucket without it (SPREAD_BUCKETS)

cdef int sv_to_act(const SVRules* r, const SVPos* p) noexcept nogil
cdef uint64_t sv_legal(const SVRules* r, const SVPos* p, int s) noexcept nogil
cdef int sv_apply(const SVRules* r, SVPos* p, int card) noexcept nogil
cdef int sv_moves(const SVRules* r, const SVPos* p, int s, int* out) noexcept nogil
cdef int sv_search(SVScratch* sc, const SVRules* r, const SVPos* p, int alpha, int beta, uint64_t* win) noexcept nogil
cdef int sv_value(SVScratch* sc, const SVRules* r, const SVPos* p, int guess) noexcept nogil
cdef int sv_value_in(SVScratch* sc, const SVRules* r, const SVPos* p, int lo, int hi, int guess) noexcept nogil
cdef void* sv_table_alloc(size_t size) noexcept nogil   # a zeroed table (2 MB pages when big); NULL: no memory
cdef void sv_table_free(void* table, size_t size) noexcept nogil   # free it (NULL: nothing), given the size asked


cdef class Position:
    # One position and the scratch to solve it (the Python face, _solver.pyx).  Declared here so that
    # another module's search can solve many positions under one rule set in its scratch
    # (solver/_stock.pyx: two-hand pinochle's last 12 tricks at the leaves of the stock phase).
    cdef SVRules r
    cdef SVPos p
    cdef SVScratch sc
    cdef void* gtt_base                 # what sv_big_alloc gave for the generalised table
    cdef size_t gtt_len
    cdef size_t gtt_buckets
    cdef void* tt_base                  # and for the exact table
    cdef size_t tt_len


cdef inline bint sv_full_lane(const uint64_t* hands, int seats) noexcept nogil:
    """A seat holds all 16 cards of a lane (the generalised key keeps lengths in 4 bits,
    so the exact table is used then)."""
    cdef int s, l
    for s in range(seats):
        for l in range(4):
            if (hands[s] & lane_bb(l)) == lane_bb(l):
                return True
    return False
