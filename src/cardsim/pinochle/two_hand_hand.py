"""A Two-Hand Pinochle hand you can step through from Python, and its meld table.

The state lives in the compiled core (the same engine the batch runs); this class
validates every action and speaks card codes.  Phases: ``stock`` (tricks while the
stock lasts, any card), ``meld`` (the winner of a stock trick may declare one meld
and exchange the dix, then draws; a winner with nothing to declare or exchange
draws at once, so the phase is skipped), ``play`` (the last 12 tricks), ``done``.
A card melded on the table and its twin in hand are two moves: ``play(card,
from_table=...)`` and ``legal_plays()``.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

import numpy as np

from .. import _core
from ..cards import PINOCHLE, SUITS, CardSet, parse_suit
from ..errors import CardError, CardsimError, IllegalMoveError
from ..rules import Rules
from ..meld import Meld
from ..hands.base import SteppedHand
from ..hands.chosen_deal import card_sets, deal_hands, physical_masks
from .play import PinochlePlay, PinochleResample

SEATS = 2
TRIES = 5000  # two-hand resample draws before it gives up
HAND_SIZE = 12
STOCK_SIZE = 23
# The integer actions (docs/actions.md): 0..23 a card from hand (6*suit + rank), then:
TABLE_ACTION = _core.TWO_HAND_TABLE_ACTION  # + card action: the same card's copy melded on the table
DECLARE_ACTION = _core.TWO_HAND_DECLARE_ACTION  # + index in DECLARATIONS
EXCHANGE_ACTION = _core.TWO_HAND_EXCHANGE_ACTION  # the dix for the turned-up trump
DRAW_ACTION = _core.TWO_HAND_DRAW_ACTION  # done melding: both draw
#: Meld kinds (each a ``meld_<name>`` option) and declarations (moves of the meld phase).
KINDS: tuple[str, ...] = tuple(_core.TWO_HAND_KINDS)
DECLARATIONS: tuple[str, ...] = tuple(_core.TWO_HAND_DECLARATIONS)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _ordered_codes(cards: object) -> list[str]:
    """The codes of ``cards`` in the order given (a string of codes or a list of them)."""
    if isinstance(cards, str):
        return [code for code in re.split(r"[\s,]+", cards.strip()) if code]
    if isinstance(cards, (list, tuple)):
        return list(cards)
    raise CardError(f"the stock is its cards in draw order, a string like 'AS TS 9D' or a list, got {cards!r}")


def two_hand_meld(cards: CardSet | str, trump: str | int, rules: Mapping[str, Any]) -> Meld:
    """Everything ``cards`` show at once in ``trump``, at two-hand values.

    A second set of distinct cards scores again (two runs score 2 x 150); a run's
    K Q is not also a trump marriage (a run shown first gives no marriage).

    >>> from cardsim import Game
    >>> meld = Game("two-hand-pinochle").meld("AS TS KS QS JS 9S AH AD AC QS JD KH", "S")
    >>> meld.total, meld.counts["run"], meld.counts["pinochle"]
    (300, 1, 1)
    """
    hand = cards if isinstance(cards, CardSet) else CardSet(cards, PINOCHLE)
    suit = trump if isinstance(trump, int) else parse_suit(trump)
    c = dict(zip(_core.MELD_NAMES, _core.pinochle_meld_counts(hand.mask, suit)))
    counts = {
        "run": c["run"] + 2 * c["double_run"],
        "trump_marriage": c["trump_marriage"],
        "marriage": c["marriage"],
        "dix": c["dix"],
        **{name: c[name] + 2 * c["double_" + name] for name in ("aces", "kings", "queens", "jacks", "pinochle")},
    }
    points = {name: n * int(rules["meld_" + name]) for name, n in counts.items()}
    return Meld(hand, SUITS[suit], counts, points, sum(points.values()))


class TwoHandPinochleHand(PinochleResample, PinochlePlay, SteppedHand):
    """One hand: 12 stock tricks with melding and drawing, then the last 12 tricks.

    >>> from cardsim import Game
    >>> hand = Game("two-hand-pinochle").deal(seed=3)
    >>> hand.phase, hand.to_act, [len(cards) for cards in hand.hands], hand.stock_left
    ('stock', 1, [12, 12], 23)
    >>> hand.play(next(iter(hand.legal_moves()))); hand.play(next(iter(hand.legal_moves())))
    >>> hand.tricks_played
    1
    >>> hand.play_out("heuristic").phase
    'done'
    >>> sum(hand.trick_points)
    250

    The integer actions (docs/actions.md): a card from hand, the same card from the table
    (+24), the declarations (48 + index in DECLARATIONS), the exchange (60), draw (61).

    >>> hand = Game("two-hand-pinochle").deal(seed=3)
    >>> hand.step(); hand.step()
    >>> hand.phase, [hand.action_to_string(a) for a in hand.history]
    ('meld', ['9C', 'KC'])
    >>> [hand.action_to_string(a) for a in hand.legal_actions()]
    ['trump_marriage', 'draw']
    >>> hand.declare("trump_marriage"); hand.history[-1], hand.phase
    (49, 'stock')
    """

    deck = PINOCHLE
    seats = SEATS
    PLAY_PHASES = ("stock", "play")  # free play while the stock lasts, then the last 12 tricks

    _state: _core.TwoHandPinochleState

    def __init__(self, rules: Rules, seed: int = 0, dealer: int = 0) -> None:
        self.rules = rules
        self._state = _core.TwoHandPinochleState(rules, seed, self.check_dealer(dealer))
        self._remember_deal(seed)

    @classmethod
    def from_cards(cls, rules: Rules, non_dealer: str, dealer_cards: str, upcard: str, stock: str,
                   dealer: int = 0) -> "TwoHandPinochleHand":
        """A hand dealt as given: 12 + 12 cards, the turned-up card, 23 stock cards top first
        (a thin wrapper over ``from_deal``; a one-line CardError for a deal the game cannot have)."""
        hands = [non_dealer, dealer_cards] if dealer == 1 else [dealer_cards, non_dealer]
        return cls.from_deal(rules, {"hands": hands, "upcard": upcard, "stock": stock, "dealer": dealer})

    # -- the deal -----------------------------------------------------------------------
    def _set_cards(self, deal: Mapping[str, Any]) -> None:
        """``hands`` (12 cards a seat), ``upcard`` (the turned-up trump card) and ``stock`` (the
        23 face-down cards in draw order, top first); the first stock trick starts on them.

        >>> from cardsim import Game
        >>> dealt = Game("two-hand-pinochle").deal(seed=3)
        >>> again = TwoHandPinochleHand.from_deal(dealt.rules, dealt.deal)
        >>> again.hands == dealt.hands and again.upcard == dealt.upcard and again.deal == dealt.deal
        True
        """
        hands = deal_hands(deal, SEATS)
        missing = [key for key in ("upcard", "stock") if key not in deal]
        if missing:
            raise CardError(f"a two-hand deal names its {' and its '.join(repr(k) for k in missing)} "
                            f"(the turned-up trump card; the {STOCK_SIZE} face-down cards, top first)")
        stock = _ordered_codes(deal["stock"])
        names = ["seat 0", "seat 1", "the upcard", "the stock"]
        sizes = [HAND_SIZE, HAND_SIZE, 1, STOCK_SIZE]
        places = list(zip(names, [*hands, deal["upcard"], stock], sizes))
        masks = physical_masks(names, card_sets(places, PINOCHLE), PINOCHLE)
        dealer = self.check_dealer(deal.get("dealer", self.dealer))
        free, stock_bits = masks[3], []
        for code in stock:  # the stock's order is the draw order
            bit = PINOCHLE.parse_code(code)
            bit = bit if free >> bit & 1 else bit + 1
            free &= ~(1 << bit)
            stock_bits.append(bit)
        self._state.set_deal(_bits(masks[1 - dealer]) + _bits(masks[dealer]) + _bits(masks[2]) + stock_bits, dealer)

    def _remember_deal(self, seed: int, **context: Any) -> None:
        super()._remember_deal(seed, **context)
        self._dealt_stock = tuple(self._state.stock)

    def _deal_extra_masks(self) -> dict[str, int]:
        bit = self._state.upcard
        return {"upcard": 1 << bit} if bit >= 0 else {}

    def _make_deal(self) -> dict[str, Any]:
        """What the hand started from (:attr:`deal`): ``seed``, ``dealer``, ``hands``, ``upcard`` and ``stock``
        (the face-down cards in draw order, top first: the order matters, unlike every other place)."""
        out = super()._make_deal()
        out["stock"] = " ".join(PINOCHLE.code(bit) for bit in self._dealt_stock)
        return out

    # -- what each seat sees (observation, resample; docs/actions.md) ---------------------
    def _observation_extra(self, seat: int) -> dict[str, Any]:
        return {"upcard": self.upcard, "tables": [str(t) for t in self.tables], "stock_left": self.stock_left,
                "meld": self.meld, "melds": self.melds, "exchanged": self.exchanged}

    def _events(self, seat: int) -> tuple[list[tuple[str, int]], list[str], list[tuple[int, int]], list[tuple[str, int]]]:
        """What the history shows of the opponent's cards, replayed from the deal: the cards it
        showed, each with the history index where it first did (a card played from its hand,
        melded to the table, a dix exchanged); every card that left it (played from hand or
        table, exchanged); its draws (history index, stock index); the upcard it took."""
        o = 1 - seat
        hand = type(self).from_deal(self.rules, self.deal)
        shown: list[tuple[str, int]] = []
        gone: list[str] = []
        draws: list[tuple[int, int]] = []
        took: list[tuple[str, int]] = []
        for i, action in enumerate(self.history):
            st = hand._state
            actor, before, table, up = st.to_act, len(st.stock), st.tables[o], st.upcard
            hand._state.apply(action)
            st = hand._state
            if actor == o:
                if action < 48:                  # a card played: from the hand (< 24) or the table
                    code = hand.action_to_string(action % 24)
                    gone.append(code)
                    if action < 24:
                        shown.append((code, i))
                elif action < 60:                # a meld: its new cards go to the table
                    shown.extend((PINOCHLE.code(bit), i) for bit in _bits(st.tables[o] & ~table))
                elif action == 60:               # the dix for the upcard
                    dix = "9" + "SHDC"[st.trump]
                    shown.append((dix, i))
                    gone.append(dix)
                    took.append((PINOCHLE.code(up), i))
            after = len(st.stock)
            if after < before:                   # the winner drew, then the loser
                w = st.last_winner
                for k in range(before - after):
                    if (w if k == 0 else 1 - w) == o:
                        draws.append((i, 23 - before + k))
                if after == 0 and before == 1 and w != o:
                    took.append((PINOCHLE.code(up), i))   # the last stock card to the winner, the upcard to o
        return shown, gone, draws, took

    def resample(self, seat: int, seed: int) -> "SteppedHand":
        """A copy in which every card ``seat`` cannot see (the opponent's cards off the table,
        the face-down stock and its order) is redealt uniformly at random among the deals
        consistent with all the seat has seen.  The stock phase proves nothing card by card,
        but whether the opponent had a meld to make after a trick it won shows in the history
        (a ``draw`` it chose, or none), so a resample (the core's uniform deal of the hidden
        cards, and a uniform order in which the opponent got its cards, each card it showed
        got before it showed it) is replayed and kept only when the seat's observation is
        the same: exact, by rejection.  In the last 12 tricks nothing is hidden: a copy.
        IllegalMoveError for a seat out of range or a hand that is over."""
        import random
        seat = self._check_seat(seat)
        if self.phase == "done":
            raise IllegalMoveError("the hand is over: nothing is hidden to resample")
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
            raise IllegalMoveError(f"a resample seed is an integer, got {seed!r}")
        if self.phase == "play":
            return self.clone()
        o = 1 - seat
        obs = self.observation(seat)
        shown, gone, draws, took = self._events(seat)
        fixed = 0
        for code, _ in took:  # the upcard it took is in its hand, unless it has played that card since
            if code not in gone:
                bit = PINOCHLE.parse_code(code)
                pair = self._state.hands[o] & ~self._state.tables[o] & (3 << bit)
                fixed |= pair & -pair
        rng = random.Random(int(seed))
        deal = self.deal
        for attempt in range(TRIES):
            state, _ = self._state.resample(seat, (int(seed) * 1000003 + attempt) & 0xFFFFFFFFFFFFFFFF, fixed)
            world = self._world_deal(state, seat, shown, gone, draws, took, rng, deal)
            if world is None:
                continue
            try:
                hand = type(self).from_deal(self.rules, world)
                for action in self.history:
                    hand.apply(action)
            except CardsimError:
                continue
            if hand.observation(seat) == obs:
                return hand
        raise IllegalMoveError(f"resample: no consistent deal found in {TRIES} draws (the opponent's meld "
                               "decisions rule out almost every deal)")

    def _world_deal(self, state: Any, seat: int, shown: list[tuple[str, int]], gone: list[str],
                    draws: list[tuple[int, int]], took: list[tuple[str, int]], rng: Any,
                    deal: dict[str, Any]) -> dict[str, Any] | None:
        """A deal for the resampled ``state``: the cards the opponent got from the deal or a
        draw (held now, or gone, less the upcard it took) in its 12 dealt places and its draws,
        each card it showed in a place it got before showing it, uniformly (the places a card
        may take are nested by time: the earliest shown first); None if no order fits."""
        o = 1 - seat
        pool = str(CardSet(state.hands[o], PINOCHLE)).split() + gone
        spare = dict(took)   # an upcard it took may be the copy it shows after taking it
        for code, _ in took:
            if code not in pool:
                return None
            pool.remove(code)
        slots = [-1] * 12 + [when for when, _ in draws]   # when each place's card came (-1: dealt)
        if len(pool) != len(slots):
            return None
        content: list[str] = [""] * len(slots)
        for code, when in sorted(shown, key=lambda e: e[1]):
            if code not in pool and spare.get(code, len(self.history)) < when:
                del spare[code]
                continue
            free = [k for k, t in enumerate(slots) if t < when and not content[k]]
            if not free or code not in pool:
                return None
            content[rng.choice(free)] = code
            pool.remove(code)
        rng.shuffle(pool)
        for k in range(len(slots)):
            if not content[k]:
                content[k] = pool.pop()
        stock = deal["stock"].split()
        for (_, index), code in zip(draws, content[12:]):
            stock[index] = code
        left = [PINOCHLE.code(b) for b in state.stock]
        if left:
            stock[23 - len(left):] = left
        hands = list(deal["hands"])
        hands[o] = " ".join(content[:12])
        return {**deal, "hands": hands, "stock": " ".join(stock)}

    # -- what is on the table ---------------------------------------------------
    @property
    def redeals(self) -> int:
        """Two-hand pinochle never redeals."""
        return 0

    @property
    def trump(self) -> str:
        return SUITS[self._state.trump]

    @property
    def upcard(self) -> str | None:
        """The turned-up trump card under the stock (a dix after an exchange); None once taken."""
        bit = self._state.upcard
        return None if bit < 0 else PINOCHLE.code(bit)

    def extra_rows(self) -> list[tuple[str, CardSet]]:
        """What `cardsim deal` shows besides the seats' hands: the turned-up trump card."""
        return [("upcard", CardSet(self.upcard, PINOCHLE))] if self.upcard else []

    @property
    def stock_left(self) -> int:
        """Face-down cards still in the stock."""
        return len(self._state.stock)

    @property
    def tables(self) -> tuple[CardSet, ...]:
        """Each seat's melded cards still on the table (playable as if in hand)."""
        return tuple(CardSet(mask, PINOCHLE) for mask in self._state.tables)

    @property
    def meld(self) -> list[int]:
        """Meld points scored so far per seat (dix scores included)."""
        return self._state.meld

    @property
    def melds(self) -> list[int]:
        """Melds declared so far per seat."""
        return self._state.melds

    @property
    def exchanged(self) -> int | None:
        seat = self._state.exchanged
        return None if seat < 0 else seat

    @property
    def trick_points(self) -> list[int]:
        return self._state.trick_points

    @property
    def scores(self) -> list[int]:
        return self._state.score

    @property
    def last_winner(self) -> int | None:
        """The seat that won the last trick played; None before the first."""
        seat = self._state.last_winner
        return None if seat < 0 else seat

    # -- moves ------------------------------------------------------------------------
    def legal_plays(self) -> list[tuple[str, bool]]:
        """The legal moves as ``(card, from_table)`` pairs: a card melded on the table and its
        twin held in hand are two moves, e.g. ``[('9H', False), ('9H', True), ...]``."""
        self._expect(*self.PLAY_PHASES)
        moves = [(bit, False) for bit in _bits(self._state.legal_hand_mask())]
        moves += [(bit, True) for bit in _bits(self._state.legal_table_mask())]
        return sorted((PINOCHLE.code(bit), side) for bit, side in moves)

    def play(self, card: str, from_table: bool | None = None) -> None:
        """The player to act plays ``card``; ``from_table`` says which copy.

        ``True`` plays the copy melded on the table, ``False`` one held off the table (a
        one-line IllegalMoveError, the hand unchanged, when there is none).  ``None`` (the
        default) plays the copy a careful player would, the heuristic's: the melded copy, so
        that its fresh twin stays free for new melds and nothing new is shown; but while the
        stock lasts an unscored dix in hand goes before a scored one on the table (it scores
        ``meld_dix``; keeping it for a later exchange is ``from_table=True``).  With one copy
        held, or both on the same side, there is nothing to choose (of two on the table, the
        one that has served in more meld kinds is played).
        """
        if from_table is not None and not isinstance(from_table, bool):
            raise IllegalMoveError(f"from_table must be True, False or None, not {from_table!r}")
        code = self.legal_bit(card) & ~1
        action = 6 * (code >> 4) + ((code & 15) >> 1)
        if from_table is None:
            from_table = bool(self._state.better_move(code) & _core.TWO_HAND_FROM_TABLE)
        seat = self._state.to_act
        if from_table and not self._state.legal_table_mask() >> code & 1:
            raise IllegalMoveError(f"no {PINOCHLE.code(code)} of seat {seat} on the table; "
                                   f"on the table: {self.tables[seat] or 'nothing'}")
        if not from_table and not self._state.legal_hand_mask() >> code & 1:
            raise IllegalMoveError(f"no {PINOCHLE.code(code)} of seat {seat} in hand off the table; "
                                   f"play it with from_table=True")
        self.apply(action + TABLE_ACTION if from_table else action)

    def legal_melds(self) -> list[str]:
        """Melds the player to act may declare now (names of DECLARATIONS); empty outside the meld phase."""
        mask = self._state.legal_melds() if self.phase == "meld" else 0
        return [name for i, name in enumerate(DECLARATIONS) if mask >> i & 1]

    def declare(self, meld: str) -> None:
        """The winner of the trick declares one meld, e.g. ``'run'``, ``'marriage_H'``, ``'queens'``.

        When nothing is left to do after it (no dix exchange possible), both players draw at once.
        """
        self._expect("meld")
        legal = self.legal_melds()
        if meld not in legal:
            raise IllegalMoveError(f"meld {meld!r} is not legal now; legal: {', '.join(legal) or 'none'}")
        self.apply(DECLARE_ACTION + DECLARATIONS.index(meld))

    def can_exchange(self) -> bool:
        return self.phase == "meld" and self._state.can_exchange()

    def exchange_dix(self) -> None:
        """The winner of the trick exchanges a dix for the turned-up trump card (+ meld_dix).

        When nothing is left to do after it (meld declared or none legal), both players draw at once.
        """
        self._expect("meld")
        if not self._state.can_exchange():
            raise IllegalMoveError("no dix exchange now: it needs an unscored dix in hand and a turned-up card "
                                   "that is not a dix")
        self.apply(EXCHANGE_ACTION)

    def draw(self) -> None:
        """The winner ends its melding: the winner draws, then the loser."""
        self._expect("meld")
        self.apply(DRAW_ACTION)

    def result(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "trump": self.trump, "meld": self.meld, "melds": self.melds,
                "exchanged": self.exchanged, "trick_points": self.trick_points, "scores": self.scores}
