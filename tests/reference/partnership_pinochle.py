"""Slow, obvious reference of Partnership Pinochle (RULES.md section 5).

Read together with docs/partnership-pinochle.md, which this file follows line by line.
It imports nothing: not cardsim (the compiled core is checked against it) and not the
other references either, so that a misreading in one game cannot hide in another's
test.  Its card helpers, meld counting, trick winner and legal cards are written here
from section 5 (and the meld table of section 1, which section 5 names).  Cards are
code strings ("AS", "TH"); hands are lists of codes (a card may appear twice).
"""
from __future__ import annotations

SUITS = "SHDC"
ORDER = "ATKQJ9"  # highest first: A > T > K > Q > J > 9

#: Meld names and default points, the table of RULES.md section 1 in its order.
MELD_TABLE = [
    ("run", 15), ("double_run", 150), ("trump_marriage", 4), ("marriage", 2), ("dix", 1),
    ("aces", 10), ("double_aces", 100), ("kings", 8), ("double_kings", 80),
    ("queens", 6), ("double_queens", 60), ("jacks", 4), ("double_jacks", 40),
    ("pinochle", 4), ("double_pinochle", 30),
]
MELDS = [name for name, _ in MELD_TABLE]

DEFAULT_RULES = {
    "min_bid": 16,
    "bid_increment": 1,
    "all_pass": "dealer_forced",  # or "redeal"
    "pass_cards": 3,
    **{"meld_" + name: points for name, points in MELD_TABLE},
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
    if merged["must_beat"] not in ("always", "trump_led", "never"):
        raise ValueError(f"bad must_beat {merged['must_beat']!r}")
    return merged


# ---------------------------------------------------------------- cards


def suit_of(card):
    return card[1]


def strength(card):
    """Higher is better within a suit: 5 for an ace down to 0 for a nine."""
    return 5 - ORDER.index(card[0])


def parse_cards(text):
    """'AS AS, TH' -> ['AS', 'AS', 'TH']."""
    cards = text.replace(",", " ").split()
    for card in cards:
        if len(card) != 2 or card[0] not in ORDER or card[1] not in SUITS:
            raise ValueError(f"not a pinochle card: {card!r}")
    return cards


def rank_points(text):
    """'A=1,T=1,K=1' -> points for each rank letter (unnamed ranks score 0)."""
    points = dict.fromkeys(ORDER, 0)
    for item in text.replace(" ", "").split(","):
        if item:
            name, _, value = item.partition("=")
            points["T" if name == "10" else name.upper()] = int(value)
    return points


# ---------------------------------------------------------------- meld (section 1's table)


def meld_breakdown(cards, trump):
    """How many times each meld of the table is held in ``trump`` (every name present).

    Counted by sets: "how many complete copies of this group does the hand hold"
    (0, 1 or 2, pinochle has two of each card).  Two copies score the double instead
    of the single; a run's K Q is part of the run, only K Q pairs beyond the runs are
    trump marriages.
    """
    def copies(group):
        return min(cards.count(card) for card in group)

    out = dict.fromkeys(MELDS, 0)
    runs = copies([r + trump for r in "ATKQJ"])
    out["double_run" if runs == 2 else "run"] = 1 if runs else 0
    out["trump_marriage"] = copies(["K" + trump, "Q" + trump]) - runs
    out["marriage"] = sum(copies(["K" + s, "Q" + s]) for s in SUITS if s != trump)
    out["dix"] = cards.count("9" + trump)
    for letter, name in (("A", "aces"), ("K", "kings"), ("Q", "queens"), ("J", "jacks")):
        sets = copies([letter + s for s in SUITS])
        out["double_" + name if sets == 2 else name] = 1 if sets else 0
    pinochles = copies(["QS", "JD"])
    out["double_pinochle" if pinochles == 2 else "pinochle"] = 1 if pinochles else 0
    return out


def meld_points(cards, trump, rules):
    return sum(count * rules["meld_" + name] for name, count in meld_breakdown(cards, trump).items())


# ---------------------------------------------------------------- tricks


def trick_winner(trick, trump):
    """Index of the card that wins ``trick``: the highest trump if any was played, else the
    highest card of the suit led; of two identical winning cards the first played."""
    trumps = [i for i, card in enumerate(trick) if suit_of(card) == trump]
    candidates = trumps or [i for i, card in enumerate(trick) if suit_of(card) == suit_of(trick[0])]
    top = max(strength(trick[i]) for i in candidates)
    return next(i for i in candidates if strength(trick[i]) == top)


def legal_cards(hand, trick, trump, must_beat):
    """Distinct codes a player holding ``hand`` may play to ``trick`` (section 5, Play).

    Follow suit; void: trump; neither: any card.  Heading, by ``must_beat``:
    trump_led  only when trump is led, beat the highest card on the table if able;
               a player who trumps a plain-suit lead need not over-trump;
    always     beat the highest card of the led suit while the trick is not trumped,
               and over-trump a trumped trick (section 1);
    never      no heading.
    """
    if not trick:
        return set(hand)
    led = suit_of(trick[0])
    same = [c for c in hand if suit_of(c) == led]
    trumps = [c for c in hand if suit_of(c) == trump]
    must_play = same or trumps or list(hand)
    if must_beat == "never":
        return set(must_play)
    winning = trick[trick_winner(trick, trump)]
    if must_beat == "trump_led":
        heads = led == trump
    else:  # always: a follower heads unless a trump took over a plain lead; a trumper over-trumps
        heads = (bool(same) and suit_of(winning) == led) or (not same and bool(trumps) and suit_of(winning) == trump)
    if not heads:
        return set(must_play)
    higher = [c for c in must_play if suit_of(c) == suit_of(winning) and strength(c) > strength(winning)]
    return set(higher or must_play)


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
        points = rank_points(rules["card_points"])
        self.trick_points = [sum(points[c[0]] for c in self.taken[s]) for s in range(4)]
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
