"""cardsim.bid_odds for cutthroat-spades and spades: exact cases, uniform sampling,
the regular-bid shortcut, determinism, --blind, and bad input.

One odds trial (src/cardsim/_spades_odds.pxi) deals the unseen cards uniformly to
the other seats and replays that deal once per bid open to the player (its bid
forced, the others bidding and everyone playing by policy).  Regular bids stop at
the first bid the player misses: every higher one replays the same cards.
"""
from __future__ import annotations

import json
import sys

import numpy as np
import pytest
from click.testing import CliRunner

from cardsim import CardError, CardsimError, Game, bid_odds
from cardsim import _core
from cardsim.cli import main
from cardsim.odds import MAX_TRIALS
from cardsim.spades.bid_odds import SpadesBidOdds, _candidate_codes

GAME = "cutthroat-spades"
#: the docstring's 17-card hand (3 players): the AS, so nil can never succeed
HAND17 = "AS KS QS 5S 2S AH KH 7H 3H AD 8D 4D 9C 6C 5C 4C 3C"
#: all thirteen spades (4 players): every trick is the player's
ALL_SPADES = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
#: 11 cards for 5 players with 2 jokers (not the dealer), J1 the top spade
JOKER11 = "J1 3S 4H 5H 6H 7D 8D 9D TC JC 2C"
#: 13 cards for partnership spades with the AS
PARTNER13 = "AS 4S 3H 5H 7H 9H 2D 6D 8D TD 3C 5C 7C"


def one_line(exc: BaseException) -> bool:
    return bool(str(exc)) and "\n" not in str(exc)


def run(*args: str):
    return CliRunner().invoke(main, list(args), env={"COLUMNS": None})


def fails(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    assert result.stdout == "" and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


# ------------------------------------------------------------------ shape and exact cases

def test_result_shape_and_invariants():
    odds = bid_odds(GAME, HAND17, trials=3000, seed=2, threads=2)
    assert isinstance(odds, SpadesBidOdds)
    d = odds.to_dict()
    assert set(d) == {"game", "cards", "seat", "dealer", "scores", "blind", "trials", "seed", "policy", "rows",
                      "tricks", "tricks_basis", "p_nil", "recommendation"}
    assert d["dealer"] == 2 and d["scores"] == [0, 0, 0] and d["trials"] == 3000 and not d["blind"]
    names = [r["bid"] for r in odds.rows]
    # official preset: nil, one-for-50, two-for-40, moon (14), 1..17, and the policy's own bid
    assert names == ["nil", "one_for_50", "two_for_40"] + [str(b) for b in range(1, 18)] + ["moon", "policy"]
    regular = [r for r in odds.rows if r["bid"].isdigit()]
    ps = [r["p_make"] for r in regular]
    assert ps == sorted(ps, reverse=True)
    for r in odds.rows:
        assert 0 <= r["ci_low"] <= r["p_make"] <= r["ci_high"] <= 1
    assert [t["tricks"] for t in odds.tricks] == list(range(18))
    assert sum(t["p_exactly"] for t in odds.tricks) == pytest.approx(1, abs=1e-4)
    assert odds.tricks[0]["p_at_least"] == 1.0
    # the trick distribution is the play for every trick: P(at least b) = P(make b) at the top bid's play,
    # and a regular bid b is made exactly when the player takes b tricks, so P(make b) <= P(at least b)
    for r in regular:
        assert r["p_make"] <= odds.tricks[int(r["bid"])]["p_at_least"] + 1e-9
    assert odds.row(17)["expected_tricks"] == pytest.approx(
        sum(t["tricks"] * t["p_exactly"] for t in odds.tricks), abs=1e-3)
    rec = odds.recommendation
    best = max((r for r in odds.rows if r["bid"] != "policy"), key=lambda r: r["expected_score"])
    assert rec["bid"] == best["bid"] and rec["expected_score"] == best["expected_score"]
    assert "\n" not in rec["reason"]
    assert list(odds.to_pandas()["bid"]) == names  # pandas is in the test extras: no pandas fails here
    assert json.loads(json.dumps(d)) == d


def test_to_pandas_without_pandas_says_what_to_install(monkeypatch):
    odds = bid_odds(GAME, HAND17, trials=200, seed=1, threads=1)
    monkeypatch.setitem(sys.modules, "pandas", None)  # as if pandas were not installed
    with pytest.raises(CardsimError, match="needs pandas"):
        odds.to_pandas()


@pytest.mark.parametrize("game, cards, options", [
    (GAME, HAND17, {}),
    (GAME, "AS 2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 5D", {"players": 4}),
    (GAME, "AS 2S 3H 4H 5H 6H 7D 8D 9D TC", {"players": 5}),
    (GAME, JOKER11, {"players": 5, "jokers": 2}),
    (GAME, "J1 3S 4H 5H 6H 7D 8D 9D TC JC 2C", {"players": 5, "jokers": 3}),
    ("spades", PARTNER13, {}),
])
def test_top_spade_makes_nil_fail(game, cards, options):
    """Holding the A (or J1 with jokers) the player takes at least one trick: P(nil) = 0 exactly."""
    odds = bid_odds(game, cards, trials=1500, seed=3, threads=2, rules=options)
    assert odds.p_nil == 0.0 and odds.row("nil")["p_make"] == 0.0
    if game == GAME:  # the player's own score: -100, prize jacks at most +20 (partnership: the team's)
        assert odds.row("nil")["expected_score"] <= -100 + 10 * 2
    assert odds.tricks[0]["p_exactly"] == 0.0


def test_all_thirteen_spades_take_every_trick():
    odds = bid_odds(GAME, ALL_SPADES, trials=500, seed=1, threads=2, rules={"players": 4})
    assert odds.row(13)["p_make"] == 1.0 and odds.row("nil")["p_make"] == 0.0
    assert odds.tricks[13]["p_exactly"] == 1.0
    assert odds.row(13)["expected_score"] == pytest.approx(130 + 20 * odds.row(13)["p_make"], abs=20)
    # one-for-50 with 13 tricks scores +10 (plus prize jacks) but is not made: the bid is exactly one
    assert odds.row("one_for_50")["p_make"] == 0.0 and odds.row("two_for_40")["p_make"] == 0.0
    assert odds.row("one_for_50")["expected_score"] >= 10 and odds.row("two_for_40")["expected_score"] >= 20


@pytest.mark.parametrize("game, cards, options, sometimes", [
    (GAME, HAND17, {}, False),  # always more than two tricks: never made (issue 9 showed P(make) 1.000)
    (GAME, "9S 4S 2S JH 7H 3H JD 8D 4D 2D 9C 8C 6C 5C 4C 3C JC", {"prize_jacks": "JD,JC,JH"}, True),
    (GAME, "KS 5S 3S AH 7H 3H 8D 4D 2D 9C 6C 5C 4C", {"players": 4}, True),
])
def test_one_for_50_and_two_for_40_make_exactly(game, cards, options, sometimes):
    """P(make) of one-for-50 is P(exactly one trick), of two-for-40 P(exactly two), per trial;
    the score is the table's: +50 / +10 more / -50 and +40 / +20 more / -40, plus prize jacks."""
    g = Game(game, **options)
    hand = g.cards(cards)
    codes = [4 << 5 | 1, 5 << 5 | 2]
    out = np.zeros((2000, 7), dtype=np.int16)
    _core.spades_odds(g.rules, hand.mask, 0, g.seats - 1, [0] * g.seats, False, codes, 5, 0, out,
                      ["heuristic"] * g.seats, 2)
    for c, (exact, points) in enumerate(((1, (50, 10, -50)), (2, (40, 20, -40)))):
        tricks, scores, made = out[:, 3 * c], out[:, 3 * c + 1], out[:, 3 * c + 2]
        assert (made == (tricks == exact)).all()
        table = np.select([tricks == exact, tricks > exact], points[:2], points[2])
        prize = scores - table
        assert ((prize >= 0) & (prize <= 20) & (prize % 10 == 0)).all()  # at most JD + JC at 10
        assert (0 < made.mean() < 1 if sometimes else made.sum() == 0) and (tricks > exact).any()
    odds = bid_odds(g, cards, trials=2000, seed=5, threads=2)
    assert odds.row("one_for_50")["p_make"] == pytest.approx((out[:, 0] == 1).mean(), abs=1e-9)
    assert odds.row("two_for_40")["p_make"] == pytest.approx((out[:, 3] == 2).mean(), abs=1e-9)


def test_dealer_sitting_out_holds_ten_cards():
    odds = bid_odds(GAME, "J1 3S 4H 5H 6H 7D 8D 9D TC JC", trials=300, seed=1, threads=1,
                    rules={"players": 5, "jokers": 2}, seat=0, dealer=0)
    assert [t["tricks"] for t in odds.tricks] == list(range(11))
    assert odds.p_nil == 0.0


# ------------------------------------------------------------------ sampling

@pytest.mark.parametrize("options, seat, dealer, blind", [
    ({}, 0, 2, False),
    ({"players": 5, "jokers": 2}, 1, 3, False),
    ({"players": 5, "jokers": 2}, 0, 0, False),
    ({}, 1, 0, True),
])
def test_deal_is_uniform(options, seat, dealer, blind):
    """Each unseen card lands in a seat with probability (cards dealt there) / (unseen cards)."""
    game = Game(GAME, **options)
    seats, hand_size, deck, sits_out, _ = _core.spades_table(game.rules)
    dealt = [hand_size - 1 if sits_out and s == dealer else hand_size for s in range(seats)]
    hand = 0
    if not blind:
        rest = deck
        for _ in range(dealt[seat]):
            low = rest & -rest
            hand |= low
            rest &= ~low
    n = 20000
    out = np.zeros((n, seats), dtype=np.uint64)
    _core.spades_odds_deals(game.rules, hand, seat, dealer, blind, 7, 0, out)
    union = np.bitwise_or.reduce(out, axis=1)
    assert (union == np.uint64(deck)).all()
    for s in range(seats):
        counts = np.array([bin(int(x)).count("1") for x in out[:200, s]])
        assert (counts == dealt[s]).all()
        if not blind and s == seat:
            assert (out[:, s] == np.uint64(hand)).all()
    unseen = deck & ~hand
    n_unseen = bin(unseen).count("1")
    card = (unseen & -unseen).bit_length() - 1  # the lowest unseen card
    top = deck.bit_length() - 1                 # the top spade (AS or J1)
    for c in {card, top}:
        if not (unseen >> c) & 1:
            continue
        for s in range(seats):
            if s == seat and not blind:
                continue
            p = dealt[s] / n_unseen
            freq = float(((out[:, s] >> np.uint64(c)) & np.uint64(1)).mean())
            assert abs(freq - p) < 4.5 * np.sqrt(p * (1 - p) / n), (c, s, freq, p)


# ------------------------------------------------------------------ the shortcut is exact

@pytest.mark.parametrize("game, cards, options, policy, scores", [
    (GAME, HAND17, {}, "heuristic", None),
    (GAME, HAND17, {}, "heuristic", [0, 120, 40]),       # one seat leads: specials played, not read off
    (GAME, HAND17, {}, "heuristic", [130, 60, 60]),      # the player leads
    (GAME, "AS 2S 3S 4S 5S AH 3H 4H 5H AD 3D 4D KC", {"players": 4, "moon_tricks": 6}, "heuristic", None),
    (GAME, JOKER11, {"players": 5, "jokers": 2}, "heuristic", None),
    ("spades", PARTNER13, {}, "heuristic", [200, 100, 200, 100]),
    (GAME, HAND17, {}, "random", None),
    ("spades", PARTNER13, {}, "random", None),
    # the options of issue 9: a bag-out inside one hand (bag_limit 2), each bag_penalty; prize
    # jacks voided or not, three in play; spades led from trick 1; a failed nil partner's tricks
    (GAME, HAND17, {"bag_limit": 2, "prize_jacks": "JD,JC,JH"}, "heuristic", None),
    (GAME, HAND17, {"bag_limit": 2, "bag_penalty": "carry", "multiple_prize_jacks": "each"}, "random", None),
    (GAME, HAND17, {"bag_limit": 3, "bag_penalty": "limit", "break_spades": False}, "heuristic", None),
    (GAME, "AS 2S 3S 4S 5S AH 3H 4H 5H AD 3D 4D KC", {"players": 4, "moon_tricks": 6, "bag_limit": 2,
                                                     "break_spades": False}, "heuristic", [0, 60, 0, 0]),
    ("spades", PARTNER13, {"failed_nil_tricks": "contract", "bag_limit": 2}, "random", None),
    ("spades", PARTNER13, {"failed_nil_tricks": "contract", "break_spades": False}, "heuristic", None),
    ("spades", PARTNER13, {"failed_nil_tricks": "bags", "bag_penalty": "held", "bag_limit": 2,
                           "prize_jacks": "JD,JC"}, "random", None),
    ("spades", "4S 3H 5H 7H 9H 2D 6D 8D TD 3C 5C 7C 2C", {"failed_nil_tricks": "contract"}, "heuristic", None),
])
def test_shortcuts_equal_playing_each_bid_alone(game, cards, options, policy, scores):
    """Every bid played alone gives the same per-trial results as the full candidate list, where
    higher regular bids, moon, one-for-50, two-for-40 and the policy's bid may be read off other plays."""
    g = Game(game, **options)
    seats = g.seats
    hand = g.cards(cards)
    scores = scores or [0] * seats
    codes = _candidate_codes(g, len(hand), scores, 0, False)
    n = 400
    full = np.zeros((n, 3 * len(codes) + 1), dtype=np.int16)
    _core.spades_odds(g.rules, hand.mask, 0, seats - 1, scores, False, codes, 9, 0, full, [policy] * seats, 2)
    for c, code in enumerate(codes[:-1]):  # every bid: regular, moon, nil, one-for-50, two-for-40
        alone = np.zeros((n, 4), dtype=np.int16)
        _core.spades_odds(g.rules, hand.mask, 0, seats - 1, scores, False, [code], 9, 0, alone, [policy] * seats, 1)
        assert (full[:, 3 * c:3 * c + 3] == alone[:, 0:3]).all(), code
    # the policy's own bid (last row), played alone, and the bid it chose
    alone = np.zeros((n, 4), dtype=np.int16)
    _core.spades_odds(g.rules, hand.mask, 0, seats - 1, scores, False, [-1], 9, 0, alone, [policy] * seats, 2)
    assert (full[:, -4:] == alone).all()


# ------------------------------------------------------------------ determinism, scores, blind

@pytest.mark.parametrize("game, cards, context", [
    (GAME, HAND17, {}),
    ("spades", PARTNER13, {"scores": [100, 250]}),
    (GAME, None, {"blind": True, "scores": "0,200,50"}),
])
def test_same_seed_same_result_any_threads(game, cards, context):
    one = bid_odds(game, cards, trials=2000, seed=11, threads=1, **context).to_dict()
    two = bid_odds(game, cards, trials=2000, seed=11, threads=2, **context).to_dict()
    assert one == two
    assert bid_odds(game, cards, trials=2000, seed=12, threads=2, **context).to_dict() != one


def test_partnership_scores_are_per_team():
    odds = bid_odds("spades", PARTNER13, trials=500, seed=1, threads=2, scores=[120, 300], seat=1)
    assert odds.scores == [120, 300] and odds.dealer == 0
    names = [r["bid"] for r in odds.rows]
    assert names == ["nil"] + [str(b) for b in range(1, 14)] + ["policy"]  # no special bids in partnership


def test_blind_bids_before_seeing_cards():
    # blind 6 needs 50 behind the leader (official preset): seat 0 at 0 against 200
    odds = bid_odds(GAME, None, blind=True, scores=[0, 200, 50], trials=3000, seed=4, threads=2)
    assert odds.cards is None and odds.blind and odds.tricks_basis == "policy"
    assert [r["bid"] for r in odds.rows] == ["blind_nil", "blind6", "policy"]
    assert odds.p_nil == odds.row("blind_nil")["p_make"]
    assert 0 < odds.p_nil < 0.5 and 0 < odds.row("blind6")["p_make"] < 1
    assert odds.recommendation["bid"] in ("blind_nil", "blind6", "look")
    # level scores: no blind 6, only blind nil against looking
    level = bid_odds(GAME, "", blind=True, trials=500, seed=4, threads=2)
    assert [r["bid"] for r in level.rows] == ["blind_nil", "policy"]
    # each blind nil is +200 or -200 (prize jacks aside)
    assert abs(level.row("blind_nil")["expected_score"] - (400 * level.p_nil - 200)) <= 20


def test_precision_mode_stops_when_narrow_enough():
    odds = bid_odds(GAME, HAND17, precision=0.02, seed=1, threads=2)
    assert odds.trials % 10_000 == 0
    for r in odds.rows:
        assert (r["ci_high"] - r["ci_low"]) / 2 <= 0.02 + 1e-9


# ------------------------------------------------------------------ bad input

@pytest.mark.parametrize("game, cards, kwargs, fragment", [
    (GAME, HAND17.rsplit(" ", 1)[0], {}, "has 17 cards"),
    (GAME, JOKER11, {"rules": {"players": 5, "jokers": 2}, "dealer": 0}, "dealer (who sits out trick 1) has 10"),
    (GAME, HAND17, {"seat": 3}, "seat must be one of 0, 1, 2"),
    (GAME, HAND17, {"dealer": -1}, "dealer must be one of 0, 1, 2"),
    (GAME, HAND17, {"trials": 0}, "trials must be"),
    (GAME, HAND17, {"trials": MAX_TRIALS + 1}, "trials must be"),
    (GAME, HAND17, {"precision": 0.5}, "precision must be"),
    (GAME, HAND17, {"precision": 0}, "precision must be"),
    (GAME, HAND17, {"scores": [0, 0]}, "scores needs 3 values"),
    ("spades", PARTNER13, {"scores": [0, 0, 0, 0]}, "scores needs 2 values, one per team"),
    (GAME, HAND17, {"scores": "1,x,3"}, "scores must be"),
    (GAME, HAND17, {"blind": True}, "leave CARDS out"),
    (GAME, None, {}, "CARDS is required"),
    (GAME, None, {"blind": True, "rules": {"allow_blind_nil": False}}, "no blind bid is open"),
    (GAME, HAND17, {"policy": "clever"}, "clever"),
    ("cutthroat-pinochle", "AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D", {"scores": [0, 0, 0]},
     "take no scores"),
])
def test_bad_input_is_one_line(game, cards, kwargs, fragment):
    with pytest.raises(CardsimError) as info:
        bid_odds(game, cards, **{"trials": 10, **kwargs})
    assert fragment in str(info.value) and one_line(info.value)


def test_card_not_in_the_deck():
    with pytest.raises(CardError) as info:  # 2C is out of the 3-player deck
        bid_odds(GAME, HAND17.replace("3C", "2C"), trials=10)
    assert one_line(info.value)


# ------------------------------------------------------------------ command line

def test_cli_table_and_json():
    result = run("bid", GAME, HAND17, "--trials", "500", "--threads", "2")
    assert result.exit_code == 0, result.stderr
    assert "P(at least k)" in result.stdout and "recommendation: " in result.stdout
    result = run("bid", GAME, HAND17, "--trials", "500", "--threads", "1", "--json", "--seed", "3")
    assert json.loads(result.stdout) == bid_odds(GAME, HAND17, trials=500, seed=3, threads=2).to_dict()
    result = run("bid", "spades", "--blind", "--scores", "100,250", "--seat", "1", "--trials", "300", "--json")
    d = json.loads(result.stdout)
    assert d["blind"] and d["cards"] is None and d["scores"] == [100, 250]


@pytest.mark.parametrize("args, fragment", [
    (["bid", GAME, HAND17, "--scores", "1,2"], "scores needs 3 values"),
    (["bid", GAME, HAND17, "--seat", "5"], "seat must be"),
    (["bid", GAME, HAND17, "--trials", "0"], "--trials must be"),
    (["bid", GAME, "AS KS"], "has 17 cards"),
    (["bid", GAME], "give CARDS"),
    (["bid", GAME, HAND17, "--blind"], "leave CARDS out"),
    (["bid", "cutthroat-pinochle", "--blind"], "take no blind"),
])
def test_cli_bad_input_exit_2(args, fragment):
    assert fragment in fails(*args)


@pytest.mark.parametrize("game, options, seat", [(GAME, {}, 0), (GAME, {"players": 5, "jokers": 2}, 2),
                                                   ("spades", {}, 1)])
def test_blind_policy_row_agrees_with_plain_simulation(game, options, seat):
    """Blind, the player's cards are dealt at random and the "policy" row lets the heuristic bid:
    that is a plain hand seen from ``seat`` with the dealer on its right.  Its P(make), mean
    score and mean tricks match Game.simulate's hands with that dealer, within sampling error."""
    g = Game(game, **options)
    seats = g.seats
    odds = bid_odds(g, None, blind=True, seat=seat, trials=20000, seed=21, threads=2)
    row = odds.row("policy")
    rec = g.simulate(60000, seed=22, threads=2)
    sel = rec.array[rec.array["dealer"] == (seat - 1) % seats]
    score = sel["score"][:, seat].astype(float)
    tricks = sel["tricks"][:, seat].astype(float)
    # made as the bid means it (the records' made is "scored positive": one-for-50 with 3 tricks)
    kind = sel["kind"][:, seat]
    made = np.where(kind == 4, tricks == 1, np.where(kind == 5, tricks == 2, sel["made"][:, seat])).astype(float)
    n1, n2 = odds.trials, len(sel)
    for got, plain in ((row["p_make"], made), (row["expected_score"], score), (row["expected_tricks"], tricks)):
        se = plain.std() * np.sqrt(1 / n1 + 1 / n2)
        assert abs(got - plain.mean()) < 4.5 * se + 1e-9, (got, plain.mean(), se)
