"""The Partnership Pinochle core against the pure-Python reference, step by step.

The reference (tests/reference/partnership_pinochle.py) has its own legal cards, meld and
trick winner written from RULES.md section 5; it shares nothing with the core nor with
the cutthroat reference (sharing cutthroat's legal cards once hid that the core made a
player who trumps a plain-suit lead over-trump under must_beat=trump_led).

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

from cardsim import PINOCHLE, Game
from cardsim.cards import canonical_pinochle
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


def situation(held, trick, trump):
    """A name for the kind of decision a follower faces (cases/legal_cases.py's headings)."""
    if not trick:
        return "lead"
    led = trick[0][1]
    winning = trick[ref.trick_winner(trick, trump)]
    if any(c[1] == led for c in held):
        if led == trump:
            return "trump lead, " + ("can beat" if any(c[1] == led and ref.strength(c) > ref.strength(winning)
                                                       for c in held) else "cannot beat")
        return "plain lead, following" + (", trumped" if winning[1] == trump else "")
    if any(c[1] == trump for c in held):
        if winning[1] != trump:
            return "void, trumping in"
        return "void, " + ("can over-trump" if any(c[1] == trump and ref.strength(c) > ref.strength(winning)
                                                   for c in held) else "cannot over-trump")
    return "void in led suit and trump"


#: Kinds of position where the three must_beat modes read differently: each must come up
#: many times in every config (the random hands below and the heuristic hands).
TELLING_SITUATIONS = ("trump lead, can beat", "plain lead, following", "void, can over-trump")


def same_cards(cardset, codes) -> bool:
    return sorted(cardset) == sorted(codes)


def start_reference(core, rules):
    assert core.phase == "auction"
    return ref.Hand([list(h) for h in core.hands], core.dealer, rules)


def compare(core, hand, where):
    assert core.phase == hand.phase, where
    assert core.to_act == hand.to_act, where
    assert core.dealer == hand.dealer, where
    held = core.hands  # (each read of the property builds every seat's CardSet: read it once)
    for seat in range(4):
        assert same_cards(held[seat], hand.hands[seat]), (where, seat)
    if hand.phase == "auction":
        assert core.min_bid() == hand.min_bid(), where
        assert core.can_pass() == hand.can_pass(), where
        assert core.bid_amount == hand.high_bid and core.bidder is None, where
        return
    assert core.bidder == hand.bidder and core.bid_amount == hand.high_bid, where
    assert core.trump == hand.trump, where
    passed = core.passed
    for i in range(2):
        assert same_cards(passed[i], hand.passed[i]), where
    if hand.phase == "play":
        assert set(core.legal_moves()) == hand.legal_moves(), where
        assert core.trick == [((hand.leader + i) % 4, card) for i, card in enumerate(hand.trick)], where
        assert core.tricks_played == len(hand.trick_winners), where
    if hand.phase in ("play", "done"):
        assert core.meld == hand.meld and core.team_meld == hand.team_meld, where
        taken = core.taken
        for seat in range(4):
            assert same_cards(taken[seat], hand.taken[seat]), (where, seat)


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
            stats["situations"][situation(hand.hands[hand.to_act], hand.trick, hand.trump)] += 1
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
    stats["situations"] = Counter()
    for i in range(HANDS_PER_CONFIG):
        stats["core_redeals"] = 0
        play_one(game, rules, i, stats)
    for kind in TELLING_SITUATIONS:
        assert stats["situations"][kind] >= 50, (kind, dict(stats["situations"]))
    assert stats["hands"] == HANDS_PER_CONFIG
    assert stats["tricks"] == 12 * HANDS_PER_CONFIG
    assert 0 < stats["made"] < HANDS_PER_CONFIG
    assert stats["passes"] == (2 * HANDS_PER_CONFIG if rules["pass_cards"] else 0)
    if rules["all_pass"] == "redeal":
        assert stats["redeals"] > 0, "no all-pass redeal was exercised"


# ------------------------------------------------------------------ the heuristic players
#
# Hands where the core's heuristic players choose every action (realistic positions:
# the partner passing trump, trump pulled, counters fed to the partner).  After each
# step the action the core took is read back and made on the reference, which refuses
# anything illegal; the seat to act and the legal cards are compared at every step,
# everything at every phase change and at the result.

HEURISTIC_HANDS = 1000
BIT = {r + s: PINOCHLE.parse_code(r + s) for s in "SHDC" for r in "9JQKTA"}  # copy 0 of each card
HEURISTIC_CONFIGS = [
    {},  # must_beat=trump_led
    {"must_beat": "always", "all_pass": "redeal"},
    {"must_beat": "never", "pass_cards": 0},
]


def heuristic_action(core, hand, rules, stats, where):
    """Let the core's heuristic take the action due now and make it on the reference."""
    seat = hand.to_act
    if hand.phase == "auction":
        bid_before, redeals_before = core.bid_amount, core.redeals
        core.step("heuristic")
        if core.redeals != redeals_before or core.bid_amount == bid_before:
            where.append(f"seat {seat} passes")
            hand.pass_()
        else:
            where.append(f"seat {seat} bids {core.bid_amount}")
            hand.bid(core.bid_amount)
        return core.redeals - redeals_before
    if hand.phase == "declare":
        core.step("heuristic")
        where.append(f"trump {core.trump}")
        hand.declare(core.trump)
        return 0
    if hand.phase == "pass":
        core.step("heuristic")
        cards = list(core.passed[0 if seat != hand.bidder else 1])
        where.append(f"seat {seat} passes {cards}")
        hand.pass_cards(cards)
        stats["passes"] += 1
        return 0
    # raw masks: CardSets at every card would dominate the run time
    held, core_legal = core._state.hands[seat], core._state.legal_mask()
    core.step("heuristic")
    played = held & ~core._state.hands[seat]
    assert played and not played & (played - 1), where  # exactly one card left the hand
    card = PINOCHLE.code(played.bit_length() - 1)
    where.append(f"seat {seat} plays {card} to {hand.trick}")
    legal = hand.legal_moves()
    assert card in legal, (where, "illegal for the reference", sorted(legal))
    assert canonical_pinochle(core_legal) == sum(1 << BIT[c] for c in legal), (where, "legal cards differ")
    stats["situations"][situation(hand.hands[seat], hand.trick, hand.trump)] += 1
    tricks_before = len(hand.trick_winners)
    hand.play(card)
    stats["tricks"] += len(hand.trick_winners) - tricks_before
    return 0


def heuristic_one(game, rules, i, stats):
    core = game.deal(seed=i, dealer=i % 4)
    hand = start_reference(core, rules)
    steps = 0
    while hand.phase != "done":
        steps += 1
        assert steps < 500, "runaway hand"
        where = [i, steps, hand.phase]
        phase = hand.phase
        redealt = heuristic_action(core, hand, rules, stats, where)
        if hand.phase == "redeal":
            assert redealt == 1 and core.dealer == (hand.dealer + 1) % 4, where
            stats["redeals"] += 1
            hand = start_reference(core, rules)
        assert core.phase == hand.phase and core.to_act == hand.to_act, where
        if hand.phase != phase:
            compare(core, hand, where)
            if hand.phase == "play":
                compare_meld(core, hand, where)
    compare(core, hand, [i, "result"])
    assert core.trick_points == hand.trick_points, i
    assert core.team_trick_points == hand.team_trick_points, i
    assert core.team_scores == hand.team_scores, i
    assert core.made == hand.made, i
    stats["made"] += hand.made
    stats["hands"] += 1


@pytest.mark.parametrize("config", HEURISTIC_CONFIGS, ids=config_id)
def test_core_heuristic_moves_match_reference(config):
    """Every bid, trump, passed card and card played by the heuristic players is legal for
    the reference, and the hands they play end as the reference scores them."""
    game = Game("partnership-pinochle", **config)
    rules = {k: v for k, v in game.rules.to_dict().items() if k in ref.DEFAULT_RULES}
    stats = Counter()
    stats["situations"] = Counter()
    for i in range(HEURISTIC_HANDS):
        heuristic_one(game, rules, i, stats)
    assert stats["hands"] == HEURISTIC_HANDS
    assert stats["tricks"] == 12 * HEURISTIC_HANDS
    assert 0 < stats["made"] < HEURISTIC_HANDS
    assert stats["passes"] == (2 * HEURISTIC_HANDS if rules["pass_cards"] else 0)
    for kind in TELLING_SITUATIONS:
        assert stats["situations"][kind] > 100, (kind, dict(stats["situations"]))
