"""Spades through the public API: decks per player count, the deal, first lead, the step API,
batch invariants, determinism across threads, and bad input."""
from __future__ import annotations

import numpy as np
import pytest

from cardsim import CardsimError, Game, IllegalMoveError, RulesError

VARIANTS = [
    # (options, seats, deck size, cards per seat from the dealer's left .. the dealer)
    ({"players": 3}, 3, 51, [17, 17, 17]),
    ({"players": 4}, 4, 52, [13, 13, 13, 13]),
    ({"players": 5}, 5, 50, [10] * 5),
    ({"players": 5, "jokers": 2}, 5, 54, [11, 11, 11, 11, 10]),
    ({"players": 5, "jokers": 3}, 5, 55, [11] * 5),
]


def cutthroat(**options) -> Game:
    return Game("cutthroat-spades", **options)


@pytest.mark.parametrize("options, seats, size, dealt", VARIANTS)
def test_deck_and_deal(options, seats, size, dealt):
    game = cutthroat(**options)
    assert game.seats == seats and game.deck.size == size
    for seed in range(20):
        dealer = seed % seats
        hand = game.deal(seed=seed, dealer=dealer)
        sizes = [len(hand.hands[(dealer + 1 + i) % seats]) for i in range(seats)]
        assert sizes == dealt
        cards = [c for h in hand.hands for c in h]
        assert len(cards) == len(set(cards)) == size
    removed = {3: {"2C"}, 4: set(), 5: set() if options.get("jokers") else {"2C", "2D"}}[seats]
    for card in removed:
        with pytest.raises(CardsimError):
            game.cards([card])
    for joker in ("J1", "J2", "J3")[:options.get("jokers", 0)]:
        assert len(game.cards([joker])) == 1


def bid_all(hand, bid="1"):
    while hand.phase == "bidding":
        hand.bid(bid)


@pytest.mark.parametrize("jokers", [2, 3])
def test_two_of_clubs_leads_with_jokers_and_dealer_sits_out(jokers):
    game = cutthroat(players=5, jokers=jokers)
    for seed in range(40):
        hand = game.deal(seed=seed, dealer=seed % 5)
        holder = next(s for s in range(5) if "2C" in hand.hands[s])
        bid_all(hand)
        if jokers == 2 and holder == hand.dealer:
            assert hand.to_act == (hand.dealer + 1) % 5  # the dealer sits out: left of the dealer leads
        else:
            assert hand.to_act == holder
        seen = []
        while hand.tricks_played == 0:
            seen.append(hand.to_act)
            hand.play(sorted(hand.legal_moves())[0])
        assert len(seen) == (4 if jokers == 2 else 5)
        assert (hand.dealer in seen) == (jokers == 3)
        hand.play_out("random")
        assert sum(hand.tricks) == 11


def test_left_of_dealer_leads_without_jokers_and_no_spade_lead():
    game = cutthroat(players=4)
    for seed in range(30):
        hand = game.deal(seed=seed, dealer=2)
        bid_all(hand)
        assert hand.to_act == 3
        held = hand.hands[3]
        legal = hand.legal_moves()
        if held.suit("H") or held.suit("D") or held.suit("C"):
            assert not legal.suit("S")
        else:
            assert legal == held


def test_jokers_rank_above_the_ace_of_spades():
    game = cutthroat(players=5, jokers=3)
    for seed in range(200):
        hand = game.deal(seed=seed)
        bid_all(hand)
        while hand.phase == "play":
            before = hand.tricks_played
            trick = hand.trick
            card = sorted(hand.legal_moves())[0]
            seat = hand.to_act
            hand.play(card)
            if hand.tricks_played > before:
                cards = [c for _, c in trick] + [card]
                seats = [s for s, _ in trick] + [seat]
                order = ["J1", "J2", "J3", "AS"]
                present = [c for c in order if c in cards]
                if present:
                    assert hand.last_winner == seats[cards.index(present[0])]


def test_step_api_moves_and_result():
    game = cutthroat(players=3)
    hand = game.deal(seed=5, dealer=1)
    assert hand.phase == "bidding" and hand.to_act == 2
    assert "17" in hand.legal_moves() and "18" not in hand.legal_moves()
    assert "blind6" not in hand.legal_moves()  # nobody is behind at the start of a game
    hand.move("nil")
    hand.move("moon")
    hand.move("4")
    assert hand.bids == ["moon", "4", "nil"]
    hand.play_out("heuristic")
    result = hand.result()
    assert sum(result["tricks"]) == 17 and hand.phase == "done"
    assert result["game_scores_after"] == result["scores"]


def test_blind6_needs_the_gap_and_the_limit():
    game = cutthroat(players=3)
    hand = game.deal(seed=1, dealer=0, scores=[100, 49, 50], blind6_used=[0, 0, 1])
    assert "blind6" in hand.legal_moves()  # seat 1 is 51 behind
    hand.move("blind6")
    assert "blind6" not in hand.legal_moves()  # seat 2 used its one blind 6
    hand.move("2")
    assert "blind6" not in hand.legal_moves()  # seat 0 leads
    unlimited = cutthroat(players=3, blind6_limit=-1).deal(seed=1, dealer=1, scores=[0, 0, -50],
                                                           blind6_used=[0, 0, 7])
    assert "blind6" in unlimited.legal_moves()


@pytest.mark.parametrize("name, options", [
    ("cutthroat-spades", {"players": 3}), ("cutthroat-spades", {"players": 4}),
    ("cutthroat-spades", {"players": 5}), ("cutthroat-spades", {"players": 5, "jokers": 2}),
    ("cutthroat-spades", {"players": 5, "jokers": 3}), ("spades", {}),
])
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_batch_invariants(name, options, policy):
    game = Game(name, **options)
    records = game.simulate(20_000, policy=policy, seed=3, threads=2)
    a = records.array
    size = (game.deck.size + 1) // game.seats
    assert a["tricks"].shape == (20_000, game.seats)
    assert (a["tricks"].sum(axis=1) == size).all()  # tricks per hand = hand size
    assert (a["kind"] >= 0).all() and (a["bid"] >= 0).all() and (a["bid"] <= size).all()
    assert (a["dealer"] == np.arange(20_000) % game.seats).all()
    assert ((a["bags"] >= 0) & (a["bags_after"] >= 0)).all()
    assert set(records.summary()) >= {"bid_rate_nil", "made_rate_regular", "mean_score"}


@pytest.mark.parametrize("options", [{"players": 5, "jokers": 2}, {"players": 5, "jokers": 2, "break_spades": False},
                                     {"players": 3, "break_spades": False}])
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_batch_matches_step_play(policy, options):
    """The batch's all-random fast path (sp_random_tricks) keeps the spade-lead rule of the options."""
    from cardsim import _core
    game = cutthroat(**options)
    records = game.simulate(200, policy=policy, seed=9, threads=1)
    # hand i of a batch is hand (seed, i): the same deal and choices as a step hand on stream i
    for i in range(200):
        state = _core.SpadesState(game.rules, 9, i % game.seats, i)
        while state.phase != "done":
            state.policy_step(policy)
        rec = records[i]
        assert list(rec["tricks"]) == state.tricks and list(rec["score"]) == state.score
        assert list(rec["bid"]) == state.bids and list(rec["kind"]) == state.kinds
        assert rec["leader"] == state.first_leader


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 5, "jokers": 2}])
def test_determinism_across_threads_and_chunks(options):
    game = cutthroat(**options)
    one = game.simulate(30_000, policy="heuristic", seed=7, threads=1).array
    four = game.simulate(30_000, policy="heuristic", seed=7, threads=4).array
    assert one.tobytes() == four.tobytes()
    mixed = game.simulate(30_000, policy=["random", "heuristic", "random", "heuristic", "random"][:game.seats],
                          seed=7, threads=3).array
    assert mixed.tobytes() != one.tobytes()
    assert game.simulate(30_000, policy="heuristic", seed=8, threads=2).array.tobytes() != one.tobytes()


# -- bad input ---------------------------------------------------------------------------

@pytest.mark.parametrize("make, fragment", [
    (lambda: cutthroat(players=3, jokers=2), "jokers=2 needs players=5"),
    (lambda: cutthroat(players=4, jokers=3), "needs players=5"),
    (lambda: cutthroat(players=5, jokers=1), "not one of 0, 2, 3"),
    (lambda: cutthroat(players=6), "players"),
    (lambda: Game("spades", allow_moon=True), "partnership"),
    (lambda: cutthroat(bag_mode="sometimes"), "bag_mode"),
    (lambda: cutthroat(prize_jacks="JS"), "prize_jacks"),
])
def test_bad_rules(make, fragment):
    with pytest.raises(RulesError) as info:
        make()
    assert fragment in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("action, fragment", [
    (lambda h: h.bid(18), "bid 18 is not legal: a regular bid is 1 to 17"),
    (lambda h: h.bid(0), "regular bid is 1 to 17"),
    (lambda h: h.bid("blind6"), "bid blind6 is not legal now"),
    (lambda h: h.bid("grand"), "unknown bid 'grand'"),
    (lambda h: h.play("AS"), "not legal now: the hand is in the bidding phase"),
    (lambda h: h.legal_bids() and h.step("smart"), "unknown policy 'smart'"),
])
def test_bad_moves(action, fragment):
    hand = cutthroat(players=3).deal(seed=2)
    with pytest.raises(CardsimError) as info:
        action(hand)
    assert fragment in str(info.value) and "\n" not in str(info.value)


def test_bad_cards_in_play():
    hand = cutthroat(players=3).deal(seed=2)
    bid_all(hand)
    seat = hand.to_act
    other = next(c for c in hand.hands[(seat + 1) % 3])
    with pytest.raises(IllegalMoveError, match="not a legal card now"):
        hand.play(other)
    with pytest.raises(CardsimError, match="not in the spades"):
        hand.play("2C")
    with pytest.raises(CardsimError, match="J1"):
        hand.play("J1")
    with pytest.raises(IllegalMoveError, match="dealer 3 is out of range"):
        cutthroat(players=3).deal(dealer=3)
    with pytest.raises(IllegalMoveError, match="scores needs one value per seat"):
        cutthroat(players=3).deal(scores=[0, 0])
