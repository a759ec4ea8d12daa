"""Where the core's time goes: run one batch workload under valgrind's callgrind and print the
functions with the most instructions (issue 15: profiles the next person can rerun).

    python scripts/profile_callgrind.py [WORKLOAD] [--hands N] [--top K] [--keep FILE]

WORKLOAD is one of the names below (default ``cutthroat-pinochle/random``).  The workload runs
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
}

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
        match = re.match(r"\s*([\d,]+ \(\s*[\d.]+%\))\s+(\S+?):(\S+) \[(.*)\]", line)
        if match and "cardsim" in match.group(4):
            rows.append((match.group(1), demangle(match.group(3))))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("workload", nargs="?", default="cutthroat-pinochle/random", choices=list(WORKLOADS))
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--keep", type=Path, help="also save the raw callgrind output here")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind not found: install it (Debian: apt-get install valgrind)")
    game, policy = WORKLOADS[args.workload]
    code = CHILD.format(game=game, policy=policy, n=args.hands)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "callgrind.out"
        # collect only inside the batches' OpenMP worker functions (the nogil loop over hands)
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        "--collect-atstart=no", "--toggle-collect=*_omp_fn*",
                        sys.executable, "-c", code], env=env, check=True, stderr=subprocess.DEVNULL)
        annotated = subprocess.run(["callgrind_annotate", "--auto=no", "--inclusive=no", str(out)], check=True,
                                   capture_output=True, text=True).stdout
        inclusive = subprocess.run(["callgrind_annotate", "--auto=no", "--inclusive=yes", str(out)], check=True,
                                   capture_output=True, text=True).stdout
        if args.keep:
            shutil.copyfile(out, args.keep)
    total = re.search(r"([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS", annotated)
    hands = args.hands + 1000
    if total:
        instructions = int(total.group(1).replace(",", ""))
        print(f"{args.workload}: {instructions:,} instructions for {hands:,} hands = {instructions / hands:,.0f} a hand")
    for title, text in (("exclusive", annotated), ("inclusive", inclusive)):
        print(f"\ntop {args.top} functions of cardsim's core by {title} instructions")
        for count, name in core_rows(text)[:args.top]:
            print(f"  {count:>16}  {name}")


if __name__ == "__main__":
    main()
