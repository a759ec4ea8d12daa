"""Learn the spades heuristic's bid tables from the simulator's own bid odds (issue 11).

    python scripts/spades_bid_table.py                       # regenerate src/cardsim/data/spades_bids.json
    python scripts/spades_bid_table.py --hands 40 --trials 200 --out /tmp/small.json

What it learns, per game shape (``spades``: four seats in partnership; ``cutthroat-spades``:
three seats), from seeded hands of seat 0 bidding first in a new game (the same question
``bench/decisions.py`` asks), every bid's expected score from ``cardsim.bid_odds`` with the
heuristic players (a 1 or 2 counts as the heuristic bids it, one-for-50 / two-for-40 where
the rules allow them):

* **the count** (``weights``, ``count_suit``): a weighted sum of the hand's features
  (``_core.spades_features``: spade length, top spades, the spade honours, side aces, guarded
  kings and queens, ruffs with spare spades, long side suits, the hand-set count, and what nil
  fears: side honours with no low card under them, long suits headed by an honour, side suits
  with no low card, middle and high spades, A-K suits, long spades, long suits with their
  ace, and the 28 products of each pair of spade length, top spades, side aces, guarded side
  kings, ruffs, long side cards and the count in tenths: the count's non-linear part; side
  jacks, side tens, the longest side suit and its square), of the side suits' terms
  (``_core.spades_nil_suit_terms``, as nil's) and of the spade holding (``count_spade``: the
  spades held by which of the A, K, Q, spade_terms), fitted by least squares to 100 x
  the regular bid of the best expected score of each hand (``--fit score``: then refined for
  the expected score of the bid it gives, refine_weights);
* **the cuts**: per quarter-trick of that count (pooled with the neighbouring quarters) the
  bid with the best mean expected score, made non-decreasing; written as the counts at which
  bids 2, 3, ... start;
* **nil** (``nil_weights``, ``nil_suit``, ``nil_exposure``): a row per spade length (1 or fewer, 2, 3, 4, 5 or
  more) of weights over the same features, over the side suits' nil terms
  (``_core.spades_nil_suit_terms``) and over the exposure of the side suits and of the spades
  (``_core.spades_nil_exposure``: how many of the others' cards can duck under a nil's card), the log-odds that nil's expected score (200 x P(nil
  makes) - 100, the partner's contract aside) beats the table bid's, by a logistic
  regression with each hand weighted by the points the choice is worth there (learn_nil);
  nil where the sum is positive (``--fit nil-only``: only nil learned, the start's count,
  cuts, moon and blind margins kept);
* **the special bids** (``special_weights``, ``special_suit``; where the rules allow both
  one-for-50 and two-for-40: cutthroat): two rows of weights over the same features and side
  suits' terms as nil's, learned like nil's (fit_nil) after it: row 0 the log-odds that
  two-for-40 beats a table bid of 3 or 4, row 1 that one-for-50 beats a bid of 2 or 3 (the
  table's, or 2 from row 0); the heuristic moves the bid where they are positive (learn_special,
  spades/players.pxd sp_special_bid; ``--fit special-only``: only these learned, the rest of
  the start's tables kept);
* **moon** (``moon``): the offset from 100 x moon_tricks of the count from which moon wins
  the most points (none of the hands: no offset, 10,000: never);
* **blind nil / blind 6** (``blind_nil``, ``blind6``): ``bid_odds(blind=True)`` at seat 0 behind
  the others by each margin in BLIND_GAPS, in a new game's other respects: the smallest margin
  from which the blind bid's expected score beats looking at every larger margin, else null
  (never).

Round 1 learns against players bidding by the rounded hand-set count (a table that bids like
the untabled heuristic but never blind, so that the blind odds compare blind bids with
looking; the shipped tables never enter), each further round (``--rounds``, default 2)
against players bidding by the previous round's tables (the other seats' bids move with
the table, so the best reply does too), on fresh seeds, and moves the tables halfway towards
that reply (undamped, partnership tables oscillate: partners' bids add up).
``--start FILE`` makes the first round learn against the tables in FILE instead (an older
table's weights read with 0 for features added since) and move halfway from them
(``--undamped``: all the way).  ``--games`` learns only those games' tables and keeps the
start's for the others.  The shipped tables come from stop 22's (24 features:
git show 85ef3e3:src/cardsim/data/spades_bids.json > T0) by three undamped rounds of one game
each, every one against the players of the tables before it, three commands::

    python scripts/spades_bid_table.py --games cutthroat-spades --undamped --rounds 1 \
        --seed 2040 --hands 4000 --trials 800 --start T0 --out T1
    python scripts/spades_bid_table.py --games spades --undamped --rounds 1 \
        --seed 2040 --hands 6000 --trials 800 --start T1 --out T2
    python scripts/spades_bid_table.py --games cutthroat-spades --undamped --rounds 1 --fit score \
        --seed 2050 --hands 28000 --trials 800 --start T2 --cache DIR

(T2 is also git show 115c589:src/cardsim/data/spades_bids.json, stop 23's; its 52 weights are
read with 0 for the four features added since, so its players bid as they did.)  ``--fit
score`` refines the least-squares weights for the score itself (refine_weights); ``--cache``
keeps the 28,000 sampled hands (about 6 CPU minutes) for a rerun.  Stop 27 learned cutthroat's
table once more against those players (T3: git show 7ced587:src/cardsim/data/spades_bids.json),
the count with the side suits' terms and nil's rows by spade length::

    python scripts/spades_bid_table.py --games cutthroat-spades --undamped --rounds 1 --fit score \
        --seed 2051 --hands 28000 --trials 800 --start T3 --cache DIR
Stop 29 added the special bids' rules to that table (T4: git show b243b67:src/cardsim/data/spades_bids.json),
learned against its players, the rest kept (the 20,000 hands, about 12 CPU minutes, cached)::

    python scripts/spades_bid_table.py --games cutthroat-spades --undamped --rounds 1 --fit special-only \
        --seed 2052 --hands 20000 --trials 800 --start T4 --cache DIR
Stop 32 learned nil's rows once more with the exposure terms, against the players of that table
(T5: git show 403447d:src/cardsim/data/spades_bids.json), the rest kept (14,000 hands, cached)::

    python scripts/spades_bid_table.py --games cutthroat-spades --undamped --rounds 1 --fit nil-only \
        --seed 2054 --hands 14000 --trials 800 --start T5 --cache DIR
Stop 33 learned cutthroat's count once more with the spade holding terms, its cuts and the special
bids' rules, against the players of that table (T6: git show 1484d41:src/cardsim/data/spades_bids.json),
nil, moon and the blind margins kept (30,000 hands, about 5 CPU minutes, cached)::

    python scripts/spades_bid_table.py --games cutthroat-spades --undamped --rounds 1 --fit count-only \
        --seed 2070 --hands 30000 --trials 800 --start T6 --cache DIR
Stop 34 learned nil's rows once more, against the players of that table (T7: git show
046d0c6:src/cardsim/data/spades_bids.json), on 80,000 hands: seed 2080's 30,000 dealt against T7 and,
pooled (``--pool``), seeds 2070 and 2071 (50,000) dealt against T6's players, the rest kept::

    python scripts/spades_bid_table.py --games cutthroat-spades --undamped --rounds 1 --fit nil-only \
        --seed 2080 --hands 30000 --trials 800 --start T7 --pool 2070:30000:T6 --pool 2071:20000:T6 --cache DIR
Why pooled: held out (seed 2081, 20,000 hands dealt against T7's players) the whole bid's loss 0.972 ->
0.927 points a hand (-0.045 +- 0.017; nil's part 0.332 -> 0.285), on seed 2082's 10,000 (the same
players) 0.948 -> 0.876 (-0.072 +- 0.024), where the same rows fitted on seed
2070's 30,000 alone gained -0.020 +- 0.018 (held out on 2071).  A larger ridge was worse (fitted on
2070, held out on 2071, NIL_RIDGE 1e-3 / 3e-3 / 1e-2: +0.013 / +0.040 / +0.084 against the table
before, 1e-4: -0.020), a smaller one (1e-5) on the 80,000 within the noise of 1e-4 (2081: -0.052); the
count refitted on the same 80,000 with nil and the special rules gained nothing more (-0.049 +- 0.018
in all).  The benchmark's 200-hand seeds move by single nils: seed 12 took two false nils (p_nil 0.29 and
0.32, 77 and 59 points), seed 13 one (p_nil 0.41, 58 points); seeds 11 and 14 and seed 13's 1,000 hands
fell (bench/decisions.py).
Stop 35 tried more for nil and shipped none of it (nothing beat stop 34's rows out of sample).  Two fresh
held-out sets dealt against stop 34's players (5696765's table): seed 2091 (20,000 hands) and seed 2092
(12,000), on which that table loses 0.857 and 0.907 points a hand (nil's part: false nils 0.098 / 0.112,
missed 0.130 / 0.151; the regular bids one off 0.44 of 2091's 0.857).  Per-suit and spade-holding terms
for nil (each a one-hot that a table entry could take at load for nothing), fitted with nil's rows on
stop 34's 80,000 hands (seeds 2070, 2071, 2080), held out on 2081 / 2082 against stop 34's rows:
the side suits' top card by length band (52 terms) -0.021 +- 0.012 / +0.017 +- 0.016, the spades' length by
top spade (64) +0.003 +- 0.010 / +0.021 +- 0.015, the side suits' and the spades' exposure one-hot (16)
-0.004 +- 0.013 / +0.012 +- 0.017.  The 80,000 and seeds 2081 + 2082 pooled (110,000), held out on 2091:
the rows alone +0.006 +- 0.005, with the side top cards +0.008 +- 0.011.  Nil's gain against the bid the
heuristic would make instead, the special rules included (not the table bid): +0.002 +- 0.006 / +0.008 +-
0.008.  The rows' constant moved by -1, -0.5, +0.5, +1 (log-odds): worse on 2081, 2082 and 2091 (-0.5:
+0.018 / +0.024 / +0.008; +0.5: +0.010 / +0.048 / +0.011).  A larger ridge on the row of 2 spades or fewer
(3e-4 .. 3e-3), on 2081 / 2082 / 2091 / 2092: within the noise both ways.  The rows refined for the
points themselves from stop 34's (refine_weights' smoothed steps, Adam, on the 80,000): in sample -0.05,
held out +0.017 .. +0.118 on the four sets (overfit: the weighted logistic fit is the better estimate).
The benchmark's costly nils (seed 12: p_nil 0.29 and 0.32; seed 13: 0.41) are the rows' decision, not a
calibration: their log-odds 0.01, 0.74 and 0.45 (row 0: terms of up to +-4.6 that nearly cancel).
Stop 36 learned cutthroat's count once more (its weights, cuts and the special bids' rules; nil, moon and
the blind margins kept), against the players of stop 35's table (T8: git show
c82cd8d:src/cardsim/data/spades_bids.json), on 130,000 hands: seed 2101's 20,000 dealt against T8 and, pooled,
the 110,000 of seeds 2070 and 2071 (T6's players) and 2080, 2081 and 2082 (T7's)::

    python scripts/spades_bid_table.py --games cutthroat-spades --undamped --rounds 1 --fit count-only \
        --seed 2101 --hands 20000 --trials 800 --start T8 --pool 2070:30000:T6 --pool 2071:20000:T6 \
        --pool 2080:30000:T7 --pool 2081:20000:T7 --pool 2082:10000:T7 --cache DIR
Why: the regular bid one trick off was half the held-out loss (seed 2091: under-bids 0.390, over-bids 0.272
of 0.857 points a hand), and the count had been fitted on seed 2070's 30,000 hands alone.  Held out on stop
35's fresh sets (dealt against T8's players), the whole bid's loss: seed 2091 (20,000 hands) 0.857 -> 0.843
(-0.014 +- 0.007), seed 2092 (12,000) 0.907 -> 0.884 (-0.023 +- 0.009); under-bids 0.390 -> 0.371 and
0.386 -> 0.364, over-bids 0.272 -> 0.278 and 0.302 -> 0.300, nil unchanged; 3% of the bids move.  The
110,000 older hands alone: -0.011 +- 0.007 / -0.013 +- 0.009.  The benchmark (bench/decisions.py --trials
2000 --threads 1, the bid), seeds 11 / 12 / 13 / 14 at 200 hands: 0.839 / 1.070 / 1.110 / 0.648 -> 0.878 /
1.022 / 1.033 / 0.716 (a handful of hands each); seed 13 at 1,000 hands 0.812 -> 0.805.  A side suit's holding as a one-hot for the
count (80 terms: its length 0 .. 9+ by which of the A, K, Q it holds, summed over the side suits, a term the
side suits' table entries could take at load), on the same 130,000: -0.030 +- 0.009 / -0.020 +- 0.011, against
the refit alone -0.015 +- 0.008 / +0.002 +- 0.009 (paired): within the noise, not added.
Stop 37 learned cutthroat's nil rows once more, as five rows (sp_nil_row: 1 or fewer spades apart
from 2; NIL_ROWS), against the players of stop 36's table (T9: git show
221f0e4:src/cardsim/data/spades_bids.json), the rest kept, on 200,000 hands: seeds 2110 .. 2116's 70,000
dealt against T9 (701 CPU seconds) and, pooled, stop 36's 130,000::

    python scripts/spades_bid_table.py --games cutthroat-spades --undamped --rounds 1 --fit nil-only \
        --seed 2110 --hands 10000 --trials 800 --start T9 --pool 2111:10000 --pool 2112:10000 \
        --pool 2113:10000 --pool 2114:10000 --pool 2115:10000 --pool 2116:10000 --pool 2101:20000:T8 \
        --pool 2070:30000:T6 --pool 2071:20000:T6 --pool 2080:30000:T7 --pool 2081:20000:T7 \
        --pool 2082:10000:T7 --cache DIR
Held out, the whole bid's loss: seed 2091 (20,000 hands, T8's players) 0.843 -> 0.838 (-0.005 +- 0.011),
seed 2092 (12,000) 0.884 -> 0.847 (-0.037 +- 0.016), and a fresh seed 2120 (10,000 dealt against T9)
0.883 -> 0.866 (-0.017 +- 0.014); nil's part 0.227 / 0.263 / 0.244 -> 0.222 / 0.225 / 0.226; 0.4% of the
bids move.  The split is the gain, not the hands: four rows refitted on the same 200,000 lose 0.845 / 0.858
/ 0.905 (against T9's rows +0.001 / -0.026 / +0.022), the five rows against them -0.007 +- 0.007 / -0.011
+- 0.014 / -0.040 +- 0.013.  The benchmark (bench/decisions.py --trials 2000 --threads 1, the bid), seeds
11 / 12 / 13 / 14 at 200 hands: 0.878 / 1.022 / 1.033 / 0.716 -> 0.954 / 0.400 / 0.808 / 0.733; seed 13 at
1,000 hands 0.805 -> 0.784 (the nil kind 0.216 -> 0.185, blind 20.567 -> 20.566).
Dropped: the count refitted on the same 200,000 (``--fit count-only``, nil kept): worse held out, +0.017
+- 0.005 / +0.007 +- 0.006 / +0.005 +- 0.006 (under-bids 0.360 -> 0.392 on 2091: the hands dealt against
T9's players, who bid more, pull the count down; at 130,000 hands it had stopped gaining); the cuts learned
on the fresh hands alone (seed 2101 under T9's count): the same cuts but one (1,125 -> 1,150), +0.000 /
+0.001 (the refined count already sits on the rounded cuts, refine_weights); nil's constant per table bid
(rows split by the regular bid the heuristic would make: a one-hot of the table bid 1 .. 6 or more in
each row, 130,000 hands) -0.004 +- 0.007 / -0.014 +- 0.009 against T9, no better than the rows refitted
alone (-0.000 / -0.020); the count (in tenths of a trick) as a nil term +0.000 / -0.010.
Stop 22's tables were ``--rounds 1 --seed 2028 --start`` stop 21's, moved halfway.  Two
rounds from the rounding table with the 24 features overbid badly (partnership bench 18.5%
agreement, 22.6 points lost a hand): the rounding players are too far from the learned ones
for one damped step.
Deterministic: the same arguments (and start file) give the same bytes.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import pathlib
import sys

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
if __name__ == "__main__" and (HERE.parent / "src" / "cardsim").is_dir():  # run from a checkout; imported (tests): as is
    sys.path.insert(0, str(HERE.parent / "src"))

from cardsim import Game, _core, bid_odds  # noqa: E402
from cardsim.atomic import write_text  # noqa: E402
from cardsim.errors import CardsimError  # noqa: E402

SHAPES = {"spades": 0, "cutthroat-spades": 1}
BUCKET = 25
MIN_HANDS = 12
MAX_COUNT = 1800   # hundredths: the counts the table covers (17 tricks and more take the last bid)
SCALE = 1000       # weights in thousandths (spades/players.pxd SP_W_SCALE)
NF = 56            # features (SP_NF: 24, 28 products, 4 more)
NB = 34            # the side suits' nil terms (SP_NB, _core.spades_nil_suit_terms)
NE = 2             # nil's exposure terms (SP_NIL_EXPOSURES, _core.spades_nil_exposure)
NS = 80            # the count's spade holding terms (SP_NS, spade_terms)
SPADE_TERM_HANDS = 100  # a spade holding term is learned where this many hands hold it, else weighs 0 (spade_terms)
NIL_ROWS = 5       # nil's rows of weights, by spade length (SP_NIL_ROWS)
LEGACY_NIL_ROWS = 4  # nil's rows in tables written before stop 37 (2 or fewer spades, 3, 4, 5 or more)
EST = 16           # the feature that is the hand-set count
BLIND_GAPS = (50, 100, 200, 400)
NEVER_MOON = 10_000
NIL_SCALE = 100_000  # nil's weights: log-odds times this
NIL_RIDGE = 1e-4     # the ridge, per hand (at least 1 in all: small samples separate)
MAX_WEIGHT = 10_000_000
OUT = HERE.parent / "src" / "cardsim" / "data" / "spades_bids.json"


def features(mask: int) -> tuple[int, int, int, int]:
    """What the hand-set nil limits read of a hand mask: spades held, top spade's lane
    position (-1: none), side aces, side kings (as sp_nil_hand in the core)."""
    spades = mask & 0xFFFF
    side = mask & ~0xFFFF
    aces = sum(1 for lane in (1, 2, 3) if side >> (16 * lane + 12) & 1)
    kings = sum(1 for lane in (1, 2, 3) if side >> (16 * lane + 11) & 1)
    return bin(spades).count("1"), spades.bit_length() - 1, aces, kings


def samples(game_name: str, hands: int, trials: int, seed: int, first: int = 0) -> list[dict]:
    """Per seeded hand of seat 0: its features and {bid: expected score} ("nil", "moon" too);
    hands ``first`` .. ``hands - 1`` of the seed (the rest: pieces of one run, joined in order)."""
    game = Game(game_name)
    out = []
    for i in range(first, hands):
        s = seed * 1_000_000 + i
        seats = len(game.deal(seed=s).hands)
        hand = game.deal(seed=s, dealer=seats - 1).hands[0]
        odds = bid_odds(game, str(hand), trials=trials, seed=s, threads=1, seat=0)
        scores = {int(r["bid"]): float(r["expected_score"]) for r in odds.rows if str(r["bid"]).isdigit()}
        rows = {r["bid"]: r for r in odds.rows}
        for n, special, allowed in ((1, "one_for_50", "allow_one_for_50"), (2, "two_for_40", "allow_two_for_40")):
            if game.rules.get(allowed) and special in rows:   # the heuristic bids 1 / 2 this way
                scores[n] = float(rows[special]["expected_score"])
        entry = {"f": list(_core.spades_features(game.rules, hand.mask)), "h": _core.spades_nil_suit_terms(hand.mask),
                 "e": _core.spades_nil_exposure(hand.mask), "scores": scores, "held": len(hand)}
        for special in ("nil", "moon"):
            if special in rows:
                entry[special] = float(rows[special]["expected_score"])
        out.append(entry)
    return out


def solve(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Least squares with a tiny ridge (features that never vary in a small sample get 0)."""
    a = x.T @ x + 1e-6 * np.eye(x.shape[1])
    return np.linalg.solve(a, x.T @ y)


def learn_weights(data: list[dict], fit: str = "least-squares") -> list[int]:
    """The count's weights (NF over the features, then NB over the side suits' terms, then NS over
    the spade holding terms: the table's ``weights``, ``count_suit`` and ``count_spade``): least
    squares of 100 x each hand's best regular bid on its features and terms; ``fit="score"`` (and
    "count-only"): then refined for the expected score of the bid they give (refine_weights).  Why
    the side suits' terms: in cutthroat (28,000 hands of seed 2051 against 7ced587's players, held
    out: 6,000 of seed 2061) the regular bid's loss, refined, 0.931 (7ced587's table) -> 0.918
    (refitted on the features) -> 0.831 points a hand (with the terms).  Why the spade holding
    terms: see spade_terms."""
    data = [dict(d, f=d["f"] + suit_terms(d) + spade_terms(d)) for d in data]
    x = np.array([d["f"] for d in data], dtype=float)
    rare = np.flatnonzero((x[:, NF + NB:] != 0).sum(0) < SPADE_TERM_HANDS) + NF + NB
    x[:, rare] = 0.0     # a holding too rare to learn: weight 0 (see spade_terms)
    y = np.array([100.0 * max(sorted(d["scores"]), key=lambda n: (round(d["scores"][n], 6), -n)) for d in data])
    w = solve(x, y)
    if fit in ("score", "count-only"):
        w = refine_weights(x, data, w)
    weights = [int(np.clip(round(v * SCALE), -MAX_WEIGHT, MAX_WEIGHT)) for v in w]
    check_int32(weights, data)
    return weights


REFINE_TEMPS = (40.0, 20.0, 10.0)   # hundredths of a trick: the smoothing of each stage
REFINE_STEPS = 400                  # Adam steps a stage
REFINE_RATE = 2.0                   # hundredths of a trick a step (on standardised features)


def refine_weights(x: np.ndarray, data: list[dict], w: np.ndarray) -> np.ndarray:
    """Weights (per feature, hundredths of a trick) moved from ``w`` to raise the mean expected score
    of the bid the rounded count gives.

    Least squares fits the best bid, and misses by one cost alike either way; in fact a bid one too
    high can be set and one too low gives up ten points and a bag, and some hands' best bid is
    clear while others' are near ties.  The bid of count c is 1 plus the number of steps
    100k - 50 (k = 2, 3, ..) at or below c; each step that a hand's count passes adds that hand's
    score[k] - score[k - 1] (0 beyond the cards held).  The steps are smoothed into sigmoids of
    (c - 100k + 50) / T and the mean of the smoothed score climbed by Adam (REFINE_STEPS steps
    of REFINE_RATE on standardised features) at each T of REFINE_TEMPS in turn, from ``w``.
    The cuts are learned afterwards from the counts as before (learn_cuts).  In cutthroat
    (28,000 hands, 800 deals each, a fifth held out): least squares 1.370 points lost a hand on
    the held-out fifth, refined 1.327.  Deterministic (fixed steps, no sampling).
    """
    steps = max(max(len(d["scores"]) for d in data), 2)
    gain = np.zeros((len(data), steps - 1))
    for i, d in enumerate(data):
        sc = d["scores"]
        for k in range(2, min(d["held"], steps) + 1):
            if k in sc and k - 1 in sc:
                gain[i, k - 2] = sc[k] - sc[k - 1]
    cut = np.array([100.0 * k - 50 for k in range(2, steps + 1)])
    mu, sd = x[:, 1:].mean(0), x[:, 1:].std(0)
    sd[sd == 0] = 1.0
    z = np.hstack([np.ones((len(x), 1)), (x[:, 1:] - mu) / sd])
    beta = np.r_[w[0] + float((w[1:] * mu).sum()), w[1:] * sd]
    m, v, t = np.zeros_like(beta), np.zeros_like(beta), 0
    for temp in REFINE_TEMPS:
        for _ in range(REFINE_STEPS):
            u = np.clip(((z @ beta)[:, None] - cut[None, :]) / temp, -50.0, 50.0)
            sg = 1.0 / (1.0 + np.exp(-u))
            grad = z.T @ (sg * (1.0 - sg) / temp * gain).sum(1) / len(z)
            t += 1
            m = 0.9 * m + 0.1 * grad
            v = 0.999 * v + 0.001 * grad ** 2
            beta = beta + REFINE_RATE * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
    return np.r_[beta[0] - float((beta[1:] * mu / sd).sum()), beta[1:] / sd]


def count_of(t: dict, d: dict) -> int:
    """A table's count of a hand (sp_learned_count): its weights, count_suit and count_spade over
    the hand's features, side suits' terms and spade holding terms."""
    return count(t["weights"] + (t.get("count_suit") or [0] * NB) + (t.get("count_spade") or [0] * NS),
                 d["f"] + suit_terms(d) + spade_terms(d))


def count(weights: list[int], f: list[int]) -> int:
    """The learned count of a hand (sp_learned_count: C's integer division)."""
    s = sum(w * v for w, v in zip(weights, f))
    return s // SCALE if s >= 0 else -((-s) // SCALE)


def learn_cuts(counts: list[int], data: list[dict]) -> list[int]:
    """The counts at which bids 2, 3, ... start.

    Per quarter-trick of count with at least MIN_HANDS hands (pooled with the neighbouring
    quarters; none has: the fullest): the bid of the best mean expected score, kept as an
    offset from the rounded count; quarters with fewer hands (the rare very weak and very
    strong counts) take the offset of the nearest quarter that has enough.  Then the bids
    are made non-decreasing.
    """
    buckets: dict[int, list[dict[int, float]]] = {}
    for c, d in zip(counts, data):
        buckets.setdefault(max(c, 0) // BUCKET, []).append(d["scores"])
    top = max(buckets)
    pooled_at = {b: [sc for k in (b - 1, b, b + 1) for sc in buckets.get(k, [])] for b in range(top + 1)}
    need = min(MIN_HANDS, max(len(p) for p in pooled_at.values()))
    offset: dict[int, int] = {}
    for b in range(top + 1):
        pooled = pooled_at[b]
        if not pooled or len(pooled) < need:
            continue
        bids = sorted(set.intersection(*(set(sc) for sc in pooled)))
        mean = {n: sum(sc[n] for sc in pooled) / len(pooled) for n in bids}
        best = max(bids, key=lambda n: (round(mean[n], 6), -n))
        offset[b] = best - rounded(b)
    known = sorted(offset)
    run, cuts, prev = 1, [], 1
    for b in range(MAX_COUNT // BUCKET + 1):
        near = min(known, key=lambda k: (abs(k - b), k))
        run = max(run, rounded(b) + offset[near])
        while prev < run and len(cuts) < 18:     # bid prev + 1 starts here
            prev += 1
            cuts.append(b * BUCKET)
    return cuts


def table_bid(cuts: list[int], c: int, held: int) -> int:
    return min(max(1 + sum(1 for k in cuts if k <= c), 1), held)


NIL_ROW_HANDS = 200   # a spade length's row is fitted on its own hands where it has this many, else on all


def nil_row(f: list[int]) -> int:
    """Nil's row of weights of a hand with features ``f`` (sp_nil_row: spades 1 or fewer, 2, 3, 4, 5 or more)."""
    return min(max(f[1] - 1, 0), 4)


def suit_terms(d: dict) -> list[int]:
    return d.get("h") or [0] * NB


def spade_terms(d: dict) -> list[int]:
    """The count's spade holding terms of a hand (spades/players.pxd sp_spade_holding): NS terms,
    one of them 1, at 8 x the spades held (9 for more) plus 1, 2, 4 for the A, K, Q of spades
    (features 1, 3, 4, 5).  Why: the count's spade features are linear in the length and the
    honours, which misjudges how an honour's worth depends on its length; in cutthroat (30,000
    hands of seed 2070 against 1484d41's players, refined for the score, held out: 20,000 of seed
    2071) the regular bid's loss 0.853 -> 0.790 points a hand (-0.063 +- 0.012); with the J too
    (160 terms) 0.810, the same terms of the side suits as well 0.803.  A holding fewer than
    SPADE_TERM_HANDS hands of the sample hold weighs 0 (learn_weights): the score's refinement steps
    on standardised features, so a term of a handful of hands took weights of up to -29 tricks
    (nine spades with the A alone, one hand); with 30 hands, -8; with 100 none beyond a trick,
    and the whole bid's held-out loss 0.998 -> 0.932 (-0.066 +- 0.011; 30: 0.916)."""
    f = d["f"]
    terms = [0] * NS
    terms[8 * min(f[1], 9) + f[3] + 2 * f[4] + 4 * f[5]] = 1
    return terms


def exposure_terms(d: dict) -> list[int]:
    return d.get("e") or [0] * NE


def fit_nil(x: np.ndarray, gain: np.ndarray) -> np.ndarray:
    """A logistic regression of ``gain > 0`` on ``x`` (the first column the constant), each hand
    weighted by ``|gain|``, by Newton's method with a small ridge on standardised features: the
    raw log-odds' weights."""
    y = (gain > 0).astype(float)
    cost = np.abs(gain) / max(float(np.abs(gain).mean()), 1e-9)
    mu, sd = x[:, 1:].mean(0), x[:, 1:].std(0)
    sd[sd == 0] = 1.0
    z = np.hstack([np.ones((len(x), 1)), (x[:, 1:] - mu) / sd])
    ridge = max(NIL_RIDGE, 1.0 / len(x)) * len(x) * np.diag(np.r_[0.0, np.ones(z.shape[1] - 1)]) + 1e-9 * np.eye(z.shape[1])
    beta = np.zeros(z.shape[1])
    for _ in range(30):
        p = 1.0 / (1.0 + np.exp(-np.clip(z @ beta, -30.0, 30.0)))
        grad = z.T @ (cost * (p - y)) + ridge @ beta
        hess = (z * (cost * p * (1.0 - p))[:, None]).T @ z + ridge
        beta = beta - np.linalg.solve(hess, grad)
    return np.r_[beta[0] - float((beta[1:] * mu / sd).sum()), beta[1:] / sd]


def learn_nil(data: list[dict], regular: list[float]) -> tuple[list[list[int]], list[list[int]], list[list[int]]] | None:
    """Nil's weights (see the module docstring): (a row of NF weights over the features, one
    of NB over the side suits' nil terms and one of NE over the exposure terms, per spade length
    of nil_row); None when the rules allow no nil.

    Per spade length, a logistic regression of "nil beats the table's bid" on the features and
    the side suits' nil terms (``_core.spades_nil_suit_terms``: each side suit's length, its A,
    K, Q, J and low and middle cards by its length), each hand weighted by how many points the
    choice is worth there (|nil's expected score - the bid's|), fitted by Newton's method with a
    small ridge on standardised features (fit_nil); the weights are the log-odds' (times
    NIL_SCALE), so nil where they sum above 0, i.e. where nil's predicted P(nil makes) times
    its value beats the trick bid on the hands that matter.  A length with fewer than
    NIL_ROW_HANDS hands takes the fit over all hands.  Why rows and suit terms: one row over
    the features misjudged long side suits under an honour beside three or four low spades
    (safe for a nil in cutthroat: the others run out of the suit and ruff, the honour goes on
    a ruff), the three seed-11 nils the benchmark missed; on 28,000 cutthroat hands against the
    shipped players, a fifth held out in turn, the nil decision's loss 0.403 (one row of
    features) -> 0.353 (rows) -> 0.337 points a hand (rows and suit terms).  The exposure terms
    (``_core.spades_nil_exposure``, spades/players.pxd sp_suit_exposure: how many of the others'
    cards can duck under a nil's card in the rounds they can follow, the side suits summed and
    the spades) see what a low card covers, which the counts cannot: rows fitted on 14,000
    hands against the shipped players (seed 2054), the nil decision's loss held out 0.394 ->
    0.316 (seed 2053, 6,000 hands) and 0.385 -> 0.322 points a hand (2052 + 2062, 32,000).
    """
    if not all("nil" in d for d in data):
        return None
    x = np.array([d["f"] + suit_terms(d) + exposure_terms(d) for d in data], dtype=float)
    gain = np.array([d["nil"] - reg for d, reg in zip(data, regular)])
    rows = np.array([nil_row(d["f"]) for d in data])
    pooled = fit_nil(x, gain)
    raw = [fit_nil(x[rows == r], gain[rows == r]) if (rows == r).sum() >= NIL_ROW_HANDS else pooled
           for r in range(NIL_ROWS)]
    weights = [[int(np.clip(round(v * NIL_SCALE), -MAX_WEIGHT, MAX_WEIGHT)) for v in w] for w in raw]
    for r in range(NIL_ROWS):
        check_int32(weights[r], [{"f": d["f"] + suit_terms(d) + exposure_terms(d)} for d, k in zip(data, rows) if k == r]
                    or data[:1])
    return [w[:NF] for w in weights], [w[NF:NF + NB] for w in weights], [w[NF + NB:] for w in weights]


SPECIAL = ((2, (3, 4)), (1, (2, 3)))   # the special bids' rules in turn: (the bid, moved to it from these bids)


def learn_special(name: str, data: list[dict], bids: list[int]) -> tuple[list[list[int]], list[list[int]]] | tuple[None, None]:
    """The special bids' rules (see the module docstring; spades/players.pxd sp_special_bid):
    (two rows of NF weights over the features, two of NB over the side suits' terms); (None, None)
    where the rules do not allow both one-for-50 and two-for-40.

    Rule by rule (SPECIAL), on the hands whose bid so far (``bids``: the table's, then as the
    rules before moved it) is one the rule moves from, a logistic regression (fit_nil) of "the
    special bid's expected score beats that bid's", each hand weighted by the difference; the
    hands where its log-odds are positive move on to the special bid before the next rule.
    Nil's hands are not left out: nil is decided before and against the table's bid.  Why:
    the count is fitted to the best regular bid, and the special bids pay double for few sure
    tricks (sp_special_bid); fitted on seed 2052's 20,000 cutthroat hands against b243b67's
    players, on seed 2062's 12,000 the whole bid's loss 1.093 -> 1.016 points a hand."""
    rules = Game(name).rules
    if not (rules.get("allow_one_for_50") and rules.get("allow_two_for_40")):
        return None, None
    x = np.array([d["f"] + suit_terms(d) for d in data], dtype=float)
    bid = np.array(bids)
    rows = []
    for target, froms in SPECIAL:
        moved = np.isin(bid, froms)
        gain = np.array([d["scores"][target] - d["scores"][b] for d, b in zip(data, bid)])
        if moved.sum() < 2:     # a tiny sample: no rule
            rows.append([0] * (NF + NB))
            continue
        w = fit_nil(x[moved], gain[moved])
        row = [int(np.clip(round(v * NIL_SCALE), -MAX_WEIGHT, MAX_WEIGHT)) for v in w]
        check_int32(row, [{"f": list(xi)} for xi in x[moved]])
        rows.append(row)
        bid = np.where(moved & (x @ (np.array(row, dtype=float)) > 0), target, bid)
    return [r[:NF] for r in rows], [r[NF:] for r in rows]


def special_bid(t: dict, d: dict, b: int) -> int:
    """The bid after a table's special bids' rules (sp_special_bid) of a hand whose table bid is
    ``b``, where the rules allow both special bids (1 and 2: one-for-50 and two-for-40)."""
    rows, suits = t.get("special_weights"), t.get("special_suit")
    for rule, (target, froms) in enumerate(SPECIAL):
        w = (rows[rule] if rows else [0] * NF) + (suits[rule] if suits else [0] * NB)
        if b in froms and sum(a * v for a, v in zip(w, d["f"] + suit_terms(d))) > 0:
            b = target
    return b


def nil_sum(t: dict, d: dict) -> int:
    """A table's nil log-odds of a hand (sp_bid_sums' nil sum): the row of its spade length."""
    r = nil_row(d["f"])
    w, v = nil_rows(t.get("nil_weights"), NF)[r], nil_rows(t.get("nil_suit"), NB)[r]
    e = nil_rows(t.get("nil_exposure"), NE)[r]
    return (sum(a * b for a, b in zip(w, d["f"])) + sum(a * b for a, b in zip(v, suit_terms(d)))
            + sum(a * b for a, b in zip(e, exposure_terms(d))))


def nil_rows(x: list | None, width: int) -> list[list[int]]:
    """Nil weights as NIL_ROWS rows (the loader's forms: None all 0, one row for every length,
    LEGACY_NIL_ROWS rows of an older table: its first row for 1 or fewer spades and for 2)."""
    if x is None:
        return [[0] * width for _ in range(NIL_ROWS)]
    if x and not isinstance(x[0], list):
        return [list(x)] * NIL_ROWS
    rows = [list(row) for row in x]
    return rows[:1] + rows if len(rows) == LEGACY_NIL_ROWS else rows


def check_int32(weights: list[int], data: list[dict]) -> None:
    """The core sums weight x feature in C ints: refuse weights whose terms could overflow on
    these hands (with a factor 4 of headroom for hands outside them)."""
    worst = max(sum(abs(w * v) for w, v in zip(weights, d["f"])) for d in data)
    if 4 * worst >= 2**31:
        raise ValueError(f"weights too large for the core's int sums ({worst:,} on a training hand)")


def learn_moon(data: list[dict], counts: list[int], regular: list[float], moon_tricks: int) -> int | None:
    """Moon's offset (see the module docstring); None when the rules have no moon."""
    if not all("moon" in d for d in data):
        return None
    best, best_gain = NEVER_MOON, 0.0
    for off in range(-800, 801, BUCKET):
        g = sum(d["moon"] - reg for d, c, reg in zip(data, counts, regular) if c >= 100 * moon_tricks + off)
        if round(g, 6) > round(best_gain, 6):
            best, best_gain = off, g
    return best


def learn_blind(game_name: str, trials: int, seed: int) -> dict[str, int | None]:
    """The blind margins (see the module docstring), against the tables loaded now."""
    game = Game(game_name)
    seats = len(game.deal(seed=seed).hands)
    partnership = game_name == "spades"
    gains: dict[str, list[tuple[int, float]]] = {"blind_nil": [], "blind6": []}
    for gap in BLIND_GAPS:
        scores = [0, gap] if partnership else [0] + [gap] * (seats - 1)
        odds = bid_odds(game, None, blind=True, scores=scores, trials=trials, seed=seed + gap, threads=1, seat=0)
        rows = {r["bid"]: r["expected_score"] for r in odds.rows}
        for key in gains:
            if key in rows:
                gains[key].append((gap, rows[key] - rows["policy"]))
    out: dict[str, int | None] = {}
    for key, pairs in gains.items():
        margin = None
        for gap, g in sorted(pairs, reverse=True):
            if g <= 0:
                break
            margin = gap
        out[key] = margin
    return out


def rounded(b: int) -> int:
    """The rounded count (the untabled heuristic's bid, at least 1) of quarter ``b``'s middle."""
    return max(1, (b * BUCKET + BUCKET // 2 + 50) // 100)


def pad(cuts: list[int]) -> list[int]:
    cuts = list(cuts)
    while len(cuts) < 18:
        cuts.append(cuts[-1] + 100)
    return cuts


def damp(old: list[int], new: list[int]) -> list[int]:
    """Cut by cut, halfway from ``old`` to ``new`` (down to a quarter-trick); a missing cut
    reads as the last one plus a trick."""
    mixed = [((a + b) // 2) // BUCKET * BUCKET for a, b in zip(pad(old), pad(new))]
    return [c for c in mixed if c <= MAX_COUNT]


def half(old: list[int] | None, new: list[int] | None) -> list[int] | None:
    if old is None or new is None:
        return new
    return [(a + b) // 2 for a, b in zip(old, new)]


def half_rows(old: list | None, new: list[list[int]] | None, width: int) -> list[list[int]] | None:
    """half() row by row of nil's rows (``old`` in any of the loader's forms)."""
    if new is None:
        return None
    return [half(a, b) for a, b in zip(nil_rows(old, width), new)]


def half_special(old: list[list[int]] | None, new: list[list[int]] | None, width: int) -> list[list[int]] | None:
    """half() row by row of the special bids' rows (``old`` None: rows of 0)."""
    if new is None:
        return None
    return [half(a, b) for a, b in zip(old or [[0] * width] * len(SPECIAL), new)]


ROUNDING = {"cuts": [100 * k - 50 for k in range(2, 20)], "nil": None, "weights": None, "nil_weights": None,
            "moon": 0, "blind_nil": None, "blind6": None}


def load(shape: int, t: dict) -> None:
    _core.set_spades_bid_table(shape, t["cuts"], t.get("nil"), t.get("weights"), t.get("nil_weights"),
                               t.get("moon"), t.get("blind_nil"), t.get("blind6"), t.get("nil_suit"), t.get("count_suit"),
                               t.get("special_weights"), t.get("special_suit"), t.get("nil_exposure"),
                               t.get("count_spade"))


def cached_samples(name: str, hands: int, trials: int, seed: int, tables: dict, cache: str | None) -> list[dict]:
    """samples(), kept in ``cache`` (a folder; None: not kept) under the game, the seed, the
    hands, the deals and a hash of the tables the players bid by: a rerun with the same
    arguments reads them back instead of dealing again (the same values: JSON keeps floats)."""
    if cache is None:
        return samples(name, hands, trials, seed)
    key = hashlib.sha256(json.dumps(tables, sort_keys=True).encode()).hexdigest()[:16]
    path = pathlib.Path(cache) / f"{name}-{seed}-{hands}-{trials}-{key}.json"
    if path.exists():
        data = json.loads(path.read_text())
        for d in data:
            d["scores"] = {int(n): v for n, v in d["scores"].items()}
        return with_suit_terms(name, seed, data)
    data = samples(name, hands, trials, seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def with_suit_terms(name: str, seed: int, data: list[dict]) -> list[dict]:
    """Samples cached before the side suits' nil terms or the exposure terms were kept: their
    ``h`` and ``e`` from the deal."""
    game = Game(name)
    seats = len(game.deal(seed=seed * 1_000_000).hands)
    for i, d in enumerate(data):
        if "h" not in d or "e" not in d:
            mask = game.deal(seed=seed * 1_000_000 + i, dealer=seats - 1).hands[0].mask
            d["h"] = _core.spades_nil_suit_terms(mask)
            d["e"] = _core.spades_nil_exposure(mask)
    return data


def pooled_samples(name: str, trials: int, pool: tuple, tables: dict, cache: str | None) -> list[dict]:
    """The samples of ``pool`` ((seed, hands, the tables their players bid by: {game: table}, None:
    ``tables``), ...) in turn, each dealt against its own tables (cached_samples), the players of
    ``tables`` loaded back after.  Why pool samples dealt against older players: nil's rows (NF +
    NB + NE weights a spade length) are the part of the table that more hands help; the players'
    other seats move little from one table to the next (see the module docstring's stop 34)."""
    out: list[dict] = []
    try:
        for seed, hands, dealt_against in pool:
            against = {key: padded(t) for key, t in (dealt_against or tables).items()}
            for key, shape in SHAPES.items():
                load(shape, against.get(key, ROUNDING))
            out += cached_samples(name, hands, trials, seed, against, cache)
    finally:
        for key, shape in SHAPES.items():
            load(shape, tables.get(key, ROUNDING))
    return out


def learn_shape(name: str, hands: int, trials: int, seed: int, fit: str = "least-squares",
                tables: dict | None = None, cache: str | None = None, pool: tuple = ()) -> dict:
    """One game's tables from its samples against ``tables`` (the players now), with the samples
    of ``pool`` (pooled_samples) beside them.  ``fit="nil-only"``:
    the count's weights, the cuts, moon, the blind margins and the special bids' rules of ``tables``
    kept, nil learned; ``fit="special-only"``: all of ``tables`` kept but the special bids' rules;
    ``fit="count-only"``: the count (refined for the score), its cuts and the special bids' rules
    (which read the table's bid) learned, nil, moon and the blind margins of ``tables`` kept."""
    data = cached_samples(name, hands, trials, seed, tables or {}, cache)
    data += pooled_samples(name, trials, pool, tables or {}, cache)
    kept = ("weights", "count_suit", "count_spade", "cuts", "moon", "blind_nil", "blind6")
    if fit == "special-only":
        t = {key: (tables or {})[name].get(key) for key in kept + ("nil_weights", "nil_suit", "nil_exposure")}
        counts = [count_of(t, d) for d in data]
        t["special_weights"], t["special_suit"] = learn_special(
            name, data, [table_bid(t["cuts"], c, d["held"]) for d, c in zip(data, counts)])
        return t
    if fit == "nil-only":
        t = {key: (tables or {})[name].get(key) for key in kept + ("special_weights", "special_suit")}
    else:
        weights = learn_weights(data, fit)
        t = {"weights": weights[:NF], "count_suit": weights[NF:NF + NB], "count_spade": weights[NF + NB:]}
    counts = [count_of(t, d) for d in data]
    if fit != "nil-only":
        t["cuts"] = learn_cuts(counts, data)
    if fit == "count-only":
        t.update({key: (tables or {})[name].get(key) for key in ("nil_weights", "nil_suit", "nil_exposure", "moon",
                                                                 "blind_nil", "blind6")})
        t["special_weights"], t["special_suit"] = learn_special(
            name, data, [table_bid(t["cuts"], c, d["held"]) for d, c in zip(data, counts)])
        return t
    regular = [d["scores"][table_bid(t["cuts"], c, d["held"])] for d, c in zip(data, counts)]
    nil = learn_nil(data, regular)
    t["nil_weights"], t["nil_suit"], t["nil_exposure"] = nil if nil is not None else (None, None, None)
    if fit != "nil-only":
        t["special_weights"], t["special_suit"] = learn_special(
            name, data, [table_bid(t["cuts"], c, d["held"]) for d, c in zip(data, counts)])
        t["moon"] = learn_moon(data, counts, regular, int(Game(name).rules.get("moon_tricks", 13)))
        t.update(learn_blind(name, 4 * trials, seed))
    return t


def padded(t: dict) -> dict:
    """A table with weights for fewer features (an older table) read with 0 for the new ones."""
    t = dict(t)
    for key in ("weights", "nil_weights"):
        if t.get(key) is not None and not isinstance(t[key][0], list):   # nil's rows (a table of now) as they are
            t[key] = list(t[key]) + [0] * (NF - len(t[key]))
    return t


def build(hands: int, trials: int, seed: int, rounds: int = 1, start: dict | None = None,
          games: tuple[str, ...] = tuple(SHAPES), undamped: bool = False, fit: str = "least-squares",
          cache: str | None = None, pool: tuple = ()) -> bytes:
    """The tables as JSON bytes (see the module docstring); ``start``: the tables the first round
    learns against ({game: table}, e.g. the tables shipped before; the first round then moves
    halfway from them too, or all the way with ``undamped``), else the rounding table.  Only the
    shapes of ``games`` are learned; the others keep the start's tables (padded to NF).  ``pool``:
    more samples beside each round's (pooled_samples)."""
    try:
        first = {name: padded(start[name]) for name in SHAPES} if start else {}
        if set(games) != set(SHAPES) and not start:
            raise ValueError("learning only some games needs start tables for the others")
        table: dict = {name: first[name] for name in SHAPES if name not in games}
        for k in range(rounds):
            playing = {name: table.get(name, first.get(name, ROUNDING)) for name in SHAPES}
            for name, shape in SHAPES.items():
                load(shape, playing[name])
            for name in games:
                t = learn_shape(name, hands, trials, seed + k, fit, playing, cache, pool)
                old = table.get(name, first.get(name))
                if old is not None and not undamped:   # damped: halfway from the last round's (or the start) tables
                    t["cuts"] = damp(old["cuts"], t["cuts"])
                    t["weights"] = half(old["weights"], t["weights"])
                    t["count_suit"] = half(old.get("count_suit") or [0] * NB, t["count_suit"])
                    t["count_spade"] = half(old.get("count_spade") or [0] * NS, t["count_spade"])
                    t["nil_weights"] = half_rows(old["nil_weights"], t["nil_weights"], NF)
                    t["nil_suit"] = half_rows(old.get("nil_suit"), t["nil_suit"], NB)
                    t["nil_exposure"] = half_rows(old.get("nil_exposure"), t["nil_exposure"], NE)
                    t["special_weights"] = half_special(old.get("special_weights"), t["special_weights"], NF)
                    t["special_suit"] = half_special(old.get("special_suit"), t["special_suit"], NB)
                    if t["moon"] is not None and old["moon"] is not None:
                        t["moon"] = (t["moon"] + old["moon"]) // 2
                t.update({"bucket": BUCKET, "hands": hands, "trials": trials, "seed": seed, "rounds": rounds})
                table[name] = t
    finally:
        _core._load_spades_bid_tables()
    return (json.dumps({name: with_current_nil_rows(t) for name, t in table.items()}, sort_keys=True, indent=1) + "\n").encode()


def with_current_nil_rows(t: dict) -> dict:
    """``t`` with nil's rows as NIL_ROWS rows where it has an older table's LEGACY_NIL_ROWS (a start
    table kept or its nil kept: the same bids, nil_rows), so that every table written has the rows
    the loader reads back (spades_bid_params).  Not in padded(): the cache's keys hash the tables
    as given (a kept table of one row or five is written as it is)."""
    t = dict(t)
    for key, width in (("nil_weights", NF), ("nil_suit", NB), ("nil_exposure", NE)):
        x = t.get(key)
        if x and isinstance(x[0], list) and len(x) == LEGACY_NIL_ROWS:
            t[key] = nil_rows(x, width)
    return t


def parse_pool(spec: str, parser: argparse.ArgumentParser) -> tuple:
    """One ``--pool SEED:HANDS[:JSON]`` as (seed, hands, the tables in JSON or None); a malformed one,
    or a JSON file that cannot be read, ends the script with one line (argparse's error, status 2)."""
    seed, _, rest = spec.partition(":")
    hands, _, path = rest.partition(":")
    if not (seed.isdigit() and hands.isdigit() and int(hands) > 0):
        parser.error(f"--pool {spec!r}: SEED:HANDS[:JSON] with SEED and HANDS whole numbers, HANDS above 0")
    try:
        tables = json.loads(pathlib.Path(path).read_text()) if path else None
    except (OSError, ValueError) as exc:
        parser.error(f"--pool {spec!r}: cannot read the tables {path}: {exc}")
    return int(seed), int(hands), tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--trials", type=int, default=800)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--start", default=None, metavar="JSON",
                        help="learn the first round against these tables (e.g. the ones shipped before), not the rounding")
    parser.add_argument("--games", default=",".join(SHAPES),
                        help="learn these games' tables only (the others: the --start tables as they are)")
    parser.add_argument("--undamped", action="store_true", help="move all the way to each round's reply")
    parser.add_argument("--fit", choices=("least-squares", "score", "nil-only", "special-only", "count-only"),
                        default="least-squares",
                        help="the count's weights: least squares of the best bid, or that refined for the score "
                             "(refine_weights); nil-only: the start's count, cuts, moon, blind margins and special "
                             "bids' rules, nil learned; special-only: the start's tables, the special bids' rules learned; "
                             "count-only: the count refined for the score, its cuts and the special bids' rules learned, "
                             "the start's nil, moon and blind margins kept")
    parser.add_argument("--cache", default=None, metavar="DIR",
                        help="keep the sampled hands here and read them back on a rerun with the same arguments")
    parser.add_argument("--pool", action="append", default=[], metavar="SEED:HANDS[:JSON]",
                        help="also learn from these hands of SEED, dealt against the tables in JSON (else the round's "
                             "players); repeatable")
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args()
    start = json.loads(pathlib.Path(args.start).read_text()) if args.start else None
    games = tuple(g for g in args.games.split(",") if g)
    if not set(games) <= set(SHAPES):
        parser.error(f"--games: of {', '.join(SHAPES)}")
    pool = tuple(parse_pool(spec, parser) for spec in args.pool)
    data = build(args.hands, args.trials, args.seed, args.rounds, start, games, args.undamped, args.fit, args.cache,
                 pool)
    out = pathlib.Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    try:
        write_text(out, data.decode())     # (atomic: an interrupted run leaves the old table whole)
    except CardsimError as exc:
        parser.error(str(exc))
    print(data.decode(), end="")


if __name__ == "__main__":
    main()
