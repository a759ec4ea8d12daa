# cython: language_level=3
"""Two-Hand Pinochle in the core (RULES.md section 2); see the comment below."""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cython.parallel cimport prange

import numpy as np

from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount
from cardsim._rng cimport Rng, rng_below, rng_next, rng_seed, rng_seed_hand, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM, policy_code, policy_codes
from cardsim._contract cimport GameState
from cardsim._contract import check_record_layout
from cardsim._games cimport (GD_HAND_STREAMS, GD_MAX_HANDS, GDGame, GDHistory, GDResult, GameKind, gd_hand_stream,
                             gd_highest_alone, gd_history_loop, gd_play_game, gd_setup)
from cardsim.pinochle.cards cimport *
from cardsim.pinochle.common cimport *
from cardsim.pinochle.cutthroat_engine cimport *
from cardsim.pinochle.cutthroat_players cimport *
from cardsim.pinochle.cutthroat_odds cimport ODDS_COLUMNS
from cardsim.pinochle.two_hand_engine cimport *
from cardsim.pinochle.two_hand_players cimport *
from cardsim.pinochle.games_odds cimport TH_ODDS_COLUMNS, th_odds_order, th_odds_trial
from cardsim._deal cimport RESAMPLE_STREAM, resample_places

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


cdef void th_simulate_one(const THRules* r, uint64_t seed, int64_t index, const int* policies,
                          THRecord* out) noexcept nogil:
    cdef THHand h
    cdef int s
    th_new_hand(&h, r, seed, <uint64_t>index, <int>(index % TH_SEATS))
    th_play_out(&h, r, policies)
    for s in range(TH_SEATS):
        out.meld[s] = h.meld[s]
        out.trick_points[s] = h.trick_points[s]
        out.score[s] = h.score[s]
        out.melds[s] = h.melds[s]
    out.dealer = h.dealer
    out.trump = h.trump
    out.exchanged = h.exchanged
    out.last_trick = h.last_winner


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


# The game contract's actions (docs/actions.md): cards from hand, the same cards from the
# table, the declarations, the dix exchange, done melding.
cdef enum:
    TH_A_TABLE = 24             # + card action: the copy melded on the table
    TH_A_DECLARE = 48           # + declaration (TD_* order)
    TH_A_EXCHANGE = 60          # exchange the dix for the turned-up trump
    TH_A_DRAW = 61              # done melding: both draw
    TH_NUM_ACTIONS = 62

#: The first action of each kind (docs/actions.md).
TWO_HAND_TABLE_ACTION = TH_A_TABLE
TWO_HAND_DECLARE_ACTION = TH_A_DECLARE
TWO_HAND_EXCHANGE_ACTION = TH_A_EXCHANGE
TWO_HAND_DRAW_ACTION = TH_A_DRAW


cdef inline int th_table_into(uint64_t codes, int* out) noexcept nogil:
    """The table actions of ``codes`` (copy-0 bits), ascending; returns how many."""
    cdef int n = 0
    while codes:
        out[n] = TH_A_TABLE + pin_card_action(<int>lsb(codes)); n += 1
        codes &= codes - 1
    return n


cdef inline int th_move_action(const THHand* h, int s, int card) noexcept nogil:
    """The action that played physical ``card`` (seat ``s`` before the play): its card
    action, + TH_A_TABLE when that copy lay on the table."""
    return pin_card_action(card) + (TH_A_TABLE if (h.table[s] >> card) & 1 else 0)


cdef enum:
    TH_HISTORY_CAP = 256        # most actions a hand can take: 48 cards, a declaration or exchange and a draw a trick


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
        cdef THHand* h = &self.h
        cdef int n = 0, d, melds
        if h.phase == PH_STOCK or h.phase == PH_PLAY:
            n = pin_cards_into(th_legal_hand(h), out)
            return n + th_table_into(th_legal_table(h), out + n)
        if h.phase == PH_MELD:
            melds = 0 if h.melded else th_legal_melds(h, h.to_act)
            for d in range(TH_DECLS):
                if (melds >> d) & 1:
                    out[n] = TH_A_DECLARE + d; n += 1
            if th_can_exchange(h, h.to_act):
                out[n] = TH_A_EXCHANGE; n += 1
            out[n] = TH_A_DRAW; n += 1
        return n

    cdef void apply_unchecked(self, int action) noexcept nogil:
        cdef int card
        if action < TH_A_DECLARE:
            card = action % TH_A_TABLE
            th_play(&self.h, &self.r, (16 * (card // 6) + 2 * (card % 6)) | (TH_FROM_TABLE if action >= TH_A_TABLE else 0))
        elif action < TH_A_EXCHANGE:
            th_declare(&self.h, &self.r, action - TH_A_DECLARE)
        elif action == TH_A_EXCHANGE:
            th_exchange(&self.h, &self.r)
        else:
            th_draw(&self.h, &self.r)

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
