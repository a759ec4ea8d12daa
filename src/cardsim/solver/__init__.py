"""The perfect-information solver (issue 16): exact values with every card known.

``solve(hand)`` answers for a hand where it stands:

* a hand in its card play: the value of the rest of the hand for the side of the seat
  to act (tricks, or trick points in pinochle), and the value after each legal card;
* a two-hand pinochle hand in its stock phase (the stock's order is known): the seat's points
  less the opponent's from here, meld and dix included, and the same after each legal action
  (solver/stock.py), within the last few stock tricks;
* a hand not yet in play (a fresh deal, euchre and spades): the table of the deal, in
  the manner of DDS's table: every trump by every maker, alone or not (euchre); the
  tricks of each side for every opening leader, and each opening lead's value
  (partnership spades); the most each seat can guarantee and the fewest it can be
  held to (cutthroat spades).

``postmortem(hand)`` replays a hand's history and gives, for every card played, the
value before it, the best value the player could have kept and what the card cost.
The search itself is in ``_solver.pyx`` (see ``_solver.pxd`` for its design).
"""
from __future__ import annotations

from itertools import combinations
from typing import Any

from ..cards import SUITS
from ..errors import CardsimError
from ._solver import Position
from .positions import (EUCHRE_GAMES, PINOCHLE_GAMES, SPADES_GAMES, card_bit_to_action, euchre_effective,
                        euchre_physical, position, seat_mask)

__all__ = ["solve", "postmortem", "position", "Position"]


def _code(hand: Any, bit: int) -> str:
    """A solver card bit of ``hand``'s position as the card's printed code."""
    if hand.rules.game in EUCHRE_GAMES and hand._state.trump >= 0:
        bit = euchre_physical(1 << bit, hand._state.trump).bit_length() - 1
    return str(hand.deck.code(bit))


def _so_far(hand: Any, side: int) -> int:
    """What ``side`` has already taken: tricks, or won cards' points in pinochle."""
    st = hand._state
    if hand.rules.game in PINOCHLE_GAMES:
        from .positions import card_points_by_bit
        pts = card_points_by_bit(hand.rules)
        return sum(pts[b] for s, won in enumerate(st.won) if side >> s & 1 for b in range(64) if won >> b & 1)
    return sum(t for s, t in enumerate(st.tricks) if side >> s & 1)


def _seats(mask: int) -> list[int]:
    return [s for s in range(8) if mask >> s & 1]


def solve(hand: Any, seat: int | None = None, *, objective: str = "max", leads: bool = True,
          stock_tricks: int | None = None) -> dict[str, Any]:
    """The solver's answer for ``hand`` (see the module docstring), as a JSON-ready dict.
    ``stock_tricks``: a two-hand hand in its stock phase is solved when at most that many stock
    tricks are left (default ``stock.STOCK_TRICKS``; solver/stock.py).

    >>> from cardsim import Game
    >>> hand = Game("euchre").deal(seed=5)
    >>> row = solve(hand)["table"][0]
    >>> sorted(row)
    ['alone', 'maker', 'tricks', 'trump']
    """
    st = hand._state
    if hand.rules.game == "two-hand-pinochle" and st.phase in ("stock", "meld"):
        from .stock import solve_stock
        return solve_stock(hand, seat, stock_tricks=stock_tricks)
    if hand.to_act is not None and st.phase == "play":
        pos = position(hand, seat, objective=objective)
        side = pos.count_side
        moves = {_code(hand, b): v for b, v in pos.move_values().items()}
        value = pos.value()
        return {"game": hand.rules.game, "to_act": hand.to_act, "side": _seats(side),
                "unit": "points" if hand.rules.game in PINOCHLE_GAMES else "tricks",
                "objective": objective, "so_far": _so_far(hand, side), "rest": value,
                "total": _so_far(hand, side) + value, "moves": moves}
    if hand.to_act is None:
        raise CardsimError("the hand is over: nothing to solve (postmortem(hand) reviews its play)")
    dealt = _as_dealt(hand)
    if hand.rules.game in EUCHRE_GAMES:
        return _euchre_table(dealt)
    if hand.rules.game in SPADES_GAMES:
        return _spades_table(dealt, leads)
    raise CardsimError(f"{hand.rules.game}: solve a hand in its card play (after trump and the discard or "
                       "passing), e.g. with --history; the full-deal table is for euchre and spades")


def _as_dealt(hand: Any) -> Any:
    """``hand`` as it was dealt (the last redeal's cards), before any call."""
    from ..game import Game
    game = Game(hand.rules.game, **dict(hand.rules))
    fresh = game._from_deal(hand.to_dict()["deal"])
    for action in hand.history:
        if isinstance(action, dict):
            fresh._set_cards(action["redeal"])
    return fresh


# -- euchre ---------------------------------------------------------------------------------

def _euchre_table(hand: Any) -> dict[str, Any]:
    """Every trump by every maker, with its partner (or the dummy) and alone: the maker's
    side's tricks against best defence.  For the upcard's suit (round 1) the dealer takes
    the upcard and discards the card best for its own side; the maker keeps the best 5 of
    hand and dummy in cutthroat."""
    st = hand._state
    game = hand.rules.game
    n = st.seats
    partnership = game == "euchre"
    dealer = st.dealer
    hands = list(st.hands)
    up = st.upcard
    rows = []
    for t in range(4):
        for maker in range(n):
            row: dict[str, Any] = {"trump": SUITS[t], "maker": maker}
            for alone in (False, True):
                row["alone" if alone else "tricks"] = _euchre_cell(hands, st.dummy, up, dealer, t, maker, alone,
                                                                  partnership, n)
            rows.append(row)
    return {"game": game, "dealer": dealer, "upcard": hand.deck.code(up), "unit": "tricks",
            "table": rows}


def _euchre_cell(hands: list[int], dummy: int, up: int, dealer: int, t: int, maker: int, alone: bool,
                 partnership: bool, n: int) -> int:
    if partnership:
        active = (1 << n) - 1
        if alone:
            active &= ~(1 << ((maker + 2) % 4))
        side = seat_mask([maker, (maker + 2) % 4])
    else:
        active = (1 << n) - 1
        side = 1 << maker
    leader = (dealer + 1) % n
    while not active >> leader & 1:
        leader = (leader + 1) % n
    base = list(hands)
    # the dealer's options: with the upcard's suit as trump it takes the upcard and discards one
    dealer_options = [base[dealer]]
    if up >> 4 == t and active >> dealer & 1:
        six = base[dealer] | (1 << up)
        dealer_options = [six & ~(1 << b) for b in range(64) if six >> b & 1]
    maker_merges = not partnership and not alone
    best: int | None = None
    dealer_for_maker = bool(side >> dealer & 1)
    for dealt in dealer_options:
        cards = list(base)
        cards[dealer] = dealt
        options = [cards[maker]]
        if maker_merges:
            ten = [b for b in range(64) if (cards[maker] | dummy) >> b & 1]
            options = [sum(1 << b for b in keep) for keep in combinations(ten, 5)]
        value = None
        pos = None
        for kept in options:
            cards[maker] = kept
            eff = [euchre_effective(h, t) for h in cards]
            pos = Position(eff, trump=t, leader=leader, max_side=side, count_side=side, active=active,
                           tricks_done=0, tt_bits=12)
            v = pos.value()
            value = v if value is None else max(value, v)
        assert value is not None
        if best is None:
            best = value
        else:
            best = max(best, value) if dealer_for_maker else min(best, value)
    assert best is not None
    return best


# -- spades ---------------------------------------------------------------------------------

def _spades_first_leader(hand: Any) -> int:
    st = hand._state
    n = st.seats
    leader = (st.dealer + 1) % n
    if n == 5 and hand.rules["jokers"] > 0:
        for s, h in enumerate(st.hands):
            if h >> 48 & 1 and not (hand.rules["jokers"] == 2 and s == st.dealer):
                leader = s
    return int(leader)


def _spades_table(hand: Any, leads: bool) -> dict[str, Any]:
    st = hand._state
    n = st.seats
    hands = list(st.hands)
    rules = hand.rules
    sits_out = st.dealer if (n == 5 and rules["jokers"] == 2) else -1
    first = _spades_first_leader(hand)
    common: dict[str, Any] = dict(trump=0, break_spades=bool(rules["break_spades"]), tricks_done=0,
                                  sit_out_first=sits_out, tt_bits=20)
    out: dict[str, Any] = {"game": rules.game, "dealer": st.dealer, "leader": first, "unit": "tricks"}
    total = max(bin(h).count("1") for h in hands)
    if rules.game == "spades":
        rows = []
        for leader in range(n):
            side = seat_mask([leader, (leader + 2) % 4])
            v = Position(hands, leader=leader, max_side=side, count_side=side, **common).value()
            team = leader % 2
            rows.append({"leader": leader, "tricks": [v, total - v] if team == 0 else [total - v, v]})
        out["table"] = rows
        if leads:
            side = seat_mask([first, (first + 2) % 4])
            pos = Position(hands, leader=first, max_side=side, count_side=side, **common)
            out["leads"] = {hand.deck.code(b): v for b, v in pos.move_values().items()}
        return out
    rows = []
    every = (1 << n) - 1
    for seat in range(n):
        most = Position(hands, leader=first, max_side=1 << seat, count_side=1 << seat, **common).value()
        fewest = Position(hands, leader=first, max_side=every & ~(1 << seat), count_side=1 << seat,
                          **common).value()
        rows.append({"seat": seat, "most": most, "fewest": fewest})
    out["table"] = rows
    return out


# -- a played hand, card by card -------------------------------------------------------------

def postmortem(hand: Any) -> list[dict[str, Any]]:
    """Every card of ``hand``'s play (its history replayed from the deal): the value for the
    player's side before it (``best``: what best play from there keeps), after it
    (``after``: with best play by everyone from then on), and ``lost`` (best - after: what
    the card cost; 0 for a card as good as any).  Values count the whole hand (tricks or
    trick points taken so far plus the rest)."""
    from ..game import Game
    game = Game(hand.rules.game, **dict(hand.rules))
    replay = game._from_deal(hand.to_dict()["deal"])
    two_hand = hand.rules.game == "two-hand-pinochle"
    out = []
    for action in hand.history:
        if isinstance(action, dict):            # a redeal: a chance event with the new deal
            replay._set_cards(action["redeal"])
            replay._state.record_chance(dict(action), True)
            continue
        if replay._state.phase == "play" and replay.to_act is not None:
            seat = replay.to_act
            pos = position(replay, seat)
            before = _so_far(replay, pos.count_side)
            values = {card_bit_to_action(replay, b) % 24 if two_hand else card_bit_to_action(replay, b): v
                      for b, v in pos.move_values().items()}
            best = max(values.values()) if pos.max_side >> seat & 1 else min(values.values())
            after = values[action % 24 if two_hand else action]
            out.append({"trick": replay.tricks_played + 1, "seat": seat, "card": replay.action_to_string(action),
                        "side": _seats(pos.count_side), "best": before + best, "after": before + after,
                        "lost": abs(best - after)})
        replay.apply(action)
    return out
