"""A Cutthroat Pinochle hand you can step through from Python.

The state lives in the compiled core (the same engine the batch runs); this
class validates every action and speaks card codes and ``CardSet``s.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from .. import _core
from ..cards import PINOCHLE, CardSet, parse_suit
from ..rules import Rules
from ..errors import IllegalMoveError
from ..meld import Meld, pinochle_meld
from .auction import AuctionMoves
from ..hands.base import SteppedHand
from ..hands.chosen_deal import card_sets, deal_hands, deal_redeals, physical_masks
from .play import (PLAY_ON_ACTION, THROW_IN_ACTION, TRUMP_ACTION, PinochlePlay, PinochleResample,
                            _card_actions_of, pinochle_card_action)

SEATS = 3
WIDOW_SIZE = 3


class CutthroatPinochleHand(AuctionMoves, PinochleResample, PinochlePlay, SteppedHand):
    """One hand: auction, widow and discard, meld, sixteen or fifteen tricks, score.

    Phases: ``auction``, ``declare`` (the bidder names trump, discards, may throw in),
    ``play``, ``done``.

    >>> from cardsim import Game
    >>> hand = Game("cutthroat-pinochle").deal(seed=3)
    >>> hand.phase, hand.to_act, len(hand.hands[0]), len(hand.widow)
    ('auction', 1, 15, 3)
    >>> hand.bid(16); hand.pass_()   # the dealer (seat 0) may not bid: one pass ends it
    >>> hand.phase, hand.bidder, hand.bid_amount
    ('declare', 1, 16)
    >>> hand.declare("H", discard=list(hand.hands[1])[:3])
    >>> hand.phase, hand.to_act, hand.trump
    ('play', 1, 'H')
    >>> hand.play(next(iter(hand.legal_moves())))
    >>> len(hand.trick)
    1
    >>> hand.play_out("heuristic").phase
    'done'
    >>> sum(hand.trick_points)
    25
    """

    deck = PINOCHLE
    seats = SEATS
    _state: _core.CutthroatPinochleState

    def __init__(self, rules: Rules, seed: int = 0, dealer: int = 0) -> None:
        self.rules = rules
        self._state = _core.CutthroatPinochleState(rules, seed, self.check_dealer(dealer))
        self._first_dealer = dealer  # a five-nines redeal moves the deal on: replays start here
        self._remember_deal(seed)

    def _set_cards(self, deal: Mapping[str, Any]) -> None:
        """``hands`` (three seats) and ``widow``; the auction starts on them, no nines redeal.

        >>> from cardsim import Game
        >>> dealt = Game("cutthroat-pinochle").deal(seed=3)
        >>> again = CutthroatPinochleHand.from_deal(dealt.rules, dealt.deal)
        >>> again.hands == dealt.hands and again.widow == dealt.widow
        True
        """
        widow = WIDOW_SIZE if self.rules["widow"] else 0
        names = [f"seat {s}" for s in range(SEATS)] + ["the widow"]
        places = [(n, c, self._state.hand_size) for n, c in zip(names, deal_hands(deal, SEATS))]
        places.append(("the widow", deal.get("widow", ""), widow))
        masks = physical_masks(names, card_sets(places, PINOCHLE), PINOCHLE)
        self._state.set_deal(masks[:SEATS], masks[SEATS], self.check_dealer(deal.get("dealer", self.dealer)),
                             deal_redeals(deal))

    def _deal_extra_masks(self) -> dict[str, int]:
        return {"widow": self._state.widow} if self.rules["widow"] else {}

    # -- what is on the table ---------------------------------------------------
    @property
    def widow(self) -> CardSet:
        return CardSet(self._state.widow, PINOCHLE)

    @property
    def discard(self) -> CardSet:
        return CardSet(self._state.discard, PINOCHLE)

    @property
    def meld(self) -> list[int]:
        """Meld shown per seat (before the save-meld rule); zeros before trump is named."""
        return self._state.meld

    def meld_breakdowns(self) -> list[Meld]:
        """Each seat's meld, meld by meld, in the named trump."""
        if self.trump is None:
            raise IllegalMoveError("no meld yet: trump has not been named")
        return [pinochle_meld(CardSet(mask, PINOCHLE), self.trump, self.rules) for mask in self._state.meld_hands]

    @property
    def trick_points(self) -> list[int]:
        return self._state.trick_points

    @property
    def scores(self) -> list[int]:
        return self._state.score

    @property
    def army(self) -> list[int]:
        return self._state.army

    @property
    def made(self) -> bool:
        return self._state.made

    @property
    def thrown_in(self) -> bool:
        return self._state.thrown_in

    # -- widow, trump, discard -------------------------------------------------------
    def declare(self, trump: str, discard: Iterable[str] | str | CardSet = (), throw_in: bool = False) -> None:
        """The bidder names trump, discards three cards (widow games) and may throw in."""
        self._expect("declare")
        suit = parse_suit(trump)
        held = self._state.hands[self._state.bidder]
        cards = discard if isinstance(discard, CardSet) else CardSet(discard, PINOCHLE)
        want = WIDOW_SIZE if self.rules["widow"] else 0
        if len(cards) != want:
            raise IllegalMoveError(f"the discard must be exactly {want} cards, got {len(cards)}")
        if not cards.issubset(CardSet(held, PINOCHLE)):
            raise IllegalMoveError(f"the bidder does not hold {cards - CardSet(held, PINOCHLE)}")
        self.apply(TRUMP_ACTION + suit)
        for code in cards:
            self.apply(pinochle_card_action(code))
        self.apply(THROW_IN_ACTION if throw_in else PLAY_ON_ACTION)

    # -- what each seat sees (observation, resample; docs/actions.md) ---------------------
    def _hidden_entries(self, seat: int) -> list[int]:
        """The bidder's discards, which the other seats do not see."""
        st = self._state
        if not self.rules["widow"] or st.bidder < 0 or seat == st.bidder:
            return []
        history = st.history
        out = []
        for i in range(self._start(), len(history)):
            a = history[i]
            if a in (THROW_IN_ACTION, PLAY_ON_ACTION):
                break
            if isinstance(a, int) and a < 24:
                out.append(i)
        return out

    def _world_entries(self, seat: int) -> list[int]:
        st = self._state
        return _card_actions_of(st.discard or st.steps_discard)

    def _world_cards(self) -> tuple[list[int], dict[str, int]]:
        st = self._state
        hands = list(st.hands)
        if st.phase == "auction":
            return hands, self._deal_extra_masks()
        hands = [h | p for h, p in zip(hands, st.played_by)]
        if self.rules["widow"]:
            hands[st.bidder] = (hands[st.bidder] | st.discard) & ~st.widow
        return hands, self._deal_extra_masks()

    def _observation_extra(self, seat: int) -> dict[str, Any]:
        st = self._state
        shown = st.bidder >= 0 and self.rules["widow"]
        return {"widow": str(self.widow) if shown else None,
                "melds": [str(CardSet(m, PINOCHLE)) for m in st.shown] if st.phase in ("play", "done") else None,
                "bidder": st.bidder, "bid": st.high_bid}

    # -- play -------------------------------------------------------------------------
    def result(self) -> dict[str, Any]:
        """The hand's outcome as plain data."""
        return {
            "dealer": self.dealer,
            "redeals": self.redeals,
            "bidder": self.bidder,
            "bid": self.bid_amount,
            "trump": self.trump,
            "meld": self.meld,
            "trick_points": self.trick_points,
            "scores": self.scores,
            "made": self.made,
            "thrown_in": self.thrown_in,
            "army": self.army,
        }

