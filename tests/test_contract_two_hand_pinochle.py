"""Two-Hand Pinochle on the game contract (docs/actions.md): a card from hand and its twin
from the table are two actions, the meld phase is declarations, the exchange and the draw
as actions, policy steps record exactly what the policy did, chosen deals keep the stock's
order.  The contract tests every game shares are in tests/test_contract.py."""
from __future__ import annotations

import copy
import json
import pickle
import random
from collections import Counter

import pytest

from cardsim import CardError, Game, IllegalMoveError
from cardsim.pinochle.two_hand_hand import DECLARATIONS

GAME = "two-hand-pinochle"
JUNK = "9S 9S 9D 9D 9C 9C JS JS JC JC TD TD"  # the dealer's hand: no meld, never wins against an ace lead
TABLE, DECLARE, EXCHANGE, DRAW = 24, 48, 60, 61


def card(code: str) -> int:
    """The card action of ``code`` played from hand (6*suit + rank, ranks 9 J Q K T A)."""
    return 6 * "SHDC".index(code[1]) + "9JQKTA".index(code[0])


def dealt(seat1: str, upcard: str = "JH"):
    """Seat 1 (non-dealer, leads first) holds ``seat1``, the dealer JUNK; the stock the rest, low cards on top."""
    rest = [r + s for r in "9TJAKQ" for s in "SDCH" for _ in range(2)]
    for code in (seat1 + " " + JUNK + " " + upcard).split():
        rest.remove(code)
    return Game(GAME).deal(cards={"hands": [JUNK, seat1], "upcard": upcard, "stock": " ".join(rest)})


def win(hand, lead: str, side: int = 0) -> None:
    """Seat 1 leads ``lead`` (from hand, or from the table with ``side=TABLE``); the dealer throws 9S."""
    hand.apply(card(lead) + side)
    hand.apply(card("9S"))
    assert hand.last_winner == 1


def state_of(hand) -> tuple:
    st = hand._state
    return (st.phase, st.to_act, st.hands, st.tables, st.won, st.used, st.meld, st.melds, st.trick, st.stock,
            st.upcard, st.exchanged, st.trick_points, st.score)


def scored_dix_on_the_table():
    hand = dealt("9H AC AC AD AD TC TC TS TS AS AS KC", upcard="KH")
    win(hand, "AC")
    assert hand.legal_actions() == [DECLARE + DECLARATIONS.index("dix"), EXCHANGE, DRAW]
    hand.apply(DECLARE + DECLARATIONS.index("dix"))  # nothing left to do: both draw, seat 1 the other 9H
    assert hand.phase == "stock" and hand.meld[1] == 10 and hand.hands[1].count("9H") == 2
    return hand


def test_the_table_copy_and_the_hand_copy_are_two_actions_with_different_results():
    hand = scored_dix_on_the_table()
    legal = hand.legal_actions()
    assert card("9H") in legal and TABLE + card("9H") in legal
    assert hand.action_to_string(TABLE + card("9H")) == "9H from table" and hand.action_to_string(card("9H")) == "9H"
    assert hand.string_to_action("9h  FROM table") == TABLE + card("9H")
    assert TABLE + card("AC") not in legal  # nothing else is on the table
    from_hand, from_table = hand.clone(), hand.clone()
    from_hand.apply(card("9H"))
    from_table.apply(TABLE + card("9H"))
    assert from_hand.meld[1] == 20 and from_hand.tables[1].count("9H") == 1  # the unscored dix scores
    assert from_table.meld[1] == 10 and from_table.tables[1].count("9H") == 0  # the scored one: nothing
    assert from_hand.history[-1] == card("9H") and from_table.history[-1] == TABLE + card("9H")
    for other in (from_hand, from_table):
        other.apply(card("9S"))
    assert from_hand.phase == "stock"  # the dix left is the scored one: nothing to do, both drew
    assert from_table.phase == "meld"  # the unscored dix is still in hand: declare or exchange it
    assert from_table.legal_actions() == [DECLARE + DECLARATIONS.index("dix"), EXCHANGE, DRAW]


def test_the_step_api_goes_through_apply():
    hand = scored_dix_on_the_table()
    hand.play("9H", from_table=True)
    hand.play("9S")
    assert hand.history[-2:] == [TABLE + card("9H"), card("9S")]
    hand.exchange_dix()
    assert hand.history[-1] == EXCHANGE and hand.phase == "stock"  # nothing left to declare: both drew
    hand.play("AS")  # one AS, off the table: the default is the hand copy
    assert hand.history[-1] == card("AS")
    queens = dealt("QS QS QH QH QD QD QC QC AC AC AD AD")
    win(queens, "AC")
    queens.declare("queens")
    assert queens.history[-1] == DECLARE + DECLARATIONS.index("queens")
    queens.play("QS")  # the default: the melded copy, its fresh twin stays free
    assert queens.history[-1] == TABLE + card("QS")
    names = [queens.action_to_string(a) for a in queens.history]
    assert names == ["AC", "9S", "queens", "QS from table"]
    marriage = dealt("KS QS AC AC AD AD TC TC TS TS AS AS")
    win(marriage, "AC")
    assert marriage.legal_actions() == [DECLARE + DECLARATIONS.index("marriage_S"), DRAW]
    marriage.draw()
    assert marriage.history[-1] == DRAW and marriage.phase == "stock" and marriage.melds == [0, 0]


def test_declarations_and_the_exchange_are_actions():
    hand = dealt("9H 9H AC AC AD AD TC TC TS TS AS AS", upcard="KH")
    assert all(a < TABLE for a in hand.legal_actions())  # nothing on the table yet
    win(hand, "AC")
    dix = DECLARE + DECLARATIONS.index("dix")
    assert hand.phase == "meld" and hand.legal_actions() == [dix, EXCHANGE, DRAW]
    assert [hand.action_to_string(a) for a in hand.legal_actions()] == ["dix", "exchange", "draw"]
    assert not hand.mid_decision  # each is a whole decision: a policy may step in
    hand.apply(EXCHANGE)
    assert hand.exchanged == 1 and hand.meld[1] == 10 and hand.upcard == "9H"
    assert hand.legal_actions() == [dix, DRAW]
    with pytest.raises(IllegalMoveError, match="action 60 \\(exchange\\) is not legal now"):
        hand.apply(EXCHANGE)
    hand.apply(dix)
    assert hand.meld[1] == 20 and hand.phase == "stock" and hand.tables[1].count("9H") == 1
    with pytest.raises(IllegalMoveError, match="not legal now"):
        hand.apply(DRAW)
    assert hand.history[-2:] == [EXCHANGE, dix]
    again = Game(GAME).replay(hand.deal, hand.history)
    assert state_of(again) == state_of(hand)


def test_all_declarations_have_names_that_read_back():
    hand = Game(GAME).deal(seed=1)
    for i, name in enumerate(DECLARATIONS):
        assert hand.action_to_string(DECLARE + i) == name and hand.string_to_action(name) == DECLARE + i
    assert hand.num_actions == 62 and hand.string_to_action("draw") == DRAW


@pytest.mark.parametrize("policies", [("random", "random"), ("heuristic", "heuristic"), ("heuristic", "random")])
def test_a_policy_step_records_exactly_what_the_policy_did(policies):
    """Each policy step adds one action; applying it to a copy taken before gives the same
    state, the physical copy played included."""
    seen = Counter()
    for seed in range(120):
        hand = Game(GAME).deal(seed=seed, dealer=seed % 2)
        while hand.to_act is not None:
            before = hand.clone()
            hand.step(policies[hand.to_act])
            (action,) = hand.history[len(before.history):]
            assert action in before.legal_actions()
            before.apply(action)
            assert state_of(before) == state_of(hand), (seed, action)
            name = hand.action_to_string(action)
            seen["table" if "from table" in name else name if action >= DECLARE else "hand"] += 1
        assert Game(GAME).replay(hand.deal, hand.history).result() == hand.result()
    assert seen["table"] > 50 and seen["hand"] > 1000, seen
    assert seen["draw"] > 10 if "random" in policies else seen["draw"] == 0, seen  # the heuristic always melds
    assert seen["exchange"] > 0 and seen["dix"] > 0 and any(k.startswith("marriage_") for k in seen), seen


def test_copies_in_the_meld_phase_are_equal_and_then_independent():
    hand = dealt("QS QS QH QH QD QD QC QC AC AC AD AD")
    win(hand, "AC")
    hand.declare("queens")
    win(hand, "AC")
    assert hand.phase == "meld" and DECLARE + DECLARATIONS.index("queens") in hand.legal_actions()
    g = Game(GAME)
    copies = [hand.clone(), copy.copy(hand), copy.deepcopy(hand), pickle.loads(pickle.dumps(hand)),
              g.hand_from_dict(json.loads(json.dumps(hand.to_dict())))]
    for other in copies:
        assert state_of(other) == state_of(hand) and other.history == hand.history
        assert other.legal_actions() == hand.legal_actions() and other.deal == hand.deal
    before = state_of(hand)
    copies[0].declare("queens")
    copies[3].draw()
    assert state_of(hand) == before and copies[0].meld[1] == 120 and copies[3].meld[1] == 60
    assert state_of(copies[1]) == before
    rng = random.Random(5)
    for other in copies:
        while other.to_act is not None:
            other.apply(rng.choice(other.legal_actions()))
        assert g.replay(other.deal, other.history).result() == other.result()


def test_a_chosen_deal_keeps_the_stock_order():
    g = Game(GAME)
    hand = g.deal(seed=8, dealer=1)
    deal = hand.deal
    assert set(deal) == {"seed", "dealer", "hands", "upcard", "stock"} and deal["dealer"] == 1
    stock = deal["stock"].split()
    assert len(stock) == 23 and [str(h) for h in hand.hands] == deal["hands"] and deal["upcard"] == hand.upcard
    again = g.deal(cards=deal)
    assert again.deal == deal and [b & ~1 for b in again._state.stock] == [b & ~1 for b in hand._state.stock]
    listed = g.deal(cards={**deal, "stock": stock})  # a list of codes works too
    assert listed.deal == deal
    flipped = g.deal(cards={**deal, "stock": " ".join(reversed(stock))})
    assert flipped.deal["stock"].split() == stock[::-1]
    for h in (again, flipped):
        h.apply(h.legal_actions()[0])
        h.apply(h.legal_actions()[0])
        while h.phase == "meld":
            h.apply(DRAW)
    winner = again.last_winner
    assert stock[0] in again.hands[winner] and stock[-1] in flipped.hands[winner]
    # the step API's from_cards is the same deal
    from cardsim.pinochle.two_hand_hand import TwoHandPinochleHand
    same = TwoHandPinochleHand.from_cards(g.rules, deal["hands"][0], deal["hands"][1], deal["upcard"],
                                          deal["stock"], dealer=1)
    assert same.deal == {**deal, "seed": 0}


@pytest.mark.parametrize("change, message", [
    ({"stock": None}, "names its 'stock'"),
    ({"upcard": None, "stock": None}, "names its 'upcard' and its 'stock'"),
    ({"stock": "AS"}, "the stock must hold 23 cards, got 1"),
    ({"upcard": "AS KS"}, "the upcard must hold 1 cards, got 2"),
    ({"stock": 5}, "the stock is its cards in draw order"),
    ({"hands": ["AS"]}, "one set of cards for each of the 2 seats"),
])
def test_bad_deals_get_one_line(change, message):
    deal = Game(GAME).deal(seed=2).deal
    for key, value in change.items():
        if value is None:
            del deal[key]
        else:
            deal[key] = value
    with pytest.raises(CardError, match=message) as info:
        Game(GAME).deal(cards=deal)
    assert "\n" not in str(info.value)


def test_a_third_copy_is_refused():
    """Every pinochle card is dealt twice: putting one card in place of another makes three."""
    deal = Game(GAME).deal(seed=2).deal
    stock = deal["stock"].split()
    other = next(c for c in stock if c != stock[0])
    for bad in ({**deal, "stock": " ".join([other] + stock[1:])},
                {**deal, "hands": [deal["hands"][0], deal["hands"][1].replace(deal["hands"][1].split()[0],
                                                                              deal["upcard"], 1)]}):
        with pytest.raises(CardError, match="a third copy|more often than the deck holds it") as info:
            Game(GAME).deal(cards=bad)
        assert "\n" not in str(info.value)
