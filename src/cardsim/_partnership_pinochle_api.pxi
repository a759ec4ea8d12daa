# The Python-facing part of the Partnership Pinochle core (included by _core.pyx):
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
    if PP_RECORD_DTYPE.itemsize != sizeof(PPRecord) or any(
        PP_RECORD_DTYPE.fields[name][1] != off for name, off in offsets.items()
    ):
        raise ImportError("cardsim._core: partnership record dtype does not match the C struct")

_check_pp_record_layout()


cdef void pp_simulate_one(const PPRules* r, uint64_t seed, int64_t index, const int* policies,
                          PPRecord* out) noexcept nogil:
    """Deal and play hand ``index`` of the batch keyed by ``seed``; write its record."""
    cdef PPHand h
    cdef int s
    pp_new_hand(&h, seed, <uint64_t>index, <int>(index % PP_SEATS))
    pp_play_out(&h, r, policies)
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
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=64, num_threads=max(1, threads)):
        pp_simulate_one(&r, seed, start + i, pol, &out[i])


cdef class PartnershipPinochleState:
    """One Partnership Pinochle hand held by the core, for step-by-step play from Python.

    It checks nothing: cardsim.hands.partnership_pinochle validates every action first.
    """
    cdef PPHand h
    cdef PPRules r

    def __cinit__(self, rules, uint64_t seed, int dealer, uint64_t stream=0):
        self.r = pp_rules_from(rules)
        pp_new_hand(&self.h, seed, stream, dealer)

    def min_bid(self): return pp_min_bid(&self.h, &self.r)
    def can_pass(self): return pp_can_pass(&self.h, &self.r)
    def auction_act(self, int bid): pp_auction_act(&self.h, &self.r, bid)
    def declare(self, int trump): pp_declare(&self.h, &self.r, trump)
    def pass_cards(self, uint64_t cards): pp_pass(&self.h, &self.r, cards)
    def legal_mask(self): return pp_legal(&self.h, &self.r)
    def play(self, int card): pp_play(&self.h, &self.r, card)
    def policy_step(self, policy): pp_policy_step(&self.h, &self.r, POLICIES[policy])

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
