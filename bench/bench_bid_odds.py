"""End-to-end wall time of ``cardsim bid`` from the shell (the issue's target: < 1.5 s).

    python bench/bench_bid_odds.py [--trials N] [--repeats R]

Runs the installed ``cardsim`` command (or ``python -m cardsim`` with the
cardsim this script imports) R times and prints the median wall time, start-up
included, with every trump suit (pinochle) or every bid (spades) analysed.
Also prints the CPU time (user + sys of the child), since a shared machine's wall
time says little.
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

HANDS = {
    "cutthroat-pinochle": "AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D",
    # 3 players, 17 cards: every bid (nil, one-for-50, two-for-40, moon, 1..17, the policy's) per deal
    "cutthroat-spades": "AS KS QS 5S 2S AH KH 7H 3H AD 8D 4D 9C 6C 5C 4C 3C",
}
WHAT = {"cutthroat-pinochle": "x 4 trumps", "cutthroat-spades": "x every bid"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trials", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(Path(cardsim.__file__).resolve().parents[1])}
    for game, cards in HANDS.items():
        command = [sys.executable, "-m", "cardsim", "bid", game, cards, "--trials", str(args.trials), "--json"]
        times, cpu = [], []
        for _ in range(args.repeats):
            before = os.times()
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
            times.append(time.perf_counter() - start)
            after = os.times()
            cpu.append(after.children_user - before.children_user + after.children_system - before.children_system)
        print(f"{game:<20} {args.trials:,} trials {WHAT[game]}: median {statistics.median(times):.2f} s wall "
              f"(min {min(times):.2f}, max {max(times):.2f}), median {statistics.median(cpu):.2f} s CPU, "
              f"{args.repeats} runs, {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
