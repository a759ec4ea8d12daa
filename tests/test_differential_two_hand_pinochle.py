"""The Two-Hand Pinochle core against the pure-Python reference, step by step.

Each hand is dealt by the core (``Game.deal(seed=i, dealer=i % 2)``); a reference
``Hand`` starts from the same hands, turned-up card and stock order (read from the
core's state: the stock order is hidden from players, not from this test), and both
are driven by the same random actions.  After every action they must agree on the
phase, seat to act, hands, tables, the legal cards, the legal melds and whether the
dix may be exchanged, the meld scored so far, the trick, the turned-up card and the
stock; at the end on trick points and scores.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from cardsim import PINOCHLE, Game
from reference import two_hand_pinochle as ref

HANDS_PER_CONFIG = 1000
MELD_RATE = 0.8  # declare when something is legal this often: the reuse rules need many melds

CONFIGS = [
    {},
    {"meld_run": 15, "meld_trump_marriage": 4, "meld_marriage": 2, "meld_dix": 1, "meld_aces": 10,
     "meld_kings": 8, "meld_queens": 6, "meld_jacks": 4, "meld_pinochle": 4, "card_points": "A=1,T=1,K=1",
     "last_trick_points": 1},
]


def codes(cardset):
    return sorted(cardset)


def start_reference(core, rules):
    state = core._state
    stock = [PINOCHLE.code(bit) for bit in state.stock]
    return ref.Hand([codes(h) for h in core.hands], core.upcard, stock, core.dealer, rules)


def compare(core, hand, where):
    assert core.phase == hand.phase, where
    assert core.to_act == hand.to_act, where
    for seat in range(2):
        assert codes(core.hands[seat]) == hand.codes(hand.held[seat]), (where, seat)
        assert codes(core.tables[seat]) == hand.codes(hand.table[seat]), (where, seat)
    assert core.meld == hand.meld and core.melds == hand.melds, where
    assert core.upcard == (hand.upcard[0] if hand.upcard else None), where
    assert core.stock_left == len(hand.stock), where
    assert core.exchanged == hand.exchanged, where
    assert core.trick == [((hand.leader + i) % 2, card[0]) for i, card in enumerate(hand.trick)], where
    if hand.phase in ("stock", "play"):
        assert set(core.legal_moves()) == hand.legal_moves(), where
    assert core.legal_melds() == hand.legal_melds(), where
    assert core.can_exchange() == hand.can_exchange(), where
    for seat in range(2):
        assert sorted(core.taken[seat]) == sorted(hand.taken[seat]), (where, seat)


def play_one(game, rules, i, stats):
    rng = random.Random(i)
    core = game.deal(seed=i, dealer=i % 2)
    hand = start_reference(core, rules)
    compare(core, hand, [i, "deal"])
    steps = 0
    while hand.phase != "done":
        steps += 1
        assert steps < 200, "runaway hand"
        where = [i, steps, hand.phase, hand.to_act]
        if hand.phase == "meld":
            melds = hand.legal_melds()
            if melds and rng.random() < MELD_RATE:
                choice = rng.choice(melds)
                where.append(f"declares {choice}")
                stats["melds"] += 1
                stats[choice] += 1
                hand.declare(choice)
                core.declare(choice)
            elif hand.can_exchange() and rng.random() < 0.5:
                where.append("exchanges")
                stats["exchanges"] += 1
                hand.exchange()
                core.exchange_dix()
            else:
                where.append("draws")
                hand.draw()
                core.draw()
        else:
            card = rng.choice(sorted(hand.legal_moves()))
            where.append(f"plays {card} to {hand.trick}")
            before = len(hand.trick_winners)
            hand.play(card)
            core.play(card)
            if len(hand.trick_winners) > before:
                stats["tricks"] += 1
        compare(core, hand, where)
    assert core.trick_points == hand.trick_points, i
    assert core.scores == hand.scores, i
    per_rank = ref.parse_card_points(rules["card_points"])
    assert sum(core.trick_points) == 8 * sum(per_rank.values()) + rules["last_trick_points"], i
    stats["hands"] += 1


@pytest.mark.parametrize("config", CONFIGS, ids=["defaults", "section-1-values"])
def test_core_matches_reference(config):
    game = Game("two-hand-pinochle", **config)
    rules = {k: v for k, v in game.rules.to_dict().items() if k in ref.DEFAULT_RULES}
    stats = Counter()
    for i in range(HANDS_PER_CONFIG):
        play_one(game, rules, i, stats)
    assert stats["tricks"] == 24 * HANDS_PER_CONFIG
    assert stats["melds"] > 2 * HANDS_PER_CONFIG and stats["exchanges"] > 0
    for declaration in ("run", "trump_marriage", "dix", "aces", "kings", "queens", "jacks", "pinochle"):
        assert stats[declaration] > 0, declaration
