"""PIMC and oracle seats in conditioned bid odds (issue 16): the core keeps each trial's deal as
the conditioned heuristic trials keep it, and cardsim.solver._pimc plays it as its unconditioned
trials play theirs.  With heuristic and random seats through that path the columns are exactly the
core's conditioned trials; with PIMC seats the odds do not depend on the thread count.  Nothing
here pins a stream value."""
from __future__ import annotations

import numpy as np
import pytest

from cardsim import Game, _core, bid_odds
from cardsim._odds_conditions import hand_bytes
from cardsim.odds_conditions import build_conditions
from cardsim.solver import _pimc

HEUR = ("heuristic", 1, "solve", 0)
RAND = ("random", 1, "solve", 0)


def _euchre_cond(g: Game, hand, seat: int, dealer: int, policies, up: int):
    return build_conditions(g, hand, seat, dealer, policies, known=None, voids=["1:S"], auction=None,
                            auction_slack=None, constraints=["2: H >= 1"], accept=None, min_acceptance=None,
                            upcard_bit=up)


@pytest.mark.parametrize("game", ["euchre", "cutthroat-euchre"])
def test_euchre_kept_deals_played_by_core_seats_are_the_core_conditioned_trials(game):
    g = Game(game)
    hand, up = g.cards("JH AH KS 9C TD"), g.cards("9H").mask.bit_length() - 1
    names = ["heuristic", "random", "heuristic", "heuristic"][:g.seats]
    spec = [HEUR, RAND, HEUR, HEUR][:g.seats]
    ids = np.arange(3, 43, dtype=np.int64)
    want = np.zeros((len(ids), _core.EUCHRE_ODDS_COLUMNS), dtype=np.int16)
    tries_a = np.zeros(len(ids), dtype=np.int64)
    cond = _euchre_cond(g, hand, 0, g.seats - 1, names, up)
    _core.odds_conditioned(game, g.rules, cond.core, hand.mask, 0, g.seats - 1, 5, ids, want, tries_a, names, 2,
                           upcard=up)
    hands = np.zeros((len(ids), hand_bytes(game)), dtype=np.uint8)
    tries_b = np.zeros(len(ids), dtype=np.int64)
    _core.odds_conditioned_hands(game, g.rules, cond.core, hand.mask, 0, g.seats - 1, 5, ids, hands, tries_b, names,
                                 2, upcard=up)
    got = np.zeros_like(want)
    _pimc.euchre_odds_pimc_hands(g.rules, g.seats, 0, 5, ids, hands, got, spec, 2)
    assert (tries_a == tries_b).all() and (tries_a > 0).all()
    assert (got == want).all()


def test_spades_kept_deals_played_by_core_seats_are_the_core_conditioned_trials():
    """Every candidate bid on its own copy of the kept deal (the PIMC path) against the core's
    conditioned trials, which share one play between bids: equal with heuristic players."""
    from cardsim.odds_spades import _candidate_codes
    g = Game("spades")
    hand = g.cards("AS KS QS 2S AH KH 3H 4D 5D 6C 7C 8C 9C")
    names = ["heuristic"] * 4
    cond = build_conditions(g, hand, 0, 3, names, known=None, voids=["1:D"], auction=None, auction_slack=None,
                            constraints=None, accept=None, min_acceptance=None, scores=[0, 0, 0, 0], blind=False)
    codes = _candidate_codes(g, 13, [0] * 4, 0, False)
    ids = np.arange(0, 40, dtype=np.int64)
    hands = np.zeros((len(ids), hand_bytes("spades")), dtype=np.uint8)
    tries = np.zeros(len(ids), dtype=np.int64)
    _core.odds_conditioned_hands("spades", g.rules, cond.core, hand.mask, 0, 3, 8, ids, hands, tries, names, 2,
                                 scores=[0, 0, 0, 0], blind=False)
    got = np.zeros((len(ids), 3 * len(codes) + 1), dtype=np.int16)
    _pimc.spades_odds_pimc_hands(g.rules, 0, codes, 8, ids, hands, got, [HEUR] * 4, 2)
    want = np.zeros_like(got)
    tries_a = np.zeros(len(ids), dtype=np.int64)
    _core.odds_conditioned("spades", g.rules, cond.core, hand.mask, 0, 3, 8, ids, want, tries_a, names, 2,
                           scores=[0, 0, 0, 0], blind=False, codes=codes)
    assert (tries == tries_a).all() and (tries > 0).all()
    assert (got == want).all()


@pytest.mark.parametrize("game,cards,extra", [
    ("euchre", "JH AH KS 9C TD", {"upcard": "9H", "voids": ["1:S"], "constraints": ["2: H >= 1"]}),
    ("spades", "AS KS QS 2S AH KH 3H 4D 5D 6C 7C 8C 9C", {"voids": ["2:D"]}),
])
def test_conditioned_pimc_odds_do_not_depend_on_threads(game, cards, extra):
    pol = ["pimc(worlds=3,eval=playout)", "heuristic", "random", "oracle" if game == "euchre" else "heuristic"]
    one = bid_odds(game, cards, trials=12, policy=pol, seed=4, threads=1, **extra)
    two = bid_odds(game, cards, trials=12, policy=pol, seed=4, threads=2, **extra)
    assert one.to_dict() == two.to_dict()
    assert one.to_dict()["conditions"]["trials"] == 12


PINOCHLE = [
    ("cutthroat-pinochle", "AS AS TS KS QS JS JS 9S AH TH KH QH AD KD QC", {"dealer": 2},
     {"voids": ["1:C"], "constraints": ["2: H >= 3"], "auction": None}, 13),
    ("partnership-pinochle", "AS AS TS KS QS JS JS 9S AH TH KH QH", {"dealer": 2},
     {"voids": ["2:D"], "constraints": ["1: S <= 3"], "auction": None}, 13),
    ("two-hand-pinochle", "AS TS KS QS JS 9S AH TH KH QH AD JD", {"dealer": 1, "upcard": "9C"},
     {"voids": None, "constraints": ["1: S <= 2"], "auction": None}, 4),
]


@pytest.mark.parametrize("game,cards,where,conds,width", PINOCHLE)
def test_pinochle_kept_deals_played_by_core_seats_are_the_core_conditioned_trials(game, cards, where, conds, width):
    g = Game(game)
    hand, dealer = g.cards(cards), where["dealer"]
    up = g.cards(where["upcard"]).mask.bit_length() - 1 if "upcard" in where else -1
    extra = {"upcard_bit": up} if up >= 0 else {}
    names = ["heuristic", "random", "heuristic", "heuristic"][:g.seats]
    spec = [HEUR, RAND, HEUR, HEUR][:g.seats]
    cond = build_conditions(g, hand, 0, dealer, names, known=None, voids=conds["voids"], auction=conds["auction"],
                            auction_slack=None, constraints=conds["constraints"], accept=None, min_acceptance=None,
                            **extra)
    ids = np.arange(2, 32, dtype=np.int64)
    core_up = {"upcard": up} if up >= 0 else {}
    want = np.zeros((len(ids), width), dtype=np.int16)
    tries_a = np.zeros(len(ids), dtype=np.int64)
    _core.odds_conditioned(game, g.rules, cond.core, hand.mask, 0, dealer, 5, ids, want, tries_a, names, 2, **core_up)
    hands = np.zeros((len(ids), hand_bytes(game)), dtype=np.uint8)
    tries_b = np.zeros(len(ids), dtype=np.int64)
    _core.odds_conditioned_hands(game, g.rules, cond.core, hand.mask, 0, dealer, 5, ids, hands, tries_b, names, 2,
                                 **core_up)
    got = np.zeros_like(want)
    _pimc.pinochle_odds_pimc_hands(game, g.rules, 0, 5, ids, hands, got, spec, 2)
    assert (tries_a == tries_b).all() and (tries_a > 0).all()
    assert (got == want).all()


@pytest.mark.parametrize("game,cards,where,conds,width", PINOCHLE)
def test_conditioned_pinochle_pimc_odds_do_not_depend_on_threads(game, cards, where, conds, width):
    g = Game(game)
    pol = (["pimc(worlds=2)", "oracle", "heuristic", "random"])[:g.seats]
    kwargs = {k: v for k, v in {**where, **conds}.items() if v is not None}
    one = bid_odds(game, cards, trials=6, policy=pol, seed=4, threads=1, **kwargs)
    two = bid_odds(game, cards, trials=6, policy=pol, seed=4, threads=2, **kwargs)
    assert one.to_dict() == two.to_dict()
    assert one.to_dict()["conditions"]["trials"] == 6
    heuristic = bid_odds(game, cards, trials=6, policy="heuristic", seed=4, threads=2, **kwargs)
    assert heuristic.to_dict()["conditions"] == one.to_dict()["conditions"]  # the same kept deals


def test_deal_conditions_pickle_to_the_same_trials():
    """A Dask worker rebuilds the run's DealConditions from its pickle: the same kept deals."""
    import pickle
    g = Game("euchre")
    hand, up = g.cards("JH AH KS 9C TD"), g.cards("9H").mask.bit_length() - 1
    names = ["heuristic"] * 4
    cond = _euchre_cond(g, hand, 0, 3, names, up)
    copy = pickle.loads(pickle.dumps(cond.core.with_attempts(50)))
    ids = np.arange(0, 60, dtype=np.int64)
    outs = []
    for core in (cond.core, copy):
        out = np.zeros((len(ids), _core.EUCHRE_ODDS_COLUMNS), dtype=np.int16)
        tries = np.zeros(len(ids), dtype=np.int64)
        _core.odds_conditioned("euchre", g.rules, core, hand.mask, 0, 3, 5, ids, out, tries, names, 1, upcard=up)
        outs.append((out, tries))
    assert (outs[0][0] == outs[1][0]).all() and (outs[0][1] == outs[1][1]).all() and (outs[0][1] > 1).any()
    assert copy.total == cond.core.total
