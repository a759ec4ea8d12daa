"""Build the private compiled core, ``cardsim._core``.

One Cython directive set for the whole core. OpenMP is used when the compiler
accepts ``-fopenmp``; otherwise the core is built single-threaded and a loud
warning says so (batches still run, on one thread).  ``CARDSIM_DEBUG=1`` turns
bounds checks and assertions back on.
"""
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import warnings

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

compile_args = ["-O3"] if not DEBUG else ["-O0", "-g"]
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
}

def extension(name: str) -> Extension:
    """One compiled module of the core, ``cardsim.<name>`` from ``src/cardsim/<name>.pyx``
    (a dotted name is a subpackage: ``solver._solver`` is src/cardsim/solver/_solver.pyx)."""
    return Extension(
        f"cardsim.{name}",
        [f"src/cardsim/{name.replace('.', '/')}.pyx"],
        include_dirs=[numpy.get_include()],
        extra_compile_args=compile_args,
        extra_link_args=link_args,
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")]
        + ([] if DEBUG else [("NDEBUG", None)]),
    )


# _contract: the game contract's shared machinery (GameState); _games: the whole-game batch
# driver; _core: the engines.
extensions = [extension("_contract"), extension("_games"), extension("_core")]
extensions.append(extension("solver._solver"))  # the perfect-information solver (issue 16)



class ParallelBuildExt(build_ext):
    """Compile the core's modules side by side, one per CPU, unless ``-j`` says otherwise."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1


setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives=directives,
        nthreads=os.cpu_count() or 1,
    ),
    cmdclass={"build_ext": ParallelBuildExt},
)
