"""What every step-by-step hand shares: the core state it wraps, whose turn it is, the
phase, the seats' cards, and letting the core's players act."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, TypeVar

import numpy as np

from ..cards import SUITS, CardSet, Deck
from ..errors import IllegalMoveError
from ..players import check_policies, check_policy
from ..rules import Rules

_Hand = TypeVar("_Hand", bound="SteppedHand")


class SteppedHand:
    """Base of the per-game hand classes; ``_state`` is the core's state object.

    A subclass sets ``deck`` and ``seats`` and builds ``self._state``; the state has
    ``phase``, ``to_act`` (-1 when done), ``dealer``, ``redeals``, ``hands`` (masks) and
    ``policy_step(policy)``.
    """

    deck: Deck
    seats: int
    _state: Any
    rules: Rules

    if TYPE_CHECKING:  # every game's hand is made as cls(rules, seed, dealer)
        def __init__(self, rules: Rules, seed: int = 0, dealer: int = 0) -> None: ...

    def check_dealer(self, dealer: int) -> int:
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < self.seats:
            seats = ", ".join(str(s) for s in range(self.seats))
            raise IllegalMoveError(f"dealer {dealer} is out of range: seats are {seats}")
        return dealer

    @property
    def phase(self) -> str:
        phase: str = self._state.phase
        return phase

    @property
    def to_act(self) -> int | None:
        """The seat to act; None once the hand is over."""
        seat = self._state.to_act
        return None if seat < 0 or self._state.phase == "done" else seat

    @property
    def dealer(self) -> int:
        dealer: int = self._state.dealer
        return dealer

    @property
    def redeals(self) -> int:
        """Deals thrown in before the current one."""
        redeals: int = self._state.redeals
        return redeals

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
        played: int = self._state.tricks_played
        return played

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
        redeals = self.redeals
        try:
            self._state.policy_step(check_policy(policy))
        except ValueError as exc:  # a decision half made with apply(): finish it first
            raise IllegalMoveError(str(exc)) from None
        if self.redeals != redeals:
            self._state.record_chance({"redeal": self._table()})

    def play_out(self, policy: str | list[str] = "heuristic") -> "SteppedHand":
        """Finish the hand with one policy (or one per seat); returns ``self``."""
        policies = check_policies(policy, self.seats)
        while self.phase != "done":
            self.step(policies[self._state.to_act])
        return self

    # -- the game contract: integer actions (docs/actions.md) ----------------------------
    @property
    def num_actions(self) -> int:
        """Size of the game's action space: actions are ``0 .. num_actions-1``."""
        count: int = self._state.num_actions
        return count

    def legal_actions(self) -> list[int]:
        """The actions legal now, ascending (empty once the hand is over)."""
        actions: list[int] = self._state.legal_actions()
        return actions

    def legal_action_mask(self) -> np.ndarray:
        """A boolean array of ``num_actions``: True where the action is legal now."""
        mask: np.ndarray = self._state.legal_action_mask()
        return mask

    def apply(self, action: int) -> None:
        """Take one legal action for the seat to act; it joins :attr:`history`.

        An action that is not an integer, is out of range or is not legal now raises
        IllegalMoveError and leaves the hand unchanged.  A redeal it causes (all passed)
        joins the history too, as ``{"redeal": <the new deal>}``.
        """
        redeals = self.redeals
        self._state.apply(action)
        if self.redeals != redeals:
            self._state.record_chance({"redeal": self._table()})

    def action_to_string(self, action: int) -> str:
        """The name of ``action``: a card code, or the call (``pass``, a bid, a suit ...)."""
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)) \
                or not 0 <= action < self.num_actions:
            raise IllegalMoveError(f"action {action!r} is out of range: actions are 0..{self.num_actions - 1}")
        name: str = self._state.action_to_string(int(action))
        return name

    def string_to_action(self, text: str) -> int:
        """The action named ``text`` (as :meth:`action_to_string` writes it; case-insensitive)."""
        key = " ".join(str(text).split()).upper()
        for action in range(self.num_actions):
            if self._state.action_to_string(action).upper() == key:
                return action
        raise IllegalMoveError(f"{text!r} names no {self.rules.game} action")

    @property
    def mid_decision(self) -> bool:
        """True while a decision made of several actions (the pinochle declaration and card
        passing, the cutthroat euchre merge) is partly taken with :meth:`apply`."""
        mid: bool = self._state.mid_decision
        return mid

    @property
    def history(self) -> list[Any]:
        """Every action since the deal, in order, whoever took it (you or a policy); a redeal
        inside the hand is the entry ``{"redeal": <the new deal>}``."""
        history: list[Any] = self._state.history
        return history

    def clone(self: _Hand) -> _Hand:
        """An independent copy: same cards, phase and history; each then goes its own way."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._state = self._state.clone()
        return other

    def __copy__(self) -> "SteppedHand":
        return self.clone()

    def __deepcopy__(self, memo: dict[str, Any]) -> "SteppedHand":
        return self.clone()

    # -- the deal it started from ---------------------------------------------------------
    @classmethod
    def from_deal(cls: type[_Hand], rules: Rules, deal: Mapping[str, Any]) -> _Hand:
        """A hand from a chosen deal, as :attr:`deal` writes it: ``hands`` (one per seat), the
        game's other places, ``dealer`` and ``seed`` (the hand's stream: redeals and the
        players' draws; default 0).  One-line CardError for a deal the game cannot have."""
        hand = cls._new_for_deal(rules, deal)
        hand._set_cards(deal)
        hand._remember_deal(hand._seed, **hand._context)
        return hand

    @classmethod
    def _new_for_deal(cls: type[_Hand], rules: Rules, deal: Mapping[str, Any]) -> _Hand:
        return cls(rules, deal.get("seed", 0), deal.get("first_dealer", deal.get("dealer", 0)))

    def _set_cards(self, deal: Mapping[str, Any]) -> None:
        """Put the cards of ``deal`` in place (each game validates its own places)."""
        raise IllegalMoveError(f"{self.rules.game} has no chosen deals yet")

    def _remember_deal(self, seed: int, **context: Any) -> None:
        """Called once the cards are in place: what :attr:`deal` reports (masks, cheap to keep)."""
        self._seed = seed
        self._dealt = (self._state.dealer, self._state.hands, self._deal_extra_masks(), self.redeals)
        self._context = context

    def _deal_extra_masks(self) -> dict[str, int]:
        """Game-specific places at the deal (widow, kitty, dummy ...) as masks; none by default."""
        return {}

    def _format_deal(self, dealer: int, hands: tuple[Any, ...], extras: Mapping[str, int], redeals: int) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": dealer, "hands": [str(CardSet(mask, self.deck)) for mask in hands]}
        out.update({name: str(CardSet(mask, self.deck)) for name, mask in extras.items()})
        if redeals:  # deals thrown in before this one (all passed, five nines)
            out["redeals"] = redeals
        return out

    def _table(self) -> dict[str, Any]:
        """The cards as they lie now (after a redeal: the new deal)."""
        return self._format_deal(self._state.dealer, self._state.hands, self._deal_extra_masks(), self.redeals)

    @property
    def deal(self) -> dict[str, Any]:
        """Everything the hand started from, JSON-ready: the seed of its stream (redeals and
        players' draws), the dealer, every seat's cards and the game's other places."""
        out = {"seed": self._seed, **self._format_deal(*self._dealt), **self._context}
        first = getattr(self, "_first_dealer", out["dealer"])
        if first != out["dealer"]:  # redealt before anyone acted (five nines): the stream started there
            out["first_dealer"] = first
        return out

    def to_dict(self) -> dict[str, Any]:
        """The hand as plain data: ``game``, ``rules``, ``deal`` and ``history``; see Game.hand_from_dict."""
        rules = {key: list(value) if isinstance(value, tuple) else value for key, value in self.rules.items()}
        return {"game": self.rules.game, "rules": rules, "deal": self.deal, "history": self.history}
