"""The euchre reference on its own: card order, bowers, the bidding flow, sitting out."""
from __future__ import annotations

from reference import euchre as ref

CUT = ref.DEFAULT_RULES["cutthroat-euchre"]
PART = ref.DEFAULT_RULES["euchre"]
HANDS3 = [["9S", "TS", "QS", "KS", "AS"], ["9H", "TH", "QH", "KH", "AH"], ["9D", "TD", "QD", "KD", "AD"]]
DUMMY = ["9C", "TC", "QC", "KC", "AC"]
KITTY = ["JS", "JH", "JD", "JC"]


def test_trump_order_for_every_suit():
    for trump in ref.SUITS:
        left = "J" + ref.same_colour(trump)
        order = ["J" + trump, left, "A" + trump, "K" + trump, "Q" + trump, "T" + trump, "9" + trump]
        values = [ref.strength(c, trump) for c in order]
        assert values == sorted(values, reverse=True) and len(set(values)) == 7
        assert all(ref.suit_of(c, trump) == trump for c in order)
        plain = [c for c in ref.full_deck() if c not in order]
        assert all(ref.suit_of(c, trump) != trump for c in plain)
        assert min(values) > max(ref.strength(c, trump) for c in plain)


def test_left_bower_has_left_its_printed_suit():
    assert ref.suit_of("JD", "H") == "H" and ref.suit_of("JD", "S") == "D" and ref.suit_of("JD", None) == "D"
    assert ref.legal_plays(["JD", "9S"], ["AD"], "H") == ["JD", "9S"]      # no diamond: anything
    assert ref.legal_plays(["JD", "9S"], ["9H"], "H") == ["JD"]            # trump led: the left bower follows
    assert ref.trick_winner_index(["9D", "AD", "JD"], "H") == 2            # it trumps a diamond lead


def test_round_two_then_redeal():
    hand = ref.Hand(HANDS3, DUMMY, KITTY, "JS", 0, CUT, 3)
    for _ in range(3):
        hand.act("pass")
    assert hand.phase == "bid2" and hand.to_act == 1
    assert hand.legal_actions() == ["pass", "H", "D", "C"]
    for _ in range(3):
        hand.act("pass")
    assert hand.phase == "redeal"


def test_stick_the_dealer():
    hand = ref.Hand(HANDS3, DUMMY, KITTY, "JS", 0, dict(CUT, stick_the_dealer=True), 3)
    for _ in range(5):
        hand.act("pass")
    assert hand.to_act == 0 and hand.legal_actions() == ["H", "D", "C"]


def test_dealer_ordering_takes_the_upcard_and_optional_pickup():
    hand = ref.Hand(HANDS3, DUMMY, KITTY, "JS", 0, CUT, 3)
    hand.act("pass")
    hand.act("pass")
    hand.act("order")                     # the dealer orders: takes it up, no choice
    assert hand.phase == "discard" and hand.picked_up and "JS" in hand.hands[0]
    hand = ref.Hand(HANDS3, DUMMY, KITTY, "JS", 0, CUT, 3)
    hand.act("order")                     # seat 1 orders: the dealer may leave it
    assert hand.phase == "pickup" and hand.to_act == 0
    hand.act("leave")
    assert hand.phase == "alone" and hand.to_act == 1 and "JS" in hand.kitty


def test_merge_then_lone_defender_and_first_lead():
    hand = ref.Hand(HANDS3, DUMMY, KITTY, "JS", 0, CUT, 3)
    hand.act("order")
    hand.act("leave")
    hand.act("not alone")
    assert hand.phase == "merge" and len(hand.hands[1]) == 10
    hand.act("keep 9C TC QC KC AC")
    assert sorted(hand.discarded) == sorted(HANDS3[1]) and hand.dummy == []
    assert hand.phase == "defend" and hand.to_act == 2  # defenders from the dealer's left: 2, then 0
    hand.act("not alone")
    assert hand.to_act == 0
    hand.act("alone")
    assert hand.active == [0, 1] and hand.phase == "play" and hand.to_act == 1


def test_partnership_lone_maker_partner_sits_out_and_lead_skips():
    hands = [["9S", "TS", "QS", "KS", "AS"], ["9H", "TH", "QH", "KH", "AH"],
             ["9D", "TD", "QD", "KD", "AD"], ["9C", "TC", "QC", "KC", "AC"]]
    hand = ref.Hand(hands, [], KITTY, "JH", 3, PART, 4)
    hand.act("pass")                      # seat 0
    hand.act("pass")                      # seat 1
    hand.act("order")                     # seat 2 orders hearts; dealer 3 picks up
    hand.act("9C")
    hand.act("alone")                     # seat 0 sits out
    assert hand.active == [1, 2, 3] and hand.phase == "play" and hand.to_act == 1
