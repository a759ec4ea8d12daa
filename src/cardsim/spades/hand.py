"""A Spades hand (cutthroat or partnership) you can step through from Python.

The state lives in the compiled core (the same engine the batch runs); this
class validates every action and speaks card codes, ``CardSet``s and bid names.
Bids are moves: during bidding :meth:`SpadesHand.legal_moves` lists the bids
(``"3"``, ``"nil"``, ``"blind_nil"``, ``"blind6"``, ``"one_for_50"``,
``"two_for_40"``, ``"moon"``) and :meth:`SpadesHand.move` makes one; during play
they are cards.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from .. import _core
from ..cards import SPADES, CardSet, Deck
from ..rules import Rules
from ..errors import IllegalMoveError
from ..hands.base import SteppedHand
from ..hands.chosen_deal import card_sets, deal_hands, physical_masks

# The integer actions (docs/actions.md; the core's numbering): cards 0..51 as 13*suit + rank
# (ranks 2..A), jokers J3 J2 J1 as 52 53 54; a regular bid of n tricks 55 + n; the other bids
# 72 + kind (nil 73, blind nil 74, blind 6 75, one-for-50 76, two-for-40 77, moon 78).
REGULAR_BID_ACTION = 55
SPECIAL_BID_ACTION = 72


def spades_card_action(bit: int) -> int:
    """A spades card bit -> its action."""
    if bit < 16:
        return bit if bit < 13 else 52 + bit - 13
    return 13 * (bit >> 4) + (bit & 15)


def bid_action(code: int) -> int:
    """A bid code (kind << 5 | tricks) -> its action."""
    return REGULAR_BID_ACTION + (code & 31) if code >> 5 == 0 else SPECIAL_BID_ACTION + (code >> 5)

KIND_NAMES: tuple[str, ...] = tuple(_core.SP_BID_KIND_NAMES)
SPECIAL_TRICKS = {"nil": 0, "blind_nil": 0, "blind6": 6, "one_for_50": 1, "two_for_40": 2}


def spades_deck(rules: Mapping[str, Any]) -> Deck:
    """The deck of these rules: 2C out with 3 players, 2C and 2D out with 5, jokers with 5."""
    players = rules.get("players", 4)
    jokers = rules.get("jokers", 0)
    removed = {3: ("2C",), 5: ("2C", "2D") if not jokers else ()}.get(players, ())
    return SPADES.with_changes(jokers=jokers, removed=removed)


def spades_seats(rules: Mapping[str, Any]) -> int:
    return int(rules.get("players", 4))


def bid_name(kind: int, tricks: int) -> str:
    """``"3"`` for a regular bid of three, else the special bid's name."""
    return str(tricks) if kind == 0 else KIND_NAMES[kind]


class SpadesHand(SteppedHand):
    """Phases: ``bidding``, ``play``, ``done``.

    One hand: bids from the dealer's left, then every card, then the score.

    ``scores``, ``bags`` and ``blind6_used`` are the game so far (per seat; team
    figures on both partners in partnership play); they decide blind 6 and bag
    rollover.  By default the hand starts a game.

    >>> from cardsim import Game
    >>> hand = Game("cutthroat-spades", players=4).deal(seed=3)
    >>> hand.phase, hand.to_act, [len(h) for h in hand.hands]
    ('bidding', 1, [13, 13, 13, 13])
    >>> hand.legal_moves()[:4]
    ['nil', 'blind_nil', 'one_for_50', 'two_for_40']
    >>> for bid in ("3", "nil", "two_for_40", "4"): hand.move(bid)
    >>> hand.phase, hand.bids
    ('play', ['4', '3', 'nil', 'two_for_40'])
    >>> hand.play_out("heuristic").phase
    'done'
    >>> sum(hand.tricks)
    13
    >>> after = hand.result()["game_scores_after"]
    >>> hand.next_hand()                     # the same game goes on, scores carried
    >>> hand.phase, hand.dealer, hand.game_scores == after
    ('bidding', 1, True)
    """

    _state: _core.SpadesState

    def __init__(self, rules: Rules, seed: int = 0, dealer: int = 0, *, scores: Sequence[int] | None = None,
                 bags: Sequence[int] | None = None, blind6_used: Sequence[int] | None = None) -> None:
        self.rules = rules
        self.seats = spades_seats(rules)
        self.deck = spades_deck(rules)
        self.check_dealer(dealer)
        for name, values in (("scores", scores), ("bags", bags), ("blind6_used", blind6_used)):
            if values is not None and len(values) != self.seats:
                raise IllegalMoveError(f"{name} needs one value per seat ({self.seats}), got {len(values)}")
        self._state = _core.SpadesState(rules, seed, dealer, 0, scores, bags, blind6_used)
        self._remember_deal(seed, scores=list(self._state.game_scores), bags=list(self._state.game_bags),
                            blind6_used=list(self._state.blind6_used))

    @classmethod
    def _new_for_deal(cls, rules: Rules, deal: Mapping[str, Any]) -> "SpadesHand":
        return cls(rules, deal.get("seed", 0), deal.get("dealer", 0), scores=deal.get("scores"),
                   bags=deal.get("bags"), blind6_used=deal.get("blind6_used"))

    def _set_cards(self, deal: Mapping[str, Any]) -> None:
        """``hands``, one per seat in the sizes these rules deal (the game so far: ``scores``,
        ``bags``, ``blind6_used``, default zeros, is read when the hand is made)."""
        names = [f"seat {s}" for s in range(self.seats)]
        sizes = [len(cards) for cards in self.hands]
        sets = card_sets(list(zip(names, deal_hands(deal, self.seats), sizes)), self.deck)
        self._state.set_hands(physical_masks(names, sets, self.deck))

    # -- what is on the table ---------------------------------------------------
    @property
    def redeals(self) -> int:
        """Spades never redeals."""
        return 0

    @property
    def trump(self) -> str:
        """Spades are always trump (jokers count as spades)."""
        return "S"

    @property
    def bids(self) -> list[str | None]:
        """Each seat's bid as a move name (None before it has bid)."""
        return [None if k < 0 else bid_name(k, b) for k, b in zip(self._state.kinds, self._state.bids)]

    @property
    def spades_broken(self) -> bool:
        return self._state.broken

    @property
    def trick(self) -> list[tuple[int, str]]:
        """The current trick as (seat, card) pairs in play order."""
        return [(seat, self.deck.code(bit)) for seat, bit in self._state.trick]

    @property
    def leader(self) -> int | None:
        """Seat that leads (or led) the current trick; None during bidding."""
        seat = self._state.leader
        return None if seat < 0 else seat

    @property
    def last_winner(self) -> int | None:
        seat = self._state.last_winner
        return None if seat < 0 else seat

    @property
    def tricks(self) -> list[int]:
        return self._state.tricks

    @property
    def scores(self) -> list[int]:
        """The hand's change of score per seat (the team's, on both partners); zeros until done."""
        return self._state.score

    # -- moves ---------------------------------------------------------------------
    def legal_bids(self) -> list[str]:
        self._expect("bidding")
        return [bid_name(code >> 5, code & 31) for code in self._state.legal_bids()]

    def bid(self, bid: int | str) -> None:
        """The player to act bids: a number of tricks or a special bid's name."""
        self._expect("bidding")
        self.apply(bid_action(self._bid_code(bid)))

    def _bid_code(self, bid: int | str) -> int:
        text = str(bid).strip().lower().replace("-", "_")
        held = len(self.hands[self._state.to_act])
        if text.isascii() and text.isdigit():  # not "²", which isdigit() accepts and int() refuses
            n = int(text)
            if not 1 <= n <= held:
                raise IllegalMoveError(f"bid {n} is not legal: a regular bid is 1 to {held} (the cards held)")
            return n
        if text not in KIND_NAMES[1:]:
            raise IllegalMoveError(f"unknown bid {bid!r}: a number 1..{held} or one of {', '.join(KIND_NAMES[1:])}")
        kind = KIND_NAMES.index(text)
        code: int = kind << 5 | SPECIAL_TRICKS.get(text, self.rules["moon_tricks"])
        if not self._state.bid_legal(code):
            raise IllegalMoveError(f"bid {text} is not legal now; legal: {', '.join(self.legal_bids())}")
        return code

    def legal_moves(self) -> list[str] | CardSet:
        """Bids (names) while bidding, cards (a ``CardSet``) during play."""
        if self.phase == "bidding":
            return self.legal_bids()
        self._expect("play")
        return CardSet(self._state.legal_mask(), self.deck)

    def move(self, move: int | str) -> None:
        """Make one move: a bid while bidding, a card during play."""
        if self.phase == "bidding":
            self.bid(move)
        else:
            self.play(str(move))

    def play(self, card: str) -> None:
        """The player to act plays ``card`` (a code such as ``'AS'`` or ``'J1'``)."""
        self._expect("play")
        bit = self.deck.parse_code(card)
        if not self._state.legal_mask() >> bit & 1:
            raise IllegalMoveError(f"{card} is not a legal card now; legal: {self.legal_moves()}")
        self.apply(spades_card_action(bit))

    # -- the game so far -------------------------------------------------------------
    @property
    def game_scores(self) -> list[int]:
        """Scores before this hand (the team's on both partners in partnership play)."""
        return self._state.game_scores

    @property
    def game_bags(self) -> list[int]:
        """Bags carried into this hand."""
        return self._state.game_bags

    def game_winner(self) -> int | None:
        """Once the hand is done: the seat (team 0 or 1 in partnership) that has won the game, if any.

        The best score must reach target_score and be nobody else's; ties play on.
        """
        self._expect("done")
        seat = self._state.game_winner()
        return None if seat < 0 else seat

    def next_hand(self) -> None:
        """Fold the finished hand into the game and deal the next (the deal passes left)."""
        self._expect("done")
        self._state.next_hand((self.dealer + 1) % self.seats)
        self._state.clear_history()
        self._remember_deal(self._seed, scores=list(self._state.game_scores), bags=list(self._state.game_bags),
                            blind6_used=list(self._state.blind6_used))

    def result(self) -> dict[str, Any]:
        """The hand's outcome as plain data (bags and scores are the team's, on both partners, in partnership)."""
        s = self._state
        return {
            "dealer": self.dealer,
            "first_leader": s.first_leader,
            "bids": self.bids,
            "tricks": s.tricks,
            "made": s.made,
            "bags": s.bags,
            "bag_penalty": s.bag_penalty,
            "bags_after": s.bags_after,
            "prize_jacks": [[j for j, f in (("JD", 1), ("JC", 2), ("JH", 4)) if p & f] for p in s.prize],
            "scores": s.score,
            "game_scores_after": [a + b for a, b in zip(s.game_scores, s.score)],
        }
