"""Checks before work and one convention for names and values (issue 14)."""
from __future__ import annotations

import json
import os
import time

import numpy as np
import pytest
from click.testing import CliRunner

from cardsim import CardSet, Game
from cardsim.cli import main
from cardsim.errors import CardError, CardsimError, RulesError
from cardsim.rules import make_rules

GAME = "cutthroat-pinochle"
HAND = "AS TS KS QS JS QS 9S AH KH JD AD AC KC QC JC"


def run(*args: str):
    return CliRunner().invoke(main, list(args), env={"COLUMNS": None})


def fails(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stdout == "" and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


# -- the output path, before any hand is dealt ------------------------------------------
@pytest.mark.parametrize("out, fragment", [
    ("", "is not a file name"),
    ("   ", "is not a file name"),
    (".", "is a directory"),
    ("{tmp}", "is a directory"),
    ("{tmp}/", "is a directory"),
    ("{tmp}/hands.txt", "must end in .csv, .npz or .parquet"),
    ("{tmp}/hands", "must end in .csv, .npz or .parquet"),
    ("{tmp}/missing/hands.csv", "no directory"),
    ("{tmp}/ro/hands.csv", "is not writable"),
    ("{tmp}/readonly.csv", "read-only"),
])
def test_bad_out_refused_before_work(tmp_path, out, fragment):
    if fragment == "is not writable" and os.geteuid() == 0:
        pytest.skip("root may write into a read-only directory")
    (tmp_path / "ro").mkdir()
    (tmp_path / "ro").chmod(0o555)
    (tmp_path / "readonly.csv").write_text("keep")
    (tmp_path / "readonly.csv").chmod(0o444)
    path = out.format(tmp=tmp_path)
    try:
        started = time.monotonic()
        line = fails("simulate", GAME, "--hands", "1000000000", "--out", path)
        assert time.monotonic() - started < 5  # a billion hands were not played first
    finally:
        (tmp_path / "ro").chmod(0o755)
    assert fragment in line
    assert (tmp_path / "readonly.csv").read_text() == "keep"


# -- rules that can never make a contract ------------------------------------------------
@pytest.mark.parametrize("game, sets, fragment", [
    (GAME, ["min_bid=1000"], "min_bid=1000 can never be made"),
    (GAME, ["min_bid=508"], "at most 507"),
    ("partnership-pinochle", ["min_bid=1000"], "can never be made"),
    (GAME, ["save_meld_points=1000"], "no meld could ever be kept"),
    (GAME, ["card_points=A=0", "last_trick_points=0", "save_meld_points=1"], "no meld could ever be kept"),
    ("partnership-pinochle", ["save_meld_points=26"], "more than the 25 trick points"),
    ("cutthroat-spades", ["players=4", "moon_tricks=15"], "moon could never be bid"),
    ("cutthroat-spades", ["moon_tricks=16", "players=5"], "more than the 10 cards"),
])
def test_infeasible_rules_refused(game, sets, fragment):
    args = [arg for item in sets for arg in ("--set", item)]
    assert fragment in fails("simulate", game, "--hands", "1000000000", *args)
    assert fragment in fails("rules", game, *args)
    with pytest.raises(RulesError, match=fragment.split(" ", 1)[0]):
        make_rules(game, sets=sets)


def test_feasible_edges_still_run():
    assert make_rules(GAME, min_bid=507).min_bid == 507
    assert make_rules(GAME, card_points="A=0", save_meld_points=1).save_meld_points == 1  # the last trick
    assert make_rules("cutthroat-spades", players=4).moon_tricks == 14  # default: moon not offered
    assert make_rules("cutthroat-spades", players=5, jokers=3, moon_tricks=11).moon_tricks == 11


# -- names and values ------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["Cutthroat-Pinochle", "cutthroat_pinochle", "CUTTHROAT_PINOCHLE", " cutthroat-pinochle "])
def test_game_names_any_case_and_separator(name):
    assert Game(name).name == GAME
    assert json.loads(run("simulate", name, "--hands", "50", "--json").stdout)["game"] == GAME
    assert run("rules", name).exit_code == 0
    assert run("deal", name, "--json").exit_code == 0
    assert run("meld", name, HAND, "--trump", "S", "--json").exit_code == 0
    assert run("bid", name, HAND, "--trials", "20", "--json").exit_code == 0


def test_enum_values_any_case():
    assert make_rules(GAME, must_beat="ALWAYS").must_beat == "always"
    assert make_rules(GAME, sets=["must_beat=Trump_Led"]).must_beat == "trump_led"
    assert make_rules(GAME, sets=["widow=TRUE"]).widow is True
    with pytest.raises(RulesError, match="is not one of"):
        make_rules(GAME, must_beat="sometimes")


def test_numpy_scalars_accepted():
    game = Game(GAME, min_bid=np.int64(20), widow=np.bool_(True), redeal_nines=np.int8(5))
    assert game.rules.min_bid == 20 and type(game.rules.min_bid) is int and game.rules.widow is True
    assert game.rules == Game(GAME, min_bid=20).rules
    records = game.simulate(np.int64(30), seed=np.uint64(3), threads=np.int32(1))
    assert len(records) == 30
    assert len(game.deal(seed=np.int64(1), dealer=np.int64(2)).hands) == 3
    assert len(CardSet(np.uint64(CardSet("AS KH").mask))) == 2
    sweep = [Game(GAME, min_bid=b).rules.min_bid for b in np.arange(16, 19)]
    assert sweep == [16, 17, 18]


@pytest.mark.parametrize("n", [1.7, 2.0, "10", True, None, -1])
def test_simulate_counts_are_whole_numbers(n):
    with pytest.raises(CardsimError):
        Game(GAME).simulate(n)


@pytest.mark.parametrize("call", [
    lambda: CardSet(None), lambda: CardSet(1.5), lambda: CardSet(["AS", None]), lambda: CardSet(True),
    lambda: Game(GAME).deal().play(None), lambda: Game("euchre").deal().play(None),
    lambda: Game("spades").deal().play(None), lambda: Game("two-hand-pinochle").deal().play(7),
    lambda: Game(GAME).meld(None, "S"), lambda: Game(GAME).cards(object()),
])
def test_wrong_types_raise_cardsim_errors(call):
    with pytest.raises(CardsimError):
        call()


def test_card_set_type_error_is_a_card_error():
    with pytest.raises(CardError, match="got None"):
        CardSet(None)


def test_bom_toml(tmp_path):
    path = tmp_path / "house.toml"
    path.write_bytes(b"\xef\xbb\xbf" + f'game = "{GAME}"\nmin_bid = 21\n'.encode())
    assert make_rules(GAME, rules_file=path).min_bid == 21
    assert "min_bid = 21" in run("rules", GAME, "--rules", str(path)).stdout


def test_preset_on_game_without_presets():
    line = fails("simulate", "euchre", "--preset", "official")
    assert "euchre" in line and "has none" in line and "choose one of it" not in line


# -- click's own errors: one line, exit 2 ------------------------------------------------------
@pytest.mark.parametrize("args, fragment", [
    (["simulate", GAME, "--bogus"], "No such option"),
    (["simulate", GAME, "--hands", "abc"], "not a valid integer"),
    (["simulate", GAME, "--hands"], "requires an argument"),
    (["simulate"], "Missing argument"),
    (["nosuch"], "No such command"),
    (["simulate", GAME, "--unit", "season"], "season"),
    (["meld", GAME, "AS", "TS", "KS", "--trump", "S"], "quote the cards as one argument"),
    (["bid", GAME, "AS", "AS", "TS", "KS"], "quote the cards as one argument"),
    (["deal", GAME, "extra"], "unexpected extra argument"),
])
def test_click_errors_one_line(args, fragment):
    line = fails(*args)
    assert fragment in line and "--help" in line


def test_extra_arguments_that_are_not_cards_get_no_card_hint():
    assert "quote the cards" not in fails("deal", GAME, "extra", "words")


# -- conflicting options ------------------------------------------------------------------------
def test_policy_with_policy_seats_refused():
    line = fails("simulate", GAME, "--policy", "random", "--policy-seats", "heuristic,random,random")
    assert "--policy" in line and "--policy-seats" in line
    ok = run("simulate", GAME, "--hands", "20", "--policy-seats", "heuristic,random,random", "--json")
    assert ok.exit_code == 0 and json.loads(ok.stdout)["policy"] == ["heuristic", "random", "random"]


def test_trials_with_precision_refused():
    assert "not both" in fails("bid", GAME, HAND, "--trials", "10", "--precision", "0.01")


def test_redeal_cap_is_reported():
    # min_bid 400 is allowed (a hand could score it) but nobody bids it: every hand hits the core's cap
    result = run("simulate", GAME, "--set", "min_bid=400", "--hands", "6", "--threads", "1", "--json")
    assert result.exit_code == 0
    assert result.stderr.startswith("warning: 6 of 6 hands ended with no contest after 1000 redeals")
    assert json.loads(result.stdout)["no_contest_hands"] == 6
    assert run("simulate", GAME, "--hands", "50", "--json").stderr == ""
