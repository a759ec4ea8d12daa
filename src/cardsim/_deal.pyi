"""Type stub of cardsim._deal (_deal.pyx), a module of the private compiled core.

Use cardsim.Game instead; the Python layer imports these names through cardsim._core."""
from typing import Iterable, Sequence

import numpy as np
import numpy.typing as npt

def constrained_deal(cards: Iterable[int], allowed: Iterable[int], capacities: Sequence[int], seed: int,
                     stream: int = ...) -> npt.NDArray[np.int8]: ...
def constrained_deals(cards: Iterable[int], allowed: Iterable[int], capacities: Sequence[int], seed: int,
                      start: int, out: npt.NDArray[np.int8], threads: int = ..., rows: int = ...) -> None: ...
def constrained_deal_masks(hidden: int, barred: Sequence[int], capacities: Sequence[int], seed: int,
                           stream: int = ...) -> list[int]: ...
def constrained_deal_count(cards: Iterable[int], allowed: Iterable[int], capacities: Sequence[int]) -> float: ...
def plain_deals(capacities: Sequence[int], seed: int, start: int, out: npt.NDArray[np.int8],
                threads: int = ...) -> None: ...
