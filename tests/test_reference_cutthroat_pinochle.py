"""Tests of the pure-Python Cutthroat Pinochle reference against hand-worked cases."""
import random
from collections import Counter

import pytest

from cases.legal_cases import LEGAL_CASES
from cases.meld_cases import MELD_CASES
from reference import cutthroat_pinochle as ref
from reference.cutthroat_pinochle import Hand, parse_cards

# ------------------------------------------------------------------ meld, points, tricks


@pytest.mark.parametrize("cards, trump, expected, total", MELD_CASES)
def test_meld_cases(cards, trump, expected, total):
    breakdown = ref.meld_breakdown(parse_cards(cards), trump)
    assert list(breakdown) == ref.MELDS
    assert {k: v for k, v in breakdown.items() if v} == expected
    assert ref.meld_points(parse_cards(cards), trump, ref.DEFAULT_RULES) == total


def test_meld_cases_cover_every_meld():
    seen = {name for _, _, expected, _ in MELD_CASES for name in expected}
    assert seen == set(ref.MELDS)


def test_meld_values_are_options():
    rules = {"meld_run": 20, "meld_dix": 10, "meld_double_pinochle": 40}
    assert ref.meld_points(parse_cards("AH TH KH QH JH 9H QS QS JD JD"), "H", rules) == 70


@pytest.mark.parametrize("hand, trick, trump, must_beat, expected", LEGAL_CASES)
def test_legal_cases(hand, trick, trump, must_beat, expected):
    assert ref.legal_cards(parse_cards(hand), trick, trump, must_beat) == set(parse_cards(expected))


@pytest.mark.parametrize("trick, trump, winner", [
    (["KS", "AS", "TS"], "H", 1),
    (["AS", "AS", "TS"], "H", 0),  # identical highest: the first played
    (["KS", "9H", "AS"], "H", 1),  # the only trump
    (["KS", "9H", "TH"], "H", 2),
    (["9S", "AD", "AC"], "H", 0),  # off-suit aces never win
    (["JH", "AH", "AH"], "H", 1),
    (["QD", "KD", "9D"], "D", 1),
])
def test_trick_winner(trick, trump, winner):
    assert ref.trick_winner(trick, trump) == winner


def test_card_points():
    assert ref.parse_card_points("A=1,T=1,K=1") == {"9": 0, "J": 0, "Q": 0, "K": 1, "T": 1, "A": 1}
    assert ref.parse_card_points("A=11, 10=10, K=4, Q=3, J=2")["T"] == 10
    assert ref.card_points(parse_cards("AS TS KS QS JS 9S"), ref.DEFAULT_RULES) == 3
    assert ref.card_points(["AS", "QS"], {"card_points": "A=11,Q=3"}) == 14
    assert ref.card_points(ref.full_deck(), None) == 24


def test_redeal_hand():
    junk = parse_cards("9S 9S 9H 9H 9D 9C AS TS JH TD AC JC TH TC JS")  # six nines
    assert ref.is_redeal_hand(junk, 5) and ref.is_redeal_hand(junk, 6)
    assert not ref.is_redeal_hand(junk, 7)
    assert not ref.is_redeal_hand(junk, 0)  # 0 disables
    with_dix_only = junk[:5] + parse_cards("9C 9C AS TS JH TD AC JC TH TC")
    assert ref.is_redeal_hand(with_dix_only, 5)
    married = junk[:-2] + ["KH", "QH"]  # a marriage in some suit
    assert not ref.is_redeal_hand(married, 5)
    pinochle = junk[:-2] + ["QS", "JD"]
    assert not ref.is_redeal_hand(pinochle, 5)
    assert not ref.is_redeal_hand(parse_cards("9S 9S 9H 9H AS"), 5)


def test_deck_and_deal():
    deck = ref.full_deck()
    assert len(deck) == 48 and all(n == 2 for n in Counter(deck).values()) and len(set(deck)) == 24
    hands, widow = ref.deal_from_order(deck, 1, True)
    assert hands[2] == deck[0:15] and hands[0] == deck[15:30] and hands[1] == deck[30:45]
    assert widow == deck[45:48]
    hands, widow = ref.deal_from_order(deck, 0, False)
    assert hands[1] == deck[0:16] and hands[2] == deck[16:32] and hands[0] == deck[32:48]
    assert widow == []


# ------------------------------------------------------------------ hand-worked hands
# Deal 1, dealer 2 (seat 0 opens).  Seat 0 holds a heart run; the widow brings
# AC KD QC, all discarded (discard points AC + KD = 2).  Seat 1 melds nothing in
# hearts, seat 2 a pinochle (4).  Seat 0 wins every trick: points AH, TH, KH, KS,
# AS + TS + last = 1 + 1 + 1 + 1 + 3 = 7, plus the discard 2 = 9.
DEAL1 = (["AH TH KH QH JH", "AS KS 9S 9C 9C", "TS QS JD 9D 9D"], "AC KD QC", 2)
PLAY1 = ["AH 9C 9D", "TH 9C 9D", "KH 9S JD", "QH KS QS", "JH AS TS"]


def make(deal, **rules):
    hands, widow, dealer = deal
    return Hand([parse_cards(h) for h in hands], parse_cards(widow), dealer, rules)


def auction_to(hand, bid):
    """The first player bids ``bid``, the others pass."""
    hand.bid(bid)
    while hand.phase == "auction":
        hand.pass_()


def play_tricks(hand, tricks):
    for trick in tricks:
        for card in trick.split():
            hand.play(card)


def deal1_played(bid, **rules):
    hand = make(DEAL1, **rules)
    auction_to(hand, bid)
    assert hand.phase == "declare" and hand.bidder == 0 and len(hand.hands[0]) == 8
    hand.declare("H", ["AC", "KD", "QC"])
    play_tricks(hand, PLAY1)
    assert hand.phase == "done" and hand.to_act is None
    return hand


def test_made_bid():
    hand = deal1_played(20)
    assert hand.meld == [15, 0, 4]
    assert hand.meld_breakdowns[0]["run"] == 1 and hand.meld_breakdowns[2]["pinochle"] == 1
    assert hand.trick_winners == [0] * 5
    assert hand.trick_points == [9, 0, 0]
    assert hand.made and not hand.thrown_in
    assert hand.scores == [24, 0, 0]  # seat 2 took no points: its pinochle is lost
    assert hand.army == [0, 0, 0]


def test_set_bid_and_army():
    hand = deal1_played(30, army_scoring=True)
    assert not hand.made
    assert hand.scores == [-30, 0, 0]
    assert hand.army == [-40, 20, 20]
    assert deal1_played(24, army_scoring=True).army == [0, 0, 0]  # exactly made


def test_discard_counts():
    assert deal1_played(23).scores == [24, 0, 0]
    hand = deal1_played(23, discard_counts=False)
    assert hand.trick_points == [7, 0, 0]
    assert not hand.made and hand.scores == [-23, 0, 0]


def test_throw_in():
    hand = make(DEAL1, army_scoring=True)
    auction_to(hand, 20)
    hand.declare("H", ["AC", "KD", "QC"], throw_in=True)
    assert hand.phase == "done" and hand.thrown_in and not hand.made
    assert hand.trick_points == [0, 0, 0] and hand.trick_winners == []
    assert hand.scores == [-20, 0, 4]  # others keep their full meld
    assert hand.army == [-20, 10, 10]


def test_forced_throw_in_without_trump_marriage():
    hand = make(DEAL1, bidder_needs_trump_marriage=True)
    auction_to(hand, 20)
    hand.declare("S", ["AC", "KD", "QC"])  # no KS QS kept
    assert hand.thrown_in and hand.phase == "done"
    assert hand.scores == [-20, 1, 4]  # seat 1: dix in spades; seat 2: pinochle
    # holding KH QH, hearts is fine
    assert deal1_played(20, bidder_needs_trump_marriage=True).scores == [24, 0, 0]
    # the flag off: no forced throw-in
    hand = make(DEAL1)
    auction_to(hand, 20)
    hand.declare("S", ["AC", "KD", "QC"])
    assert hand.phase == "play"


# Deal 2, dealer 2: seat 1 melds dix + club marriage (3) and takes no trick; seat 2
# a pinochle (4), no trick either.  Seat 0: 1 + 1 + 2 + 2 + 2 = 8, discard 2, meld 15.
DEAL2 = (["AH TH KH QH JH", "9H KC QC 9S 9S", "AS TS KD QS JD"], "AC KS QD", 2)
PLAY2 = ["AH 9H JD", "TH 9S QS", "KH 9S KD", "QH KC TS", "JH QC AS"]


@pytest.mark.parametrize("rules, scores", [
    ({}, [25, 1, 0]),  # the dix survives the save-meld rule
    ({"dix_always_counts": False}, [25, 0, 0]),
    ({"save_meld_points": 0}, [25, 3, 4]),
])
def test_save_meld(rules, scores):
    hand = make(DEAL2, **rules)
    auction_to(hand, 16)
    hand.declare("H", ["AC", "KS", "QD"])
    assert hand.legal_moves() == {"AH", "TH", "KH", "QH", "JH"}
    hand.play("AH")
    assert hand.legal_moves() == {"9H"}  # must follow, cannot beat
    play_tricks(hand, ["9H JD"] + PLAY2[1:])
    assert hand.meld == [15, 3, 4] and hand.trick_points == [10, 0, 0]
    assert hand.scores == scores


# Deal 3, dealer 0 (seat 1 opens).  Seat 1 wins the auction at 18 over seat 2,
# names spades and keeps KS QS 9S JC JS (meld 4 + 1 = 5).  Seat 0 wins the first
# trick (AC, 1 point); seat 1 the rest: TC 1, KS + AD 2, TD 1, KD + last 2 = 6.
DEAL3 = (["AC TC QD JD JD", "KS QS 9S JC JC", "AD TD KD 9C 9C"], "JS 9H 9H", 0)


def test_overcalls_set_and_points_for_defenders():
    hand = make(DEAL3, army_scoring=True, dealer_may_bid=True)
    assert hand.to_act == 1
    hand.bid(16)
    assert hand.to_act == 2 and hand.min_bid() == 17
    with pytest.raises(ValueError):
        hand.bid(16)
    hand.bid(17)
    hand.pass_()  # seat 0 out
    assert hand.to_act == 1
    hand.bid(18)
    assert hand.to_act == 2
    hand.pass_()
    assert (hand.phase, hand.bidder, hand.high_bid, hand.to_act) == ("declare", 1, 18, 1)
    hand.declare("S", ["9H", "9H", "JC"])
    assert hand.meld == [0, 5, 0]
    hand.play("JC")
    hand.play("9C")
    assert hand.legal_moves() == {"AC", "TC"}  # must beat the JC
    hand.play("AC")
    assert hand.leader == 0 and hand.trick_winners == [0]
    hand.play("TC")
    assert hand.legal_moves() == {"KS", "QS", "9S", "JS"}  # void: any trump
    hand.play("9S")
    assert hand.legal_moves() == {"9C"}
    hand.play("9C")
    play_tricks(hand, ["KS AD QD", "QS TD JD", "JS KD JD"])
    assert hand.trick_winners == [0, 1, 1, 1, 1]
    assert hand.trick_points == [1, 6, 0]
    assert not hand.made and hand.scores == [1, -18, 0]
    assert hand.army == [20, -40, 20]


# ------------------------------------------------------------------ auction modes


def test_all_pass_redeal():
    hand = make(DEAL1)  # the dealer (seat 2) may not bid: two passes end it
    hand.pass_()
    assert hand.to_act == 1
    hand.pass_()
    assert hand.phase == "redeal" and hand.to_act is None and hand.bidder is None
    assert [seat for seat, _ in hand.auction] == [0, 1]
    hand = make(DEAL1, dealer_may_bid=True)
    for _ in range(3):
        hand.pass_()
    assert hand.phase == "redeal" and hand.to_act is None and hand.bidder is None


def test_all_pass_first_forced_dealer_may_not_bid():
    """Seat 0 (left of the dealer) must open; seat 1 alone may overcall; one pass ends it."""
    hand = make(DEAL1, all_pass="first_forced")
    assert hand.to_act == 0 and not hand.can_pass()
    hand.bid(16)
    assert hand.to_act == 1 and hand.can_pass()
    hand.pass_()
    assert (hand.phase, hand.bidder, hand.high_bid) == ("declare", 0, 16)
    hand = make(DEAL1, all_pass="first_forced")
    hand.bid(16)
    hand.bid(17)
    assert hand.to_act == 0 and hand.can_pass()  # the dealer is skipped
    hand.pass_()
    assert (hand.phase, hand.bidder, hand.high_bid) == ("declare", 1, 17)
    assert 2 not in [seat for seat, _ in hand.auction]


def test_all_pass_first_forced():
    hand = make(DEAL1, all_pass="first_forced", dealer_may_bid=True)
    assert hand.to_act == 0 and not hand.can_pass()
    with pytest.raises(ValueError):
        hand.pass_()
    with pytest.raises(ValueError):
        hand.bid(15)
    hand.bid(16)
    assert hand.can_pass()  # seat 1 may pass
    hand.bid(17)
    hand.pass_()  # seat 2
    assert hand.to_act == 0 and hand.can_pass()  # after its first action
    hand.pass_()
    assert (hand.phase, hand.bidder, hand.high_bid) == ("declare", 1, 17)


def test_all_pass_dealer_forced():
    hand = make(DEAL1, all_pass="dealer_forced", dealer_may_bid=True)
    hand.pass_()
    hand.pass_()
    assert hand.to_act == 2 and not hand.can_pass()
    with pytest.raises(ValueError):
        hand.pass_()
    hand.bid(16)
    assert (hand.phase, hand.bidder, hand.high_bid) == ("declare", 2, 16)
    hand = make(DEAL1, all_pass="dealer_forced", dealer_may_bid=True)
    hand.bid(16)
    hand.pass_()
    assert hand.to_act == 2 and hand.can_pass()  # a bid stands: the dealer may pass
    hand.pass_()
    assert hand.bidder == 0
    with pytest.raises(ValueError):
        make(DEAL1, all_pass="dealer_forced", dealer_may_bid=False)
    with pytest.raises(ValueError):
        make(DEAL1, all_pass="dealer_forced")  # the default dealer may not bid


def test_dealer_may_not_bid():
    hand = make(DEAL1, dealer_may_bid=False)
    hand.bid(16)
    hand.pass_()
    assert (hand.phase, hand.bidder) == ("declare", 0)
    assert [seat for seat, _ in hand.auction] == [0, 1]  # the dealer never acted
    hand = make(DEAL1, dealer_may_bid=False)
    hand.pass_()
    hand.bid(16)
    assert (hand.phase, hand.bidder) == ("declare", 1)
    hand = make(DEAL1, dealer_may_bid=False)
    hand.pass_()
    hand.pass_()
    assert hand.phase == "redeal"
    # the default (seed 000): the two others overcall until one passes; the dealer never acts
    assert ref.DEFAULT_RULES["dealer_may_bid"] is False
    hand = make(DEAL1)
    hand.bid(16)
    hand.bid(17)
    assert hand.to_act == 0 and hand.min_bid() == 18
    hand.bid(18)
    assert hand.to_act == 1
    hand.pass_()
    assert (hand.phase, hand.bidder, hand.high_bid, hand.to_act) == ("declare", 0, 18, 0)
    assert [seat for seat, _ in hand.auction] == [0, 1, 0, 1]


def test_bid_increment():
    hand = make(DEAL1, bid_increment=5, min_bid=20)
    assert hand.min_bid() == 20
    hand.bid(22)
    assert hand.min_bid() == 27
    with pytest.raises(ValueError):
        hand.bid(26)


def test_errors():
    with pytest.raises(ValueError):
        make(DEAL1, no_such_option=1)
    hand = make(DEAL1)
    with pytest.raises(ValueError):
        hand.play("AH")  # still the auction
    auction_to(hand, 16)
    for trump, discard in [("X", ["AC", "KD", "QC"]), ("H", ["AC", "KD"]),
                           ("H", ["AC", "AC", "KD"]), ("H", ["AC", "KD", "9D"])]:
        with pytest.raises(ValueError):
            hand.declare(trump, discard)
    assert hand.phase == "declare" and len(hand.hands[0]) == 8
    hand.declare("H", ["AH", "TH", "KH"])  # any 3 cards may go
    with pytest.raises(ValueError):
        hand.play("AS")  # not in seat 0's hand
    hand.play("QH")
    hand.play("AS")  # seat 1 is void in hearts: anything
    with pytest.raises(ValueError):
        hand.play("KD")  # not in seat 2's hand
    with pytest.raises(ValueError):
        Hand([["AS"], ["KS"], ["QS"]], ["9S", "9S", "9H"], 0, {"widow": False})
    hand = Hand([["AS"], ["KS"], ["QS"]], [], 0, {"widow": False, "min_bid": 1})
    auction_to(hand, 1)
    with pytest.raises(ValueError):
        hand.declare("S", ["KS", "AS", "QS"])
    hand.declare("S", [])
    play_tricks(hand, ["KS QS AS"])
    assert hand.trick_winners == [0] and hand.trick_points == [3, 0, 0]


# ------------------------------------------------------------------ random play


def play_randomly(hand, rng):
    """Drive a hand to its end with random legal choices."""
    while hand.phase == "auction":
        if not hand.can_pass() or (hand.may_bid() and rng.random() < 0.5):
            hand.bid(hand.min_bid() + rng.randrange(3))
        else:
            hand.pass_()
    if hand.phase == "declare":
        discard = rng.sample(hand.hands[hand.bidder], 3) if hand.rules["widow"] else []
        hand.declare(rng.choice("SHDC"), discard, throw_in=rng.random() < 0.05)
    while hand.phase == "play":
        legal = hand.legal_moves()
        assert legal and legal <= set(hand.hands[hand.to_act])
        hand.play(rng.choice(sorted(legal)))


VARIANTS = [
    {},
    {"widow": False},
    {"discard_counts": False, "must_beat": "trump_led"},
    {"must_beat": "never", "all_pass": "first_forced", "army_scoring": True},
    {"all_pass": "dealer_forced", "dealer_may_bid": True, "bidder_needs_trump_marriage": True},
    {"dealer_may_bid": True, "widow": False, "discard_counts": False},
]


def test_random_hands_invariants():
    rng = random.Random(20240501)
    played = 0
    for i in range(300):
        rules = VARIANTS[i % len(VARIANTS)]
        order = ref.full_deck()
        rng.shuffle(order)
        dealer = rng.randrange(3)
        hands, widow = ref.deal_from_order(order, dealer, rules.get("widow", True))
        hand = Hand(hands, widow, dealer, rules)
        play_randomly(hand, rng)
        if hand.phase == "redeal":
            assert rules.get("all_pass", "redeal") == "redeal" and hand.scores is None
            continue
        assert hand.phase == "done"
        bidder, bid = hand.bidder, hand.high_bid
        others = [s for s in range(3) if s != bidder]
        assert len(hand.discard) == (3 if hand.rules["widow"] else 0)
        assert sum(hand.army) == 0
        if hand.thrown_in:
            kept = sum(hand.hands, []) + hand.discard
            assert Counter(kept) == Counter(ref.full_deck())
            assert hand.trick_points == [0, 0, 0] and hand.scores[bidder] == -bid
            assert all(hand.scores[s] == hand.meld[s] for s in others)
            continue
        played += 1
        assert not any(hand.hands)
        assert len(hand.trick_winners) == (15 if hand.rules["widow"] else 16)
        taken = [card for _, trick in hand.tricks for card in trick]
        assert Counter(taken + hand.discard) == Counter(ref.full_deck())
        expected_total = 25
        if not hand.rules["discard_counts"]:
            expected_total -= ref.card_points(hand.discard, hand.rules)
        assert sum(hand.trick_points) == expected_total
        leader = bidder
        for (trick_leader, trick), winner in zip(hand.tricks, hand.trick_winners):
            assert trick_leader == leader and len(trick) == 3
            leader = (trick_leader + ref.trick_winner(trick, hand.trump)) % 3
            assert winner == leader
        held = [list(h) for h in hands]  # meld: others as dealt, bidder after the discard
        held[bidder] = list((Counter(held[bidder] + widow) - Counter(hand.discard)).elements())
        assert hand.meld == [ref.meld_points(h, hand.trump, hand.rules) for h in held]
        assert hand.scores[bidder] == (hand.counted_meld[bidder] + hand.trick_points[bidder]
                                       if hand.made else -bid)
        assert hand.made == (hand.counted_meld[bidder] + hand.trick_points[bidder] >= bid)
        for s in others:
            assert hand.scores[s] == hand.counted_meld[s] + hand.trick_points[s]
    assert played > 150
