"""Slow, obvious reference of Partnership Pinochle (RULES.md section 5).

Read together with docs/partnership-pinochle.md, which this file follows line by line.
It imports nothing from cardsim on purpose; the card helpers, the meld table and the
legal-card rule are those of the Cutthroat Pinochle reference (section 5 says "the
table of section 1" and the three must_beat modes are the same).  Cards are code
strings ("AS", "TH"); hands are lists of codes (a card may appear twice).
"""
from __future__ import annotations

from .cutthroat_pinochle import MELD_DEFAULTS, MELDS, SUITS, legal_cards, meld_breakdown, parse_card_points, rank
from .cutthroat_pinochle import trick_winner

DEFAULT_RULES = {
    "min_bid": 16,
    "bid_increment": 1,
    "all_pass": "dealer_forced",  # or "redeal"
    "pass_cards": 3,
    **{"meld_" + name: value for name, value in zip(MELDS, MELD_DEFAULTS)},
    "must_beat": "trump_led",  # or "always", "never"
    "card_points": "A=1,T=1,K=1",
    "last_trick_points": 1,
    "save_meld_points": 1,
    "target_score": 300,
}


def merged_rules(rules=None):
    merged = dict(DEFAULT_RULES)
    for name, value in (rules or {}).items():
        if name not in DEFAULT_RULES:
            raise ValueError(f"unknown option {name!r}")
        merged[name] = value
    if merged["all_pass"] not in ("dealer_forced", "redeal"):
        raise ValueError(f"bad all_pass {merged['all_pass']!r}")
    return merged


def meld_points(cards, trump, rules):
    breakdown = meld_breakdown(cards, trump)
    return sum(breakdown[name] * rules["meld_" + name] for name in MELDS)


def partner(seat):
    return (seat + 2) % 4


def team(seat):
    return seat % 2


class Hand:
    """One hand: "auction", "declare" (name trump), "pass", "play", "done"; or "redeal".

    ``to_act`` is the seat to act, None once done or redealt.
    """

    def __init__(self, hands, dealer, rules=None):
        self.rules = merged_rules(rules)
        if len(hands) != 4 or len({len(h) for h in hands}) != 1:
            raise ValueError("four hands of the same size are needed")
        self.hands = [list(h) for h in hands]
        self.dealer = dealer
        self.phase = "auction"
        self.to_act = (dealer + 1) % 4
        self.high_bid = None
        self.bidder = None
        self.out = [False] * 4
        self.trump = None
        self.passed = [[], []]  # partner -> bidder, bidder -> partner
        self.meld = None
        self.meld_breakdowns = None
        self.trick = []
        self.leader = None
        self.trick_winners = []
        self.taken = [[], [], [], []]
        self.trick_points = None
        self.team_meld = None
        self.team_trick_points = None
        self.team_scores = None
        self.made = None

    def _require(self, phase):
        if self.phase != phase:
            raise ValueError(f"not allowed in phase {self.phase!r} (needs {phase!r})")

    # ---------------------------------------------------------- auction

    def min_bid(self):
        return self.rules["min_bid"] if self.high_bid is None else self.high_bid + self.rules["bid_increment"]

    def can_pass(self):
        """Only the dealer, under dealer_forced, after the three others passed with no bid, may not."""
        self._require("auction")
        if self.rules["all_pass"] != "dealer_forced" or self.to_act != self.dealer or self.high_bid is not None:
            return True
        return not all(self.out[s] for s in range(4) if s != self.dealer)

    def bid(self, n):
        self._require("auction")
        if n < self.min_bid():
            raise ValueError(f"bid {n} is below the minimum {self.min_bid()}")
        self.high_bid = n
        self.bidder = self.to_act
        self._next_in_auction()

    def pass_(self):
        self._require("auction")
        if not self.can_pass():
            raise ValueError("the dealer may not pass")
        self.out[self.to_act] = True
        self._next_in_auction()

    def _next_in_auction(self):
        still_in = [s for s in range(4) if not self.out[s]]
        if not still_in:
            self.phase, self.to_act = "redeal", None
            return
        if self.high_bid is not None and still_in == [self.bidder]:
            self.phase, self.to_act = "declare", self.bidder
            return
        seat = (self.to_act + 1) % 4
        while self.out[seat]:
            seat = (seat + 1) % 4
        self.to_act = seat

    # ---------------------------------------------------------- trump and passing

    def declare(self, trump):
        self._require("declare")
        if trump not in SUITS:
            raise ValueError(f"bad trump {trump!r}")
        self.trump = trump
        if self.rules["pass_cards"] > 0:
            self.phase, self.to_act = "pass", partner(self.bidder)
        else:
            self._start_play()

    def pass_cards(self, cards):
        self._require("pass")
        cards = list(cards)
        if len(cards) != self.rules["pass_cards"]:
            raise ValueError("wrong number of cards")
        giver = self.to_act
        held = list(self.hands[giver])
        for card in cards:
            held.remove(card)  # ValueError when not held
        self.hands[giver] = held
        self.hands[partner(giver)] += cards
        if giver != self.bidder:
            self.passed[0] = cards
            self.to_act = self.bidder
        else:
            self.passed[1] = cards
            self._start_play()

    def _start_play(self):
        self.meld_breakdowns = [meld_breakdown(h, self.trump) for h in self.hands]
        self.meld = [meld_points(h, self.trump, self.rules) for h in self.hands]
        self.team_meld = [self.meld[0] + self.meld[2], self.meld[1] + self.meld[3]]
        self.phase = "play"
        self.leader = self.to_act = self.bidder

    # ---------------------------------------------------------- play

    def legal_moves(self):
        self._require("play")
        return legal_cards(self.hands[self.to_act], self.trick, self.trump, self.rules["must_beat"])

    def play(self, card):
        self._require("play")
        if card not in self.legal_moves():
            raise ValueError(f"{card!r} is not legal for seat {self.to_act}")
        self.hands[self.to_act].remove(card)
        self.trick.append(card)
        if len(self.trick) < 4:
            self.to_act = (self.to_act + 1) % 4
            return
        winner = (self.leader + trick_winner(self.trick, self.trump)) % 4
        self.trick_winners.append(winner)
        self.taken[winner] += self.trick
        self.trick = []
        self.leader = self.to_act = winner
        if not any(self.hands):
            self._finish()

    # ---------------------------------------------------------- score

    def _finish(self):
        rules = self.rules
        points = parse_card_points(rules["card_points"])
        self.trick_points = [sum(points[rank(c)] for c in self.taken[s]) for s in range(4)]
        self.trick_points[self.trick_winners[-1]] += rules["last_trick_points"]
        self.team_trick_points = [self.trick_points[t] + self.trick_points[t + 2] for t in range(2)]
        totals = []
        for t in range(2):
            kept_meld = self.team_meld[t] if self.team_trick_points[t] >= rules["save_meld_points"] else 0
            totals.append(kept_meld + self.team_trick_points[t])
        bidding = team(self.bidder)
        self.made = totals[bidding] >= self.high_bid
        self.team_scores = list(totals)
        if not self.made:
            self.team_scores[bidding] = -self.high_bid
        self.phase, self.to_act = "done", None
