"""Chosen deals: every place's cards checked against the deck, as physical masks for the core.

A deal names each seat's cards and the game's other places (widow, kitty, dummy ...).
Pinochle holds two copies of every card: when both copies are dealt, the first place
named gets copy 0 and the next copy 1 (which copy is where never matters to play).
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..cards import CardSet, Deck
from ..errors import CardError


def card_sets(places: Sequence[tuple[str, Any, int]], deck: Deck) -> list[CardSet]:
    """Parse each ``(name, cards, size)`` place; one-line CardError for a wrong size.

    ``size`` None accepts any number of cards.
    """
    sets = []
    for name, cards, size in places:
        cs = cards if isinstance(cards, CardSet) else CardSet(cards, deck)
        if size is not None and len(cs) != size:
            raise CardError(f"{name} must hold {size} cards, got {len(cs)}")
        sets.append(cs)
    return sets


def physical_masks(names: Sequence[str], sets: Sequence[CardSet], deck: Deck, *, complete: bool = True) -> list[int]:
    """Physical masks of ``sets`` that together use each physical card at most once.

    CardError (one line) for a card dealt more often than the deck holds it, or, with
    ``complete``, for cards of the deck that no place holds.
    """
    used = 0
    masks = []
    for name, cs in zip(names, sets):
        mask = 0
        for code in cs:
            bit = deck.parse_code(code)
            for copy in range(deck.copies):
                b = bit + copy
                if not (used | mask) >> b & 1:
                    mask |= 1 << b
                    break
            else:
                raise CardError(f"{code} is dealt more often than the deck holds it (again in {name})")
        used |= mask
        masks.append(mask)
    if complete and used != deck.full_mask:
        missing = CardSet(deck.full_mask & ~used, deck)
        raise CardError(f"the deal leaves out {missing}: every card of the deck must be dealt")
    return masks


#: The most deals a hand may have thrown in before its own (the cores' CP_MAX_REDEALS and
#: EU_MAX_REDEALS: one more all-pass ends the hand with no contest).
MAX_REDEALS = 1000


def deal_redeals(deal: Mapping[str, Any]) -> int:
    """The ``redeals`` of a chosen deal (deals thrown in before it; default 0); one-line CardError
    unless an integer 0..MAX_REDEALS."""
    redeals = deal.get("redeals", 0)
    if isinstance(redeals, bool) or not isinstance(redeals, int) or not 0 <= redeals <= MAX_REDEALS:
        raise CardError(f"a deal's 'redeals' (deals thrown in before it) is an integer 0..{MAX_REDEALS}, got {redeals!r}")
    return redeals


def deal_hands(deal: Mapping[str, Any], seats: int) -> Sequence[Any]:
    """The ``hands`` of a chosen deal, one per seat; one-line CardError otherwise."""
    hands = deal.get("hands")
    if not isinstance(hands, (list, tuple)) or len(hands) != seats:
        raise CardError(f"a deal gives 'hands': one set of cards for each of the {seats} seats")
    return hands
