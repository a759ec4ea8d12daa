"""Throughput of the Cutthroat Pinochle core through the batch API.

    python bench/bench_cutthroat_pinochle.py [--hands N] [--repeats R] [--clock cpu]

Prints hands per second (median of R runs) for random and heuristic players on
one thread and on two, the two-thread speed-up, meld evaluations per second, and
a signature: a checksum of the records of a fixed workload, which changes when
any rule or player behaviour changes (compare it across commits).
"""
from __future__ import annotations

import argparse
import hashlib
import statistics
import time

import numpy as np

from cardsim import Game, _core
from cardsim.cards import PINOCHLE


def hands_per_second(game: Game, n: int, policy: str, threads: int, repeats: int,
                     clock=time.perf_counter) -> float:
    """Median hands per second of ``clock`` (wall, or CPU time with --clock cpu)."""
    rates = []
    for r in range(repeats):
        start = clock()
        game.simulate(n, policy=policy, seed=r, threads=threads)
        rates.append(n / (clock() - start))
    return statistics.median(rates)


def random_hands(n: int, seed: int) -> np.ndarray:
    """``n`` random 15-card pinochle hands as masks."""
    rng = np.random.default_rng(seed)
    bits = np.array([b for b in range(64) if PINOCHLE.full_mask >> b & 1], dtype=np.uint64)
    order = np.argsort(rng.random((n, 48)), axis=1)[:, :15]
    return np.bitwise_or.reduce(np.left_shift(np.uint64(1), bits[order]), axis=1)


def meld_evals_per_second(game: Game, repeats: int) -> float:
    hands = random_hands(200_000, 7)
    hands = np.tile(hands, 25)  # 5,000,000 evaluations per run
    trumps = (np.arange(len(hands)) % 4).astype(np.int8)
    out = np.empty(len(hands), dtype=np.int32)
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        _core.pinochle_meld_many(hands, trumps, game.rules, out, 1)
        rates.append(len(hands) / (time.perf_counter() - start))
    return statistics.median(rates)


def signature(game: Game) -> str:
    records = game.simulate(20_000, policy="heuristic", seed=12345, threads=1)
    return hashlib.sha256(records.array.tobytes()).hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=500_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="cpu: one-thread rates per CPU second (steadier on a shared machine)")
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    game = Game("cutthroat-pinochle")
    game.simulate(10_000, policy="random", threads=1)  # warm up
    print(f"cutthroat-pinochle, {args.hands:,} hands per run, median of {args.repeats}, {args.clock} clock for 1 thread")
    for policy in ("random", "heuristic"):
        one = hands_per_second(game, args.hands, policy, 1, args.repeats, clock)
        one_wall = one if args.clock == "wall" else hands_per_second(game, args.hands, policy, 1, args.repeats)
        two = hands_per_second(game, args.hands, policy, 2, args.repeats)
        print(f"  {policy:<9}  1 thread {one:>12,.0f} hands/s ({args.clock})   2 threads {two:>12,.0f} hands/s (wall)"
              f"   speed-up {two / one_wall:.2f}x (wall)")
    print(f"  meld       1 thread {meld_evals_per_second(game, args.repeats):>12,.0f} (hand, trump) evaluations/s")
    print(f"  signature  {signature(game)}  (20,000 heuristic hands, seed 12345)")


if __name__ == "__main__":
    main()
