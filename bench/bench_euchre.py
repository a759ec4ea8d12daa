"""Throughput of the euchre core through the batch API (whole hands: deal, both bidding rounds,
pickup and discard, alone decisions, the cutthroat dummy merge, five tricks, score).

    python bench/bench_euchre.py [--hands N] [--repeats R]

Prints hands per second (median of R runs) for both games and both players on one
thread and on two, against the issue's floors (one core: 4-hand euchre with random
players 2,000,000/s; cutthroat-euchre with heuristic players 500,000/s), and a
signature per game: a checksum of the records of a fixed workload, which changes when
any rule or player behaviour changes (compare it across commits).
"""
from __future__ import annotations

import argparse
import hashlib
import statistics
import time

from cardsim import Game

FLOORS = {("euchre", "random"): 2_000_000, ("cutthroat-euchre", "heuristic"): 500_000}


def hands_per_second(game: Game, n: int, policy: str, threads: int, repeats: int) -> tuple[float, float]:
    """Median hands per wall-clock second and per CPU second of this process (the second is
    steadier on a shared machine; with one thread the two agree on an idle one)."""
    rates, cpu_rates = [], []
    for r in range(repeats):
        start, cpu = time.perf_counter(), time.process_time()
        game.simulate(n, policy=policy, seed=r, threads=threads)
        rates.append(n / (time.perf_counter() - start))
        cpu_rates.append(n / max(time.process_time() - cpu, 1e-9))
    return statistics.median(rates), statistics.median(cpu_rates)


def signature(game: Game) -> str:
    records = game.simulate(20_000, policy="heuristic", seed=12345, threads=1)
    return hashlib.sha256(records.array.tobytes()).hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=2_000_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"{args.hands:,} hands per run, median of {args.repeats}")
    for name in ("euchre", "cutthroat-euchre"):
        game = Game(name)
        game.simulate(10_000, policy="random", threads=1)  # warm up
        print(name)
        for policy in ("random", "heuristic"):
            one, one_cpu = hands_per_second(game, args.hands, policy, 1, args.repeats)
            two, _ = hands_per_second(game, args.hands, policy, 2, args.repeats)
            floor = FLOORS.get((name, policy))
            verdict = "" if floor is None else f"   floor {floor:,}: {'ok' if one >= floor else 'BELOW'}"
            print(f"  {policy:<9}  1 thread {one:>11,.0f} hands/s ({one_cpu:>11,.0f} per CPU s)"
                  f"   2 threads {two:>11,.0f} hands/s   speed-up {two / one:.2f}x{verdict}")
        print(f"  signature  {signature(game)}  (20,000 heuristic hands, seed 12345)")


if __name__ == "__main__":
    main()
