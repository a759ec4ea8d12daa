"""Throughput of exact uniform constrained dealing (the core's module _constrained_deal).

    python bench/bench_constrained_deal.py [--deals N] [--repeats R]

For each typical case (the hidden cards of a resample or a conditioned bid-odds trial)
prints deals per second on one thread and on two (median of R batches of N deals, each
deal from its own stream), the same for a plain shuffle of the same number of cards into
the same places (the baseline: what a deal costs today), and the cost of one plan
(checking the input and counting, through the Python entry; engines prepare from C).
"""
from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from cardsim import _core


def places_mask(*places: int) -> int:
    return sum(1 << p for p in places)


def case(groups: list[tuple[int, int]], capacities: list[int]) -> tuple[list[int], list[int], list[int]]:
    """Cards from (count, allowed mask) groups, numbered 0.., and the capacities."""
    allowed = [m for count, m in groups for _ in range(count)]
    return list(range(len(allowed))), allowed, capacities


EVERY3, EVERY4 = places_mask(0, 1, 2), places_mask(0, 1, 2, 3)
CASES = {
    # after trick 1 of a 4-seat euchre hand, seat 0's view: seats 1-3 hold 4 each, kitty 3;
    # seat 2 (place 1) showed out of hearts, seat 3 (place 2) out of clubs
    "euchre resample, 2 voids (15 cards: 4+4+4, kitty 3)": case(
        [(4, places_mask(0, 2, 3)), (4, places_mask(0, 1, 3)), (7, EVERY4)], [4, 4, 4, 3]),
    # cutthroat pinochle, the player's 15 known, 3 cards of the left opponent known (melded):
    # 30 hidden into the left (12), the right (15) and the widow (3); the right void in hearts
    "cutthroat pinochle, a void, 3 known (30 cards: 12+15, widow 3)": case(
        [(9, places_mask(0, 2)), (21, EVERY3)], [12, 15, 3]),
    # partnership spades after 4 tricks, seat 0's view: 27 hidden, 9 each;
    # seat 1 out of hearts, seat 3 (place 2) out of diamonds
    "spades after 4 tricks, 2 voids (27 cards: 9+9+9)": case(
        [(8, places_mask(1, 2)), (7, places_mask(0, 1)), (12, EVERY3)], [9, 9, 9]),
    # a deal with a void at every seat but one, the three sharing the others
    "spades, 3 voids (39 cards: 13+13+13)": case(
        [(8, places_mask(1, 2)), (9, places_mask(0, 2)), (10, places_mask(0, 1)), (12, EVERY3)], [13, 13, 13]),
    "unconstrained euchre (18 cards: 5+5+5, kitty 3)": case([(18, EVERY4)], [5, 5, 5, 3]),
    "unconstrained spades bid odds (39 cards: 13+13+13)": case([(39, EVERY3)], [13, 13, 13]),
    "unconstrained full deal (52 cards: 4 x 13)": case([(52, places_mask(0, 1, 2, 3))], [13, 13, 13, 13]),
}


def rate(fill, n: int, repeats: int, threads: int) -> tuple[float, float]:
    """Median deals per wall-clock second and per CPU second of this process (the second is
    steadier on a shared machine; on one thread the two agree on an idle one)."""
    times, cpu = [], []
    for r in range(repeats):
        start, cpu_start = time.perf_counter(), time.process_time()
        fill(r, threads)
        times.append(time.perf_counter() - start)
        cpu.append(max(time.process_time() - cpu_start, 1e-9))
    return n / statistics.median(times), n / statistics.median(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    n = args.deals
    print(f"{n:,} deals per batch, median of {args.repeats}; deals/s (wall, and per CPU second)")
    for name, (cards, allowed, capacities) in CASES.items():
        out = np.empty((n, len(cards)), dtype=np.int8)

        def constrained(seed: int, threads: int) -> None:
            _core.constrained_deals(cards, allowed, capacities, seed, 0, out, threads)

        def plain(seed: int, threads: int) -> None:
            _core.plain_deals(capacities, seed, 0, out, threads)

        constrained(99, 1)
        plain(99, 1)  # warm up
        (one, one_cpu), (two, _) = rate(constrained, n, args.repeats, 1), rate(constrained, n, args.repeats, 2)
        base, base_cpu = rate(plain, n, args.repeats, 1)
        plans = 2000
        start = time.perf_counter()
        for _ in range(plans):
            total = _core.constrained_deal_count(cards, allowed, capacities)
        plan_us = (time.perf_counter() - start) / plans * 1e6
        print(f"{name}\n  {total:.4g} consistent deals; plan {plan_us:.1f} us"
              f"\n  constrained 1 thread {one:>11,.0f} ({one_cpu:>11,.0f} per CPU s)  2 threads {two:>11,.0f}"
              f"\n  plain shuffle        {base:>11,.0f} ({base_cpu:>11,.0f} per CPU s)"
              f"  constrained/plain per CPU s {one_cpu / base_cpu:.2f}")


if __name__ == "__main__":
    main()
