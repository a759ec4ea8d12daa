"""Euchre hands you can step through from Python: cutthroat (3 seats + dummy) and partnership.

The state lives in the compiled core (the same engine the batch runs); this module
validates every action and speaks card codes and ``CardSet``s.  Cards are always
shown as printed (``JD`` stays ``JD`` when it is the left bower of hearts).

Every decision is an *action*.  By name: ``legal_action_names()`` lists those legal
now and ``act(name)`` takes one; as integers (the game contract, docs/actions.md):
``legal_actions()`` and ``apply(action)``.  The names:

========  ===========================================================
phase     actions
========  ===========================================================
bid1      ``pass``, ``order`` (order up the upcard's suit; the dealer: take it up)
pickup    ``pick up``, ``leave`` (``dealer_pickup=optional``: the dealer's choice)
discard   a card code: the dealer, holding six, discards one
bid2      ``pass`` (not the dealer when ``stick_the_dealer``), or a suit ``S H D C``
          other than the upcard's
alone     ``alone``, ``not alone`` (the maker; cutthroat: ``not alone`` merges the dummy)
merge     ``keep C1 C2 C3 C4 C5``: the 5 cards the maker keeps of hand + dummy
defend    ``alone``, ``not alone`` (each defender in turn, ``allow_lone_defender``)
play      a card code
========  ===========================================================
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Iterable, Mapping

from .. import _core
from ..cards import EUCHRE, SUITS, CardSet, parse_suit
from ..rules import Rules
from ..errors import CardError, IllegalMoveError
from ..hands.base import SteppedHand
from ..hands.chosen_deal import deal_hands, deal_redeals

PHASES = ("bid1", "pickup", "discard", "bid2", "alone", "merge", "defend", "play", "done")

# The integer actions (docs/actions.md; the core's numbering): cards 0..23, then the calls.
PASS, ORDER, PICK_UP, LEAVE, NAME, ALONE, NOT_ALONE = 24, 25, 26, 27, 28, 32, 33


def euchre_card_action(bit: int) -> int:
    """A physical euchre card bit -> its action, 6*suit + rank (ranks 9 T J Q K A)."""
    return 6 * (bit >> 4) + (bit & 15)


class EuchreHand(SteppedHand):
    """One hand of 4-hand partnership euchre (teams 0+2 and 1+3).

    >>> from cardsim import Game
    >>> hand = Game("euchre").deal(seed=5)
    >>> hand.phase, hand.to_act, hand.upcard, len(hand.kitty)
    ('bid1', 1, 'AC', 4)
    >>> hand.legal_action_names(), hand.legal_actions()
    (['pass', 'order'], [24, 25])
    >>> hand.act("order")             # seat 1 orders clubs; the dealer must pick up (always)
    >>> hand.phase, hand.to_act, hand.trump, hand.maker
    ('discard', 0, 'C', 1)
    >>> hand.discard(list(hand.hands[0])[-1])
    >>> hand.act("not alone")
    >>> hand.phase, hand.to_act       # seat 1, left of the dealer, leads
    ('play', 1)
    >>> hand.play_out("heuristic").phase
    'done'
    >>> sum(hand.tricks)
    5
    """

    deck = EUCHRE
    seats = 4
    _state: _core.EuchreState

    def __init__(self, rules: Rules, seed: int = 0, dealer: int = 0) -> None:
        self.rules = rules
        self._state = _core.EuchreState(rules, self.seats, seed, self.check_dealer(dealer))
        self._remember_deal(seed)

    def _deal_extra_masks(self) -> dict[str, int]:
        extra = {"upcard": 1 << self._state.upcard, "kitty": self._state.kitty}
        return {"dummy": self._state.dummy, **extra} if self.seats == 3 else extra

    @classmethod
    def from_cards(cls, rules: Rules, hands: Iterable[Any], *, upcard: str, dummy: Iterable[Any] | str = (),
                   dealer: int = 0, seed: int = 0) -> "EuchreHand":
        """A hand from a given deal: one 5-card hand per seat (cutthroat: and the dummy),
        the upcard; the kitty is the 4 cards left over, the upcard among them.

        >>> from cardsim import Game
        >>> rules = Game("euchre").rules
        >>> hand = EuchreHand.from_cards(rules, ["JH JD AH KH QH", "9S TS QS KS AS",
        ...                                      "9C TC QC KC AC", "9D TD QD KD AD"], upcard="TH")
        >>> str(hand.kitty), hand.to_act
        ('JS TH 9H JC', 1)
        """
        return cls.from_deal(rules, {"hands": list(hands), "upcard": upcard, "dummy": dummy,
                                     "dealer": dealer, "seed": seed})

    def _set_cards(self, deal: Mapping[str, Any]) -> None:
        """``hands`` (5 cards a seat), ``upcard`` and, in cutthroat, the ``dummy``; the kitty is
        the 4 cards left, the upcard among them; bidding starts on them.  ``redeals``: deals
        thrown in before this one (default 0)."""
        if "upcard" not in deal:
            raise CardError("a euchre deal names its 'upcard'")
        sets = [CardSet(h, EUCHRE) for h in deal_hands(deal, self.seats)]
        extra = CardSet(deal.get("dummy", ()), EUCHRE)
        if self.seats == 3 and len(extra) != 5:
            raise CardError(f"the dummy must be 5 cards, got {len(extra)}")
        if self.seats == 4 and extra:
            raise CardError("partnership euchre has no dummy")
        seen = CardSet((), EUCHRE)
        for i, cards in enumerate([*sets, extra]):
            if i < self.seats and len(cards) != 5:
                raise CardError(f"seat {i} must hold 5 cards, got {len(cards)}")
            if seen & cards:
                raise CardError(f"dealt twice: {seen & cards}")
            seen = seen | cards
        kitty = CardSet(EUCHRE.full_mask, EUCHRE) - seen
        up = EUCHRE.parse_code(deal["upcard"])
        if not kitty.mask >> up & 1:
            raise CardError(f"the upcard {deal['upcard']} is dealt to a hand; it must be one of the kitty {kitty}")
        self._state.set_deal([c.mask for c in sets], extra.mask, kitty.mask, up, deal_redeals(deal))


    # -- what is on the table -------------------------------------------------------
    @property
    def dummy(self) -> CardSet:
        """Cutthroat: the dummy hand until the maker merges it (empty in partnership euchre)."""
        return CardSet(self._state.dummy, EUCHRE)

    @property
    def upcard(self) -> str:
        return EUCHRE.code(self._state.upcard)

    @property
    def kitty(self) -> CardSet:
        """The undealt cards; the upcard is among them until the dealer takes it."""
        return CardSet(self._state.kitty, EUCHRE)

    @property
    def discarded(self) -> CardSet:
        """The dealer's discard and the maker's merge discards."""
        return CardSet(self._state.discarded, EUCHRE)

    @property
    def trick(self) -> list[tuple[int, str]]:
        """The current trick as (seat, card) pairs in play order."""
        return [(seat, EUCHRE.code(bit)) for seat, bit in self._state.trick]

    @property
    def maker(self) -> int | None:
        seat = self._state.maker
        return None if seat < 0 else seat

    @property
    def round(self) -> int | None:
        """The bidding round trump was made in (1 or 2)."""
        return self._state.round or None

    @property
    def picked_up(self) -> bool:
        return self._state.picked_up

    @property
    def maker_alone(self) -> bool:
        return self._state.maker_alone

    @property
    def lone_defender(self) -> int | None:
        seat = self._state.lone_defender
        return None if seat < 0 else seat

    @property
    def active(self) -> list[int]:
        """Seats that play the tricks (a lone player's partner sits out)."""
        return self._state.active

    @property
    def tricks(self) -> list[int]:
        return self._state.tricks

    @property
    def points(self) -> list[int]:
        """Hand score per seat (partnership: each seat shows its team's score)."""
        return self._state.points

    @property
    def team_points(self) -> list[int]:
        """Partnership: hand score of teams 0+2 and 1+3."""
        return self._state.team_points

    @property
    def euchred(self) -> bool:
        return self._state.euchred

    def extra_rows(self) -> list[tuple[str, CardSet]]:
        """What `cardsim deal` shows besides the seats' hands."""
        rows = [("dummy", self.dummy)] if self.dummy else []
        return rows + [("upcard", CardSet(self.upcard, EUCHRE)), ("kitty", self.kitty)]

    # -- actions ----------------------------------------------------------------------
    def legal_action_names(self) -> list[str]:
        """Every action legal now by name (see the module docstring); empty once the hand is done.

        The integer actions of the game contract are :meth:`legal_actions`."""
        phase, state = self.phase, self._state
        if phase == "bid1":
            return ["pass", "order"]
        if phase == "pickup":
            return ["pick up", "leave"]
        if phase == "discard":
            return list(self.hands[self._state.dealer])
        if phase == "bid2":
            up = self.upcard[-1]
            return (["pass"] if state.may_pass2() else []) + [s for s in SUITS if s != up]
        if phase in ("alone", "defend"):
            return ["alone", "not alone"]
        if phase == "merge":
            held = list(self.hands[self._state.maker])
            return ["keep " + " ".join(cards) for cards in combinations(held, 5)]
        if phase == "play":
            return list(self.legal_moves())
        return []

    def legal_moves(self) -> CardSet:
        """Cards the player to act may play now."""
        self._expect("play")
        return CardSet(self._state.legal_mask(), EUCHRE)

    def act(self, action: str) -> None:
        """Take ``action`` (one of :meth:`legal_action_names`) for the seat to act."""
        phase = self.phase
        text = " ".join(str(action).split()).lower()
        if phase == "done":
            raise IllegalMoveError("the hand is over")
        if phase == "merge" and text.startswith("keep"):
            return self.keep(str(action).split(None, 1)[1] if " " in str(action).strip() else "")
        if phase in ("discard", "play"):
            return self.discard(action) if phase == "discard" else self.play(action)
        if phase == "bid2" and text not in ("pass",):
            return self.name(action)
        by_phase: dict[str, dict[str, bool | int]] = {
            "bid1": {"pass": False, "order": True}, "pickup": {"pick up": True, "leave": False},
            "bid2": {"pass": -1}, "alone": {"alone": True, "not alone": False},
            "defend": {"alone": True, "not alone": False}}
        choices = by_phase.get(phase, {})
        if text not in choices:
            raise IllegalMoveError(
                f"{action!r} is not legal in the {phase} phase; legal: {', '.join(self._describe_legal())}")
        if phase == "bid1":
            self.apply(ORDER if choices[text] else PASS)
        elif phase == "pickup":
            self.apply(PICK_UP if choices[text] else LEAVE)
        elif phase == "bid2":
            if not self._state.may_pass2():
                raise IllegalMoveError(f"the dealer (seat {self.to_act}) may not pass: stick_the_dealer is true")
            self.apply(PASS)
        else:
            self.apply(ALONE if choices[text] else NOT_ALONE)

    def _describe_legal(self) -> list[str]:
        return ["keep <5 of the 10 cards>"] if self.phase == "merge" else self.legal_action_names()

    def pass_(self) -> None:
        self.act("pass")

    def order_up(self) -> None:
        self._expect("bid1")
        self.act("order")

    def discard(self, card: str) -> None:
        """The dealer, holding six cards after taking the upcard, discards ``card``."""
        self._expect("discard")
        bit = EUCHRE.parse_code(card)
        if not self._state.hands[self._state.dealer] >> bit & 1:
            raise IllegalMoveError(f"the dealer does not hold {card}; holds {self.hands[self.dealer]}")
        self.apply(euchre_card_action(bit))

    def name(self, suit: str) -> None:
        """Round 2: the seat to act names ``suit`` (any suit but the upcard's) as trump."""
        self._expect("bid2")
        t = parse_suit(suit)
        if SUITS[t] == self.upcard[-1]:
            raise IllegalMoveError(f"{SUITS[t]} was the upcard's suit: in round 2 name another suit")
        self.apply(NAME + t)

    def keep(self, cards: Iterable[str] | str | CardSet) -> None:
        """Cutthroat: the maker keeps these 5 of the 10 cards (own hand + dummy)."""
        self._expect("merge")
        kept = cards if isinstance(cards, CardSet) else CardSet(cards, EUCHRE)
        held = self.hands[self._state.maker]
        if len(kept) != 5:
            raise IllegalMoveError(f"keep exactly 5 cards, got {len(kept)}")
        if not kept <= held:
            raise IllegalMoveError(f"the maker does not hold {kept - held}")
        for code in held - kept:  # the five put away, one action each
            self.apply(euchre_card_action(EUCHRE.parse_code(code)))

    def play(self, card: str) -> None:
        """The player to act plays ``card`` (a code such as ``'JD'``)."""
        self._expect("play")
        bit = EUCHRE.parse_code(card)
        if not self._state.legal_mask() >> bit & 1:
            raise IllegalMoveError(f"{card} is not a legal card now; legal: {self.legal_moves()}")
        self.apply(euchre_card_action(bit))

    # -- let the core's players act ------------------------------------------------------
    # -- what each seat sees (observation, resample) -------------------------------------
    def _public_deal_cards(self) -> tuple[int, ...]:
        return (self.deck.parse_code(self.upcard),)

    def _hidden_action(self, phase: str, actor: int, seat: int) -> bool:
        return phase in ("discard", "merge")  # the dealer's discard, the maker's five put away

    def _observation_extra(self, seat: int) -> dict[str, Any]:
        s = self._state
        return {"upcard": EUCHRE.code(s.upcard), "picked_up": s.picked_up, "maker": s.maker,
                "alone": s.maker_alone, "lone_defender": s.lone_defender,
                "dummy_cards": len(CardSet(s.dummy, EUCHRE)), "kitty_cards": len(CardSet(s.kitty, EUCHRE))}

    def result(self) -> dict[str, Any]:
        """The hand's outcome as plain data."""
        return {
            "dealer": self.dealer, "redeals": self.redeals, "maker": self.maker, "trump": self.trump,
            "round": self.round, "picked_up": self.picked_up, "maker_alone": self.maker_alone,
            "lone_defender": self.lone_defender, "tricks": self.tricks, "points": self.points,
            "team_points": self.team_points, "euchred": self.euchred,
        }


class CutthroatEuchreHand(EuchreHand):
    """One hand of cutthroat euchre: 3 seats, each for themselves, and a dummy hand.

    >>> from cardsim import Game
    >>> hand = Game("cutthroat-euchre").deal(seed=2)
    >>> len(hand.hands), len(hand.dummy), len(hand.kitty)
    (3, 5, 4)
    >>> while hand.phase in ("bid1", "bid2") and hand.maker is None:
    ...     hand.act(hand.legal_action_names()[-1])   # order up / name the last suit offered
    >>> hand.phase in ("pickup", "discard", "alone")
    True
    >>> hand.play_out("random").phase, sum(hand.tricks)
    ('done', 5)
    """

    seats = 3

    def result(self) -> dict[str, Any]:
        out = super().result()
        del out["team_points"]
        return out
