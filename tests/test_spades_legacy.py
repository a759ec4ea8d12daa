"""``preset="legacy"`` reproduces the spades engines from before issue 9 byte for byte.

tests/cases/spades_legacy.json was recorded with the build before issue 9 (commit c488aab,
tests/cases/spades_legacy.py): a sha256 of the records of small seeded hand, game and
tournament batches, and the full output of a few bid-odds runs.  The same workloads under
the legacy preset must give the same bytes.  The one deliberate change in bid odds: P(make)
of one-for-50 / two-for-40 now means exactly one / two tricks (issue 9), so those rows (and
the policy's row when it bids them) may differ in p_make and its interval, nothing else.
Issue 11 changed the heuristic players (not the rules): their entries were recorded again
(``tests/cases/spades_legacy.py --players``; last when cutthroat's nil learned the exposure terms).  Issues 15 and 10 changed the random streams
(nothing else): everything was recorded again under the legacy preset (``--streams``).
"""
from __future__ import annotations

import json

import pytest

from cases.spades_legacy import BATCHES, ODDS, PATH, WORKLOADS, batch_digest, signatures
from cardsim import Game, bid_odds
from cardsim.rules import make_rules

PINNED = json.loads(PATH.read_text())
MADE_KEYS = ("p_make", "ci_low", "ci_high")


def test_legacy_preset_values():
    for name in ("cutthroat-spades", "spades"):
        legacy = make_rules(name, preset="legacy")
        assert (legacy.bag_penalty, legacy.multiple_prize_jacks, legacy.break_spades) == ("limit", "each", True)
    assert make_rules("spades", preset="legacy").failed_nil_tricks == "ignored"


@pytest.mark.parametrize("name, game_name, options", WORKLOADS, ids=[w[0] for w in WORKLOADS])
def test_legacy_batches_are_byte_identical(name, game_name, options):
    game = Game(game_name, preset="legacy", **options)
    for unit, policy, n, seed in BATCHES:
        key = f"{unit}-{policy}-{n}-{seed}"
        assert batch_digest(game, unit, policy, n, seed) == PINNED["batches"][name][key], key


def test_new_defaults_change_the_records():
    """Not vacuous: the seed's defaults give other records where bag-outs and prize jacks occur."""
    now = signatures(None)["batches"]
    changed = [name for name in now if now[name] != PINNED["batches"][name]]
    assert {"cutthroat-3", "cutthroat-3-bag-limit-3-three-jacks", "spades"} <= set(changed)


@pytest.mark.parametrize("name, game_name, options, cards, context", ODDS, ids=[o[0] for o in ODDS])
def test_legacy_bid_odds_agree(name, game_name, options, cards, context):
    game = Game(game_name, preset="legacy", **options)
    got = json.loads(json.dumps(bid_odds(game, cards, trials=600, seed=5, threads=1, **context).to_dict()))
    want = PINNED["odds"][name]
    exact_rows = {"one_for_50", "two_for_40", "policy"}
    assert [r["bid"] for r in got["rows"]] == [r["bid"] for r in want["rows"]]
    for row, old in zip(got["rows"], want["rows"]):
        if row["bid"] in exact_rows:
            row = {k: v for k, v in row.items() if k not in MADE_KEYS}
            old = {k: v for k, v in old.items() if k not in MADE_KEYS}
        assert row == old, name
    for key in set(want) - {"rows", "recommendation"}:
        assert got[key] == want[key], key
    for key in ("bid", "expected_score", "highest_likely_bid", "policy_bid"):
        assert got["recommendation"][key] == want["recommendation"][key], key
