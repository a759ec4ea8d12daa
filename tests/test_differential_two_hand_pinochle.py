"""The Two-Hand Pinochle core against the pure-Python reference, step by step.

Each hand is dealt by the core (``Game.deal(seed=i, dealer=i % 2)``); a reference
``Hand`` starts from the same hands, turned-up card and stock order (read from the
core's state: the stock order is hidden from players, not from this test).

Random pass: both are driven by the same random actions, the copy played included
(``play(card, from_table)`` among the reference's legal (card, copy) pairs, so a melded
copy and its twin in hand are both chosen often).  After every action they must agree
on the phase, seat to act, every held card with whether it is on the table and the meld
kinds it has served in, the legal (card, copy) moves, the legal melds and whether the
dix may be exchanged, the meld scored so far, the trick and who won it, the turned-up
card and the stock; at the end on trick points and scores.

Heuristic pass: the core's heuristic players choose every action on thousands of hands;
the reference must find each card (and copy), meld and dix exchange legal, and agree on
each trick's winner and the hand's scores.  The heuristic's choice of copy is checked
against what it promises (docs/two-hand-pinochle.md): a fresh twin is kept, a scored dix
is not played while the unscored one would score.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from cardsim import PINOCHLE, Game, _core
from reference import two_hand_pinochle as ref

HANDS_PER_CONFIG = 1000
HEURISTIC_HANDS = 2000
MELD_RATE = 0.8  # declare when something is legal this often: the reuse rules need many melds
KINDS = list(_core.TWO_HAND_KINDS)
assert KINDS == ref.KINDS

CONFIGS = [
    {},
    {"meld_run": 15, "meld_trump_marriage": 4, "meld_marriage": 2, "meld_dix": 1, "meld_aces": 10,
     "meld_kings": 8, "meld_queens": 6, "meld_jacks": 4, "meld_pinochle": 4, "card_points": "A=1,T=1,K=1",
     "last_trick_points": 1},
]
CODE = [PINOCHLE.code(bit) if bit % 16 < 12 else None for bit in range(64)]


def bits(mask):
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def core_holdings(state, seat):
    """(code, on the table, kinds served) of every card ``seat`` holds, as the reference's ``holdings``."""
    table, used = state.tables[seat], state.used
    return sorted((CODE[b], bool(table >> b & 1), tuple(sorted(k for i, k in enumerate(KINDS) if used[i] >> b & 1)))
                  for b in bits(state.hands[seat]))


def core_plays(state):
    return {(CODE[b], False) for b in bits(state.legal_hand_mask())} | \
        {(CODE[b], True) for b in bits(state.legal_table_mask())}


def start_reference(core, rules):
    stock = [PINOCHLE.code(bit) for bit in core._state.stock]
    return ref.Hand([sorted(h) for h in core.hands], core.upcard, stock, core.dealer, rules)


def compare(core, hand, where):
    state = core._state
    assert core.phase == hand.phase, where
    assert core.to_act == hand.to_act, where
    for seat in range(2):
        assert core_holdings(state, seat) == hand.holdings(seat), (where, seat)
    assert core.meld == hand.meld and core.melds == hand.melds, where
    assert core.upcard == (hand.upcard[0] if hand.upcard else None), where
    assert core.stock_left == len(hand.stock), where
    assert core.exchanged == hand.exchanged, where
    assert core.trick == [((hand.leader + i) % 2, card[0]) for i, card in enumerate(hand.trick)], where
    if hand.phase in ("stock", "play"):
        assert set(core.legal_moves()) == hand.legal_moves(), where
        assert core_plays(state) == set(core.legal_plays()) == hand.legal_plays(), where
    assert core.legal_melds() == hand.legal_melds(), where
    assert core.can_exchange() == hand.can_exchange(), where
    for seat in range(2):
        assert sorted(CODE[b] for b in bits(state.won[seat])) == sorted(hand.taken[seat]), (where, seat)


def compare_end(core, hand, rules, i):
    assert core.phase == hand.phase == "done", i
    assert core.meld == hand.meld and core.melds == hand.melds, i
    assert core.trick_points == hand.trick_points, i
    assert core.scores == hand.scores, i
    per_rank = ref.parse_card_points(rules["card_points"])
    assert sum(core.trick_points) == 8 * sum(per_rank.values()) + rules["last_trick_points"], i


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
            plays = sorted(hand.legal_plays())
            card, from_table = rng.choice(plays)
            if (card, not from_table) in plays:  # a melded copy and its twin in hand
                stats["table copy" if from_table else "hand copy"] += 1
                if card == "9" + hand.trump and hand.phase == "stock":
                    stats["dix copy"] += 1
            where.append(f"plays {card} {'from the table' if from_table else 'from hand'} to {hand.trick}")
            before = len(hand.trick_winners)
            hand.play(card, from_table)
            core.play(card, from_table=from_table)
            if len(hand.trick_winners) > before:
                assert core.last_winner == hand.trick_winners[-1], where
                stats["tricks"] += 1
        compare(core, hand, where)
    compare_end(core, hand, rules, i)
    stats["hands"] += 1


@pytest.mark.parametrize("config,hands", [(CONFIGS[0], HANDS_PER_CONFIG), (CONFIGS[1], HANDS_PER_CONFIG // 2)],
                         ids=["defaults", "section-1-values"])
def test_core_matches_reference(config, hands):
    """Other meld and card values change the scores, not the paths: half as many hands."""
    game = Game("two-hand-pinochle", **config)
    rules = {k: v for k, v in game.rules.to_dict().items() if k in ref.DEFAULT_RULES}
    stats = Counter()
    for i in range(hands):
        play_one(game, rules, i, stats)
    assert stats["tricks"] == 24 * hands
    assert stats["melds"] > 2 * hands and stats["exchanges"] > 0
    for declaration in ("run", "trump_marriage", "dix", "aces", "kings", "queens", "jacks", "pinochle"):
        assert stats[declaration] > 0, declaration
    # both copies of a card with one melded: each choice comes up many times
    assert stats["table copy"] > 100 and stats["hand copy"] > 100 and stats["dix copy"] > 0, dict(stats)


# ------------------------------------------------------------------ heuristic-driven


def heuristic_step(core, hand, stats, where):
    """Let the core's heuristic act; check the action in the reference and apply it there."""
    state = core._state
    seat = hand.to_act
    if hand.phase == "meld":
        melds, exchanged, used = state.melds[seat], state.exchanged, state.used
        core.step("heuristic")
        if state.exchanged != exchanged:
            where.append("exchanges")
            assert hand.can_exchange(), where
            hand.exchange()
            stats["exchanges"] += 1
        elif state.melds[seat] != melds:
            new = [b for i, k in enumerate(KINDS) for b in bits(state.used[i] & ~used[i])]
            changed = [k for i, k in enumerate(KINDS) if state.used[i] != used[i]]
            kind = changed[0]  # a run also marks its K Q for trump marriages: "run" comes first
            declaration = f"marriage_{CODE[new[0]][1]}" if kind == "marriage" else kind
            where.append(f"declares {declaration}")
            assert declaration in hand.legal_melds(), (where, hand.legal_melds())
            hand.declare(declaration)
            stats["melds"] += 1
        else:
            where.append("draws")
            assert hand.phase == "meld", where
            hand.draw()
        return
    held, table = state.hands[seat], state.tables[seat]
    trick_before, stock_phase = hand.trick[:], hand.phase == "stock"
    core.step("heuristic")
    (played,) = bits(held & ~state.hands[seat])
    card, from_table = CODE[played], bool(table >> played & 1)
    where.append(f"plays {card} {'from the table' if from_table else 'from hand'} to {trick_before}")
    assert (card, from_table) in hand.legal_plays(), (where, sorted(hand.legal_plays()))
    if (card, not from_table) in hand.legal_plays():  # the heuristic chose between a melded copy and its twin
        dix = stock_phase and card == "9" + hand.trump
        twin = [c for c in hand.held[seat] if c[0] == card and (c in hand.table[seat]) != from_table][0]
        if dix:  # a scored dix on the table, an unscored one in hand: the unscored one scores
            assert not from_table and twin in hand.used["dix"], where
            stats["unscored dix played"] += 1
        else:
            assert from_table, where  # the melded copy went, the fresh twin stays
            stats["melded copy played"] += 1
    before = len(hand.trick_winners)
    hand.play(card, from_table)
    if len(hand.trick_winners) > before:
        assert state.last_winner == hand.trick_winners[-1], where
        stats["tricks"] += 1


def compare_light(core, hand, where):
    state = core._state
    assert core.phase == hand.phase and core.to_act == hand.to_act, where
    assert state.meld == hand.meld and state.melds == hand.melds, where
    for seat in range(2):
        assert sorted(CODE[b] for b in bits(state.hands[seat])) == hand.codes(hand.held[seat]), (where, seat)


@pytest.mark.parametrize("config", CONFIGS[:1], ids=["defaults"])
def test_core_heuristic_moves_match_reference(config):
    """The reference finds every card, copy, meld and exchange of the heuristic legal, on
    HEURISTIC_HANDS hands, and agrees on every trick winner and score."""
    game = Game("two-hand-pinochle", **config)
    rules = {k: v for k, v in game.rules.to_dict().items() if k in ref.DEFAULT_RULES}
    stats = Counter()
    for i in range(HEURISTIC_HANDS):
        core = game.deal(seed=10_000 + i, dealer=i % 2)
        hand = start_reference(core, rules)
        steps = 0
        while hand.phase != "done":
            steps += 1
            assert steps < 200, "runaway hand"
            where = [i, steps, hand.phase, hand.to_act]
            heuristic_step(core, hand, stats, where)
            if hand.phase == "meld" or not hand.trick:
                compare_light(core, hand, where)
        compare_end(core, hand, rules, i)
        stats["hands"] += 1
    assert stats["tricks"] == 24 * HEURISTIC_HANDS
    assert stats["melds"] > HEURISTIC_HANDS and stats["exchanges"] > HEURISTIC_HANDS // 4, dict(stats)
    assert stats["melded copy played"] > 100, dict(stats)
