# cython: language_level=3
"""Spades and Cutthroat Spades in the core (RULES.md section 3): the Python face; see the comment below."""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memset

import numpy as np

from cardsim._bits cimport ALL_LANES_BB, bit_bb, lsb, popcount
from cardsim._policy cimport policy_code, policy_codes
from cardsim._contract cimport CARDSIM_BUILD_ID, GameState
from cardsim._contract import check_record_layout

#: The hash of this module's sources, baked in at build time (_contract.pxd): part of its state's pickle fingerprint.
BUILD_ID = (<bytes>CARDSIM_BUILD_ID).decode("ascii")
from cardsim._constrained_deal cimport CD_MAX_PLACES
from cardsim._deal cimport resample_places
from cardsim.spades.engine cimport *
from cardsim.spades.bid_tables cimport (SPBidTables, SP_TABLES, SP_BID_CUTS, SP_BID_SHAPES, SP_GAME_OFF, SP_GAME_RULES,
                                        SP_GAME_SHAPES, SP_GAME_SHIPPED, SP_NB, SP_NEVER, SP_NF, SP_NIL_DEFAULT,
                                        SP_NIL_EXPOSURES, SP_NIL_PARAMS, SP_NIL_ROWS, SP_NO_TABLE, SP_NS,
                                        SP_SPECIAL_RULES, SP_W_SCALE)
from cardsim.spades.play cimport *
from cardsim.spades.play cimport SPRecord  # (the star leaves out the struct)

# The Python face of the spades engine: the rules struct, the batch's records, the step-by-step
# state, the bid tables' setters.  The engine and the players are compiled once, in
# cardsim.spades.play (spades/play.pxd): everything here calls them through its exported
# functions, one call a Python call, so this module's C is Cython's glue and no hot code.
SP_TABLES = <SPBidTables*>sp_bid_tables()  # the bid tables live in cardsim.spades.play (spades/bid_tables.pxd)


SP_BID_KIND_NAMES = ("regular", "nil", "blind_nil", "blind6", "one_for_50", "two_for_40", "moon")
_PRIZE_FLAGS = {"JD": SP_PRIZE_JD, "JC": SP_PRIZE_JC, "JH": SP_PRIZE_JH}
_BAG_PENALTIES = ("held", "limit", "carry")  # SP_BAGS_* order
_FAILED_NIL = ("ignored", "bags", "contract")  # SP_NIL_* order


cdef SPRules sp_rules_from(rules) except *:
    """Fill the core's rules struct once from a validated spades or cutthroat-spades Rules mapping."""
    cdef SPRules r
    cdef uint64_t deck
    cdef int j
    memset(&r, 0, sizeof(r))
    partnership = "players" not in rules
    r.partnership = partnership
    r.seats = 4 if partnership else rules["players"]
    r.jokers = 0 if partnership else rules["jokers"]
    deck = (<uint64_t>0x1FFF) * ALL_LANES_BB
    if r.seats == 3:
        deck &= ~bit_bb(SP_BIT_2C)
    elif r.seats == 5 and r.jokers == 0:
        deck &= ~(bit_bb(SP_BIT_2C) | bit_bb(SP_BIT_2D))
    for j in range(r.jokers):
        deck |= bit_bb(15 - j)
    r.deck = deck
    r.n_cards = 0
    while deck:
        r.cards[r.n_cards] = lsb(deck)
        deck &= deck - 1
        r.n_cards += 1
    r.dealer_sits_out = r.seats == 5 and r.jokers == 2
    r.two_c_leads = r.seats == 5 and r.jokers > 0
    r.hand_size = (r.n_cards + r.dealer_sits_out) // r.seats
    r.allow_nil = bool(rules["allow_nil"])
    r.allow_blind_nil = bool(rules["allow_blind_nil"])
    r.blind6_limit = rules["blind6_limit"]
    r.blind6_behind = rules["blind6_behind"]
    r.allow_one_for_50 = bool(rules["allow_one_for_50"])
    r.allow_two_for_40 = bool(rules["allow_two_for_40"])
    r.allow_moon = bool(rules["allow_moon"])
    r.moon_tricks = rules["moon_tricks"]
    r.per_bag = rules["bag_mode"] == "per_bag"
    r.bag_limit = rules["bag_limit"]
    r.bag_penalty = _BAG_PENALTIES.index(rules["bag_penalty"])
    r.failed_nil = _FAILED_NIL.index(rules["failed_nil_tricks"]) if partnership else SP_NIL_IGNORED
    r.prize_mask = 0
    for code in rules["prize_jacks"]:
        r.prize_mask |= _PRIZE_FLAGS[code]
    r.prize_points = rules["prize_jack_points"]
    r.prize_each = rules["multiple_prize_jacks"] == "each"
    r.break_spades = bool(rules["break_spades"])
    r.target_score = rules["target_score"]
    r.wins_needed = rules["wins_needed"]
    return r




# -- the learned bid tables (spades/bid_tables.pxd; spades/players.pxd reads them through SP_TABLES) --
# The one copy of the tables is cardsim.spades.play's (sp_bid_tables); this module loads them.

_LEGACY_NIL_ROWS = 4   # nil's rows before stop 37: 2 or fewer spades, 3, 4, 5 or more

def _nil_rows(x, width, what):
    """``x`` as SP_NIL_ROWS rows of ``width`` ints: None all 0; one row of ``width``: every row;
    _LEGACY_NIL_ROWS rows (a table written before the row of 1 or fewer spades was split from 2's,
    sp_nil_row): its first row for both, so an older table (the bid table script's --start and
    --pool tables) bids as it did."""
    if x is None:
        return [[0] * width for _ in range(SP_NIL_ROWS)]
    x = list(x)
    if not any(isinstance(v, (list, tuple)) for v in x):
        x = [x] * SP_NIL_ROWS
    elif len(x) == _LEGACY_NIL_ROWS:
        x = [x[0]] + x
    if (len(x) != SP_NIL_ROWS
            or any(not isinstance(row, (list, tuple)) or len(row) != width for row in x)):
        raise ValueError(f"{what} are {width} numbers or {SP_NIL_ROWS} rows of {width}, got {x!r}")
    return [[int(v) for v in row] for row in x]

def _special_rows(x, width, what):
    """``x`` as SP_SPECIAL_RULES rows of ``width`` ints (None: all 0)."""
    if x is None:
        return [[0] * width for _ in range(SP_SPECIAL_RULES)]
    x = list(x)
    if len(x) != SP_SPECIAL_RULES or any(not isinstance(row, (list, tuple)) or len(row) != width for row in x):
        raise ValueError(f"{what} are {SP_SPECIAL_RULES} rows of {width} numbers, got {x!r}")
    return [[int(v) for v in row] for row in x]

def _nil_rows_out(rows):
    """The loader's form back: one row where every row is the same (None where all are 0)."""
    if all(v == 0 for row in rows for v in row):
        return None
    return rows[0] if all(row == rows[0] for row in rows) else rows

def set_spades_bid_table(shape, cuts, nil=None, weights=None, nil_weights=None, moon=None, blind_nil=None,
                         blind6=None, nil_suit=None, count_suit=None, special_weights=None, special_suit=None,
                         nil_exposure=None, count_spade=None):
    """Load the bid table of ``shape`` (0: four seats in partnership, 1: three seats), see
    spades/players.pxd: ``cuts`` the counts (hundredths) at which bids 2, 3, ... start; ``nil``
    the hand-set nil limits (count below, most spades, top spade position, most side aces, most
    side kings; None: 120, 3, 6, 0, 0), used where ``nil_weights`` and ``nil_suit`` give no nil
    rule (all 0); ``nil_weights`` nil's log-odds' weights over spades_features (SP_NF; or
    SP_NIL_ROWS rows of them, one per spade length: 1 or fewer, 2, 3, 4, 5 or more, or the
    four rows of older tables, 2 or fewer first; None: all 0)
    and ``nil_suit`` over spades_nil_suit_terms (SP_NB, or rows likewise; None: all 0) and
    ``nil_exposure`` over spades_nil_exposure (SP_NIL_EXPOSURES, or rows likewise; None: all 0): nil
    where their sum is positive; ``weights`` the count's (SP_NF
    thousandths over spades_features; None: sp_estimate's count itself) and ``count_suit`` over
    spades_nil_suit_terms (SP_NB thousandths; None: all 0) and ``count_spade`` by the spades' holding
    (SP_NS thousandths, spades/players.pxd sp_spade_holding; None: all 0); ``moon``: bid moon
    from a count of 100 x moon_tricks plus this (None: 0); ``blind_nil`` / ``blind6`` how far behind
    the leader a seat bids blind nil / blind 6 (None: never); ``special_weights`` (SP_SPECIAL_RULES
    rows of SP_NF) and ``special_suit`` (rows of SP_NB) the special bids' rules' log-odds' weights
    (x 100000; None: all 0, no rule): row 0 two-for-40 instead of a table bid of 3-4, row 1
    one-for-50 instead of 2-3, where the rules allow both (spades/players.pxd sp_special_bid).
    ``cuts`` None: no table (the rounded count and the hand-set rules)."""
    cdef int n, row
    if shape not in (0, 1):
        raise ValueError(f"shape is 0 or 1, got {shape!r}")
    nil = [SP_NIL_DEFAULT[n] for n in range(SP_NIL_PARAMS)] if nil is None else [int(x) for x in nil]
    if len(nil) != SP_NIL_PARAMS:
        raise ValueError(f"nil limits are {SP_NIL_PARAMS} numbers, got {nil!r}")
    weights = [0] * (SP_NF - 1) + [SP_W_SCALE] if weights is None else [int(x) for x in weights]
    count_suit = [0] * SP_NB if count_suit is None else [int(x) for x in count_suit]
    count_spade = [0] * SP_NS if count_spade is None else [int(x) for x in count_spade]
    if len(weights) != SP_NF or len(count_suit) != SP_NB or len(count_spade) != SP_NS:
        raise ValueError(f"weights are {SP_NF} numbers, count_suit {SP_NB} and count_spade {SP_NS}, "
                         f"got {weights!r}, {count_suit!r} and {count_spade!r}")
    nil_rows = _nil_rows(nil_weights, SP_NF, "nil weights")
    suit_rows = _nil_rows(nil_suit, SP_NB, "nil suit weights")
    exposure_rows = _nil_rows(nil_exposure, SP_NIL_EXPOSURES, "nil exposure weights")
    special_rows = _special_rows(special_weights, SP_NF, "special weights")
    special_suit_rows = _special_rows(special_suit, SP_NB, "special suit weights")
    if any(abs(w) > 10_000_000 for w in weights + count_suit + count_spade
           + [v for line in nil_rows + suit_rows + exposure_rows + special_rows + special_suit_rows for v in line]):
        raise ValueError("weights are at most 10,000,000 in size")
    margins = [0 if moon is None else int(moon)] + [SP_NEVER if x is None else int(x) for x in (blind_nil, blind6)]
    if not -10_000 <= margins[0] <= 10_000 or any(not 0 <= x <= SP_NEVER for x in margins[1:]):
        raise ValueError(f"the moon offset is -10,000 .. 10,000 and blind margins 0 .. {SP_NEVER}, got {margins!r}")
    if cuts is not None:
        cuts = [int(c) for c in cuts]
        if len(cuts) > SP_BID_CUTS - 2 or cuts != sorted(cuts):
            raise ValueError("cuts are at most 18 non-decreasing counts")
    for n in range(SP_NIL_PARAMS):   # checked: now load
        SP_TABLES.nil[shape][n] = nil[n]
    for n in range(SP_NF):
        SP_TABLES.weight[shape][n] = weights[n]
    for n in range(SP_NB):
        SP_TABLES.count_suit[shape][n] = count_suit[n]
    for n in range(SP_NS):
        SP_TABLES.count_spade[shape][n] = count_spade[n]
    for row in range(SP_NIL_ROWS):
        for n in range(SP_NF):
            SP_TABLES.nil_weight[shape][row][n] = nil_rows[row][n]
        for n in range(SP_NB):
            SP_TABLES.nil_suit[shape][row][n] = suit_rows[row][n]
        for n in range(SP_NIL_EXPOSURES):
            SP_TABLES.nil_exposure[shape][row][n] = exposure_rows[row][n]
    for row in range(SP_SPECIAL_RULES):
        for n in range(SP_NF):
            SP_TABLES.special_weight[shape][row][n] = special_rows[row][n]
        for n in range(SP_NB):
            SP_TABLES.special_suit[shape][row][n] = special_suit_rows[row][n]
    SP_TABLES.moon[shape] = margins[0]
    SP_TABLES.blind_nil[shape] = margins[1]
    SP_TABLES.blind6[shape] = margins[2]
    sp_fill_bid_tables(shape)
    SP_TABLES.cut[shape][SP_BID_CUTS] = 1 << 30   # sp_count_bid's sentinel (a count is an int sum / SP_W_SCALE)
    if cuts is None:
        for n in range(SP_BID_CUTS):
            SP_TABLES.cut[shape][n] = SP_NO_TABLE
        return
    SP_TABLES.cut[shape][0] = -(1 << 30)
    SP_TABLES.cut[shape][1] = -(1 << 30)
    for n in range(2, SP_BID_CUTS):
        SP_TABLES.cut[shape][n] = cuts[n - 2] if n - 2 < len(cuts) else (1 << 30)

def spades_bid_tables():
    """The bid tables loaded now: {shape: cuts or None} (see set_spades_bid_table)."""
    out = {}
    for shape in range(SP_BID_SHAPES):
        if SP_TABLES.cut[shape][1] == SP_NO_TABLE:
            out[shape] = None
        else:
            out[shape] = [SP_TABLES.cut[shape][n] for n in range(2, SP_BID_CUTS) if SP_TABLES.cut[shape][n] < (1 << 30)]
    return out

def spades_bid_params():
    """The rest of the loaded tables: {shape: {weights, count_suit, count_spade (None where all 0), nil_weights, nil_suit (one row where
    the rows are the same; nil_suit and nil_exposure None where all 0), moon (the offset), blind_nil, blind6
    (None: never), special_weights, special_suit (None where all 0)} or None where no table is loaded}."""
    def margin(x):
        return None if x == SP_NEVER else x
    out = {}
    for shape in range(SP_BID_SHAPES):
        if SP_TABLES.cut[shape][1] == SP_NO_TABLE:
            out[shape] = None
            continue
        nil_rows = [[SP_TABLES.nil_weight[shape][row][n] for n in range(SP_NF)] for row in range(SP_NIL_ROWS)]
        count_suit = [SP_TABLES.count_suit[shape][n] for n in range(SP_NB)]
        count_spade = [SP_TABLES.count_spade[shape][n] for n in range(SP_NS)]
        out[shape] = {"weights": [SP_TABLES.weight[shape][n] for n in range(SP_NF)],
                      "count_suit": count_suit if any(count_suit) else None,
                      "count_spade": count_spade if any(count_spade) else None,
                      "nil_weights": _nil_rows_out(nil_rows) or [0] * SP_NF,
                      "nil_suit": _nil_rows_out([[SP_TABLES.nil_suit[shape][row][n] for n in range(SP_NB)]
                                                 for row in range(SP_NIL_ROWS)]),
                      "nil_exposure": _nil_rows_out([[SP_TABLES.nil_exposure[shape][row][n] for n in range(SP_NIL_EXPOSURES)]
                                                     for row in range(SP_NIL_ROWS)]),
                      "moon": SP_TABLES.moon[shape], "blind_nil": margin(SP_TABLES.blind_nil[shape]),
                      "blind6": margin(SP_TABLES.blind6[shape])}
        special = [[SP_TABLES.special_weight[shape][row][n] for n in range(SP_NF)] for row in range(SP_SPECIAL_RULES)]
        special_suit = [[SP_TABLES.special_suit[shape][row][n] for n in range(SP_NB)] for row in range(SP_SPECIAL_RULES)]
        out[shape]["special_weights"] = special if any(any(row) for row in special) else None
        out[shape]["special_suit"] = special_suit if any(any(row) for row in special_suit) else None
    return out

SPADES_GAME_RULES = ("blind_nil", "blind6", "nil_behind", "nil_ahead")   # SP_GAME_BLIND_NIL ..
SPADES_GAME_NEVER = SP_NEVER      # a rule's gap that never holds (spades_game_rule)

def spades_game_rule(shape, kind, rule=None):
    """sp_game_bid's rule ``kind`` (SPADES_GAME_RULES) of ``shape`` (0: four seats in partnership,
    1: three seats, 2: the hand-set rules of the other shapes) as (gap, reach, bar), returned
    before setting it to ``rule`` when given ((gap, reach) sets the bar to 0; SP_NEVER as the gap:
    never; blind nil's third value 1: the team's second bidder only, partnership).  scripts/spades_blind_game.py learns them so; they start at the shipped values
    (SP_GAME_SHIPPED)."""
    cdef int g, k, most
    if shape not in range(SP_GAME_SHAPES):
        raise ValueError(f"shape is 0, 1 or 2, got {shape!r}")
    if kind not in SPADES_GAME_RULES:
        raise ValueError(f"kind is one of {', '.join(SPADES_GAME_RULES)}, got {kind!r}")
    k = SPADES_GAME_RULES.index(kind)
    before = tuple(SP_TABLES.game[shape][k][n] for n in range(3))
    if rule is not None:
        values = [int(x) for x in rule] + [0] * (3 - len(rule))
        if len(values) != 3 or not 0 <= values[0] <= SP_NEVER or not 0 <= values[1] <= 100_000:
            raise ValueError(f"a rule is (gap 0 .. {SP_NEVER}, reach 0 .. 100,000[, bar]), got {rule!r}")
        for n in range(3):
            SP_TABLES.game[shape][k][n] = values[n]
        most = SP_GAME_OFF
        for k in range(SP_GAME_RULES):
            if SP_TABLES.game[shape][k][0] < SP_NEVER and SP_TABLES.game[shape][k][1] > most:
                most = SP_TABLES.game[shape][k][1]
        SP_TABLES.game_reach[shape] = most
    return before

def spades_game_blind_nil(shape, rule=None):
    """spades_game_rule's blind nil of ``shape`` as (gap, reach)."""
    return spades_game_rule(shape, "blind_nil", rule)[:2]

def spades_nil_limits():
    """The nil limits in force per shape: {shape: [count, spades, top, aces, kings]}."""
    return {shape: ([SP_TABLES.nil[shape][n] for n in range(SP_NIL_PARAMS)]
                    if SP_TABLES.cut[shape][1] != SP_NO_TABLE else [SP_NIL_DEFAULT[n] for n in range(SP_NIL_PARAMS)])
            for shape in range(SP_BID_SHAPES)}

def _load_spades_bid_tables():
    from cardsim._data import load_json
    for shape in range(SP_BID_SHAPES):
        set_spades_bid_table(shape, None)
    data = load_json("spades_bids.json")
    if data is not None:
        for key, shape in (("spades", 0), ("cutthroat-spades", 1)):
            if key in data:
                t = data[key]
                set_spades_bid_table(shape, t["cuts"], t.get("nil"), t.get("weights"), t.get("nil_weights"),
                                     t.get("moon"), t.get("blind_nil"), t.get("blind6"), t.get("nil_suit"),
                                     t.get("count_suit"), t.get("special_weights"), t.get("special_suit"),
                                     t.get("nil_exposure"), t.get("count_spade"))

_load_spades_bid_tables()
def _set_shipped_game_rules():
    """sp_game_bid's shipped rules (SP_GAME_SHIPPED, the figures in sp_game_bid's docstring)."""
    for shape in range(SP_GAME_SHAPES):
        for k, kind in enumerate(SPADES_GAME_RULES):
            spades_game_rule(shape, kind, [SP_GAME_SHIPPED[shape][k][n] for n in range(3)])

_set_shipped_game_rules()

def spades_estimate(rules, hand):
    """The heuristic's hand-set count of likely tricks of ``hand`` (a card mask), in hundredths."""
    cdef SPRules r = sp_rules_from(rules)
    return sp_ext_estimate(<uint64_t>hand, &r)

def spades_features(rules, hand):
    """The SP_NF features of ``hand`` (a card mask) the learned bid tables weigh (spades/players.pxd sp_features)."""
    cdef SPRules r = sp_rules_from(rules)
    cdef int f[SP_NF]
    sp_ext_features(<uint64_t>hand, &r, f)
    return [f[n] for n in range(SP_NF)]

def spades_nil_suit_terms(hand):
    """The SP_NB nil terms of ``hand``'s (a card mask) side suits, summed over them
    (spades/players.pxd sp_suit_nil_terms): what the nil_suit weights weigh."""
    cdef int g[SP_NB]
    cdef int k, suit
    out = [0] * SP_NB
    for suit in range(1, 4):
        sp_ext_suit_nil_terms((<uint64_t>hand >> (16 * suit)) & 0x1FFF, g)
        for k in range(SP_NB):
            out[k] += g[k]
    return out

def spades_count(rules, hand):
    """The count the heuristic bids from (hundredths): the learned one where a table is loaded."""
    cdef SPRules r = sp_rules_from(rules)
    cdef int f[SP_NF]
    return sp_ext_learned_count(<uint64_t>hand, &r, f)


def spades_table(rules):
    """(seats, hand size, deck mask, dealer sits out trick 1, 2C leads) of a spades rules mapping."""
    cdef SPRules r = sp_rules_from(rules)
    return r.seats, r.hand_size, r.deck, bool(r.dealer_sits_out), bool(r.two_c_leads)



# -- batch simulation ----------------------------------------------------------------

SP_RECORD_DTYPE = np.dtype([
    ("score", "i2", (5,)), ("bag_penalty", "i2", (5,)), ("bags_after", "i2", (5,)),
    ("bid", "i1", (5,)), ("kind", "i1", (5,)), ("tricks", "i1", (5,)), ("bags", "i1", (5,)),
    ("prize", "i1", (5,)), ("made", "?", (5,)), ("dealer", "i1"), ("leader", "i1"),
], align=True)


def spades_record_dtype(int seats, base=None):
    """A view of ``base`` (default SP_RECORD_DTYPE) with per-seat fields cut to ``seats`` (same item size)."""
    base = SP_RECORD_DTYPE if base is None else base
    names, formats, offsets = [], [], []
    for name in base.names:
        dt, off = base.fields[name][:2]
        names.append(name)
        offsets.append(off)
        formats.append((dt.base, (seats,)) if dt.shape else dt)
    return np.dtype({"names": names, "formats": formats, "offsets": offsets, "itemsize": base.itemsize})


def _check_spades_record_layout():
    cdef SPRecord rec
    cdef char* base = <char*>&rec
    offsets = {
        "score": <char*>&rec.score[0] - base, "bag_penalty": <char*>&rec.bag_penalty[0] - base,
        "bags_after": <char*>&rec.bags_after[0] - base, "bid": <char*>&rec.bid[0] - base,
        "kind": <char*>&rec.kind[0] - base, "tricks": <char*>&rec.tricks[0] - base,
        "bags": <char*>&rec.bags[0] - base, "prize": <char*>&rec.prize[0] - base,
        "made": <char*>&rec.made[0] - base, "dealer": <char*>&rec.dealer - base,
        "leader": <char*>&rec.leader - base,
    }
    check_record_layout(SP_RECORD_DTYPE, sizeof(SPRecord), offsets, "spades record")

_check_spades_record_layout()

def simulate_spades(rules, uint64_t seed, int64_t start, records, policies, int threads=1):
    """Play hands ``start .. start+len(records)-1`` of the batch keyed by ``seed``.

    ``records`` (SP_RECORD_DTYPE) is filled in place; hand i depends only on (seed, i).
    """
    cdef SPRules r = sp_rules_from(rules)
    cdef int pol[SP_MAX_SEATS]
    cdef Py_ssize_t n = len(records)
    if records.dtype != SP_RECORD_DTYPE:
        raise ValueError("records must have dtype SP_RECORD_DTYPE")
    cdef unsigned char[::1] raw = records.view(np.uint8).reshape(-1)
    cdef SPRecord* out = <SPRecord*>&raw[0] if n else NULL
    if len(policies) != r.seats:
        raise ValueError(f"give {r.seats} policies")
    policy_codes(policies, pol, r.seats)
    with nogil:
        sp_simulate_batch(&r, seed, start, pol, out, n, threads)


# -- one hand, step by step ---------------------------------------------------------

SPADES_SPECIAL_BIDS = ("nil", "blind_nil", "blind6", "one_for_50", "two_for_40", "moon")


cdef class SpadesState(GameState):
    """One spades hand held by the core, for step-by-step play from Python.

    The named actions check nothing: cardsim.hands.spades validates them first; the
    integer actions of the game contract are checked by GameState.apply.
    ``scores``, ``bags`` and ``blind6_used`` give the game context before the hand
    (per seat; team figures on both partners in partnership play); default zero.
    """
    cdef SPHand h
    cdef SPRules r

    def __cinit__(self, rules=None, uint64_t seed=0, int dealer=0, uint64_t stream=0,
                  scores=None, bags=None, blind6_used=None):
        cdef int s
        self.set_structs(&self.h, sizeof(SPHand), &self.r, sizeof(SPRules), NULL, 0)
        if rules is None:
            return  # an empty state for clone() and unpickling to fill
        self.rules = rules
        self.num_actions = SP_NUM_ACTIONS
        self.r = sp_rules_from(rules)
        sp_gd_new(&self.h, &self.r, seed, stream, dealer)
        for s in range(self.r.seats):
            self.h.game_score[s] = scores[s] if scores is not None else 0
            self.h.game_bags[s] = bags[s] if bags is not None else 0
            self.h.blind6_used[s] = blind6_used[s] if blind6_used is not None else 0
        sp_ext_set_game_top(&self.h, &self.r)

    # -- the game contract ------------------------------------------------------------
    cdef int seat_to_act(self) noexcept nogil:
        return self.h.to_act if self.h.phase != SP_PH_DONE else -1

    cdef int legal_into(self, int* out) noexcept nogil:
        return sp_legal_actions(&self.h, &self.r, out)

    cdef void apply_unchecked(self, int action) noexcept nogil:
        sp_apply_action(&self.h, &self.r, action)

    def action_to_string(self, int action):
        """``'AS'``, ``'J1'`` for a card; ``'4'`` for a regular bid; ``'nil'``, ``'blind6'`` ... for the others."""
        if not 0 <= action < SP_NUM_ACTIONS:
            raise ValueError(f"action {action} is out of range: actions are 0..{SP_NUM_ACTIONS - 1}")
        if action < 52:
            return "23456789TJQKA"[action % 13] + "SHDC"[action // 13]
        if action < SP_CARD_ACTIONS:
            return ("J3", "J2", "J1")[action - 52]
        if action <= SP_A_SPECIAL:
            return str(action - SP_A_BID)
        return SPADES_SPECIAL_BIDS[action - SP_A_SPECIAL - 1]

    def policy_step(self, policy):
        """Let ``policy`` take the decision due now; the action it amounts to joins the history."""
        self._history.append(sp_policy_action(&self.h, &self.r, policy_code(policy)))

    def resample(self, int seat, uint64_t seed):
        """A copy in which the other seats' cards are redealt uniformly among them, consistent
        with the voids their plays proved; returns the copy and, per other seat, its cards
        before and after.  The caller checks ``seat``."""
        cdef int s, n = 0
        cdef uint64_t hidden = 0
        cdef uint64_t barred[CD_MAX_PLACES]
        cdef uint64_t dealt[CD_MAX_PLACES]
        cdef int cap[CD_MAX_PLACES]
        cdef int seat_of[CD_MAX_PLACES]
        cdef SpadesState other = self.clone()
        for s in range(self.r.seats):
            if s != seat:
                seat_of[n] = s
                barred[n] = self.h.barred[s]
                cap[n] = popcount(self.h.hand[s])
                hidden |= self.h.hand[s]
                n += 1
        resample_places(hidden, barred, cap, n, seed, dealt)
        pairs = []
        for s in range(n):
            pairs.append((self.h.hand[seat_of[s]], dealt[s]))
            other.h.hand[seat_of[s]] = dealt[s]
        return other, pairs

    def set_hands(self, hands):
        """Replace the dealt cards (tests and hand-made cases); the caller keeps them a valid deal."""
        for s in range(self.r.seats):
            self.h.hand[s] = hands[s]

    def next_hand(self, int dealer):
        """Fold the finished hand into the game so far and deal the next, same stream."""
        sp_ext_carry(&self.h, &self.r)
        sp_ext_next_hand(&self.h, &self.r, dealer)

    def game_winner(self):
        """Once the hand is done: the seat (team in partnership) that has won the game with it, or -1."""
        cdef SPHand after = self.h
        sp_ext_carry(&after, &self.r)
        return sp_ext_game_winner(&after, &self.r)

    def legal_bids(self):
        cdef int bids[SP_MAX_BIDS]
        cdef int n = sp_ext_legal_bids(&self.h, &self.r, bids)
        return [bids[i] for i in range(n)]
    def bid_legal(self, int code): return sp_ext_bid_legal(&self.h, &self.r, code)
    def bid(self, int code): sp_ext_bid(&self.h, &self.r, code)
    def legal_mask(self): return sp_ext_legal(&self.h, &self.r)
    def play(self, int card): sp_ext_play(&self.h, &self.r, card)

    @property
    def seats(self): return self.r.seats
    @property
    def hand_size(self): return self.r.hand_size
    @property
    def phase(self): return ("bidding", "play", "done")[self.h.phase]
    @property
    def to_act(self): return self.h.to_act
    @property
    def dealer(self): return self.h.dealer
    @property
    def hands(self): return tuple(self.h.hand[s] for s in range(self.r.seats))
    @property
    def won(self): return tuple(self.h.won[s] for s in range(self.r.seats))
    @property
    def bids(self): return [self.h.bid[s] for s in range(self.r.seats)]
    @property
    def kinds(self): return [self.h.kind[s] for s in range(self.r.seats)]
    @property
    def broken(self): return bool(self.h.broken)
    @property
    def trick(self): return [(self.h.trick_seat[i], self.h.trick[i]) for i in range(self.h.n_in_trick)]
    @property
    def leader(self): return self.h.leader
    @property
    def first_leader(self): return self.h.first_leader
    @property
    def tricks_played(self): return self.h.tricks_played
    @property
    def last_winner(self): return self.h.last_winner
    @property
    def tricks(self): return [self.h.tricks[s] for s in range(self.r.seats)]
    @property
    def game_scores(self): return [self.h.game_score[s] for s in range(self.r.seats)]
    @property
    def game_bags(self): return [self.h.game_bags[s] for s in range(self.r.seats)]
    @property
    def blind6_used(self): return [self.h.blind6_used[s] for s in range(self.r.seats)]
    @property
    def score(self): return [self.h.score[s] for s in range(self.r.seats)]
    @property
    def bags(self): return [self.h.bags[s] for s in range(self.r.seats)]
    @property
    def bags_after(self): return [self.h.bags_after[s] for s in range(self.r.seats)]
    @property
    def bag_penalty(self): return [self.h.bag_penalty[s] for s in range(self.r.seats)]
    @property
    def prize(self): return [self.h.prize[s] for s in range(self.r.seats)]
    @property
    def made(self): return [bool(self.h.made[s]) for s in range(self.r.seats)]


def spades_score(rules, codes, tricks, won, bags_before):
    """Score a finished hand from bid codes, tricks, cards won (masks) and bags carried.

    The core's own scoring (sp_finish), open to tests for hand-made cases.
    """
    cdef SPRules r = sp_rules_from(rules)
    cdef SPHand h
    cdef int s
    memset(&h, 0, sizeof(h))
    for s in range(r.seats):
        h.kind[s] = codes[s] >> 5
        h.bid[s] = codes[s] & 31
        h.tricks[s] = tricks[s]
        h.won[s] = won[s]
        h.game_bags[s] = bags_before[s]
    sp_ext_finish(&h, &r)
    return {
        "scores": [h.score[s] for s in range(r.seats)],
        "bags": [h.bags[s] for s in range(r.seats)],
        "bags_after": [h.bags_after[s] for s in range(r.seats)],
        "bag_penalty": [h.bag_penalty[s] for s in range(r.seats)],
        "prize": [h.prize[s] for s in range(r.seats)],
        "made": [bool(h.made[s]) for s in range(r.seats)],
    }

