"""The generic CLI commands on the other pinochle games: rules, deal, meld, simulate."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardsim.cli import main
from cardsim.game import implemented_games


def run(*args: str):
    return CliRunner().invoke(main, list(args), env={"COLUMNS": None})


def ok(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result.stdout


def fails(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


GAMES = [name for name in ("partnership-pinochle", "two-hand-pinochle") if name in implemented_games()]
# twelve cards: run in spades, dix, aces around, pinochle
HAND12 = "AS TS KS QS JS 9S AH AD AC QS JD KH"


@pytest.mark.parametrize("game", GAMES)
def test_deal_json(game):
    data = json.loads(ok("deal", game, "--seed", "4", "--json"))
    assert data["game"] == game and all(len(cards) == 12 for cards in data["hands"])
    assert len(data["hands"]) == (4 if game.startswith("partnership") else 2)
    assert "seat" in ok("deal", game, "--seed", "4")
    if game == "two-hand-pinochle":
        assert len(data["upcard"]) == 1 and "upcard" in ok("deal", game, "--seed", "4")  # a card list, as euchre


@pytest.mark.parametrize("game", GAMES)
def test_simulate_json(game):
    data = json.loads(ok("simulate", game, "--hands", "2000", "--threads", "1", "--json"))
    assert data["game"] == game and data["hands"] == 2000


@pytest.mark.parametrize("game", GAMES)
def test_meld(game):
    data = json.loads(ok("meld", game, HAND12, "--trump", "S", "--json"))
    expected = {"partnership-pinochle": 30, "two-hand-pinochle": 150 + 10 + 100 + 40}[game]
    assert data["total"] == expected
    assert "needs 12 cards" in fails("meld", game, "AS TS", "--trump", "S")


def test_partnership_simulate_table_and_policy_seats():
    out = ok("simulate", "partnership-pinochle", "--hands", "500", "--threads", "1",
             "--policy-seats", "heuristic,random,heuristic,random")
    assert "team_score" in out
    assert "one per seat" in fails("simulate", "partnership-pinochle", "--policy-seats", "random,random,random")
