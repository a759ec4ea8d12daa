"""Exact uniform constrained dealing (cardsim._constrained_deal, through _core's entries).

Checked against plain Python: every consistent assignment of small cases enumerated (the
sampled frequencies against uniform by a chi-square test, which a deliberately biased
greedy dealer fails), exact card-by-card counts (an independent method: the core counts
by groups), exact marginals of a euchre deal with voids, the one-line errors, and
determinism.
"""
from __future__ import annotations

import itertools
import math
from functools import lru_cache

import numpy as np
import pytest

from cardsim import _core

P_FLOOR = 1e-6  # a correct sampler fails a chi-square test at this level once in a million


# -- plain-Python references ------------------------------------------------------------------

def enumerate_deals(allowed, capacities):
    """Every consistent assignment (a tuple: the place of each card), by brute force."""
    places = range(len(capacities))
    options = [[p for p in places if (m >> p) & 1] for m in allowed]
    return [deal for deal in itertools.product(*options)
            if all(deal.count(p) == capacities[p] for p in places)]


def count_deals(allowed, capacities):
    """Consistent assignments, exact (Python ints), dealing card by card over the rooms left."""
    allowed = tuple(allowed)

    @lru_cache(maxsize=None)
    def ways(i, room):
        if i == len(allowed):
            return 1
        return sum(ways(i + 1, room[:p] + (room[p] - 1,) + room[p + 1:])
                   for p in range(len(room)) if (allowed[i] >> p) & 1 and room[p] > 0)

    return ways(0, tuple(capacities)) if sum(capacities) == len(allowed) else 0


def chi_square_p(observed, expected):
    """Upper tail of the chi-square statistic (df = cells - 1), by the regularised gamma Q."""
    observed, expected = np.asarray(observed, float), np.asarray(expected, float)
    stat = float(((observed - expected) ** 2 / expected).sum())
    return gamma_q((len(observed) - 1) / 2, stat / 2)


def gamma_q(a, x):
    """Q(a, x) = Gamma(a, x) / Gamma(a) (Numerical Recipes' series and continued fraction)."""
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return 1.0 - total * math.exp(log_front)
    tiny = 1e-300
    b, c, d = x + 1 - a, 1 / tiny, 1 / (x + 1 - a)
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(log_front) * h


def deals(allowed, capacities, n, seed=1, start=0, threads=1, cards=None, rows=-1):
    cards = list(range(len(allowed))) if cards is None else cards
    out = np.empty((n, len(allowed)), dtype=np.int8)
    _core.constrained_deals(cards, allowed, capacities, seed, start, out, threads, rows)
    return out


def greedy_deals(allowed, capacities, n, seed=1):
    """A biased dealer, to show the chi-square test can fail: each card in turn to a uniformly
    random allowed place with room left; a deal that runs into a dead end is dropped."""
    rng = np.random.default_rng(seed)
    n_places = len(capacities)
    room = np.tile(np.array(capacities), (n, 1))
    out = np.zeros((n, len(allowed)), dtype=np.int8)
    ok = np.ones(n, dtype=bool)
    rows = np.arange(n)
    for i, mask in enumerate(allowed):
        bits = np.array([(mask >> p) & 1 for p in range(n_places)], dtype=bool)
        avail = (room > 0) & bits
        options = avail.sum(axis=1)
        ok &= options > 0
        pick = np.floor(rng.random(n) * np.maximum(options, 1)).astype(int)
        place = np.argmax(np.cumsum(avail, axis=1) > pick[:, None], axis=1)
        out[:, i] = place
        room[rows, place] -= ok
    return out[ok]


def frequencies(sampled, all_deals, n_places):
    """How often each enumerated deal was drawn; every draw must be one of them."""
    weights = n_places ** np.arange(sampled.shape[1], dtype=np.int64)
    keys = sampled.astype(np.int64) @ weights
    index = {int(np.dot(deal, weights)): k for k, deal in enumerate(all_deals)}
    found, counts = np.unique(keys, return_counts=True)
    observed = np.zeros(len(all_deals))
    for key, count in zip(found, counts):
        assert int(key) in index, f"drew an inconsistent deal {key}"
        observed[index[int(key)]] = count
    return observed


def mask(*places):
    return sum(1 << p for p in places)


# Small cases: (allowed per card, capacities).
ALL3 = mask(0, 1, 2)
CASES = {
    # 8 cards, 3 places; place 1 void in the first suit (cards 0-2), place 2 in the second (3-5)
    "two voids": ([mask(0, 2)] * 3 + [mask(0, 1)] * 3 + [ALL3] * 2, [3, 3, 2]),
    # 9 cards: three void patterns and a card that may go to one place only
    "three patterns": ([mask(1, 2)] * 2 + [mask(0, 2)] * 3 + [mask(0, 1)] * 2 + [ALL3, mask(2)], [3, 3, 3]),
    # pruning cascades: place 2 takes card 0 (its only place), then has no room for card 1
    "cascade": ([mask(2), mask(1, 2), mask(0, 1)] + [ALL3] * 4, [3, 3, 1]),
    # pinochle-like: two copies of each card are two labels; a widow (place 2) of 2
    "copies and widow": ([mask(0, 2)] * 4 + [ALL3] * 4, [3, 3, 2]),
    # 4 places, the last (a kitty) open to all, seat 1 void in cards 0-3
    "four places": ([mask(0, 2, 3)] * 4 + [mask(0, 1, 2, 3)] * 4, [2, 2, 2, 2]),
}


# -- counts ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(CASES))
def test_count_matches_enumeration(name):
    allowed, capacities = CASES[name]
    n = len(enumerate_deals(allowed, capacities))
    assert n > 1
    assert _core.constrained_deal_count(range(len(allowed)), allowed, capacities) == n
    assert count_deals(allowed, capacities) == n


def test_count_matches_exact_counter_on_random_problems():
    rng = np.random.default_rng(5)
    feasible = infeasible = 0
    for _ in range(300):
        n_places = int(rng.integers(1, 6))
        n = int(rng.integers(0, 13))
        capacities = list(np.bincount(rng.integers(0, n_places, n), minlength=n_places))
        full = (1 << n_places) - 1
        allowed = [int(rng.integers(1, full + 1)) | (full if rng.random() < 0.4 else 0) for _ in range(n)]
        exact = count_deals(allowed, capacities)
        if exact == 0:
            infeasible += 1
            with pytest.raises(ValueError, match="no consistent deal"):
                _core.constrained_deal_count(range(n), allowed, capacities)
        else:
            feasible += 1
            assert _core.constrained_deal_count(range(n), allowed, capacities) == exact, (allowed, capacities)
            sample = deals(allowed, capacities, 20, seed=feasible)
            for row in sample:
                assert all((allowed[i] >> row[i]) & 1 for i in range(n))
                assert list(np.bincount(row, minlength=n_places)) == capacities
    assert feasible > 100 and infeasible > 20


def test_large_counts_are_the_multinomials():
    assert _core.constrained_deal_count(range(52), [15] * 52, [13] * 4) == pytest.approx(
        math.factorial(52) / math.factorial(13) ** 4, rel=1e-13)
    spades = [mask(0, 2) if card < 13 else 7 for card in range(39)]  # place 1 void in 13 cards
    # k of the 13 go to place 0, the other 13 - k to place 2; the 26 others fill the rest
    exact = sum(math.comb(13, k) * math.factorial(26) // (math.factorial(13 - k) * math.factorial(k)
                                                         * math.factorial(13)) for k in range(14))
    assert _core.constrained_deal_count(range(39), spades, [13, 13, 13]) == pytest.approx(exact, rel=1e-13)


# -- uniformity -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(CASES))
def test_sampled_deals_are_uniform(name):
    allowed, capacities = CASES[name]
    all_deals = enumerate_deals(allowed, capacities)
    n = 200 * len(all_deals)
    observed = frequencies(deals(allowed, capacities, n, seed=11), all_deals, len(capacities))
    assert chi_square_p(observed, np.full(len(all_deals), n / len(all_deals))) > P_FLOOR


def test_the_chi_square_test_rejects_a_greedy_dealer():
    allowed, capacities = CASES["two voids"]
    all_deals = enumerate_deals(allowed, capacities)
    sampled = greedy_deals(allowed, capacities, 200 * len(all_deals), seed=3)
    observed = frequencies(sampled, all_deals, len(capacities))
    assert chi_square_p(observed, np.full(len(all_deals), len(sampled) / len(all_deals))) < P_FLOOR


def test_unconstrained_is_a_uniform_deal():
    capacities = [2, 2, 2]
    all_deals = enumerate_deals([7] * 6, capacities)
    assert len(all_deals) == 90
    observed = frequencies(deals([7] * 6, capacities, 90 * 300, seed=4), all_deals, 3)
    assert chi_square_p(observed, np.full(90, 300.0)) > P_FLOOR
    # and it is cut from one shuffle, as a plain deal: each card lands in each place 1/3 of the time
    sample = deals([15] * 52, [13] * 4, 40_000, seed=2)
    share = np.stack([(sample == p).mean(axis=0) for p in range(4)])
    assert np.abs(share - 0.25).max() < 4 * math.sqrt(0.25 * 0.75 / 40_000) * 1.5


def test_marginals_of_a_euchre_deal_with_voids_match_exact_counts():
    # Seat 0 holds 5 cards and the upcard is turned: 18 hidden cards go to seats 1, 2, 3
    # (5 each) and the kitty (3).  Seat 2 is void in hearts, seat 3 in clubs.
    hearts, clubs = range(0, 5), range(5, 10)
    allowed = []
    for card in range(18):
        places = {1, 2, 3, 4}
        if card in hearts:
            places.discard(2)
        if card in clubs:
            places.discard(3)
        allowed.append(sum(1 << (p - 1) for p in places))  # place 0 = seat 1 ... place 3 = kitty
    capacities = [5, 5, 5, 3]
    total = count_deals(allowed, capacities)
    assert _core.constrained_deal_count(range(18), allowed, capacities) == pytest.approx(total, rel=1e-13)
    n = 100_000
    sample = deals(allowed, capacities, n, seed=9, threads=2)
    for card in range(18):
        for place in range(4):
            pinned = list(allowed)
            pinned[card] = allowed[card] & (1 << place)
            exact = count_deals(pinned, capacities) / total
            seen = float((sample[:, card] == place).mean())
            if exact == 0:
                assert seen == 0, (card, place)
            else:
                assert abs(seen - exact) <= 4 * math.sqrt(exact * (1 - exact) / n), (card, place, seen, exact)


# -- errors ---------------------------------------------------------------------------------

@pytest.mark.parametrize("cards, allowed, capacities, message", [
    ([0, 1, 2], [3, 3, 3], [1, 1], "the places hold 2 cards in all but 3 cards are hidden"),
    ([0, 1], [3, 3], [1, 2], "the places hold 3 cards in all but 2 cards are hidden"),
    ([0, 1], [1, 0], [1, 1], "card 1 may go to no place"),
    ([0, 1], [1, 4], [1, 1], "card 1 has place mask 0x4 but there are only places 0..1"),
    ([0, 1], [1, 1], [1, 1], "no consistent deal: 2 cards may go only to place 0, which holds 1"),
    ([0, 1, 2, 3], [3, 3, 3, 4], [1, 1, 2], "no consistent deal: 3 cards may go only to places 0, 1, which hold 2"),
    ([0, 1, 2], [1, 2, 1], [0, 2, 1], "no consistent deal: 2 cards may go only to place 0, which holds 0"),
    ([0, 0], [3, 3], [1, 1], "card 0 is listed twice"),
    ([0, 64], [3, 3], [1, 1], "card 64 is not a card bit 0..63"),
    ([0, 1], [3, 3], [3, -1], "place 1 has capacity -1"),
    ([0], [1], [], "capacities must name 1 to 8 places, got 0"),
    ([0, 1], [1], [2], "cards and allowed must have the same length, got 2 and 1"),
    (list(range(64)), [255 & ~(1 << (i % 8)) for i in range(64)], [8] * 8, "more than 16384 memoised counts"),
])
def test_bad_input_gets_one_line(cards, allowed, capacities, message):
    with pytest.raises(ValueError) as err:
        _core.constrained_deal(cards, allowed, capacities, seed=1)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_out_must_fit():
    with pytest.raises(ValueError, match="one column per card"):
        _core.constrained_deals([0, 1], [3, 3], [1, 1], 1, 0, np.empty((4, 3), dtype=np.int8))


# -- determinism and the corners ------------------------------------------------------------

def test_same_seed_same_deal_for_any_threads():
    allowed, capacities = CASES["three patterns"]
    one = deals(allowed, capacities, 5_000, seed=7, start=100, threads=1)
    assert np.array_equal(deals(allowed, capacities, 5_000, seed=7, start=100, threads=2), one)
    assert not np.array_equal(deals(allowed, capacities, 5_000, seed=8, start=100), one)
    for i in (0, 1, 4_999):
        single = _core.constrained_deal(range(len(allowed)), allowed, capacities, seed=7, stream=100 + i)
        assert single.dtype == np.int8 and np.array_equal(single, one[i])


@pytest.mark.parametrize("name", sorted(CASES))
def test_draw_tables_and_scanning_give_the_same_deals(name):
    allowed, capacities = CASES[name]
    tables = deals(allowed, capacities, 20_000, seed=5)
    for rows in (0, 3, 20):  # none, and budgets that run out part way
        assert np.array_equal(deals(allowed, capacities, 20_000, seed=5, rows=rows), tables), rows


def test_masks_entry_is_the_same_deal():
    # spades bits: seat 0 (place 0) void in hearts (lane 1), place 2 void in clubs (lane 3)
    hidden = (0x1FFF << 0) | (0x1FFF << 16) | (0x1FFF << 48)
    barred = [0xFFFF << 16, 0, 0xFFFF << 48]
    cards = [bit for bit in range(64) if (hidden >> bit) & 1]
    allowed = [sum(1 << p for p in range(3) if not (barred[p] >> bit) & 1) for bit in cards]
    for stream in range(20):
        masks = _core.constrained_deal_masks(hidden, barred, [13, 13, 13], seed=3, stream=stream)
        places = _core.constrained_deal(cards, allowed, [13, 13, 13], seed=3, stream=stream)
        assert masks == [sum(1 << c for c, q in zip(cards, places) if q == p) for p in range(3)]
        assert not masks[0] & barred[0] and not masks[2] & barred[2]
    with pytest.raises(ValueError, match="no consistent deal: 13 cards may go only to place 1, which holds 12"):
        _core.constrained_deal_masks(hidden & ~1, [0xFFFF << 16 | 0xFFFF << 48, 0, 0xFFFF << 48], [13, 12, 13], 1)
    with pytest.raises(ValueError, match="barred must hold one mask per place"):
        _core.constrained_deal_masks(hidden, barred[:2], [13, 13, 13], 1)


def test_card_ids_are_labels_only():
    allowed, capacities = CASES["copies and widow"]
    bits = [3, 19, 40, 63, 0, 17, 33, 50]
    assert np.array_equal(deals(allowed, capacities, 200, seed=3, cards=bits), deals(allowed, capacities, 200, seed=3))


def test_empty_and_forced_deals():
    assert _core.constrained_deal([], [], [0, 0], seed=1).shape == (0,)
    assert _core.constrained_deal_count([], [], [0]) == 1
    forced = _core.constrained_deal([5, 6, 7], [2, 1, 4], [1, 1, 1], seed=1)
    assert list(forced) == [1, 0, 2]


def test_plain_deals_baseline():
    out = np.empty((1000, 39), dtype=np.int8)
    _core.plain_deals([13, 13, 13], 1, 0, out)
    assert all(list(np.bincount(row, minlength=3)) == [13, 13, 13] for row in out)
