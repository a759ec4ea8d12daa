"""Paired differences of ratio figures from streamed exact sums, and Holm's correction.

For each figure, unit ``i`` (a hand or a game, dealt alike in every variant) gives
``(n_i, d_i)`` in each variant; the figure is ``R = sum(n) / sum(d)``.  The paired
difference ``R_b - R_a`` has, to first order (the delta method), the standard error
of the mean of ``z_i = (n_bi - R_b d_bi) / mean(d_b) - (n_ai - R_a d_ai) / mean(d_a)``,
which needs only the sums ``n, d, n², d², n·d`` of each variant and the cross sums
``n_a n_b, n_a d_b, d_a n_b, d_a d_b`` of each pair.  Those are exact integers, added
chunk by chunk, so the figures do not depend on how the run was cut up; the final
arithmetic is done in exact fractions, so identical variants give exactly zero.
A mean (``d = 1``) reduces to the usual paired t interval (normal quantile).
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Sequence

import numpy as np

Z95 = 1.959963984540054  # the standard normal's 97.5% point
ALPHA = 0.05

#: the moments kept per variant and per pair, in this order
SINGLE = ("n", "d", "nn", "dd", "nd")
PAIR = ("na_nb", "na_db", "da_nb", "da_db")


def single_moments(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    """Rows SINGLE, one column per figure (int64 sums over the units)."""
    return np.stack([num.sum(0), den.sum(0), (num * num).sum(0), (den * den).sum(0), (num * den).sum(0)])


def pair_moments(num_a: np.ndarray, den_a: np.ndarray, num_b: np.ndarray, den_b: np.ndarray) -> np.ndarray:
    return np.stack([(num_a * num_b).sum(0), (num_a * den_b).sum(0), (den_a * num_b).sum(0),
                     (den_a * den_b).sum(0)])


def to_ints(array: np.ndarray) -> list[list[int]]:
    return [[int(x) for x in row] for row in array]


def add_ints(a: list[list[int]] | None, b: list[list[int]]) -> list[list[int]]:
    if a is None:
        return [list(row) for row in b]
    return [[x + y for x, y in zip(ra, rb)] for ra, rb in zip(a, b)]


def value(single: Sequence[int]) -> Fraction | None:
    n, d = single[0], single[1]
    return Fraction(n, d) if d else None


def paired(single_a: Sequence[int], single_b: Sequence[int], pair: Sequence[int], units: int) -> dict[str, Any]:
    """Estimate ``R_b - R_a``, its standard error and a two-sided p-value (normal)."""
    na, da, nna, dda, nda = (int(x) for x in single_a)
    nb, db, nnb, ddb, ndb = (int(x) for x in single_b)
    x_nn, x_nd, x_dn, x_dd = (int(x) for x in pair)
    if not da or not db or units < 2:
        return {"estimate": None, "se": None, "p": None}
    ra, rb = Fraction(na, da), Fraction(nb, db)
    ma, mb = Fraction(da, units), Fraction(db, units)  # mean denominators
    # sums over units of the linearised terms: u = n - R d (each sums to zero)
    uu_a = nna - 2 * ra * nda + ra * ra * dda
    uu_b = nnb - 2 * rb * ndb + rb * rb * ddb
    uu_ab = x_nn - rb * x_nd - ra * x_dn + ra * rb * x_dd
    ss = uu_b / (mb * mb) + uu_a / (ma * ma) - 2 * uu_ab / (ma * mb)
    var = ss / (units * (units - 1)) if ss > 0 else Fraction(0)
    estimate = rb - ra
    se = math.sqrt(var) if var > 0 else 0.0
    if se == 0.0:
        p = 1.0 if estimate == 0 else 0.0
    else:
        p = math.erfc(abs(float(estimate)) / se / math.sqrt(2))
    return {"estimate": estimate, "se": se, "p": p}


def holm(p_values: Sequence[float | None], alpha: float = ALPHA) -> list[bool]:
    """Holm's step-down: which hypotheses are rejected at family-wise level ``alpha``
    (None counts as not tested: never rejected, not counted)."""
    tested = sorted((p, i) for i, p in enumerate(p_values) if p is not None)
    m = len(tested)
    out = [False] * len(p_values)
    for rank, (p, i) in enumerate(tested):
        if p > alpha / (m - rank):
            break
        out[i] = True
    return out
