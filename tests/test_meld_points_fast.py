"""meld_points (_pinochle.pxd) computes the meld total straight, without the counts table:
it must equal the counts of meld_counts times the values, for any hand, trump and values."""
from __future__ import annotations

import random

from cardsim import Game, _core


def test_meld_total_is_counts_times_values():
    rng = random.Random(15)
    deck = [16 * s + b for s in range(4) for b in range(12)]
    names = _core.MELD_NAMES
    for variant in range(4):
        values = {f"meld_{name}": rng.randint(0, 997) for name in names}
        rules = Game("cutthroat-pinochle", **values).rules
        for _ in range(2500):
            cards = sum(1 << b for b in rng.sample(deck, rng.choice([12, 15, 18, 24, 30])))
            for trump in range(4):
                counts, total = _core.pinochle_meld_breakdown(cards, trump, rules)
                assert total == sum(c * values[f"meld_{n}"] for c, n in zip(counts, names)), (variant, hex(cards), trump)


def test_meld_loss_of_one_card_is_the_meld_difference():
    """pin_meld_loss (the heuristic discard's and pass's count of the meld one card breaks) equals
    meld_points before minus after, for every held card bit, trump and random meld values."""
    from cardsim.pinochle.cutthroat import pinochle_meld_loss
    rng = random.Random(16)
    deck = [16 * s + b for s in range(4) for b in range(12)]
    names = _core.MELD_NAMES
    for variant in range(3):
        values = {f"meld_{name}": rng.randint(0, 997) for name in names}
        rules = Game("cutthroat-pinochle", **values).rules
        for _ in range(150):
            bits = rng.sample(deck, rng.choice([12, 15, 18, 24, 30]))
            cards = sum(1 << b for b in bits)
            for trump in range(4):
                total = _core.pinochle_meld_breakdown(cards, trump, rules)[1]
                for b in bits:
                    after = _core.pinochle_meld_breakdown(cards & ~(1 << b), trump, rules)[1]
                    assert pinochle_meld_loss(cards, b, trump, rules) == total - after, (variant, hex(cards), trump, b)
    # hands rich in meld: double runs, arounds and pinochles, where a card's loss counts most
    rules = Game("cutthroat-pinochle").rules
    rich = [16 * s + b for s in range(4) for b in range(2, 12)]
    for _ in range(100):
        bits = rng.sample(rich, 30)
        cards = sum(1 << b for b in bits)
        for trump in range(4):
            total = _core.pinochle_meld_breakdown(cards, trump, rules)[1]
            for b in bits:
                after = _core.pinochle_meld_breakdown(cards & ~(1 << b), trump, rules)[1]
                assert pinochle_meld_loss(cards, b, trump, rules) == total - after


def test_meld_gain_bound():
    """pin_meld_gain_max bounds what taking one card can add to the meld (minus pin_meld_loss), for
    random meld values (each double below its single, a run below its marriage: gains happen) and
    the default ones (0: no card adds meld); the partnership pass prunes its candidates by it."""
    from cardsim.pinochle.cutthroat import pinochle_meld_gain_max, pinochle_meld_loss
    rng = random.Random(17)
    deck = [16 * s + b for s in range(4) for b in range(12)]
    rich = [16 * s + b for s in range(4) for b in range(12) if b >= 2 or s == 0]
    names = _core.MELD_NAMES
    assert pinochle_meld_gain_max(Game("partnership-pinochle").rules) == 0
    reached = 0
    for variant in range(6):
        values = {f"meld_{name}": rng.randint(0, 300) for name in names}
        rules = Game("cutthroat-pinochle", **values).rules
        bound = pinochle_meld_gain_max(rules)
        most = 0
        for _ in range(300):
            bits = rng.sample(rng.choice([deck, rich]), rng.choice([12, 15, 18, 24, 30]))
            cards = sum(1 << b for b in bits)
            for trump in range(4):
                for b in bits:
                    most = max(most, -pinochle_meld_loss(cards, b, trump, rules))
        assert most <= bound, (variant, values, most, bound)
        reached += most > 0
    assert reached  # some values make taking a card add meld
