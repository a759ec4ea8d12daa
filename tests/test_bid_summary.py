"""cardsim.odds.bid_summary counts every bid at once (one count per total); it must give
exactly what a pass over the trials per bid gives (the form it replaced)."""
from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from cardsim.cards import SUITS
from cardsim.odds import MIN_REPORTED, _totals_by_choice, bid_summary, wilson_interval


def per_bid(results: np.ndarray, min_bid: int, increment: int, army: bool) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The rows and trump summaries the old way: numpy over all trials for each bid."""
    n = len(results)
    rows: list[dict[str, Any]] = []
    trumps: list[dict[str, Any]] = []
    for choice, (meld, trick_points, total) in _totals_by_choice(results).items():
        values, counts = np.unique(meld, return_counts=True)
        trumps.append({
            "trump": choice,
            "named_rate": round(float((results[:, 12] == SUITS.index(choice)).mean()), 6) if choice != "best" else 1.0,
            "meld_mean": round(float(meld.mean()), 4),
            "meld_distribution": {int(v): round(float(c) / n, 6) for v, c in zip(values, counts)},
            "trick_points_mean": round(float(trick_points.mean()), 4),
            "total_mean": round(float(total.mean()), 4),
        })
        bid = min_bid
        while True:
            made = total >= bid
            p = float(made.mean())
            low, high = wilson_interval(np.array([made.sum()]), n)
            row = {"trump": choice, "bid": bid, "p_make": round(p, 6), "ci_low": round(float(low[0]), 6),
                   "ci_high": round(float(high[0]), 6),
                   "expected_score": round(float(np.where(made, total, -bid).mean()), 4)}
            if army:
                row["expected_army"] = round(max(-40 * (1 - p), -20.0), 4)
            rows.append(row)
            if p < MIN_REPORTED:
                break
            bid += increment
    return rows, trumps


def fake_results(rng: np.random.Generator, n: int, spread: int, thrown_in: float) -> np.ndarray:
    """Trial rows in the 13-column layout: meld, trick points, total per trump, the suit named."""
    out = np.zeros((n, 13), dtype=np.int16)
    for t in range(4):
        meld = rng.integers(0, spread, n)
        tricks = rng.integers(0, 50, n)
        total = meld + tricks
        total[rng.random(n) < thrown_in] = -1
        out[:, 3 * t], out[:, 3 * t + 1], out[:, 3 * t + 2] = meld, tricks, total
    out[:, 12] = rng.integers(0, 4, n)
    return out


@pytest.mark.parametrize("n, spread, thrown_in, min_bid, increment, army", [
    (1, 30, 0.0, 16, 1, False),
    (500, 60, 0.1, 16, 1, True),
    (2000, 90, 0.0, 50, 5, False),
    (3000, 20, 0.3, 0, 10, True),
    (700, 40, 0.0, 300, 1, False),     # every bid above every total
])
def test_bid_summary_matches_a_pass_per_bid(n: int, spread: int, thrown_in: float, min_bid: int, increment: int,
                                            army: bool) -> None:
    results = fake_results(np.random.default_rng(n + spread), n, spread, thrown_in)
    rows, trumps, recommendation = bid_summary(results, min_bid, increment, army, "names {trump}")
    want_rows, want_trumps = per_bid(results, min_bid, increment, army)
    assert rows == want_rows
    assert trumps == want_trumps
    assert recommendation["trump"] in SUITS
