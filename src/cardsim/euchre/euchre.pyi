"""Type stub of cardsim.euchre.euchre (euchre.pyx), a module of the private compiled core.

Use cardsim.Game instead; the Python layer imports these names through cardsim._core."""
from typing import Any, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from cardsim._contract import GameState
from cardsim._games import GameKind

#: The hash of the module's sources baked in at build time (a pickle fingerprint's part).
BUILD_ID: str
EUCHRE_PHASES: tuple[str, ...]
CUTTHROAT_EUCHRE_RECORD_DTYPE: np.dtype[np.void]
EUCHRE_RECORD_DTYPE: np.dtype[np.void]
def simulate_cutthroat_euchre(rules: Mapping[str, Any], seed: int, start: int, records: npt.NDArray[np.void],
                              policies: Sequence[str], threads: int = ...) -> None: ...
def simulate_euchre(rules: Mapping[str, Any], seed: int, start: int, records: npt.NDArray[np.void],
                    policies: Sequence[str], threads: int = ...) -> None: ...
def euchre_score(rules: Mapping[str, Any], seats: int, maker: int, maker_alone: bool, lone_defender: int,
                 tricks: Sequence[int]) -> tuple[list[int], list[int]]: ...
def set_euchre_bid_table(game: str, table: Mapping[str, Any] | None = ...) -> None: ...
def euchre_bid_tables() -> dict[str, dict[str, Any] | None]: ...
EUCHRE_ODDS_ACTIONS: int
EUCHRE_ODDS_COLUMNS: int
#: Names of euchre's call actions (the actions after the 24 cards), in action order.
EU_ACTION_NAMES: tuple[str, ...]
def euchre_odds(rules: Mapping[str, Any], seats: int, hand: int, upcard: int, seat: int, dealer: int, seed: int,
                start: int, out: npt.NDArray[Any], policies: Sequence[str], threads: int = ...) -> None: ...
def euchre_odds_deals(rules: Mapping[str, Any], seats: int, hand: int, upcard: int, seat: int, dealer: int,
                      seed: int, start: int, out: npt.NDArray[Any]) -> None: ...


class EuchreState(GameState):
    """Masks and cards are physical (cardsim.cards encoding) on this side."""
    def __init__(self, rules: Mapping[str, Any], seats: int, seed: int, dealer: int, stream: int = ...) -> None: ...
    def action_to_string(self, action: int) -> str: ...
    def string_to_action(self, text: str) -> int: ...
    def clone(self) -> "EuchreState": ...
    @property
    def mid_decision(self) -> bool: ...
    def set_deal(self, hands: Sequence[int], dummy: int, kitty: int, upcard: int, redeals: int = ...) -> None: ...
    def bid1(self, order: bool) -> None: ...
    def pickup(self, take: bool) -> None: ...
    def discard(self, card: int) -> None: ...
    def bid2(self, suit: int) -> None: ...
    def alone(self, alone: bool) -> None: ...
    def merge(self, keep: int) -> None: ...
    def defend(self, alone: bool) -> None: ...
    def play(self, card: int) -> None: ...
    def may_pass2(self) -> bool: ...
    def legal_mask(self) -> int: ...
    def policy_step(self, policy: str) -> None: ...
    def resample(self, seat: int, seed: int) -> tuple["EuchreState", list[tuple[int, int]]]: ...
    dealer_discard: int
    phase: str
    seats: int
    to_act: int
    dealer: int
    upcard: int
    hands: tuple[int, ...]
    dummy: int
    kitty: int
    discarded: int
    won: tuple[int, ...]
    trick: list[tuple[int, int]]
    maker: int
    trump: int
    round: int
    picked_up: bool
    maker_alone: bool
    lone_defender: int
    active: list[int]
    leader: int
    tricks_played: int
    last_winner: int
    tricks: list[int]
    points: list[int]
    team_points: list[int]
    euchred: bool
    redeals: int
    game_score: list[int]

# whole games: the hooks of the batch driver (cardsim._games), each hand's deal
CUTTHROAT_EUCHRE_GAME_DTYPE: np.dtype[np.void]
EUCHRE_GAME_DTYPE: np.dtype[np.void]
def euchre_game_kind(rules: Mapping[str, Any], seats: int, policies: Sequence[str]) -> GameKind: ...
def euchre_hand_deals(rules: Mapping[str, Any], seats: int, seed: int, start: int, out: npt.NDArray[np.uint64],
                      dealers: npt.NDArray[np.int8], policies: Sequence[str], threads: int = ...) -> None: ...
