"""The pure-Python Partnership Pinochle reference against hand-worked cases (RULES.md section 5).

The reference stands on its own (it imports no other reference): its legal cards, meld
and trick winner are checked here against the hand-made cases, which the engine is
checked against too (test_partnership_pinochle_core.py).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cases.legal_cases import PARTNERSHIP_LEGAL_CASES
from cases.meld_cases import MELD_CASES
from reference import partnership_pinochle as ref


def test_reference_imports_nothing():
    """No cardsim and no other reference: a misreading elsewhere cannot leak in."""
    tree = ast.parse(Path(ref.__file__).read_text(encoding="utf-8"))
    imported = [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]
    assert [getattr(node, "module", None) for node in imported] == ["__future__"]


@pytest.mark.parametrize("hand, trick, trump, must_beat, expected", PARTNERSHIP_LEGAL_CASES)
def test_legal_cases(hand, trick, trump, must_beat, expected):
    assert ref.legal_cards(ref.parse_cards(hand), trick, trump, must_beat) == set(expected.split())


def test_legal_cases_cover_every_mode():
    modes = {mode for _, _, _, mode, _ in PARTNERSHIP_LEGAL_CASES}
    assert modes == {"always", "trump_led", "never"}


@pytest.mark.parametrize("cards, trump, expected, total", MELD_CASES)
def test_meld_cases(cards, trump, expected, total):
    breakdown = ref.meld_breakdown(ref.parse_cards(cards), trump)
    assert list(breakdown) == ref.MELDS
    assert {k: v for k, v in breakdown.items() if v} == expected
    assert ref.meld_points(ref.parse_cards(cards), trump, ref.DEFAULT_RULES) == total


@pytest.mark.parametrize("trick, trump, winner", [
    (["KS", "AS", "TS", "QS"], "H", 1),
    (["AS", "TS", "AS", "KS"], "H", 0),  # identical highest: the first played
    (["KS", "9H", "AS", "AH"], "H", 3),  # the higher trump
    (["KS", "9H", "AS", "9H"], "H", 1),  # identical trumps: the first
    (["9S", "AD", "AC", "TH"], "S", 0),  # off-suit aces never win; a plain TH neither
    (["QD", "KD", "9D", "AC"], "D", 1),
    (["JC", "QC"], "S", 1),
])
def test_trick_winner(trick, trump, winner):
    assert ref.trick_winner(trick, trump) == winner


def test_rank_points():
    assert ref.rank_points("A=1,T=1,K=1") == {"A": 1, "T": 1, "K": 1, "Q": 0, "J": 0, "9": 0}
    assert ref.rank_points("A=11, 10=10, k=4")["T"] == 10


@pytest.mark.parametrize("must_beat, legal", [("trump_led", {"JS", "AS"}), ("always", {"AS"}),
                                              ("never", {"JS", "AS"})])
def test_trumping_a_plain_lead_in_a_whole_hand(must_beat, legal):
    """Two-card hands: seat 2 trumps the club lead with KS; seat 3, void in clubs, must trump
    and under trump_led need not over-trump."""
    hands = [["AC", "TD"], ["9C", "9D"], ["KS", "QD"], ["JS", "AS"]]
    hand = ref.Hand(hands, dealer=3, rules={"pass_cards": 0, "must_beat": must_beat})
    hand.bid(16)
    for _ in range(3):
        hand.pass_()
    hand.declare("S")
    for card in ("AC", "9C", "KS"):
        hand.play(card)
    assert hand.to_act == 3 and hand.legal_moves() == legal
    if "JS" not in legal:
        return
    hand.play("JS")
    assert hand.trick_winners == [2] and hand.to_act == 2
    hand.play("QD")
    assert hand.legal_moves() == {"AS"}  # void in diamonds: trump
    for card in ("AS", "TD", "9D"):
        hand.play(card)
    assert hand.phase == "done" and hand.trick_winners == [2, 3]
    assert hand.team_trick_points == [2, 3]  # AC + KS; AS + TD + the last trick
    assert hand.made is False and hand.team_scores == [-16, 3]
