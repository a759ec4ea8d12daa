"""The deal primitive of every game (rng_take in _rng.pxd) and the batched draws under it
(rng_below: several picks from one 64-bit draw) give uniform results: exact frequencies on
small decks by a chi-square test, which a deliberately biased dealer fails; and the two select
paths (PDEP and portable) pick the same cards (tests/test_select_paths.py runs whole batches).
"""
from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np
import pytest

from cardsim import _core
from test_constrained_deal import chi_square_p

P_MIN = 1e-4  # a uniform dealer fails one of these tests about once in 10,000 runs


def bits(mask: int) -> list[int]:
    return [b for b in range(64) if (mask >> b) & 1]


def take(deck: int, sizes: list[int], n: int, seed: int = 1) -> np.ndarray:
    out = np.zeros((n, len(sizes)), dtype=np.uint64)
    _core.take_deals(deck, sizes, seed, 0, out)
    return out


def all_deals(deck: int, sizes: list[int]) -> list[tuple[int, ...]]:
    """Every way to take ``sizes`` cards in turn from ``deck``, as tuples of masks."""
    found: list[tuple[int, ...]] = []

    def rec(rest: list[int], i: int, acc: tuple[int, ...]) -> None:
        if i == len(sizes):
            found.append(acc)
            return
        for combo in itertools.combinations(rest, sizes[i]):
            m = sum(1 << b for b in combo)
            rec([b for b in rest if b not in combo], i + 1, acc + (m,))

    rec(bits(deck), 0, ())
    return found


@pytest.mark.parametrize("deck, sizes", [
    (0b111111, [2, 2, 2]),                                   # 90 deals of a 6-card deck
    ((1 << 0) | (1 << 5) | (1 << 17) | (1 << 33) | (1 << 48) | (1 << 63), [1, 3]),  # spread bits
    (0x7F, [3, 1]),                                          # 140: more than half, then one
    (0x3F003F, [5, 5, 1]),                                   # euchre-like lanes: 12 cards
])
def test_take_is_uniform(deck, sizes):
    outcomes = all_deals(deck, sizes)
    if len(outcomes) > 2000:  # the 12-card case: check each part's marginal card frequencies
        n = 60_000
        rows = take(deck, sizes, n, seed=7)
        for p, size in enumerate(sizes):
            counts = Counter()
            for m in rows[:, p]:
                counts.update(bits(int(m)))
            observed = [counts[b] for b in bits(deck)]
            expected = [n * size / popcount(deck)] * len(observed)
            assert chi_square_p(observed, expected) > P_MIN
        return
    n = 300 * len(outcomes)
    rows = take(deck, sizes, n, seed=3)
    index = {o: i for i, o in enumerate(outcomes)}
    observed = np.zeros(len(outcomes))
    for row in rows:
        observed[index[tuple(int(m) for m in row)]] += 1
    assert chi_square_p(observed, np.full(len(outcomes), n / len(outcomes))) > P_MIN


def popcount(m: int) -> int:
    return bin(m).count("1")


def test_takes_partition_the_deck_and_have_the_sizes():
    deck = 0x0FFF0FFF0FFF0FFF
    rows = take(deck, [15, 15, 3], 2000)
    for a, b, w in rows.tolist():
        assert popcount(a) == 15 and popcount(b) == 15 and popcount(w) == 3
        assert a & b == 0 and (a | b) & w == 0 and (a | b | w) & ~deck == 0


def test_pinochle_hand_card_frequencies_are_uniform():
    """15 of the 48 pinochle cards: every physical card equally often in the first hand."""
    deck = 0x0FFF0FFF0FFF0FFF
    n = 20_000
    rows = take(deck, [15, 15, 3], n, seed=5)
    for p, size in enumerate([15, 15, 3]):
        column = rows[:, p]
        observed = [int(((column >> np.uint64(b)) & np.uint64(1)).sum()) for b in bits(deck)]
        assert chi_square_p(observed, [n * size / 48] * 48) > P_MIN


def test_hand_size_counts_follow_the_hypergeometric_law():
    """Spades held by a 15-card hand from the 48-card deck: the exact hypergeometric law (a
    dealer whose first guess leaked into the result would skew it)."""
    deck, spades = 0x0FFF0FFF0FFF0FFF, 0x0FFF
    n = 40_000
    rows = take(deck, [15], n, seed=9)
    counts = Counter(popcount(int(m) & spades) for m in rows[:, 0])
    probs = [math.comb(12, k) * math.comb(36, 15 - k) / math.comb(48, 15) for k in range(13)]
    # pool the thin tail cells (k >= 8) so every expected count is large
    observed = [counts[k] for k in range(8)] + [sum(counts[k] for k in range(8, 13))]
    expected = [n * p for p in probs[:8]] + [n * sum(probs[8:])]
    assert chi_square_p(observed, expected) > P_MIN


def test_shuffle_is_uniform_over_permutations():
    """plain_deals is a plain shuffle_ints of the cards: all 120 orders of 5 cards alike (the
    consecutive picks of one 64-bit draw are independent)."""
    n = 120 * 300
    out = np.zeros((n, 5), dtype=np.int8)
    _core.plain_deals([1] * 5, 2, 0, out)
    counts = Counter(map(tuple, out.tolist()))
    assert len(counts) == 120
    assert chi_square_p(list(counts.values()), [n / 120] * 120) > P_MIN


def test_the_chi_square_test_rejects_a_biased_take():
    """The same test on a dealer that favours low bits a little (one card in 15 from the low
    end) fails: the tests above can fail."""
    rng = np.random.default_rng(1)
    deck, sizes = 0b111111, [2, 2, 2]
    outcomes = all_deals(deck, sizes)
    index = {o: i for i, o in enumerate(outcomes)}
    n = 300 * len(outcomes)
    observed = np.zeros(len(outcomes))
    for _ in range(n):
        rest = bits(deck)
        row = []
        for size in sizes:
            chosen = []
            for _ in range(size):
                k = 0 if rng.random() < 1 / 15 else int(rng.integers(len(rest)))
                chosen.append(rest.pop(k))
            row.append(sum(1 << b for b in chosen))
        observed[index[tuple(row)]] += 1
    assert chi_square_p(observed, np.full(len(outcomes), n / len(outcomes))) < P_MIN


def test_bad_sizes_are_refused():
    with pytest.raises(ValueError):
        take(0b111, [4], 1)
