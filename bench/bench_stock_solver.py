"""Two-hand pinochle's stock-phase solver (issue 16): CPU seconds of a solve with k stock tricks left.

    PYTHONPATH=src python bench/bench_stock_solver.py --tricks 1 --hands 20
    PYTHONPATH=src python bench/bench_stock_solver.py --tricks 3 --hands 10

Positions: hands dealt from seeds 1000.. (dealer alternating) and played by the heuristic to the
start of the stock trick with ``--tricks`` left; each solved once (its value and every legal
action's).  One line per hand (seconds, stock-phase nodes, trick-play probes at the leaves and the
trick-play nodes they searched), then the median, p90 and max, the probes' and trick-play nodes' totals
(the search's work, steady whatever the load), and a hash of every value (each action's, in order): a change to the
search that keeps its values keeps the hash.  Times are CPU seconds of this process
(``time.process_time``): on a shared machine the wall clock counts the waits for a core.
"""
from __future__ import annotations

import argparse
import hashlib
import statistics
import time

from cardsim import Game
from cardsim.solver.stock import solve_stock


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tricks", type=int, default=2, help="stock tricks left (1..12)")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="the first hand (seed 1000 + first)")
    args = parser.parse_args()
    k = args.tricks
    g = Game("two-hand-pinochle")
    times, nodes, probes, leaf_nodes = [], [], 0, 0
    digest = hashlib.sha256()
    for i in range(args.first, args.first + args.hands):
        hand = g.deal(seed=1000 + i, dealer=i % 2)
        while hand.tricks_played < 12 - k or hand.phase == "meld":
            hand.step("heuristic")
        start = time.process_time()
        answer = solve_stock(hand, stock_tricks=k)
        times.append(time.process_time() - start)
        nodes.append(answer["nodes"])
        probes += answer["probes"]
        leaf_nodes += answer["leaf_nodes"]
        digest.update(repr(sorted(answer["moves"].items())).encode())
        print(f"k={k} hand {i}: {times[-1]:.3f} s, {answer['nodes']} nodes, {answer['probes']} probes, "
              f"{answer['leaf_nodes']} trick-play nodes, rest {answer['rest']}", flush=True)
    times.sort()
    p90 = times[min(len(times) - 1, round(0.9 * (len(times) - 1)))]
    print(f"k={k} hands={len(times)}: median {statistics.median(times):.3f} s, p90 {p90:.3f} s, "
          f"max {times[-1]:.3f} s, median nodes {statistics.median(nodes):.0f}, "
          f"probes {probes}, trick-play nodes {leaf_nodes}, values {digest.hexdigest()[:12]}")


if __name__ == "__main__":
    main()
