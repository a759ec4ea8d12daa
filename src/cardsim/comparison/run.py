"""``cardsim.compare``: rule variants side by side on the same deals (common random numbers).

Unit ``i`` (hand ``i``, or game ``i``) of every variant is dealt from the same stream
``(seed, i)``, so the figures pair up unit by unit; a chunk of units is a pure function
of the run's spec and its range (:func:`compare_chunk`), run here or on a Dask cluster
(:mod:`cardsim.runner`), and it returns exact integer tallies that are added in chunk
order.  Nothing else is kept, so memory does not grow with the run, a checkpoint is the
tallies so far, and the result is the same bytes however the run was executed.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

import numpy as np

from .. import atomic
from ..errors import CardsimError
from ..runner import Runner, check_cluster_options, game_for, records_range
from . import stats
from .figures import Figure, game_figures, hand_figures, sides_of
from .variants import Variant, make_variants

#: units per chunk (fixed, whatever the workers, so that --precision stops at the same unit)
CHUNK_HANDS = 1 << 15
CHUNK_GAMES = 1 << 10
#: --precision runs stop by this many units at the latest
MAX_UNITS = {"hand": 10**8, "game": 10**7}
CHECKPOINT_NAME = "compare-checkpoint.json"
#: win probability by score: the score axis is cut in bins of target_score / WIN_BINS
WIN_BINS = 10


# -- whole games and their scores hand by hand -----------------------------------------------
def score_paths(the_game: Any, records: np.ndarray, seed: int, start: int, policies: list[str],
                threads: int) -> list[np.ndarray]:
    """The scores before each hand (hands x sides) of games ``start ..`` of the batch keyed by
    ``seed`` whose records are ``records``: the core replays those games
    (:meth:`cardsim.Game.hand_scores`), so they are the games of ``simulate(n, unit="game")``,
    hand for hand."""
    rows = the_game.hand_scores(records, start=start, policy=policies, seed=seed, threads=threads)
    sides = sides_of(the_game.name, the_game.seats)
    after = rows["score"][:, :sides].astype(np.int64)
    counts = records["hands"].astype(np.int64)
    ends = np.cumsum(counts)
    paths = []
    for first, n in zip(ends - counts, counts):
        before = np.zeros((int(n), sides), dtype=np.int64)
        before[1:] = after[first:first + n - 1]
        paths.append(before)
    return paths


def game_records(the_game: Any, seed: int, start: int, count: int, policies: list[str], threads: int,
                 want_paths: bool) -> tuple[np.ndarray, list[np.ndarray] | None]:
    """Whole games ``start ..`` from the core's game batches, and (``want_paths``) each game's
    scores before each hand."""
    records = records_range(the_game, start, count, policies=policies, seed=seed, threads=threads, unit="game")
    paths = score_paths(the_game, records, seed, start, policies, threads) if want_paths else None
    return records, paths


def win_counts(paths: list[np.ndarray], winners: np.ndarray, width: int, low: int, high: int) -> dict[str, list[int]]:
    """Tallies of (own score bin, best opponent's score bin) -> [states, wins] over every
    side at the start of every hand."""
    if not paths:
        return {}
    sides = paths[0].shape[1]
    own_all, opp_all, won_all = [], [], []
    for path, winner in zip(paths, winners):
        for s in range(sides):
            others = np.delete(path, s, axis=1)
            own_all.append(path[:, s])
            opp_all.append(others.max(axis=1))
            won_all.append(np.full(len(path), int(winner == s), dtype=np.int64))
    own = np.clip(np.floor_divide(np.concatenate(own_all), width), low, high)
    opp = np.clip(np.floor_divide(np.concatenate(opp_all), width), low, high)
    won = np.concatenate(won_all)
    span = high - low + 1
    cell = (own - low) * span + (opp - low)
    states = np.bincount(cell, minlength=span * span)
    wins = np.bincount(cell, weights=won, minlength=span * span).astype(np.int64)
    return {f"{(c // span) + low},{(c % span) + low}": [int(states[c]), int(wins[c])]
            for c in np.flatnonzero(states)}


def win_bins(rules: Mapping[str, Any]) -> tuple[int, int, int]:
    """(bin width, lowest bin, highest bin) of the win-probability table for these rules."""
    target = int(rules.get("target_score", 0) or 0)
    width = max(1, target // WIN_BINS)
    return width, -WIN_BINS // 2, WIN_BINS


# -- one chunk ---------------------------------------------------------------------------
def compare_chunk(spec: Mapping[str, Any], start: int, count: int, *, threads: int) -> dict[str, Any]:
    """Tallies of units ``start .. start + count`` of every variant of ``spec`` (see
    :func:`run_spec`): exact integers only, so chunks add up to the same totals anywhere."""
    game, unit, seed = spec["game"], spec["unit"], spec["seed"]
    nums: list[np.ndarray] = []
    dens: list[np.ndarray] = []
    lengths: list[dict[str, int]] = []
    wins: list[dict[str, list[int]] | None] = []
    keys: list[list[Any]] | None = None
    for v in spec["variants"]:
        the_game = game_for(game, v["rules"])
        policies = list(v["policy"])
        if unit == "hand":
            records = records_range(the_game, start, count, policies=policies, seed=seed, threads=threads)
            figures = hand_figures(game, records)
        else:
            records, paths = game_records(the_game, seed, start, count, policies, threads, True)
            figures = game_figures(game, records, the_game.seats)
            hist = np.bincount(records["hands"].astype(np.int64))
            lengths.append({str(h): int(c) for h, c in enumerate(hist) if c})
            if paths is None:
                wins.append(None)
            else:
                width, low, high = win_bins(v["rules"])
                wins.append(win_counts(paths, records["winner"], width, low, high))
        these = [[f.name, f.seat, f.kind] for f in figures]
        if keys is None:
            keys = these
        elif these != keys:  # pragma: no cover - the variants are checked to seat alike
            raise CardsimError("the variants give different figures: they cannot be paired")
        nums.append(np.stack([f.num for f in figures], axis=1) if figures else np.zeros((count, 0), np.int64))
        dens.append(np.stack([f.den for f in figures], axis=1) if figures else np.zeros((count, 0), np.int64))
    single = [stats.to_ints(stats.single_moments(n, d)) for n, d in zip(nums, dens)]
    pairs = {f"{a},{b}": stats.to_ints(stats.pair_moments(nums[a], dens[a], nums[b], dens[b]))
             for a, b in _pairs(len(nums))}
    return {"units": count, "figures": keys, "single": single, "pair": pairs, "lengths": lengths,
            "win": wins}


def _pairs(k: int) -> list[tuple[int, int]]:
    return [(a, b) for a in range(k) for b in range(a + 1, k)]


def add_tally(total: dict[str, Any] | None, part: dict[str, Any]) -> dict[str, Any]:
    if total is None:
        copy: dict[str, Any] = json.loads(json.dumps(part))  # a deep copy of plain data
        return copy
    total["units"] += part["units"]
    total["single"] = [stats.add_ints(a, b) for a, b in zip(total["single"], part["single"])]
    total["pair"] = {k: stats.add_ints(total["pair"][k], v) for k, v in part["pair"].items()}
    for acc, new in zip(total["lengths"], part["lengths"]):
        for h, c in new.items():
            acc[h] = acc.get(h, 0) + c
    for i, (acc, new) in enumerate(zip(total["win"], part["win"])):
        if acc is None or new is None:
            total["win"][i] = None
            continue
        for cell, (n, w) in new.items():
            old = acc.get(cell, [0, 0])
            acc[cell] = [old[0] + n, old[1] + w]
    return total


# -- the run ---------------------------------------------------------------------------------
def spec_digest(spec: Mapping[str, Any]) -> str:
    return hashlib.sha256(json.dumps(spec, sort_keys=True).encode()).hexdigest()[:16]


def _precision_met(tally: Mapping[str, Any], precision: float) -> bool:
    result = summarize(tally, {"variants": []})  # figures only
    for d in result["differences"]:
        if d["kind"] != "rate" or d["estimate"] is None:
            continue
        if (d["ci_high"] - d["ci_low"]) / 2 > precision:
            return False
    return True


def load_checkpoint(directory: Path, spec: Mapping[str, Any]) -> tuple[int, dict[str, Any] | None]:
    path = directory / CHECKPOINT_NAME
    if not path.exists():
        return 0, None
    try:
        data = json.loads(path.read_text())
        saved, chunks, tally = data["spec"], int(data["chunks"]), data["tally"]
    except (OSError, ValueError, KeyError, TypeError):
        raise CardsimError(f"{path} is not a cardsim compare checkpoint: remove it or use another --checkpoint") from None
    if saved != json.loads(json.dumps(spec)):
        what = [k for k in ("game", "unit", "seed", "units", "precision", "chunk", "variants")
                if saved.get(k) != json.loads(json.dumps(spec)).get(k)]
        raise CardsimError(f"checkpoint {directory} is from a different run (other {', '.join(what) or 'settings'}):"
                           f" use another --checkpoint directory or repeat that run's options")
    return chunks, tally


def save_checkpoint(directory: Path, spec: Mapping[str, Any], chunks: int, tally: Mapping[str, Any]) -> None:
    atomic.write_text(directory / CHECKPOINT_NAME,
                      json.dumps({"spec": spec, "chunks": chunks, "tally": tally}, sort_keys=True))


def check_checkpoint_dir(checkpoint: str | Path) -> Path:
    directory = Path(checkpoint)
    if directory.exists() and not directory.is_dir():
        raise CardsimError(f"--checkpoint {str(checkpoint)!r} is a file, not a directory")
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CardsimError(f"cannot make checkpoint directory {str(checkpoint)!r}: {exc.strerror}") from None
    atomic.check_writable(directory / CHECKPOINT_NAME)
    return directory


def run_spec(spec: dict[str, Any], *, threads: int | None = None, scheduler: str | None = None,
             workers: int | None = None, checkpoint: str | Path | None = None,
             progress: Callable[[int, int], None] | None = None,
             after_chunk: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Run ``spec`` chunk by chunk; returns the tallies (what :func:`summarize` reads)."""
    unit, step = spec["unit"], spec["chunk"]
    total_units = spec["units"] if spec["units"] is not None else MAX_UNITS[unit]
    directory = check_checkpoint_dir(checkpoint) if checkpoint is not None else None
    done_chunks, tally = (load_checkpoint(directory, spec) if directory is not None else (0, None))
    n_chunks = -(-total_units // step)
    shown_total = total_units if spec["units"] is not None else None

    def finished(t: dict[str, Any] | None, k: int) -> bool:
        if k >= n_chunks:
            return True
        return spec["precision"] is not None and t is not None and k >= 2 and _precision_met(t, spec["precision"])

    if finished(tally, done_chunks):
        return tally  # type: ignore[return-value]
    tasks = ((spec, k * step, min(step, total_units - k * step)) for k in range(done_chunks, n_chunks))
    with Runner(scheduler=scheduler, workers=workers, threads=threads) as runner:
        for part in runner.map(compare_chunk, tasks):
            tally = add_tally(tally, part)
            done_chunks += 1
            if progress is not None:
                progress(tally["units"], shown_total if shown_total is not None else tally["units"] + step)
            stop = finished(tally, done_chunks)
            if directory is not None:  # after every chunk: a kill loses at most the chunks in flight
                save_checkpoint(directory, spec, done_chunks, tally)
            if after_chunk is not None:
                after_chunk(done_chunks)
            if stop:
                break
    assert tally is not None
    return tally


# -- from tallies to figures -------------------------------------------------------------------
def _f(x: Fraction | float | None, digits: int = 6) -> float | None:
    return None if x is None else round(float(x), digits)


def _quantiles(hist: Mapping[str, int], qs: Sequence[float] = (0.1, 0.25, 0.5, 0.75, 0.9)) -> dict[str, int]:
    items = sorted((int(h), c) for h, c in hist.items())
    total = sum(c for _, c in items)
    out: dict[str, int] = {}
    for q in qs:
        need, seen = q * total, 0
        for h, c in items:
            seen += c
            if seen >= need:
                out[f"q{int(round(q * 100)):02d}"] = h
                break
    return out


def summarize(tally: Mapping[str, Any], meta: Mapping[str, Any]) -> dict[str, Any]:
    """Figures per variant and paired differences (Holm-marked) from the tallies."""
    keys = tally["figures"]
    units = tally["units"]
    names = [v["name"] for v in meta.get("variants", [])] or [str(i) for i in range(len(tally["single"]))]
    per_variant = []
    for i, single in enumerate(tally["single"]):
        figures: dict[str, Any] = {}
        for j, (name, seat, _kind) in enumerate(keys):
            val = _f(stats.value([row[j] for row in single]))
            if seat is None:
                figures[name] = val
            else:
                figures.setdefault(name, []).append(val)
        per_variant.append(figures)
    diffs = []
    for pair_key, moments in tally["pair"].items():
        a, b = (int(x) for x in pair_key.split(","))
        for j, (name, seat, kind) in enumerate(keys):
            est = stats.paired([row[j] for row in tally["single"][a]], [row[j] for row in tally["single"][b]],
                               [row[j] for row in moments], units)
            e = est["estimate"]
            half = 0.0 if est["se"] is None else stats.Z95 * est["se"]
            diffs.append({"figure": name, "seat": seat, "a": names[a], "b": names[b], "kind": kind,
                          "estimate": _f(e), "ci_low": None if e is None else _f(float(e) - half),
                          "ci_high": None if e is None else _f(float(e) + half),
                          "p": None if est["p"] is None else float(f"{est['p']:.6g}")})
    for d, sig in zip(diffs, stats.holm([d["p"] for d in diffs])):
        d["significant"] = sig
    return {"figures": per_variant, "differences": diffs}


@dataclass
class CompareResult:
    """What :func:`compare` found: ``to_dict()`` is ``cardsim compare --json``."""

    data: dict[str, Any]
    notes: list[str] = field(default_factory=list)

    @property
    def differences(self) -> list[dict[str, Any]]:
        return list(self.data["differences"])

    @property
    def variants(self) -> list[dict[str, Any]]:
        return list(self.data["variants"])

    def to_dict(self) -> dict[str, Any]:
        copy: dict[str, Any] = json.loads(json.dumps(self.data))
        return copy

    def to_json(self) -> str:
        return json.dumps(self.data, indent=2)

    def significant(self) -> list[dict[str, Any]]:
        return [d for d in self.data["differences"] if d["significant"]]

    def to_pandas(self) -> Any:
        """One row per (figure, seat, pair of variants): both values, the difference b - a,
        its 95% interval, p and the Holm mark."""
        import pandas as pd

        values = {v["name"]: v["figures"] for v in self.data["variants"]}
        rows = []
        for d in self.data["differences"]:
            va, vb = values[d["a"]][d["figure"]], values[d["b"]][d["figure"]]
            if d["seat"] is not None:
                va, vb = va[d["seat"]], vb[d["seat"]]
            rows.append({"figure": d["figure"], "seat": d["seat"], "a": d["a"], "b": d["b"], "value_a": va,
                         "value_b": vb, "estimate": d["estimate"], "ci_low": d["ci_low"], "ci_high": d["ci_high"],
                         "p": d["p"], "significant": d["significant"]})
        return pd.DataFrame(rows)


def build_result(spec: Mapping[str, Any], tally: Mapping[str, Any]) -> CompareResult:
    variants = spec["variants"]
    summary = summarize(tally, spec)
    notes: list[str] = []
    out_variants = []
    for i, v in enumerate(variants):
        entry: dict[str, Any] = {"name": v["name"], "rules": v["rules"], "policy": v["policy"],
                                 "figures": summary["figures"][i]}
        if spec["unit"] == "game":
            hist = tally["lengths"][i]
            entry["game_length"] = {"histogram": {h: hist[h] for h in sorted(hist, key=int)},
                                    **_quantiles(hist)}
            wins = tally["win"][i]
            if wins is None:
                entry["win_probability"] = None
            else:
                width, low, high = win_bins(v["rules"])
                cells = []
                for cell in sorted(wins, key=lambda c: tuple(int(x) for x in c.split(","))):
                    own, opp = (int(x) for x in cell.split(","))
                    n, w = wins[cell]
                    cells.append({"score": own * width, "opponent": opp * width, "states": n,
                                  "win_rate": round(w / n, 6)})
                entry["win_probability"] = {"bin_width": width, "lowest": low * width, "highest": high * width,
                                            "cells": cells}
        out_variants.append(entry)
    data = {"game": spec["game"], "unit": spec["unit"], "seed": spec["seed"], "units": tally["units"],
            "precision": spec["precision"], "variants": out_variants,
            "differences": summary["differences"], "notes": notes}
    return CompareResult(data, notes)


def make_spec(game: str, variants: Sequence[Variant], *, unit: str, units: int | None, precision: float | None,
              seed: int, chunk: int | None) -> dict[str, Any]:
    from ..game import check_seed

    step = chunk if chunk is not None else (CHUNK_HANDS if unit == "hand" else CHUNK_GAMES)
    return {"game": game, "unit": unit, "seed": check_seed(seed), "units": units, "precision": precision,
            "chunk": int(step), "variants": [v.to_dict() for v in variants]}


def check_request(game: str, *, games: int | None, hands: int | None, precision: float | None) -> tuple[str, int | None]:
    """(unit, units) from --games / --hands / --precision (one of them; default 10,000 hands)."""
    from ..game import check_count

    given = [name for name, v in (("games", games), ("hands", hands), ("precision", precision)) if v is not None]
    if len(given) > 1 and not (given == ["games", "precision"] or given == ["hands", "precision"]):
        raise CardsimError("give --games or --hands (or --precision), not both")
    if precision is not None:
        if isinstance(precision, bool) or not isinstance(precision, (int, float)) or not 0 < precision < 1:
            raise CardsimError(f"precision must be a number between 0 and 1 (a rate's half-width), got {precision!r}")
    for unit, value in (("game", games), ("hand", hands)):
        if value is None:
            continue
        try:
            n = check_count(value)
        except CardsimError:
            n = -1
        if not 1 <= n <= MAX_UNITS[unit]:
            raise CardsimError(f"{unit}s must be a whole number from 1 to {MAX_UNITS[unit]}, got {value!r}")
        return unit, (None if precision is not None else n)
    if precision is not None:
        return "hand", None
    return "hand", 10_000


def check_game_unit(game: Any, unit: str) -> None:
    if unit == "game" and "game" not in game.units:
        raise CardsimError(f"{game.name} has no whole games: compare it by --hands")
    if unit == "game" and not game.rules.get("target_score"):
        raise CardsimError(f"{game.name} games need a target_score")


def compare(game: str, variants: Any, *, games: int | None = None, hands: int | None = None,
            precision: float | None = None, policy: str | Sequence[str] = "heuristic", seed: int = 0,
            threads: int | None = None, preset: str | None = None, rules_file: Any = None,
            sets: Sequence[str] = (), scheduler: str | None = None, workers: int | None = None,
            checkpoint: str | Path | None = None, progress: Callable[[int, int], None] | None = None,
            chunk: int | None = None, report: str | Path | None = None) -> CompareResult:
    """Play the same deals under each variant and compare the figures, paired.

    ``variants``: two or more of ``"NAME: key=value ..."``, ``{"name": ..., option: value}``
    or ``{name: {option: value}}``.  ``games=N`` compares whole games, ``hands=N`` single
    hands (default 10,000 hands); ``precision=P`` runs until every rate's difference is
    known to +/- P (95%).  The result does not depend on ``threads``, ``workers`` or
    ``scheduler``; ``checkpoint=DIR`` resumes a run that stopped.

    >>> r = compare("cutthroat-pinochle", ["a: min_bid=16", "b: min_bid=20"], hands=2000, seed=1, threads=1)
    >>> d = [x for x in r.differences if x["figure"] == "mean_winning_bid"][0]
    >>> d["estimate"] > 0, d["significant"]
    (True, True)
    """
    from ..game import Game, check_threads

    unit, units = check_request(game, games=games, hands=hands, precision=precision)
    if threads is not None:
        check_threads(threads)
    check_cluster_options(scheduler, workers)
    chosen = make_variants(game, variants, preset=preset, rules_file=rules_file, sets=sets, policy=policy)
    name = Game(game, **chosen[0].rules).name
    for v in chosen:
        check_game_unit(Game(name, **v.rules), unit)
    if chunk is not None:
        from ..game import check_chunk
        chunk = check_chunk(chunk)
    if report is not None:
        from .report import check_report_path
        check_report_path(report)
    spec = make_spec(name, chosen, unit=unit, units=units, precision=precision, seed=seed, chunk=chunk)
    tally = run_spec(spec, threads=threads, scheduler=scheduler, workers=workers, checkpoint=checkpoint,
                     progress=progress)
    result = build_result(spec, tally)
    if report is not None:
        from .report import write_report
        write_report(result, report)
    return result
