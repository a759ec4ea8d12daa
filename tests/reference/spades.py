"""Slow, obvious reference of Cutthroat Spades and partnership Spades (RULES.md section 3).

Read together with docs/spades.md, which this file follows line by line.  It imports
nothing from cardsim on purpose: the compiled core is checked against it.  Cards are
code strings ("AS", "TH", "2C", jokers "J1" "J2" "J3"); hands are lists of codes.
Bids are names: "1".."17" for a regular bid, or "nil", "blind_nil", "blind6",
"one_for_50", "two_for_40", "moon".  Clarity over speed everywhere.
"""
from __future__ import annotations

SUITS = "SHDC"
RANKS = "23456789TJQKA"  # lowest first
JOKERS = ["J3", "J2", "J1"]  # lowest first, all above the AS
SPECIALS = ["nil", "blind_nil", "blind6", "one_for_50", "two_for_40", "moon"]

DEFAULT_RULES = {
    "players": 3,  # absent (None) for the partnership game, which always has 4
    "jokers": 0,
    "allow_nil": True,
    "allow_blind_nil": True,
    "blind6_limit": 1,
    "blind6_behind": 50,
    "allow_one_for_50": True,
    "allow_two_for_40": True,
    "allow_moon": True,
    "moon_tricks": 14,
    "bag_mode": "limit",
    "bag_limit": 10,
    "bag_penalty": "held",  # the partnership game's default is "carry"
    "prize_jacks": ("JD", "JC"),
    "prize_jack_points": 10,
    "multiple_prize_jacks": "void",
    "break_spades": True,
    "failed_nil_tricks": "ignored",  # partnership only
}


def is_partnership(rules: dict) -> bool:
    return rules.get("players") is None


def seats_of(rules: dict) -> int:
    return 4 if is_partnership(rules) else rules["players"]


def make_deck(rules: dict) -> list[str]:
    """Every card in play: 3 players without 2C, 5 without 2C and 2D unless jokers are used."""
    cards = [rank + suit for suit in SUITS for rank in RANKS]
    seats = seats_of(rules)
    jokers = 0 if is_partnership(rules) else rules["jokers"]
    if seats == 3:
        cards.remove("2C")
    if seats == 5 and jokers == 0:
        cards.remove("2C")
        cards.remove("2D")
    cards += JOKERS[3 - jokers:]  # 2 jokers: J2 J1; 3 jokers: J3 J2 J1
    return cards


def suit_of(card: str) -> str:
    return "S" if card in JOKERS else card[-1]


def strength(card: str) -> int:
    """Order inside a suit: 2 lowest, A 12, then J3 J2 J1 (spades only)."""
    if card in JOKERS:
        return 13 + JOKERS.index(card)
    return RANKS.index(card[0])


def beats(card: str, best: str) -> bool:
    """Does ``card`` beat the card now winning the trick?"""
    if suit_of(card) == suit_of(best):
        return strength(card) > strength(best)
    return suit_of(card) == "S"


def dealer_sits_out(rules: dict) -> bool:
    return seats_of(rules) == 5 and rules.get("jokers", 0) == 2


class Hand:
    """One hand from a given deal.  ``scores``/``bags``/``blind6_used``: the game so far."""

    def __init__(self, rules: dict, hands: list[list[str]], dealer: int, scores=None, bags=None,
                 blind6_used=None) -> None:
        self.rules = rules
        self.n = seats_of(rules)
        self.hands = [list(h) for h in hands]
        self.dealer = dealer
        self.scores_before = list(scores or [0] * self.n)
        self.bags_before = list(bags or [0] * self.n)
        self.blind6_used = list(blind6_used or [0] * self.n)
        self.hand_size = max(len(h) for h in hands)  # tricks in the hand
        self.phase = "bidding"
        self.to_act = (dealer + 1) % self.n
        self.bids: list[str | None] = [None] * self.n
        self.trick: list[tuple[int, str]] = []
        self.trick_winners: list[int] = []
        self.tricks = [0] * self.n
        self.taken: list[list[str]] = [[] for _ in range(self.n)]
        self.broken = False
        self.leader = None
        self.first_leader = None
        self.result = None

    # -- bidding -------------------------------------------------------------------
    def legal_bids(self) -> list[str]:
        seat, r = self.to_act, self.rules
        held = len(self.hands[seat])
        out = []
        if r["allow_nil"]:
            out.append("nil")
        if r["allow_blind_nil"]:
            out.append("blind_nil")
        limit = r["blind6_limit"]
        behind = max(self.scores_before) - self.scores_before[seat]
        if limit != 0 and (limit == -1 or self.blind6_used[seat] < limit) and behind >= r["blind6_behind"]:
            out.append("blind6")
        if r["allow_one_for_50"]:
            out.append("one_for_50")
        if r["allow_two_for_40"]:
            out.append("two_for_40")
        if r["allow_moon"] and r["moon_tricks"] <= held:
            out.append("moon")
        out += [str(n) for n in range(1, held + 1)]
        return out

    def bid(self, name: str) -> None:
        assert self.phase == "bidding" and name in self.legal_bids(), name
        self.bids[self.to_act] = name
        if name == "blind6":
            self.blind6_used[self.to_act] += 1
        if None in self.bids:
            self.to_act = (self.to_act + 1) % self.n
            return
        self.phase = "play"
        self.leader = (self.dealer + 1) % self.n
        if self.n == 5 and self.rules["jokers"] > 0:
            for seat in range(self.n):
                if "2C" in self.hands[seat] and not (dealer_sits_out(self.rules) and seat == self.dealer):
                    self.leader = seat
        self.first_leader = self.leader
        self.to_act = self.leader

    # -- play ----------------------------------------------------------------------
    def in_first_trick_without_dealer(self) -> bool:
        return dealer_sits_out(self.rules) and len(self.trick_winners) == 0

    def legal_moves(self) -> list[str]:
        held = self.hands[self.to_act]
        if not self.trick:
            if not self.rules["break_spades"] or self.broken or all(suit_of(c) == "S" for c in held):
                return sorted(held)
            return sorted(c for c in held if suit_of(c) != "S")
        led = suit_of(self.trick[0][1])
        follow = [c for c in held if suit_of(c) == led]
        return sorted(follow or held)

    def play(self, card: str) -> None:
        assert self.phase == "play" and card in self.legal_moves(), card
        seat = self.to_act
        self.hands[seat].remove(card)
        if self.trick and suit_of(self.trick[0][1]) != "S" and suit_of(card) == "S":
            self.broken = True
        self.trick.append((seat, card))
        players_in_trick = self.n - 1 if self.in_first_trick_without_dealer() else self.n
        if len(self.trick) < players_in_trick:
            nxt = (seat + 1) % self.n
            if self.in_first_trick_without_dealer() and nxt == self.dealer:
                nxt = (nxt + 1) % self.n
            self.to_act = nxt
            return
        win_seat, win_card = self.trick[0]
        for s, c in self.trick[1:]:
            if beats(c, win_card):
                win_seat, win_card = s, c
        self.taken[win_seat] += [c for _, c in self.trick]
        self.tricks[win_seat] += 1
        self.trick_winners.append(win_seat)
        self.trick = []
        self.leader = self.to_act = win_seat
        if len(self.trick_winners) == self.hand_size:
            self.phase = "done"
            self.to_act = None
            self.result = score_hand(self.rules, self.bids, self.tricks, self.taken, self.bags_before)


# -- scoring -------------------------------------------------------------------------

def special_points(rules: dict, bid: str, tricks: int) -> int:
    if bid == "nil":
        return 100 if tricks == 0 else -100
    if bid == "blind_nil":
        return 200 if tricks == 0 else -200
    if bid == "blind6":
        return 100 if tricks >= 6 else -100
    if bid == "one_for_50":
        return 50 if tricks == 1 else 10 if tricks > 1 else -50
    if bid == "two_for_40":
        return 40 if tricks == 2 else 20 if tricks > 2 else -40
    if bid == "moon":
        return 150 if tricks >= rules["moon_tricks"] else -150
    raise ValueError(bid)


def regular_points(bid: int, tricks: int) -> tuple[int, int]:
    """(points, bags) of a regular bid (or a team contract)."""
    if tricks >= bid:
        return 10 * bid + (tricks - bid), tricks - bid
    return -10 * bid, 0


def prize_points(rules: dict, cards: list[str]) -> tuple[int, int, list[str]]:
    """(points, bags removed, prize jacks captured) for the cards one scorer took (a player; in
    partnership, both partners' cards together).

    multiple_prize_jacks=void: capturing two or more prize jacks scores none of them (no points,
    no bag removed by the JH), except that all three of three prize jacks in play pay in full."""
    caught = [j for j in ("JD", "JC", "JH") if j in rules["prize_jacks"] and j in cards]
    all_three = len(caught) == 3 == len(rules["prize_jacks"])
    if rules["multiple_prize_jacks"] == "void" and len(caught) >= 2 and not all_three:
        return 0, 0, caught
    points = rules["prize_jack_points"] * sum(j in ("JD", "JC") for j in caught)
    return points, int("JH" in caught), caught


def bag_penalty(rules: dict, carried: int, bags: int, removed: int) -> tuple[int, int]:
    """(points lost, bags carried on).

    per_bag: -10 per bag of this hand (less the JH's), nothing carried.  limit: bags add up;
    at bag_limit or more: held loses 10 per bag held and starts again from zero; limit loses
    10*bag_limit and drops the rest; carry loses 10*bag_limit each time bag_limit bags come
    off the count, and carries what is left."""
    if rules["bag_mode"] == "per_bag":
        return 10 * max(0, bags - removed), 0
    total = max(0, carried + bags - removed)
    limit = rules["bag_limit"]
    if total < limit:
        return 0, total
    if rules["bag_penalty"] == "held":
        return 10 * total, 0
    if rules["bag_penalty"] == "limit":
        return 10 * limit, 0
    lost = 0
    while total >= limit:  # carry
        lost += 10 * limit
        total -= limit
    return lost, total


def score_hand(rules: dict, bids: list[str], tricks: list[int], taken: list[list[str]],
               bags_before: list[int]) -> dict:
    n = len(bids)
    out = {key: [0] * n for key in ("scores", "bags", "bags_after", "bag_penalty")}
    out["made"] = [False] * n
    out["prize_jacks"] = [[] for _ in range(n)]
    for s in range(n):
        out["prize_jacks"][s] = prize_points(rules, taken[s])[2]
    groups = [[0, 2], [1, 3]] if is_partnership(rules) else [[s] for s in range(n)]
    for group in groups:
        points = 0
        regular = [s for s in group if bids[s].isdigit()]
        for s in group:
            if not bids[s].isdigit():
                value = special_points(rules, bids[s], tricks[s])
                points += value
                out["made"][s] = value > 0
        # partnership: a nil bidder's tricks (a failed nil), by failed_nil_tricks
        nil_tricks = sum(tricks[s] for s in group if bids[s] in ("nil", "blind_nil"))
        rule = rules.get("failed_nil_tricks", "ignored") if is_partnership(rules) else "ignored"
        counted = sum(tricks[s] for s in regular) + (nil_tricks if rule == "contract" else 0)
        bags = 0
        if regular:
            contract = sum(int(bids[s]) for s in regular)
            value, bags = regular_points(contract, counted)
            points += value
            for s in regular:
                out["made"][s] = counted >= contract
        elif rule == "contract":  # both partners bid nil: no contract, so every trick is beyond it
            points += counted
            bags = counted
        if rule == "bags":  # each trick of a failed nil is a bag, a point like any overtrick
            points += nil_tricks
            bags += nil_tricks
        cards = [c for s in group for c in taken[s]]
        prize, removed, _ = prize_points(rules, cards)
        points += prize
        penalty, after = bag_penalty(rules, bags_before[group[0]], bags, removed)
        for s in group:
            out["scores"][s] = points - penalty
            out["bags"][s] = bags
            out["bags_after"][s] = after
            out["bag_penalty"][s] = penalty
    return out
