"""Start-up time of the command line (issue 15's target: `cardsim --version` under 0.12 s).

    python bench/bench_startup.py [--repeats R]

Runs ``python -m cardsim --version`` and, for scale, a bare ``python -c pass`` R times each,
alternating, and prints the median wall time of each: the difference is what cardsim's own
imports cost.  The package's bytecode is compiled first (``compileall``), as an install
does: with ``PYTHONDONTWRITEBYTECODE`` set and no ``__pycache__``, every run would compile
cardsim's modules from source again and time that instead.
"""
from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import cardsim


def wall(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(Path(cardsim.__file__).resolve().parents[1])}
    compileall.compile_dir(str(Path(cardsim.__file__).resolve().parent), quiet=1)
    commands = {"python -c pass": [sys.executable, "-c", "pass"],
                "cardsim --version": [sys.executable, "-m", "cardsim", "--version"],
                "cardsim --help": [sys.executable, "-m", "cardsim", "--help"]}
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.repeats):
        for name, command in commands.items():
            times[name].append(wall(command, env))
    for name, values in times.items():
        print(f"{name:<20} median {statistics.median(values) * 1000:6.0f} ms  (min {min(values) * 1000:.0f}, "
              f"max {max(values) * 1000:.0f}, {args.repeats} runs)")


if __name__ == "__main__":
    main()
