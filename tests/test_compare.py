"""``cardsim compare`` / ``cardsim.compare``: paired figures of rule variants on the same deals.

Known null (identical variants differ by exactly 0, nothing marked), known effects,
the figures and intervals recomputed from the records with plain numpy, interval
coverage over 200 small runs, byte-stable JSON, resume after a kill, bad input."""
from __future__ import annotations

import json
import math
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
from cardsim import Game, compare
from cardsim.cli import main
from cardsim.comparison import run as compare_run
from cardsim.comparison import stats
from cardsim.comparison.figures import hand_figures
from cardsim.errors import CardsimError
from cardsim.rules import GAMES

CP = "cutthroat-pinochle"
SRC = str(Path(cardsim.__file__).resolve().parent.parent)


def run(*args: str):
    return CliRunner().invoke(main, list(args), env={"COLUMNS": None})


def fails(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def diffs(result, figure: str, seat=None):
    return [d for d in result.differences if d["figure"] == figure and d["seat"] == seat]


# -- known null ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", list(GAMES))
def test_identical_variants_differ_by_exactly_zero_per_hand(game):
    result = compare(game, ["a:", "b:"], hands=1500, seed=5, threads=1)
    assert result.differences
    for d in result.differences:
        assert d["estimate"] in (0.0, None), d
        if d["estimate"] is not None:
            assert d["ci_low"] == 0.0 and d["ci_high"] == 0.0 and not d["significant"], d
    a, b = (v["figures"] for v in result.variants)
    assert a == b


@pytest.mark.parametrize("game", ["spades", CP, "euchre"])
def test_identical_variants_differ_by_exactly_zero_per_game(game):
    result = compare(game, ["a:", {"name": "b"}], games=120, seed=2, threads=1)
    assert all(d["estimate"] == 0.0 and d["ci_low"] == d["ci_high"] == 0.0 for d in result.differences)
    assert not result.significant()
    a, b = result.variants
    assert a["game_length"] == b["game_length"] and a["win_probability"] == b["win_probability"]


# -- known effects --------------------------------------------------------------------------
def test_target_score_doubled_roughly_doubles_cutthroat_pinochle_game_length():
    result = compare(CP, ["short: target_score=150", "long: target_score=300"], games=400, seed=1, threads=1)
    short, long_ = (v["figures"]["game_length"] for v in result.variants)
    assert 1.7 < long_ / short < 2.5, (short, long_)
    (d,) = diffs(result, "game_length")
    assert d["significant"] and d["ci_low"] > 0


def test_target_score_doubled_roughly_doubles_spades_game_length():
    result = compare("spades", ["short: target_score=250", "long: target_score=500"], games=400, seed=1, threads=1)
    short, long_ = (v["figures"]["game_length"] for v in result.variants)
    assert 1.7 < long_ / short < 2.6, (short, long_)
    assert diffs(result, "game_length")[0]["significant"]


def test_a_higher_min_bid_moves_the_mean_winning_bid_and_is_marked():
    # min_bid 26, above the heuristic's mean winning bid at 16 (about 22.6 since issue 11
    # calibrated its ceiling; 21 was above the old 19.8)
    result = compare(CP, ["low: min_bid=16", "high: min_bid=26"], hands=3000, seed=3, threads=1)
    (d,) = diffs(result, "mean_winning_bid")
    assert d["significant"] and d["estimate"] > 1.5 and d["ci_low"] > 0
    low, high = (v["figures"]["mean_winning_bid"] for v in result.variants)
    assert d["estimate"] == pytest.approx(high - low, abs=1e-5)


def test_variants_may_differ_in_policy():
    result = compare(CP, ["smart: policy=heuristic", "dumb: policy=random"], hands=2000, seed=1, threads=1)
    assert result.variants[1]["policy"] == ["random"] * 3
    assert diffs(result, "bid_make_rate")[0]["significant"]


# -- the figures and intervals against plain numpy ----------------------------------------------
def test_figures_and_intervals_match_a_direct_computation_from_the_records():
    n = 4000
    result = compare(CP, ["a: must_beat=always", "b: must_beat=never"], hands=n, seed=9, threads=1)
    ra = Game(CP, must_beat="always").simulate(n, seed=9, threads=1).array
    rb = Game(CP, must_beat="never").simulate(n, seed=9, threads=1).array
    rows = np.arange(n)
    for k in range(3):  # a mean: the paired t interval
        xa = ra["score"][rows, (ra["dealer"] + k) % 3].astype(float)
        xb = rb["score"][rows, (rb["dealer"] + k) % 3].astype(float)
        (d,) = diffs(result, "mean_score_by_position", k)
        diff = xb - xa
        half = stats.Z95 * diff.std(ddof=1) / math.sqrt(n)
        assert d["estimate"] == pytest.approx(diff.mean(), abs=1e-6)
        assert d["ci_high"] - d["estimate"] == pytest.approx(half, rel=1e-4)
        assert result.variants[0]["figures"]["mean_score_by_position"][k] == pytest.approx(xa.mean(), abs=1e-6)
    # a ratio (made among contested hands): the delta-method interval, written out here
    ya, da = (ra["made"] & (ra["bidder"] >= 0)).astype(float), (ra["bidder"] >= 0).astype(float)
    yb, db = (rb["made"] & (rb["bidder"] >= 0)).astype(float), (rb["bidder"] >= 0).astype(float)
    Ra, Rb = ya.sum() / da.sum(), yb.sum() / db.sum()
    z = (yb - Rb * db) / db.mean() - (ya - Ra * da) / da.mean()
    (d,) = diffs(result, "bid_make_rate")
    assert d["estimate"] == pytest.approx(Rb - Ra, abs=1e-6)
    assert (d["ci_high"] - d["ci_low"]) / 2 == pytest.approx(stats.Z95 * z.std(ddof=1) / math.sqrt(n), rel=1e-3)


def test_hand_figures_of_every_game_read_the_records():
    for game in GAMES:
        records = Game(game).simulate(300, seed=1, threads=1).array
        figures = hand_figures(game, records)
        assert {f.name for f in figures} >= {"mean_score", "mean_score_by_position"}
        for f in figures:
            assert f.num.shape == f.den.shape == (300,)
            assert (f.den >= 0).all()
            if f.kind == "rate":
                assert (f.num <= f.den).all() and (f.num >= 0).all(), (game, f.name)


def test_holm_marks_step_down():
    assert stats.holm([0.01, 0.04, 0.03, None]) == [True, False, False, False]
    assert stats.holm([0.001, 0.012, 0.02]) == [True, True, True]
    assert stats.holm([0.03, 0.03]) == [False, False]


def test_interval_coverage_over_200_small_runs():
    variants = ["a: must_beat=always", "b: must_beat=never"]
    figure, seat = "mean_score_by_position", 2
    truth = diffs(compare(CP, variants, hands=100_000, seed=10**6, threads=2), figure, seat)[0]["estimate"]
    assert abs(truth) > 0.05  # a real effect, measured tightly (its own 95% half-width is about 0.017)
    covered = 0
    for k in range(200):
        (d,) = diffs(compare(CP, variants, hands=300, seed=k, threads=1), figure, seat)
        covered += d["ci_low"] <= truth <= d["ci_high"]
    assert 180 <= covered <= 198, covered


def test_win_probability_by_score_counts_every_side_at_every_hand():
    game = Game("cutthroat-spades")
    records = compare_run.records_range(game, 0, 40, policies=["heuristic"] * 3, seed=4, threads=1, unit="game")
    paths = compare_run.score_paths(game, records, 4, 0, ["heuristic"] * 3, 1)
    assert [len(p) for p in paths] == list(records["hands"])  # the core's own games, hand for hand
    width, low, high = compare_run.win_bins(game.rules)
    counts = compare_run.win_counts(paths, records["winner"], width, low, high)
    expect: dict[str, list[int]] = {}
    for path, winner in zip(paths, records["winner"]):
        for row in path:
            for s in range(3):
                opp = max(row[t] for t in range(3) if t != s)
                key = f"{min(max(row[s] // width, low), high)},{min(max(opp // width, low), high)}"
                cell = expect.setdefault(key, [0, 0])
                cell[0] += 1
                cell[1] += int(winner == s)
    assert counts == expect
    result = compare("cutthroat-spades", ["a:", "b: bag_limit=5"], games=300, seed=1, threads=1)
    cells = result.variants[0]["win_probability"]["cells"]
    start = [c for c in cells if c["score"] == 0 and c["opponent"] == 0]
    assert start and 0.2 < start[0]["win_rate"] < 0.45  # three players level at the start
    assert sum(c["states"] for c in cells) == 3 * sum(
        int(h) * c for h, c in result.variants[0]["game_length"]["histogram"].items())


# -- output --------------------------------------------------------------------------------------
def test_json_is_the_same_bytes_whatever_the_threads_and_chunks(tmp_path):
    args = ["compare", CP, "--variant", "a: must_beat=always", "--variant", "b: must_beat=never",
            "--hands", "5000", "--seed", "7", "--json"]
    one = run(*args, "--threads", "1")
    two = run(*args, "--threads", "2", "--chunk", "1000")
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    text = one.stdout.lower()
    assert "thread" not in text and "worker" not in text and "time" not in text
    assert data["variants"][0]["rules"] == Game(CP, must_beat="always").rules.to_dict()
    assert data["units"] == 5000 and data["seed"] == 7
    assert {"figure", "seat", "a", "b", "estimate", "ci_low", "ci_high", "significant"} <= set(data["differences"][0])
    table = run(*args[:-1], "--threads", "2")
    assert table.exit_code == 0 and "mean_winning_bid" in table.stdout and "95% interval" in table.stdout


def test_to_pandas_has_a_row_per_difference():
    result = compare("euchre", ["a:", "b: stick_the_dealer=false"], hands=2000, seed=1, threads=1)
    frame = result.to_pandas()
    assert len(frame) == len(result.differences)
    assert {"value_a", "value_b", "estimate", "ci_low", "ci_high", "significant"} <= set(frame.columns)


def test_precision_runs_until_every_rate_is_known_and_stop_alike():
    kwargs = dict(precision=0.02, seed=3, chunk=500)
    one = compare(CP, ["a: must_beat=always", "b: must_beat=never"], threads=1, **kwargs)
    two = compare(CP, ["a: must_beat=always", "b: must_beat=never"], threads=2, **kwargs)
    assert one.to_json() == two.to_json()
    assert one.data["units"] % 500 == 0 and one.data["units"] >= 1000
    for d in one.differences:
        if d["kind"] == "rate":
            assert (d["ci_high"] - d["ci_low"]) / 2 <= 0.02


# -- checkpoints ----------------------------------------------------------------------------------
def test_interrupted_run_resumes_to_the_same_result(tmp_path):
    variants = ["a: must_beat=always", "b: must_beat=never"]
    whole = compare(CP, variants, hands=6000, seed=2, threads=1, chunk=1000)
    spec = compare_run.make_spec(CP, cardsim.comparison.make_variants(CP, variants), unit="hand", units=6000,
                                 precision=None, seed=2, chunk=1000)

    def stop(done):
        if done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        compare_run.run_spec(spec, threads=1, checkpoint=tmp_path, after_chunk=stop)
    saved = json.loads((tmp_path / compare_run.CHECKPOINT_NAME).read_text())
    assert saved["chunks"] == 2 and saved["tally"]["units"] == 2000
    resumed = compare(CP, variants, hands=6000, seed=2, threads=2, chunk=1000, checkpoint=tmp_path)
    assert resumed.to_json() == whole.to_json()


def test_killed_cli_run_resumes_to_identical_bytes(tmp_path):
    args = [sys.executable, "-m", "cardsim", "compare", CP, "--variant", "a: target_score=150",
            "--variant", "b: target_score=300", "--games", "800", "--chunk", "40", "--seed", "4", "--json",
            "--threads", "1"]
    env = {**os.environ, "PYTHONPATH": SRC}
    plain = subprocess.run(args, capture_output=True, text=True, env=env, check=True).stdout
    directory = tmp_path / "ck"
    proc = subprocess.Popen([*args, "--checkpoint", str(directory)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    state = directory / compare_run.CHECKPOINT_NAME
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if json.loads(state.read_text())["chunks"] >= 3:
                break
        except (OSError, ValueError):
            pass
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done = json.loads(state.read_text())["chunks"]
    assert 3 <= done < 20, done  # killed part way
    resumed = subprocess.run([*args, "--checkpoint", str(directory)], capture_output=True, text=True, env=env,
                             check=True).stdout
    assert resumed == plain


def test_memory_holds_tallies_not_records(tmp_path):
    sizes = []
    for n in (2000, 20000):
        folder = tmp_path / str(n)
        compare(CP, ["a:", "b: min_bid=18"], hands=n, seed=1, threads=2, chunk=1000, checkpoint=folder)
        sizes.append((folder / compare_run.CHECKPOINT_NAME).stat().st_size)
    assert sizes[1] < 1.2 * sizes[0], sizes


# -- bad input: one line, exit 2 --------------------------------------------------------------------
def test_bad_input_is_one_line_and_exit_2(tmp_path, monkeypatch):
    base = ["compare", CP, "--hands", "100"]
    assert "at least two variants" in fails(*base, "--variant", "a: min_bid=20")
    assert "two variants are named 'a'" in fails(*base, "--variant", "a:", "--variant", "a: min_bid=20")
    assert "'colour' is not an option" in fails(*base, "--variant", "a:", "--variant", "b: colour=red")
    assert "out of range" in fails(*base, "--variant", "a:", "--variant", "b: min_bid=0")
    assert "NAME: key=value" in fails(*base, "--variant", "a:", "--variant", "min_bid=20")
    assert "not both" in fails("compare", CP, "--games", "5", "--hands", "5", "--variant", "a:", "--variant", "b:")
    report = tmp_path / "no" / "such" / "dir" / "r.html"
    t0 = time.monotonic()
    assert "r.html" in fails("compare", CP, "--hands", "100000000", "--variant", "a:", "--variant", "b:",
                             "--report", str(report))
    assert time.monotonic() - t0 < 20  # refused before any simulation
    assert ".html" in fails(*base, "--variant", "a:", "--variant", "b:", "--report", str(tmp_path / "r.txt"))
    # a checkpoint of another run
    ck = tmp_path / "ck"
    assert run(*base, "--variant", "a:", "--variant", "b:", "--checkpoint", str(ck)).exit_code == 0
    assert "different run" in fails(*base, "--variant", "a:", "--variant", "b: min_bid=20", "--checkpoint", str(ck))
    assert "different run" in fails(*base, "--seed", "3", "--variant", "a:", "--variant", "b:", "--checkpoint", str(ck))
    assert "different run" in fails("compare", "euchre", "--hands", "100", "--variant", "a:", "--variant", "b:",
                                    "--checkpoint", str(ck))
    # a game unit the game lacks
    from cardsim import Game as _Game
    monkeypatch.setattr(_Game, "units", property(lambda self: ("hand",)))  # every game has games now
    assert "no whole games" in fails("compare", "euchre", "--games", "10", "--variant", "a:", "--variant", "b:")
    # an unreachable scheduler
    from cardsim import runner
    monkeypatch.setattr(runner, "CONNECT_TIMEOUT_S", 1)
    line = fails(*base, "--variant", "a:", "--variant", "b:", "--scheduler", "tcp://127.0.0.1:9")
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in line
    assert "address like tcp://" in fails(*base, "--variant", "a:", "--variant", "b:", "--scheduler", "nowhere")
    assert "not both" in fails(*base, "--variant", "a:", "--variant", "b:", "--scheduler", "tcp://x:1",
                               "--workers", "2")


def test_bad_python_input_raises_cardsim_errors():
    with pytest.raises(CardsimError, match="at least two"):
        compare(CP, ["a:"], hands=10)
    with pytest.raises(CardsimError, match="list of two or more"):
        compare(CP, "a: min_bid=20", hands=10)
    with pytest.raises(CardsimError, match="different numbers of players"):
        compare("cutthroat-spades", ["a: players=3", "b: players=4"], hands=10)
    with pytest.raises(CardsimError, match="precision"):
        compare(CP, ["a:", "b:"], precision=2.0)


@pytest.mark.parametrize("game", ["euchre", "spades", "two-hand-pinochle"])
def test_two_sided_win_probability_is_complementary(game):
    """Every state is counted from both sides and exactly one side wins: P(a, b) + P(b, a) = 1."""
    result = compare(game, ["a:", "b:"], games=150, seed=6, threads=1)
    assert result.variants[0]["figures"]["unfinished_rate"] == 0
    cells = {(c["score"], c["opponent"]): c for c in result.variants[0]["win_probability"]["cells"]}
    for (own, opp), c in cells.items():
        mirror = cells[(opp, own)]
        assert c["states"] == mirror["states"]
        assert c["win_rate"] + mirror["win_rate"] == pytest.approx(1.0, abs=2e-6)


def test_docs_examples():
    import doctest

    path = Path(__file__).resolve().parent.parent / "docs" / "compare.md"
    result = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_variants_from_presets_rules_files_and_mappings(tmp_path):
    house = tmp_path / "house.toml"
    house.write_text(Game(CP, min_bid=20).rules.to_toml())
    result = compare(CP, [f"file: rules={house}", {"name": "kw", "min_bid": 20}, "legacy: preset=legacy"],
                     hands=500, seed=1, threads=1)
    file_rules, kw_rules, legacy_rules = (v["rules"] for v in result.variants)
    assert file_rules == kw_rules == Game(CP, min_bid=20).rules.to_dict()
    assert legacy_rules == Game(CP, preset="legacy").rules.to_dict()
    assert all(d["estimate"] == 0 for d in result.differences if (d["a"], d["b"]) == ("file", "kw"))
    assert len({(d["a"], d["b"]) for d in result.differences}) == 3  # every pair of three variants


def test_progress_is_reported_chunk_by_chunk():
    calls = []
    compare(CP, ["a:", "b: min_bid=18"], hands=2500, seed=1, threads=1, chunk=1000,
            progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1000, 2500), (2000, 2500), (2500, 2500)]
