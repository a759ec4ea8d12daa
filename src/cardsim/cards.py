"""Cards and card sets as 64-bit masks.

Encoding (shared with the compiled core)
----------------------------------------
Every deck gives each suit a fixed 16-bit lane: spades bits 0-15, hearts 16-31,
diamonds 32-47, clubs 48-63 (suit index 0..3 in the order ``S H D C``).  Inside a
lane, a card of rank index ``r`` (0 = lowest in that game's own order) and copy
``c`` sits at bit ``16*suit + r*copies + c``:

* pinochle: ranks ``9 J Q K T A`` (index 0..5, the game's order, T above K), two
  copies each, so rank ``r`` owns the bit pair ``2r, 2r+1``;
* euchre:   ranks ``9 T J Q K A``, one copy;
* spades:   ranks ``2 .. A`` (index 0..12), one copy; the jokers are spades
  above the ace: J3 bit 13, J2 bit 14, J1 bit 15.

A higher bit in a lane is always a higher card, so "the cards that beat rank r"
is one shift.  Pinochle duplicates are physical: a dealt hand may hold copy 1 of
a card without copy 0.  A ``CardSet`` is a multiset (count 0, 1 or 2 per
pinochle card) and keeps its mask canonical (copy 1 only where copy 0 is set),
so two sets with the same counts compare equal.
"""
from __future__ import annotations

import numbers
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Iterator, Union

from .errors import CardError


SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
LANE_BITS = 16
JOKERS = ("J1", "J2", "J3")

_TOKEN_SPLIT = re.compile(r"[\s,]+")


@dataclass(frozen=True)
class Deck:
    """The cards one game uses and where each sits in the 64-bit mask."""

    name: str
    ranks: str  # rank characters, lowest first, in the game's own order
    copies: int  # 1, or 2 for pinochle
    jokers: int = 0  # spades jokers above the ace (0..3)
    removed: tuple[str, ...] = ()  # cards taken out of the full deck (e.g. 2C)

    def bit(self, rank: int, suit: int, copy: int = 0) -> int:
        """Bit index of a card; ``rank`` is the index into ``self.ranks``."""
        return LANE_BITS * suit + rank * self.copies + copy

    @cached_property
    def full_mask(self) -> int:
        """Every physical card of the deck (computed once per deck)."""
        mask = 0
        for suit in range(4):
            for rank in range(len(self.ranks)):
                for copy in range(self.copies):
                    mask |= 1 << self.bit(rank, suit, copy)
        for j in range(self.jokers):
            mask |= 1 << (15 - j)
        for bit in self._removed_bits():
            mask &= ~(1 << bit)
        return mask

    def _removed_bits(self) -> list[int]:
        full = Deck(self.name, self.ranks, self.copies, self.jokers)
        return [full.parse_code(code) for code in self.removed]

    @property
    def size(self) -> int:
        return bin(self.full_mask).count("1")

    def with_changes(self, *, jokers: int | None = None, removed: tuple[str, ...] | None = None) -> "Deck":
        return Deck(
            self.name,
            self.ranks,
            self.copies,
            self.jokers if jokers is None else jokers,
            self.removed if removed is None else removed,
        )

    def parse_code(self, token: str) -> int:
        """Bit of copy 0 of the card named by ``token`` (raises ``CardError``)."""
        if not isinstance(token, str):
            raise CardError(f"a card is a code like 'AS' or '10H', got {token!r}")
        text = token.strip().upper()
        for sym, letter in zip(SUIT_SYMBOLS, SUITS):
            text = text.replace(sym, letter)
        if text in JOKERS:
            j = JOKERS.index(text)
            if j >= self.jokers:
                raise CardError(f"card {token!r} is not in the {self.label} deck")
            return 15 - j
        if len(text) < 2 or text[-1] not in SUITS:
            raise CardError(
                f"malformed card code {token!r}: expected a rank (A K Q J T 10 9 .. 2) "
                f"and a suit (S H D C), e.g. 'AS' or '10H'"
            )
        rank_text, suit = text[:-1], SUITS.index(text[-1])
        if rank_text == "10":
            rank_text = "T"
        if len(rank_text) != 1 or rank_text not in "AKQJT98765432":
            raise CardError(
                f"malformed card code {token!r}: rank must be one of A K Q J T 10 9 8 7 6 5 4 3 2"
            )
        if rank_text not in self.ranks:
            raise CardError(
                f"card {token!r} is not in the {self.label} deck (ranks {' '.join(reversed(self.ranks))})"
            )
        bit = self.bit(self.ranks.index(rank_text), suit)
        if self.removed and bit in self._removed_bits():
            raise CardError(f"card {token!r} is not in the {self.label} deck (removed)")
        return bit

    def code(self, bit: int) -> str:
        """Card code of a bit (either copy)."""
        suit, pos = divmod(bit, LANE_BITS)
        if self.jokers and suit == 0 and pos >= 13:
            return JOKERS[15 - pos]
        return self.ranks[pos // self.copies] + SUITS[suit]

    @property
    def label(self) -> str:
        extra = f" with {self.jokers} jokers" if self.jokers else ""
        return f"{self.name} ({self.size} cards{extra})"


PINOCHLE = Deck("pinochle", "9JQKTA", 2)
EUCHRE = Deck("euchre", "9TJQKA", 1)
SPADES = Deck("spades", "23456789TJQKA", 1)

#: Copy-0 bits of every pinochle card (bit pattern 01 in each pair).
PINOCHLE_COPY0 = 0x0555_0555_0555_0555


def canonical_pinochle(mask: int) -> int:
    """Same counts, copy 1 only where copy 0 is set."""
    one = (mask | (mask >> 1)) & PINOCHLE_COPY0
    two = (mask & (mask >> 1)) & PINOCHLE_COPY0
    return one | (two << 1)


CardLike = Union["CardSet", str, int, Iterable[str]]


class CardSet:
    """A set of cards (a multiset for pinochle) over one 64-bit mask.

    >>> hand = CardSet("AS AS TS KH QH 9D", PINOCHLE)
    >>> len(hand), hand.count("AS"), "KH" in hand, "JD" in hand
    (6, 2, True, False)
    >>> str(hand)
    'AS AS TS KH QH 9D'
    >>> str(hand - CardSet("AS KH", PINOCHLE))
    'AS TS QH 9D'
    >>> CardSet("2S", PINOCHLE)
    Traceback (most recent call last):
    ...
    cardsim.errors.CardError: card '2S' is not in the pinochle (48 cards) deck (ranks A T K Q J 9)
    """

    __slots__ = ("mask", "deck")
    mask: int
    deck: Deck

    def __init__(self, cards: CardLike = 0, deck: Deck = PINOCHLE) -> None:
        self.deck = deck
        if isinstance(cards, CardSet):
            self._check_deck(cards)
            self.mask = cards.mask
        elif isinstance(cards, numbers.Integral) and not isinstance(cards, bool):
            cards = int(cards)
            if cards < 0 or cards & ~deck.full_mask:
                raise CardError(f"mask {cards:#x} has bits outside the {deck.label} deck")
            self.mask = canonical_pinochle(cards) if deck.copies == 2 else cards
        elif isinstance(cards, str):
            tokens = _TOKEN_SPLIT.split(cards.strip())
        elif isinstance(cards, Iterable) and not isinstance(cards, (bytes, bool)):
            tokens = list(cards)
        else:
            raise CardError(f"cards must be codes like 'AS TS 9D', a list of codes, a CardSet or a mask, "
                            f"got {cards!r}")
        if not isinstance(cards, (CardSet, int)):
            self.mask = 0
            for token in tokens:
                if token or not isinstance(token, str):  # a non-code (None, 3) is a CardError
                    self.mask = self._add_one(self.mask, token)

    def _add_one(self, mask: int, token: str) -> int:
        bit = self.deck.parse_code(token)
        if not mask >> bit & 1:
            return mask | 1 << bit
        if self.deck.copies == 2 and not mask >> (bit + 1) & 1:
            return mask | 1 << (bit + 1)
        what = "a third copy of" if self.deck.copies == 2 else "a second copy of"
        raise CardError(f"{what} {token!r}: the {self.deck.label} deck has only {self.deck.copies}")

    def _check_deck(self, other: "CardSet") -> None:
        if other.deck.name != self.deck.name:
            raise CardError(f"cannot mix {self.deck.name} and {other.deck.name} cards")

    def _coerce(self, other: CardLike) -> "CardSet":
        return other if isinstance(other, CardSet) else CardSet(other, self.deck)

    def _new(self, mask: int) -> "CardSet":
        out = CardSet.__new__(CardSet)
        out.mask, out.deck = mask, self.deck
        return out

    # -- protocol ---------------------------------------------------------
    def __iter__(self) -> Iterator[str]:
        """Codes by suit (S H D C), high rank first; a duplicate appears twice."""
        for suit in range(4):
            lane = (self.mask >> (LANE_BITS * suit)) & 0xFFFF
            for pos in range(15, -1, -1):
                if lane >> pos & 1:
                    yield self.deck.code(LANE_BITS * suit + pos)

    def __len__(self) -> int:
        return bin(self.mask).count("1")

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, code: object) -> bool:
        """Whether the set holds at least one copy of the card ``code`` (False for a non-card)."""
        try:
            return isinstance(code, str) and self.count(code) > 0
        except CardError:
            return False

    def count(self, code: str) -> int:
        """Copies of one card in the set (0, 1 or 2)."""
        bit = self.deck.parse_code(code)
        return sum((self.mask >> (bit + c)) & 1 for c in range(self.deck.copies))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.deck.name == other.deck.name and self.mask == other.mask
        if isinstance(other, (str, list, tuple)):
            try:
                return self == self._coerce(other)
            except CardError:
                return False
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.deck.name, self.mask))

    def __or__(self, other: CardLike) -> "CardSet":
        """Union: the larger count of each card."""
        return self._new(self.mask | self._coerce(other).mask)

    def __and__(self, other: CardLike) -> "CardSet":
        """Intersection: the smaller count of each card."""
        return self._new(self.mask & self._coerce(other).mask)

    def __sub__(self, other: CardLike) -> "CardSet":
        """Difference: counts subtract, never below zero."""
        b = self._coerce(other).mask
        if self.deck.copies == 1:
            return self._new(self.mask & ~b)
        a1, a2 = self.mask & PINOCHLE_COPY0, (self.mask >> 1) & PINOCHLE_COPY0
        b1, b2 = b & PINOCHLE_COPY0, (b >> 1) & PINOCHLE_COPY0
        r1 = (a1 & ~b1) | (a2 & ~b2)
        r2 = a2 & ~b1
        return self._new(r1 | (r2 << 1))

    def __add__(self, other: CardLike) -> "CardSet":
        """Multiset sum; a third pinochle copy (or a duplicate elsewhere) is an error."""
        out = self._new(self.mask)
        for code in self._coerce(other):
            out.mask = out._add_one(out.mask, code)
        return out

    def issubset(self, other: CardLike) -> bool:
        return not (self - other)

    def issuperset(self, other: CardLike) -> bool:
        return not (self._coerce(other) - self)

    def __le__(self, other: CardLike) -> bool:
        return self.issubset(other)

    def __ge__(self, other: CardLike) -> bool:
        return self.issuperset(other)

    def __str__(self) -> str:
        return " ".join(self)

    def __repr__(self) -> str:
        return f"CardSet({self.mask:#018x}, deck={self.deck.name!r})  # {self}"

    def suit(self, suit: str) -> "CardSet":
        """The cards of one suit (``S``, ``H``, ``D``, ``C`` or a symbol)."""
        index = parse_suit(suit)
        return self._new(self.mask & (0xFFFF << (LANE_BITS * index)))


def parse_suit(text: str) -> int:
    """Suit index 0..3 from ``S H D C``, a symbol or a name."""
    t = str(text).strip().upper()
    for i in range(4):
        if t in (SUITS[i], SUIT_SYMBOLS[i], SUIT_NAMES[i].upper()):
            return i
    raise CardError(f"unknown suit {text!r}: expected one of S H D C (or ♠ ♥ ♦ ♣, spades hearts diamonds clubs)")
