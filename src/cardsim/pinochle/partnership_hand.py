"""A Partnership Pinochle hand you can step through from Python.

The state lives in the compiled core (the same engine the batch runs); this
class validates every action and speaks card codes and ``CardSet``s.  Seats
0..3, teams 0+2 (team 0) and 1+3 (team 1).
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
from .play import TRUMP_ACTION, PinochlePlay, PinochleResample, _card_actions_of, pinochle_card_action

SEATS = 4


class PartnershipPinochleHand(AuctionMoves, PinochleResample, PinochlePlay, SteppedHand):
    """One hand: auction, trump, passing, meld, twelve tricks, team scores.

    >>> from cardsim import Game
    >>> hand = Game("partnership-pinochle").deal(seed=3)
    >>> hand.phase, hand.to_act, [len(cards) for cards in hand.hands]
    ('auction', 1, [12, 12, 12, 12])
    >>> hand.bid(16); hand.pass_(); hand.pass_(); hand.pass_()
    >>> hand.phase, hand.bidder, hand.bid_amount
    ('declare', 1, 16)
    >>> hand.declare("H")
    >>> hand.phase, hand.to_act
    ('pass', 3)
    >>> hand.pass_cards(list(hand.hands[3])[:3]); hand.pass_cards(list(hand.hands[1])[:3])
    >>> hand.phase, hand.to_act, [len(cards) for cards in hand.hands]
    ('play', 1, [12, 12, 12, 12])
    >>> hand.play_out("heuristic").phase
    'done'
    >>> sum(hand.trick_points), sum(hand.team_trick_points)
    (25, 25)
    """

    deck = PINOCHLE
    seats = SEATS
    _state: _core.PartnershipPinochleState

    def __init__(self, rules: Rules, seed: int = 0, dealer: int = 0) -> None:
        self.rules = rules
        self._state = _core.PartnershipPinochleState(rules, seed, self.check_dealer(dealer))
        self._remember_deal(seed)

    def _set_cards(self, deal: Mapping[str, Any]) -> None:
        """``hands``: 12 cards for each of the four seats, and ``redeals`` (deals thrown in
        before these, default 0); the auction opens on them.

        >>> from cardsim import Game
        >>> game = Game("partnership-pinochle")
        >>> again = game.deal(cards={**game.deal(seed=3).deal, "redeals": 2})
        >>> again.redeals, again.deal["redeals"]
        (2, 2)
        """
        names = [f"seat {s}" for s in range(SEATS)]
        sets = card_sets([(n, c, 12) for n, c in zip(names, deal_hands(deal, SEATS))], PINOCHLE)
        redeals = deal_redeals(deal)
        self._state.set_hands(physical_masks(names, sets, PINOCHLE), redeals)

    # -- what each seat sees (observation, resample; docs/actions.md) ---------------------
    def _pass_entries(self) -> list[int]:
        """History indices of the cards passed so far (the partner's, then the bidder's)."""
        st = self._state
        k = self.rules["pass_cards"]
        if st.bidder < 0 or not k:
            return []
        history = st.history
        start = self._start()
        for t in range(start, len(history)):
            a = history[t]
            if isinstance(a, int) and TRUMP_ACTION <= a < TRUMP_ACTION + 4:
                return list(range(t + 1, min(t + 1 + 2 * k, len(history))))
        return []

    def _hidden_entries(self, seat: int) -> list[int]:
        """The passes, which only the bidder and its partner see; a pass half chosen, which
        only its passer sees."""
        st = self._state
        entries = self._pass_entries()
        if st.bidder >= 0 and seat not in (st.bidder, (st.bidder + 2) % 4):
            return entries
        partial = bin(st.steps_discard).count("1") if st.phase == "pass" and seat != st.to_act else 0
        return entries[len(entries) - partial:] if partial else []

    def _world_entries(self, seat: int) -> list[int]:
        st = self._state
        out = []
        if seat not in (st.bidder, (st.bidder + 2) % 4):
            p1, p2 = st.passed
            out = _card_actions_of(p1) + _card_actions_of(p2)
        if st.phase == "pass" and seat != st.to_act:
            out += _card_actions_of(st.steps_discard)
        return out

    def _world_cards(self) -> tuple[list[int], dict[str, int]]:
        st = self._state
        hands = list(st.hands)
        b = st.bidder
        if st.phase not in ("pass", "play") or not self.rules["pass_cards"]:
            return [h | p for h, p in zip(hands, st.played_by)], {}
        q = (b + 2) % 4
        p1, p2 = st.passed
        if st.phase == "pass":
            hands[q] |= p1
            hands[b] &= ~p1
            return hands, {}
        post = [h | p for h, p in zip(hands, st.played_by)]
        post[q], post[b] = (post[q] & ~p2) | p1, (post[b] | p2) & ~p1
        return post, {}

    def _observation_extra(self, seat: int) -> dict[str, Any]:
        st = self._state
        return {"melds": [str(CardSet(m, PINOCHLE)) for m in st.shown] if st.phase in ("play", "done") else None,
                "bidder": st.bidder, "bid": st.high_bid}

    # -- what is on the table ---------------------------------------------------
    @property
    def passed(self) -> tuple[CardSet, CardSet]:
        """The cards the partner passed to the bidder, and the cards passed back."""
        return tuple(CardSet(mask, PINOCHLE) for mask in self._state.passed)  # type: ignore[return-value]

    @property
    def bidding_team(self) -> int | None:
        return None if self.bidder is None else self.bidder % 2

    @property
    def meld(self) -> list[int]:
        """Meld shown per seat; zeros before passing is over."""
        return self._state.meld

    @property
    def team_meld(self) -> list[int]:
        return self._state.team_meld

    def meld_breakdowns(self) -> list[Meld]:
        """Each seat's meld, meld by meld, in the named trump."""
        if self.phase not in ("play", "done") or self.trump is None:
            raise IllegalMoveError("no meld yet: players meld once trump is named and cards are passed")
        return [pinochle_meld(CardSet(mask, PINOCHLE), self.trump, self.rules) for mask in self._state.meld_hands]

    @property
    def trick_points(self) -> list[int]:
        return self._state.trick_points

    @property
    def team_trick_points(self) -> list[int]:
        return self._state.team_trick_points

    @property
    def team_scores(self) -> list[int]:
        return self._state.team_score

    @property
    def made(self) -> bool:
        return self._state.made

    # -- trump and passing -----------------------------------------------------------
    def declare(self, trump: str) -> None:
        """The bidder names trump."""
        self._expect("declare")
        self.apply(TRUMP_ACTION + parse_suit(trump))

    def pass_cards(self, cards: Iterable[str] | str | CardSet) -> None:
        """The player to act (the bidder's partner, then the bidder) passes ``pass_cards`` cards."""
        self._expect("pass")
        held = self._state.hands[self._state.to_act]
        chosen = cards if isinstance(cards, CardSet) else CardSet(cards, PINOCHLE)
        want = self._state.pass_count
        if len(chosen) != want:
            raise IllegalMoveError(f"pass exactly {want} cards, got {len(chosen)}")
        if not chosen.issubset(CardSet(held, PINOCHLE)):
            raise IllegalMoveError(f"seat {self.to_act} does not hold {chosen - CardSet(held, PINOCHLE)}")
        for code in chosen:
            self.apply(pinochle_card_action(code))

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
            "team_meld": self.team_meld,
            "team_trick_points": self.team_trick_points,
            "team_scores": self.team_scores,
            "made": self.made,
        }
