"""Fixed-seed signatures of every game's behaviour, as Stockfish's ``bench`` prints a node count.

    python scripts/signatures.py            # compute, compare with tests/signatures.json, print the differences
    python scripts/signatures.py --write    # regenerate tests/signatures.json and print what changed

(run as a script it uses the checkout's ``src/cardsim`` when its core is built there, else the
installed cardsim.)

Each signature is the sha256 (first 16 hex digits) of a fixed, seeded workload:

- ``hand/heuristic``, ``hand/random``: the records of ``Game(g).simulate(20000, policy=...,
  seed=1, threads=1)``; every unit the game simulates besides hands (``game``, ``tournament``)
  likewise, with fewer records.  Records are hashed field by field (name, kind, size, shape
  and values in little-endian byte order), never as raw bytes: the padding between fields is
  left uninitialised by the core, and byte order differs between platforms.
- ``playthrough``: ten hands (seeds 1..10) played through the game contract by choosing
  uniformly random legal integer actions (``random.Random(seed)``), hashing each hand's deal,
  history and result as canonical JSON.  A game not on the contract yet is played through
  its step API the same way (its moves written as tuples).

``tests/test_signatures.py`` checks the file, so that any change of behaviour is visible.
Re-baseline (``--write``) only in a commit that means to change behaviour, and say so in
its message.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
SIGNATURE_FILE = ROOT / "tests" / "signatures.json"

HANDS = 20_000
UNIT_RECORDS = {"game": 2_000, "tournament": 200}
PLAYTHROUGH_SEEDS = range(1, 11)
SEED = 1
DIGITS = 16

REBASELINE = ("re-baseline with `PYTHONPATH=src python scripts/signatures.py --write`, only in a commit "
              "that means to change behaviour (say so in its message)")


def hash_records(array: np.ndarray) -> str:
    """A platform-independent hash of a structured array: each named field's values in a
    fixed byte order (padding bytes, which the core leaves uninitialised, are not read)."""
    digest = hashlib.sha256()
    names = array.dtype.names or ()
    digest.update(f"{len(array)} records; fields {','.join(names)}\n".encode())
    for name in names:
        field = array[name]
        base = field.dtype
        if base.kind not in "biuf":
            raise TypeError(f"field {name!r} has kind {base.kind!r}: no fixed byte order for it")
        values = np.ascontiguousarray(field, dtype=base.newbyteorder("<"))
        digest.update(f"{name}:{base.kind}{base.itemsize}:{values.shape[1:]}\n".encode())
        digest.update(values.tobytes())
    return digest.hexdigest()[:DIGITS]


def canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str).encode()


def contract_playthrough(game: Any, seed: int) -> dict:
    hand = game.deal(seed=seed)
    rng = random.Random(seed)
    while hand.to_act is not None:
        hand.apply(rng.choice(hand.legal_actions()))
    return {"deal": hand.deal, "history": hand.history, "result": hand.result()}


def step_playthrough(game: Any, seed: int) -> dict:
    """A hand of a game not on the contract (two-hand pinochle): random legal moves through its
    step API, each written down as a tuple."""
    hand = game.deal(seed=seed)
    start = {"dealer": hand.dealer, "hands": [str(cards) for cards in hand.hands], "upcard": hand.upcard}
    rng = random.Random(seed)
    moves: list[tuple] = []
    while hand.to_act is not None:
        if hand.phase == "meld":
            options: list[tuple] = [("declare", meld) for meld in hand.legal_melds()]
            options += [("exchange",)] if hand.can_exchange() else []
            options.append(("draw",))
            move = rng.choice(options)
            if move[0] == "declare":
                hand.declare(move[1])
            elif move[0] == "exchange":
                hand.exchange_dix()
            else:
                hand.draw()
        else:
            card, from_table = rng.choice(hand.legal_plays())
            move = ("play", card, from_table)
            hand.play(card, from_table)
        moves.append(move)
    return {"deal": start, "history": moves, "result": hand.result()}


def on_contract(game: Any) -> bool:
    try:
        game.deal(seed=0).legal_actions()
    except AttributeError:
        return False
    return True


def game_signatures(name: str) -> dict[str, str]:
    from cardsim import Game

    game = Game(name)
    out: dict[str, str] = {}
    for policy in ("heuristic", "random"):
        out[f"hand/{policy}"] = hash_records(game.simulate(HANDS, policy=policy, seed=SEED, threads=1).array)
    for unit in game.units:
        if unit != "hand":
            records = game.simulate(UNIT_RECORDS.get(unit, 200), seed=SEED, threads=1, unit=unit)
            out[f"{unit}/heuristic"] = hash_records(records.array)
    play = contract_playthrough if on_contract(game) else step_playthrough
    digest = hashlib.sha256()
    for seed in PLAYTHROUGH_SEEDS:
        digest.update(canonical(play(game, seed)) + b"\n")
    out["playthrough" if play is contract_playthrough else "playthrough/step-api"] = digest.hexdigest()[:DIGITS]
    return out


def compute() -> dict[str, dict[str, str]]:
    from cardsim import implemented_games

    return {name: game_signatures(name) for name in implemented_games()}


def load() -> dict[str, dict[str, str]]:
    return json.loads(SIGNATURE_FILE.read_text())["signatures"]


def differences(old: dict[str, dict[str, str]], new: dict[str, dict[str, str]]) -> list[str]:
    lines = []
    for name in sorted(old.keys() | new.keys()):
        was, now = old.get(name, {}), new.get(name, {})
        for key in sorted(was.keys() | now.keys()):
            if key not in now:
                lines.append(f"{name} {key}: removed (was {was[key]})")
            elif key not in was:
                lines.append(f"{name} {key}: new {now[key]}")
            elif was[key] != now[key]:
                lines.append(f"{name} {key}: {was[key]} -> {now[key]}")
    return lines


def write(signatures: dict[str, dict[str, str]]) -> None:
    document = {
        "about": "fixed-seed behaviour signatures, checked by tests/test_signatures.py; regenerate with "
                 "`PYTHONPATH=src python scripts/signatures.py --write`, only in a commit that means to "
                 "change behaviour",
        "workloads": {
            "hand/<policy>": f"Game(g).simulate({HANDS}, policy=<policy>, seed={SEED}, threads=1) records",
            "<unit>/heuristic": f"Game(g).simulate(n, seed={SEED}, threads=1, unit=<unit>) records, "
                                f"n per unit {UNIT_RECORDS}",
            "playthrough": f"seeds {PLAYTHROUGH_SEEDS.start}..{PLAYTHROUGH_SEEDS.stop - 1}: random legal "
                           "integer actions (random.Random(seed)); deal, history and result as JSON",
            "playthrough/step-api": "the same through the step API, for a game not on the contract",
        },
        "signatures": signatures,
    }
    SIGNATURE_FILE.write_text(json.dumps(document, indent=2, sort_keys=False) + "\n")


def main() -> int:
    if any((ROOT / "src" / "cardsim").glob("_core*.so")) or any((ROOT / "src" / "cardsim").glob("_core*.pyd")):
        sys.path.insert(0, str(ROOT / "src"))  # the checkout's build, not some other installed cardsim
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help=f"regenerate {SIGNATURE_FILE.relative_to(ROOT)}")
    args = parser.parse_args()
    new = compute()
    old = load() if SIGNATURE_FILE.exists() else {}
    changed = differences(old, new)
    for line in changed:
        print(line)
    if args.write:
        write(new)
        print(f"wrote {SIGNATURE_FILE.relative_to(ROOT)}: {len(changed)} change(s)")
        return 0
    if changed:
        print(f"{len(changed)} signature(s) differ from {SIGNATURE_FILE.relative_to(ROOT)}; {REBASELINE}")
        return 1
    print(f"all {sum(map(len, new.values()))} signatures match {SIGNATURE_FILE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
