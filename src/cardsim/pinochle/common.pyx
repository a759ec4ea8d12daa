# cython: language_level=3
"""What the three pinochle games share from Python: meld names and values, card points,
the auction's action names, and the meld entries (pinochle_meld_breakdown, _many)."""
from libc.stdint cimport int8_t, int32_t, uint64_t
from cython.parallel cimport prange

from cardsim.pinochle.cards cimport *
from cardsim.pinochle.cutthroat_engine cimport ALL_PASS_DEALER_FORCED, ALL_PASS_FIRST_FORCED, ALL_PASS_REDEAL
from cardsim.pinochle.bid_tables cimport *

MELD_NAMES = (
    "run", "double_run", "trump_marriage", "marriage", "dix",
    "aces", "double_aces", "kings", "double_kings", "queens", "double_queens",
    "jacks", "double_jacks", "pinochle", "double_pinochle",
)
PINOCHLE_RANKS = "9JQKTA"
_ALL_PASS = {"redeal": ALL_PASS_REDEAL, "first_forced": ALL_PASS_FIRST_FORCED, "dealer_forced": ALL_PASS_DEALER_FORCED}


def parse_card_points(text):
    """``"A=1,T=1,K=1"`` -> points per pinochle rank, 9 J Q K T A order (unnamed ranks 0)."""
    points = [0] * N_RANKS
    for part in str(text).replace(" ", "").split(","):
        if part:
            rank, value = part.split("=")
            points[PINOCHLE_RANKS.index(rank.upper().replace("10", "T"))] = int(value)
    return points


cdef int pinochle_meld_values(rules, int* out) except -1:
    cdef int i
    for i in range(N_MELDS):
        out[i] = int(rules["meld_" + MELD_NAMES[i]])
    return 0



# -- meld ------------------------------------------------------------------------

def pinochle_meld_breakdown(uint64_t cards, int trump, rules):
    """Counts of each meld (MELD_NAMES order) and the total, for any pinochle game's rules."""
    cdef int counts[N_MELDS]
    cdef int values[N_MELDS]
    pinochle_meld_values(rules, values)
    meld_counts(cards, trump, counts)
    return [counts[i] for i in range(N_MELDS)], meld_points(cards, trump, values)


def pinochle_meld_many(const uint64_t[::1] hands, const int8_t[::1] trumps, rules, int32_t[::1] out, int threads=1):
    """Meld totals of many (hand, trump) pairs into ``out``; runs without the GIL."""
    cdef int values[N_MELDS]
    cdef Py_ssize_t i, n = hands.shape[0]
    if trumps.shape[0] != n or out.shape[0] != n:
        raise ValueError("hands, trumps and out must have the same length")
    pinochle_meld_values(rules, values)
    for i in prange(n, nogil=True, schedule="static", num_threads=max(1, threads)):
        out[i] = meld_points(hands[i], trumps[i], values)


def pinochle_card_name(int action):
    """``'AS'`` for a pinochle card action 0..23."""
    return "9JQKTA"[action % 6] + "SHDC"[action // 6]


def pinochle_auction_action_name(int action, int min_bid):
    """A pinochle auction action's name (``'pass'`` or the amount), None for other actions."""
    if action == CP_A_PASS:
        return "pass"
    if CP_A_BID <= action < CP_NUM_ACTIONS:
        return str(min_bid + action - CP_A_BID)
    return None


# -- the learned decision tables (pinochle/bid_tables.pxd; the players read them through PIN_TABLES) --
# The one copy; cutthroat.pyx, partnership.pyx, two_hand.pyx and cardsim._odds_conditions point
# their PIN_TABLES here (pin_bid_tables) when they are loaded.

cdef PinBidTables _pin_table_store
PIN_TABLES = &_pin_table_store

cdef PinBidTables* pin_bid_tables() noexcept nogil:
    return &_pin_table_store

_PIN_GAMES = {"cutthroat-pinochle": PIN_CUTTHROAT, "partnership-pinochle": PIN_PARTNERSHIP}


cdef bint _trees_fit(trees, int inputs) except -1:
    """Whether ``trees`` ([[[input, threshold] x PIN_TREE_DEPTH, [leaf] x PIN_TREE_LEAVES], ...]) are at most
    PIN_TREES_MAX trees of that shape, each input below ``inputs`` (None fits: no trees)."""
    return trees is None or (len(trees) <= PIN_TREES_MAX and all(
        len(splits) == PIN_TREE_DEPTH and len(leaves) == PIN_TREE_LEAVES
        and all(0 <= int(k) < inputs for k, _ in splits) for splits, leaves in trees))


cdef void _store_trees(int g, trees) except *:
    """Load ``trees`` (checked by _trees_fit; None: none) into game ``g``'s tree words, the last split
    level first (bid_tables.pxd pin_tree_leaf)."""
    cdef int i, level, k
    _pin_table_store.tree_count[g] = len(trees) if trees is not None else 0
    for i in range(_pin_table_store.tree_count[g]):
        for level in range(PIN_TREE_DEPTH):
            _pin_table_store.tree[g][i][PIN_TREE_DEPTH - 1 - level] = int(trees[i][0][level][1])
            _pin_table_store.tree[g][i][PIN_TREE_INPUT0 + PIN_TREE_DEPTH - 1 - level] = int(trees[i][0][level][0])
        for k in range(PIN_TREE_LEAVES):
            _pin_table_store.tree[g][i][PIN_TREE_LEAF0 + k] = int(trees[i][1][k])


def _tree_list(int g):
    """Game ``g``'s trees as _store_trees reads them (None: none)."""
    return ([[[[_pin_table_store.tree[g][i][PIN_TREE_INPUT0 + PIN_TREE_DEPTH - 1 - level],
                _pin_table_store.tree[g][i][PIN_TREE_DEPTH - 1 - level]] for level in range(PIN_TREE_DEPTH)],
              [_pin_table_store.tree[g][i][PIN_TREE_LEAF0 + k] for k in range(PIN_TREE_LEAVES)]]
             for i in range(_pin_table_store.tree_count[g])] if _pin_table_store.tree_count[g] else None)


def set_pinochle_bid_table(game, ceiling=None, throw_in=None, partner=None, trump=None, trees=None,
                          partner_count=None, partner_trees=None):
    """Load the learned tables of ``game`` ("cutthroat-pinochle" or "partnership-pinochle"):
    ``ceiling`` the bid ceiling's coefficients (tenths: constant, meld, trumps, aces, tens with
    their ace, short side suits, trumps beyond four, four and three of the trump run, aces of
    three suits, the trump K-Q without the run, the trump's aces, tens, kings and queens, the
    hand's tens, queens and jacks, the other suits' tens without their ace, the longest other
    suit: bid_tables.pxd PIN_F_*, PIN_PF_*; None: the hand-set count), ``throw_in`` (cutthroat only) the
    median trick points' coefficients (tenths: constant, trumps, aces, tens with their ace,
    short side suits, discarded counters; None: the hand-set throw-in), ``partner``
    (partnership only) the read of a partner's pass: (constant, slope) in tenths, the ceiling
    moving by constant + slope x the lowest open bid (None: no read), ``trump`` (partnership only)
    the trump count's coefficients (tenths per feature of a suit as trump, bid_tables.pxd
    PIN_TR_*; None: the bidder names the suit of its largest ceiling count), ``trees`` (with ``ceiling``)
    the ceiling's trees: [[[input, threshold] x PIN_TREE_DEPTH, [leaf] x PIN_TREE_LEAVES], ...], at
    most PIN_TREES_MAX (cutthroat: inputs bid_tables.pxd PIN_TI_*; partnership: the opener's, inputs
    PIN_AI_* with the level 0, partnership_players.pxd pp_bid_ceiling; None: the count alone), ``partner_count``
    (partnership only, with ``partner``) the count of its own once the partner passed: the
    ceiling's features weighed anew, the read added to it (tenths, the constant's coefficient 0;
    None: the ceiling moved by the read), ``partner_trees`` (partnership only, with ``partner_count``)
    the trees added to that count, as ``trees`` (inputs bid_tables.pxd PIN_AI_*; None: the count alone)."""
    cdef int g, k
    if game not in _PIN_GAMES:
        raise ValueError(f"game is one of {sorted(_PIN_GAMES)}, got {game!r}")
    g = _PIN_GAMES[game]
    if ceiling is not None and len(ceiling) != PIN_PF_FEATURES:
        raise ValueError(f"ceiling is {PIN_PF_FEATURES} coefficients, got {ceiling!r}")
    if throw_in is not None and (g != PIN_CUTTHROAT or len(throw_in) != PIN_T_FEATURES):
        raise ValueError(f"throw_in is {PIN_T_FEATURES} coefficients, cutthroat-pinochle only, got {throw_in!r}")
    if partner is not None and (g != PIN_PARTNERSHIP or len(partner) != PIN_P_STATES):
        raise ValueError(f"partner is {PIN_P_STATES} values (constant, slope), partnership-pinochle only, got {partner!r}")
    if partner_count is not None and (g != PIN_PARTNERSHIP or partner is None or len(partner_count) != PIN_PF_FEATURES):
        raise ValueError(f"partner_count is {PIN_PF_FEATURES} coefficients, partnership-pinochle only, with partner, "
                         f"got {partner_count!r}")
    if trump is not None and (g != PIN_PARTNERSHIP or len(trump) != PIN_TR_FEATURES):
        raise ValueError(f"trump is {PIN_TR_FEATURES} coefficients, partnership-pinochle only, got {trump!r}")
    tree_inputs = PIN_TI_INPUTS if g == PIN_CUTTHROAT else PIN_AI_INPUTS
    if trees is not None and (ceiling is None or not _trees_fit(trees, tree_inputs)):
        raise ValueError(f"trees is at most {PIN_TREES_MAX} trees of {PIN_TREE_DEPTH} [input, threshold] splits "
                         f"(inputs below {tree_inputs}) and {PIN_TREE_LEAVES} leaves, with ceiling")
    if partner_trees is not None and (g != PIN_PARTNERSHIP or partner_count is None
                                      or not _trees_fit(partner_trees, PIN_AI_INPUTS)):
        raise ValueError(f"partner_trees is at most {PIN_TREES_MAX} trees of {PIN_TREE_DEPTH} [input, threshold] "
                         f"splits (inputs below {PIN_AI_INPUTS}) and {PIN_TREE_LEAVES} leaves, partnership-pinochle "
                         f"only, with partner_count")
    _pin_table_store.loaded[g] = ceiling is not None
    _store_trees(g if g == PIN_CUTTHROAT else PIN_PP_OPENER_TREES, trees)
    if g == PIN_PARTNERSHIP:
        _store_trees(g, partner_trees)
    for k in range(PIN_CEILING_MAX):
        _pin_table_store.ceiling[g][k] = int(ceiling[k]) if ceiling is not None and k < PIN_PF_FEATURES else 0
    pin_fill_lanes(_pin_table_store.lane[g], _pin_table_store.ceiling[g])   # per 12-bit suit (bid_tables.pxd)
    if g == PIN_CUTTHROAT:
        _pin_table_store.throw_loaded = throw_in is not None
        for k in range(PIN_T_FEATURES):
            _pin_table_store.throw_in[k] = int(throw_in[k]) if throw_in is not None else 0
    if g == PIN_PARTNERSHIP:
        _pin_table_store.partner_loaded = partner is not None
        for k in range(PIN_P_STATES):
            _pin_table_store.partner[k] = int(partner[k]) if partner is not None else 0
        _pin_table_store.partner_count_loaded = partner_count is not None
        for k in range(PIN_CEILING_MAX):
            _pin_table_store.partner_count[k] = (int(partner_count[k]) if partner_count is not None
                                                 and k < PIN_PF_FEATURES else 0)
        pin_fill_lanes(_pin_table_store.partner_lane, _pin_table_store.partner_count)
        _pin_table_store.trump_loaded = trump is not None
        for k in range(PIN_TR_FEATURES):
            _pin_table_store.trump[k] = int(trump[k]) if trump is not None else 0
        for k in range(PIN_LANES):
            _pin_table_store.trump_lane[k] = pin_trump_lane_count(k, _pin_table_store.trump)


def pinochle_bid_tables():
    """The tables loaded now: {game: {"ceiling": coefficients or None, "throw_in", "trees": ... (cutthroat),
    "partner": ..., "partner_count": ..., "partner_trees": ..., "trump": ... (partnership)}}."""
    out = {}
    for game, g in _PIN_GAMES.items():
        out[game] = {"ceiling": [_pin_table_store.ceiling[g][k] for k in range(PIN_PF_FEATURES)]
                     if _pin_table_store.loaded[g] else None}
        if g == PIN_CUTTHROAT:
            out[game]["throw_in"] = ([_pin_table_store.throw_in[k] for k in range(PIN_T_FEATURES)]
                                     if _pin_table_store.throw_loaded else None)
            out[game]["trees"] = _tree_list(g)
        if g == PIN_PARTNERSHIP:
            out[game]["partner"] = ([_pin_table_store.partner[k] for k in range(PIN_P_STATES)]
                                    if _pin_table_store.partner_loaded else None)
            out[game]["partner_count"] = ([_pin_table_store.partner_count[k] for k in range(PIN_PF_FEATURES)]
                                          if _pin_table_store.partner_count_loaded else None)
            out[game]["partner_trees"] = _tree_list(g)
            out[game]["trees"] = _tree_list(PIN_PP_OPENER_TREES)
            out[game]["trump"] = ([_pin_table_store.trump[k] for k in range(PIN_TR_FEATURES)]
                                  if _pin_table_store.trump_loaded else None)
    return out


def _tree_leaves_agree(int splits, seed=1):
    """How many of ``splits`` random trees' leaf indices differ between bid_tables.pxd pin_tree_leaf
    (SSE2 on x86-64) and its plain loop: random inputs and thresholds within +-2^30 (the tables'
    range), equal values included (a split is strictly above)."""
    import random
    cdef int v[PIN_TI_INPUTS]
    cdef int words[PIN_TREE_WORDS]
    cdef int* tree = <int*>(((<size_t>words) + 15) & ~(<size_t>15))     # 16-byte aligned, as the table's
    cdef int i, k, differ = 0
    rng = random.Random(seed)
    for i in range(splits):
        for k in range(PIN_TI_INPUTS):
            v[k] = rng.choice((rng.randint(-2 ** 30, 2 ** 30), rng.randint(-3, 3)))
        for k in range(PIN_TREE_DEPTH):
            tree[PIN_TREE_INPUT0 + k] = rng.randrange(PIN_TI_INPUTS)
            tree[k] = rng.choice((v[tree[PIN_TREE_INPUT0 + k]], rng.randint(-2 ** 30, 2 ** 30), rng.randint(-3, 3)))
        differ += (pin_tree_leaf(tree, <const unsigned int*>(tree + PIN_TREE_INPUT0), v)
                   != pin_tree_leaf_plain(tree, <const unsigned int*>(tree + PIN_TREE_INPUT0), v))
    return differ


def _load_pinochle_bid_tables():
    """Load src/cardsim/data/pinochle_bids.json (scripts/pinochle_bid_table.py); none: the hand-set rules."""
    from cardsim._data import load_json
    for game in _PIN_GAMES:
        set_pinochle_bid_table(game, None, None)
    data = load_json("pinochle_bids.json")
    if data is not None:
        for game in _PIN_GAMES:
            if game in data:
                set_pinochle_bid_table(game, data[game].get("ceiling"), data[game].get("throw_in"),
                                       data[game].get("partner"), data[game].get("trump"),
                                       data[game].get("ceiling_trees"), data[game].get("partner_count"),
                                       data[game].get("partner_trees"))

_load_pinochle_bid_tables()
