"""The Partnership Pinochle core against the pure-Python reference, step by step.

Each hand is dealt by the core (``Game.deal(seed=i, dealer=i % 4)``); a reference
``Hand`` starts from the same cards and both are driven by the same random actions
(``random.Random(i)`` among the reference's legal actions).  After every action the
two must agree on phase, seat to act, hands, auction limits, passed cards, legal
cards, the trick, the cards taken, meld (per seat, per team, meld by meld) and
finally trick points and scores per seat and per team.  When everybody passes
under ``all_pass=redeal`` the core redeals at once; the reference restarts from the
core's new deal, which must have the dealer moved left.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from cardsim import Game
from reference import partnership_pinochle as ref

HANDS_PER_CONFIG = 250
PASS_RATE = 0.6

CONFIGS = [
    {},
    {"must_beat": "always"},
    {"must_beat": "never"},
    {"all_pass": "redeal"},
    {"pass_cards": 0},
    {"pass_cards": 1, "save_meld_points": 5},
    {"min_bid": 30, "bid_increment": 5, "card_points": "A=11,T=10,K=4,Q=3,J=2", "last_trick_points": 10,
     "save_meld_points": 20, "meld_run": 25, "meld_dix": 10, "meld_double_pinochle": 300},
]


def config_id(config: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in config.items()) or "defaults"


def same_cards(cardset, codes) -> bool:
    return sorted(cardset) == sorted(codes)


def start_reference(core, rules):
    assert core.phase == "auction"
    return ref.Hand([list(h) for h in core.hands], core.dealer, rules)


def compare(core, hand, where):
    assert core.phase == hand.phase, where
    assert core.to_act == hand.to_act, where
    assert core.dealer == hand.dealer, where
    for seat in range(4):
        assert same_cards(core.hands[seat], hand.hands[seat]), (where, seat)
    if hand.phase == "auction":
        assert core.min_bid() == hand.min_bid(), where
        assert core.can_pass() == hand.can_pass(), where
        assert core.bid_amount == hand.high_bid and core.bidder is None, where
        return
    assert core.bidder == hand.bidder and core.bid_amount == hand.high_bid, where
    assert core.trump == hand.trump, where
    for i in range(2):
        assert same_cards(core.passed[i], hand.passed[i]), where
    if hand.phase == "play":
        assert set(core.legal_moves()) == hand.legal_moves(), where
        assert core.trick == [((hand.leader + i) % 4, card) for i, card in enumerate(hand.trick)], where
        assert core.tricks_played == len(hand.trick_winners), where
    if hand.phase in ("play", "done"):
        assert core.meld == hand.meld and core.team_meld == hand.team_meld, where
        for seat in range(4):
            assert same_cards(core.taken[seat], hand.taken[seat]), (where, seat)


def compare_meld(core, hand, where):
    for seat, breakdown in enumerate(core.meld_breakdowns()):
        assert dict(breakdown.counts) == hand.meld_breakdowns[seat], (where, seat)
        assert breakdown.total == hand.meld[seat], (where, seat)


def play_one(game, rules, i, stats):
    rng = random.Random(i)
    core = game.deal(seed=i, dealer=i % 4)
    hand = start_reference(core, rules)
    compare(core, hand, [i, "deal"])
    steps = 0
    while hand.phase != "done":
        steps += 1
        assert steps < 500, "runaway hand"
        where = [i, steps, hand.phase, hand.to_act]
        if hand.phase == "auction":
            if hand.can_pass() and rng.random() < PASS_RATE:
                hand.pass_()
                core.pass_()
            else:
                amount = rng.randint(hand.min_bid(), hand.min_bid() + 4)
                hand.bid(amount)
                core.bid(amount)
            if hand.phase == "redeal":
                stats["redeals"] += 1
                assert core.redeals == stats["core_redeals"] + 1, where
                assert core.dealer == (hand.dealer + 1) % 4, where
                hand = start_reference(core, rules)
            stats["core_redeals"] = core.redeals
        elif hand.phase == "declare":
            trump = rng.choice("SHDC")
            hand.declare(trump)
            core.declare(trump)
        elif hand.phase == "pass":
            cards = rng.sample(sorted(hand.hands[hand.to_act]), rules["pass_cards"])
            where.append(f"passes {cards}")
            hand.pass_cards(cards)
            core.pass_cards(cards)
            stats["passes"] += 1
        else:
            card = rng.choice(sorted(hand.legal_moves()))
            where.append(f"plays {card} to {hand.trick}")
            tricks_before = len(hand.trick_winners)
            hand.play(card)
            core.play(card)
            if len(hand.trick_winners) > tricks_before:
                stats["tricks"] += 1
                if hand.phase == "play":
                    assert core.to_act == hand.trick_winners[-1], where
        if hand.phase == "play" and core.tricks_played == 0 and not hand.trick:
            compare_meld(core, hand, where)
        compare(core, hand, where)
    assert core.trick_points == hand.trick_points, i
    assert core.team_trick_points == hand.team_trick_points, i
    assert core.team_scores == hand.team_scores, i
    assert core.made == hand.made, i
    stats["made"] += hand.made
    stats["hands"] += 1


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_core_matches_reference(config):
    game = Game("partnership-pinochle", **config)
    rules = {k: v for k, v in game.rules.to_dict().items() if k in ref.DEFAULT_RULES}
    stats = Counter()
    for i in range(HANDS_PER_CONFIG):
        stats["core_redeals"] = 0
        play_one(game, rules, i, stats)
    assert stats["hands"] == HANDS_PER_CONFIG
    assert stats["tricks"] == 12 * HANDS_PER_CONFIG
    assert 0 < stats["made"] < HANDS_PER_CONFIG
    assert stats["passes"] == (2 * HANDS_PER_CONFIG if rules["pass_cards"] else 0)
    if rules["all_pass"] == "redeal":
        assert stats["redeals"] > 0, "no all-pass redeal was exercised"
