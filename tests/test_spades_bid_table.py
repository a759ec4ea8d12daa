"""The spades heuristic's learned bid table (issue 11): scripts/spades_bid_table.py learns it
from the simulator's bid odds, deterministically; the package ships it; the heuristic bids by it.
"""
from __future__ import annotations

import importlib.resources
import json
import pathlib

import numpy as np
import pytest

from cardsim import Game, _core
from repo_files import load

SMALL = pathlib.Path(__file__).with_name("cases") / "spades_bids_small.json"


def script():
    return load("scripts/spades_bid_table.py", "spades_bid_table")


def test_regenerating_a_small_table_gives_the_same_bytes():
    """40 hands of 200 deals per game: the bytes pinned in tests/cases/spades_bids_small.json
    (written by ``script().build(40, 200, 2035)``), weights, cuts, nil weights, moon and blind
    margins included."""
    before = _core.spades_bid_tables(), _core.spades_bid_params()
    data = script().build(40, 200, 2035)
    assert data == SMALL.read_bytes()
    assert (_core.spades_bid_tables(), _core.spades_bid_params()) == before   # the shipped tables are loaded back


def test_the_package_ships_the_table_and_loads_it():
    shipped = json.loads(importlib.resources.files("cardsim").joinpath("data/spades_bids.json").read_text())
    loaded = _core.spades_bid_tables()
    assert loaded[0] == shipped["spades"]["cuts"] and loaded[1] == shipped["cutthroat-spades"]["cuts"]
    for cuts in loaded.values():
        assert cuts == sorted(cuts) and len(cuts) >= 8
    assert shipped["spades"]["hands"] >= 1000


def table_bid(cuts: list[int], est: int) -> int:
    return 1 + sum(1 for c in cuts if c <= est)


@pytest.mark.parametrize("name, shape", [("spades", 0), ("cutthroat-spades", 1)])
def test_the_heuristic_bids_by_the_table(name, shape):
    """Seat 0 bidding first in a new game: its regular bid is the table's bid for its count
    (at most the cards held); special bids (nil, one-for-50, two-for-40, moon) aside."""
    game = Game(name)
    cuts = _core.spades_bid_tables()[shape]
    weights = _core.spades_bid_params()[shape]["weights"]
    count_suit = _core.spades_bid_params()[shape]["count_suit"] or [0] * 34
    count_spade = _core.spades_bid_params()[shape]["count_spade"] or [0] * 80
    checked = differs = 0
    for seed in range(300):
        seats = len(game.deal(seed=seed).hands)
        hand = game.deal(seed=seed, dealer=seats - 1)
        cards = hand.hands[0]
        features = _core.spades_features(game.rules, cards.mask)
        est = _core.spades_count(game.rules, cards.mask)
        total = (sum(w * f for w, f in zip(weights, features))
                 + sum(w * h for w, h in zip(count_suit, _core.spades_nil_suit_terms(cards.mask)))
                 + count_spade[8 * min(features[1], 9) + features[3] + 2 * features[4] + 4 * features[5]])
        assert est == (total // 1000 if total >= 0 else -(-total // 1000))   # C's division
        n = len(hand.history)
        hand.step("heuristic")
        name_bid = hand.action_to_string(hand.history[n])
        if not name_bid.isdigit():
            continue
        want = min(max(table_bid(cuts, est), 1), len(cards))
        assert int(name_bid) == want, (seed, str(cards), est, name_bid, want)
        checked += 1
        differs += want != max(1, (features[16] + 50) // 100)
    assert checked > 150 and differs > 20   # the table is not the rounded hand-set count


@pytest.mark.parametrize("cards, nil_features", [
    # honours over low cards, cards beyond three under an honour, suits with no low card,
    # spades 8 and above, A-K suits, spades beyond five, cards beyond five with the ace
    ("KS QS 9S KH QH 6H 5H 4H KD 6D 5D 4D 2D", [0, 4, 0, 3, 0, 0, 0]),
    ("AS KS QS JS TS 9S 2S AH KH QH JH AD KD", [6, 1, 2, 6, 2, 2, 0]),
    ("2S AH KH 9H 8H 7H 3H 2H 3D 4D 5D 6C 7C", [0, 4, 0, 0, 1, 0, 2]),
])
def test_the_nil_features_by_hand(cards, nil_features):
    game = Game("spades")
    features = _core.spades_features(game.rules, game.cards(cards).mask)
    assert len(features) == 56 and features[17:24] == nil_features
    assert features[16] == _core.spades_estimate(game.rules, game.cards(cards).mask)


def test_the_side_suits_nil_terms():
    """Per side suit: its length as one of ten, its A K Q J by the suit's length (0-2, 3-4, 5-6,
    7+), its cards 6 and below and 7 .. 10 by the same lengths; summed over the side suits."""
    game = Game("cutthroat-spades")
    terms = _core.spades_nil_suit_terms(game.cards("AS 2S AH KH 9H 8H 7H 3H 2H 3D KC").mask)
    want = [0] * 34
    want[1], want[7] = 2, 1                     # two side suits of one card (3D, KC), one of seven (hearts)
    want[10 + 3], want[14 + 3] = 1, 1           # the A and K of hearts (A: 10 .., K: 14 ..), a suit of seven (+3)
    want[14 + 0] = 1                            # the K of clubs, a suit of one (+0)
    want[26 + 3], want[30 + 3] = 2, 3           # hearts' 3 2 and 9 8 7
    want[26 + 0] = 1                            # the 3 of diamonds
    assert terms == want


@pytest.mark.parametrize("cards, exposure", [
    ("AH", [12, 0]),                  # a bare A: the others duck under it at the first lead
    ("JH TH 9H 2H", [4, 0]),          # after the 2, six hearts under the 9 less the first round's three
    ("TH 9H 3H 2H", [1, 0]),          # the 3 and 2 cover the first two rounds, the 9 exposes 1 in the third
    ("KS JS 5S 2S", [0, 3]),          # the spades alike: the J in the third round (nine under it less six)
    ("JH TH 9H 2H TD 7D 6D 5D 4D 3D", [4 + 1, 0]),   # the side suits summed: the diamonds' 3 over the 2
    ("", [0, 0]),
])
def test_the_nil_exposure_by_hand(cards, exposure):
    """spades_nil_exposure: per suit the most of the others' cards left under the nil's j-th lowest
    card in round j (c_j - 3j, ranks from 0 = the 2), over the rounds the others can still follow
    ((14 - n) / 2), the side suits summed, then the spades' (spades/players.pxd sp_suit_exposure)."""
    game = Game("cutthroat-spades")
    assert _core.spades_nil_exposure(game.cards(cards).mask if cards else 0) == exposure


@pytest.mark.parametrize("cards, term", [
    ("AS KS QS 9H 8H", 8 * 3 + 1 + 2 + 4),       # three spades, the A, K and Q
    ("KS 5S 4S 3S 2S AH", 8 * 5 + 2),            # five spades under the K (the side A not read)
    ("QS 2S", 8 * 2 + 4),
    ("AS QS JS TS 9S 8S 7S 6S 5S 4S", 8 * 9 + 1 + 4),   # nine spades or more share a length
    ("JS TS 9S", 8 * 3),                          # no A, K or Q
    ("AH KH QH", 0),                              # no spade
])
def test_the_spade_holding_terms_by_hand(cards, term):
    """count_spade: one weight per spade holding (spades/players.pxd sp_spade_holding: 8 x the spades
    held, 9 for more, plus 1, 2, 4 for the A, K, Q): weights 1000 (term + 1) move the count by
    term + 1 tricks' hundredths exactly; the script's spade_terms reads the same term off the
    features."""
    game = Game("cutthroat-spades")
    mask = game.cards(cards).mask
    params = _core.spades_bid_params()[1]
    before = _core.spades_count(game.rules, mask)
    try:
        with_table(1, count_spade=[0] * 80)
        plain = _core.spades_count(game.rules, mask)
        with_table(1, count_spade=[1000 * (k + 1) for k in range(80)])
        assert _core.spades_count(game.rules, mask) == plain + term + 1
    finally:
        _core._load_spades_bid_tables()
    assert _core.spades_count(game.rules, mask) == before and params["count_spade"] is not None
    f = list(_core.spades_features(game.rules, mask))
    assert script().spade_terms({"f": f}) == [int(k == term) for k in range(80)]


@pytest.mark.parametrize("name, shape", [("spades", 0), ("cutthroat-spades", 1)])
def test_nil_rows_by_spade_length(name, shape):
    """Nil's weights as a row per spade length (1 or fewer, 2, 3, 4, 5 or more): a constant in one
    row makes exactly the hands of that length bid nil (moon aside)."""
    game = Game(name)
    try:
        for row in range(5):
            rows = [[0] * 56 for _ in range(5)]
            rows[row][0] = 10**6
            with_table(shape, nil_weights=rows, nil_suit=None, nil_exposure=None)
            for seed in range(30):
                cards = game.deal(seed=seed, dealer=len(game.deal(seed=seed).hands) - 1).hands[0]
                spades = _core.spades_features(game.rules, cards.mask)[1]
                bid = first_bid(game, seed)
                if bid != "moon":
                    assert (bid == "nil") == (min(max(spades - 1, 0), 4) == row), (row, seed, str(cards), bid)
    finally:
        _core._load_spades_bid_tables()


@pytest.mark.parametrize("name, shape", [("spades", 0), ("cutthroat-spades", 1)])
def test_an_older_tables_four_nil_rows_load_as_before(name, shape):
    """A table of four nil rows (written before stop 37: 2 or fewer spades, 3, 4, 5 or more) loads
    with its first row for 1 or fewer spades and for 2, so the script's --start and --pool tables bid
    as they did: each hand's first bid equals the bid under the same rows written out as five, and
    the loaded rows read back as five; the script's nil_rows reads them alike."""
    game = Game(name)
    four = [[0] * 56 for _ in range(4)]
    four[0][0], four[1][0], four[2][0], four[3][0] = 10**6, -(10**6), 10**6, -(10**6)
    five = [four[0]] + four
    try:
        bids = []
        for rows in (four, five):
            with_table(shape, nil_weights=rows, nil_suit=None, nil_exposure=None)
            assert _core.spades_bid_params()[shape]["nil_weights"] == five
            bids.append([first_bid(game, seed) for seed in range(40)])
        assert bids[0] == bids[1] and "nil" in bids[0]
        assert script().nil_rows(four, 56) == five
        written = script().with_current_nil_rows({"nil_weights": four, "nil_suit": [[1] * 34] * 4, "nil_exposure": None})
        assert written == {"nil_weights": five, "nil_suit": [[1] * 34] * 5, "nil_exposure": None}
    finally:
        _core._load_spades_bid_tables()


def test_bad_tables_are_refused_and_change_nothing():
    before = _core.spades_bid_tables(), _core.spades_nil_limits()
    with pytest.raises(ValueError):
        _core.set_spades_bid_table(2, None)
    with pytest.raises(ValueError):
        _core.set_spades_bid_table(0, [300, 200])
    with pytest.raises(ValueError):
        _core.set_spades_bid_table(0, [100, 200], [1, 2])
    with pytest.raises(ValueError):
        _core.set_spades_bid_table(0, [100, 200], None, [1, 2])
    with pytest.raises(ValueError):
        _core.set_spades_bid_table(0, [100, 200], None, None, None, None, -5)
    with pytest.raises(ValueError):    # nil rows: four of 56
        _core.set_spades_bid_table(0, [100, 200], None, None, [[0] * 56] * 3)
    with pytest.raises(ValueError):    # the side suits' nil weights: 34 or four rows of 34
        _core.set_spades_bid_table(0, [100, 200], None, None, None, nil_suit=[0] * 33)
    with pytest.raises(ValueError):    # the exposure weights: 2 or four rows of 2
        _core.set_spades_bid_table(1, [100, 200], nil_exposure=[[0, 0]] * 3)
    with pytest.raises(ValueError):    # the count's weights over the side suits' terms: 34
        _core.set_spades_bid_table(0, [100, 200], count_suit=[0] * 35)
    with pytest.raises(ValueError):    # and over the spade holding terms: 80
        _core.set_spades_bid_table(1, [100, 200], count_spade=[0] * 79)
    with pytest.raises(ValueError):
        _core.set_spades_bid_table(1, [100, 200], count_spade=[10_000_001] + [0] * 79)
    with pytest.raises(ValueError):    # the special bids' rules: two rows of 56, two of 34
        _core.set_spades_bid_table(1, [100, 200], special_weights=[0] * 56)
    with pytest.raises(ValueError):
        _core.set_spades_bid_table(1, [100, 200], special_suit=[[0] * 34] * 3)
    assert (_core.spades_bid_tables(), _core.spades_nil_limits(), _core.spades_bid_params()) == before + (
        _core.spades_bid_params(),)


def test_the_shipped_weights_and_margins_are_loaded():
    shipped = json.loads(importlib.resources.files("cardsim").joinpath("data/spades_bids.json").read_text())
    params = _core.spades_bid_params()
    for key, shape in (("spades", 0), ("cutthroat-spades", 1)):
        got, want = params[shape], shipped[key]
        assert got["weights"] == want["weights"] and got["nil_weights"] == want["nil_weights"]
        assert got["nil_suit"] == want.get("nil_suit") and got["count_suit"] == want.get("count_suit")
        assert got["count_spade"] == want.get("count_spade")
        assert got["nil_exposure"] == want.get("nil_exposure")
        assert (got["blind_nil"], got["blind6"]) == (want["blind_nil"], want["blind6"])
        assert got["moon"] == (want["moon"] or 0)
        assert got["special_weights"] == want.get("special_weights") and got["special_suit"] == want.get("special_suit")
    assert params[1]["special_weights"] is not None and params[0]["special_weights"] is None   # cutthroat's alone
    assert params[1]["nil_exposure"] is not None and params[0]["nil_exposure"] is None
    assert params[1]["count_spade"] is not None and params[0]["count_spade"] is None


def with_table(shape, **change):
    """Load the shipped table of ``shape`` with ``change`` applied; the caller reloads."""
    params = dict(_core.spades_bid_params()[shape])
    params.update(change)
    _core.set_spades_bid_table(shape, _core.spades_bid_tables()[shape], None, params["weights"],
                               params["nil_weights"], params["moon"], params["blind_nil"], params["blind6"],
                               params["nil_suit"], params["count_suit"], params["special_weights"],
                               params["special_suit"], params["nil_exposure"], params["count_spade"])


def first_bid(game, seed, scores=None):
    seats = len(game.deal(seed=seed).hands)
    hand = game.deal(seed=seed, dealer=seats - 1, **({"scores": scores} if scores else {}))
    n = len(hand.history)
    hand.step("heuristic")
    return hand.action_to_string(hand.history[n])


@pytest.mark.parametrize("name, shape", [("spades", 0), ("cutthroat-spades", 1)])
def test_nil_is_bid_where_the_learned_gain_is_positive(name, shape):
    """Nil exactly where the nil weights' sum is positive: the row of the hand's spade length
    over its features and its side suits' nil terms (the script's nil_sum; a nil partner aside:
    seat 0 bids first); with a large constant every hand bids nil."""
    game = Game(name)
    params = _core.spades_bid_params()[shape]
    nil_sum = script().nil_sum
    nils = 0
    for seed in range(200):
        cards = game.deal(seed=seed, dealer=len(game.deal(seed=seed).hands) - 1).hands[0]
        gain = nil_sum(params, {"f": _core.spades_features(game.rules, cards.mask),
                                "h": _core.spades_nil_suit_terms(cards.mask), "e": _core.spades_nil_exposure(cards.mask)})
        bid = first_bid(game, seed)
        if bid in ("moon",):
            continue
        assert (bid == "nil") == (gain > 0), (seed, str(cards), gain, bid)
        nils += bid == "nil"
    assert 0 < nils < 100
    try:
        with_table(shape, nil_weights=[10**6] + [0] * 55, nil_suit=None, nil_exposure=None)
        assert all(first_bid(game, seed) in ("nil", "moon") for seed in range(20))
    finally:
        _core._load_spades_bid_tables()


def test_the_special_bids_follow_the_learned_rules():
    """Cutthroat spades, seat 0 bidding first: where the table bids 2 to 4 the bid is the script's
    special_bid of it (two-for-40 for 3-4 where rule 0's log-odds are positive, then one-for-50
    for 2-3 where rule 1's are); nil and moon aside.  A large constant in both rules: every such
    hand bids one-for-50; in partnership spades (no special bids) the rows change nothing."""
    m = script()
    game = Game("cutthroat-spades")
    t = {"cuts": _core.spades_bid_tables()[1], **_core.spades_bid_params()[1]}
    names = {1: "one_for_50", 2: "two_for_40"}
    moved = tabled = 0
    for seed in range(300):
        cards = game.deal(seed=seed, dealer=2).hands[0]
        d = {"f": _core.spades_features(game.rules, cards.mask), "h": _core.spades_nil_suit_terms(cards.mask)}
        bid = first_bid(game, seed)
        b = m.table_bid(t["cuts"], m.count_of(t, d), len(cards))
        if bid in ("nil", "moon") or not 2 <= b <= 4:
            continue
        want = m.special_bid(t, d, b)
        assert bid == names.get(want, str(want)), (seed, str(cards), b, bid)
        tabled += 1
        moved += want != b
    assert tabled > 100 and 5 < moved < tabled // 3
    spades = Game("spades")
    before = [first_bid(spades, seed) for seed in range(30)]
    try:
        with_table(1, special_weights=[[10**6] + [0] * 55] * 2)
        for seed in range(30):
            cards = game.deal(seed=seed, dealer=2).hands[0]
            d = {"f": _core.spades_features(game.rules, cards.mask), "h": _core.spades_nil_suit_terms(cards.mask)}
            if 2 <= m.table_bid(t["cuts"], m.count_of(t, d), len(cards)) <= 4 and first_bid(game, seed) != "nil":
                assert first_bid(game, seed) == "one_for_50", seed
        with_table(0, special_weights=[[10**6] + [0] * 55] * 2)
        assert [first_bid(spades, seed) for seed in range(30)] == before
    finally:
        _core._load_spades_bid_tables()


def test_a_count_past_every_cut_bids_every_card():
    """All 18 cuts below the count: the top bid (19, at most the cards held), sp_count_bid's scan
    stopping at its sentinel past the last cut."""
    game = Game("cutthroat-spades")
    params = _core.spades_bid_params()[1]
    try:
        _core.set_spades_bid_table(1, [-10**6] * 18, None, params["weights"], None, 10_000, None, None, None,
                                   params["count_suit"])
        bids = [first_bid(game, seed) for seed in range(10)]
        assert all(bid in ("17", "nil") for bid in bids) and bids.count("17") >= 5, bids
    finally:
        _core._load_spades_bid_tables()


def test_the_special_rules_are_learned_deterministically():
    """learn_special: two rows (two-for-40 over 3-4, then one-for-50 over 2-3) learned from the
    hands whose bid they move from, the same numbers twice; none where the rules lack the special
    bids (partnership spades)."""
    m = script()
    shipped = json.loads(importlib.resources.files("cardsim").joinpath("data/spades_bids.json").read_text())
    t = shipped["cutthroat-spades"]
    data = m.samples("cutthroat-spades", 80, 60, 11)
    bids = [m.table_bid(t["cuts"], m.count_of(t, d), d["held"]) for d in data]
    weights, suit = m.learn_special("cutthroat-spades", data, bids)
    assert (weights, suit) == m.learn_special("cutthroat-spades", data, bids)
    assert len(weights) == len(suit) == 2 and all(len(w) == 56 and any(w) for w in weights)
    assert all(len(v) == 34 for v in suit)
    assert m.learn_special("spades", data, bids) == (None, None)


def dealt_bid(hand: list[str]) -> str:
    """The heuristic's first bid in a cutthroat spades deal of the three ``hand``s (dealer 2:
    seat 0 bids first)."""
    state = Game("cutthroat-spades").deal(cards=hand, dealer=2)
    n = len(state.history)
    state.step("heuristic")
    return state.action_to_string(state.history[n])


@pytest.mark.parametrize("hand, bid", [
    # the table bids 4 (long hearts under A K Q, the A of diamonds); two-for-40's tricks are sure
    # (bid odds, 800 deals: two-for-40 35.5, 4 27.0): rule 0 moves it (log-odds +1.3), rule 1 not
    (["JS 5S 3S AH KH QH TH 8H 7H 5H 3H AD TD 3D JC 7C 3C", "QS 2S JH 9H 6H 4H JD 8D 6D 5D 4D 2D KC QC TC 9C 4C",
      "AS KS TS 9S 8S 7S 6S 4S 2H KD QD 9D 7D AC 8C 6C 5C"], "two_for_40"),
    # the table bids 4 (three aces, two of them over long suits): 4 is worth it (bid odds, 8,000
    # deals, the players of the count with the spade holding terms: 4 39.6, 3 34.6, two-for-40 20.7,
    # one-for-50 10.4; the table before them bid 3), rule 0 not read (it moves bids 3-4 only where
    # its log-odds are positive)
    (["AS 7S QH TH 7H 6H 5H 2H AD QD TD 7D 5D 3D AC 8C 5C", "QS JS TS 6S 5S 4S 3S 2S JH 9H 4H 3H KD 6D QC JC 4C",
      "KS 9S 8S AH KH 8H JD 9D 8D 4D 2D KC TC 9C 7C 6C 3C"], "4"),
    # eleven cards 5 and below, but the A of spades: a sure trick, nil cannot make (bid odds, 800
    # deals: nil -99.6, one-for-50 +38.4); the low cards alone would say nil, the rows' log-odds -2.35
    (["AS 8S 4S TH 5H 4H 3H 2H 9D 8D 5D 4D 3D 2D 8C 5C 4C", "KS TS 9S 7S 5S AH JH 8H 7H AD KD QD 6D AC JC 9C 6C",
      "QS JS 6S 3S 2S KH QH 9H 6H JD TD 7D KC QC TC 7C 3C"], "one_for_50"),
    # two low spades and low cards under every side honour: nil (nil +92.0, one-for-50 -6.5; log-odds +9.3)
    (["4S 2S 9H 5H 4H 3H JD TD 9D 6D 5D 4D 2D JC 8C 7C 4C", "KS JS 6S 5S 3S AH KH 8H 6H 2H AD KD AC TC 9C 6C 3C",
      "AS QS TS 9S 8S 7S QH JH TH 7H QD 8D 7D 3D KC QC 5C"], "nil"),
])
def test_the_bids_by_hand(hand, bid):
    """Four hands of seed 2062's samples the shipped cutthroat rules decide: the special bids' rules
    (hands 2732 and 971), nil's rows (hands 913 and 6904).  (Of the 10,648 hands with the A of spades in seeds 2052 and 2062's samples the rows bid nil on
    none, the highest log-odds -0.92: no hand-set veto is needed for it.)"""
    assert dealt_bid(hand) == bid


@pytest.mark.parametrize("name, shape, gap, scores", [
    ("spades", 0, 100, [0, 100, 0, 100]), ("cutthroat-spades", 1, 100, [0, 100, 100])])
def test_blind_bids_follow_the_margins(name, shape, gap, scores):
    """Blind nil / blind 6 when the seat is at least the table's margin behind, never closer;
    blind 6 only where legal (blind6_behind; partnership spades has none)."""
    game = Game(name)
    try:
        with_table(shape, blind_nil=gap, blind6=None)
        assert first_bid(game, 1, scores) == "blind_nil"
        assert first_bid(game, 1, [s // 2 for s in scores]) != "blind_nil"
        if name == "cutthroat-spades":
            with_table(shape, blind_nil=None, blind6=gap)
            assert first_bid(game, 1, scores) == "blind6"
            assert first_bid(game, 1, [s // 2 for s in scores]) != "blind6"
            with_table(shape, blind_nil=None, blind6=0)    # the rules' blind6_behind still holds
            assert first_bid(game, 1, [0, 40, 40]) != "blind6"
    finally:
        _core._load_spades_bid_tables()


def test_a_round_from_start_tables_is_deterministic():
    """``--start``: the first round learns against the given tables (an older table's weights
    padded with 0 for the features added since), not the rounding table; twice the same bytes."""
    m = script()
    shipped = json.loads(importlib.resources.files("cardsim").joinpath("data/spades_bids.json").read_text())
    old = {k: dict(t, weights=t["weights"][:17], nil_weights=t["nil_weights"][:17]) for k, t in shipped.items()}
    assert m.padded(old["spades"])["weights"] == shipped["spades"]["weights"][:17] + [0] * 39
    a = m.build(12, 60, 7, start=old)
    assert a == m.build(12, 60, 7, start=old)
    reply = json.loads(m.build(12, 60, 7))   # no start: the rounding table, no damping
    got = json.loads(a)
    for key in ("spades", "cutthroat-spades"):
        assert len(got[key]["weights"]) == 56
        assert got[key]["weights"] != reply[key]["weights"]


def test_the_product_features_are_the_pairs_of_seven():
    """Features 24 .. 51: the products of each pair (with itself too) of spades held, top spades,
    side aces, guarded side kings, ruffs, long side cards and the hand-set count in tenths."""
    for name in ("spades", "cutthroat-spades"):
        game = Game(name)
        for seed in range(30):
            cards = game.deal(seed=seed).hands[0]
            f = _core.spades_features(game.rules, cards.mask)
            q = [f[1], f[2], f[8], f[9], f[11], f[12], f[16] // 10]
            assert f[24:52] == [q[i] * q[j] for i in range(7) for j in range(i, 7)]
    f = _core.spades_features(Game("spades").rules, Game("spades").cards("AS KS QS 5S 4S AH 2H AD 3D 2D 3C 4C 5C").mask)
    assert f[1:3] == [5, 3] and f[8] == 2 and f[24:27] == [25, 15, 10] and f[31] == 9   # 5 x 5, 5 x 3, 5 x 2; 3 x 3


@pytest.mark.parametrize("cards, extra", [
    # side jacks, side tens, the longest side suit's length and its square
    ("AS KS QS 5S 4S AH JH TH 2H JD TD 9D 3C 4C 5C 6C 7C", [2, 2, 5, 25]),
    ("JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH AD KD QD AC", [0, 0, 3, 9]),
    ("AS JH TH 9H 8H 7H 6H 5H 4H 3H 2H JD TD JC TC 9C 8C", [3, 3, 10, 100]),
])
def test_the_side_middle_cards_and_longest_suit_features(cards, extra):
    game = Game("cutthroat-spades")
    assert _core.spades_features(game.rules, game.cards(cards).mask)[52:] == extra


def test_the_score_fit_raises_the_smoothed_score_deterministically():
    """``--fit score``: refine_weights moves least squares' weights to a higher mean of the
    smoothed score it climbs (at its last temperature), the same numbers twice."""
    m = script()
    data = m.samples("cutthroat-spades", 60, 60, 11)
    x = np.array([d["f"] for d in data], dtype=float)
    best = np.array([100.0 * max(d["scores"], key=lambda n: d["scores"][n]) for d in data])
    ls = m.solve(x, best)
    refined = m.refine_weights(x, data, ls)
    assert np.array_equal(refined, m.refine_weights(x, data, ls))

    def smoothed(w: np.ndarray) -> float:
        total = 0.0
        for d, c in zip(data, x @ w):
            sc = d["scores"]
            for k in range(2, d["held"] + 1):
                total += (sc[k] - sc[k - 1]) / (1.0 + np.exp(-np.clip((c - 100 * k + 50) / m.REFINE_TEMPS[-1], -50, 50)))
        return total / len(data)

    assert smoothed(refined) > smoothed(ls) + 0.1


def test_the_sample_cache_reads_back_the_same_samples(tmp_path, monkeypatch):
    """``--cache``: the first build deals and keeps its hands; a rerun reads them back (dealing
    nothing) and writes the same bytes; other tables the players bid by are another entry."""
    m = script()
    shipped = json.loads(importlib.resources.files("cardsim").joinpath("data/spades_bids.json").read_text())
    kw = dict(start=shipped, games=("cutthroat-spades",), undamped=True, cache=str(tmp_path))
    a = m.build(12, 60, 7, **kw)
    assert len(list(tmp_path.iterdir())) == 1
    assert a == m.build(12, 60, 7, start=shipped, games=("cutthroat-spades",), undamped=True)

    def no_dealing(*args, **kwargs):
        raise AssertionError("dealt again")

    monkeypatch.setattr(m, "samples", no_dealing)
    assert m.build(12, 60, 7, **kw) == a
    with pytest.raises(AssertionError):
        m.build(12, 60, 7, start=json.loads(a), games=("cutthroat-spades",), undamped=True, cache=str(tmp_path))


def test_learning_one_game_undamped_keeps_the_other_and_is_deterministic():
    """``--games cutthroat-spades --undamped``: the partnership table stays the start's byte for
    byte, the cutthroat one is the round's reply itself (not halfway); twice the same bytes."""
    m = script()
    shipped = json.loads(importlib.resources.files("cardsim").joinpath("data/spades_bids.json").read_text())
    a = m.build(12, 60, 7, start=shipped, games=("cutthroat-spades",), undamped=True)
    assert a == m.build(12, 60, 7, start=shipped, games=("cutthroat-spades",), undamped=True)
    got = json.loads(a)
    assert got["spades"] == shipped["spades"]
    damped = json.loads(m.build(12, 60, 7, start=shipped, games=("cutthroat-spades",)))
    assert got["cutthroat-spades"]["weights"] != damped["cutthroat-spades"]["weights"]
    with pytest.raises(ValueError):
        m.build(12, 60, 7, games=("spades",))


def test_the_count_only_fit_keeps_nil_moon_and_blind_and_is_deterministic():
    """``--fit count-only``: the count (weights, count_suit, count_spade), its cuts and the special
    bids' rules learned; nil's rows, moon and the blind margins the start's; twice the same bytes;
    a spade holding term held by fewer than SPADE_TERM_HANDS hands weighs 0 (all of them on 40)."""
    m = script()
    shipped = json.loads(importlib.resources.files("cardsim").joinpath("data/spades_bids.json").read_text())
    a = m.build(40, 60, 7, start=shipped, games=("cutthroat-spades",), undamped=True, fit="count-only")
    assert a == m.build(40, 60, 7, start=shipped, games=("cutthroat-spades",), undamped=True, fit="count-only")
    got, start = json.loads(a)["cutthroat-spades"], shipped["cutthroat-spades"]
    for key in ("nil_weights", "nil_suit", "nil_exposure", "moon", "blind_nil", "blind6"):
        assert got[key] == start[key], key
    assert got["weights"] != start["weights"] and got["special_weights"] != start["special_weights"]
    assert got["count_spade"] == [0] * m.NS and 40 < m.SPADE_TERM_HANDS


def team_bids(game, seed, scores):
    """Seats 0, 1 and 2's bids, seat 0 first (the dealer seat 3)."""
    hand = game.deal(seed=seed, dealer=3, scores=scores)
    n = len(hand.history)
    for _ in range(3):
        hand.step("heuristic")
    return [hand.action_to_string(a) for a in hand.history[n:n + 3]]


def test_blind_nil_for_the_game_only_far_behind_near_the_end():
    """sp_game_bid's blind nil (partnership spades): the team's second bidder (seat 2, its partner
    seat 0 first to bid) bids blind nil when its team is at least the rule's gap behind and the
    leader within its reach of 500; not a point closer, not with the leader a point further from
    the game, not ahead, nor at the start of a game (single hands: nothing moves); the first
    bidder (seat 0) never does (the rule's third value: the second bidder only), and with the third
    value 0 it does.  Three-seat cutthroat spades alike (its own gap, any seat)."""
    from cardsim.spades.spades import spades_game_blind_nil, spades_game_rule
    game = Game("spades")
    gap, reach = spades_game_blind_nil(0)
    assert spades_game_rule(0, "blind_nil")[2] == 1
    top = game.rules["target_score"] - reach

    def bid(ours, theirs):
        first, _, second = team_bids(game, 7, [ours, theirs, ours, theirs])   # (seat 0 bids no nil of its own)
        assert first != "blind_nil"
        return second

    assert bid(top - gap, top) == "blind_nil"
    first = spades_game_rule(0, "blind_nil", (gap, reach, 0))
    try:
        assert team_bids(game, 7, [top - gap, top, top - gap, top])[0] == "blind_nil"
    finally:
        spades_game_rule(0, "blind_nil", first)
    assert bid(top - gap - 200, top + 90) == "blind_nil"
    assert bid(top - gap + 1, top) != "blind_nil"
    assert bid(top - gap - 1, top - 1) != "blind_nil"
    assert bid(top, top - gap) != "blind_nil"
    assert bid(0, 0) != "blind_nil"
    cutthroat = Game("cutthroat-spades")
    far, near = spades_game_blind_nil(1)
    lead = cutthroat.rules["target_score"] - near
    assert first_bid(cutthroat, 1, [lead - far, lead, 0]) == "blind_nil"
    assert first_bid(cutthroat, 1, [lead - far + 1, lead, 0]) != "blind_nil"
    assert first_bid(cutthroat, 1, [lead, lead - far, 0]) != "blind_nil"
    nil_behind = spades_game_rule(0, "nil_behind", (1 << 30, 0))
    blind_nil = spades_game_rule(0, "blind_nil", (1 << 30, 0))
    try:  # the rules off: the bids at these scores are the bids of the start of a game
        assert bid(top - gap, top) == bid(0, 0)
    finally:
        spades_game_rule(0, "blind_nil", blind_nil)
        spades_game_rule(0, "nil_behind", nil_behind)


GAME_SHAPES = {"spades": ("spades", {}, 0), "cutthroat-spades": ("cutthroat-spades", {}, 1),
               "cutthroat-spades-4": ("cutthroat-spades", {"players": 4}, 2),
               "cutthroat-spades-5": ("cutthroat-spades", {"players": 5}, 2)}


@pytest.mark.parametrize("name, kind", [("spades", "blind_nil"), ("cutthroat-spades", "blind_nil"),
                                        ("cutthroat-spades", "blind6"), ("cutthroat-spades-4", "blind_nil"),
                                        ("cutthroat-spades-5", "blind_nil")])
def test_whole_games_bid_blind_only_far_behind_near_the_end(name, kind):
    """In the core's whole games (each hand dealt with the game so far) the game rule's blind bid
    (sp_game_bid) is bid, and only by a side (team, or seat in cutthroat) at least the rule's gap
    behind a leader within its reach of the target (four and five seats: blind 6 is the hand-set
    one, at 100 behind, so only blind nil is the rule's)."""
    from cardsim.spades.spades import SP_BID_KIND_NAMES, spades_game_rule
    game_name, options, shape = GAME_SHAPES[name]
    gap, reach, _ = spades_game_rule(shape, kind)
    game = Game(game_name, **options)
    records = game.simulate(100, unit="game", seed=4, threads=1, hand_scores=True, histories=True)
    rows, hist = records.hand_scores, records.histories
    sides = rows["score"].shape[1]
    bids = 0
    for i in range(len(rows)):
        before = [int(rows["score"][i][t] - rows["points"][i][t]) for t in range(sides)]
        kinds = hist.replay(i)._state.kinds
        for seat, k in enumerate(kinds):
            if k == SP_BID_KIND_NAMES.index(kind):
                ours = before[seat % sides]
                top = max(before)
                assert top - ours >= gap and top >= game.rules["target_score"] - reach, (i, seat, before)
                bids += 1
    assert bids > 20


def test_blind6_for_the_game_in_three_seat_cutthroat():
    """sp_game_bid's blind 6 (three-seat cutthroat spades): the first seat bids blind 6 at the
    rule's gap behind a leader within its reach of 500; not a point closer, not with the leader
    a point further, not once its blind 6 of the game is used, nor at the start of a game; the
    rule off, the bid of the start of a game."""
    from cardsim.spades.spades import spades_game_rule
    game = Game("cutthroat-spades")
    gap, reach, _ = spades_game_rule(1, "blind6")
    top = game.rules["target_score"] - reach

    def bid(scores, used=(0, 0, 0)):
        hand = game.deal(seed=1, dealer=2, scores=scores, blind6_used=list(used))
        hand.step("heuristic")
        return hand.action_to_string(hand.history[-1])

    assert bid([top - gap, top, 0]) == "blind6"
    assert bid([top - gap, top + reach - 1, 0]) != "blind6"  # the leader that close: blind nil's zone
    assert bid([top - gap + 1, top, 0]) != "blind6"
    assert bid([top - gap - 1, top - 1, 0]) != "blind6"
    assert bid([top - gap, top, 0], used=(1, 0, 0)) != "blind6"
    assert bid([0, 0, 0]) != "blind6"
    before = spades_game_rule(1, "blind6", (1 << 30, 0))
    try:
        assert bid([top - gap, top, 0]) == bid([0, 0, 0])
    finally:
        spades_game_rule(1, "blind6", before)


def test_bid_odds_deals_carry_the_game_score():
    """The bid odds' deals set the best score with the scores (sp_set_game_top in sp_odds_deal,
    which sp_heuristic_bid's gate reads): the heuristic's blind bid there is blind 6 for the game
    at the rule's gap behind a leader within its reach, and looking at level scores."""
    from cardsim import bid_odds
    from cardsim.spades.spades import spades_game_rule
    game = Game("cutthroat-spades")
    gap, reach, _ = spades_game_rule(1, "blind6")
    top = game.rules["target_score"] - reach

    def policy_bid(scores):
        odds = bid_odds("cutthroat-spades", None, blind=True, scores=scores, seat=0, trials=50, seed=3, threads=1)
        return odds.recommendation["policy_bid"]

    assert policy_bid([top - gap, top, 0]) == "blind6"
    assert policy_bid([0, 0, 0]) != "blind6"


def test_blind_nil_for_the_game_with_four_and_five_seats():
    """sp_game_bid's blind nil in the hand-set shapes (four and five seats): at the rule's gap
    behind a leader within its reach, not a point closer, not with the leader a point further."""
    from cardsim.spades.spades import spades_game_rule
    gap, reach, _ = spades_game_rule(2, "blind_nil")
    for seats in (4, 5):
        game = Game("cutthroat-spades", players=seats)
        top = game.rules["target_score"] - reach
        rest = [0] * (seats - 2)
        assert first_bid(game, 1, [top - gap, top] + rest) == "blind_nil"
        assert first_bid(game, 1, [top - gap + 1, top] + rest) != "blind_nil"
        assert first_bid(game, 1, [top - gap - 1, top - 1] + rest) != "blind_nil"
        assert first_bid(game, 1, [top, top - gap] + rest) != "blind_nil"


@pytest.mark.parametrize("name, shape", [("spades", 0), ("cutthroat-spades", 1)])
def test_nil_behind_near_the_end_lowers_nil_bar(name, shape):
    """sp_game_bid's nil behind: a seat behind by the rule's gap, the leader within its reach,
    bids nil where the nil log-odds are above the rule's bar (below 0), not only above 0; level
    or ahead, or with the leader a point further, as at the start of a game."""
    from cardsim.spades.spades import spades_game_rule
    gap, reach, bar = spades_game_rule(shape, "nil_behind")
    assert bar < 0
    game = Game(name)
    seats = len(game.deal(seed=0).hands)
    params = _core.spades_bid_params()[shape]
    nil_sum = script().nil_sum
    top = game.rules["target_score"] - reach

    def scores(ours, theirs):
        return [ours, theirs] * 2 if name == "spades" else [ours, theirs, 0]

    moved = 0
    for seed in range(300):
        cards = game.deal(seed=seed, dealer=seats - 1).hands[0]
        gain = nil_sum(params, {"f": _core.spades_features(game.rules, cards.mask),
                                "h": _core.spades_nil_suit_terms(cards.mask), "e": _core.spades_nil_exposure(cards.mask)})
        start = first_bid(game, seed)
        if start == "moon":
            continue
        behind = first_bid(game, seed, scores(top - gap, top))
        assert behind == ("nil" if gain > bar else start), (seed, gain)
        assert first_bid(game, seed, scores(top, top - gap)) == start
        assert first_bid(game, seed, scores(top - gap - 1, top - 1)) == start
        moved += behind != start
    assert moved > 0


def test_game_rule_refuses_bad_input_in_one_line():
    """spades_game_rule names what is allowed: the shape, the rule's kind, the rule's values."""
    from cardsim.spades.spades import spades_game_rule
    before = spades_game_rule(0, "blind_nil")
    for args, says in (((5, "blind_nil"), "shape is 0, 1 or 2"),
                       ((0, "nope"), "kind is one of blind_nil, blind6, nil_behind, nil_ahead"),
                       ((0, "blind_nil", (1, 2, 3, 4)), "a rule is (gap")):
        with pytest.raises(ValueError) as caught:
            spades_game_rule(*args)
        assert says in str(caught.value) and "\n" not in str(caught.value)
    assert spades_game_rule(0, "blind_nil") == before  # the refused (1, 2, 3, 4) set nothing


def test_pooled_samples_are_learned_beside_the_rounds_and_dealt_against_their_own_tables(tmp_path):
    """``--pool SEED:HANDS[:JSON]``: nil's rows learned from the round's hands and the pool's together
    (other rows than without the pool; twice the same bytes); the pool's hands are dealt against the
    tables given for them (another cache entry than the same hands against the round's players), and
    the round's players are loaded back after."""
    m = script()
    shipped = json.loads(importlib.resources.files("cardsim").joinpath("data/spades_bids.json").read_text())
    older = {k: dict(t, cuts=[c + 100 for c in t["cuts"]]) for k, t in shipped.items()}
    before = _core.spades_bid_tables(), _core.spades_bid_params()
    kw = dict(start=shipped, games=("cutthroat-spades",), undamped=True, fit="nil-only", cache=str(tmp_path))
    a = m.build(40, 60, 7, pool=((8, 40, older),), **kw)
    assert (_core.spades_bid_tables(), _core.spades_bid_params()) == before
    assert a == m.build(40, 60, 7, pool=((8, 40, older),), **kw)
    alone = json.loads(m.build(40, 60, 7, **kw))["cutthroat-spades"]
    got = json.loads(a)["cutthroat-spades"]
    assert got["nil_weights"] != alone["nil_weights"]
    for key in ("weights", "cuts", "special_weights", "moon", "blind_nil", "blind6"):
        assert got[key] == shipped["cutthroat-spades"][key], key
    m.build(40, 60, 7, pool=((8, 40, None),), **kw)
    assert len([p for p in tmp_path.iterdir() if "-8-40-" in p.name]) == 2


@pytest.mark.parametrize("spec", ["x", "2080", "2080:0", "2080:-5", "a:100", "2080:100:/nonexistent/tables.json"])
def test_a_malformed_pool_ends_with_one_line_and_status_2(spec, capsys, tmp_path):
    import argparse

    parser = argparse.ArgumentParser(prog="spades_bid_table.py")
    with pytest.raises(SystemExit) as exc:
        script().parse_pool(spec, parser)
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("spades_bid_table.py: error: --pool") and spec in err[-1]


def test_a_pool_spec_is_read(tmp_path):
    import argparse

    tables = tmp_path / "t.json"
    tables.write_text('{"spades": {}}')
    parse = script().parse_pool
    assert parse("2080:300", argparse.ArgumentParser()) == (2080, 300, None)
    assert parse(f"2071:20:{tables}", argparse.ArgumentParser()) == (2071, 20, {"spades": {}})
