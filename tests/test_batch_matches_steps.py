"""The batch's fast paths play exactly the hands the step-by-step engine plays (Cutthroat,
Partnership and Two-Hand Pinochle; euchre and spades: test_euchre_core.py, test_spades_core.py).

The step engine is the one checked against the pure-Python reference
(test_differential_cutthroat_pinochle.py); the batch has a register-only loop for
all-random tricks.  Replaying batch hand i through the step API (same stream,
same dealer) must give the same record, field by field.
"""
import pytest

from cardsim import Game, _core
from cardsim.pinochle import common
from repo_files import load


@pytest.mark.parametrize("policy", [
    ["random"] * 3,
    ["heuristic"] * 3,
    ["heuristic", "random", "random"],
    ["random", "heuristic", "random"],
])
@pytest.mark.parametrize("options", [{}, {"widow": False, "must_beat": "never"}, {"must_beat": "trump_led"}])
def test_batch_record_equals_step_replay(policy, options):
    game = Game("cutthroat-pinochle", **options)
    seed, n = 99, 300
    records = game.simulate(n, policy=policy, seed=seed, threads=2).array
    for i in range(n):
        state = _core.CutthroatPinochleState(game.rules, seed, i % 3, i)
        while state.phase != "done":
            state.policy_step(policy[state.to_act])
        rec = records[i]
        assert (rec["dealer"], rec["bidder"], rec["redeals"]) == (state.dealer, state.bidder, state.redeals)
        assert list(rec["score"]) == state.score
        assert list(rec["trick_points"]) == state.trick_points
        assert list(rec["meld"]) == state.meld
        assert (bool(rec["made"]), bool(rec["thrown_in"])) == (state.made, state.thrown_in)
        if state.bidder >= 0:
            assert (rec["bid"], rec["trump"]) == (state.high_bid, state.trump)


def replay(state, policy):
    while state.phase != "done":
        state.policy_step(policy[state.to_act])
    return state


@pytest.mark.parametrize("policy", [["heuristic"] * 4, ["random"] * 4, ["heuristic", "random", "random", "heuristic"]])
@pytest.mark.parametrize("options", [{}, {"must_beat": "always", "all_pass": "redeal", "pass_cards": 0},
                                     {"must_beat": "never"}])
def test_partnership_batch_record_equals_step_replay(policy, options):
    """The random batch plays its tricks by masks (random_play.pxd, heading_legal), four hands side
    by side; the step API by pp_legal card by card: the records agree under every heading rule."""
    game = Game("partnership-pinochle", **options)
    seed, n = 41, 200
    records = game.simulate(n, policy=policy, seed=seed, threads=2).array
    for i in range(n):
        state = replay(_core.PartnershipPinochleState(game.rules, seed, i % 4, i), policy)
        rec = records[i]
        assert (rec["dealer"], rec["bidder"], rec["redeals"]) == (state.dealer, state.bidder, state.redeals)
        for field in ("meld", "trick_points", "team_meld", "team_trick_points", "team_score"):
            assert list(rec[field]) == list(getattr(state, field)), (i, field)
        assert bool(rec["made"]) == state.made
        if state.bidder >= 0:
            assert (rec["bid"], rec["trump"]) == (state.high_bid, state.trump)


@pytest.mark.parametrize("policy", [["heuristic"] * 2, ["random"] * 2, ["random", "heuristic"]])
def test_two_hand_batch_record_equals_step_replay(policy):
    game = Game("two-hand-pinochle")
    seed, n = 43, 150
    records = game.simulate(n, policy=policy, seed=seed, threads=2).array
    for i in range(n):
        state = replay(_core.TwoHandPinochleState(game.rules, seed, i % 2, i), policy)
        rec = records[i]
        assert (rec["dealer"], rec["trump"], rec["last_trick"]) == (state.dealer, state.trump, state.last_winner)
        assert rec["exchanged"] == state.exchanged
        for field in ("meld", "trick_points", "score", "melds"):
            assert list(rec[field]) == list(getattr(state, field)), (i, field)


@pytest.mark.parametrize("options", [{}, {"min_bid": 36, "all_pass": "redeal"}, {"meld_double_aces": 5}])
def test_partnership_heuristic_kept_inputs_equal_fresh_ones(options):
    """The batch's heuristic reads each seat's count inputs once a hand (partnership_players.pxd
    PPKept: the opener's count, the count after a partner's pass, the trump choice and the meld a
    passing partner starts from); the step API reads them afresh at every call.  The same hands
    either way, redealt ones among them under a high minimum bid (the inputs kept are compared with
    the seat's cards), and under a meld table where giving up a card can add meld (double aces under single aces: the
    pass counts the meld of a meldless hand again, pin_meld_gain_max)."""
    game = Game("partnership-pinochle", **options)
    policy = ["heuristic"] * 4
    seed, n = 17, 600
    records = game.simulate(n, policy=policy, seed=seed, threads=2).array
    redealt = 0
    for i in range(n):
        state = replay(_core.PartnershipPinochleState(game.rules, seed, i % 4, i), policy)
        rec = records[i]
        assert (rec["dealer"], rec["bidder"], rec["redeals"]) == (state.dealer, state.bidder, state.redeals)
        assert (rec["bid"], rec["trump"]) == (state.high_bid, state.trump), i
        for field in ("meld", "trick_points", "team_score"):
            assert list(rec[field]) == list(getattr(state, field)), (i, field)
        redealt += state.redeals > 0
    assert redealt > 0 or "min_bid" not in options


def test_partnership_kept_tree_inputs_are_both_served_and_read_again():
    """pp_count_with_trees keeps a seat's tree inputs from its opener read for its read after its
    partner's pass when both counts name the same suit, and reads them again when not (PPTreeInputs).
    Both happen among the seats of the kept-inputs test's hands above (seed 17), so that test, the
    batch against the step API that reads everything afresh, covers both: the opener's count and the
    count after a pass (pinochle_bid_table.json's ceiling and partner_count) name different suits for
    some seats and the same one for most."""
    pbt = load("scripts/pinochle_bid_table.py", "pinochle_bid_table")
    game = Game("partnership-pinochle")
    tables = common.pinochle_bid_tables()["partnership-pinochle"]
    same = other = 0
    for i in range(600):
        for mask in _core.PartnershipPinochleState(game.rules, 17, i % 4, i).hands:
            features = [pbt.ceiling_features(mask, t, game.rules) for t in range(4)]
            suits = []
            for coef in (tables["ceiling"], tables["partner_count"]):
                counts = [sum(c * x for c, x in zip(coef, f)) for f in features]
                suits.append({t for t in range(4) if counts[t] == max(counts)})
            same += suits[0] == suits[1]
            other += not suits[0] & suits[1]
    assert other > 0 and same > 10 * other, (same, other)
