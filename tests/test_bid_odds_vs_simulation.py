"""cardsim.bid_odds for Cutthroat Pinochle agrees with plain, independent simulation.

What one odds trial does (src/cardsim/_cutthroat_pinochle_odds.pxi): the 33 cards the
player cannot see are dealt uniformly to the two other seats and the widow, the player
wins the auction, takes the widow, names a trump suit, discards with the heuristic, never
throws in, and the hand is played out by the chosen players.

Here the same thing is done the slow way: Python's ``random.Random`` deals the unseen
cards (independent of the core's streams), ``CutthroatPinochleState.set_deal`` starts the
step engine from that deal, the player opens at the minimum and the others pass, the
player declares with ``heuristic_discard`` and every card is played by ``policy_step``.
The player's counted total is worked out here from the rules (save-meld rule, dix
always counts).  Means agree within 4 standard errors and every reported P(make) within
4 combined standard errors.
"""
from __future__ import annotations

import math
import random

import numpy as np
import pytest

from cardsim import Game, bid_odds
from cardsim import _core

GAME = "cutthroat-pinochle"
#: the example hand of cardsim.odds: strong in spades
HAND = "AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D"
SUITS = "SHDC"
DECK = 0x0FFF0FFF0FFF0FFF  # the 48 physical card bits
SEAT, DEALER = 0, 2  # bid_odds' default dealer for seat 0: the seat to its right
ODDS_TRIALS = 20_000
SIM_TRIALS = 10_000


def bits(mask: int) -> list[int]:
    return [b for b in range(64) if (mask >> b) & 1]


def to_mask(cards: list[int]) -> int:
    return sum(1 << b for b in cards)


def simulate(rules, hand: int, trump: int, policy: str, trials: int, seed: int) -> dict[str, np.ndarray]:
    """The player's meld, trick points and counted total over ``trials`` plain deals."""
    unseen = bits(DECK & ~hand)
    rng = random.Random(seed)
    state = _core.CutthroatPinochleState(rules, 0, DEALER)
    size = state.hand_size
    meld, trick_points, total = [], [], []
    for _ in range(trials):
        rng.shuffle(unseen)
        state.set_deal((hand, to_mask(unseen[:size]), to_mask(unseen[size:2 * size])), to_mask(unseen[2 * size:]))
        assert state.phase == "auction" and state.to_act == SEAT
        state.auction_act(state.min_bid())
        while state.phase == "auction":  # the others pass (the dealer is out under dealer_may_bid=false)
            state.auction_act(-1)
        assert state.phase == "declare" and state.bidder == SEAT
        state.declare(trump, state.heuristic_discard(trump), False)
        while state.phase != "done":
            state.policy_step(policy)
        assert not state.thrown_in
        m, tp = state.meld[SEAT], state.trick_points[SEAT]
        dix = bin(state.meld_hands[SEAT] & (3 << 16 * trump)).count("1") * rules["meld_dix"]
        counted = m if tp >= rules["save_meld_points"] else (dix if rules["dix_always_counts"] else 0)
        assert state.made == (counted + tp >= state.high_bid)
        if state.made:
            assert state.score[SEAT] == counted + tp
        meld.append(m)
        trick_points.append(tp)
        total.append(counted + tp)
    return {"meld": np.array(meld), "trick_points": np.array(trick_points), "total": np.array(total)}


def check_mean(odds_mean: float, odds_trials: int, sim: np.ndarray, name: str) -> None:
    # the odds report only the mean: its spread is taken to be the simulation's
    se = float(sim.std()) * math.sqrt(1 / odds_trials + 1 / len(sim))
    assert abs(odds_mean - sim.mean()) <= 4 * se + 1e-4, (name, odds_mean, sim.mean(), se)


@pytest.mark.parametrize("trump, policy", [(t, "heuristic") for t in range(4)] + [(0, "random")])
def test_odds_agree_with_plain_simulation(trump, policy):
    game = Game(GAME)
    hand = game.cards(HAND).mask
    odds = bid_odds(GAME, HAND, trials=ODDS_TRIALS, seed=11, seat=SEAT, policy=policy, threads=1)
    assert odds.dealer == DEALER
    sim = simulate(game.rules, hand, trump, policy, SIM_TRIALS, seed=1000 + trump)
    summary = next(t for t in odds.trumps if t["trump"] == SUITS[trump])
    check_mean(summary["meld_mean"], odds.trials, sim["meld"], "meld")
    check_mean(summary["trick_points_mean"], odds.trials, sim["trick_points"], "trick points")
    check_mean(summary["total_mean"], odds.trials, sim["total"], "total")
    rows = [r for r in odds.rows if r["trump"] == SUITS[trump]]
    middling = 0
    for row in rows:
        p_odds, p_sim = row["p_make"], float((sim["total"] >= row["bid"]).mean())
        pooled = (p_odds * odds.trials + p_sim * SIM_TRIALS) / (odds.trials + SIM_TRIALS)
        se = math.sqrt(pooled * (1 - pooled) * (1 / odds.trials + 1 / SIM_TRIALS))
        assert abs(p_odds - p_sim) <= 4 * se + 1e-6, (row["bid"], p_odds, p_sim, se)
        middling += 0.1 <= pooled <= 0.9
    assert middling >= 2  # the comparison covers bids that are genuinely in doubt


def test_set_deal_starts_the_auction_from_the_given_cards():
    game = Game(GAME)
    state = _core.CutthroatPinochleState(game.rules, 5, 1)
    cards = bits(DECK)
    random.Random(3).shuffle(cards)
    hands = tuple(to_mask(cards[15 * s:15 * s + 15]) for s in range(3))
    widow = to_mask(cards[45:])
    state.auction_act(state.min_bid())  # a hand under way is replaced
    state.set_deal(hands, widow)
    assert state.hands == hands and state.widow == widow
    assert state.phase == "auction" and state.dealer == 1 and state.to_act == 2 and state.high_bid == -1
    assert state.won == (0, 0, 0) and state.trick_points == [0, 0, 0] and state.score == [0, 0, 0]
    state.auction_act(16)
    state.auction_act(-1)  # seat 0; the dealer (seat 1) may not bid
    assert state.phase == "declare" and state.bidder == 2 and state.hands[2] == hands[2] | widow
    discard = state.heuristic_discard(0)
    assert bin(discard).count("1") == 3 and discard & ~state.hands[2] == 0
    state.declare(0, discard, False)
    while state.phase != "done":
        state.policy_step("heuristic")
    assert sum(state.trick_points) == 25  # 24 counters and the last trick (discard included)


def test_set_deal_validates_the_partition():
    game = Game(GAME)
    state = _core.CutthroatPinochleState(game.rules, 5, 1)
    cards = bits(DECK)
    hands = [to_mask(cards[15 * s:15 * s + 15]) for s in range(3)]
    widow = to_mask(cards[45:])
    before = (state.hands, state.widow)
    bad = [
        (hands[:2], widow),                                            # two hands
        (hands, widow | hands[0] & -hands[0]),                         # a four-card widow
        (hands, widow & (widow - 1)),                                  # a two-card widow
        ([hands[0], hands[1] & (hands[1] - 1), hands[2]], widow),      # a 14-card hand
        ([hands[0], hands[0], hands[2]], widow),                       # a card dealt twice
        ([hands[0] ^ 1 ^ (1 << 12), hands[1], hands[2]], widow),       # a bit outside the deck
    ]
    for bad_hands, bad_widow in bad:
        with pytest.raises(ValueError):
            state.set_deal(bad_hands, bad_widow)
        assert (state.hands, state.widow) == before  # nothing changed
    with pytest.raises(ValueError):
        state.heuristic_discard(0)  # still in the auction
    no_widow = _core.CutthroatPinochleState(Game(GAME, widow=False).rules, 5, 1)
    with pytest.raises(ValueError):
        no_widow.set_deal(hands, widow)
    sixteen = [to_mask(cards[16 * s:16 * s + 16]) for s in range(3)]
    no_widow.set_deal(sixteen, 0)
    assert no_widow.hands == tuple(sixteen) and no_widow.widow == 0
