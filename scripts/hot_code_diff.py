#!/usr/bin/env python3
"""Which functions' machine code differs between two builds, Cython's glue left out (issue 10).

    python scripts/hot_code_diff.py /tmp/old /work/wt/mine              # every module's object file
    python scripts/hot_code_diff.py /tmp/old /work/wt/mine --only spades.spades --list
    python scripts/hot_code_diff.py /tmp/old /work/wt/mine --exact       # registers and offsets too

Each TREE is a checkout built in place; its object files (build/temp*/src/cardsim/**.o, kept by
setup.py's build) are disassembled with objdump.  A change to the build (a flag, the glue's level,
an ``ALWAYS_INLINE`` mark) moves the bench workloads only through the code the batches run: the
cdef functions (``__pyx_f_...``), the OpenMP bodies (``..._omp_fn.N``) and the C helpers, not
Cython's glue (the Python wrappers, type slots, module init and Cython's own helpers).  So the
glue is left out and every other function is compared by name: by default as its sequence of
instruction mnemonics (registers, stack offsets, jump targets and relocations ignored, padding
dropped: a function with the same sequence runs the same number of instructions on any path),
with ``--exact`` as its whole text less addresses.  Printed per module: functions the same,
different, and only in one build (a function gcc now inlines everywhere or now keeps out of line);
``--list`` names them.  Seconds to run, where scripts/callgrind_trees.py takes many minutes: a
build change that leaves every module's count at 0 differing needs no callgrind run; one that
does not shows where to look (as measured at stop 28, any change to a module's glue moves some of
its hot code: register allocation, gcc's inlining budget per C file).
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

# Cython's glue: every function Cython names but the cdef ones (__pyx_f_..., fused: __pyx_fuse_N__pyx_f_...)
# and the OpenMP bodies outlined from def functions; Python's own inline helpers (Py_INCREF, PyTuple_SET_ITEM)
GLUE = re.compile(r"^(__pyx_(?!f_|fuse_)|__Pyx_|_?Py[A-Z_])")
PADDING = re.compile(r"^(nop|xchg %ax,%ax|data16|cs nop)")
TARGET = re.compile(r"<([^>+]+)(\+0x[0-9a-f]+)?>")


def object_files(tree: Path) -> dict[str, Path]:
    """module name (``spades.spades``) -> its object file in ``tree``'s build folder."""
    out = {}
    for obj in sorted(tree.glob("build/temp*/src/cardsim/**/*.o")):
        rel = obj.relative_to(next(obj.parents[i] for i in range(len(obj.parents)) if obj.parents[i].name == "cardsim"))
        out[".".join(rel.with_suffix("").parts)] = obj
    return out


def functions(obj: Path, exact: bool) -> dict[str, str]:
    """Each function's code in ``obj`` (glue left out), normalised as the module docstring says."""
    text = subprocess.run(["objdump", "-d", "-r", "--no-addresses", "--no-show-raw-insn", str(obj)],
                          capture_output=True, text=True, check=True).stdout
    bodies: dict[str, list[str]] = {}
    name = None
    for line in text.splitlines():
        head = re.match(r"^<(.+)>:$", line)
        if head:
            name = head.group(1)
            bodies[name] = []
        elif name is not None and line.strip() and not line.startswith("Disassembly"):
            bodies[name].append(" ".join(line.split()))
    out = {}
    for name, lines in bodies.items():
        if GLUE.match(name) and "omp_fn" not in name:
            continue
        while lines and PADDING.match(lines[-1]):
            lines.pop()  # (alignment after the function's end)
        if exact:
            # a jump or call out of the function: its target's name depends on the layout, not the code
            norm = [TARGET.sub(lambda m: m.group(0) if m.group(1) == name else "<other>", line) for line in lines]
        else:
            norm = [line.split(" ")[0] for line in lines if not line.startswith("R_") and not PADDING.match(line)]
        out[name] = "\n".join(norm)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--only", action="append", help="this module only (repeatable: spades.spades)")
    parser.add_argument("--exact", action="store_true", help="compare whole instructions, not mnemonics")
    parser.add_argument("--list", action="store_true", help="name the functions that differ")
    args = parser.parse_args()
    old, new = object_files(args.old), object_files(args.new)
    if not old or not new:
        raise SystemExit("no object files: build both trees in place first (python setup.py build_ext --inplace)")
    total = 0
    for module in sorted(set(old) & set(new)):
        if args.only and module not in args.only:
            continue
        a, b = functions(old[module], args.exact), functions(new[module], args.exact)
        differ = sorted(f for f in set(a) & set(b) if a[f] != b[f])
        only_old, only_new = sorted(set(a) - set(b)), sorted(set(b) - set(a))
        total += len(differ) + len(only_old) + len(only_new)
        print(f"{module:24s} same {len(set(a) & set(b)) - len(differ):4d}   differ {len(differ):4d}   "
              f"only old {len(only_old):3d}   only new {len(only_new):3d}")
        if args.list:
            for label, names in (("differ", differ), ("only old", only_old), ("only new", only_new)):
                for f in names:
                    print(f"    {label:8s} {f}" + (f" ({a[f].count(chr(10)) + 1} -> {b[f].count(chr(10)) + 1} lines)"
                                                    if label == "differ" else ""))
    print(f"functions that differ or are in one build only: {total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
