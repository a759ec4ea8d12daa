"""PIMC and oracle seats in the pinochle games' core batches and bid odds (issue 16): a batch's
hand is the step API's hand on the same stream with the same decisions (PIMC's from the Python
path: the state's pimc_playout / pimc_values and players._pick's tie-break), the records do not
depend on the thread count, a decision never reads a hidden card, and the bid odds and whole
games take the same players.  Nothing here pins a stream value."""
from __future__ import annotations

import numpy as np
import pytest

from cardsim import Game, _core, bid_odds
from cardsim.errors import CardsimError
from cardsim.solver import _pimc
from cardsim.solver.players import check_batch_policies, parse_policy, pimc_action
from cardsim.solver.positions import sides

STATES = {"cutthroat-pinochle": _core.CutthroatPinochleState,
          "partnership-pinochle": _core.PartnershipPinochleState}


def _spec(game: Game, names: list[str]):
    return check_batch_policies(game.name, names, game.seats)[1]


def _heuristic_action(state) -> int:
    probe = state.clone()
    probe.policy_step("heuristic")
    return int(probe.history[-1])


def _pick(state, acts, means) -> int:
    """cardsim.solver.players._pick on a state: the highest mean; ties the heuristic's, else the lowest."""
    best = max(means)
    tied = [a for a, m in zip(acts, means) if abs(m - best) < 1e-9]
    if len(tied) == 1:
        return tied[0]
    h = _heuristic_action(state)
    return h if h in tied else min(tied)


def _python_card(state, game: str, spec, key: int) -> int:
    """The Python path's PIMC card (the state's pimc_playout with the batch's key, _pick), or the
    play-out oracle's (one play-out of the true deal per card, from the same kind of hand copy)."""
    seat = state.to_act
    if len(set(state.legal_actions())) == 1:
        return state.legal_actions()[0]
    count, _ = sides(game, len(state.hands), seat, maker=state.bidder if game == "cutthroat-pinochle" else None)
    if spec[0] == "oracle":
        acts, means = [], []
        for a in sorted(set(state.legal_actions())):
            x = state.clone()
            x.apply(a)
            while x.phase != "done":
                x.policy_step("heuristic")
            acts.append(a)
            means.append(sum(t for s, t in enumerate(x.trick_points) if count >> s & 1))
        return _pick(state, acts, means)
    acts, means = state.pimc_playout(seat, spec[1], key, count)
    return _pick(state, acts, means)


def _replay(game: Game, names: list[str], seed: int, index: int, check_python: bool = True):
    """Hand ``index`` of the batch keyed by ``seed`` through the step API: core seats by
    policy_step, PIMC and oracle seats by pinochle_decision with the batch's key (checked against
    the Python path's card)."""
    spec = _spec(game, names)
    pseed = _pimc.policy_seed(spec)
    state = STATES[game.name](game.rules, seed, index % game.seats, index)
    while state.phase != "done":
        s = state.to_act
        kind = spec[s][0]
        if kind in ("pimc", "oracle") and state.phase == "play":
            key = _pimc.decision_key(pseed, seed, index, 4 * state.tricks_played + len(state.trick), s)
            action = _pimc.pinochle_decision(state, spec[s], key)
            if check_python:
                assert action == _python_card(state, game.name, spec[s], key)
            state.apply(action)
        else:
            state.policy_step("random" if kind == "random" else "heuristic")
    return state


@pytest.mark.parametrize("name", ["cutthroat-pinochle", "partnership-pinochle"])
def test_batch_hands_equal_a_step_replay_with_the_python_decisions(name):
    game = Game(name)
    names = ["pimc(worlds=4,seed=3)", "heuristic", "oracle", "random"][:game.seats]
    rec = game.simulate(3, policy=names, seed=21, threads=1).array
    for i in range(3):
        state = _replay(game, names, 21, i)
        assert list(rec["trick_points"][i]) == list(state.trick_points)
        assert list(rec["meld"][i]) == list(state.meld)
        assert int(rec["bidder"][i]) == state.bidder and int(rec["trump"][i]) == state.trump
        assert int(rec["dealer"][i]) == state.dealer


def test_two_hand_batch_hands_equal_a_step_replay_with_the_python_decisions():
    game = Game("two-hand-pinochle")
    names = ["pimc(worlds=3,seed=5)", "heuristic"]
    spec = _spec(game, names)
    pseed = _pimc.policy_seed(spec)
    rec = game.simulate(2, policy=names, seed=8, threads=1).array
    for i in range(2):
        state = _core.TwoHandPinochleState(game.rules, 8, i % 2, i)
        d = state.dealer
        order = [b for m in (state.hands[1 - d], state.hands[d]) for b in range(64) if m >> b & 1]
        order += [state.upcard] + list(state.stock)
        while state.phase != "done":
            s = state.to_act
            if spec[s][0] == "pimc":
                key = _pimc.decision_key(pseed, 8, i, len(state.history), s)
                acts, means, _ = state.pimc_values(s, spec[s][1], key, order if state.phase != "play" else None)
                state.apply(_pick(state, acts, means))
            else:
                state.policy_step("heuristic")
        assert list(rec["score"][i]) == list(state.score)
        assert list(rec["melds"][i]) == list(state.melds)
        assert int(rec["last_trick"][i]) == state.last_winner


@pytest.mark.parametrize("name", ["cutthroat-pinochle", "partnership-pinochle", "two-hand-pinochle"])
def test_pimc_batches_do_not_depend_on_threads(name):
    game = Game(name)
    names = ["pimc(worlds=2)", "oracle", "heuristic", "random"][:game.seats]
    one = game.simulate(4, policy=names, seed=2, threads=1).array
    two = game.simulate(4, policy=names, seed=2, threads=2).array
    assert one.tobytes() == two.tobytes()


def _hands_in_play(name: str, n: int, cards: int):
    out = []
    seed = 0
    while len(out) < n:
        hand = Game(name).deal(seed=seed)
        seed += 1
        while hand.to_act is not None and (hand.phase != "play" or len(hand.history) < cards):
            hand.step("heuristic")
            if hand.phase == "play" and hand._state.tricks_played * 4 + len(hand._state.trick) >= cards // 8:
                break
        if hand.to_act is not None and hand.phase == "play" and len(set(hand.legal_actions())) > 1:
            out.append(hand)
    return out


@pytest.mark.parametrize("name", ["cutthroat-pinochle", "partnership-pinochle"])
def test_a_batch_decision_does_not_depend_on_hidden_cards(name):
    """Hands that differ only in the cards the seat cannot see (a resample for it) show it the
    same observation and get the same core decision, world for world (its worlds are keyed by
    the decision's place, never by a card)."""
    spec = ("pimc", 6, "playout", 0)
    differed = 0
    for hand in _hands_in_play(name, 4, 40):
        seat = hand.to_act
        want = _pimc.pinochle_decision(hand._state, spec, 99)
        for k in range(3):
            other = hand.resample(seat, 50 + k)
            assert other.observation(seat) == hand.observation(seat)
            differed += other._state.hands != hand._state.hands
            assert _pimc.pinochle_decision(other._state, spec, 99) == want
    assert differed > 0


def test_pinochle_bid_odds_take_pimc_and_keep_the_deals():
    """Bid odds with a PIMC defender: the same trials' melds (the deal and the discard do not
    depend on the players), and trick points that do."""
    cards = "AS AS TS KS QS JS 9S AH AD AC KH QH KC QC JD"
    plain = bid_odds("cutthroat-pinochle", cards, trials=20, seed=4, threads=1)
    pimc = bid_odds("cutthroat-pinochle", cards, trials=20, seed=4, threads=1,
                    policy=["heuristic", "pimc(worlds=2)", "heuristic"])
    assert pimc.policy[1] == "pimc(worlds=2,eval=playout,seed=0)"
    assert [t["meld_mean"] for t in plain.trumps] == [t["meld_mean"] for t in pimc.trumps]
    odds = bid_odds("partnership-pinochle", "AS AS TS KS QS JS 9S AH AD AC KH QH", trials=12, seed=1, threads=2,
                    policy="pimc(worlds=2)")
    again = bid_odds("partnership-pinochle", "AS AS TS KS QS JS 9S AH AD AC KH QH", trials=12, seed=1, threads=1,
                     policy="pimc(worlds=2)")
    assert odds.to_dict() == again.to_dict()
    two = bid_odds("two-hand-pinochle", "AS AS TS KS QS JS 9S AH AD AC KH QH", upcard="TC", trials=6, seed=1,
                   threads=1, policy=["pimc(worlds=2)", "heuristic"])
    assert two.trials == 6 and two.policy[0].startswith("pimc(")


def test_pinochle_whole_games_take_pimc():
    for name in ("cutthroat-pinochle", "two-hand-pinochle"):
        game = Game(name)
        names = ["pimc(worlds=2)"] + ["heuristic"] * (game.seats - 1)
        one = game.simulate(2, policy=names, unit="game", seed=3, threads=1).array
        two = game.simulate(2, policy=names, unit="game", seed=3, threads=2).array
        assert one.tobytes() == two.tobytes() and (one["hands"] > 0).all()


@pytest.mark.parametrize("names", [["pimc(eval=solve)", "heuristic", "heuristic"],
                                   ["oracle(tricks=3)", "heuristic", "heuristic"]])
def test_pinochle_batches_refuse_what_they_do_not_play_in_one_line(names):
    with pytest.raises(CardsimError) as info:
        Game("cutthroat-pinochle").simulate(2, policy=names)
    assert "\n" not in str(info.value)


def test_hand_by_hand_pimc_parses_with_its_game():
    """play_hand and act read ``pimc`` with the game: play-outs outside euchre (the game's
    default evaluation), the solver in euchre."""
    from cardsim.solver.players import play_hand
    hand = Game("partnership-pinochle").deal(seed=3)
    play_hand(hand, ["pimc(worlds=2)", "heuristic", "heuristic", "heuristic"])
    assert hand.to_act is None
    assert parse_policy("pimc", "spades").eval == "playout" and parse_policy("pimc", "euchre").eval == "solve"
    hands = _hands_in_play("cutthroat-pinochle", 1, 40)
    h = hands[0]
    assert pimc_action(h, parse_policy("pimc(worlds=2)", "cutthroat-pinochle")) in h.legal_actions()


FIELD = {"euchre": "tricks", "spades": "tricks", "cutthroat-pinochle": "trick_points",
         "partnership-pinochle": "trick_points"}


@pytest.mark.parametrize("name", list(FIELD))
def test_histories_with_solver_seats_replay_to_the_records(name):
    """histories=True with pimc and oracle seats: each hand's actions, replayed on its deal through
    the step API, end where the batch's record does; the same actions for 1 and 2 threads."""
    game = Game(name)
    oracle = "oracle(tricks=5)" if name == "spades" else "oracle"   # a full-depth spades oracle costs seconds here
    names = ["pimc(worlds=2)", "heuristic", oracle, "random"][:game.seats]
    res = game.simulate(3, policy=names, seed=5, threads=2, histories=True)
    again = game.simulate(3, policy=names, seed=5, threads=1, histories=True)
    assert np.array_equal(res.histories.actions, again.histories.actions)
    for i in range(3):
        hand = res.histories.replay(i)
        assert hand.to_act is None
        assert list(hand.result()[FIELD[name]]) == list(res.array[FIELD[name]][i])


def test_histories_with_solver_seats_are_written_for_two_hand_and_whole_games():
    """Once refused (two-hand hands, whole games): written now, every history replaying to the end
    of its hand (tests/test_pimc_histories.py checks them against the records)."""
    for name, unit, rules in (("two-hand-pinochle", "hand", {}), ("euchre", "game", {"target_score": 3})):
        game = Game(name, **rules)
        res = game.simulate(2, policy=["pimc(worlds=2)"] + ["heuristic"] * (game.seats - 1), unit=unit,
                            histories=True)
        assert len(res.histories) >= 2
        assert all(res.histories.replay(i).to_act is None for i in range(len(res.histories)))
