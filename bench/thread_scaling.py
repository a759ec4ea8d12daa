"""Two threads against one, every batch workload of bench/side_by_side.py (issue 15's target: two
threads at least 1.9x one thread, hands per wall second, with the hands per CPU second quoted).

    python bench/thread_scaling.py [--threads 2] [--repeats 5] [--scale 1.0] [--in-process [--per-core] [--control]]
                                   [WORKLOAD ...]

Each workload runs in a fresh process per run (side_by_side.run_child), one thread and T threads
alternating run by run so that both see the same machine load; with ``--in-process`` one process
per workload runs it ``--repeats`` times with each thread count, alternating, after one warm run of
each (no process start, import or first-touch page faults inside a run: single rows swing by 0.1-0.3
between fresh processes on a shared host, much less in process).  Printed per workload: the median
items per wall second with 1 and T threads and their ratio (the target), and the items per CPU
second of each (the cost of the threads: equal on an idle machine when nothing is shared).  Run it
on an idle machine: a neighbour on one of the two cores halves the T-thread figure.

``--per-core`` (with ``--in-process``): the one-thread runs are pinned to each core in turn
(``os.sched_setaffinity`` of the calling thread; the T-thread runs are not pinned), and a last
column divides the T-thread wall rate by the mean of the cores' one-thread rates.  On this kind of
shared virtual machine one core at times runs 10-25% slower than the other for minutes (two
one-thread processes at once: 344,000 and 275,000 euchre bid trials a second); an unpinned
one-thread run then lands on either core, while the T-thread run always has the slow one, so the
plain ratio moves by 0.2-0.3 between passes.  The last column compares T threads with what the
machine's cores gave one thread in the same minutes.

``--control`` (with ``--in-process``): after each repeat, ``bench/peers/pin3.c`` (built here with
``gcc -O2``: a plain C loop of the same kind of work, no threads, nothing shared) runs once alone
and then as T processes at once; "machine x" is the median of the T processes' summed rate over the
lone one's.  It is the ratio this machine gives at that time to work that shares nothing, the
ceiling for any threaded batch: on the 2-core development VM it moved between 1.53 and 2.21 in
one five-minute pass (stop 30), which is the spread of every row's "wall x".
"""
from __future__ import annotations

import argparse
import statistics
from pathlib import Path

import json
import os
import shutil
import subprocess
import sys
import tempfile

from side_by_side import WORKLOADS, run_child

HERE = Path(__file__).resolve().parents[1]
CONTROL_SOURCE = HERE / "bench" / "peers" / "pin3.c"
CONTROL_HANDS = 150_000     # about 0.3 s of pin3.c

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
import os
cores = sorted(os.sched_getaffinity(0)) if {per_core} else []
runs = {{1: [], {t}: []}}
by_core = {{c: [] for c in cores}}
machine = []
for _ in range({repeats}):
    for c in cores:             # one thread pinned to each core in turn, then T threads unpinned
        os.sched_setaffinity(0, {{c}})
        by_core[c].append(once(1))
        runs[1].append(by_core[c][-1])
    if cores:
        os.sched_setaffinity(0, set(cores))
    else:
        runs[1].append(once(1))
    runs[{t}].append(once({t}))
    if {control!r}:             # the machine's own ratio now: one pin3.c process, then {t} at once
        import re, subprocess
        def rates(k):
            procs = [subprocess.Popen([{control!r}, "{control_hands}"], stdout=subprocess.PIPE, text=True)
                     for _ in range(k)]
            return [float(re.search(r"hands/s=([0-9.]+)", p.communicate()[0]).group(1)) for p in procs]
        solo = rates(1)[0]
        machine.append(sum(rates({t})) / solo)
print(json.dumps([runs[1], runs[{t}], [by_core[c] for c in cores], machine]))
"""


def run_alternating(statement: str, n: int, threads: int, repeats: int, per_core: bool = False,
                    control: str | None = None) -> tuple[list, list, list, list]:
    """Each run's (items per CPU second, per wall second) with one thread and with ``threads``,
    (``per_core``) the one-thread runs of each core, and (``control``: a built pin3.c) the
    machine's own ratio after each repeat: ``threads`` pin3.c processes at once against one."""
    code = ALTERNATING.format(n=n, t=threads, repeats=repeats, per_core=per_core, control=control,
                              control_hands=CONTROL_HANDS,
                              statement=statement.replace("threads=1", "threads=threads"))
    env = {**os.environ, "PYTHONPATH": str(HERE / "src")}
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=HERE, check=True, capture_output=True,
                         text=True).stdout
    one, many, cores, machine = json.loads(out.strip().splitlines()[-1])
    return one, many, cores, machine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("workloads", nargs="*", choices=[[], *WORKLOADS], default=[],
                        help="workloads (default: every one)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every workload's items by this")
    parser.add_argument("--in-process", action="store_true",
                        help="time every run of a workload in one process (both thread counts alternating)")
    parser.add_argument("--per-core", action="store_true",
                        help="with --in-process: pin the one-thread runs to each core in turn; a last column "
                             "divides the T-thread rate by the mean of the cores' one-thread rates")
    parser.add_argument("--control", action="store_true",
                        help="with --in-process: after each repeat, T pin3.c processes at once against one "
                             "(built here with gcc -O2): the machine's own ratio in the same minutes")
    args = parser.parse_args()
    if (args.per_core or args.control) and not args.in_process:
        parser.error("--per-core and --control need --in-process")
    control = None
    if args.control:
        if shutil.which("gcc") is None:
            parser.error("--control needs gcc")
        scratch = tempfile.mkdtemp(prefix="thread_scaling_")
        control = str(Path(scratch) / "pin3")
        subprocess.run(["gcc", "-O2", "-o", control, str(CONTROL_SOURCE)], check=True)
    if args.threads < 2 or args.repeats < 1 or args.scale <= 0:
        parser.error("--threads must be at least 2, --repeats at least 1, --scale positive")
    names = args.workloads or list(WORKLOADS)
    t = args.threads
    print(f"{'workload':32} {'1 thread /s':>13} {f'{t} threads /s':>13} {'wall x':>7} "
          f"{'CPU/s 1':>11} {f'CPU/s {t}':>11}" + (f" {'core rates /s':>21} {'x cores':>7}" if args.per_core else "")
          + (f" {'machine x':>9}" if control else ""))
    for name in names:
        statement, items, unit = WORKLOADS[name]
        n = max(1, int(items * args.scale))
        many = statement.replace("threads=1", f"threads={t}")
        one_runs, many_runs, core_runs, machine = [], [], [], []
        if args.in_process:
            one_runs, many_runs, core_runs, machine = run_alternating(statement, n, t, args.repeats, args.per_core,
                                                                      control)
        for _ in range(0 if args.in_process else args.repeats):
            one_runs.append(run_child(HERE, statement, n))
            many_runs.append(run_child(HERE, many, n))
        wall1 = statistics.median(r[1] for r in one_runs)
        wallt = statistics.median(r[1] for r in many_runs)
        cpu1 = statistics.median(r[0] for r in one_runs)
        cput = statistics.median(r[0] for r in many_runs)
        cores = ""
        if core_runs:
            rates = [statistics.median(r[1] for r in runs) for runs in core_runs]
            cores = f" {' / '.join(f'{r:,.0f}' for r in rates):>21} {wallt / statistics.mean(rates):7.2f}"
        if machine:
            cores += f" {statistics.median(machine):9.2f}"
        print(f"{name:32} {wall1:13,.0f} {wallt:13,.0f} {wallt / wall1:7.2f} {cpu1:11,.0f} {cput:11,.0f}{cores}"
              f"  ({unit})", flush=True)


if __name__ == "__main__":
    main()
