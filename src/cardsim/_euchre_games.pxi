# Whole Euchre and Cutthroat Euchre games: the hooks of the batch driver (_games.pxd).
#
# Hand k of game g is dealt on stream gd_hand_stream(g, k) for the dealer due (left of the
# last deal's dealer, redeals included).  Euchre scores per team (0 = seats 0+2), Cutthroat
# Euchre per player; the driver's rule ends the game (highest alone once a side reaches
# target_score; a tie plays on).  Counts are per side: the side that made trump, was
# euchred, marched, went alone.

ctypedef struct EUGame:
    int16_t makes[3]
    int16_t euchred[3]
    int16_t marches[3]
    int16_t alone[3]

ctypedef struct EUGameRecord:
    int32_t score[3]                # final score per side (euchre: two teams)
    int32_t hands                   # hands played
    int16_t makes[3]                # hands the side made trump in
    int16_t euchred[3]              # ... and was euchred
    int16_t marches[3]              # ... and took all five tricks
    int16_t alone[3]                # ... with the maker alone
    int8_t winner                   # side; -1 unfinished
    int8_t first_dealer

CUTTHROAT_EUCHRE_GAME_DTYPE = np.dtype([
    ("score", "i4", (3,)), ("hands", "i4"), ("makes", "i2", (3,)), ("euchred", "i2", (3,)), ("marches", "i2", (3,)),
    ("alone", "i2", (3,)), ("winner", "i1"), ("first_dealer", "i1"),
], align=True)
#: the same records with per-side fields cut to the two teams
EUCHRE_GAME_DTYPE = np.dtype({
    "names": list(CUTTHROAT_EUCHRE_GAME_DTYPE.names),
    "formats": [(dt.base, (2,)) if dt.shape else dt
                for dt in (CUTTHROAT_EUCHRE_GAME_DTYPE.fields[n][0] for n in CUTTHROAT_EUCHRE_GAME_DTYPE.names)],
    "offsets": [CUTTHROAT_EUCHRE_GAME_DTYPE.fields[n][1] for n in CUTTHROAT_EUCHRE_GAME_DTYPE.names],
    "itemsize": CUTTHROAT_EUCHRE_GAME_DTYPE.itemsize,
})


cdef void eu_gd_deal(void* hand, void* game, const void* rules, uint64_t seed, uint64_t game_stream, int k,
                     int dealer) noexcept nogil:
    eu_new_hand(<EUHand*>hand, <const EURules*>rules, seed, gd_hand_stream(game_stream, k), dealer)


cdef void eu_gd_play(void* hand, const void* rules, const int* policies) noexcept nogil:
    eu_play_out(<EUHand*>hand, <const EURules*>rules, policies)


cdef int eu_gd_end(void* hand, void* game, const void* rules, int32_t* points) noexcept nogil:
    cdef EUHand* h = <EUHand*>hand
    cdef EUGame* g = <EUGame*>game
    cdef const EURules* r = <const EURules*>rules
    cdef int s, side, side_tricks = 0
    if r.partnership:
        points[0] = h.team_points[0]
        points[1] = h.team_points[1]
    else:
        for s in range(r.seats):
            points[s] = h.points[s]
    if h.maker >= 0:
        side = h.maker & 1 if r.partnership else h.maker
        for s in range(r.seats):
            if eu_same_side(h, r, s, h.maker):
                side_tricks += h.tricks[s]
        g.makes[side] += 1
        g.euchred[side] += h.euchred != 0
        g.marches[side] += side_tricks == EU_TRICKS
        g.alone[side] += h.maker_alone != 0
    return h.dealer


cdef void eu_gd_record(const void* hand, const void* game, const void* rules, const GDResult* res,
                       void* out) noexcept nogil:
    cdef const EUGame* g = <const EUGame*>game
    cdef EUGameRecord* rec = <EUGameRecord*>out
    cdef int s, sides = 2 if (<const EURules*>rules).partnership else (<const EURules*>rules).seats
    rec.hands = res.hands
    rec.winner = res.winner
    rec.first_dealer = res.first_dealer
    for s in range(sides):
        rec.score[s] = res.score[s]
        rec.makes[s] = g.makes[s]
        rec.euchred[s] = g.euchred[s]
        rec.marches[s] = g.marches[s]
        rec.alone[s] = g.alone[s]


def euchre_game_kind(rules, int seats, policies):
    """Euchre (4 seats) or Cutthroat Euchre (3) games under ``rules`` with ``policies``, for cardsim._games."""
    cdef EURules r = eu_rules_from(rules, seats)
    cdef int pol[EU_MAX_SEATS]
    cdef GDGame g
    cdef GameKind kind = GameKind()
    policy_codes(policies, pol, r.seats)
    memset(&g, 0, sizeof(g))
    g.seats, g.sides, g.target, g.max_hands = r.seats, 2 if r.partnership else r.seats, rules["target_score"], GD_MAX_HANDS
    g.hand_bytes, g.game_bytes, g.record_bytes = sizeof(EUHand), sizeof(EUGame), sizeof(EUGameRecord)
    g.deal, g.play_out, g.end_hand, g.winner, g.record = eu_gd_deal, eu_gd_play, eu_gd_end, NULL, eu_gd_record
    if r.partnership:
        kind.fill("euchre", EUCHRE_GAME_DTYPE, &g, &r, sizeof(r), pol)
    else:
        kind.fill("cutthroat-euchre", CUTTHROAT_EUCHRE_GAME_DTYPE, &g, &r, sizeof(r), pol)
    return kind


# -- each hand's deal, for hand batches on request (Game.simulate(n, deals=True)) ------------
# Hand i on stream i for dealer i % seats; the deal it plays is the last of its bidding (all
# passing twice deals again), so the bidding is stepped as eu_play_out steps it and the cards
# read before each step (physical masks until trump is made): hands, upcard, kitty (the
# undealt cards, the upcard among them), dummy (cutthroat).

cdef void eu_deal_of(const EURules* r, uint64_t seed, int64_t index, const int* policies, uint64_t* out,
                     int8_t* dealer) noexcept nogil:
    cdef EUHand h
    cdef int s
    eu_new_hand(&h, r, seed, <uint64_t>index, <int>(index % r.seats))
    while True:
        for s in range(r.seats):
            out[s] = h.hand[s]
        out[r.seats] = bit_bb(h.upcard)
        out[r.seats + 1] = h.kitty
        if not r.partnership:
            out[r.seats + 2] = h.dummy
        dealer[0] = h.dealer
        if h.maker >= 0 or h.phase == EPH_DONE:
            return
        eu_policy_step(&h, r, policies[h.to_act])
        if h.maker >= 0 or h.phase == EPH_DONE:
            return


def euchre_hand_deals(rules, int seats, uint64_t seed, int64_t start, uint64_t[:, ::1] out, int8_t[::1] dealers,
                      policies, int threads=1):
    """The deals hands ``start ..`` of the hand batch keyed by ``seed`` played: per row each
    seat's cards, the upcard, the kitty and (cutthroat) the dummy, as physical masks, and the dealer."""
    cdef EURules r = eu_rules_from(rules, seats)
    cdef int pol[EU_MAX_SEATS]
    cdef int columns = r.seats + (2 if r.partnership else 3)
    cdef Py_ssize_t i, n = out.shape[0]
    if out.shape[1] != columns or dealers.shape[0] != n:
        raise ValueError(f"out must have {columns} columns and dealers one entry per row")
    policy_codes(policies, pol, r.seats)
    for i in prange(n, nogil=True, schedule="static", num_threads=max(1, threads)):
        eu_deal_of(&r, seed, start + i, pol, &out[i, 0], &dealers[i])
