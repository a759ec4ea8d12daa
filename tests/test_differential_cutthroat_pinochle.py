"""The compiled core against the pure-Python reference, step by step, on thousands of hands.

Each hand is dealt by the core (``Game.deal(seed=i, dealer=i % 3)``); a reference
``Hand`` starts from the same cards, widow, dealer and rules, and both are driven
by the same random actions (chosen with ``random.Random(i)`` among the reference's
legal actions).  After every action the two must agree on everything visible:
phase, seat to act, hands, widow, auction limits, legal cards, the trick, who leads
next, the cards taken, meld and meld breakdowns, and finally the score.

The core redeals on its own when everybody passes (``all_pass=redeal``): when the
reference says ``redeal`` the core must show a new deal with ``redeals`` up and the
dealer moved left, and the reference restarts from that new deal.  The nines redeal
happens inside the core's deal and cannot be seen; instead every deal the core shows
must be one that the nines rule lets stand.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from cardsim import PINOCHLE, Game
from cardsim.cards import canonical_pinochle
from cases.legal_cases import LEGAL_CASES
from reference import cutthroat_pinochle as ref

HANDS_PER_CONFIG = 500
BID_RAISES = 4  # bids are drawn from min_bid .. min_bid + 4
PASS_RATE = 0.5  # high enough that all three pass now and then
THROW_IN_RATE = 0.05
PUBLIC_EVERY = 30  # every step of every 30th hand also compares the public CardSets

CONFIGS = [
    *({"must_beat": mode, "widow": widow} for mode in ("always", "trump_led", "never") for widow in (True, False)),
    {"all_pass": "first_forced"},
    {"all_pass": "first_forced", "dealer_may_bid": True, "must_beat": "never"},
    {"all_pass": "dealer_forced", "dealer_may_bid": True},
    {"dealer_may_bid": True},
    {"dealer_may_bid": True, "must_beat": "trump_led"},
    {"bidder_needs_trump_marriage": True},
    {"save_meld_points": 3},
    {"army_scoring": True},
    {"discard_counts": False},
    # everything else that reaches the score at once
    {"min_bid": 20, "bid_increment": 5, "card_points": "A=11,T=10,K=4,Q=3,J=2", "last_trick_points": 10,
     "save_meld_points": 20, "dix_always_counts": False, "meld_run": 25, "meld_dix": 10, "army_scoring": True},
    # frequent nines redeals, no widow, trump_led, dealer held to the minimum
    {"redeal_nines": 3, "widow": False, "must_beat": "trump_led", "all_pass": "dealer_forced", "dealer_may_bid": True},
]


def config_id(config: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in config.items()) or "defaults"


def reference_rules(game: Game) -> dict:
    return {k: v for k, v in game.rules.to_dict().items() if k in ref.DEFAULT_RULES}


# ------------------------------------------------------------------ what kind of position


def situation(held, trick, trump):
    """A name for the kind of decision a follower faces (the headings of legal_cases.py)."""
    if not trick:
        return "lead"
    led = ref.suit(trick[0])
    trumped = any(ref.suit(c) == trump for c in trick)
    following = [c for c in held if ref.suit(c) == led]
    if following:
        top = ref.highest_of_suit(trick, led)
        can_beat = any(ref.rank_value(c) > top for c in following)
        if led == trump:
            return "trump lead, " + ("can beat" if can_beat else "cannot beat")
        if trumped:
            return "plain lead already trumped, following"
        return "plain lead, " + ("can beat" if can_beat else "cannot beat")
    trumps = [c for c in held if ref.suit(c) == trump]
    if trumps:
        if not trumped:
            return "void, trumping in"
        top = ref.highest_of_suit(trick, trump)
        return "void, " + ("can over-trump" if any(ref.rank_value(c) > top for c in trumps) else "cannot over-trump")
    return "void in led suit and trump"


#: (must_beat, situation) pairs that the hand-made legal cases cover.
CASE_SITUATIONS = {(mode, situation(ref.parse_cards(held), trick, trump))
                   for held, trick, trump, mode, _ in LEGAL_CASES}


# ------------------------------------------------------------------ comparing
#
# Card sets are compared as canonical masks (cardsim.cards encoding, counts only: the
# reference knows no physical copies).  The core's raw masks (``hand._state``) are read
# at every step because building CardSets for every seat at every card would dominate
# the run time; the public CardSet properties are compared at the milestones (deal,
# end of auction, declare, result) and at every step of every PUBLIC_EVERY-th hand.

BIT = {code: PINOCHLE.parse_code(code) for code in ref.full_deck()}
DECK_MASK = PINOCHLE.full_mask


def ref_mask(codes) -> int:
    """Canonical pinochle mask of a list of codes (copy 1 only where copy 0 is set)."""
    mask = 0
    for code in codes:
        bit = BIT[code]
        mask |= 1 << (bit + 1) if mask >> bit & 1 else 1 << bit
    return mask


def same_cards(cardset, codes) -> bool:
    return sorted(cardset) == sorted(codes)


def check_deal_stands(core, redeal_nines):
    """No hand of a deal the core shows may be one that the nines rule throws in."""
    for seat in range(3):
        assert not ref.is_redeal_hand(list(core.hands[seat]), redeal_nines), (seat, core.hands[seat])


def start_reference(core, rules):
    assert core.phase == "auction"
    return ref.Hand([list(h) for h in core.hands], list(core.widow), core.dealer, rules)


def check_physical_partition(core, where):
    """Hands, tricks won, the current trick and the discard (and the widow while it is
    not yet picked up) hold every one of the 48 physical cards exactly once."""
    state = core._state
    parts = [*state.hands, *state.won, state.discard, *(1 << bit for bit in state.trick)]
    if core.phase == "auction":
        parts.append(state.widow)
    union = 0
    for part in parts:
        assert not union & part, (where, "a card is in two places")
        union |= part
    assert union == DECK_MASK, (where, "cards are missing")


def compare(core, hand, where, public=False):
    """Everything the two agree on after any action (``public``: CardSets too)."""
    state = core._state
    assert core.phase == hand.phase, where
    assert core.to_act == hand.to_act, where
    assert core.dealer == hand.dealer, where
    for seat in range(3):
        assert canonical_pinochle(state.hands[seat]) == ref_mask(hand.hands[seat]), (where, seat)
    check_physical_partition(core, where)
    if public:
        held, taken = core.hands, core.taken  # (each property read builds every seat's CardSet)
        for seat in range(3):
            assert same_cards(held[seat], hand.hands[seat]), (where, seat)
            assert same_cards(taken[seat], hand.taken[seat]), (where, seat)
        assert same_cards(core.widow, hand.widow), where
        assert same_cards(core.discard, hand.discard), where
    if hand.phase == "auction":
        assert core.min_bid() == hand.min_bid(), where
        assert core.can_pass() == hand.can_pass(), where
        assert core.may_bid() == hand.may_bid(), where
        assert core.bid_amount == hand.high_bid, where
        assert core.bidder is None and core.trump is None, where
        assert core.meld == [0, 0, 0], where
        return
    assert core.bidder == hand.bidder and core.bid_amount == hand.high_bid, where
    if hand.phase == "declare":
        return
    assert core.trump == hand.trump, where
    assert canonical_pinochle(state.discard) == ref_mask(hand.discard), where
    assert core.thrown_in == hand.thrown_in, where
    if hand.phase == "play":
        legal = state.legal_mask()
        assert canonical_pinochle(legal) == ref_mask(hand.legal_moves()), where
        if public:
            assert set(core.legal_moves()) == hand.legal_moves(), where
        assert core.trick == [((hand.leader + i) % 3, card) for i, card in enumerate(hand.trick)], where
        assert core.tricks_played == len(hand.tricks), where


def compare_taken(core, hand, where):
    for seat in range(3):
        assert canonical_pinochle(core._state.won[seat]) == ref_mask(hand.taken[seat]), (where, seat)


def compare_meld(core, hand, where):
    assert core.meld == hand.meld, where
    breakdowns = core.meld_breakdowns()
    for seat in range(3):
        assert dict(breakdowns[seat].counts) == hand.meld_breakdowns[seat], (where, seat)
        assert breakdowns[seat].total == hand.meld[seat], (where, seat)


def compare_result(core, hand, where):
    assert core.phase == hand.phase == "done", where
    assert core.to_act is None, where
    assert core.trick_points == hand.trick_points, where
    assert core.scores == hand.scores, where
    assert core.made == hand.made, where
    assert core.thrown_in == hand.thrown_in, where
    assert core.army == hand.army, where
    assert core.meld == hand.meld, where
    compare(core, hand, where, public=True)


# ------------------------------------------------------------------ one hand


def play_one(game, rules, i, stats):
    rng = random.Random(i)
    core = game.deal(seed=i, dealer=i % 3)
    check_deal_stands(core, rules["redeal_nines"])
    assert core.dealer == (i % 3 + core.redeals) % 3
    stats["nines_redeals"] += core.redeals
    hand = start_reference(core, rules)
    every_step_public = i % PUBLIC_EVERY == 0
    compare(core, hand, [i, "deal"], public=True)
    steps = 0
    while hand.phase != "done":
        steps += 1
        assert steps < 500, "runaway hand"
        where = [i, steps, hand.phase]
        if hand.phase == "auction":
            seat, redeals_before = hand.to_act, core.redeals
            stats["dealer_acted"] += seat == hand.dealer
            if hand.can_pass() and (not hand.may_bid() or rng.random() < PASS_RATE):
                where.append(f"seat {seat} passes")
                hand.pass_()
                core.pass_()
            else:
                amount = rng.randint(hand.min_bid(), hand.min_bid() + BID_RAISES)
                where.append(f"seat {seat} bids {amount}")
                hand.bid(amount)
                core.bid(amount)
            if hand.phase == "redeal":
                # all passed: the core has already dealt again (more than once if the new
                # deal itself was thrown in for nines), the dealer one seat left per deal
                stats["all_pass_redeals"] += 1
                delta = core.redeals - redeals_before
                assert delta >= 1, (where, "all passed but the core did not redeal")
                assert core.dealer == (hand.dealer + delta) % 3, where
                stats["extra_nines_redeals"] += delta - 1
                check_deal_stands(core, rules["redeal_nines"])
                hand = start_reference(core, rules)
                compare(core, hand, where + ["redealt"], public=True)
            else:
                assert core.redeals == redeals_before, where
                if hand.phase == "declare":
                    compare(core, hand, where, public=True)  # the widow went to the bidder
        elif hand.phase == "declare":
            trump = rng.choice("SHDC")
            discard = rng.sample(hand.hands[hand.bidder], 3) if rules["widow"] else []
            throw_in = rng.random() < THROW_IN_RATE
            where.append(f"trump {trump} discard {discard} throw_in {throw_in}")
            hand.declare(trump, discard, throw_in)
            core.declare(trump, discard, throw_in)
            compare_meld(core, hand, where)
            compare(core, hand, where, public=True)
            stats["thrown_in"] += hand.thrown_in
        else:
            seat = hand.to_act
            stats["situations"][situation(hand.hands[seat], hand.trick, hand.trump)] += 1
            card = rng.choice(sorted(hand.legal_moves()))
            where.append(f"seat {seat} plays {card} to {hand.trick}")
            tricks_before = len(hand.tricks)
            hand.play(card)
            core.play(card)
            if len(hand.tricks) > tricks_before:  # a trick was completed: its winner leads
                if hand.phase == "play":
                    assert core.to_act == hand.trick_winners[-1], where
                compare_taken(core, hand, where)
                stats["tricks"] += 1
        compare(core, hand, where, public=every_step_public)
    compare_result(core, hand, [i, "result"])
    stats["made"] += hand.made
    stats["played"] += not hand.thrown_in
    stats["hands"] += 1


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_core_matches_reference(config):
    game = Game("cutthroat-pinochle", **config)
    rules = reference_rules(game)
    stats = Counter()
    stats["situations"] = Counter()
    for i in range(HANDS_PER_CONFIG):
        play_one(game, rules, i, stats)
    assert stats["hands"] == HANDS_PER_CONFIG
    assert stats["played"] > HANDS_PER_CONFIG // 10
    assert stats["tricks"] == stats["played"] * (15 if rules["widow"] else 16)
    if rules["bidder_needs_trump_marriage"]:
        assert stats["thrown_in"] > HANDS_PER_CONFIG // 10
    assert stats["made"] > 0
    if not rules["dealer_may_bid"]:
        assert stats["dealer_acted"] == 0, "the dealer took part in an auction it may not bid in"
    else:
        assert stats["dealer_acted"] > HANDS_PER_CONFIG // 2
    if rules["all_pass"] == "redeal":
        assert stats["all_pass_redeals"] > 0, "no all-pass redeal was exercised"
    else:
        assert stats["all_pass_redeals"] == 0
    if rules["redeal_nines"] == 3:
        assert stats["nines_redeals"] > 0, "no nines redeal was exercised"
    # every kind of position the hand-made legal cases cover came up here, many times
    # (not checked where forced throw-ins leave few tricks: other configs of the mode cover it)
    mode = rules["must_beat"]
    for case_mode, kind in CASE_SITUATIONS:
        if case_mode == mode and stats["played"] > HANDS_PER_CONFIG // 2:
            assert stats["situations"][kind] >= 20, (mode, kind, dict(stats["situations"]))


# ------------------------------------------------------------------ the heuristic players
#
# Hands where the core's heuristic players choose every action (realistic positions:
# trump pulled, counters fed, overcalls).  After each step the action the core took is
# read back (bid or pass, trump with discard and throw-in, card) and made on the
# reference, which refuses anything illegal.  The seat to act and the legal cards are
# compared at every step, everything (as above) at every phase change, at every step of
# every PUBLIC_EVERY-th hand, and at the result.

HEURISTIC_HANDS = 1000
HEURISTIC_CONFIGS = [
    {},  # must_beat=always, the dealer may not bid
    {"must_beat": "trump_led", "dealer_may_bid": True, "all_pass": "first_forced"},
    {"must_beat": "never", "dealer_may_bid": True, "widow": False},
]


def heuristic_action(core, hand, stats, where):
    """Let the core's heuristic take the action due now and make it on the reference.

    Returns how many times the core dealt again (all passed under all_pass=redeal)."""
    seat = hand.to_act
    if hand.phase == "auction":
        bid_before, redeals_before = core.bid_amount, core.redeals
        stats["dealer_acted"] += seat == hand.dealer
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
        where.append(f"trump {core.trump} discard {sorted(core.discard)} throw_in {core.thrown_in}")
        hand.declare(core.trump, list(core.discard), core.thrown_in)
        stats["thrown_in"] += hand.thrown_in
        return 0
    held, core_legal = core._state.hands[seat], core._state.legal_mask()
    core.step("heuristic")
    played = held & ~core._state.hands[seat]
    assert played and not played & (played - 1), where  # exactly one card left the hand
    card = PINOCHLE.code(played.bit_length() - 1)
    where.append(f"seat {seat} plays {card} to {hand.trick}")
    legal = hand.legal_moves()
    assert card in legal, (where, "illegal for the reference", sorted(legal))
    assert canonical_pinochle(core_legal) == ref_mask(legal), (where, "legal cards differ", sorted(legal))
    stats["situations"][situation(hand.hands[seat], hand.trick, hand.trump)] += 1
    tricks_before = len(hand.tricks)
    hand.play(card)
    stats["tricks"] += len(hand.tricks) - tricks_before
    return 0


def heuristic_one(game, rules, i, stats):
    core = game.deal(seed=i, dealer=i % 3)
    hand = start_reference(core, rules)
    every_step = i % PUBLIC_EVERY == 0
    steps = 0
    while hand.phase != "done":
        steps += 1
        assert steps < 500, "runaway hand"
        where = [i, steps, hand.phase]
        phase = hand.phase
        redealt = heuristic_action(core, hand, stats, where)
        if hand.phase == "redeal":
            assert redealt >= 1 and core.dealer == (hand.dealer + redealt) % 3, where
            stats["all_pass_redeals"] += 1
            hand = start_reference(core, rules)
        assert core.phase == hand.phase and core.to_act == hand.to_act, where
        if every_step or hand.phase != phase:
            compare(core, hand, where, public=every_step)
    compare_result(core, hand, [i, "result"])
    compare_taken(core, hand, [i, "result"])
    stats["made"] += hand.made
    stats["played"] += not hand.thrown_in
    stats["hands"] += 1


@pytest.mark.parametrize("config", HEURISTIC_CONFIGS, ids=config_id)
def test_core_heuristic_moves_match_reference(config):
    """Every bid, declaration and card of the heuristic players is legal for the reference,
    and the hands they play end as the reference scores them."""
    game = Game("cutthroat-pinochle", **config)
    rules = reference_rules(game)
    stats = Counter()
    stats["situations"] = Counter()
    for i in range(HEURISTIC_HANDS):
        heuristic_one(game, rules, i, stats)
    assert stats["hands"] == HEURISTIC_HANDS
    assert stats["tricks"] == stats["played"] * (15 if rules["widow"] else 16)
    assert 0 < stats["made"] < stats["played"]
    assert (stats["dealer_acted"] > 0) == rules["dealer_may_bid"]
    # the positions where the modes differ came up many times
    for kind in ("plain lead, can beat", "void, can over-trump", "trump lead, can beat"):
        assert stats["situations"][kind] > 100, (kind, dict(stats["situations"]))


def test_case_situations_cover_every_mode():
    """The coverage check above is only as good as the cases it is derived from."""
    modes = Counter(mode for mode, _ in CASE_SITUATIONS)
    assert set(modes) == {"always", "trump_led", "never"}
    assert modes["always"] >= 8


def test_nines_redeal_at_deal_time():
    """Deals the core shows never hold a nines-redeal hand; the dealer moves left per redeal."""
    for nines in (0, 3, 4, 5):
        game = Game("cutthroat-pinochle", redeal_nines=nines)
        redealt = 0
        for i in range(600):
            core = game.deal(seed=i, dealer=i % 3)
            check_deal_stands(core, nines)
            assert core.dealer == (i % 3 + core.redeals) % 3
            redealt += core.redeals > 0
        if nines == 0:
            assert redealt == 0
        if nines == 3:
            assert redealt > 20
