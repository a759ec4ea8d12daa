"""Type stub of cardsim.solver._pimc (PIMC and oracle card play in the core's batches)."""
from typing import Any, Sequence

import numpy as np
import numpy.typing as npt

from cardsim._contract import GameState
from cardsim._games import GameKind

KINDS: dict[str, int]
EVALS: dict[str, int]

def simulate_euchre_pimc(rules: Any, seats: int, seed: int, start: int, records: npt.NDArray[Any],
                         policy_seats: Sequence[tuple[Any, ...]], threads: int = ...) -> None: ...
def simulate_spades_pimc(rules: Any, seed: int, start: int, records: npt.NDArray[Any],
                         policy_seats: Sequence[tuple[Any, ...]], threads: int = ...) -> None: ...
def simulate_games_pimc(kind: GameKind, seed: int, start: int, records: npt.NDArray[Any],
                        policy_seats: Sequence[tuple[Any, ...]], threads: int = ..., dealer: int = ...) -> None: ...
def simulate_hand_scores_pimc(kind: GameKind, seed: int, start: int, hands: npt.NDArray[Any],
                              policy_seats: Sequence[tuple[Any, ...]], threads: int = ...,
                              dealer: int = ...) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int32],
                                                          npt.NDArray[np.int32]]: ...
def euchre_odds_pimc(rules: Any, seats: int, hand: int, upcard: int, seat: int, dealer: int, seed: int,
                     start: int, out: npt.NDArray[np.int16], policy_seats: Sequence[tuple[Any, ...]],
                     threads: int = ...) -> None: ...
def spades_odds_pimc(rules: Any, hand: int, seat: int, dealer: int, scores: Sequence[int], blind: bool,
                     codes: Sequence[int], seed: int, start: int, out: npt.NDArray[np.int16],
                     policy_seats: Sequence[tuple[Any, ...]], threads: int = ...) -> None: ...
def pimc_decision(state: GameState, policy_seat: tuple[Any, ...], key: int) -> int: ...
def policy_seed(policy_seats: Sequence[tuple[Any, ...]]) -> int: ...
def decision_key(pseed: int, seed: int, index: int, n_played: int, seat: int) -> int: ...
