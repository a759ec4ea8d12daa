"""Type stub of cardsim.spades.spades (spades.pyx), a module of the private compiled core.

Use cardsim.Game instead; the Python layer imports these names through cardsim._core."""
from typing import Any, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from cardsim._contract import GameState

#: Bid kinds, SP_BID_* order (a bid code is kind << 5 | tricks).
SP_BID_KIND_NAMES: tuple[str, ...]
#: Names of the special bid actions, in action order (kinds 1..6).
SPADES_SPECIAL_BIDS: tuple[str, ...]
SP_RECORD_DTYPE: np.dtype[np.void]
def spades_table(rules: Mapping[str, Any]) -> tuple[int, int, int, bool, bool]: ...
def spades_record_dtype(seats: int, base: np.dtype[np.void] | None = ...) -> np.dtype[np.void]: ...
def simulate_spades(rules: Mapping[str, Any], seed: int, start: int, records: npt.NDArray[np.void],
                    policies: Sequence[str], threads: int = ...) -> None: ...
def spades_score(rules: Mapping[str, Any], codes: Sequence[int], tricks: Sequence[int], won: Sequence[int],
                 bags_before: Sequence[int]) -> dict[str, list[Any]]: ...


class SpadesState(GameState):
    def __init__(self, rules: Mapping[str, Any], seed: int, dealer: int, stream: int = ...,
                 scores: Sequence[int] | None = ..., bags: Sequence[int] | None = ...,
                 blind6_used: Sequence[int] | None = ...) -> None: ...
    def action_to_string(self, action: int) -> str: ...
    def resample(self, seat: int, seed: int) -> tuple["SpadesState", list[tuple[int, int]]]: ...
    def policy_step(self, policy: str) -> None: ...
    def set_hands(self, hands: Sequence[int]) -> None: ...
    def next_hand(self, dealer: int) -> None: ...
    def game_winner(self) -> int: ...
    def legal_bids(self) -> list[int]: ...
    def bid_legal(self, code: int) -> bool: ...
    def bid(self, code: int) -> None: ...
    def legal_mask(self) -> int: ...
    def play(self, card: int) -> None: ...
    seats: int
    hand_size: int
    phase: str
    to_act: int
    dealer: int
    hands: tuple[int, ...]
    won: tuple[int, ...]
    bids: list[int]
    kinds: list[int]
    broken: bool
    trick: list[tuple[int, int]]
    leader: int
    first_leader: int
    tricks_played: int
    last_winner: int
    tricks: list[int]
    game_scores: list[int]
    game_bags: list[int]
    blind6_used: list[int]
    score: list[int]
    bags: list[int]
    bags_after: list[int]
    bag_penalty: list[int]
    prize: list[int]
    made: list[bool]

# the learned bid tables (spades/players.pxd)
def spades_estimate(rules: Mapping[str, Any], hand: int) -> int: ...
def set_spades_bid_table(shape: int, cuts: Sequence[int] | None, nil: Sequence[int] | None = ...) -> None: ...
def spades_bid_tables() -> dict[int, list[int] | None]: ...
def spades_nil_limits() -> dict[int, list[int]]: ...
def _load_spades_bid_tables() -> None: ...
