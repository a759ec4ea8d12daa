"""Each hand's deal for hand batches, on request (``Game.simulate(n, deals=True)``, CLI
``--deals FILE``): every seat's cards and the game's other places as card masks, one row per
hand, so an analyst can slice a batch's results by what was held.

Row ``i`` is the deal hand ``i`` of the batch played: the core deals it again on the hand's
stream and, where an auction or bidding can end in a redeal (pinochle all passed, euchre
all passing twice), steps that phase with the batch's players up to the deal that was
played.  Masks are in the core's card bits, which ``Game(name).cards(mask)`` reads (pinochle:
each physical copy its own bit).
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

import numpy as np

from . import _core

#: game -> (the core's deal writer, places after the seats' hands)
PLACES: dict[str, tuple[Callable[..., None], tuple[str, ...]]] = {
    "cutthroat-pinochle": (_core.cutthroat_pinochle_hand_deals, ("widow",)),
    "partnership-pinochle": (_core.partnership_pinochle_hand_deals, ()),
    "two-hand-pinochle": (_core.two_hand_pinochle_hand_deals, ("upcard", "stock")),
    "euchre": (_core.euchre_hand_deals, ("upcard", "kitty")),
    "cutthroat-euchre": (_core.euchre_hand_deals, ("upcard", "kitty", "dummy")),
    "cutthroat-spades": (_core.spades_hand_deals, ()),
    "spades": (_core.spades_hand_deals, ()),
}


def deals_dtype(name: str, seats: int) -> np.dtype:
    """``dealer`` (of the deal played), ``hands`` (one mask per seat), then the game's places."""
    return np.dtype([("dealer", "i1"), ("hands", "u8", (seats,)), *((place, "u8") for place in PLACES[name][1])])


def hand_deals(name: str, rules: Mapping[str, Any], seats: int, policies: Sequence[str], seed: int, start: int,
               n: int, threads: int = 1) -> np.ndarray:
    """The deals of hands ``start .. start+n-1`` of the hand batch keyed by ``seed``."""
    writer, places = PLACES[name]
    masks = np.zeros((n, seats + len(places)), dtype=np.uint64)
    dealers = np.zeros(n, dtype=np.int8)
    if name in ("euchre", "cutthroat-euchre"):
        writer(rules, seats, seed, start, masks, dealers, list(policies), threads)
    else:
        writer(rules, seed, start, masks, dealers, list(policies), threads)
    out = np.zeros(n, dtype=deals_dtype(name, seats))
    out["dealer"] = dealers
    out["hands"] = masks[:, :seats]
    for k, place in enumerate(places):
        out[place] = masks[:, seats + k]
    return out
