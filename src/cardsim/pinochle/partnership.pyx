# cython: language_level=3
"""Partnership Pinochle in the core (RULES.md section 5); see the comment below."""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cython.parallel cimport prange

import numpy as np

from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount
from cardsim._rng cimport Rng, rng_below, rng_next, rng_seed, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM, policy_code, policy_codes
from cardsim._contract cimport CARDSIM_BUILD_ID, GameState
from cardsim._contract import check_record_layout

#: The hash of this module's sources, baked in at build time (_contract.pxd): part of its state's pickle fingerprint.
BUILD_ID = (<bytes>CARDSIM_BUILD_ID).decode("ascii")
from cardsim._games cimport (GD_HAND_STREAMS, GD_MAX_HANDS, GD_STEP_MAX, GDGame, GDHistory, GDResult, GameKind,
                             gd_hand_stream, gd_highest_alone, gd_history_loop, gd_play_game, gd_setup)
from cardsim.pinochle.cards cimport *
from cardsim.pinochle.common cimport *
from cardsim.pinochle.cutthroat_engine cimport *
from cardsim.pinochle.cutthroat_players cimport *
from cardsim.pinochle.odds_columns cimport ODDS_COLUMNS
from cardsim.pinochle.partnership_engine cimport *
from cardsim.pinochle.partnership_players cimport *
from cardsim.pinochle.games_odds cimport pp_odds_deal, pp_odds_play, pp_odds_trial, pp_odds_won
from cardsim.pinochle.resample cimport *
from cardsim.pinochle.random_play cimport PIN_PLAY_GROUP
from cardsim.pinochle.world cimport pin_note_play, pin_pimc_playout, pin_pimc_totals, pin_shown, pin_world_resample
from cardsim._constrained_deal cimport CD_MAX_PLACES, CD_OK, DealPlan, cd_prepare_masks, cd_sample_masks
from cardsim._deal cimport RESAMPLE_STREAM

from cardsim.pinochle.common import _ALL_PASS, parse_card_points, pinochle_auction_action_name, pinochle_card_name

PIN_TABLES = pin_bid_tables()  # the learned bid tables live in cardsim.pinochle.common (bid_tables.pxd)

# The Python-facing part of the Partnership Pinochle core (module cardsim.pinochle.partnership):
# the rules struct, the batch record and simulate_partnership_pinochle, and
# PartnershipPinochleState for step-by-step play.  Same shape as Cutthroat Pinochle's.

#: must_beat as section 5 reads it: trump_led heads a trump lead only (no over-trump
#: duty on a plain-suit lead, unlike cutthroat's trump_led); always and never as in section 1.

_PP_MUST_BEAT = {"always": MUST_BEAT_ALWAYS, "trump_led": MUST_BEAT_TRUMP_LEAD_ONLY, "never": MUST_BEAT_NEVER}

cdef PPRules pp_rules_from(rules) except *:
    """Fill the core's rules struct once from a validated partnership-pinochle Rules mapping."""
    cdef PPRules r
    cdef int i
    memset(&r, 0, sizeof(r))
    r.min_bid = rules["min_bid"]
    r.bid_increment = rules["bid_increment"]
    r.all_pass = _ALL_PASS[rules["all_pass"]]
    r.pass_cards = rules["pass_cards"]
    pinochle_meld_values(rules, r.meld_value)
    r.must_beat = _PP_MUST_BEAT[rules["must_beat"]]
    points = parse_card_points(rules["card_points"])
    for i in range(N_RANKS):
        r.rank_points[i] = points[i]
    r.last_trick_points = rules["last_trick_points"]
    r.save_meld_points = rules["save_meld_points"]
    return r


ctypedef struct PPRecord:
    int16_t bid                 # winning bid; 0 when nobody bid (no contest)
    int16_t redeals             # deals thrown in (all passed) before the one played
    int16_t meld[4]             # meld shown per seat
    int16_t trick_points[4]     # per seat, last trick included
    int16_t team_meld[2]        # meld shown per team (0+2, 1+3), before the save-meld rule
    int16_t team_trick_points[2] # per team
    int16_t team_score[2]       # hand score per team
    int8_t dealer               # dealer of the deal that was played
    int8_t bidder               # -1: no contest
    int8_t trump                # 0..3 = S H D C; -1: no contest
    int8_t made                 # the bidding team reached the bid

PP_RECORD_DTYPE = np.dtype([
    ("bid", "i2"), ("redeals", "i2"), ("meld", "i2", (4,)), ("trick_points", "i2", (4,)),
    ("team_meld", "i2", (2,)), ("team_trick_points", "i2", (2,)), ("team_score", "i2", (2,)),
    ("dealer", "i1"), ("bidder", "i1"), ("trump", "i1"), ("made", "?"),
], align=True)


def _check_pp_record_layout():
    """The numpy dtype must match the C struct byte for byte."""
    cdef PPRecord rec
    cdef char* base = <char*>&rec
    offsets = {
        "bid": <char*>&rec.bid - base, "redeals": <char*>&rec.redeals - base,
        "meld": <char*>&rec.meld[0] - base, "trick_points": <char*>&rec.trick_points[0] - base,
        "team_meld": <char*>&rec.team_meld[0] - base,
        "team_trick_points": <char*>&rec.team_trick_points[0] - base,
        "team_score": <char*>&rec.team_score[0] - base,
        "dealer": <char*>&rec.dealer - base, "bidder": <char*>&rec.bidder - base,
        "trump": <char*>&rec.trump - base, "made": <char*>&rec.made - base,
    }
    check_record_layout(PP_RECORD_DTYPE, sizeof(PPRecord), offsets, "partnership record")

_check_pp_record_layout()


cdef void pp_simulate_group(const PPRules* r, uint64_t seed, int64_t index, int n, const int* policies,
                            PPRecord* out) noexcept nogil:
    """Deal and play hands ``index .. index + n - 1`` (n <= PIN_PLAY_GROUP) of the batch keyed by
    ``seed``, side by side (pp_play_out_group: the same records as one at a time); write their records."""
    cdef PPHand hands[PIN_PLAY_GROUP]
    cdef int k
    for k in range(n):
        pp_new_hand(&hands[k], seed, <uint64_t>(index + k), <int>((index + k) % PP_SEATS))
    pp_play_out_group(hands, n, r, policies)
    for k in range(n):
        pp_hand_record(&hands[k], &out[k])


cdef void pp_hand_record(const PPHand* h, void* record) noexcept nogil:
    """The record (PP_RECORD_DTYPE) of a finished hand (cardsim.solver._pimc writes its batches' too)."""
    cdef PPRecord* out = <PPRecord*>record
    cdef int s
    out.bid = h.high_bid if h.bidder >= 0 else 0
    out.redeals = h.redeals
    out.dealer = h.dealer
    out.bidder = h.bidder
    out.trump = h.trump
    out.made = h.made
    for s in range(PP_SEATS):
        out.meld[s] = h.meld[s]
        out.trick_points[s] = h.trick_points[s]
    for s in range(2):
        out.team_meld[s] = h.team_meld[s]
        out.team_trick_points[s] = h.team_trick_points[s]
        out.team_score[s] = h.team_score[s]


def simulate_partnership_pinochle(rules, uint64_t seed, int64_t start, records, policies, int threads=1):
    """Play hands ``start .. start+len(records)-1`` of the batch keyed by ``seed``.

    ``records`` is a PP_RECORD_DTYPE array filled in place; hand i depends only on (seed, i).
    """
    cdef PPRules r = pp_rules_from(rules)
    cdef int pol[PP_SEATS]
    cdef Py_ssize_t i, n = len(records)
    cdef unsigned char[::1] raw = records.view(np.uint8).reshape(-1)
    if records.dtype != PP_RECORD_DTYPE:
        raise ValueError("records must have dtype PP_RECORD_DTYPE")
    cdef PPRecord* out = <PPRecord*>&raw[0] if n else NULL
    policy_codes(policies, pol, PP_SEATS)
    for i in prange((n + PIN_PLAY_GROUP - 1) // PIN_PLAY_GROUP, nogil=True, schedule="dynamic",
                    chunksize=64 // PIN_PLAY_GROUP, num_threads=max(1, threads)):
        pp_simulate_group(&r, seed, start + i * PIN_PLAY_GROUP, min(PIN_PLAY_GROUP, n - i * PIN_PLAY_GROUP), pol,
                          &out[i * PIN_PLAY_GROUP])


cdef DealPlan _pp_plan   # the resample's constrained-deal plan (~512 KiB), used under the GIL only


cdef enum:
    PP_HISTORY_CAP = 512        # most actions a hand can take: 400 bids, passes, trump, 24 passed, 48 cards


cdef int pp_step_actions(void* hand, const void* rules, const int* policies, int* out, int* seat) noexcept nogil:
    """One decision of the seat to act by its policy (pp_policy_step), written as the actions it
    amounts to (docs/actions.md) into ``out`` (at most 12: a pass of cards); returns how many, -1
    once the hand is over (a gd_step_fn)."""
    cdef PPHand* h = <PPHand*>hand
    cdef const PPRules* r = <const PPRules*>rules
    if h.phase == PH_DONE:
        return -1
    cdef PPHand before = h[0]
    cdef int s = h.to_act, n = 0
    cdef uint64_t cards
    seat[0] = s
    pp_policy_step(h, r, policies[s])
    if before.phase == PH_AUCTION:
        out[0] = pinochle_auction_action(s, h.high_bidder, h.high_bid, before.high_bid, h.redeals != before.redeals,
                                         r.min_bid)
        return 1
    if before.phase == PH_DECLARE:
        out[0] = CP_A_TRUMP + h.trump
        return 1
    cards = (h.passed[0] if s != h.bidder else h.passed[1]) if before.phase == PH_PASS \
        else before.hand[s] & ~h.hand[s]
    while cards:
        out[n] = pin_card_action(<int>lsb(cards)); n += 1
        cards &= cards - 1
    return n


cdef class PartnershipPinochleState(GameState):
    """One Partnership Pinochle hand held by the core, for step-by-step play from Python.

    The named actions check nothing: cardsim.hands.partnership_pinochle validates them
    first.  The integer actions of the game contract are Cutthroat Pinochle's numbering
    (docs/actions.md: cards, pass, trump, bids; no throw-in); each passed card is one
    card action, so a pass of three cards is three actions.
    """
    cdef PPHand h
    cdef PPRules r
    cdef CPSteps steps          # pass: the copies chosen so far (trump unused)

    def __cinit__(self, rules=None, uint64_t seed=0, int dealer=0, uint64_t stream=0):
        self.set_structs(&self.h, sizeof(PPHand), &self.r, sizeof(PPRules), &self.steps, sizeof(CPSteps))
        self.steps.trump = -1
        if rules is None:
            return  # an empty state for clone() and unpickling to fill
        self.rules = rules
        self.num_actions = CP_NUM_ACTIONS
        self.r = pp_rules_from(rules)
        pp_new_hand(&self.h, seed, stream, dealer)

    # -- the game contract ------------------------------------------------------------
    cdef int seat_to_act(self) noexcept nogil:
        return self.h.to_act if self.h.phase != PH_DONE else -1

    cdef int legal_into(self, int* out) noexcept nogil:
        cdef PPHand* h = &self.h
        cdef int n = 0, b
        if h.phase == PH_AUCTION:
            if pp_can_pass(h, &self.r):
                out[n] = CP_A_PASS; n += 1
            for b in range(pp_min_bid(h, &self.r), self.r.min_bid + CP_BID_ACTIONS):
                out[n] = CP_A_BID + b - self.r.min_bid; n += 1
            return n
        if h.phase == PH_DECLARE:
            for b in range(4):
                out[b] = CP_A_TRUMP + b
            return 4
        if h.phase == PH_PASS:
            return pin_cards_into(h.hand[h.to_act] & ~self.steps.discard, out)
        if h.phase == PH_PLAY:
            return pin_cards_into(pp_legal(h, &self.r), out)
        return 0

    cdef void apply_unchecked(self, int action) noexcept nogil:
        cdef PPHand* h = &self.h
        cdef uint64_t copies
        cdef int b
        if action < PIN_CARD_ACTIONS:
            copies = pin_action_copies_bb(action)
            if h.phase == PH_PLAY:
                b = <int>lsb(pp_legal(h, &self.r) & copies)
                pin_note_play(&self.steps, h, b, self.r.must_beat)
                pp_play(h, &self.r, b)
                return
            self.steps.discard |= bit_bb(<int>lsb(h.hand[h.to_act] & ~self.steps.discard & copies))
            if popcount(self.steps.discard) == self.r.pass_cards:
                pp_pass(h, &self.r, self.steps.discard)
                self.steps.discard = 0
        elif action == CP_A_PASS:
            pp_auction_act(h, &self.r, -1)
        elif action < CP_A_THROW_IN:
            pp_declare(h, &self.r, action - CP_A_TRUMP)
        else:
            pp_auction_act(h, &self.r, self.r.min_bid + action - CP_A_BID)

    def action_to_string(self, int action):
        """``'AS'`` (played or passed), ``'pass'``, a bid amount (``'21'``) or a trump (``'trump H'``)."""
        if not 0 <= action < CP_NUM_ACTIONS:
            raise ValueError(f"action {action} is out of range: actions are 0..{CP_NUM_ACTIONS - 1}")
        if action < PIN_CARD_ACTIONS:
            return pinochle_card_name(action)
        if CP_A_TRUMP <= action < CP_A_THROW_IN:
            return "trump " + "SHDC"[action - CP_A_TRUMP]
        return pinochle_auction_action_name(action, self.r.min_bid) or f"unused action {action}"

    @property
    def mid_decision(self):
        """True while a pass of cards is partly chosen."""
        return self.steps.discard != 0

    def policy_step(self, policy):
        """Let ``policy`` take the decision due now; the actions it amounts to join the history."""
        if self.steps.discard:
            raise ValueError("a pass of cards is half made: finish it with apply()")
        cdef int buf[GD_STEP_MAX]
        cdef int pol[PP_SEATS]
        cdef int i, n, s
        cdef PPHand before = self.h
        pol[0] = pol[1] = pol[2] = pol[3] = policy_code(policy)
        n = pp_step_actions(&self.h, &self.r, pol, buf, &s)
        if before.phase == PH_PLAY and n > 0:   # what the card proves, for resample
            pin_note_play(&self.steps, &before, <int>lsb(before.hand[s] & ~self.h.hand[s]), self.r.must_beat)
        for i in range(n):
            self._history.append(buf[i])

    def resample(self, int seat, uint64_t seed):
        """A copy in which every card ``seat`` cannot see is redealt uniformly among the other
        seats, consistent with all it has seen (docs/actions.md, Resampling): the cards passed
        (known to the bidder and its partner), the voids and absent cards the plays prove, and
        the meld each seat showed.  Where ``seat`` did not see a pass, the copy's passes are
        drawn uniformly among those its new hands allow.  Returns the copy and, per other
        seat, its hidden cards before and after.  The caller checks ``seat`` and that the hand
        is not over."""
        cdef PartnershipPinochleState other = self.clone()
        return other, pin_world_resample(&self.h, &self.r, &self.steps, &_pp_plan, seat, seed, &other.h, &other.steps)

    def pimc_playout(self, int seat, int worlds, uint64_t seed, int side):
        """PIMC with play-out evaluation in the core: the legal cards of ``seat`` (to act, in
        the card play) and, per card, the mean over ``worlds`` resamples of the trick points
        (the last trick's included) of the seats in ``side`` (a mask) when everyone plays the
        heuristic after it.  Each world's players draw from the resample stream."""
        return pin_pimc_playout(&self.h, &self.r, &self.steps, &_pp_plan, seat, worlds, seed, side)

    @property
    def played_by(self): return tuple(self.steps.played_by[s] for s in range(PP_SEATS))
    @property
    def barred(self): return tuple(self.steps.barred[s] for s in range(PP_SEATS))
    @property
    def steps_discard(self): return self.steps.discard
    @property
    def shown(self):
        """Per seat, the cards its meld lays down (0 before the meld)."""
        return pin_shown(&self.h, &self.r)

    def set_hands(self, hands, int redeals=-1):
        """Replace the dealt cards by ``hands`` (four physical masks, validated by the caller)
        before anyone has acted: the auction opens on them as dealt; ``redeals`` (when not -1)
        deals were thrown in before them."""
        cdef int s
        for s in range(PP_SEATS):
            self.h.hand[s] = hands[s]
            self.steps.barred[s] = 0
            self.steps.played_by[s] = 0
        if redeals >= 0:
            self.h.redeals = redeals

    def min_bid(self): return pp_min_bid(&self.h, &self.r)
    def can_pass(self): return pp_can_pass(&self.h, &self.r)
    def auction_act(self, int bid): pp_auction_act(&self.h, &self.r, bid)
    def declare(self, int trump): pp_declare(&self.h, &self.r, trump)
    def pass_cards(self, uint64_t cards): pp_pass(&self.h, &self.r, cards)
    def legal_mask(self): return pp_legal(&self.h, &self.r)
    def play(self, int card): pp_play(&self.h, &self.r, card)

    @property
    def phase(self): return ("auction", "declare", "play", "done", "pass")[self.h.phase]
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
    def out_mask(self): return self.h.out_mask
    @property
    def trump(self): return self.h.trump
    @property
    def hands(self): return tuple(self.h.hand[s] for s in range(PP_SEATS))
    @property
    def meld_hands(self): return tuple(self.h.meld_hand[s] for s in range(PP_SEATS))
    @property
    def passed(self): return (self.h.passed[0], self.h.passed[1])
    @property
    def won(self): return tuple(self.h.won[s] for s in range(PP_SEATS))
    @property
    def trick(self): return [self.h.trick[i] for i in range(self.h.n_in_trick)]
    @property
    def leader(self): return self.h.leader
    @property
    def tricks_played(self): return self.h.tricks_played
    @property
    def last_winner(self): return self.h.last_winner
    @property
    def meld(self): return [self.h.meld[s] for s in range(PP_SEATS)]
    @property
    def trick_points(self): return [self.h.trick_points[s] for s in range(PP_SEATS)]
    @property
    def team_meld(self): return [self.h.team_meld[t] for t in range(2)]
    @property
    def team_trick_points(self): return [self.h.team_trick_points[t] for t in range(2)]
    @property
    def team_score(self): return [self.h.team_score[t] for t in range(2)]
    @property
    def made(self): return bool(self.h.made)
    @property
    def redeals(self): return self.h.redeals
    @property
    def pass_count(self): return self.r.pass_cards


def partnership_pinochle_odds(rules, uint64_t hand, int seat, int dealer,
                              uint64_t seed, int64_t start, int16_t[:, ::1] out, policies, int threads=1):
    """Partnership bid-odds trials ``start .. start+len(out)-1`` into ``out``.

    Columns 3t, 3t+1, 3t+2: the team's meld after passing, trick points and counted
    total with trump suit t; column 12: the suit the heuristic bidder names.  Trial i
    depends only on (seed, i)."""
    cdef PPRules r = pp_rules_from(rules)
    cdef int pol[PP_SEATS]
    cdef Py_ssize_t i, n = out.shape[0]
    if out.shape[1] != ODDS_COLUMNS:
        raise ValueError("out must have 13 columns")
    policy_codes(policies, pol, PP_SEATS)
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=64, num_threads=max(1, threads)):
        pp_odds_trial(&r, hand, seat, dealer, seed, start + i, pol, &out[i, 0])


# Whole Partnership Pinochle games: the hooks of the batch driver (cardsim._games, _games.pxd).
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


cdef void pp_gd_new(void* hand, const void* rules, uint64_t seed, uint64_t stream, int dealer) noexcept nogil:
    pp_new_hand(<PPHand*>hand, seed, stream, dealer)


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


cdef int pp_history_deal(const void* hand, const void* rules, GDHistory* hist, bint write) noexcept nogil:
    """The deal row (a gd_row_fn): each seat's cards; extra: dealer, redeals."""
    cdef const PPHand* h = <const PPHand*>hand
    cdef int s
    if write:
        for s in range(PP_SEATS):
            hist.deal[s] = h.hand[s]
        hist.extra[0], hist.extra[1] = h.dealer, h.redeals
    return h.redeals


cdef int pp_gd_history(void* hand, const void* rules, const int* policies, GDHistory* hist) noexcept nogil:
    return gd_history_loop(hand, rules, policies, hist, PP_HISTORY_CAP, pp_step_actions, pp_history_deal)


def partnership_pinochle_game_kind(rules, policies):
    """Partnership Pinochle games under ``rules`` with ``policies`` (four names), for cardsim._games."""
    cdef PPRules r = pp_rules_from(rules)
    cdef int pol[PP_SEATS]
    cdef GDGame g
    cdef GameKind kind = GameKind()
    policy_codes(policies, pol, PP_SEATS)
    gd_setup(&g, PP_SEATS, 2, rules["target_score"], GD_MAX_HANDS, sizeof(PPHand), sizeof(PPGame),
             sizeof(PPGameRecord))
    g.new_hand, g.play_out, g.end_hand, g.winner, g.record = pp_gd_new, pp_gd_play, pp_gd_end, pp_gd_winner, pp_gd_record
    g.play_history, g.history_cap, g.deal_words, g.extra_ints = pp_gd_history, PP_HISTORY_CAP, PP_SEATS, 2
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


# -- the players', the step states' and the odds trial's steps for other modules (partnership.pxd) --

cdef int pp_ext_heuristic_card(PPHand* h, const PPRules* r) noexcept nogil:
    return pp_heuristic_card(h, r)


cdef void pp_ext_policy_step(PPHand* h, const PPRules* r, int policy) noexcept nogil:
    pp_policy_step(h, r, policy)


cdef void pp_ext_note_play(CPSteps* steps, const PPHand* before, int card, int must_beat) noexcept nogil:
    pin_note_play(steps, before, card, must_beat)


cdef int pp_ext_pimc_totals(PPHand* h, const PPRules* r, const CPSteps* steps, DealPlan* plan, int seat, int worlds,
                            uint64_t seed, int side, bint oracle, int* acts, double* totals) noexcept nogil:
    return pin_pimc_totals(h, r, steps, plan, seat, worlds, seed, side, oracle, acts, totals)


cdef int pp_ext_best_trump(uint64_t cards, const PPRules* r, int* value) noexcept nogil:
    return pp_best_trump(cards, r, value)


cdef void pp_ext_odds_deal(PPHand* h, uint64_t hand, int seat, int dealer) noexcept nogil:
    pp_odds_deal(h, hand, seat, dealer)


cdef int pp_ext_heuristic_bid(PPHand* h, const PPRules* r) noexcept nogil:
    return pp_heuristic_bid(h, r)


cdef void pp_ext_odds_won(PPHand* h, uint64_t hand, int seat) noexcept nogil:
    pp_odds_won(h, hand, seat)


cdef void pp_ext_odds_play(const PPHand* dealt, const PPRules* r, int seat, const int* policies, int16_t* out) noexcept nogil:
    pp_odds_play(dealt, r, seat, policies, out)
