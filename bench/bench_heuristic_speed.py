"""Batch speed of the heuristic players, every game, one thread, hands per CPU second.

    python bench/bench_heuristic_speed.py [--hands N] [--repeats R]

Issue 11 changes the players' decisions and asks that their batch speed stay within 20% of
what it was: run this with the old and the new build (``PYTHONPATH=<checkout>/src``) and
compare.  CPU time (``time.process_time``, one thread) rather than wall time, so a shared,
busy machine still shows what one core does; the median of R runs.
"""
from __future__ import annotations

import argparse
import statistics
import time

from cardsim import Game

GAMES = ("cutthroat-pinochle", "partnership-pinochle", "two-hand-pinochle", "euchre", "cutthroat-euchre",
         "spades", "cutthroat-spades")


def rate(game: Game, n: int, repeats: int) -> float:
    out = []
    for r in range(repeats):
        start = time.process_time()
        game.simulate(n, policy="heuristic", seed=r, threads=1)
        out.append(n / (time.process_time() - start))
    return statistics.median(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    for name in GAMES:
        print(f"{name:22s} {rate(Game(name), args.hands, args.repeats):>12,.0f} hands/CPU s", flush=True)


if __name__ == "__main__":
    main()
