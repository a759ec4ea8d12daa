"""Two-hand pinochle's stock phase, solved exactly (issue 16; the search is ``_stock.pyx``).

A two-hand hand knows the stock's order (its deal), so with every card known the rest of
the hand is a game of perfect information: ``solve(hand)`` of a hand in its stock phase (a
stock trick, or the winner's melding after one) gives the seat's **points less the
opponent's from here to the end of the hand** with best play by both (each playing to
raise its own difference), in the game's own scoring: the trick points of the cards each
takes, the meld declared after each stock trick won, the dix (declared, exchanged, or
played while the stock lasts) and the last trick's bonus; and the same value after each
legal action (a card from hand or from the table, a declaration, the exchange, the draw).

The search grows fast with the stock tricks left (each is two cards of any of about a
dozen, and a meld choice), so a solve takes at most ``stock_tricks`` of them (default
``STOCK_TRICKS``) and refuses a hand with more in one line; the measured cost of each
depth is in docs/solver.md.
"""
from __future__ import annotations

from typing import Any

from ..errors import CardsimError
from ._stock import stock_values
from .positions import card_points_by_bit, two_hand_leaf

#: Stock tricks a solve takes unless told otherwise (docs/solver.md: the cost of each depth).
STOCK_TRICKS = 2
#: Stock tricks in a hand (the last of them leaves one face-down card and the upcard).
STOCK_TRICKS_IN_HAND = 12
#: Stock tricks left from which the leaves' trick-play table gets 2^22 entries, not 2^20: with 3 left
#: (bench_stock_solver.py's first 6 hands) trick-play nodes 120.0M -> 106.6M (2^21: 111.5M), CPU 22.7
#: -> 21.9 s, the process's peak RSS 116 -> 288 MB (2^21: 174 MB); with 2 left (20 hands, stk10's search)
#: 91.1M -> 84.6M nodes at no gain in time.
DEEP_STOCK_TRICKS = 3


def stock_tricks_left(hand: Any) -> int:
    """Stock tricks not yet complete (the one in progress included); 0 after the 12th, while its
    winner melds, and in the last 12 tricks."""
    st = hand._state
    return STOCK_TRICKS_IN_HAND - int(st.tricks_played) if st.phase in ("stock", "meld") else 0


def scored(hand: Any, seat: int) -> int:
    """Seat ``seat``'s points so far less the opponent's: meld (dix included) and the cards taken."""
    st = hand._state
    pts = card_points_by_bit(hand.rules)
    own = [int(st.meld[s]) + sum(pts[b] for b in range(64) if st.won[s] >> b & 1) for s in (0, 1)]
    return own[seat] - own[1 - seat]


def solve_stock(hand: Any, seat: int | None = None, *, stock_tricks: int | None = None) -> dict[str, Any]:
    """The stock-phase answer for two-hand ``hand`` (see the module docstring), for ``seat``
    (default: the seat to act), as a JSON-ready dict: ``so_far`` (its points less the
    opponent's scored so far), ``rest`` (the same from here with best play), ``total``, and
    ``moves``: each legal action's name and ``rest`` after it (its own points included).

    >>> from cardsim import Game
    >>> hand = Game("two-hand-pinochle").deal(seed=3)
    >>> while hand.tricks_played < 11:
    ...     hand.step("heuristic")
    >>> answer = solve_stock(hand, stock_tricks=1)
    >>> answer["rest"] == max(answer["moves"].values()), answer["stock_tricks_left"]
    (True, 1)
    """
    st = hand._state
    limit = STOCK_TRICKS if stock_tricks is None else stock_tricks
    if hand.rules.game != "two-hand-pinochle" or st.phase not in ("stock", "meld"):
        raise CardsimError("the stock-phase solver takes a two-hand-pinochle hand in its stock phase")
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise CardsimError(f"stock_tricks is a count of stock tricks (0..12), got {limit!r}")
    left = stock_tricks_left(hand)
    if left > limit:
        raise CardsimError(f"two-hand-pinochle: the stock-phase solver takes at most {limit} stock tricks left and "
                           f"this hand has {left}; stock_tricks={left} (--stock-tricks {left}) lifts the limit, "
                           "at a cost that grows about tenfold a trick (docs/solver.md: under 1 s with 2 left, 0.5-8 s with 3)")
    seat = st.to_act if seat is None else seat
    sign = 1 if seat == 0 else -1
    leaf = two_hand_leaf(hand, tt_bits=22 if left >= DEEP_STOCK_TRICKS else 20)
    actions, values, nodes, probes = stock_values(st, leaf)
    best = max(values) if st.to_act == 0 else min(values)
    so_far = scored(hand, seat)
    return {"game": hand.rules.game, "to_act": st.to_act, "side": [seat], "unit": "points",
            "measure": "difference", "stock_tricks_left": left, "so_far": so_far, "rest": sign * best,
            "total": so_far + sign * best,
            "moves": {hand.action_to_string(a): sign * v for a, v in zip(actions, values)},
            "nodes": nodes, "probes": probes, "leaf_nodes": leaf.nodes}
