"""Type stub of cardsim.spades.games (games.pyx), a module of the private compiled core.

Use cardsim.Game instead; the Python layer imports these names through cardsim._core."""
from typing import Any, Mapping, Sequence

import numpy as np
import numpy.typing as npt
from cardsim._games import GameKind

SP_GAME_DTYPE: np.dtype[np.void]
SP_TOURNAMENT_DTYPE: np.dtype[np.void]
def simulate_spades_games(rules: Mapping[str, Any], seed: int, start: int, records: npt.NDArray[np.void],
                          policies: Sequence[str], threads: int = ...) -> None: ...

# whole games: the hooks of the batch driver (cardsim._games), each hand's deal
def spades_game_kind(rules: Mapping[str, Any], policies: Sequence[str]) -> GameKind: ...
def spades_hand_deals(rules: Mapping[str, Any], seed: int, start: int, out: npt.NDArray[np.uint64],
                      dealers: npt.NDArray[np.int8], policies: Sequence[str], threads: int = ...) -> None: ...
def spades_game_odds(rules: Mapping[str, Any], hand: int, seat: int, dealer: int, scores: Sequence[int], blind: bool,
                     codes: Sequence[int], seed: int, start: int, out: npt.NDArray[np.int8], policies: Sequence[str],
                     threads: int = ..., bags: Sequence[int] | None = ...,
                     blind6_used: Sequence[int] | None = ...) -> None: ...
