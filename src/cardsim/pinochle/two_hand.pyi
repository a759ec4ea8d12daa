"""Type stub of cardsim.pinochle.two_hand (two_hand.pyx), a module of the private compiled core.

Use cardsim.Game instead; the Python layer imports these names through cardsim._core."""
from typing import Any, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from cardsim._contract import GameState
from cardsim._games import GameKind

#: The hash of the module's sources baked in at build time (a pickle fingerprint's part).
BUILD_ID: str
def two_hand_pinochle_odds(rules: Mapping[str, Any], hand: int, upcard: int, seat: int, dealer: int, seed: int,
                           start: int, out: npt.NDArray[np.int16], policies: Sequence[str],
                           threads: int = ...) -> None: ...
def two_hand_pinochle_odds_deals(hand: int, upcard: int, seat: int, dealer: int, seed: int, start: int,
                                 out: npt.NDArray[np.int8]) -> None: ...
#: Meld kinds (the nine meld_<name> options), TK_* order.
TWO_HAND_KINDS: tuple[str, ...]
#: Declarations (moves of the meld phase), TD_* order.
TWO_HAND_DECLARATIONS: tuple[str, ...]
#: Move flag: ``code | TWO_HAND_FROM_TABLE`` plays the copy melded on the table.
TWO_HAND_FROM_TABLE: int
#: The two-hand contract's action numbering (docs/actions.md): + TABLE for the melded copy,
#: DECLARE + declaration index, EXCHANGE, DRAW.
TWO_HAND_TABLE_ACTION: int
TWO_HAND_DECLARE_ACTION: int
TWO_HAND_EXCHANGE_ACTION: int
TWO_HAND_DRAW_ACTION: int
TH_RECORD_DTYPE: np.dtype[np.void]
def pinochle_meld_counts(cards: int, trump: int) -> list[int]: ...
def simulate_two_hand_pinochle(rules: Mapping[str, Any], seed: int, start: int, records: npt.NDArray[np.void],
                               policies: Sequence[str], threads: int = ...) -> None: ...


class TwoHandPinochleState(GameState):
    def __init__(self, rules: Mapping[str, Any], seed: int, dealer: int, stream: int = ...) -> None: ...
    def action_to_string(self, action: int) -> str: ...
    def set_deal(self, order: Sequence[int], dealer: int) -> None: ...
    def resample(self, seat: int, seed: int, fixed: int = ...) -> tuple["TwoHandPinochleState", list[tuple[int, int]]]: ...
    def pimc_values(self, seat: int, worlds: int, seed: int,
                    order: Sequence[int] | None = ..., tries: int = ...) -> tuple[list[int], list[float], int]: ...
    def resample_seen(self, seat: int, seed: int, order: Sequence[int]) -> "TwoHandPinochleState": ...
    def legal_mask(self) -> int: ...
    def legal_hand_mask(self) -> int: ...
    def legal_table_mask(self) -> int: ...
    def better_move(self, card: int) -> int: ...
    def play(self, move: int) -> None: ...
    def legal_melds(self) -> int: ...
    def declare(self, decl: int) -> None: ...
    def can_exchange(self) -> bool: ...
    def exchange(self) -> None: ...
    def draw(self) -> None: ...
    def policy_step(self, policy: str) -> None: ...
    phase: str
    to_act: int
    dealer: int
    trump: int
    upcard: int
    stock: list[int]
    hands: tuple[int, int]
    tables: tuple[int, int]
    won: tuple[int, int]
    used: tuple[int, ...]
    trick: list[int]
    leader: int
    tricks_played: int
    last_winner: int
    melded: bool
    exchanged: int
    meld: list[int]
    melds: list[int]
    trick_points: list[int]
    score: list[int]

# whole games: the hooks of the batch driver (cardsim._games), each hand's deal
TH_GAME_DTYPE: np.dtype[np.void]
def two_hand_pinochle_game_kind(rules: Mapping[str, Any], policies: Sequence[str]) -> GameKind: ...
def two_hand_pinochle_hand_deals(rules: Mapping[str, Any], seed: int, start: int, out: npt.NDArray[np.uint64],
                                 dealers: npt.NDArray[np.int8], policies: Sequence[str], threads: int = ...) -> None: ...
def simulate_two_hand_pinochle_pimc(rules: Mapping[str, Any], seed: int, start: int, records: npt.NDArray[np.void],
                                    kinds: Sequence[int], worlds: Sequence[int], pseed: int,
                                    threads: int = ...) -> None: ...
def two_hand_pinochle_odds_pimc(rules: Mapping[str, Any], hand: int, upcard: int, seat: int, dealer: int, seed: int,
                                start: int, out: npt.NDArray[np.int16], kinds: Sequence[int], worlds: Sequence[int],
                                pseed: int, threads: int = ...) -> None: ...
