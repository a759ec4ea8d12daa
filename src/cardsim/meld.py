"""Pinochle meld: the breakdown of one hand in one trump suit."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from . import _core
from .cards import PINOCHLE, SUITS, CardSet, parse_suit

#: Meld names in the order of RULES.md's table; each is configurable as ``meld_<name>``.
MELD_NAMES: tuple[str, ...] = tuple(_core.MELD_NAMES)


@dataclass(frozen=True)
class Meld:
    """What one hand melds in one trump: how many of each meld, their points, the total.

    >>> from cardsim import Game
    >>> meld = Game("cutthroat-pinochle").meld("AS TS KS QS JS QS JD 9S AH AD AC", trump="S")
    >>> meld.total, meld.counts["run"], meld.counts["aces"], meld.counts["pinochle"]
    (30, 1, 1, 1)
    >>> print(meld)
    run             1 x 15 = 15
    dix             1 x  1 =  1
    aces            1 x 10 = 10
    pinochle        1 x  4 =  4
    total                    30
    """

    cards: CardSet
    trump: str
    counts: Mapping[str, int]
    points: Mapping[str, int]
    total: int

    def __str__(self) -> str:
        lines = [
            f"{name:<15} {n} x {self.points[name] // n:>2} = {self.points[name]:>2}"
            for name, n in self.counts.items()
            if n
        ]
        lines.append(f"{'total':<24} {self.total:>2}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "cards": str(self.cards),
            "trump": self.trump,
            "counts": {k: v for k, v in self.counts.items() if v},
            "points": {k: v for k, v in self.points.items() if v},
            "total": self.total,
        }


def pinochle_meld(cards: CardSet | str, trump: str | int, rules: Mapping[str, Any]) -> Meld:
    """Meld of ``cards`` (any number, pinochle deck) in ``trump`` under ``rules``' meld values."""
    hand = cards if isinstance(cards, CardSet) else CardSet(cards, PINOCHLE)
    suit = trump if isinstance(trump, int) else parse_suit(trump)
    counts, total = _core.pinochle_meld_breakdown(hand.mask, suit, rules)
    by_name = dict(zip(MELD_NAMES, counts))
    points = {name: n * int(rules["meld_" + name]) for name, n in by_name.items()}
    return Meld(hand, SUITS[suit], by_name, points, total)
