"""The batch's fast paths play exactly the hands the step-by-step engine plays.

The step engine is the one checked against the pure-Python reference
(test_differential_cutthroat_pinochle.py); the batch has a register-only loop for
all-random tricks.  Replaying batch hand i through the step API (same stream,
same dealer) must give the same record, field by field.
"""
import pytest

from cardsim import Game, _core


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
