"""Type stub of cardsim._odds_conditions (_odds_conditions.pyx), a module of the private compiled
core: bid odds conditioned on what the player knows (docs/bid-odds.md, "Conditioning").
Use cardsim.bid_odds instead; the Python layer imports these names through cardsim._core."""
from typing import Any, Mapping, Sequence

import numpy as np
import numpy.typing as npt

class DealConditions:
    def __init__(self, hidden: int, barred: Sequence[int], capacities: Sequence[int], known: Sequence[int],
                 calls: Sequence[int] = ..., check_mask: int = ..., slack: int = ..., max_attempts: int = ...,
                 counts: Sequence[tuple[int, int, int, int]] = ...,
                 melds: Sequence[tuple[int, int, int, int]] = ...) -> None: ...
    @property
    def total(self) -> float: ...
    def with_attempts(self, max_attempts: int) -> DealConditions: ...
def odds_conditioned(game: str, rules: Mapping[str, Any], cond: DealConditions, hand: int, seat: int, dealer: int,
                     seed: int, ids: npt.NDArray[np.int64], out: npt.NDArray[np.int16], tries: npt.NDArray[np.int64],
                     policies: Sequence[str], threads: int = ..., upcard: int = ..., scores: Sequence[int] | None = ...,
                     blind: bool = ..., codes: Sequence[int] | None = ...) -> None: ...
def odds_conditioned_hands(game: str, rules: Mapping[str, Any], cond: DealConditions, hand: int, seat: int,
                           dealer: int, seed: int, ids: npt.NDArray[np.int64], hands: npt.NDArray[np.uint8],
                           tries: npt.NDArray[np.int64], policies: Sequence[str], threads: int = ...,
                           upcard: int = ..., scores: Sequence[int] | None = ..., blind: bool = ...) -> None: ...
def hand_bytes(game: str) -> int: ...
def odds_candidates(game: str, rules: Mapping[str, Any], cond: DealConditions, hand: int, seat: int, dealer: int,
                    seed: int, start: int, deals: npt.NDArray[np.uint64], passed: npt.NDArray[np.uint8],
                    policies: Sequence[str], threads: int = ..., upcard: int = ..., scores: Sequence[int] | None = ...,
                    blind: bool = ...) -> None: ...
