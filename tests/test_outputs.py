"""Outputs that survive interrupts (issue 14): atomic files, streamed records, bounded memory.

Interrupt tests run ``python -m cardsim simulate --out`` in a subprocess with the
test-only switch ``CARDSIM_TEST_PAUSE_WRITE`` (the writer creates a marker file
and waits mid-file), then send SIGINT or SIGTERM: no partial file may appear and a
previous file must be untouched.
"""
from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import cardsim
from cardsim import Game, atomic
from cardsim.errors import CardsimError
from cardsim.records import RecordWriter

SRC = str(Path(cardsim.__file__).resolve().parent.parent)
FORMATS = (".csv", ".npz", ".parquet")
PREVIOUS = b"previous file, not records\n"


def env(**extra: str) -> dict[str, str]:
    out = {k: v for k, v in os.environ.items() if not k.startswith("CARDSIM_TEST_")}
    out["PYTHONPATH"] = SRC + os.pathsep + out.get("PYTHONPATH", "")
    out.update(extra)
    return out


def start(out: Path, marker: Path, stage: str = "write", hands: int = 100_000) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "cardsim", "simulate", "cutthroat-pinochle", "--hands", str(hands),
           "--threads", "2", "--out", str(out), "--json"]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env(CARDSIM_TEST_PAUSE_WRITE=str(marker), CARDSIM_TEST_PAUSE_STAGE=stage))


def wait_for(marker: Path, proc: subprocess.Popen, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while not marker.exists():
        if proc.poll() is not None:
            raise AssertionError(f"writer ended before pausing: {proc.communicate()}")
        if time.monotonic() > deadline:
            proc.kill()
            raise AssertionError("writer never paused")
        time.sleep(0.05)


def same_records(a: np.ndarray, b: np.ndarray) -> bool:
    """Field by field, byte for byte (padding between fields is not part of a record)."""
    return a.dtype.names == b.dtype.names and all(
        a[name].dtype == b[name].dtype and a[name].tobytes() == b[name].tobytes() for name in a.dtype.names)


def temp_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(atomic.PREFIX))


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("suffix", FORMATS)
@pytest.mark.parametrize("signum, stage", [(signal.SIGINT, "write"), (signal.SIGTERM, "write"),
                                           (signal.SIGTERM, "finish"), (signal.SIGINT, "finish")])
def test_interrupt_leaves_previous_file(tmp_path, suffix, signum, stage):
    if suffix == ".parquet":
        pytest.importorskip("pyarrow")
    out = tmp_path / f"hands{suffix}"
    out.write_bytes(PREVIOUS)
    marker = tmp_path / "paused"
    proc = start(out, marker, stage)
    wait_for(marker, proc)
    assert temp_files(tmp_path), "the writer works on a temporary file beside the target"
    proc.send_signal(signum)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signum, stderr
    assert out.read_bytes() == PREVIOUS
    assert temp_files(tmp_path) == []
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("interrupted (") and f"{out} was not written" in lines[0]
    assert "previous file is untouched" in lines[0]
    assert stdout == ""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_interrupt_without_previous_file_leaves_nothing(tmp_path):
    out = tmp_path / "hands.csv"
    marker = tmp_path / "paused"
    proc = start(out, marker)
    wait_for(marker, proc)
    proc.send_signal(signal.SIGINT)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert not out.exists() and temp_files(tmp_path) == []
    assert stderr.strip() == f"interrupted (Ctrl-C); {out} was not written"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigkill_leftovers_are_swept_by_the_next_run(tmp_path):
    out = tmp_path / "hands.npz"
    marker = tmp_path / "paused"
    proc = start(out, marker)
    wait_for(marker, proc)
    proc.kill()
    proc.communicate(timeout=60)
    left = temp_files(tmp_path)
    assert left and all(name.startswith(f"{atomic.PREFIX}{proc.pid}-") for name in left)
    assert not out.exists()
    # a live process's temporary file is left alone; a dead one's is swept by the next write there
    live = tmp_path / f"{atomic.PREFIX}1-other.csv"
    live.write_text("pid 1 is alive")
    Game("cutthroat-pinochle").simulate(10, threads=1).save(tmp_path / "next.csv")
    assert temp_files(tmp_path) == [live.name]
    old = time.time() - atomic.STALE_AFTER_S - 10
    os.utime(live, (old, old))
    assert atomic.sweep(tmp_path) == [live]


def test_atomic_path_error_keeps_previous(tmp_path):
    target = tmp_path / "report.json"
    target.write_text("old")
    with pytest.raises(RuntimeError):
        with atomic.atomic_path(target) as tmp:
            tmp.write_text("half")
            raise RuntimeError("boom")
    assert target.read_text() == "old" and temp_files(tmp_path) == []
    atomic.write_text(target, json.dumps({"new": 1}))
    assert json.loads(target.read_text()) == {"new": 1} and temp_files(tmp_path) == []


def test_write_error_is_one_line_and_keeps_previous(tmp_path, monkeypatch):
    records = Game("cutthroat-pinochle").simulate(2000, threads=1)
    target = tmp_path / "hands.csv"
    target.write_bytes(PREVIOUS)

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("cardsim.records.RecordWriter._finish", full_disk)
    with pytest.raises(CardsimError) as info:
        records.save(target)
    message = str(info.value)
    assert "No space left on device" in message and "previous file is untouched" in message
    assert "\n" not in message
    assert target.read_bytes() == PREVIOUS and temp_files(tmp_path) == []


def test_read_only_target_refused_before_work(tmp_path):
    target = tmp_path / "hands.csv"
    target.write_bytes(PREVIOUS)
    target.chmod(0o444)
    with pytest.raises(CardsimError, match="read-only"):
        Game("cutthroat-pinochle").simulate(10, threads=1).save(target)
    assert target.read_bytes() == PREVIOUS


# -- streaming -------------------------------------------------------------------------------
@pytest.mark.parametrize("game, unit, n, chunk", [
    ("cutthroat-pinochle", "hand", 3000, 700), ("euchre", "hand", 2000, 999),
    ("cutthroat-spades", "hand", 1500, 512), ("cutthroat-spades", "game", 40, 7),
    ("two-hand-pinochle", "hand", 1000, 1), ("partnership-pinochle", "hand", 1200, 1200),
])
def test_iter_simulate_matches_simulate(game, unit, n, chunk):
    the_game = Game(game)
    whole = the_game.simulate(n, seed=5, threads=2, unit=unit)
    parts = list(the_game.iter_simulate(n, chunk=chunk, seed=5, threads=1, unit=unit))
    assert [len(p) for p in parts[:-1]] == [chunk] * (len(parts) - 1) and sum(map(len, parts)) == n
    assert all(part.dtype == whole.dtype for part in parts)
    assert same_records(np.concatenate(parts), whole.array)
    summarizer = the_game.summarizer(unit, seed=5)
    for part in parts:
        summarizer.add(part)
    assert summarizer.summary() == whole.summary()


def test_iter_simulate_checks_arguments_at_once():
    game = Game("cutthroat-pinochle")
    for kwargs in ({"chunk": 0}, {"chunk": 2.5}, {"seed": -1}, {"threads": 0}, {"policy": "nobody"}):
        with pytest.raises(CardsimError):
            game.iter_simulate(10, **kwargs)  # before any chunk is asked for
    with pytest.raises(CardsimError):
        game.iter_simulate(1.5)


def test_simulate_refuses_what_does_not_fit():
    with pytest.raises(CardsimError) as info:
        Game("cutthroat-pinochle").simulate(10**12)
    assert "iter_simulate" in str(info.value) and "--out" in str(info.value)


@pytest.mark.parametrize("suffix", FORMATS)
def test_streamed_file_equals_one_batch(tmp_path, suffix):
    if suffix == ".parquet":
        pq = pytest.importorskip("pyarrow.parquet")
    game = Game("cutthroat-spades", players=4)
    whole = game.simulate(3000, seed=2, threads=1)
    one, streamed = tmp_path / f"one{suffix}", tmp_path / f"streamed{suffix}"
    whole.save(one)
    with RecordWriter(streamed, whole.dtype, whole._meta()) as writer:
        for part in game.iter_simulate(3000, chunk=1000, seed=2, threads=1):
            writer.write(part)
    if suffix == ".csv":
        assert streamed.read_bytes() == one.read_bytes()
        with streamed.open() as fh:
            assert len(list(csv.reader(fh))) == 3001
    elif suffix == ".npz":
        with np.load(streamed) as data, np.load(one) as ref:
            assert same_records(data["records"], whole.array)
            assert str(data["meta"]) == str(ref["meta"])
    else:
        assert pq.read_table(streamed).equals(pq.read_table(one))
        assert pq.read_metadata(streamed).num_row_groups == 3
        assert pq.read_schema(streamed).metadata == pq.read_schema(one).metadata


def peak_rss_kb(args: list[str], folder: Path) -> int:
    code = ("import atexit, resource, sys\n"
            "atexit.register(lambda: sys.stderr.write('PEAK %d\\n' % "
            "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))\n"
            "from cardsim.cli import main\n"
            "sys.argv = ['cardsim', *sys.argv[1:]]\n"
            "main()\n")
    proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env(),
                          timeout=300, cwd=folder)
    assert proc.returncode == 0, proc.stderr
    return int(proc.stderr.rsplit("PEAK ", 1)[1])


def test_peak_memory_does_not_grow_with_hands(tmp_path):
    pytest.importorskip("pyarrow")
    # 100k and 1M hands: holding the records (26 bytes each in the core, more as a table) would
    # add tens of MB; streaming keeps the peak flat (one chunk of 65,536 hands at a time).
    args = ["simulate", "euchre", "--policy", "random", "--threads", "2", "--out", "x.parquet", "--json"]
    small = peak_rss_kb([*args, "--hands", "100000"], tmp_path)
    large = peak_rss_kb([*args, "--hands", "1000000"], tmp_path)
    assert large < 1.5 * small
    assert large - small < 12 * 1024, (small, large)  # 900k more hands: < 14 bytes a hand


def test_atomic_doctest():
    import doctest

    assert doctest.testmod(atomic).failed == 0
