"""nth_bit's two paths (_bits.pxd: PDEP where the CPU has a fast one, chosen when the module
loads; a portable popcount search elsewhere, or with CARDSIM_NO_PDEP=1) pick the same cards:
the same seeded batches of every game, run in a child process on each path, are byte-identical.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys

import pytest

from cardsim import _core

CHILD = r"""
import hashlib, sys
import numpy as np
from cardsim import Game, _core, bid_odds
digest = hashlib.sha256()
for name, policy in [("cutthroat-pinochle", "random"), ("cutthroat-pinochle", "heuristic"),
                     ("partnership-pinochle", "random"), ("two-hand-pinochle", "random"),
                     ("euchre", "random"), ("cutthroat-euchre", "random"), ("spades", "random")]:
    records = Game(name).simulate(3000, policy=policy, seed=5, threads=1).array
    for field in records.dtype.names:
        digest.update(np.ascontiguousarray(records[field]).tobytes())
out = np.zeros((3000, 3), dtype=np.uint64)
_core.take_deals(0x0FFF0FFF0FFF0FFF, [15, 15, 3], 11, 0, out)
digest.update(out.tobytes())
print(_core.select_path(), digest.hexdigest())
"""


def run(no_pdep: bool) -> tuple[str, str]:
    env = {**os.environ}
    env.pop("CARDSIM_NO_PDEP", None)
    if no_pdep:
        env["CARDSIM_NO_PDEP"] = "1"
    out = subprocess.run([sys.executable, "-c", CHILD], env=env, check=True, capture_output=True,
                         text=True).stdout.split()
    return out[0], out[1]


def test_portable_path_is_forced_by_the_environment():
    path, _ = run(no_pdep=True)
    assert path == "portable"


def test_both_paths_give_identical_batches():
    default_path, default_digest = run(no_pdep=False)
    portable_path, portable_digest = run(no_pdep=True)
    assert portable_path == "portable"
    if default_path != "pdep":
        pytest.skip("this CPU has no fast PDEP: only the portable path runs here")
    assert default_digest == portable_digest


def test_this_process_reports_a_path():
    assert _core.select_path() in ("pdep", "portable")
