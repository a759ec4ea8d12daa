"""Slow, obvious reference of Two-Hand Pinochle (RULES.md section 4).

Read together with docs/two-hand-pinochle.md.  It imports nothing from cardsim and
nothing from the other references: its card ranks, trick winner, legal cards, meld
reuse and scoring are written here from section 4.

Physical cards are (code, copy) pairs, so the two copies of a card can be told apart:
which copy has served in which meld kind is what the meld-reuse rules are about, and
which copy a player plays is the player's choice.  ``play(code, from_table)`` names it:
the copy melded on the table (``True``) or one held off the table (``False``).  Of two
copies on the same side the one that has served in more meld kinds goes (the kinds two
held copies have served in are nested, see ``declare``, so the other copy can do all
the played one could); a declaration melds, of the copies fresh for its kind, the one
that has served in more kinds, for the same reason.
"""
from __future__ import annotations

from collections import Counter

SUITS = "SHDC"
RANKS = "9JQKTA"  # lowest first
KINDS = ["run", "trump_marriage", "marriage", "dix", "aces", "kings", "queens", "jacks", "pinochle"]
DECLARATIONS = ["run", "trump_marriage", "marriage_S", "marriage_H", "marriage_D", "marriage_C",
                "dix", "aces", "kings", "queens", "jacks", "pinochle"]

DEFAULT_RULES = {
    "meld_run": 150, "meld_trump_marriage": 40, "meld_marriage": 20, "meld_dix": 10, "meld_aces": 100,
    "meld_kings": 80, "meld_queens": 60, "meld_jacks": 40, "meld_pinochle": 40,
    "card_points": "A=10,T=10,K=5,Q=5", "last_trick_points": 10, "target_score": 1000,
}


def parse_card_points(text):
    """'A=1,T=1,K=1' -> {'9': 0, 'J': 0, 'Q': 0, 'K': 1, 'T': 1, 'A': 1}."""
    points = dict.fromkeys(RANKS, 0)
    for item in text.replace(" ", "").split(","):
        if item:
            name, _, value = item.partition("=")
            points["T" if name.upper() == "10" else name.upper()] = int(value)
    return points


def beats(card, best, trump):
    """Does ``card``, played after ``best``, take the trick from it?  Of identical cards
    the first stays; a trump beats any plain card."""
    if card[1] == best[1]:
        return RANKS.index(card[0]) > RANKS.index(best[0])
    return card[1] == trump


def kind_of(declaration):
    return "marriage" if declaration.startswith("marriage_") else declaration


def needed_codes(declaration, trump):
    """The card codes a declaration needs, one copy each."""
    if declaration == "run":
        return [r + trump for r in "ATKQJ"]
    if declaration == "trump_marriage":
        return ["K" + trump, "Q" + trump]
    if declaration.startswith("marriage_"):
        return ["K" + declaration[-1], "Q" + declaration[-1]]
    if declaration == "dix":
        return ["9" + trump]
    if declaration == "pinochle":
        return ["QS", "JD"]
    letter = {"aces": "A", "kings": "K", "queens": "Q", "jacks": "J"}[declaration]
    return [letter + s for s in SUITS]


def last_tricks_legal(hand_codes, lead, trump):
    """Last 12 tricks: follow suit and win if able; void: trump if able; else anything."""
    follow = [c for c in hand_codes if c[1] == lead[1]]
    if follow:
        winners = [c for c in follow if beats(c, lead, trump)]
        return set(winners or follow)
    trumps = [c for c in hand_codes if c[1] == trump]
    return set(trumps or hand_codes)


class Hand:
    """``hands`` (2 lists of 12 codes), ``upcard`` and ``stock`` (23 codes, top first) as dealt."""

    def __init__(self, hands, upcard, stock, dealer, rules=None):
        self.rules = dict(DEFAULT_RULES, **(rules or {}))
        seen = Counter()

        def physical(code):
            seen[code] += 1
            return (code, seen[code] - 1)

        self.held = [{physical(c) for c in hands[0]}, {physical(c) for c in hands[1]}]
        self.upcard = physical(upcard)
        self.stock = [physical(c) for c in stock]
        assert all(n == 2 for n in seen.values()) and len(seen) == 24
        self.table = [set(), set()]
        self.used = {kind: set() for kind in KINDS}
        self.trump = upcard[1]
        self.dealer = dealer
        self.meld = [0, 0]
        self.melds = [0, 0]
        if upcard[0] == "9":  # the dealer scores a turned-up dix
            self.meld[dealer] += self.rules["meld_dix"]
            self.used["dix"].add(self.upcard)
        self.phase = "stock"
        self.leader = self.to_act = 1 - dealer
        self.trick = []  # physical cards
        self.trick_winners = []
        self.taken = [[], []]
        self.melded = False
        self.exchanged = None
        self.trick_points = None
        self.scores = None

    # ---------------------------------------------------------- helpers

    def codes(self, cards):
        return sorted(code for code, _ in cards)

    def served(self, card):
        """The meld kinds a physical card has served in."""
        return {kind for kind in KINDS if card in self.used[kind]}

    def holdings(self, seat):
        """What can be told of each card ``seat`` holds: (code, on the table, kinds served)."""
        return sorted((card[0], card in self.table[seat], tuple(sorted(self.served(card))))
                      for card in self.held[seat])

    def unscored_dixes(self, seat):
        return [c for c in self.held[seat] if c[0] == "9" + self.trump and c not in self.used["dix"]]

    # ---------------------------------------------------------- what is legal

    def legal_moves(self):
        """The legal card codes."""
        hand = [code for code, _ in self.held[self.to_act]]
        if self.phase == "stock" or not self.trick:
            return set(hand)
        return last_tricks_legal(hand, self.trick[0][0], self.trump)

    def legal_plays(self):
        """The legal moves as (code, from_table): a copy on the table and its twin in hand are two."""
        legal = self.legal_moves()
        table = self.table[self.to_act]
        return {(card[0], card in table) for card in self.held[self.to_act] if card[0] in legal}

    def legal_melds(self):
        if self.phase != "meld" or self.melded:
            return []
        held = self.held[self.to_act]
        fresh = {kind: {card[0] for card in held if card not in self.used[kind]} for kind in KINDS}
        return [declaration for declaration in DECLARATIONS if declaration != "marriage_" + self.trump
                and all(code in fresh[kind_of(declaration)] for code in needed_codes(declaration, self.trump))]

    def can_exchange(self):
        return (self.phase == "meld" and self.upcard is not None and self.upcard[0][0] != "9"
                and bool(self.unscored_dixes(self.to_act)))

    # ---------------------------------------------------------- moves

    def play(self, code, from_table):
        seat = self.to_act
        if (code, from_table) not in self.legal_plays():
            raise ValueError(f"{code} {'from the table' if from_table else 'from hand'} is not legal")
        side = [c for c in self.held[seat] if c[0] == code and (c in self.table[seat]) == from_table]
        card = max(side, key=lambda c: len(self.served(c)))
        self.held[seat].remove(card)
        self.table[seat].discard(card)
        if self.phase == "stock" and code == "9" + self.trump and card not in self.used["dix"]:
            self.used["dix"].add(card)  # an unscored dix played while the stock lasts scores
            self.meld[seat] += self.rules["meld_dix"]
        self.trick.append(card)
        if len(self.trick) == 1:
            self.to_act = 1 - seat
            return
        winner = 1 - self.leader if beats(self.trick[1][0], self.trick[0][0], self.trump) else self.leader
        self.taken[winner] += [c for c, _ in self.trick]
        self.trick_winners.append(winner)
        self.trick = []
        self.leader = self.to_act = winner
        if self.phase == "stock":
            self.phase = "meld"
            self.melded = False
            self._draw_unless_options()
        elif len(self.trick_winners) == 24:
            self._finish()

    def declare(self, declaration):
        """The cards go to the table: of the copies fresh for the kind, the one that has served
        in more kinds, so the twin stays fresh (the two copies' kinds stay nested)."""
        if declaration not in self.legal_melds():
            raise ValueError(f"{declaration} is not legal")
        seat, kind = self.to_act, kind_of(declaration)
        chosen = []
        for code in needed_codes(declaration, self.trump):
            fresh = [c for c in self.held[seat] if c[0] == code and c not in self.used[kind]]
            chosen.append(max(fresh, key=lambda c: len(self.served(c))))
        self.used[kind].update(chosen)
        if kind == "run":  # a run first gives no trump marriage afterwards
            self.used["trump_marriage"].update(c for c in chosen if c[0][0] in "KQ")
        self.table[seat].update(chosen)
        self.meld[seat] += self.rules["meld_" + kind]
        self.melds[seat] += 1
        self.melded = True
        self._draw_unless_options()

    def exchange(self):
        if not self.can_exchange():
            raise ValueError("no exchange now")
        seat = self.to_act
        dix = self.unscored_dixes(seat)[0]
        self.held[seat].remove(dix)
        self.held[seat].add(self.upcard)
        self.upcard = dix
        self.used["dix"].add(dix)
        self.meld[seat] += self.rules["meld_dix"]
        self.exchanged = seat
        self._draw_unless_options()

    def _draw_unless_options(self):
        if not self.legal_melds() and not self.can_exchange():
            self.draw()

    def draw(self):
        if self.phase != "meld":
            raise ValueError("draw only ends the meld phase")
        winner = self.trick_winners[-1]
        if len(self.stock) > 1:
            self.held[winner].add(self.stock.pop(0))
            self.held[1 - winner].add(self.stock.pop(0))
            self.phase = "stock"
        else:  # last face-down card to the winner, the turned-up trump to the loser
            self.held[winner].add(self.stock.pop(0))
            self.held[1 - winner].add(self.upcard)
            self.upcard = None
            self.phase = "play"
        self.to_act = winner

    def _finish(self):
        points = parse_card_points(self.rules["card_points"])
        self.trick_points = [sum(points[c[0]] for c in self.taken[s]) for s in range(2)]
        self.trick_points[self.trick_winners[-1]] += self.rules["last_trick_points"]
        self.scores = [self.meld[s] + self.trick_points[s] for s in range(2)]
        self.phase, self.to_act = "done", None
