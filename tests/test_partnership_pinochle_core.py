"""Partnership Pinochle through the public API: invariants, determinism, players, bad input."""
from __future__ import annotations

import numpy as np
import pytest

from cardsim import CardsimError, Game, IllegalMoveError
from cardsim.game import ENGINES
from cases.legal_cases import LEGAL_CASES, PARTNERSHIP_LEGAL_CASES
from cases.positions import core_legal

GAME = "partnership-pinochle"


def one_line(exc: BaseException) -> bool:
    return bool(str(exc)) and "\n" not in str(exc)


# ------------------------------------------------------------------ legal cards (RULES.md 5)


@pytest.mark.parametrize("hand, trick, trump, must_beat, expected", PARTNERSHIP_LEGAL_CASES)
def test_legal_cases_in_the_core(hand, trick, trump, must_beat, expected):
    rules = Game(GAME, must_beat=must_beat).rules
    assert core_legal(GAME, rules, hand, trick, trump) == set(expected.split())


@pytest.mark.parametrize("hand, trick, trump, must_beat, expected", LEGAL_CASES)
def test_always_and_never_read_as_in_cutthroat(hand, trick, trump, must_beat, expected):
    """Section 5: ``always`` heads and over-trumps as in section 1, ``never`` the same in both;
    ``trump_led`` differs only where a player trumps a trumped plain-suit lead."""
    got = core_legal(GAME, Game(GAME, must_beat=must_beat).rules, hand, trick, trump)
    held = hand.split()
    led = trick[0][1] if trick else None
    overtrump_position = (must_beat == "trump_led" and led not in (None, trump)
                          and not any(c[1] == led for c in held) and any(c[1] == trump for c in trick))
    if overtrump_position:
        assert got == {c for c in held if c[1] == trump} >= set(expected.split())
    else:
        assert got == set(expected.split())


def test_issue_9_position_a_trumper_need_not_over_trump():
    """The first heuristic position (searched over seeds, so the test does not hang on one stream)
    where the last player of a plain-suit trick, void in the suit led, holds trumps both below and
    above the trump winning the trick: under the default rule every trump is legal and an
    under-trump leaves the trick to the trump on the table; under ``always`` only the higher
    trumps are.  (Issue 9's position, first found at seed 5; re-found by search since issues 11,
    15 and 10 changed the players and the streams.)"""
    order = "9JQKTA"
    found = None
    for seed in range(300):
        hand = Game(GAME).deal(seed=seed)
        while hand.to_act is not None and found is None:
            if hand.phase == "play" and len(hand.trick) == 3 and hand.trick[0][1][1] != hand.trump:
                led, trump = hand.trick[0][1][1], hand.trump
                held = list(hand.hands[hand.to_act])
                top = max((c for _, c in hand.trick if c[1] == trump), key=lambda c: order.index(c[0]), default=None)
                trumps = [c for c in held if c[1] == trump]
                if (top is not None and not any(c[1] == led for c in held)
                        and any(order.index(c[0]) < order.index(top[0]) for c in trumps)
                        and any(order.index(c[0]) > order.index(top[0]) for c in trumps)):
                    found = hand, top, trumps
                    break
            hand.step("heuristic")
        if found is not None:
            break
    assert found is not None, "no such position in 300 seeds"
    hand, top, trumps = found
    assert set(hand.legal_moves()) == set(trumps)
    table, trump, held = [c for _, c in hand.trick], hand.trump, " ".join(hand.hands[hand.to_act])
    low = min(trumps, key=lambda c: order.index(c[0]))
    seat, done = hand.to_act, hand.tricks_played
    winner = next(s for s, c in hand.trick if c == top)
    before = list(hand.hands[seat]).count(low)
    hand.play(low)  # under-trumping is allowed; the trump on the table takes the trick
    assert list(hand.hands[seat]).count(low) == before - 1 and hand.tricks_played == done + 1
    assert hand.to_act == winner
    rules = Game(GAME, must_beat="always").rules
    assert core_legal(GAME, rules, held, table, trump) == {c for c in trumps if order.index(c[0]) > order.index(top[0])}


# ------------------------------------------------------------------ invariants over batches


@pytest.mark.parametrize("policy", ["random", "heuristic", ["heuristic", "random", "heuristic", "random"]])
@pytest.mark.parametrize("config", [{}, {"must_beat": "always", "pass_cards": 0}, {"all_pass": "redeal"}])
def test_batch_invariants(policy, config):
    records = Game(GAME, **config).simulate(50_000, policy=policy, seed=11, threads=2).array
    contested = records["bidder"] >= 0
    assert contested.all()  # redeals are rare enough that 1000 in a row never happen
    # 25 trick points per hand, split per seat and summed per team
    assert (records["trick_points"].sum(axis=1) == 25).all()
    assert (records["team_trick_points"].sum(axis=1) == 25).all()
    assert (records["team_trick_points"] == records["trick_points"][:, [0, 1]] + records["trick_points"][:, [2, 3]]).all()
    assert (records["team_meld"] == records["meld"][:, [0, 1]] + records["meld"][:, [2, 3]]).all()
    # scores follow from meld, tricks, the save-meld rule and the bid
    rows = np.arange(len(records))
    team = records["bidder"] % 2
    kept = np.where(records["team_trick_points"] >= 1, records["team_meld"], 0)
    total = kept + records["team_trick_points"]
    assert (records["made"] == (total[rows, team] >= records["bid"])).all()
    expected = total.copy()
    expected[rows, team] = np.where(records["made"], total[rows, team], -records["bid"])
    assert (records["team_score"] == expected).all()
    assert (records["bid"] >= 16).all()
    assert (records["dealer"] == (rows + records["redeals"]) % 4).all()
    assert set(np.unique(records["trump"])) <= {0, 1, 2, 3}


def test_dealer_forced_never_redeals_and_redeal_does():
    forced = Game(GAME).simulate(20_000, policy="random", seed=3, threads=1).array
    assert (forced["redeals"] == 0).all()
    redeal = Game(GAME, all_pass="redeal").simulate(20_000, policy="random", seed=3, threads=1).array
    assert redeal["redeals"].sum() > 0


def test_cards_conserved_step_by_step():
    game = Game(GAME)
    for seed in range(30):
        hand = game.deal(seed=seed, dealer=seed % 4)
        while hand.phase != "done":
            cards = sum((list(h) for h in hand.hands), []) + sum((list(t) for t in hand.taken), [])
            cards += [card for _, card in hand.trick]
            assert len(cards) == 48 and all(cards.count(c) == 2 for c in set(cards))
            hand.step("random" if seed % 2 else "heuristic")
        assert sum(len(t) for t in hand.taken) == 48


def test_determinism_across_threads_and_chunks():
    game = Game(GAME)
    one = game.simulate(30_000, policy="heuristic", seed=5, threads=1).array
    two = game.simulate(30_000, policy="heuristic", seed=5, threads=2).array
    assert one.tobytes() == two.tobytes()
    part = np.zeros(10_000, dtype=ENGINES[GAME].record_dtype)
    ENGINES[GAME].simulate_chunk(game.rules, 5, 20_000, part, ["heuristic"] * 4, 1)
    assert part.tobytes() == one[20_000:].tobytes()
    assert game.simulate(1000, seed=6, threads=1).array.tobytes() != one[:1000].tobytes()


def test_step_play_out_ends_in_a_consistent_result():
    """A dealt hand played out ends in a consistent result (batch against step replay: test_batch_matches_steps.py)."""
    hand = Game(GAME).deal(seed=9, dealer=2).play_out("heuristic")
    result = hand.result()
    assert sum(result["trick_points"]) == 25 and result["bidder"] is not None
    assert result["team_meld"] == [result["meld"][0] + result["meld"][2], result["meld"][1] + result["meld"][3]]


# ------------------------------------------------------------------ players


def test_heuristic_team_beats_random_team():
    records = Game(GAME).simulate(20_000, policy=["heuristic", "random", "heuristic", "random"], seed=2,
                                  threads=1).array
    mean = records["team_score"].mean(axis=0)
    assert mean[0] > mean[1] + 10


def test_heuristic_bids_close_to_what_it_makes():
    """Bidding to the bid odds' "bid up to" (issue 11) sets a quarter of the contracts; the
    auction goes near 30 (it went near 19 with the old count, making 90%)."""
    records = Game(GAME).simulate(20_000, policy="heuristic", seed=3, threads=1).array
    assert 0.6 < records["made"].mean() < 0.9
    assert records["bid"].mean() > 25


def test_heuristic_partner_passes_trump_to_bidder():
    game = Game(GAME)
    trumps_passed = held_total = 0
    for seed in range(40):
        hand = game.deal(seed=seed)
        while hand.phase != "pass":
            hand.step("heuristic")
        partner_cards = hand.hands[hand.to_act]
        hand.step("heuristic")
        got = hand.passed[0]
        held_trump = len(partner_cards.suit(hand.trump))
        trumps_passed += sum(1 for card in got if card[1] == hand.trump)
        held_total += min(3, held_trump)
    assert trumps_passed > 0.7 * held_total  # trump goes over unless it breaks the partner's meld


# ------------------------------------------------------------------ bad input


def test_bad_input_gives_one_line_errors():
    game = Game(GAME)
    hand = game.deal(seed=1)
    with pytest.raises(IllegalMoveError) as info:
        hand.bid(15)
    assert one_line(info.value) and "too low" in str(info.value)
    with pytest.raises(IllegalMoveError) as info:
        hand.play("AS")
    assert one_line(info.value) and "auction phase" in str(info.value)
    hand.bid(20)
    for _ in range(3):
        hand.pass_()
    with pytest.raises(CardsimError) as info:
        hand.declare("X")
    assert one_line(info.value)
    hand.declare("S")
    giver = hand.to_act
    missing = next(code for code in ("AS", "TS", "KS", "QS", "JS", "9S", "AH", "TH")
                   if hand.hands[giver].count(code) == 0)
    others = [c for c in hand.hands[giver]][:2]
    with pytest.raises(IllegalMoveError) as info:
        hand.pass_cards([missing, *others])
    assert one_line(info.value) and "does not hold" in str(info.value)
    with pytest.raises(IllegalMoveError) as info:
        hand.pass_cards(others)
    assert one_line(info.value) and "exactly 3" in str(info.value)
    with pytest.raises(CardsimError):
        hand.pass_cards("ZZ QQ XX")
    hand.pass_cards(list(hand.hands[giver])[:3])
    hand.pass_cards(list(hand.hands[hand.to_act])[:3])
    illegal = set(hand.hands[hand.to_act]) - set(hand.legal_moves())
    hand.play(next(iter(hand.legal_moves())))
    illegal = set(hand.hands[hand.to_act]) - set(hand.legal_moves())
    if illegal:
        with pytest.raises(IllegalMoveError) as info:
            hand.play(illegal.pop())
        assert one_line(info.value) and "not a legal card" in str(info.value)


def test_dealer_forced_dealer_may_not_pass():
    hand = Game(GAME).deal(seed=1, dealer=0)
    for _ in range(3):
        hand.pass_()
    assert hand.to_act == 0 and not hand.can_pass()
    with pytest.raises(IllegalMoveError) as info:
        hand.pass_()
    assert one_line(info.value)
    hand.bid(16)
    assert hand.phase == "declare" and hand.bidder == 0


def test_policy_and_dealer_errors():
    game = Game(GAME)
    with pytest.raises(IllegalMoveError):
        game.deal(dealer=4)
    with pytest.raises(CardsimError):
        game.simulate(10, policy=["random"] * 3)
    with pytest.raises(CardsimError, match="one policy or 4"):  # a wrong policy list is not a move
        game.deal().play_out(["random"] * 3)


@pytest.mark.slow
def test_invariants_over_a_million_hands():
    """Cards conserved (25 trick points dealt out), teams consistent, over 1,000,000 hands."""
    records = Game(GAME).simulate(1_000_000, policy=["heuristic", "random", "heuristic", "random"], seed=99,
                                  threads=2).array
    assert (records["trick_points"].sum(axis=1) == 25).all()
    assert (records["team_trick_points"] == records["trick_points"][:, [0, 1]] + records["trick_points"][:, [2, 3]]).all()
    assert (records["team_meld"] == records["meld"][:, [0, 1]] + records["meld"][:, [2, 3]]).all()
    rows = np.arange(len(records))
    team = records["bidder"] % 2
    assert ((records["team_score"][rows, team] == -records["bid"]) == ~records["made"]).all()
    assert (records["team_score"][rows, 1 - team] >= 0).all()


def test_auction_partners_may_overcall_and_three_passes_end_it():
    hand = Game(GAME).deal(seed=2, dealer=3)
    assert hand.to_act == 0
    hand.bid(16)          # seat 0
    hand.bid(18)          # seat 1
    hand.bid(19)          # seat 2 overcalls its partner
    hand.pass_()          # seat 3 out
    hand.pass_()          # seat 0 out
    assert hand.to_act == 1 and hand.min_bid() == 20
    hand.pass_()          # seat 1 out: three passes, seat 2 has it
    assert hand.phase == "declare" and hand.bidder == 2 and hand.bidding_team == 0 and hand.bid_amount == 19


def test_all_pass_redeal_moves_the_dealer_and_deals_again():
    hand = Game(GAME, all_pass="redeal").deal(seed=2, dealer=1)
    before = hand.hands
    for _ in range(4):
        hand.pass_()
    assert hand.phase == "auction" and hand.redeals == 1 and hand.dealer == 2 and hand.to_act == 3
    assert hand.hands != before


def test_no_passing_phase_with_pass_cards_zero():
    hand = Game(GAME, pass_cards=0).deal(seed=2)
    hand.bid(16)
    for _ in range(3):
        hand.pass_()
    hand.declare("S")
    assert hand.phase == "play" and hand.to_act == hand.bidder and all(len(h) == 12 for h in hand.hands)
    assert len(hand.passed[0]) == len(hand.passed[1]) == 0


def test_the_bidder_may_pass_back_cards_it_just_received():
    hand = Game(GAME).deal(seed=5, dealer=0)
    hand.bid(16)
    for _ in range(3):
        hand.pass_()
    hand.declare("C")
    got = list(hand.hands[3])[:3]
    hand.pass_cards(got)
    hand.pass_cards(got)  # straight back
    assert hand.phase == "play" and hand.passed[0] == hand.passed[1]
    assert hand.meld == [b.total for b in hand.meld_breakdowns()]
