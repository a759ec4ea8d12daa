"""A chosen deal's ``redeals`` (deals thrown in before it) is honoured in every game that redeals,
and a redeal inside a hand replays as the chance event it is in the history (issue 10, item 3)."""
from __future__ import annotations

import pytest

from cardsim import Game
from cardsim.errors import CardError

GAMES = [("euchre", {}), ("cutthroat-euchre", {}), ("partnership-pinochle", {"all_pass": "redeal"}),
         ("cutthroat-pinochle", {})]


def _pass_round(hand):
    """Everybody passes until the deal is thrown in (or the hand ends)."""
    redeals = hand.redeals
    while hand.to_act is not None and hand.redeals == redeals:
        passes = [a for a in hand.legal_actions() if hand.action_to_string(a) == "pass"]
        assert passes, (hand.phase, [hand.action_to_string(a) for a in hand.legal_actions()])
        hand.apply(passes[0])


def _play_first(hand):
    """The last legal action each time (a bid, not a pass: the hand is played out)."""
    while hand.to_act is not None:
        hand.apply(hand.legal_actions()[-1])
    return hand


@pytest.mark.parametrize("name, options", GAMES, ids=[g for g, _ in GAMES])
def test_the_deal_after_a_redeal_is_a_chosen_deal_with_its_redeals(name, options):
    game = Game(name, **options)
    hand = game.deal(seed=5)
    _pass_round(hand)
    assert hand.redeals == 1
    table = [a for a in hand.history if isinstance(a, dict)][-1]["redeal"]
    assert table["redeals"] == 1
    chosen = game.deal(cards=table)
    assert chosen.redeals == 1 and chosen.dealer == hand.dealer == table["dealer"]
    assert chosen.deal["redeals"] == 1 and chosen.observation(0)["hand"] == hand.observation(0)["hand"]
    # the same actions from here give the same hand: results (their redeals too) and all
    assert _play_first(chosen).result() == _play_first(hand).result()
    assert chosen.result()["redeals"] == 1
    again = game.replay(chosen.deal, chosen.history)
    assert again.to_dict() == chosen.to_dict()
    assert game.hand_from_dict(chosen.to_dict()).result() == chosen.result()


@pytest.mark.parametrize("name, options", GAMES, ids=[g for g, _ in GAMES])
def test_a_redeal_inside_a_chosen_deal_counts_on_and_replays(name, options):
    game = Game(name, **options)
    chosen = game.deal(cards={**game.deal(seed=8).deal, "redeals": 2})
    assert chosen.redeals == 2 and chosen.deal["redeals"] == 2
    _pass_round(chosen)
    assert chosen.redeals == 3
    entry = [a for a in chosen.history if isinstance(a, dict)]
    assert len(entry) == 1 and entry[0]["redeal"]["redeals"] == 3
    _play_first(chosen)
    again = game.replay(chosen.deal, chosen.history)
    assert again.to_dict() == chosen.to_dict() and again.result()["redeals"] == 3


@pytest.mark.parametrize("name, options", GAMES, ids=[g for g, _ in GAMES])
def test_the_redeal_cap_holds_for_a_chosen_deal(name, options):
    """A hand that has had 1000 deals thrown in ends with no contest at the next all-pass."""
    game = Game(name, **options)
    chosen = game.deal(cards={**game.deal(seed=8).deal, "redeals": 1000})
    _pass_round(chosen)
    assert chosen.to_act is None and chosen.redeals == 1001


@pytest.mark.parametrize("bad", [-1, 1001, "2", 1.0, True, None])
def test_bad_redeals_are_one_line_card_errors(bad):
    game = Game("euchre")
    deal = game.deal(seed=1).deal
    with pytest.raises(CardError, match=r"'redeals' .* integer 0\.\.1000") as info:
        game.deal(cards={**deal, "redeals": bad})
    assert "\n" not in str(info.value)
    for name, options in GAMES[2:]:
        g = Game(name, **options)
        with pytest.raises(CardError, match="'redeals'"):
            g.deal(cards={**g.deal(seed=1).deal, "redeals": bad})
