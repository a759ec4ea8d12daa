"""The CLI on the two euchre games: rules, deal, simulate, and bad input (one line, exit 2)."""
from __future__ import annotations

import json

import pytest

from test_cli import fails, ok, run


@pytest.mark.parametrize("game", ["cutthroat-euchre", "euchre"])
def test_rules_round_trip(game, tmp_path):
    text = ok("rules", game, "--set", "stick_the_dealer=true")
    assert f'game = "{game}"' in text and "stick_the_dealer = true" in text
    path = tmp_path / "house.toml"
    path.write_text(text)
    assert "stick_the_dealer = true" in ok("rules", game, "--rules", str(path))
    assert "allow_lone_defender" in ok("rules", game, "--list")


def test_games_lists_euchre_as_implemented():
    out = ok("games")
    for line in out.splitlines():
        if " euchre " in line or "cutthroat-euchre" in line:
            assert " yes " in line, line


def test_deal_table_shows_dummy_upcard_and_kitty():
    out = ok("deal", "cutthroat-euchre", "--seed", "7")
    for word in ("dummy", "upcard", "kitty", "dealer", "first to act"):
        assert word in out
    out = ok("deal", "euchre", "--seed", "7", "--dealer", "3")
    assert "dummy" not in out and "upcard" in out and "dealer seat 3" in out


@pytest.mark.parametrize("game, seats", [("cutthroat-euchre", 3), ("euchre", 4)])
def test_deal_json(game, seats):
    data = json.loads(ok("deal", game, "--seed", "3", "--json"))
    assert len(data["hands"]) == seats and all(len(h) == 5 for h in data["hands"])
    assert len(data["kitty"]) == 4 and data["upcard"][0] in data["kitty"]
    assert len(data.get("dummy", [])) == (5 if seats == 3 else 0)
    cards = [c for h in data["hands"] for c in h] + data.get("dummy", []) + data["kitty"]
    assert len(set(cards)) == 24


@pytest.mark.parametrize("game", ["cutthroat-euchre", "euchre"])
def test_simulate_json_summary(game):
    data = json.loads(ok("simulate", game, "--hands", "5000", "--seed", "2", "--threads", "2", "--json"))
    assert data["game"] == game and data["hands"] == 5000
    assert 0.5 < data["makes_rate"] < 1 and abs(sum(data["mean_tricks"]) - 5) < 1e-6
    assert sum(data["trump_rate"].values()) == pytest.approx(1)


def test_simulate_table_and_file(tmp_path):
    result = run("simulate", "cutthroat-euchre", "--hands", "2000", "--policy-seats", "heuristic,random,random",
                 "--out", str(tmp_path / "hands.csv"))
    assert result.exit_code == 0 and "wrote 2000 records" in result.stderr
    assert "Cutthroat Euchre: 2000 hands" in result.stdout and "makes_rate" in result.stdout
    header = (tmp_path / "hands.csv").read_text().splitlines()[0]
    assert header.startswith("redeals,points_0,points_1,points_2,tricks_0")


@pytest.mark.parametrize("args, fragment", [
    (["simulate", "euchre", "--set", "dealer_pickup=never"], "dealer_pickup"),
    (["simulate", "euchre", "--set", "march_points=-1"], "march_points"),
    (["simulate", "euchre", "--policy-seats", "random,random,random"], "one per seat"),
    (["simulate", "cutthroat-euchre", "--policy", "clever"], "unknown policy 'clever'"),
    (["deal", "euchre", "--dealer", "4"], "dealer 4 is out of range"),
    (["deal", "cutthroat-euchre", "--dealer", "3"], "dealer 3 is out of range"),
    (["meld", "euchre", "AS KS QS JS TS", "--trump", "S"], "euchre has no meld"),
    (["simulate", "cutthroat-euchre", "--set", "lone_march_points=x"], "lone_march_points"),
    (["simulate", "euchre", "--set", "lone_defender_euchre_points=101"],
     "option lone_defender_euchre_points: 101 is out of range: allowed an integer 0..100"),
    (["bid", "cutthroat-euchre", "JH JD AH KH QH", "--upcard", "9H", "--set", "lone_defender_euchre_points=two"],
     "option lone_defender_euchre_points: 'two' is not an integer"),
    (["simulate", "euchre", "--preset", "legacy"], "unknown preset 'legacy' for euchre"),
])
def test_bad_input_is_one_line(args, fragment):
    assert fragment in fails(*args)


def test_rules_show_the_new_defaults_and_the_legacy_preset():
    out = run("rules", "cutthroat-euchre").stdout
    assert "lone_march_points = 3" in out and "lone_defender_euchre_points = 2" in out
    legacy = run("rules", "cutthroat-euchre", "--preset", "legacy").stdout
    assert "lone_march_points = 4" in legacy
    listed = run("rules", "euchre", "--list").stdout
    assert "lone_defender_euchre_points" in listed
    assert "legacy" in run("games").stdout
