"""End-to-end wall time of ``cardsim bid`` from the shell (the issue's target: < 1.5 s).

    python bench/bench_bid_odds.py [--trials N] [--repeats R] [--threads T]

Runs the installed ``cardsim`` command (or ``python -m cardsim`` with the
cardsim this script imports) R times and prints the median wall time, start-up
included, with every trump suit (pinochle) or every action (euchre) analysed.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import cardsim

HANDS = {  # game: (cards, extra arguments, what is analysed)
    "cutthroat-pinochle": ("AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D", [], "x 4 trumps"),
    "cutthroat-euchre": ("JS AS KD AC 9H", ["--upcard", "TS"], "x 10 actions"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trials", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--threads", type=int, default=None, help="passed to cardsim bid (default: all cores)")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(Path(cardsim.__file__).resolve().parents[1])}
    for game, (cards, extra, what) in HANDS.items():
        command = [sys.executable, "-m", "cardsim", "bid", game, cards, *extra, "--trials", str(args.trials), "--json"]
        command += ["--threads", str(args.threads)] if args.threads else []
        times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
            times.append(time.perf_counter() - start)
        print(f"{game:<20} {args.trials:,} trials {what}: median {statistics.median(times):.2f} s wall "
              f"(min {min(times):.2f}, max {max(times):.2f}, {args.repeats} runs, {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
