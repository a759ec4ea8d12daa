"""Slow, obvious reference of euchre: cutthroat (RULES.md section 2) and the partnership preset.

Read together with docs/euchre.md, which this file follows line by line.  It imports
nothing from cardsim on purpose: the compiled core is checked against it.  Cards are
plain code strings ("AS", "JD"); hands are lists of codes.  Bowers are handled the
plain way: a function says which suit a card belongs to once trump is known, and
another how high it ranks; nothing is remapped.

Actions are strings, as in cardsim.euchre.hand: "pass", "order", "pick up", "leave",
a card code (discard, play), a suit letter (round 2), "alone", "not alone",
"keep C1 C2 C3 C4 C5" (the merge).
"""
from __future__ import annotations

from itertools import combinations

SUITS = "SHDC"
RANKS = "9TJQKA"  # lowest first, plain suits: A > K > Q > J > T > 9

DEFAULT_RULES = {
    "cutthroat-euchre": {
        "dealer_pickup": "optional", "stick_the_dealer": False, "allow_lone_defender": True,
        "march_points": 3, "lone_march_points": 3, "euchre_points": 2, "lone_defender_euchre_points": 2,
        "lone_defender_march_points": 4, "target_score": 10,
    },
    "euchre": {
        "dealer_pickup": "always", "stick_the_dealer": False, "allow_lone_defender": False,
        "march_points": 2, "lone_march_points": 4, "euchre_points": 2, "lone_defender_euchre_points": 2,
        "lone_defender_march_points": 4, "target_score": 10,
    },
}


# ---------------------------------------------------------------- cards

def full_deck():
    return [r + s for s in SUITS for r in RANKS]


def same_colour(suit):
    """Spades and clubs are black, hearts and diamonds red."""
    return {"S": "C", "C": "S", "H": "D", "D": "H"}[suit]


def is_right_bower(card, trump):
    return card == "J" + trump


def is_left_bower(card, trump):
    return card == "J" + same_colour(trump)


def suit_of(card, trump):
    """The suit a card belongs to for following and winning: the left bower is a trump."""
    if trump is not None and is_left_bower(card, trump):
        return trump
    return card[1]


def strength(card, trump):
    """A number that orders the cards of one suit (and trumps above everything else)."""
    if is_right_bower(card, trump):
        return 100 + 8
    if is_left_bower(card, trump):
        return 100 + 7
    base = RANKS.index(card[0])
    return 100 + base if card[1] == trump else base


def trick_winner_index(cards, trump):
    """Index of the winning card: the highest trump, else the highest card of the led suit."""
    led = suit_of(cards[0], trump)
    best = 0
    for i, card in enumerate(cards):
        if i == 0:
            continue
        mine, theirs = suit_of(card, trump), suit_of(cards[best], trump)
        if mine == theirs:
            if strength(card, trump) > strength(cards[best], trump):
                best = i
        elif mine == trump:
            best = i
        # a card of neither the led suit nor trump never wins
        assert theirs in (led, trump)
    return best


def legal_plays(held, trick, trump):
    """Follow the led suit (bowers are trump) if able; else any card."""
    if not trick:
        return list(held)
    led = suit_of(trick[0], trump)
    following = [c for c in held if suit_of(c, trump) == led]
    return following if following else list(held)


# ---------------------------------------------------------------- one hand

class Hand:
    """One hand from a given deal; ``seats`` is 3 (cutthroat, with ``dummy``) or 4 (teams 0+2, 1+3)."""

    def __init__(self, hands, dummy, kitty, upcard, dealer, rules, seats):
        assert seats in (3, 4) and len(hands) == seats and upcard in kitty
        self.seats, self.rules, self.dealer = seats, dict(rules), dealer
        self.partnership = seats == 4
        self.hands = [list(h) for h in hands]
        self.dummy, self.kitty, self.upcard = list(dummy), list(kitty), upcard
        self.discarded = []
        self.taken = [[] for _ in range(seats)]
        self.tricks = [0] * seats
        self.points = [0] * seats
        self.team_points = [0, 0]
        self.maker = self.trump = self.round = self.lone_defender = None
        self.picked_up = self.maker_alone = self.euchred = False
        self.active = list(range(seats))
        self.phase = "bid1"
        self.to_act = self.left_of(dealer)
        self.passes = 0
        self.trick = []  # (seat, card) in play order
        self.tricks_played = 0

    # -- seats ---------------------------------------------------------------
    def left_of(self, seat):
        return (seat + 1) % self.seats

    def bidding_order(self):
        """Seats from the dealer's left round to the dealer."""
        return [(self.dealer + 1 + i) % self.seats for i in range(self.seats)]

    def same_side(self, a, b):
        """Partnership: same team.  Cutthroat: the two defenders are partners, the maker alone."""
        if self.partnership:
            return a % 2 == b % 2
        return a == b or (a != self.maker and b != self.maker)

    def defenders(self):
        return [s for s in self.bidding_order() if not self.same_side(s, self.maker)]

    # -- actions ------------------------------------------------------------------
    def legal_actions(self):
        if self.phase == "bid1":
            return ["pass", "order"]
        if self.phase == "pickup":
            return ["pick up", "leave"]
        if self.phase == "discard":
            return list(self.hands[self.dealer])
        if self.phase == "bid2":
            stuck = self.rules["stick_the_dealer"] and self.to_act == self.dealer
            return ([] if stuck else ["pass"]) + [s for s in SUITS if s != self.upcard[1]]
        if self.phase in ("alone", "defend"):
            return ["alone", "not alone"]
        if self.phase == "merge":
            return ["keep " + " ".join(k) for k in combinations(self.hands[self.maker], 5)]
        if self.phase == "play":
            return legal_plays(self.hands[self.to_act], [c for _, c in self.trick], self.trump)
        return []

    def act(self, action):
        assert action in self.legal_actions() or self.phase == "merge", (self.phase, action)
        getattr(self, "_" + self.phase)(action)

    def _bid1(self, action):
        seat = self.to_act
        if action == "order":
            self.make_trump(seat, self.upcard[1], 1)
            # the dealer ordering is the dealer taking it up; otherwise dealer_pickup decides
            if seat == self.dealer or self.rules["dealer_pickup"] == "always":
                self.take_upcard()
            else:
                self.phase, self.to_act = "pickup", self.dealer
            return
        self.passes += 1
        if self.passes == self.seats:
            self.phase, self.passes = "bid2", 0
        self.to_act = self.left_of(seat)

    def make_trump(self, maker, trump, rnd):
        self.maker, self.trump, self.round = maker, trump, rnd

    def take_upcard(self):
        self.hands[self.dealer].append(self.upcard)
        self.kitty.remove(self.upcard)
        self.picked_up = True
        self.phase, self.to_act = "discard", self.dealer

    def _pickup(self, action):
        if action == "pick up":
            self.take_upcard()
        else:
            self.phase, self.to_act = "alone", self.maker

    def _discard(self, card):
        self.hands[self.dealer].remove(card)
        self.discarded.append(card)
        self.phase, self.to_act = "alone", self.maker

    def _bid2(self, action):
        seat = self.to_act
        if action != "pass":
            self.make_trump(seat, action, 2)
            self.phase, self.to_act = "alone", seat
            return
        self.passes += 1
        if self.passes == self.seats:
            self.phase, self.to_act = "redeal", None  # the caller deals again, dealer moved left
        else:
            self.to_act = self.left_of(seat)

    def _alone(self, action):
        self.maker_alone = action == "alone"
        if self.maker_alone and self.partnership:
            self.active.remove((self.maker + 2) % 4)
        if not self.maker_alone and not self.partnership:
            self.hands[self.maker] += self.dummy
            self.dummy = []
            self.phase = "merge"
            return
        self.start_defend()

    def _merge(self, action):
        keep = action.split()[1:]
        held = self.hands[self.maker]
        assert len(keep) == 5 and len(set(keep)) == 5 and all(c in held for c in keep), action
        self.discarded += [c for c in held if c not in keep]
        self.hands[self.maker] = [c for c in held if c in keep]
        self.start_defend()

    def start_defend(self):
        self.asked = []
        if self.rules["allow_lone_defender"]:
            self.phase, self.to_act = "defend", self.defenders()[0]
        else:
            self.start_play()

    def _defend(self, action):
        seat = self.to_act
        if action == "alone":
            self.lone_defender = seat
            for other in self.defenders():
                if other != seat:
                    self.active.remove(other)
            self.start_play()
            return
        self.asked.append(seat)
        waiting = [s for s in self.defenders() if s not in self.asked]
        if waiting:
            self.to_act = waiting[0]
        else:
            self.start_play()

    def start_play(self):
        """First lead: left of the dealer, or the next seat round that plays."""
        self.phase = "play"
        seat = self.left_of(self.dealer)
        while seat not in self.active:
            seat = self.left_of(seat)
        self.to_act = seat

    def _play(self, card):
        seat = self.to_act
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < len(self.active):
            nxt = self.left_of(seat)
            while nxt not in self.active:
                nxt = self.left_of(nxt)
            self.to_act = nxt
            return
        winner = self.trick[trick_winner_index([c for _, c in self.trick], self.trump)][0]
        self.taken[winner] += [c for _, c in self.trick]
        self.tricks[winner] += 1
        self.tricks_played += 1
        self.last_trick, self.trick = self.trick, []
        self.to_act = winner
        if self.tricks_played == 5:
            self.score()

    def score(self):
        r = self.rules
        maker_side = sum(self.tricks[s] for s in range(self.seats) if self.same_side(s, self.maker))
        self.euchred = maker_side < 3
        if maker_side in (3, 4):
            pts = 1
        elif maker_side == 5:
            pts = r["lone_march_points"] if self.maker_alone else r["march_points"]
        elif self.lone_defender is not None:
            # euchred by a defender playing alone: 3 or 4 tricks, or all 5 (the "march" of a defender)
            taken = self.tricks[self.lone_defender]
            assert taken in (3, 4, 5)
            pts = r["lone_defender_march_points"] if taken == 5 else r["lone_defender_euchre_points"]
        else:
            pts = r["euchre_points"]
        for s in range(self.seats):
            scores = self.same_side(s, self.maker) != self.euchred  # maker side, or each defender
            self.points[s] = pts if scores else 0
        if self.partnership:
            self.team_points = [self.points[0], self.points[1]]
        self.phase, self.to_act = "done", None
