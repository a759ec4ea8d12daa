"""hand.resample(seat, seed) and hand.observation(seat) for the pinochle games (issue 10, item 4).

The consistent deals of small end positions are enumerated here in Python by replaying every
assignment of the hidden cards (the rules, not the core, decide what is consistent), and the
resamples are checked against them with a chi-square test."""
from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations

import pytest

from cardsim import Game
from cardsim.cards import PINOCHLE, CardSet
from cardsim.errors import CardsimError, IllegalMoveError

GAMES = ["cutthroat-pinochle", "partnership-pinochle"]


def partial(game: Game, seed: int, rng: random.Random, most: int = 70):
    hand = game.deal(seed=seed)
    for _ in range(rng.randrange(0, most)):
        if hand.to_act is None:
            break
        if hand.mid_decision or (hand.phase == "play" and rng.random() < 0.5):
            actions = hand.legal_actions()
            hand.apply(30 if 30 in actions else rng.choice(actions))  # play on, never throw in
        elif hand.phase in ("declare", "pass") and rng.random() < 0.5:
            hand.apply(rng.choice(hand.legal_actions()))               # start a decision by hand
        else:
            hand.step("heuristic")
    return hand


@pytest.mark.parametrize("name", GAMES)
def test_resample_keeps_what_the_seat_saw(name):
    game = Game(name)
    rng = random.Random(name)
    done = 0
    for k in range(60):
        hand = partial(game, k, rng)
        if hand.to_act is None:
            continue
        seat = rng.randrange(hand.seats)
        obs = hand.observation(seat)
        before = [str(h) for h in hand.hands]
        for s in range(2):
            other = hand.resample(seat, 1000 * k + s)
            assert str(other.hands[seat]) == before[seat]
            assert [str(t) for t in other.taken] == [str(t) for t in hand.taken]
            assert other.trick == hand.trick
            assert [len(h) for h in other.hands] == [len(h) for h in hand.hands]
            assert other.observation(seat) == obs
            for s2 in range(hand.seats):   # a proven void or absent card is never dealt back
                assert not (other.hands[s2].mask & other._state.barred[s2])
            again = game.replay(other.deal, other.history)  # no resample contradicts what was seen
            assert again.observation(seat) == obs
            assert [str(h) for h in again.hands] == [str(h) for h in other.hands]
            if not hand.mid_decision:  # the copy evolves on its own
                other.step("random")
                assert [str(h) for h in hand.hands] == before
        done += 1
    assert done >= 25


@pytest.mark.parametrize("name", GAMES)
def test_resample_is_deterministic_and_checks_its_input(name):
    game = Game(name)
    hand = partial(game, 5, random.Random(2))
    while hand.phase != "play":
        hand.apply(hand.legal_actions()[-1] if hand.mid_decision else hand.legal_actions()[0]) \
            if hand.mid_decision else hand.step("heuristic")
    a, b = hand.resample(1, 77), hand.resample(1, 77)
    assert [str(h) for h in a.hands] == [str(h) for h in b.hands]
    assert a.history == b.history
    for bad in (-1, hand.seats, "0", True):
        with pytest.raises(IllegalMoveError, match="out of range"):
            hand.resample(bad, 1)
    with pytest.raises(IllegalMoveError, match="integer"):
        hand.resample(0, "x")
    hand.play_out("heuristic")
    with pytest.raises(IllegalMoveError, match="the hand is over"):
        hand.resample(0, 1)


def test_the_others_do_not_see_the_discard_or_the_passes():
    hand = Game("cutthroat-pinochle").deal(seed=3)
    while hand.phase != "play":
        hand.step("heuristic")
    b = hand.bidder
    hidden = [a for a in hand.observation((b + 1) % 3)["actions"] if a[1] == "hidden"]
    assert len(hidden) == 3 and all(a[0] == b for a in hidden)
    assert not [a for a in hand.observation(b)["actions"] if a[1] == "hidden"]
    assert hand.observation(0)["widow"] == str(hand.widow)
    hand = Game("partnership-pinochle").deal(seed=3)
    while hand.phase != "play":
        hand.step("heuristic")
    b = hand.bidder
    assert len([a for a in hand.observation((b + 1) % 4)["actions"] if a[1] == "hidden"]) == 6
    assert not [a for a in hand.observation((b + 2) % 4)["actions"] if a[1] == "hidden"]


def test_meld_on_the_table_is_kept():
    """Every resample shows the same meld for every seat, and the seat's shown cards stay."""
    game = Game("cutthroat-pinochle")
    for seed in range(6):
        hand = game.deal(seed=seed)
        while hand.phase != "play":
            hand.step("heuristic")
        shown = [CardSet(m, PINOCHLE) for m in hand._state.shown]
        for seat in range(3):
            for i in range(20):
                other = hand.resample(seat, i)
                assert other.meld == hand.meld
                assert [CardSet(m, PINOCHLE) for m in other._state.shown] == shown
                for s in range(3):
                    assert shown[s].issubset(CardSet(other._state.meld_hands[s], PINOCHLE))
                    if s != seat:  # the hidden cards really are redealt
                        moved = moved if i else set()
                        moved.add(str(other.hands[s]))
        assert len(moved) > 1


# -- exact uniformity in small end positions ------------------------------------------------

def _played_by(hand):
    out = {s: [] for s in range(hand.seats)}
    for action, (actor, phase) in zip(hand.history, hand._actors()):
        if phase == "play":
            out[actor].append(hand.action_to_string(action))
    return out


def _labelled_splits(cards, sizes):
    """Every assignment of the labelled ``cards`` into places of ``sizes``, as index tuples."""
    def rec(left, sizes):
        if not sizes:
            yield ()
            return
        for first in combinations(left, sizes[0]):
            rest = [c for c in left if c not in first]
            for tail in rec(rest, sizes[1:]):
                yield (first,) + tail
    yield from rec(list(range(len(cards))), sizes)


def _consistent(game, hand, seat, places, build):
    """{assignment (a sorted tuple of codes per place): labelled multiplicity} over every
    assignment of the hidden cards to ``places`` (name, size) whose replay (deal and
    history from ``build``) gives ``seat`` the same observation."""
    obs = hand.observation(seat)
    hidden = sorted(c for name, cards in places for c in cards)
    weight: Counter = Counter()
    for split in _labelled_splits(hidden, [len(cards) for _, cards in places]):
        weight[tuple(tuple(sorted(hidden[i] for i in part)) for part in split)] += 1
    out = {}
    for key, w in weight.items():
        deal, history = build(dict(zip([n for n, _ in places], key)))
        try:
            again = game.replay(deal, history)
        except CardsimError:
            continue
        if again.observation(seat) == obs:
            out[key] = w
    return out


def _chi2_p(counts, expected):
    k = len(counts) - 1
    x = sum((c - e) ** 2 / e for c, e in zip(counts, expected))
    z = ((x / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))  # Wilson-Hilferty
    return 0.5 * math.erfc(z / math.sqrt(2))


def _check_uniform(hand, seat, consistent, key_of, per=60):
    total = sum(consistent.values())
    n = per * len(consistent)
    counts: Counter = Counter()
    for i in range(n):
        counts[key_of(hand.resample(seat, i))] += 1
    assert set(counts) <= set(consistent), "a resample contradicted what the seat saw"
    p = _chi2_p([counts[k] for k in consistent], [n * w / total for w in consistent.values()])
    assert p > 1e-6, p


def _codes(mask):
    return tuple(sorted(str(CardSet(mask, PINOCHLE)).split()))


def _late_cutthroat(seed_from, tricks):
    game = Game("cutthroat-pinochle")
    for seed in range(seed_from, seed_from + 400):
        hand = game.deal(seed=seed)
        rng = random.Random(seed)
        while hand.to_act is not None and hand.tricks_played < tricks:
            if hand.phase == "play":
                hand.apply(rng.choice(hand.legal_actions()))
            else:
                hand.step("heuristic")
        if hand.to_act is not None and hand.tricks_played == tricks and not hand.trick:
            yield game, hand


def test_cutthroat_bidder_resamples_are_uniform_with_must_beat_proofs():
    """The bidder after 12 tricks: the two others' 3 cards each, dealt uniformly over the
    assignments the plays allow (voids, failing to beat: the twin copies count)."""
    for game, hand in _late_cutthroat(0, 12):
        seat = hand.bidder
        others = [s for s in range(3) if s != seat]
        played = _played_by(hand)
        places = [(s, list(_codes(hand.hands[s].mask))) for s in others]

        def build(assign):
            deal = dict(hand.deal)
            hands = list(deal["hands"])
            for s in others:
                hands[s] = " ".join(list(assign[s]) + played[s])
            deal["hands"] = hands
            return deal, hand.history
        consistent = _consistent(game, hand, seat, places, build)
        if 6 <= len(consistent) and sum(consistent.values()) < 20:  # the plays rule deals out
            break
    else:
        pytest.fail("no position found")
    _check_uniform(hand, seat, consistent, lambda o: tuple(_codes(o.hands[s].mask) for s in others))
    # a dealer that ignores what the plays proved lands outside the consistent deals
    from cardsim import _core
    hidden = sum(hand.hands[s].mask for s in others)
    caps = [len(hand.hands[s]) for s in others]
    wrong = {tuple(_codes(m) for m in _core.constrained_deal_masks(hidden, [0, 0], caps, i)) for i in range(200)}
    assert wrong - set(consistent)


def test_cutthroat_defender_resamples_are_uniform_over_hands_and_discard():
    """A defender after 13 tricks: the other defender's and the bidder's 2 cards each and the
    3 discards (a widow card it did not meld or play is the bidder's or discarded)."""
    for game, hand in _late_cutthroat(1000, 13):
        b = hand.bidder
        seat = (b + 1) % 3
        mate = (b + 2) % 3
        played = _played_by(hand)
        places = [(mate, list(_codes(hand.hands[mate].mask))), (b, list(_codes(hand.hands[b].mask))),
                  ("discard", list(_codes(hand._state.discard)))]
        widow = list(_codes(hand._state.widow))
        start = hand._start()
        entries = sorted(hand._hidden_entries(seat))

        def build(assign):
            deal = dict(hand.deal)
            hands = list(deal["hands"])
            hands[mate] = " ".join(list(assign[mate]) + played[mate])
            cards = list(assign[b]) + played[b] + list(assign["discard"])
            for c in widow:
                if c not in cards:
                    return deal, []   # a widow card elsewhere: no such deal
                cards.remove(c)
            hands[b] = " ".join(cards)
            deal["hands"] = hands
            history = list(hand.history)
            for i, code in zip(entries, assign["discard"]):
                history[i] = hand.string_to_action(code)
            return deal, history
        consistent = {k: w for k, w in _consistent(game, hand, seat, places, build).items()}
        if 6 <= len(consistent) and start == 0:
            break
    else:
        pytest.fail("no position found")
    _check_uniform(hand, seat, consistent,
                   lambda o: (_codes(o.hands[mate].mask), _codes(o.hands[b].mask), _codes(o._state.discard)), per=40)


def test_partnership_opponent_resamples_are_uniform():
    """An opponent of the bidder after 10 tricks: the other three seats' 2 cards each; the
    passes it did not see are any the hands allow."""
    game = Game("partnership-pinochle")
    for seed in range(400):
        hand = game.deal(seed=seed)
        rng = random.Random(seed)
        while hand.to_act is not None and hand.tricks_played < 10:
            hand.apply(rng.choice(hand.legal_actions())) if hand.phase == "play" else hand.step("heuristic")
        if hand.to_act is None or hand.tricks_played != 10 or hand.trick or hand.redeals:
            continue
        b = hand.bidder
        q, seat = (b + 2) % 4, (b + 1) % 4
        others = [s for s in range(4) if s != seat]
        played = _played_by(hand)
        entries = sorted(hand._hidden_entries(seat))
        places = [(s, list(_codes(hand.hands[s].mask))) for s in others]

        def build(assign):
            deal = dict(hand.deal)
            hands = list(deal["hands"])
            post = {s: list(assign[s]) + played[s] for s in others}
            p2 = post[q][:3]                        # a witness pass: any the hands allow
            p1 = (post[b] + p2)[:3]
            qi, bi = list(post[q]), list(post[b]) + p2
            for c in p2:
                qi.remove(c)
            for c in p1:
                bi.remove(c)
            hands[q], hands[b] = " ".join(qi + p1), " ".join(bi)
            for s in others:
                if s not in (q, b):
                    hands[s] = " ".join(post[s])
            deal["hands"] = hands
            history = list(hand.history)
            for i, code in zip(entries, p1 + p2):
                history[i] = hand.string_to_action(code)
            return deal, history
        consistent = _consistent(game, hand, seat, places, build)
        total = math.factorial(6) // 8
        if 6 <= len(consistent) and sum(consistent.values()) < total:
            break
    else:
        pytest.fail("no position found")
    _check_uniform(hand, seat, consistent, lambda o: tuple(_codes(o.hands[s].mask) for s in others))


def test_partnership_partner_resamples_are_uniform_given_the_passes():
    """The bidder's partner after 10 tricks: it saw both passes, but not which copy the bidder
    played (a card it passed may be the one played), so a passed card it has not seen played
    need not still be the bidder's."""
    game = Game("partnership-pinochle")
    for seed in range(600):
        hand = game.deal(seed=seed)
        rng = random.Random(seed)
        while hand.to_act is not None and hand.tricks_played < 10:
            hand.apply(rng.choice(hand.legal_actions())) if hand.phase == "play" else hand.step("heuristic")
        if hand.to_act is None or hand.tricks_played != 10 or hand.trick or hand.redeals:
            continue
        b = hand.bidder
        seat = (b + 2) % 4
        others = [s for s in range(4) if s != seat]
        played = _played_by(hand)
        p1, p2 = (list(_codes(m.mask)) for m in hand.passed)
        places = [(s, list(_codes(hand.hands[s].mask))) for s in others]

        def build(assign):
            deal = dict(hand.deal)
            hands = list(deal["hands"])
            for s in others:
                hands[s] = " ".join(list(assign[s]) + played[s])
            cards = list(assign[b]) + played[b] + p2
            for c in p1:
                if c not in cards:
                    return deal, []   # the bidder could not have held what it was passed
                cards.remove(c)
            hands[b] = " ".join(cards)
            deal["hands"] = hands
            return deal, hand.history
        consistent = _consistent(game, hand, seat, places, build)
        passed_twin = set(p1) & {c for s in (b,) for c in played[s]}
        if 6 <= len(consistent) and passed_twin:
            break
    else:
        pytest.fail("no position found")
    _check_uniform(hand, seat, consistent, lambda o: tuple(_codes(o.hands[s].mask) for s in others))


# -- PIMC (issue 16, item 3) -----------------------------------------------------------------

def _two_sample_p(a: Counter, b: Counter) -> float:
    """Chi-square test that two samples of decisions come from one distribution."""
    keys = sorted(set(a) | set(b))
    if len(keys) < 2:
        return 1.0
    na, nb = sum(a.values()), sum(b.values())
    x = 0.0
    for k in keys:
        tot = a[k] + b[k]
        for n, c in ((na, a[k]), (nb, b[k])):
            e = tot * n / (na + nb)
            x += (c - e) ** 2 / e
    k = len(keys) - 1
    z = ((x / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))


@pytest.mark.parametrize("name", GAMES)
def test_pimc_never_uses_hidden_cards(name):
    """Hands that differ only in the cards the seat cannot see (resamples of one for that
    seat) get the same distribution of PIMC cards over PIMC's seeds."""
    from cardsim.solver.players import parse_policy, pimc_action
    game = Game(name)
    moved = 0
    positions = 0
    for seed in range(1, 40):
        hand = game.deal(seed=seed)
        while hand.to_act is not None and hand.phase != "play":
            hand.step("heuristic")
        for _ in range(seed % 9):
            if hand.to_act is not None:
                hand.step("heuristic")
        if hand.to_act is None or len(hand.legal_actions()) < 2:
            continue
        seat = hand.to_act
        seeds = [parse_policy(f"pimc(worlds=4,eval=playout,seed={j})") for j in range(30)]
        base = Counter(pimc_action(hand, p) for p in seeds)
        for k in range(2):
            other = hand.resample(seat, 7 + k)
            assert other.observation(seat) == hand.observation(seat)
            moved += [str(h) for h in other.hands] != [str(h) for h in hand.hands]
            assert _two_sample_p(base, Counter(pimc_action(other, p) for p in seeds)) > 1e-4
        positions += 1
        if positions == 6:
            break
    assert moved > 0


@pytest.mark.parametrize("name", GAMES)
def test_solver_players_play_pinochle_hands_out(name):
    from cardsim.solver.players import play_hand
    hand = Game(name).deal(seed=11)
    seats = hand.seats
    play_hand(hand, ["pimc(worlds=4,eval=playout)"] + ["heuristic"] * (seats - 1))
    assert hand.to_act is None and sum(hand.result()["trick_points"]) == 25


def test_two_hand_resample_keeps_what_the_seat_saw():
    """Two-hand: the opponent's cards off the table and the stock (its order too) are redealt;
    the replay of every resample gives the seat the same observation (the meld decisions the
    history shows included); in the last 12 tricks nothing is hidden."""
    game = Game("two-hand-pinochle")
    rng = random.Random(4)
    moved = done = 0
    for seed in range(40):
        hand = game.deal(seed=seed)
        for _ in range(rng.randrange(0, 50)):
            if hand.to_act is None:
                break
            hand.apply(rng.choice(hand.legal_actions())) if rng.random() < 0.5 else hand.step("heuristic")
        if hand.to_act is None:
            continue
        seat = rng.randrange(2)
        obs = hand.observation(seat)
        other = hand.resample(seat, seed)
        assert str(other.hands[seat]) == str(hand.hands[seat])
        assert other.tables == hand.tables and other.upcard == hand.upcard
        assert other.observation(seat) == obs
        assert game.replay(other.deal, other.history).observation(seat) == obs
        moved += other.deal["stock"] != hand.deal["stock"]
        if hand.phase == "play":
            assert other.hands == hand.hands
        done += 1
        if done == 12:
            break
    assert moved > 0
    with pytest.raises(IllegalMoveError, match="out of range"):
        hand.resample(2, 1)


# -- two-hand: exact uniformity late in the stock ----------------------------------------------

def _two_hand_late(seed):
    """A two-hand hand with one face-down stock card left, the opponent (seat 0) to lead the last
    stock trick, having won only the 11th trick: its meld decision after that trick (a meld, a
    draw it chose, or none) is all the history tells of its hidden cards; or None."""
    game = Game("two-hand-pinochle")
    hand = game.deal(seed=seed)  # dealer 0: seat 1 leads the first trick
    rng = random.Random(seed)
    while hand.to_act is not None:
        if hand.to_act == 0 and hand.phase == "stock":
            if not hand.trick:
                return game, hand
            want = hand.tricks_played == 10   # seat 0 loses the first 10 tricks, wins the 11th
            acts = []
            for a in hand.legal_actions():
                h = hand.clone()
                h.apply(a)
                if (h.last_winner == 0) == want:
                    acts.append(a)
            if not acts:
                return None
            hand.apply(rng.choice(acts))
        elif hand.to_act == 0 and hand.phase == "meld":
            hand.apply(rng.choice([a for a in hand.legal_actions() if a != 60]))  # no dix exchange
        else:
            hand.apply(rng.choice(hand.legal_actions()))
    return None


def test_two_hand_late_stock_resamples_are_uniform():
    """Seat 1 before the last stock trick: its opponent's hidden cards and the last face-down
    stock card (13 cards) are redealt.  What is consistent is enumerated by replay: x, the card
    left in the stock, and c, the card the opponent drew after the 11th trick (its hand at the
    meld decision is its cards now less c); every other arrangement of the opponent's dealt
    cards and earlier draws gives the same observations (it won no other trick), so a stock card
    x has weight: its copies times the consistent choices of c.  The resampled stock card must
    follow those weights (chi-square)."""
    hand, seat, consistent = two_hand_late_weights()
    _check_uniform(hand, seat, consistent, lambda h: (PINOCHLE.code(h._state.stock[0]),), per=30)


def two_hand_late_weights():
    """The position of test_two_hand_late_stock_resamples_are_uniform: (hand, seat, the weight of
    each card left in the stock, as a key ``(code,)``), by replay (tests/test_pimc_two_hand.py
    checks the core's PIMC worlds against the same weights)."""
    for seed in range(60):
        found = _two_hand_late(seed)
        if found is None:
            continue
        game, hand = found
        seat, o = 1, 0
        obs = hand.observation(seat)
        _, _, draws, _ = hand._events(seat)
        deal = hand.deal
        codes = deal["hands"][o].split() + deal["stock"].split()
        places = list(range(12)) + [12 + index for _, index in draws]   # the opponent's, by arrival
        last = 12 + draws[-1][1]                                           # its draw after trick 11
        assert draws[-1][0] > draws[-2][0] and len(hand._state.stock) == 1
        tail = 12 + 22
        held = Counter(_codes(hand._state.hands[o] & ~hand._state.tables[o]))
        hidden = held + Counter([PINOCHLE.code(hand._state.stock[0])])

        def world(x, c):
            """The deal with ``x`` left in the stock and ``c`` drawn after trick 11 (each moved
            from the latest place holding a copy, so that the cards played earlier stay)."""
            cards = list(codes)
            for code, target in ((x, tail), (c, last)):
                if cards[target] != code:
                    source = max(p for p in places if cards[p] == code and p != target)
                    cards[source], cards[target] = cards[target], cards[source]
            return {**deal, "hands": [" ".join(cards[:12]) if s == o else deal["hands"][s] for s in range(2)],
                    "stock": " ".join(cards[12:])}

        weight = {}
        for x in hidden:
            rest = hidden - Counter([x])
            ok = 0
            for c in rest:
                try:
                    again = game.replay(world(x, c), hand.history)
                except CardsimError:
                    continue
                ok += rest[c] * (again.observation(seat) == obs)
            if ok:
                weight[x] = hidden[x] * ok
        choices = sum(hidden[x] * sum((hidden - Counter([x])).values()) for x in hidden)
        if len(weight) >= 5 and 2 * sum(weight.values()) < choices:   # the meld decision told much
            break
    else:
        pytest.fail("no position found")
    assert game.replay(world(PINOCHLE.code(hand._state.stock[0]), codes[last]), hand.history).observation(seat) == obs
    return hand, seat, {(x,): w for x, w in weight.items()}
