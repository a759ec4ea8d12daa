"""What every step-by-step hand shares: the core state it wraps, whose turn it is, the
phase, the seats' cards, and letting the core's players act."""
from __future__ import annotations

from typing import Any, Mapping

from ..cards import SUITS, CardSet, Deck
from ..errors import IllegalMoveError
from ..players import check_policies, check_policy


class SteppedHand:
    """Base of the per-game hand classes; ``_state`` is the core's state object.

    A subclass sets ``deck`` and ``seats`` and builds ``self._state``; the state has
    ``phase``, ``to_act`` (-1 when done), ``dealer``, ``redeals``, ``hands`` (masks) and
    ``policy_step(policy)``.
    """

    deck: Deck
    seats: int
    _state: Any
    rules: Mapping

    def check_dealer(self, dealer: int) -> int:
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < self.seats:
            seats = ", ".join(str(s) for s in range(self.seats))
            raise IllegalMoveError(f"dealer {dealer} is out of range: seats are {seats}")
        return dealer

    @property
    def phase(self) -> str:
        return self._state.phase

    @property
    def to_act(self) -> int | None:
        seat = self._state.to_act
        return None if seat < 0 else seat

    @property
    def dealer(self) -> int:
        return self._state.dealer

    @property
    def redeals(self) -> int:
        """Deals thrown in before the current one."""
        return self._state.redeals

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Each seat's cards now."""
        return tuple(CardSet(mask, self.deck) for mask in self._state.hands)

    @property
    def taken(self) -> tuple[CardSet, ...]:
        """Cards each seat has won in tricks."""
        return tuple(CardSet(mask, self.deck) for mask in self._state.won)

    @property
    def tricks_played(self) -> int:
        return self._state.tricks_played

    @property
    def trump(self) -> str | None:
        """The trump suit (``S H D C``); None until it is named."""
        t = self._state.trump
        return None if t < 0 else SUITS[t]

    def _expect(self, *phases: str) -> None:
        if self.phase not in phases:
            raise IllegalMoveError(f"not legal now: the hand is in the {self.phase} phase, not {' or '.join(phases)}")

    def step(self, policy: str = "heuristic") -> None:
        """Let ``policy`` (``random`` or ``heuristic``) take the one action due now."""
        if self.phase == "done":
            raise IllegalMoveError("the hand is over")
        self._state.policy_step(check_policy(policy))

    def play_out(self, policy: str | list[str] = "heuristic") -> "SteppedHand":
        """Finish the hand with one policy (or one per seat); returns ``self``."""
        policies = check_policies(policy, self.seats)
        while self.phase != "done":
            self._state.policy_step(policies[self._state.to_act])
        return self
