"""Learn the euchre heuristics' bidding, going-alone and defending-alone decisions from the
simulator's own bid odds (issue 11).

    python scripts/euchre_bid_table.py                    # regenerate src/cardsim/data/euchre_bids.json
    python scripts/euchre_bid_table.py --hands 48 --trials 100 --defend-hands 20 --alone-hands 60 --out /tmp/small.json

The hand-set heuristic (euchre/players.pxd) valued a hand with a trump suit as rough tricks
(``eu_bid_value``) and made trump at one threshold for every seat: round 2 agreed with the odds
on 67.5% of hands, going alone on 7%.  The same cards are a different bet for the dealer (who
keeps the upcard), its partner and its opponents, and in round 2 for the first seat to name
and the last; and the hand value weighs trumps, aces and voids by fixed guesses.  This script
fits, per game, per round and per seat position from the dealer's left, two linear counts over
the features of the five cards the maker would hold (``features``, players.pxd ``EU_F_*``: each
trump rank held, the number of trumps, off aces, kings beside their ace, bare kings, voids with
two trumps, "next" in round 2, the upcard's share in round 1, and a constant):

* **make**: the expected net points making trump (not alone) gains over passing, and
* **alone**: the expected net points going alone gains over not, fitted only on hands in
  ``alone_domain`` (a bower, two trumps or more, at most one card neither trump nor an off
  ace: where going alone is a real question) and read only there.  Fitted over every hand (the
  table before), the count was steered by the weak hands where alone always loses, and went
  alone on weak hands; on the domain it is fitted per round and position from
  ``--alone-hands`` seeded samples of ``--alone-trials`` deals (``alone_samples``),

each a ridge least-squares fit (exact rational arithmetic, ridge ``RIDGE``) to seeded hands'
bid odds (the make count: ``--hands`` hands of ``--trials`` deals each, the same heuristic
players at the other seats), the make suit in round 2 being the heuristic's own (the best
``eu_bid_value``).  The heuristic makes trump when the make gain plus the alone gain (in the
domain, where positive and a lone march pays a bonus) is positive, and goes alone when the
alone gain is (in the domain), or with a hand expected to march (``expects_march``).
Coefficients are in thousandths of a point.  ``--condition`` conditions the make odds on the
passes before the seat's turn (``bid_odds(auction=...)``), about 5x the time;
``--alone-condition`` does the same for the alone samples (``alone_auction``: ``round1``, or
``all`` with round 2's samples conditioned on all of round 1 too).  ``--refit`` fits only the
parts named (make, alone, defend) and copies the others, with their sizes, from ``--start``:
``--start src/cardsim/data/euchre_bids.json --passes 1 --games euchre --refit alone
--alone-condition all`` refits the alone count alone (under load it ran at a few CPU minutes an
hour for 2,000 samples; stop 23 did not finish it: the conditioned benchmark, bench/decisions.py
``--euchre-yardstick both``, shows the odds going alone less once they read the passes).

**defend**: the threshold on the defender's hand value with the trump, from ``--defend-hands``
seeded hands bid by the heuristic players up to the first defender's choice, both choices
played out by the heuristic from ``--defend-worlds`` worlds that ``hand.resample`` draws for
that seat (the bid odds do not cover this decision); the threshold of the largest summed gain
(exact integer sums), ties to the higher; NEVER: the fit never defends alone.

``--passes`` refits against the players of the previous pass's table (the other seats' bids
change with the table); the first pass starts from the hand-set rules, so the output does not
depend on the table shipped now, or with ``--start FILE`` from that table file's players.
The shipped table is two steps (an iterated fit whose last pass reads the passes):

    python scripts/euchre_bid_table.py --out /tmp/euchre_2pass.json
    python scripts/euchre_bid_table.py --start /tmp/euchre_2pass.json --passes 1 --condition round1 --games euchre

Fitted without reading the passes, the dealer's team made trump on 90% of hands and the
opponents on 10%: the dealer's odds did not know that its partner had passed.  Deterministic: the deals and trials are seeded and the
arithmetic exact, so the same arguments give the same bytes.

Features read no suit index (trump, its colour partner and the other two suits only by role),
so the decisions stay invariant under the renamings of the suits that keep the colours.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys
from fractions import Fraction
from typing import Any

HERE = pathlib.Path(__file__).resolve().parent
if __name__ == "__main__" and (HERE.parent / "src" / "cardsim").is_dir():  # run from a checkout; imported (tests): as is
    sys.path.insert(0, str(HERE.parent / "src"))

from cardsim import Game, bid_odds  # noqa: E402
from cardsim.errors import CardsimError  # noqa: E402
from cardsim.euchre import euchre as core  # noqa: E402

OUT = HERE.parent / "src" / "cardsim" / "data" / "euchre_bids.json"
GAMES = ("euchre", "cutthroat-euchre")
SUITS, RANKS = "SHDC", "9TJQKA"
TRUMP_VALUE = (10, 11, 0, 13, 16, 20, 25, 30)     # players.pxd EU_TRUMP_VALUE
DUMMY_BONUS, PARTNER_SHARE = 10, 2                 # players.pxd EU_DUMMY_BONUS, EU_DEALER_PARTNER_SHARE
NEVER = 1000                                       # a threshold no hand reaches (max value ~ 120)
GRID = range(-40, 160)                             # defend thresholds tried (tenths)
FEATURES = ("right", "left", "ace", "king", "queen", "ten", "nine", "trumps", "aces", "ace_kings",
            "kings", "voids", "next", "upcard", "one")   # players.pxd EU_F_*
RIDGE = Fraction(1)                                # ridge on every coefficient (points^2 per feature^2)
SCALE = 1000                                       # coefficients in thousandths of a point


# -- the heuristic's features, as euchre/players.pxd computes them ----------------------------

def mask_of(cards: str) -> int:
    m = 0
    for c in cards.split():
        m |= 1 << (16 * SUITS.index(c[1]) + RANKS.index(c[0]))
    return m


def effective(m: int, t: int) -> int:
    rb, lb = 16 * t + 2, 16 * (3 - t) + 2
    out = m & ~((1 << rb) | (1 << lb))
    out |= ((m >> rb) & 1) << (16 * t + 7)
    out |= ((m >> lb) & 1) << (16 * t + 6)
    return out


def lane(e: int, s: int) -> int:
    return (e >> (16 * s)) & 0xFF


def hand_value(e: int, t: int) -> int:
    trumps = lane(e, t)
    v = sum(TRUMP_VALUE[p] for p in range(8) if trumps >> p & 1)
    n = bin(trumps).count("1")
    for s in range(4):
        if s == t:
            continue
        x = lane(e, s)
        if x & 0x20:
            v += 10 + (4 if x & 0x10 else 0)
        elif x == 0 and n >= 2:
            v += 6
    return v


def keep_value(c: int, e: int, t: int) -> int:
    s, p = c >> 4, c & 15
    if s == t:
        return 100 + p
    if p == 5:
        return 50
    return p - 10 if bin(lane(e, s)).count("1") == 1 else p


def drop_worst(e: int, t: int, n: int) -> int:
    for _ in range(n):
        key = [lane(e, s) | ((0 if s == t else 1 if s == 3 - t else 2) << 16) for s in range(4)]
        cards = [c for c in range(64) if e >> c & 1]
        worst, worst_v = cards[0], 1 << 30
        for c in cards:
            v = keep_value(c, e, t)
            if v < worst_v:
                worst, worst_v = c, v
            elif v == worst_v:
                if (c >> 4) == (worst >> 4):
                    before = c < worst
                else:
                    kc, kb = key[c >> 4], key[worst >> 4]
                    before = kc < kb or (kc == kb and c < worst)
                if before:
                    worst = c
        e &= ~(1 << worst)
    return e


def up_share(upcard: int, t: int) -> int:
    pos = effective(1 << upcard, t).bit_length() - 1
    return TRUMP_VALUE[pos & 15] // PARTNER_SHARE


def made_hand(hand: int, upcard: int, t: int, rnd: int, seat: int, dealer: int, partnership: bool) -> tuple[int, int]:
    """(the maker's effective five cards after the pickup, the upcard's share in its values)."""
    e = effective(hand, t)
    if rnd == 1 and seat == dealer:
        return drop_worst(e | effective(1 << upcard, t), t, 1), 0
    if rnd == 1:
        share = up_share(upcard, t)
        return e, share if partnership and seat == (dealer + 2) % 4 else -share
    return e, 0


def bid_value(hand: int, upcard: int, t: int, rnd: int, seat: int, dealer: int, partnership: bool) -> int:
    e, share = made_hand(hand, upcard, t, rnd, seat, dealer, partnership)
    return hand_value(e, t) + share + (0 if partnership else DUMMY_BONUS)


def features(hand: int, upcard: int, t: int, rnd: int, seat: int, dealer: int, partnership: bool) -> list[int]:
    """players.pxd eu_features: the maker's five cards once trump is made, by role."""
    e, share = made_hand(hand, upcard, t, rnd, seat, dealer, partnership)
    tr = lane(e, t)
    n = bin(tr).count("1")
    f = [tr >> 7 & 1, tr >> 6 & 1, tr >> 5 & 1, tr >> 4 & 1, tr >> 3 & 1, tr >> 1 & 1, tr & 1, n, 0, 0, 0, 0,
         int(rnd == 2 and upcard >> 4 == 3 - t), share, 1]
    for s in range(4):
        if s == t:
            continue
        x = lane(e, s)
        if x & 0x20:
            f[8] += 1
            f[9] += x >> 4 & 1
        elif x & 0x10:
            f[10] += 1
        elif x == 0 and n >= 2:
            f[11] += 1
    return f


def expects_march(e: int, t: int) -> bool:
    """players.pxd eu_expects_march: only trumps and off aces with both bowers, or four trumps
    with the three top ones (``e`` effective)."""
    tr = lane(e, t)
    n, top = bin(tr).count("1"), 0
    while top < 3 and tr >> (7 - top) & 1:
        top += 1
    off_aces = sum(1 for s in range(4) if s != t and lane(e, s) & 0x20)
    return (n >= 3 and top >= 2 and n + off_aces == 5) or (n >= 4 and top >= 3)


def alone_domain(f: list[int]) -> bool:
    """players.pxd eu_alone_domain: going alone is a question only with a bower, two trumps or more,
    and at most one card that is neither trump nor an off ace (features ``f``)."""
    return bool(f[0] or f[1]) and f[7] >= 2 and f[7] + f[8] >= 4


def gain(coef: list[int], f: list[int]) -> int:
    return sum(c * x for c, x in zip(coef, f))


def name_key(hand: int, t: int, upcard: int) -> int:
    e = effective(hand, t)
    u, o = upcard >> 4, 1 if t in (0, 3) else 0
    a, b = lane(e, o), lane(e, 3 - o)
    where = 0 if u == 3 - t else 1
    if u == 3 - o:
        a, b = b, a
    elif u != o and a < b:
        a, b = b, a
    x = (lane(e, t) << 24) | (lane(e, 3 - t) << 16) | (a << 8) | b
    return (x << 4) | (where << 3) | (upcard & 7)


def best_suit(hand: int, upcard: int, seat: int, dealer: int, partnership: bool) -> int:
    """eu_best_suit: the other suit of the best value; ties: the larger name key."""
    best, best_v, best_k = -1, -(1 << 30), 0
    for t in range(4):
        if t == upcard >> 4:
            continue
        v = bid_value(hand, upcard, t, 2, seat, dealer, partnership)
        k = name_key(hand, t, upcard)
        if v > best_v or (v == best_v and k > best_k):
            best, best_v, best_k = t, v, k
    return best


# -- samples -----------------------------------------------------------------------------

def odds_samples(name: str, hands: int, trials: int, seed: int, threads: int,
                 condition: str = "none") -> list[dict[str, Any]]:
    """Per hand: the seat's position, and per round the heuristic's make suit with its features and
    the summed trial nets (integers: points x 2 in cutthroat, whose net halves the opponents')
    of pass, make and make alone.  ``condition``: "round1": the odds are conditioned on the round-1
    passes before the seat's turn (``auction``), as the heuristic players of the table loaded now
    make them; "all": round 2's too (all of round 1 and the seats before it in round 2; a hand
    whose round 2 is almost never reached gives no round-2 sample); "none": not conditioned."""
    game = Game(name)
    partnership = name == "euchre"
    seats = 4 if partnership else 3
    scale = 1 if partnership else 2
    out = []
    for i in range(hands):
        s = seed * 100_000 + i
        seat, dealer = i % seats, (i // seats) % seats
        deal = game.deal(seed=s, dealer=dealer)
        cards, upcard = str(deal.hands[seat]), str(deal.upcard)
        hand, up = mask_of(cards), mask_of(upcard).bit_length() - 1
        pos = (seat - dealer - 1) % seats
        odds = bid_odds(game, cards, upcard=upcard, seat=seat, dealer=dealer, trials=trials, seed=s,
                        threads=threads, auction=["pass"] * pos if condition != "none" and pos else None)
        odds2: Any = odds
        if condition == "all":
            try:
                odds2 = bid_odds(game, cards, upcard=upcard, seat=seat, dealer=dealer, trials=trials, seed=s,
                                 threads=threads, auction=["pass"] * (pos + seats))
            except CardsimError:       # round 2 almost never reached with these cards: no sample
                odds2 = None
        n = odds.trials
        entry: dict[str, Any] = {"pos": pos}
        for rnd in (1, 2):
            if rnd == 2 and odds2 is None:
                entry[rnd] = None
                continue
            t = up >> 4 if rnd == 1 else best_suit(hand, up, seat, dealer, partnership)
            letter = SUITS[t]
            rows = [r for r in (odds if rnd == 1 else odds2).rows if r["round"] == rnd]

            def total(r: dict[str, Any] | None) -> int | None:
                return None if r is None else round(r["expected_net"] * n * scale)

            entry[rnd] = {
                "f": features(hand, up, t, rnd, seat, dealer, partnership),
                "pass": total(next((r for r in rows if r["trump"] is None), None)),
                "make": total(next(r for r in rows if r["trump"] == letter and not r["alone"])),
                "alone": total(next(r for r in rows if r["trump"] == letter and r["alone"])),
                "n": n * scale,
            }
        out.append(entry)
    return out


def alone_auction(rnd: int, pos: int, seats: int, condition: str) -> list[str] | None:
    """The passes an alone sample's odds are conditioned on: "round1": a round-1 sample on the
    round-1 passes before the seat; "all": a round-2 sample also on all of round 1 and the seats
    before it in round 2; else (and with no pass before the seat) none."""
    if condition == "none" or (rnd == 2 and condition != "all"):
        return None
    passes = pos + (seats if rnd == 2 else 0)
    return ["pass"] * passes if passes else None


def alone_samples(name: str, hands: int, trials: int, seed: int, threads: int,
                  condition: str = "none") -> list[dict[str, Any]]:
    """``hands`` samples of the going-alone question: seeded deals (seeds ``seed * 100000 + 70000 + j``,
    seat ``j % seats``, dealer ``(j // seats) % seats``) whose made hand in round 1 (the upcard's suit)
    or round 2 (the heuristic's suit) is in ``alone_domain``; per sample its position, round,
    features and the summed trial nets of making with the partner (dummy) and alone.  ``condition``
    (``alone_auction``): the odds of a sample are conditioned on the passes its seat saw, as the
    heuristic players make them (a sample whose passes the players almost never make is skipped)."""
    game = Game(name)
    partnership = name == "euchre"
    seats = 4 if partnership else 3
    scale = 1 if partnership else 2
    out: list[dict[str, Any]] = []
    j = 0
    while len(out) < hands:
        s = seed * 100_000 + 70_000 + j
        seat, dealer = j % seats, (j // seats) % seats
        j += 1
        deal = game.deal(seed=s, dealer=dealer)
        cards, upcard = str(deal.hands[seat]), str(deal.upcard)
        hand, up = mask_of(cards), mask_of(upcard).bit_length() - 1
        todo = []
        for rnd in (1, 2):
            t = up >> 4 if rnd == 1 else best_suit(hand, up, seat, dealer, partnership)
            f = features(hand, up, t, rnd, seat, dealer, partnership)
            if alone_domain(f):
                todo.append((rnd, t, f))
        if not todo:
            continue
        pos = (seat - dealer - 1) % seats
        runs: dict[Any, Any] = {}
        for rnd, t, f in todo[:hands - len(out)]:
            auction = alone_auction(rnd, pos, seats, condition)
            key = tuple(auction or ())
            if key not in runs:
                try:
                    runs[key] = bid_odds(game, cards, upcard=upcard, seat=seat, dealer=dealer, trials=trials,
                                         seed=s, threads=threads, auction=auction)
                except CardsimError:   # the players almost never make these passes: no sample
                    runs[key] = None
            odds = runs[key]
            if odds is None:
                continue
            n = odds.trials
            rows = [r for r in odds.rows if r["round"] == rnd and r["trump"] == SUITS[t]]
            net = {bool(r["alone"]): round(r["expected_net"] * n * scale) for r in rows}
            out.append({"pos": pos, "round": rnd, "f": f, "make": net[False],
                        "alone": net[True], "n": n * scale})
    return out


def _defend_net(st: Any, seat: int, partnership: bool) -> int:
    """The net as the bid odds count it, x2 in cutthroat (the opponents' mean of two)."""
    if partnership:
        return int(st.team_points[seat & 1] - st.team_points[1 - (seat & 1)])
    pts = st.points
    return int(2 * pts[seat] - (sum(pts) - pts[seat]))


def defend_samples(name: str, hands: int, worlds: int, seed: int) -> list[tuple[int, int]]:
    """(the first defender's hand value with the trump, summed gain of defending alone), per hand
    that reaches a defender's choice (``allow_lone_defender`` on)."""
    game = Game(name, allow_lone_defender=True)
    partnership = name == "euchre"
    out = []
    for i in range(hands):
        s = seed * 100_000 + 50_000 + i
        hand = game.deal(seed=s)
        while hand.phase not in ("defend", "play", "done"):
            hand.step("heuristic")
        if hand.phase != "defend" or hand.redeals:
            continue
        seat, st = hand.to_act, hand._state
        t = SUITS.index(hand.trump)
        value = hand_value(effective(mask_of(str(hand.hands[seat])), t), t)
        gain = 0
        for w in range(worlds):
            world, _ = st.resample(seat, s * 1000 + w)
            nets = []
            for alone in (False, True):
                x = world.clone()
                x.defend(alone)
                while x.phase != "done":
                    x.policy_step("heuristic")
                nets.append(_defend_net(x, seat, partnership))
            gain += nets[1] - nets[0]
        out.append((value, gain))
    return out


# -- the fit ------------------------------------------------------------------------------

def threshold(pairs: list[tuple[int, int]]) -> tuple[int, int]:
    """(the threshold T of GRID or NEVER maximising the summed gain of the pairs (value, gain)
    with value >= T, that sum); ties: the higher T."""
    best_t, best_g = NEVER, 0
    for t in reversed(GRID):
        g = sum(gain for v, gain in pairs if v >= t)
        if g > best_g:
            best_t, best_g = t, g
    return best_t, best_g


def solve(rows: list[list[int]], targets: list[Fraction]) -> list[Fraction]:
    """Ridge least squares, exactly: (X'X + RIDGE I) c = X'y by Gauss-Jordan over fractions."""
    k = len(FEATURES)
    a = [[Fraction(sum(r[i] * r[j] for r in rows)) + (RIDGE if i == j else 0) for j in range(k)]
         + [sum((r[i] * y for r, y in zip(rows, targets)), Fraction(0))] for i in range(k)]
    for col in range(k):
        piv = next(r for r in range(col, k) if a[r][col] != 0)
        a[col], a[piv] = a[piv], a[col]
        for r in range(k):
            if r != col and a[r][col] != 0:
                m = a[r][col] / a[col][col]
                a[r] = [x - m * y for x, y in zip(a[r], a[col])]
    return [a[i][k] / a[i][i] for i in range(k)]


def fit(data: list[dict[str, Any]], seats: int) -> dict[str, Any]:
    """Per round and position: the make gain's coefficients (thousandths of a point)."""
    make = [[[0] * len(FEATURES) for _ in range(seats)] for _ in range(2)]
    for k, rnd in enumerate((1, 2)):
        for p in range(seats):
            cell = [e[rnd] for e in data if e["pos"] == p and e[rnd] is not None]
            opened = [c for c in cell if c["pass"] is not None]
            cm = solve([c["f"] for c in opened], [Fraction(c["make"] - c["pass"], c["n"]) for c in opened])
            make[k][p] = [round(x * SCALE) for x in cm]
    return {"make": make}


def fit_alone(samples: list[dict[str, Any]], seats: int) -> list[list[list[int]]]:
    """Per round and position: the alone count over that cell's ``alone_samples`` (thousandths of
    a point).  Fitted per cell, not pooled: who holds the upcard and who names first move the
    gain (in round 1 alone pays on 71% of the dealer's strong holdings, 12% of its right's); in
    5-fold cross-validation on 3,000 euchre samples the sign of the per-cell count agreed with
    the odds' on 84% of them, a count pooled per round on 79%."""
    out = []
    for rnd in (1, 2):
        row = []
        for p in range(seats):
            cell = [c for c in samples if c["round"] == rnd and c["pos"] == p]
            row.append([round(x * SCALE) for x in solve([c["f"] for c in cell],
                                                         [Fraction(c["alone"] - c["make"], c["n"]) for c in cell])])
        out.append(row)
    return out


def build(hands: int, trials: int, seed: int, defend_hands: int, defend_worlds: int, passes: int = 2,
          threads: int = 2, alone_hands: int = 2000, alone_trials: int = 500, condition: str = "none",
          start: dict[str, Any] | None = None, games: tuple[str, ...] = GAMES, alone_condition: str = "none",
          refit: tuple[str, ...] = ("make", "alone", "defend")) -> bytes:
    """The table file's bytes.  Loads each pass's table into the core while learning (the other
    seats' players), and restores the tables loaded before on return.  ``refit``: the parts fitted
    in the games fitted; the others are ``start``'s (with their sizes)."""
    before = core.euchre_bid_tables()
    try:
        for game in GAMES:   # the first pass's players: the hand-set rules, or ``start``'s tables
            core.set_euchre_bid_table(game, None if start is None else
                                      {k: start[game][k] for k in ("make", "alone", "defend")})
        table: dict[str, Any] = {}
        for _ in range(passes):
            table = {}
            for name in GAMES:
                if name not in games:        # not refitted: the start table's, as it is
                    assert start is not None, "a game left out needs --start"
                    table[name] = start[name]
                    continue
                seats = 4 if name == "euchre" else 3
                assert start is not None or len(refit) == 3, "a part not refitted needs --start"
                old = start[name] if start is not None else {}
                sizes = {"make": {"hands": hands, "trials": trials, **({"condition": condition}
                                                                       if condition != "none" else {})},
                         "alone": {"alone_hands": alone_hands, "alone_trials": alone_trials,
                                   **({"alone_condition": alone_condition} if alone_condition != "none" else {})},
                         "defend": {"defend_hands": defend_hands, "defend_worlds": defend_worlds}}
                kept = {"make": ("hands", "trials", "condition"), "alone": ("alone_hands", "alone_trials",
                                                                            "alone_condition"),
                        "defend": ("defend_hands", "defend_worlds")}
                entry: dict[str, Any] = {}
                if "make" in refit:
                    entry = fit(odds_samples(name, hands, trials, seed, threads, condition), seats)
                else:
                    entry = {"make": old["make"]}
                    core.set_euchre_bid_table(name, {"make": old["make"], "alone": old["alone"],
                                                     "defend": old["defend"]})
                entry["alone"] = (fit_alone(alone_samples(name, alone_hands, alone_trials, seed, threads,
                                                          alone_condition), seats)
                                  if "alone" in refit else old["alone"])
                if "defend" in refit:
                    entry["defend"] = NEVER
                    core.set_euchre_bid_table(name, entry)       # defenders bid by this pass's thresholds
                    entry["defend"] = threshold(defend_samples(name, defend_hands, defend_worlds, seed))[0]
                else:
                    entry["defend"] = old["defend"]
                core.set_euchre_bid_table(name, entry)
                info: dict[str, Any] = {}
                for part in ("make", "alone", "defend"):
                    info.update(sizes[part] if part in refit else {k: old[k] for k in kept[part] if k in old})
                table[name] = {**entry, **info}
        table["seed"] = seed
        table["passes"] = passes
        if start is not None:
            table["start"] = {"passes": start.get("passes"), "seed": start.get("seed"),
                              "condition": start["euchre"].get("condition", "none")}
        return (json.dumps(table, sort_keys=True, separators=(",", ":")) + "\n").encode()
    finally:
        for game in GAMES:
            core.set_euchre_bid_table(game, before[game])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=1200, help="bid-odds hands per game")
    parser.add_argument("--trials", type=int, default=300, help="deals per bid-odds hand")
    parser.add_argument("--defend-hands", type=int, default=800, help="hands per game for defending alone")
    parser.add_argument("--defend-worlds", type=int, default=30, help="resampled worlds per defender")
    parser.add_argument("--alone-hands", type=int, default=2000, help="alone_domain samples per game")
    parser.add_argument("--alone-trials", type=int, default=500, help="deals per alone sample")
    parser.add_argument("--condition", choices=("none", "round1", "all"), default="none",
                        help="condition the make odds on the passes before the seat's turn (round 1 / both rounds)")
    parser.add_argument("--alone-condition", choices=("none", "round1", "all"), default="none",
                        help="condition the alone samples' odds on the passes their seat saw (round 1 / both rounds)")
    parser.add_argument("--refit", default="make,alone,defend",
                        help="the parts fitted (make, alone, defend); the others are copied from --start's table")
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--games", default=",".join(GAMES),
                        help="the games fitted; the others are copied from --start's table")
    parser.add_argument("--start", default=None, metavar="FILE",
                        help="a table file whose players the first pass fits against (default: the hand-set rules)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--threads", type=int, default=2, help="bid-odds threads (the bytes do not depend on it)")
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args()
    data = build(args.hands, args.trials, args.seed, args.defend_hands, args.defend_worlds, args.passes,
                 args.threads, args.alone_hands, args.alone_trials, args.condition,
                 None if args.start is None else json.loads(pathlib.Path(args.start).read_text()),
                 tuple(args.games.split(",")), args.alone_condition, tuple(args.refit.split(",")))
    pathlib.Path(args.out).write_bytes(data)
    print(data.decode())


if __name__ == "__main__":
    main()
