"""cardsim.bid_odds for Partnership and Two-Hand Pinochle: exact cases, uniform sampling,
determinism, precision mode, bad input and the command line.

Partnership (src/cardsim/_pinochle_games_odds.pxi): the 36 unseen cards are dealt
uniformly 12 to each other seat, the player wins the auction, and each trump suit is
played from that same deal (partner's pass, pass back, team meld, play).  Two-hand: the
35 cards neither in the hand nor turned up are shuffled into the opponent's 12 and the
stock, and the hand is played out.
"""
from __future__ import annotations

import json
import math

import numpy as np
import pytest
from click.testing import CliRunner

import cardsim
from cardsim import CardError, CardsimError, Game, RulesError, bid_odds
from cardsim import _core
from cardsim.cli import main
from cardsim.odds import MAX_TRIALS, BidOdds, wilson_interval
from cardsim.pinochle.bid_odds import TwoHandOdds

PP = "partnership-pinochle"
TH = "two-hand-pinochle"
SUITS = "SHDC"
#: the module docstring's example hand
EXAMPLE = "AS AS TS KS QS JS 9S AH AD AC KH QH"
#: all twelve spades: a double run (150) and both 9S
ALL_SPADES = "AS AS TS TS KS KS QS QS JS JS 9S 9S"
#: every meld value 0 except dix = 1
ONLY_DIX = {f"meld_{name}": 0 for name in cardsim.MELD_NAMES} | {"meld_dix": 1}
NO_MELD = {f"meld_{name}": 0 for name in cardsim.MELD_NAMES}
TWO_HAND_KINDS = _core.TWO_HAND_KINDS


def one_line(exc: BaseException) -> bool:
    text = str(exc)
    return bool(text) and "\n" not in text


def pp_trials(game: Game, hand: str, n: int, *, seed: int = 0, seat: int = 0, dealer: int = 3,
              threads: int = 2) -> np.ndarray:
    out = np.zeros((n, 13), dtype=np.int16)
    _core.partnership_pinochle_odds(game.rules, game.cards(hand).mask, seat, dealer, seed, 0, out,
                                    ["heuristic"] * 4, threads)
    return out


# ------------------------------------------------------------------ partnership: shape

def test_partnership_shape_and_rows():
    odds = bid_odds(PP, EXAMPLE, trials=4000, seed=2, threads=2)
    assert isinstance(odds, BidOdds)
    d = odds.to_dict()
    assert d["game"] == PP and d["trials"] == 4000 and d["seat"] == 0 and d["dealer"] == 3
    assert d["policy"] == ["heuristic"] * 4
    assert [t["trump"] for t in odds.trumps] == ["S", "H", "D", "C", "best"]
    # the heuristic bidder names trump from its 12 cards alone: the same suit every trial
    assert odds.trumps[0]["named_rate"] == 1.0 and odds.recommendation["trump"] == "S"
    assert odds.trumps[-1] == odds.trumps[0] | {"trump": "best"}
    for t in odds.trumps:
        assert sum(t["meld_distribution"].values()) == pytest.approx(1.0, abs=1e-4)
        assert 0 <= t["trick_points_mean"] <= 25
    for choice in ("S", "H", "D", "C", "best"):
        rows = [r for r in odds.rows if r["trump"] == choice]
        assert [r["bid"] for r in rows] == list(range(16, 16 + len(rows)))
        ps = [r["p_make"] for r in rows]
        assert ps == sorted(ps, reverse=True) and ps[-1] < 0.01 and all(p >= 0.01 for p in ps[:-1])
        for r in rows:
            assert 0 <= r["ci_low"] <= r["p_make"] <= r["ci_high"] <= 1
    best = [r for r in odds.rows if r["trump"] == "best"]
    rec = odds.recommendation
    assert rec["highest_positive_bid"] == max(r["bid"] for r in best if r["expected_score"] > 0)
    assert rec["highest_likely_bid"] == max(r["bid"] for r in best if r["p_make"] >= 0.5)
    assert "\n" not in rec["reason"]


def test_partnership_rows_recomputed_from_the_core_trials():
    game = Game(PP)
    n = 3000
    odds = bid_odds(game, EXAMPLE, trials=n, seed=5, threads=2)
    res = pp_trials(game, EXAMPLE, n, seed=5, threads=1)
    for r in odds.rows:
        t = SUITS.index(r["trump"]) if r["trump"] != "best" else int(res[0, 12])
        total = res[:, 3 * t + 2].astype(float)
        made = total >= r["bid"]
        assert r["p_make"] == pytest.approx(made.mean(), abs=1e-6)
        low, high = wilson_interval(np.array([made.sum()]), n)
        assert (r["ci_low"], r["ci_high"]) == pytest.approx((low[0], high[0]), abs=2e-6)
        assert r["expected_score"] == pytest.approx(np.where(made, total, -r["bid"]).mean(), abs=1e-4)
    for t in range(4):
        meld, tp, total = res[:, 3 * t], res[:, 3 * t + 1], res[:, 3 * t + 2]
        assert (tp <= 25).all() and (total == np.where(tp >= 1, meld + tp, tp)).all()


# ------------------------------------------------------------------ partnership: exact cases

def test_all_spades_cannot_fail_151():
    """The player holds all 12 spades.  In trump S it passes back the cards that break
    the least meld: giving up one copy of a run card costs >= 135 meld (double run ->
    run), any other card at most 10 (aces, with both AS and three aces received) or
    1 (a 9S), so the double run (150) stays.  Holding every trump, the team wins the
    trick the AS falls in (>= 1 trick point), so the meld is saved: total >= 151 and the
    partner's meld only adds."""
    odds = bid_odds(PP, ALL_SPADES, trials=3000, seed=7, threads=2)
    s = odds.trumps[0]
    assert s["trump"] == "S" and min(s["meld_distribution"]) >= 150
    for bid in (16, 100, 151):
        row = odds.row("S", bid)
        assert row["p_make"] == 1.0 and row["ci_high"] == 1.0 and row["ci_low"] > 0.99
    assert odds.recommendation["trump"] == "S"


def test_no_passing_no_save_rule_own_meld_is_a_floor():
    """pass_cards=0, save_meld_points=0: the team's total >= the player's own meld."""
    game = Game(PP, pass_cards=0, save_meld_points=0)
    own = game.meld(EXAMPLE, "S").total
    res = pp_trials(game, EXAMPLE, 2000, seed=8)
    assert (res[:, 0] >= own).all() and (res[:, 2] == res[:, 0] + res[:, 1]).all()
    assert bid_odds(game, EXAMPLE, trials=2000, seed=8, threads=1).row("S", own)["p_make"] == 1.0


def test_bid_above_the_maximum_is_refused():
    """Without meld the team scores at most its trick points, at most 25: min_bid=26 could never
    be made, so the rules are refused before any deal (issue 14)."""
    with pytest.raises(RulesError, match="min_bid=26 can never be made: a hand scores at most 25"):
        Game(PP, min_bid=26, **NO_MELD)


# ------------------------------------------------------------------ partnership: uniform deal

def _hypergeom(k: int, K: int, N: int, n: int) -> float:
    return math.comb(K, k) * math.comb(N - K, n - k) / math.comb(N, n)


@pytest.mark.parametrize("seat, dealer", [(0, 3), (1, 0), (3, 3)])
def test_partners_nines_follow_the_hypergeometric_law(seat, dealer):
    """No passing and only dix scoring: the team's meld in trump t is the number of 9s of
    t held by the player and the partner.  The player holds no 9S or 9D and one 9C: the
    partner's 9S count is hypergeometric (2 of 36, 12 drawn), its 9C count Bernoulli(1/3)."""
    hand = "9C AS TS KS QS JS AD TD KD QD JD AC"
    game = Game(PP, pass_cards=0, **ONLY_DIX)
    n = 60_000
    res = pp_trials(game, hand, n, seed=11 + seat, seat=seat, dealer=dealer)
    for column, law in ((0, {k: _hypergeom(k, 2, 36, 12) for k in range(3)}),
                        (6, {k: _hypergeom(k, 2, 36, 12) for k in range(3)}),
                        (9, {1 + k: _hypergeom(k, 1, 36, 12) for k in range(2)})):
        values = res[:, column]
        assert set(np.unique(values)) <= set(law)
        for k, p in law.items():
            se = math.sqrt(p * (1 - p) / n)
            assert abs((values == k).mean() - p) < 4.5 * se, (column, k, (values == k).mean(), p)
    # and the partner's 9S and 9D counts are jointly those of a draw without replacement
    both = ((res[:, 0] >= 1) & (res[:, 6] >= 1)).mean()
    p = 1 - 2 * _hypergeom(0, 2, 36, 12) + _hypergeom(0, 4, 36, 12)
    assert abs(both - p) < 4.5 * math.sqrt(p * (1 - p) / n)


# ------------------------------------------------------------------ determinism, precision

@pytest.mark.parametrize("game, context", [(PP, {}), (TH, {"upcard": "TC"})])
def test_same_seed_same_result_across_threads(game, context):
    a = bid_odds(game, EXAMPLE, trials=3000, seed=21, threads=1, **context).to_dict()
    b = bid_odds(game, EXAMPLE, trials=3000, seed=21, threads=2, **context).to_dict()
    assert a == b
    assert bid_odds(game, EXAMPLE, trials=3000, seed=22, threads=2, **context).to_dict() != a


def test_partnership_precision_mode():
    odds = bid_odds(PP, EXAMPLE, precision=0.02, seed=31, threads=2)
    assert odds.trials % 10_000 == 0
    assert max((r["ci_high"] - r["ci_low"]) / 2 for r in odds.rows) <= 0.02 + 1e-6
    assert odds.to_dict() == bid_odds(PP, EXAMPLE, trials=odds.trials, seed=31, threads=1).to_dict()


def test_two_hand_precision_mode():
    odds = bid_odds(TH, EXAMPLE, upcard="TC", precision=0.01, seed=32, threads=2)
    assert odds.trials >= 10_000 and odds.trials % 10_000 == 0
    rec = odds.recommendation
    assert (rec["ci_high"] - rec["ci_low"]) / 2 <= 0.01 + 1e-6
    assert all((r["ci_high"] - r["ci_low"]) / 2 <= 0.01 + 1e-6 for r in odds.rows)


# ------------------------------------------------------------------ two-hand

def test_two_hand_shape():
    odds = bid_odds(TH, EXAMPLE, upcard="TC", trials=4000, seed=3, threads=2)
    assert isinstance(odds, TwoHandOdds)
    d = odds.to_dict()
    assert d["game"] == TH and d["upcard"] == "TC" and d["seat"] == 0 and d["dealer"] == 1
    assert d["summary"]["trump"] == "C"
    assert sum(odds.distribution.values()) == pytest.approx(1.0, abs=1e-4)
    mean = sum(k * p for k, p in odds.distribution.items())
    assert mean == pytest.approx(odds.summary["difference_mean"], abs=0.05)
    assert odds.recommendation["p_win"] == pytest.approx(sum(p for k, p in odds.distribution.items() if k > 0),
                                                         abs=1e-4)
    assert odds.recommendation["p_tie"] == pytest.approx(odds.distribution.get(0, 0.0), abs=1e-6)
    assert odds.recommendation["expected_meld"] == odds.summary["meld_mean"]
    ps = [r["p"] for r in odds.rows]
    assert ps == sorted(ps, reverse=True)
    for r in odds.rows:
        assert r["difference_at_least"] % 20 == 0 and 0 <= r["ci_low"] <= r["p"] <= r["ci_high"] <= 1
        assert r["p"] == pytest.approx(sum(p for k, p in odds.distribution.items() if k >= r["difference_at_least"]),
                                       abs=1e-4)
    assert json.loads(json.dumps(d)) == d


def test_two_hand_dealer_with_the_dix_turned_up_cannot_lose():
    """Only dix scores (10), no trick points: the dealer turns up a 9S and holds the other.
    The turned-up dix scores 10 for the dealer at once and never again; the opponent
    never holds an unscored dix.  So the player scores 10 or 20 and the opponent 0."""
    rules = {f"meld_{k}": 0 for k in TWO_HAND_KINDS} | {"meld_dix": 10, "card_points": "A=0",
                                                       "last_trick_points": 0}
    hand = "9S AH AD AC KH QH TH TD JC JC QD KD"
    odds = bid_odds(TH, hand, upcard="9S", seat=1, dealer=1, trials=2000, seed=4, threads=2, rules=rules)
    assert set(odds.distribution) <= {10, 20} and odds.recommendation["p_win"] == 1.0
    assert odds.summary["opponent_meld_mean"] == 0.0
    # the other seat: the opponent deals and gets the 10; the player can at best tie
    odds = bid_odds(TH, hand, upcard="9S", seat=0, dealer=1, trials=2000, seed=4, threads=2, rules=rules)
    assert set(odds.distribution) <= {-10, 0} and odds.recommendation["p_win"] == 0.0


def _two_hand_deals(hand: str, upcard: str, n: int, *, seat: int = 0, dealer: int = 1, seed: int = 0):
    """(mask, upcard bit, per-trial deal order) of n two-hand odds trials."""
    from cardsim.pinochle.bid_odds import _free_copy
    mask = Game(TH).cards(hand).mask
    up = _free_copy(mask, Game(TH).cards(upcard).mask)
    out = np.zeros((n, 48), dtype=np.int8)
    _core.two_hand_pinochle_odds_deals(mask, up, seat, dealer, seed, 0, out)
    return int(mask), up, out


@pytest.mark.parametrize("seat, dealer", [(0, 1), (1, 1)])
def test_two_hand_deal_is_uniform(seat, dealer):
    """The player's 12 cards and the upcard sit where the deal puts the seat's hand and the
    turned-up card; the other 35 are a uniform shuffle: the number of 9H (both unseen) in
    the opponent's 12 is hypergeometric (2 of 35, 12 drawn), the unseen TC (the other is
    turned up) is there with probability 12/35, and the top stock card is each unseen
    physical card with probability 1/35."""
    n = 60_000
    mask, up, order = _two_hand_deals(EXAMPLE, "TC", n, seat=seat, dealer=dealer, seed=40 + seat)
    mine = slice(0, 12) if seat != dealer else slice(12, 24)
    theirs = slice(12, 24) if seat != dealer else slice(0, 12)
    deck = [16 * suit + i for suit in range(4) for i in range(12)]  # the 48 physical card bits
    assert (np.sort(order, axis=1) == deck).all()  # every card once
    assert (order[:, 24] == up).all()
    bits = np.uint64(1) << order.astype(np.uint64)
    assert (np.bitwise_or.reduce(bits[:, mine], axis=1) == np.uint64(mask)).all()
    opp = order[:, theirs]
    nines = ((opp == 16) | (opp == 17)).sum(axis=1)  # 9H, copies 0 and 1
    for k in range(3):
        p = _hypergeom(k, 2, 35, 12)
        assert abs((nines == k).mean() - p) < 4.5 * math.sqrt(p * (1 - p) / n), (k, (nines == k).mean(), p)
    tc = ((opp == 56) | (opp == 57)).sum(axis=1)
    p = 12 / 35
    assert set(np.unique(tc)) <= {0, 1} and abs(tc.mean() - p) < 4.5 * math.sqrt(p * (1 - p) / n)
    p = 2 / 35
    top_nines = ((order[:, 25] == 16) | (order[:, 25] == 17)).mean()
    assert abs(top_nines - p) < 4.5 * math.sqrt(p * (1 - p) / n)


@pytest.mark.parametrize("seat, dealer", [(0, 1), (1, 1), (0, 0)])
def test_two_hand_trials_are_the_engine_hands(seat, dealer):
    """Each trial's columns are what the step engine gives when the same deal is played
    out by the heuristic players (they draw no random numbers)."""
    game = Game(TH)
    n = 200
    mask, up, order = _two_hand_deals(EXAMPLE, "TC", n, seat=seat, dealer=dealer, seed=50)
    res = np.zeros((n, 4), dtype=np.int16)
    _core.two_hand_pinochle_odds(game.rules, mask, up, seat, dealer, 50, 0, res, ["heuristic"] * 2, 1)
    for i in range(n):
        state = _core.TwoHandPinochleState(game.rules, 0, dealer)
        state.set_deal([int(c) for c in order[i]], dealer)
        while state.phase != "done":
            state.policy_step("heuristic")
        assert list(res[i]) == [state.meld[seat], state.meld[1 - seat],
                                state.trick_points[seat], state.trick_points[1 - seat]], i


def test_two_hand_one_copy_of_the_upcard_in_hand_is_a_legal_deal():
    odds = bid_odds(TH, EXAMPLE, upcard="KS", trials=500, seed=5, threads=1)  # EXAMPLE holds one KS
    assert odds.summary["trump"] == "S" and odds.trials == 500


# ------------------------------------------------------------------ bad input

@pytest.mark.parametrize("kwargs, error, words", [
    ({"cards": "AS AS TS KS QS JS 9S AH AD AC KH"}, CardsimError, "12 cards"),
    ({"cards": EXAMPLE + " TH"}, CardsimError, "12 cards"),
    ({"cards": "2S AS TS KS QS JS 9S AH AD AC KH QH"}, CardError, ""),
    ({"seat": 4}, CardsimError, "seat"),
    ({"seat": -1}, CardsimError, "seat"),
    ({"dealer": 4}, CardsimError, "dealer"),
    ({"trials": 0}, CardsimError, "trials"),
    ({"trials": MAX_TRIALS + 1}, CardsimError, "trials"),
    ({"precision": 0}, CardsimError, "precision"),
    ({"precision": 0.5}, CardsimError, "precision"),
    ({"policy": "clever"}, CardsimError, "policy"),
    ({"upcard": "TC"}, CardsimError, "upcard"),
])
def test_partnership_bad_input(kwargs, error, words):
    args = {"cards": EXAMPLE, "trials": 10, "threads": 1} | kwargs
    with pytest.raises(error) as info:
        bid_odds(PP, **args)
    assert isinstance(info.value, CardsimError) and one_line(info.value) and words in str(info.value)


@pytest.mark.parametrize("kwargs, words", [
    ({"cards": "AS AS TS KS QS JS 9S AH AD AC KH"}, "12 cards"),
    ({"upcard": None}, "upcard"),
    ({"upcard": "AS AS"}, "one card"),
    ({"cards": "AS AS TS KS QS JS 9S AH AD AC KH QH", "upcard": "AS"}, "also in the hand"),
    ({"upcard": "XX"}, ""),
    ({"seat": 2}, "seat"),
    ({"dealer": 2}, "dealer"),
    ({"trials": 0}, "trials"),
    ({"precision": 0.2}, "precision"),
    ({"seed": -1}, "seed"),
])
def test_two_hand_bad_input(kwargs, words):
    args = {"cards": EXAMPLE, "upcard": "TC", "trials": 10, "threads": 1} | kwargs
    with pytest.raises(CardsimError) as info:
        bid_odds(TH, **args)
    assert one_line(info.value) and words in str(info.value)


# ------------------------------------------------------------------ command line

def run(*args: str):
    return CliRunner().invoke(main, list(args), env={"COLUMNS": None})


@pytest.mark.parametrize("game, extra", [(PP, ["--seat", "1"]), (TH, ["--upcard", "TC"])])
def test_cli_json_is_to_dict(game, extra):
    result = run("bid", game, EXAMPLE, "--trials", "1000", "--seed", "3", "--threads", "1", "--json", *extra)
    assert result.exit_code == 0, result.output
    context = {"seat": 1} if game == PP else {"upcard": "TC"}
    expected = bid_odds(game, EXAMPLE, trials=1000, seed=3, threads=2, **context).to_dict()
    assert json.loads(result.stdout) == json.loads(json.dumps(expected))  # JSON keys are strings


@pytest.mark.parametrize("game, extra, words", [(PP, [], "recommendation: bid up to"),
                                                (TH, ["--upcard", "TC"], "P(win the hand)")])
def test_cli_table(game, extra, words):
    result = run("bid", game, EXAMPLE, "--trials", "1000", "--threads", "1", *extra)
    assert result.exit_code == 0, result.output
    assert words in result.stdout


@pytest.mark.parametrize("args", [
    ["bid", PP, "AS AS TS"],
    ["bid", PP, EXAMPLE, "--seat", "4"],
    ["bid", PP, EXAMPLE, "--dealer", "-1"],
    ["bid", PP, EXAMPLE, "--trials", "0"],
    ["bid", PP, EXAMPLE, "--precision", "0.5"],
    ["bid", PP, EXAMPLE, "--upcard", "TC"],
    ["bid", TH, EXAMPLE],
    ["bid", TH, EXAMPLE, "--upcard", "QS QS"],
    ["bid", TH, "AS AS TS KS QS JS 9S AH AD AC KH QH", "--upcard", "AS"],
    ["bid", TH, EXAMPLE, "--upcard", "TC", "--seat", "2"],
    ["bid", TH, EXAMPLE + " TD", "--upcard", "TC"],
    ["bid", "cutthroat-pinochle", "AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D", "--upcard", "TC"],
])
def test_cli_bad_input_exit_2(args):
    result = run(*args, "--trials", "10") if "--trials" not in args and "--precision" not in args else run(*args)
    assert result.exit_code == 2, (result.output, result.exception)
    assert result.stdout == "" and "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:")


@pytest.mark.parametrize("game, context", [(PP, {"seat": 2, "dealer": 0}), (TH, {"upcard": "9C", "seat": 1})])
def test_random_players(game, context):
    """The random players draw from the trial's stream: still deterministic across threads."""
    a = bid_odds(game, EXAMPLE, trials=2000, seed=6, threads=1, policy="random", **context)
    b = bid_odds(game, EXAMPLE, trials=2000, seed=6, threads=2, policy="random", **context)
    assert a.to_dict() == b.to_dict() and a.policy[0] == "random"
    assert a.to_dict() != bid_odds(game, EXAMPLE, trials=2000, seed=6, threads=2, **context).to_dict()
