"""Invariants of simulated batches (Game.simulate records) and of hands stepped through the API.

Records do not show the cards, so the batch checks are about points and scores:
trick points add up to the deck's card points plus the last-trick bonus, the
bidder is either made (score at least the bid) or set (score exactly -bid), the
save-meld rule bounds what each player keeps, the army ledger balances, and the
dealer/redeal bookkeeping follows Game.simulate's promise.  Card conservation is
checked through the step API, at every action of hands played with ``step``.
"""
from __future__ import annotations

import numpy as np
import pytest

from cardsim import PINOCHLE, CardSet, Game
from cardsim.cards import PINOCHLE_COPY0

GAME = "cutthroat-pinochle"
POLICIES = ("random", "heuristic")
DEFAULT_HANDS = 200_000
SLOW_HANDS = 1_000_000

RULE_SETS = {
    "standard": {},
    "army-no-discard": {"army_scoring": True, "discard_counts": False},
    "no-widow-never": {"widow": False, "must_beat": "never", "save_meld_points": 3},
    "first-forced": {"all_pass": "first_forced", "must_beat": "trump_led", "dix_always_counts": False,
                     "save_meld_points": 10},
    "dealer-forced-marriage": {"all_pass": "dealer_forced", "dealer_may_bid": True,
                               "bidder_needs_trump_marriage": True, "army_scoring": True},
    "big-points": {"min_bid": 20, "bid_increment": 5, "card_points": "A=11,T=10,K=4,Q=3,J=2",
                   "last_trick_points": 10, "dealer_may_bid": False, "meld_run": 25},
    "nines-3": {"redeal_nines": 3},
}


def deck_card_points(rules) -> int:
    """Card points of all 48 cards: each rank has 8 cards."""
    total = 0
    for item in rules["card_points"].split(","):
        rank, _, value = item.partition("=")
        total += 8 * int(value)
    return total


def first_bad(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def require(ok: np.ndarray, what: str, records: np.ndarray, index: np.ndarray | None = None) -> None:
    """Assert ``ok`` everywhere; on failure name the first bad record (batch index)."""
    ok = np.asarray(ok)
    if not ok.all():
        k = first_bad(~ok)
        i = int(index[k]) if index is not None else k
        pytest.fail(f"{what}: violated by {int((~ok).sum())} hands, first hand {i}: {records[i]}")


def check_records(records: np.ndarray, rules) -> dict:
    """Every invariant of a batch; returns a few counts so callers can see what was covered."""
    n = len(records)
    idx = np.arange(n)
    bidder = records["bidder"].astype(np.int64)
    bid = records["bid"].astype(np.int64)
    redeals = records["redeals"].astype(np.int64)
    dealer = records["dealer"].astype(np.int64)
    meld = records["meld"].astype(np.int64)
    tp = records["trick_points"].astype(np.int64)
    score = records["score"].astype(np.int64)
    army = records["army"].astype(np.int64)
    made, thrown = records["made"], records["thrown_in"]

    # dealer and redeals: hand i is dealt by i % 3, one seat further left per redeal
    require((dealer >= 0) & (dealer <= 2), "dealer in 0..2", records)
    require(redeals >= 0, "redeals >= 0", records)
    require(dealer == (idx + redeals) % 3, "dealer == (i + redeals) % 3", records)
    require((bidder >= -1) & (bidder <= 2), "bidder in -1..2", records)
    if rules["redeal_nines"] == 0 and rules["all_pass"] != "redeal":
        require(redeals == 0, "no redeals without nines or all-pass redeals", records)

    # no contest (nobody bid in the redeal limit): nothing happened
    none = bidder < 0
    if none.any():
        sub = idx[none]
        require(bid[none] == 0, "no contest: bid 0", records, sub)
        require(records["trump"][none] == -1, "no contest: trump -1", records, sub)
        require(~made[none] & ~thrown[none], "no contest: neither made nor thrown in", records, sub)
        require((score[none] == 0).all(axis=1) & (tp[none] == 0).all(axis=1) & (army[none] == 0).all(axis=1),
                "no contest: all zero", records, sub)

    c = ~none
    ci = idx[c]
    b = bidder[c]
    rows = np.arange(len(ci))
    cbid, cmeld, ctp, cscore, carmy = bid[c], meld[c], tp[c], score[c], army[c]
    cmade, cthrown = made[c], thrown[c]
    require(cbid >= rules["min_bid"], "bid >= min_bid", records, ci)
    require((records["trump"][c] >= 0) & (records["trump"][c] <= 3), "trump in 0..3", records, ci)
    require(~(cmade & cthrown), "made hands are not thrown in", records, ci)
    require((ctp >= 0).all(axis=1), "trick points >= 0", records, ci)
    require((cmeld >= 0).all(axis=1), "meld >= 0", records, ci)
    if not rules["dealer_may_bid"]:
        require(b != dealer[c], "the dealer never bids when dealer_may_bid is false", records, ci)

    # the bidder
    bscore, btp, bmeld = cscore[rows, b], ctp[rows, b], cmeld[rows, b]
    require(np.where(cmade, bscore >= cbid, bscore == -cbid), "bidder: made -> score >= bid, else -bid",
            records, ci)

    # thrown in: no tricks, the others score their full meld
    th = cthrown
    if th.any():
        sub = ci[th]
        require((ctp[th] == 0).all(axis=1), "thrown in: trick points all 0", records, sub)
        others = np.ones((int(th.sum()), 3), bool)
        others[np.arange(others.shape[0]), b[th]] = False
        require(np.where(others, cscore[th] == cmeld[th], True).all(axis=1),
                "thrown in: the others score their meld", records, sub)

    # played hands
    pl = ~cthrown
    total = deck_card_points(rules) + rules["last_trick_points"]
    if pl.any():
        sub = ci[pl]
        sums = ctp[pl].sum(axis=1)
        if rules["discard_counts"]:
            require(sums == total, f"played: trick points sum to {total}", records, sub)
        else:
            require(sums <= total, f"played: trick points sum to at most {total}", records, sub)
            require(sums >= rules["last_trick_points"], "played: the last trick bonus is counted", records, sub)
        # counted meld = score - trick points, for every seat that scores (set bidders excepted)
        pscore, ptp, pmeld = cscore[pl], ctp[pl], cmeld[pl]
        scoring = np.ones(pscore.shape, bool)
        set_rows = ~cmade[pl]
        scoring[np.arange(len(sub))[set_rows], b[pl][set_rows]] = False
        counted = pscore - ptp
        saved = ptp >= rules["save_meld_points"]
        require(np.where(scoring & saved, counted == pmeld, True).all(axis=1),
                "save-meld: enough trick points keep the whole meld", records, sub)
        if rules["dix_always_counts"]:
            lost_ok = (counted >= 0) & (counted <= pmeld)
        else:
            lost_ok = counted == 0
        require(np.where(scoring & ~saved, lost_ok, True).all(axis=1),
                "save-meld: too few trick points keep at most the dix", records, sub)
        # a set bidder really fell short: even the whole meld (when saved) or the trick points alone
        pb = b[pl]
        pr = np.arange(len(sub))
        short = np.where(saved[pr, pb], pmeld[pr, pb] + ptp[pr, pb] < cbid[pl], ptp[pr, pb] < cbid[pl])
        require(np.where(set_rows, short, True), "a set bidder's meld + trick points fall short of the bid",
                 records, sub)

    # non-bidders never score below zero
    nonbid = np.ones(cscore.shape, bool)
    nonbid[rows, b] = False
    require(np.where(nonbid, cscore >= 0, True).all(axis=1), "non-bidders score >= 0", records, ci)

    # army ledger
    if rules["army_scoring"]:
        require(army.sum(axis=1) == 0, "army sums to zero", records)
        expect = np.zeros_like(carmy)
        pay = np.where(cthrown, 10, np.where(cmade, 0, 20))
        expect[:] = pay[:, None]
        expect[rows, b] = -2 * pay
        require((carmy == expect).all(axis=1), "army: throw-in 10 each, set 20 each, made 0", records, ci)
    else:
        require((army == 0).all(axis=1), "army all zero without army_scoring", records)

    return {
        "contested": int(c.sum()),
        "thrown_in": int(cthrown.sum()),
        "made": int(cmade.sum()),
        "set": int((~cmade & ~cthrown).sum()),
        "redealt": int((redeals > 0).sum()),
    }


def run_batch(rules_name: str, policy: str, n: int, seed: int) -> dict:
    game = Game(GAME, **RULE_SETS[rules_name])
    records = game.simulate(n, policy=policy, seed=seed)
    assert len(records) == n
    seen = check_records(records.array, game.rules)
    assert seen["contested"] > n * 0.9
    assert seen["made"] > 0
    if policy == "random":
        assert seen["set"] > 0
    if game.rules["bidder_needs_trump_marriage"]:
        assert seen["thrown_in"] > 0
    if game.rules["redeal_nines"] or game.rules["all_pass"] == "redeal":
        assert seen["redealt"] > 0
    return seen


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("rules_name", list(RULE_SETS))
def test_batch_invariants(rules_name, policy):
    run_batch(rules_name, policy, DEFAULT_HANDS, seed=2024)


@pytest.mark.slow
@pytest.mark.parametrize("policy", POLICIES)
def test_batch_invariants_million(policy):
    """A million hands per policy (standard rules); about 2-5 s each on two cores."""
    run_batch("standard", policy, SLOW_HANDS, seed=99)


def test_mixed_policies_invariants():
    game = Game(GAME, army_scoring=True)
    records = game.simulate(50_000, policy=["heuristic", "random", "heuristic"], seed=5)
    check_records(records.array, game.rules)


def test_check_records_catches_a_broken_record():
    """The checker itself: a record with a wrong trick-point sum is reported."""
    game = Game(GAME)
    records = game.simulate(1000, policy="random", seed=1, threads=1).array.copy()
    check_records(records, game.rules)
    played = np.flatnonzero(~records["thrown_in"] & (records["bidder"] >= 0))[0]
    records["trick_points"][played, 0] += 1
    with pytest.raises(pytest.fail.Exception, match="sum to 25"):
        check_records(records, game.rules)


# ------------------------------------------------------------------ cards conserved (step API)

# card index of every card, in copy-0 bit order; counts are read off canonical masks
CARD_BITS = [bit for bit in range(64) if PINOCHLE_COPY0 >> bit & 1]
FULL_COUNTS = np.full(len(CARD_BITS), 2)


def card_counts(cardsets) -> np.ndarray:
    """Per-card counts (copy-0 bit order) summed over canonical CardSets."""
    masks = np.array([cs.mask for cs in cardsets], dtype=np.uint64)
    bits = np.unpackbits(masks.view(np.uint8), bitorder="little").reshape(len(masks), 64).sum(axis=0)
    return bits[CARD_BITS] + bits[[b + 1 for b in CARD_BITS]]


def held_everywhere(hand) -> list[CardSet]:
    parts = [*hand.hands, *hand.taken, hand.discard, CardSet([card for _, card in hand.trick], PINOCHLE)]
    if hand.phase == "auction":
        parts.append(hand.widow)  # afterwards it is in the bidder's hand
    return parts


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("options", [{}, {"widow": False, "all_pass": "dealer_forced", "dealer_may_bid": True},
                                     {"must_beat": "trump_led", "bidder_needs_trump_marriage": True}],
                         ids=["standard", "no-widow", "trump-marriage"])
def test_cards_conserved_through_the_step_api(policy, options):
    game = Game(GAME, **options)
    hands = 2000 // 6
    steps = 0
    for i in range(hands):
        hand = game.deal(seed=1000 + i, dealer=i % 3)
        while True:
            counts = card_counts(held_everywhere(hand))
            if not (counts == FULL_COUNTS).all():
                wrong = {PINOCHLE.code(CARD_BITS[k]): int(counts[k]) for k in np.flatnonzero(counts != 2)}
                pytest.fail(f"hand {i}, phase {hand.phase}, step {steps}: card counts {wrong}")
            if hand.phase == "done":
                break
            hand.step(policy)
            steps += 1
        if not hand.thrown_in:
            assert sum(len(t) for t in hand.taken) == 45 if game.rules["widow"] else 48
            assert all(len(h) == 0 for h in hand.hands)
    assert steps > hands * 10
