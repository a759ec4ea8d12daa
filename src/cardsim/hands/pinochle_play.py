"""Trick play as step-by-step moves, shared by the three pinochle games.

The core state offers ``leader``, ``trick`` (card bits in play order) and
``legal_mask()`` (one bit per distinct legal card, a copy the player holds).
"""
from __future__ import annotations

from ..cards import PINOCHLE, CardSet
from ..errors import IllegalMoveError
from .base import SteppedHand

# The pinochle games' integer actions (docs/actions.md; the core's numbering).
PASS_ACTION = 24
TRUMP_ACTION = 25  # + suit index S H D C
THROW_IN_ACTION = 29
PLAY_ON_ACTION = 30
BID_ACTION = 31  # + (amount - min_bid)
BID_ACTIONS = 400


def pinochle_card_action(code: str) -> int:
    """A pinochle card code -> its action, 6*suit + rank (ranks 9 J Q K T A)."""
    bit = PINOCHLE.parse_code(code)
    return 6 * (bit >> 4) + ((bit & 15) >> 1)



class PinochlePlay(SteppedHand):
    """``trick``, ``legal_moves`` and ``play`` for a hand whose cards are played in ``PLAY_PHASES``."""

    PLAY_PHASES: tuple[str, ...] = ("play",)

    @property
    def trick(self) -> list[tuple[int, str]]:
        """The current trick as (seat, card) pairs in play order."""
        leader = self._state.leader
        return [((leader + i) % self.seats, PINOCHLE.code(bit)) for i, bit in enumerate(self._state.trick)]

    def legal_moves(self) -> CardSet:
        """Distinct cards the player to act may play now."""
        self._expect(*self.PLAY_PHASES)
        return CardSet(self._state.legal_mask(), PINOCHLE)

    def legal_bit(self, card: str) -> int:
        """The physical copy of ``card`` that the core offers as legal; a one-line error if none."""
        self._expect(*self.PLAY_PHASES)
        bit = PINOCHLE.parse_code(card)
        legal = self._state.legal_mask()
        for copy in (bit, bit + 1):
            if legal >> copy & 1:
                return copy
        raise IllegalMoveError(f"{card} is not a legal card now; legal: {self.legal_moves()}")

    def play(self, card: str) -> None:
        """The player to act plays ``card`` (a code such as ``'AS'``)."""
        self.legal_bit(card)
        self.apply(pinochle_card_action(card))
