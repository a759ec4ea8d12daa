"""The game contract (docs/actions.md): integer actions, checked apply, history, clone,
copy, pickle, chosen deals, to_dict and replay, on every game that speaks it."""
from __future__ import annotations

import copy
import json
import pickle
import random

import numpy as np
import pytest

from cardsim import CardError, CardsimError, Game, IllegalMoveError

GAMES = ["cutthroat-pinochle", "partnership-pinochle", "cutthroat-euchre", "euchre", "cutthroat-spades", "spades",
         "two-hand-pinochle"]
VARIANTS = {  # rules that change the actions or the deal
    "cutthroat-pinochle": [{}, {"widow": False}, {"all_pass": "first_forced"}, {"bidder_needs_trump_marriage": True}],
    "partnership-pinochle": [{}, {"pass_cards": 0}, {"all_pass": "redeal"}],
    "cutthroat-euchre": [{}, {"allow_lone_defender": True}, {"stick_the_dealer": True}],
    "euchre": [{}, {"dealer_pickup": "optional"}],
    "cutthroat-spades": [{}, {"players": 4}, {"players": 5, "jokers": 2}, {"players": 5, "jokers": 3}],
    "spades": [{}],
    "two-hand-pinochle": [{}],  # no option changes its actions or its deal
}


def play(hand, rng: random.Random, *, stop: int | None = None):
    """Random legal actions, a heuristic step now and then (the history records both)."""
    n = 0
    while hand.to_act is not None and (stop is None or n < stop):
        if rng.random() < 0.3 and not hand.mid_decision:
            hand.step("heuristic")
        else:
            legal = hand.legal_actions()
            if hand.phase == "auction":  # keep random auctions short: pass or the lowest bid
                legal = legal[:2]
            hand.apply(rng.choice(legal))
        n += 1
    return hand


def same(a, b) -> bool:
    return (a.phase, a.to_act, a.hands, a.taken, a.history) == (b.phase, b.to_act, b.hands, b.taken, b.history)


@pytest.mark.parametrize("game", GAMES)
def test_actions_are_integers_with_names_that_read_back(game):
    for options in VARIANTS[game]:
        g = Game(game, **options)
        rng = random.Random(7)
        for seed in range(25):
            hand = g.deal(seed=seed, dealer=seed % g.seats)
            while hand.to_act is not None:
                legal = hand.legal_actions()
                assert legal == sorted(set(legal)) and legal, (game, options, hand.phase)
                assert all(isinstance(a, int) and 0 <= a < hand.num_actions for a in legal)
                mask = hand.legal_action_mask()
                assert mask.dtype == np.bool_ and mask.shape == (hand.num_actions,)
                assert np.flatnonzero(mask).tolist() == legal
                for a in legal[:3] + legal[-2:]:  # (all 400 bids each step would be slow)
                    assert hand.string_to_action(hand.action_to_string(a)) == a
                hand.apply(rng.choice(legal[:3] if hand.phase == "auction" else legal))
            assert hand.legal_actions() == [] and not hand.legal_action_mask().any()


@pytest.mark.parametrize("game", GAMES)
def test_copies_are_equal_and_then_independent(game):
    g = Game(game)
    rng = random.Random(1)
    for seed in range(30):
        hand = play(g.deal(seed=seed), rng, stop=5 + seed % 7)
        if hand.to_act is None:
            continue
        copies = [hand.clone(), copy.copy(hand), copy.deepcopy(hand), pickle.loads(pickle.dumps(hand)),
                  g.hand_from_dict(json.loads(json.dumps(hand.to_dict())))]
        for other in copies:
            assert same(other, hand)
        before = (hand.hands, hand.history)
        for other in copies:
            play(other, random.Random(seed))
            assert other.to_act is None
        assert (hand.hands, hand.history) == before  # the original did not move
        ends = {tuple(map(str, c.hands)) + tuple(map(str, c.taken)) for c in copies}
        assert len(ends) == 1  # same state, same actions: the same end


@pytest.mark.parametrize("game", GAMES)
def test_replay_rebuilds_the_hand_redeals_included(game):
    for options in VARIANTS[game]:
        g = Game(game, **options)
        rng = random.Random(3)
        redeals = 0
        # more deals where a pass-out must show: the heuristic's calibrated ceilings (issue 11)
        # open nearly every partnership hand, so only the random steps pass
        for seed in range(200 if options.get("all_pass") == "redeal" else 60):
            hand = play(g.deal(seed=seed, dealer=seed % g.seats), rng)
            redeals += sum(isinstance(a, dict) for a in hand.history)
            again = g.replay(hand.deal, hand.history)
            assert same(again, hand) and again.result() == hand.result(), (game, options, seed)
        if options.get("all_pass", Game(game).rules.get("all_pass")) == "redeal":
            assert redeals > 0  # random auctions pass out: the chance events were exercised


@pytest.mark.parametrize("game", GAMES)
def test_a_chosen_deal_is_the_deal(game):
    g = Game(game)
    dealt = g.deal(seed=11, dealer=1)
    chosen = g.deal(cards=dealt.deal)
    assert chosen.hands == dealt.hands and chosen.dealer == dealt.dealer and chosen.deal == dealt.deal
    mine = g.deal(cards=[str(h) for h in dealt.hands], seed=5, dealer=1) if not game.endswith("euchre") \
        and game not in ("cutthroat-pinochle", "two-hand-pinochle") else None
    if mine is not None:
        assert mine.hands == dealt.hands and mine.deal["seed"] == 5


def test_to_act_is_none_once_over_and_apply_refuses():
    hand = Game("euchre").deal(seed=2).play_out("heuristic")
    assert hand.to_act is None and hand.legal_actions() == []
    with pytest.raises(IllegalMoveError, match="the hand is over"):
        hand.apply(0)


@pytest.mark.parametrize("bad, message", [
    (999, "out of range: actions are 0..33"), (-1, "out of range"), ("AS", "an action is an integer"),
    (True, "an action is an integer"), (2.0, "an action is an integer"), (0, "is not legal now; legal: 24 \\(pass\\)"),
])
def test_bad_actions_get_one_line_and_leave_the_hand(bad, message):
    hand = Game("euchre").deal(seed=5)
    before = hand.clone()
    with pytest.raises(IllegalMoveError, match=message) as info:
        hand.apply(bad)
    assert "\n" not in str(info.value)
    assert same(hand, before)


def test_numpy_integers_are_actions():
    hand = Game("cutthroat-spades").deal(seed=1)
    hand.apply(np.int64(hand.legal_actions()[0]))
    assert len(hand.history) == 1


@pytest.mark.parametrize("game, deal, message", [
    ("euchre", {"hands": ["JH JD AH KH QH"] * 4, "upcard": "TH"}, "dealt twice"),
    ("euchre", {"hands": ["JH JD AH KH", "9S TS QS KS AS", "9C TC QC KC AC", "9D TD QD KD AD"], "upcard": "TH"},
     "seat 0 must hold 5 cards"),
    ("euchre", {"hands": ["JH JD AH KH QH", "9S TS QS KS AS", "9C TC QC KC AC", "9D TD QD KD AD"]}, "upcard"),
    ("euchre", {"hands": ["JH JD AH KH 2H", "9S TS QS KS AS", "9C TC QC KC AC", "9D TD QD KD AD"], "upcard": "TH"},
     "2H"),
    ("partnership-pinochle", {"hands": ["AS AS KS"] * 4}, "must hold 12 cards"),
    ("partnership-pinochle", {"hands": ["AS AS AS"] * 4}, "a third copy of 'AS'"),
    ("spades", {"hands": ["AS"] * 3}, "one set of cards for each of the 4 seats"),
])
def test_bad_deals_get_one_line(game, deal, message):
    with pytest.raises(CardsimError, match=message) as info:
        Game(game).deal(cards=deal)
    assert "\n" not in str(info.value)


def test_a_third_copy_of_a_pinochle_card_is_refused():
    dealt = Game("partnership-pinochle").deal(seed=1).deal
    hands = [h.split() for h in dealt["hands"]]
    hands[0][0], hands[1][0] = hands[2][0], hands[2][0]  # now three copies of seat 2's first card
    with pytest.raises(CardError, match="more often than the deck holds it"):
        Game("partnership-pinochle").deal(cards=[" ".join(h) for h in hands])


def test_a_history_that_does_not_replay_says_where():
    g = Game("cutthroat-spades")
    hand = g.deal(seed=3).play_out("heuristic")
    history = hand.history
    history[5] = history[4]  # a card played twice
    with pytest.raises(IllegalMoveError, match="the history does not replay: action 5 of"):
        g.replay(hand.deal, history)


def test_hand_from_dict_checks_game_and_rules():
    d = Game("euchre").deal(seed=1).to_dict()
    with pytest.raises(CardsimError, match="that hand is 'euchre'"):
        Game("cutthroat-euchre").hand_from_dict(d)
    with pytest.raises(CardsimError, match="other rules"):
        Game("euchre", stick_the_dealer=True).hand_from_dict(d)


def test_policy_steps_and_named_moves_land_in_the_history():
    hand = Game("cutthroat-pinochle").deal(seed=3)
    hand.bid(16); hand.pass_()  # the dealer may not bid: one pass after a bid ends the auction
    hand.declare("H", discard=list(hand.hands[1])[:3])
    names = [hand.action_to_string(a) for a in hand.history]
    assert names[:3] == ["16", "pass", "trump H"] and names[-1] == "play on" and len(names) == 7
    hand.step("heuristic")
    assert len(hand.history) == 8 and hand.action_to_string(hand.history[-1]) in CARD_CODES


CARD_CODES = {r + s for r in "9JQKTA" for s in "SHDC"}


def test_a_half_made_declaration_must_be_finished_by_hand():
    hand = Game("cutthroat-pinochle").deal(seed=3)
    hand.bid(16); hand.pass_()
    hand.apply(hand.string_to_action("trump S"))
    assert hand.mid_decision
    with pytest.raises(IllegalMoveError, match="half made"):
        hand.step("heuristic")


def test_euchre_merge_is_five_discards():
    g = Game("cutthroat-euchre")
    for seed in range(200):
        hand = g.deal(seed=seed)
        while hand.phase not in ("merge", "done"):
            hand.step("heuristic")
        if hand.phase == "merge":
            break
    else:
        pytest.fail("no merge in 200 hands")
    held = hand.hands[hand.maker]
    assert len(held) == 10 and len(hand.legal_actions()) == 10
    hand.apply(hand.legal_actions()[0])
    assert hand.mid_decision
    with pytest.raises(IllegalMoveError, match="half made"):
        hand.step("random")
    for _ in range(4):
        hand.apply(hand.legal_actions()[0])
    assert hand.phase != "merge" and len(hand.hands[hand.maker]) == 5 and not hand.mid_decision
