"""Type stub of cardsim.pinochle.cutthroat (cutthroat.pyx), a module of the private compiled core.

Use cardsim.Game instead; the Python layer imports these names through cardsim._core."""
from typing import Any, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from cardsim._contract import GameState
from cardsim._games import GameKind

#: The hash of the module's sources baked in at build time (a pickle fingerprint's part).
BUILD_ID: str
CP_RECORD_DTYPE: np.dtype[np.void]
def pinochle_legal_in_position(game: str, rules: Mapping[str, Any], hand: int, trick: Sequence[int],
                               trump: int) -> int: ...
def pinochle_meld_loss(cards: int, card: int, trump: int, rules: Mapping[str, Any]) -> int: ...
def pinochle_meld_gain_max(rules: Mapping[str, Any]) -> int: ...
def simulate_cutthroat_pinochle(rules: Mapping[str, Any], seed: int, start: int, records: npt.NDArray[np.void],
                                policies: Sequence[str], threads: int = ...) -> None: ...
def cutthroat_pinochle_odds(rules: Mapping[str, Any], hand: int, seat: int, dealer: int, seed: int, start: int,
                            out: npt.NDArray[np.int16], policies: Sequence[str], threads: int = ...) -> None: ...


class CutthroatPinochleState(GameState):
    def __init__(self, rules: Mapping[str, Any], seed: int, dealer: int, stream: int = ...) -> None: ...
    def action_to_string(self, action: int) -> str: ...
    @property
    def mid_decision(self) -> bool: ...
    def set_deal(self, hands: Sequence[int], widow: int, dealer: int = ..., redeals: int = ...) -> None: ...
    def heuristic_discard(self, trump: int) -> int: ...
    def min_bid(self) -> int: ...
    def may_bid(self) -> bool: ...
    def can_pass(self) -> bool: ...
    def auction_act(self, bid: int) -> None: ...
    def declare(self, trump: int, discard: int, throw_in: bool) -> None: ...
    def legal_mask(self) -> int: ...
    def play(self, card: int) -> None: ...
    def policy_step(self, policy: str) -> None: ...
    def resample(self, seat: int, seed: int) -> tuple["CutthroatPinochleState", list[tuple[int, int]]]: ...
    def pimc_playout(self, seat: int, worlds: int, seed: int, side: int) -> tuple[list[int], list[float]]: ...
    played_by: tuple[int, int, int]
    barred: tuple[int, int, int]
    steps_discard: int
    shown: tuple[int, int, int]
    phase: str
    to_act: int
    dealer: int
    bidder: int
    high_bid: int
    high_bidder: int
    trump: int
    hands: tuple[int, int, int]
    meld_hands: tuple[int, int, int]
    won: tuple[int, int, int]
    widow: int
    discard: int
    trick: list[int]
    leader: int
    tricks_played: int
    last_winner: int
    meld: list[int]
    trick_points: list[int]
    score: list[int]
    army: list[int]
    made: bool
    thrown_in: bool
    redeals: int
    hand_size: int

# whole games: the hooks of the batch driver (cardsim._games), each hand's deal
CP_GAME_DTYPE: np.dtype[np.void]
def cutthroat_pinochle_game_kind(rules: Mapping[str, Any], policies: Sequence[str]) -> GameKind: ...
def cutthroat_pinochle_hand_deals(rules: Mapping[str, Any], seed: int, start: int, out: npt.NDArray[np.uint64],
                                  dealers: npt.NDArray[np.int8], policies: Sequence[str], threads: int = ...) -> None: ...
