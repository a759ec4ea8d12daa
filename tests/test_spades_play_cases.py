"""Hand-made positions for the play rules: the spade-lead rule and when spades break, follow
suit, jokers above the ace, the trick winner.  Each sets the cards of a fresh deal (the step
state's set_hands) and checks legal moves and winners through the public hand."""
from __future__ import annotations

from cardsim import Game


def position(hands: list[str], game: Game | None = None, dealer: int = 0, bids: str = "1"):
    """A hand with these cards (one string per seat), every seat having bid ``bids``."""
    game = game or Game("cutthroat-spades", players=3)
    hand = game.deal(seed=0, dealer=dealer)
    hand._state.set_hands([sum(1 << game.deck.parse_code(c) for c in h.split()) for h in hands])
    while hand.phase == "bidding":
        hand.bid(bids)
    return hand


def legal(hand) -> set[str]:
    return set(hand.legal_moves())


def test_no_spade_lead_before_spades_are_broken():
    hand = position(["4C 3C", "AS KS 2H", "5H 6D"], dealer=0)
    assert hand.to_act == 1 and legal(hand) == {"2H"}


def test_leader_with_only_spades_may_lead_them_and_that_does_not_break_spades():
    hand = position(["4C 3C", "AS KS", "5S 6D"], dealer=0)
    assert legal(hand) == {"AS", "KS"}
    hand.play("KS")
    assert legal(hand) == {"5S"}  # seat 2 must follow spades
    hand.play("5S")
    assert legal(hand) == {"4C", "3C"}  # seat 0 has none: anything
    hand.play("4C")
    assert hand.last_winner == 1 and not hand.spades_broken
    assert legal(hand) == {"AS"}  # still only spades in hand


def test_a_spade_on_another_suits_lead_breaks_spades():
    hand = position(["4S 3C 8H", "2H 9D 5C", "5S 6D 7H"], dealer=2)  # seat 0 leads
    assert legal(hand) == {"3C", "8H"}
    hand.play("3C")
    assert legal(hand) == {"5C"}  # seat 1 follows clubs
    hand.play("5C")
    assert legal(hand) == {"5S", "6D", "7H"}  # seat 2 is void in clubs: anything
    hand.play("5S")  # trumps the club lead
    assert hand.spades_broken and hand.last_winner == 2
    assert legal(hand) == {"6D", "7H"}  # broken, but seat 2 holds no spade any more
    hand.play("6D")
    assert legal(hand) == {"4S", "8H"}  # seat 0 void in diamonds
    hand.play("4S")
    hand.play("9D")
    assert hand.last_winner == 0 and legal(hand) == {"8H"}


def test_once_broken_any_card_may_be_led():
    hand = position(["4S 3C 8H", "2H 9D 5C", "5S 6S 7H"], dealer=2)
    for card in ("3C", "5C", "5S"):
        hand.play(card)
    assert hand.to_act == 2 and legal(hand) == {"6S", "7H"}


def test_follow_suit_and_highest_of_led_suit_wins():
    hand = position(["TH 2S", "KH 3C", "AD 4H"], dealer=0)  # seat 1 leads
    hand.play("KH")
    assert legal(hand) == {"4H"}
    hand.play("4H")
    assert legal(hand) == {"TH"}
    hand.play("TH")
    assert hand.last_winner == 1


def test_jokers_are_spades_above_the_ace():
    game = Game("cutthroat-spades", players=5, jokers=3)
    hands = ["2C 3H", "AS 4H", "J3 5H", "J2 6H", "J1 7H"]
    hand = position(hands, game=game, dealer=4)  # seat 0 holds the 2C and leads
    assert hand.to_act == 0 and legal(hand) == {"2C", "3H"}
    hand.play("2C")
    for seat, card in ((1, "AS"), (2, "J3"), (3, "J2"), (4, "J1")):
        assert hand.to_act == seat and card in legal(hand)  # void in clubs: jokers are playable
        hand.play(card)
    assert hand.last_winner == 4 and hand.spades_broken
    assert legal(hand) == {"7H"}  # spades (jokers) gone; broken now, but only a heart left


def test_joker_order_j1_j2_j3_ace():
    game = Game("cutthroat-spades", players=5, jokers=3)
    hands = ["2C 3H", "J1 4H", "J3 5H", "AS 6H", "J2 7H"]
    hand = position(hands, game=game, dealer=4)
    for card in ("2C", "J1", "J3", "AS", "J2"):
        hand.play(card)
    assert hand.last_winner == 1


def test_dealer_sits_out_the_first_trick_with_two_jokers():
    game = Game("cutthroat-spades", players=5, jokers=2)
    hands = ["3C 4C", "2C 5C", "6C 7C", "8C 9C", "TC"]  # seat 4 deals and has one card fewer
    hand = position(hands, game=game, dealer=4)
    assert hand.to_act == 1  # the 2C leads
    for card in ("2C", "6C", "8C", "3C"):
        hand.play(card)
    assert hand.tricks_played == 1 and hand.last_winner == 3 and len(hand.hands[4]) == 1
    hand.play("9C")
    assert hand.to_act == 4  # the dealer plays from trick 2 on


# -- break_spades=false: spades may be led at any time, trick 1 included --------------------

def test_break_spades_false_leads_a_spade_on_trick_one():
    game = Game("cutthroat-spades", players=3, break_spades=False)
    hand = position(["4C 3C", "AS KS 2H", "5H 6D"], game=game, dealer=0)
    assert hand.to_act == 1 and legal(hand) == {"AS", "KS", "2H"}  # with the default only 2H
    hand.play("KS")
    assert not hand.spades_broken  # leading a spade breaks nothing: nobody trumped
    assert legal(hand) == {"5H", "6D"}  # seat 2 has no spade: anything
    hand.play("5H")
    hand.play("4C")
    assert hand.last_winner == 1 and legal(hand) == {"AS", "2H"}


def test_break_spades_false_partnership_is_bridge_with_spades_trump():
    """Every lead is free; following suit and the trick winner are unchanged."""
    game = Game("spades", break_spades=False)
    hand = position(["AS 2H", "3S 4H", "5D 6H", "7C 8H"], game=game, dealer=3)
    assert hand.to_act == 0 and legal(hand) == {"AS", "2H"}
    hand.play("AS")
    assert legal(hand) == {"3S"}  # must follow spades
    hand.play("3S")
    assert legal(hand) == {"5D", "6H"}
    hand.play("6H")
    hand.play("8H")
    assert hand.last_winner == 0 and legal(hand) == {"2H"}


def test_break_spades_false_with_jokers_and_the_two_of_clubs_lead():
    """5 players, 2 jokers: the 2C holder still leads trick 1 (and the dealer sits it out), but may
    lead a joker or any spade; the 2C need not be led."""
    game = Game("cutthroat-spades", players=5, jokers=2, break_spades=False)
    hands = ["3C 4C", "2C J1", "6C 7C", "8C 9C", "TC"]  # seat 4 deals and has one card fewer
    hand = position(hands, game=game, dealer=4)
    assert hand.to_act == 1 and legal(hand) == {"2C", "J1"}
    hand.play("J1")
    for card in ("6C", "8C", "3C"):  # void in spades: anything
        hand.play(card)
    assert hand.tricks_played == 1 and hand.last_winner == 1 and not hand.spades_broken
    default = position(hands, game=Game("cutthroat-spades", players=5, jokers=2), dealer=4)
    assert legal(default) == {"2C"}  # the joker is a spade: barred until broken
