"""Build the private compiled core: the modules listed in MODULES, compiled side by side.

The core is several extension modules (docs/adding-a-game.md): shared ones at the top of
src/cardsim (the game contract, dealing) and one folder per game family
(src/cardsim/pinochle, euchre, spades) whose modules cimport the family's inline
headers (.pxd).  ``cardsim._core`` (a plain Python module) re-exports them.
One Cython directive set for the whole core. OpenMP is used when the compiler
accepts ``-fopenmp``; otherwise the core is built single-threaded and a loud
warning says so (batches still run, on one thread).  ``CARDSIM_DEBUG=1`` turns
bounds checks and assertions back on.
"""
import ast
import contextlib
import functools
import gc
import glob
import hashlib
import json
import multiprocessing
import os
import pickle
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import warnings
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

DEBUG = os.environ.get("CARDSIM_DEBUG") == "1"


def compiler_supports_openmp() -> bool:
    """Try to compile and link a tiny OpenMP program with the default C compiler."""
    cc = os.environ.get("CC", "cc")
    if shutil.which(cc) is None:
        return False
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "omp.c")
        with open(src, "w") as fh:
            fh.write("#include <omp.h>\nint main(void){return omp_get_max_threads() > 0 ? 0 : 1;}\n")
        result = subprocess.run(
            [cc, "-fopenmp", src, "-o", os.path.join(tmp, "omp")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        return result.returncode == 0


openmp = os.environ.get("CARDSIM_NO_OPENMP") != "1" and compiler_supports_openmp()
if not openmp:
    warnings.warn(
        "\n*** cardsim: the C compiler does not support OpenMP; building the core "
        "WITHOUT threads (threads= will run on one core). ***\n"
    )
    print("cardsim: building without OpenMP", file=sys.stderr)

# -g0: no debug information (Python's own flags ask for -g); the code is the same, the build a quarter faster.
# The optimisation level is per module (opt_level below); -O0 for CARDSIM_DEBUG=1.
compile_args = ["-g0"] if not DEBUG else ["-O0", "-g"]
if platform.machine().lower() in ("x86_64", "amd64"):
    compile_args.append("-mpopcnt")  # every x86-64 CPU since 2008; popcount is the core's hottest op
link_args = []
if openmp:
    compile_args.append("-fopenmp")
    link_args.append("-fopenmp")

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "cdivision": True,
    "initializedcheck": DEBUG,
    "embedsignature": True,
    # No copy of the .pyx source quoted in the C files: 40% smaller C, and a clean build took 8-10%
    # less time (two idle back-to-back pairs on 2 cores, 62.0/63.4 s against 69.9/68.3 s wall);
    # the generated code itself is the same (tracebacks still name the .pyx lines).
    "emit_code_comments": False,
}

# The optimisation level is per module.  Modules with per-card or per-hand code compile at -O3:
# -O2 would save about a fifth of their compiler time, but gcc then inlines less and the hot
# loops run more instructions (scripts/callgrind_trees.py, every game's bench workloads, -O3
# against -O2, instructions a hand or trial: two-hand pinochle +36% to +48%, partnership pinochle
# +6% to +14%, spades +2% to +14%, euchre +4% to +11%, cutthroat pinochle +2% to +7%, PIMC +2% to
# +11%, the solver's oracle +0.7% and +2.2%: every workload but one over the 1% limit).  LIGHT: modules with no per-card or per-hand code (the contract's Python
# machinery, meld names, the whole-game driver's loop over hooks, Cython's utility code) compile
# at -O1, half the time of -O3 (the hot loops are inline code compiled into the game modules); so does a family's
# Python face split from its hot module (spades.spades: it calls spades.play's exported functions, build18).
# O2: modules measured not to lose at -O2 (none yet).
O2: set[str] = set()
LIGHT = {"_contract", "pinochle.common", "_games", "_cyutility"}
LIGHT |= {"euchre.euchre", "spades.spades"}  # the euchre and spades Python faces, apart from euchre.play and spades.play (split22e, split22s)


def opt_level(name: str) -> str:
    """The optimisation flag of module ``cardsim.<name>``."""
    return "-O1" if name in LIGHT else "-O2" if name in O2 else "-O3"


def flags(name: str) -> list[str]:
    return compile_args if DEBUG else [opt_level(name), *compile_args]


def build_id(name: str) -> str:
    """A hash of the sources that make module ``cardsim.<name>``: its .pyx, .pxd and every cardsim header
    it cimports, directly or not (where its state structs are declared).  Baked into the module as
    CARDSIM_BUILD_ID: a hand pickle's fast path trusts core bytes only from a build with the same id.
    Cython regenerates a module whenever one of these files changes, so the id moves with it."""
    digest = hashlib.sha256()
    for path, text in module_sources(name):
        data = text.encode("utf-8")
        digest.update(f"{path}\0{len(data)}\0".encode() + data)
    return digest.hexdigest()[:32]


def extension(name: str) -> Extension:
    """One compiled module of the core, ``cardsim.<name>`` from ``src/cardsim/<name>.pyx``
    (a dotted name is a module in a family folder: ``pinochle.cutthroat``, ``solver._solver``)."""
    return Extension(
        f"cardsim.{name}",
        [f"src/cardsim/{name.replace('.', '/')}.pyx"],
        include_dirs=[numpy.get_include()],
        extra_compile_args=flags(name),
        extra_link_args=link_args,
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION"), ("CARDSIM_BUILD_ID", f'"{build_id(name)}"')]
        + ([] if DEBUG else [("NDEBUG", None)]),
    )


# The core's compiled modules, one line each (a new game's module is one more line).
MODULES = [
    "_contract",              # the game contract: GameState, policies (shared)
    "_constrained_deal",      # the exact constrained dealer, compiled once; the others call it by pointer
    "_deal",                  # constrained dealing and hidden-card resampling (shared)
    "_games",                 # the whole-game batch driver: GameKind, simulate_games (shared)
    "pinochle.common",        # meld names and values, auction action names (three pinochle games)
    "pinochle.cutthroat",     # Cutthroat Pinochle: batch, odds, step state
    "pinochle.partnership",   # Partnership Pinochle
    "pinochle.two_hand",      # Two-Hand Pinochle
    "euchre.play",            # Euchre and Cutthroat Euchre played in C: batches, exported steps, learned table
    "euchre.euchre",          # their Python face: rules, records, step state, table setters
    "spades.play",            # Spades and Cutthroat Spades played in C: batch, exported steps, bid tables
    "spades.spades",          # their Python face: rules, records, step state, table setters
    "spades.games",           # whole Spades games and tournaments
    "spades.odds",            # Spades bid odds
    "_odds_conditions",       # conditioned bid odds of every game (DealConditions)
    "solver._solver",         # the perfect-information solver of trick play (every game)
    "solver._pimc",           # PIMC and oracle card play in the batches and bid odds (euchre, spades)
    "solver._stock",          # two-hand pinochle's stock phase solved exactly (leaves: solver._solver)
]


_CIMPORT = re.compile(r"^\s*(?:from\s+cardsim\.([\w.]+)\s+cimport|cimport\s+cardsim\.([\w.]+))", re.M)


def module_sources(name: str, own_pxd: bool = True) -> Iterator[tuple[str, str]]:
    """The path and text of module ``cardsim.<name>``'s .pyx, of its own .pxd (its declarations: unless
    not ``own_pxd``) and of every cardsim header it cimports, directly or not, each once."""
    stem = f"src/cardsim/{name.replace('.', '/')}"
    seen: set[str] = set()
    todo = [f"{stem}.pyx", f"{stem}.pxd"] if own_pxd else [f"{stem}.pyx"]
    while todo:
        path = todo.pop()
        if path in seen or not os.path.exists(path):
            continue
        seen.add(path)
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        yield path, text
        todo += [f"src/cardsim/{(m.group(1) or m.group(2)).replace('.', '/')}.pxd" for m in _CIMPORT.finditer(text)]


def build_weight(name: str) -> int:
    """About how long a module takes to build: the bytes of its .pyx and of every cardsim header
    it cimports, directly or not (Cython parses each whole)."""
    return sum(len(text) for _path, text in module_sources(name, own_pxd=False))


# The CPU seconds each module's build takes (Cython and the C compiler: scripts/build_times.py -j 2, build15,
# stop 33, load 8; the shared utility: the C compiler alone).  The bytes of build_weight put them in a poor
# order: the C compiler's time follows the glue's level more than the sources' size (euchre.euchre, glue at
# -O3, 10.3 s from 144 kB; spades.odds, glue at -O0, 3.6 s from 180 kB), and _contract (12 kB) came last with
# 3.6 s.  build_times.py's list schedule of those seconds on 2 workers: 44.9 s in the order of the bytes (the
# shared utility first), 44.0 s in this one (ideal 43.9 s).  Only the order depends on them.
BUILD_SECONDS = {
    "pinochle.partnership": 9.0, "pinochle.cutthroat": 8.9,
    "solver._pimc": 8.5, "pinochle.two_hand": 7.7, "solver._solver": 6.8, "_odds_conditions": 4.6,
    "_contract": 3.6, "spades.odds": 3.6, "_constrained_deal": 2.8, "_deal": 2.6, "_cyutility": 2.6,
    "_games": 2.4, "pinochle.common": 1.7, "solver._stock": 1.6, "spades.games": 1.3,
    "spades.play": 4.8, "spades.spades": 3.4,   # split22s (stop 39): spades.spades 9.7 before the split
}
BUILD_SECONDS.update({"euchre.play": 5.0, "euchre.euchre": 3.5})  # split22e (stop 39): the euchre split
WEIGHT_PER_SECOND = 25_000  # (a module not measured yet: its build_weight in bytes, at about this many a second)


def build_seconds(name: str) -> float:
    """About how many CPU seconds module ``cardsim.<name>`` takes to build: BUILD_SECONDS, else from its bytes."""
    return BUILD_SECONDS.get(name) or build_weight(name) / WEIGHT_PER_SECOND


# Cython's utility code (memoryviews, type imports, ...) once for all the modules, instead of
# some 30,000 lines of C compiled again in every module.
SHARED_UTILITY = "cardsim._cyutility"
# build_ext hands the modules to its workers in list order: the longest first (build_seconds), so that
# the last ones to finish are short and no worker idles long at the end.
extensions = sorted([*(extension(name) for name in MODULES),
                     Extension(SHARED_UTILITY, ["src/cardsim/_cyutility.c"], extra_compile_args=flags("_cyutility"),
                               extra_link_args=link_args)],
                    key=lambda ext: build_seconds(ext.name.removeprefix("cardsim.")), reverse=True)


# Cython's glue (the Python wrappers of def functions and methods, type slots, properties, module
# init, struct-to-dict conversions and the module's own C helpers) runs once per Python call, never
# per card or per hand, yet at -O3 gcc spends a good part of a module's time inlining Cython's
# inline helpers into every wrapper.  In the modules of COLD_GLUE the glue is compiled unoptimised
# (-O0), or optimised for size (-Os: gcc then inlines only what shrinks the code) in the BUDGET_BOUND
# ones (glue_level, below: the history of both follows); the cdef functions (the per-card and
# per-hand code, __pyx_f_...), Cython's inline helpers and every def function that holds a parallel
# batch loop (an OpenMP region, outlined from it at its level) keep the module's level.  Done on the
# C file right after Cython writes it (a marker on its last line).  Measured with the glue of every
# module at -Os: a clean build 8% less CPU (11% less in the C compiler), but gcc's -O3 inlining of
# the hot code then shifts (its budgets are per unit), and the bench workloads' instructions a hand
# (scripts/callgrind_trees.py) moved by -2.7% to +2.9% at stop 25, and four modules were left hot
# (pinochle.partnership +1.6%, euchre.euchre +1.3%, _odds_conditions +2.9%, solver._pimc +2.3%).
# Since build6 moved the players those four called into their families' exported functions, their
# glue at -Os moves no workload by more than 0.21% (callgrind_trees against main 0bf7a0a: partnership
# random +0.21%, partnership bid odds +0.15%, partnership heuristic +0.12%, euchre +0.09% or less,
# euchre PIMC play-outs -0.20%; every other workload unchanged) and saves a quarter of euchre.euchre's
# compile: every module but the LIGHT ones has its glue cold.  Since build14 (stop 32) two LIGHT modules (-O1)
# have their glue at -O0 too, their cdef code staying at -O1: _games (the whole-game driver's loop) and
# pinochle.common (the meld batch): gcc CPU (3 alternating compiles each, load 6) 2.40 -> 1.62 s and 1.80 ->
# 1.06 s.  _games' driver differs by a few instructions (callgrind_trees against main 459d6d7: spades games
# 77,406 -> 77,402, euchre games 45,867 -> 45,863 a game), the meld batch's OpenMP body by one.  Not
# _contract nor _cyutility: their glue is the Python step loop's (GameState.apply, legal_actions, Cython's
# argument parsing and function calls): with it at -O0 (gcc 1.88 -> 1.25 s and 2.39 -> 2.00 s) the loop of
# bench/bench_python_loop.py (120 hands each of euchre, spades and cutthroat pinochle played by random legal
# actions, then clones and pickles, under callgrind) ran 8.6M -> 20.3M instructions in those two modules,
# about 5% more in all.
# Except euchre.euchre: after eu7 rewrote its players (stop 26) its glue at -Os moved gcc's inlining of
# the hot code (callgrind, merged main: euchre heuristic 4,087 -> 4,441, cutthroat euchre 3,608 -> 3,774,
# euchre bid trial 20,782 -> 22,185 a hand with it cold), so it keeps its glue at -O3.
# Why not -O0 for the glue (build9, stop 27, callgrind_trees against main 7ced587): gcc's -O3 inlining
# of the hot code is bounded by a budget for the whole C file (--param inline-unit-growth: the file may
# grow by 40% of the size of its optimised functions, glue included; spades.spades reaches it: compiled
# with the budget lifted its hot play-out comes out different), so any change to the glue's level or
# size moves the hot code.  Measured: every COLD_GLUE module's glue at -O0 (pinochle.two_hand's gcc CPU
# about a fifth less: means of 5 alternating compiles at load 11-14, 5.4 s against 7.0 s): spades
# heuristic +4.0%, cutthroat spades +5.7%, spades PIMC +4.5%, partnership +1.7%, two-hand +1.5%; only
# the run-once glue (module init, constants, code objects, type set-up) at -O0, in every module:
# partnership PIMC +2.4%, spades PIMC +2.2%, partnership bid +2.1%; all glue at -O0 with the budget
# lifted (inline-unit-growth=1000): euchre -2.6% to -4.2%, spades -2.2% and -2.3%, but two-hand
# heuristic +4.7%, two-hand bid +4.4%, cutthroat heuristic +4.3%.  Each over the 0.5% limit.
# Glue at -O0 (build10, stop 28): in the modules of COLD_GLUE but not BUDGET_BOUND, the glue is not
# optimised at all (gcc's time on those modules about a quarter less), the hot code keeping the
# module's level.  BUDGET_BOUND: the modules whose hot code is cut by gcc's unit growth budget
# (--param inline-unit-growth; gcc's -fdump-ipa-inline of spades.c with the glue at -O0 reports the
# budget reached for sp_end_card, sp_play and sp_bid_legal, inlined with it at -Os; two_hand.c's hot
# code doubles with the budget lifted), where glue at -O0 (its calls no longer inlinable, so their
# callees keep offline copies) moved the hot code: build9's spades heuristic +4.0%, cutthroat spades
# +5.7%, spades PIMC +4.5% (the PIMC play-outs call spades.spades' exported players), partnership
# +1.7%, two-hand +1.5%.  Their glue stays at -Os.
# Tried at build11 (stop 29, branch build11-warm-glue; callgrind_trees against main b243b67, instructions a
# hand): the BUDGET_BOUND modules' glue at -O0 but the def functions whose bodies call an inline cdef function
# at -Os (so that those callees keep no offline copy): partnership heuristic -0.02%, PIMC -0.27%, bid -0.2%, but
# random +1.34% (all of it in pp_simulate_group, whatever inline-unit-growth, 30 to 80); two-hand heuristic
# +1.46%, bid +1.4%; spades heuristic +7.7%, cutthroat spades +8.0%, spades PIMC +8.1% (sp_end_card, sp_need,
# sp_bid_legal out of line; marked always_inline, sp_policy_card went out instead).  gcc CPU: spades.spades
# 8.8 -> 5.2-5.9 s, partnership 9.4 -> 5.8 s, two_hand 7.4 -> 6.4 s.  euchre.euchre's glue at -O0 (with the
# same -Os def functions): its unit budget shrinks with the glue (gcc -fdump-ipa-inline: "Unit growth
# 9878->13999", the cap max(unit, large-unit-insns) * 1.4 reached), the heuristic +14%; with --param
# inline-unit-growth=150 heuristic +0.6%, cutthroat euchre -2.5%, bid -0.4%, but random +2.4% (+1.5% with
# _rng.rng_below always_inline): gcc CPU 12.1 -> 7.4-8.9 s, the largest single saving left if a mark or two
# can bring the random batch's eu_random_tricks and eu_deal back.
# Measured at build12 (stop 30, gcc 12.2, -fdump-ipa-inline of euchre.c): with its glue at -O3 the unit starts
# at 27,753 insns (minimum 26,913: budget 37,678), with the glue at -O0 at 9,905 (budget 14,000), and both
# reach it (288 and 153 calls refused).  No per-module parameter gives the old hot code back: with the glue at
# -O0 and --param large-unit-insns=26913 (the old budget), =19000, or inline-unit-growth=150, 29 of the
# module's 51 hot functions differ from main's (scripts/hot_code_diff.py), and the lifted budget spends most
# of the saving on inlining (gcc CPU at load 10: glue -O3 10.2 s, -O0 4.8 s, -O0 with growth 150 7.7-9.6 s).
# Tried at build13 (stop 31, gcc 12.2): the glue's attribute with only late passes turned off (optimize("Os"
# or "O3", "no-schedule-insns2", "no-gcse", "no-tree-pre", "no-tree-dominator-opts", "no-peephole2",
# "no-reorder-blocks", "no-tree-loop-vectorize", "no-tree-slp-vectorize"): gcc's early passes, its summaries and
# so its inlining stay as they are.  spades.spades: its 46 hot functions the same, but gcc CPU 7.9/8.3 -> 7.9/7.8 s
# (glue already at -Os); euchre.euchre (glue at -O3): 9.6/10.9 -> 9.0/9.3 s, but four hot functions differ and
# eu_bid2 goes out of line.  -ftime-report of spades.c: no pass above 5% (parsing the C 13%; the headers
# Python.h, numpy, omp about 0.1 s a module); -w (no warnings): cc1's instructions on solver/_stock.c 3,808.0M
# -> 3,807.2M (cachegrind).
# Measured at build14 (stop 32, gcc 12.2, load 7-10): where the heavy modules' gcc time goes is their hot code's
# inlining, not the glue itself.  euchre.euchre's glue at O3 but not inlining (optimize("O3",
# "no-inline-small-functions", "no-inline-functions")): gcc 8.1 -> 8.5 s, three hot functions differ; glue
# at -O0: 9.7 -> 4.7 s but 32 of 51 hot functions differ and 26 more are kept out of line (the budget shrinks,
# so the hot code is inlined less: that is the saving); spades.spades' glue -Os -> -O0: 8.1 -> 5.1 s, 25 of 46
# differ.  Cython's inline helpers (CYTHON_INLINE, left at the module's level by cold_glue) at -O0 too in
# pinochle.cutthroat: no CPU saved (7.3/6.9 against 7.6/6.5 s); -fno-asynchronous-unwind-tables: none.
# Measured at build16 (stop 34, gcc 12.2, other helpers running, load 6-10; CPU of one gcc run each, two alternating
# rounds unless one is given): the glue's optimisation is the most a change of glue level could save, and it is
# smaller than the 2x of issue 10 needs (~19 s of CPU, idle: 96 -> ~77 s at today's 1.93 cores busy).  Glue at -O0
# instead of its level (cold_glue "O0" on the same C): euchre.euchre (-O3) 13.2/14.7 -> 6.9/7.1 s, spades.spades (-Os)
# 11.9/12.2 -> 7.9/8.6 s, pinochle.partnership 12.1/12.8 -> 9.9/10.8 s, pinochle.two_hand 11.0/12.2 -> 9.4 s,
# _contract (-O1) 3.3/3.7 -> 2.0/2.2 s: about 16 s at this load, ~12 s idle, even if the hot code stayed the same (it
# does not: spades.spades with its glue at -O0 and the unit budget lifted, --param large-unit-insns 13000 to 40000,
# the same 24 hot functions differ whatever the value, the O0 glue's calls keeping offline copies of the inline
# helpers; callgrind_trees at 17000: spades random +1.5%, heuristic +8.4%, cutthroat spades +8.5%, games +8.3%).
# euchre.euchre's glue at -O0 with --param inline-unit-growth=150 and eu_random_tricks, eu_deal and rng_below
# always_inline (build12's open question): euchre random +2.7% (eu_deal inlined into eu_new_hand costs 69 more),
# heuristic +0.7%, bid known +1.9%, cutthroat euchre -2.6%; and no CPU saved (12.1/13.6 against 12.3/14.2 s: the
# lifted budget spends it).  Flags: -O3 without its loop passes (-fno-gcse-after-reload, -fno-peel-loops,
# -fno-predictive-commoning, -fno-split-loops/-paths, -fno-tree-loop-distribution, -fno-tree-partial-pre,
# -fno-unswitch-loops, -fno-version-loops-for-strides, -fno-loop-interchange, -fno-loop-unroll-and-jam) on
# spades.spades: 11.3 against 11.1 s (one pair), 20 hot functions differ; -O2 with -O3's max-inline-insns-auto,
# early-inlining-insns, inline-heuristics-hint-percent and -fipa-cp-clone: 11.0 against 13.1 s (one pair), 33 differ.
# Where spades.spades' time is: the whole file at -O0 4.2 s, without its Python face (the module trimmed to its batch,
# exports and rules conversion: C 43,330 -> 17,786 lines) 4.8-5.3 s at its flags and 1.9 s at -O0, so the Python face
# costs ~6-7 s of its 12.  build15's suggestion, measured on branch build16-proto (SpadesState, the table setters,
# features and spades_score moved into a module spades.state at -O1, glue -O0): gcc 10.9-14.2 -> 9.1-10.4 s for the
# two, but Cython ~2.1 (load 10.7) -> 4.9-5.8 s (the new module cimports the same engine and player headers, and
# compiles at -O1 the inline code its step methods call: 4.0 s of the 9-10), net about 0-2 s; the hot module inlines
# 26 more functions and the spades heuristic row rose 1.0% (sp_heuristic_bid 2,082 -> 2,179 a hand), cutthroat spades
# 0.5%, games 1.0%.  It would pay only with the new module calling the hot module's exported steps (its C then the
# glue alone, ~2.3 s at -O0): ~3 s a module. The schedule is not what limits: scripts/build_times.py -j 2 (load 10.7):
# Cython 29.2 s, gcc 93.2 s, the list schedule ends at 61.2/61.2 s on the two workers (ideal 61.2 s); the longest
# module (spades.spades, 13.7 s) is a fifth of the half, and a clean build's last two gcc runs ended 0.5 s apart (CC
# wrapper timestamps, load 8-9).
# Measured at build17 (stop 35, gcc 12.2, other helpers running, load 8-11; throwaway scripts, not kept): where gcc's time goes
# inside the four biggest modules.  -ftime-report (CPU s): spades.spades 12.7 = the functions' expansion (each one's
# passes, RTL included) 8.7 + parsing 2.0 + IPA passes 1.75; euchre.euchre 15.5 = 12.3 + 1.6 + 1.3; pinochle.partnership
# 13.6 = 10.2 + 1.8 + 1.35; pinochle.two_hand 13.2 = 9.6 + 1.85 + 1.5; no single pass above ~5% (register allocation,
# combiner, jump threading, dominator opts ~0.4 s each).  Per function (gcc -Q prints each function's name as its
# expansion starts: the wall seconds between names, load ~9.5), the glue (wrappers, generators,
# module init, Cython's helpers) takes most of the expansion even at -Os, the cdef code at -O3 a fifth to a quarter of the
# whole: spades.spades glue 16.0 s, cdef 7.3 s, parsing and IPA 13.5 s (of 37.8 s wall); euchre.euchre (glue -O3) 24.9 /
# 9.0 / 10.9 (of 45.6); partnership 13.0 / 7.6 / 12.0 (of 35.2); two_hand 11.3 / 9.2 / 12.0 (of 33.1).  The largest single
# functions: sp_gd_history (the whole-game history hook) 1.9-3.2 s wall, the glue's _set_shipped_game_rules and
# spades_record_dtype 1.4-2.7 s; euchre's eu_gd_play 2.3 s and euchre_odds' OpenMP body 2.2 s; partnership's
# pimc_playout wrapper 2.7 s.  No inline function is instantiated many times over: of spades.spades' 2,456 inlinings
# (-fopt-info-inline-optimized) 1,958 are Cython's and Python's helpers into glue, 385 cdef into cdef, the most copied
# _bits.popcount (46), lane_bb (22), sp_code (21); sp_policy_step 5 copies.  Tried on spades.spades (CPU, two alternating
# compiles each): sp_rules_from (the rules' conversion, once a batch call, 7.8 kB at -O3) at the glue's -Os: 12.4/12.5 ->
# 14.8/14.2 s, five hot functions differ (scripts/hot_code_diff.py) and sp_end_card, sp_bid_legal no longer kept out of line
# (the unit budget moved: gcc inlines more); the four largest glue functions (_set_shipped_game_rules, spades_record_dtype,
# set_spades_bid_table, the module's exec) at -O0: 13.6/13.8 -> 13.4/12.9 s, 25 hot functions differ; gcc's collector
# run less often (--param ggc-min-expand=400 --param ggc-min-heapsize=1048576): 13.9/12.7 -> 14.4/12.4 s, the object the
# same.  The profile points where build16's measurements did: the hot code's own compile is ~3 s of CPU a module, and
# what surrounds it (glue, parse, IPA) cannot be cut without moving it.
# build18 (stop 36, gcc 12.2, other helpers running, load 7-10): the split build16 and build17 pointed at, done for
# spades.  spades.spades was the engine and players (inline, -O3) and their Python face in one C file; now
# spades.play (spades/play.pyx) compiles the engine and players once and exports what the face calls (the batch's
# prange, the step state's legal actions / apply / policy decision on an SPHand, the bid tables and their fill, the
# whole-game hooks, sp_ext_* copies of the engine's functions: spades/play.pxd), and spades.spades (LIGHT, glue -O0)
# is the face alone: it names no inline engine or player function, so prune_headers compiles none into it, and each
# Python call makes one call through a function pointer.  scripts/build_times.py (CPU s, two rounds, alternating
# with main c82cd8d's spades.spades, load 8.4-9.0): main cython 3.0/2.9 + gcc 9.1/10.3 = 12.1/13.2 s; split
# spades.play 2.4/2.0 + 4.1/3.4 s (C 43,330 -> 14,517 lines) and spades.spades 1.1/1.0 + 3.3/2.9 s (35,721 lines):
# 10.9/9.3 s, about 3 s less (Cython no cheaper: the face still parses the engine's and players' headers).  A clean
# build (git clean -xdfq src build; python setup.py build_ext --inplace -q -j 2; load 7.6-10, one round: walls of
# 260-289 s at that load say nothing) CPU f95e206 117.9 s, main 118.4 s, this 114.5 s.  The hot code: gcc no longer
# reaches the unit's inline budget in spades.play (sp_end_card, sp_play, sp_bid_legal, sp_new_hand inlined where
# they were kept out of line); callgrind_trees against main: spades random 7,097 -> 7,097, heuristic 9,357 -> 9,377
# (+0.22%, all in sp_heuristic_bid: 2,082 -> 2,103 a hand), cutthroat spades 8,710 -> 8,730, games 67,986 -> 68,119,
# oracle8, PIMC, PIMC bids within 0.06% (lower), bid odds equal (spades.odds unchanged).  Tried to bring
# sp_heuristic_bid back: sp_heuristic_bid always_inline 9,496 (random 7,290); sp_bid_legal always_inline 9,383;
# sp_bid_legal noinline (by hand in the C) 9,435; spades.play's glue -O0 9,501 (random 7,196), at -O3 9,377 (as at
# -Os); --param inline-unit-growth 20 or 30 9,377 (the budget is not reached).  The face's glue: -O0 (gcc 2.9-3.3 s)
# against -Os (7.0 s) and -O1 (5.4 s; load 9.3-9.6): the Python loop of 100 spades and 100 cutthroat spades hands by
# random actions and 100 each by step() under callgrind moved within run-to-run noise (~1M of ~217M instructions).
# What it pays: about 3 s of ~115 s CPU for spades; the same split of euchre.euchre (its glue at -O3 today: build16's
# glue-at-O0 figure, 13-15 -> 7 s, is about what its face would save), partnership and two-hand (~2-3 s each by the
# same figures) would make some 14-16 s in all, short of the ~19 s of CPU that 2x over f95e206 needs (build16).
# Measured at split22s (stop 39, gcc 12.2, other helpers running, load 4-10): build18's split brought onto 01680d6, and
# the face no longer cimports spades/players.pxd: the bid tables' layout (SPBidTables, its sizes, SP_NIL_DEFAULT,
# SP_GAME_SHIPPED) moved to spades/bid_tables.pxd, which players.pxd cimports, so Cython parses neither the players
# nor the scoring for the face and a change to them rebuilds spades.play alone.  scripts/build_times.py (CPU s,
# three rounds alternating with a clone of 01680d6, load 4-7): 01680d6 spades.spades cython 3.9/3.0/3.0 + gcc
# 13.7/8.8/13.3 = 17.6/11.8/16.3 s; split spades.play 2.4/2.0/3.1 + 4.2/3.1/4.6 and spades.spades 1.0/1.1/1.4 +
# 3.1/2.9/3.3 = 10.7/9.1/12.4 s: 2.7-6.9 s less a round (medians 16.3 -> 10.7), all of it gcc's (Cython's two
# modules cost what the one did).  Clean builds (git clean -xdfq src build; python setup.py build_ext --inplace -q
# -j 2; fresh clones alternating, load 5-8, other helpers' test suites running): CPU user+sys 01680d6 111.2 / 128.5 s,
# split 127.3 / 122.0 s, walls 276 / 266 and 235 / 212 s: the CPU of a whole build moves by +-10 s at that load.
# The hot code: callgrind_trees against 01680d6, spades random 7,097 = 7,097, heuristic 9,325 -> 9,341 (+0.17%, all in
# sp_heuristic_bid: gcc inlines sp_bid_legal into it; its inlined callees' code differs by a few instructions a bid,
# sp_pair_quadratic +2), cutthroat spades 8,668 -> 8,683, games 67,653 -> 67,755, oracle8 1.0000, PIMC 0.9994, PIMC
# bids 0.9997, bid odds 1.0000.  Tried (by hand in spades/play.c, callgrind): sp_game_bid noinline (blind bids and
# nil's bar near a game's end: cold in single hands) 9,403 / 8,722 / 68,511, noinline and cold 9,380 / 8,707 /
# 68,307; sp_bid_legal noinline 9,403; --param large-unit-insns=1000 or 4000 (gcc's unit budget back on this small
# unit) 10,509, random 7,343.  None better.
# WARM_GLUE: the face's glue at -O0 made the Python step loop's property reads (Hand.to_act reads the state's
# to_act and phase: getter slot, wrapper and body, each a call at -O0, with Cython's int conversion no longer
# inlined) cost more: a loop of 100 spades and 100 cutthroat spades hands by random legal actions, then 100 each by
# step(), then 200 pickles and clones of a hand under callgrind (PYTHONHASHSEED=0, OMP_NUM_THREADS=1): 01680d6
# 117.30M / 90.06M / 144.72M instructions, the split 119.02M / 90.56M / 144.67M (+1.47%, +0.55%, -0.03%).  Those two
# properties' getters kept at the face's -O1 (the rest of its glue -O0): 117.86M / 88.85M / 144.81M (+0.48%,
# -1.35%, +0.06%; the rest is the step contract's call through a function pointer); six small functions more at -O1
# (one compile 4.3 s against 3.1-3.6 s with them at -O0, load 6-8: not told apart from the noise).
# Measured at split22e (stop 39, gcc 12.2, other helpers running, load 7-10): build18's split done for euchre.
# euchre.euchre was the engine, players and odds trial (inline, -O3) and their Python face in one C file, its glue
# at -O3 (eu7's paragraph above); now euchre.play (euchre/play.pyx) compiles them once and exports what the face
# calls (the batches' pranges: hands, odds trials, their deals and summary, each hand's deal; the step state's legal
# actions / apply / policy decision on an EUHand; the learned table's store and fold; the whole-game hooks; eu_ext_*
# copies: euchre/play.pxd), and euchre.euchre (LIGHT, glue -O0) is the face alone (it names no inline engine or
# player function; every loop over hands, trials or table rows is in euchre.play).  euchre.play keeps its glue at
# -O3 (its glue is the module init and Cython's helpers now: at -O0, gcc 6.7 -> 6.6 s, one pair, no gain).
# scripts/build_times.py (CPU s, cython + cc, three rounds alternating with main 01680d6's euchre.euchre, load
# 7.5-10): main 4.4 + 13.1, 3.8 + 17.0, 3.9 + 13.2 (17.5 / 20.8 / 17.1 s); split euchre.play 2.7 + 6.8, 3.2 + 7.6,
# 2.3 + 5.5 s (C 35,893 -> 13,598 lines) and euchre.euchre 1.4 + 2.9, 1.5 + 3.3, 1.0 + 2.2 s (29,084 lines): 13.9 /
# 15.5 / 11.0 s, about 3.6 s less (medians 17.5 -> 13.9 s).  callgrind_trees against main 01680d6, instructions a
# hand or trial: euchre random 2,297 -> 2,300 (+0.14%), heuristic 4,021 -> 4,005, cutthroat euchre 3,584 -> 3,548,
# games 45,863 -> 45,627, oracle 550,957 -> 550,936, PIMC 2,732,933 -> 2,732,912, PIMC play-outs 409,555 -> 409,713
# (+0.04%), bid plain 20,776 -> 20,535 and known 21,803 -> 21,758, cutthroat bid plain 24,585 -> 24,381 and known
# 25,494 -> 25,476.  Tried: euchre.play's whole-game play-out through its exported copy (one copy of the inlined
# eu_play_out fewer): gcc 7.3 s against 6.6-6.8 s, no gain.  Clean builds (git clean -xdfq src build; python
# setup.py build_ext --inplace -q -j 2; fresh clones, alternating main, this, main, this; load 7.4-10.5), CPU
# user+sys: main 120.6 / 124.1 s, this 124.2 / 119.0 s (walls 355 / 335 / 326 / 208 s): at that load the ~3.6 s
# of the module figures is inside the clean build's noise (about +-4 s); to be measured idle.  The helper left it on
# branch split22e-proto for the Python step loop (callgrind, 100 hands each of euchre and cutthroat euchre by random legal
# actions, 50 each by step(), 50 clone + pickle round trips; /tmp/split22e/cgl/loop.py) 127.7M / 128.0M (main, two
# runs) -> 130.8M instructions (+2.3%), in the face's property getters and Cython's helpers at -O0 (phase 218k ->
# 575k, redeals, to_act); with the face's glue at -Os 128.6M (+0.5%) but its gcc 3.5 -> 6.5 s (load 8), which spends
# most of the saving.  Merged by the lead with the step loop's getters (to_act, phase, redeals, mid_decision) in
# WARM_GLUE (the face's -O1, the rest of its glue -O0): the same loop (PYTHONHASHSEED=0, OMP_NUM_THREADS=1, the merge
# with split22s built in place) 127.66M (01680d6) -> 128.98M with three getters warm, 128.82M with four (+0.9%: the
# step contract's calls through function pointers, the hands generator and __cinit__ at -O0).
# The two splits together (euchre.play + spades.play, main eaa89fc), clean builds idle (lead, stop 39, fresh clones
# alternating with f95e206, load 0.9-1.8; wall / CPU): f95e206 78.6 / 105.5, 82.6 / 111.2, 76.6 / 101.9, 82.1 / 110.7 s;
# eaa89fc 40.4 / 76.8, 46.5 / 88.2, 45.8 / 86.1, 47.8 / 90.4 s (01680d6 at stop 38, idle: 49-51 s / 95-97 s): ~8 s of
# CPU less, 1.67-1.95x a pair, medians 80.4 / 46.2 s = 1.74x.
# Measured at split22t (stop 39, gcc 12.2, other helpers running, load 5-9): build18's split for two-hand pinochle
# does not pay.  Side branch split22t-proto 2639433: pinochle.two_hand_play (-O3, glue -Os, BUDGET_BOUND, the
# ALWAYS_INLINE marks) compiles the engine, players, batches, PIMC and whole-game hooks once; pinochle.two_hand is the
# face (LIGHT, glue -O0) calling them through two_hand_play.pxd.  gcc's work (cc1 and as instructions under
# cachegrind, the same under any load): two_hand.c 26.78G -> two_hand_play.c 15.95G + face 6.76G = 22.70G (-15%);
# the face's glue at -Os 11.54G (27.49G in all: more than one module), the whole face at -O0 5.71G.
# scripts/build_times.py, 8 alternating rounds (CPU s, Cython + gcc): 01680d6 medians 3.6 + 8.5, split 4.0 + 7.5
# (Cython costs more: the face parses the engine's headers again); per round the split saved 0.6, -0.2, 0.3, -1.0,
# 2.9, 4.6, 0.6, 1.0 s (median 0.6), short of the ~1.5 s a family was to give.  And the gcc it saves is the glue's
# -Os -> -O0, which the Python step loop pays (60 hands by random actions, 30 by step() with clone and pickle,
# callgrind: 77.3M -> 78.0-78.1M instructions, +0.9%: the state's properties and policy_step unoptimised).  The hot
# code stayed within the limits (callgrind_trees against 01680d6: two-hand random 1.0000, heuristic 0.9991, bid plain
# and known 0.9990; the same way, two-hand pimc(worlds=4) 1.0005, oracle 0.9999, whole games 0.9991).
COLD_GLUE = set(MODULES) - {"_contract", "euchre.play"}  # euchre.play: its glue at -O3 (eu7, split22e)
BUDGET_BOUND = {"spades.play", "pinochle.partnership", "pinochle.two_hand"}
COLD_LEVEL = "Os"
WARM_GLUE = {  # module -> the properties (Class.name) whose getters keep the module's level in a COLD_GLUE module
    "spades.spades": ("SpadesState.to_act", "SpadesState.phase"),
    "euchre.euchre": ("EuchreState.to_act", "EuchreState.phase", "EuchreState.redeals", "EuchreState.mid_decision"),
}

# Measured at split22p (stop 39, gcc 12.2, other helpers building, load 7-10): build18's split done for partnership
# pinochle and not kept (side branch split22p-proto 0640b44): pinochle.partnership_play (the engine, players, odds
# trial and world play-outs, the batches' pranges, the whole-game hooks, the step state's contract on a PPHand and
# pp_ext_* copies; -O3, glue -Os, BUDGET_BOUND, this family's ALWAYS_INLINE marks) and pinochle.partnership the face
# (LIGHT, glue -O0, no players' header cimported).  Every partnership callgrind row equal to main 01680d6's (random
# 5,140, heuristic 18,292, PIMC 4,346,638, bid odds plain 54,199 -> 54,197, known 55,660).  scripts/build_times.py,
# 7 rounds alternating with main's pinochle.partnership, cython + cc CPU s: main 15.6/14.0/14.8/12.7/15.8/13.0/15.8
# (median 14.8), split (both modules) 11.0/14.9/16.6/11.2/15.4/11.7/15.4 (median 14.9); paired -4.6 to +1.8, median
# -0.4, mean -0.8 s: cc 9.9 -> 8.9 s (medians; the play module 5.0-7.8 s, the face 1.6-2.4 s), Cython 4.7 -> 5.3 s
# (the play module parses every header the whole module did, the face 0.7-1.1 s); C 37,849 -> 22,757 + 22,593 lines.
# Clean builds alternating (CPU user+sys): main 113.2/113.4 s, split 117.2/111.5 s.  Why it pays less than spades'
# ~3 s: this face's glue was at -Os inside the module and is small (no table setters or features), and a module of its
# own costs ~2 s of gcc (Python's headers, Cython's per-module code, at -O0/-O1) and ~0.9 s of Cython before any glue.
# The play module's glue at -O0 instead (cc 4.8/5.4/7.1 s): heuristic 18,292 -> 18,897 (+3.3%), random +0.55%, PIMC
# +4.1%, bid odds +4.6-4.7% (gcc's unit budget again): dropped.


def glue_level(name: str) -> str:
    """The level of module ``cardsim.<name>``'s glue, a COLD_GLUE module: -O0, or -Os where BUDGET_BOUND."""
    return COLD_LEVEL if name in BUDGET_BOUND else "O0"


COLD_MARK = "\n/* cardsim setup.py: Cython's glue optimised for size or not at all (cold_glue) */\n"
COLD_MACRO = "CARDSIM_COLD_GLUE"
COLD_DEFINE = (f'#if defined(__GNUC__) && !defined(__clang__)\n#define {COLD_MACRO} __attribute__((optimize("{{level}}")))\n'
               f"#else\n#define {COLD_MACRO}\n#endif\n")  # (gcc's attribute; other compilers: the module's level)
_COLD_DEF = re.compile(
    r"^(static |PyMODINIT_FUNC )((?:CYTHON_SMALL_CODE |CYTHON_UNUSED )*)(?=[^;=(\n]*?\b(__pyx_(?:pw|pf|tp|getprop|setprop|mp"
    r"|sq|pymod|m_|gb|convert)\w*|__Pyx_\w+)\()", re.M)
_PF_DEF = re.compile(r"^static [^;=(\n]*?\b(__pyx_pf_\w+)\(", re.M)


def cold_glue(c_file: str, level: str = COLD_LEVEL, warm: tuple[str, ...] = ()) -> int:
    """Mark Cython's glue in ``c_file`` (a C file Cython wrote) to be compiled at ``level`` (gcc's
    optimize attribute: "Os" for size, "O0" not optimised); the number of declarations marked (0 when
    the file already is).  ``warm``: properties (``Class.name``, WARM_GLUE) whose getters stay unmarked."""
    with open(c_file, encoding="utf-8") as fh:
        text = fh.read()
    if text.endswith(COLD_MARK):
        return 0
    # the def functions holding a parallel loop (its body is outlined from them and keeps their level)
    starts = [(m.start(), m.group(1)) for m in _PF_DEF.finditer(text)] + [(len(text), "")]
    hot = {name for (start, name), (end, _next) in zip(starts, starts[1:]) if "#pragma omp" in text[start:end]}
    # a property's getter: its slot (__pyx_getprop_..._<Class>_<name>), wrapper (_<n><name>_1__get__), body (___get__)
    getters = [re.compile(rf"\d+{cls}_(?:{len(prop)}{prop}_1?__get__|{prop})$")
               for cls, prop in (dotted.split(".") for dotted in warm)]
    count = 0

    def mark(m: re.Match[str]) -> str:
        nonlocal count
        line_end = text.find("\n", m.start())
        if (m.group(3) in hot or "CYTHON_INLINE" in text[m.start():line_end]
                or any(getter.search(m.group(3)) for getter in getters)):
            return m.group(0)
        count += 1
        return f"{COLD_DEFINE.format(level=level) if count == 1 else ''}{m.group(1)}{m.group(2)}{COLD_MACRO} "

    text = _COLD_DEF.sub(mark, text)
    with open(c_file, "w", encoding="utf-8") as fh:
        fh.write(text + COLD_MARK)
    return count


# gcc's inliner works to per-function budgets: once a hot loop has grown, it stops inlining some
# of the small functions the loop calls per card, and their calls (arguments spilled, registers
# saved) cost more than their bodies.  ALWAYS_INLINE names, per module, the cdef inline functions
# (dotted as cimported: ``pinochle.cards.legal_cards``) marked __attribute__((always_inline)) in
# that module's C file, right after Cython writes it.  Measured with scripts/callgrind_trees.py
# (instructions a hand or trial, /work/main built at 115c589-c2c9b5f -> forced): cutthroat: bid 50,502 -> 44,967 (300 trials,
# no widow table), heuristic 15,780 -> 14,821, random 6,019 -> 6,019 once cp_auction_act and
# meld_points joined (gcc had moved them out); partnership: heuristic 23,952 -> 21,986, bid 70,969 ->
# 66,936, random 7,883 -> 7,867 (with meld_points and pp_heuristic_choice alone random rose 5%:
# pp_play, pp_start_play and pp_finish are there for it).  Every workload of a module listed is checked
# when its list changes: forcing one call inline moves gcc's other choices.
# The family modules' exported copies of the players' steps (eu_ext_*, cp_ext_*, pp_ext_*: what
# _odds_conditions and solver._pimc call instead of compiling the players) give gcc more callers, and
# it stopped inlining some of them into the batches (callgrind_trees, main 11fed36 -> exports alone ->
# with these marks, instructions a hand or trial): euchre.euchre's eu_play_out and eu_odds_play (euchre
# heuristic 7,400 -> 7,492 -> 7,370, games 82,488 -> 83,705 -> 82,151, bid plain 44,422 -> 44,617 ->
# 43,568); cutthroat's cp_best_trump_melds (random 5,544 -> 5,769 -> 5,546); partnership's
# pp_heuristic_bid, pp_heuristic_card, pp_pass, pp_auction_act (heuristic 21,986 -> 22,438 -> 21,958,
# random 7,867 -> 7,862 -> 7,871).  The world's draw and view (fused: every specialisation marked) for
# the PIMC play-outs the pinochle modules now compile for solver._pimc: cutthroat pimc 4,078,687 ->
# 4,141,180 -> 4,119,186 a hand; partnership 4,665,109 -> 4,788,552 -> 4,816,353 (marking
# pp_play_out too: 4,819,730, and its batches rose 0.9% and 1.3%).
# partnership's pp_auction_act (the heuristic auction's own loop calls it per bid): heuristic 17,787 -> 17,632,
# random 7,837 -> 7,754; left out, each measured worse: pp_legal (heuristic 17,426 -> 17,989), cards.meld_side_points
# (17,426 -> 17,499), partnership_players.pp_heuristic_bid (17,632 -> 17,675, random 7,754 -> 7,929).
# partnership_players.pp_lead_choices (gcc moved it out of pp_play_out when the count after a partner's pass
# joined pp_heuristic_bid, stop 31; against main d2b6dfe): heuristic 17,787 -> 18,824 -> 18,528, bid plain 55,728 ->
# 56,495 -> 55,285, known 57,166 -> 57,926 -> 56,719, pimc 4,418,337 -> 4,377,920 with it, random 5,112 throughout.
# partnership_players.pp_count_with_trees (the opener's and the after-pass count's trees, stop 35; against 5696765,
# no opener trees loaded): as gcc's call 17,616 -> 17,772 instructions a hand, forced inline 17,589.
# partnership_players.pp_after_pass_inputs (the trees' inputs of a suit, read when a seat's count names a suit its
# kept inputs do not hold; gcc kept it a call from the inlined pp_count_with_trees; stop 38, against cac7c5b):
# heuristic 18,374 -> 18,292, random 5,140, pimc 4,346,736 -> 4,346,638, bid plain 54,199 and known 55,660 unchanged.
# Random batches (issue 15; hands per CPU second against main, one process alternating the builds'
# batch calls under chrt): random_play.pin_random_trick and pin_random_follow (then cutthroat's
# cp_random_trick and cp_random_follow), the random trick run for a group of hands side by side: as
# calls the tricks overlap less (two hands at a time: 1.23x main as calls, 1.32x inline; whether gcc
# inlined them changed with the C file's size).  Shared with partnership (issue 15, callgrind 30,000
# hands): its random batch 7,916 -> 5,881 with both marked; random_play's load and store (fused over
# PinHand) marked too when they replaced the engines' copies: partnership 5,137 -> 5,119, cutthroat
# random 4,994 -> 4,948.
# spades.spades (issue 15, callgrind --hands 2000): spades heuristic 15,144 -> 14,239, cutthroat spades
# heuristic 13,505 -> 12,739, spades random 7,172 (main 7,217) with sp_heuristic_card (gcc called it from the
# play loop); sp_features too: 14,356 / 12,831; sp_heuristic_bid too: 14,246 / 12,748 (both dropped).
# With the tricks in sp_tricks' loop (callgrind --hands 5000): sp_choose_card and sp_heuristic_lead (gcc
# called both from it) 12,880 -> 11,945 / 11,471 -> 10,573, random 7,160; sp_lowest and sp_highest too
# 12,015 / 10,646, random 7,263 (dropped).
# pinochle.two_hand (issue 15, callgrind --hands 2000, two-hand heuristic 34,031 without): th_legal_melds
# alone 33,965, th_cheapest_keep alone 32,526, both 32,151; th_heuristic_card too 32,135; th_play too
# (with th_legal_melds and th_heuristic_card) 34,115 (both dropped).  Issue 15 again (--hands 3000, the
# heuristic rewritten on masks, 23,623 with th_needed_by, th_cheapest_lowest, th_legal): th_policy_step 22,582
# (its call and frame per action gone), with th_heuristic_card 22,000, cards.legal_cards 21,759, th_play 21,445,
# th_copy_of 21,413; two-hand bid odds trials (heuristic, 3,000 under callgrind) 32,877 at main 0bf7a0a ->
# 21,654 a trial with the lot.
ALWAYS_INLINE = {
    "pinochle.cutthroat": ("pinochle.cutthroat_players.cp_choose", "pinochle.cards.legal_cards",
                           "pinochle.cutthroat_players.pin_meld_loss", "pinochle.cutthroat_engine.cp_auction_act",
                           "pinochle.cards.meld_points", "pinochle.random_play.pin_random_trick",
                           "pinochle.random_play.pin_random_follow", "pinochle.random_play.pin_random_play_load",
                           "pinochle.random_play.pin_random_play_store", "pinochle.cutthroat_players.cp_best_trump_melds",
                           "pinochle.world.pin_world_draw", "pinochle.world.pin_world_prepare_nogil"),
    "pinochle.partnership": ("pinochle.cards.meld_points", "pinochle.partnership_players.pp_heuristic_choice",
                             "pinochle.partnership_engine.pp_play", "pinochle.partnership_engine.pp_start_play",
                             "pinochle.partnership_engine.pp_finish", "pinochle.partnership_players.pp_heuristic_bid",
                             "pinochle.partnership_players.pp_heuristic_card", "pinochle.partnership_engine.pp_pass",
                             "pinochle.partnership_engine.pp_auction_act", "pinochle.world.pin_world_draw",
                             "pinochle.random_play.pin_random_trick", "pinochle.random_play.pin_random_follow",
                             "pinochle.random_play.pin_random_play_load", "pinochle.random_play.pin_random_play_store",
                             "pinochle.world.pin_world_prepare_nogil", "pinochle.partnership_players.pp_lead_choices",
                             "pinochle.partnership_players.pp_count_with_trees",
                             "pinochle.partnership_players.pp_after_pass_inputs"),
    "euchre.play": ("euchre.players.eu_play_out", "euchre.odds.eu_odds_play"),
    "spades.play": ("spades.players.sp_heuristic_card", "spades.players.sp_choose_card",
                    "spades.players.sp_heuristic_lead"),
    "pinochle.two_hand": ("pinochle.two_hand_engine.th_legal_melds", "pinochle.two_hand_players.th_cheapest_keep",
                          "pinochle.two_hand_players.th_needed_by", "pinochle.two_hand_players.th_cheapest_lowest",
                          "pinochle.two_hand_engine.th_legal", "pinochle.two_hand_players.th_policy_step",
                          "pinochle.two_hand_players.th_heuristic_card", "pinochle.cards.legal_cards",
                          "pinochle.two_hand_engine.th_play", "pinochle.two_hand_engine.th_copy_of"),
    # the search's move ordering, called once per legal card (gcc kept it a call): callgrind, 13-card spades
    # seed 1, 3 deals, value + every lead, 1,470.6M -> 1,419.8M instructions; the table's store, relative
    # terms and class check (pinochle's lane frame, stop 35: gcc called sv_gstore and sv_rel once they grew):
    # callgrind against 5696765, euchre oracle 1.0234 / 1.0161 -> 0.9952, spades oracle(8) 1.0123 -> 0.9985,
    # euchre PIMC 1.0227 -> 0.9950; the table's probe (stop 38: written once for the first probe, inline,
    # and the second, a call): as a call in both, or inline twice, trick mode's rows 1.0082-1.0229
    "solver._solver": ("solver._solver.sv_order_score", "solver._solver.sv_top_two_trumps",
                       "solver._solver.sv_gstore", "solver._solver.sv_rel", "solver._solver.sv_unrel",
                       "solver._solver.sv_same_count", "solver._solver.sv_gprobe"),
}
INLINE_MACRO = "CARDSIM_ALWAYS_INLINE"
INLINE_DEFINE = (f"#ifndef {INLINE_MACRO}\n#if defined(__GNUC__)\n#define {INLINE_MACRO} __attribute__((always_inline))\n"
                 f"#else\n#define {INLINE_MACRO}\n#endif\n#endif\n")  # (gcc and clang; other compilers: a hint only)


def cython_c_name(dotted: str) -> str:
    """Cython's C name of the cdef function ``dotted`` (``pinochle.cards.legal_cards`` ->
    ``__pyx_f_7cardsim_8pinochle_5cards_legal_cards``: each module part prefixed by its length)."""
    *module, function = ["cardsim", *dotted.split(".")]
    return "__pyx_f_" + "_".join(f"{len(part)}{part}" for part in module) + "_" + function


def force_inline(c_file: str, functions: tuple[str, ...]) -> int:
    """Mark the prototypes of ``functions`` (ALWAYS_INLINE's names) in ``c_file`` always_inline (a fused
    function: each of its specialisations); the number marked now (0 when the file already is).  A name
    with no prototype in the file is an error: a renamed function would otherwise silently lose its mark."""
    with open(c_file, encoding="utf-8") as fh:
        text = fh.read()
    count = 0
    for dotted in functions:
        c_name = cython_c_name(dotted)
        proto = re.compile(rf"^static CYTHON_INLINE ((?:{INLINE_MACRO} )?)([^;(\n]*\b(?:__pyx_fuse_\d+)?{c_name}\([^;\n]*\);"
                           r" /\*proto\*/)$", re.M)
        matches = list(proto.finditer(text))
        if not matches:
            raise RuntimeError(f"{c_file}: no prototype of {dotted} ({c_name}) to mark always_inline")
        for match in reversed(matches):  # (from the end: the earlier matches' offsets stay valid)
            if match.group(1):
                continue
            text = text[:match.start()] + f"static CYTHON_INLINE {INLINE_MACRO} {match.group(2)}" + text[match.end():]
            count += 1
    if count:
        first = text.index(f"static CYTHON_INLINE {INLINE_MACRO} ")
        text = text[:first] + INLINE_DEFINE + text[first:]
        with open(c_file, "w", encoding="utf-8") as fh:
            fh.write(text)
    return count


# Cython compiles every inline function of every header a module cimports, directly or not, into
# that module (it has no notion of an unused one): its parse, its analysis and its C, which gcc then
# parses and drops.  pinochle.two_hand cimports all of cutthroat_players.pxd for a few helpers, spades.odds
# all of spades/players.pxd.  So before Cython analyses a cardsim header (its parse tree, in the worker that
# cythonizes the module), the inline functions the module can never reach are taken out of the tree:
# ``needed_inline`` finds the ones it can reach, a name at a time from the module's own text, and
# ``prune_headers`` drops the rest.  The C of every function kept is the same; an unreachable function
# was never compiled by gcc (a static function nothing calls), so the machine code is the same too.
_INLINE_HEAD = re.compile(r"^cdef\s+inline\b[^(]*?\b(\w+)\s*\(", re.M)
_TOP_LEVEL = re.compile(r"^[^\s#]", re.M)
_WORD = re.compile(r"[A-Za-z_]\w*")
_PROSE = re.compile(r'""".*?"""|#[^\n]*', re.S)  # docstrings and comments: names there are no calls


def needed_inline(name: str) -> set[str]:
    """The names of the inline functions (in cardsim's headers) that module ``cardsim.<name>`` can reach:
    named in its .pyx or .pxd, in any header text outside an inline function's body (declarations,
    constants), or in the body of one it reaches (comments and docstrings left out).  By name, over all its
    headers (a name in two headers keeps both): it keeps more than it needs, never less."""
    roots, bodies = [], {}
    for path, text in module_sources(name):
        text = _PROSE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
        if not path.endswith(".pxd"):
            roots.append(text)
            continue
        # a header: each inline function's text runs from its head to the next top-level line
        ends = [m.start() for m in _TOP_LEVEL.finditer(text)] + [len(text)]
        rest, last = [], 0
        for head in _INLINE_HEAD.finditer(text):
            end = next(e for e in ends if e > head.start())
            rest.append(text[last:head.start()])
            bodies.setdefault(head.group(1), []).append(text[head.end():end])
            last = end
        roots.append("".join(rest) + text[last:])
    reached: set[str] = set()
    words = [w for text in roots for w in _WORD.findall(text) if w in bodies]
    while words:
        word = words.pop()
        if word not in reached:
            reached.add(word)
            words += [w for body in bodies[word] for w in _WORD.findall(body) if w in bodies]
    return reached


def _function_name(declarator: object) -> str:
    """The name a Cython declarator declares (through its pointer and function declarators)."""
    while not hasattr(declarator, "name"):
        declarator = declarator.base  # type: ignore[attr-defined]
    return declarator.name  # type: ignore[attr-defined]


def prune_headers(keep: set[str]) -> None:
    """From now on in this process, Cython drops from each cardsim header it parses the inline functions
    not in ``keep`` (a stage after the parse of the header's pipeline)."""
    from Cython.Compiler import Nodes, Pipeline

    headers = os.path.abspath("src/cardsim") + os.sep  # (cardsim's own; Cython's bundled ones are left whole)

    def prune(tree: object) -> object:
        try:  # (Cython's parse tree is not a public API: should it change, the header stays whole)
            body = tree.body  # type: ignore[attr-defined]
            if isinstance(body, Nodes.StatListNode) and os.path.abspath(tree.pos[0].filename).startswith(headers):  # type: ignore[attr-defined]
                body.stats = [stat for stat in body.stats if not (
                    isinstance(stat, Nodes.CFuncDefNode) and "inline" in stat.modifiers
                    and _function_name(stat.declarator) not in keep)]
        except AttributeError:
            pass
        return tree

    if not hasattr(Pipeline, "cardsim_pxd_pipeline"):  # (once per process; the set kept changes per module)
        Pipeline.cardsim_pxd_pipeline = Pipeline.create_pxd_pipeline

        def create_pxd_pipeline(*args: object) -> list[object]:
            parse, *rest = Pipeline.cardsim_pxd_pipeline(*args)
            return [parse, Pipeline.cardsim_prune, *rest]

        Pipeline.create_pxd_pipeline = create_pxd_pipeline
    Pipeline.cardsim_prune = prune


@contextlib.contextmanager
def collector_off() -> Iterator[None]:
    """Python's cyclic garbage collector off for the block (as it was after).  For Cython: it builds some
    20,000 parse tree nodes a module, and the collector's passes over the growing heap took about a fifth
    of its time (the 16 modules cythonized in one process by ``cythonize_one``, alternating, load 7-11: CPU
    23.5/23.4/22.5 s with the collector, 18.4/18.1/17.4 s without); the peak memory is the same (370 MB: the
    trees are freed by their reference counts) and so is the C, byte for byte (and a clean build's objects
    and modules: every .c, .o and .so of main d2b6dfe's clean build the same as this one's).  (Tried with it, build13: a cache
    of Cython's search for cimported files keyed by the cimporting file's directory instead of by the
    cimport's position, as Cython's own cache is: 24,087 globs fewer, no CPU measurably saved.)
    The build's Cython workers keep the collector off for their whole life (``ParallelBuildExt.run``; they
    live for one build and run only Cython): turned back on after each module, the collector's next pass went
    over everything the module left (some 190,000 to 290,000 objects, Cython's caches among them, the more
    the later the module) and took 0.15-0.3 s of CPU each time, about 0.2 s a module.  build15 (stop 33), the
    16 modules and the shared utility cythonized in one process (/tmp/build15/gen_all.py), three rounds
    alternating, load 7-10: CPU 25.5/21.1/22.0 s (main 1484d41), 21.9/19.5/21.1 s (``cython_compile`` instead of
    cythonize), 18.1/16.9/17.6 s (and the collector off all along): -20%; the C files byte for byte the same.  Peak memory: 388 MB
    with a pass after each module, 547 MB with none (the cycles the trees leave are never freed; the build's
    two workers cythonize about eight modules each)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


# Where Cython's time goes (build15, stop 33: the 16 modules cythonized in one process, Cython's pipeline
# timers and cProfile, load 8-10): of 14.7 s, 7.1 s in the pipelines of the cimported headers (their parse
# 1.5 s; then the analysis and the C of the inline functions kept), 3.1 s writing the module's C, the rest
# the .pyx's own analysis.  Not done: pruning the headers' text before Cython parses it (what prune_headers
# drops is 343 of the 1,678 kB of headers summed over the modules: at most ~0.3 s of parse); the fused
# specialisations no module reaches (4 functions, 15 kB of C, in each of pinochle.cutthroat and partnership).
# The serial start before the workers fork: the imports 0.5 s, preload_cython 0.9-1.1 s (cProfile: the
# scanner's lexicon, a DFA Cython builds at import, about two thirds; its builtin scope a quarter); nothing
# found to overlap it with (every worker's first step is Cython).  Clean builds (git clean -xdf src build;
# python setup.py build_ext --inplace -q -j 2; alternating f95e206, main 1484d41, build15, f95e206, main,
# build15; other helpers running, load 5-10): CPU (user+sys) f95e206 116.5 / 108.8 s, main 105.4 / 103.2 s,
# build15 93.8 / 102.5 s; every .c and .so of build15's clean build the same, byte for byte, as main's.
_NUMPY_CIMPORT = re.compile(r"^\s*(?:from\s+numpy\s+cimport|cimport\s+numpy\b)", re.M)


def cython_c_file_stale(name: str, c_file: str) -> bool:
    """Whether module ``cardsim.<name>``'s C file must be written again: it is missing, or another Cython
    (or a failed run) wrote it, or it is older than one of ``module_sources`` (its .pyx, its .pxd and every
    cardsim header it cimports, directly or not) or than numpy's headers where it cimports numpy.  The rule
    of cythonize's own check, over the same files: the only other headers the modules cimport are Cython's
    own (libc, cpython, cython.parallel), which change with Cython's version (tests/test_build_deps.py
    checks the files against cythonize's dependency tree)."""
    from Cython import Utils

    if not os.path.exists(c_file) or not Utils.file_generated_by_this_cython(c_file):
        return True
    c_time = os.path.getmtime(c_file)
    sources = list(module_sources(name))
    numpy_headers = glob.glob(os.path.join(os.path.dirname(numpy.__file__), "__init__*.pxd"))
    paths = [path for path, _text in sources] + (numpy_headers if any(_NUMPY_CIMPORT.search(t) for _p, t in sources) else [])
    return any(os.path.getmtime(path) > c_time for path in paths)


def cython_compile(name: str, pyx: str, force: bool) -> str:
    """Module ``cardsim.<name>``'s C file from its .pyx, written by Cython's compiler (``Cython.Compiler.Main
    .compile``) when ``force`` or ``cython_c_file_stale``, with the options, directives and metadata comment that
    ``cythonize`` gives it (the same C, byte for byte).  Not through ``cythonize``: before it compiles anything,
    it scans every module's cimports into a dependency tree, searching the source folder and every folder of
    sys.path for each cimported name (some 4,000 globs for euchre.euchre), about 1.1 s of CPU a clean build
    (the 16 modules cythonized in one process: 1.14 s in ``create_extension_list``; each build worker scans
    again) only to find the files ``module_sources`` reads.  build15 (stop 33): Cython's CPU for every module
    22.0 -> 21.1 s (medians of three, alternating, load 7-10; ``collector_off``), the C files the same."""
    from Cython.Compiler.Main import compile as compile_pyx

    c_file = pyx[:-len(".pyx")] + ".c"
    if not force and not cython_c_file_stale(name, c_file):
        return c_file
    prune_headers(needed_inline(name))
    metadata = {"distutils": {"depends": [], "name": f"cardsim.{name}", "sources": [pyx]}, "module_name": f"cardsim.{name}"}
    result = compile_pyx(pyx, full_module_name=f"cardsim.{name}", output_file=c_file, compiler_directives=directives,
                         shared_utility_qualified_name=SHARED_UTILITY, include_path=["."], embedded_metadata=metadata,
                         timestamps=False)
    if result.num_errors:
        raise RuntimeError(f"Cython found {result.num_errors} error(s) in {pyx} (above)")
    return c_file


# A module's build recipe: what setup.py itself feeds into the module's C (Cython's directives, the glue's level,
# the always_inline marks, the code that writes and marks the C) and into its compile (the flags, macros, include
# folders and link flags of its Extension).  Neither Cython's check (the sources' times) nor setuptools' (the C's
# time against the module's) sees those: until build17 (stop 35) a change of a module's glue level, ALWAYS_INLINE
# list or -O level, or CARDSIM_DEBUG=1, silently kept the old C and the old module.  So each C file carries the two
# hashes of its recipe on its second line (the first is Cython's own, by which it knows the file; cold_glue's mark
# stays the last): a C recipe that differs has the C written again (Cython, then the marks); a compile recipe that
# differs has the line alone written again, and the C's new time has setuptools compile the module again.  A C file
# without the line (Cython wrote it and the marks were not done, or a build before build17's) is written again.
# A no-op build reads two lines of each C instead of the whole file twice (cold_glue's and force_inline's checks):
# CPU 2.8/3.4/3.1 -> 2.4/2.6/2.5 s, three alternating pairs at load 9-10 (build17).
# Not in the recipe: the compiler and Python's own flags (setuptools' part: a build with another Python compiles
# its own modules anyway), and the sources (Cython's check, cython_c_file_stale).
RECIPE_LINE = "/* cardsim build recipe: C {c}, compile {compile} (setup.py build_recipe) */\n"
_RECIPE_LINE = re.compile(r"/\* cardsim build recipe: C (\w+), compile (\w+) ")
# setup.py's statements that write or mark a module's C: their code (ast.dump: no comments, no line numbers) is
# part of every C recipe, so a change of what they do writes every C file again
C_WRITERS = ("directives", "SHARED_UTILITY", "cython_compile", "cythonize_one", "prune_headers", "needed_inline",
             "_function_name", "_INLINE_HEAD", "_TOP_LEVEL", "_WORD", "_PROSE", "cold_glue", "COLD_MARK", "COLD_MACRO",
             "COLD_DEFINE", "_COLD_DEF", "_PF_DEF", "force_inline", "cython_c_name", "INLINE_MACRO", "INLINE_DEFINE",
             "write_recipe")


@functools.cache
def code_of(names: tuple[str, ...]) -> str:
    """The code of setup.py's top-level statements that define ``names`` (functions and assignments), as
    ``ast.dump`` writes it: what they do, not where they are nor the comments around them."""
    with open(__file__, encoding="utf-8") as fh:
        tree = ast.parse(fh.read())
    defined = [node for node in tree.body
               if isinstance(node, ast.FunctionDef) and node.name in names
               or isinstance(node, (ast.Assign, ast.AnnAssign)) and any(
                   isinstance(target, ast.Name) and target.id in names
                   for target in (node.targets if isinstance(node, ast.Assign) else [node.target]))]
    return "\n".join(ast.dump(node) for node in defined)


def recipe_hash(recipe: object) -> str:
    return hashlib.sha256(json.dumps(recipe, sort_keys=True).encode()).hexdigest()[:16]


def build_recipe(ext: Extension) -> tuple[str, str]:
    """The hashes of what shapes module ``ext``'s C and its compile, besides its sources (RECIPE_LINE)."""
    name = ext.name.removeprefix("cardsim.")
    c_recipe = {"code": code_of(C_WRITERS), "debug": DEBUG,
                "glue": glue_level(name) if not DEBUG and name in COLD_GLUE else None,
                **({"warm_glue": list(WARM_GLUE[name])} if not DEBUG and name in WARM_GLUE else {}),
                "always_inline": [] if DEBUG else list(ALWAYS_INLINE.get(name, ()))}
    compile_recipe = {"args": ext.extra_compile_args, "macros": ext.define_macros, "undef": ext.undef_macros,
                      "include": ext.include_dirs, "link": ext.extra_link_args, "libraries": ext.libraries}
    return recipe_hash(c_recipe), recipe_hash(compile_recipe)


def read_recipe(c_file: str) -> tuple[str, str] | None:
    """The recipe hashes on ``c_file``'s second line; None if it has none (or is missing)."""
    try:
        with open(c_file, encoding="utf-8") as fh:
            fh.readline()
            found = _RECIPE_LINE.match(fh.readline())
    except (OSError, UnicodeDecodeError):
        return None
    return (found.group(1), found.group(2)) if found else None


def write_recipe(c_file: str, recipe: tuple[str, str]) -> None:
    """Write ``recipe``'s line into ``c_file`` as its second line: in place of the recipe line there, or of the
    empty line Cython leaves after its first (so the C's line numbers, which Cython's tracebacks bake into the
    code, stay the same and so does the module, byte for byte)."""
    with open(c_file, encoding="utf-8") as fh:
        first, second, rest = fh.read().split("\n", 2)
    kept = "" if second == "" or _RECIPE_LINE.match(second) else f"{second}\n"
    with open(c_file, "w", encoding="utf-8") as fh:
        fh.write(f"{first}\n{RECIPE_LINE.format(c=recipe[0], compile=recipe[1])}{kept}{rest}")


def cythonize_one(name: str, sources: list[str], force: bool, recipe: tuple[str, str]) -> list[str]:
    """Cythonize one module (in a worker process: Cython is not thread-safe; the inline functions it
    cannot reach pruned from its headers, ``prune_headers``; ``cython_compile``, or ``cythonize`` for the
    shared utility module); its C sources, the glue of a COLD_GLUE module marked cold (``cold_glue``, at
    ``glue_level``) unless CARDSIM_DEBUG=1, and ``recipe`` (``build_recipe``) written in.  The C is written
    again when its C recipe differs; a compile recipe that differs is written in alone.  Cython runs with
    Python's cyclic garbage collector off (``collector_off``)."""
    short = name.removeprefix("cardsim.")
    out = []
    for source in sources:
        if name != SHARED_UTILITY and not source.endswith(".pyx"):
            out.append(source)  # (a C source of its own: Cython writes nothing)
            continue
        c_file = source[:-len(".pyx")] + ".c" if source.endswith(".pyx") else source
        had = read_recipe(c_file)
        again = force or had is None or had[0] != recipe[0]
        with collector_off():
            if name == SHARED_UTILITY:  # (cythonize writes it: Cython's own utility code, no .pyx)
                cythonize([Extension(name, [c_file])], compiler_directives=directives,
                          shared_utility_qualified_name=SHARED_UTILITY, force=again, quiet=True)
            else:
                cython_compile(short, source, again)
        if read_recipe(c_file) is None:  # (written just now)
            if not DEBUG and short in COLD_GLUE:
                cold_glue(c_file, glue_level(short), WARM_GLUE.get(short, ()))
            if not DEBUG and short in ALWAYS_INLINE:
                force_inline(c_file, ALWAYS_INLINE[short])
            write_recipe(c_file, recipe)
        elif had != recipe:
            write_recipe(c_file, recipe)
        out.append(c_file)
    return out


def picklable(fn: object) -> bool:
    """Whether ``fn`` can go to a worker process by reference: not when a build front end (pip's
    isolated build) runs this file as code under another ``__main__``; then Cython runs here, one
    module at a time, and only the C compilers run side by side."""
    try:
        pickle.dumps(fn)
    except (pickle.PicklingError, AttributeError, TypeError):
        return False
    return True


def preload_cython() -> None:
    """Import Cython's compiler before the workers fork.  ``from Cython.Build import cythonize`` loads
    only its front; each forked worker would otherwise import the rest (the parse tree transforms, the
    pipeline, the code generator) on its first module: about 1.2 s of CPU per worker, paid once here
    instead (build11: in one process, solver._stock cythonized 2.1 s the first time, 0.95 s the second;
    after these imports, which took 1.26 s, 0.84 s the first time).  The C files are the same."""
    import Cython.Compiler.ModuleNode  # noqa: F401
    import Cython.Compiler.Optimize  # noqa: F401
    import Cython.Compiler.ParseTreeTransforms  # noqa: F401
    import Cython.Compiler.Parsing  # noqa: F401
    import Cython.Compiler.Pipeline  # noqa: F401


class ParallelBuildExt(build_ext):
    """Build the core's modules side by side, one worker per CPU unless ``-j`` says otherwise.

    Each worker cythonizes its module and then compiles it, so the C compiler works on one
    module while Cython translates another.  Cython runs in a pool of worker processes (it is
    not thread-safe, so in-process it would need a lock and run one module at a time), the C
    compilers in parallel threads.  Cython regenerates a module only when its .pyx or a
    header it cimports changed, or its C recipe (``build_recipe``), and the C compiler runs only
    for modules whose C was written again: a change to one game family rebuilds that family's
    modules only, a change to one module's recipe that module only.
    """

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

    def _run_build(self) -> None:
        if self.inplace:
            # cardsim._core was one compiled module before the core was split: a build of it
            # left in place would shadow src/cardsim/_core.py, which re-exports the modules.
            for stale in glob.glob("src/cardsim/_core.*.so") + glob.glob("src/cardsim/_core.*.pyd"):
                print(f"removing {stale} (the core is now several modules; _core.py re-exports them)")
                os.remove(stale)
        super().run()

    def run(self) -> None:
        self._pool = None
        if sys.platform.startswith("linux") and picklable(cythonize_one):
            preload_cython()
            try:  # forked workers start with Cython's compiler imported; all fork now, before any thread runs
                self._pool = ProcessPoolExecutor(max_workers=int(self.parallel or 1),
                                                 mp_context=multiprocessing.get_context("fork"), initializer=gc.disable)
                self._pool.submit(int).result()
            except (OSError, ValueError):
                self._pool = None  # (elsewhere, or no processes: Cython here, one module at a time)
        try:
            self._run_build()
        finally:
            if self._pool is not None:
                self._pool.shutdown()

    def build_extension(self, ext: Extension) -> None:
        # (cythonizing the shared utility's Extension writes src/cardsim/_cyutility.c)
        recipe = build_recipe(ext)
        if self._pool is not None:
            ext.sources = self._pool.submit(cythonize_one, ext.name, ext.sources, bool(self.force), recipe).result()
        else:
            with CYTHON_LOCK:
                ext.sources = cythonize_one(ext.name, ext.sources, bool(self.force), recipe)
        super().build_extension(ext)


CYTHON_LOCK = threading.Lock()

setup(
    ext_modules=extensions,
    cmdclass={"build_ext": ParallelBuildExt},
)
