# cython: language_level=3
"""Cutthroat Pinochle in the core (RULES.md section 1): the rules struct, the batch and
its records, the bid-odds entry, a legal-card probe for hand-made positions, and
CutthroatPinochleState for step-by-step play.

The engine, its players and the odds trial are inline headers beside this file
(cutthroat_engine.pxd, cutthroat_players.pxd, cutthroat_odds.pxd); the pinochle
card primitives are in cards.pxd and what the three pinochle games share from
Python in common.pyx.  The public API is cardsim.Game; nothing outside cardsim
should import this module.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcmp, memcpy, memset
from cython.parallel cimport prange

import numpy as np

from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount
from cardsim._rng cimport Rng, rng_below, rng_next, rng_seed, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM, policy_code, policy_codes
from cardsim._contract cimport CARDSIM_BUILD_ID, GameState
from cardsim._contract import check_record_layout

#: The hash of this module's sources, baked in at build time (_contract.pxd): part of its state's pickle fingerprint.
BUILD_ID = (<bytes>CARDSIM_BUILD_ID).decode("ascii")
from cardsim.pinochle.cards cimport *
from cardsim.pinochle.common cimport *
from cardsim.pinochle.cutthroat_engine cimport *
from cardsim.pinochle.cutthroat_players cimport *
from cardsim.pinochle.cutthroat_odds cimport *
from cardsim.pinochle.resample cimport *
from cardsim.pinochle.pin_hand cimport PinHand, pin_legal
from cardsim.pinochle.world cimport pin_note_play, pin_pimc_playout, pin_pimc_totals, pin_shown, pin_world_resample
from cardsim._constrained_deal cimport CD_MAX_PLACES, CD_OK, DealPlan, cd_prepare_masks, cd_sample_masks
from cardsim._deal cimport RESAMPLE_STREAM
from cardsim.pinochle.partnership_engine cimport PPHand, PPRules, PP_SEATS, pp_legal
from cardsim.pinochle.partnership cimport pp_rules_from
from cardsim._games cimport (GD_HAND_STREAMS, GD_MAX_HANDS, GD_STEP_MAX, GDGame, GDHistory, GDResult, GameKind,
                             gd_hand_stream, gd_highest_alone, gd_history_loop, gd_play_game, gd_setup)

from cardsim.pinochle.common import _ALL_PASS, parse_card_points, pinochle_auction_action_name, pinochle_card_name

PIN_TABLES = pin_bid_tables()  # the learned bid tables live in cardsim.pinochle.common (bid_tables.pxd)

#: must_beat as section 1 reads it (cutthroat): trump_led keeps the over-trump duty.  Partnership
#: reads trump_led differently: _PP_MUST_BEAT in pinochle/partnership.pyx.
_MUST_BEAT = {"always": MUST_BEAT_ALWAYS, "trump_led": MUST_BEAT_TRUMP_LED, "never": MUST_BEAT_NEVER}


cdef CPRules cp_rules_from(rules) except *:
    """Fill the core's rules struct once from a validated cutthroat-pinochle Rules mapping."""
    cdef CPRules r
    cdef int i
    memset(&r, 0, sizeof(r))
    r.widow = bool(rules["widow"])
    r.hand_size = 15 if r.widow else 16
    r.redeal_nines = rules["redeal_nines"]
    r.min_bid = rules["min_bid"]
    r.bid_increment = rules["bid_increment"]
    r.dealer_may_bid = bool(rules["dealer_may_bid"])
    r.all_pass = _ALL_PASS[rules["all_pass"]]
    r.discard_counts = bool(rules["discard_counts"])
    r.needs_trump_marriage = bool(rules["bidder_needs_trump_marriage"])
    pinochle_meld_values(rules, r.meld_value)
    r.must_beat = _MUST_BEAT[rules["must_beat"]]
    points = parse_card_points(rules["card_points"])
    for i in range(N_RANKS):
        r.rank_points[i] = points[i]
    r.last_trick_points = rules["last_trick_points"]
    r.save_meld_points = rules["save_meld_points"]
    r.dix_always_counts = bool(rules["dix_always_counts"])
    r.army_scoring = bool(rules["army_scoring"])
    return r



cdef uint64_t _legal_probe(PinHand* h, const void* r, uint64_t hand, trick, int trump) except? 0:
    """The legal cards of ``hand`` (seat 0, to act) facing ``trick`` with ``trump``."""
    cdef int i, n = len(trick)
    memset(h, 0, sizeof(h[0]))
    h.to_act, h.trump, h.n_in_trick, h.hand[0] = 0, trump, n, hand
    for i in range(n):
        h.trick[i] = trick[i]
    h.best = trick_winner(h.trick, n, trump) if n else 0
    return pin_legal(h, r)


def pinochle_legal_in_position(game, rules, uint64_t hand, trick, int trump):
    """Distinct legal cards (a mask) of ``hand`` (physical bits) facing ``trick`` (card bits
    in play order) with ``trump``, from cp_legal or pp_legal under ``rules`` of ``game``
    (cutthroat-pinochle or partnership-pinochle): the engine's own legal-card function,
    for hand-made positions the step API cannot reach (tests/cases/legal_cases.py)."""
    cdef CPHand ch
    cdef PPHand ph
    cdef CPRules cr
    cdef PPRules pr
    if game == "cutthroat-pinochle":
        if len(trick) >= CP_SEATS:
            raise ValueError("a cutthroat trick has at most 2 cards before the player's")
        cr = cp_rules_from(rules)
        return _legal_probe(&ch, &cr, hand, trick, trump)
    if game == "partnership-pinochle":
        if len(trick) >= PP_SEATS:
            raise ValueError("a partnership trick has at most 3 cards before the player's")
        pr = pp_rules_from(rules)
        return _legal_probe(&ph, &pr, hand, trick, trump)
    raise ValueError(f"no legal-card probe for {game!r}")


# -- batch simulation ----------------------------------------------------------------

ctypedef struct CPRecord:
    int16_t bid             # winning bid; 0 when nobody bid (no contest)
    int16_t redeals         # deals thrown in before the one played
    int16_t meld[3]         # meld shown per seat (before the save-meld rule)
    int16_t trick_points[3] # per seat; the bidder's includes the discard when it counts
    int16_t score[3]        # hand score per seat
    int16_t army[3]         # army ledger change per seat
    int8_t dealer           # dealer of the deal that was played
    int8_t bidder           # -1: no contest
    int8_t trump            # 0..3 = S H D C; -1: no contest
    int8_t made             # the bidder reached the bid
    int8_t thrown_in        # the bidder conceded before the first trick

CP_RECORD_DTYPE = np.dtype([
    ("bid", "i2"), ("redeals", "i2"),
    ("meld", "i2", (3,)), ("trick_points", "i2", (3,)), ("score", "i2", (3,)), ("army", "i2", (3,)),
    ("dealer", "i1"), ("bidder", "i1"), ("trump", "i1"), ("made", "?"), ("thrown_in", "?"),
], align=True)


def pinochle_meld_loss(uint64_t cards, int card, int trump, rules):
    """The meld ``cards`` lose in ``trump`` when the held card bit ``card`` goes (pin_meld_loss, the
    heuristic discard's count; any pinochle game's rules); the check's hook."""
    cdef int values[N_MELDS]
    if not (cards >> card) & 1:
        raise ValueError("card must be one of cards' bits")
    pinochle_meld_values(rules, values)
    return pin_meld_loss(cards, card, trump, values)



def pinochle_meld_gain_max(rules):
    """The most meld one card's going can add under ``rules``' meld values (pin_meld_gain_max:
    pinochle_meld_loss is never below minus it); the check's hook."""
    cdef int values[N_MELDS]
    pinochle_meld_values(rules, values)
    return pin_meld_gain_max(values)

def _check_record_layout():
    """The numpy dtype must match the C struct byte for byte."""
    cdef CPRecord rec
    cdef char* base = <char*>&rec
    offsets = {
        "bid": <char*>&rec.bid - base, "redeals": <char*>&rec.redeals - base,
        "meld": <char*>&rec.meld[0] - base, "trick_points": <char*>&rec.trick_points[0] - base,
        "score": <char*>&rec.score[0] - base, "army": <char*>&rec.army[0] - base,
        "dealer": <char*>&rec.dealer - base, "bidder": <char*>&rec.bidder - base,
        "trump": <char*>&rec.trump - base, "made": <char*>&rec.made - base,
        "thrown_in": <char*>&rec.thrown_in - base,
    }
    check_record_layout(CP_RECORD_DTYPE, sizeof(CPRecord), offsets, "record")

_check_record_layout()


cdef void cp_simulate_group(const CPRules* r, uint64_t seed, int64_t index, int n, const int* policies,
                            CPRecord* out) noexcept nogil:
    """Deal and play hands ``index .. index + n - 1`` (n <= CP_PLAY_GROUP) of the batch keyed by
    ``seed``, side by side (cp_play_out_group: the same records as one at a time); write their records."""
    cdef CPHand hands[CP_PLAY_GROUP]
    cdef int k
    for k in range(n):
        cp_new_hand(&hands[k], r, seed, <uint64_t>(index + k), <int>((index + k) % CP_SEATS))
    cp_play_out_group(hands, n, r, policies)
    for k in range(n):
        cp_hand_record(&hands[k], &out[k])


cdef void cp_hand_record(const CPHand* h, void* record) noexcept nogil:
    """The record (CP_RECORD_DTYPE) of a finished hand (cardsim.solver._pimc writes its batches' too)."""
    cdef CPRecord* out = <CPRecord*>record
    cdef int s
    out.bid = h.high_bid if h.bidder >= 0 else 0
    out.redeals = h.redeals
    out.dealer = h.dealer
    out.bidder = h.bidder
    out.trump = h.trump
    out.made = h.made
    out.thrown_in = h.thrown_in
    for s in range(CP_SEATS):
        out.meld[s] = h.meld[s]
        out.trick_points[s] = h.trick_points[s]
        out.score[s] = h.score[s]
        out.army[s] = h.army[s]


def simulate_cutthroat_pinochle(rules, uint64_t seed, int64_t start, records, policies, int threads=1):
    """Play hands ``start .. start+len(records)-1`` of the batch keyed by ``seed``.

    ``records`` is a CP_RECORD_DTYPE array filled in place; hand i depends only on
    (seed, i), so any split into calls or threads gives the same records.
    """
    cdef CPRules r = cp_rules_from(rules)
    cdef int pol[CP_SEATS]
    cdef Py_ssize_t i, n = len(records)
    cdef unsigned char[::1] raw = records.view(np.uint8).reshape(-1)
    if records.dtype != CP_RECORD_DTYPE:
        raise ValueError("records must have dtype CP_RECORD_DTYPE")
    cdef CPRecord* out = <CPRecord*>&raw[0] if n else NULL
    policy_codes(policies, pol, CP_SEATS)
    for i in prange((n + CP_PLAY_GROUP - 1) // CP_PLAY_GROUP, nogil=True, schedule="dynamic",
                    chunksize=64 // CP_PLAY_GROUP, num_threads=max(1, threads)):
        cp_simulate_group(&r, seed, start + i * CP_PLAY_GROUP, min(CP_PLAY_GROUP, n - i * CP_PLAY_GROUP), pol,
                          &out[i * CP_PLAY_GROUP])


cdef class _CPWidowTable:
    """Every widow's cp_widow_work (cutthroat_odds.pxd) for one hand under one set of rules, in
    cp_widow_index's order: what cutthroat_pinochle_odds's trials read.  The last one made is kept
    (LAST_WIDOW_TABLE), so the calls of one bid-odds run (chunks of 50,000 trials, or 10,000 with
    --precision) work it out once; a call holds its own reference while its trials run."""
    cdef CPWidowWork* work
    cdef int64_t sets
    cdef uint64_t hand
    cdef CPRules rules

    def __dealloc__(self):
        free(self.work)

    cdef bint holds(self, const CPRules* r, uint64_t hand):
        return self.hand == hand and memcmp(&self.rules, r, sizeof(CPRules)) == 0


cdef _CPWidowTable LAST_WIDOW_TABLE = None


cdef _CPWidowTable cp_widow_table(const CPRules* r, uint64_t hand, int64_t sets, int threads):
    """A _CPWidowTable of ``hand`` under ``r`` (``sets`` = cp_widow_sets of its unseen cards), worked
    out in parallel on ``threads``; None when there is no room for it."""
    cdef _CPWidowTable t = _CPWidowTable.__new__(_CPWidowTable)
    cdef uint64_t* widows = <uint64_t*>malloc(sets * sizeof(uint64_t))
    cdef int64_t k
    t.work = <CPWidowWork*>malloc(sets * sizeof(CPWidowWork))
    if widows == NULL or t.work == NULL:
        free(widows)
        return None
    t.sets, t.hand, t.rules = sets, hand, r[0]
    cp_widow_list(PINOCHLE_DECK_BB & ~hand, widows)
    for k in prange(sets, nogil=True, schedule="dynamic", chunksize=64, num_threads=max(1, threads)):
        cp_widow_work(hand | widows[k], r, &t.work[k])
    free(widows)
    return t


def cutthroat_pinochle_odds(rules, uint64_t hand, int seat, int dealer,
                            uint64_t seed, int64_t start, int16_t[:, ::1] out, policies, int threads=1):
    """Bid-odds trials ``start .. start+len(out)-1`` into ``out``.

    Columns 3t, 3t+1, 3t+2: the player's meld, trick points and counted total with
    trump suit t; column 12: the suit the heuristic would name.  Trial i depends
    only on (seed, i).

    The bidder's work that depends only on its cards and the widow (cp_widow_work: the suit it
    names, its discard and meld with each trump) is done once per possible widow (_CPWidowTable)
    when a call has at least as many trials as widows (C(33, 3) = 5,456 with a 15-card hand) or
    the table of the same hand and rules is kept from the call before; the same values either way."""
    global LAST_WIDOW_TABLE
    cdef CPRules r = cp_rules_from(rules)
    cdef int pol[CP_SEATS]
    cdef Py_ssize_t i, n = out.shape[0]
    cdef int64_t sets = 0
    cdef _CPWidowTable kept = None
    cdef const CPWidowWork* table = NULL
    if out.shape[1] != ODDS_COLUMNS:
        raise ValueError("out must have 13 columns")
    policy_codes(policies, pol, CP_SEATS)
    if cp_widow_table_fits(&r, hand):
        sets = cp_widow_sets(popcount(PINOCHLE_DECK_BB & ~hand))
        if LAST_WIDOW_TABLE is not None and LAST_WIDOW_TABLE.holds(&r, hand):
            kept = LAST_WIDOW_TABLE
        elif n >= sets:
            kept = cp_widow_table(&r, hand, sets, threads)
            if kept is not None:
                LAST_WIDOW_TABLE = kept
        if kept is not None:
            table = kept.work
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=64, num_threads=max(1, threads)):
        cp_odds_trial(&r, hand, seat, dealer, seed, start + i, pol, table, &out[i, 0])



# -- one hand, step by step ---------------------------------------------------------

cdef enum:
    CP_HISTORY_CAP = 512        # most actions a hand can take: 400 bids, the passes, the declaration, 48 cards


cdef int cp_step_actions(void* hand, const void* rules, const int* policies, int* out, int* seat) noexcept nogil:
    """One decision of the seat to act by its policy (cp_policy_step), written as the actions it
    amounts to (docs/actions.md) into ``out`` (at most 5: trump, 3 discards, throw in / play on);
    returns how many, -1 once the hand is over (a gd_step_fn)."""
    cdef CPHand* h = <CPHand*>hand
    cdef const CPRules* r = <const CPRules*>rules
    if h.phase == PH_DONE:
        return -1
    cdef CPHand before = h[0]
    cdef int s = h.to_act, n = 0
    cdef uint64_t discard
    seat[0] = s
    cp_policy_step(h, r, policies[s])
    if before.phase == PH_AUCTION:
        out[0] = pinochle_auction_action(s, h.high_bidder, h.high_bid, before.high_bid, h.redeals != before.redeals,
                                         r.min_bid)
        return 1
    if before.phase == PH_DECLARE:
        out[n] = CP_A_TRUMP + h.trump; n += 1
        discard = h.discard
        while discard:
            out[n] = pin_card_action(<int>lsb(discard)); n += 1
            discard &= discard - 1
        out[n] = CP_A_THROW_IN if h.thrown_in else CP_A_PLAY_ON; n += 1
        return n
    out[0] = pin_card_action(<int>lsb(before.hand[s] & ~h.hand[s]))
    return 1



cdef DealPlan _cp_plan   # the resample's constrained-deal plan (~512 KiB), used under the GIL only


cdef class CutthroatPinochleState(GameState):
    """One Cutthroat Pinochle hand held by the core, for step-by-step play from Python.

    The named actions (auction_act, declare, play) check nothing: cardsim.hands
    validates them first, so the core and the batch share one set of rules code
    without paying for checks in the batch.  The integer actions of the game contract
    (``legal_actions``, ``apply``) are checked by GameState.apply; the bidder's
    declaration is several of them: trump, three discards (widow games), then throw
    in or play on.
    """
    cdef CPHand h
    cdef CPRules r
    cdef CPSteps steps

    def __cinit__(self, rules=None, uint64_t seed=0, int dealer=0, uint64_t stream=0):
        self.set_structs(&self.h, sizeof(CPHand), &self.r, sizeof(CPRules), &self.steps, sizeof(CPSteps))
        self.steps.trump = -1
        if rules is None:
            return  # an empty state for clone() and unpickling to fill
        self.rules = rules
        self.num_actions = CP_NUM_ACTIONS
        self.r = cp_rules_from(rules)
        cp_new_hand(&self.h, &self.r, seed, stream, dealer)

    # -- the game contract ------------------------------------------------------------
    cdef int seat_to_act(self) noexcept nogil:
        return self.h.to_act if self.h.phase != PH_DONE else -1

    cdef int legal_into(self, int* out) noexcept nogil:
        cdef CPHand* h = &self.h
        cdef int n = 0, b, top
        if h.phase == PH_AUCTION:
            if cp_can_pass(h, &self.r):
                out[n] = CP_A_PASS; n += 1
            if cp_may_bid(h, &self.r):
                top = self.r.min_bid + CP_BID_ACTIONS
                for b in range(cp_min_bid(h, &self.r), top):
                    out[n] = CP_A_BID + b - self.r.min_bid; n += 1
            return n
        if h.phase == PH_DECLARE:
            if self.steps.trump < 0:
                for b in range(4):
                    out[b] = CP_A_TRUMP + b
                return 4
            if self.r.widow and popcount(self.steps.discard) < CP_WIDOW_SIZE:
                return pin_cards_into(h.hand[h.bidder] & ~self.steps.discard, out)
            out[0] = CP_A_THROW_IN; out[1] = CP_A_PLAY_ON
            return 2
        if h.phase == PH_PLAY:
            return pin_cards_into(cp_legal(h, &self.r), out)
        return 0

    cdef void apply_unchecked(self, int action) noexcept nogil:
        cdef CPHand* h = &self.h
        cdef uint64_t copies
        cdef int b
        if action < PIN_CARD_ACTIONS:
            copies = pin_action_copies_bb(action)
            if h.phase == PH_PLAY:
                b = <int>lsb(cp_legal(h, &self.r) & copies)
                pin_note_play(&self.steps, h, b, self.r.must_beat)
                cp_play(h, &self.r, b)
            else:
                self.steps.discard |= bit_bb(<int>lsb(h.hand[h.bidder] & ~self.steps.discard & copies))
        elif action == CP_A_PASS:
            cp_auction_act(h, &self.r, -1)
        elif action < CP_A_THROW_IN:
            self.steps.trump = action - CP_A_TRUMP
        elif action < CP_A_BID:
            cp_declare(h, &self.r, self.steps.trump, self.steps.discard, action == CP_A_THROW_IN)
            self.steps.trump = -1
            self.steps.discard = 0
        else:
            cp_auction_act(h, &self.r, self.r.min_bid + action - CP_A_BID)

    def action_to_string(self, int action):
        """``'AS'``, ``'pass'``, a bid amount (``'21'``), a trump (``'trump H'``), ``'throw in'``, ``'play on'``."""
        if not 0 <= action < CP_NUM_ACTIONS:
            raise ValueError(f"action {action} is out of range: actions are 0..{CP_NUM_ACTIONS - 1}")
        if action < PIN_CARD_ACTIONS:
            return pinochle_card_name(action)
        if CP_A_TRUMP <= action < CP_A_THROW_IN:
            return "trump " + "SHDC"[action - CP_A_TRUMP]
        if action == CP_A_THROW_IN:
            return "throw in"
        if action == CP_A_PLAY_ON:
            return "play on"
        return pinochle_auction_action_name(action, self.r.min_bid)

    @property
    def mid_decision(self):
        """True while the bidder has named trump but not finished the declaration."""
        return self.steps.trump >= 0

    def policy_step(self, policy):
        """Let ``policy`` take the decision due now; the actions it amounts to join the history."""
        if self.steps.trump >= 0:
            raise ValueError("a declaration is half made: finish it with apply()")
        cdef int buf[GD_STEP_MAX]
        cdef int pol[CP_SEATS]
        cdef int i, n, s
        cdef CPHand before = self.h
        pol[0] = pol[1] = pol[2] = policy_code(policy)
        n = cp_step_actions(&self.h, &self.r, pol, buf, &s)
        if before.phase == PH_PLAY and n > 0:   # what the card proves, for resample
            pin_note_play(&self.steps, &before, <int>lsb(before.hand[s] & ~self.h.hand[s]), self.r.must_beat)
        for i in range(n):
            self._history.append(buf[i])

    def resample(self, int seat, uint64_t seed):
        """A copy in which every card ``seat`` cannot see is redealt uniformly among the places
        it may be, consistent with all it has seen (docs/actions.md, Resampling): the other
        hands, the widow before it is shown, the bidder's discard (hidden from the others; a
        widow card the bidder did not meld or play is in its hand or the discard), the voids
        and absent cards the plays prove, and the meld each seat showed.  Returns the copy and,
        per place, its hidden cards before and after.  The caller checks ``seat`` and that the
        hand is not over."""
        cdef CutthroatPinochleState other = self.clone()
        return other, pin_world_resample(&self.h, &self.r, &self.steps, &_cp_plan, seat, seed, &other.h, &other.steps)

    def pimc_playout(self, int seat, int worlds, uint64_t seed, int side):
        """PIMC with play-out evaluation, all in the core: the legal cards of ``seat`` (to act,
        in the card play) and, per card, the mean over ``worlds`` resamples of the trick points
        (the last trick's and the discard's included) of the seats in ``side`` (a mask) when
        everyone plays the heuristic after it.  Each world's players draw from the resample
        stream, never the hand's own."""
        return pin_pimc_playout(&self.h, &self.r, &self.steps, &_cp_plan, seat, worlds, seed, side)

    @property
    def played_by(self): return tuple(self.steps.played_by[s] for s in range(CP_SEATS))
    @property
    def barred(self): return tuple(self.steps.barred[s] for s in range(CP_SEATS))
    @property
    def steps_discard(self): return self.steps.discard
    @property
    def shown(self):
        """Per seat, the cards its meld lays down (0 before the meld)."""
        return pin_shown(&self.h, &self.r)

    def set_deal(self, hands, uint64_t widow, int dealer=-1, int redeals=0):
        """Replace the deal by ``hands`` (three physical masks) and ``widow`` and start the
        auction again, same dealer (or ``dealer`` when given), no nines redeal; ``redeals``
        deals were thrown in before it.  ValueError unless the four masks
        partition the 48 cards with ``hand_size`` cards per hand (the widow: 3, or 0 without)."""
        cdef uint64_t masks[CP_SEATS]
        cdef uint64_t seen = widow
        cdef int s
        if len(hands) != CP_SEATS:
            raise ValueError(f"hands must hold {CP_SEATS} masks, got {len(hands)}")
        if popcount(widow) != (CP_WIDOW_SIZE if self.r.widow else 0):
            raise ValueError(f"the widow must hold {CP_WIDOW_SIZE if self.r.widow else 0} cards")
        for s in range(CP_SEATS):
            masks[s] = hands[s]
            if popcount(masks[s]) != self.r.hand_size:
                raise ValueError(f"hand {s} must hold {self.r.hand_size} cards")
            if masks[s] & seen:
                raise ValueError(f"hand {s} shares cards with another hand or the widow")
            seen |= masks[s]
        if seen != PINOCHLE_DECK_BB:
            raise ValueError("the hands and the widow must be the 48 cards of the pinochle deck")
        if dealer >= 0:
            self.h.dealer = dealer
        cp_set_deal(&self.h, &self.r, masks, widow)
        memset(self.steps.barred, 0, sizeof(self.steps.barred))
        memset(self.steps.played_by, 0, sizeof(self.steps.played_by))
        self.h.redeals = redeals

    def heuristic_discard(self, int trump):
        """The heuristic's three discards (a mask) from the bidder's cards now if ``trump``
        is named: what the heuristic and the bid odds discard (0 without a widow)."""
        if self.h.phase != PH_DECLARE or not 0 <= trump < 4:
            raise ValueError("heuristic_discard needs the declare phase and a trump 0..3")
        return cp_heuristic_discard(self.h.hand[self.h.bidder], trump, &self.r) if self.r.widow else 0

    # auction (the named actions: validated by cardsim.hands, not recorded in history)
    def min_bid(self): return cp_min_bid(&self.h, &self.r)
    def may_bid(self): return cp_may_bid(&self.h, &self.r)
    def can_pass(self): return cp_can_pass(&self.h, &self.r)
    def auction_act(self, int bid): cp_auction_act(&self.h, &self.r, bid)
    # widow, trump, discard
    def declare(self, int trump, uint64_t discard, bint throw_in): cp_declare(&self.h, &self.r, trump, discard, throw_in)
    # play
    def legal_mask(self): return cp_legal(&self.h, &self.r)
    def play(self, int card): cp_play(&self.h, &self.r, card)

    @property
    def phase(self): return ("auction", "declare", "play", "done")[self.h.phase]
    @property
    def to_act(self): return self.h.to_act
    @property
    def dealer(self): return self.h.dealer
    @property
    def bidder(self): return self.h.bidder
    @property
    def high_bid(self): return self.h.high_bid
    @property
    def high_bidder(self): return self.h.high_bidder
    @property
    def trump(self): return self.h.trump
    @property
    def hands(self): return tuple(self.h.hand[s] for s in range(CP_SEATS))
    @property
    def meld_hands(self): return tuple(self.h.meld_hand[s] for s in range(CP_SEATS))
    @property
    def won(self): return tuple(self.h.won[s] for s in range(CP_SEATS))
    @property
    def widow(self): return self.h.widow
    @property
    def discard(self): return self.h.discard
    @property
    def trick(self): return [self.h.trick[i] for i in range(self.h.n_in_trick)]
    @property
    def leader(self): return self.h.leader
    @property
    def tricks_played(self): return self.h.tricks_played
    @property
    def last_winner(self): return self.h.last_winner
    @property
    def meld(self): return [self.h.meld[s] for s in range(CP_SEATS)]
    @property
    def trick_points(self): return [self.h.trick_points[s] for s in range(CP_SEATS)]
    @property
    def score(self): return [self.h.score[s] for s in range(CP_SEATS)]
    @property
    def army(self): return [self.h.army[s] for s in range(CP_SEATS)]
    @property
    def made(self): return bool(self.h.made)
    @property
    def thrown_in(self): return bool(self.h.thrown_in)
    @property
    def redeals(self): return self.h.redeals
    @property
    def hand_size(self): return self.r.hand_size


# Whole Cutthroat Pinochle games: the hooks of the batch driver (cardsim._games, _games.pxd).
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


cdef void cp_gd_new(void* hand, const void* rules, uint64_t seed, uint64_t stream, int dealer) noexcept nogil:
    cp_new_hand(<CPHand*>hand, <const CPRules*>rules, seed, stream, dealer)


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


cdef int cp_history_deal(const void* hand, const void* rules, GDHistory* hist, bint write) noexcept nogil:
    """The deal row (a gd_row_fn): each seat's cards and the widow; extra: dealer, redeals."""
    cdef const CPHand* h = <const CPHand*>hand
    cdef int s
    if write:
        for s in range(CP_SEATS):
            hist.deal[s] = h.hand[s]
        hist.deal[CP_SEATS] = h.widow
        hist.extra[0], hist.extra[1] = h.dealer, h.redeals
    return h.redeals


cdef int cp_gd_history(void* hand, const void* rules, const int* policies, GDHistory* hist) noexcept nogil:
    return gd_history_loop(hand, rules, policies, hist, CP_HISTORY_CAP, cp_step_actions, cp_history_deal)


def cutthroat_pinochle_game_kind(rules, policies):
    """Cutthroat Pinochle games under ``rules`` with ``policies`` (three names), for cardsim._games."""
    cdef CPRules r = cp_rules_from(rules)
    cdef int pol[CP_SEATS]
    cdef GDGame g
    cdef GameKind kind = GameKind()
    policy_codes(policies, pol, CP_SEATS)
    gd_setup(&g, CP_SEATS, CP_SEATS, rules["target_score"], GD_MAX_HANDS, sizeof(CPHand), sizeof(CPGame),
             sizeof(CPGameRecord))
    g.new_hand, g.play_out, g.end_hand, g.record = cp_gd_new, cp_gd_play, cp_gd_end, cp_gd_record
    g.play_history, g.history_cap, g.deal_words, g.extra_ints = cp_gd_history, CP_HISTORY_CAP, CP_SEATS + 1, 2
    kind.fill("cutthroat-pinochle", CP_GAME_DTYPE, &g, &r, sizeof(r), pol)
    return kind


# -- each hand's deal, for hand batches on request (Game.simulate(n, deals=True)) ------------
# Hand i of a hand batch is dealt on stream i for dealer i % 3 (cp_simulate_group); the deal it
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


# -- the players', the step states' and the odds trial's steps for other modules (cutthroat.pxd) --

cdef int cp_ext_heuristic_card(CPHand* h, const CPRules* r) noexcept nogil:
    return cp_heuristic_card(h, r)


cdef void cp_ext_policy_step(CPHand* h, const CPRules* r, int policy) noexcept nogil:
    cp_policy_step(h, r, policy)


cdef void cp_ext_note_play(CPSteps* steps, const CPHand* before, int card, int must_beat) noexcept nogil:
    pin_note_play(steps, before, card, must_beat)


cdef int cp_ext_pimc_totals(CPHand* h, const CPRules* r, const CPSteps* steps, DealPlan* plan, int seat, int worlds,
                            uint64_t seed, int side, bint oracle, int* acts, double* totals) noexcept nogil:
    return pin_pimc_totals(h, r, steps, plan, seat, worlds, seed, side, oracle, acts, totals)


cdef int cp_ext_best_trump_melds(uint64_t cards, const CPRules* r, int* melds) noexcept nogil:
    return cp_best_trump_melds(cards, r, melds)


cdef uint64_t cp_ext_heuristic_discard_from(uint64_t cards, int trump, const CPRules* r, int meld_now) noexcept nogil:
    return cp_heuristic_discard_from(cards, trump, r, meld_now)


cdef void cp_ext_odds_deal(CPHand* h, const CPRules* r, uint64_t hand, int seat, int dealer) noexcept nogil:
    cp_odds_deal(h, r, hand, seat, dealer)


cdef void cp_ext_odds_row(const CPHand* h, const CPRules* r, int seat, int16_t* row) noexcept nogil:
    cp_odds_row(h, r, seat, row)


cdef int cp_ext_heuristic_bid(CPHand* h, const CPRules* r) noexcept nogil:
    return cp_heuristic_bid(h, r)


cdef void cp_ext_odds_won(CPHand* h, uint64_t hand, int seat) noexcept nogil:
    cp_odds_won(h, hand, seat)


cdef void cp_ext_odds_play(const CPHand* dealt, const CPRules* r, int seat, const int* policies, int16_t* out) noexcept nogil:
    cp_odds_play(dealt, r, seat, policies, out)
