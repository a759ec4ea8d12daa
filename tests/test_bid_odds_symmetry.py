"""Bid odds do not depend on the suit order (issue 11): a hand and its twin under a renaming
of suits that leaves the rules unchanged get the same odds, within 3 standard errors.

Before the heuristics broke card-level ties without the suit index, the issue's hand
``AS TS KS QS 9S AH TH KH QH 9H AD JD KC QC 9C`` (trump S) made 27 with P 0.698 and its
hearts/clubs twin with P 0.731 (z = -16).  The twin's trials run on another seed
(TWIN_SEED), so the two estimates are independent samples of the same probability.  (On the
same seed they are not: a deal picks the n-th unseen card in bit order, so the twin's deal is
the renamed deal with some suits' cards exchanged, and the two estimates were correlated; after
issues 15 and 10 changed the random streams that correlation pushed two of the 216 euchre
comparisons past 3 standard errors, z = 3.5, while 40,000 trials of each agree within 1.2.)
"""
from __future__ import annotations

import math

import pytest

from cardsim import bid_odds

TRIALS = 12_000
TWIN_SEED = 8   # the twins' trials: independent of the original's (seed 5)


def rename(cards: str, m: dict[str, str]) -> str:
    return " ".join(c[:-1] + m.get(c[-1], c[-1]) for c in cards.split())


def z(p: float, q: float, n: int) -> float:
    se = math.sqrt((p * (1 - p) + q * (1 - q)) / n)
    return 0.0 if se == 0 else (p - q) / se


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
    compared = 0
    for row in a.rows:
        try:
            twin = b.row(HC.get(row["trump"], row["trump"]), row["bid"])
        except KeyError:   # the bids listed end where P(make) reaches 0 in the sample
            continue
        p, q = row["p_make"], twin["p_make"]
        if 0.01 < p < 0.99:
            compared += 1
            assert abs(z(p, q, TRIALS)) < 3, (row, twin)
    assert compared >= 3
    for t in a.trumps:
        u = next(x for x in b.trumps if x["trump"] == HC.get(t["trump"], t["trump"]))
        assert abs(z(t["named_rate"], u["named_rate"], TRIALS)) < 3, (t["trump"], t["named_rate"], u["named_rate"])


EUCHRE_RENAMINGS = [{"S": "C", "C": "S"}, {"S": "H", "H": "S", "C": "D", "D": "C"}, {"S": "H", "H": "C", "C": "D", "D": "S"}]


@pytest.mark.parametrize("game", ["euchre", "cutthroat-euchre"])
@pytest.mark.parametrize("m", EUCHRE_RENAMINGS, ids=["SC", "SH-CD", "SHCD"])
@pytest.mark.parametrize("cards,upcard", [("JH JD AH KS 9C", "QH"), ("AS KS TD 9D QC", "9H")])
def test_euchre_twins_have_the_same_odds(game, m, cards, upcard):
    a = bid_odds(game, cards, upcard=upcard, trials=TRIALS // 2, seed=5)
    b = bid_odds(game, rename(cards, m), upcard=rename(upcard, m), trials=TRIALS // 2, seed=TWIN_SEED)
    index = {(r["round"], r["action"].replace(f" {r['trump']}", "") if r["trump"] else r["action"],
              r["trump"], r["alone"]): r for r in b.rows}
    compared = 0
    for row in a.rows:
        key = (row["round"], row["action"].replace(f" {row['trump']}", "") if row["trump"] else row["action"],
               row["trump"], row["alone"])
        key = (key[0], key[1], m.get(key[2], key[2]), key[3])
        twin = index[key]
        for stat in ("p_euchre", "p_march"):
            compared += 1
            # 3.5: this test makes about 240 comparisons; at 3 the learned euchre players of issue
            # 11 failed one by noise (pass, p_euchre 0.0353 against the twin's 0.0257, z 3.08; the
            # twin's other seeds 15, 25, 35 gave z -1.3, 1.8, 0.7)
            assert abs(z(row[stat], twin[stat], TRIALS // 2)) < 3.5, (stat, row, twin)
        se = math.hypot(row["net_se"], twin["net_se"])
        if se:
            assert abs(row["expected_net"] - twin["expected_net"]) < 3 * se, (row, twin)
    assert compared >= 6


@pytest.mark.parametrize("game,cards,m,rules", [
    ("spades", "AS KS QS 5S AH 4H 3H KD 7D 2D QC 8C 2C", {"H": "D", "D": "H"}, None),
    ("spades", "KS 9S 4S AH QH TH 8H 3H KD 6D 2D 9C 5C", {"H": "C", "C": "H"}, None),
    ("cutthroat-spades", "AS QS 8S 5S KH JH 6H 3H AD TD 7D 4D 9C 8C 5C 4C 3C", {"H": "D", "D": "H"},
     {"prize_jacks": []}),
])
def test_spades_twins_have_the_same_odds(game, cards, m, rules):
    a = bid_odds(game, cards, trials=TRIALS // 2, seed=5, rules=rules)
    b = bid_odds(game, rename(cards, m), trials=TRIALS // 2, seed=TWIN_SEED, rules=rules)
    twins = {r["bid"]: r for r in b.rows}
    compared = 0
    for row in a.rows:
        twin = twins[row["bid"]]
        if 0.01 < row["p_make"] < 0.99:
            compared += 1
            assert abs(z(row["p_make"], twin["p_make"], TRIALS // 2)) < 3, (row, twin)
        se = math.hypot(float(row["score_se"]), float(twin["score_se"]))
        if se:
            assert abs(row["expected_score"] - twin["expected_score"]) < 3 * se, (row, twin)
    assert compared >= 2
