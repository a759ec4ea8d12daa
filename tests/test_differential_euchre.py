"""The compiled euchre core against the pure-Python reference, action by action, on thousands of hands.

Each hand is dealt by the core (``Game.deal(seed=i, dealer=i % seats)``); a reference
``Hand`` starts from the same hands, dummy, kitty, upcard and dealer, and both are
driven by the same random actions (``random.Random(i)`` choosing among the
reference's legal actions, with weights that make every branch common: passes,
round 2, redeals, alone makers, lone defenders, the merge).  After every action the
two must agree on the legal actions and on everything visible: phase, seat to act,
hands, dummy, kitty, discards, the trick, tricks per seat (so every trick winner),
maker, trump, active seats; at the end on the points.  The 24 cards must be
conserved across the zones at every step.

When everybody passes twice the core deals again on its own: the reference says
``redeal`` and the core must show a new deal with ``redeals`` up and the dealer
moved left; the reference restarts from that deal.

A second test lets the core's heuristic players choose every action (realistic
positions the random driver rarely reaches): each call and card must be legal in the
reference, which then takes it, and both must end with the same tricks and score.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from cardsim import Game, _core
from cardsim.cards import EUCHRE
from reference import euchre as ref

HANDS_PER_CONFIG = 400

#: Every scoring option takes a value distinct from the others somewhere, so that a score
#: paid under the wrong row shows; lone defenders play in every config that allows them.
CONFIGS = [
    ("cutthroat-euchre", {}),
    ("cutthroat-euchre", {"preset": "legacy", "dealer_pickup": "always", "stick_the_dealer": True}),
    ("cutthroat-euchre", {"allow_lone_defender": False, "march_points": 5, "lone_march_points": 7}),
    ("cutthroat-euchre", {"euchre_points": 3, "lone_defender_euchre_points": 6, "lone_defender_march_points": 9}),
    ("euchre", {}),
    ("euchre", {"allow_lone_defender": True, "dealer_pickup": "optional", "euchre_points": 5,
                "lone_defender_euchre_points": 4, "lone_defender_march_points": 8}),
    ("euchre", {"allow_lone_defender": True, "stick_the_dealer": True, "march_points": 3, "lone_march_points": 6,
                "lone_defender_euchre_points": 0}),
]

#: Probability of the "active" choice where an action is a yes/no.
WEIGHTS = {"order": 0.35, "pick up": 0.6, "alone": 0.3}

_CODE = {b: EUCHRE.code(b) for b in range(64) if EUCHRE.full_mask >> b & 1}


def codes(mask: int) -> list[str]:
    """The card codes of a physical core mask (cardsim.cards encoding)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_CODE[low.bit_length() - 1])
        mask ^= low
    return out


def config_id(config) -> str:
    name, options = config
    return name + "".join(f",{k}={v}" for k, v in options.items())


def choose(rng: random.Random, phase: str, legal: list[str]) -> str:
    if phase == "bid1":
        return "order" if rng.random() < WEIGHTS["order"] else "pass"
    if phase == "pickup":
        return "pick up" if rng.random() < WEIGHTS["pick up"] else "leave"
    if phase in ("alone", "defend"):
        return "alone" if rng.random() < WEIGHTS["alone"] else "not alone"
    if phase == "bid2" and "pass" in legal and rng.random() < 0.5:
        return "pass"
    return rng.choice(legal)


def normal(actions, phase):
    """Legal actions as a comparable set (a merge's kept cards in any order)."""
    if phase == "merge":
        return {frozenset(a.split()[1:]) for a in actions}
    return set(actions)


def start_reference(core, game, seats):
    assert core.phase == "bid1"
    return ref.Hand([list(h) for h in core.hands], list(core.dummy), list(core.kitty), core.upcard,
                    core.dealer, game.rules.to_dict(), seats)


def same(cardset, codes) -> bool:
    return sorted(cardset) == sorted(codes)


def compare(core, hand, where):
    """Everything visible after an action; the zones are read as the core's raw masks (fast),
    the legal actions through the public API (which validates them)."""
    st = core._state
    assert core.phase == hand.phase, where
    assert core.to_act == hand.to_act, where
    assert core.dealer == hand.dealer, where
    for seat in range(hand.seats):
        assert same(codes(st.hands[seat]), hand.hands[seat]), (where, seat)
    assert same(codes(st.dummy), hand.dummy) and same(codes(st.kitty), hand.kitty), where
    assert same(codes(st.discarded), hand.discarded), where
    assert core.maker == hand.maker and core.trump == hand.trump and core.round == hand.round, where
    assert core.picked_up == hand.picked_up, where
    if hand.phase != "done":
        assert normal(core.legal_action_names(), hand.phase) == normal(hand.legal_actions(), hand.phase), where
    if hand.phase in ("play", "done"):
        assert core.active == hand.active, where
        assert core.trick == hand.trick, where
        assert core.tricks == hand.tricks and core.tricks_played == hand.tricks_played, where
        for seat in range(hand.seats):
            assert same(codes(st.won[seat]), hand.taken[seat]), (where, seat)
    zones = [*st.hands, st.dummy, st.kitty, st.discarded, *st.won, *(1 << bit for _, bit in st.trick)]
    union = 0
    for zone in zones:
        union |= zone
    assert union == EUCHRE.full_mask and sum(bin(z).count("1") for z in zones) == 24, where  # a partition


def compare_views(core, hand, where):
    """The public CardSet views of the zones, once a hand (compare reads the raw masks)."""
    held, taken = core.hands, core.taken  # (each property read builds every seat's CardSet)
    for seat in range(hand.seats):
        assert same(held[seat], hand.hands[seat]) and same(taken[seat], hand.taken[seat]), where
    assert same(core.dummy, hand.dummy) and same(core.kitty, hand.kitty), where
    assert same(core.discarded, hand.discarded), where


def compare_result(core, hand, where):
    assert core.phase == hand.phase == "done", where
    assert core.points == hand.points, where
    assert core.euchred == hand.euchred, where
    assert core.maker_alone == hand.maker_alone and core.lone_defender == hand.lone_defender, where
    if hand.seats == 4:
        assert core.team_points == hand.team_points, where


def play_one(game, seats, i, stats):
    rng = random.Random(i)
    core = game.deal(seed=i, dealer=i % seats)
    hand = start_reference(core, game, seats)
    step = 0
    while hand.phase != "done":
        where = (i, step, hand.phase)
        compare(core, hand, where)
        action = choose(rng, hand.phase, hand.legal_actions())
        if hand.phase == "merge":
            action = "keep " + " ".join(rng.sample(hand.hands[hand.maker], 5))
        stats[hand.phase] += 1
        hand.act(action)
        core.act(action)
        step += 1
        if hand.phase == "redeal":
            stats["redeals"] += 1
            assert core.redeals == stats["core_redeals"] + 1 and core.dealer == (hand.dealer + 1) % seats, where
            stats["core_redeals"] = core.redeals
            hand = start_reference(core, game, seats)
    compare(core, hand, (i, "end"))
    compare_views(core, hand, (i, "end"))
    compare_result(core, hand, (i, "end"))
    stats["hands"] += 1
    stats["tricks"] += core.tricks_played
    stats["alone"] += core.maker_alone
    stats["lone defender"] += core.lone_defender is not None
    stats["lone defender euchre"] += core.lone_defender is not None and core.tricks[core.lone_defender] in (3, 4)
    stats["euchred"] += core.euchred
    maker_side = sum(core.tricks[s] for s in range(seats) if s == core.maker or (seats == 4 and s % 2 == core.maker % 2))
    stats["march"] += maker_side == 5


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_core_matches_reference(config):
    name, options = config
    game = Game(name, **options)
    seats = game.seats
    stats = Counter()
    for i in range(HANDS_PER_CONFIG):
        stats["core_redeals"] = 0
        play_one(game, seats, i, stats)
    assert stats["hands"] == HANDS_PER_CONFIG and stats["tricks"] == 5 * HANDS_PER_CONFIG
    # every branch is exercised
    for key in ("bid2", "alone", "play", "alone", "euchred"):
        assert stats[key] > 20, (key, stats)
    assert stats["alone"] > 50
    if not game.rules.stick_the_dealer:
        assert stats["redeals"] > 5, stats
    if seats == 3:
        assert stats["merge"] > 100, stats
    if game.rules.dealer_pickup == "optional":
        assert stats["pickup"] > 50, stats
    if game.rules.allow_lone_defender:
        assert stats["defend"] > 100 and stats["lone defender"] > 20, stats
        assert stats["lone defender euchre"] > 10, stats
    assert stats["march"] >= 3, stats  # random cutthroat makers rarely take all 5


# -- the core's heuristic players against the reference's legal actions ------------------

HEURISTIC_HANDS = 2000

#: Realistic positions: every decision and every card chosen by the core's heuristic.
HEURISTIC_CONFIGS = [
    ("cutthroat-euchre", {}),
    ("cutthroat-euchre", {"preset": "legacy", "dealer_pickup": "always", "stick_the_dealer": True,
                          "lone_defender_euchre_points": 5}),
    ("euchre", {}),
    ("euchre", {"allow_lone_defender": True, "dealer_pickup": "optional", "stick_the_dealer": True,
                "lone_defender_euchre_points": 4}),
]

def heuristic_action(state, phase: str, seat: int, before: int) -> str:
    """Let the core's heuristic take the action due now; return it as the reference names it.

    ``before`` is the seat's physical hand before the action; the core's state after it
    says what was chosen."""
    redeals = state.redeals
    state.policy_step("heuristic")
    if phase == "bid1":
        return "order" if state.maker == seat else "pass"
    if phase == "pickup":
        return "pick up" if state.picked_up else "leave"
    if phase in ("discard", "play"):
        (card,) = codes(before & ~state.hands[seat])
        return card
    if phase == "bid2":
        if state.redeals != redeals or state.maker < 0:
            return "pass"
        return "SHDC"[state.trump]
    if phase == "alone":
        return "alone" if state.maker_alone else "not alone"
    if phase == "merge":
        return "keep " + " ".join(codes(state.hands[seat]))
    assert phase == "defend"
    return "alone" if state.lone_defender == seat else "not alone"


def reference_from_state(state, game, seats):
    assert state.phase == "bid1"
    return ref.Hand([codes(m) for m in state.hands], codes(state.dummy), codes(state.kitty),
                    _CODE[state.upcard], state.dealer, game.rules.to_dict(), seats)


def check_heuristic_hand(game, seats, i, stats):
    state = _core.EuchreState(game.rules, seats, i, i % seats)
    hand = reference_from_state(state, game, seats)
    where = [i]
    while hand.phase != "done":
        phase, seat = hand.phase, hand.to_act
        assert (state.phase, state.to_act) == (phase, seat), where
        before = state.hands[seat]
        if phase == "play":
            assert same(codes(before), hand.hands[seat]), where
        if phase == "bid1" and i % 3 == 2:  # every third hand: round 1 passed out, so that the
            state.bid1(False)               # heuristic's round-2 calls (and redeals) are common
            action = "pass"
        else:
            action = heuristic_action(state, phase, seat, before)
        where.append(f"seat {seat} {phase} {action}")
        if phase == "merge":  # 5 distinct cards of the 10 held (the full list of 252 now and then)
            kept = action.split()[1:]
            assert len(set(kept)) == 5 and set(kept) <= set(hand.hands[seat]), where
            if stats["merge"] % 16 == 0:
                assert frozenset(kept) in normal(hand.legal_actions(), phase), where
        else:
            legal = hand.legal_actions()
            assert action in legal, (where, legal)
        stats[phase] += 1
        if phase == "bid2" and action != "pass":
            stats["named"] += 1
        hand.act(action)
        if hand.phase == "redeal":
            stats["redeals"] += 1
            assert state.dealer == (hand.dealer + 1) % seats, where
            hand = reference_from_state(state, game, seats)
        elif phase == "play":
            assert state.tricks == hand.tricks, where  # so every trick winner agrees
    assert state.phase == "done", where
    assert state.points == hand.points and state.euchred == hand.euchred, where
    assert state.maker_alone == hand.maker_alone, where
    assert state.lone_defender == (-1 if hand.lone_defender is None else hand.lone_defender), where
    if seats == 4:
        assert state.team_points == hand.team_points, where
    stats["hands"] += 1
    stats["cards"] += 5 * len(hand.active)
    stats["maker alone"] += hand.maker_alone
    stats["lone defender"] += hand.lone_defender is not None
    stats["euchred"] += hand.euchred


@pytest.mark.parametrize("config", HEURISTIC_CONFIGS, ids=config_id)
def test_core_heuristic_actions_are_legal_in_the_reference(config):
    """2,000 hands per option set played by the core's heuristic at every seat: each call
    (order, pass, pickup, discard, name, alone, the keep-5-of-10 merge, defending alone) and
    each card must be among the reference's legal actions, and the reference, fed the
    same actions, must reach the same trick counts and score.  Every third hand passes
    round 1 out by force, so that round 2 (where the heuristic names a suit, or a stuck
    dealer must) and redeals are common."""
    name, options = config
    game = Game(name, **options)
    seats = game.seats
    stats = Counter()
    for i in range(HEURISTIC_HANDS):
        check_heuristic_hand(game, seats, i, stats)
    assert stats["hands"] == HEURISTIC_HANDS and stats["play"] == stats["cards"], stats
    assert stats["bid1"] > HEURISTIC_HANDS and stats["bid2"] > 100 and stats["named"] > 100, stats
    assert stats["discard"] > 100 and stats["euchred"] > 50, stats
    if game.rules.lone_march_points > game.rules.march_points:  # else the heuristic keeps the dummy
        assert stats["maker alone"] > 5, stats
    else:
        assert stats["maker alone"] == 0, stats
    if seats == 3:
        assert stats["merge"] > 500, stats
    if game.rules.allow_lone_defender:
        assert stats["defend"] > 1000, stats
    if game.rules.stick_the_dealer:
        assert stats["redeals"] == 0
    elif seats == 4:  # a cutthroat heuristic with the dummy in view nearly always makes trump
        # and the learned euchre table (issue 11) names a suit in round 2 on most hands: a forced
        # round-1 pass-out passes round 2 out too about once in 700 hands (was over 10 in 2,000)
        assert stats["redeals"] >= 1, stats
