# cython: language_level=3
"""Two-Hand Pinochle in the core (RULES.md section 2); see the comment below."""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cython.parallel cimport prange

import numpy as np

from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount
from cardsim._rng cimport Rng, rng_below, rng_next, rng_seed, rng_seed_hand, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM, policy_code, policy_codes
from cardsim._contract cimport CARDSIM_BUILD_ID, GameState
from cardsim._contract import check_record_layout

#: The hash of this module's sources, baked in at build time (_contract.pxd): part of its state's pickle fingerprint.
BUILD_ID = (<bytes>CARDSIM_BUILD_ID).decode("ascii")
from cardsim._games cimport (GD_HAND_STREAMS, GD_MAX_HANDS, GDGame, GDHistory, GDResult, GameKind, gd_hand_stream,
                             gd_highest_alone, gd_history_loop, gd_play_game, gd_setup)
from cardsim.pinochle.cards cimport *
from cardsim.pinochle.common cimport *
from cardsim.pinochle.cutthroat_engine cimport *
from cardsim.pinochle.cutthroat_players cimport *
from cardsim.pinochle.odds_columns cimport ODDS_COLUMNS
from cardsim.pinochle.two_hand_engine cimport *
from cardsim.pinochle.two_hand_actions cimport *
from cardsim.pinochle.two_hand_players cimport *
from cardsim.pinochle.games_odds cimport TH_ODDS_COLUMNS, th_fill_order, th_odds_order, th_odds_play, th_odds_trial
from cardsim.pinochle.cutthroat_odds cimport pin_shuffled
from cardsim._deal cimport RESAMPLE_STREAM, resample_places
from cardsim.solver.pimc_keys cimport pm_base, pm_key

from cardsim.pinochle.common import parse_card_points, pinochle_auction_action_name, pinochle_card_name

PIN_TABLES = pin_bid_tables()  # the learned bid tables live in cardsim.pinochle.common (bid_tables.pxd)

# The Python-facing part of the Two-Hand Pinochle core (module cardsim.pinochle.two_hand): the
# rules struct, the batch record and simulate_two_hand_pinochle, and
# TwoHandPinochleState for step-by-step play.  Same shape as Cutthroat Pinochle's.

#: Meld kinds of two-hand pinochle, TK_* order (its nine meld_<name> options).

TWO_HAND_KINDS = ("run", "trump_marriage", "marriage", "dix", "aces", "kings", "queens", "jacks", "pinochle")
#: Declarations (moves of the meld phase), TD_* order.
TWO_HAND_DECLARATIONS = ("run", "trump_marriage", "marriage_S", "marriage_H", "marriage_D", "marriage_C",
                         "dix", "aces", "kings", "queens", "jacks", "pinochle")
#: Move flag of the play phases: ``code | TWO_HAND_FROM_TABLE`` plays the copy of the card
#: melded on the table, ``code`` (its copy-0 bit) one held off the table.
TWO_HAND_FROM_TABLE = TH_FROM_TABLE


cdef THRules th_rules_from(rules) except *:
    """Fill the core's rules struct once from a validated two-hand-pinochle Rules mapping."""
    cdef THRules r
    cdef int i
    memset(&r, 0, sizeof(r))
    for i in range(TH_KINDS):
        r.meld_value[i] = int(rules["meld_" + TWO_HAND_KINDS[i]])
    points = parse_card_points(rules["card_points"])
    for i in range(N_RANKS):
        r.rank_points[i] = points[i]
    r.last_trick_points = rules["last_trick_points"]
    return r


def pinochle_meld_counts(uint64_t cards, int trump):
    """How many of each of the 15 melds of section 1 ``cards`` show in ``trump`` (no values)."""
    cdef int counts[N_MELDS]
    meld_counts(cards, trump, counts)
    return [counts[i] for i in range(N_MELDS)]


ctypedef struct THRecord:
    int16_t meld[2]             # meld points scored per seat (dix scores included)
    int16_t trick_points[2]     # per seat, last trick included
    int16_t score[2]            # meld + trick points per seat
    int16_t melds[2]            # melds declared per seat
    int8_t dealer
    int8_t trump                # 0..3 = S H D C
    int8_t exchanged            # seat that exchanged the dix for the turned-up card; -1
    int8_t last_trick           # winner of the last trick

TH_RECORD_DTYPE = np.dtype([
    ("meld", "i2", (2,)), ("trick_points", "i2", (2,)), ("score", "i2", (2,)), ("melds", "i2", (2,)),
    ("dealer", "i1"), ("trump", "i1"), ("exchanged", "i1"), ("last_trick", "i1"),
], align=True)


def _check_th_record_layout():
    cdef THRecord rec
    cdef char* base = <char*>&rec
    offsets = {
        "meld": <char*>&rec.meld[0] - base, "trick_points": <char*>&rec.trick_points[0] - base,
        "score": <char*>&rec.score[0] - base, "melds": <char*>&rec.melds[0] - base,
        "dealer": <char*>&rec.dealer - base, "trump": <char*>&rec.trump - base,
        "exchanged": <char*>&rec.exchanged - base, "last_trick": <char*>&rec.last_trick - base,
    }
    check_record_layout(TH_RECORD_DTYPE, sizeof(THRecord), offsets, "two-hand record")

_check_th_record_layout()


cdef inline void th_hand_record(const THHand* h, THRecord* out) noexcept nogil:
    """A played hand's batch record (the heuristic and the PIMC batches write the same)."""
    cdef int s
    for s in range(TH_SEATS):
        out.meld[s] = h.meld[s]
        out.trick_points[s] = h.trick_points[s]
        out.score[s] = h.score[s]
        out.melds[s] = h.melds[s]
    out.dealer = h.dealer
    out.trump = h.trump
    out.exchanged = h.exchanged
    out.last_trick = h.last_winner


cdef void th_simulate_one(const THRules* r, uint64_t seed, int64_t index, const int* policies,
                          THRecord* out) noexcept nogil:
    cdef THHand h
    th_new_hand(&h, r, seed, <uint64_t>index, <int>(index % TH_SEATS))
    th_play_out(&h, r, policies)
    th_hand_record(&h, out)


def simulate_two_hand_pinochle(rules, uint64_t seed, int64_t start, records, policies, int threads=1):
    """Play hands ``start .. start+len(records)-1`` of the batch keyed by ``seed`` (TH_RECORD_DTYPE)."""
    cdef THRules r = th_rules_from(rules)
    cdef int pol[TH_SEATS]
    cdef Py_ssize_t i, n = len(records)
    cdef unsigned char[::1] raw = records.view(np.uint8).reshape(-1)
    if records.dtype != TH_RECORD_DTYPE:
        raise ValueError("records must have dtype TH_RECORD_DTYPE")
    cdef THRecord* out = <THRecord*>&raw[0] if n else NULL
    policy_codes(policies, pol, TH_SEATS)
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=64, num_threads=max(1, threads)):
        th_simulate_one(&r, seed, start + i, pol, &out[i])


# The game contract's actions (docs/actions.md; TH_A_*, th_legal_actions, th_apply_action):
# pinochle/two_hand_actions.pxd.

#: The first action of each kind (docs/actions.md).
TWO_HAND_TABLE_ACTION = TH_A_TABLE
TWO_HAND_DECLARE_ACTION = TH_A_DECLARE
TWO_HAND_EXCHANGE_ACTION = TH_A_EXCHANGE
TWO_HAND_DRAW_ACTION = TH_A_DRAW


cdef inline int th_move_action(const THHand* h, int s, int card) noexcept nogil:
    """The action that played physical ``card`` (seat ``s`` before the play): its card
    action, + TH_A_TABLE when that copy lay on the table."""
    return pin_card_action(card) + (TH_A_TABLE if (h.table[s] >> card) & 1 else 0)


cdef enum:
    TH_HISTORY_CAP = 256        # most actions a hand can take: 48 cards, a declaration or exchange and a draw a trick


cdef inline bint th_apply_checked(THHand* h, const THRules* r, int action) noexcept nogil:
    """Apply ``action`` if it is legal in ``h``; False (``h`` unchanged) if not."""
    cdef int acts[TH_NUM_ACTIONS]
    cdef int n = th_legal_actions(h, acts), i
    for i in range(n):
        if acts[i] == action:
            th_apply_action(h, r, action)
            return True
    return False


cdef int th_step_actions(void* hand, const void* rules, const int* policies, int* out, int* seat) noexcept nogil:
    """One decision of the seat to act by its policy (th_policy_step), as its one action
    (docs/actions.md) into ``out``; returns 1, -1 once the hand is over (a gd_step_fn)."""
    cdef THHand* h = <THHand*>hand
    if h.phase == PH_DONE:
        return -1
    seat[0] = h.to_act
    out[0] = th_step_action(h, <const THRules*>rules, policies[h.to_act])
    return 1


cdef inline int th_step_action(THHand* h, const THRules* r, int policy) noexcept nogil:
    """One decision by ``policy`` for the seat to act (th_policy_step), as its action (docs/actions.md)."""
    cdef THHand before = h[0]
    cdef int s = h.to_act, k, kind = -1, card
    th_policy_step(h, r, policy)
    if before.phase == PH_MELD:
        if h.exchanged != before.exchanged:
            return TH_A_EXCHANGE
        if h.melds[s] != before.melds[s]:
            for k in range(TH_KINDS):  # a run also marks its K Q for trump marriages: run comes first
                if h.used[k] != before.used[k]:
                    kind = k
                    break
            if kind == TK_MARRIAGE:
                return TH_A_DECLARE + TD_MARRIAGE + ((<int>lsb(h.used[kind] & ~before.used[kind]) >> 4))
            return TH_A_DECLARE + (kind if kind < TK_MARRIAGE else kind + 3)
        return TH_A_DRAW
    card = <int>lsb(before.hand[s] & ~h.hand[s])  # the one card that left the hand
    return th_move_action(&before, s, card)


# -- PIMC in the core (issue 16): what a seat has seen, its worlds, play-outs of every action ---
#
# A seat's view is read once from the hand's deal and history (THView, by replay): its own
# dealt cards and draws, the upcard, and what the history shows of the opponent's cards: each
# card it showed (played from hand, melded, a dix exchanged) with the step where it first did,
# every card that left it, its draws (step, stock index) and the upcard it took.  A world
# (th_view_draw) is, as TwoHandPinochleHand.resample draws it in Python: the hidden cards (the
# opponent's off the table, less a taken upcard still held, and the face-down stock) shuffled
# between its hand and the stock, in a uniform stock order; the opponent's cards over the hand
# put in its 12 dealt places and its draws, each card it showed in a place it had before
# showing it (uniform: the places a card may take are nested by time); then the history
# replayed on that deal, and the world kept only when every action is legal there (the
# opponent's meld decisions after the tricks it won: a draw chosen, or none, say whether it had
# a meld).  Everything is done with card codes (0..23), the copies numbered in deal order, so
# a world depends only on what the seat saw, never on which physical copy lies where.

cdef enum:
    TH_VIEW_EVENTS = 64         # most cards the opponent can show in a hand
    TH_WORLD_TRIES = 5000       # draws of one world before giving up (as the Python resample)
    TH_PIMC_TRIES = 100         # a PIMC decision's draws, per world, before its worlds are relaxed

ctypedef struct THView:
    int seat
    int dealer
    int n_hist
    int hist[TH_HISTORY_CAP]
    int deal_code[48]           # the deal as card codes: non-dealer's 12, dealer's 12, upcard, stock top first
    int n_shown
    int shown_code[TH_VIEW_EVENTS]
    int shown_time[TH_VIEW_EVENTS]
    int gone[PIN_CARD_ACTIONS]  # per code, the opponent's cards that left it
    int n_draws
    int draw_time[TH_STOCK_SIZE]
    int draw_index[TH_STOCK_SIZE]
    int n_took
    int took_code[2]
    int took_time[2]
    int held[PIN_CARD_ACTIONS]  # per code, the opponent's cards known to be in its hand (table, a taken upcard)
    int n_hidden
    int hidden[48]              # codes of the hidden cards, ascending
    int n_hidden_o              # how many of them the opponent holds
    uint64_t hidden_o_bits      # its hidden cards (for th_view_relaxed)
    int n_drawn                 # face-down cards drawn so far
    int phase                   # the hand's phase and seat to act now
    int to_act


cdef inline int th_code(int bit) noexcept nogil:
    return 6 * (bit >> 4) + ((bit & 15) >> 1)


cdef inline int th_codes_into(uint64_t cards, int* counts) noexcept nogil:
    """Add ``cards``' codes to ``counts`` (per code); returns how many cards."""
    cdef int n = 0
    while cards:
        counts[th_code(<int>lsb(cards))] += 1
        n += 1
        cards &= cards - 1
    return n


cdef int th_view_prepare(const THHand* h, const THRules* r, int seat, const int* order, const int* hist, int n_hist,
                         THView* v) except -1:
    """Read ``seat``'s view of ``h`` from its deal ``order`` (48 card bits, deal order) and
    its history (``n_hist`` actions): see the comment above.  ValueError when the history is
    not the hand's."""
    cdef int status = th_view_read(h, r, seat, order, hist, n_hist, v)
    if status == -1:
        raise ValueError("the history is longer than a two-hand hand can be")
    if status == -2:
        raise ValueError("the history is not this hand's: an action is illegal on replay")
    if status == -3:
        raise ValueError("the history is not this hand's: its replay ends elsewhere")
    return 0


cdef int th_view_read(const THHand* h, const THRules* r, int seat, const int* order, const int* hist, int n_hist,
                      THView* v) noexcept nogil:
    """th_view_prepare without the GIL: 0, or -1 a history too long, -2 an action illegal on
    replay, -3 the replay ending elsewhere."""
    cdef THHand x
    cdef int o = 1 - seat, i, k, a, actor, before, up, w, c
    cdef uint64_t fixed = 0, off, pair, bits
    cdef int counts[PIN_CARD_ACTIONS]
    if n_hist > TH_HISTORY_CAP:
        return -1
    memset(v, 0, sizeof(THView))
    v.seat = seat
    v.dealer = h.dealer
    v.n_hist = n_hist
    for i in range(48):
        v.deal_code[i] = th_code(order[i])
    th_deal_order(&x, r, order, h.dealer)
    for i in range(n_hist):
        a = hist[i]
        v.hist[i] = a
        actor, before, up = x.to_act, x.n_drawn, x.upcard
        bits = x.table[o]
        if not th_apply_checked(&x, r, a):
            return -2
        if actor == o:
            if a < TH_A_DECLARE:                   # a card played, from the hand (shown) or the table
                v.gone[a % TH_A_TABLE] += 1
                if a < TH_A_TABLE:
                    v.shown_code[v.n_shown] = a; v.shown_time[v.n_shown] = i; v.n_shown += 1
            elif a < TH_A_EXCHANGE:                # a meld: its new cards go to the table
                bits = x.table[o] & ~bits
                while bits:
                    v.shown_code[v.n_shown] = th_code(<int>lsb(bits)); v.shown_time[v.n_shown] = i; v.n_shown += 1
                    bits &= bits - 1
            elif a == TH_A_EXCHANGE:               # the dix for the upcard
                c = 6 * x.trump
                v.shown_code[v.n_shown] = c; v.shown_time[v.n_shown] = i; v.n_shown += 1
                v.gone[c] += 1
                v.took_code[v.n_took] = th_code(up); v.took_time[v.n_took] = i; v.n_took += 1
        if x.n_drawn > before:                     # the winner drew, then the loser
            w = x.last_winner
            for k in range(x.n_drawn - before):
                if (w if k == 0 else 1 - w) == o:
                    v.draw_time[v.n_draws] = i; v.draw_index[v.n_draws] = before + k; v.n_draws += 1
    if x.hand[0] != h.hand[0] or x.hand[1] != h.hand[1] or x.table[0] != h.table[0] or x.table[1] != h.table[1] \
            or x.n_drawn != h.n_drawn or x.phase != h.phase:
        return -3
    off = h.hand[o] & ~h.table[o]
    for k in range(v.n_took):                      # a taken upcard is held, unless a copy has gone since
        c = v.took_code[k]
        if v.gone[c] == 0:
            pair = off & ((<uint64_t>3) << (16 * (c // 6) + 2 * (c % 6)))
            fixed |= pair & (~pair + 1)
    th_codes_into(h.hand[o] & (h.table[o] | fixed), v.held)
    for i in range(PIN_CARD_ACTIONS):
        counts[i] = 0
    v.n_hidden_o = th_codes_into(off & ~fixed, counts)
    v.hidden_o_bits = off & ~fixed
    v.n_drawn = h.n_drawn
    v.phase = h.phase
    v.to_act = h.to_act
    for i in range(h.n_drawn, TH_STOCK_SIZE):
        counts[th_code(h.stock[i])] += 1
    for c in range(PIN_CARD_ACTIONS):
        for k in range(counts[c]):
            v.hidden[v.n_hidden] = c; v.n_hidden += 1
    return 0


cdef int th_view_draw(const THView* v, const THRules* r, Rng* rng, THHand* out) noexcept nogil:
    """One try at a world of ``v`` into ``out`` (the deal replayed through the history); 0, or
    why the draw contradicts what the seat saw (the caller draws again): 1 a taken upcard, 2
    the opponent's card count, 3 a card shown before the opponent could have it, 4 a third
    copy, 5 an action of the history illegal in the world, 6 the world not at the same
    decision after the last action."""
    cdef int o = 1 - v.seat, i, k, m, c, when, n_slots = TH_HAND_SIZE + v.n_draws, n_rest = 0
    cdef int hidden[48]
    cdef int pool[PIN_CARD_ACTIONS]
    cdef int content[TH_HAND_SIZE + TH_STOCK_SIZE]
    cdef int slot_time[TH_HAND_SIZE + TH_STOCK_SIZE]
    cdef int rest[TH_HAND_SIZE + TH_STOCK_SIZE]
    cdef int codes[48]
    cdef int copies[PIN_CARD_ACTIONS]
    cdef int bits[48]
    cdef bint spare_used[2]
    cdef int base_o = 0 if o != v.dealer else TH_HAND_SIZE   # the opponent's 12 in deal order
    memcpy(hidden, v.hidden, v.n_hidden * sizeof(int))
    shuffle_ints(rng, hidden, v.n_hidden)
    for c in range(PIN_CARD_ACTIONS):
        pool[c] = v.held[c] + v.gone[c]
    for i in range(v.n_hidden_o):
        pool[hidden[i]] += 1
    for k in range(v.n_took):
        if pool[v.took_code[k]] == 0:
            return 1
        pool[v.took_code[k]] -= 1
        spare_used[k] = False
    m = 0
    for c in range(PIN_CARD_ACTIONS):
        m += pool[c]
    if m != n_slots:
        return 2
    for i in range(n_slots):
        content[i] = -1
        slot_time[i] = -1 if i < TH_HAND_SIZE else v.draw_time[i - TH_HAND_SIZE]
    for i in range(v.n_shown):
        c, when = v.shown_code[i], v.shown_time[i]
        if pool[c] == 0:
            for k in range(v.n_took):               # the copy it shows may be the upcard it took
                if not spare_used[k] and v.took_code[k] == c and v.took_time[k] < when:
                    spare_used[k] = True
                    break
            else:
                return 3
            continue
        m = 0
        for k in range(n_slots):
            if slot_time[k] < when and content[k] < 0:
                m += 1
        if m == 0:
            return 3
        m = rng_below(rng, m)
        for k in range(n_slots):
            if slot_time[k] < when and content[k] < 0:
                if m == 0:
                    content[k] = c
                    break
                m -= 1
        pool[c] -= 1
    for c in range(PIN_CARD_ACTIONS):
        for k in range(pool[c]):
            rest[n_rest] = c; n_rest += 1
    shuffle_ints(rng, rest, n_rest)
    k = 0
    for i in range(n_slots):
        if content[i] < 0:
            content[i] = rest[k]; k += 1
    memcpy(codes, v.deal_code, 48 * sizeof(int))
    for i in range(TH_HAND_SIZE):
        codes[base_o + i] = content[i]
    for i in range(v.n_draws):
        codes[2 * TH_HAND_SIZE + 1 + v.draw_index[i]] = content[TH_HAND_SIZE + i]
    for i in range(v.n_drawn, TH_STOCK_SIZE):
        codes[2 * TH_HAND_SIZE + 1 + i] = hidden[v.n_hidden_o + i - v.n_drawn]
    for c in range(PIN_CARD_ACTIONS):
        copies[c] = 0
    for i in range(48):                            # copies numbered in deal order
        c = codes[i]
        if copies[c] > 1:
            return 4
        bits[i] = 16 * (c // 6) + 2 * (c % 6) + copies[c]
        copies[c] += 1
    th_deal_order(out, r, bits, v.dealer)
    for i in range(v.n_hist):
        if not th_apply_checked(out, r, v.hist[i]):
            return 5
    if out.phase != v.phase or out.to_act != v.to_act:
        return 6       # the last action ends elsewhere: a meld decision due, or none, after a trick won
    return 0


cdef bint th_view_world(const THView* v, const THRules* r, Rng* rng, THHand* out, int* budget) noexcept nogil:
    """A world of ``v`` (a draw kept, while ``budget`` draws are left, each draw taking one),
    its players' stream drawn from ``rng``; False when the budget ran out."""
    while budget[0] > 0:
        budget[0] -= 1
        if th_view_draw(v, r, rng, out) == 0:
            rng_seed(&out.rng, rng_next(rng), 0)
            return True
    return False


cdef void th_view_relaxed(const THView* v, const THHand* h, Rng* rng, THHand* out) noexcept nogil:
    """A world of ``h`` that keeps the seat's cards, the table, the cards played and the upcard
    the opponent took, with the hidden cards shuffled between the opponent's hand and the stock
    (a uniform order), as TwoHandPinochleState.resample deals them: blind to what the opponent's
    past meld decisions showed (for positions where almost no draw is consistent with them)."""
    cdef int o = 1 - v.seat, i, c
    cdef int hidden[48]
    cdef uint64_t pool = v.hidden_o_bits, pair, b
    out[0] = h[0]
    for i in range(v.n_drawn, TH_STOCK_SIZE):
        pool |= bit_bb(h.stock[i])
    out.hand[o] = h.hand[o] & ~v.hidden_o_bits
    memcpy(hidden, v.hidden, v.n_hidden * sizeof(int))
    shuffle_ints(rng, hidden, v.n_hidden)
    for i in range(v.n_hidden):         # each code dealt as one of its copies in the pool
        c = hidden[i]
        pair = pool & ((<uint64_t>3) << (16 * (c // 6) + 2 * (c % 6)))
        b = pair & (~pair + 1)
        pool &= ~b
        if i < v.n_hidden_o:
            out.hand[o] |= b
        else:
            out.stock[v.n_drawn + i - v.n_hidden_o] = <int>lsb(b)
    rng_seed(&out.rng, rng_next(rng), 0)


cdef inline int th_pimc_actions(const THHand* h, int* out) noexcept nogil:
    """The actions PIMC values: every legal action in the stock and meld phases; in the last 12
    tricks one per legal card, from hand when a copy is held off the table (the solver's cards,
    as the Python players value them)."""
    cdef int n = 0
    cdef uint64_t codes, table
    if h.phase != PH_PLAY:
        return th_legal_actions(h, out)
    codes = copies_one(th_legal(h))
    table = codes & ~copies_one(h.hand[h.to_act] & ~h.table[h.to_act])
    while codes:
        out[n] = pin_card_action(<int>lsb(codes)) + (TH_A_TABLE if (table >> lsb(codes)) & 1 else 0)
        n += 1
        codes &= codes - 1
    return n


cdef int th_pimc_values(const THHand* h, const THRules* r, const THView* v, int worlds, uint64_t seed, int* acts,
                        double* means, int tries, int* relaxed) noexcept nogil:
    """PIMC's values for the seat to act in ``h``: its actions (th_pimc_actions) into ``acts``
    and, per action, the mean over ``worlds`` worlds of ``v`` of its final score less the
    opponent's when both play the heuristic after it; returns how many actions (-2: an action
    illegal in a world).  The worlds are exact (th_view_world) while the decision's draws last
    (``tries`` a world); the rest relaxed (th_view_relaxed), counted in ``relaxed``.  In the
    last 12 tricks every card is known and the heuristic draws nothing, so every world is ``h``
    and one play-out per action is the mean."""
    cdef THHand world, x
    cdef Rng rng
    cdef int pol[TH_SEATS]
    cdef int s = h.to_act, o = 1 - h.to_act, n, j, k, budget = tries * worlds
    relaxed[0] = 0
    pol[0] = pol[1] = POLICY_HEURISTIC
    n = th_pimc_actions(h, acts)
    for j in range(n):
        means[j] = 0.0
    if h.phase == PH_PLAY:
        for j in range(n):
            x = h[0]
            th_apply_action(&x, r, acts[j])
            th_play_out(&x, r, pol)
            means[j] = x.score[s] - x.score[o]
        return n
    rng_seed(&rng, seed, RESAMPLE_STREAM)
    for k in range(worlds):
        if not th_view_world(v, r, &rng, &world, &budget):
            th_view_relaxed(v, h, &rng, &world)
            relaxed[0] += 1
        for j in range(n):
            x = world
            if not th_apply_checked(&x, r, acts[j]):
                return -2
            th_play_out(&x, r, pol)
            means[j] += x.score[s] - x.score[o]
    for j in range(n):
        means[j] /= worlds
    return n


# -- PIMC and oracle seats in the batches and bid odds (cardsim.solver._pimc dispatches here) ----
# A seat's kind: 0 random, 1 heuristic (the core's policy codes), 2 pimc (th_pimc_values:
# play-outs of worlds drawn from what it saw, every decision of the card play), 3 oracle (one
# heuristic play-out of every action on the true deal, the stock order included).  Decision
# keys: pm_key(pm_base(policy seed, seed, hand), actions so far, seat), as the step API's
# replay (cardsim.solver._pimc.decision_key) builds them.

cdef enum:
    TH_PM_PIMC = 2
    TH_PM_ORACLE = 3


cdef inline void th_order_of(const THHand* h, int* order) noexcept nogil:
    """A fresh hand's deal as th_deal_order takes it: non-dealer's 12 and dealer's 12 (ascending
    bits: the deal's places within a hand do not matter), the upcard, the stock top first
    (cardsim.solver.players.two_hand_deal_order)."""
    cdef int i, k = 0, j, s
    cdef uint64_t x
    for j in range(2):
        s = 1 - h.dealer if j == 0 else h.dealer
        x = h.hand[s]
        while x:
            order[k] = <int>lsb(x); k += 1
            x &= x - 1
    order[k] = h.upcard; k += 1
    for i in range(TH_STOCK_SIZE):
        order[k + i] = h.stock[i]


cdef int th_solver_choice(THHand* h, const THRules* r, int kind, int worlds, uint64_t key, const int* order,
                          const int* hist, int n_hist, THView* v) noexcept nogil:
    """The action of the PIMC or oracle seat to act: the highest mean (th_pimc_values, or the
    oracle's play-outs of the true deal); ties: the heuristic's action when tied, else the lowest
    (cardsim.solver.players._pick).  Negative: the view or a world failed (a core bug)."""
    cdef int acts[TH_NUM_ACTIONS]
    cdef double means[TH_NUM_ACTIONS]
    cdef int n, j, relaxed, heur, best = -1, s = h.to_act
    cdef double top
    cdef THHand x
    cdef int pol[TH_SEATS]
    if kind == TH_PM_ORACLE:
        pol[0] = pol[1] = POLICY_HEURISTIC
        n = th_pimc_actions(h, acts)
        for j in range(n):
            x = h[0]
            th_apply_action(&x, r, acts[j])
            th_play_out(&x, r, pol)
            means[j] = x.score[s] - x.score[1 - s]
    else:
        if h.phase != PH_PLAY and th_view_read(h, r, s, order, hist, n_hist, v) < 0:
            return -1
        n = th_pimc_values(h, r, v, worlds, key, acts, means, TH_PIMC_TRIES, &relaxed)
        if n < 0:
            return -2
    if n == 1:
        return acts[0]
    x = h[0]
    heur = th_step_action(&x, r, POLICY_HEURISTIC)
    top = means[0]
    for j in range(1, n):
        if means[j] > top:
            top = means[j]
    for j in range(n):
        if means[j] == top:
            if acts[j] == heur:
                return heur
            if best < 0 or acts[j] < acts[best]:
                best = j
    return acts[best]


cdef int th_solver_play_out(THHand* h, const THRules* r, const int* kinds, const int* worlds, uint64_t base,
                            const int* order, int n_hist, int* hist, int8_t* seats, THView* v) noexcept nogil:
    """Finish ``h`` (its deal ``order``, ``n_hist`` actions ``hist`` so far), each seat by its
    kind, each action appended to ``hist`` (and the seat that took it to ``seats``, when not
    NULL); returns the actions in ``hist``, TH_PAST_CAP or TH_DECISION_FAILED."""
    cdef int s, a
    while h.phase != PH_DONE:
        s = h.to_act
        if n_hist >= TH_HISTORY_CAP:
            return TH_PAST_CAP
        if kinds[s] >= TH_PM_PIMC:
            a = th_solver_choice(h, r, kinds[s], worlds[s], pm_key(base, n_hist, s), order, hist, n_hist, v)
            if a < 0:
                return TH_DECISION_FAILED
            th_apply_action(h, r, a)
        else:
            a = th_step_action(h, r, kinds[s])
        hist[n_hist] = a
        if seats != NULL:
            seats[n_hist] = <int8_t>s
        n_hist += 1
    return n_hist


cdef int th_solver_hand(THHand* h, const THRules* r, const int* kinds, const int* worlds, uint64_t base) noexcept nogil:
    """Play a freshly dealt ``h`` to its end, PIMC and oracle seats by kind (see above), decisions
    keyed from ``base`` (pm_base of the hand); -1 when a decision failed."""
    cdef THView v
    cdef int order[48]
    cdef int hist[TH_HISTORY_CAP]
    th_order_of(h, order)
    return th_solver_play_out(h, r, kinds, worlds, base, order, 0, hist, NULL, &v)


cdef int th_solver_history(THHand* h, const THRules* r, const int* kinds, const int* worlds, uint64_t base,
                           GDHistory* row) noexcept nogil:
    """th_solver_hand (the same hand), writing its history into ``row`` as th_gd_history writes a
    core policy's: the deal row (th_history_deal), then every action and the seat that took it.
    Returns the actions, TH_PAST_CAP or TH_DECISION_FAILED."""
    cdef THView v
    cdef int order[48]
    cdef int hist[TH_HISTORY_CAP]
    cdef int n, i
    th_history_deal(h, r, row, True)
    th_order_of(h, order)
    n = th_solver_play_out(h, r, kinds, worlds, base, order, 0, hist, row.seats, &v)
    for i in range(n):
        row.actions[i] = <int16_t>hist[i]
    return n


cdef int th_solver_one(const THRules* r, uint64_t seed, int64_t index, const int* kinds, const int* worlds,
                       uint64_t pseed, THRecord* out) noexcept nogil:
    cdef THHand h
    th_new_hand(&h, r, seed, <uint64_t>index, <int>(index % TH_SEATS))
    if th_solver_hand(&h, r, kinds, worlds, pm_base(pseed, seed, index)) < 0:
        return -1
    th_hand_record(&h, out)
    return 0


cdef int th_solver_seats(kinds, worlds, int* k, int* w) except -1:
    if len(kinds) != TH_SEATS or len(worlds) != TH_SEATS:
        raise ValueError("one kind and one worlds count per seat")
    for s in range(TH_SEATS):
        if not 0 <= kinds[s] <= TH_PM_ORACLE or not 1 <= worlds[s] <= 4096:
            raise ValueError(f"bad policy for seat {s}")
        k[s], w[s] = kinds[s], worlds[s]
    return 0


def simulate_two_hand_pinochle_pimc(rules, uint64_t seed, int64_t start, records, kinds, worlds, uint64_t pseed,
                                    int threads=1):
    """Hands ``start ..`` of the two-hand batch keyed by ``seed`` (TH_RECORD_DTYPE) with PIMC and
    oracle seats (``kinds`` per seat: 0 random, 1 heuristic, 2 pimc, 3 oracle; ``worlds`` per
    seat; ``pseed`` the policies' seed, cardsim.solver._pimc.policy_seed): no Python call, the
    GIL released; hand i depends only on (seed, i) and the policies."""
    cdef THRules r = th_rules_from(rules)
    cdef int k[TH_SEATS]
    cdef int w[TH_SEATS]
    cdef Py_ssize_t i, n = len(records)
    cdef int failed = 0
    if records.dtype != TH_RECORD_DTYPE:
        raise ValueError("records must have dtype TH_RECORD_DTYPE")
    th_solver_seats(kinds, worlds, k, w)
    cdef unsigned char[::1] raw = records.view(np.uint8).reshape(-1) if n else np.zeros(1, np.uint8)
    cdef THRecord* out = <THRecord*>&raw[0]
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=max(1, threads)):
        if th_solver_one(&r, seed, start + i, k, w, pseed, &out[i]) < 0:
            failed = 1
    if failed:
        raise RuntimeError("pimc: a two-hand decision failed (a core bug)")


def two_hand_pinochle_odds_pimc(rules, uint64_t hand, int upcard, int seat, int dealer, uint64_t seed,
                                int64_t start, int16_t[:, ::1] out, kinds, worlds, uint64_t pseed, int threads=1):
    """two_hand_pinochle_odds with PIMC and oracle seats (as simulate_two_hand_pinochle_pimc): the
    same deals (th_odds_deal), the same columns."""
    cdef THRules r = th_rules_from(rules)
    cdef int k[TH_SEATS]
    cdef int w[TH_SEATS]
    cdef Py_ssize_t i, n = out.shape[0]
    cdef int failed = 0
    if out.shape[1] != TH_ODDS_COLUMNS:
        raise ValueError(f"out must have {TH_ODDS_COLUMNS} columns")
    th_solver_seats(kinds, worlds, k, w)
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=max(1, threads)):
        if th_solver_odds_trial(&r, hand, upcard, seat, dealer, seed, start + i, k, w, pseed, &out[i, 0]) < 0:
            failed = 1
    if failed:
        raise RuntimeError("pimc: a two-hand decision failed (a core bug)")


cdef int th_solver_odds_trial(const THRules* r, uint64_t hand, int upcard, int seat, int dealer, uint64_t seed,
                              int64_t index, const int* kinds, const int* worlds, uint64_t pseed,
                              int16_t* out) noexcept nogil:
    cdef THHand h
    cdef THView v
    cdef int order[48]
    cdef int hist[TH_HISTORY_CAP]
    cdef Rng deal_rng
    rng_seed_hand(&deal_rng, &h.rng, seed, <uint64_t>index)   # th_odds_deal, its order kept
    th_odds_order(order, &deal_rng, hand, upcard, seat, dealer)
    th_deal_order(&h, r, order, dealer)
    if th_solver_play_out(&h, r, kinds, worlds, pm_base(pseed, seed, index), order, 0, hist, NULL, &v) < 0:
        return -1
    out[0] = h.meld[seat]
    out[1] = h.meld[1 - seat]
    out[2] = h.trick_points[seat]
    out[3] = h.trick_points[1 - seat]
    return 0


cdef class TwoHandPinochleState(GameState):
    """One Two-Hand Pinochle hand held by the core, for step-by-step play from Python.

    The named moves (play, declare, exchange, draw) check nothing:
    cardsim.hands.two_hand_pinochle validates them first.  The integer actions of the
    game contract (docs/actions.md) are checked by GameState.apply: 0..23 a card played
    from hand (the copy off the table), 24..47 the same card played from the table,
    48..59 the declarations (TWO_HAND_DECLARATIONS order), 60 the dix exchange, 61 done
    melding (both draw).  Every decision is one action, so no decision is ever half made.
    """
    cdef THHand h
    cdef THRules r

    def __cinit__(self, rules=None, uint64_t seed=0, int dealer=0, uint64_t stream=0):
        self.set_structs(&self.h, sizeof(THHand), &self.r, sizeof(THRules), NULL, 0)
        if rules is None:
            return  # an empty state for clone() and unpickling to fill
        self.rules = rules
        self.num_actions = TH_NUM_ACTIONS
        self.r = th_rules_from(rules)
        th_new_hand(&self.h, &self.r, seed, stream, dealer)

    # -- the game contract ------------------------------------------------------------
    cdef int seat_to_act(self) noexcept nogil:
        return self.h.to_act if self.h.phase != PH_DONE else -1

    cdef int legal_into(self, int* out) noexcept nogil:
        return th_legal_actions(&self.h, out)

    cdef void apply_unchecked(self, int action) noexcept nogil:
        th_apply_action(&self.h, &self.r, action)

    def action_to_string(self, int action):
        """``'AS'`` (the copy in hand), ``'AS from table'`` (the melded copy), a declaration
        (``'run'``, ``'marriage_H'``, ``'dix'`` ...), ``'exchange'`` or ``'draw'``."""
        if not 0 <= action < TH_NUM_ACTIONS:
            raise ValueError(f"action {action} is out of range: actions are 0..{TH_NUM_ACTIONS - 1}")
        if action < TH_A_TABLE:
            return pinochle_card_name(action)
        if action < TH_A_DECLARE:
            return pinochle_card_name(action - TH_A_TABLE) + " from table"
        if action < TH_A_EXCHANGE:
            return TWO_HAND_DECLARATIONS[action - TH_A_DECLARE]
        return "exchange" if action == TH_A_EXCHANGE else "draw"

    def policy_step(self, policy):
        """Let ``policy`` take the action due now; that action joins the history.

        In the meld phase a policy step is one declaration, the exchange or the draw (the
        core then draws by itself when nothing is left to declare or exchange, as after
        an apply); in the play phases one card, from the side it came from."""
        self._history.append(th_step_action(&self.h, &self.r, policy_code(policy)))

    def set_deal(self, order, int dealer):
        """Replace the deal by ``order`` (48 card bits: non-dealer's 12, dealer's 12, upcard, stock top first)."""
        cdef int cards[48]
        cdef int i
        if len(order) != 48 or len(set(order)) != 48:
            raise ValueError("order must hold the 48 card bits once each")
        for i in range(48):
            cards[i] = order[i]
        th_deal_order(&self.h, &self.r, cards, dealer)

    def resample(self, int seat, uint64_t seed, uint64_t fixed=0):
        """A copy in which the opponent's cards off the table (less ``fixed``, cards known to be
        in its hand) and the face-down stock are redealt uniformly between them, the stock in
        a uniform order: what a seat cannot see (the play of the stock phase proves nothing;
        in the last 12 tricks every card is known).  Returns the copy and, per place, its
        hidden cards before and after.  The caller checks ``seat`` and the rest of what the
        seat has seen (hands.two_hand_pinochle: the meld decisions, by replay)."""
        cdef THHand* h = &self.h
        cdef int o = 1 - seat, i, k = 0
        cdef uint64_t known, hidden = 0, x
        cdef uint64_t barred[2]
        cdef uint64_t dealt[2]
        cdef int cap[2]
        cdef int order[TH_STOCK_SIZE]
        cdef Rng rng
        cdef uint64_t stock = 0
        cdef TwoHandPinochleState other = self.clone()
        if h.phase == PH_DONE:
            raise ValueError("the hand is over: nothing to resample")
        for i in range(h.n_drawn, TH_STOCK_SIZE):
            stock |= bit_bb(h.stock[i])
        known = h.hand[seat] | h.played | h.table[o] | (fixed & h.hand[o])
        cap[0] = popcount(h.hand[o] & ~known)
        cap[1] = popcount(stock)
        hidden = (h.hand[o] & ~known) | stock
        barred[0] = barred[1] = 0
        resample_places(hidden, barred, cap, 2, seed, dealt)
        other.h.hand[o] = (h.hand[o] & known) | dealt[0]
        x = dealt[1]
        while x:
            order[k] = <int>lsb(x); k += 1
            x &= x - 1
        rng_seed(&rng, seed, RESAMPLE_STREAM + 1)
        shuffle_ints(&rng, order, k)
        for i in range(k):
            other.h.stock[h.n_drawn + i] = order[i]
        return other, [(h.hand[o] & ~known, dealt[0]), (stock, dealt[1])]

    def pimc_values(self, int seat, int worlds, uint64_t seed, order=None, int tries=TH_PIMC_TRIES):
        """PIMC with heuristic play-outs for ``seat`` (to act): its actions and, per action, the
        mean over ``worlds`` worlds of its final score less the opponent's when both play the
        heuristic after it.  The worlds are drawn in the core from what ``seat`` has seen (the
        deal ``order``, 48 card bits as set_deal takes them, and the history), keyed by
        ``seed``: the opponent's hidden cards and the face-down stock in a uniform order,
        consistent with every action of the history (its meld decisions included); in a position
        where fewer than about 1 draw in ``tries`` (100) is, the worlds left when the
        decision's ``tries * worlds`` draws run out are relaxed (the hidden cards shuffled, blind to the past meld
        decisions), and ``relaxed`` counts them.  In the last 12 tricks nothing is hidden
        (``order`` is not needed) and one card is valued per legal card (from hand when a copy
        is held off the table).  Returns (actions, means, relaxed)."""
        cdef THView v
        cdef int acts[TH_NUM_ACTIONS]
        cdef double means[TH_NUM_ACTIONS]
        cdef int n, relaxed = 0
        if self.h.phase == PH_DONE or self.h.to_act != seat:
            raise ValueError("pimc_values needs a hand in play and the seat to act")
        if worlds < 1 or worlds > 1 << 16:
            raise ValueError("worlds must be 1..65536")
        if tries < 0 or tries > 1 << 14:
            raise ValueError("tries must be 0..16384")
        if self.h.phase != PH_PLAY:
            self._view(seat, order, &v)
        with nogil:
            n = th_pimc_values(&self.h, &self.r, &v, worlds, seed, acts, means, tries, &relaxed)
        if n < 0:
            raise RuntimeError("pimc: an action legal in the hand is illegal in a world (a core bug)")
        return [acts[i] for i in range(n)], [means[i] for i in range(n)], relaxed

    def resample_seen(self, int seat, uint64_t seed, order):
        """One world as pimc_values draws it (the first, for ``seed``): a copy in which what
        ``seat`` cannot see is redealt consistent with its deal ``order`` and the history (a
        draw replayed through the history and kept when every action is legal there)."""
        cdef THView v
        cdef Rng rng
        cdef TwoHandPinochleState other = self.clone()
        cdef int budget
        if self.h.phase == PH_DONE:
            raise ValueError("the hand is over: nothing to resample")
        if self.h.phase == PH_PLAY:
            return other
        self._view(seat, order, &v)
        rng_seed(&rng, seed, RESAMPLE_STREAM)
        budget = TH_WORLD_TRIES
        if not th_view_world(&v, &self.r, &rng, &other.h, &budget):
            raise RuntimeError(f"resample: no world consistent with what seat {seat} saw in {TH_WORLD_TRIES} draws")
        return other

    cdef int _view(self, int seat, order, THView* v) except -1:
        cdef int bits[48]
        cdef int hist[TH_HISTORY_CAP]
        cdef int i, n = len(self._history)
        if order is None or len(order) != 48 or len(set(order)) != 48:
            raise ValueError("order must hold the 48 card bits of the deal once each")
        if n > TH_HISTORY_CAP:
            raise ValueError("the history is longer than a two-hand hand can be")
        for i in range(48):
            bits[i] = order[i]
        for i in range(n):
            hist[i] = self._history[i]
        th_view_prepare(&self.h, &self.r, seat, bits, hist, n, v)
        return 0

    def legal_mask(self): return th_legal(&self.h)
    def legal_hand_mask(self): return th_legal_hand(&self.h)
    def legal_table_mask(self): return th_legal_table(&self.h)
    def better_move(self, int card): return th_better_move(&self.h, card)
    def play(self, int move): th_play(&self.h, &self.r, move)
    def legal_melds(self): return 0 if self.h.melded or self.h.phase != PH_MELD else th_legal_melds(&self.h, self.h.to_act)
    def declare(self, int decl): th_declare(&self.h, &self.r, decl)
    def can_exchange(self): return th_can_exchange(&self.h, self.h.to_act)
    def exchange(self): th_exchange(&self.h, &self.r)
    def draw(self): th_draw(&self.h, &self.r)

    @property
    def phase(self): return ("auction", "declare", "play", "done", "pass", "stock", "meld")[self.h.phase]
    @property
    def to_act(self): return self.h.to_act
    @property
    def dealer(self): return self.h.dealer
    @property
    def trump(self): return self.h.trump
    @property
    def upcard(self): return self.h.upcard
    @property
    def stock(self): return [self.h.stock[i] for i in range(self.h.n_drawn, TH_STOCK_SIZE)]
    @property
    def hands(self): return tuple(self.h.hand[s] for s in range(TH_SEATS))
    @property
    def tables(self): return tuple(self.h.table[s] for s in range(TH_SEATS))
    @property
    def won(self): return tuple(self.h.won[s] for s in range(TH_SEATS))
    @property
    def used(self): return tuple(self.h.used[k] for k in range(TH_KINDS))
    @property
    def trick(self): return [self.h.trick[i] for i in range(self.h.n_in_trick)]
    @property
    def leader(self): return self.h.leader
    @property
    def tricks_played(self): return self.h.tricks_played
    @property
    def last_winner(self): return self.h.last_winner
    @property
    def melded(self): return bool(self.h.melded)
    @property
    def exchanged(self): return self.h.exchanged
    @property
    def meld(self): return [self.h.meld[s] for s in range(TH_SEATS)]
    @property
    def melds(self): return [self.h.melds[s] for s in range(TH_SEATS)]
    @property
    def trick_points(self): return [self.h.trick_points[s] for s in range(TH_SEATS)]
    @property
    def score(self): return [self.h.score[s] for s in range(TH_SEATS)]


def two_hand_pinochle_odds(rules, uint64_t hand, int upcard, int seat, int dealer,
                           uint64_t seed, int64_t start, int16_t[:, ::1] out, policies, int threads=1):
    """Two-hand odds trials ``start .. start+len(out)-1`` into ``out``: the player's meld,
    the opponent's meld, the player's and the opponent's trick points.  ``upcard`` is a
    card bit not in ``hand``.  Trial i depends only on (seed, i)."""
    cdef THRules r = th_rules_from(rules)
    cdef int pol[TH_SEATS]
    cdef Py_ssize_t i, n = out.shape[0]
    if out.shape[1] != TH_ODDS_COLUMNS:
        raise ValueError("out must have 4 columns")
    policy_codes(policies, pol, TH_SEATS)
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=64, num_threads=max(1, threads)):
        th_odds_trial(&r, hand, upcard, seat, dealer, seed, start + i, pol, &out[i, 0])


def two_hand_pinochle_odds_deals(uint64_t hand, int upcard, int seat, int dealer,
                                 uint64_t seed, int64_t start, int8_t[:, ::1] out):
    """The deals of two-hand odds trials ``start ..`` (for tests): per trial the 48 card bits
    in deal order (non-dealer's 12, dealer's 12, upcard, stock top first), as
    TwoHandPinochleState.set_deal takes them."""
    cdef Rng rng, play
    cdef int order[48]
    cdef Py_ssize_t i, k
    if out.shape[1] != 48:
        raise ValueError("out must have 48 columns")
    for i in range(out.shape[0]):
        rng_seed_hand(&rng, &play, seed, <uint64_t>(start + i))
        th_odds_order(order, &rng, hand, upcard, seat, dealer)
        for k in range(48):
            out[i, k] = order[k]


# Whole Two-Hand Pinochle games: the hooks of the batch driver (cardsim._games, _games.pxd).
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


cdef void th_gd_new(void* hand, const void* rules, uint64_t seed, uint64_t stream, int dealer) noexcept nogil:
    th_new_hand(<THHand*>hand, <const THRules*>rules, seed, stream, dealer)


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


cdef int th_history_deal(const void* hand, const void* rules, GDHistory* hist, bint write) noexcept nogil:
    """The deal row (a gd_row_fn): each seat's cards, the upcard and the stock (masks); extra:
    dealer, 0 redeals, then the stock's 23 card bits in draw order (top first), as a replay needs."""
    cdef const THHand* h = <const THHand*>hand
    cdef int i
    if write:
        hist.deal[0], hist.deal[1], hist.deal[2], hist.deal[3] = h.hand[0], h.hand[1], bit_bb(h.upcard), 0
        hist.extra[0], hist.extra[1] = h.dealer, 0
        for i in range(TH_STOCK_SIZE):
            hist.deal[3] |= bit_bb(h.stock[i])
            hist.extra[2 + i] = h.stock[i]
    return 0


cdef int th_gd_history(void* hand, const void* rules, const int* policies, GDHistory* hist) noexcept nogil:
    return gd_history_loop(hand, rules, policies, hist, TH_HISTORY_CAP, th_step_actions, th_history_deal)


def two_hand_pinochle_game_kind(rules, policies):
    """Two-Hand Pinochle games under ``rules`` with ``policies`` (two names), for cardsim._games."""
    cdef THRules r = th_rules_from(rules)
    cdef int pol[TH_SEATS]
    cdef GDGame g
    cdef GameKind kind = GameKind()
    policy_codes(policies, pol, TH_SEATS)
    gd_setup(&g, TH_SEATS, TH_SEATS, rules["target_score"], GD_MAX_HANDS, sizeof(THHand), sizeof(THGame),
             sizeof(THGameRecord))
    g.new_hand, g.play_out, g.end_hand, g.record = th_gd_new, th_gd_play, th_gd_end, th_gd_record
    g.play_history, g.history_cap, g.deal_words, g.extra_ints = th_gd_history, TH_HISTORY_CAP, 4, 2 + TH_STOCK_SIZE
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



# -- an odds trial's deal and play for other modules (two_hand.pxd) ------------------------------

cdef int th_ext_shuffled(Rng* rng, uint64_t cards, int* order) noexcept nogil:
    return pin_shuffled(rng, cards, order)


cdef void th_ext_fill_order(int* order, uint64_t hand, const int* theirs, int upcard, const int* stock, int seat,
                            int dealer) noexcept nogil:
    th_fill_order(order, hand, theirs, upcard, stock, seat, dealer)


cdef void th_ext_odds_play(THHand* h, const THRules* r, int seat, const int* policies, int16_t* out) noexcept nogil:
    th_odds_play(h, r, seat, policies, out)
