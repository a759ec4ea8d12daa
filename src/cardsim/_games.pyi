"""Type stub of cardsim._games (see _games.pxd / _games.pyx and docs/whole-games.md): the one
batch driver of whole games."""
from typing import Any

import numpy as np
import numpy.typing as npt

class GameKind:
    """One game under one set of rules and policies, filled by the game's ``*_game_kind``."""
    name: str
    record_dtype: np.dtype[np.void]
    @property
    def seats(self) -> int: ...
    @property
    def sides(self) -> int: ...
    @property
    def target(self) -> int: ...
    @property
    def max_hands(self) -> int: ...

def simulate_games(kind: GameKind, seed: int, start: int, records: npt.NDArray[np.void], threads: int = ...,
                   dealer: int = ...) -> None: ...
TOURNAMENT_DTYPE: np.dtype[np.void]

def tournament_bytes(kind: GameKind, records: npt.NDArray[np.void], wins_needed: int) -> npt.NDArray[np.uint8]: ...
def simulate_tournaments(kind: GameKind, seed: int, start: int, records: npt.NDArray[np.void], wins_needed: int,
                         threads: int = ...) -> None: ...
def game_row_offsets(hands: Any) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]: ...
def hand_score_rows(kind: GameKind, hands: Any) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64],
                                                     npt.NDArray[np.int8], npt.NDArray[np.int32],
                                                     npt.NDArray[np.int32]]: ...
def simulate_hand_scores(kind: GameKind, seed: int, start: int, hands: Any, threads: int = ...,
                         dealer: int = ...) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int32],
                                                     npt.NDArray[np.int32]]: ...
def simulate_hand_histories(kind: GameKind, seed: int, start: int, n: int, threads: int = ...) -> tuple[
    npt.NDArray[np.int32], npt.NDArray[np.int16], npt.NDArray[np.int8], npt.NDArray[np.uint64],
    npt.NDArray[np.int32]]: ...
def simulate_game_histories(kind: GameKind, seed: int, start: int, hands: Any, threads: int = ...,
                            dealer: int = ...) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int16],
                                                        npt.NDArray[np.int8], npt.NDArray[np.uint64],
                                                        npt.NDArray[np.int32]]: ...
