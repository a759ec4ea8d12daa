"""PIMC and oracle everywhere a policy goes (issue 16 items 3 and 4): the core's batch PIMC
(cardsim.solver._pimc) against the Python reference decision by decision, batch hands against
a step-by-step replay, thread counts, bid odds with solver players, the sensitivity view
(``cardsim bid --policies``) and the one-line errors.  Nothing here pins a stream value: every
check compares two computations of the same thing."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest
from click.testing import CliRunner

from cardsim import Game, _core, bid_odds
from cardsim.cli import main
from cardsim.errors import CardsimError
from cardsim.odds_policies import compare_policies, split_policies
from cardsim.solver import _pimc
from cardsim.solver.players import check_batch_policies, oracle_action, parse_policy, pimc_action

HEUR = ("heuristic", 1, "solve", 0)
RAND = ("random", 1, "solve", 0)


def _played(state) -> int:
    return sum(bin(w).count("1") for w in state.won) + len(state.trick)


@pytest.mark.parametrize("game,evals", [("euchre", ("solve", "playout")), ("cutthroat-euchre", ("solve", "playout")),
                                        ("spades", ("playout",)), ("cutthroat-spades", ("playout",))])
def test_core_decision_equals_the_python_reference(game, evals):
    """pimc_decision (C, no GIL) makes exactly the Python reference's choice from the same worlds,
    and the oracle the Python oracle's: the places, voids, evaluation and tie-breaks agree."""
    g = Game(game)
    rnd = random.Random(game)
    checked = 0
    for seed in range(8 if "euchre" in game else 2):
        hand = g.deal(seed=seed)
        while hand.to_act is not None:
            if hand._state.phase == "play" and len(hand.legal_actions()) > 1 and rnd.random() < 0.5:
                for ev in evals:
                    key = rnd.getrandbits(64)
                    ref = pimc_action(hand, parse_policy(f"pimc(worlds=4,eval={ev})"), key=key)
                    assert _pimc.pimc_decision(hand._state, ("pimc", 4, ev, 0), key) == ref
                    checked += 1
                if "euchre" in game:
                    assert _pimc.pimc_decision(hand._state, ("oracle", 1, "solve", 0), 0) == oracle_action(hand)
            hand.step("heuristic" if rnd.random() < 0.8 else "random")
    assert checked >= 5


def test_pimc_ignores_hidden_cards():
    """Resampling what the seat cannot see gives a state the seat cannot tell apart: with the same
    key the core's PIMC plays the same card in both."""
    g = Game("euchre")
    for seed in range(6):
        hand = g.deal(seed=seed)
        while hand.to_act is not None and (hand._state.phase != "play" or hand._state.tricks_played < 1):
            hand.step("heuristic")
        if hand.to_act is None:
            continue
        seat = hand.to_act
        for k in range(3):
            other = hand.resample(seat, 100 + k)
            assert other._state.hands[seat] == hand._state.hands[seat]
            for key in (1, 2**63 + 5):
                assert (_pimc.pimc_decision(other._state, ("pimc", 8, "playout", 0), key)
                        == _pimc.pimc_decision(hand._state, ("pimc", 8, "playout", 0), key))


def _replay(game: Game, seed: int, index: int, spec):
    """Hand ``index`` of the batch keyed by ``seed``, through the step API: core policies by
    policy_step, PIMC seats by pimc_decision with the batch's decision key."""
    seats = game.seats
    pseed = _pimc.policy_seed(spec)
    if "euchre" in game.name:
        state = _core.EuchreState(game.rules, seats, seed, index % seats, index)
        playing = lambda: state.phase == "play"  # noqa: E731
    else:
        state = _core.SpadesState(game.rules, seed, index % seats, index)
        playing = lambda: state.phase == "play"  # noqa: E731
    while state.to_act is not None and state.to_act >= 0 and state.phase != "done":
        kind = spec[state.to_act][0]
        if kind in ("pimc", "oracle") and playing():
            key = _pimc.decision_key(pseed, seed, index, _played(state), state.to_act)
            state.apply(_pimc.pimc_decision(state, spec[state.to_act], key))
        else:
            state.policy_step("random" if kind == "random" else "heuristic")
    return state


@pytest.mark.parametrize("game", ["euchre", "cutthroat-euchre", "spades"])
def test_batch_hands_equal_a_step_by_step_replay(game):
    """Every batch hand with PIMC seats is the hand the step API plays with the same decisions:
    the voids the batch notes for resampling are the step state's."""
    g = Game(game)
    ev = "solve" if "euchre" in game else "playout"
    spec = [("pimc", 4, ev, 7), HEUR, RAND, HEUR, HEUR][:g.seats]
    if "euchre" in game:
        spec[1] = ("oracle", 1, "solve", 0)
    n = 12 if "euchre" in game else 3
    records = np.zeros(n, dtype=g._engine.record_dtype)
    if "euchre" in game:
        _pimc.simulate_euchre_pimc(g.rules, g.seats, 5, 0, records, spec, 1)
    else:
        _pimc.simulate_spades_pimc(g.rules, 5, 0, records, spec, 1)
    for i in range(n):
        state = _replay(g, 5, i, spec)
        assert list(records["tricks"][i][:g.seats]) == list(state.tricks)
        if "euchre" in game:
            assert list(records["points"][i][:g.seats]) == list(state.points)
            assert records["maker"][i] == state.maker
        else:
            assert list(records["score"][i][:g.seats]) == list(state.score)[:g.seats]


@pytest.mark.parametrize("game", ["euchre", "cutthroat-euchre", "spades", "cutthroat-spades"])
def test_core_policies_through_the_pimc_path_are_the_core_batch(game):
    """With heuristic and random seats only, the PIMC module plays exactly the engines' batch."""
    g = Game(game)
    spec = [HEUR, RAND, HEUR, HEUR, HEUR][:g.seats]
    names = [s[0] for s in spec]
    a = np.zeros(300, dtype=g._engine.record_dtype)
    b = np.zeros(300, dtype=g._engine.record_dtype)
    g._engine.simulate_chunk(g.rules, 9, 0, a, names, 1)
    if "euchre" in game:
        _pimc.simulate_euchre_pimc(g.rules, g.seats, 9, 0, b, spec, 1)
    else:
        _pimc.simulate_spades_pimc(g.rules, 9, 0, b, spec, 1)
    for field in a.dtype.names:
        assert (a[field] == b[field]).all(), field


def test_simulate_with_pimc_is_the_same_for_any_thread_count():
    g = Game("euchre")
    policy = ["pimc(worlds=8,eval=playout)", "heuristic", "oracle", "random"]
    one = g.simulate(150, policy=policy, seed=4, threads=1)
    two = g.simulate(150, policy=policy, seed=4, threads=2)
    for field in one.array.dtype.names:
        assert (one.array[field] == two.array[field]).all()
    assert one.policy == ["pimc(worlds=8,eval=playout,seed=0)", "heuristic", "oracle", "random"]
    # a policy seed is a different player draw, the same deals
    other = g.simulate(150, policy=["pimc(worlds=8,eval=playout,seed=3)", "heuristic", "oracle", "random"],
                       seed=4, threads=1)
    assert (other.array["dealer"] == one.array["dealer"]).all()
    deals = g.simulate(20, policy="pimc(worlds=2,eval=playout)", seed=4, deals=True).deals
    assert (deals == g.simulate(20, policy="heuristic", seed=4, deals=True).deals).all()  # PIMC bids as the heuristic


def test_oracle_beats_the_heuristic_on_the_same_deals():
    """An upper bound on card play: the oracle's team takes more tricks than the heuristic team in
    its seats (same deals, same bidding), far beyond noise."""
    g = Game("euchre")
    base = g.simulate(400, policy="heuristic", seed=2, threads=2).array
    orc = g.simulate(400, policy=["oracle", "heuristic"] * 2, seed=2, threads=2).array
    gain = (orc["tricks"][:, 0] + orc["tricks"][:, 2]).astype(int) - (base["tricks"][:, 0] + base["tricks"][:, 2])
    assert gain.mean() > 3 * gain.std() / np.sqrt(len(gain))


def test_euchre_odds_with_core_policies_through_the_pimc_path_are_the_core_trials():
    g = Game("euchre")
    hand = g.cards("JH AH KS 9C TD")
    up = g.cards("9H").mask.bit_length() - 1
    a = np.zeros((200, _core.EUCHRE_ODDS_COLUMNS), dtype=np.int16)
    b = np.zeros_like(a)
    _core.euchre_odds(g.rules, 4, hand.mask, up, 0, 3, 11, 0, a, ["heuristic", "random", "heuristic", "heuristic"], 1)
    _pimc.euchre_odds_pimc(g.rules, 4, hand.mask, up, 0, 3, 11, 0, b, [HEUR, RAND, HEUR, HEUR], 1)
    assert (a == b).all()


@pytest.mark.parametrize("game,cards", [("spades", "AS KS QS 5S 2S AH KH 7H 3H AD 8D 4D 9C"),
                                        ("cutthroat-spades", "AS KS QS 5S 2S AH KH 7H 3H AD 8D 4D 9C 6C 5C 4C 3C")])
def test_spades_odds_each_bid_played_alone_equal_the_core_shortcuts(game, cards):
    """The PIMC trials play every candidate bid on its own copy of the deal; with heuristic players
    that must equal the core's trials, which share one play between bids (spades/odds.pyx)."""
    policy_odds = bid_odds(game, cards, trials=150, seed=3, threads=1)
    g = Game(game)
    spec = [HEUR] * g.seats
    from cardsim.spades.bid_odds import _candidate_codes
    held = len(g.cards(cards))
    codes = _candidate_codes(g, held, [0] * g.seats, 0, False)
    a = np.zeros((150, 3 * len(codes) + 1), dtype=np.int16)
    b = np.zeros_like(a)
    dealer = g.seats - 1
    _core.spades_odds(g.rules, g.cards(cards).mask, 0, dealer, [0] * g.seats, False, codes, 3, 0, a,
                      ["heuristic"] * g.seats, 1)
    _pimc.spades_odds_pimc(g.rules, g.cards(cards).mask, 0, dealer, [0] * g.seats, False, codes, 3, 0, b, spec, 1)
    assert (a == b).all()
    assert policy_odds.trials == 150


def test_euchre_bid_odds_with_pimc():
    one = bid_odds("euchre", "JH AH KS 9C TD", upcard="9H", trials=60, seed=1, threads=1,
                   policy="pimc(worlds=8,eval=playout)")
    two = bid_odds("euchre", "JH AH KS 9C TD", upcard="9H", trials=60, seed=1, threads=2,
                   policy="pimc(worlds=8,eval=playout)")
    assert one.to_dict() == two.to_dict()
    assert one.policy == ["pimc(worlds=8,eval=playout,seed=0)"] * 4
    per_seat = bid_odds("euchre", "JH AH KS 9C TD", upcard="9H", trials=60, seed=1, threads=1,
                        policy=["heuristic", "pimc(worlds=8,eval=playout)", "heuristic", "pimc(worlds=8,eval=playout)"])
    assert per_seat.policy[0] == "heuristic" and per_seat.policy[1].startswith("pimc")
    for row in one.rows:
        assert abs(sum(row[f"p_{k}"] for k in ("euchre", "one", "march", "defend", "thrown_in")) - 1) < 1e-5


def test_policy_comparison_uses_the_same_deals():
    cmp = compare_policies("euchre", "JH AH KS 9C TD", "heuristic,pimc(worlds=4,eval=playout)", upcard="9H",
                           trials=40, seed=2, threads=1)
    assert cmp.policies == ["heuristic", "pimc(worlds=4,eval=playout,seed=0)"]
    assert [r["option"] for r in cmp.rows][:3] == ["round 1: pass", "round 1: order up", "round 1: order up alone"]
    assert len(cmp.rows[0]["by_policy"]) == 2
    # the heuristic column is the plain heuristic run
    plain = bid_odds("euchre", "JH AH KS 9C TD", upcard="9H", trials=40, seed=2, threads=1)
    assert cmp.odds[0].to_dict() == plain.to_dict()
    # heuristic against random in a pinochle game (no PIMC there): the view works for every game
    p = compare_policies("cutthroat-pinochle", "AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D", ["heuristic", "random"],
                         trials=300, seed=1, threads=1)
    assert p.rows[0]["option"].startswith("bid ") and len(p.recommendations) == 2


def test_split_policies():
    assert split_policies("heuristic, pimc(worlds=16,eval=playout),oracle") == [
        "heuristic", "pimc(worlds=16,eval=playout)", "oracle"]
    for bad in ("heuristic,", "pimc(worlds=2", "a)b"):
        with pytest.raises(CardsimError):
            split_policies(bad)


def test_bad_policies_in_python():
    for policy, text in [("pimc(worlds=0)", "worlds"), ("pimc(eval=guess)", "eval"), ("pimc(depth=3)", "depth"),
                         ("bogus", "unknown policy")]:
        with pytest.raises(CardsimError, match=text):
            check_batch_policies("euchre", policy, 4)
    with pytest.raises(CardsimError, match="eval=playout"):
        Game("cutthroat-pinochle").simulate(5, policy="pimc(eval=solve)")
    with pytest.raises(CardsimError, match="needs eval=playout"):
        Game("spades").simulate(5, policy="pimc(eval=solve,value=score)", unit="tournament")


def _cli(*args: str):
    return CliRunner().invoke(main, list(args))


def test_cli_bid_policy_pimc_and_policies_json():
    res = _cli("bid", "euchre", "JH AH KS 9C TD", "--upcard", "9H", "--policy", "pimc(worlds=4,eval=playout)",
               "--trials", "30", "--threads", "1", "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["policy"][0] == "pimc(worlds=4,eval=playout,seed=0)"
    res = _cli("bid", "euchre", "JH AH KS 9C TD", "--upcard", "9H", "--policies", "heuristic,pimc(worlds=4,eval=playout)",
               "--trials", "30", "--threads", "1", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["policies"] == ["heuristic", "pimc(worlds=4,eval=playout,seed=0)"]
    assert {"option", "figure", "by_policy"} <= set(out["rows"][0]) and len(out["recommendations"]) == 2
    res = _cli("bid", "euchre", "JH AH KS 9C TD", "--upcard", "9H", "--policy",
               "heuristic,pimc(worlds=2,eval=playout),heuristic,oracle", "--trials", "10", "--threads", "1", "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["policy"] == ["heuristic", "pimc(worlds=2,eval=playout,seed=0)", "heuristic", "oracle"]
    res = _cli("bid", "euchre", "JH AH KS 9C TD", "--upcard", "9H", "--policies", "heuristic,random",
               "--trials", "30", "--threads", "1")
    assert res.exit_code == 0 and "recommendation" in res.output and "P(make)" in res.output
    # conditioned: the same kept deals under each policy (PIMC seats bid as the heuristic)
    res = _cli("bid", "euchre", "JH AH KS 9C TD", "--upcard", "9H", "--policies", "heuristic,pimc(worlds=2,eval=playout)",
               "--void", "1:S", "--trials", "10", "--threads", "1", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert [o["conditions"]["trials"] for o in out["odds"]] == [10, 10]


@pytest.mark.parametrize("args,text", [
    (["euchre", "JH AH KS 9C TD", "--upcard", "9H", "--policy", "bogus"], "unknown policy"),
    (["euchre", "JH AH KS 9C TD", "--upcard", "9H", "--policy", "pimc(worlds=x)"], "worlds"),
    (["euchre", "JH AH KS 9C TD", "--upcard", "9H", "--policy", "pimc(eval=fast)"], "eval"),
    (["cutthroat-pinochle", "AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D", "--policy", "pimc(eval=solve)"],
     "eval=playout"),
    (["two-hand-pinochle", "AS AS TS KS QS JS 9S AH AD AC KH QH", "--upcard", "TC", "--policies",
      "heuristic,oracle(tricks=4)"], "not available"),
    (["euchre", "JH AH KS 9C TD", "--upcard", "9H", "--policies", "heuristic"], "at least two"),
    (["euchre", "JH AH KS 9C TD", "--upcard", "9H", "--policy", "heuristic,pimc"], "one per seat"),
    (["euchre", "JH AH KS 9C TD", "--upcard", "9H", "--policy", "pimc(worlds=2"], "parentheses"),
    (["euchre", "JH AH KS 9C TD", "--upcard", "9H", "--policy", "pimc", "--workers", "0"], "workers must be"),
])
def test_cli_bad_policies_one_line_exit_2(args, text):
    res = _cli("bid", *args, "--trials", "10")
    assert res.exit_code == 2, res.output
    assert text in res.output and len(res.output.strip().splitlines()) == 1


def test_cli_bid_pinochle_policy_pimc_and_policies():
    """cardsim bid takes pimc in the pinochle games (the core's play-outs), alone and side by side."""
    res = _cli("bid", "partnership-pinochle", "AS AS TS KS QS JS 9S AH AD AC KH QH", "--policy", "pimc(worlds=2)",
               "--trials", "8", "--threads", "1", "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["policy"][0] == "pimc(worlds=2,eval=playout,seed=0)"
    res = _cli("bid", "two-hand-pinochle", "AS AS TS KS QS JS 9S AH AD AC KH QH", "--upcard", "TC", "--policies",
               "heuristic,pimc(worlds=2)", "--trials", "6", "--threads", "1", "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["policies"] == ["heuristic", "pimc(worlds=2,eval=playout,seed=0)"]


def test_spades_pimc_bidding_and_score_playouts():
    """bids=pimc (each candidate bid judged by play-outs of sampled worlds) and score play-outs:
    the same for any thread count, named in full, and stronger than the heuristic on the same deals."""
    g = Game("spades")
    policy = ["pimc(worlds=8,bids=pimc)", "heuristic"] * 2
    one = g.simulate(60, policy=policy, seed=6, threads=1)
    two = g.simulate(60, policy=policy, seed=6, threads=2)
    assert all((one.array[f] == two.array[f]).all() for f in one.array.dtype.names)
    assert one.policy[0] == "pimc(worlds=8,eval=playout,seed=0,bids=pimc,value=score)"
    assert check_batch_policies("spades", "pimc", 4)[0][0] == "pimc(worlds=32,eval=playout,seed=0,value=score)"
    base = g.simulate(600, policy="heuristic", seed=6, threads=2).array
    pimc = g.simulate(600, policy=["pimc(worlds=8)", "heuristic"] * 2, seed=6, threads=2).array
    gain = (pimc["score"][:, 0] - pimc["score"][:, 1]).astype(int) - (base["score"][:, 0] - base["score"][:, 1])
    assert gain.mean() > 2 * gain.std() / np.sqrt(len(gain))  # z 3.6-4.7 over seeds 6-8; the bench has the figure
    odds = bid_odds("spades", "AS KS QS 5S 2S AH KH 7H 3H AD 8D 4D 9C", trials=12, seed=1, threads=1,
                    policy="pimc(worlds=4,bids=pimc)")
    assert odds.recommendation["policy_bid"] is not None
    for bad, text in [("pimc(bids=pimc)", "for spades"), ("pimc(value=score,eval=solve)", "for spades")]:
        with pytest.raises(CardsimError, match=text):
            check_batch_policies("euchre", bad, 4)
    with pytest.raises(CardsimError, match="needs eval=playout"):
        check_batch_policies("spades", "pimc(value=score,eval=solve)", 4)


def test_hand_by_hand_players_use_the_core_decision():
    """cardsim.solver.players.act (cardsim simulate --policy-seats) now asks the core: the same card as
    the Python players, from the same worlds."""
    from cardsim.solver.players import core_action
    for game in ("euchre", "cutthroat-euchre"):
        g = Game(game)
        for seed in range(3):
            hand = g.deal(seed=seed)
            while hand.to_act is not None:
                if hand._state.phase == "play" and len(hand.legal_actions()) > 1:
                    p = parse_policy("pimc(worlds=4)")
                    assert core_action(hand, p) == pimc_action(hand, p)
                    assert core_action(hand, parse_policy("oracle")) == oracle_action(hand)
                hand.step("heuristic")


def test_docstring_examples_of_the_comparison():
    import doctest

    import cardsim.odds_policies
    result = doctest.testmod(cardsim.odds_policies, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
