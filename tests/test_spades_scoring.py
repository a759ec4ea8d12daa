"""Hand-made scoring cases: every row of the bid table of RULES.md section 3, both bag modes,
bag limit and reset, prize jacks, and partnership contracts.

Each case is scored by the core's own scoring (``_core.spades_score``) and by the
reference's ``score_hand``; both must give the figures written here by hand.
"""
from __future__ import annotations

import pytest

from cardsim import Game, _core
from cardsim.hands.spades import KIND_NAMES, SPECIAL_TRICKS
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
    got = score("cutthroat-spades", {**NONE, "bag_limit": 5}, ["2", "2", "2"], [9, 2, 6], bags=[4, 4, 0])
    # seat 0 reaches 11 > 5: -50 and zero (the 6 over the limit are not carried)
    assert got["scores"] == [27 - 50, 20, 24] and got["bags_after"] == [0, 4, 4]


def test_per_bag_mode_costs_ten_each_at_once():
    got = score("cutthroat-spades", {**NONE, "bag_mode": "per_bag"}, ["3", "nil", "2"], [7, 0, 10], bags=[0, 0, 0])
    assert got["scores"] == [34 - 40, 100, 28 - 80]
    assert got["bags"] == [4, 0, 8] and got["bags_after"] == [0, 0, 0] and got["bag_penalty"] == [40, 0, 80]


def test_prize_jacks_points_and_heart_removes_a_bag():
    options = {"prize_jacks": "JD,JC,JH", "prize_jack_points": 10}
    won = [["JD", "JC", "2H"], ["JH", "3H", "4H"], ["JS"]]
    got = score("cutthroat-spades", options, ["3", "3", "nil"], [3, 5, 1], won=won, bags=[0, 4, 0])
    assert got["scores"] == [30 + 20, 32, -100]
    assert got["bags_after"] == [0, 5, 0]  # 4 + 2 - 1 for the J♥
    assert got["prize"] == [3, 4, 0]


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
    assert got["scores"] == [22 + 10 - 50, 20, 29 - 50]
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
