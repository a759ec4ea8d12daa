"""Batch throughput of this checkout against another (the previous main), side by side in one run.

    python bench/side_by_side.py --baseline-ref main~1 [--repeats 5] [--scale 1.0] [WORKLOAD ...]
    python bench/side_by_side.py --baseline /path/to/other/checkout     # already built in place

Every workload (a batch of hands, of whole games or of bid-odds trials) runs in a fresh
process per tree, the two trees alternating run by run so that both see the same machine
load; each figure is the median over the repeats of items per CPU second of the child
process (steadier than wall time on a shared machine; with one thread the two agree on an
idle one) and the wall figure beside it.  ``--baseline-ref REF`` checks REF out into a
temporary git worktree and builds its extensions there first (about a minute).

The ratio column is new / baseline: above 1 the checkout is faster.  Use it for the
"batch figures do not fall" checks of the issues; quote the medians, not one run.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

# name -> (python statement run in the child with `n` items; items, unit); the child times it
WORKLOADS: dict[str, tuple[str, int, str]] = {
    "cutthroat-pinochle/random": ("Game('cutthroat-pinochle', dealer_may_bid=True).simulate(n, policy='random', threads=1)", 400_000, "hands"),
    "cutthroat-pinochle/heuristic": ("Game('cutthroat-pinochle').simulate(n, policy='heuristic', threads=1)", 100_000, "hands"),
    "partnership-pinochle/random": ("Game('partnership-pinochle').simulate(n, policy='random', threads=1)", 200_000, "hands"),
    "partnership-pinochle/heuristic": ("Game('partnership-pinochle').simulate(n, policy='heuristic', threads=1)", 50_000, "hands"),
    "two-hand-pinochle/heuristic": ("Game('two-hand-pinochle').simulate(n, policy='heuristic', threads=1)", 50_000, "hands"),
    "euchre/random": ("Game('euchre').simulate(n, policy='random', threads=1)", 1_000_000, "hands"),
    "euchre/heuristic": ("Game('euchre').simulate(n, policy='heuristic', threads=1)", 400_000, "hands"),
    "cutthroat-euchre/heuristic": ("Game('cutthroat-euchre').simulate(n, policy='heuristic', threads=1)", 200_000, "hands"),
    "spades/random": ("Game('spades').simulate(n, policy='random', threads=1)", 500_000, "hands"),
    "spades/heuristic": ("Game('spades').simulate(n, policy='heuristic', threads=1)", 200_000, "hands"),
    "cutthroat-spades/heuristic": ("Game('cutthroat-spades').simulate(n, policy='heuristic', threads=1)", 200_000, "hands"),
    "spades/games": ("Game('spades').simulate(n, policy='heuristic', threads=1, unit='game')", 5_000, "games"),
    "bid/cutthroat-pinochle": ("bid_odds('cutthroat-pinochle', 'AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D', trials=n, threads=1)", 20_000, "trials"),
    "bid/euchre": ("bid_odds('euchre', 'JH JD AH KS 9C', upcard='9H', dealer=3, trials=n, threads=1)", 20_000, "trials"),
}

CHILD = """
import json, sys, time
from cardsim import Game, bid_odds
n = {n}
{warm}
cpu, wall = time.process_time(), time.perf_counter()
{statement}
print(json.dumps([n / max(time.process_time() - cpu, 1e-9), n / max(time.perf_counter() - wall, 1e-9)]))
"""


def run_child(tree: Path, statement: str, n: int) -> tuple[float, float]:
    """Items per CPU second and per wall second of one run of ``statement`` under ``tree``."""
    warm = statement.replace("(n,", "(max(n // 50, 100),").replace("trials=n", "trials=max(n // 50, 100)")
    code = CHILD.format(n=n, warm=warm, statement=statement)
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=tree, check=True,
                         capture_output=True, text=True).stdout
    cpu_rate, wall_rate = json.loads(out.strip().splitlines()[-1])
    return float(cpu_rate), float(wall_rate)


def build_baseline(ref: str, where: Path) -> Path:
    """A worktree of ``ref`` with its extensions built in place."""
    tree = where / "baseline"
    subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", "-q", str(tree), ref], check=True)
    print(f"building {ref} in {tree} ...", flush=True)
    subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace", "-q"], cwd=tree, check=True,
                   stdout=subprocess.DEVNULL)
    return tree


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--baseline", type=Path, help="another checkout, built in place")
    group.add_argument("--baseline-ref", help="a git revision to check out and build (e.g. main~1)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every workload's size")
    parser.add_argument("workloads", nargs="*", default=list(WORKLOADS), help=f"default: all of {', '.join(WORKLOADS)}")
    args = parser.parse_args()
    unknown = [w for w in args.workloads if w not in WORKLOADS]
    if unknown:
        parser.error(f"unknown workload {unknown[0]!r}; choose from {', '.join(WORKLOADS)}")
    with tempfile.TemporaryDirectory() as scratch:
        base = args.baseline.resolve() if args.baseline else build_baseline(args.baseline_ref, Path(scratch))
        try:
            print(f"new: {HERE}\nbaseline: {base}\nmedian of {args.repeats} alternating runs, one thread\n")
            print(f"{'workload':<32}{'baseline /CPU s':>17}{'new /CPU s':>14}{'ratio':>8}{'baseline wall':>15}{'new wall':>12}")
            for name in args.workloads:
                statement, size, unit = WORKLOADS[name]
                n = max(int(size * args.scale), 100)
                runs: dict[str, list[tuple[float, float]]] = {"base": [], "new": []}
                for _ in range(args.repeats):
                    runs["base"].append(run_child(base, statement, n))
                    runs["new"].append(run_child(HERE, statement, n))
                b_cpu, n_cpu = (statistics.median(r[0] for r in runs[k]) for k in ("base", "new"))
                b_wall, n_wall = (statistics.median(r[1] for r in runs[k]) for k in ("base", "new"))
                print(f"{name:<32}{b_cpu:>17,.0f}{n_cpu:>14,.0f}{n_cpu / b_cpu:>8.2f}{b_wall:>15,.0f}{n_wall:>12,.0f}"
                      f"  {unit}/s, n={n:,}", flush=True)
        finally:
            if args.baseline_ref:
                subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(base)], check=False)


if __name__ == "__main__":
    main()
