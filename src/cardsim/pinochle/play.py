"""Trick play as step-by-step moves, shared by the three pinochle games.

The core state offers ``leader``, ``trick`` (card bits in play order) and
``legal_mask()`` (one bit per distinct legal card, a copy the player holds).
"""
from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from ..cards import PINOCHLE, CardSet
from ..errors import IllegalMoveError
from ..hands.base import SteppedHand

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


def _card_actions_of(mask: int) -> list[int]:
    """The card actions of a physical mask, ascending, one per copy held."""
    out = []
    while mask:
        low = mask & -mask
        bit = low.bit_length() - 1
        out.append(6 * (bit >> 4) + ((bit & 15) >> 1))
        mask ^= low
    return sorted(out)


class PinochleResample(PinochlePlay):
    """``observation`` and ``resample`` for the pinochle games (docs/actions.md, Resampling).

    A game says which history entries a seat does not see (``_hidden_entries``: a discard,
    a pass) and how a resampled state's cards were dealt (``_world_cards``); the core's
    ``resample`` deals the hidden cards (exact and uniform, consistent with the plays, the
    widow, the passes and the meld on the table), and this rebuilds the copy's ``deal`` and
    its hidden history entries so that ``Game.replay(world.deal, world.history)`` gives the
    copy, with the same observation for the seat."""

    def _start(self) -> int:
        """Index of the first history entry of the current deal (after the last redeal)."""
        history = self._state.history
        for i in range(len(history) - 1, -1, -1):
            if isinstance(history[i], Mapping):
                return i + 1
        return 0

    def _hidden_entries(self, seat: int) -> list[int]:
        """History indices of the entries ``seat`` did not see (a discard, a pass), ascending."""
        return []

    def _world_cards(self) -> tuple[list[int], dict[str, int]]:
        """(every seat's cards as dealt, the other places as dealt) of the current deal, read
        off the state (its cards now, those played, passed and discarded)."""
        raise NotImplementedError

    def _world_entries(self, seat: int) -> list[int]:
        """The card actions that take the place of the entries ``seat`` did not see, in order."""
        return []

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` has seen, as plain data: its cards, the widow once shown, the meld on
        the table, and every action with its actor (a discard or pass it did not see as
        ``"hidden"``).  Equal for two hands that differ only in cards the seat cannot see."""
        seat = self._check_seat(seat)
        hidden = set(self._hidden_entries(seat))
        actions: list[str | tuple[int, str]] = []
        for i, (action, (actor, _)) in enumerate(zip(self.history, self._actors())):
            if actor < 0:
                actions.append("redeal")
            else:
                actions.append((actor, "hidden" if i in hidden else self.action_to_string(action)))
        return {"game": self.rules.game, "seat": seat, "dealer": self.dealer, "phase": self.phase,
                "to_act": self.to_act, "hand": str(self.hands[seat]), "actions": actions,
                "trick": self.trick, "taken": [str(t) for t in self.taken], "trump": self.trump,
                **self._observation_extra(seat)}

    def resample(self, seat: int, seed: int) -> "SteppedHand":
        """A copy in which every card ``seat`` cannot see is redealt uniformly at random among
        the places it could be, consistent with all the seat has observed: its cards, the
        cards played, the widow once shown, what it discarded, passed or was passed, the meld
        on the table, and the voids and absent cards the plays prove (failing to follow, to
        trump, or to beat where ``must_beat`` requires it).  Exact; done in the core.  The
        copy's ``deal`` and ``history`` rebuild it under ``Game.replay``.  IllegalMoveError for
        a seat out of range or a hand that is over."""
        seat = self._check_seat(seat)
        if self.phase == "done":
            raise IllegalMoveError("the hand is over: nothing is hidden to resample")
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
            raise IllegalMoveError(f"a resample seed is an integer, got {seed!r}")
        state, _ = self._state.resample(seat, int(seed) & 0xFFFFFFFFFFFFFFFF)
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._state = state
        other._write_world(seat, self._hidden_entries(seat))
        return other

    def _write_world(self, seat: int, entries: list[int]) -> None:
        """Rewrite this copy's deal and the history entries ``entries`` from its state."""
        hands, extras = self._world_cards()
        history = self._state.history
        for i, action in zip(sorted(entries), self._world_entries(seat)):
            history[i] = action
        start = self._start()
        if start:
            table = dict(history[start - 1]["redeal"])
            table["hands"] = [str(CardSet(m, PINOCHLE)) for m in hands]
            table.update({k: str(CardSet(m, PINOCHLE)) for k, m in extras.items()})
            history[start - 1] = {"redeal": table}
        else:
            dealer, _, _, n = self._dealt
            self._dealt = (dealer, tuple(hands), dict(extras), n)
        self._state.clear_history()
        for action in history:
            self._state.record_chance(action)
