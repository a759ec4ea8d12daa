#!/usr/bin/env python3
"""Instruction counts of the bench workloads of every game in two or more built checkouts, side by side
(issue 10: is a cheaper compile, -O2 or fewer modules, any slower in the hot loops?).

    python scripts/callgrind_trees.py /tmp/old /tmp/new                 # every workload
    python scripts/callgrind_trees.py /tmp/old /tmp/new --only euchre/heuristic --scale 2
    python scripts/callgrind_trees.py /tmp/old /tmp/new --json counts.json

Each TREE is a checkout built in place (``python setup.py build_ext --inplace``).  Every workload
(random and heuristic batches of every game, plain and conditioned bid odds of every game, solver
players: oracle and PIMC batches) runs once per tree under valgrind's callgrind, a small warm-up
outside the measurement and then N hands (or trials) collected inside the batches' OpenMP worker
functions only, as scripts/profile_callgrind.py does.  Printed: instructions a hand (or trial) in
each tree and the ratio to the first tree; ``--top`` also prints, per workload, the core functions
whose exclusive counts differ most.  Counts are deterministic (fixed seeds, one thread), so they
hold under any load.  Needs valgrind.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from bench_conditioned_odds import CASES  # noqa: E402  (the conditioned-odds bench's hands and conditions)

SIM = {  # name -> (Game(...) arguments, policy, hands)
    "cutthroat-pinochle/random": ("'cutthroat-pinochle', dealer_may_bid=True", "random", 3000),
    "cutthroat-pinochle/heuristic": ("'cutthroat-pinochle'", "heuristic", 2000),
    "partnership-pinochle/random": ("'partnership-pinochle'", "random", 3000),
    "partnership-pinochle/heuristic": ("'partnership-pinochle'", "heuristic", 2000),
    "two-hand-pinochle/random": ("'two-hand-pinochle'", "random", 3000),
    "two-hand-pinochle/heuristic": ("'two-hand-pinochle'", "heuristic", 2000),
    "euchre/random": ("'euchre'", "random", 5000),
    "euchre/heuristic": ("'euchre'", "heuristic", 5000),
    "cutthroat-euchre/heuristic": ("'cutthroat-euchre'", "heuristic", 5000),
    "spades/random": ("'spades'", "random", 3000),
    "spades/heuristic": ("'spades'", "heuristic", 3000),
    "cutthroat-spades/heuristic": ("'cutthroat-spades'", "heuristic", 3000),
    "spades/games": ("'spades'", "heuristic", 100),  # whole games (spades.games), hands= games
    "euchre/games": ("'euchre'", "heuristic", 200),   # whole games through the _games driver
    "euchre/oracle": ("'euchre'", "oracle", 100),      # the solver (solver._solver) in a batch
    "spades/oracle8": ("'spades'", "oracle(tricks=8)", 20),
    "euchre/pimc": ("'euchre'", "pimc(worlds=4)", 10),  # PIMC, solver evaluation (solver._pimc)
    "spades/pimc": ("'spades'", "pimc(worlds=4)", 5),   # PIMC, play-out evaluation
    "euchre/pimc-playout": ("'euchre'", "pimc(worlds=4,eval=playout)", 50),  # euchre play-outs (the engine's, called)
    "spades/pimc-bids": ("'spades'", "pimc(worlds=4,bids=pimc)", 10),    # PIMC bids (spades play-outs per bid)
    "cutthroat-pinochle/pimc": ("'cutthroat-pinochle'", "pimc(worlds=4)", 20),  # pinochle PIMC play-outs
    "partnership-pinochle/pimc": ("'partnership-pinochle'", "pimc(worlds=4)", 20),
}

def workloads() -> dict[str, tuple[str, str, int]]:
    """name -> (set-up code, the measured statement with {n} to fill, N)."""
    out: dict[str, tuple[str, str, int]] = {}
    for name, (game, policy, n) in SIM.items():
        unit = ", unit='game'" if name.endswith("/games") else ""
        out[name] = (f"game = Game({game})", f"game.simulate({{n}}, policy={policy!r}, threads=1{unit})", n)
    for game, (cards, context, known, _auction) in CASES.items():
        for kind, extra in (("plain", {}), ("known", known)):
            ctx = {**context, **extra}
            out[f"bid/{game}/{kind}"] = ("", f"bid_odds({game!r}, {cards!r}, trials={{n}}, threads=1, **{ctx!r})",
                                         300 if "pinochle" in game else 1000)
    return out


# The child dumps callgrind's counters after each workload (a client request, from a tiny C library
# built on the fly), so that one process per tree runs every workload and Python starts once.
DUMP_C = '#include <valgrind/callgrind.h>\nvoid cg_dump(const char* s) { CALLGRIND_DUMP_STATS_AT(s); }\n'
CHILD = """
import ctypes
from cardsim import Game, bid_odds
dump = ctypes.CDLL({lib!r}).cg_dump
for name, setup, stmt, warm, n in {jobs!r}:
    exec(setup)
    exec(stmt.replace("{{n}}", str(warm)))
    dump(b"skip")
    exec(stmt.replace("{{n}}", str(n)))
    dump(name.encode())
"""


def demangle(symbol: str) -> str:
    match = re.match(r"__pyx_[a-z]+_7cardsim_(\d+)", symbol)
    if not match:
        return symbol
    start = match.end()
    return symbol[start:start + int(match.group(1))] + "." + re.sub(r"^_\d*", "", symbol[start + int(match.group(1)):])


def annotate(path: Path) -> tuple[int, dict[str, int]]:
    text = subprocess.run(["callgrind_annotate", "--auto=no", "--inclusive=no", "--threshold=100", str(path)],
                          check=True, capture_output=True, text=True).stdout
    total = re.search(r"^\s*([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS", text, re.M)
    funcs: dict[str, int] = {}
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(\S+?):(\S+) \[(.*)\]", line)
        if m and "cardsim" in m.group(4):
            funcs[demangle(m.group(3))] = funcs.get(demangle(m.group(3)), 0) + int(m.group(1).replace(",", ""))
    return (int(total.group(1).replace(",", "")) if total else 0), funcs


def run(tree: Path, jobs: list[tuple[str, str, str, int, int]], scratch: Path) -> dict[str, tuple[int, dict[str, int]]]:
    """Every job under callgrind in one process: name -> (total instructions, exclusive per core function)."""
    lib = scratch / "cgdump.so"
    if not lib.exists():
        (scratch / "cgdump.c").write_text(DUMP_C)
        subprocess.run(["cc", "-shared", "-fPIC", "-O1", str(scratch / "cgdump.c"), "-o", str(lib)], check=True)
    outdir = Path(tempfile.mkdtemp(dir=scratch))
    out = outdir / "callgrind.out"
    env = {**os.environ, "PYTHONPATH": str(tree.resolve() / "src"), "OMP_NUM_THREADS": "1"}  # (cwd is a scratch folder)
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--collect-atstart=no",
                    "--toggle-collect=*_omp_fn*", sys.executable, "-c", CHILD.format(lib=str(lib), jobs=jobs)],
                   env=env, check=True, stderr=subprocess.PIPE if not os.environ.get("CG_VERBOSE") else None, cwd=outdir)
    dumps = sorted(outdir.glob("callgrind.out.*"), key=lambda p: int(p.suffix[1:]))
    assert len(dumps) == 2 * len(jobs), (len(dumps), len(jobs))
    return {job[0]: annotate(dump) for job, dump in zip(jobs, dumps[1::2])}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs="+", type=Path, help="checkouts built in place; ratios are to the first")
    parser.add_argument("--only", action="append", help="this workload only (repeatable; a prefix matches)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every workload's N")
    parser.add_argument("--top", type=int, default=0, help="print the K functions whose counts differ most")
    parser.add_argument("--json", type=Path, help="write the counts here")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind not found: install it (Debian: apt-get install valgrind)")
    jobs = []
    for name, (setup, stmt, n) in workloads().items():
        if args.only and not any(name.startswith(o) for o in args.only):
            continue
        n = max(1, int(n * args.scale))
        jobs.append((name, setup, stmt, max(1, n // 10), n))
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(len(args.trees)) as pool:
        results = list(pool.map(lambda tree: run(tree, jobs, Path(tmp)), args.trees))
    found: dict[str, list[int]] = {}
    print(f"{'instructions a hand (trial)':36s} " + "  ".join(f"{t.name:>14s}" for t in args.trees) + "  ratios to the first")
    for name, _setup, _stmt, _warm, n in jobs:
        got = [r[name] for r in results]
        per = [g[0] / n for g in got]
        found[name] = [g[0] for g in got]
        ratios = "  ".join(f"{p / per[0]:7.4f}" for p in per[1:])
        print(f"{name:36s} {'  '.join(f'{p:>14,.0f}' for p in per)}  {ratios}  (N={n})", flush=True)
        if args.top and len(got) > 1:
            base, other = got[0][1], got[-1][1]
            keys = sorted(set(base) | set(other), key=lambda k: -abs(other.get(k, 0) - base.get(k, 0)))
            for key in keys[:args.top]:
                print(f"    {key:60s} {base.get(key, 0) / n:>12,.0f} {other.get(key, 0) / n:>12,.0f}")
    if args.json:
        args.json.write_text(json.dumps({"trees": [str(t) for t in args.trees], "counts": found}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
