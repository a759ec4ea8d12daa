# Whole Two-Hand Pinochle games: the hooks of the batch driver (_games.pxd).
#
# Hand k of game g is dealt on stream gd_hand_stream(g, k), the deal alternating; each
# player scores for itself; the driver's rule ends the game (highest alone once a player
# reaches target_score; a tie plays on).

ctypedef struct THGame:
    int32_t meld[TH_SEATS]
    int32_t trick_points[TH_SEATS]

ctypedef struct THGameRecord:
    int32_t score[TH_SEATS]         # final score per player
    int32_t hands                   # hands played
    int32_t meld[TH_SEATS]          # meld points scored over the game
    int32_t trick_points[TH_SEATS]  # trick points over the game
    int8_t winner                   # player; -1 unfinished
    int8_t first_dealer

TH_GAME_DTYPE = np.dtype([
    ("score", "i4", (2,)), ("hands", "i4"), ("meld", "i4", (2,)), ("trick_points", "i4", (2,)),
    ("winner", "i1"), ("first_dealer", "i1"),
], align=True)


cdef void th_gd_deal(void* hand, void* game, const void* rules, uint64_t seed, uint64_t game_stream, int k,
                     int dealer) noexcept nogil:
    th_new_hand(<THHand*>hand, <const THRules*>rules, seed, gd_hand_stream(game_stream, k), dealer)


cdef void th_gd_play(void* hand, const void* rules, const int* policies) noexcept nogil:
    th_play_out(<THHand*>hand, <const THRules*>rules, policies)


cdef int th_gd_end(void* hand, void* game, const void* rules, int32_t* points) noexcept nogil:
    cdef THHand* h = <THHand*>hand
    cdef THGame* g = <THGame*>game
    cdef int s
    for s in range(TH_SEATS):
        points[s] = h.score[s]
        g.meld[s] += h.meld[s]
        g.trick_points[s] += h.trick_points[s]
    return h.dealer


cdef void th_gd_record(const void* hand, const void* game, const void* rules, const GDResult* res,
                       void* out) noexcept nogil:
    cdef const THGame* g = <const THGame*>game
    cdef THGameRecord* rec = <THGameRecord*>out
    cdef int s
    rec.hands = res.hands
    rec.winner = res.winner
    rec.first_dealer = res.first_dealer
    for s in range(TH_SEATS):
        rec.score[s] = res.score[s]
        rec.meld[s] = g.meld[s]
        rec.trick_points[s] = g.trick_points[s]


def two_hand_pinochle_game_kind(rules, policies):
    """Two-Hand Pinochle games under ``rules`` with ``policies`` (two names), for cardsim._games."""
    cdef THRules r = th_rules_from(rules)
    cdef int pol[TH_SEATS]
    cdef GDGame g
    cdef GameKind kind = GameKind()
    policy_codes(policies, pol, TH_SEATS)
    memset(&g, 0, sizeof(g))
    g.seats, g.sides, g.target, g.max_hands = TH_SEATS, TH_SEATS, rules["target_score"], GD_MAX_HANDS
    g.hand_bytes, g.game_bytes, g.record_bytes = sizeof(THHand), sizeof(THGame), sizeof(THGameRecord)
    g.deal, g.play_out, g.end_hand, g.winner, g.record = th_gd_deal, th_gd_play, th_gd_end, NULL, th_gd_record
    kind.fill("two-hand-pinochle", TH_GAME_DTYPE, &g, &r, sizeof(r), pol)
    return kind


# -- each hand's deal, for hand batches on request (Game.simulate(n, deals=True)) ------------
# Hand i on stream i for dealer i % 2 (no redeals): each seat's cards, the upcard and the
# stock (masks; the stock's order is not kept).

cdef void th_deal_of(const THRules* r, uint64_t seed, int64_t index, uint64_t* out, int8_t* dealer) noexcept nogil:
    cdef THHand h
    cdef int i
    th_new_hand(&h, r, seed, <uint64_t>index, <int>(index % TH_SEATS))
    out[0] = h.hand[0]
    out[1] = h.hand[1]
    out[2] = bit_bb(h.upcard)
    out[3] = 0
    for i in range(TH_STOCK_SIZE):
        out[3] |= bit_bb(h.stock[i])
    dealer[0] = h.dealer


def two_hand_pinochle_hand_deals(rules, uint64_t seed, int64_t start, uint64_t[:, ::1] out, int8_t[::1] dealers,
                                 policies, int threads=1):
    """The deals of hands ``start ..`` of the hand batch keyed by ``seed``: per row each seat's
    cards, the upcard and the stock (masks), and the dealer."""
    cdef THRules r = th_rules_from(rules)
    cdef Py_ssize_t i, n = out.shape[0]
    if out.shape[1] != 4 or dealers.shape[0] != n:
        raise ValueError("out must have 4 columns and dealers one entry per row")
    for i in prange(n, nogil=True, schedule="static", num_threads=max(1, threads)):
        th_deal_of(&r, seed, start + i, &out[i, 0], &dealers[i])
