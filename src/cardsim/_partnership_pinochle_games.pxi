# Whole Partnership Pinochle games: the hooks of the batch driver (_games.pxd).
#
# Hand k of game g is dealt on stream gd_hand_stream(g, k) for the dealer due (left of the
# last deal's dealer, redeals included); teams 0 (seats 0+2) and 1 (seats 1+3) score.  The
# game ends after the hand in which a team reaches target_score; when both do in one hand
# the bidding team wins, else the highest alone (docs/rules/README.md).

ctypedef struct PPGame:
    int16_t contracts[2]
    int16_t made[2]
    int16_t redeals

ctypedef struct PPGameRecord:
    int32_t score[2]                # final score per team
    int32_t hands                   # hands played
    int16_t contracts[2]            # auctions won per team
    int16_t made[2]                 # contracts made per team
    int16_t redeals                 # deals thrown in (all passed)
    int8_t winner                   # team; -1 unfinished
    int8_t first_dealer

PP_GAME_DTYPE = np.dtype([
    ("score", "i4", (2,)), ("hands", "i4"), ("contracts", "i2", (2,)), ("made", "i2", (2,)), ("redeals", "i2"),
    ("winner", "i1"), ("first_dealer", "i1"),
], align=True)


cdef void pp_gd_deal(void* hand, void* game, const void* rules, uint64_t seed, uint64_t game_stream, int k,
                     int dealer) noexcept nogil:
    pp_new_hand(<PPHand*>hand, seed, gd_hand_stream(game_stream, k), dealer)


cdef void pp_gd_play(void* hand, const void* rules, const int* policies) noexcept nogil:
    pp_play_out(<PPHand*>hand, <const PPRules*>rules, policies)


cdef int pp_gd_end(void* hand, void* game, const void* rules, int32_t* points) noexcept nogil:
    cdef PPHand* h = <PPHand*>hand
    cdef PPGame* g = <PPGame*>game
    points[0] = h.team_score[0]
    points[1] = h.team_score[1]
    if h.bidder >= 0:
        g.contracts[h.bidder % 2] += 1
        g.made[h.bidder % 2] += h.made != 0
    g.redeals += h.redeals
    return h.dealer


cdef int pp_gd_winner(const void* hand, const void* game, const void* rules, const int32_t* score, int sides,
                      int target) noexcept nogil:
    cdef const PPHand* h = <const PPHand*>hand
    if score[0] >= target and score[1] >= target and h.bidder >= 0:
        return h.bidder % 2  # both teams passed the target in one hand: the bidding team wins
    return gd_highest_alone(score, sides, target)


cdef void pp_gd_record(const void* hand, const void* game, const void* rules, const GDResult* res,
                       void* out) noexcept nogil:
    cdef const PPGame* g = <const PPGame*>game
    cdef PPGameRecord* rec = <PPGameRecord*>out
    cdef int t
    rec.hands = res.hands
    rec.winner = res.winner
    rec.first_dealer = res.first_dealer
    rec.redeals = g.redeals
    for t in range(2):
        rec.score[t] = res.score[t]
        rec.contracts[t] = g.contracts[t]
        rec.made[t] = g.made[t]


def partnership_pinochle_game_kind(rules, policies):
    """Partnership Pinochle games under ``rules`` with ``policies`` (four names), for cardsim._games."""
    cdef PPRules r = pp_rules_from(rules)
    cdef int pol[PP_SEATS]
    cdef GDGame g
    cdef GameKind kind = GameKind()
    policy_codes(policies, pol, PP_SEATS)
    memset(&g, 0, sizeof(g))
    g.seats, g.sides, g.target, g.max_hands = PP_SEATS, 2, rules["target_score"], GD_MAX_HANDS
    g.hand_bytes, g.game_bytes, g.record_bytes = sizeof(PPHand), sizeof(PPGame), sizeof(PPGameRecord)
    g.deal, g.play_out, g.end_hand, g.winner, g.record = pp_gd_deal, pp_gd_play, pp_gd_end, pp_gd_winner, pp_gd_record
    kind.fill("partnership-pinochle", PP_GAME_DTYPE, &g, &r, sizeof(r), pol)
    return kind


# -- each hand's deal, for hand batches on request (Game.simulate(n, deals=True)) ------------
# As cutthroat's: hand i on stream i for dealer i % 4, the auction stepped as pp_play_out
# steps it (an all-pass redeal deals again), the cards read before each step.

cdef void pp_deal_of(const PPRules* r, uint64_t seed, int64_t index, const int* policies, uint64_t* out,
                     int8_t* dealer) noexcept nogil:
    cdef PPHand h
    cdef int s
    pp_new_hand(&h, seed, <uint64_t>index, <int>(index % PP_SEATS))
    while True:
        for s in range(PP_SEATS):
            out[s] = h.hand[s]
        dealer[0] = h.dealer
        if h.phase != PH_AUCTION:
            return
        pp_policy_step(&h, r, policies[h.to_act])
        if h.phase != PH_AUCTION:
            return


def partnership_pinochle_hand_deals(rules, uint64_t seed, int64_t start, uint64_t[:, ::1] out,
                                    int8_t[::1] dealers, policies, int threads=1):
    """The deals hands ``start ..`` of the hand batch keyed by ``seed`` played: per row each
    seat's cards (masks), and the dealer."""
    cdef PPRules r = pp_rules_from(rules)
    cdef int pol[PP_SEATS]
    cdef Py_ssize_t i, n = out.shape[0]
    if out.shape[1] != PP_SEATS or dealers.shape[0] != n:
        raise ValueError(f"out must have {PP_SEATS} columns and dealers one entry per row")
    policy_codes(policies, pol, PP_SEATS)
    for i in prange(n, nogil=True, schedule="static", num_threads=max(1, threads)):
        pp_deal_of(&r, seed, start + i, pol, &out[i, 0], &dealers[i])
