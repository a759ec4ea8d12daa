"""Two-hand pinochle PIMC in the core (issue 16): ``pimc_values`` draws its worlds from the deal and
the history as the seat saw them and plays every legal action out with the heuristic.

Checked here: in the last 12 tricks the core's decision is the Python path's (same card, every
position); in the stock phase its worlds keep what the seat saw, follow the exact weights of a
position enumerated by replay (the Python resample's test), never depend on cards the seat cannot
see, and value each action as PIMC over the Python resample does (same means within sampling noise)."""
from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import pytest

from cardsim import Game
from cardsim.cards import PINOCHLE
from cardsim.errors import CardsimError
from cardsim.solver.players import parse_policy, pimc_action, play_hand, two_hand_deal_order

from test_resample_pinochle import _chi2_p, two_hand_late_weights

GAME = "two-hand-pinochle"
PIMC = parse_policy("pimc(worlds=8,eval=playout,seed=5)")


def _world_hand(hand: Any, state: Any) -> Any:
    world = object.__new__(type(hand))
    world.__dict__.update(hand.__dict__)
    world._state = state
    return world


def positions(n: int, phase: str, seed0: int = 1) -> list[Any]:
    """``n`` hands at a decision of ``phase`` ("stock": the stock or meld phase, "play": the last
    12 tricks), reached by a mix of heuristic and random actions."""
    out = []
    seed = seed0
    while len(out) < n:
        seed += 1
        rng = random.Random(seed)
        hand = Game(GAME).deal(seed=seed)
        stop = rng.randrange(0, 40) if phase == "stock" else 10 ** 6
        while hand.to_act is not None and stop > 0 and (phase == "stock" or hand.phase != "play"):
            hand.apply(rng.choice(hand.legal_actions())) if rng.random() < 0.3 else hand.step("heuristic")
            stop -= 1
        if phase == "play":
            for _ in range(seed % 9):
                if hand.to_act is not None:
                    hand.step("heuristic")
        if hand.to_act is not None and (hand.phase == "play") == (phase == "play"):
            out.append(hand)
    return out


def test_last_twelve_tricks_decide_as_the_python_path() -> None:
    """Every card known: the core's card is the Python path's (worlds and play-outs from Python)."""
    for hand in positions(14, "play"):
        assert pimc_action(hand, PIMC) == pimc_action(hand, PIMC, core=False)


def test_stock_worlds_keep_what_the_seat_saw() -> None:
    moved = 0
    for hand in positions(12, "stock"):
        seat = hand.to_act
        order = two_hand_deal_order(hand)
        obs = hand.observation(seat)
        for k in range(3):
            world = _world_hand(hand, hand._state.resample_seen(seat, 7 + k, order))
            assert world.observation(seat) == obs
            assert world._state.legal_actions() == hand._state.legal_actions()
            moved += str(world.hands[1 - seat]) != str(hand.hands[1 - seat]) or world._state.stock != hand._state.stock
        # 1000 draws a world: with the default 100 a few of these positions (the opponent's meld
        # choices rule out most deals) relax a world, which this exactness check must not allow.
        acts, means, relaxed = hand._state.pimc_values(seat, 4, 3, order, tries=1000)
        assert acts == hand.legal_actions() and len(means) == len(acts) and relaxed == 0
    assert moved > 0


def test_stock_worlds_follow_the_enumerated_weights() -> None:
    """The position of the Python resample's uniformity test (the opponent's meld decision rules
    out more than half of the deals): the core's worlds leave each card in the stock with the
    weight enumerated by replay (chi-square)."""
    hand, seat, consistent = two_hand_late_weights()
    order = two_hand_deal_order(hand)
    total = sum(consistent.values())
    n = 60 * len(consistent)
    counts: Counter = Counter()
    for i in range(n):
        world = hand._state.resample_seen(seat, i, order)
        counts[(PINOCHLE.code(world.stock[0]),)] += 1
    assert set(counts) <= set(consistent), "a world contradicted what the seat saw"
    p = _chi2_p([counts[k] for k in consistent], [n * w / total for w in consistent.values()])
    assert p > 1e-6, p


def test_stock_decisions_do_not_depend_on_hidden_cards() -> None:
    """Two hands that differ only in what the seat cannot see (a Python resample of one for that
    seat) get the same worlds and so the same values, action for action."""
    differed = 0
    for hand in positions(10, "stock", 50):
        seat = hand.to_act
        for k in range(2):
            other = hand.resample(seat, 100 + k)
            assert other.observation(seat) == hand.observation(seat)
            differed += other.deal != hand.deal
            a = hand._state.pimc_values(seat, 6, 11, two_hand_deal_order(hand))
            b = other._state.pimc_values(seat, 6, 11, two_hand_deal_order(other))
            assert a == b
            assert pimc_action(other, PIMC) == pimc_action(hand, PIMC)
    assert differed > 0


def test_relaxed_worlds_keep_what_the_seat_holds_and_see_no_hidden_card() -> None:
    """``tries=0``: every world relaxed (the hidden cards shuffled, blind to past meld decisions):
    still keyed only by what the seat saw, and its values are those of worlds with the seat's
    cards (the same legal actions, valued)."""
    for hand in positions(6, "stock", 80):
        seat = hand.to_act
        a = hand._state.pimc_values(seat, 6, 11, two_hand_deal_order(hand), tries=0)
        assert a[2] == 6 and a[0] == hand.legal_actions()
        other = hand.resample(seat, 3)
        assert other._state.pimc_values(seat, 6, 11, two_hand_deal_order(other), tries=0) == a


def _python_values(hand: Any, worlds: int) -> dict[int, list[int]]:
    """PIMC over the Python resample: per action, the seat's final score less the opponent's
    in each of ``worlds`` resamples, the heuristic playing on."""
    seat = hand.to_act
    out: dict[int, list[int]] = {a: [] for a in hand.legal_actions()}
    for w in range(worlds):
        world = hand.resample(seat, 9000 + w)
        for a in out:
            child = world.clone()
            child.apply(a)
            child.play_out("heuristic")
            out[a].append(child.scores[seat] - child.scores[1 - seat])
    return out


def test_stock_values_agree_with_pimc_over_the_python_resample() -> None:
    """Same expectation per action as PIMC over the exact Python resample (a z test per action,
    Bonferroni over the actions at alpha 1e-4): the worlds are drawn alike."""
    hand = next(h for h in positions(30, "stock", 300) if h.tricks_played >= 3 and h.phase == "stock"
                and len(h.legal_actions()) >= 6)
    seat, n = hand.to_act, 60
    ref = _python_values(hand, n)
    core: dict[int, list[int]] = {a: [] for a in ref}
    for w in range(n):      # one world a call: each world's value per action
        acts, means, relaxed = hand._state.pimc_values(seat, 1, 500 + w, two_hand_deal_order(hand), tries=5000)
        assert relaxed == 0
        for a, m in zip(acts, means):
            core[a].append(int(m))
    bound = 4.6 if len(ref) <= 12 else 4.8
    for a in ref:
        x, y = ref[a], core[a]
        mx, my = sum(x) / n, sum(y) / n
        vx = sum((v - mx) ** 2 for v in x) / (n - 1)
        vy = sum((v - my) ** 2 for v in y) / (n - 1)
        se = math.sqrt((vx + vy) / n) or 1.0
        assert abs(mx - my) / se < bound, (hand.action_to_string(a), mx, my, se)


def test_pimc_plays_whole_hands_and_batches_refuse_the_solver_in_one_line() -> None:
    hand = Game(GAME).deal(seed=4)
    play_hand(hand, ["pimc(worlds=4)", "heuristic"])
    assert hand.to_act is None and sum(hand.trick_points) == 250
    for call in (lambda: Game(GAME).simulate(4, policy="pimc(eval=solve)"),
                 lambda: Game(GAME).simulate(4, policy=["pimc(eval=solve)", "heuristic"], unit="game")):
        with pytest.raises(CardsimError) as info:   # batches play pimc by play-outs (eval=playout)
            call()
        assert "\n" not in str(info.value) and "two-hand-pinochle" in str(info.value)


def test_pimc_values_check_their_arguments() -> None:
    hand = Game(GAME).deal(seed=2)
    seat = hand.to_act
    with pytest.raises(ValueError, match="seat to act"):
        hand._state.pimc_values(1 - seat, 4, 0, two_hand_deal_order(hand))
    with pytest.raises(ValueError, match="48 card bits"):
        hand._state.pimc_values(seat, 4, 0, [0] * 48)
    with pytest.raises(ValueError, match="worlds"):
        hand._state.pimc_values(seat, 0, 0, two_hand_deal_order(hand))
    with pytest.raises(ValueError, match="tries"):
        hand._state.pimc_values(seat, 4, 0, two_hand_deal_order(hand), tries=-1)
    other = Game(GAME).deal(seed=3)
    hand.step("heuristic")
    hand.step("heuristic")
    with pytest.raises(ValueError, match="not this hand's"):
        hand._state.pimc_values(hand.to_act, 4, 0, two_hand_deal_order(other))
