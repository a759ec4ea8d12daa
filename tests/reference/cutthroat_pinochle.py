"""Slow, obvious reference of Cutthroat Pinochle (RULES.md section 1).

Read together with docs/cutthroat-pinochle.md, which this file follows line by line.
It imports nothing from cardsim on purpose: the compiled core is checked against it.
Cards are plain code strings ("AS", "TH", "9D"); hands are lists of codes (a card may
appear twice, pinochle has two copies of each).  Clarity over speed everywhere.
"""
from __future__ import annotations

from collections import Counter

SUITS = "SHDC"
RANKS = "9JQKTA"  # lowest first: A > T > K > Q > J > 9

MELDS = [
    "run", "double_run", "trump_marriage", "marriage", "dix",
    "aces", "double_aces", "kings", "double_kings", "queens", "double_queens",
    "jacks", "double_jacks", "pinochle", "double_pinochle",
]

#: Default meld values, in the order of MELDS (RULES.md section 1 table).
MELD_DEFAULTS = [15, 150, 4, 2, 1, 10, 100, 8, 80, 6, 60, 4, 40, 4, 30]

DEFAULT_RULES = {
    "widow": True,
    "redeal_nines": 5,
    "min_bid": 16,
    "bid_increment": 1,
    "dealer_may_bid": False,  # the seed: the dealer may not bid in that hand
    "all_pass": "redeal",  # or "first_forced", "dealer_forced"
    "discard_counts": True,
    "bidder_needs_trump_marriage": False,
    **{"meld_" + name: value for name, value in zip(MELDS, MELD_DEFAULTS)},
    "must_beat": "always",  # or "trump_led", "never"
    "card_points": "A=1,T=1,K=1",
    "last_trick_points": 1,
    "save_meld_points": 1,
    "dix_always_counts": True,
    "target_score": 150,
    "army_scoring": False,
}


# ---------------------------------------------------------------- cards

def rank(card):
    return card[0]


def suit(card):
    return card[1]


def rank_value(card):
    """0 for a nine up to 5 for an ace."""
    return RANKS.index(rank(card))


def full_deck():
    """The 48 cards: suits S H D C, ranks 9 J Q K T A, each card twice in a row."""
    return [r + s for s in SUITS for r in RANKS for _copy in range(2)]


def parse_cards(text):
    """'AS AS, TH' -> ['AS', 'AS', 'TH']."""
    cards = text.replace(",", " ").split()
    for card in cards:
        if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
            raise ValueError(f"not a pinochle card: {card!r}")
    return cards


def deal_from_order(order, dealer, widow):
    """Deal a shuffled deck: left of the dealer first, the dealer last, then the widow."""
    if len(order) != 48:
        raise ValueError("the order must hold the 48 cards")
    size = 15 if widow else 16
    hands = [None, None, None]
    for i in range(3):
        seat = (dealer + 1 + i) % 3
        hands[seat] = list(order[i * size:(i + 1) * size])
    rest = list(order[3 * size:]) if widow else []
    return hands, rest


def merged_rules(rules=None):
    """DEFAULT_RULES updated with ``rules``; unknown names and bad values raise ValueError."""
    merged = dict(DEFAULT_RULES)
    for name, value in (rules or {}).items():
        if name not in DEFAULT_RULES:
            raise ValueError(f"unknown option {name!r}")
        merged[name] = value
    if merged["all_pass"] not in ("redeal", "first_forced", "dealer_forced"):
        raise ValueError(f"bad all_pass {merged['all_pass']!r}")
    if merged["must_beat"] not in ("always", "trump_led", "never"):
        raise ValueError(f"bad must_beat {merged['must_beat']!r}")
    if merged["all_pass"] == "dealer_forced" and not merged["dealer_may_bid"]:
        raise ValueError("all_pass=dealer_forced needs dealer_may_bid=true")
    parse_card_points(merged["card_points"])
    return merged


# ---------------------------------------------------------------- meld

def meld_breakdown(cards, trump):
    """How many times each meld is held, in the given trump (all 15 names present)."""
    count = Counter(cards)
    plain_suits = [s for s in SUITS if s != trump]
    result = {name: 0 for name in MELDS}

    runs = min(count[r + trump] for r in "ATKQJ")
    if runs == 1:
        result["run"] = 1
    if runs == 2:
        result["double_run"] = 1
    # a run's K-Q is its own marriage, so only the pairs left over count
    result["trump_marriage"] = min(count["K" + trump], count["Q" + trump]) - runs
    result["marriage"] = sum(min(count["K" + s], count["Q" + s]) for s in plain_suits)
    result["dix"] = count["9" + trump]

    for r, name in (("A", "aces"), ("K", "kings"), ("Q", "queens"), ("J", "jacks")):
        around = min(count[r + s] for s in SUITS)
        if around == 1:
            result[name] = 1
        if around == 2:
            result["double_" + name] = 1

    pinochles = min(count["QS"], count["JD"])
    if pinochles == 1:
        result["pinochle"] = 1
    if pinochles == 2:
        result["double_pinochle"] = 1
    return result


def meld_points(cards, trump, rules=None):
    rules = merged_rules(rules)
    breakdown = meld_breakdown(cards, trump)
    return sum(breakdown[name] * rules["meld_" + name] for name in MELDS)


def is_redeal_hand(cards, redeal_nines):
    """At least ``redeal_nines`` nines and, whatever the trump, no meld but dix."""
    if redeal_nines <= 0:
        return False
    nines = sum(1 for c in cards if rank(c) == "9")
    if nines < redeal_nines:
        return False
    for trump in SUITS:
        breakdown = meld_breakdown(cards, trump)
        if any(breakdown[name] for name in MELDS if name != "dix"):
            return False
    return True


# ---------------------------------------------------------------- points

def parse_card_points(text):
    """'A=1,T=1,K=1' -> {'9': 0, 'J': 0, 'Q': 0, 'K': 1, 'T': 1, 'A': 1}."""
    points = {r: 0 for r in RANKS}
    for item in text.replace(" ", "").split(","):
        if not item:
            continue
        name, sep, value = item.partition("=")
        name = name.upper()
        if name == "10":
            name = "T"
        if not sep or name not in RANKS:
            raise ValueError(f"bad card_points item {item!r}")
        points[name] = int(value)
    return points


def card_points(cards, rules=None):
    points = parse_card_points(merged_rules(rules)["card_points"])
    return sum(points[rank(c)] for c in cards)


# ---------------------------------------------------------------- tricks

def beats(card, best, trump):
    """Does ``card`` beat ``best``, the card winning the trick so far?"""
    if suit(card) == suit(best):
        return rank_value(card) > rank_value(best)  # identical cards: the first stays
    return suit(card) == trump


def trick_winner(trick, trump):
    """Index into ``trick`` of the winning card."""
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], trump):
            best = i
    return best


def highest_of_suit(trick, wanted_suit):
    """The highest rank value of ``wanted_suit`` in the trick, or None."""
    values = [rank_value(c) for c in trick if suit(c) == wanted_suit]
    return max(values) if values else None


def legal_cards(hand, trick, trump, must_beat):
    """Distinct codes the player may play to ``trick`` (the cards already played)."""
    if not trick:
        return set(hand)
    led = suit(trick[0])
    trick_has_trump = any(suit(c) == trump for c in trick)

    following = [c for c in hand if suit(c) == led]
    if following:
        if must_beat == "never":
            return set(following)
        if led != trump:
            if must_beat == "trump_led" or trick_has_trump:
                return set(following)
        # always on a plain lead not yet trumped, or any mode but never on a trump lead
        top = highest_of_suit(trick, led)
        beaters = [c for c in following if rank_value(c) > top]
        return set(beaters or following)

    my_trumps = [c for c in hand if suit(c) == trump]
    if my_trumps:
        if must_beat == "never" or not trick_has_trump:
            return set(my_trumps)
        top = highest_of_suit(trick, trump)
        beaters = [c for c in my_trumps if rank_value(c) > top]
        return set(beaters or my_trumps)

    return set(hand)


# ---------------------------------------------------------------- one hand

class Hand:
    """One hand driven step by step: auction, declare (widow, trump, discard), play, done.

    ``phase`` is "auction", "declare", "play", "done" or "redeal" (all passed under
    all_pass=redeal); ``to_act`` is the seat to act, None once done or redealt.
    Hands may be any equal size (tests use short ones); a real deal is 15 or 16 each.
    """

    def __init__(self, hands, widow, dealer, rules=None):
        self.rules = merged_rules(rules)
        if len(hands) != 3 or len({len(h) for h in hands}) != 1:
            raise ValueError("three hands of the same size are needed")
        if len(widow) != (3 if self.rules["widow"] else 0):
            raise ValueError("the widow holds 3 cards with widow=true, none without")
        self.hands = [list(h) for h in hands]
        self.widow = list(widow)
        self.dealer = dealer
        self.phase = "auction"
        self.to_act = (dealer + 1) % 3
        self.high_bid = None
        self.bidder = None
        self.auction = []  # (seat, bid or None for a pass), in order
        self.out = [False, False, False]
        self.acted = [False, False, False]
        if not self.rules["dealer_may_bid"]:
            self.out[dealer] = True
        # filled in by declare / play
        self.trump = None
        self.discard = []
        self.thrown_in = False
        self.meld = None
        self.meld_breakdowns = None
        self.trick = []
        self.leader = None
        self.tricks = []  # (leader, [cards in play order]) of every finished trick
        self.trick_winners = []
        self.taken = [[], [], []]  # cards each seat won in tricks
        self.trick_points = None
        self.counted_meld = None  # meld left after the save-meld rule
        self.scores = None
        self.made = None
        self.army = None

    # ---------------------------------------------------------- auction

    def _require(self, phase):
        if self.phase != phase:
            raise ValueError(f"not allowed in phase {self.phase!r} (needs {phase!r})")

    def min_bid(self):
        if self.high_bid is None:
            return self.rules["min_bid"]
        return self.high_bid + self.rules["bid_increment"]

    def may_bid(self):
        return self.to_act != self.dealer or self.rules["dealer_may_bid"]

    def can_pass(self):
        self._require("auction")
        seat = self.to_act
        mode = self.rules["all_pass"]
        if mode == "first_forced" and seat == (self.dealer + 1) % 3 and not self.acted[seat]:
            return False
        if mode == "dealer_forced" and seat == self.dealer and self.high_bid is None:
            others = [s for s in range(3) if s != self.dealer]
            if all(self.out[s] for s in others):
                return False
        return True

    def bid(self, n):
        self._require("auction")
        if not self.may_bid():
            raise ValueError("this player may not bid")
        if not isinstance(n, int) or n < self.min_bid():
            raise ValueError(f"bid {n!r} is below the minimum {self.min_bid()}")
        self.high_bid = n
        self.bidder = self.to_act
        self._after_action(n)

    def pass_(self):
        self._require("auction")
        if not self.can_pass():
            raise ValueError("this player may not pass")
        self.out[self.to_act] = True
        self._after_action(None)

    def _after_action(self, action):
        seat = self.to_act
        self.auction.append((seat, action))
        self.acted[seat] = True
        still_in = [s for s in range(3) if not self.out[s]]
        if self.high_bid is not None and still_in == [self.bidder]:
            self.phase = "declare"
            self.to_act = self.bidder
            self.hands[self.bidder] += self.widow  # the widow goes to the bidder
            return
        if not still_in:
            self.phase = "redeal"
            self.to_act = None
            return
        nxt = (seat + 1) % 3
        while self.out[nxt]:
            nxt = (nxt + 1) % 3
        self.to_act = nxt

    # ---------------------------------------------------------- declare

    def declare(self, trump, discard, throw_in=False):
        self._require("declare")
        if trump not in SUITS:
            raise ValueError(f"bad trump {trump!r}")
        discard = list(discard)
        if len(discard) != (3 if self.rules["widow"] else 0):
            raise ValueError("discard 3 cards with widow=true, none without")
        kept = list(self.hands[self.bidder])
        for card in discard:
            if card not in kept:
                raise ValueError("the discard must come from the bidder's hand and the widow")
            kept.remove(card)
        self.hands[self.bidder] = kept
        self.trump = trump
        self.discard = discard
        self.meld_breakdowns = [meld_breakdown(h, trump) for h in self.hands]
        self.meld = [meld_points(h, trump, self.rules) for h in self.hands]

        held = self.hands[self.bidder]
        lacks_marriage = "K" + trump not in held or "Q" + trump not in held
        if throw_in or (self.rules["bidder_needs_trump_marriage"] and lacks_marriage):
            self._finish_thrown_in()
            return
        self.phase = "play"
        self.leader = self.bidder
        self.to_act = self.bidder

    # ---------------------------------------------------------- play

    def legal_moves(self):
        self._require("play")
        return legal_cards(self.hands[self.to_act], self.trick, self.trump, self.rules["must_beat"])

    def play(self, card):
        self._require("play")
        if card not in self.legal_moves():
            raise ValueError(f"{card!r} is not a legal card for seat {self.to_act}")
        self.hands[self.to_act].remove(card)
        self.trick.append(card)
        if len(self.trick) < 3:
            self.to_act = (self.to_act + 1) % 3
            return
        winner = (self.leader + trick_winner(self.trick, self.trump)) % 3
        self.tricks.append((self.leader, self.trick))
        self.trick_winners.append(winner)
        self.taken[winner] += self.trick
        self.trick = []
        self.leader = winner
        self.to_act = winner
        if not any(self.hands):
            self._finish_played()

    # ---------------------------------------------------------- score

    def _finish_thrown_in(self):
        """Bidder scores -bid, the others their full meld; no trick points at all."""
        self.thrown_in = True
        self.made = False
        self.trick_points = [0, 0, 0]
        self.counted_meld = [0 if seat == self.bidder else self.meld[seat] for seat in range(3)]
        self.scores = [
            -self.high_bid if seat == self.bidder else self.meld[seat] for seat in range(3)
        ]
        self.army = self._army(pay_each=10)
        self._done()

    def _finish_played(self):
        rules = self.rules
        points = [card_points(self.taken[seat], rules) for seat in range(3)]
        points[self.trick_winners[-1]] += rules["last_trick_points"]
        if rules["discard_counts"]:
            points[self.bidder] += card_points(self.discard, rules)
        self.trick_points = points

        counted = []
        for seat in range(3):
            if points[seat] >= rules["save_meld_points"]:
                counted.append(self.meld[seat])
            elif rules["dix_always_counts"]:
                counted.append(self.meld_breakdowns[seat]["dix"] * rules["meld_dix"])
            else:
                counted.append(0)
        self.counted_meld = counted

        totals = [counted[seat] + points[seat] for seat in range(3)]
        self.made = totals[self.bidder] >= self.high_bid
        self.scores = list(totals)
        if not self.made:
            self.scores[self.bidder] = -self.high_bid
        self.army = [0, 0, 0] if self.made else self._army(pay_each=20)
        self._done()

    def _army(self, pay_each):
        if not self.rules["army_scoring"]:
            return [0, 0, 0]
        return [-2 * pay_each if seat == self.bidder else pay_each for seat in range(3)]

    def _done(self):
        self.phase = "done"
        self.to_act = None

