"""Euchre by hand-made cases: bowers, following with the left bower, every scoring row,
and the batch: invariants, determinism across threads, batch == step replay, the deal's
frequencies against odds counted over the deck."""
from __future__ import annotations

import hashlib
import itertools
import math

import numpy as np
import pytest

from cardsim import CardError, CardsimError, Game, IllegalMoveError, _core
from cardsim.euchre.hand import CutthroatEuchreHand, EuchreHand
from reference import euchre as ref

# Dealer 0; seat 1 leads.  The kitty is what is left: TH (the upcard) 9H JS JC.
BOWERS_DEAL = ["JH 9S TS QS KS", "AH 9C TC QC KC", "JD 9D TD QD KD", "KH QH AS AC AD"]
# Seat 2's only "diamond" is JD, the left bower of hearts; seat 3 holds real diamonds.
LEFT_DEAL = ["JH AH KH QH AC", "AD 9C TC QC KC", "JD 9S TS QS KS", "9D TD QD KD AS"]


def hearts_hand(deal):
    hand = EuchreHand.from_cards(Game("euchre").rules, deal, upcard="TH")
    hand.act("order")            # seat 1 orders hearts; the dealer picks up TH
    assert (hand.trump, hand.maker, hand.phase) == ("H", 1, "discard")
    return hand


def test_right_bower_beats_left_beats_ace():
    hand = hearts_hand(BOWERS_DEAL)
    hand.discard("9S")
    hand.act("not alone")
    assert hand.to_act == 1
    hand.play("AH")
    assert hand.legal_action_names() == ["JD"]            # the left bower is seat 2's only heart
    hand.play("JD")
    assert set(hand.legal_action_names()) == {"KH", "QH"}
    hand.play("KH")
    assert set(hand.legal_action_names()) == {"JH", "TH"}
    hand.play("JH")
    assert hand.tricks == [1, 0, 0, 0] and hand.to_act == 0   # right bower over left bower and ace


def test_left_bower_beats_the_ace_of_trump():
    hand = hearts_hand(BOWERS_DEAL)
    hand.discard("9S")
    hand.act("not alone")
    for card in ("AH", "JD", "QH", "TH"):
        hand.play(card)
    assert hand.tricks == [0, 0, 1, 0] and hand.to_act == 2


def test_left_bower_does_not_follow_its_printed_suit_and_trumps_it():
    hand = hearts_hand(LEFT_DEAL)
    hand.discard("AC")
    hand.act("not alone")
    hand.play("AD")
    assert set(hand.legal_action_names()) == {"JD", "9S", "TS", "QS", "KS"}  # void in diamonds: anything
    hand.play("JD")
    assert set(hand.legal_action_names()) == {"9D", "TD", "QD", "KD"}        # real diamonds must follow
    hand.play("9D")
    hand.play("QH")
    assert hand.tricks == [0, 0, 1, 0]                                # the left bower trumped the ace


def test_leading_the_left_bower_leads_trump():
    deal = ["JH AH KH QH AC", "JD 9C TC QC KC", "AD 9S TS QS KS", "9D TD QD KD AS"]
    hand = hearts_hand(deal)
    hand.discard("AC")
    hand.act("not alone")
    hand.play("JD")                     # seat 1 leads the left bower: a heart
    assert set(hand.legal_action_names()) == {"AD", "9S", "TS", "QS", "KS"}   # no heart: anything
    hand.play("AD")
    assert set(hand.legal_action_names()) == {"9D", "TD", "QD", "KD", "AS"}
    hand.play("9D")
    assert set(hand.legal_action_names()) == {"JH", "AH", "KH", "QH", "TH"}   # hearts must follow
    hand.play("AH")
    assert hand.tricks == [0, 1, 0, 0] and hand.to_act == 1


def test_with_the_reference_too():
    """The same hand-made play, on the reference."""
    hands = [h.split() for h in LEFT_DEAL]
    kitty = ["TH", "9H", "JS", "JC"]
    hand = ref.Hand(hands, [], kitty, "TH", 0, ref.DEFAULT_RULES["euchre"], 4)
    for action in ("order", "AC", "not alone", "AD"):
        hand.act(action)
    assert set(hand.legal_actions()) == {"JD", "9S", "TS", "QS", "KS"}
    assert ref.trick_winner_index(["AD", "JD", "9D", "QH"], "H") == 1
    assert ref.trick_winner_index(["AH", "JD", "KH", "JH"], "H") == 3


# -- every scoring row -----------------------------------------------------------------

CUTTHROAT_ROWS = [  # maker 0: (maker_alone, lone_defender, tricks) -> points
    (False, -1, [3, 1, 1], [1, 0, 0]),
    (False, -1, [4, 1, 0], [1, 0, 0]),
    (False, -1, [5, 0, 0], [3, 0, 0]),     # march
    (True, -1, [5, 0, 0], [3, 0, 0]),      # lone march: no bonus in the seed (lone_march_points=3)
    (True, -1, [3, 2, 0], [1, 0, 0]),
    (False, -1, [2, 2, 1], [0, 2, 2]),     # euchred: each defender
    (False, -1, [0, 3, 2], [0, 2, 2]),
    (False, 1, [0, 5, 0], [0, 4, 4]),      # lone defender march: each defender
    (False, 1, [1, 4, 0], [0, 2, 2]),      # lone defender, 3-4 tricks: lone_defender_euchre_points=2
    (False, 2, [2, 0, 3], [0, 2, 2]),
    (False, 1, [3, 2, 0], [1, 0, 0]),
    (False, 2, [5, 0, 0], [3, 0, 0]),      # march against a lone defender
    (True, 2, [0, 0, 5], [0, 4, 4]),       # both alone
    (True, 1, [1, 4, 0], [0, 2, 2]),
    (True, 1, [5, 0, 0], [3, 0, 0]),
]

EUCHRE_ROWS = [  # maker 1 (team 1+3): (maker_alone, lone_defender, tricks) -> team points
    (False, -1, [1, 2, 1, 1], [0, 1]),
    (False, -1, [1, 2, 0, 2], [0, 1]),
    (False, -1, [0, 3, 0, 2], [0, 2]),     # march
    (True, -1, [0, 5, 0, 0], [0, 4]),      # lone march
    (False, -1, [2, 1, 1, 1], [2, 0]),     # euchred
    (False, 0, [5, 0, 0, 0], [4, 0]),      # lone defender march (allow_lone_defender)
    (False, 0, [4, 1, 0, 0], [2, 0]),      # lone defender, 3-4 tricks: lone_defender_euchre_points=2
    (False, 2, [0, 2, 3, 0], [2, 0]),
    (True, 0, [3, 2, 0, 0], [2, 0]),       # both alone
    (True, 2, [0, 5, 0, 0], [0, 4]),       # lone march against a lone defender
]


def reference_points(rules, seats, maker, alone, lone, tricks):
    rules = ref.DEFAULT_RULES[rules] if isinstance(rules, str) else rules
    hand = ref.Hand([[] for _ in range(seats)], [], ["9S"], "9S", 0, rules, seats)
    hand.maker, hand.maker_alone, hand.lone_defender, hand.tricks = maker, alone, (None if lone < 0 else lone), tricks
    hand.score()
    return hand.points, hand.team_points


@pytest.mark.parametrize("alone, lone, tricks, points", CUTTHROAT_ROWS)
def test_cutthroat_scoring_rows(alone, lone, tricks, points):
    rules = Game("cutthroat-euchre").rules
    assert _core.euchre_score(rules, 3, 0, alone, lone, tricks)[0] == points
    assert reference_points("cutthroat-euchre", 3, 0, alone, lone, tricks)[0] == points


@pytest.mark.parametrize("alone, lone, tricks, team", EUCHRE_ROWS)
def test_euchre_scoring_rows(alone, lone, tricks, team):
    rules = Game("euchre", allow_lone_defender=True).rules
    seat_points = [team[s % 2] for s in range(4)]
    assert _core.euchre_score(rules, 4, 1, alone, lone, tricks) == (seat_points, team)
    assert reference_points("euchre", 4, 1, alone, lone, tricks) == (seat_points, team)


def test_scoring_options_reach_the_score():
    options = dict(march_points=5, lone_march_points=7, euchre_points=3, lone_defender_euchre_points=6,
                   lone_defender_march_points=9)
    rules = Game("cutthroat-euchre", **options).rules
    ref_rules = dict(ref.DEFAULT_RULES["cutthroat-euchre"], **options)
    for alone, lone, tricks, points in [
        (False, -1, [5, 0, 0], [5, 0, 0]), (True, -1, [5, 0, 0], [7, 0, 0]), (False, -1, [1, 2, 2], [0, 3, 3]),
        (False, 2, [0, 0, 5], [0, 9, 9]), (False, 2, [2, 0, 3], [0, 6, 6]), (True, 1, [1, 4, 0], [0, 6, 6]),
        (False, 1, [3, 2, 0], [1, 0, 0]),
    ]:
        assert _core.euchre_score(rules, 3, 0, alone, lone, tricks)[0] == points, (alone, lone, tricks)
        assert reference_points(ref_rules, 3, 0, alone, lone, tricks)[0] == points, (alone, lone, tricks)


@pytest.mark.parametrize("value", [0, 4, 7])
def test_lone_defender_euchre_points_only_when_a_defender_went_alone(value):
    """Partnership, the published "defending alone" rule (4) and others: a lone defender's
    3 or 4 tricks pay ``lone_defender_euchre_points``; a plain euchre (nobody alone, or only
    the maker alone) still pays ``euchre_points``; a lone defender's 5 the march points."""
    options = dict(allow_lone_defender=True, lone_defender_euchre_points=value)
    rules = Game("euchre", **options).rules
    ref_rules = dict(ref.DEFAULT_RULES["euchre"], **options)
    for alone, lone, tricks, team in [
        (False, 0, [3, 2, 0, 0], [value, 0]), (False, 2, [0, 1, 4, 0], [value, 0]),
        (True, 0, [4, 1, 0, 0], [value, 0]), (False, 0, [5, 0, 0, 0], [4, 0]),
        (False, -1, [1, 1, 2, 1], [2, 0]), (True, -1, [2, 1, 1, 0], [2, 0]), (False, 0, [2, 3, 0, 0], [0, 1]),
    ]:
        seat_points = [team[s % 2] for s in range(4)]
        assert _core.euchre_score(rules, 4, 1, alone, lone, tricks) == (seat_points, team), (alone, lone, tricks)
        assert reference_points(ref_rules, 4, 1, alone, lone, tricks) == (seat_points, team)
    cut = Game("cutthroat-euchre", lone_defender_euchre_points=value).rules
    assert _core.euchre_score(cut, 3, 1, False, 0, [3, 2, 0])[0] == [value, 0, value]
    assert _core.euchre_score(cut, 3, 1, False, -1, [1, 2, 2])[0] == [2, 0, 2]


def test_legacy_preset_restores_the_lone_march_of_4():
    legacy = Game("cutthroat-euchre", preset="legacy").rules
    assert legacy == Game("cutthroat-euchre", lone_march_points=4).rules
    assert dict(legacy) == dict(Game("cutthroat-euchre").rules, lone_march_points=4)
    assert _core.euchre_score(legacy, 3, 0, True, -1, [5, 0, 0])[0] == [4, 0, 0]
    assert _core.euchre_score(Game("cutthroat-euchre").rules, 3, 0, True, -1, [5, 0, 0])[0] == [3, 0, 0]


def test_legacy_preset_reproduces_earlier_results():
    """50,000 heuristic and random hands (seed 2026): the legacy preset gives exactly the
    records of the build before issue 9 (their per-seat point totals and a hash of the
    records, taken from that build).  With random players the new default differs only
    by one point per lone march; the heuristic, which goes alone only for a bonus, never
    goes alone under it.  The heuristic's figures were re-pinned in issue 11, whose suit-free
    tie-breaks change some of its cards (the rules, and the random players' records, are
    unchanged).  Both were re-pinned once more when issues 15 and 10 changed the random streams
    (a faster deal and draw, separate deal and player streams; no rule changed), and the
    heuristic's once more when issue 11 gave it learned bidding and alone tables."""
    pinned = {"heuristic": ([42490, 41780, 41764], "7d43c6c67ff1959d"),
              "random": ([52695, 51959, 52342], "08f43df0fce0d972")}
    for policy, (totals, digest) in pinned.items():
        old = Game("cutthroat-euchre", preset="legacy").simulate(50_000, policy=policy, seed=2026, threads=2).array
        assert old["points"].sum(axis=0).tolist() == totals, policy
        assert hashlib.sha256(old.tobytes()).hexdigest()[:16] == digest, policy
        new = Game("cutthroat-euchre").simulate(50_000, policy=policy, seed=2026, threads=2).array
        if policy == "heuristic":
            assert old["maker_alone"].sum() > 100 and not new["maker_alone"].any()
            continue
        maker = new["maker"].astype(int)
        lone_march = new["maker_alone"] & (new["tricks"][np.arange(len(new)), maker] == 5)
        assert lone_march.sum() > 100, policy
        expected = old["points"].copy()
        expected[np.arange(len(new))[lone_march], maker[lone_march]] -= 1
        assert (new["points"] == expected).all(), policy
        for field in ("tricks", "maker", "trump", "maker_alone", "lone_defender", "euchred", "redeals"):
            assert (new[field] == old[field]).all(), (policy, field)


# -- the batch -------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["cutthroat-euchre", "euchre"])
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_invariants_over_many_hands(name, policy):
    n = 1_000_000
    game = Game(name, stick_the_dealer=policy == "random")
    r = game.simulate(n, policy=policy, seed=11, threads=2).array
    made = r["maker"] >= 0
    assert made.all()
    assert (r["tricks"].sum(axis=1) == 5).all()
    assert ((r["round"] == 1) | (r["round"] == 2)).all()
    assert (r["trump"] >= 0).all() and (r["trump"] < 4).all()
    assert (r["picked_up"] <= (r["round"] == 1)).all()          # only an ordered upcard is taken
    seats = game.seats
    side = r["tricks"][np.arange(n), r["maker"]].astype(int)
    if seats == 4:
        side += r["tricks"][np.arange(n), (r["maker"] + 2) % 4]
    assert (r["euchred"] == (side < 3)).all()
    assert (r["points"].max(axis=1) > 0).all()                    # somebody scores every hand
    if seats == 4:
        assert (r["team_points"].min(axis=1) == 0).all() and (r["team_points"].max(axis=1) > 0).all()
        assert (r["points"][:, 0] == r["team_points"][:, 0]).all()


@pytest.mark.parametrize("name", ["cutthroat-euchre", "euchre"])
def test_records_do_not_depend_on_threads_or_chunks(name):
    game = Game(name)
    for policy in ("random", "heuristic"):
        one = game.simulate(30_000, policy=policy, seed=5, threads=1).array
        for threads in (2, 3):
            assert game.simulate(30_000, policy=policy, seed=5, threads=threads).array.tobytes() == one.tobytes()
    part = np.zeros(10_000, dtype=one.dtype)
    _core.simulate_euchre(game.rules, 5, 20_000, part, ["heuristic"] * 4) if name == "euchre" else \
        _core.simulate_cutthroat_euchre(game.rules, 5, 20_000, part, ["heuristic"] * 3)
    assert part.tobytes() == one[20_000:].tobytes()


@pytest.mark.parametrize("name, seats", [("cutthroat-euchre", 3), ("euchre", 4)])
@pytest.mark.parametrize("policy", [["random"] * 4, ["heuristic"] * 4, ["heuristic", "random", "random", "heuristic"]])
def test_batch_hand_replays_through_the_step_api(name, seats, policy):
    game = Game(name)
    policy = policy[:seats]
    records = game.simulate(300, policy=policy, seed=9, threads=1).array
    for i in range(300):
        state = _core.EuchreState(game.rules, seats, 9, i % seats, i)
        while state.phase != "done":
            state.policy_step(policy[state.to_act])
        rec = records[i]
        assert (state.dealer, state.maker, state.trump, state.round) == (rec["dealer"], rec["maker"], rec["trump"], rec["round"])
        assert state.tricks == list(rec["tricks"]) and state.points == list(rec["points"])


#: chi-square values a correct deal exceeds with probability 1e-5 (2 and 5 degrees of freedom)
CHI2_1E5 = {2: 23.03, 5: 28.47}


def chi_square(observed, expected):
    observed, expected = np.asarray(observed, float), np.asarray(expected, float)
    return float(((observed - expected) ** 2 / expected).sum())


def counted_bower_odds():
    """P(a 5-card hand holds 0, 1, 2 bowers of trump t), counted over all C(24,5) hands."""
    deck = [16 * suit + rank for suit in range(4) for rank in range(6)]
    counts = np.zeros((4, 3), dtype=np.int64)
    for combo in itertools.combinations(deck, 5):
        mask = sum(1 << b for b in combo)
        for t in range(4):
            counts[t, (mask >> (16 * t + 2) & 1) + (mask >> (16 * (3 - t) + 2) & 1)] += 1
    assert (counts.sum(axis=1) == math.comb(24, 5)).all()
    return counts / math.comb(24, 5)


@pytest.mark.parametrize("name, seats", [("cutthroat-euchre", 3), ("euchre", 4)])
def test_deal_frequencies_match_the_counted_odds(name, seats):
    """The core's deal against exact odds, 30,000 deals: (a) for every seat and trump suit,
    how many bowers the hand holds (0, 1, 2), against the counts over all 42,504 possible
    hands; (b) for every card, where it lands: each seat's hand (cutthroat: and the dummy)
    5/24, the upcard 1/24, the kitty's hidden cards the rest.  Each chi-square is below the
    value a correct deal exceeds with p = 1e-5."""
    rules = Game(name).rules
    n = 30_000
    zones = np.zeros((n, seats + 3), dtype=np.uint64)  # seats, dummy, upcard, hidden kitty
    for seed in range(n):
        state = _core.EuchreState(rules, seats, seed, seed % seats)
        up = 1 << state.upcard
        zones[seed] = [*state.hands, state.dummy, up, state.kitty & ~up]
    odds = counted_bower_odds()
    for seat in range(seats):
        for t in range(4):
            bowers = (zones[:, seat] >> np.uint64(16 * t + 2) & np.uint64(1)) + (
                zones[:, seat] >> np.uint64(16 * (3 - t) + 2) & np.uint64(1))
            observed = np.bincount(bowers.astype(np.int64), minlength=3)
            assert chi_square(observed, n * odds[t]) < CHI2_1E5[2], (seat, t, observed, n * odds[t])
    share = [5] * seats + ([5] if seats == 3 else []) + [1, 3]   # cards of 24 in each zone
    used = [z for z in range(seats + 3) if z != seats or seats == 3]
    assert sum(share) == 24
    for suit in range(4):
        for rank in range(6):
            b = np.uint64(16 * suit + rank)
            observed = [int((zones[:, z] >> b & np.uint64(1)).sum()) for z in used]
            assert sum(observed) == n
            assert chi_square(observed, [n * k / 24 for k in share]) < CHI2_1E5[5], (suit, rank, observed)


def test_heuristic_beats_random():
    cut = Game("cutthroat-euchre").simulate(40_000, policy=["heuristic", "random", "random"], seed=3, threads=2)
    mean = cut["points"].mean(axis=0)
    assert mean[0] > mean[1] + 0.3 and mean[0] > mean[2] + 0.3
    team = Game("euchre").simulate(40_000, policy=["heuristic", "random"] * 2, seed=3, threads=2)
    mean = team["team_points"].mean(axis=0)
    assert mean[0] > mean[1] + 0.3
    smart = Game("euchre").simulate(40_000, policy="heuristic", seed=3, threads=2)
    assert 0.6 < 1 - smart["euchred"].mean() < 0.95    # makers neither reckless nor timid
    # the learned table goes alone where the bid odds with the same players say it pays (issue 11)
    assert 0 < smart["maker_alone"].mean() < 0.3


# -- bad input -------------------------------------------------------------------------------

@pytest.mark.parametrize("action, fragment", [
    ("AS", "'AS' is not legal in the bid1 phase"),
    ("alone", "not legal in the bid1 phase"),
])
def test_illegal_actions_are_one_line_errors(action, fragment):
    hand = Game("cutthroat-euchre").deal(seed=1)
    with pytest.raises(IllegalMoveError) as info:
        hand.act(action)
    assert fragment in str(info.value) and "\n" not in str(info.value)


def test_illegal_moves_in_later_phases():
    hand = hearts_hand(LEFT_DEAL)
    with pytest.raises(IllegalMoveError, match="does not hold 9S"):
        hand.discard("9S")
    with pytest.raises(CardsimError, match="not in the euchre"):
        hand.discard("8S")
    hand.discard("AC")
    hand.act("not alone")
    hand.play("AD")
    hand.play("JD")
    with pytest.raises(IllegalMoveError, match="AS is not a legal card now; legal: KD QD TD 9D"):
        hand.play("AS")                  # seat 3 holds diamonds: must follow
    game = Game("euchre", stick_the_dealer=True)
    hand = game.deal(seed=2)
    for _ in range(4):
        hand.act("pass")
    with pytest.raises(IllegalMoveError, match="upcard's suit"):
        hand.name(hand.upcard[-1])
    for _ in range(3):
        hand.act("pass")
    with pytest.raises(IllegalMoveError, match="may not pass"):
        hand.act("pass")
    hand.name(next(s for s in "SHDC" if s != hand.upcard[-1]))
    with pytest.raises(IllegalMoveError, match="not legal now"):
        hand.play("AS")


def test_merge_must_keep_five_held_cards():
    hand = Game("cutthroat-euchre", dealer_pickup="always").deal(seed=4)
    hand.act("order")
    hand.discard(list(hand.hands[hand.dealer])[0])
    hand.act("not alone")
    assert hand.phase == "merge" and len(hand.hands[hand.maker]) == 10
    held = list(hand.hands[hand.maker])
    with pytest.raises(IllegalMoveError, match="keep exactly 5"):
        hand.keep(held[:4])
    outside = next(c for c in ref.full_deck() if c not in held)
    with pytest.raises(IllegalMoveError, match="does not hold"):
        hand.keep(held[:4] + [outside])
    hand.act("keep " + " ".join(held[5:]))
    assert sorted(hand.hands[hand.maker]) == sorted(held[5:]) and len(hand.discarded) == 6


def test_bad_deals_are_refused():
    rules = Game("cutthroat-euchre").rules
    with pytest.raises(CardError, match="dummy must be 5"):
        CutthroatEuchreHand.from_cards(rules, BOWERS_DEAL[:3], upcard="AD")
    with pytest.raises(CardError, match="dealt to a hand"):
        CutthroatEuchreHand.from_cards(rules, BOWERS_DEAL[:3], dummy=BOWERS_DEAL[3], upcard="AD")
    with pytest.raises(CardError, match="dealt twice"):
        EuchreHand.from_cards(Game("euchre").rules, BOWERS_DEAL[:3] + ["JH 9H TH JS JC"], upcard="AD")


@pytest.mark.parametrize("seats", [3, 4])
def test_cards_conserved_through_the_step_api(seats):
    """Every zone at the end of 20,000 hands (random and heuristic) partitions the 24 cards."""
    name = "euchre" if seats == 4 else "cutthroat-euchre"
    rules = Game(name, allow_lone_defender=True).rules
    full = (1 << 6) - 1
    full = full | full << 16 | full << 32 | full << 48
    for i in range(20_000):
        state = _core.EuchreState(rules, seats, 77, i % seats, i)
        policy = "random" if i % 2 else "heuristic"
        while state.phase != "done":
            state.policy_step(policy)
        zones = [*state.hands, state.dummy, state.kitty, state.discarded, *state.won]
        assert sum(bin(z).count("1") for z in zones) == 24, i
        union = 0
        for z in zones:
            union |= z
        assert union == full, i
        assert sum(bin(w).count("1") for w in state.won) == 5 * len(state.active), i
