# Whole Cutthroat Pinochle games: the hooks of the batch driver (_games.pxd).
#
# Hand k of game g is dealt on stream gd_hand_stream(g, k) for the dealer due (the seat
# left of the last deal's dealer, redeals included); each player scores for itself;
# the driver's rule ends the game (highest alone once someone reaches target_score).
# With army_scoring the record carries the army ledger: every hand's entries, then 40
# to the winner from each other player (docs/rules/README.md).

cdef enum:
    ARMY_GAME_PAYMENT = 40

ctypedef struct CPGame:
    int32_t army[CP_SEATS]
    int16_t contracts[CP_SEATS]
    int16_t made[CP_SEATS]
    int16_t thrown_in[CP_SEATS]
    int16_t redeals

ctypedef struct CPGameRecord:
    int32_t score[CP_SEATS]         # final score per player
    int32_t hands                   # hands played
    int32_t army[CP_SEATS]          # army ledger (army_scoring; else 0)
    int16_t contracts[CP_SEATS]     # auctions won
    int16_t made[CP_SEATS]          # contracts made
    int16_t thrown_in[CP_SEATS]     # contracts thrown in
    int16_t redeals                 # deals thrown in (nines, all passed)
    int8_t winner                   # player; -1 unfinished
    int8_t first_dealer

CP_GAME_DTYPE = np.dtype([
    ("score", "i4", (3,)), ("hands", "i4"), ("army", "i4", (3,)), ("contracts", "i2", (3,)),
    ("made", "i2", (3,)), ("thrown_in", "i2", (3,)), ("redeals", "i2"), ("winner", "i1"), ("first_dealer", "i1"),
], align=True)


cdef void cp_gd_deal(void* hand, void* game, const void* rules, uint64_t seed, uint64_t game_stream, int k,
                     int dealer) noexcept nogil:
    cp_new_hand(<CPHand*>hand, <const CPRules*>rules, seed, gd_hand_stream(game_stream, k), dealer)


cdef void cp_gd_play(void* hand, const void* rules, const int* policies) noexcept nogil:
    cp_play_out(<CPHand*>hand, <const CPRules*>rules, policies)


cdef int cp_gd_end(void* hand, void* game, const void* rules, int32_t* points) noexcept nogil:
    cdef CPHand* h = <CPHand*>hand
    cdef CPGame* g = <CPGame*>game
    cdef int s
    for s in range(CP_SEATS):
        points[s] = h.score[s]
        g.army[s] += h.army[s]
    if h.bidder >= 0:
        g.contracts[h.bidder] += 1
        g.made[h.bidder] += h.made != 0
        g.thrown_in[h.bidder] += h.thrown_in != 0
    g.redeals += h.redeals
    return h.dealer


cdef void cp_gd_record(const void* hand, const void* game, const void* rules, const GDResult* res,
                       void* out) noexcept nogil:
    cdef const CPGame* g = <const CPGame*>game
    cdef CPGameRecord* rec = <CPGameRecord*>out
    cdef bint army = (<const CPRules*>rules).army_scoring
    cdef int s
    rec.hands = res.hands
    rec.winner = res.winner
    rec.first_dealer = res.first_dealer
    rec.redeals = g.redeals
    for s in range(CP_SEATS):
        rec.score[s] = res.score[s]
        rec.contracts[s] = g.contracts[s]
        rec.made[s] = g.made[s]
        rec.thrown_in[s] = g.thrown_in[s]
        rec.army[s] = g.army[s]
        if army and res.winner >= 0:
            rec.army[s] += ARMY_GAME_PAYMENT * (CP_SEATS - 1) if s == res.winner else -ARMY_GAME_PAYMENT


def cutthroat_pinochle_game_kind(rules, policies):
    """Cutthroat Pinochle games under ``rules`` with ``policies`` (three names), for cardsim._games."""
    cdef CPRules r = cp_rules_from(rules)
    cdef int pol[CP_SEATS]
    cdef GDGame g
    cdef GameKind kind = GameKind()
    policy_codes(policies, pol, CP_SEATS)
    memset(&g, 0, sizeof(g))
    g.seats, g.sides, g.target, g.max_hands = CP_SEATS, CP_SEATS, rules["target_score"], GD_MAX_HANDS
    g.hand_bytes, g.game_bytes, g.record_bytes = sizeof(CPHand), sizeof(CPGame), sizeof(CPGameRecord)
    g.deal, g.play_out, g.end_hand, g.winner, g.record = cp_gd_deal, cp_gd_play, cp_gd_end, NULL, cp_gd_record
    kind.fill("cutthroat-pinochle", CP_GAME_DTYPE, &g, &r, sizeof(r), pol)
    return kind


# -- each hand's deal, for hand batches on request (Game.simulate(n, deals=True)) ------------
# Hand i of a hand batch is dealt on stream i for dealer i % 3 (cp_simulate_one); the deal it
# plays is the last one of its auction (an all-pass redeal deals again), so the auction is
# stepped as cp_play_out steps it and the cards are read before each step: hands, widow.

cdef void cp_deal_of(const CPRules* r, uint64_t seed, int64_t index, const int* policies, uint64_t* out,
                     int8_t* dealer) noexcept nogil:
    cdef CPHand h
    cdef int s
    cp_new_hand(&h, r, seed, <uint64_t>index, <int>(index % CP_SEATS))
    while True:
        for s in range(CP_SEATS):
            out[s] = h.hand[s]
        out[CP_SEATS] = h.widow
        dealer[0] = h.dealer
        if h.phase != PH_AUCTION:
            return
        cp_policy_step(&h, r, policies[h.to_act])
        if h.phase != PH_AUCTION:
            return


def cutthroat_pinochle_hand_deals(rules, uint64_t seed, int64_t start, uint64_t[:, ::1] out, int8_t[::1] dealers,
                                  policies, int threads=1):
    """The deals hands ``start ..`` of the hand batch keyed by ``seed`` played: per row each
    seat's cards and the widow (masks), and the dealer."""
    cdef CPRules r = cp_rules_from(rules)
    cdef int pol[CP_SEATS]
    cdef Py_ssize_t i, n = out.shape[0]
    if out.shape[1] != CP_SEATS + 1 or dealers.shape[0] != n:
        raise ValueError(f"out must have {CP_SEATS + 1} columns and dealers one entry per row")
    policy_codes(policies, pol, CP_SEATS)
    for i in prange(n, nogil=True, schedule="static", num_threads=max(1, threads)):
        cp_deal_of(&r, seed, start + i, pol, &out[i, 0], &dealers[i])
