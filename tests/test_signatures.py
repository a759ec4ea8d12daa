"""Behaviour pinned: every game's fixed-seed signatures (scripts/signatures.py) equal the ones
stored in tests/signatures.json, so that any change of behaviour shows up here.

A failure names the game and the workload whose signature moved.  If the change is meant,
re-baseline with ``PYTHONPATH=src python scripts/signatures.py --write`` in the commit that
means to change behaviour (and say so in its message); otherwise find what changed.
"""
from __future__ import annotations


import numpy as np
import pytest

from cardsim import implemented_games
from repo_files import load

signatures = load("scripts/signatures.py", "cardsim_signatures")

STORED = signatures.load()


def test_every_game_has_signatures() -> None:
    missing = sorted(set(implemented_games()) - set(STORED))
    extra = sorted(set(STORED) - set(implemented_games()))
    assert not missing and not extra, (
        f"tests/signatures.json lacks {missing or 'nothing'} and has unknown games {extra or 'none'}; "
        f"{signatures.REBASELINE}")


@pytest.mark.parametrize("name", implemented_games())
def test_signature(name: str) -> None:
    now = signatures.game_signatures(name)
    changed = signatures.differences({name: STORED.get(name, {})}, {name: now})
    assert not changed, (f"behaviour of {name} changed: {'; '.join(changed)}. If that is meant, "
                         f"{signatures.REBASELINE}; otherwise find the change")


def test_hash_reads_values_not_padding_or_byte_order() -> None:
    aligned = np.dtype({"names": ["a", "b", "c"], "formats": ["i1", ("<i2", (2,)), "?"],
                        "offsets": [0, 2, 8], "itemsize": 12})
    one, two = np.zeros(3, dtype=aligned), np.zeros(3, dtype=aligned)
    one.view(np.uint8)[:] = 0xAB  # garbage in the padding
    for array in (one, two):
        array["a"], array["b"], array["c"] = [1, -2, 3], [[1, 2], [300, -4], [5, 6]], [True, False, True]
    swapped = np.zeros(3, dtype=[("a", "i1"), ("b", ">i2", (2,)), ("c", "?")])
    for field in ("a", "b", "c"):
        swapped[field] = two[field]
    assert one.tobytes() != two.tobytes()
    assert signatures.hash_records(one) == signatures.hash_records(two) == signatures.hash_records(swapped)
    two["b"][1, 1] = -5
    assert signatures.hash_records(one) != signatures.hash_records(two)
    renamed = one.view(np.dtype({"names": ["a", "b", "d"], "formats": ["i1", ("<i2", (2,)), "?"],
                                 "offsets": [0, 2, 8], "itemsize": 12}))
    assert signatures.hash_records(renamed) != signatures.hash_records(one)


def test_batch_signature_does_not_depend_on_threads() -> None:
    from cardsim import Game

    game = Game("euchre")
    one = signatures.hash_records(game.simulate(3000, seed=5, threads=1).array)
    assert signatures.hash_records(game.simulate(3000, seed=5, threads=2).array) == one
    assert signatures.hash_records(game.simulate(3000, seed=6, threads=1).array) != one
