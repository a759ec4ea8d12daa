"""Throughput of the spades core through the batch API (whole hands: deal, bids, play, score).

    python bench/bench_spades.py [--hands N] [--repeats R] [--threads T]

For every variant (cutthroat with 3, 4, 5 players, 5 with two and three jokers, and
partnership spades) prints hands per second of random and heuristic players on one
thread, median of R runs, measured two ways: by wall clock and by the process's CPU
time (the same on an idle machine; on a shared one the CPU-time figure is what one core
does).  With --threads T > 1 it adds a wall-clock figure on T threads.  Last, a signature:
a checksum of the records of a fixed workload, which changes when any rule or player
behaviour changes (compare it across commits).

Targets (issue 5, one core): random 4 players >= 1,000,000 hands/s, random 3 players
>= 800,000, heuristic 3 players >= 300,000.
"""
from __future__ import annotations

import argparse
import hashlib
import statistics
import time

from cardsim import Game

VARIANTS = [
    ("cutthroat-spades", {"players": 3}),
    ("cutthroat-spades", {"players": 4}),
    ("cutthroat-spades", {"players": 5}),
    ("cutthroat-spades", {"players": 5, "jokers": 2}),
    ("cutthroat-spades", {"players": 5, "jokers": 3}),
    ("spades", {}),
]


def rates(game: Game, n: int, policy: str, threads: int, repeats: int) -> tuple[float, float]:
    """(wall, cpu) hands per second, medians of ``repeats`` runs."""
    wall, cpu = [], []
    for r in range(repeats):
        w0, c0 = time.perf_counter(), time.process_time()
        game.simulate(n, policy=policy, seed=r, threads=threads)
        wall.append(n / (time.perf_counter() - w0))
        cpu.append(n / max(time.process_time() - c0, 1e-9))
    return statistics.median(wall), statistics.median(cpu)


def signature() -> str:
    digest = hashlib.sha256()
    for name, options in VARIANTS:
        game = Game(name, **options)
        digest.update(game.simulate(5_000, policy="heuristic", seed=12345, threads=1).array.tobytes())
    return digest.hexdigest()[:16]


def label(name: str, options: dict) -> str:
    if name == "spades":
        return "spades (partnership)"
    jokers = f", {options['jokers']} jokers" if options.get("jokers") else ""
    return f"cutthroat {options['players']} players{jokers}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=500_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    print(f"spades, {args.hands:,} hands per run, median of {args.repeats}, hands/s")
    for name, options in VARIANTS:
        game = Game(name, **options)
        game.simulate(10_000, policy="random", threads=1)  # warm up
        for policy in ("random", "heuristic"):
            wall, cpu = rates(game, args.hands, policy, 1, args.repeats)
            line = f"  {label(name, options):<30} {policy:<9} 1 thread {wall:>11,.0f} wall {cpu:>11,.0f} cpu"
            if args.threads > 1:
                many, _ = rates(game, args.hands, policy, args.threads, args.repeats)
                line += f"   {args.threads} threads {many:>12,.0f} wall"
            print(line, flush=True)
    print(f"  signature  {signature()}  (5,000 heuristic hands per variant, seed 12345)")


if __name__ == "__main__":
    main()
