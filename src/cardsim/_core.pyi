"""Type stub of the private compiled core (see _core.pyx); use cardsim.Game instead."""
from typing import Any, Mapping, Sequence

import numpy as np
import numpy.typing as npt

HAVE_THREADS: bool
POLICIES: dict[str, int]
MELD_NAMES: tuple[str, ...]
CP_RECORD_DTYPE: np.dtype

def parse_card_points(text: str) -> list[int]: ...
def pinochle_meld_breakdown(cards: int, trump: int, rules: Mapping[str, Any]) -> tuple[list[int], int]: ...
def pinochle_meld_many(hands: npt.NDArray[np.uint64], trumps: npt.NDArray[np.int8], rules: Mapping[str, Any],
                       out: npt.NDArray[np.int32], threads: int = ...) -> None: ...
def simulate_cutthroat_pinochle(rules: Mapping[str, Any], seed: int, start: int, records: np.ndarray,
                                policies: Sequence[str], threads: int = ...) -> None: ...
def cutthroat_pinochle_odds(rules: Mapping[str, Any], hand: int, seat: int, dealer: int, seed: int, start: int,
                            out: npt.NDArray[np.int16], policies: Sequence[str], threads: int = ...) -> None: ...
def partnership_pinochle_odds(rules: Mapping[str, Any], hand: int, seat: int, dealer: int, seed: int, start: int,
                              out: npt.NDArray[np.int16], policies: Sequence[str], threads: int = ...) -> None: ...
def two_hand_pinochle_odds(rules: Mapping[str, Any], hand: int, upcard: int, seat: int, dealer: int, seed: int,
                           start: int, out: npt.NDArray[np.int16], policies: Sequence[str],
                           threads: int = ...) -> None: ...
def two_hand_pinochle_odds_deals(hand: int, upcard: int, seat: int, dealer: int, seed: int, start: int,
                                 out: npt.NDArray[np.int8]) -> None: ...
def spades_odds(rules: Mapping[str, Any], hand: int, seat: int, dealer: int, scores: Sequence[int], blind: bool,
                codes: Sequence[int], seed: int, start: int, out: npt.NDArray[np.int16], policies: Sequence[str],
                threads: int = ...) -> None: ...
def spades_odds_deals(rules: Mapping[str, Any], hand: int, seat: int, dealer: int, blind: bool, seed: int, start: int,
                      out: npt.NDArray[np.uint64]) -> None: ...

class CutthroatPinochleState:
    def __init__(self, rules: Mapping[str, Any], seed: int, dealer: int, stream: int = ...) -> None: ...
    def set_deal(self, hands: Sequence[int], widow: int) -> None: ...
    def heuristic_discard(self, trump: int) -> int: ...
    def min_bid(self) -> int: ...
    def may_bid(self) -> bool: ...
    def can_pass(self) -> bool: ...
    def auction_act(self, bid: int) -> None: ...
    def declare(self, trump: int, discard: int, throw_in: bool) -> None: ...
    def legal_mask(self) -> int: ...
    def play(self, card: int) -> None: ...
    def policy_step(self, policy: str) -> None: ...
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

# -- euchre (cutthroat-euchre: seats=3 with a dummy; euchre: seats=4) --------------------
EUCHRE_PHASES: tuple[str, ...]
CUTTHROAT_EUCHRE_RECORD_DTYPE: np.dtype
EUCHRE_RECORD_DTYPE: np.dtype

def simulate_cutthroat_euchre(rules: Mapping[str, Any], seed: int, start: int, records: np.ndarray,
                              policies: Sequence[str], threads: int = ...) -> None: ...
def simulate_euchre(rules: Mapping[str, Any], seed: int, start: int, records: np.ndarray,
                    policies: Sequence[str], threads: int = ...) -> None: ...
def euchre_score(rules: Mapping[str, Any], seats: int, maker: int, maker_alone: bool, lone_defender: int,
                 tricks: Sequence[int]) -> tuple[list[int], list[int]]: ...

EUCHRE_ODDS_ACTIONS: int
EUCHRE_ODDS_COLUMNS: int

def euchre_odds(rules: Mapping[str, Any], seats: int, hand: int, upcard: int, seat: int, dealer: int, seed: int,
                start: int, out: np.ndarray, policies: Sequence[str], threads: int = ...) -> None: ...
def euchre_odds_deals(rules: Mapping[str, Any], seats: int, hand: int, upcard: int, seat: int, dealer: int,
                      seed: int, start: int, out: np.ndarray) -> None: ...

class EuchreState:
    """Masks and cards are physical (cardsim.cards encoding) on this side."""
    def __init__(self, rules: Mapping[str, Any], seats: int, seed: int, dealer: int, stream: int = ...) -> None: ...
    def set_deal(self, hands: Sequence[int], dummy: int, kitty: int, upcard: int) -> None: ...
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
