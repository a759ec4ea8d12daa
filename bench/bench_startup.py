"""Start-up time of the command line (issue 15's target: `cardsim --version` under 0.12 s).

    python bench/bench_startup.py [--repeats R] [--baseline SRC] [--bid] [--bid-repeats N]

Runs ``python -m cardsim --version``, ``cardsim --help`` and, for scale, a bare ``python -c
pass`` R times each, alternating, and prints the median wall time of each, with the median CPU
time (user + system, of the child: steadier than wall on a shared machine): the difference from
``python -c pass`` is what cardsim's own imports cost.  ``--bid`` adds issue 15's end-to-end
command, ``cardsim bid cutthroat-pinochle "<15 cards>" --trials 100000`` (N runs, default 5),
with its wall, user and system times.  ``--baseline SRC`` runs every cardsim command of another
tree too (its ``src`` folder, built in place: say the previous main), interleaved with this
one's, so that load on the machine falls on both alike.  Each tree's bytecode is compiled first
(``compileall``), as an install does: with ``PYTHONDONTWRITEBYTECODE`` set and no
``__pycache__``, every run would compile cardsim's modules from source again and time that instead.
"""
from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import cardsim

BID = ["bid", "cutthroat-pinochle", "AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D", "--trials", "100000"]


def run(command: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """Wall, user and system seconds of one run of ``command``."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        raise SystemExit(f"{' '.join(command)} failed (status {status})")
    return time.perf_counter() - start, usage.ru_utime, usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--baseline", metavar="SRC", help="another cardsim's src folder (built in place), timed beside")
    parser.add_argument("--bid", action="store_true", help="time `cardsim bid cutthroat-pinochle ... --trials 100000` too")
    parser.add_argument("--bid-repeats", type=int, default=5)
    args = parser.parse_args()
    trees = {"": Path(cardsim.__file__).resolve().parents[1]}
    if args.baseline is not None:
        trees["base: "] = Path(args.baseline).resolve()
    envs = {label: {**os.environ, "PYTHONPATH": str(src)} for label, src in trees.items()}
    for src in trees.values():
        compileall.compile_dir(str(src / "cardsim"), quiet=1)
    python = [sys.executable]
    commands: dict[str, tuple[list[str], dict[str, str]]] = {"python -c pass": ([*python, "-c", "pass"], envs[""])}
    for label, env in envs.items():
        commands[f"{label}cardsim --version"] = ([*python, "-m", "cardsim", "--version"], env)
        commands[f"{label}cardsim --help"] = ([*python, "-m", "cardsim", "--help"], env)
    times: dict[str, list[tuple[float, float, float]]] = {name: [] for name in commands}
    for _ in range(args.repeats):
        for name, (command, env) in commands.items():
            times[name].append(run(command, env))
    if args.bid:
        for label, env in envs.items():
            times[f"{label}cardsim bid (100k trials)"] = []
        for _ in range(args.bid_repeats):
            for label, env in envs.items():
                times[f"{label}cardsim bid (100k trials)"].append(run([*python, "-m", "cardsim", *BID], env))
    print(f"this tree: {trees['']}" + (f"; base: {trees['base: ']}" if args.baseline else ""))
    for name, values in times.items():
        walls = [v[0] for v in values]
        print(f"{name:<34} median {statistics.median(walls) * 1000:6.0f} ms wall (min {min(walls) * 1000:.0f}, "
              f"max {max(walls) * 1000:.0f}), user {statistics.median(v[1] for v in values) * 1000:5.0f} ms, "
              f"sys {statistics.median(v[2] for v in values) * 1000:4.0f} ms  ({len(values)} runs)")


if __name__ == "__main__":
    main()
