# cython: language_level=3
"""What the three pinochle games share from Python: meld names and values, card points,
the auction's action names, and the meld entries (pinochle_meld_breakdown, _many)."""
from libc.stdint cimport int8_t, int32_t, uint64_t
from cython.parallel cimport prange

from cardsim.pinochle.cards cimport *
from cardsim.pinochle.cutthroat_engine cimport ALL_PASS_DEALER_FORCED, ALL_PASS_FIRST_FORCED, ALL_PASS_REDEAL

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
