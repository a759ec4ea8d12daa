"""Type stub of cardsim.spades.odds (odds.pyx), a module of the private compiled core.

Use cardsim.Game instead; the Python layer imports these names through cardsim._core."""
from typing import Any, Mapping, Sequence

import numpy as np
import numpy.typing as npt

def spades_odds(rules: Mapping[str, Any], hand: int, seat: int, dealer: int, scores: Sequence[int], blind: bool,
                codes: Sequence[int], seed: int, start: int, out: npt.NDArray[np.int16], policies: Sequence[str],
                threads: int = ...) -> None: ...
def spades_odds_deals(rules: Mapping[str, Any], hand: int, seat: int, dealer: int, blind: bool, seed: int, start: int,
                      out: npt.NDArray[np.uint64]) -> None: ...
def spades_nil_exposure(hand: int) -> list[int]: ...
