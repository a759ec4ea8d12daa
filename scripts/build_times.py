#!/usr/bin/env python3
"""Where a clean build's time goes: Cython and the C compiler, module by module, in CPU seconds.

    python scripts/build_times.py                 # every module of setup.py's MODULES
    python scripts/build_times.py --only solver._solver --opt -O2
    python scripts/build_times.py --cflags "-O1" --only _games
    python scripts/build_times.py -j 2             # and the wall a clean 2-worker build would take
    python scripts/build_times.py --hot-glue       # Cython's glue at the module's level (no cold_glue)
    python scripts/build_times.py --no-prune       # every cimported inline function compiled (no prune_headers)

Each module is cythonized (forced, in this process: its CPU time) and its C file compiled
once with the flags setup.py uses (or ``--opt``/``--cflags`` instead; the C file marked as setup.py's
``cold_glue`` marks it, unless ``--hot-glue``, its headers pruned as ``prune_headers`` prunes them, unless
``--no-prune``, and its ``ALWAYS_INLINE`` functions marked as ``force_inline``
does; Cython runs with the garbage collector off, as setup.py's ``collector_off`` runs it: the C file left
in src/ is the one a build writes, so a later incremental build compiles the hot code as a clean build
does), one step at a time, so
the figures are CPU seconds of each step (user + system) and hold under load, unlike wall
time.  Printed: per module the Cython seconds, the C compiler seconds, the C file's lines,
and the totals.  Works on a scratch copy of nothing: it writes the .c files where the build
does (src/cardsim/...) and the objects to a temporary folder.

``-j N`` also estimates a clean build's wall on N idle cores: setup.py hands the modules to N
workers in its order (``extensions``), each worker cythonizes and then compiles its module, so
the estimate is that list schedule over the per-module CPU seconds (the critical path is the
last worker to finish).
"""
from __future__ import annotations

import argparse
import ast
import os
import resource
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules() -> list[str]:
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "MODULES":
            return list(ast.literal_eval(node.value))
    raise SystemExit("setup.py has no MODULES list")


def cpu_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def cpu_self() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def schedule(rows: list[tuple[str, float, float, int, str]], order: list[str], workers: int) -> None:
    """Print the list schedule of setup.py's order on ``workers`` idle cores: each module's start
    and end, and the build's estimated wall (CPU seconds; linking and setup.py's start-up left out)."""
    cost = {name: cy + cc for name, cy, cc, _lines, _opt in rows}
    free = [0.0] * workers
    print(f"schedule on {workers} workers (setup.py's order):")
    for name in order:
        if name not in cost:
            continue
        w = min(range(workers), key=free.__getitem__)
        start, free[w] = free[w], free[w] + cost[name]
        print(f"  worker {w}  {start:6.1f} -> {free[w]:6.1f} s  {name}")
    print(f"estimated wall {max(free):.1f} s (CPU {sum(cost.values()):.1f} s, ideal {sum(cost.values()) / workers:.1f} s)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", help="this module only (repeatable)")
    parser.add_argument("--opt", help="the optimisation flag for every module (default: setup.py's per module)")
    parser.add_argument("--cflags", default="", help="more flags for the C compiler")
    parser.add_argument("--no-cython", action="store_true", help="compile the .c files as they are")
    parser.add_argument("--hot-glue", action="store_true",
                        help="leave Cython's glue at the module's level (setup.py's cold_glue not applied)")
    parser.add_argument("--no-prune", action="store_true",
                        help="every header's inline functions compiled (setup.py's prune_headers not applied)")
    parser.add_argument("-j", type=int, default=0, help="estimate the wall of a build on this many idle cores")
    args = parser.parse_args()

    sys.path.insert(0, str(ROOT))
    os.chdir(ROOT)
    import numpy
    from Cython.Build import cythonize
    from setuptools import Extension

    setup_globals: dict[str, object] = {}
    # the directives and flags as setup.py has them (its module code, without calling setup())
    source = (ROOT / "setup.py").read_text().split("\nsetup(\n")[0]
    exec(compile(source, "setup.py", "exec"), setup_globals)
    directives = setup_globals["directives"]
    compile_args: list[str] = list(setup_globals["compile_args"])  # type: ignore[arg-type]
    utility = setup_globals["SHARED_UTILITY"]

    names = modules()
    if args.only:
        names = [n for n in names if n in args.only]
    cc = sysconfig.get_config_var("CC").split()
    base = sysconfig.get_config_var("CFLAGS").split() + sysconfig.get_config_var("CCSHARED").split()
    includes = [f"-I{numpy.get_include()}", f"-I{sysconfig.get_paths()['include']}"]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            pyx = f"src/cardsim/{name.replace('.', '/')}.pyx"
            cy = 0.0
            if not args.no_cython:
                before = cpu_self()
                if not args.no_prune:  # (as setup.py's build prunes the headers)
                    setup_globals["prune_headers"](setup_globals["needed_inline"](name))  # type: ignore[operator]
                with setup_globals["collector_off"]():  # type: ignore[operator]  (as setup.py's build runs Cython)
                    cythonize([Extension(f"cardsim.{name}", [pyx])], compiler_directives=directives,
                              shared_utility_qualified_name=utility, force=True, quiet=True)
                if not args.hot_glue and name in setup_globals["COLD_GLUE"]:  # type: ignore[operator]
                    setup_globals["cold_glue"](pyx[:-4] + ".c", setup_globals["glue_level"](name),  # type: ignore[operator]
                                               setup_globals["WARM_GLUE"].get(name, ()))  # type: ignore[attr-defined]
                if name in setup_globals["ALWAYS_INLINE"]:  # type: ignore[operator]  (as setup.py's build marks it)
                    setup_globals["force_inline"](pyx[:-4] + ".c", setup_globals["ALWAYS_INLINE"][name])  # type: ignore[index]
                cy = cpu_self() - before
            c_file = pyx[:-4] + ".c"
            flags = list(setup_globals["extension"](name).extra_compile_args)  # type: ignore[operator]
            opt = args.opt or next(f for f in flags if f.startswith("-O"))
            flags = [opt if f.startswith("-O") else f for f in flags] + args.cflags.split()
            cmd = cc + base + ["-DNDEBUG", "-DNPY_NO_DEPRECATED_API=NPY_1_7_API_VERSION"] + includes + \
                ["-c", c_file, "-o", os.path.join(tmp, name + ".o")] + flags
            before, wall = cpu_children(), time.time()
            subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL)
            gcc = cpu_children() - before
            lines = sum(1 for _ in open(c_file, encoding="utf-8", errors="replace"))
            rows.append((name, cy, gcc, lines, opt))
            print(f"{name:24s} cython {cy:6.1f} s   cc {gcc:6.1f} s ({opt})   {lines:>8,} lines   "
                  f"(wall {time.time() - wall:5.1f} s)", flush=True)
        if not args.only and os.path.exists("src/cardsim/_cyutility.c"):  # Cython's shared utility code
            flags = next(list(e.extra_compile_args) for e in setup_globals["extensions"]  # type: ignore[attr-defined]
                         if e.name == utility)
            flags = [args.opt if args.opt and f.startswith("-O") else f for f in flags] + args.cflags.split()
            before = cpu_children()
            subprocess.run(cc + base + includes + ["-c", "src/cardsim/_cyutility.c", "-o", os.path.join(tmp, "u.o")]
                           + flags, check=True, stderr=subprocess.DEVNULL)
            rows.append(("_cyutility", 0.0, cpu_children() - before,
                         sum(1 for _ in open("src/cardsim/_cyutility.c", encoding="utf-8", errors="replace")),
                         next(f for f in flags if f.startswith("-O"))))
            print(f"{'_cyutility':24s} cython    0.0 s   cc {rows[-1][2]:6.1f} s", flush=True)
    if args.j:
        schedule(rows, [e.name[len("cardsim."):] for e in setup_globals["extensions"]], args.j)  # type: ignore[attr-defined]
    print(f"{'total':24s} cython {sum(r[1] for r in rows):6.1f} s   cc {sum(r[2] for r in rows):6.1f} s   "
          f"{sum(r[3] for r in rows):>8,} lines   (load {os.getloadavg()[0]:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
