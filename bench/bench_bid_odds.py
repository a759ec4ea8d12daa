"""End-to-end wall time of ``cardsim bid`` from the shell (the issue's target: < 1.5 s).

    python bench/bench_bid_odds.py [--trials N] [--repeats R] [--threads T] [GAME ...]

Runs the installed ``cardsim`` command (or ``python -m cardsim`` with the
cardsim this script imports) R times and prints the median wall time, start-up
included, with every trump suit analysed (two-hand pinochle: one play-out per trial,
trump being the upcard's suit; euchre: every action open to the player; spades: every
bid), and the CPU time of the command (user + system, all threads: the figure to quote
on a shared machine).
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import cardsim

HANDS = {  # game -> the hand and any options it needs
    "cutthroat-pinochle": ["AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D"],
    "partnership-pinochle": ["AS AS TS KS QS JS 9S AH AD AC KH QH"],
    "two-hand-pinochle": ["AS AS TS KS QS JS 9S AH AD AC KH QH", "--upcard", "TC"],
    "cutthroat-euchre": ["JS AS KD AC 9H", "--upcard", "TS"],
    "cutthroat-spades": ["AS KS QS 5S 2S AH KH 7H 3H AD 8D 4D 9C 6C 5C 4C 3C"],
}
PER_TRIAL = {"two-hand-pinochle": "1 play-out", "cutthroat-euchre": "10 actions", "cutthroat-spades": "every bid"}  # the others: every trump suit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trials", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=5)
    env = {**os.environ, "PYTHONPATH": str(Path(cardsim.__file__).resolve().parents[1])}
    parser.add_argument("--threads", type=int, default=None, help="passed to cardsim bid")
    parser.add_argument("games", nargs="*", default=list(HANDS), help="games to run (default: all)")
    args = parser.parse_args()
    for game in args.games:
        command = [sys.executable, "-m", "cardsim", "bid", game, *HANDS[game], "--trials", str(args.trials), "--json"]
        if args.threads:
            command += ["--threads", str(args.threads)]
        times, cpu = [], []
        for _ in range(args.repeats):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
            times.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        print(f"{game:<21} {args.trials:,} trials x {PER_TRIAL.get(game, '4 trumps')}: "
              f"median {statistics.median(times):.2f} s wall, {statistics.median(cpu):.2f} s CPU "
              f"(wall min {min(times):.2f}, max {max(times):.2f}, {args.repeats} runs, {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
