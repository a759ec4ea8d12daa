"""The compiled spades core against the pure-Python reference, step by step, on thousands of hands.

Each hand is dealt by the core (``Game.deal(seed=i, dealer=i % seats, scores=..., bags=...,
blind6_used=...)`` with a random game so far, so blind 6 and bag rollover come up); a
reference ``Hand`` starts from the same cards, dealer and game context, and both are driven
by the same random moves (``random.Random(i)`` among the reference's legal moves).  After
every move the two must agree on everything visible: phase, seat to act, legal bids, legal
cards (the spade-lead rule included), the trick, spades broken, hands, tricks taken, and who
won each trick; at the end, every figure of the score.  A second pass lets the core's
heuristic players choose (realistic positions); the reference must find each choice legal.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from cardsim import Game
from reference import spades as ref

HANDS_PER_CONFIG = 250

# Every value of every option appears in some config: bag_penalty held (the cutthroat default),
# limit (legacy), carry (the partnership default); multiple_prize_jacks void (default) and each,
# with two and with three prize jacks in play; break_spades true and false (with the 2C lead
# and the sitting-out dealer of 5 players with jokers); failed_nil_tricks ignored, bags, contract.
CONFIGS = [
    ("cutthroat-spades", {"players": 3}),
    ("cutthroat-spades", {"players": 4, "preset": "legacy"}),
    ("cutthroat-spades", {"players": 5, "break_spades": False}),
    ("cutthroat-spades", {"players": 5, "jokers": 2, "break_spades": False}),
    ("cutthroat-spades", {"players": 5, "jokers": 3, "preset": "long-500"}),
    ("cutthroat-spades", {"players": 3, "preset": "classic-300-per-bag"}),
    ("cutthroat-spades", {"players": 4, "preset": "classic-300", "bag_penalty": "carry"}),
    # moon within reach, blind 6 always open, small bag limit, all three prize jacks
    ("cutthroat-spades", {"players": 4, "moon_tricks": 3, "blind6_behind": 0, "blind6_limit": -1,
                          "bag_limit": 2, "prize_jacks": "JD,JC,JH", "prize_jack_points": 25,
                          "bag_penalty": "carry", "multiple_prize_jacks": "each"}),
    ("cutthroat-spades", {"players": 3, "allow_nil": False, "allow_blind_nil": False, "allow_one_for_50": False,
                          "allow_two_for_40": False, "allow_moon": False, "blind6_limit": 0, "bag_limit": 3,
                          "bag_penalty": "limit"}),
    ("spades", {}),
    ("spades", {"bag_mode": "per_bag", "prize_jacks": "JD,JC,JH", "bag_limit": 3, "failed_nil_tricks": "bags"}),
    ("spades", {"failed_nil_tricks": "contract", "prize_jacks": "JD,JC", "bag_limit": 4, "break_spades": False}),
    ("spades", {"preset": "legacy", "failed_nil_tricks": "bags", "prize_jacks": "JD,JC,JH", "bag_limit": 3,
                "bag_penalty": "held"}),
]


def config_id(config) -> str:
    name, options = config
    return name + ":" + ",".join(f"{k}={v}" for k, v in options.items())


def make_game(name: str, options: dict) -> Game:
    options = dict(options)
    preset = options.pop("preset", None)
    return Game(name, preset=preset, **options)


def reference_rules(game: Game) -> dict:
    rules = {k: v for k, v in game.rules.to_dict().items() if k in ref.DEFAULT_RULES}
    assert set(rules) | {"players", "jokers", "failed_nil_tricks"} >= set(ref.DEFAULT_RULES), "an option unread"
    rules["prize_jacks"] = tuple(rules["prize_jacks"])
    rules.setdefault("players", None)
    rules.setdefault("jokers", 0)
    return rules


def game_context(rng: random.Random, game: Game) -> dict:
    seats = game.seats
    scores = [rng.randrange(-300, 600, 10) for _ in range(seats)]
    bags = [rng.randrange(game.rules["bag_limit"]) if game.rules["bag_mode"] == "limit" else 0
            for _ in range(seats)]
    used = [rng.choice((0, 0, 0, 1, 2)) for _ in range(seats)]
    if game.name == "spades":  # team figures on both partners
        scores[2], scores[3] = scores[0], scores[1]
        bags[2], bags[3] = bags[0], bags[1]
        used[2], used[3] = used[0], used[1]
    return {"scores": scores, "bags": bags, "blind6_used": used}


def compare(core, hand: ref.Hand, where) -> None:
    assert core.phase == hand.phase, where
    assert core.to_act == hand.to_act, where
    assert [sorted(h) for h in core.hands] == [sorted(h) for h in hand.hands], where
    assert core.tricks == hand.tricks, where
    assert core.spades_broken == hand.broken, where
    assert core.trick == list(hand.trick), where
    if hand.phase == "bidding":
        assert core.legal_moves() == hand.legal_bids(), where
    elif hand.phase == "play":
        assert sorted(core.legal_moves()) == hand.legal_moves(), where
        assert core.leader == (hand.trick[0][0] if hand.trick else hand.leader), where


def compare_result(core, hand: ref.Hand, where) -> None:
    got = core.result()
    want = hand.result
    for key in ("scores", "bags", "bags_after", "bag_penalty", "made", "prize_jacks"):
        assert got[key] == want[key], (where, key, got, want, hand.bids, hand.tricks)
    assert got["tricks"] == hand.tricks, where
    assert got["first_leader"] == hand.first_leader, where
    assert got["bids"] == hand.bids, where


def core_move(core, policy: str):
    """Let the core's ``policy`` make the move due now; return it as the reference names it."""
    seat = core.to_act
    if core.phase == "bidding":
        core.step(policy)
        return core.bids[seat]
    before = set(core.hands[seat])
    core.step(policy)
    (card,) = before - set(core.hands[seat])
    return card


def play_one(game: Game, rules: dict, i: int, stats: Counter, driver: str = "random") -> None:
    rng = random.Random(i)
    context = game_context(rng, game)
    core = game.deal(seed=i, dealer=i % game.seats, **context)
    hand = ref.Hand(rules, [list(h) for h in core.hands], core.dealer, **context)
    assert sorted(c for h in hand.hands for c in h) == sorted(ref.make_deck(rules)), "deal is not the deck"
    where = [i]
    compare(core, hand, where)
    while hand.phase != "done":
        if driver == "heuristic":  # the core's player chooses; the reference must find it legal
            move = core_move(core, "heuristic")
            where.append(f"seat {hand.to_act} heuristic {move}")
            if hand.phase == "bidding":
                assert move in hand.legal_bids(), where
                hand.bid(move)
            else:
                assert move in hand.legal_moves(), where
                before = len(hand.trick_winners)
                hand.play(move)
                if len(hand.trick_winners) > before:
                    assert core.last_winner == hand.trick_winners[-1], where
                    stats["tricks"] += 1
        elif hand.phase == "bidding":
            move = rng.choice(hand.legal_bids())
            where.append(f"seat {hand.to_act} bids {move}")
            hand.bid(move)
            core.move(move)
        else:
            mixed = False
            if not hand.trick and not hand.broken:
                held = hand.hands[hand.to_act]
                mixed = any(ref.suit_of(c) != "S" for c in held) and any(ref.suit_of(c) == "S" for c in held)
                stats["spade_lead_barred" if mixed and rules["break_spades"] else "lead_any"] += 1
            move = rng.choice(hand.legal_moves())
            if mixed and ref.suit_of(move) == "S":  # only with break_spades=false
                stats["spade_led_unbroken"] += 1
                stats["spade_led_trick_1"] += not hand.trick_winners
            where.append(f"seat {hand.to_act} plays {move}")
            before = len(hand.trick_winners)
            hand.play(move)
            core.play(move)
            if len(hand.trick_winners) > before:
                assert core.last_winner == hand.trick_winners[-1], where
                stats["tricks"] += 1
        compare(core, hand, where)
    compare_result(core, hand, where)
    stats["hands"] += 1
    stats["hand_size"] += hand.hand_size
    assert sum(hand.tricks) == hand.hand_size == (game.deck.size + 1) // game.seats
    assert sorted(c for t in hand.taken for c in t) == sorted(ref.make_deck(rules)), "cards not conserved"
    for s, bid in enumerate(hand.bids):
        kind = bid if not bid.isdigit() else "regular"
        stats[f"bid {kind}"] += 1
        stats[f"made {kind}"] += hand.result["made"][s]
    stats["bag_limit_hit"] += sum(p > 0 for p in hand.result["bag_penalty"])
    # the cases that tell the option values apart
    limit = rules["bag_limit"]
    for s in range(hand.n):
        penalty, after = hand.result["bag_penalty"][s], hand.result["bags_after"][s]
        stats["bag_out_over_limit"] += rules["bag_mode"] == "limit" and (
            penalty > 10 * limit or (penalty > 0 and after > 0) or penalty == 10 * limit and hand.bags_before[s]
            + hand.result["bags"][s] > limit)
    stats["prize"] += sum(len(p) for p in hand.result["prize_jacks"])
    scorers = [[0, 2], [1, 3]] if ref.is_partnership(rules) else [[s] for s in range(hand.n)]
    for group in scorers:
        caught = len(hand.result["prize_jacks"][group[0]]) if len(group) == 1 else len(
            {j for s in group for j in hand.result["prize_jacks"][s]})
        stats["two_prize_jacks"] += caught == 2
        stats["three_prize_jacks"] += caught == 3
        for s in group:
            if hand.bids[s] in ("nil", "blind_nil") and hand.tricks[s] and any(
                    hand.bids[t].isdigit() for t in group):
                stats["failed_nil_with_partner"] += 1
    stats["broken"] += hand.broken


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_core_matches_reference(config):
    check_config(config, "random")


@pytest.mark.parametrize("config", [CONFIGS[i] for i in (0, 3, 7, 11)], ids=config_id)
def test_core_heuristic_moves_match_reference(config):
    """Hands driven by the core's heuristic players: realistic positions, same checks."""
    check_config(config, "heuristic")


def check_config(config, driver: str) -> None:
    game = make_game(*config)
    rules = reference_rules(game)
    stats = Counter()
    hands = HANDS_PER_CONFIG if driver == "random" else HANDS_PER_CONFIG // 2
    for i in range(hands):
        play_one(game, rules, i, stats, driver)
    assert stats["hands"] == hands
    assert stats["tricks"] == stats["hand_size"]  # tricks per hand = the hand size
    if driver == "heuristic":
        assert stats["bid regular"] > 0 and stats["made regular"] > 0
        return
    assert stats["broken"] > 0
    if rules["break_spades"]:
        assert stats["spade_lead_barred"] > 0 and stats["spade_led_unbroken"] == 0
    else:
        assert stats["spade_lead_barred"] == 0 and stats["spade_led_trick_1"] > 0
    assert stats["bag_limit_hit"] > 0
    if rules["bag_mode"] == "limit":  # a bag-out with bags beyond the limit: held, limit, carry differ
        assert stats["bag_out_over_limit"] > 0, dict(stats)
    if len(rules["prize_jacks"]) >= 2:  # two captured: void and each differ
        assert stats["two_prize_jacks"] > 0, dict(stats)
    if len(rules["prize_jacks"]) == 3:  # all three captured: paid in full either way
        assert stats["three_prize_jacks"] > 0, dict(stats)
    if ref.is_partnership(rules) and rules["allow_nil"]:  # ignored, bags and contract differ
        assert stats["failed_nil_with_partner"] > 10, dict(stats)
    kinds = ["regular"] + [k for k, on in (
        ("nil", rules["allow_nil"]), ("blind_nil", rules["allow_blind_nil"]),
        ("blind6", rules["blind6_limit"] != 0), ("one_for_50", rules["allow_one_for_50"]),
        ("two_for_40", rules["allow_two_for_40"]),
        ("moon", rules["allow_moon"] and rules["moon_tricks"] <= game.deck.size // game.seats)) if on]
    for kind in ref.SPECIALS + ["regular"]:
        if kind in kinds:
            assert stats[f"bid {kind}"] > 4, (kind, dict(stats))
        else:
            assert stats[f"bid {kind}"] == 0, (kind, dict(stats))
    assert stats["made regular"] > 0
    if rules["prize_jacks"]:
        assert stats["prize"] > 0
