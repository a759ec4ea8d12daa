"""The compiled Cutthroat Pinochle core through the public API: meld, meld values, illegal moves.

Legal-card cases (tests/cases/legal_cases.py): the step API cannot be put into a chosen
position, so the core's own legal-card function (cp_legal) is asked about each hand-made
position through ``cardsim._core.pinochle_legal_in_position``; the same cases are checked
against the reference in test_reference_cutthroat_pinochle.py, and the core is checked
against the reference's ``legal_cards`` at every card of thousands of hands in
test_differential_cutthroat_pinochle.py, which also asserts that every situation the
hand-made cases cover comes up there many times.
"""
from __future__ import annotations

import random

import pytest

from cardsim import MELD_NAMES, PINOCHLE, CardError, CardSet, CardsimError, Game, IllegalMoveError, Meld, RulesError
from cases.legal_cases import LEGAL_CASES
from cases.positions import core_legal
from cases.meld_cases import MELD_CASES
from reference import cutthroat_pinochle as ref

GAME = "cutthroat-pinochle"
DECK_CODES = [r + s for s in "SHDC" for r in "9JQKTA" for _ in range(2)]


def one_line(exc: BaseException) -> bool:
    text = str(exc)
    return bool(text) and "\n" not in text


# ------------------------------------------------------------------ legal cards


@pytest.mark.parametrize("hand, trick, trump, must_beat, expected", LEGAL_CASES)
def test_legal_cases_in_the_core(hand, trick, trump, must_beat, expected):
    rules = Game(GAME, must_beat=must_beat).rules
    assert core_legal(GAME, rules, hand, trick, trump) == set(expected.split())


# ------------------------------------------------------------------ meld


@pytest.mark.parametrize("cards, trump, expected, total", MELD_CASES)
def test_meld_cases(cards, trump, expected, total):
    meld = Game(GAME).meld(cards, trump)
    assert isinstance(meld, Meld)
    assert tuple(meld.counts) == MELD_NAMES
    assert {k: v for k, v in meld.counts.items() if v} == expected
    assert meld.total == total
    assert sum(meld.points.values()) == total
    assert meld.trump == trump
    assert meld.cards == CardSet(cards, PINOCHLE)
    assert meld.to_dict()["counts"] == expected and meld.to_dict()["total"] == total


def test_meld_accepts_cardset_symbols_and_suit_names():
    game = Game(GAME)
    a = game.meld(CardSet("AH TH KH QH JH", PINOCHLE), "H")
    b = game.meld("A♥ 10♥ K♥ Q♥ J♥", "hearts")
    c = game.meld("ah th kh qh jh", "♥")
    assert a.total == b.total == c.total == 15
    with pytest.raises(CardError):
        game.meld("AH AH AH", "H")
    with pytest.raises(CardError):
        game.meld("AH", "X")


def test_meld_str():
    text = str(Game(GAME).meld("AS TS KS QS JS QS JD 9S AH AD AC", "S"))
    assert text.splitlines() == [
        "run             1 x 15 = 15",
        "dix             1 x  1 =  1",
        "aces            1 x 10 = 10",
        "pinochle        1 x  4 =  4",
        "total                    30",
    ]


@pytest.mark.parametrize("options, cards, trump, total", [
    ({"meld_run": 20}, "AH TH KH QH JH", "H", 20),
    ({"meld_run": 20}, "AH TH KH QH JH KH QH", "H", 24),
    ({"meld_double_run": 300}, "AH AH TH TH KH KH QH QH JH JH", "H", 300),
    ({"meld_run": 20, "meld_dix": 10, "meld_double_pinochle": 40}, "AH TH KH QH JH 9H QS QS JD JD", "H", 70),
    ({"meld_trump_marriage": 40, "meld_marriage": 20}, "KC QC KH QH", "C", 60),
    ({"meld_aces": 0}, "AS AH AD AC", "S", 0),
    ({"meld_pinochle": 7, "meld_queens": 1}, "QS QH QD QC JD", "D", 8),
    ({"meld_double_jacks": 400}, "JS JS JH JH JD JD JC JC", "C", 400),  # no QS: no pinochle
    ({"meld_double_pinochle": 0, "meld_pinochle": 9}, "QS QS JD JD", "C", 0),
])
def test_meld_values_are_options(options, cards, trump, total):
    game = Game(GAME, **options)
    meld = game.meld(cards, trump)
    assert meld.total == total
    assert meld.total == ref.meld_points(ref.parse_cards(cards), trump, options)
    for name, n in meld.counts.items():
        assert meld.points[name] == n * game.rules["meld_" + name]


def test_meld_values_through_sets():
    game = Game(GAME, sets=["meld_run=20", "meld_dix=10"])
    assert game.meld("AH TH KH QH JH 9H", "H").total == 30


def test_meld_values_change_the_hand_meld():
    """The step API's meld (and so the scores) use the rules' meld values."""
    for seed in range(40):
        plain, rich = Game(GAME).deal(seed=seed), Game(GAME, meld_marriage=50, meld_dix=7).deal(seed=seed)
        for hand in (plain, rich):
            hand.bid(16), hand.pass_()  # the dealer may not bid: one pass ends the auction
            held = list(hand.hands[hand.bidder])
            hand.declare("S", held[-3:])
        values = dict(ref.DEFAULT_RULES, meld_marriage=50, meld_dix=7)
        for seat in range(3):
            counts = rich.meld_breakdowns()[seat].counts
            assert rich.meld[seat] == sum(counts[n] * values["meld_" + n] for n in MELD_NAMES)
            assert plain.meld_breakdowns()[seat].counts == counts


def test_meld_random_hands_match_reference():
    """Random hands of 12..20 cards in every trump, random meld values: core == reference."""
    rng = random.Random(1234)
    for i in range(600):
        cards = rng.sample(DECK_CODES, rng.randint(12, 20))
        values = {"meld_" + n: rng.randint(0, 200) for n in MELD_NAMES} if i % 3 == 0 else {}
        game = Game(GAME, **values)
        for trump in "SHDC":
            meld = game.meld(cards, trump)
            assert dict(meld.counts) == ref.meld_breakdown(cards, trump), (cards, trump)
            assert meld.total == ref.meld_points(cards, trump, values), (cards, trump, values)


def test_meld_big_hands():
    game = Game(GAME)
    everything = " ".join(DECK_CODES)
    for trump in "SHDC":
        assert dict(game.meld(everything, trump).counts) == ref.meld_breakdown(DECK_CODES, trump)
    assert game.meld("", "S").total == 0


# ------------------------------------------------------------------ step API: illegal moves


def snapshot(hand):
    return (hand.phase, hand.to_act, hand.hands, hand.bid_amount, hand.bidder, hand.trick, hand.trump,
            hand.taken, hand.discard, hand.redeals, hand.dealer)


def expect_illegal(hand, action, match=None, kind=IllegalMoveError):
    before = snapshot(hand)
    with pytest.raises(kind, match=match) as info:
        action()
    assert isinstance(info.value, ValueError) and isinstance(info.value, CardsimError)
    assert one_line(info.value), str(info.value)
    assert snapshot(hand) == before, "a refused action changed the hand"
    return info.value


def to_declare(game, seed=0, dealer=0):
    hand = game.deal(seed=seed, dealer=dealer)
    hand.bid(game.rules.min_bid)
    while hand.phase == "auction":
        hand.pass_()
    assert hand.phase == "declare"
    return hand


def to_play(game, seed=0, dealer=0):
    hand = to_declare(game, seed, dealer)
    held = list(hand.hands[hand.bidder])
    hand.declare("H", held[-3:] if game.rules.widow else [])
    assert hand.phase == "play"
    return hand


def test_bid_too_low():
    game = Game(GAME)
    hand = game.deal(seed=5)
    assert hand.min_bid() == 16
    expect_illegal(hand, lambda: hand.bid(15), match="too low")
    expect_illegal(hand, lambda: hand.bid(0), match="too low")
    expect_illegal(hand, lambda: hand.bid(-3), match="too low")
    hand.bid(20)
    assert hand.min_bid() == 21
    expect_illegal(hand, lambda: hand.bid(20), match="too low")
    hand.bid(21)
    game5 = Game(GAME, min_bid=25, bid_increment=5)
    hand = game5.deal(seed=5)
    expect_illegal(hand, lambda: hand.bid(24), match="too low")
    hand.bid(25)
    expect_illegal(hand, lambda: hand.bid(29), match="too low")
    hand.bid(30)
    assert hand.min_bid() == 35


def test_first_forced_dealer_may_not_bid():
    """The default dealer is out: left of the dealer must open, right of the dealer may overcall."""
    game = Game(GAME, all_pass="first_forced")
    for dealer in range(3):
        hand = game.deal(seed=11, dealer=dealer)
        left, right = (hand.dealer + 1) % 3, (hand.dealer + 2) % 3
        assert hand.to_act == left and not hand.can_pass()
        expect_illegal(hand, hand.pass_, match="may not pass")
        hand.bid(16)
        assert hand.to_act == right and hand.can_pass()
        hand.bid(17)
        assert hand.to_act == left and hand.can_pass()  # the dealer is skipped
        hand.pass_()
        assert hand.phase == "declare" and hand.bidder == right and hand.bid_amount == 17


def test_first_forced_forbids_the_first_pass():
    game = Game(GAME, all_pass="first_forced", dealer_may_bid=True)
    for dealer in range(3):
        hand = game.deal(seed=11, dealer=dealer)
        assert hand.to_act == (hand.dealer + 1) % 3
        assert not hand.can_pass()
        expect_illegal(hand, hand.pass_, match="may not pass")
        hand.bid(16)
        assert hand.can_pass()  # the next seat may pass
        hand.pass_()
        hand.bid(17)
        assert hand.to_act == (hand.dealer + 1) % 3 and hand.can_pass()  # no longer the first action
        hand.pass_()
        assert hand.phase == "declare" and hand.bidder == hand.dealer


def test_dealer_forced_forbids_the_dealer_pass():
    game = Game(GAME, all_pass="dealer_forced", dealer_may_bid=True)
    hand = game.deal(seed=12, dealer=1)
    hand.pass_()
    assert hand.to_act == 0 and hand.can_pass()
    hand.pass_()
    assert hand.to_act == hand.dealer == 1 and not hand.can_pass()
    expect_illegal(hand, hand.pass_, match="may not pass")
    hand.bid(16)
    assert hand.phase == "declare" and hand.bidder == 1 and hand.bid_amount == 16


def test_dealer_forced_needs_a_dealer_who_may_bid():
    with pytest.raises(RulesError) as info:
        Game(GAME, all_pass="dealer_forced")
    assert one_line(info.value) and "needs dealer_may_bid=true" in str(info.value)


def test_dealer_may_bid_false():
    game = Game(GAME)  # the default: seed 000, the dealer may not bid
    assert game.rules["dealer_may_bid"] is False
    hand = game.deal(seed=1, dealer=2)
    assert hand.to_act == 0
    hand.bid(16)
    assert hand.to_act == 1  # the dealer (2) is skipped
    hand.bid(17)
    assert hand.to_act == 0
    hand.pass_()
    assert hand.phase == "declare" and hand.bidder == 1
    hand = Game(GAME, dealer_may_bid=True).deal(seed=1, dealer=2)
    hand.bid(16), hand.bid(17)
    assert hand.to_act == 2 and hand.may_bid()  # the legacy reading: the dealer bids too


@pytest.mark.parametrize("dealer_may_bid, passes", [(False, 2), (True, 3)])
def test_all_pass_redeal_rotates_the_dealer(dealer_may_bid, passes):
    game = Game(GAME, dealer_may_bid=dealer_may_bid)
    hand = game.deal(seed=21, dealer=0)
    r0, d0, hands0 = hand.redeals, hand.dealer, hand.hands
    for _ in range(passes - 1):
        hand.pass_()
    assert hand.phase == "auction" and hand.redeals == r0
    hand.pass_()
    assert hand.phase == "auction"
    assert hand.redeals >= r0 + 1
    assert hand.dealer == (d0 + hand.redeals - r0) % 3
    assert hand.to_act == (hand.dealer + 1) % 3
    assert hand.bid_amount is None and hand.bidder is None
    assert hand.hands != hands0


def test_declare_errors():
    game = Game(GAME)
    hand = to_declare(game, seed=3)
    bidder = hand.bidder
    held = hand.hands[bidder]
    assert len(held) == 18
    missing = CardSet(PINOCHLE.full_mask, PINOCHLE) - held
    expect_illegal(hand, lambda: hand.declare("S", list(held)[:2]), match="exactly 3")
    expect_illegal(hand, lambda: hand.declare("S", list(held)[:4]), match="exactly 3")
    expect_illegal(hand, lambda: hand.declare("S"), match="exactly 3")
    absent = [c for c in missing if held.count(c) == 0]  # not held at all (a card held once is in missing too)
    expect_illegal(hand, lambda: hand.declare("S", absent[:1] + list(held)[:2]), match="does not hold")
    # two copies of a card held once
    once = next(c for c in set(held) if held.count(c) == 1)
    others = [c for c in held if c != once][:1]
    expect_illegal(hand, lambda: hand.declare("S", [once, once] + others), match="does not hold")
    expect_illegal(hand, lambda: hand.declare("X", list(held)[:3]), kind=CardError, match="suit")
    expect_illegal(hand, lambda: hand.declare("S", "AS AS AS"), kind=CardError)
    hand.declare("S", list(held)[:3])
    assert hand.phase == "play"
    assert hand.discard == CardSet(list(held)[:3], PINOCHLE)
    assert hand.hands[bidder] == held - CardSet(list(held)[:3], PINOCHLE)


def test_declare_discards_both_copies():
    game = Game(GAME)
    for seed in range(200):
        hand = to_declare(game, seed=seed)
        held = hand.hands[hand.bidder]
        twice = [c for c in set(held) if held.count(c) == 2]
        if twice:
            rest = [c for c in held if c != twice[0]][:1]
            hand.declare("D", [twice[0], twice[0]] + rest)
            assert hand.hands[hand.bidder].count(twice[0]) == 0
            assert hand.discard.count(twice[0]) == 2
            return
    pytest.fail("no bidder held a card twice in 200 deals")


def test_declare_without_widow_discards_nothing():
    game = Game(GAME, widow=False)
    hand = to_declare(game, seed=4)
    held = hand.hands[hand.bidder]
    assert len(held) == 16 and len(hand.widow) == 0
    expect_illegal(hand, lambda: hand.declare("C", list(held)[:3]), match="exactly 0")
    hand.declare("C")
    assert hand.phase == "play" and hand.hands[hand.bidder] == held and not hand.discard


def test_play_errors():
    game = Game(GAME)
    hand = to_play(game, seed=7)
    seat = hand.to_act
    held = hand.hands[seat]
    not_held = next(c for c in DECK_CODES if c not in held)
    expect_illegal(hand, lambda: hand.play(not_held), match="not a legal card")
    expect_illegal(hand, lambda: hand.play("ZZ"), kind=CardError, match="malformed")
    expect_illegal(hand, lambda: hand.play("2S"), kind=CardError, match="not in the")
    # find a position where a held card is not legal
    rng = random.Random(7)
    seen_illegal_held = 0
    for seed in range(30):
        hand = to_play(game, seed=seed)
        while hand.phase == "play":
            held, legal = hand.hands[hand.to_act], hand.legal_moves()
            assert legal.issubset(held) and legal
            for card in set(held) - set(legal):
                expect_illegal(hand, lambda: hand.play(card), match="not a legal card")
                seen_illegal_held += 1
            hand.play(rng.choice(list(legal)))
    assert seen_illegal_held > 100


def test_wrong_phase():
    game = Game(GAME)
    hand = game.deal(seed=8)
    expect_illegal(hand, lambda: hand.play("AS"), match="auction phase")
    expect_illegal(hand, lambda: hand.declare("S", []), match="auction phase")
    expect_illegal(hand, hand.legal_moves, match="auction phase")
    expect_illegal(hand, hand.meld_breakdowns, match="trump")
    hand = to_declare(game, seed=8)
    expect_illegal(hand, lambda: hand.bid(30), match="declare phase")
    expect_illegal(hand, hand.pass_, match="declare phase")
    expect_illegal(hand, hand.min_bid, match="declare phase")
    expect_illegal(hand, hand.can_pass, match="declare phase")
    expect_illegal(hand, hand.may_bid, match="declare phase")
    expect_illegal(hand, lambda: hand.play("AS"), match="declare phase")
    hand = to_play(game, seed=8)
    expect_illegal(hand, lambda: hand.bid(30), match="play phase")
    expect_illegal(hand, lambda: hand.declare("S", []), match="play phase")
    hand.play_out("random")
    assert hand.phase == "done" and hand.to_act is None
    expect_illegal(hand, lambda: hand.play("AS"), match="done phase")
    expect_illegal(hand, hand.pass_, match="done phase")
    expect_illegal(hand, hand.legal_moves, match="done phase")
    expect_illegal(hand, lambda: hand.step("random"), match="over")
    assert hand.play_out("random") is hand  # nothing left to do


def test_bad_dealer_and_policy():
    game = Game(GAME)
    for dealer in (-1, 3):
        with pytest.raises(IllegalMoveError) as info:
            game.deal(seed=1, dealer=dealer)
        assert one_line(info.value)
    hand = game.deal(seed=1)
    for bad_policy in (lambda: hand.step("clever"), lambda: hand.play_out("clever")):
        with pytest.raises(CardsimError, match="unknown policy") as info:
            bad_policy()
        assert one_line(info.value)
    with pytest.raises(CardsimError):
        game.deal(seed=-1)


def test_throw_in_and_forced_throw_in():
    game = Game(GAME, army_scoring=True)
    hand = to_declare(game, seed=9)
    bidder = hand.bidder
    hand.declare("S", list(hand.hands[bidder])[:3], throw_in=True)
    assert hand.phase == "done" and hand.thrown_in and not hand.made
    assert hand.trick_points == [0, 0, 0]
    assert hand.scores[bidder] == -16
    for seat in range(3):
        if seat != bidder:
            assert hand.scores[seat] == hand.meld[seat]
    assert hand.army == [-20 if s == bidder else 10 for s in range(3)]
    # bidder_needs_trump_marriage: a bidder without K-Q of trump is thrown in
    game = Game(GAME, bidder_needs_trump_marriage=True)
    forced = kept = 0
    for seed in range(60):
        hand = to_declare(game, seed=seed)
        held = list(hand.hands[hand.bidder])
        discard = held[:3]
        rest = CardSet(held, PINOCHLE) - CardSet(discard, PINOCHLE)
        trump = "SHDC"[seed % 4]
        has = "K" + trump in rest and "Q" + trump in rest
        hand.declare(trump, discard)
        assert hand.thrown_in == (not has)
        forced += not has
        kept += has
    assert forced and kept


def test_step_and_play_out_finish_hands():
    game = Game(GAME)
    for policy in ("random", "heuristic"):
        for seed in range(20):
            hand = game.deal(seed=seed, dealer=seed % 3)
            steps = 0
            while hand.phase != "done":
                hand.step(policy)
                steps += 1
            assert steps >= 3
            result = hand.result()
            assert result["bidder"] in (0, 1, 2)
            if not hand.thrown_in:
                assert sum(hand.trick_points) == 25
    hand = game.deal(seed=1).play_out(["random", "heuristic", "random"])
    assert hand.phase == "done"


def test_endless_passing_ends_as_no_contest():
    """all_pass=redeal with nobody ever bidding: the hand ends (no contest) instead of looping."""
    hand = Game(GAME).deal(seed=1, dealer=0)
    actions = 0
    while hand.phase == "auction":
        hand.pass_()
        actions += 1
        assert actions < 10_000, "passing never ends"
    assert hand.phase == "done" and hand.to_act is None
    assert hand.bidder is None and hand.bid_amount is None and hand.trump is None
    assert hand.redeals > 100 and hand.dealer == hand.redeals % 3
    assert hand.scores == [0, 0, 0] and hand.trick_points == [0, 0, 0] and hand.army == [0, 0, 0]
    assert not hand.made and not hand.thrown_in
    expect_illegal(hand, lambda: hand.step("random"), match="over")


@pytest.mark.parametrize("amount", [16.7, 2**31, "x", True])
def test_bid_must_be_a_whole_number_in_range(amount):
    hand = Game(GAME).deal(seed=1)
    with pytest.raises(IllegalMoveError, match="whole number") as info:
        hand.bid(amount)
    assert one_line(info.value)
    assert hand.phase == "auction" and hand.bid_amount is None


def test_membership_of_a_non_card_is_false():
    assert "XX" not in CardSet("AS")
    assert 5 not in CardSet("AS")
