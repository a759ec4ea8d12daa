# Two-Hand Pinochle (RULES.md section 4; readings in docs/two-hand-pinochle.md).
#
# Two seats.  A hand runs: stock tricks (any card; after each, the winner may meld once
# and exchange the dix, then both draw), then the last 12 tricks (follow and win if
# able).  Actions: th_play (one card), th_declare (one meld), th_exchange (dix for the
# turned-up trump), th_draw (end of the winner's melding).  The batch players
# (pinochle/two_hand_players.pxd) and the step API (TwoHandPinochleState, whose integer
# actions map one to one onto these) call them.
#
# Meld reuse (section 4) lives in used[kind]: the physical cards that have served in a
# meld of that kind.  A new meld of a kind takes only held cards outside used[kind]; a
# run also marks its K Q as used for trump_marriage (a run first gives no marriage; a
# marriage first may still grow into a run).  used[TK_DIX] holds every dix that has
# scored (declared, exchanged, played in the stock phase, or turned up for the dealer).
#
# Copies.  A move of the play phases names the card and the copy: ``code | flag``, where
# ``code`` is the card's copy-0 bit (even, 0..62) and ``flag`` is TH_FROM_TABLE (64) to
# play the copy melded on the table, 0 to play one held off the table.  A card on the
# table and its twin in hand are two moves (th_legal_hand / th_legal_table list them);
# the contract's integer actions (TwoHandPinochleState, docs/actions.md) number them
# card action + 24 * from_table.  Of two
# copies on the same side (both on the table, or both in hand) the one played is the
# one that has served in more kinds (th_pick_copy): the kinds two held copies have
# served in are always nested (a declaration melds the copy that has served in more
# kinds), so the other copy can do everything the played one could.  Declarations pick
# their copies by the same rule, so a fresh copy stays fresh.
#
# Invariants: hand[s] (table[s] included), won[s], the current trick, the undrawn
# stock and the upcard partition the 48 physical card bits.

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount, suit_of
from cardsim._rng cimport Rng, rng_below, rng_next, rng_seed, rng_seed_hand, rng_take, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM
from cardsim.pinochle.cards cimport *
from cardsim.pinochle.cutthroat_engine cimport *

cdef enum:
    TH_SEATS = 2
    TH_HAND_SIZE = 12
    TH_STOCK_SIZE = 23          # face-down cards under the turned-up trump
    TH_STOCK_TRICKS = 12        # tricks played while the stock lasts
    TH_TRICKS = 24
    PH_STOCK = 5                # tricks with free play while the stock lasts
    PH_MELD = 6                 # the winner of a stock trick may meld / exchange, then both draw
    # meld kinds (each with its own used mask), in the order of the two-hand option table
    TK_RUN = 0
    TK_TRUMP_MARRIAGE = 1
    TK_MARRIAGE = 2
    TK_DIX = 3
    TK_ACES = 4
    TK_KINGS = 5
    TK_QUEENS = 6
    TK_JACKS = 7
    TK_PINOCHLE = 8
    TH_KINDS = 9
    # declarations (moves of the meld phase): marriages per suit, TD_MARRIAGE + suit
    TD_RUN = 0
    TD_TRUMP_MARRIAGE = 1
    TD_MARRIAGE = 2
    TD_DIX = 6
    TD_ACES = 7
    TD_KINGS = 8
    TD_QUEENS = 9
    TD_JACKS = 10
    TD_PINOCHLE = 11
    TH_DECLS = 12
    TH_FROM_TABLE = 64          # move flag: play the copy on the table (see the header)

ctypedef struct THRules:
    int meld_value[TH_KINDS]    # points per meld, TK_* order
    int rank_points[N_RANKS]    # trick points per rank, 9 J Q K T A
    int last_trick_points       # bonus to the winner of the last trick

ctypedef struct THHand:
    uint64_t hand[TH_SEATS]     # cards held, melded cards on the table included
    uint64_t table[TH_SEATS]    # melded cards still on the table (playable)
    uint64_t won[TH_SEATS]      # cards taken in tricks
    uint64_t played             # every card played to a trick so far
    uint64_t used[TH_KINDS]     # cards that have served in a meld of each kind
    int stock[TH_STOCK_SIZE]    # face-down stock, top first
    int n_drawn                 # face-down cards drawn so far
    int upcard                  # bit of the turned-up trump card; -1 once taken
    Rng rng                     # its players' stream (the deal has its own, th_new_hand)
    int dealer
    int trump
    int phase                   # PH_STOCK, PH_MELD, PH_PLAY, PH_DONE
    int to_act                  # -1 once done
    int leader
    int n_in_trick
    int trick[TH_SEATS]
    int best                    # index in trick[] of the card winning so far
    int tricks_played
    int last_winner
    int melded                  # the winner has declared its one meld after this trick
    int exchanged               # seat that exchanged the dix; -1
    int void_mask[TH_SEATS]     # suits shown void in the last 12 tricks
    int meld[TH_SEATS]          # meld points scored (dix scores included)
    int melds[TH_SEATS]         # melds declared
    int trick_points[TH_SEATS]
    int score[TH_SEATS]

cdef inline int th_kind_of(int decl) noexcept nogil:
    if decl < TD_MARRIAGE:
        return decl
    if decl < TD_DIX:
        return TK_MARRIAGE
    return decl - 3

cdef inline uint64_t th_need(int decl, int trump) noexcept nogil:
    """Copy-0 bits of the cards a declaration needs (one copy of each)."""
    cdef uint64_t kq = (<uint64_t>1 << (2 * RK)) | (<uint64_t>1 << (2 * RQ))
    if decl == TD_RUN:
        return RUN_LANE << (16 * trump)
    if decl == TD_TRUMP_MARRIAGE:
        return kq << (16 * trump)
    if decl < TD_DIX:
        return kq << (16 * (decl - TD_MARRIAGE))
    if decl == TD_DIX:
        return (<uint64_t>1) << (16 * trump)
    if decl == TD_PINOCHLE:
        return ((<uint64_t>1) << (2 * RQ)) | ((<uint64_t>1) << (32 + 2 * RJ))
    cdef int rank = RA if decl == TD_ACES else (RK if decl == TD_KINGS else (RQ if decl == TD_QUEENS else RJ))
    return ((<uint64_t>1) << (2 * rank)) * ALL_LANES_BB

cdef enum:
    # (lane bits * TH_LANE_GATHER) >> 45: bit 0 of the four lanes gathered onto bits 0-3 (no carries)
    TH_LANE_GATHER_SHIFT = 45

cdef extern from *:
    """
    #define CARDSIM_TH_LANE_GATHER 0x0000200040008001ULL
    """
    const uint64_t TH_LANE_GATHER "CARDSIM_TH_LANE_GATHER"  # 2^45 + 2^30 + 2^15 + 1

cdef inline int th_legal_melds(const THHand* h, int s) noexcept nogil:
    """Bit d set when seat ``s`` may declare d now (given what it holds and has used).

    One mask test per declaration, each on the copies held outside used[kind] (th_need's
    cards, written out by kind): the four marriages at once (a K-Q pair per lane, the
    trump lane left out: that marriage is TD_TRUMP_MARRIAGE), gathered onto their bits
    by one multiply.  Called several times a stock trick.

    used[kind] only ever holds cards of that kind's declarations (th_declare marks the
    cards it melds, a run also its K Q for the trump marriage, and the dix marks are trump
    nines), so kinds whose cards never meet share one mask of the copies left: the trump
    marriage (trump K Q), the plain marriages (K Q of the other suits) and the dix (trump
    9); the four arounds (one rank each).  Each test reads only its own kind's cards, where
    the shared mask is its own: four masks instead of nine."""
    cdef uint64_t hand = h.hand[s]
    cdef int shift = 16 * h.trump, out
    cdef uint64_t kq = (<uint64_t>1 << (2 * RK)) | (<uint64_t>1 << (2 * RQ)), a, pairs, lane
    cdef uint64_t pinochle = ((<uint64_t>1) << (2 * RQ)) | ((<uint64_t>1) << (32 + 2 * RJ))
    a = copies_one(hand & ~h.used[TK_RUN]) >> shift
    out = <int>((a & RUN_LANE) == RUN_LANE) << TD_RUN
    a = copies_one(hand & ~(h.used[TK_TRUMP_MARRIAGE] | h.used[TK_MARRIAGE] | h.used[TK_DIX]))
    lane = a >> shift
    out |= <int>((lane & kq) == kq) << TD_TRUMP_MARRIAGE
    pairs = (a >> (2 * RK)) & (a >> (2 * RQ)) & ALL_LANES_BB & ~((<uint64_t>1) << shift)
    out |= <int>(((pairs * TH_LANE_GATHER) >> TH_LANE_GATHER_SHIFT) & 15) << TD_MARRIAGE
    out |= <int>(lane & 1) << TD_DIX
    a = copies_one(hand & ~(h.used[TK_ACES] | h.used[TK_KINGS] | h.used[TK_QUEENS] | h.used[TK_JACKS]))
    out |= <int>(((a >> (2 * RA)) & ALL_LANES_BB) == ALL_LANES_BB) << TD_ACES
    out |= <int>(((a >> (2 * RK)) & ALL_LANES_BB) == ALL_LANES_BB) << TD_KINGS
    out |= <int>(((a >> (2 * RQ)) & ALL_LANES_BB) == ALL_LANES_BB) << TD_QUEENS
    out |= <int>(((a >> (2 * RJ)) & ALL_LANES_BB) == ALL_LANES_BB) << TD_JACKS
    a = copies_one(hand & ~h.used[TK_PINOCHLE])
    out |= <int>((a & pinochle) == pinochle) << TD_PINOCHLE
    return out

cdef inline int th_pick_copy(const THHand* h, int s, uint64_t candidates) noexcept nogil:
    """Of one or two copies of a card in ``candidates``, the one to play or meld: of two, the
    one that has served in more kinds (compared as TK_* masks, then on the table first).  The
    two copies are adjacent bits, so one pass over used[] gathers both copies' kinds, kind k
    on bits 2k (the lower copy) and 2k + 1: the highest kind where they differ decides."""
    cdef int a = lsb(candidates), k
    cdef uint64_t kinds = 0, differ
    if not (candidates & (candidates - 1)):
        return a
    for k in range(TH_KINDS):
        kinds |= ((h.used[k] >> a) & 3) << (2 * k)
    differ = (kinds ^ (kinds >> 1)) & <uint64_t>0x15555  # bit 2k: the copies differ in kind k
    if differ:
        return a + <int>((kinds >> (msb(differ) + 1)) & 1)
    return a + <int>(((h.table[s] >> a) & 3) == 2)  # served alike: the upper copy only if it alone is on the table

cdef inline uint64_t th_legal(const THHand* h) noexcept nogil:
    """Distinct cards the seat to act may play: any in the stock phase, else follow and win."""
    if h.phase == PH_STOCK or h.n_in_trick == 0:
        return distinct_cards(h.hand[h.to_act])
    return legal_cards(h.hand[h.to_act], h.trick[0] >> 4, h.trick[h.best], h.trump, MUST_BEAT_ALWAYS)

cdef inline int th_copy_of(const THHand* h, int s, int move) noexcept nogil:
    """The physical card ``move`` plays: a copy of its card on the table (TH_FROM_TABLE)
    or off it; of two such copies, th_pick_copy's.  The caller checks that one exists."""
    cdef uint64_t pair = h.hand[s] & ((<uint64_t>3) << (move & 62))
    if move & TH_FROM_TABLE:
        return th_pick_copy(h, s, pair & h.table[s])
    return th_pick_copy(h, s, pair & ~h.table[s])

cdef inline uint64_t th_legal_hand(const THHand* h) noexcept nogil:
    """Copy-0 bits of the legal cards the seat to act holds off the table (moves with flag 0)."""
    cdef int s = h.to_act
    return copies_one(th_legal(h)) & copies_one(h.hand[s] & ~h.table[s])

cdef inline uint64_t th_legal_table(const THHand* h) noexcept nogil:
    """Copy-0 bits of the legal cards the seat to act has on the table (moves with TH_FROM_TABLE)."""
    return copies_one(th_legal(h)) & copies_one(h.table[h.to_act])

cdef inline bint th_can_exchange(const THHand* h, int s) noexcept nogil:
    cdef uint64_t dixes = h.hand[s] & ((<uint64_t>3) << (16 * h.trump)) & ~h.used[TK_DIX]
    return h.phase == PH_MELD and h.upcard >= 0 and rank_of(h.upcard) != R9 and dixes != 0

cdef inline bint th_has_options(const THHand* h) noexcept nogil:
    return (not h.melded and th_legal_melds(h, h.to_act) != 0) or th_can_exchange(h, h.to_act)

cdef inline void th_new_hand(THHand* h, const THRules* r, uint64_t seed, uint64_t stream, int dealer) noexcept nogil:
    """Shuffle (the deal stream, several positions a draw) and deal; ``h.rng`` is the players' stream."""
    cdef int order[48]
    cdef int i, k = 0, suit
    cdef Rng deal_rng
    rng_seed_hand(&deal_rng, &h.rng, seed, stream)
    for suit in range(4):
        for i in range(12):
            order[k] = 16 * suit + i
            k += 1
    shuffle_ints(&deal_rng, order, 48)
    th_deal_order(h, r, order, dealer)

cdef inline void th_deal_order(THHand* h, const THRules* r, const int* order, int dealer) noexcept nogil:
    """Deal ``order``: 12 cards to the non-dealer, 12 to the dealer, one turned up, 23 face down."""
    cdef int i, k
    h.dealer = dealer
    h.hand[1 - dealer] = 0
    h.hand[dealer] = 0
    for i in range(TH_HAND_SIZE):
        h.hand[1 - dealer] |= bit_bb(order[i])
        h.hand[dealer] |= bit_bb(order[TH_HAND_SIZE + i])
    h.upcard = order[2 * TH_HAND_SIZE]
    for i in range(TH_STOCK_SIZE):
        h.stock[i] = order[2 * TH_HAND_SIZE + 1 + i]
    h.n_drawn = 0
    h.trump = h.upcard >> 4
    for k in range(TH_KINDS):
        h.used[k] = 0
    for i in range(TH_SEATS):
        h.table[i] = 0
        h.won[i] = 0
        h.void_mask[i] = 0
        h.meld[i] = 0
        h.melds[i] = 0
        h.trick_points[i] = 0
        h.score[i] = 0
    if rank_of(h.upcard) == R9:  # a turned-up dix scores for the dealer
        h.meld[dealer] = r.meld_value[TK_DIX]
        h.used[TK_DIX] = bit_bb(h.upcard)
    h.played = 0
    h.phase = PH_STOCK
    h.leader = 1 - dealer
    h.to_act = 1 - dealer
    h.n_in_trick = 0
    h.tricks_played = 0
    h.last_winner = -1
    h.melded = 0
    h.exchanged = -1


cdef inline void th_draw(THHand* h, const THRules* r) noexcept nogil:
    """End of the winner's melding: the winner draws, then the loser; the winner leads."""
    cdef int w = h.last_winner
    if h.n_drawn < TH_STOCK_SIZE - 1:
        h.hand[w] |= bit_bb(h.stock[h.n_drawn])
        h.hand[1 - w] |= bit_bb(h.stock[h.n_drawn + 1])
        h.n_drawn += 2
        h.phase = PH_STOCK
    else:  # the last face-down card to the winner, the turned-up trump to the loser
        h.hand[w] |= bit_bb(h.stock[h.n_drawn])
        h.hand[1 - w] |= bit_bb(h.upcard)
        h.n_drawn += 1
        h.upcard = -1
        h.phase = PH_PLAY
    h.to_act = w

cdef inline void th_after_meld_action(THHand* h, const THRules* r) noexcept nogil:
    if not th_has_options(h):
        th_draw(h, r)

cdef inline void th_declare(THHand* h, const THRules* r, int decl) noexcept nogil:
    """The winner declares ``decl`` (legal, checked by the caller): its cards go to the table."""
    cdef int s = h.to_act, kind = th_kind_of(decl), c
    cdef uint64_t need = th_need(decl, h.trump), avail = h.hand[s] & ~h.used[kind], chosen = 0
    while need:
        c = lsb(need)
        need &= need - 1
        chosen |= bit_bb(th_pick_copy(h, s, avail & ((<uint64_t>3) << c)))
    h.used[kind] |= chosen
    if kind == TK_RUN:
        h.used[TK_TRUMP_MARRIAGE] |= chosen & rank_bb(RK) | chosen & rank_bb(RQ)
    h.table[s] |= chosen
    h.meld[s] += r.meld_value[kind]
    h.melds[s] += 1
    h.melded = 1
    th_after_meld_action(h, r)

cdef inline void th_exchange(THHand* h, const THRules* r) noexcept nogil:
    """The winner swaps an unscored dix for the turned-up trump card (checked by the caller)."""
    cdef int s = h.to_act
    cdef int dix = lsb(h.hand[s] & ((<uint64_t>3) << (16 * h.trump)) & ~h.used[TK_DIX])
    h.hand[s] = (h.hand[s] & ~bit_bb(dix)) | bit_bb(h.upcard)
    h.upcard = dix
    h.used[TK_DIX] |= bit_bb(dix)
    h.meld[s] += r.meld_value[TK_DIX]
    h.exchanged = s
    th_after_meld_action(h, r)

cdef inline void th_finish(THHand* h, const THRules* r) noexcept nogil:
    cdef int s
    for s in range(TH_SEATS):
        h.trick_points[s] = card_points(h.won[s], r.rank_points)
    h.trick_points[h.last_winner] += r.last_trick_points
    for s in range(TH_SEATS):
        h.score[s] = h.meld[s] + h.trick_points[s]
    h.phase = PH_DONE
    h.to_act = -1

cdef inline void th_play(THHand* h, const THRules* r, int move) noexcept nogil:
    """The seat to act makes ``move`` (a card and the copy: see the header; legal, checked
    by the caller)."""
    cdef int s = h.to_act, w, led
    cdef int card = th_copy_of(h, s, move)
    h.hand[s] &= ~bit_bb(card)
    h.table[s] &= ~bit_bb(card)
    h.played |= bit_bb(card)
    if h.phase == PH_STOCK and (card >> 4) == h.trump and rank_of(card) == R9 \
            and not (h.used[TK_DIX] >> card) & 1:
        h.used[TK_DIX] |= bit_bb(card)  # an unscored dix played while the stock lasts
        h.meld[s] += r.meld_value[TK_DIX]
    if h.n_in_trick == 0:
        h.best = 0
    else:
        led = h.trick[0] >> 4
        if h.phase == PH_PLAY and (card >> 4) != led:
            h.void_mask[s] |= 1 << led
            if (card >> 4) != h.trump:
                h.void_mask[s] |= 1 << h.trump
        if card_beats(card, h.trick[0], h.trump):
            h.best = 1
    h.trick[h.n_in_trick] = card
    h.n_in_trick += 1
    if h.n_in_trick < TH_SEATS:
        h.to_act = 1 - s
        return
    w = (h.leader + h.best) % TH_SEATS
    h.won[w] |= bit_bb(h.trick[0]) | bit_bb(h.trick[1])
    h.tricks_played += 1
    h.last_winner = w
    h.leader = w
    h.to_act = w
    h.n_in_trick = 0
    if h.phase == PH_STOCK:
        h.phase = PH_MELD
        h.melded = 0
        th_after_meld_action(h, r)
    elif h.tricks_played == TH_TRICKS:
        th_finish(h, r)
