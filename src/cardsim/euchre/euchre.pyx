# cython: language_level=3
"""Euchre and Cutthroat Euchre in the core (RULES.md section 4): module cardsim.euchre.euchre, the Python face.

The rules struct, the batches' and odds' Python entry points, the record dtypes, the step state
``EuchreState``, the learned table's setters and the whole-game kind.  The hands themselves are
played in cardsim.euchre.play (euchre/play.pyx: the engine, players and odds trial compiled once,
at -O3): this module calls its exported functions (euchre/play.pxd), one call a Python call, and
names no inline engine or player function, so its build compiles none (setup.py prune_headers;
the Python face's glue and the hot code apart, issue 10)."""
from libc.stdint cimport int8_t, int16_t, int64_t, uint64_t
from libc.string cimport memset

import numpy as np

from cardsim._bits cimport bit_bb, lsb, popcount
from cardsim._policy cimport policy_code, policy_codes
from cardsim._contract cimport CARDSIM_BUILD_ID, GameState
from cardsim._contract import check_record_layout

#: The hash of this module's sources, baked in at build time (_contract.pxd): part of its state's pickle fingerprint.
BUILD_ID = (<bytes>CARDSIM_BUILD_ID).decode("ascii")
from cardsim._games cimport GD_MAX_HANDS, GD_STEP_MAX, GDGame, GameKind, gd_setup
from cardsim._constrained_deal cimport CD_MAX_PLACES
from cardsim._deal cimport resample_places
from cardsim.euchre.engine cimport *
from cardsim.euchre.players cimport (EU_FEATURES, EU_LONE_GAME_FAR, EU_LONE_GAME_NEAR, EU_T_CUTTHROAT, EU_T_EUCHRE, EU_T_POS,
                                     EU_TABLES, EUBidTables)
from cardsim.euchre.odds_columns cimport *
from cardsim.euchre.play cimport *

# -- the learned decision table (euchre/players.pxd reads it through EU_TABLES) ---------------
# The one copy lives in cardsim.euchre.play (eu_bid_tables); loaded and read here.

EU_TABLES = <EUBidTables*>eu_bid_tables()  # the store lives in cardsim.euchre.play (euchre/players.pxd)

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
    EU_TABLES.loaded[g] = table is not None
    for k in range(2):
        for p in range(EU_T_POS):
            for i in range(EU_FEATURES):
                EU_TABLES.make[g][k][p][i] = (int(table["make"][k][p][i])
                                                    if table is not None and p < seats else 0)
                EU_TABLES.alone[g][k][p][i] = (int(table["alone"][k][p][i])
                                                     if table is not None and p < seats else 0)
    eu_fold_bid_table(g)
    EU_TABLES.defend[g] = int(table["defend"]) if table is not None else 0


def euchre_lone_game_bonus(game, bonus=None):
    """The bonuses (thousandths of a point) eu_goes_alone adds to the alone gain of ``game``'s
    table where only a lone march wins the game (euchre/players.pxd eu_lone_march_wins): a pair,
    the opponents short of a march from the game, then a march from it; returned before setting
    them to ``bonus`` when given (scripts/euchre_lone_game.py learns them so).  They start at
    EU_LONE_GAME_FAR and EU_LONE_GAME_NEAR."""
    if game not in _EU_GAMES:
        raise ValueError(f"game is one of {sorted(_EU_GAMES)}, got {game!r}")
    cdef int g = _EU_GAMES[game]
    before = (EU_TABLES.lone_game[g][0], EU_TABLES.lone_game[g][1])
    if bonus is not None:
        far, near = bonus
        EU_TABLES.lone_game[g][0], EU_TABLES.lone_game[g][1] = int(far), int(near)
    return before


def euchre_bid_tables():
    """The tables loaded now: {game: table dict or None}."""
    out = {}
    for game, g in _EU_GAMES.items():
        seats = 4 if g == EU_T_EUCHRE else 3
        if not EU_TABLES.loaded[g]:
            out[game] = None
            continue
        make = [[[0] * EU_FEATURES for p in range(seats)] for k in range(2)]
        alone = [[[0] * EU_FEATURES for p in range(seats)] for k in range(2)]
        for k in range(2):
            for p in range(seats):
                for i in range(EU_FEATURES):
                    make[k][p][i] = EU_TABLES.make[g][k][p][i]
                    alone[k][p][i] = EU_TABLES.alone[g][k][p][i]
        out[game] = {"make": make, "alone": alone, "defend": EU_TABLES.defend[g]}
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
    EU_TABLES.lone_game[_g][0], EU_TABLES.lone_game[_g][1] = EU_LONE_GAME_FAR, EU_LONE_GAME_NEAR

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


def _simulate_euchre(int seats, rules, uint64_t seed, int64_t start, records, policies, int threads):
    cdef EURules r = eu_rules_from(rules, seats)
    cdef int pol[4]
    cdef Py_ssize_t n = len(records)
    if records.dtype != _eu_dtype(seats):
        raise ValueError("records must have the euchre record dtype of this game")
    cdef unsigned char[::1] raw = records.view(np.uint8).reshape(-1) if n else np.zeros(1, np.uint8)
    policy_codes(policies, pol, seats)
    with nogil:
        eu_simulate_batch(&r, seed, start, pol, <EURecord*>&raw[0], n, threads)


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
    eu_ext_score(&h, &r)
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
    cdef Py_ssize_t n = out.shape[0]
    if out.shape[1] != EUO_COLUMNS:
        raise ValueError(f"out must have {EUO_COLUMNS} columns")
    policy_codes(policies, pol, seats)
    if n:
        with nogil:
            eu_odds_batch(&r, hand, upcard, seat, dealer, seed, start, pol, &out[0, 0], n, threads)


def euchre_odds_summary(const int16_t[:, ::1] table, int opponents):
    """What the odds rows read off a trial table (``euchre_odds``' columns), in one pass and exactly.

    Returns ``(counts, sums)``: ``counts[a, k]`` the trials of action slot ``a`` with outcome ``k``
    (0..5, 5 = not open), and ``sums[a]`` = (the player's points, the opponents' points, the square
    of the net points times ``opponents``) summed over the trials, as integers: the means are then
    exact quotients and the standard error comes from the exact variance.  One pass over the table
    instead of numpy's transposed copy and float columns (the serial part of a two-thread run)."""
    cdef Py_ssize_t n = table.shape[0]
    cdef int64_t count[EUO_ACTIONS][EUO_NOT_OPEN + 1]
    cdef int64_t total[EUO_ACTIONS][3]
    if table.shape[1] != EUO_COLUMNS:
        raise ValueError(f"table must have {EUO_COLUMNS} columns")
    with nogil:
        eu_odds_summary(&table[0, 0] if n else NULL, n, opponents, &count[0][0], &total[0][0])
    return np.array(count, dtype=np.int64), np.array(total, dtype=np.int64)


def euchre_odds_deals(rules, int seats, uint64_t hand, int upcard, int seat, int dealer, uint64_t seed,
                      int64_t start, uint64_t[:, ::1] out):
    """The deals of trials ``start ..`` (physical masks): hands per seat (4 columns), dummy, kitty."""
    cdef EURules r = eu_rules_from(rules, seats)
    if out.shape[1] != 6:
        raise ValueError("out must have 6 columns")
    if out.shape[0]:
        with nogil:
            eu_odds_deals(&r, hand, upcard, seat, dealer, seed, start, &out[0, 0], out.shape[0])


# -- one hand, step by step ---------------------------------------------------------

EU_ACTION_NAMES = ("pass", "order", "pick up", "leave", "S", "H", "D", "C", "alone", "not alone")  # actions 24.. (play.pxd)


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
        eu_ext_new_hand(&self.h, &self.r, seed, stream, dealer)

    # -- the game contract ------------------------------------------------------------
    cdef int seat_to_act(self) noexcept nogil:
        return self.h.to_act if self.h.phase != EPH_DONE else -1

    cdef int legal_into(self, int* out) noexcept nogil:
        return eu_legal_actions(&self.h, &self.r, out)

    cdef void apply_unchecked(self, int action) noexcept nogil:
        eu_apply_action(&self.h, &self.r, action)

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
        eu_ext_start_bidding(&self.h, &self.r)

    cdef uint64_t _phys(self, uint64_t m):
        return m if self.h.trump < 0 else eu_physical(m, self.h.trump)

    cdef int _eff_card(self, int card):
        return card if self.h.trump < 0 else eu_effective_card(card, self.h.trump)

    def _phys_card(self, int card):
        return card if self.h.trump < 0 else <int>lsb(eu_physical(bit_bb(card), self.h.trump))

    # actions
    def bid1(self, bint order): eu_ext_bid1(&self.h, &self.r, order)
    def pickup(self, bint take): eu_ext_pickup(&self.h, &self.r, take)
    def discard(self, int card): eu_ext_discard(&self.h, &self.r, self._eff_card(card))
    def bid2(self, int suit): eu_ext_bid2(&self.h, &self.r, suit)
    def alone(self, bint alone): eu_ext_alone(&self.h, &self.r, alone)
    def merge(self, uint64_t keep): eu_ext_merge(&self.h, &self.r, eu_effective(keep, self.h.trump))
    def defend(self, bint alone): eu_ext_defend(&self.h, &self.r, alone)
    def play(self, int card): eu_ext_play(&self.h, &self.r, self._eff_card(card))
    def may_pass2(self): return eu_ext_may_pass2(&self.h, &self.r)
    def legal_mask(self): return self._phys(eu_ext_legal(&self.h))

    def policy_step(self, policy):
        """Let ``policy`` take the decision due now; the actions it amounts to join the history."""
        if self.mid_decision:
            raise ValueError("the merge is half made: put away the rest with apply()")
        cdef int buf[GD_STEP_MAX]
        cdef int i, n = eu_policy_actions(&self.h, &self.r, self._game_score, policy_code(policy), buf)
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


# Whole Euchre and Cutthroat Euchre games: the batch driver (cardsim._games) with the hooks of euchre/play.pyx;
# their records (EUGameRecord, euchre/play.pxd) as numpy records.

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


def euchre_game_kind(rules, int seats, policies):
    """Euchre (4 seats) or Cutthroat Euchre (3) games under ``rules`` with ``policies``, for cardsim._games."""
    cdef EURules r = eu_rules_from(rules, seats)
    cdef int pol[EU_MAX_SEATS]
    cdef GDGame g
    cdef GameKind kind = GameKind()
    policy_codes(policies, pol, r.seats)
    gd_setup(&g, r.seats, 2 if r.partnership else r.seats, rules["target_score"], GD_MAX_HANDS, sizeof(EUGameHand),
             sizeof(EUGame), sizeof(EUGameRecord))
    eu_game_hooks(&g)
    g.deal_words, g.extra_ints = r.seats + (2 if r.partnership else 3), 2
    if r.partnership:
        kind.fill("euchre", EUCHRE_GAME_DTYPE, &g, &r, sizeof(r), pol)
    else:
        kind.fill("cutthroat-euchre", CUTTHROAT_EUCHRE_GAME_DTYPE, &g, &r, sizeof(r), pol)
    return kind


# -- each hand's deal, for hand batches on request (Game.simulate(n, deals=True); euchre/play.pyx eu_deal_of) --

def euchre_hand_deals(rules, int seats, uint64_t seed, int64_t start, uint64_t[:, ::1] out, int8_t[::1] dealers,
                      policies, int threads=1):
    """The deals hands ``start ..`` of the hand batch keyed by ``seed`` played: per row each
    seat's cards, the upcard, the kitty and (cutthroat) the dummy, as physical masks, and the dealer."""
    cdef EURules r = eu_rules_from(rules, seats)
    cdef int pol[EU_MAX_SEATS]
    cdef int columns = r.seats + (2 if r.partnership else 3)
    cdef Py_ssize_t n = out.shape[0]
    if out.shape[1] != columns or dealers.shape[0] != n:
        raise ValueError(f"out must have {columns} columns and dealers one entry per row")
    policy_codes(policies, pol, r.seats)
    if n:
        with nogil:
            eu_hand_deals(&r, seed, start, pol, &out[0, 0], &dealers[0], n, threads)
