# cython: language_level=3
"""Euchre and Cutthroat Euchre in the core (RULES.md section 4); see the comment below."""
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
from cardsim._games cimport (GD_HAND_STREAMS, GD_MAX_HANDS, GD_STEP_MAX, GDGame, GDHistory, GDResult, GameKind,
                             gd_hand_stream, gd_highest_alone, gd_history_loop, gd_play_game, gd_setup)
from cardsim._constrained_deal cimport CD_MAX_PLACES
from cardsim._deal cimport resample_places
from cardsim.euchre.engine cimport *
from cardsim.euchre.players cimport *
from cardsim.euchre.odds cimport *
from cardsim.euchre.odds_columns cimport *

# -- the learned decision table (euchre/players.pxd reads it through EU_TABLES) ---------------
# The one copy; cardsim._odds_conditions points its EU_TABLES here (eu_bid_tables) when it is loaded.

cdef EUBidTables _eu_table_store
EU_TABLES = &_eu_table_store

cdef void* eu_bid_tables() noexcept nogil:
    return &_eu_table_store

_EU_GAMES = {"cutthroat-euchre": EU_T_CUTTHROAT, "euchre": EU_T_EUCHRE}
_EU_TABLE_KEYS = ("make", "alone", "defend")


def set_euchre_bid_table(game, table=None):
    """Load the learned decision table of ``game`` ("euchre" or "cutthroat-euchre"): a dict
    with ``make`` and ``alone`` (2 rounds x positions from the dealer's left x EU_FEATURES
    coefficients, thousandths of a point; euchre/players.pxd) and ``defend`` (tenths of a
    trick); None: the hand-set rules."""
    cdef int g, k, p, i, seats
    if game not in _EU_GAMES:
        raise ValueError(f"game is one of {sorted(_EU_GAMES)}, got {game!r}")
    g = _EU_GAMES[game]
    seats = 4 if g == EU_T_EUCHRE else 3
    if table is not None:
        if sorted(table) != sorted(_EU_TABLE_KEYS):
            raise ValueError(f"a euchre table has the keys {_EU_TABLE_KEYS}, got {sorted(table)}")
        for key in ("make", "alone"):
            if (len(table[key]) != 2 or any(len(row) != seats for row in table[key])
                    or any(len(c) != EU_FEATURES for row in table[key] for c in row)):
                raise ValueError(f"{key} is 2 rounds x {seats} positions x {EU_FEATURES} coefficients")
    _eu_table_store.loaded[g] = table is not None
    for k in range(2):
        for p in range(EU_T_POS):
            for i in range(EU_FEATURES):
                _eu_table_store.make[g][k][p][i] = (int(table["make"][k][p][i])
                                                    if table is not None and p < seats else 0)
                _eu_table_store.alone[g][k][p][i] = (int(table["alone"][k][p][i])
                                                     if table is not None and p < seats else 0)
            eu_gain_fold(_eu_table_store.make[g][k][p], &_eu_table_store.make_gain[g][k][p])
            eu_gain_fold(_eu_table_store.alone[g][k][p], &_eu_table_store.alone_gain[g][k][p])
    _eu_table_store.defend[g] = int(table["defend"]) if table is not None else 0


def euchre_lone_game_bonus(game, bonus=None):
    """The bonuses (thousandths of a point) eu_goes_alone adds to the alone gain of ``game``'s
    table where only a lone march wins the game (euchre/players.pxd eu_lone_march_wins): a pair,
    the opponents short of a march from the game, then a march from it; returned before setting
    them to ``bonus`` when given (scripts/euchre_lone_game.py learns them so).  They start at
    EU_LONE_GAME_FAR and EU_LONE_GAME_NEAR."""
    if game not in _EU_GAMES:
        raise ValueError(f"game is one of {sorted(_EU_GAMES)}, got {game!r}")
    cdef int g = _EU_GAMES[game]
    before = (_eu_table_store.lone_game[g][0], _eu_table_store.lone_game[g][1])
    if bonus is not None:
        far, near = bonus
        _eu_table_store.lone_game[g][0], _eu_table_store.lone_game[g][1] = int(far), int(near)
    return before


def euchre_bid_tables():
    """The tables loaded now: {game: table dict or None}."""
    out = {}
    for game, g in _EU_GAMES.items():
        seats = 4 if g == EU_T_EUCHRE else 3
        if not _eu_table_store.loaded[g]:
            out[game] = None
            continue
        make = [[[0] * EU_FEATURES for p in range(seats)] for k in range(2)]
        alone = [[[0] * EU_FEATURES for p in range(seats)] for k in range(2)]
        for k in range(2):
            for p in range(seats):
                for i in range(EU_FEATURES):
                    make[k][p][i] = _eu_table_store.make[g][k][p][i]
                    alone[k][p][i] = _eu_table_store.alone[g][k][p][i]
        out[game] = {"make": make, "alone": alone, "defend": _eu_table_store.defend[g]}
    return out


def _load_euchre_bid_tables():
    """Load src/cardsim/data/euchre_bids.json (scripts/euchre_bid_table.py); none: the hand-set rules."""
    from cardsim._data import load_json
    for game in _EU_GAMES:
        set_euchre_bid_table(game, None)
    data = load_json("euchre_bids.json")
    if data is not None:
        for game in _EU_GAMES:
            if game in data:   # the file also says how it was fitted (hands, trials, ...)
                set_euchre_bid_table(game, {k: data[game][k] for k in _EU_TABLE_KEYS})

_load_euchre_bid_tables()
for _g in (EU_T_CUTTHROAT, EU_T_EUCHRE):
    _eu_table_store.lone_game[_g][0], _eu_table_store.lone_game[_g][1] = EU_LONE_GAME_FAR, EU_LONE_GAME_NEAR

# The thin Python face of the euchre engine (module cardsim.euchre.euchre, over the
# engine and its players): the rules struct, the batch and the step state.


cdef uint64_t eu_play_barred(const EUHand* h, int card, uint64_t deck) noexcept nogil:
    """The cards of ``deck`` that the seat to act cannot hold, given that it plays ``card`` now:
    each x such that from the hand {card, x} the play would not be legal (failing to follow the
    led effective suit proves a void in it; the left bower belongs to trump)."""
    cdef EUHand t
    cdef uint64_t out = 0, rest
    cdef int x
    if h.n_in_trick == 0:
        return 0
    t = h[0]
    rest = deck & ~bit_bb(card)
    while rest:
        x = <int>lsb(rest)
        rest &= rest - 1
        t.hand[h.to_act] = bit_bb(card) | bit_bb(x)
        if not (eu_legal(&t) >> card) & 1:
            out |= bit_bb(x)
    return out


_DEALER_PICKUP = {"optional": EU_PICKUP_OPTIONAL, "always": EU_PICKUP_ALWAYS}
EUCHRE_PHASES = ("bid1", "pickup", "discard", "bid2", "alone", "merge", "defend", "play", "done")


cdef EURules eu_rules_from(rules, int seats) except *:
    """Fill the core's rules struct once from a validated euchre or cutthroat-euchre Rules mapping."""
    cdef EURules r
    memset(&r, 0, sizeof(r))
    if seats not in (3, 4):
        raise ValueError("euchre is played by 3 (with a dummy) or 4 seats")
    r.seats = seats
    r.partnership = seats == 4
    r.dealer_pickup = _DEALER_PICKUP[rules["dealer_pickup"]]
    r.stick_the_dealer = bool(rules["stick_the_dealer"])
    r.allow_lone_defender = bool(rules["allow_lone_defender"])
    r.march_points = rules["march_points"]
    r.lone_march_points = rules["lone_march_points"]
    r.euchre_points = rules["euchre_points"]
    r.lone_defender_euchre_points = rules["lone_defender_euchre_points"]
    r.lone_defender_march_points = rules["lone_defender_march_points"]
    r.target_score = rules["target_score"]
    return r


# -- batch simulation ----------------------------------------------------------------

ctypedef struct EURecord:
    int16_t redeals         # deals thrown in (everybody passed twice) before the one played
    int16_t points[4]       # hand score per seat (partnership: the team's score for both seats)
    int16_t team_points[2]  # partnership: per team 0+2, 1+3
    int8_t tricks[4]        # tricks taken per seat
    int8_t dealer           # dealer of the deal that was played
    int8_t maker            # -1: no contest (nobody made trump in EU_MAX_REDEALS deals)
    int8_t trump            # 0..3 = S H D C; -1: no contest
    int8_t round            # bidding round trump was made in (1, 2); 0: no contest
    int8_t maker_alone
    int8_t lone_defender    # seat of the lone defender; -1: none
    int8_t picked_up        # the dealer took the upcard
    int8_t euchred          # the maker (team) took fewer than 3 tricks

_EU_COMMON = [("dealer", "i1", 18), ("maker", "i1", 19), ("trump", "i1", 20), ("round", "i1", 21),
              ("maker_alone", "?", 22), ("lone_defender", "i1", 23), ("picked_up", "?", 24),
              ("euchred", "?", 25)]


def _eu_dtype(seats):
    """The record dtype of a 3- or 4-seat game: one C struct, per-seat fields cut to the seats."""
    fields = [("redeals", "i2", 0), ("points", ("i2", (seats,)), 2)]
    if seats == 4:
        fields.append(("team_points", ("i2", (2,)), 10))
    fields.append(("tricks", ("i1", (seats,)), 14))
    fields += _EU_COMMON
    return np.dtype({"names": [f[0] for f in fields], "formats": [f[1] for f in fields],
                     "offsets": [f[2] for f in fields], "itemsize": sizeof(EURecord)})


CUTTHROAT_EUCHRE_RECORD_DTYPE = _eu_dtype(3)
EUCHRE_RECORD_DTYPE = _eu_dtype(4)


def _check_eu_record_layout():
    """Both numpy dtypes must match the C struct byte for byte."""
    cdef EURecord rec
    cdef char* base = <char*>&rec
    offsets = {
        "redeals": <char*>&rec.redeals - base, "points": <char*>&rec.points[0] - base,
        "team_points": <char*>&rec.team_points[0] - base, "tricks": <char*>&rec.tricks[0] - base,
        "dealer": <char*>&rec.dealer - base, "maker": <char*>&rec.maker - base,
        "trump": <char*>&rec.trump - base, "round": <char*>&rec.round - base,
        "maker_alone": <char*>&rec.maker_alone - base, "lone_defender": <char*>&rec.lone_defender - base,
        "picked_up": <char*>&rec.picked_up - base, "euchred": <char*>&rec.euchred - base,
    }
    for dtype in (CUTTHROAT_EUCHRE_RECORD_DTYPE, EUCHRE_RECORD_DTYPE):
        check_record_layout(dtype, sizeof(EURecord), offsets, "euchre record")

_check_eu_record_layout()


cdef void eu_simulate_one(const EURules* r, uint64_t seed, int64_t index, const int* policies,
                          EURecord* out) noexcept nogil:
    """Deal and play hand ``index`` of the batch keyed by ``seed``; write its record."""
    cdef EUHand h
    eu_new_hand(&h, r, seed, <uint64_t>index, <int>(index % r.seats))
    eu_play_out(&h, r, policies)
    eu_hand_record(&h, r, out)


cdef void eu_hand_record(const EUHand* h, const EURules* r, void* record) noexcept nogil:
    """The finished hand's EURecord (solver/_pimc.pyx writes its batches' records with it too)."""
    cdef EURecord* out = <EURecord*>record
    cdef int s
    memset(out, 0, sizeof(EURecord))
    out.redeals = h.redeals
    out.dealer = h.dealer
    out.maker = h.maker
    out.trump = h.trump
    out.round = h.round
    out.maker_alone = h.maker_alone
    out.lone_defender = h.lone_defender
    out.picked_up = h.picked_up
    out.euchred = h.euchred
    out.team_points[0] = h.team_points[0]
    out.team_points[1] = h.team_points[1]
    for s in range(r.seats):
        out.tricks[s] = h.tricks[s]
        out.points[s] = h.points[s]


def _simulate_euchre(int seats, rules, uint64_t seed, int64_t start, records, policies, int threads):
    cdef EURules r = eu_rules_from(rules, seats)
    cdef int pol[4]
    cdef Py_ssize_t i, n = len(records)
    if records.dtype != _eu_dtype(seats):
        raise ValueError("records must have the euchre record dtype of this game")
    cdef unsigned char[::1] raw = records.view(np.uint8).reshape(-1) if n else np.zeros(1, np.uint8)
    cdef EURecord* out = <EURecord*>&raw[0]
    policy_codes(policies, pol, seats)
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=256, num_threads=max(1, threads)):
        eu_simulate_one(&r, seed, start + i, pol, &out[i])


def simulate_cutthroat_euchre(rules, uint64_t seed, int64_t start, records, policies, int threads=1):
    """Play hands ``start .. start+len(records)-1`` of the batch keyed by ``seed`` (see the pinochle twin)."""
    _simulate_euchre(3, rules, seed, start, records, policies, threads)


def simulate_euchre(rules, uint64_t seed, int64_t start, records, policies, int threads=1):
    """As simulate_cutthroat_euchre, for the 4-hand partnership game."""
    _simulate_euchre(4, rules, seed, start, records, policies, threads)


def euchre_score(rules, int seats, int maker, bint maker_alone, int lone_defender, tricks):
    """The core's score of a finished hand: (points per seat, team points); for hand-made cases."""
    cdef EURules r = eu_rules_from(rules, seats)
    cdef EUHand h
    cdef int s
    memset(&h, 0, sizeof(h))
    h.maker, h.maker_alone, h.lone_defender = maker, maker_alone, lone_defender
    for s in range(seats):
        h.tricks[s] = tricks[s]
    eu_score(&h, &r)
    return [h.points[s] for s in range(seats)], [h.team_points[0], h.team_points[1]]


# -- action odds (cardsim.odds_euchre) ------------------------------------------------

EUCHRE_ODDS_ACTIONS = EUO_ACTIONS
EUCHRE_ODDS_COLUMNS = EUO_COLUMNS


def euchre_odds(rules, int seats, uint64_t hand, int upcard, int seat, int dealer, uint64_t seed,
                int64_t start, int16_t[:, ::1] out, policies, int threads=1):
    """Action-odds trials ``start .. start+len(out)-1`` into ``out`` (see euchre/odds.pxd).

    Columns 3a, 3a+1, 3a+2 for action a: the player's (team's) points, the opponents'
    points (cutthroat: both together), the outcome code.  Trial i depends only on (seed, i)."""
    cdef EURules r = eu_rules_from(rules, seats)
    cdef int pol[4]
    cdef Py_ssize_t i, n = out.shape[0]
    if out.shape[1] != EUO_COLUMNS:
        raise ValueError(f"out must have {EUO_COLUMNS} columns")
    policy_codes(policies, pol, seats)
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=64, num_threads=max(1, threads)):
        eu_odds_trial(&r, hand, upcard, seat, dealer, seed, start + i, pol, &out[i, 0])


def euchre_odds_summary(const int16_t[:, ::1] table, int opponents):
    """What the odds rows read off a trial table (``euchre_odds``' columns), in one pass and exactly.

    Returns ``(counts, sums)``: ``counts[a, k]`` the trials of action slot ``a`` with outcome ``k``
    (0..5, 5 = not open), and ``sums[a]`` = (the player's points, the opponents' points, the square
    of the net points times ``opponents``) summed over the trials, as integers: the means are then
    exact quotients and the standard error comes from the exact variance.  One pass over the table
    instead of numpy's transposed copy and float columns (the serial part of a two-thread run)."""
    cdef Py_ssize_t i, n = table.shape[0]
    cdef int a, own, opp, outcome, net
    cdef int64_t count[EUO_ACTIONS][EUO_NOT_OPEN + 1]
    cdef int64_t total[EUO_ACTIONS][3]
    cdef const int16_t* row
    if table.shape[1] != EUO_COLUMNS:
        raise ValueError(f"table must have {EUO_COLUMNS} columns")
    memset(count, 0, sizeof(count))
    memset(total, 0, sizeof(total))
    with nogil:
        for i in range(n):
            row = &table[i, 0]
            for a in range(EUO_ACTIONS):
                own, opp, outcome = row[EUO_PER_ACTION * a], row[EUO_PER_ACTION * a + 1], row[EUO_PER_ACTION * a + 2]
                if outcome < 0 or outcome > EUO_NOT_OPEN:
                    outcome = EUO_NOT_OPEN
                count[a][outcome] += 1
                net = opponents * own - opp
                total[a][0] += own
                total[a][1] += opp
                total[a][2] += net * net
    return np.array(count, dtype=np.int64), np.array(total, dtype=np.int64)


def euchre_odds_deals(rules, int seats, uint64_t hand, int upcard, int seat, int dealer, uint64_t seed,
                      int64_t start, uint64_t[:, ::1] out):
    """The deals of trials ``start ..`` (physical masks): hands per seat (4 columns), dummy, kitty."""
    cdef EURules r = eu_rules_from(rules, seats)
    cdef EUHand h
    cdef Py_ssize_t i
    cdef int s
    if out.shape[1] != 6:
        raise ValueError("out must have 6 columns")
    for i in range(out.shape[0]):
        rng_seed_hand(&h.deal_rng, &h.rng, seed, <uint64_t>(start + i))
        eu_odds_deal(&h, &r, hand, upcard, seat, dealer)
        for s in range(4):
            out[i, s] = h.hand[s]
        out[i, 4] = h.dummy
        out[i, 5] = h.kitty


# -- one hand, step by step ---------------------------------------------------------

cdef enum:
    # The integer actions (docs/actions.md): cards 0..23 are 6*suit + rank (ranks 9 T J Q K A,
    # suits S H D C, as printed: JD stays JD when it is the left bower); a card is played,
    # discarded by the dealer, or (cutthroat merge) one of the five the maker puts away.
    EU_CARD_ACTIONS = 24
    EU_A_PASS = 24              # bid1 / bid2: pass
    EU_A_ORDER = 25             # bid1: order up the upcard's suit (the dealer: take it up)
    EU_A_PICK_UP = 26           # pickup: the dealer takes the upcard
    EU_A_LEAVE = 27             # pickup: the dealer leaves it
    EU_A_NAME = 28              # bid2: 28 + suit (S H D C) names trump
    EU_A_ALONE = 32             # alone / defend: go alone
    EU_A_NOT_ALONE = 33         # alone / defend: play with the dummy or partner
    EU_NUM_ACTIONS = 34

EU_ACTION_NAMES = ("pass", "order", "pick up", "leave", "S", "H", "D", "C", "alone", "not alone")


cdef inline int eu_card_action(int bit) noexcept nogil:
    """Physical card bit -> its action (6*suit + rank)."""
    return 6 * (bit >> 4) + (bit & 15)


cdef inline int eu_action_bit(int action) noexcept nogil:
    return 16 * (action // 6) + action % 6


cdef inline uint64_t eu_deck_now(const EUHand* h) noexcept nogil:
    """The 24 cards in the hand's encoding now (effective once trump is made)."""
    cdef uint64_t deck = <uint64_t>0x3F * ALL_LANES_BB
    return deck if h.trump < 0 else eu_effective(deck, h.trump)


cdef enum:
    EU_HISTORY_CAP = 64         # most actions a hand can take: two bidding rounds, alone calls, merge, 20 cards


cdef int eu_step_actions(void* hand, const void* rules, const int* policies, int* out, int* seat) noexcept nogil:
    """One decision of the seat to act by its policy (eu_policy_step), written as the actions it
    amounts to (docs/actions.md) into ``out`` (at most 5: the cutthroat merge); returns how many,
    -1 once the hand is over (a gd_step_fn)."""
    cdef EUHand* h = <EUHand*>hand
    cdef const EURules* r = <const EURules*>rules
    if h.phase == EPH_DONE:
        return -1
    cdef EUHand before = h[0]
    cdef int s = h.to_act, n = 0, ph = h.phase
    cdef uint64_t cards
    cdef bint made
    seat[0] = s
    eu_policy_step(h, r, policies[s])
    if ph == EPH_BID1:
        out[0] = EU_A_ORDER if h.maker == s and before.maker < 0 else EU_A_PASS
        return 1
    if ph == EPH_PICKUP:
        out[0] = EU_A_PICK_UP if h.picked_up else EU_A_LEAVE
        return 1
    if ph == EPH_BID2:
        made = h.maker == s and before.maker < 0 and h.redeals == before.redeals
        out[0] = EU_A_NAME + h.trump if made else EU_A_PASS
        return 1
    if ph == EPH_ALONE:
        out[0] = EU_A_ALONE if h.maker_alone else EU_A_NOT_ALONE
        return 1
    if ph == EPH_DEFEND:
        out[0] = EU_A_ALONE if h.lone_defender == s else EU_A_NOT_ALONE
        return 1
    # a card: played, the dealer's discard, or the five the maker puts away
    cards = eu_physical((h.played & ~before.played) | (h.discard & ~before.discard), h.trump)
    while cards:
        out[n] = eu_card_action(<int>lsb(cards)); n += 1
        cards &= cards - 1
    return n


cdef int eu_hidden_places(const EUHand* h, const EURules* r, int seat, uint64_t* known_out, uint64_t* hidden_out,
                          uint64_t* where, uint64_t* barred, int* cap, int* place) noexcept nogil:
    """The places of the cards ``seat`` cannot see (docs/actions.md, Resampling), as the step
    state's resample and PIMC's worlds read them; returns how many.  Per place: its cards
    (``where``), those it is proven not to hold (``barred``), its hidden cards' count (``cap``)
    and what it is (``place``: a seat, or EU_PLACE_KITTY, _DUMMY, _DISCARD); ``known_out``: the
    cards the seat sees, ``hidden_out``: the others."""
    cdef uint64_t known, up = bit_bb(h.upcard), hidden = 0
    cdef int s, p, n = 0
    known = h.hand[seat] | h.played
    if not h.picked_up or seat == h.dealer:  # the upcard lies in the kitty, or the seat took it
        known |= up
    if seat == h.dealer:
        known |= h.dealer_discard
    if not r.partnership and seat == h.maker and not h.maker_alone and h.phase >= EPH_MERGE and h.dummy == 0:
        known |= h.discard & ~h.dealer_discard     # the maker merged: it saw the dummy
    for s in range(r.seats):
        if s != seat:
            where[n] = h.hand[s]; barred[n] = h.barred[s]; place[n] = s; n += 1
    where[n] = h.kitty; barred[n] = 0; place[n] = EU_PLACE_KITTY; n += 1
    if not r.partnership:
        where[n] = h.dummy; barred[n] = 0; place[n] = EU_PLACE_DUMMY; n += 1
    where[n] = h.discard; barred[n] = 0; place[n] = EU_PLACE_DISCARD; n += 1
    if h.picked_up and not known & up:  # taken up: the dealer holds it or discarded it, which
        for p in range(n):                # the seat cannot tell (the dealer's voids may)
            if place[p] != h.dealer and place[p] != EU_PLACE_DISCARD:
                barred[p] |= up
    for p in range(n):
        cap[p] = popcount(where[p] & ~known)
        hidden |= where[p] & ~known
    known_out[0] = known
    hidden_out[0] = hidden
    return n


cdef class EuchreState(GameState):
    """One euchre hand held by the core, for step-by-step play from Python.

    Masks and cards cross this boundary PHYSICAL (cardsim.cards encoding); the
    core's effective suits stay inside.  The named actions (bid1, play, ...) check
    nothing: cardsim.hands.euchre validates them first.  The integer actions of the
    game contract (``legal_actions``, ``apply``) are checked by GameState.apply.
    """
    cdef EUHand h
    cdef EURules r
    cdef int _game_score[EU_MAX_SEATS]   # the game so far its players see (game_score); not in the structs

    def __cinit__(self, rules=None, int seats=0, uint64_t seed=0, int dealer=0, uint64_t stream=0):
        self.set_structs(&self.h, sizeof(EUHand), &self.r, sizeof(EURules), NULL, 0)
        if rules is None:
            return  # an empty state for clone() and unpickling to fill
        self.rules = rules
        self.num_actions = EU_NUM_ACTIONS
        self.r = eu_rules_from(rules, seats)
        eu_new_hand(&self.h, &self.r, seed, stream, dealer)

    # -- the game contract ------------------------------------------------------------
    cdef int seat_to_act(self) noexcept nogil:
        return self.h.to_act if self.h.phase != EPH_DONE else -1

    cdef int legal_into(self, int* out) noexcept nogil:
        cdef EUHand* h = &self.h
        cdef uint64_t m
        cdef int n = 0, s
        if h.phase == EPH_BID1:
            out[0] = EU_A_PASS; out[1] = EU_A_ORDER
            return 2
        if h.phase == EPH_PICKUP:
            out[0] = EU_A_PICK_UP; out[1] = EU_A_LEAVE
            return 2
        if h.phase == EPH_BID2:
            if eu_may_pass2(h, &self.r):
                out[n] = EU_A_PASS; n += 1
            for s in range(4):
                if s != h.upcard >> 4:
                    out[n] = EU_A_NAME + s; n += 1
            return n
        if h.phase == EPH_ALONE or h.phase == EPH_DEFEND:
            out[0] = EU_A_ALONE; out[1] = EU_A_NOT_ALONE
            return 2
        if h.phase == EPH_DISCARD:
            m = h.hand[h.dealer]
        elif h.phase == EPH_MERGE:
            m = h.hand[h.maker]
        elif h.phase == EPH_PLAY:
            m = eu_legal(h)
        else:
            return 0
        if h.trump >= 0:
            m = eu_physical(m, h.trump)
        while m:  # ascending bits are ascending actions
            out[n] = eu_card_action(<int>lsb(m)); n += 1
            m &= m - 1
        return n

    cdef void apply_unchecked(self, int action) noexcept nogil:
        cdef EUHand* h = &self.h
        cdef int card
        if action < EU_CARD_ACTIONS:
            card = eu_action_bit(action)
            if h.trump >= 0:
                card = eu_effective_card(card, h.trump)
            if h.phase == EPH_PLAY:
                h.barred[h.to_act] |= eu_play_barred(h, card, eu_deck_now(h))
                eu_play(h, &self.r, card)
            elif h.phase == EPH_DISCARD:
                eu_discard(h, &self.r, card)
            else:  # merge: one of the five the maker puts away; the fifth ends the merge
                h.hand[h.maker] &= ~bit_bb(card)
                h.discard |= bit_bb(card)
                if popcount(h.hand[h.maker]) == 5:
                    eu_merge(h, &self.r, h.hand[h.maker])
        elif action == EU_A_PASS:
            if h.phase == EPH_BID1:
                eu_bid1(h, &self.r, 0)
            else:
                eu_bid2(h, &self.r, -1)
        elif action == EU_A_ORDER:
            eu_bid1(h, &self.r, 1)
        elif action == EU_A_PICK_UP or action == EU_A_LEAVE:
            eu_pickup(h, &self.r, action == EU_A_PICK_UP)
        elif action < EU_A_ALONE:
            eu_bid2(h, &self.r, action - EU_A_NAME)
        elif h.phase == EPH_ALONE:
            eu_alone(h, &self.r, action == EU_A_ALONE)
        else:
            eu_defend(h, &self.r, action == EU_A_ALONE)

    @property
    def mid_decision(self):
        """True while the maker has put away some but not all five of the ten cards."""
        return self.h.phase == EPH_MERGE and popcount(self.h.hand[self.h.maker]) != 2 * EU_HAND_SIZE

    def action_to_string(self, int action):
        """``'AS'`` for a card action, else the call's name (``pass``, ``order``, ``H``, ``alone`` ...)."""
        if not 0 <= action < EU_NUM_ACTIONS:
            raise ValueError(f"action {action} is out of range: actions are 0..{EU_NUM_ACTIONS - 1}")
        if action < EU_CARD_ACTIONS:
            return "9TJQKA"[action % 6] + "SHDC"[action // 6]
        return EU_ACTION_NAMES[action - EU_CARD_ACTIONS]

    def string_to_action(self, str text):
        """The inverse of action_to_string (case and spacing free); ValueError if it names none."""
        cdef int a
        key = " ".join(text.split()).upper()
        for a in range(EU_NUM_ACTIONS):
            if self.action_to_string(a).upper() == key:
                return a
        raise ValueError(f"{text!r} names no euchre action")

    def set_deal(self, hands, uint64_t dummy, uint64_t kitty, int upcard, int redeals=-1):
        """Replace the deal by given physical masks (validated by the caller); bidding restarts;
        ``redeals`` (when not -1) deals were thrown in before this one."""
        cdef int s
        for s in range(self.r.seats):
            self.h.hand[s] = hands[s]
        self.h.dummy = dummy
        self.h.kitty = kitty
        self.h.upcard = upcard
        if redeals >= 0:
            self.h.redeals = redeals
        eu_start_bidding(&self.h, &self.r)

    cdef uint64_t _phys(self, uint64_t m):
        return m if self.h.trump < 0 else eu_physical(m, self.h.trump)

    cdef int _eff_card(self, int card):
        return card if self.h.trump < 0 else eu_effective_card(card, self.h.trump)

    def _phys_card(self, int card):
        return card if self.h.trump < 0 else <int>lsb(eu_physical(bit_bb(card), self.h.trump))

    # actions
    def bid1(self, bint order): eu_bid1(&self.h, &self.r, order)
    def pickup(self, bint take): eu_pickup(&self.h, &self.r, take)
    def discard(self, int card): eu_discard(&self.h, &self.r, self._eff_card(card))
    def bid2(self, int suit): eu_bid2(&self.h, &self.r, suit)
    def alone(self, bint alone): eu_alone(&self.h, &self.r, alone)
    def merge(self, uint64_t keep): eu_merge(&self.h, &self.r, eu_effective(keep, self.h.trump))
    def defend(self, bint alone): eu_defend(&self.h, &self.r, alone)
    def play(self, int card): eu_play(&self.h, &self.r, self._eff_card(card))
    def may_pass2(self): return eu_may_pass2(&self.h, &self.r)
    def legal_mask(self): return self._phys(eu_legal(&self.h))

    def policy_step(self, policy):
        """Let ``policy`` take the decision due now; the actions it amounts to join the history."""
        if self.mid_decision:
            raise ValueError("the merge is half made: put away the rest with apply()")
        cdef EUHand before = self.h
        cdef int s = self.h.to_act
        cdef int buf[GD_STEP_MAX]
        cdef int pol[EU_MAX_SEATS]
        cdef int i, n, code = policy_code(policy)
        cdef EURules near
        for i in range(EU_MAX_SEATS):
            pol[i] = code
        eu_rules_near_game(&self.r, self._game_score, &near)
        n = eu_step_actions(&self.h, &near, pol, buf, &s)
        if before.phase == EPH_PLAY:  # what the play proves (resample): the seat's barred cards
            self.h.barred[s] |= eu_play_barred(&before, <int>lsb(self.h.played & ~before.played),
                                               eu_deck_now(&before))
        for i in range(n):
            self._history.append(buf[i])

    def resample(self, int seat, uint64_t seed):
        """A copy in which every card ``seat`` cannot see is redealt uniformly among the places
        it may be (docs/actions.md, Resampling); returns the copy and, per place, its hidden cards
        before and after (physical masks).  The caller checks ``seat``."""
        cdef EUHand* h = &self.h
        cdef int p, n, discard_place = 0
        cdef uint64_t known, hidden, up = bit_bb(h.upcard)
        cdef uint64_t* where[CD_MAX_PLACES]
        cdef uint64_t cards[CD_MAX_PLACES]
        cdef uint64_t barred[CD_MAX_PLACES]
        cdef uint64_t dealt[CD_MAX_PLACES]
        cdef int cap[CD_MAX_PLACES]
        cdef int place[CD_MAX_PLACES]
        cdef EuchreState other = self.clone()
        n = eu_hidden_places(h, &self.r, seat, &known, &hidden, cards, barred, cap, place)
        for p in range(n):  # where each place's cards lie in the copy
            if place[p] >= 0:
                where[p] = &other.h.hand[place[p]]
            elif place[p] == EU_PLACE_KITTY:
                where[p] = &other.h.kitty
            elif place[p] == EU_PLACE_DUMMY:
                where[p] = &other.h.dummy
            else:
                where[p] = &other.h.discard
                discard_place = p
        resample_places(hidden, barred, cap, n, seed, dealt)
        for p in range(n):
            where[p][0] = (cards[p] & known) | dealt[p]
        if seat != h.dealer and h.dealer_discard:  # the dealer's own discard, as the new deal has it
            if other.h.discard & up and not known & up:
                other.h.dealer_discard = up
            elif dealt[discard_place]:
                other.h.dealer_discard = bit_bb(<int>lsb(dealt[discard_place]))
        # per place, its hidden cards before and after; the dealer's discard a place of its own, so
        # that the relabelling maps the discard action onto the new deal's (the upcard among them)
        pairs = []
        for p in range(n):
            if p == discard_place:
                pairs.append((self._phys(h.dealer_discard & ~known), self._phys(other.h.dealer_discard & ~known)))
                pairs.append((self._phys(h.discard & ~h.dealer_discard & ~known),
                              self._phys(dealt[p] & ~other.h.dealer_discard)))
            else:
                pairs.append((self._phys(cards[p] & ~known), self._phys(dealt[p])))
        return other, pairs

    @property
    def dealer_discard(self): return self._phys(self.h.dealer_discard)

    @property
    def phase(self): return EUCHRE_PHASES[self.h.phase]
    @property
    def seats(self): return self.r.seats
    @property
    def to_act(self): return self.h.to_act
    @property
    def dealer(self): return self.h.dealer
    @property
    def upcard(self): return self._phys_card(self.h.upcard)
    @property
    def hands(self): return tuple(self._phys(self.h.hand[s]) for s in range(self.r.seats))
    @property
    def dummy(self): return self._phys(self.h.dummy)
    @property
    def kitty(self): return self._phys(self.h.kitty)
    @property
    def discarded(self): return self._phys(self.h.discard)
    @property
    def won(self): return tuple(self._phys(self.h.won[s]) for s in range(self.r.seats))
    @property
    def trick(self):
        return [(self.h.trick_seat[i], self._phys_card(self.h.trick[i])) for i in range(self.h.n_in_trick)]
    @property
    def maker(self): return self.h.maker
    @property
    def trump(self): return self.h.trump
    @property
    def round(self): return self.h.round
    @property
    def picked_up(self): return bool(self.h.picked_up)
    @property
    def maker_alone(self): return bool(self.h.maker_alone)
    @property
    def lone_defender(self): return self.h.lone_defender
    @property
    def active(self): return [s for s in range(self.r.seats) if (self.h.active >> s) & 1]
    @property
    def leader(self): return self.h.leader
    @property
    def tricks_played(self): return self.h.tricks_played
    @property
    def last_winner(self): return self.h.last_winner
    @property
    def tricks(self): return [self.h.tricks[s] for s in range(self.r.seats)]
    @property
    def points(self): return [self.h.points[s] for s in range(self.r.seats)]
    @property
    def team_points(self): return [self.h.team_points[0], self.h.team_points[1]]
    @property
    def euchred(self): return bool(self.h.euchred)
    @property
    def redeals(self): return self.h.redeals

    @property
    def game_score(self):
        """The game so far its players see, per side (teams 0+2 and 1+3, or each seat in
        cutthroat): going alone and defending alone read it near game (as in whole games);
        all 0 (a new game) unless set.  Clones keep it; pickles and ``to_dict`` do not."""
        return [self._game_score[s] for s in range(2 if self.r.partnership else self.r.seats)]

    @game_score.setter
    def game_score(self, scores):
        cdef int s, n = 2 if self.r.partnership else self.r.seats
        values = [int(x) for x in scores]
        if len(values) != n:
            raise ValueError(f"game_score takes {n} scores, got {len(values)}")
        for s in range(EU_MAX_SEATS):
            self._game_score[s] = values[s] if s < n else 0

    def clone(self):
        """An independent copy (GameState.clone), its game_score too."""
        cdef EuchreState other = GameState.clone(self)
        cdef int s
        for s in range(EU_MAX_SEATS):
            other._game_score[s] = self._game_score[s]
        return other


# Whole Euchre and Cutthroat Euchre games: the hooks of the batch driver (cardsim._games, _games.pxd).
#
# Hand k of game g is dealt on stream gd_hand_stream(g, k) for the dealer due (left of the
# last deal's dealer, redeals included).  Euchre scores per team (0 = seats 0+2), Cutthroat
# Euchre per player; the driver's rule ends the game (highest alone once a side reaches
# target_score; a tie plays on).  Counts are per side: the side that made trump, was
# euchred, marched, went alone.

ctypedef struct EUGameHand:
    EUHand h                        # first: the driver's hooks read the hand through the same pointer
    EURules near                    # the rules its players see: eu_rules_near_game of the game so far

ctypedef struct EUGame:
    int32_t score[3]                # each side's score so far (the next hand's EUGameHand.near)
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


cdef void eu_gd_new(void* hand, const void* rules, uint64_t seed, uint64_t stream, int dealer) noexcept nogil:
    cdef EUGameHand* gh = <EUGameHand*>hand
    cdef int zero[3]
    zero[0] = zero[1] = zero[2] = 0
    eu_new_hand(&gh.h, <const EURules*>rules, seed, stream, dealer)
    eu_rules_near_game(<const EURules*>rules, zero, &gh.near)


cdef void eu_gd_deal(void* hand, void* game, const void* rules, uint64_t seed, uint64_t game_stream, int k,
                     int dealer) noexcept nogil:
    """Hand ``k`` on stream gd_hand_stream(game_stream, k) (as new_hand would deal it), its players
    told the game so far (eu_rules_near_game: going alone near game)."""
    cdef EUGameHand* gh = <EUGameHand*>hand
    cdef const EUGame* g = <const EUGame*>game
    cdef int score[3]
    cdef int s
    for s in range(3):
        score[s] = g.score[s]
    eu_new_hand(&gh.h, <const EURules*>rules, seed, gd_hand_stream(game_stream, k), dealer)
    eu_rules_near_game(<const EURules*>rules, score, &gh.near)


cdef void eu_gd_play(void* hand, const void* rules, const int* policies) noexcept nogil:
    cdef EUGameHand* gh = <EUGameHand*>hand
    eu_play_out(&gh.h, &gh.near, policies)


cdef const void* eu_game_hand_rules(const void* hand) noexcept nogil:
    """The rules hand ``hand`` (an EUGameHand) of a game is played under: eu_rules_near_game's copy
    of the game so far, as eu_gd_play hands its players (cardsim.solver._pimc's games too)."""
    return &(<const EUGameHand*>hand).near


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
    for s in range(2 if r.partnership else r.seats):
        g.score[s] += points[s]
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


cdef int eu_history_deal(const void* hand, const void* rules, GDHistory* hist, bint write) noexcept nogil:
    """The deal row (a gd_row_fn; physical masks, bidding not yet over): each seat's cards, the
    upcard, the kitty and (cutthroat) the dummy; extra: dealer, redeals."""
    cdef const EUHand* h = <const EUHand*>hand
    cdef const EURules* r = <const EURules*>rules
    cdef int s
    if write:
        for s in range(r.seats):
            hist.deal[s] = h.hand[s]
        hist.deal[r.seats] = bit_bb(h.upcard)
        hist.deal[r.seats + 1] = h.kitty
        if not r.partnership:
            hist.deal[r.seats + 2] = h.dummy
        hist.extra[0], hist.extra[1] = h.dealer, h.redeals
    return h.redeals


cdef int eu_gd_history(void* hand, const void* rules, const int* policies, GDHistory* hist) noexcept nogil:
    cdef EUGameHand* gh = <EUGameHand*>hand
    return gd_history_loop(&gh.h, &gh.near, policies, hist, EU_HISTORY_CAP, eu_step_actions, eu_history_deal)


def euchre_game_kind(rules, int seats, policies):
    """Euchre (4 seats) or Cutthroat Euchre (3) games under ``rules`` with ``policies``, for cardsim._games."""
    cdef EURules r = eu_rules_from(rules, seats)
    cdef int pol[EU_MAX_SEATS]
    cdef GDGame g
    cdef GameKind kind = GameKind()
    policy_codes(policies, pol, r.seats)
    gd_setup(&g, r.seats, 2 if r.partnership else r.seats, rules["target_score"], GD_MAX_HANDS, sizeof(EUGameHand),
             sizeof(EUGame), sizeof(EUGameRecord))
    g.new_hand, g.play_out, g.end_hand, g.record = eu_gd_new, eu_gd_play, eu_gd_end, eu_gd_record
    g.deal = eu_gd_deal
    g.play_history, g.history_cap = eu_gd_history, EU_HISTORY_CAP
    g.deal_words, g.extra_ints = r.seats + (2 if r.partnership else 3), 2
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


# -- the players' and the odds trial's steps for other modules (euchre.pxd) ----------------------

cdef int eu_ext_heuristic_card(const EUHand* h, const EURules* r) noexcept nogil:
    return eu_heuristic_card(h, r)


cdef void eu_ext_policy_step(EUHand* h, const EURules* r, int policy) noexcept nogil:
    eu_policy_step(h, r, policy)


cdef void eu_ext_play_out(EUHand* h, const EURules* r, const int* policies) noexcept nogil:
    eu_play_out(h, r, policies)


cdef uint64_t eu_ext_drop_worst(uint64_t cards, int trump, int n) noexcept nogil:
    return eu_drop_worst(cards, trump, n)


cdef void eu_ext_odds_deal(EUHand* h, const EURules* r, uint64_t hand, int upcard, int seat, int dealer) noexcept nogil:
    eu_odds_deal(h, r, hand, upcard, seat, dealer)


cdef bint eu_ext_force_call(EUHand* h, const EURules* r, int seat, int action) noexcept nogil:
    return euo_force_call(h, r, seat, action)


cdef void eu_ext_odds_record(const EUHand* h, const EURules* r, int seat, int16_t* out) noexcept nogil:
    euo_record(h, r, seat, out)


cdef void eu_ext_odds_play(const EUHand* dealt, const EURules* r, int seat, const int* policies, int16_t* out) noexcept nogil:
    eu_odds_play(dealt, r, seat, policies, out)
