"""cardsim.bid_odds for Cutthroat Pinochle: exact cases, uniform sampling, determinism,
precision mode and bad input.

One odds trial (src/cardsim/_cutthroat_pinochle_odds.pxi) deals the 33 unseen cards
uniformly to the two other seats and the 3-card widow, lets the player win the
auction, see the widow, discard with the heuristic and play each trump in turn.
The tests below check what can be derived by hand from that description:

* totals that the hand cannot fail to reach (or cannot possibly reach) give
  P(make) exactly 1 (or 0);
* the widow is a uniform 3-card sample of the unseen cards: with every meld value
  0 but ``meld_dix=1`` the player's meld in trump t is the number of 9s of t kept
  after the discard, and the heuristic never discards trump (cp_keep_value), so the
  meld columns count the 9s in the widow, whose law is (multivariate)
  hypergeometric.  Which of the two *opponents* got an unseen card is not visible
  in any output (meld, trick points and totals are the player's own), so the split
  between the other two seats is not tested here.
"""
from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

import cardsim
from cardsim import CardError, CardsimError, Game, IllegalMoveError, RulesError, bid_odds
from cardsim import _core
from cardsim.odds import MAX_TRIALS, BidOdds, wilson_interval

GAME = "cutthroat-pinochle"
SUITS = "SHDC"
DECK_CODES = [r + s for s in SUITS for r in "9JQKTA" for _ in range(2)]

#: the module docstring's example hand
EXAMPLE = "AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D"
#: all twelve spades (a double run and both 9S) and one ace of each other suit: 162 meld in S
DOUBLE_RUN = "AS AS TS TS KS KS QS QS JS JS 9S 9S AH AD AC"
#: nines and tens only: hardly any meld whatever the widow brings
WEAK = "9S 9S 9H 9H 9D 9D 9C 9C TS TS TH TH TD TD TC"
#: void in clubs
VOID_CLUBS = "AS AS TS KS QS JS 9S AH AD QS JD KH QH 9D TH"

#: every meld value 0 except dix = 1: the player's meld in trump t = number of 9s of t kept
ONLY_DIX = {f"meld_{name}": 0 for name in cardsim.MELD_NAMES} | {"meld_dix": 1}


def one_line(exc: BaseException) -> bool:
    text = str(exc)
    return bool(text) and "\n" not in text


def unseen_codes(hand: str) -> list[str]:
    """The physical cards not in ``hand`` (a card held once appears once)."""
    rest = list(DECK_CODES)
    for code in hand.split():
        rest.remove(code)
    return rest


def raw_trials(game: Game, hand: str, n: int, *, seed: int = 0, seat: int = 0, dealer: int = 2,
               threads: int = 2) -> np.ndarray:
    """The core's per-trial columns (3t: meld, 3t+1: trick points, 3t+2: counted total; 12: chosen)."""
    out = np.zeros((n, 13), dtype=np.int16)
    _core.cutthroat_pinochle_odds(game.rules, game.cards(hand).mask, seat, dealer, seed, 0, out,
                                  ["heuristic"] * 3, threads)
    return out


# ------------------------------------------------------------------ shape and consistency

def test_result_shape_and_row_invariants():
    odds = bid_odds(GAME, EXAMPLE, trials=5000, seed=2, threads=2)
    assert isinstance(odds, BidOdds)
    d = odds.to_dict()
    assert set(d) == {"game", "cards", "seat", "dealer", "trials", "seed", "policy", "trumps", "rows",
                      "recommendation"}
    assert d["game"] == GAME and d["trials"] == 5000 and d["seed"] == 2
    assert d["seat"] == 0 and d["dealer"] == 2  # the dealer defaults to the seat right of the player
    assert d["policy"] == ["heuristic"] * 3
    assert Game(GAME).cards(d["cards"]) == Game(GAME).cards(EXAMPLE)
    assert [t["trump"] for t in odds.trumps] == ["S", "H", "D", "C", "best"]
    assert sum(t["named_rate"] for t in odds.trumps[:4]) == pytest.approx(1.0, abs=1e-5)
    for t in odds.trumps:
        assert sum(t["meld_distribution"].values()) == pytest.approx(1.0, abs=1e-4)
        assert 0 <= t["trick_points_mean"] <= 25  # 24 counters + last trick
    for choice in ("S", "H", "D", "C", "best"):
        rows = [r for r in odds.rows if r["trump"] == choice]
        assert [r["bid"] for r in rows] == list(range(16, 16 + len(rows)))
        ps = [r["p_make"] for r in rows]
        assert ps == sorted(ps, reverse=True)
        assert ps[-1] < 0.01 and all(p >= 0.01 for p in ps[:-1])  # listed up to where making falls below 1%
        for r in rows:
            assert 0 <= r["ci_low"] <= r["p_make"] <= r["ci_high"] <= 1
            assert r["expected_score"] >= -r["bid"]
    rec = odds.recommendation
    best = [r for r in odds.rows if r["trump"] == "best"]
    assert rec["highest_positive_bid"] == max(r["bid"] for r in best if r["expected_score"] > 0)
    assert rec["highest_likely_bid"] == max(r["bid"] for r in best if r["p_make"] >= 0.5)
    assert rec["trump"] == max(odds.trumps[:4], key=lambda t: t["named_rate"])["trump"] == "S"
    assert "\n" not in rec["reason"]
    assert odds.row("best", 16) is best[0]
    with pytest.raises(KeyError):
        odds.row("best", 15)


def test_rows_recomputed_from_the_core_trials():
    """Every row and summary is what the per-trial results say (independent re-derivation)."""
    game = Game(GAME)
    n = 3000
    odds = bid_odds(game, EXAMPLE, trials=n, seed=5, threads=2)
    res = raw_trials(game, EXAMPLE, n, seed=5, threads=1)
    chosen = res[:, 12]
    totals = {SUITS[t]: res[:, 3 * t + 2] for t in range(4)}
    totals["best"] = res[np.arange(n), 3 * chosen.astype(int) + 2]
    melds = {SUITS[t]: res[:, 3 * t] for t in range(4)}
    melds["best"] = res[np.arange(n), 3 * chosen.astype(int)]
    for r in odds.rows:
        total = totals[r["trump"]].astype(float)
        made = total >= r["bid"]
        k = int(made.sum())
        assert r["p_make"] == pytest.approx(k / n, abs=1e-6)
        # Wilson 95% interval, written out independently
        z = 1.959964
        p = k / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        assert r["ci_low"] == pytest.approx(max(0.0, centre - half), abs=2e-6)
        assert r["ci_high"] == pytest.approx(min(1.0, centre + half), abs=2e-6)
        assert r["expected_score"] == pytest.approx(np.where(made, total, -r["bid"]).mean(), abs=1e-4)
    for t in odds.trumps:
        assert t["meld_mean"] == pytest.approx(melds[t["trump"]].mean(), abs=1e-4)
        assert t["total_mean"] == pytest.approx(totals[t["trump"]].mean(), abs=1e-4)
        if t["trump"] != "best":
            assert t["named_rate"] == pytest.approx((chosen == SUITS.index(t["trump"])).mean(), abs=1e-6)
    # counted total = (meld or dix or 0) + trick points, and never more than meld + trick points
    for t in range(4):
        meld, tp, total = res[:, 3 * t], res[:, 3 * t + 1], res[:, 3 * t + 2]
        assert (total <= meld + tp).all() and (total >= tp).all() and (tp <= 25).all()
        assert (total[tp >= 1] == (meld + tp)[tp >= 1]).all()  # save_meld_points=1


def test_wilson_interval_edges():
    low, high = wilson_interval(np.array([0, 50, 100]), 100)
    assert low[0] == 0 and high[2] == 1
    assert 0 < high[0] < 0.05 and 0.95 < low[2] < 1
    assert low[1] < 0.5 < high[1] and (high[1] - 0.5) == pytest.approx(0.5 - low[1])


# ------------------------------------------------------------------ 1. exact cases

def test_double_run_makes_150_for_sure():
    """DOUBLE_RUN holds all 12 spades.  In trump S the widow holds no spade, so the
    heuristic discard keeps the double run: dropping a run card loses >= 135 meld
    (cost >= 1350), while the other 8 cards (9S 9S, three aces, three widow cards)
    each cost at most 10 * 90 + 30 (breaking double aces).  So the meld is >= 150.
    Holding every trump, the player wins the trick in which each AS falls (1 point
    each), so trick points >= 1 and the meld is saved: total >= 151."""
    odds = bid_odds(GAME, DOUBLE_RUN, trials=3000, seed=7, threads=2)
    s = odds.trumps[0]
    assert s["trump"] == "S" and min(s["meld_distribution"]) >= 150
    for bid in (16, 100, 150, 151):
        row = odds.row("S", bid)
        assert row["p_make"] == 1.0 and row["ci_high"] == 1.0 and row["ci_low"] > 0.99
        assert row["expected_score"] == s["total_mean"]
    # the widow gives nothing that matters in another trump: no run possible outside spades
    assert odds.recommendation["trump"] == "S"


def test_double_run_exact_with_no_save_meld_rule():
    """With save_meld_points=0 the meld always counts: total >= meld >= 150 (argued above)."""
    game = Game(GAME, save_meld_points=0)
    odds = bid_odds(game, DOUBLE_RUN, trials=2000, seed=8, threads=1)
    assert odds.row("S", 150)["p_make"] == 1.0
    res = raw_trials(game, DOUBLE_RUN, 2000, seed=8)
    assert (res[:, 0] >= 150).all() and (res[:, 2] == res[:, 0] + res[:, 1]).all()


def _max_meld_after_widow(game: Game, hand: str) -> int:
    """The most meld the hand can hold in any trump with any widow.  With the default
    meld values meld never drops when cards are added (a double counts more than the
    single, a completed run more than its marriage), so discarding cannot add meld and
    this bounds the meld after the discard."""
    best = 0
    for widow in set(itertools.combinations(sorted(unseen_codes(hand)), 3)):
        cards = game.cards(hand + " " + " ".join(widow))
        for trump in SUITS:
            best = max(best, game.meld(cards, trump).total)
    return best


def test_weak_hand_cannot_make_above_its_maximum():
    """The most the WEAK hand can score is its best meld with the best widow + all 25
    trick points; a bid one above that never makes."""
    game = Game(GAME)
    ceiling = _max_meld_after_widow(game, WEAK) + 25
    assert ceiling < 60  # sanity: the hand really is weak
    high = Game(GAME, min_bid=ceiling + 1)
    odds = bid_odds(high, WEAK, trials=5000, seed=9, threads=2)
    for choice in ("S", "H", "D", "C", "best"):
        rows = [r for r in odds.rows if r["trump"] == choice]
        assert len(rows) == 1  # the first bid already makes less than 1% of the time
        (row,) = rows
        assert row["bid"] == ceiling + 1
        assert row["p_make"] == 0.0 and row["ci_low"] == 0.0 and 0 < row["ci_high"] < 0.001
        assert row["expected_score"] == -(ceiling + 1)
    assert odds.recommendation["highest_positive_bid"] is None
    assert odds.recommendation["highest_likely_bid"] is None
    assert odds.recommendation["reason"].startswith("pass")
    # with the default rules, every listed bid above the ceiling has P(make) 0
    default = bid_odds(GAME, WEAK, trials=5000, seed=9, threads=2)
    assert all(r["p_make"] == 0.0 for r in default.rows if r["bid"] > ceiling)


def test_no_widow_meld_is_fixed():
    """widow=false: no widow and no discard, so the meld in each trump is the hand's own."""
    game = Game(GAME, widow=False)
    hand = EXAMPLE + " TH"
    odds = bid_odds(game, hand, trials=2000, seed=4, threads=2)
    for t in odds.trumps[:4]:
        assert t["meld_distribution"] == {game.meld(hand, t["trump"]).total: 1.0}


# ------------------------------------------------------------------ 2. uniform widow

def _hypergeom(k: int, K: int, N: int = 33, n: int = 3) -> float:
    return math.comb(K, k) * math.comb(N - K, n - k) / math.comb(N, n)


def test_widow_nines_follow_the_hypergeometric_law():
    """Hand: 9C once, 9H twice, no 9S or 9D.  With only dix scoring, the meld in trump
    S (D) is the number of 9S (9D) in the widow: hypergeometric with 2 of 33; in trump C
    it is 1 + [9C in widow] (3/33); in trump H it is always 2."""
    hand = "9C 9H 9H AS TS KS QS JS AD TD KD QD JD AC TC"
    n = 40_000
    odds = bid_odds(GAME, hand, trials=n, seed=11, threads=2, rules=ONLY_DIX)
    dist = {t["trump"]: t["meld_distribution"] for t in odds.trumps}
    assert dist["H"] == {2: 1.0}
    expected = {
        "S": {k: _hypergeom(k, 2) for k in range(3)},
        "D": {k: _hypergeom(k, 2) for k in range(3)},
        "C": {1: _hypergeom(0, 1), 2: _hypergeom(1, 1)},
    }
    assert expected["S"][0] == pytest.approx(math.comb(31, 3) / math.comb(33, 3))
    for suit, law in expected.items():
        assert set(dist[suit]) <= set(law)
        for k, p in law.items():
            se = math.sqrt(p * (1 - p) / n)
            assert abs(dist[suit].get(k, 0.0) - p) < 4 * se, (suit, k, dist[suit].get(k), p)


def test_widow_joint_law_of_nines_is_multivariate_hypergeometric():
    """Per trial (core columns), the widow's count of 9S, 9D and 9C together: every cell
    within 4.5 standard errors of the multivariate hypergeometric law, and a chi-square
    test at 1e-4 (Wilson-Hilferty quantile).  Seat 1 with dealer 0, to vary the deal."""
    hand = "9C 9H 9H AS TS KS QS JS AD TD KD QD JD AC TC"
    game = Game(GAME, **ONLY_DIX)
    n = 100_000
    res = raw_trials(game, hand, n, seed=12, seat=1, dealer=0)
    s, d, c = res[:, 0].astype(int), res[:, 6].astype(int), res[:, 9].astype(int) - 1
    assert (res[:, 3] == 2).all()
    assert s.min() >= 0 and d.min() >= 0 and c.min() >= 0
    counts = {}
    for key in zip(s, d, c):
        counts[key] = counts.get(key, 0) + 1
    total_ways = math.comb(33, 3)
    chi2, cells = 0.0, 0
    for a in range(3):
        for b in range(3):
            for cc in range(2):
                rest = 3 - a - b - cc
                if rest < 0:
                    assert counts.get((a, b, cc), 0) == 0
                    continue
                p = math.comb(2, a) * math.comb(2, b) * math.comb(1, cc) * math.comb(28, rest) / total_ways
                observed = counts.get((a, b, cc), 0)
                se = math.sqrt(p * (1 - p) * n)
                assert abs(observed - n * p) < 4.5 * se, ((a, b, cc), observed, n * p)
                chi2 += (observed - n * p) ** 2 / (n * p)
                cells += 1
    assert sum(counts.values()) == n
    df = cells - 1
    z = 3.719  # upper 1e-4 normal quantile
    critical = df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
    assert chi2 < critical, (chi2, critical, df)


# ------------------------------------------------------------------ 3. agreement with play

def test_best_trump_beats_a_void_suit():
    odds = bid_odds(GAME, VOID_CLUBS, trials=5000, seed=13, threads=2)
    by = {t["trump"]: t for t in odds.trumps}
    assert by["best"]["total_mean"] > by["C"]["total_mean"] + 10
    assert by["S"]["total_mean"] > by["C"]["total_mean"]
    assert by["C"]["named_rate"] < 0.01
    assert odds.row("best", 20)["p_make"] > odds.row("C", 20)["p_make"]
    assert odds.recommendation["trump"] == "S"


# ------------------------------------------------------------------ 4. determinism

def test_same_seed_same_result_across_threads():
    a = bid_odds(GAME, EXAMPLE, trials=4000, seed=21, threads=1).to_dict()
    b = bid_odds(GAME, EXAMPLE, trials=4000, seed=21, threads=2).to_dict()
    c = bid_odds(GAME, EXAMPLE, trials=4000, seed=21, threads=2).to_dict()
    assert a == b == c
    other = bid_odds(GAME, EXAMPLE, trials=4000, seed=22, threads=1).to_dict()
    assert other != a and other["rows"] != a["rows"]


def test_same_seed_same_result_across_chunks():
    """Trials run in chunks of 50,000: trial i depends only on (seed, i), so a run over
    a chunk boundary gives the same answer with 1 or 2 threads, and the core columns of
    its first trials are those of a shorter run."""
    a = bid_odds(GAME, EXAMPLE, trials=60_000, seed=23, threads=1).to_dict()
    b = bid_odds(GAME, EXAMPLE, trials=60_000, seed=23, threads=2).to_dict()
    assert a == b
    game = Game(GAME)
    long = raw_trials(game, EXAMPLE, 600, seed=23, threads=2)
    short = raw_trials(game, EXAMPLE, 200, seed=23, threads=1)
    assert (long[:200] == short).all()


def test_progress_is_reported():
    calls = []
    bid_odds(GAME, EXAMPLE, trials=120_000, seed=1, threads=2, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(50_000, 120_000), (100_000, 120_000), (120_000, 120_000)]


def test_chunks_for_the_progress_bar_do_not_change_the_odds():
    # without a progress bar the trials run as one call into the core, with one in chunks of 50,000:
    # trial i depends only on (seed, i), so the odds are the same
    chunked = bid_odds(GAME, EXAMPLE, trials=60_000, seed=5, threads=2, progress=lambda d, t: None)
    assert chunked.to_dict() == bid_odds(GAME, EXAMPLE, trials=60_000, seed=5, threads=2).to_dict()


# ------------------------------------------------------------------ 5. precision mode

def _widest(odds: BidOdds) -> float:
    return max(((r["ci_high"] - r["ci_low"]) / 2 for r in odds.rows if 0 < r["p_make"] < 1), default=0.0)


def test_precision_stops_after_one_batch_when_enough():
    odds = bid_odds(GAME, EXAMPLE, precision=0.02, seed=31, threads=2)
    assert odds.trials == 10_000
    assert _widest(odds) <= 0.02 + 1e-6
    # the precision run's trials are trials 0..n-1: the same answer as trials=n
    assert odds.to_dict() == bid_odds(GAME, EXAMPLE, trials=10_000, seed=31, threads=1).to_dict()


def test_precision_samples_until_every_interval_is_narrow():
    calls = []
    odds = bid_odds(GAME, EXAMPLE, precision=0.006, seed=32, threads=2,
                    progress=lambda d, t: calls.append(d))
    n = odds.trials
    assert n % 10_000 == 0 and n >= 20_000 and calls[-1] == n
    assert _widest(odds) <= 0.006 + 1e-6
    # it stopped at the first batch that was enough
    fewer = bid_odds(GAME, EXAMPLE, trials=n - 10_000, seed=32, threads=2)
    assert _widest(fewer) > 0.006


# ------------------------------------------------------------------ 6. bad input

FIFTEEN = EXAMPLE


@pytest.mark.parametrize("kwargs, error, words", [
    ({"cards": "AS AS TS KS QS JS 9S AH AD AC QS JD KH QH"}, CardsimError, "15 cards"),
    ({"cards": EXAMPLE + " TH"}, CardsimError, "15 cards"),
    ({"cards": "AS AS AS TS KS QS JS 9S AH AD AC JD KH QH 9D"}, CardError, "third copy"),
    ({"cards": "2S AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D"}, CardError, "not in the pinochle"),
    ({"cards": "XX AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D"}, CardError, ""),
    ({"seat": 3}, CardsimError, "seat"),
    ({"seat": -1}, CardsimError, "seat"),
    ({"dealer": -1}, CardsimError, "dealer"),
    ({"dealer": 3}, CardsimError, "dealer"),
    ({"trials": 0}, CardsimError, "trials"),
    ({"trials": MAX_TRIALS + 1}, CardsimError, "trials"),
    ({"trials": 100.0}, CardsimError, "trials"),
    ({"trials": None}, CardsimError, "trials"),
    ({"precision": 0}, CardsimError, "precision"),
    ({"precision": 0.5}, CardsimError, "precision"),
    ({"precision": -0.01}, CardsimError, "precision"),
    ({"precision": "0.01"}, CardsimError, "precision"),
    ({"policy": "clever"}, CardsimError, "policy"),
    ({"seed": -1}, CardsimError, "seed"),
    ({"threads": 0}, CardsimError, "threads"),
])
def test_bad_input(kwargs, error, words):
    args = {"cards": FIFTEEN, "trials": 10, "seed": 0, "threads": 1} | kwargs
    with pytest.raises(error) as info:
        bid_odds(GAME, **args)
    assert isinstance(info.value, CardsimError) and isinstance(info.value, ValueError)
    assert one_line(info.value)
    assert words in str(info.value)


def test_no_widow_hand_size_message():
    with pytest.raises(CardsimError, match="16 cards with widow=false, got 15"):
        bid_odds(GAME, EXAMPLE, trials=10, threads=1, rules={"widow": False})


@pytest.mark.parametrize("name", ["no-such-game"])
def test_game_without_bid_odds(name):
    with pytest.raises(CardsimError) as info:
        bid_odds(name, EXAMPLE, trials=10, threads=1)
    assert isinstance(info.value, RulesError)
    assert one_line(info.value)


def test_unknown_rule_option():
    with pytest.raises(RulesError) as info:
        bid_odds(GAME, EXAMPLE, trials=10, threads=1, rules={"min_bidd": 20})
    assert one_line(info.value)


def test_seat_and_dealer_are_reported():
    odds = bid_odds(GAME, EXAMPLE, trials=500, seed=1, threads=1, seat=1)
    assert (odds.seat, odds.dealer) == (1, 0)
    odds = bid_odds(GAME, EXAMPLE, trials=500, seed=1, threads=1, seat=2, dealer=1)
    assert (odds.seat, odds.dealer) == (2, 1)
    odds = bid_odds(GAME, EXAMPLE, trials=500, seed=1, threads=1, seat=2, dealer=2, rules={"dealer_may_bid": True})
    assert (odds.seat, odds.dealer) == (2, 2)


def test_a_dealer_who_may_not_bid_has_no_bid_odds():
    """dealer_may_bid=false (the default, seed 000): the player in the dealer's seat never bids."""
    for seat in range(3):
        with pytest.raises(CardsimError) as info:
            bid_odds(GAME, EXAMPLE, trials=10, threads=1, seat=seat, dealer=seat)
        assert one_line(info.value) and f"seat {seat} is the dealer" in str(info.value)
        assert "--set dealer_may_bid=true" in str(info.value)
    # the legacy preset lets the dealer bid; the dealer does not change the trials
    a = bid_odds(GAME, EXAMPLE, trials=300, seed=4, threads=1, seat=0, dealer=0, rules={"dealer_may_bid": True})
    b = bid_odds(Game(GAME, preset="legacy"), EXAMPLE, trials=300, seed=4, threads=1, seat=0, dealer=0)
    c = bid_odds(GAME, EXAMPLE, trials=300, seed=4, threads=1, seat=0, dealer=1)
    assert a.rows == b.rows == c.rows


def test_cli_bid_refuses_the_dealer_who_may_not_bid():
    from click.testing import CliRunner

    from cardsim.cli import main

    result = CliRunner().invoke(main, ["bid", GAME, EXAMPLE, "--dealer", "0", "--trials", "10"])
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "seat 0 is the dealer" in lines[0] and "--set dealer_may_bid=true" in lines[0]
    result = CliRunner().invoke(main, ["bid", GAME, EXAMPLE, "--dealer", "0", "--trials", "10", "--threads", "1",
                                       "--set", "dealer_may_bid=true", "--json"])
    assert result.exit_code == 0 and '"dealer": 0' in result.stdout


# ------------------------------------------------------------------ forced throw-in

@pytest.mark.parametrize("rules, hand, bid", [
    # 100 meld (double aces) in any trump; no K or Q of hearts in the hand
    ({"bidder_needs_trump_marriage": True, "save_meld_points": 0},
     "AS AS AH AH AD AD AC AC TS TS TD TD TC TC JS", 100),
    # both 9H (2 dix points) and no K or Q of hearts; min_bid 1
    ({"bidder_needs_trump_marriage": True, "min_bid": 1},
     "9H 9H AS AS TS KS QS JS AD TD KD QD JD AC TC", 1),
])
def test_forced_throw_in_is_never_made(rules, hand, bid):
    """In trump H the bidder plays only when the widow brings a KH and a QH (trump is
    never discarded); otherwise the hand is thrown in and set.  So P(make) at the bid is at
    most P(widow holds >= 1 of 2 KH and >= 1 of 2 QH) = 120/5456 (and in these hands,
    with that marriage, the bid does make)."""
    n = 20_000
    odds = bid_odds(GAME, hand, trials=n, seed=41, threads=2, rules=rules)
    p = 120 / math.comb(33, 3)
    row = odds.row("H", bid)
    assert abs(row["p_make"] - p) < 4 * math.sqrt(p * (1 - p) / n), row


def test_widow_table_trials_equal_the_plain_ones() -> None:
    """Cutthroat trials read the bidder's discards from a table worked out once per widow when a call
    has at least as many trials as widows (5,456), or the same hand's table is kept from the call
    before: the same rows as trials that work it out themselves, on 1 thread or 2."""
    game = Game("cutthroat-pinochle")
    hand = game.cards("AC AC TC KC QC JC 9C AD TD KD QS JD 9H KH QH").mask  # a hand no other test uses
    other = game.cards("AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D").mask

    def rows(mask: int, n: int, threads: int) -> np.ndarray:
        out = np.zeros((n, 13), dtype=np.int16)
        _core.cutthroat_pinochle_odds(game.rules, mask, 0, 2, 4, 1000, out, ["heuristic"] * 3, threads)
        return out

    plain = rows(hand, 300, 1)             # too few trials for the table, none kept for this hand
    with_table = rows(hand, 6000, 2)[:300]   # the table made
    kept = rows(hand, 300, 1)              # the table kept from the call before
    rows(other, 6000, 2)                   # another hand's table replaces it
    again = rows(hand, 300, 2)             # worked out again, no table
    assert (plain == with_table).all() and (plain == kept).all() and (plain == again).all()
    assert len(set(plain[:, 12].tolist())) >= 1 and (plain[:, 2] != 0).any()
