"""Bid odds conditioned on what the player knows (issue 12): known cards, voids, the auction so
far, ready-made constraints and accept functions (cardsim.odds_conditions, _odds_conditions.pyx).

The deals are checked against exact counting; the auction's conditioning against plain rejection
done here in Python with the step API (deal uniformly, run the auction with the same players,
keep the deals whose auction went as given, read the same trials' results)."""
from __future__ import annotations

import json
import math
from functools import lru_cache

import numpy as np
import pytest
from click.testing import CliRunner

from cardsim import Game, _core, bid_odds
from cardsim.cli import main
from cardsim.errors import CardsimError
from cardsim.odds_conditions import build_conditions

EUCHRE_RANKS = "9TJQKA"


def _bit(game, code):
    return game.deck.parse_code(code)


def _candidates(game, hand, seat, dealer, n, seed=7, upcard_bit=-1, scores=None, **conditions):
    """(deals, passed) of the first attempt of trials 0..n-1 under ``conditions``."""
    policies = ["heuristic"] * game.seats
    cond = build_conditions(game, hand, seat, dealer, policies, upcard_bit=None if upcard_bit < 0 else upcard_bit,
                            scores=scores, **conditions)
    deals = np.zeros((n, len(cond.places)), dtype=np.uint64)
    passed = np.zeros(n, dtype=np.uint8)
    extra = {"upcard": upcard_bit} if upcard_bit >= 0 else {}
    if scores is not None:
        extra["scores"] = scores
    _core.odds_candidates(game.name, game.rules, cond.core, hand.mask, seat, dealer, seed, 0, deals, passed,
                          policies, 2, **extra)
    return cond, deals, passed.astype(bool)


def _plain_results(game, hand, seat, dealer, n, width, seed=11, upcard_bit=-1, scores=None, codes=None):
    """Unconditioned trials 0..n-1 through the conditioned path (no constraint: every deal kept),
    with the deal each played: for rejection done in Python."""
    cond, deals, passed = _candidates(game, hand, seat, dealer, n, seed, upcard_bit, scores, constraints=[])
    assert passed.all()
    out = np.zeros((n, width), dtype=np.int16)
    tries = np.zeros(n, dtype=np.int64)
    extra = {"upcard": upcard_bit} if upcard_bit >= 0 else {}
    if scores is not None:
        extra.update(scores=scores, codes=codes)
    _core.odds_conditioned(game.name, game.rules, cond.core, hand.mask, seat, dealer, seed,
                           np.arange(n, dtype=np.int64), out, tries, ["heuristic"] * game.seats, 2, **extra)
    assert (tries == 1).all()
    return deals, out


def _close(p1, n1, p2, n2, k=4.0):
    se = math.sqrt(max(p1 * (1 - p1), 1e-4) / n1 + max(p2 * (1 - p2), 1e-4) / n2)
    return abs(p1 - p2) <= k * se, se


# -- known cards and voids: exact -----------------------------------------------------------

def test_both_bowers_known_never_go_elsewhere():
    game = Game("euchre")
    hand = game.cards("AH KH QH AS KS")
    up = _bit(game, "9H")
    cond, deals, passed = _candidates(game, hand, 0, 3, 5000, upcard_bit=up, known={1: "JH JD"})
    bowers = (1 << _bit(game, "JH")) | (1 << _bit(game, "JD"))
    assert passed.all()
    assert ((deals[:, 1] & bowers) == bowers).all()
    for p in (0, 2, 3, 4):
        assert not (deals[:, p] & bowers).any()
    # every deal is a partition of the 23 cards other than the upcard, 5 a seat and 3 hidden in the kitty
    total = np.bitwise_or.reduce(deals, axis=1)
    assert (total == np.uint64(game.deck.full_mask & ~(1 << up))).all()
    assert [int(x) for x in np.bitwise_count(deals[0])] == [5, 5, 5, 5, 3]
    odds = bid_odds("euchre", "AH KH QH AS KS", upcard="9H", seat=0, dealer=3, trials=2000, seed=1, threads=2,
                    known={1: "JH JD"})
    plain = bid_odds("euchre", "AH KH QH AS KS", upcard="9H", seat=0, dealer=3, trials=2000, seed=1, threads=2)
    # an opponent with both bowers: ordering hearts up is euchred far more often
    assert odds.row(1, "order up")["p_euchre"] > plain.row(1, "order up")["p_euchre"] + 0.1
    assert odds.conditions["known"] == {"seat 1": "JH JD"}


def _count(groups, caps):
    """Ways to deal labelled cards: ``groups`` [(n cards, allowed places)], ``caps`` rooms."""
    @lru_cache(maxsize=None)
    def ways(g, rooms):
        if g == len(groups):
            return 1 if not any(rooms) else 0
        n, allowed = groups[g]
        total = 0

        def split(i, left, rooms_now, mult):
            nonlocal total
            if i == len(allowed):
                if left == 0:
                    total += mult * ways(g + 1, rooms_now)
                return
            p = allowed[i]
            for k in range(0, min(left, rooms_now[p]) + 1):
                r = list(rooms_now)
                r[p] -= k
                split(i + 1, left - k, tuple(r), mult * math.comb(left, k))
        split(0, n, rooms, 1)
        return total
    return ways(0, tuple(caps))


def test_void_probabilities_match_exact_counting():
    """Seat 2 void in hearts with diamonds as trump (the upcard 9D): the left bower JH is a
    diamond, so seat 2 may hold it; seat 3 is known to hold AD.  Each card's chance of each
    place against exact counting (labelled deals), within 4 standard errors."""
    game = Game("euchre")
    hand = game.cards("9S TS QS KS AS")
    up = _bit(game, "9D")
    n = 30000
    cond, deals, passed = _candidates(game, hand, 0, 3, n, upcard_bit=up, known={3: "AD"}, voids={2: "H"})
    assert passed.all()
    hidden = [c for c in (r + s for s in "SHDC" for r in EUCHRE_RANKS) if c not in str(hand).split()
              and c not in ("9D", "AD")]
    barred = {"9H", "TH", "QH", "KH", "AH"}           # hearts but the left bower
    assert "JH" not in barred and len(hidden) == 17
    places = [1, 2, 3, 4]
    caps = (5, 5, 4, 3)

    def groups(without=None):
        b = len(barred - {without})
        o = len([c for c in hidden if c not in barred and c != without])
        return ((b, (0, 2, 3)), (o, (0, 1, 2, 3)))
    total = _count(groups(), caps)
    heart_in_2 = 0
    for card in hidden:
        bit = np.uint64(1 << _bit(game, card))
        for i, p in enumerate(places):
            if card in barred and p == 2:
                exact = 0.0
            else:
                rooms = list(caps)
                rooms[i] -= 1
                exact = _count(groups(card), tuple(rooms)) / total
            seen = float(((deals[:, p] & bit) != 0).mean())
            se = math.sqrt(exact * (1 - exact) / n) + 1e-12
            assert abs(seen - exact) <= 4 * se, (card, p, seen, exact)
            if card in barred and p == 2:
                heart_in_2 += int(((deals[:, p] & bit) != 0).sum())
    assert heart_in_2 == 0
    assert (deals[:, 3] & np.uint64(1 << _bit(game, "AD")) != 0).all()


def test_pinochle_copies_and_widow():
    """A known card of which the hand holds one copy takes the other; the widow is a place."""
    game = Game("cutthroat-pinochle")
    hand = game.cards("AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D")
    cond, deals, passed = _candidates(game, hand, 0, 2, 3000, known={1: "AH KD KD", "widow": "TC"},
                                      voids={2: "H"})
    ah = _bit(game, "AH")
    assert ((deals[:, 1] >> np.uint64(ah + 1)) & np.uint64(1)).all()        # the AH the hand does not hold
    kd = 3 << _bit(game, "KD")
    assert ((deals[:, 1] & np.uint64(kd)) == np.uint64(kd)).all()
    hearts = np.uint64(0xFFFF << 16)
    assert not (deals[:, 2] & hearts).any()
    assert (np.bitwise_count(deals[:, 3]) == 3).all()
    tc = np.uint64(3 << _bit(game, "TC"))
    assert ((deals[:, 3] & tc) != 0).all()


# -- the auction: agreement with plain rejection in Python ----------------------------------

def _pinochle_would_bid(game, deal, seat, need):
    """Would the heuristic at ``seat`` bid ``need``?  Through the step API: seat is the dealer,
    the seat on its left bids need - 1, the next passes, and the heuristic acts."""
    hands = [game.cards(int(deal[s])) for s in range(3)]
    h = game.deal(seed=0, dealer=seat, cards={"hands": [str(x) for x in hands], "widow": str(game.cards(int(deal[3])))})
    h.bid(need - 1)
    h.pass_()
    assert h.to_act == seat
    h.step("heuristic")
    return h.bid_amount == need


def _pinochle_passes_after(game, deal, dealer, bidder, amount, seat):
    hands = [game.cards(int(deal[s])) for s in range(3)]
    h = game.deal(seed=0, dealer=dealer, cards={"hands": [str(x) for x in hands],
                                                "widow": str(game.cards(int(deal[3])))})
    assert h.to_act == bidder
    h.bid(amount)
    assert h.to_act == seat
    h.step("heuristic")
    return h.bid_amount == amount


def test_pinochle_auction_agrees_with_rejection():
    """The issue's case: the player deals (dealer_may_bid), the left opponent bid 21 (a jump
    over 16) and the right one passed."""
    game = Game("cutthroat-pinochle", dealer_may_bid=True)
    cards = "AS TS KS QS 9S AH TH KH QD JD 9D AC KC QC JC"
    hand = game.cards(cards)
    n = 2000
    deals, results = _plain_results(game, hand, 0, 0, n, 13)
    keep = np.array([_pinochle_would_bid(game, d, 1, 21) and _pinochle_passes_after(game, d, 0, 1, 21, 2)
                     for d in deals])
    assert 0.05 < keep.mean() < 0.9
    odds = bid_odds(game, cards, dealer=0, auction="21 pass", trials=5000, seed=3, threads=2)
    assert abs(odds.conditions["acceptance"] - keep.mean()) < 0.03
    plain = bid_odds(game, cards, dealer=0, trials=300, seed=3, threads=2)
    best = results[np.arange(n), 3 * results[:, 12] + 2]     # counted total with the suit the heuristic names
    checked = 0
    for bid in (22, 24, 26):
        p_rej = float((best[keep] >= bid).mean())
        p_cond = odds.row("best", bid)["p_make"]
        ok, se = _close(p_rej, int(keep.sum()), p_cond, odds.trials)
        assert ok, (bid, p_rej, p_cond, se)
        checked += 0.05 < p_cond < 0.95
    assert checked
    assert odds.rows[0]["bid"] == 22  # the player can bid 22 at the lowest now
    assert plain.rows[0]["bid"] == 16
    # deal by deal, the core keeps exactly the deals the step API's auction keeps
    _cond, same_deals, core_keep = _candidates(game, hand, 0, 0, n, 11, auction="21 pass")
    assert (same_deals == deals).all()
    assert (core_keep == keep).all()


def test_euchre_auction_agrees_with_rejection():
    """The issue's case: the dealer holds 9H TH AC KC 9S with JH turned; every other seat passed."""
    game = Game("euchre")
    hand = game.cards("9H TH AC KC 9S")
    up = _bit(game, "JH")
    n = 3000
    deals, results = _plain_results(game, hand, 0, 0, n, _core.EUCHRE_ODDS_COLUMNS, upcard_bit=up)
    keep = []
    for d in deals:
        kitty = game.cards(int(d[4]) | (1 << up))
        h = game.deal(seed=0, dealer=0, cards={"hands": [str(game.cards(int(d[s]))) for s in range(4)],
                                               "upcard": "JH"})
        assert h.hands[1] == game.cards(int(d[1])) and len(kitty) == 4
        ok = True
        for _ in range(3):
            h.step("heuristic")
            ok &= h.maker is None
        keep.append(ok)
    keep = np.array(keep)
    odds = bid_odds(game, "9H TH AC KC 9S", upcard="JH", seat=0, dealer=0, auction="pass pass pass", trials=8000,
                    seed=5, threads=2)
    slot = 2  # take up alone
    march_rej = float((results[keep, 3 * slot + 2] == 2).mean())
    row = odds.row(1, "take up alone")
    ok, se = _close(march_rej, int(keep.sum()), row["p_march"], odds.trials)
    assert ok, (march_rej, row["p_march"], se)
    # the issue measured 43% unconditioned, 33% conditioned with the hand-set players; with the
    # learned euchre table (issue 11) 43.6% and 38.5% (seed 5, 8,000 trials): the passes still
    # tell of cards against the lone hand
    plain = bid_odds(game, "9H TH AC KC 9S", upcard="JH", seat=0, dealer=0, trials=8000, seed=5, threads=2)
    assert row["p_march"] < plain.row(1, "take up alone")["p_march"] - 0.03
    _cond, same_deals, core_keep = _candidates(game, hand, 0, 0, n, 11, upcard_bit=up, auction="pass pass pass")
    assert (same_deals == deals).all() and (core_keep == keep).all()


def test_spades_auction_agrees_with_rejection():
    # "2 2": a common opening of the heuristic players (about 16% of these deals; "2 1" became
    # rare when issue 11's learned nil took most of the 1 bids)
    game = Game("spades")
    cards = "AS KS 5S 2S AH KH 7H 3H AD 8D 4D 9C 6C"
    hand = game.cards(cards)
    from cardsim.spades.bid_odds import _candidate_codes
    codes = _candidate_codes(game, 13, [0, 0, 0, 0], 2, False)
    n = 2500
    deals, results = _plain_results(game, hand, 2, 3, n, 3 * len(codes) + 1, scores=[0, 0, 0, 0], codes=codes)
    keep = []
    for d in deals:
        h = game.deal(seed=0, dealer=3, cards={"hands": [str(game.cards(int(d[s]))) for s in range(4)]})
        h.step("heuristic")
        h.step("heuristic")
        keep.append(h.bids[:2] == ["2", "2"])
    keep = np.array(keep)
    assert 0.05 < keep.mean() < 0.5
    odds = bid_odds(game, cards, seat=2, dealer=3, auction="2 2", trials=3000, seed=9, threads=2)
    checked = 0
    for bid in (6, 7, 8):
        c = codes.index(bid)
        p_rej = float(results[keep, 3 * c + 2].mean())
        p_cond = odds.row(bid)["p_make"]
        ok, se = _close(p_rej, int(keep.sum()), p_cond, odds.trials)
        assert ok, (bid, p_rej, p_cond, se)
        checked += 0.05 < p_cond < 0.95
    assert checked
    _cond, same_deals, core_keep = _candidates(game, hand, 2, 3, n, 11, scores=[0, 0, 0, 0], auction="2 2")
    assert (same_deals == deals).all() and (core_keep == keep).all()
    slack = bid_odds(game, cards, seat=2, dealer=3, auction="2 2", auction_slack=1, trials=500, seed=9, threads=2)
    assert slack.conditions["acceptance"] > odds.conditions["acceptance"] + 0.1


# -- constraints and accept -------------------------------------------------------------------

def test_constraints_hold_on_every_kept_deal():
    game = Game("cutthroat-pinochle")
    hand = game.cards("AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D")
    cond, deals, passed = _candidates(game, hand, 0, 2, 4000, constraints=["1:D>=5", "2:A<=1", "2:C=2-4",
                                                                           "1:meld>=10"])
    assert 0 < passed.mean() < 1
    kept = deals[passed]
    diamonds, clubs = np.uint64(0xFFFF << 32), np.uint64(0xFFFF << 48)
    aces = np.uint64(sum(3 << (16 * s + 10) for s in range(4)))
    assert (np.bitwise_count(kept[:, 1] & diamonds) >= 5).all()
    assert (np.bitwise_count(kept[:, 2] & aces) <= 1).all()
    c = np.bitwise_count(kept[:, 2] & clubs)
    assert ((c >= 2) & (c <= 4)).all()
    melds = np.zeros(len(kept), dtype=np.int32)
    for t in range(4):
        out = np.zeros(len(kept), dtype=np.int32)
        _core.pinochle_meld_many(np.ascontiguousarray(kept[:, 1]), np.full(len(kept), t, dtype=np.int8),
                                 game.rules, out)
        melds = np.maximum(melds, out)
    assert (melds >= 10).all()
    rejected = deals[~passed]
    r = np.bitwise_count(rejected[:, 1] & diamonds) >= 5
    assert (~r).any()


def test_accept_function():
    cards = "AS KS 5S 2S AH KH 7H 3H AD 8D 4D 9C 6C"
    seen = []

    def everything(deals):
        seen.append(deals)
        return np.ones(len(deals[0]), dtype=bool)
    base = bid_odds("spades", cards, seat=2, dealer=3, trials=1500, seed=4, threads=2, known={1: "QS"})
    again = bid_odds("spades", cards, seat=2, dealer=3, trials=1500, seed=4, threads=2, known={1: "QS"},
                     accept=everything)
    assert again.rows == base.rows  # accepting every candidate plays the very same deals
    assert sorted(seen[0]) == [0, 1, 2, 3] and seen[0][2].dtype == np.uint64
    assert (seen[0][1] & np.uint64(1 << _bit(Game("spades"), "QS")) != 0).all()

    spades_lane = np.uint64(0xFFFF)

    def long_spades(deals):
        return np.bitwise_count(deals[1] & spades_lane) >= 4
    by_fn = bid_odds("spades", cards, seat=2, dealer=3, trials=3000, seed=4, threads=2, accept=long_spades)
    by_core = bid_odds("spades", cards, seat=2, dealer=3, trials=3000, seed=5, threads=2, constraints=["1:S>=4"])
    for bid in (3, 4, 5):
        ok, se = _close(by_fn.row(bid)["p_make"], 3000, by_core.row(bid)["p_make"], 3000)
        assert ok, (bid, by_fn.row(bid)["p_make"], by_core.row(bid)["p_make"])
    assert 0 < by_fn.conditions["acceptance"] < 1
    with pytest.raises(CardsimError, match="boolean array"):
        bid_odds("spades", cards, seat=2, dealer=3, trials=100, accept=lambda d: 1)


# -- output, determinism, bad input ------------------------------------------------------------

def test_header_and_json_record_the_conditions():
    runner = CliRunner()
    args = ["bid", "cutthroat-pinochle", "AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D", "--set",
            "dealer_may_bid=true", "--dealer", "0", "--auction", "21 pass", "--known", "1:KD", "--void", "2:H",
            "--trials", "2000", "--seed", "3"]
    text = runner.invoke(main, args + ["--threads", "2"])
    assert text.exit_code == 0, text.output
    assert "conditioned on: seat 1 holds KD; seat 2 void in H; auction '21 pass'" in text.output
    one = runner.invoke(main, args + ["--json", "--threads", "1"])
    two = runner.invoke(main, args + ["--json", "--threads", "2"])
    assert one.exit_code == 0 and one.output == two.output
    record = json.loads(one.output)["conditions"]
    assert record["known"] == {"seat 1": "KD"} and record["voids"] == {"seat 2": "H"}
    assert record["auction"] == "21 pass" and record["trials"] == 2000
    assert 0 < record["acceptance"] < 1 and record["effective_sample_size"] == 2000
    plain = json.loads(runner.invoke(main, args[:7] + ["--trials", "200", "--json"]).output)
    assert "conditions" not in plain


def test_determinism_every_game():
    cases = [
        ("partnership-pinochle", "AS AS TS KS QS JS 9S AH AD AC KH QH",
         dict(seat=3, dealer=0, auction="16 17", known={2: "AH"}, voids={2: "S"})),
        ("two-hand-pinochle", "AS AS TS KS QS JS 9S AH AD AC KH QH", dict(upcard="TC", known={"stock": "AC"},
                                                                          voids={1: "D"})),
        ("cutthroat-euchre", "JH JD AH KH QH", dict(upcard="9H", seat=2, dealer=0, auction="pass",
                                                    known={"dummy": "AS"}, voids={1: "C"})),
        ("cutthroat-spades", "AS KS QS 5S 2S AH KH 7H 3H AD 8D 4D 9C 6C 5C 4C 3C",
         dict(seat=2, dealer=0, known={1: "2D"}, voids={1: "H"}, auction="3", auction_slack=2)),
    ]
    for name, cards, context in cases:
        a = bid_odds(name, cards, trials=600, seed=2, threads=1, **context).to_dict()
        b = bid_odds(name, cards, trials=600, seed=2, threads=2, **context).to_dict()
        assert a == b, name
        assert a["conditions"]["trials"] == 600


@pytest.mark.parametrize("args, message", [
    (["--known", "1:AS"], "known card AS at seat 1 is in the player's hand"),
    (["--known", "1:KD", "--known", "2:KD KD"], "known card KD at seat 2 is also known at seat 1"),
    (["--known", "1:9C 9C JC JC QC QC KC KC TC TC AC 9H 9H JH JH TH"], "16 cards at seat 1, but seat 1 holds 15"),
    (["--known", "2:KH", "--void", "2:H"], "seat 2 is void in H but is known to hold KH"),
    (["--known", "0:KD"], "seat 0 is the player's own seat"),
    (["--known", "kitty:KD"], "cutthroat-pinochle has no kitty"),
    (["--auction", "15 pass"], "the lowest bid there is 16"),
    (["--auction", "21 20"], "the lowest bid there is 22"),
    (["--auction", "21"], "does not end at seat 0's turn: seat 2 is to act"),
    (["--auction", "pass pass pass"], "everybody passed before seat 0's turn"),
    (["--auction", "21 pass", "--auction-slack", "1"], "auction_slack is for the spades games"),
    (["--void", "1:X"], "is not a list of suits"),
    (["--require", "1:Z>=2"], "neither a suit"),
    (["--void", "1:SHDC"], "no deal fits the known cards and voids"),
    (["--auction", "60 pass", "--min-acceptance", "0.01"], "keeps too few deals"),
])
def test_bad_input_one_line_exit_2(args, message):
    base = ["bid", "cutthroat-pinochle", "AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D", "--set",
            "dealer_may_bid=true", "--dealer", "0", "--trials", "200", "--threads", "2"]
    result = CliRunner().invoke(main, base + args)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and message in lines[0], result.output


@pytest.mark.parametrize("game, cards, context, message", [
    ("euchre", "9H TH AC KC 9S", dict(upcard="JH", dealer=0, auction="pass order"), "ends the bidding"),
    ("euchre", "9H TH AC KC 9S", dict(upcard="JH", dealer=0, auction="pass pass"), "does not end at seat 0's turn"),
    ("euchre", "9H TH AC KC 9S", dict(upcard="JH", dealer=0, known={1: "JH"}), "is the turned-up card"),
    ("spades", "AS KS 5S 2S AH KH 7H 3H AD 8D 4D 9C 6C", dict(seat=2, dealer=3, auction="2 14"), "1 to 13 tricks"),
    ("spades", "AS KS 5S 2S AH KH 7H 3H AD 8D 4D 9C 6C", dict(seat=2, dealer=3, auction="2"), "2 seats bid before"),
    ("two-hand-pinochle", "AS AS TS KS QS JS 9S AH AD AC KH QH", dict(upcard="TC", auction="pass"), "no auction"),
])
def test_bad_input_other_games(game, cards, context, message):
    with pytest.raises(CardsimError, match=message):
        bid_odds(game, cards, trials=100, threads=1, **context)


def test_partnership_auction_verdicts_match_the_step_api():
    """Seat 3 to bid, dealer 0, min_bid 25 (so that the calls filter: the heuristic's learned
    ceilings pass 16 and 17 with nearly every hand): the partner (seat 1) opened 25, the left
    opponent raised to 26.  Deal by deal the core keeps exactly the deals where the heuristic,
    stepped through the Python API, makes those calls (its ceiling and support margin included)."""
    game = Game("partnership-pinochle", min_bid=25)
    cards = "AS AS TS KS QS JS 9S AH AD AC KH QH"
    hand = game.cards(cards)
    n = 800
    _cond, deals, passed = _candidates(game, hand, 3, 0, n, 13, auction="25 26")
    keep = []
    for d in deals:
        h = game.deal(seed=0, dealer=0, cards={"hands": [str(game.cards(int(d[s]))) for s in range(4)]})
        h.step("heuristic")
        ok = h.bid_amount == 25
        if ok:
            h.step("heuristic")
            ok = h.bid_amount == 26
        keep.append(ok)
    keep = np.array(keep)
    assert 0.3 < keep.mean() < 1.0
    assert (passed == keep).all()


def _plain_core(game, hand, seat, dealer, n, width, upcard_bit=-1, scores=None, codes=None, seed=21):
    out = np.zeros((n, width), dtype=np.int16)
    pol = ["heuristic"] * game.seats
    if game.name == "cutthroat-pinochle":
        _core.cutthroat_pinochle_odds(game.rules, hand.mask, seat, dealer, seed, 0, out, pol, 2)
    elif game.name == "partnership-pinochle":
        _core.partnership_pinochle_odds(game.rules, hand.mask, seat, dealer, seed, 0, out, pol, 2)
    elif game.name == "two-hand-pinochle":
        _core.two_hand_pinochle_odds(game.rules, hand.mask, upcard_bit, seat, dealer, seed, 0, out, pol, 2)
    elif "euchre" in game.name:
        _core.euchre_odds(game.rules, game.seats, hand.mask, upcard_bit, seat, dealer, seed, 0, out, pol, 2)
    else:
        _core.spades_odds(game.rules, hand.mask, seat, dealer, scores, False, codes, seed, 0, out, pol, 2)
    return out


@pytest.mark.parametrize("name, rules, cards, seat, dealer, upcard", [
    ("cutthroat-pinochle", {}, "AS TS KS QS 9S AH TH KH QD JD 9D AC KC QC JC", 1, 0, None),
    ("cutthroat-pinochle", {"widow": False}, "AS TS KS QS 9S AH TH KH QD JD 9D AC KC QC JC 9H", 0, 2, None),
    ("partnership-pinochle", {}, "AS TS KS QS 9S AH TH KH QD JD 9D AC", 2, 1, None),
    ("two-hand-pinochle", {}, "AS TS KS QS 9S AH TH KH QD JD 9D AC", 1, 1, "TC"),
    ("euchre", {}, "9H TH AC KC 9S", 2, 1, "JH"),
    ("cutthroat-euchre", {}, "JS AS KD AC 9H", 1, 2, "TS"),
    ("spades", {}, "AS KS 5S 2S AH KH 7H 3H AD 8D 4D 9C 6C", 1, 2, None),
    ("cutthroat-spades", {}, "AS KS QS 5S 2S AH KH 7H 3H AD 8D 4D 9C 6C 5C 4C 3C", 2, 0, None),
])
def test_unconstrained_conditioned_path_deals_the_plain_law(name, rules, cards, seat, dealer, upcard):
    """With nothing to condition on, the conditioned path (constrained dealer, every place set up
    by the new code) gives every column the plain trials' mean, within sampling error."""
    game = Game(name, **rules)
    hand = game.cards(cards)
    up = -1 if upcard is None else (_bit(game, upcard) if name != "two-hand-pinochle"
                                    else _bit(game, upcard) + (1 if (hand.mask >> _bit(game, upcard)) & 1 else 0))
    scores = codes = None
    width = {"cutthroat-pinochle": 13, "partnership-pinochle": 13, "two-hand-pinochle": 4}.get(name, 30)
    if "spades" in name:
        from cardsim.spades.bid_odds import _candidate_codes
        seats, size, _d, sits_out, _ = _core.spades_table(game.rules)
        scores = [0] * seats
        codes = _candidate_codes(game, len(hand), scores, seat, False)
        width = 3 * len(codes) + 1
    n = 3000
    _deals, cond = _plain_results(game, hand, seat, dealer, n, width, upcard_bit=up, scores=scores, codes=codes)
    plain = _plain_core(game, hand, seat, dealer, n, width, upcard_bit=up, scores=scores, codes=codes)
    a, b = cond.astype(np.float64), plain.astype(np.float64)
    se = np.sqrt(a.var(axis=0) / n + b.var(axis=0) / n) + 1e-9
    z = np.abs(a.mean(axis=0) - b.mean(axis=0)) / se
    assert z.max() < 4.5, (name, int(z.argmax()), float(z.max()))
