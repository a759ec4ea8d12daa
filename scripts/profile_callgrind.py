"""Where the core's time goes: run one batch workload under valgrind's callgrind and print the
functions with the most instructions (issue 15: profiles the next person can rerun).

    python scripts/profile_callgrind.py [WORKLOAD] [--hands N] [--top K] [--keep FILE] [--branches] [--tree DIR]

WORKLOAD is one of the names below (default ``cutthroat-pinochle/random``; ``bid/...`` runs
bid-odds trials, ``--hands`` of them).  ``--branches`` adds callgrind's branch simulation
(conditional branches and simulated mispredictions a hand: the figure that explains a
workload with fewer instructions but more time); ``--tree`` profiles another checkout built
in place (an old main, side by side).  The workload runs
once small outside the measurement (imports, first-call set-up) and then ``--hands`` more under
``--toggle-collect`` of the batch entry point only, so the counts are the core's, not Python's
start-up.  Prints instructions per hand and the top functions by inclusive and exclusive
instruction counts (``callgrind_annotate``); ``--keep`` saves the raw ``callgrind.out`` for
KCachegrind.  Needs the ``valgrind`` package (Debian: ``apt-get install valgrind``).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WORKLOADS = {  # name -> (Game(...) arguments, policy)
    "cutthroat-pinochle/random": ("'cutthroat-pinochle', dealer_may_bid=True", "random"),
    "cutthroat-pinochle/heuristic": ("'cutthroat-pinochle'", "heuristic"),
    "partnership-pinochle/random": ("'partnership-pinochle'", "random"),
    "two-hand-pinochle/heuristic": ("'two-hand-pinochle'", "heuristic"),
    "euchre/random": ("'euchre'", "random"),
    "euchre/heuristic": ("'euchre'", "heuristic"),
    "spades/random": ("'spades'", "random"),
    "spades/heuristic": ("'spades'", "heuristic"),
    "cutthroat-spades/heuristic": ("'cutthroat-spades'", "heuristic"),
    "cutthroat-euchre/heuristic": ("'cutthroat-euchre'", "heuristic"),
    "partnership-pinochle/heuristic": ("'partnership-pinochle'", "heuristic"),
}

ODDS = {  # name -> bid_odds(...) arguments: ``--hands`` counts trials
    "bid/cutthroat-pinochle": "'cutthroat-pinochle', 'AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D'",
    "bid/euchre": "'euchre', 'JH JD AH KS 9C', upcard='9H', dealer=3",
    "bid/partnership-pinochle": "'partnership-pinochle', 'AS TS KS QS JS 9S AH AD KH QH JD QC'",
}

ODDS_CHILD = """
from cardsim import bid_odds
bid_odds({args}, trials=1000, threads=1)
bid_odds({args}, trials={n}, threads=1)
"""

CHILD = """
from cardsim import Game
game = Game({game})
game.simulate(1000, policy={policy!r}, threads=1)
game.simulate({n}, policy={policy!r}, threads=1)
"""


def demangle(symbol: str) -> str:
    """``__pyx_f_7cardsim_5_core_cp_deal`` -> ``_core.cp_deal`` (Cython's length-prefixed names)."""
    match = re.match(r"__pyx_[a-z]+_7cardsim_(\d+)", symbol)
    if not match:
        return symbol
    start = match.end()
    module = symbol[start:start + int(match.group(1))]
    rest = re.sub(r"^_\d*", "", symbol[start + int(match.group(1)):])
    return f"{module}.{rest}"


def core_rows(annotated: str) -> list[tuple[str, str]]:
    """(count with percentage, short function name) for the functions of cardsim's extensions."""
    rows = []
    for line in annotated.splitlines():
        # (with --branches the branch counts follow the instructions: skipped)
        match = re.match(r"\s*([\d,]+ \(\s*[\d.]+%\))(?:\s+(?:[\d,]+ \(\s*[\d.]+%\)|\.))*\s+(\S+?):(\S+) \[(.*)\]", line)
        if match and "cardsim" in match.group(4):
            rows.append((match.group(1), demangle(match.group(3))))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("workload", nargs="?", default="cutthroat-pinochle/random", choices=[*WORKLOADS, *ODDS])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--keep", type=Path, help="also save the raw callgrind output here")
    parser.add_argument("--branches", action="store_true",
                        help="also simulate branch prediction (conditional branches and their mispredictions a hand)")
    parser.add_argument("--tree", type=Path, default=ROOT,
                        help="the checkout whose src/cardsim to profile (default: this one), e.g. an old main built in place")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind not found: install it (Debian: apt-get install valgrind)")
    if args.workload in ODDS:
        code = ODDS_CHILD.format(args=ODDS[args.workload], n=args.hands)
    else:
        game, policy = WORKLOADS[args.workload]
        code = CHILD.format(game=game, policy=policy, n=args.hands)
    env = {**os.environ, "PYTHONPATH": str(args.tree / "src")}
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "callgrind.out"
        # collect only inside the batches' OpenMP worker functions (the nogil loop over hands)
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        "--collect-atstart=no", "--toggle-collect=*_omp_fn*", *(["--branch-sim=yes"] if args.branches else []),
                        sys.executable, "-c", code], env=env, check=True, stderr=subprocess.DEVNULL)
        annotated = subprocess.run(["callgrind_annotate", "--auto=no", "--inclusive=no", str(out)], check=True,
                                   capture_output=True, text=True).stdout
        inclusive = subprocess.run(["callgrind_annotate", "--auto=no", "--inclusive=yes", str(out)], check=True,
                                   capture_output=True, text=True).stdout
        if args.keep:
            shutil.copyfile(out, args.keep)
    hands = args.hands + 1000
    unit = "trials" if args.workload in ODDS else "hands"
    totals = re.search(r"^\s*([\d,]+) \(100\.0%\)(.*)PROGRAM TOTALS", annotated, re.M)
    if totals:
        counts = [int(c.replace(",", "")) for c in re.findall(r"([\d,]+) \(100\.0%\)", totals.group(0))]
        print(f"{args.workload}: {counts[0]:,} instructions for {hands:,} {unit} = {counts[0] / hands:,.0f} a {unit[:-1]}")
        if args.branches and len(counts) >= 3:
            print(f"  conditional branches {counts[1] / hands:,.0f} a {unit[:-1]}, mispredicted (simulated) "
                  f"{counts[2] / hands:,.1f}")
    for title, text in (("exclusive", annotated), ("inclusive", inclusive)):
        print(f"\ntop {args.top} functions of cardsim's core by {title} instructions")
        for count, name in core_rows(text)[:args.top]:
            print(f"  {count:>16}  {name}")


if __name__ == "__main__":
    main()
