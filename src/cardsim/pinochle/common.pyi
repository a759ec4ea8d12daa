"""Type stub of cardsim.pinochle.common (common.pyx), a module of the private compiled core.

Use cardsim.Game instead; the Python layer imports these names through cardsim._core."""
from typing import Any, Mapping

import numpy as np
import numpy.typing as npt

MELD_NAMES: tuple[str, ...]
#: The six pinochle ranks, low to high ("9JQKTA").
PINOCHLE_RANKS: str
def parse_card_points(text: str) -> list[int]: ...
def pinochle_meld_breakdown(cards: int, trump: int, rules: Mapping[str, Any]) -> tuple[list[int], int]: ...
def pinochle_meld_many(hands: npt.NDArray[np.uint64], trumps: npt.NDArray[np.int8], rules: Mapping[str, Any],
                       out: npt.NDArray[np.int32], threads: int = ...) -> None: ...
def pinochle_card_name(action: int) -> str: ...
def pinochle_auction_action_name(action: int, min_bid: int) -> str | None: ...
