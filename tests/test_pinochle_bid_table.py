"""The pinochle heuristics' learned bid ceilings, throw-in and partnership trump count (issue 11):
scripts/pinochle_bid_table.py learns them from the simulator's bid odds, deterministically; the
package ships them; the heuristic bids, throws in and names trump by them.
"""
from __future__ import annotations

import importlib.resources
import json
import pathlib

import pytest

from cardsim import Game
from cardsim.pinochle import common
from repo_files import load

SMALL = pathlib.Path(__file__).with_name("cases") / "pinochle_bids_small.json"


def script():
    return load("scripts/pinochle_bid_table.py", "pinochle_bid_table")


def shipped() -> dict:
    return json.loads(importlib.resources.files("cardsim").joinpath("data/pinochle_bids.json").read_text())


def test_regenerating_a_small_table_gives_the_same_bytes():
    """40 hands of 150 deals per game (partnership: the ceiling and the trump count from the same
    deals), 12 throw-in deals of 150: the bytes pinned in
    tests/cases/pinochle_bids_small.json (written by ``scripts/pinochle_bid_table.py --hands 40
    --cutthroat-hands 40 --trials 150 --throw-hands 12 --throw-trials 150 --partner-hands 0 --out ...``; the deals are seeded, so a change
    of the deal streams re-baselines it)."""
    before = common.pinochle_bid_tables()
    data = script().build(40, 150, 2026, 12, 150)
    assert data == SMALL.read_bytes()
    assert len(json.loads(data)["partnership-pinochle"]["trump"]) == len(script().TRUMP_FEATURES)
    assert common.pinochle_bid_tables() == before   # learning reads the odds only, loads nothing


PARTNER_SMALL = pathlib.Path(__file__).with_name("cases") / "pinochle_partner_small.json"


def test_regenerating_a_small_partner_read_gives_the_same_result():
    """The read of a partner's pass (partnership), learned from 16 auctions of 150 kept deals, and
    its after-pass trees from those and 16 more (seed 2027): the result pinned in
    tests/cases/pinochle_partner_small.json (``script().partner_entry`` with the shipped ceiling and
    trump count; seeded deals, so a change of the deal streams re-baselines it)."""
    before = common.pinochle_bid_tables()
    shipped_tables = before["partnership-pinochle"]
    entry = script().partner_entry(shipped_tables["ceiling"], 16, 150, 2026, shipped_tables["trump"], (2027,))
    assert entry == json.loads(PARTNER_SMALL.read_text())
    assert common.pinochle_bid_tables() == before   # the shipped tables are loaded again


def test_the_package_ships_the_tables_and_loads_them():
    table, loaded = shipped(), common.pinochle_bid_tables()
    for game in ("cutthroat-pinochle", "partnership-pinochle"):
        assert loaded[game]["ceiling"] == table[game]["ceiling"]
        assert table[game]["hands"] >= 1000
        meld = table[game]["ceiling"][1]
        assert 5 <= meld <= 12       # tenths per meld point: near face value
    assert loaded["cutthroat-pinochle"]["throw_in"] == table["cutthroat-pinochle"]["throw_in"]
    assert loaded["cutthroat-pinochle"]["trees"] == table["cutthroat-pinochle"]["ceiling_trees"]
    assert len(table["cutthroat-pinochle"]["ceiling_trees"]) == script().TREES
    assert table["cutthroat-pinochle"]["tree_inputs"] == list(script().TREE_INPUTS)
    assert loaded["partnership-pinochle"]["trees"] == table["partnership-pinochle"]["ceiling_trees"]
    assert len(table["partnership-pinochle"]["ceiling_trees"]) == script().OPENER_TREES
    assert table["partnership-pinochle"]["tree_inputs"] == list(script().AFTER_PASS_INPUTS)
    assert loaded["partnership-pinochle"]["partner"] == table["partnership-pinochle"]["partner"]
    assert loaded["partnership-pinochle"]["partner_count"] == table["partnership-pinochle"]["partner_count"]
    assert loaded["partnership-pinochle"]["partner_trees"] == table["partnership-pinochle"]["partner_trees"]
    assert len(table["partnership-pinochle"]["partner_trees"]) == script().AFTER_PASS_TREES
    assert table["partnership-pinochle"]["partner_tree_inputs"] == list(script().AFTER_PASS_INPUTS)
    assert table["partnership-pinochle"]["partner_hands"] >= 500
    assert loaded["partnership-pinochle"]["trump"] == table["partnership-pinochle"]["trump"]
    assert table["partnership-pinochle"]["trump_features"] == list(script().TRUMP_FEATURES)


def test_the_partnership_bidder_names_the_suit_of_its_largest_trump_count():
    """The suit the heuristic names (the odds' chosen trump: pp_best_trump of the 12 cards) is the
    one of the largest trump count (scripts/pinochle_bid_table.py trump_features, the shipped
    coefficients); with no trump table, the one of the largest ceiling count."""
    import numpy as np
    from cardsim import _core
    lib = script()
    game = Game("partnership-pinochle")
    tables = common.pinochle_bid_tables()["partnership-pinochle"]

    def named(mask: int, seed: int) -> int:
        res = np.zeros((1, 13), dtype=np.int16)
        _core.partnership_pinochle_odds(game.rules, mask, 0, 3, seed, 0, res, ["heuristic"] * 4, 1)
        return int(res[0, 12])

    checked = differs = 0
    for seed in range(300):
        mask = game.deal(seed=seed, dealer=3).hands[0].mask
        trump = [sum(c * f for c, f in zip(tables["trump"], lib.trump_features(mask, t, game.rules))) for t in range(4)]
        ceiling = [sum(c * f for c, f in zip(tables["ceiling"], lib.ceiling_features(mask, t, game.rules)))
                   for t in range(4)]
        if trump.count(max(trump)) > 1 or ceiling.count(max(ceiling)) > 1:
            continue        # ties: pinochle/cards.pxd pin_best_suit
        assert named(mask, seed) == trump.index(max(trump)), seed
        common.set_pinochle_bid_table("partnership-pinochle", tables["ceiling"], None, tables["partner"], None,
                                      partner_count=tables["partner_count"],
                                      partner_trees=tables["partner_trees"], trees=tables["trees"])
        try:
            assert named(mask, seed) == ceiling.index(max(ceiling)), seed
        finally:
            common.set_pinochle_bid_table("partnership-pinochle", tables["ceiling"], None, tables["partner"],
                                          tables["trump"], partner_count=tables["partner_count"],
                                          partner_trees=tables["partner_trees"], trees=tables["trees"])
        checked += 1
        differs += trump.index(max(trump)) != ceiling.index(max(ceiling))
    assert checked > 250 and differs > 5



def test_the_trump_count_reads_its_lane_table_for_any_coefficients():
    """pp_trump_counts reads the suit's own terms from a table filled when the trump count loads
    (bid_tables.pxd pin_trump_lane_count): with other coefficients loaded (each term of its own
    sign and size, the short-suit and void terms large), the suit named is still the one of the
    largest count in Python (trump_features), hand by hand."""
    import random
    import numpy as np
    from cardsim import _core
    lib = script()
    game = Game("partnership-pinochle")
    tables = common.pinochle_bid_tables()["partnership-pinochle"]
    rng = random.Random(5)
    coef = [rng.randint(-90, 90) for _ in lib.TRUMP_FEATURES]
    coef[-1], coef[-2] = 170, -130      # short, void: the terms split between the lane and the rest
    checked = 0
    common.set_pinochle_bid_table("partnership-pinochle", tables["ceiling"], None, tables["partner"], coef,
                                  partner_count=tables["partner_count"],
                                  partner_trees=tables["partner_trees"], trees=tables["trees"])
    try:
        for seed in range(200):
            mask = game.deal(seed=seed, dealer=3).hands[0].mask
            count = [sum(c * f for c, f in zip(coef, lib.trump_features(mask, t, game.rules))) for t in range(4)]
            if count.count(max(count)) > 1:
                continue        # ties: pinochle/cards.pxd pin_best_suit
            res = np.zeros((1, 13), dtype=np.int16)
            _core.partnership_pinochle_odds(game.rules, mask, 0, 3, seed, 0, res, ["heuristic"] * 4, 1)
            assert int(res[0, 12]) == count.index(max(count)), seed
            checked += 1
    finally:
        common.set_pinochle_bid_table("partnership-pinochle", tables["ceiling"], None, tables["partner"],
                                      tables["trump"], partner_count=tables["partner_count"],
                                      partner_trees=tables["partner_trees"], trees=tables["trees"])
    assert checked > 150


def auction_checks(name: str, seeds: range) -> tuple[int, int]:
    """Every decision of seat 0 in auctions where the other seats raise by the minimum (the
    partner passing): it bids exactly when the bid needed is within the learned ceiling, in
    partnership once the partner passed its count of its own with the read of the pass
    (scripts/pinochle_bid_table.py after_pass_ceiling; without that count, the ceiling moved by the
    read)."""
    game = Game(name)
    coef = common.pinochle_bid_tables()[name]["ceiling"]
    read = common.pinochle_bid_tables()[name].get("partner")
    own = common.pinochle_bid_tables()[name].get("partner_count")
    lib = script()
    seats = 3 if name.startswith("cutthroat") else 4
    checked = above_old = 0
    for seed in seeds:
        hand = game.deal(seed=seed, dealer=seats - 1)
        mask = hand.hands[0].mask
        ceiling = lib.ceiling if seats == 3 else lib.opener_ceiling     # partnership: its opener's trees
        cap = ceiling(coef, mask, game.rules, common.pinochle_bid_tables()[name].get("trees"))
        old = max(f[1] + (15 * f[3] + 8 * f[4] + 10 * max(f[2] - 4, 0) + 45) // 10
                  for f in (lib.ceiling_features(mask, t, game.rules) for t in range(4)))
        above_old += cap > old + (4 if seats == 3 else 10)
        base, level = cap, None     # level: the lowest bid open when the partner passed
        while hand.phase == "auction":
            legal = hand.legal_actions()
            bids = [a for a in legal if a != 24]
            if hand.to_act == 0:
                need = int(hand.action_to_string(min(bids))) if bids else None
                if own and level is not None:
                    cap = lib.after_pass_ceiling(own, read, mask, game.rules, level,
                                                 common.pinochle_bid_tables()[name].get("partner_trees"))
                else:
                    cap = base + (lib.rounded(read[0] + read[1] * level) if read and level is not None else 0)
                probe = hand.clone()
                n = len(probe.history)
                probe.step("heuristic")
                bid = probe.history[n] != 24
                if 24 in legal and need is not None:
                    assert bid == (need <= cap), (seed, str(hand.hands[0]), need, cap)
                    checked += 1
                hand.apply(probe.history[n])
                if not bid:
                    break
            elif bids and not (seats == 4 and hand.to_act == 2):
                hand.apply(min(bids))
            else:
                if seats == 4 and hand.to_act == 2:
                    level = int(hand.action_to_string(min(bids))) if bids else None
                hand.apply(24)
    return checked, above_old


@pytest.mark.parametrize("name", ["cutthroat-pinochle", "partnership-pinochle"])
def test_the_heuristic_bids_to_the_learned_ceiling(name):
    checked, above_old = auction_checks(name, range(120))
    assert checked > 300
    assert above_old > 80        # the learned ceiling is not the old count


@pytest.mark.parametrize("name", ["cutthroat-pinochle", "partnership-pinochle"])
def test_the_ceiling_count_reads_its_lane_tables_for_any_coefficients(name):
    """The learned count reads each suit's terms from a table filled when the count loads, both the
    suit's own terms as trump (bid_tables.pxd pin_lane_count) and its share of the terms every suit
    adds to (pin_side_lane_count: aces, aces with tens, tens, queens, jacks, bare tens, short suits):
    with other coefficients loaded (each term of its own sign and size, the short-suit and bare-tens
    terms large: both split between the two), the heuristic still bids exactly to the count in Python
    (ceiling_features), hand by hand."""
    import random
    lib = script()
    rng = random.Random(11)
    coef = [rng.randint(-60, 60) for _ in lib.CEILING_FEATURES]
    coef[0], coef[1] = 240, 10      # a constant and the meld that make bids
    coef[lib.CEILING_FEATURES.index("short")], coef[lib.CEILING_FEATURES.index("side_bare_tens")] = 170, -130
    common.set_pinochle_bid_table(name, coef, None, None, None)
    try:
        checked, _ = auction_checks(name, range(80))
    finally:
        common._load_pinochle_bid_tables()
    assert checked > 100


def test_without_its_own_count_the_seat_after_a_pass_reads_the_ceiling_moved_by_the_read():
    """partner_count unloaded (the read alone, as until stop 31): the same auctions bid to the
    opener's ceiling moved by the read of the partner's pass."""
    tables = common.pinochle_bid_tables()["partnership-pinochle"]
    common.set_pinochle_bid_table("partnership-pinochle", tables["ceiling"], None, tables["partner"], tables["trump"])
    try:
        checked, _ = auction_checks("partnership-pinochle", range(60))
    finally:
        common._load_pinochle_bid_tables()
    assert checked > 150


def test_throw_in_only_with_army_scoring_and_by_the_table():
    """Army scoring on: the bidder throws in exactly when meld + the learned median of its trick
    points (tenths) falls short of the bid; off: never (playing never costs more)."""
    lib = script()
    coef = common.pinochle_bid_tables()["cutthroat-pinochle"]["throw_in"]
    checked = thrown = 0
    for army in (True, False):
        game = Game("cutthroat-pinochle", army_scoring=army)
        points = lib.parse_points(game.rules)
        for seed in range(60):
            hand = game.deal(seed=seed, dealer=2)
            if hand.dealer != 2:
                continue
            hand.apply(hand.string_to_action("30"))      # seat 0 holds a high contract
            hand.apply(hand.string_to_action("pass"))
            hand.step("heuristic")
            kept, trump = hand.hands[0].mask, "SHDC".index(str(hand.trump))
            discard = game.cards(str(hand.discard)).mask
            meld = common.pinochle_meld_breakdown(kept, trump, game.rules)[1]
            disc = sum(points[r] * n for row in lib.counts(discard) for r, n in enumerate(row))
            features = [1, *lib.shape(lib.counts(kept), trump), disc]
            want = army and 300 > 10 * meld + sum(c * f for c, f in zip(coef, features))
            assert bool(hand.thrown_in) == want, (seed, army)
            checked += 1
            thrown += want
    assert checked > 100 and 5 < thrown < 55


def test_bad_tables_are_refused_and_change_nothing():
    before = common.pinochle_bid_tables()
    with pytest.raises(ValueError):
        common.set_pinochle_bid_table("two-hand-pinochle", [1, 2, 3, 4, 5, 6])
    with pytest.raises(ValueError):
        common.set_pinochle_bid_table("cutthroat-pinochle", [1, 2, 3])
    with pytest.raises(ValueError):    # the count after a partner's pass: partnership's, with its read
        common.set_pinochle_bid_table("cutthroat-pinochle", list(range(20)), partner_count=list(range(20)))
    with pytest.raises(ValueError):
        common.set_pinochle_bid_table("partnership-pinochle", list(range(20)), partner_count=list(range(20)))
    with pytest.raises(ValueError):
        common.set_pinochle_bid_table("partnership-pinochle", list(range(20)), None, [1, 2], partner_count=[1, 2])
    with pytest.raises(ValueError):    # the after-pass trees: partnership's, with its count
        common.set_pinochle_bid_table("partnership-pinochle", list(range(20)), None, [1, 2], partner_trees=[])
    with pytest.raises(ValueError):    # an input beyond PIN_AI_INPUTS (19)
        common.set_pinochle_bid_table("partnership-pinochle", list(range(20)), None, [1, 2],
                                      partner_count=list(range(20)), partner_trees=[[[[19, 0]] * 4, [0] * 16]])
    with pytest.raises(ValueError):    # partnership's ceiling is wider than cutthroat's
        common.set_pinochle_bid_table("partnership-pinochle", [1, 2, 3, 4, 5, 6])
    with pytest.raises(ValueError):
        common.set_pinochle_bid_table("cutthroat-pinochle", list(range(11)))
    with pytest.raises(ValueError):
        common.set_pinochle_bid_table("partnership-pinochle", list(range(15)), [1, 2, 3, 4, 5, 6])
    with pytest.raises(ValueError):
        common.set_pinochle_bid_table("cutthroat-pinochle", [1, 2, 3, 4, 5, 6], None, [1, 2])
    with pytest.raises(ValueError):
        common.set_pinochle_bid_table("partnership-pinochle", list(range(15)), None, [1, 2, 3])
    with pytest.raises(ValueError):    # the trump count is partnership's, of PIN_TR_FEATURES coefficients
        common.set_pinochle_bid_table("partnership-pinochle", list(range(15)), None, None, [1, 2, 3])
    with pytest.raises(ValueError):
        common.set_pinochle_bid_table("cutthroat-pinochle", [1, 2, 3, 4, 5, 6], None, None, list(range(15)))
    tree = [[[0, 300]] * 4, [1] * 16]
    for game, trees in (("partnership-pinochle", [[[[19, 1]] * 4, [1] * 16]]),  # the opener's: inputs 0 to 18
                        ("cutthroat-pinochle", [[[[0, 300]] * 3, [1] * 8]]),  # of four splits and 16 leaves
                        ("cutthroat-pinochle", [[[[41, 1]] * 4, [1] * 16]]),  # inputs 0 to 40
                        ("cutthroat-pinochle", [tree] * 33)):                # at most 32
        with pytest.raises(ValueError):
            common.set_pinochle_bid_table(game, list(range(20)), None, None, None, trees)
    with pytest.raises(ValueError):    # trees need the count they are added to
        common.set_pinochle_bid_table("partnership-pinochle", None, None, None, None, [tree])
    assert common.pinochle_bid_tables() == before


def test_a_trees_four_splits_compared_at_once_give_the_plain_loops_leaf():
    """bid_tables.pxd pin_tree_leaf (SSE2 on x86-64) and its plain loop agree, ties and extremes included."""
    assert common._tree_leaves_agree(20_000) == 0


OPENER_SMALL = pathlib.Path(__file__).with_name("cases") / "pinochle_opener_small.json"


def test_regenerating_small_opener_trees_gives_the_same_result(tmp_path):
    """Partnership's opener ceiling trees (``--opener-trees-only``), learned from 40 opener hands of 150
    deals of seeds 2026 and 2027 on the shipped ceiling and trump count: the result pinned in
    tests/cases/pinochle_opener_small.json (``script().refit_opener_trees``; the rest of the table kept;
    seeded deals, so a change of the deal streams re-baselines it)."""
    before = common.pinochle_bid_tables()
    path = tmp_path / "pinochle_bids.json"
    path.write_text(json.dumps(shipped()))
    table = json.loads(script().refit_opener_trees(path, 40, 150, 2026, (2027,)))
    entry = table.pop("partnership-pinochle")
    assert {k: entry.pop(k) for k in ("ceiling_trees", "tree_inputs", "tree_hands", "tree_trials", "tree_seeds")} == \
        json.loads(OPENER_SMALL.read_text())
    kept = shipped()
    assert entry == {k: v for k, v in kept.pop("partnership-pinochle").items()
                     if k not in ("ceiling_trees", "tree_inputs", "tree_hands", "tree_trials", "tree_seeds")}
    assert table == kept
    assert common.pinochle_bid_tables() == before   # learning reads the odds only, loads nothing


def test_seed_lists_are_whole_numbers_or_a_one_line_error():
    """--partner-tree-seeds / --opener-tree-seeds: "2028,2029" or empty; anything else is argparse's
    one-line error (an ArgumentTypeError), not a traceback."""
    import argparse

    seed_list = script().seed_list
    assert seed_list("2028,2029") == (2028, 2029)
    assert seed_list("") == ()
    for bad in ("20x", "2028;2029", "-1"):
        with pytest.raises(argparse.ArgumentTypeError, match="whole numbers"):
            seed_list(bad)


@pytest.mark.parametrize("args", [["--opener-tree-seeds", "20x", "--opener-trees-only"],
                                  ["--opener-trees-only", "--out", "{missing}"]])
def test_bad_arguments_end_with_one_line_and_status_2(args, tmp_path, monkeypatch, capsys):
    """A malformed seed list, or a refit mode with no table at --out to refit: status 2, one line."""
    import sys

    args = [a.format(missing=tmp_path / "none.json") for a in args]
    monkeypatch.setattr(sys, "argv", ["pinochle_bid_table.py", *args])
    with pytest.raises(SystemExit) as exit_:
        script().main()
    assert exit_.value.code == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines[-1].startswith("pinochle_bid_table.py: error: ")
