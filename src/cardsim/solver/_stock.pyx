# cython: language_level=3
"""Two-hand pinochle's stock phase solved exactly (issue 16): every card known, the stock's order too.

The value of a position is **seat 0's points less seat 1's from here to the end of the hand**, in
the game's own scoring: trick points of the cards each takes, the meld each declares after
winning a stock trick, the dix (declared, exchanged or played while the stock lasts) and the
last trick's bonus; seat 0 plays to raise it, seat 1 to lower it (each maximises its own score
less the other's: the game is zero-sum in that difference).  The Python face
(solver/stock.py) turns it round for the seat asked about.

The state is the engine's ``THHand`` and the moves are the game contract's actions
(pinochle/two_hand_actions.pxd: a card from hand or from the table, a declaration, the
exchange, the draw), applied by the engine itself (``th_play``, ``th_declare``,
``th_exchange``, ``th_draw``): the search plays exactly the game the step API plays.
Fail-soft alpha-beta over them, principal-variation style (the first move in the window,
the others first with a null window at its edge, searched again only when one lands inside);
once the stock is gone (the winner of the 12th trick has
melded and both have taken the last two cards) the last 12 tricks are a leaf, valued by the
trick-play solver (_solver.pyx) in one ``Position``'s scratch for the whole search: its
transposition table serves every leaf (the leaves of one solve share most of their cards).
A leaf's value is only needed against the window: null-window probes of the trick-play
search (``sv_search``) tell whether it lies below alpha or above beta, and only a leaf
inside the window is solved exactly (``sv_value_in``, inside the bounds already proven).
The root wants every action's exact value: each is found by null-window searches alone
(st_mtdf, MTD(f) from the previous action's value), so no leaf is ever solved exactly
there; a full window at every root action made the first move of every node a
full-window search, and its leaves exact solves (12-trick leaves, 20 hands with 2 stock
tricks left, bench/bench_stock_solver.py's positions: 138.2M trick-play nodes before,
108.6M with the principal-variation null windows, 92.1M with st_mtdf at the root).

A transposition table, probed at every position (trick boundaries, the winner's melding,
the leaves, and a stock trick after its lead: there it keeps the follower's best reply for
the next MTD(f) pass or re-search), holds bounds on the value from there (a leaf's: on seat 0's
points of the last 12 tricks) under two 64-bit hashes of what decides the rest of the hand:
both hands, both tables, the meld-kind marks of the cards still live, the upcard, the
stock drawn so far, whose turn it is, the phase and the card led if any (a leaf: the hands and the leader only;
the points already scored never enter, the value is from here).  Two tricks played in the
other order, or a meld declared before the exchange instead of after it, meet there.
Move ordering: the table's move; then, for a stock trick's follower, the two replies that last
refuted the same card led at the same point of the hand (a counter-move table), and at any
position the two moves that last cut off at that point (killer moves: the same ply of every
branch often has the same refutation); then in the meld phase the richest declaration first and
the draw last, a follower's winning cards before its losing ones, cheap cards first.  The two move
tables cut the leaves' trick-play probes by a third to a half (bench_stock_solver.py, 2 stock
tricks left, 20 hands: 51,441 -> 33,743 probes, 84.3M -> 56.3M trick-play nodes; 3 left, 10
hands: 299,820 -> 136,169 probes; one reply a card led instead of two: 34,204 and 58.3M with 2
left, 138,901 and 176.7M (against 165.8M) with 3); a history count as the last tie-break gained 1%.

Everything runs without the GIL and with no Python call per node.
"""
from libc.stdint cimport int16_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from cardsim._bits cimport bit_bb
from cardsim._contract cimport GameState
from cardsim._rng cimport mix64
from cardsim.pinochle.cards cimport card_beats, card_points, rank_of
from cardsim.pinochle.two_hand_engine cimport *
from cardsim.pinochle.two_hand_actions cimport (TH_A_DECLARE, TH_A_DRAW, TH_A_EXCHANGE, TH_A_TABLE, TH_NUM_ACTIONS,
                                                th_apply_action, th_legal_actions)
from cardsim.solver._solver cimport Position, SVPos, SVRules, SVScratch, sv_search, sv_value_in

cdef enum:
    ST_INF = 1 << 14            # beyond any value (a hand's points are a few hundred)
    ST_LAST_TRICKS = TH_TRICKS - TH_STOCK_TRICKS
    ST_PLIES = 3 * (TH_STOCK_TRICKS + 1)   # st_ply: a stock trick's lead, its reply, the winner's melding
    ST_TT_MOVE = 1 << 20        # st_order_score's ranks above its own (0..1,500): the table's move,
    ST_REPLY_MOVE = (1 << 19) + 2   # the counter-move table's, the killer moves
    ST_KILLER_MOVE = 1 << 19

ctypedef struct STEntry:
    uint64_t k0                 # the position's two hashes (st_key); both 0: empty
    uint64_t k1
    int16_t lo                  # the value from here lies in [lo, hi] (a leaf: seat 0's points of the last 12)
    int16_t hi
    int16_t move                # the best action found (a contract action), -1: none

ctypedef struct STSearch:
    THRules r                   # the hand's rules (meld values, card points)
    STEntry* tt                 # 2^k entries, one per hash slot
    uint64_t tt_mask
    SVScratch* sv               # the leaf Position's scratch (its tables serve every leaf)
    const SVRules* sr           # and its rules: two seats, last-12 duties, seat 0's trick points
    long nodes                  # stock-phase positions searched (leaves included)
    long probes                 # trick-play searches started at the leaves (null-window or exact)
    int killer[ST_PLIES][2]     # per ply (st_ply) the last two moves that cut off there, -1: none
    int reply[ST_PLIES][32][2]  # per ply of a stock trick's follower and card led (its bit >> 1: either copy): the last
                                # two replies that cut off, -1: none


cdef inline int st_scored(const THHand* h, const THRules* r) noexcept nogil:
    """Seat 0's points less seat 1's scored so far: meld (dix included) and the cards taken."""
    return h.meld[0] - h.meld[1] + card_points(h.won[0], r.rank_points) - card_points(h.won[1], r.rank_points)


cdef inline void st_key(const THHand* h, uint64_t* k0, uint64_t* k1) noexcept nogil:
    """Two independent 64-bit hashes of what decides the rest of the hand (see the module
    docstring), the card led included when the trick has one.  A meld-kind mark matters only on
    a card still live (held, or the upcard that may yet be exchanged or taken)."""
    cdef uint64_t a = 0x243F6A8885A308D3ULL, b = 0x13198A2E03707344ULL, w, live
    cdef int k, n = 2
    cdef uint64_t words[2 + 2 + TH_KINDS + 2]
    words[0] = h.hand[0]
    words[1] = h.hand[1]
    if h.phase == PH_PLAY:
        words[n] = <uint64_t>h.leader | (<uint64_t>PH_PLAY << 8); n += 1
    else:
        live = h.hand[0] | h.hand[1] | (bit_bb(h.upcard) if h.upcard >= 0 else 0)
        words[n] = h.table[0]; n += 1
        words[n] = h.table[1]; n += 1
        for k in range(TH_KINDS):
            words[n] = h.used[k] & live; n += 1
        words[n] = (<uint64_t>(h.upcard + 1) | (<uint64_t>h.n_drawn << 8) | (<uint64_t>h.phase << 16)
                    | (<uint64_t>h.melded << 24) | (<uint64_t>h.to_act << 32)); n += 1
        if h.n_in_trick:
            words[n] = <uint64_t>h.trick[0] | (<uint64_t>h.n_in_trick << 8); n += 1
    for k in range(n):
        w = words[k]
        a = mix64(a ^ w)
        b = mix64(b + w * 0x9E3779B97F4A7C15ULL + <uint64_t>k)
    k0[0] = a
    k1[0] = b | 1               # never both 0: an empty slot


cdef int NO_REPLY[2]            # st_order's replies where there are none (set to -1 at import)
NO_REPLY[0] = NO_REPLY[1] = -1


cdef inline int st_ply(const THHand* h) noexcept nogil:
    """Where in the stock phase ``h`` stands, for the move tables: the trick and its stage."""
    return 3 * h.tricks_played + (0 if h.phase == PH_MELD else 1 + h.n_in_trick)


cdef inline int st_order_score(const THHand* h, const THRules* r, int action) noexcept nogil:
    """Higher first (below the move tables' ranks, st_order): meld phase: the exchange and the
    richest declaration, the draw last; a follower's winners before its losers; cheap cards before
    rich ones."""
    cdef int card, code, pts
    if action == TH_A_DRAW:
        return 0
    if action == TH_A_EXCHANGE:
        return 1000 + r.meld_value[TK_DIX]
    if action >= TH_A_DECLARE:
        return 1000 + r.meld_value[th_kind_of(action - TH_A_DECLARE)]
    card = action % TH_A_TABLE
    code = 16 * (card // 6) + 2 * (card % 6)
    pts = r.rank_points[card % 6]
    if h.n_in_trick and card_beats(code, h.trick[0], h.trump):
        return 500 - pts
    return 100 - pts


cdef inline void st_order(const THHand* h, const THRules* r, int* acts, int n, int tt_move, const int* killer,
                          const int* reply) noexcept nogil:
    """Sort ``acts`` highest first (insertion sort: a few dozen moves): the table's move, the
    counter-move table's two ``reply`` moves, the two ``killer`` moves, then by st_order_score."""
    cdef int score[TH_NUM_ACTIONS]
    cdef int i, j, a, sc
    for i in range(n):
        a = acts[i]
        if a == tt_move:
            score[i] = ST_TT_MOVE
        elif a == reply[0]:
            score[i] = ST_REPLY_MOVE
        elif a == reply[1]:
            score[i] = ST_REPLY_MOVE - 1
        elif a == killer[0]:
            score[i] = ST_KILLER_MOVE
        elif a == killer[1]:
            score[i] = ST_KILLER_MOVE - 1
        else:
            score[i] = st_order_score(h, r, a)
    for i in range(1, n):
        a, sc = acts[i], score[i]
        j = i - 1
        while j >= 0 and score[j] < sc:
            acts[j + 1], score[j + 1] = acts[j], score[j]
            j -= 1
        acts[j + 1], score[j + 1] = a, sc


cdef int st_leaf(STSearch* s, const THHand* h, STEntry* e, bint known, uint64_t k0, uint64_t k1,
                 int alpha, int beta) noexcept nogil:
    """The last 12 tricks of ``h``: seat 0's points less seat 1's, fail-soft against (alpha, beta).
    The trick-play solver counts seat 0's points ``v`` (0..total), so the value is 2 v - total;
    probes narrow [lo, hi] on ``v`` until the value is below alpha, above beta, or exact."""
    cdef SVPos p
    cdef uint64_t win
    cdef int total = card_points(h.hand[0] | h.hand[1], s.r.rank_points) + s.r.last_trick_points
    cdef int lo = e.lo if known else 0, hi = e.hi if known else total, b, g
    memset(&p, 0, sizeof(SVPos))
    p.hand[0] = h.hand[0]
    p.hand[1] = h.hand[1]
    p.leader = h.leader
    p.tricks_done = TH_STOCK_TRICKS
    p.tricks_left = ST_LAST_TRICKS
    while lo < hi and 2 * hi - total > alpha and 2 * lo - total < beta:
        s.probes += 1
        if 2 * lo - total <= alpha:
            b = (alpha + total) // 2 + 1          # the least v above alpha (alpha + total >= 2 lo >= 0)
        elif 2 * hi - total >= beta:
            b = (beta + total + 1) // 2           # the least v at or above beta
        else:                                     # inside the window: the exact value
            lo = hi = sv_value_in(s.sv, s.sr, &p, lo, hi, lo)
            break
        g = sv_search(s.sv, s.sr, &p, b - 1, b, &win)
        if g < b:
            hi = g
        else:
            lo = g
    e.k0, e.k1, e.lo, e.hi, e.move = k0, k1, lo, hi, -1
    if lo == hi or 2 * hi - total <= alpha:
        return 2 * hi - total
    return 2 * lo - total


cdef inline void st_remember(int* pair, int move) noexcept nogil:
    """Put ``move`` first in a pair of the move tables, the one it displaces second."""
    if pair[0] != move:
        pair[1] = pair[0]
        pair[0] = move


cdef inline void st_cutoff(STSearch* s, const THHand* h, int ply, int move) noexcept nogil:
    """``move`` cut off at ``h``: remember it in the move tables (st_order)."""
    if h.phase == PH_STOCK and h.n_in_trick == 1:
        st_remember(s.reply[ply][h.trick[0] >> 1], move)
    st_remember(s.killer[ply], move)


cdef int st_search(STSearch* s, const THHand* h, int alpha, int beta) noexcept nogil:
    """The value of ``h`` from here (module docstring), fail-soft: a value at or below alpha is an
    upper bound, one at or above beta a lower bound."""
    cdef THHand child
    cdef int acts[TH_NUM_ACTIONS]
    cdef int n, i, v, gain, base, best, best_move = -1, tt_move = -1, a0, b0, ply
    cdef int* reply = NO_REPLY
    cdef bint maximise = h.to_act == 0, known = False
    cdef STEntry* e
    cdef uint64_t k0 = 0, k1 = 0
    s.nodes += 1
    st_key(h, &k0, &k1)
    e = &s.tt[k0 & s.tt_mask]
    known = e.k0 == k0 and e.k1 == k1
    if h.phase == PH_PLAY:
        return st_leaf(s, h, e, known, k0, k1, alpha, beta)
    if known:
        if e.lo >= beta or e.lo == e.hi:
            return e.lo
        if e.hi <= alpha:
            return e.hi
        if e.lo > alpha:
            alpha = e.lo
        if e.hi < beta:
            beta = e.hi
        tt_move = e.move
    a0, b0 = alpha, beta
    n = th_legal_actions(h, acts)
    ply = st_ply(h)
    if h.phase == PH_STOCK and h.n_in_trick == 1:
        reply = s.reply[ply][h.trick[0] >> 1]
    st_order(h, &s.r, acts, n, tt_move, s.killer[ply], reply)
    base = st_scored(h, &s.r)
    best = -ST_INF if maximise else ST_INF
    for i in range(n):
        child = h[0]
        th_apply_action(&child, &s.r, acts[i])
        gain = st_scored(&child, &s.r) - base
        if i == 0 or beta - alpha <= 1:        # the first move, or already a null window
            v = gain + st_search(s, &child, alpha - gain, beta - gain)
        elif maximise:                         # can it beat alpha?  Only then its value
            v = gain + st_search(s, &child, alpha - gain, alpha + 1 - gain)
            if alpha < v < beta:
                v = gain + st_search(s, &child, v - 1 - gain, beta - gain)
        else:
            v = gain + st_search(s, &child, beta - 1 - gain, beta - gain)
            if alpha < v < beta:
                v = gain + st_search(s, &child, alpha - gain, v + 1 - gain)
        if maximise:
            if v > best:
                best, best_move = v, acts[i]
                if best > alpha:
                    alpha = best
        elif v < best:
            best, best_move = v, acts[i]
            if best < beta:
                beta = best
        if alpha >= beta:
            st_cutoff(s, h, ply, acts[i])
            break
    st_store(s, k0, k1, best, a0, b0, best_move)
    return best


cdef inline void st_store(STSearch* s, uint64_t k0, uint64_t k1, int best, int alpha, int beta,
                          int move) noexcept nogil:
    """Keep what a position's search in the window (alpha, beta) proved: an upper bound when it
    failed low, a lower bound when it failed high, else the exact value; merged with the bounds
    the slot holds for the same position (the search below may have stored it there too)."""
    cdef STEntry* e = &s.tt[k0 & s.tt_mask]
    cdef int lo = -ST_INF, hi = ST_INF
    if e.k0 == k0 and e.k1 == k1:
        lo, hi = e.lo, e.hi
    if best <= alpha:
        hi = best if best < hi else hi
    elif best >= beta:
        lo = best if best > lo else lo
    else:
        lo = hi = best
    e.k0, e.k1, e.lo, e.hi, e.move = k0, k1, lo, hi, move


cdef int st_mtdf(STSearch* s, const THHand* h, int guess) noexcept nogil:
    """The exact value of ``h`` by null-window searches only (MTD(f)): each proves a bound on
    one side of ``guess``, the table keeps them, and the next window sits at the last bound
    until the two meet."""
    cdef int lo = -ST_INF, hi = ST_INF, g = guess, beta
    while lo < hi:
        beta = g + 1 if g == lo else g
        g = st_search(s, h, beta - 1, beta)
        if g < beta:
            hi = g
        else:
            lo = g
    return lo


# -- the Python face (solver/stock.py) --------------------------------------------------------

def stock_values(GameState state, Position leaf, int tt_bits=20):
    """Every legal action of ``state`` (a TwoHandPinochleState in its stock or meld phase) and
    its exact value from here: seat 0's points less seat 1's (module docstring), the action's
    own points included.  ``leaf``: a Position under the hand's last-12 rules counting seat 0's
    trick points with seat 0 raising them (solver/positions.py: two_hand_leaf); its scratch
    serves every leaf.  ``tt_bits``: log2 of the stock-phase table's entries (24 bytes each).
    Returns (actions, values, nodes, probes): the search's positions and its trick-play searches."""
    cdef STSearch s
    cdef THHand* h
    cdef THHand child
    cdef int acts[TH_NUM_ACTIONS]
    cdef int vals[TH_NUM_ACTIONS]
    cdef int n = 0, i, gain, base
    if type(state).__name__ != "TwoHandPinochleState" or state.struct_bytes[0] != sizeof(THHand) \
            or state.struct_bytes[1] != sizeof(THRules):
        raise TypeError("stock_values takes a two-hand pinochle state")
    h = <THHand*>state.structs[0]
    if h.phase != PH_STOCK and h.phase != PH_MELD:
        raise ValueError("stock_values needs a hand in its stock phase (a stock trick or the winner's melding)")
    if leaf.r.seats != 2 or not leaf.r.points or leaf.r.count_side != 1 or leaf.r.max_side != 1:
        raise ValueError("the leaf Position must count seat 0's trick points of two seats, seat 0 raising them")
    if not 10 <= tt_bits <= 26:
        raise ValueError(f"tt_bits must be 10..26, got {tt_bits}")
    memset(&s, 0, sizeof(STSearch))
    memset(s.killer, 0xff, sizeof(s.killer))   # -1: none
    memset(s.reply, 0xff, sizeof(s.reply))
    s.r = (<THRules*>state.structs[1])[0]
    s.tt = <STEntry*>calloc(<size_t>1 << tt_bits, sizeof(STEntry))
    if s.tt == NULL:
        raise MemoryError()
    s.tt_mask = (<uint64_t>1 << tt_bits) - 1
    s.sv = &leaf.sc
    s.sr = &leaf.r
    with nogil:
        n = th_legal_actions(h, acts)
        base = st_scored(h, &s.r)
        for i in range(n):
            child = h[0]
            th_apply_action(&child, &s.r, acts[i])
            gain = st_scored(&child, &s.r) - base
            vals[i] = gain + st_mtdf(&s, &child, (vals[i - 1] if i else 0) - gain)
    free(s.tt)
    return [acts[i] for i in range(n)], [vals[i] for i in range(n)], s.nodes, s.probes
