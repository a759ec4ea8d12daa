"""Random Cutthroat Pinochle hands: cardsim's batch core against a plain C program doing the same
work (issue 15's target: at least 2x `bench/peers/pin3.c` built with `gcc -O2`), side by side.

    python bench/bench_vs_c.py [--hands N] [--repeats R] [--cc gcc]

`pin3.c` deals 15/15/15 + widow, melds every hand in all four trumps, plays random legal cards
with follow / must-beat / must-trump and counts trick points: a lower bound on the work of
one cardsim hand (which also runs the auction, the widow, the discard and the scoring).
The script compiles it with ``CC -O2`` in a temporary folder (skipped with a message when no
compiler is found), then alternates the C program and
``Game("cutthroat-pinochle", dealer_may_bid=True).simulate(n, policy="random", threads=1)``
R times, and prints the median hands per second of each and their ratio, by wall time (pin3.c's
own timer) and by CPU time (the child's user + system; this process's), the second steadier on
a loaded machine.
"""
from __future__ import annotations

import argparse
import re
import resource
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from cardsim import Game

SOURCE = Path(__file__).resolve().parent / "peers" / "pin3.c"


def c_rate(binary: Path, n: int) -> tuple[float, float]:
    """pin3.c's own hands per (wall) second, and ``n`` over the child's CPU seconds (user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([str(binary), str(n)], check=True, capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    match = re.search(r"hands/s=([0-9.]+)", out)
    if match is None:
        raise SystemExit(f"unexpected output from {binary}: {out!r}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return float(match.group(1)), n / max(cpu, 1e-9)


def cardsim_rate(game: Game, n: int, seed: int) -> tuple[float, float]:
    """Hands per wall second and per CPU second of this process (one thread)."""
    start, cpu = time.perf_counter(), time.process_time()
    game.simulate(n, policy="random", seed=seed, threads=1)
    return n / (time.perf_counter() - start), n / max(time.process_time() - cpu, 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--cc", default="gcc")
    args = parser.parse_args()
    if shutil.which(args.cc) is None:
        print(f"no C compiler {args.cc!r} found: nothing to compare against")
        return
    game = Game("cutthroat-pinochle", dealer_may_bid=True)
    game.simulate(10_000, policy="random", threads=1)  # warm up
    with tempfile.TemporaryDirectory() as scratch:
        binary = Path(scratch) / "pin3"
        subprocess.run([args.cc, "-O2", "-o", str(binary), str(SOURCE)], check=True)
        c_rates, our_rates = [], []
        for r in range(args.repeats):
            c_rates.append(c_rate(binary, args.hands))
            our_rates.append(cardsim_rate(game, args.hands, r))
    print(f"{args.hands:,} random hands per run, one thread, median of {args.repeats} alternating runs")
    for k, what in ((0, "hands/s"), (1, "hands/CPU s")):  # CPU seconds: steadier on a loaded machine
        c, ours = statistics.median(x[k] for x in c_rates), statistics.median(x[k] for x in our_rates)
        print(f"  pin3.c ({args.cc} -O2)   {c:>12,.0f} {what}")
        print(f"  cardsim               {ours:>12,.0f} {what}")
        print(f"  ratio                 {ours / c:>12.2f}x   (target: at least 2x)")


if __name__ == "__main__":
    main()
