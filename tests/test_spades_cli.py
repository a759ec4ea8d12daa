"""The command line with spades: deal every variant, simulate hands, games and tournaments, bad input."""
from __future__ import annotations

import json

import pytest

from test_cli import fails, ok


def test_deal_five_players_two_jokers():
    out = ok("deal", "cutthroat-spades", "--set", "players=5", "--set", "jokers=2", "--seed", "3", "--json")
    data = json.loads(out)
    sizes = [len(h) for h in data["hands"]]
    assert sizes[data["dealer"]] == 10 and sorted(sizes) == [10, 11, 11, 11, 11]
    assert data["to_act"] == (data["dealer"] + 1) % 5  # bidding starts left of the dealer
    table = ok("deal", "cutthroat-spades", "--set", "players=5", "--set", "jokers=2")
    assert "dealer" in table and "first to act" in table


@pytest.mark.parametrize("args, seats", [(["--set", "players=3"], 3), (["--set", "players=4"], 4),
                                          (["--set", "players=5", "--set", "jokers=3"], 5)])
def test_deal_sizes(args, seats):
    data = json.loads(ok("deal", "cutthroat-spades", *args, "--json"))
    assert len(data["hands"]) == seats and data["widow"] is None


def test_simulate_hands_json():
    data = json.loads(ok("simulate", "cutthroat-spades", "--hands", "3000", "--threads", "1", "--json",
                         "--preset", "long-500", "--set", "players=4"))
    assert data["hands"] == 3000 and len(data["mean_tricks"]) == 4
    assert abs(sum(data["mean_tricks"]) - 13) < 4 * 0.5e-4   # each mean is printed to 4 places
    assert data["made_rate_regular"] > 0.5


def test_simulate_games_and_tournaments():
    data = json.loads(ok("simulate", "spades", "--hands", "200", "--unit", "game", "--threads", "2", "--json"))
    assert data["games"] == 200 and data["unfinished_rate"] == 0.0
    assert len(data["win_rate"]) == 2 and abs(sum(data["win_rate"]) - 1) < 1e-9  # per team: 0 = seats 0+2, 1 = 1+3
    data = json.loads(ok("simulate", "cutthroat-spades", "--hands", "20", "--unit", "tournament", "--json"))
    assert data["tournaments"] == 20 and abs(sum(data["win_rate"]) - 1) < 1e-9
    assert "Cutthroat Spades: 5 games" in ok("simulate", "cutthroat-spades", "--hands", "5", "--unit", "game")
    # every game plays tournaments (wins_needed, docs/whole-games.md)
    data = json.loads(ok("simulate", "euchre", "--hands", "10", "--unit", "tournament", "--set", "wins_needed=2",
                         "--json"))
    assert data["tournaments"] == 10 and len(data["win_rate"]) == 2 and abs(sum(data["win_rate"]) - 1) < 1e-9


@pytest.mark.parametrize("args, fragment", [
    (["deal", "cutthroat-spades", "--set", "jokers=2"], "jokers=2 needs players=5 (got players=3)"),
    (["deal", "cutthroat-spades", "--set", "players=6"], "players"),
    (["simulate", "cutthroat-pinochle", "--hands", "5", "--unit", "season"], "'season' is not one of"),
    (["simulate", "euchre", "--hands", "5", "--unit", "tournament", "--set", "wins_needed=0"], "wins_needed"),
    (["simulate", "spades", "--hands", "5", "--set", "allow_moon=true"], "partnership spades has no special bids"),
    (["simulate", "cutthroat-spades", "--hands", "5", "--policy-seats", "random,random"], "give one policy or 3"),
    (["meld", "spades", "AS KS", "--trump", "S"], "spades has no meld"),
    (["simulate", "cutthroat-spades", "--hands", "5", "--set", "bag_penalty=all"],
     "option bag_penalty: 'all' is not one of held, limit, carry"),
    (["simulate", "cutthroat-spades", "--hands", "5", "--set", "multiple_prize_jacks=some"],
     "option multiple_prize_jacks: 'some' is not one of void, each"),
    (["simulate", "spades", "--hands", "5", "--set", "failed_nil_tricks=partner"],
     "option failed_nil_tricks: 'partner' is not one of ignored, bags, contract"),
    (["deal", "spades", "--set", "break_spades=maybe"], "option break_spades"),
    (["simulate", "cutthroat-spades", "--hands", "5", "--set", "failed_nil_tricks=bags"],
     "unknown option 'failed_nil_tricks' for cutthroat-spades"),
])
def test_bad_input(args, fragment):
    assert fragment in fails(*args)


def test_rules_show_the_new_options_and_presets():
    text = ok("rules", "cutthroat-spades")
    for line in ('bag_penalty = "held"', 'multiple_prize_jacks = "void"', "break_spades = true"):
        assert line in text
    assert 'bag_penalty = "limit"' in ok("rules", "cutthroat-spades", "--preset", "legacy")
    text = ok("rules", "spades")
    assert 'bag_penalty = "carry"' in text and 'failed_nil_tricks = "ignored"' in text
    listing = ok("rules", "spades", "--list")
    for name in ("bag_penalty", "multiple_prize_jacks", "break_spades", "failed_nil_tricks"):
        assert name in listing


def test_simulate_legacy_preset_equals_the_old_options():
    legacy = json.loads(ok("simulate", "cutthroat-spades", "--hands", "3000", "--json", "--preset", "legacy"))
    spelled = json.loads(ok("simulate", "cutthroat-spades", "--hands", "3000", "--json", "--set", "bag_penalty=limit",
                            "--set", "multiple_prize_jacks=each"))
    assert legacy == spelled
    assert json.loads(ok("simulate", "cutthroat-spades", "--hands", "3000", "--json")) != legacy
