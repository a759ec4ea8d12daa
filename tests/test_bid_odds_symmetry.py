"""Bid odds do not depend on the suit order (issue 11): a hand and its twin under a renaming
of suits that leaves the rules unchanged get the same odds.

Before the heuristics broke card-level ties without the suit index, the issue's hand
``AS TS KS QS 9S AH TH KH QH 9H AD JD KC QC 9C`` (trump S) made 27 with P 0.698 and its
hearts/clubs twin with P 0.731 (z = -16).  The twin's trials run on another seed
(TWIN_SEED), so the two estimates are independent samples of the same probability.  (On the
same seed they are not: a deal picks the n-th unseen card in bit order, so the twin's deal is
the renamed deal with some suits' cards exchanged, and the two estimates are correlated.)

Each test compares every row of a hand's odds with its twin's (dozens of z scores, many of
them correlated: the rows of one trump share their trials) and fails when the largest |z|
passes a Bonferroni bound: with k comparisons, |z| > z_k where P(|Z| > z_k) = ALPHA / k, so
a sound core fails a test with chance at most ALPHA whatever the correlation, and the 21 tests
together at most 21 * ALPHA (about 1 in 480).  A fixed 3-standard-error bound on each of the
file's 250 comparisons failed about one run in two on a new stream (z = -3.03 did).  A suit
bias of the kind the issue found still fails: with the pinochle heuristic's ties broken by
suit index again (cp_before in pinochle/cutthroat_players.pxd returning ``c < best``), the
issue's hand gives |z| = 6.6 (bid 27: P 0.697 against 0.736) and the partnership one 10.7,
against bounds of 5.0; on the sound core the largest |z| of each test is 1.6-2.9.
"""
from __future__ import annotations

import math
from statistics import NormalDist

import pytest

from cardsim import bid_odds

TRIALS = 12_000
TWIN_SEED = 8   # the twins' trials: independent of the original's (seed 5)
ALPHA = 1e-4    # per test: the chance that sound odds fail it


def rename(cards: str, m: dict[str, str]) -> str:
    return " ".join(c[:-1] + m.get(c[-1], c[-1]) for c in cards.split())


def z_rate(p: float, q: float, n: int) -> float:
    """Two rates from n independent trials each, under the hypothesis that they are equal."""
    pooled = (p + q) / 2
    se = math.sqrt(2 * pooled * (1 - pooled) / n)
    return 0.0 if se == 0 else (p - q) / se


def z_mean(x: float, y: float, se_x: float, se_y: float) -> float:
    se = math.hypot(se_x, se_y)
    return 0.0 if se == 0 else (x - y) / se


def bound(k: int) -> float:
    """z_k: P(|Z| > z_k) = ALPHA / k."""
    return NormalDist().inv_cdf(1 - ALPHA / (2 * k))


def check(scores: list[tuple[float, object]], least: int) -> None:
    """Every z of the family within the Bonferroni bound for the family's size."""
    assert len(scores) >= least
    worst, what = max(scores, key=lambda s: abs(s[0]))
    assert abs(worst) < bound(len(scores)), (f"|z| = {abs(worst):.2f} > {bound(len(scores)):.2f} "
                                             f"({len(scores)} comparisons)", what)


HC = {"H": "C", "C": "H"}


@pytest.mark.parametrize("game,cards,context", [
    ("cutthroat-pinochle", "AS TS KS QS 9S AH TH KH QH 9H AD JD KC QC 9C", {}),
    ("cutthroat-pinochle", "AH AH TH KH QH JH AC KC QC 9S QS JD KD AS 9C", {"rules": {"army_scoring": True}}),
    ("partnership-pinochle", "AS TS KS QS 9S AH TH KH QH 9H AD JD", {}),
    ("partnership-pinochle", "AH TH KH QH JH AC TC KC QS JD 9S 9D", {}),
])
def test_pinochle_twins_have_the_same_odds(game, cards, context):
    a = bid_odds(game, cards, trials=TRIALS, seed=5, **context)
    b = bid_odds(game, rename(cards, HC), trials=TRIALS, seed=TWIN_SEED, **context)
    scores = []
    for row in a.rows:
        try:
            twin = b.row(HC.get(row["trump"], row["trump"]), row["bid"])
        except KeyError:   # the bids listed end where P(make) reaches 0 in the sample
            continue
        if 0.01 < row["p_make"] < 0.99:
            scores.append((z_rate(row["p_make"], twin["p_make"], TRIALS), (row, twin)))
    for t in a.trumps:
        u = next(x for x in b.trumps if x["trump"] == HC.get(t["trump"], t["trump"]))
        scores.append((z_rate(t["named_rate"], u["named_rate"], TRIALS), (t, u)))
    check(scores, 6)


@pytest.mark.parametrize("cards,upcard", [
    ("AS AS TS KS QS JS 9S AH AD AC KH QH", "TC"),      # trump clubs: the twin's is hearts
    ("AH TH KH QH JH AC TC KC QS JD 9S 9D", "9D"),      # trump diamonds: fixed by the renaming
])
def test_two_hand_twins_have_the_same_odds(cards, upcard):
    """Two-hand pinochle: a hand with its upcard and the twin with hearts and clubs renamed;
    P(difference >= d) row by row, P(win) and the mean difference."""
    a = bid_odds("two-hand-pinochle", cards, upcard=upcard, trials=TRIALS, seed=5)
    b = bid_odds("two-hand-pinochle", rename(cards, HC), upcard=rename(upcard, HC), trials=TRIALS, seed=TWIN_SEED)
    twin = {row["difference_at_least"]: row for row in b.rows}
    scores = []
    for row in a.rows:
        other = twin.get(row["difference_at_least"])
        if other is not None and 0.01 < row["p"] < 0.99:
            scores.append((z_rate(row["p"], other["p"], TRIALS), (row, other)))
    ra, rb = a.recommendation, b.recommendation
    scores.append((z_rate(ra["p_win"], rb["p_win"], TRIALS), ("p_win", ra, rb)))
    check(scores, 6)


EUCHRE_RENAMINGS = [{"S": "C", "C": "S"}, {"S": "H", "H": "S", "C": "D", "D": "C"}, {"S": "H", "H": "C", "C": "D", "D": "S"}]


@pytest.mark.parametrize("game", ["euchre", "cutthroat-euchre"])
@pytest.mark.parametrize("m", EUCHRE_RENAMINGS, ids=["SC", "SH-CD", "SHCD"])
@pytest.mark.parametrize("cards,upcard", [("JH JD AH KS 9C", "QH"), ("AS KS TD 9D QC", "9H")])
def test_euchre_twins_have_the_same_odds(game, m, cards, upcard):
    n = TRIALS // 2
    a = bid_odds(game, cards, upcard=upcard, trials=n, seed=5)
    b = bid_odds(game, rename(cards, m), upcard=rename(upcard, m), trials=n, seed=TWIN_SEED)
    index = {(r["round"], r["action"].replace(f" {r['trump']}", "") if r["trump"] else r["action"],
              r["trump"], r["alone"]): r for r in b.rows}
    scores = []
    for row in a.rows:
        key = (row["round"], row["action"].replace(f" {row['trump']}", "") if row["trump"] else row["action"],
               row["trump"], row["alone"])
        twin = index[(key[0], key[1], m.get(key[2], key[2]), key[3])]
        for stat in ("p_euchre", "p_march"):
            scores.append((z_rate(row[stat], twin[stat], n), (stat, row, twin)))
        scores.append((z_mean(row["expected_net"], twin["expected_net"], row["net_se"], twin["net_se"]),
                       ("expected_net", row, twin)))
    check(scores, 9)


@pytest.mark.parametrize("game,cards,m,rules", [
    ("spades", "AS KS QS 5S AH 4H 3H KD 7D 2D QC 8C 2C", {"H": "D", "D": "H"}, None),
    ("spades", "KS 9S 4S AH QH TH 8H 3H KD 6D 2D 9C 5C", {"H": "C", "C": "H"}, None),
    ("cutthroat-spades", "AS QS 8S 5S KH JH 6H 3H AD TD 7D 4D 9C 8C 5C 4C 3C", {"H": "D", "D": "H"},
     {"prize_jacks": []}),
])
def test_spades_twins_have_the_same_odds(game, cards, m, rules):
    n = TRIALS // 2
    a = bid_odds(game, cards, trials=n, seed=5, rules=rules)
    b = bid_odds(game, rename(cards, m), trials=n, seed=TWIN_SEED, rules=rules)
    twins = {r["bid"]: r for r in b.rows}
    scores = []
    for row in a.rows:
        twin = twins[row["bid"]]
        if 0.01 < row["p_make"] < 0.99:
            scores.append((z_rate(row["p_make"], twin["p_make"], n), (row, twin)))
        scores.append((z_mean(row["expected_score"], twin["expected_score"], float(row["score_se"]),
                              float(twin["score_se"])), ("expected_score", row, twin)))
    check(scores, 4)


def test_the_bound_is_bonferroni():
    assert abs(bound(1) - NormalDist().inv_cdf(1 - ALPHA / 2)) < 1e-12
    assert 4.4 < bound(30) < 4.8 and bound(300) > bound(30)
    check([(4.0, "a")] * 30, 30)
    with pytest.raises(AssertionError, match="30 comparisons"):
        check([(4.9, "a")] + [(0.0, "b")] * 29, 30)
