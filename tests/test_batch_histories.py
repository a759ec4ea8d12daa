"""Action histories in batch records (``simulate(n, histories=True)``, ``--histories FILE``).

Every history replays: the hand rebuilt through the contract from the row's deal and the
batch's actions (``Game.replay``) ends with the batch's record, field by field, for hands and
for every hand of whole games; the tables are byte-identical for 1, 2 and 3 threads and for
any chunking.  No fixed-seed values are pinned.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import cardsim
from cardsim import CardsimError, Game
from cardsim.cli import main

SRC = str(Path(cardsim.__file__).resolve().parent.parent)
GAMES = ["cutthroat-pinochle", "partnership-pinochle", "two-hand-pinochle", "cutthroat-euchre", "euchre",
         "cutthroat-spades", "spades"]
#: rules under which all-pass redeals happen (the history starts again on the new deal)
REDEALS = {"cutthroat-pinochle": {"all_pass": "redeal", "dealer_may_bid": True},
           "partnership-pinochle": {"all_pass": "redeal"}}


#: record fields the core state names otherwise (``leader`` there is the current trick's)
ALIASES = {"leader": "first_leader", "last_trick": "last_winner"}


def state_matches(state, record) -> int:
    """Compare every record field the replayed core state also names; returns how many.  (The
    deals thrown in before the one played are the row's ``redeals``, checked apart: a chosen
    partnership or euchre deal does not carry that count into the hand.)"""
    compared = 0
    for field in record.dtype.names:
        name = ALIASES.get(field, field)
        if field == "redeals" or callable(getattr(state, name, None)) or not hasattr(state, name):
            continue
        got, want = getattr(state, name), record[field]
        if np.ndim(want):
            got = list(got)[:len(want)]
            want = [int(v) for v in want][:len(got)]
        else:
            got = int(got) if not isinstance(got, (bool, np.bool_)) else int(got)
            want = int(want)
        assert got == want, (field, got, want)
        compared += 1
    return compared


@pytest.mark.parametrize("name", GAMES)
def test_every_hand_history_replays_to_its_record(name):
    game = Game(name, **REDEALS.get(name, {}))
    redealt = 0
    randoms = 100 if name in REDEALS else 30  # enough all-random hands that some are redealt
    for n, policy in ((30, ["heuristic"] * game.seats), (randoms, ["random"] * game.seats),
                      (15, ["random"] + ["heuristic"] * (game.seats - 1))):
        records = game.simulate(n, seed=11, policy=policy, threads=2, histories=True)
        hist = records.histories
        assert len(hist) == len(records) and (hist.rows["hand"] == np.arange(n)).all()
        for i in range(len(records)):
            hand = hist.replay(i)
            assert hand.to_act is None and hand.history == hist.history(i)
            assert state_matches(hand._state, records[i]) >= 5
            seats = hist.actions["seat"][hist.actions["hand"] == i]
            assert len(seats) == hist.rows["length"][i]
        if "redeals" in records.dtype.names:
            assert (hist.rows["redeals"] == records["redeals"]).all()
        redealt += int(np.count_nonzero(hist.rows["redeals"]))
        assert (np.diff(hist.rows["start"]) == hist.rows["length"][:-1]).all()
    if name in REDEALS:
        assert redealt >= 1  # (7-18% of random hands) some hand was redealt: its history is the deal played's


@pytest.mark.parametrize("must_beat", ["always", "trump_led", "never"])
def test_random_cutthroat_batches_replay_under_every_heading_rule(must_beat):
    """The random batch plays its tricks by masks (cards.pxd heading_legal), the step API by
    legal_cards: every batch hand's history replays through the step API to its record."""
    game = Game("cutthroat-pinochle", must_beat=must_beat, dealer_may_bid=True)
    records = game.simulate(60, seed=5, policy="random", threads=1, histories=True)
    played = 0
    for i in range(len(records)):
        hand = records.histories.replay(i)
        assert hand.to_act is None and state_matches(hand._state, records[i]) >= 5
        played += records[i]["trump"] >= 0
    assert played > 30


def check_game_histories(name, hist, scores) -> None:
    """Every hand of a batch of whole games replays from its history row to the points its
    hand_scores row gives, with its dealer."""
    assert (hist.rows["game"] == scores["game"]).all() and (hist.rows["hand"] == scores["hand"]).all()
    for i in range(len(hist)):
        hand = hist.replay(i)
        assert hand.to_act is None
        assert int(hist.rows["dealer"][i]) == int(scores["dealer"][i])
        result = hand.result()
        points = result.get("team_points", result.get("points", result.get("scores")))
        if name == "partnership-pinochle":
            points = hand._state.team_score
        if name == "spades":
            points = list(points)[:2]
        assert [int(p) for p in points] == [int(p) for p in scores["points"][i]], (i, result)


@pytest.mark.parametrize("name", GAMES)
def test_every_hand_of_whole_games_replays_to_its_points(name):
    game = Game(name)
    records = game.simulate(3, seed=5, unit="game", threads=2, histories=True, hand_scores=True)
    hist, scores = records.histories, records.hand_scores
    assert len(hist) == len(scores) == int(records["hands"].sum())
    check_game_histories(name, hist, scores)


@pytest.mark.parametrize("name", ["cutthroat-pinochle", "two-hand-pinochle", "euchre", "cutthroat-spades"])
def test_histories_byte_identical_for_threads_and_chunks(name):
    game = Game(name, **REDEALS.get(name, {}))
    for unit, n in (("hand", 300), ("game", 6)):
        runs = [game.simulate(n, seed=2, unit=unit, threads=t, histories=True).histories for t in (1, 2, 3)]
        for other in runs[1:]:
            assert other.rows.tobytes() == runs[0].rows.tobytes()
            assert other.actions.tobytes() == runs[0].actions.tobytes()
    records = game.simulate(300, seed=2, threads=2).array
    first = game.histories(records[:120], seed=2, threads=2)
    rest = game.histories(records[120:], start=120, seed=2, threads=3, offset=len(first[1]))
    whole = game.simulate(300, seed=2, threads=1, histories=True).histories
    assert np.concatenate([first[0], rest[0]]).tobytes() == whole.rows.tobytes()
    assert np.concatenate([first[1], rest[1]]).tobytes() == whole.actions.tobytes()


def test_bad_requests():
    game = Game("euchre")
    with pytest.raises(CardsimError, match="histories=True needs unit='hand' or 'game'"):
        Game("spades").simulate(2, unit="tournament", histories=True)
    with pytest.raises(CardsimError, match="start must be"):
        game.histories(game.simulate(2).array, start=-1)
    games = game.simulate(2, unit="game").array
    with pytest.raises(CardsimError, match="own lengths"):
        bad = games.copy()
        bad["hands"] += 1
        game.histories(bad, unit="game")


def test_cli_writes_histories_atomically_and_rejects_bad_input(tmp_path):
    out = tmp_path / "hist.npz"
    result = CliRunner().invoke(main, ["simulate", "cutthroat-euchre", "--hands", "200", "--seed", "4",
                                       "--threads", "2", "--histories", str(out)])
    assert result.exit_code == 0, result.output
    with np.load(out) as data:
        rows = data["records"]
    want = Game("cutthroat-euchre").simulate(200, seed=4, threads=1, histories=True).histories.actions
    assert rows.tobytes() == want.tobytes()
    games, deals = tmp_path / "games.csv", tmp_path / "deals.npz"
    result = CliRunner().invoke(main, ["simulate", "spades", "--hands", "2", "--unit", "game", "--seed", "4",
                                       "--histories", str(games), "--deals", str(deals)])
    assert result.exit_code == 0, result.output
    lines = games.read_text().splitlines()
    assert lines[0] == "game,hand,step,seat,action"
    spades = Game("spades")
    hist = spades.simulate(2, unit="game", seed=4, histories=True).histories
    assert len(lines) == 1 + len(hist.actions)
    with np.load(deals) as data:
        assert data["records"].tobytes() == hist.rows.tobytes()
    bad = CliRunner().invoke(main, ["simulate", "spades", "--hands", "2", "--unit", "tournament",
                                    "--histories", str(tmp_path / "t.csv")])
    assert bad.exit_code == 2 and "--histories needs --unit hand or game" in bad.output
    assert len(bad.output.strip().splitlines()) == 1
    bad = CliRunner().invoke(main, ["simulate", "spades", "--hands", "2", "--histories", str(tmp_path / "x.txt")])
    assert bad.exit_code == 2
    assert not (tmp_path / "t.csv").exists() and not (tmp_path / "x.txt").exists()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_an_interrupted_histories_file_leaves_the_previous_one(tmp_path):
    """The atomic writer (cardsim.atomic): SIGINT while the histories file is being written leaves
    the previous file as it was and no temporary file."""
    out, marker = tmp_path / "hist.csv", tmp_path / "paused"
    out.write_bytes(b"previous\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDSIM_TEST_")}
    env.update(PYTHONPATH=SRC + os.pathsep + env.get("PYTHONPATH", ""), CARDSIM_TEST_PAUSE_WRITE=str(marker))
    proc = subprocess.Popen([sys.executable, "-m", "cardsim", "simulate", "euchre", "--hands", "3000", "--threads",
                             "1", "--histories", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    deadline = time.monotonic() + 90
    while not marker.exists():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the writer never paused"
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGINT
    assert out.read_bytes() == b"previous\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hist.csv", "paused"]
