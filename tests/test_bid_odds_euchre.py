"""cardsim.bid_odds for cutthroat-euchre and euchre: exact cases, uniform sampling,
replay through the step API, determinism, precision mode and bad input (API and CLI).

One trial (src/cardsim/_euchre_odds.pxi) deals the 18 unseen cards uniformly to the
other seats, the dummy (cutthroat) and the kitty's 3 hidden cards, then plays every
action open to the player out from that same deal.  The seats before the player pass
(round 1; for the round-2 actions everybody passed round 1 and the seats before the
player pass round 2): that is what the player observes when it is their turn.
"""
from __future__ import annotations

import json
import math
import sys

import numpy as np
import pytest
from click.testing import CliRunner

from cardsim import CardError, CardsimError, Game, bid_odds
from cardsim import _core
from cardsim.cards import EUCHRE, SUITS, CardSet
from cardsim.cli import main
from cardsim.euchre.hand import CutthroatEuchreHand, EuchreHand
from cardsim.odds import MAX_TRIALS
from cardsim.euchre.bid_odds import OUTCOMES, EuchreOdds, actions

GAMES = ("cutthroat-euchre", "euchre")
#: the five top hearts: both bowers, A K Q
TOP_HEARTS = "JH JD AH KH QH"
#: the five top diamonds
TOP_DIAMONDS = "JD JH AD KD QD"
MIXED = "JS AS KD AC 9H"


def one_line(exc: BaseException) -> bool:
    text = str(exc)
    return bool(text) and "\n" not in text


def bit(code: str) -> int:
    return EUCHRE.parse_code(code)


def raw_trials(game: Game, hand: str, upcard: str, n: int, *, seat: int, dealer: int, seed: int = 0,
               policy: str = "heuristic", threads: int = 2) -> np.ndarray:
    out = np.zeros((n, _core.EUCHRE_ODDS_COLUMNS), dtype=np.int16)
    _core.euchre_odds(game.rules, game.seats, game.cards(hand).mask, bit(upcard), seat, dealer, seed, 0, out,
                      [policy] * game.seats, threads)
    return out


def raw_deals(game: Game, hand: str, upcard: str, n: int, *, seat: int, dealer: int, seed: int = 0) -> np.ndarray:
    out = np.zeros((n, 6), dtype=np.uint64)
    _core.euchre_odds_deals(game.rules, game.seats, game.cards(hand).mask, bit(upcard), seat, dealer, seed, 0, out)
    return out


# ------------------------------------------------------------------ shape and consistency

@pytest.mark.parametrize("name", GAMES)
def test_result_shape_and_row_invariants(name):
    odds = bid_odds(name, MIXED, upcard="TS", trials=3000, seed=2, threads=2)
    assert isinstance(odds, EuchreOdds)
    d = odds.to_dict()
    assert set(d) == {"game", "cards", "upcard", "seat", "dealer", "trials", "seed", "policy", "rows",
                      "recommendation"}
    seats = Game(name).seats
    assert d["seat"] == 0 and d["dealer"] == seats - 1  # default: the player bids first
    assert d["upcard"] == "TS" and d["trials"] == 3000 and d["policy"] == ["heuristic"] * seats
    company = " with the dummy" if name == "cutthroat-euchre" else ""
    assert [(r["round"], r["action"]) for r in odds.rows] == [
        (1, "pass"), (1, "order up" + company), (1, "order up alone"), (2, "pass"),
        (2, "name H" + company), (2, "name H alone"), (2, "name D" + company), (2, "name D alone"),
        (2, "name C" + company), (2, "name C alone")]
    for r in odds.rows:
        assert sum(r[f"p_{k}"] for k in OUTCOMES) == pytest.approx(1.0, abs=1e-5)
        for k in OUTCOMES:
            assert 0 <= r[f"p_{k}_low"] <= r[f"p_{k}"] <= r[f"p_{k}_high"] <= 1
        if r["trump"] is not None:  # the player makes trump: never defends, never thrown in
            assert r["p_defend"] == r["p_thrown_in"] == 0
    rec = odds.recommendation
    for rnd in (1, 2):
        best = max((r for r in odds.rows if r["round"] == rnd), key=lambda r: r["expected_net"])
        assert rec[f"round{rnd}"] == best["action"]
    assert rec["action"] == rec["round1"] and "\n" not in rec["reason"]
    with pytest.raises(KeyError):
        odds.row(1, "name H")


def test_dealer_takes_up_and_stuck_dealer_may_not_pass():
    odds = bid_odds("euchre", MIXED, upcard="TS", trials=500, seed=1, threads=1, seat=2, dealer=2)
    assert [r["action"] for r in odds.rows[:4]] == ["pass", "take up", "take up alone", "pass"]
    # the dealer bids last: passing round 2 after everybody passed throws the hand in
    assert odds.row(2, "pass")["p_thrown_in"] == 1.0
    stuck = bid_odds("euchre", MIXED, upcard="TS", trials=500, seed=1, threads=1, seat=2, dealer=2,
                     rules={"stick_the_dealer": True})
    assert [r["action"] for r in stuck.rows if r["round"] == 2 and r["action"] == "pass"] == []
    assert len(stuck.rows) == 9


@pytest.mark.parametrize("name, seat, dealer", [("cutthroat-euchre", 1, 0), ("euchre", 3, 1)])
def test_rows_recomputed_from_the_core_trials(name, seat, dealer):
    game = Game(name)
    n = 2000
    odds = bid_odds(game, MIXED, upcard="TS", trials=n, seed=5, threads=2, seat=seat, dealer=dealer)
    res = raw_trials(game, MIXED, "TS", n, seat=seat, dealer=dealer, seed=5, threads=1)
    opponents = 2 if name == "cutthroat-euchre" else 1
    for slot, rnd, label, _, _ in actions(game, 0, seat, dealer):
        row = odds.row(rnd, label)
        own, opp, outcome = (res[:, 3 * slot + k].astype(float) for k in range(3))
        for k, key in enumerate(OUTCOMES):
            assert row[f"p_{key}"] == pytest.approx((outcome == k).mean(), abs=1e-6)
        assert row["expected_points"] == pytest.approx(own.mean(), abs=1e-4)
        assert row["expected_net"] == pytest.approx((own - opp / opponents).mean(), abs=1e-4)
        assert row["expected_opponent_points"] == pytest.approx(opp.mean() / opponents, abs=1e-4)
        assert row["net_se"] == pytest.approx((own - opp / opponents).std() / math.sqrt(n), abs=1e-4)
        # points follow the outcome (default rules)
        made = outcome <= 2
        assert (own[outcome == 0] == 0).all() and (own[outcome == 1] == 1).all()
        assert set(own[outcome == 2]) <= {2, 3, 4}
        assert (opp[made & (outcome > 0)] == 0).all()
        assert (own[outcome == 4] == 0).all() and (opp[outcome == 4] == 0).all()


@pytest.mark.parametrize("opponents", [1, 2])
def test_core_summary_equals_numpy_on_any_table(opponents):
    """The core's one-pass summary (outcome counts and integer sums) against numpy on a random table,
    every outcome code, the not-open one and out-of-range codes (read as not open) included."""
    rng = np.random.default_rng(opponents)
    table = rng.integers(-8, 9, size=(5003, _core.EUCHRE_ODDS_COLUMNS)).astype(np.int16)
    table[:, 2::3] = rng.integers(-1, 8, size=(5003, _core.EUCHRE_ODDS_ACTIONS))
    counts, sums = _core.euchre_odds_summary(table, opponents)
    for a in range(_core.EUCHRE_ODDS_ACTIONS):
        own, opp, outcome = (table[:, 3 * a + k].astype(np.int64) for k in range(3))
        expect = np.bincount(np.where((outcome < 0) | (outcome > 5), 5, outcome), minlength=6)
        assert counts[a].tolist() == expect.tolist()
        assert sums[a].tolist() == [own.sum(), opp.sum(), ((opponents * own - opp) ** 2).sum()]
    with pytest.raises(ValueError, match="columns"):
        _core.euchre_odds_summary(table[:, :6].copy(), opponents)


# ------------------------------------------------------------------ 1. exact cases

@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("policy", ["heuristic", "random"])
@pytest.mark.parametrize("seat, dealer", [(0, 2), (1, 0), (2, 2), (0, 1)])
def test_top_five_trumps_march_for_certain(name, policy, seat, dealer):
    """Holding the five top trumps (both bowers, A, K, Q) the maker wins every trick it
    plays to, whatever anyone plays: the others hold at most the T and 9 of trump; when
    trump is led every card of the maker (all trumps) beats theirs, and when a plain suit
    is led the maker cannot follow and plays a trump, which only the T or 9 of trump
    could contest, and loses to neither.  Alone, or with the dummy (the merge keeps the
    five top trumps: trumps first, by rank) or the partner, the maker side takes all 5
    tricks, with either policy.  Round 1: order up (take up) hearts with 9H turned;
    round 2: name diamonds with 9S turned."""
    odds = bid_odds(name, TOP_HEARTS, upcard="9H", trials=2000, seed=3, threads=2, policy=policy,
                    seat=seat, dealer=dealer)
    march, lone = Game(name).rules["march_points"], Game(name).rules["lone_march_points"]
    for r in odds.rows:
        if r["trump"] == "H":
            assert r["p_march"] == 1.0 and r["p_march_low"] > 0.99, r
            assert r["expected_points"] == (lone if r["alone"] else march)
            assert r["expected_opponent_points"] == 0
    diamonds = bid_odds(name, TOP_DIAMONDS, upcard="9S", trials=2000, seed=4, threads=2, policy=policy,
                        seat=seat, dealer=dealer)
    for alone in (False, True):
        row = next(r for r in diamonds.rows if r["trump"] == "D" and r["alone"] is alone)
        assert row["round"] == 2 and row["p_march"] == 1.0
        assert row["expected_net"] == (lone if alone else march)
    if policy == "heuristic":  # alone only pays more where the option gives a bonus (not cutthroat's 3)
        assert odds.recommendation["round1"].endswith("alone") == (lone > march), odds.recommendation


def test_top_three_trumps_leading_first_never_euchred():
    """Partnership, seat 0 left of the dealer (leads first) ordering hearts with JH JD AH:
    it leads the three top trumps and wins three tricks, so it is never euchred."""
    odds = bid_odds("euchre", "JH JD AH KS 9C", upcard="9H", trials=3000, seed=6, threads=2)
    for label in ("order up", "order up alone"):
        row = odds.row(1, label)
        assert row["p_euchre"] == 0.0 and row["p_euchre_high"] < 0.002


@pytest.mark.parametrize("name, options, march, lone", [
    ("cutthroat-euchre", {}, 3, 3),                       # the seed: going alone earns no bonus
    ("cutthroat-euchre", {"preset": "legacy"}, 3, 4),
    ("cutthroat-euchre", {"march_points": 5, "lone_march_points": 8}, 5, 8),
    ("euchre", {}, 2, 4),
    ("euchre", {"march_points": 3, "lone_march_points": 6}, 3, 6),
])
def test_odds_score_the_march_with_the_options(name, options, march, lone):
    """The five top trumps march for certain: the expected points are the options' march values."""
    odds = bid_odds(Game(name, **options), TOP_HEARTS, upcard="9H", trials=400, seed=3, threads=2)
    for label, points in (("order up" + (" with the dummy" if name == "cutthroat-euchre" else ""), march),
                          ("order up alone", lone)):
        row = odds.row(1, label)
        assert row["p_march"] == 1.0 and row["expected_points"] == points, (label, row)


@pytest.mark.parametrize("name", GAMES)
def test_odds_pay_lone_defender_euchres_with_their_own_option(name):
    """Random players (so that defenders often go alone), the same trials under three
    scorings: the outcomes do not move; ``lone_defender_euchre_points=7`` changes only
    the points of hands a lone defender euchred with 3-4 tricks (each defender 2 -> 7:
    differences of 5 per defender), and ``euchre_points=6`` only the plain euchres
    (2 -> 6), never the same trial and action."""
    base = Game(name, allow_lone_defender=True)
    lone = Game(name, allow_lone_defender=True, lone_defender_euchre_points=7)
    plain = Game(name, allow_lone_defender=True, euchre_points=6)
    a, b, c = (raw_trials(g, MIXED, "TS", 3000, seat=1, dealer=0, seed=12, policy="random") for g in (base, lone, plain))
    points = [k for k in range(a.shape[1]) if k % 3 != 2]
    outcome = [k for k in range(a.shape[1]) if k % 3 == 2]
    assert (a[:, outcome] == b[:, outcome]).all() and (a[:, outcome] == c[:, outcome]).all()
    d_lone = b[:, points].astype(int) - a[:, points]
    d_plain = c[:, points].astype(int) - a[:, points]
    assert set(np.unique(d_lone)) <= {0, 5, 10} and set(np.unique(d_plain)) <= {0, 4, 8}
    assert (d_lone != 0).sum() > 50 and (d_plain != 0).sum() > 50
    assert not ((d_lone != 0) & (d_plain != 0)).any()


# ------------------------------------------------------------------ 2. uniform sampling

@pytest.mark.parametrize("name, seat, dealer", [("cutthroat-euchre", 1, 0), ("euchre", 2, 3)])
def test_deals_partition_the_deck(name, seat, dealer):
    game = Game(name)
    deals = raw_deals(game, MIXED, "TS", 2000, seat=seat, dealer=dealer, seed=7)
    hand, up = game.cards(MIXED).mask, 1 << bit("TS")
    for row in deals[:500]:
        parts = [int(x) for x in row]
        assert parts[seat] == hand
        assert parts[5] & up
        union = 0
        for p in parts:
            assert union & p == 0
            union |= p
        assert union == EUCHRE.full_mask
        sizes = [bin(p).count("1") for p in parts]
        assert sizes[:game.seats] == [5] * game.seats and sizes[5] == 4
        assert sizes[4] == (5 if name == "cutthroat-euchre" else 0)


@pytest.mark.parametrize("name", GAMES)
def test_each_unseen_card_is_uniform_over_the_places(name):
    """A given unseen card lies in each other hand or the dummy with probability 5/18 and
    among the kitty's 3 hidden cards with 3/18; the number of hearts in the dummy
    (partnership: the next seat) is hypergeometric: 5 of the 18 unseen cards are hearts
    (the hand holds 9H), 5 cards drawn."""
    game = Game(name)
    n = 60_000
    seat, dealer = 0, 2
    deals = raw_deals(game, MIXED, "TS", n, seat=seat, dealer=dealer, seed=8)
    card = 1 << bit("QS")
    places = [s for s in range(game.seats) if s != seat] + ([4] if name == "cutthroat-euchre" else [])
    for col in places:
        p, freq = 5 / 18, float(((deals[:, col] & np.uint64(card)) != 0).mean())
        assert abs(freq - p) < 4.5 * math.sqrt(p * (1 - p) / n), (col, freq)
    p, freq = 3 / 18, float(((deals[:, 5] & np.uint64(card)) != 0).mean())
    assert abs(freq - p) < 4.5 * math.sqrt(p * (1 - p) / n)
    col = 4 if name == "cutthroat-euchre" else 1
    hearts = np.uint64(0x3F << 16)
    counts = np.bincount([bin(int(x)).count("1") for x in deals[:, col] & hearts], minlength=6)
    chi2 = 0.0
    for k in range(6):
        q = math.comb(5, k) * math.comb(13, 5 - k) / math.comb(18, 5)
        assert abs(counts[k] - n * q) < 4.5 * math.sqrt(n * q * (1 - q)) + 1, (k, counts[k], n * q)
        chi2 += (counts[k] - n * q) ** 2 / (n * q)
    assert chi2 < 26.0  # chi-square, 5 degrees of freedom, upper 1e-4 quantile 25.7


# ------------------------------------------------------------------ 3. replay through the step API

def _replay(game: Game, deal: np.ndarray, upcard: str, seat: int, dealer: int, slot: int):
    """Play action ``slot`` on the given deal with the step API and the heuristic players."""
    cls = CutthroatEuchreHand if game.name == "cutthroat-euchre" else EuchreHand
    hands = [CardSet(int(deal[s]), EUCHRE) for s in range(game.seats)]
    dummy = CardSet(int(deal[4]), EUCHRE) if game.name == "cutthroat-euchre" else ()
    h = cls.from_cards(game.rules, hands, upcard=upcard, dummy=dummy, dealer=dealer)
    up_suit = SUITS.index(upcard[-1])
    if slot < 3:
        while h.to_act != seat:
            h.act("pass")
        h.act("pass" if slot == 0 else "order")
        if slot:
            while h.phase != "alone":
                h.step("heuristic")
            h.act("alone" if slot == 2 else "not alone")
    else:
        for _ in range(game.seats):
            h.act("pass")
        while h.to_act != seat:
            h.act("pass")
        if slot == 3:
            h.act("pass")
        else:
            k = (slot - 4) // 2
            h.act(SUITS[k + (k >= up_suit)])
            h.act("alone" if (slot - 4) % 2 else "not alone")
    while h.phase != "done" and h.redeals == 0:
        h.step("heuristic")
    return h


@pytest.mark.parametrize("name, seat, dealer", [("cutthroat-euchre", 0, 2), ("cutthroat-euchre", 2, 2),
                                                ("euchre", 1, 0), ("euchre", 3, 3)])
def test_trials_replay_through_the_step_api(name, seat, dealer):
    """With heuristic players (no random draws) each trial's columns are what the step API
    gives on the same deal with the same forced actions."""
    game = Game(name)
    n = 40
    res = raw_trials(game, MIXED, "TS", n, seat=seat, dealer=dealer, seed=9)
    deals = raw_deals(game, MIXED, "TS", n, seat=seat, dealer=dealer, seed=9)
    for i in range(n):
        for slot, *_ in actions(game, 0, seat, dealer):
            h = _replay(game, deals[i], "TS", seat, dealer, slot)
            own, opp, outcome = (int(x) for x in res[i, 3 * slot:3 * slot + 3])
            if h.redeals:
                assert (own, opp, outcome) == (0, 0, 4)
                continue
            if name == "euchre":
                assert (own, opp) == (h.team_points[seat % 2], h.team_points[1 - seat % 2])
                mine = h.maker % 2 == seat % 2
            else:
                assert (own, opp) == (h.points[seat], sum(h.points) - h.points[seat])
                mine = h.maker == seat
            expected = 3 if not mine else 0 if h.euchred else 1 if h.points[h.maker] == 1 else 2
            assert outcome == expected, (i, slot)


# ------------------------------------------------------------------ 4. determinism

@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("policy", ["heuristic", "random"])
def test_same_seed_same_result_across_threads(name, policy):
    kw = dict(upcard="TS", trials=3000, seed=21, policy=policy, seat=1, dealer=0)
    a = bid_odds(name, MIXED, threads=1, **kw).to_dict()
    b = bid_odds(name, MIXED, threads=2, **kw).to_dict()
    assert a == b
    other = bid_odds(name, MIXED, threads=2, **(kw | {"seed": 22})).to_dict()
    assert other["rows"] != a["rows"]


def test_same_seed_across_chunks_and_prefix():
    a = bid_odds("cutthroat-euchre", MIXED, upcard="TS", trials=60_000, seed=23, threads=1).to_dict()
    b = bid_odds("cutthroat-euchre", MIXED, upcard="TS", trials=60_000, seed=23, threads=2).to_dict()
    assert a == b
    game = Game("cutthroat-euchre")
    long = raw_trials(game, MIXED, "TS", 600, seat=0, dealer=2, seed=23, threads=2)
    short = raw_trials(game, MIXED, "TS", 200, seat=0, dealer=2, seed=23, threads=1)
    assert (long[:200] == short).all()


# ------------------------------------------------------------------ 5. precision mode

def _widest(odds: EuchreOdds) -> float:
    return max((r[f"p_{k}_high"] - r[f"p_{k}_low"]) / 2 for r in odds.rows for k in OUTCOMES)


def test_precision_samples_until_every_interval_is_narrow():
    calls = []
    odds = bid_odds("cutthroat-euchre", MIXED, upcard="TS", precision=0.008, seed=31, threads=2,
                    progress=lambda d, t: calls.append(d))
    n = odds.trials
    assert n % 10_000 == 0 and calls[-1] == n
    assert _widest(odds) <= 0.008 + 1e-6
    if n > 10_000:
        fewer = bid_odds("cutthroat-euchre", MIXED, upcard="TS", trials=n - 10_000, seed=31, threads=2)
        assert _widest(fewer) > 0.008
    assert odds.to_dict() == bid_odds("cutthroat-euchre", MIXED, upcard="TS", trials=n, seed=31,
                                      threads=1).to_dict()


# ------------------------------------------------------------------ 6. bad input

@pytest.mark.parametrize("kwargs, error, words", [
    ({"cards": "JS AS KD AC"}, CardsimError, "5 cards, got 4"),
    ({"cards": MIXED + " TD"}, CardsimError, "5 cards, got 6"),
    ({"cards": "JS JS KD AC 9H"}, CardError, ""),
    ({"cards": "2S AS KD AC 9H"}, CardError, "not in the euchre"),
    ({"upcard": None}, CardsimError, "upcard"),
    ({"upcard": "AS"}, CardsimError, "also in the hand"),
    ({"upcard": "TS TD"}, CardsimError, "one card"),
    ({"upcard": "XX"}, CardError, ""),
    ({"seat": 4}, CardsimError, "seat"),
    ({"seat": -1}, CardsimError, "seat"),
    ({"dealer": 4}, CardsimError, "dealer"),
    ({"dealer": -1}, CardsimError, "dealer"),
    ({"trials": 0}, CardsimError, "trials"),
    ({"trials": MAX_TRIALS + 1}, CardsimError, "trials"),
    ({"trials": 1.5}, CardsimError, "trials"),
    ({"precision": 0}, CardsimError, "precision"),
    ({"precision": 0.5}, CardsimError, "precision"),
    ({"precision": "0.01"}, CardsimError, "precision"),
    ({"policy": "clever"}, CardsimError, "policy"),
    ({"seed": -1}, CardsimError, "seed"),
    ({"threads": 0}, CardsimError, "threads"),
])
def test_bad_input(kwargs, error, words):
    args = {"cards": MIXED, "upcard": "TS", "trials": 10, "seed": 0, "threads": 1} | kwargs
    with pytest.raises(error) as info:
        bid_odds("euchre", **args)
    assert isinstance(info.value, CardsimError) and isinstance(info.value, ValueError)
    assert one_line(info.value)
    assert words in str(info.value)


def test_cutthroat_seat_range():
    with pytest.raises(CardsimError, match="seat must be one of 0, 1, 2, got 3"):
        bid_odds("cutthroat-euchre", MIXED, upcard="TS", trials=10, threads=1, seat=3)


# ------------------------------------------------------------------ 7. command line

def run(*args: str):
    return CliRunner().invoke(main, list(args), env={"COLUMNS": None})


def test_cli_json_is_to_dict():
    result = run("bid", "cutthroat-euchre", MIXED, "--upcard", "TS", "--trials", "2000", "--seed", "4",
                 "--threads", "1", "--json")
    assert result.exit_code == 0, result.output
    expected = bid_odds("cutthroat-euchre", MIXED, upcard="TS", trials=2000, seed=4, threads=2).to_dict()
    assert json.loads(result.stdout) == json.loads(json.dumps(expected))


def test_cli_table():
    result = run("bid", "euchre", "JH JD AH KS 9C", "--upcard", "9H", "--seat", "1", "--dealer", "0",
                 "--trials", "2000", "--threads", "1")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for words in ("euchre: ", "upcard 9H", "seat 1, dealer 0", "P(euchre)", "P(march)", "order up alone",
                  "name D alone", "recommendation: "):
        assert words in out, words


@pytest.mark.parametrize("args, words", [
    (["euchre", MIXED], "upcard"),
    (["euchre", MIXED, "--upcard", "AS"], "also in the hand"),
    (["euchre", "JS AS KD AC", "--upcard", "TS"], "5 cards"),
    (["cutthroat-euchre", MIXED, "--upcard", "TS", "--dealer", "3"], "dealer"),
    (["cutthroat-euchre", MIXED, "--upcard", "TS", "--seat", "5"], "seat"),
    (["euchre", MIXED, "--upcard", "TS", "--trials", "0"], "trials"),
    (["euchre", MIXED, "--upcard", "TS", "--precision", "0.5"], "precision"),
    (["cutthroat-pinochle", "AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D", "--upcard", "9H"], "upcard"),
])
def test_cli_bad_input_exit_2(args, words):
    result = run("bid", *args)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == "" and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], result.stderr


def test_cli_precision():
    result = run("bid", "euchre", MIXED, "--upcard", "TS", "--precision", "0.02", "--seed", "3", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["trials"] == 10_000 and data["upcard"] == "TS"
    assert max((r[f"p_{k}_high"] - r[f"p_{k}_low"]) / 2 for r in data["rows"] for k in OUTCOMES) <= 0.02


def test_to_pandas(monkeypatch):
    import pandas as pd  # in the test extras: a missing pandas fails here rather than skipping

    odds = bid_odds("euchre", MIXED, upcard="TS", trials=500, seed=3, threads=1)
    frame = odds.to_pandas()
    assert isinstance(frame, pd.DataFrame) and len(frame) == 10 and "expected_net" in frame.columns
    assert list(frame["expected_net"]) == [r["expected_net"] for r in odds.rows]
    monkeypatch.setitem(sys.modules, "pandas", None)  # without pandas: a one-line error that says what to install
    with pytest.raises(CardsimError, match="needs pandas"):
        odds.to_pandas()


@pytest.mark.parametrize("name, seat, dealer, slot", [("cutthroat-euchre", 1, 0, 1), ("euchre", 0, 3, 0),
                                                       ("euchre", 2, 3, 6)])
def test_agrees_with_independently_dealt_hands(name, seat, dealer, slot):
    """Deal the unseen cards with Python's own generator, force the action with the step
    API and play out with the heuristic: the outcome frequencies and mean points agree
    with bid_odds within sampling error (independent of the core's deal function)."""
    import random

    game = Game(name)
    rng = random.Random(1234)
    hand, up = game.cards(MIXED).mask, bit("TS")
    unseen = [b for b in range(64) if EUCHRE.full_mask >> b & 1 and not hand >> b & 1 and b != up]
    n = 4000
    counts, points = np.zeros(5), []
    for _ in range(n):
        rng.shuffle(unseen)
        deal = np.zeros(6, dtype=np.uint64)
        others = [(seat + i) % game.seats for i in range(1, game.seats)]
        places = others + ([4] if name == "cutthroat-euchre" else [])
        for j, place in enumerate(places):
            deal[place] = sum(1 << b for b in unseen[5 * j:5 * j + 5])
        deal[seat] = hand
        h = _replay(game, deal, "TS", seat, dealer, slot)
        if h.redeals:
            counts[4] += 1
            points.append(0)
            continue
        if name == "euchre":
            own, mine = h.team_points[seat % 2], h.maker % 2 == seat % 2
        else:
            own, mine = h.points[seat], h.maker == seat
        counts[3 if not mine else 0 if h.euchred else 1 if h.points[h.maker] == 1 else 2] += 1
        points.append(own)
    big = 40_000
    odds = bid_odds(game, MIXED, upcard="TS", trials=big, seed=17, threads=2, seat=seat, dealer=dealer)
    slot_row = {a[0]: (a[1], a[2]) for a in actions(game, 0, seat, dealer)}
    row = odds.row(*slot_row[slot])
    for k, key in enumerate(OUTCOMES):
        p = row[f"p_{key}"]
        se = math.sqrt(max(p * (1 - p), 1e-4) * (1 / n + 1 / big))
        assert abs(counts[k] / n - p) < 4.5 * se, (key, counts[k] / n, p)
    mean, sd = float(np.mean(points)), float(np.std(points)) + 0.1
    assert abs(mean - row["expected_points"]) < 4.5 * sd * math.sqrt(1 / n + 1 / big)
