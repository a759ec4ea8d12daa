"""Type stub of cardsim.pinochle.partnership (partnership.pyx), a module of the private compiled core.

Use cardsim.Game instead; the Python layer imports these names through cardsim._core."""
from typing import Any, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from cardsim._contract import GameState
from cardsim._games import GameKind

#: The hash of the module's sources baked in at build time (a pickle fingerprint's part).
BUILD_ID: str
def partnership_pinochle_odds(rules: Mapping[str, Any], hand: int, seat: int, dealer: int, seed: int, start: int,
                              out: npt.NDArray[np.int16], policies: Sequence[str], threads: int = ...) -> None: ...
PP_RECORD_DTYPE: np.dtype[np.void]
def simulate_partnership_pinochle(rules: Mapping[str, Any], seed: int, start: int, records: npt.NDArray[np.void],
                                  policies: Sequence[str], threads: int = ...) -> None: ...


class PartnershipPinochleState(GameState):
    def __init__(self, rules: Mapping[str, Any], seed: int, dealer: int, stream: int = ...) -> None: ...
    def action_to_string(self, action: int) -> str: ...
    @property
    def mid_decision(self) -> bool: ...
    def policy_step(self, policy: str) -> None: ...
    def set_hands(self, hands: Sequence[int], redeals: int = ...) -> None: ...
    def min_bid(self) -> int: ...
    def can_pass(self) -> bool: ...
    def auction_act(self, bid: int) -> None: ...
    def declare(self, trump: int) -> None: ...
    def pass_cards(self, cards: int) -> None: ...
    def legal_mask(self) -> int: ...
    def play(self, card: int) -> None: ...
    phase: str
    to_act: int
    dealer: int
    bidder: int
    high_bid: int
    high_bidder: int
    out_mask: int
    trump: int
    hands: tuple[int, int, int, int]
    meld_hands: tuple[int, int, int, int]
    passed: tuple[int, int]
    def resample(self, seat: int, seed: int) -> tuple["PartnershipPinochleState", list[tuple[int, int]]]: ...
    def pimc_playout(self, seat: int, worlds: int, seed: int, side: int) -> tuple[list[int], list[float]]: ...
    played_by: tuple[int, int, int, int]
    barred: tuple[int, int, int, int]
    steps_discard: int
    shown: tuple[int, int, int, int]
    won: tuple[int, int, int, int]
    trick: list[int]
    leader: int
    tricks_played: int
    last_winner: int
    meld: list[int]
    trick_points: list[int]
    team_meld: list[int]
    team_trick_points: list[int]
    team_score: list[int]
    made: bool
    redeals: int
    pass_count: int

# whole games: the hooks of the batch driver (cardsim._games), each hand's deal
PP_GAME_DTYPE: np.dtype[np.void]
def partnership_pinochle_game_kind(rules: Mapping[str, Any], policies: Sequence[str]) -> GameKind: ...
def partnership_pinochle_hand_deals(rules: Mapping[str, Any], seed: int, start: int, out: npt.NDArray[np.uint64],
                                    dealers: npt.NDArray[np.int8], policies: Sequence[str], threads: int = ...) -> None: ...
