"""Hand-made scoring cases: every row of the bid table of RULES.md section 3, both bag modes,
bag limit and reset with each bag_penalty, prize jacks with each multiple_prize_jacks,
partnership contracts with each failed_nil_tricks.

Each case is scored by the core's own scoring (``_core.spades_score``) and by the
reference's ``score_hand``; both must give the figures written here by hand.
"""
from __future__ import annotations

import pytest

from cardsim import Game, _core
from cardsim.spades.hand import KIND_NAMES, SPECIAL_TRICKS
from reference import spades as ref
from test_differential_spades import reference_rules

NONE = {"prize_jacks": ""}


def code(game: Game, bid: str) -> int:
    if bid.isdigit():
        return int(bid)
    return KIND_NAMES.index(bid) << 5 | SPECIAL_TRICKS.get(bid, game.rules["moon_tricks"])


def score(name: str, options: dict, bids: list[str], tricks: list[int], won=None, bags=None) -> dict:
    game = Game(name, **options)
    won = won or [[] for _ in bids]
    bags = bags or [0] * len(bids)
    masks = [sum(1 << game.deck.parse_code(c) for c in cards) for cards in won]
    core = _core.spades_score(game.rules, [code(game, b) for b in bids], tricks, masks, bags)
    want = ref.score_hand(reference_rules(game), bids, tricks, won, bags)
    for key in ("scores", "bags", "bags_after", "bag_penalty", "made"):
        assert core[key] == want[key], (key, core, want)
    flags = [sum(f for j, f in (("JD", 1), ("JC", 2), ("JH", 4)) if j in p) for p in want["prize_jacks"]]
    assert core["prize"] == flags
    return core


# (bids, tricks) of three cutthroat players -> hand scores; no prize jacks, no bags carried
TABLE = [
    # regular bids: 10 per trick bid, +1 per overtrick, -10 per trick bid when set
    (["4", "5", "8"], [4, 6, 7], [40, 51, -80], [0, 1, 0]),
    (["1", "17", "3"], [0, 17, 0], [-10, 170, -30], [0, 0, 0]),
    # nil: +100 with no trick, else -100 (no bags)
    (["nil", "nil", "5"], [0, 3, 14], [100, -100, 59], [0, 0, 9]),
    # blind nil: +200 / -200
    (["blind_nil", "blind_nil", "4"], [0, 1, 16], [200, -200, 52], [0, 0, 12]),
    # one-for-50: exactly 1 +50, more +10, none -50
    (["one_for_50", "one_for_50", "one_for_50"], [1, 16, 0], [50, 10, -50], [0, 0, 0]),
    # two-for-40: exactly 2 +40, more +20, fewer -40
    (["two_for_40", "two_for_40", "two_for_40"], [2, 14, 1], [40, 20, -40], [0, 0, 0]),
    (["two_for_40", "4", "5"], [0, 4, 13], [-40, 40, 58], [0, 0, 8]),
    # shoot the moon: at least moon_tricks (14) +150 and no bags, else -150
    (["moon", "1", "one_for_50"], [15, 1, 1], [150, 10, 50], [0, 0, 0]),
    (["moon", "moon", "2"], [13, 0, 4], [-150, -150, 22], [0, 0, 2]),
    (["moon", "nil", "nil"], [17, 0, 0], [150, 100, 100], [0, 0, 0]),
]


@pytest.mark.parametrize("bids, tricks, scores, bags", TABLE)
def test_bid_table_limit_mode(bids, tricks, scores, bags):
    got = score("cutthroat-spades", {**NONE, "bag_limit": 100}, bids, tricks)
    assert got["scores"] == scores
    assert got["bags"] == bags and got["bags_after"] == bags


def test_blind6_row():
    # blind 6: 6 or more +100 (no bags), fewer -100
    got = score("cutthroat-spades", NONE, ["blind6", "blind6", "blind6"], [6, 9, 2])
    assert got["scores"] == [100, 100, -100]
    assert got["bags"] == [0, 0, 0] and got["made"] == [True, True, False]


def test_one_for_50_more_is_made_but_small():
    got = score("cutthroat-spades", NONE, ["one_for_50", "two_for_40", "3"], [2, 3, 12])
    assert got["scores"] == [10, 20, 39] and got["made"] == [True, True, True]


def test_bag_limit_reached_costs_ten_times_the_limit_and_resets():
    got = score("cutthroat-spades", NONE, ["3", "3", "3"], [5, 4, 8], bags=[8, 8, 3])
    # seat 0: 8 + 2 = 10 bags -> -100, back to zero; seat 1: 9 carried; seat 2: 3 + 5 = 8
    assert got["scores"] == [32 - 100, 31, 35]
    assert got["bags_after"] == [0, 9, 8] and got["bag_penalty"] == [100, 0, 0]


def test_bag_reset_drops_the_excess():
    got = score("cutthroat-spades", {**NONE, "bag_limit": 5, "bag_penalty": "limit"}, ["2", "2", "2"], [9, 2, 6],
                bags=[4, 4, 0])
    # seat 0 reaches 11 > 5: -50 and zero (the 6 over the limit are not carried)
    assert got["scores"] == [27 - 50, 20, 24] and got["bags_after"] == [0, 4, 4]


@pytest.mark.parametrize("bag_penalty, lost, after", [
    ("held", 120, 0),    # the seed: 10 per bag held (all 12), then zero
    ("limit", 100, 0),   # 10 * bag_limit, the 2 over dropped
    ("carry", 100, 2),   # 10 * bag_limit, the 2 over carried
])
def test_bag_out_with_twelve_bags(bag_penalty, lost, after):
    """8 carried + 4 overtricks = 12 bags against the limit of 10."""
    options = {**NONE, "bag_penalty": bag_penalty}
    got = score("cutthroat-spades", options, ["3", "3", "3"], [7, 3, 7], bags=[8, 0, 2])
    assert got["bag_penalty"] == [lost, 0, 0] and got["bags_after"] == [after, 0, 6]
    assert got["scores"] == [34 - lost, 30, 34]
    # the partnership game: the same for a team's bags (team 0+2: contract 6, 10 taken, 4 bags)
    team = score("spades", {"bag_penalty": bag_penalty}, ["3", "2", "3", "1"], [7, 2, 3, 1], bags=[8, 0, 8, 0])
    assert team["bag_penalty"] == [lost, 0, lost, 0] and team["bags_after"] == [after, 0, after, 0]
    assert team["scores"] == [64 - lost, 30, 64 - lost, 30]


def test_bag_out_exactly_at_the_limit_is_the_same_for_every_bag_penalty():
    for bag_penalty in ("held", "limit", "carry"):
        got = score("cutthroat-spades", {**NONE, "bag_penalty": bag_penalty}, ["3", "3", "3"], [5, 3, 9],
                    bags=[8, 9, 0])
        assert got["bag_penalty"] == [100, 0, 0] and got["bags_after"] == [0, 9, 6], bag_penalty


def test_carry_takes_off_every_full_limit():
    # limit 5: 4 carried + 7 overtricks = 11: two bag-outs (-100), 1 carried
    got = score("cutthroat-spades", {**NONE, "bag_limit": 5, "bag_penalty": "carry"}, ["2", "2", "2"], [9, 2, 5],
                bags=[4, 4, 0])
    assert got["bag_penalty"] == [100, 0, 0] and got["bags_after"] == [1, 4, 3]
    held = score("cutthroat-spades", {**NONE, "bag_limit": 5, "bag_penalty": "held"}, ["2", "2", "2"], [9, 2, 5],
                 bags=[4, 4, 0])
    assert held["bag_penalty"] == [110, 0, 0] and held["bags_after"] == [0, 4, 3]


@pytest.mark.parametrize("bag_penalty", ["held", "limit", "carry"])
def test_bag_penalty_has_no_effect_per_bag(bag_penalty):
    got = score("cutthroat-spades", {**NONE, "bag_mode": "per_bag", "bag_limit": 3, "bag_penalty": bag_penalty},
                ["3", "nil", "2"], [7, 0, 10], bags=[9, 0, 0])
    assert got["bag_penalty"] == [40, 0, 80] and got["bags_after"] == [0, 0, 0]


def test_per_bag_mode_costs_ten_each_at_once():
    got = score("cutthroat-spades", {**NONE, "bag_mode": "per_bag"}, ["3", "nil", "2"], [7, 0, 10], bags=[0, 0, 0])
    assert got["scores"] == [34 - 40, 100, 28 - 80]
    assert got["bags"] == [4, 0, 8] and got["bags_after"] == [0, 0, 0] and got["bag_penalty"] == [40, 0, 80]


def test_prize_jacks_points_and_heart_removes_a_bag():
    options = {"prize_jacks": "JD,JC,JH", "prize_jack_points": 10, "multiple_prize_jacks": "each"}
    won = [["JD", "JC", "2H"], ["JH", "3H", "4H"], ["JS"]]
    got = score("cutthroat-spades", options, ["3", "3", "nil"], [3, 5, 1], won=won, bags=[0, 4, 0])
    assert got["scores"] == [30 + 20, 32, -100]
    assert got["bags_after"] == [0, 5, 0]  # 4 + 2 - 1 for the J♥
    assert got["prize"] == [3, 4, 0]


@pytest.mark.parametrize("rule, scores", [("void", [30, 32, -100]), ("each", [30 + 20, 32, -100])])
def test_two_prize_jacks_captured(rule, scores):
    """JD and JC in one player's tricks: void (the seed) pays neither, each pays both."""
    got = score("cutthroat-spades", {"multiple_prize_jacks": rule}, ["3", "3", "nil"], [3, 5, 1],
                won=[["JD", "JC", "2H"], ["3H"], ["JS"]])
    assert got["scores"] == scores and got["prize"] == [3, 0, 0]  # the record shows what was captured


def test_a_voided_heart_jack_removes_no_bag():
    options = {"prize_jacks": "JD,JC,JH"}
    # seat 0: JD + JH (two of three): no points, no bag removed: 9 + 1 = 10, a bag-out
    got = score("cutthroat-spades", options, ["3", "3", "3"], [4, 3, 10], won=[["JD", "JH"], ["JC"], []],
                bags=[9, 0, 0])
    assert got["scores"] == [31 - 100, 30 + 10, 37] and got["bags_after"] == [0, 0, 7]
    each = score("cutthroat-spades", {**options, "multiple_prize_jacks": "each"}, ["3", "3", "3"], [4, 3, 10],
                 won=[["JD", "JH"], ["JC"], []], bags=[9, 0, 0])
    assert each["scores"] == [31 + 10, 30 + 10, 37] and each["bags_after"] == [9, 0, 7]


@pytest.mark.parametrize("rule", ["void", "each"])
def test_all_three_prize_jacks_pay_all_three(rule):
    options = {"prize_jacks": "JD,JC,JH", "prize_jack_points": 10, "multiple_prize_jacks": rule}
    got = score("cutthroat-spades", options, ["3", "3", "3"], [5, 3, 9], won=[["JD", "JC", "JH"], [], []],
                bags=[4, 0, 0])
    assert got["scores"] == [32 + 20, 30, 36] and got["bags_after"] == [5, 0, 6]  # 4 + 2 - 1


def test_one_prize_jack_counts_under_void():
    got = score("cutthroat-spades", {}, ["3", "3", "3"], [5, 3, 9], won=[["JD"], ["JC"], []])
    assert got["scores"] == [32 + 10, 30 + 10, 36]


def test_two_prize_jacks_score_nothing():
    """Issue 9's repro: a seat that captures JD and JC scores 20 less by the seed (official)
    than with every jack counted (legacy), the same hand played alike under both.  Searched
    for (the first seed whose heuristic play gives one seat both jacks), since issues 11, 15
    and 10 each moved the hand where it happens."""
    for seed in range(300):
        hands = {preset: Game("cutthroat-spades", preset=preset).deal(seed=seed, dealer=0)
                 for preset in ("official", "legacy")}
        results = {}
        for preset, hand in hands.items():
            hand.play_out("heuristic")
            results[preset] = hand.result()
        seats = [s for s, jacks in enumerate(results["official"]["prize_jacks"]) if sorted(jacks) == ["JC", "JD"]]
        if seats and results["official"]["bag_penalty"] == results["legacy"]["bag_penalty"]:
            seat = seats[0]
            assert results["legacy"]["prize_jacks"][seat] == results["official"]["prize_jacks"][seat]
            assert results["legacy"]["scores"][seat] == results["official"]["scores"][seat] + 20, seed
            return
    raise AssertionError("no seat captured JD and JC in 300 hands")


@pytest.mark.parametrize("rule, scores", [("void", [40, 30, 40, 30]), ("each", [60, 30, 60, 30])])
def test_partnership_prize_jacks_count_per_team(rule, scores):
    """The team is the scorer: JD with one partner and JC with the other are two captured."""
    got = score("spades", {"prize_jacks": "JD,JC", "multiple_prize_jacks": rule}, ["2", "1", "2", "2"],
                [2, 1, 2, 8], won=[["JD"], [], ["JC"], []])
    assert got["scores"][0] == scores[0] and got["scores"][2] == scores[2]
    assert got["prize"] == [1, 0, 2, 0]


def test_prize_points_count_even_when_set_and_default_prizes():
    got = score("cutthroat-spades", {}, ["5", "nil", "2"], [2, 1, 4], won=[["JD"], ["JC"], ["JH"]])
    # official: JD and JC at 10 each; JH is no prize
    assert got["scores"] == [-50 + 10, -100 + 10, 22]
    assert got["prize"] == [1, 2, 0]


def test_heart_jack_never_makes_bags_negative_and_saves_the_limit():
    options = {"prize_jacks": "JH"}
    got = score("cutthroat-spades", options, ["2", "2", "2"], [2, 3, 5], won=[["JH"], [], []], bags=[0, 9, 7])
    assert got["bags_after"] == [0, 0, 0] and got["scores"] == [20, 21 - 100, 23 - 100]
    got = score("cutthroat-spades", options, ["2", "2", "2"], [3, 2, 2], won=[["JH"], [], []], bags=[9, 0, 0])
    assert got["bags_after"] == [9, 0, 0] and got["scores"] == [21, 20, 20]  # 9 + 1 - 1 stays under 10


def test_heart_jack_per_bag_mode():
    options = {"prize_jacks": "JH", "bag_mode": "per_bag"}
    got = score("cutthroat-spades", options, ["2", "2", "2"], [4, 2, 2], won=[["JH"], [], ["3C"]])
    assert got["scores"] == [22 - 10, 20, 20]  # two bags, one removed


def test_classic_300_limit_five():
    got = score("cutthroat-spades", {"bag_limit": 5, "prize_jacks": "JC"}, ["2", "2", "2"], [4, 2, 11],
                won=[["JC"], [], []], bags=[3, 0, 0])
    # seat 0 at 5 bags: -50; seat 2 at 9 bags: 10 per bag held, -90 (legacy: -50)
    assert got["scores"] == [22 + 10 - 50, 20, 29 - 90]
    assert got["bags_after"] == [0, 0, 0]


@pytest.mark.parametrize("players, jokers", [(4, 0), (5, 0), (5, 2), (5, 3)])
def test_other_player_counts(players, jokers):
    n = players
    bids = ["3", "nil", "one_for_50", "two_for_40", "2"][:n]
    tricks = [4, 0, 1, 3, 3][:n]
    got = score("cutthroat-spades", {"players": players, "jokers": jokers, **NONE}, bids, tricks)
    assert got["scores"] == [31, 100, 50, 20, 21][:n]


# -- partnership: team contracts, nil alone, team bags ---------------------------------------

def test_partnership_contract_adds_partners_bids():
    got = score("spades", {}, ["4", "nil", "3", "4"], [5, 0, 3, 5])
    # team 0+2: contract 7, took 8: 71, one bag; team 1+3: nil made 100 + 4 bid, 5 taken: 41
    assert got["scores"] == [71, 141, 71, 141]
    assert got["bags"] == [1, 1, 1, 1] and got["bags_after"] == [1, 1, 1, 1]


def test_partnership_failed_nil_tricks_do_not_count_for_the_partner():
    got = score("spades", {}, ["5", "nil", "4", "3"], [4, 2, 4, 3])
    # team 0+2: contract 9, took 8: set -90; team 1+3: nil -100, partner's 3 made exactly +30, no bags
    assert got["scores"] == [-90, -70, -90, -70]
    assert got["bags"] == [0, 0, 0, 0] and got["made"] == [False, False, False, True]


def test_partnership_double_nil_and_blind_nil():
    got = score("spades", {}, ["nil", "blind_nil", "blind_nil", "6"], [0, 0, 1, 12])
    assert got["scores"] == [-100, 200 + 66, -100, 200 + 66]
    assert got["bags"] == [0, 6, 0, 6]


def test_partnership_team_bags_roll_over_at_ten():
    got = score("spades", {}, ["3", "3", "3", "3"], [4, 3, 3, 3], bags=[9, 2, 9, 2])
    assert got["scores"] == [61 - 100, 60, 61 - 100, 60] and got["bags_after"] == [0, 2, 0, 2]


def test_partnership_per_bag():
    got = score("spades", {"bag_mode": "per_bag"}, ["3", "3", "3", "2"], [5, 2, 3, 3])
    assert got["scores"] == [62 - 20, 50 - 0, 62 - 20, 50]


# -- partnership: a failed nil bidder's tricks (failed_nil_tricks) -------------------------

@pytest.mark.parametrize("rule, scores, bags, made", [
    # team 1+3: nil took 2, partner bid 4 and took 3
    ("ignored", [-90, -100 - 40], [0, 0], False),         # set; the nil's 2 tricks count for nothing
    ("bags", [-90, -100 - 40 + 2], [0, 2], False),        # still set; the 2 are bags (+1 each)
    ("contract", [-90, -100 + 40 + 1], [0, 1], True),     # 3 + 2 = 5 of 4: made, one bag
])
def test_failed_nil_tricks(rule, scores, bags, made):
    got = score("spades", {"failed_nil_tricks": rule}, ["5", "nil", "4", "4"], [4, 2, 4, 3])
    assert got["scores"] == [scores[0], scores[1], scores[0], scores[1]]
    assert got["bags"] == [bags[0], bags[1], bags[0], bags[1]]
    assert got["made"] == [False, False, False, made]


@pytest.mark.parametrize("rule, team0, bags", [
    ("ignored", -100 + 40, 0),
    ("bags", -100 + 40 + 2, 2),
    ("contract", -100 + 40 + 2, 2),  # 4 + 2 = 6 of 4: two over
])
def test_failed_nil_tricks_with_the_partner_made(rule, team0, bags):
    got = score("spades", {"failed_nil_tricks": rule}, ["nil", "3", "4", "4"], [2, 3, 4, 4])
    assert got["scores"] == [team0, 70, team0, 70]
    assert got["bags"] == [bags, 0, bags, 0] and got["made"] == [False, True, True, True]


@pytest.mark.parametrize("rule, team0, bags_after", [("ignored", -300, 8), ("bags", -297 - 100, 1),
                                                     ("contract", -297 - 100, 1)])
def test_two_failed_nils(rule, team0, bags_after):
    """No contract: with bags or contract every trick of the two nil bidders is a bag (8 carried + 3:
    a bag-out, -100, one carried on)."""
    got = score("spades", {"failed_nil_tricks": rule}, ["nil", "3", "blind_nil", "4"], [1, 5, 2, 5],
                bags=[8, 0, 8, 0])
    assert got["scores"] == [team0, 73, team0, 73]
    assert got["bags_after"] == [bags_after, 3, bags_after, 3]


def test_failed_nil_tricks_have_no_effect_on_a_made_nil():
    for rule in ("ignored", "bags", "contract"):
        got = score("spades", {"failed_nil_tricks": rule}, ["nil", "3", "4", "4"], [0, 4, 5, 4])
        assert got["scores"][0] == 100 + 41 and got["bags"][0] == 1, rule
