"""A hand in its card play, as the solver's ``Position`` (every card known).

One function per game family reads the hand's core state (cards still held, the
trick so far, who leads, trump) and names the side: the seats whose tricks or
trick points count (``count_side``) and the seats that play to raise them
(``max_side``).  ``objective="max"`` is what the side of ``seat`` can make against
best defence; ``objective="min"`` (cutthroat spades: what a nil bid needs) is the
fewest tricks ``seat`` can be held to when every other seat plays to give it tricks.
"""
from __future__ import annotations

from typing import Any, Sequence

from .. import _core
from ..errors import CardsimError
from ..spades.hand import spades_card_action
from ._solver import Position

EUCHRE_GAMES = ("euchre", "cutthroat-euchre")
SPADES_GAMES = ("spades", "cutthroat-spades")
PINOCHLE_GAMES = ("cutthroat-pinochle", "partnership-pinochle", "two-hand-pinochle")
GAMES = EUCHRE_GAMES + SPADES_GAMES + PINOCHLE_GAMES

#: the core's MUST_BEAT_* codes (pinochle/cards.pxd) per game and must_beat option
_MUST_BEAT = {
    "cutthroat-pinochle": {"always": 0, "trump_led": 1, "never": 2},
    "partnership-pinochle": {"always": 0, "trump_led": 3, "never": 2},
}


def euchre_effective(mask: int, trump: int) -> int:
    """Physical euchre mask -> effective suits for ``trump`` (the bowers on top of its lane)."""
    rb, lb = 16 * trump + 2, 16 * (3 - trump) + 2
    out = mask & ~((1 << rb) | (1 << lb))
    out |= ((mask >> rb) & 1) << (16 * trump + 7)
    out |= ((mask >> lb) & 1) << (16 * trump + 6)
    return out


def euchre_physical(mask: int, trump: int) -> int:
    """Effective suits -> physical mask (the inverse of ``euchre_effective``)."""
    r, left = 16 * trump + 7, 16 * trump + 6
    out = mask & ~((1 << r) | (1 << left))
    out |= ((mask >> r) & 1) << (16 * trump + 2)
    out |= ((mask >> left) & 1) << (16 * (3 - trump) + 2)
    return out


def seat_mask(seats: Sequence[int]) -> int:
    out = 0
    for s in seats:
        out |= 1 << s
    return out


def sides(game: str, n_seats: int, seat: int, *, maker: int | None = None, active: int | None = None,
          objective: str = "max") -> tuple[int, int]:
    """(count_side, max_side) for the side of ``seat``."""
    every = (1 << n_seats) - 1 if active is None else active
    if objective not in ("max", "min"):
        raise CardsimError(f"objective must be max or min, got {objective!r}")
    if game in ("euchre", "spades", "partnership-pinochle"):
        side = seat_mask([seat, (seat + 2) % 4])
    elif game in ("cutthroat-euchre", "cutthroat-pinochle") and maker is not None and seat != maker:
        side = every & ~(1 << maker)          # the defenders play together against the maker
    else:
        side = 1 << seat
    if objective == "min":
        if game not in ("cutthroat-spades",):
            raise CardsimError("objective=min (the fewest tricks a seat can be held to) is for cutthroat-spades")
        return side, every & ~side
    return side, side


def card_points_by_bit(rules: Any) -> list[int]:
    """Trick points per pinochle card bit, from the rules' card_points."""
    ranks = _core.parse_card_points(rules["card_points"])
    return [ranks[(b & 15) >> 1] if (b & 15) < 12 else 0 for b in range(64)]


def position(hand: Any, seat: int | None = None, *, objective: str = "max", tt_bits: int | None = None,
             exact_table: bool = False) -> Position:
    """The solver's position for ``hand`` (a SteppedHand in its card play) and the side of
    ``seat`` (default: the maker / bidder's side, in spades the seat to act).
    ``exact_table``: see ``Position`` (the same values; a check on the generalised table).

    >>> from cardsim import Game
    >>> hand = Game("euchre").deal(seed=5)
    >>> while hand.phase != "play":
    ...     hand.step("heuristic")
    >>> pos = position(hand)             # the maker's side
    >>> pos.tricks_left, pos.to_act == hand.to_act, 0 <= pos.value() <= 5
    (5, True, True)
    """
    game = hand.rules.game
    st = hand._state
    if game not in GAMES:
        raise CardsimError(f"the solver does not know {game!r}")
    phase = st.phase
    if phase != "play":
        raise CardsimError(f"the solver needs a hand in its card play (last 12 tricks in two-hand); this one is in {phase!r}")
    n = len(st.hands)
    if game in EUCHRE_GAMES:
        t = st.trump
        active = seat_mask(st.active)
        maker = st.maker
        seat = maker if seat is None else seat
        count, most = sides(game, n, seat, maker=maker, active=active, objective=objective)
        return Position([euchre_effective(h, t) for h in st.hands], trump=t, leader=st.leader,
                        max_side=most, count_side=count, active=active,
                        trick=[(s, euchre_effective(1 << b, t).bit_length() - 1) for s, b in st.trick],
                        tricks_done=st.tricks_played, tt_bits=tt_bits or 12, exact_table=exact_table)
    if game in SPADES_GAMES:
        seat = (st.to_act if st.to_act >= 0 else 0) if seat is None else seat
        count, most = sides(game, n, seat, objective=objective)
        sits_out = st.dealer if (n == 5 and hand.rules["jokers"] == 2) else -1
        return Position(list(st.hands), trump=0, leader=st.leader, max_side=most, count_side=count,
                        break_spades=bool(hand.rules["break_spades"]), broken=st.broken,
                        trick=list(st.trick), tricks_done=st.tricks_played, sit_out_first=sits_out,
                        tt_bits=tt_bits or 20, exact_table=exact_table)
    # pinochle
    if seat is None:
        seat = st.bidder if game != "two-hand-pinochle" else st.to_act
    maker = st.bidder if game == "cutthroat-pinochle" else None
    count, most = sides(game, n, seat, maker=maker, objective=objective)
    trick = [((st.leader + i) % n, b) for i, b in enumerate(st.trick)]
    return Position(list(st.hands), leader=st.leader, max_side=most, count_side=count, trick=trick,
                    tricks_done=st.tricks_played, tt_bits=tt_bits or pinochle_tt_bits(st.hands),
                    exact_table=exact_table, **pinochle_keywords(hand))


def pinochle_keywords(hand: Any) -> dict[str, Any]:
    """``hand``'s pinochle rules as ``Position`` keywords: trump, the follow / trump / head duties
    (two-hand's last 12: always head), the card points and the last trick's bonus."""
    game = hand.rules.game
    must_beat = 0 if game == "two-hand-pinochle" else _MUST_BEAT[game][hand.rules["must_beat"]]
    return dict(trump=hand._state.trump, kind="pinochle", must_beat=must_beat,
                card_points=card_points_by_bit(hand.rules), last_trick_points=hand.rules["last_trick_points"])


def two_hand_leaf(hand: Any, tt_bits: int = 20) -> Position:
    """A ``Position`` under two-hand ``hand``'s rules for its last 12 tricks, counting seat 0's trick
    points with seat 0 raising them: the stock-phase solver (solver/_stock.pyx) solves every leaf
    in its scratch.  Its cards are placeholders (12 a seat, so the table is sized for 12 tricks)."""
    return Position([0xFFF, 0xFFF << 16], leader=0, max_side=1, count_side=1, tricks_done=12, tt_bits=tt_bits,
                    **pinochle_keywords(hand))


#: Cards a seat holds above which a pinochle solve gets a table of 2^21 entries (about 170 MB), not 2^20:
#: cutthroat pinochle's full deal after the discard (15 tricks, seeds 1-6 and 8-12 of bench_solver's deals)
#: searches 10% fewer nodes (tt_bits 22: 12%, at twice the memory again); 12 tricks fill 2^20 well.
PINOCHLE_BIG_TABLE_TRICKS = 12


def pinochle_tt_bits(hands: Sequence[int]) -> int:
    """The table size (log2 entries) of a pinochle position's solve by the longest hand.

    >>> pinochle_tt_bits([(1 << 15) - 1, (1 << 15) - 1, 0]), pinochle_tt_bits([(1 << 12) - 1, 0])
    (21, 20)
    """
    return 21 if max(bin(h).count("1") for h in hands) > PINOCHLE_BIG_TABLE_TRICKS else 20


def card_bit_to_action(hand: Any, bit: int) -> int:
    """The contract's card action for a solver card bit of ``hand``'s position."""
    game = hand.rules.game
    if game in EUCHRE_GAMES:
        phys = euchre_physical(1 << bit, hand._state.trump).bit_length() - 1
        return 6 * (phys >> 4) + (phys & 15)
    if game in SPADES_GAMES:
        return spades_card_action(bit)
    action = 6 * (bit >> 4) + ((bit & 15) >> 1)
    if game == "two-hand-pinochle":
        st = hand._state
        pair = 3 << (bit & ~1)
        s = st.to_act
        if not (st.hands[s] & ~st.tables[s] & pair):
            action += 24                      # only a copy on the table is left
    return action
