"""The pinochle auction as step-by-step moves, shared by Cutthroat and Partnership Pinochle.

The core state offers ``min_bid()``, ``can_pass()``, ``auction_act(bid or -1)`` and,
where the dealer may be barred from bidding, ``may_bid()``.
"""
from __future__ import annotations

from numbers import Integral

from ..errors import IllegalMoveError
from ..hands.base import SteppedHand
from .play import BID_ACTION, BID_ACTIONS, PASS_ACTION



class AuctionMoves(SteppedHand):
    """``min_bid``, ``can_pass``, ``may_bid``, ``bid`` and ``pass_`` for a hand in its ``auction`` phase."""

    @property
    def bidder(self) -> int | None:
        seat = self._state.bidder
        return None if seat < 0 else seat

    @property
    def bid_amount(self) -> int | None:
        """The high bid so far (the contract once the auction is over)."""
        bid = self._state.high_bid
        return None if bid < 0 else bid

    def min_bid(self) -> int:
        self._expect("auction")
        bid: int = self._state.min_bid()
        return bid

    def can_pass(self) -> bool:
        self._expect("auction")
        may: bool = self._state.can_pass()
        return may

    def may_bid(self) -> bool:
        self._expect("auction")
        may: bool = self._state.may_bid() if hasattr(self._state, "may_bid") else True
        return may

    def bid(self, amount: int) -> None:
        """The player to act bids ``amount`` (a whole number, at least :meth:`min_bid`)."""
        self._expect("auction")
        top = self.rules["min_bid"] + BID_ACTIONS - 1
        if isinstance(amount, bool) or not isinstance(amount, Integral) or amount > top:
            raise IllegalMoveError(f"a bid must be a whole number up to {top} (min_bid + {BID_ACTIONS - 1}), got {amount!r}")
        if not self.may_bid():
            raise IllegalMoveError(f"seat {self.to_act} (the dealer) may not bid: dealer_may_bid is false")
        if int(amount) < self._state.min_bid():
            raise IllegalMoveError(f"bid {amount} is too low: the lowest legal bid now is {self._state.min_bid()}")
        self.apply(BID_ACTION + int(amount) - self.rules["min_bid"])

    def pass_(self) -> None:
        """The player to act passes and is out of the auction."""
        self._expect("auction")
        if not self._state.can_pass():
            raise IllegalMoveError(f"seat {self.to_act} may not pass now (all_pass={self.rules['all_pass']})")
        self.apply(PASS_ACTION)
