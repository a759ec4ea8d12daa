"""Two threads against one, every batch workload of bench/side_by_side.py (issue 15's target: two
threads at least 1.9x one thread, hands per wall second, with the hands per CPU second quoted).

    python bench/thread_scaling.py [--threads 2] [--repeats 5] [--scale 1.0] [WORKLOAD ...]

Each workload runs in a fresh process per run (side_by_side.run_child), one thread and T threads
alternating run by run so that both see the same machine load; printed per workload: the median
items per wall second with 1 and T threads and their ratio (the target), and the items per CPU
second of each (the cost of the threads: equal on an idle machine when nothing is shared).  Run it
on an idle machine: a neighbour on one of the two cores halves the T-thread figure.
"""
from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from side_by_side import WORKLOADS, run_child

HERE = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("workloads", nargs="*", choices=[[], *WORKLOADS], default=[],
                        help="workloads (default: every one)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every workload's items by this")
    args = parser.parse_args()
    if args.threads < 2 or args.repeats < 1 or args.scale <= 0:
        parser.error("--threads must be at least 2, --repeats at least 1, --scale positive")
    names = args.workloads or list(WORKLOADS)
    t = args.threads
    print(f"{'workload':32} {'1 thread /s':>13} {f'{t} threads /s':>13} {'wall x':>7} "
          f"{'CPU/s 1':>11} {f'CPU/s {t}':>11}")
    for name in names:
        statement, items, unit = WORKLOADS[name]
        n = max(1, int(items * args.scale))
        many = statement.replace("threads=1", f"threads={t}")
        one_runs, many_runs = [], []
        for _ in range(args.repeats):
            one_runs.append(run_child(HERE, statement, n))
            many_runs.append(run_child(HERE, many, n))
        wall1 = statistics.median(r[1] for r in one_runs)
        wallt = statistics.median(r[1] for r in many_runs)
        cpu1 = statistics.median(r[0] for r in one_runs)
        cput = statistics.median(r[0] for r in many_runs)
        print(f"{name:32} {wall1:13,.0f} {wallt:13,.0f} {wallt / wall1:7.2f} {cpu1:11,.0f} {cput:11,.0f}"
              f"  ({unit})", flush=True)


if __name__ == "__main__":
    main()
