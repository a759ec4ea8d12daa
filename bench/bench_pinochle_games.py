"""Throughput of the Partnership and Two-Hand Pinochle cores through the batch API.

    python bench/bench_pinochle_games.py [--hands N] [--repeats R] [--threads T] [--game NAME] [--clock cpu]

Prints hands per second (median of R runs, one thread by default) for random and
heuristic players, and a signature per game: a checksum of the records of a fixed
workload, which changes when any rule or player behaviour changes.  ``--clock cpu``
divides by the process's CPU time instead of wall time: on a busy shared machine it
shows what one core does when it runs (meaningful with --threads 1 only).
"""
from __future__ import annotations

import argparse
import hashlib
import statistics
import time

from cardsim import Game, implemented_games

GAMES = ("partnership-pinochle", "two-hand-pinochle")


def hands_per_second(game: Game, n: int, policy: str, threads: int, repeats: int, clock=time.perf_counter) -> float:
    rates = []
    for r in range(repeats):
        start = clock()
        game.simulate(n, policy=policy, seed=r, threads=threads)
        rates.append(n / (clock() - start))
    return statistics.median(rates)


def signature(game: Game) -> str:
    records = game.simulate(20_000, policy="heuristic", seed=12345, threads=1)
    return hashlib.sha256(records.array.tobytes()).hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=500_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    for name in args.game or GAMES:
        if name not in implemented_games():
            print(f"{name}: not implemented, skipped")
            continue
        game = Game(name)
        game.simulate(10_000, policy="random", threads=1)  # warm up
        print(f"{name}, {args.hands:,} hands per run, {args.threads} thread(s), median of {args.repeats}, "
              f"{args.clock} clock")
        for policy in ("random", "heuristic"):
            rate = hands_per_second(game, args.hands, policy, args.threads, args.repeats, clock)
            print(f"  {policy:<9}  {rate:>12,.0f} hands/s")
        print(f"  signature  {signature(game)}  (20,000 heuristic hands, seed 12345)")


if __name__ == "__main__":
    main()
