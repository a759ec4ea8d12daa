"""Learn the spades heuristic's bid table from the simulator's own bid odds (issue 11).

    python scripts/spades_bid_table.py                       # regenerate src/cardsim/data/spades_bids.json
    python scripts/spades_bid_table.py --hands 40 --trials 200 --out /tmp/small.json

The heuristic counts likely tricks (``sp_estimate``, hundredths of a trick).  Bidding that
count rounded overbid in partnership spades (about 10 points a hand lost against the bid
odds).  This script, for each game shape (``spades``: four seats in partnership;
``cutthroat-spades``: three seats), deals seeded hands to seat 0 (bidding first, a new game),
and for each hand takes every regular bid's expected score from ``cardsim.bid_odds`` with
the heuristic players: in round 1 all of them bid by the rounded count (the tables are
unloaded first, so the result never depends on the table shipped), in round 2 by round 1's
table (``--rounds``); a 1 or 2 counts as the heuristic bids it, one-for-50 / two-for-40
where the rules allow them.  Per quarter-trick of count
(hands pooled with the neighbouring quarters) it keeps the bid with the best mean expected
score, makes the bids non-decreasing in the count, and writes, per game, the counts at
which bids 2, 3, ... start; a second round (``--rounds 2``, the default) learns again against
players bidding by the first round's table and moves the cuts halfway towards that reply
(undamped, partnership tables oscillate: partners' bids add up).  With the same hands it
learns the nil limits by a grid search (see learn_nil).  Deterministic: the same arguments give the same bytes.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
if (HERE.parent / "src" / "cardsim").is_dir():
    sys.path.insert(0, str(HERE.parent / "src"))

from cardsim import Game, _core, bid_odds  # noqa: E402

SHAPES = {"spades": 0, "cutthroat-spades": 1}
BUCKET = 25
MIN_HANDS = 12
MAX_COUNT = 1800   # hundredths: the counts the table covers (17 tricks and more take the last bid)
OUT = HERE.parent / "src" / "cardsim" / "data" / "spades_bids.json"


def features(mask: int) -> tuple[int, int, int, int]:
    """What the nil limits read of a hand mask: spades held, top spade's lane position (-1:
    none), side aces, side kings (as sp_nil_hand in the core)."""
    spades = mask & 0xFFFF
    side = mask & ~0xFFFF
    aces = sum(1 for lane in (1, 2, 3) if side >> (16 * lane + 12) & 1)
    kings = sum(1 for lane in (1, 2, 3) if side >> (16 * lane + 11) & 1)
    return bin(spades).count("1"), spades.bit_length() - 1, aces, kings


def samples(game_name: str, hands: int, trials: int, seed: int) -> list[tuple[int, dict[int, float]]]:
    """(count, {bid: expected score}) for ``hands`` seeded hands of seat 0 (nil's score under
    the key "nil" and the hand's features under "features", when the rules allow nil)."""
    game = Game(game_name)
    out = []
    for i in range(hands):
        s = seed * 1_000_000 + i
        seats = len(game.deal(seed=s).hands)
        hand = game.deal(seed=s, dealer=seats - 1).hands[0]
        est = int(_core.spades_estimate(game.rules, hand.mask))
        odds = bid_odds(game, str(hand), trials=trials, seed=s, threads=1, seat=0)
        scores = {int(r["bid"]): float(r["expected_score"]) for r in odds.rows if str(r["bid"]).isdigit()}
        rows = {r["bid"]: r for r in odds.rows}
        for n, special, allowed in ((1, "one_for_50", "allow_one_for_50"), (2, "two_for_40", "allow_two_for_40")):
            if game.rules.get(allowed) and special in rows:   # the heuristic bids 1 / 2 this way
                scores[n] = float(rows[special]["expected_score"])
        extra = {"held": len(hand), "features": features(hand.mask)}
        if "nil" in rows:
            extra["nil"] = float(rows["nil"]["expected_score"])
        out.append((est, scores, extra))
    return out


def learn(data: list) -> list[int]:
    """The counts at which bids 2, 3, ... start (see the module docstring).

    Per quarter-trick of count with at least MIN_HANDS hands (pooled with the neighbouring
    quarters): the bid of the best mean expected score, kept as an offset from the rounded
    count; quarters with fewer hands (the rare very weak and very strong counts) take the
    offset of the nearest quarter that has enough.  Then the bids are made non-decreasing.
    """
    buckets: dict[int, list[dict[int, float]]] = {}
    for est, scores, _ in data:
        buckets.setdefault(max(est, 0) // BUCKET, []).append(scores)
    top = max(buckets)
    offset: dict[int, int] = {}
    for b in range(top + 1):
        pooled = [sc for k in (b - 1, b, b + 1) for sc in buckets.get(k, [])]
        if len(pooled) < MIN_HANDS:
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


def learn_nil(data: list, cuts: list[int]) -> list[int] | None:
    """Nil limits (count below, most spades, top spade, most side aces, most side kings): the
    grid point whose rule (nil where the hand is within every limit, else the table's bid)
    has the best total expected score over the hands; None when the rules allow no nil."""
    if not all("nil" in extra for _, _, extra in data):
        return None
    regular = []
    for est, scores, extra in data:
        n = min(max(1 + sum(1 for c in cuts if c <= est), 1), extra["held"])
        regular.append(scores[n])
    best, best_gain = None, None
    for count in range(50, 401, 25):
        for spades in (2, 3, 4):
            for top in range(5, 12):
                for aces in (0, 1):
                    for kings in (0, 1, 2):
                        gain = 0.0
                        for (est, _, extra), reg in zip(data, regular):
                            n, t, a, k = extra["features"]
                            if est < count and n <= spades and t <= top and a <= aces and k <= kings:
                                gain += extra["nil"] - reg
                        if best_gain is None or round(gain, 6) > round(best_gain, 6):
                            best, best_gain = [count, spades, top, aces, kings], gain
    return best


def rounded(b: int) -> int:
    """The rounded count (the untabled heuristic's bid, at least 1) of quarter ``b``'s middle."""
    return max(1, (b * BUCKET + BUCKET // 2 + 50) // 100)


def damp(old: list[int], new: list[int]) -> list[int]:
    """Cut by cut, halfway from ``old`` to ``new`` (down to a quarter-trick); a missing cut
    reads as the last one plus a trick."""
    def pad(cuts: list[int]) -> list[int]:
        cuts = list(cuts)
        while len(cuts) < 18:
            cuts.append(cuts[-1] + 100)
        return cuts
    mixed = [((a + b) // 2) // BUCKET * BUCKET for a, b in zip(pad(old), pad(new))]
    return [c for c in mixed if c <= MAX_COUNT]


def build(hands: int, trials: int, seed: int, rounds: int = 1) -> bytes:
    """The table as JSON bytes.  Round 1 learns against players bidding by the rounded count;
    each further round against players bidding by the previous round's table (the other
    seats' bids move with the table, so the best reply does too), on fresh seeds."""
    for shape in SHAPES.values():
        _core.set_spades_bid_table(shape, None)
    try:
        table: dict = {}
        for k in range(rounds):
            for name in SHAPES:
                data = samples(name, hands, trials, seed + k)
                cuts = learn(data)
                if name in table:      # damped: halfway from the last round's table to the reply
                    cuts = damp(table[name]["cuts"], cuts)
                table[name] = {"cuts": cuts, "nil": learn_nil(data, cuts), "bucket": BUCKET,
                               "hands": hands, "trials": trials, "seed": seed, "rounds": rounds}
            for name, shape in SHAPES.items():
                _core.set_spades_bid_table(shape, table[name]["cuts"], table[name]["nil"])
    finally:
        _core._load_spades_bid_tables()
    return (json.dumps(table, sort_keys=True, indent=1) + "\n").encode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--trials", type=int, default=800)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args()
    data = build(args.hands, args.trials, args.seed, args.rounds)
    out = pathlib.Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    print(data.decode(), end="")


if __name__ == "__main__":
    main()
