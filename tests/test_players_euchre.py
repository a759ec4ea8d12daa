"""The euchre heuristic does what cardsim.players says, on hand-made positions."""
from __future__ import annotations

from cardsim import Game
from cardsim.hands.euchre import EuchreHand

# Dealer 0, seat 1 leads; the kitty is TH (upcard) JS JC KD.
DEAL = ["JH AH KH QH TC", "AS 9C QC KC AC", "9S TS QS KS AD", "9H JD 9D TD QD"]


def ordered(deal, upcard="TH", discard="TC"):
    hand = EuchreHand.from_cards(Game("euchre").rules, deal, upcard=upcard)
    hand.act("order")           # seat 1 makes hearts
    hand.discard(discard)
    hand.act("not alone")
    return hand


def test_never_trumps_a_partners_winning_trick():
    hand = ordered(DEAL)
    hand.play("AS")
    hand.play("9S")
    hand.step("heuristic")      # seat 3, void in spades, partner winning: a plain card
    assert hand.trick[-1] == (3, "9D")


def test_trumps_an_opponents_winning_trick_cheaply():
    hand = ordered(DEAL)
    hand.play("AS")
    hand.step("heuristic")      # seat 2 cannot beat AS: it throws its lowest spade
    assert hand.trick[-1] == (2, "9S")
    hand.play("9D")
    hand.step("heuristic")      # seat 0 (opponent of the maker's team) trumps with its lowest trump
    assert "TH" in hand.taken[0] and hand.tricks == [1, 0, 0, 0]


def test_maker_leads_a_boss_trump():
    deal = ["9S TS QS KS AD", "JH 9C QC KC AC", "AH KH QH AS TC", "9H JD 9D TD QD"]
    hand = ordered(deal, discard="9S")
    hand.step("heuristic")      # the maker pulls trump with the right bower
    assert hand.trick == [(1, "JH")]


def test_merge_keeps_trumps_and_aces():
    game = Game("cutthroat-euchre", dealer_pickup="always")
    for seed in range(200):
        hand = game.deal(seed=seed)
        hand.act("order")
        hand.step("heuristic")          # the dealer discards
        hand.act("not alone")
        held = list(hand.hands[hand.maker])
        hand.step("heuristic")          # the merge
        kept = list(hand.hands[hand.maker])
        left = "J" + {"S": "C", "C": "S", "H": "D", "D": "H"}[hand.trump]
        trumps = [c for c in held if c[1] == hand.trump or c == left]
        aces = [c for c in held if c[0] == "A" and c not in trumps]
        if len(trumps) >= 5:
            assert set(kept) <= set(trumps)
        else:
            assert set(trumps) <= set(kept)
            assert len(set(aces) & set(kept)) == min(len(aces), 5 - len(trumps))
