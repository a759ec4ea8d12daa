"""Two threads against one, every batch workload of bench/side_by_side.py (issue 15's target: two
threads at least 1.9x one thread, hands per wall second, with the hands per CPU second quoted).

    python bench/thread_scaling.py [--threads 2] [--repeats 5] [--scale 1.0] [--in-process] [WORKLOAD ...]

Each workload runs in a fresh process per run (side_by_side.run_child), one thread and T threads
alternating run by run so that both see the same machine load; with ``--in-process`` one process
per workload runs it ``--repeats`` times with each thread count, alternating, after one warm run of
each (no process start, import or first-touch page faults inside a run: single rows swing by 0.1-0.3
between fresh processes on a shared host, much less in process).  Printed per workload: the median
items per wall second with 1 and T threads and their ratio (the target), and the items per CPU
second of each (the cost of the threads: equal on an idle machine when nothing is shared).  Run it
on an idle machine: a neighbour on one of the two cores halves the T-thread figure.
"""
from __future__ import annotations

import argparse
import statistics
from pathlib import Path

import json
import os
import subprocess
import sys

from side_by_side import WORKLOADS, run_child

HERE = Path(__file__).resolve().parents[1]

# one process, both thread counts alternating; prints [[cpu rate, wall rate] of each run] per thread count
ALTERNATING = """
import json, time
from cardsim import Game, bid_odds
n = {n}
def once(threads):
    cpu, wall = time.process_time(), time.perf_counter()
    {statement}
    return [n / max(time.process_time() - cpu, 1e-9), n / max(time.perf_counter() - wall, 1e-9)]
once(1), once({t})
runs = {{1: [], {t}: []}}
for _ in range({repeats}):
    for threads in (1, {t}):
        runs[threads].append(once(threads))
print(json.dumps([runs[1], runs[{t}]]))
"""


def run_alternating(statement: str, n: int, threads: int, repeats: int) -> tuple[list, list]:
    """Each run's (items per CPU second, per wall second) with one thread and with ``threads``."""
    code = ALTERNATING.format(n=n, t=threads, repeats=repeats,
                              statement=statement.replace("threads=1", "threads=threads"))
    env = {**os.environ, "PYTHONPATH": str(HERE / "src")}
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=HERE, check=True, capture_output=True,
                         text=True).stdout
    one, many = json.loads(out.strip().splitlines()[-1])
    return one, many


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("workloads", nargs="*", choices=[[], *WORKLOADS], default=[],
                        help="workloads (default: every one)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every workload's items by this")
    parser.add_argument("--in-process", action="store_true",
                        help="time every run of a workload in one process (both thread counts alternating)")
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
        if args.in_process:
            one_runs, many_runs = run_alternating(statement, n, t, args.repeats)
        for _ in range(0 if args.in_process else args.repeats):
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
