"""Two-Hand Pinochle through the public API: every meld-reuse rule of section 4 on
hand-made deals, the dix, invariants over batches, determinism, bad input."""
from __future__ import annotations

import numpy as np
import pytest

from cardsim import CardError, CardsimError, Game, IllegalMoveError
from cardsim.cards import PINOCHLE
from cardsim.game import ENGINES
from cardsim.pinochle.two_hand_hand import TwoHandPinochleHand
from reference import two_hand_pinochle as ref

GAME = "two-hand-pinochle"
JUNK = "9S 9S 9D 9D 9C 9C JS JS JC JC TD TD"  # the dealer's hand in the cases: no meld, never wins a lead


def deal(seat1: str, upcard: str = "JH", dealer_cards: str = JUNK) -> TwoHandPinochleHand:
    """Seat 1 (non-dealer, leads first) holds ``seat1``; the stock holds the rest, low cards on top."""
    taken = (seat1 + " " + dealer_cards + " " + upcard).split()
    rest = [r + s for r in "9TJAKQ" for s in "SDCH" for _ in range(2)]  # kings and queens drawn last
    for code in taken:
        rest.remove(code)
    return TwoHandPinochleHand.from_cards(Game(GAME).rules, seat1, dealer_cards, upcard, " ".join(rest))


def win_with(hand: TwoHandPinochleHand, lead: str, from_table: bool | None = None) -> None:
    """Seat 1 leads ``lead``; the dealer throws a plain nine of another suit than ``lead``'s
    (or a lower one of it), so seat 1 wins the trick, leads next and may meld."""
    assert hand.to_act == 1 and hand.phase == "stock"
    before = hand.tricks_played
    hand.play(lead, from_table=from_table)
    nine = next(c for c in hand.hands[0] if c[0] == "9" and c[1] != hand.trump)
    hand.play(nine)
    expected = 0 if ref.beats(nine, lead, hand.trump) else 1  # section 4: the higher card of the led suit or a trump
    assert expected == 1, (lead, nine)  # the helper's premise: the leader wins
    assert hand.tricks_played == before + 1 and hand.last_winner == expected
    assert hand.to_act == expected and hand.phase in ("meld", "stock")


def meld_now(hand, lead, meld, points):
    before = hand.meld[1]
    win_with(hand, lead)
    assert meld in hand.legal_melds(), (meld, hand.legal_melds())
    hand.declare(meld)
    assert hand.meld[1] == before + points
    assert hand.legal_melds() == []  # one meld per trick won
    if hand.phase == "meld":
        hand.draw()


def test_marriage_first_then_run_scores_both():
    hand = deal("KH QH AH TH JH AC AC TC AS AS AD AD")
    meld_now(hand, "AC", "trump_marriage", 40)
    meld_now(hand, "AC", "run", 150)
    assert hand.meld[1] == 190 and hand.melds[1] == 2


def test_run_first_gives_no_marriage():
    hand = deal("KH QH AH TH JH AC AC TC AS AS AD AD")
    meld_now(hand, "AC", "run", 150)
    win_with(hand, "AC")
    assert "trump_marriage" not in hand.legal_melds() and "run" not in hand.legal_melds()


def test_a_new_marriage_after_a_run_needs_a_new_king_and_queen():
    hand = deal("KH QH KH QH AH TH JH AC AC AS AS AD")
    meld_now(hand, "AC", "run", 150)
    meld_now(hand, "AC", "trump_marriage", 40)  # the second K Q of trump: all new cards
    win_with(hand, "AS")
    assert "trump_marriage" not in hand.legal_melds()


def test_a_card_serves_in_melds_of_different_kinds():
    hand = deal("KS QS JD QH QD QC AC AC AD AD TC TC")
    meld_now(hand, "AC", "marriage_S", 20)
    meld_now(hand, "AC", "pinochle", 40)
    meld_now(hand, "AD", "queens", 60)
    assert hand.tables[1].count("QS") == 1 and len(hand.tables[1]) == 6


def test_never_twice_in_one_kind_a_new_marriage_needs_all_new_cards():
    hand = deal("KS QS QS AC AC AD AD TC TC TS TS KC")
    meld_now(hand, "AC", "marriage_S", 20)
    win_with(hand, "AC")
    assert "marriage_S" not in hand.legal_melds()  # the second QS would need a new KS too


def test_four_queens_one_played_cannot_be_rescored_with_a_fifth():
    hand = deal("QS QS QH QD QC AC AC AD AD TC TC TS")
    meld_now(hand, "AC", "queens", 60)
    win_with(hand, "QS")  # the queen on the table is the one played; the fresh QS stays in hand
    assert hand.tables[1].count("QS") == 0 and hand.hands[1].count("QS") == 1
    assert "queens" not in hand.legal_melds()


def test_a_second_set_of_distinct_cards_scores_again():
    hand = deal("QS QS QH QH QD QD QC QC AC AC AD AD")
    meld_now(hand, "AC", "queens", 60)
    meld_now(hand, "AC", "queens", 60)
    win_with(hand, "AD")
    assert "queens" not in hand.legal_melds()
    hand2 = deal("QS QS JD JD AC AC AD AD TC TC TS TS")
    meld_now(hand2, "AC", "pinochle", 40)
    meld_now(hand2, "AC", "pinochle", 40)


def test_melded_cards_stay_playable_and_leave_the_table_when_played():
    hand = deal("QS QH QD QC AC AC AD AD TC TC TS TS")
    meld_now(hand, "AC", "queens", 60)
    assert "QH" in hand.legal_moves() and hand.tables[1].count("QH") == 1
    hand.play("QH")
    assert hand.tables[1].count("QH") == 0


def test_dix_exchange_declare_and_play():
    hand = deal("9H 9H AC AC AD AD TC TC TS TS AS AS", upcard="KH")
    win_with(hand, "AC")
    assert hand.can_exchange() and "dix" in hand.legal_melds()
    hand.exchange_dix()
    assert hand.meld[1] == 10 and hand.upcard == "9H" and hand.hands[1].count("KH") == 1
    assert not hand.can_exchange() and hand.exchanged == 1
    hand.declare("dix")  # the other dix, as this trick's meld
    assert hand.meld[1] == 20
    with pytest.raises(IllegalMoveError):
        hand.exchange_dix()
    # a dix played in the stock phase scores once, a scored one never again
    hand2 = deal("9H 9H AC AC AD AD TC TC TS TS AS AS", upcard="KH")
    hand2.play("9H")
    assert hand2.meld[1] == 10
    hand2.play(next(c for c in hand2.hands[0] if c[0] == "9"))


# ------------------------------------------------------------------ which copy is played


def scored_dix_on_the_table() -> TwoHandPinochleHand:
    """Seat 1 declares its one dix (the turned-up card stays a king) and draws the other one."""
    hand = deal("9H AC AC AD AD TC TC TS TS AS AS KC", upcard="KH")
    win_with(hand, "AC")
    assert hand.can_exchange() and "dix" in hand.legal_melds()
    hand.declare("dix")  # nothing left to do: both draw at once, seat 1 the other 9H (top of the stock)
    assert hand.phase == "stock"
    assert hand.meld[1] == 10 and hand.tables[1].count("9H") == 1 and hand.hands[1].count("9H") == 2
    assert ("9H", True) in hand.legal_plays() and ("9H", False) in hand.legal_plays()
    return hand


def test_the_unscored_dix_played_from_hand_scores():
    hand = scored_dix_on_the_table()
    win_with(hand, "9H", from_table=False)
    assert hand.meld[1] == 20 and hand.tables[1].count("9H") == 1 and hand.hands[1].count("9H") == 1
    assert not hand.can_exchange()  # the dix left is the scored one


def test_the_scored_dix_played_from_the_table_scores_nothing_and_keeps_the_exchange():
    hand = scored_dix_on_the_table()
    win_with(hand, "9H", from_table=True)
    assert hand.meld[1] == 10 and hand.tables[1].count("9H") == 0 and hand.hands[1].count("9H") == 1
    assert hand.can_exchange()  # the unscored dix is still in hand
    hand.exchange_dix()
    assert hand.meld[1] == 20 and hand.upcard == "9H" and hand.hands[1].count("KH") == 1


def test_by_default_and_for_the_heuristic_the_unscored_dix_is_played():
    hand = scored_dix_on_the_table()
    nine = PINOCHLE.parse_code("9H")
    assert hand._state.better_move(nine) == nine  # the heuristic's copy: the one in hand
    win_with(hand, "9H")
    assert hand.meld[1] == 20 and hand.tables[1].count("9H") == 1


def melded_queens() -> TwoHandPinochleHand:
    """Seat 1 holds two sets of queens and has declared one: each queen once on the table, once in hand."""
    hand = deal("QS QS QH QH QD QD QC QC AC AC AD AD")
    meld_now(hand, "AC", "queens", 60)
    assert all(hand.tables[1].count(q) == 1 and hand.hands[1].count(q) == 2 for q in ("QS", "QH", "QD", "QC"))
    return hand


def test_playing_the_melded_queen_keeps_the_second_queens():
    hand = melded_queens()
    win_with(hand, "QS", from_table=True)
    assert hand.tables[1].count("QS") == 0 and hand.hands[1].count("QS") == 1
    assert "queens" in hand.legal_melds()  # the fresh QS with the other fresh queens
    hand.declare("queens")
    assert hand.meld[1] == 120


def test_playing_the_fresh_queen_loses_the_second_queens():
    hand = melded_queens()
    win_with(hand, "QS", from_table=False)
    assert hand.tables[1].count("QS") == 1 and hand.hands[1].count("QS") == 1
    assert "queens" not in hand.legal_melds()  # the QS left has served in queens


def test_by_default_and_for_the_heuristic_the_melded_queen_is_played():
    hand = melded_queens()
    win_with(hand, "QS")
    assert hand.tables[1].count("QS") == 0 and "queens" in hand.legal_melds()
    hand = melded_queens()
    hand.step("heuristic")  # leads its cheapest card, a queen (which one: by suit keys, not order): the melded copy
    [(seat, queen)] = hand.trick
    assert seat == 1 and queen[0] == "Q" and hand.tables[1].count(queen) == 0 and hand.hands[1].count(queen) == 1


def test_no_copy_on_that_side_is_a_one_line_error_and_changes_nothing():
    hand = deal("QS QH QD QC AC AC AD AD TC TC TS TS")
    before = (hand.hands, hand.tables, hand.to_act, hand.trick, hand.meld)
    for card, from_table in (("AC", True), ("TS", True)):
        with pytest.raises(IllegalMoveError) as info:
            hand.play(card, from_table=from_table)
        assert "\n" not in str(info.value) and f"no {card} of seat 1 on the table" in str(info.value)
    assert (hand.hands, hand.tables, hand.to_act, hand.trick, hand.meld) == before
    meld_now(hand, "AC", "queens", 60)
    before = (hand.hands, hand.tables, hand.to_act, hand.trick, hand.meld)
    with pytest.raises(IllegalMoveError) as info:
        hand.play("QH", from_table=False)  # its only QH is on the table
    assert "\n" not in str(info.value) and "no QH of seat 1 in hand off the table" in str(info.value)
    with pytest.raises(IllegalMoveError) as info:
        hand.play("QH", from_table="yes")
    assert "\n" not in str(info.value)
    assert (hand.hands, hand.tables, hand.to_act, hand.trick, hand.meld) == before
    assert ("QH", True) in hand.legal_plays() and ("QH", False) not in hand.legal_plays()
    hand.play("QH", from_table=True)
    assert hand.tables[1].count("QH") == 0 and hand.trick == [(1, "QH")]


def test_turned_up_dix_scores_for_the_dealer():
    hand = deal("AC AC AD AD TC TC TS TS AS AS KC QC", upcard="9H")
    assert hand.meld == [10, 0]
    win_with(hand, "AC")
    assert not hand.can_exchange()


def test_one_meld_per_trick_and_none_after_the_last_draw():
    hand = deal("QS QH QD QC KS AC AC AD AD TC TC TS")
    win_with(hand, "AC")
    hand.declare("queens")
    with pytest.raises(IllegalMoveError) as info:
        hand.declare("marriage_S")
    assert "\n" not in str(info.value) and "not legal now" in str(info.value)
    hand.play_out("random")
    assert hand.legal_melds() == []
    with pytest.raises(IllegalMoveError):
        hand.declare("run")


def test_last_card_rule_and_last_twelve_tricks():
    hand = Game(GAME).deal(seed=4)
    while hand.tricks_played < 12 or hand.phase == "meld":
        hand.step("random")
    assert hand.phase == "play" and hand.stock_left == 0 and hand.upcard is None
    assert [len(h) for h in hand.hands] == [12, 12]


# ------------------------------------------------------------------ batches


@pytest.mark.parametrize("policy", ["random", "heuristic", ["heuristic", "random"]])
def test_batch_invariants(policy):
    records = Game(GAME).simulate(50_000, policy=policy, seed=11, threads=2).array
    assert (records["trick_points"].sum(axis=1) == 250).all()
    assert (records["score"] == records["meld"] + records["trick_points"]).all()
    assert (records["meld"] % 10 == 0).all() and (records["meld"] >= 0).all()
    assert (records["dealer"] == np.arange(len(records)) % 2).all()
    assert set(np.unique(records["exchanged"])) <= {-1, 0, 1}


def test_cards_conserved_step_by_step():
    game = Game(GAME)
    for seed in range(20):
        hand = game.deal(seed=seed, dealer=seed % 2)
        while hand.phase != "done":
            cards = [c for h in hand.hands for c in h] + [c for t in hand.taken for c in t]
            cards += [card for _, card in hand.trick] + ([hand.upcard] if hand.upcard else [])
            assert len(cards) + hand.stock_left == 48
            assert all(hand.tables[s] <= hand.hands[s] for s in range(2))
            hand.step("random" if seed % 2 else "heuristic")


def test_determinism_across_threads_and_chunks():
    game = Game(GAME)
    one = game.simulate(30_000, policy="heuristic", seed=5, threads=1).array
    two = game.simulate(30_000, policy="heuristic", seed=5, threads=2).array
    assert one.tobytes() == two.tobytes()
    part = np.zeros(10_000, dtype=ENGINES[GAME].record_dtype)
    ENGINES[GAME].simulate_chunk(game.rules, 5, 20_000, part, ["heuristic"] * 2, 1)
    assert part.tobytes() == one[20_000:].tobytes()


def test_heuristic_beats_random():
    records = Game(GAME).simulate(20_000, policy=["heuristic", "random"], seed=2, threads=1).array
    mean = records["score"].mean(axis=0)
    assert mean[0] > mean[1] + 50
    assert records["melds"][:, 0].mean() > records["melds"][:, 1].mean()


def test_bad_input():
    hand = Game(GAME).deal(seed=1)
    with pytest.raises(IllegalMoveError) as info:
        hand.declare("run")
    assert "\n" not in str(info.value) and "stock phase" in str(info.value)
    with pytest.raises(IllegalMoveError):
        hand.draw()
    missing = next(code for code in PINOCHLE_CODES if hand.hands[hand.to_act].count(code) == 0)
    with pytest.raises(IllegalMoveError) as info:
        hand.play(missing)
    assert "\n" not in str(info.value)
    with pytest.raises(CardsimError):
        hand.play("XX")
    with pytest.raises(CardError, match="seat 1 must hold 12 cards, got 1") as info:  # a chosen deal: CardError
        TwoHandPinochleHand.from_cards(Game(GAME).rules, "AS", JUNK, "JH", "")
    assert "\n" not in str(info.value)


PINOCHLE_CODES = [r + s for s in "SHDC" for r in "9JQKTA"]


@pytest.mark.slow
def test_invariants_over_a_million_hands():
    """250 trick points per hand (every card taken once), scores = meld + tricks, over 1,000,000 hands."""
    records = Game(GAME).simulate(1_000_000, policy=["heuristic", "random"], seed=99, threads=2).array
    assert (records["trick_points"].sum(axis=1) == 250).all()
    assert (records["score"] == records["meld"] + records["trick_points"]).all()
    assert (records["meld"] >= 10 * records["melds"]).all()
    assert ((records["exchanged"] >= -1) & (records["exchanged"] <= 1)).all()
