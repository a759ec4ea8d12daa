"""The ``cardsim`` command line: every command's happy path and every bad input as one line, exit 2."""
from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from rich.console import Console

import cardsim
from cardsim import cli
from cardsim.cli import LazyProgress, main
from cardsim.rules import GAMES

GAME = "cutthroat-pinochle"

# A dealt 15-card hand: run in spades, pinochle, aces around (see test_meld_table).
HAND = "AS TS KS QS JS QS 9S AH KH JD AD AC KC QC JC"


def run(*args: str):
    # COLUMNS unset: piped output gets cardsim's own wide tables, whatever the test runner's terminal.
    return CliRunner().invoke(main, list(args), env={"COLUMNS": None})


def ok(*args: str):
    result = run(*args)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    assert result.stderr == ""
    return result.stdout


def fails(*args: str) -> str:
    """The one ``error:`` line of a bad input (exit 2, nothing on stdout, no traceback)."""
    result = run(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


# -- help ----------------------------------------------------------------------------
@pytest.mark.parametrize("command", [[], ["games"], ["rules"], ["deal"], ["meld"], ["simulate"]])
def test_help_shows_an_example(command):
    out = ok(*command, "--help")
    assert "Example" in out
    assert "cardsim " in out.split("Example", 1)[1]


def test_version():
    assert "0.1.0" in ok("--version")


# -- games ---------------------------------------------------------------------------
def test_games_table_lists_all_seven():
    out = ok("games")
    for name, spec in GAMES.items():
        assert name in out and spec.title in out
    assert len(GAMES) == 7
    row = next(line for line in out.splitlines() if f" {GAME} " in line)
    assert " yes " in row and "standard (default)" in row and "army" in row
    for name in GAMES:  # every game has an engine now
        assert " yes " in next(line for line in out.splitlines() if f" {name} " in line)


# -- rules ---------------------------------------------------------------------------
def test_rules_toml_round_trips(tmp_path):
    first = ok("rules", GAME, "--preset", "army", "--set", "min_bid=20", "--set", "must_beat=never")
    assert 'game = "cutthroat-pinochle"' in first
    assert "min_bid = 20" in first and "army_scoring = true" in first and 'must_beat = "never"' in first
    path = tmp_path / "house.toml"
    path.write_text(first)
    assert ok("rules", GAME, "--rules", str(path)) == first
    # --set wins over the file
    assert "min_bid = 25" in ok("rules", GAME, "--rules", str(path), "--set", "min_bid=25")


def test_rules_of_another_game_with_a_preset():
    out = ok("rules", "cutthroat-spades", "--preset", "classic-300")
    assert 'game = "cutthroat-spades"' in out


def test_rules_list_table():
    out = ok("rules", GAME, "--list")
    for word in ("option", "type", "default", "allowed", "help", "min_bid", "an integer 1..1000",
                 "one of always, trump_led, never", "A=1,T=1,K=1"):
        assert word in out
    header = next(line for line in out.splitlines() if " option " in line)
    assert " allowed " in header and " value " not in header
    changed = ok("rules", GAME, "--list", "--set", "min_bid=21")
    assert " value " in next(line for line in changed.splitlines() if " option " in line)
    assert "21" in next(line for line in changed.splitlines() if "min_bid" in line)


# -- deal ----------------------------------------------------------------------------
def test_deal_table():
    out = ok("deal", GAME, "--seed", "3", "--dealer", "2")
    assert "dealer seat 2" in out and "redeals 0" in out and "widow" in out
    assert out.count(" 15 ") == 3


def test_deal_json_is_the_hand():
    data = json.loads(ok("deal", GAME, "--seed", "5", "--dealer", "1", "--json"))
    assert data["game"] == GAME and data["seed"] == 5 and data["dealer"] == (1 + data["redeals"]) % 3
    assert [len(h) for h in data["hands"]] == [15, 15, 15] and len(data["widow"]) == 3
    cards = sorted(c for h in data["hands"] for c in h) + data["widow"]
    assert len(cards) == 48
    no_widow = json.loads(ok("deal", GAME, "--json", "--preset", "no-widow"))
    assert [len(h) for h in no_widow["hands"]] == [16, 16, 16] and no_widow["widow"] == []


def test_deal_same_seed_same_cards():
    assert ok("deal", GAME, "--seed", "9") == ok("deal", GAME, "--seed", "9")
    assert ok("deal", GAME, "--seed", "9") != ok("deal", GAME, "--seed", "10")


# -- meld ----------------------------------------------------------------------------
def test_meld_table():
    out = ok("meld", GAME, HAND, "--trump", "S")
    lines = out.splitlines()
    assert "trump S" in lines[0]
    for name in ("run", "aces", "pinochle", "marriage", "dix"):
        assert any(f" {name} " in line for line in lines), name
    total = next(line for line in lines if " total " in line)
    assert "32" in total


def test_meld_json_commas_and_widow_sizes():
    data = json.loads(ok("meld", GAME, HAND.replace(" ", ","), "--trump", "spades", "--json"))
    assert data["total"] == 32 and data["trump"] == "S" and data["counts"]["run"] == 1
    # 18 cards: the bidder's hand plus the widow
    eighteen = json.loads(ok("meld", GAME, HAND + " 9H 9H TD", "--trump", "H", "--json"))
    assert eighteen["counts"]["dix"] == 2
    # 16 cards without a widow; meld values follow the rules
    sixteen = json.loads(ok("meld", GAME, HAND + " 9S", "--trump", "S", "--set", "widow=false",
                            "--set", "meld_run=20", "--json"))
    assert sixteen["points"]["run"] == 20


@pytest.mark.parametrize("cards, fragment", [
    ("XS " + HAND[3:], "malformed card code 'XS'"),
    ("2S " + HAND[3:], "'2S' is not in the pinochle"),
    ("AS AS AS " + HAND[9:], "a third copy of 'AS'"),
    (HAND[3:], "needs 15 cards (a dealt hand) or 18 (hand plus widow), got 14"),
    (HAND + " 9H", "got 16"),
])
def test_meld_bad_cards(cards, fragment):
    assert fragment in fails("meld", GAME, cards, "--trump", "S")


def test_meld_wrong_count_without_widow():
    assert "needs 16 cards (a dealt hand), got 15" in fails("meld", GAME, HAND, "--trump", "S",
                                                              "--set", "widow=false")


def test_meld_bad_trump():
    assert "unknown suit 'X'" in fails("meld", GAME, HAND, "--trump", "X")


# -- simulate ------------------------------------------------------------------------
def test_simulate_table():
    out = ok("simulate", GAME, "--hands", "500", "--seed", "2", "--threads", "2")
    assert "500 hands" in out and "made_rate" in out and "seat 2" in out and "heuristic" in out


def test_simulate_json_and_threads_do_not_matter():
    one = json.loads(ok("simulate", GAME, "--hands", "700", "--seed", "4", "--threads", "1", "--json"))
    two = json.loads(ok("simulate", GAME, "--hands", "700", "--seed", "4", "--threads", "3", "--json"))
    assert one["hands"] == 700 and one == two
    assert one["policy"] == ["heuristic"] * 3


def test_simulate_policies():
    data = json.loads(ok("simulate", GAME, "--hands", "300", "--policy", "random", "--json"))
    assert data["policy"] == ["random"] * 3
    data = json.loads(ok("simulate", GAME, "--hands", "300", "--policy-seats", "heuristic, random,random",
                         "--preset", "army", "--json"))
    assert data["policy"] == ["heuristic", "random", "random"]


def test_simulate_out_csv_and_npz(tmp_path):
    for suffix in (".csv", ".npz"):
        path = tmp_path / f"hands{suffix}"
        result = run("simulate", GAME, "--hands", "250", "--out", str(path), "--json")
        assert result.exit_code == 0, result.stderr
        assert json.loads(result.stdout)["hands"] == 250
        assert f"wrote 250 records to {path}" in result.stderr
    with (tmp_path / "hands.csv").open() as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 250 and "bid" in rows[0] and "score_2" in rows[0]
    with np.load(tmp_path / "hands.npz") as data:
        assert len(data["records"]) == 250
        assert json.loads(str(data["meta"]))["game"] == GAME


def test_simulate_out_parquet(tmp_path, monkeypatch):
    import pyarrow.parquet as pq  # in the test extras: a missing pyarrow fails here rather than skipping

    path = tmp_path / "hands.parquet"
    result = run("simulate", GAME, "--hands", "100", "--seed", "3", "--out", str(path))
    assert result.exit_code == 0 and result.stderr == f"wrote 100 records to {path}\n", result.stderr
    table = pq.read_table(path)
    assert table.num_rows == 100
    records = cardsim.Game(GAME).simulate(100, seed=3, threads=1)
    assert table.column("score_1").to_pylist() == records["score"][:, 1].tolist()
    assert json.loads(table.schema.metadata[b"cardsim"])["game"] == GAME
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # without pyarrow: one line, nothing written
    other = tmp_path / "other.parquet"
    assert "needs pyarrow" in fails("simulate", GAME, "--hands", "10", "--out", str(other))
    assert not other.exists()


# -- bad input: one line, exit 2 ---------------------------------------------------------
@pytest.mark.parametrize("args, fragment", [
    (["deal", "pinochle-royale"], "unknown game 'pinochle-royale'"),
    (["deal", GAME, "--set", "min_bids=20"], "unknown option 'min_bids'"),
    (["rules", GAME, "--set", "min_bid"], "expected key=value"),
    (["rules", GAME, "--preset", "royal"], "unknown preset 'royal'"),
    (["rules", GAME, "--set", "min_bid=abc"], "option min_bid: 'abc' is not an integer"),
    (["rules", GAME, "--set", "min_bid=0"], "out of range"),
    (["meld", GAME, HAND, "--trump", "S", "--set", "must_beat=sometimes"], "is not one of always"),
    (["rules", GAME, "--rules", "/nonexistent/house.toml"], "cannot read rules file"),
    (["simulate", GAME, "--hands", "0"], "--hands must be from 1 to 1000000000, got 0"),
    (["simulate", GAME, "--hands", str(10**9 + 1)], "--hands must be from 1 to 1000000000"),
    (["simulate", GAME, "--threads", "0"], "--threads must be from 1 to 1024, got 0"),
    (["simulate", GAME, "--threads", "1025"], "--threads must be from 1 to 1024"),
    (["simulate", GAME, "--out", "hands.txt"], "must end in .csv, .npz or .parquet"),
    (["simulate", GAME, "--out", "/nonexistent/dir/hands.csv"], "no directory"),
    (["simulate", GAME, "--policy", "clever"], "unknown policy 'clever'"),
    (["simulate", GAME, "--policy-seats", "random,random"], "one per seat"),
    (["simulate", GAME, "--policy-seats", "random,smart,random"], "unknown policy 'smart'"),
    (["simulate", GAME, "--seed", "-1"], "seed must be an integer"),
    (["deal", GAME, "--dealer", "3"], "dealer 3 is out of range"),
])
def test_bad_input_is_one_line(args, fragment):
    assert fragment in fails(*args)


def test_bad_toml_file(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("min_bid = = 3\n")
    assert "bad TOML" in fails("rules", GAME, "--rules", str(path))
    path.write_text('game = "euchre"\n')
    assert "not 'cutthroat-pinochle'" in fails("simulate", GAME, "--rules", str(path))
    path.write_text("must_beat = 'sometimes'\n")
    assert "must_beat" in fails("deal", GAME, "--rules", str(path))


def test_unreadable_rules_file(tmp_path):
    assert "cannot read rules file" in fails("deal", GAME, "--rules", str(tmp_path))  # a directory


def test_click_usage_errors_exit_2():
    for args in (["deal"], ["simulate", GAME, "--hands", "many"], ["meld", GAME, HAND], ["nosuchcommand"]):
        result = run(*args)
        assert result.exit_code == 2 and "Traceback" not in result.stderr


# -- progress bar ----------------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def terminal() -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, force_terminal=True, width=100), buffer


def test_progress_shows_for_long_runs_only():
    console, buffer = terminal()
    clock = Clock()
    with LazyProgress(console, clock=clock) as progress:
        clock.now = 0.2
        progress(65_536, 10_000_000)  # estimate ~30 s: the bar appears
        clock.now = 0.4
        progress(131_072, 10_000_000)
        assert progress.bar is not None
    assert "simulating" in buffer.getvalue()

    console, buffer = terminal()
    clock = Clock()
    with LazyProgress(console, clock=clock) as progress:
        clock.now = 0.1
        progress(65_536, 200_000)  # estimate 0.3 s: no bar
        clock.now = 0.3
        progress(200_000, 200_000)
    assert progress.bar is None and buffer.getvalue() == ""


def test_progress_needs_a_terminal():
    buffer = io.StringIO()
    clock = Clock()
    progress = LazyProgress(Console(file=buffer, force_terminal=False), clock=clock)
    clock.now = 5.0
    progress(1, 1000)
    assert progress.bar is None and buffer.getvalue() == ""


def test_simulate_draws_the_bar_on_stderr(monkeypatch):
    console, buffer = terminal()
    monkeypatch.setattr(cli, "stderr_console", lambda: console)
    monkeypatch.setattr(cli, "PROGRESS_AFTER_S", 0.0)
    result = run("simulate", GAME, "--hands", "140000", "--threads", "2", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["hands"] == 140_000  # stdout stays pure JSON
    assert "simulating" in buffer.getvalue()


# -- python -m cardsim -------------------------------------------------------------------
def test_python_dash_m():
    # the folder holding the cardsim this test imported (installed, or src/ with an in-place build)
    here = str(Path(cardsim.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [here, os.environ.get("PYTHONPATH")]))}
    proc = subprocess.run([sys.executable, "-m", "cardsim", "games"], capture_output=True, text=True,
                          env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert GAME in proc.stdout
    bad = subprocess.run([sys.executable, "-m", "cardsim", "meld", GAME, "XS", "--trump", "S"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert bad.returncode == 2 and bad.stderr.strip().startswith("error: ") and "Traceback" not in bad.stderr
    assert len(bad.stderr.splitlines()) == 1
