"""Games won from a score by a blind choice (cardsim.spades.game_odds, spades/games.pyx
spades_game_odds): each trial against a pure-Python reference that steps the same hands with
SpadesState (the player's bid forced, every other decision heuristic, hand after hand to the
game's end), and the paired comparison of the choices."""
from __future__ import annotations

import numpy as np
import pytest

from cardsim import Game, _core
from cardsim.spades.bid_odds import POLICY_CODE, _candidate_codes
from cardsim.spades.game_odds import LOOK, blind_game_odds
from cardsim.spades.spades import SpadesState


def reference_winner(rules: dict, seed: int, trial: int, seat: int, dealer: int, scores: list[int], code: int,
                     bags: list[int] | None = None, blind6_used: list[int] | None = None) -> int:
    """Trial ``trial``'s game with the player's bid ``code`` (-1: the heuristic's bid with the
    blind bids closed), stepped in Python from the game so far (``bags``, ``blind6_used``: zero
    when None): the winning side, -1 unfinished."""
    state = SpadesState(rules, seed, dealer, trial, scores, bags, blind6_used)
    while state.to_act != seat:
        state.policy_step("heuristic")
    if code == POLICY_CODE:   # looking: the same deal under rules with no blind bid, the heuristic's bid
        look = SpadesState({**rules, "allow_blind_nil": False, "blind6_limit": 0}, seed, dealer, trial, scores,
                           bags, blind6_used)
        while look.to_act != seat:
            look.policy_step("heuristic")
        look.policy_step("heuristic")
        code = look.kinds[seat] << 5 | look.bids[seat]
    state.bid(code)
    for _ in range(1100):
        while state.phase != "done":
            state.policy_step("heuristic")
        winner = state.game_winner()
        if winner >= 0:
            return winner
        state.next_hand((state.dealer + 1) % state.seats)
    return -1


@pytest.mark.parametrize("name, scores", [("cutthroat-spades", [0, 300, 300]), ("cutthroat-spades", [350, 420, 380]),
                                          ("spades", [0, 400]), ("spades", [380, 450])])
def test_every_trial_is_the_game_stepped_in_python(name, scores):
    game = Game(name)
    seats = 4 if name == "spades" else 3
    per_seat = [scores[s % 2] for s in range(4)] if name == "spades" else scores
    dealer, seed, trials = seats - 1, 5, 24
    codes = _candidate_codes(game, _core.spades_table(game.rules)[1], per_seat, 0, True)
    out = np.zeros((trials, len(codes)), dtype=np.int8)
    _core.spades_game_odds(game.rules, 0, 0, dealer, per_seat, True, codes, seed, 0, out, ["heuristic"] * seats, 1)
    for t in range(trials):
        assert list(out[t]) == [reference_winner(game.rules, seed, t, 0, dealer, per_seat, c) for c in codes], t
    assert (out >= 0).all()


@pytest.mark.parametrize("name, scores, bags, used, seat, dealer", [
    ("cutthroat-spades", [250, 420, 380], [9, 2, 8], [0, 0, 1], 0, 1),
    ("cutthroat-spades", [300, 120, 450], [1, 9, 0], [0, 1, 0], 1, 0),
    ("spades", [350, 460], [8, 9], [0, 0], 2, 0)])
def test_trials_carry_the_game_so_far(name, scores, bags, used, seat, dealer):
    """Bags near the penalty and blind 6 already bid (real games' states, bench/decisions.py's
    blind kind on real games): every trial is the game stepped in Python from that state, and blind
    6 is no choice once the seat has bid it (blind6_limit 1)."""
    game = Game(name)
    seats = 4 if name == "spades" else 3
    side = (lambda v: [v[s % 2] for s in range(4)]) if name == "spades" else list
    odds = blind_game_odds(game, scores, trials=16, seed=4, threads=1, seat=seat, dealer=dealer, bags=bags,
                           blind6_used=used)
    assert ("blind6" in odds.choices) == (name != "spades" and not used[seat])
    codes = _candidate_codes(game, 17 if seats == 3 else 13, side(scores), seat, True, side(used)[seat])
    for t in range(16):
        want = [reference_winner(game.rules, 4, t, seat, dealer, side(scores), c, side(bags), side(used)) for c in codes]
        assert [int(w) for w in odds.won[t]] == [w == (seat % 2 if seats == 4 else seat) for w in want], t


def test_the_choices_are_paired_and_the_looking_bid_is_no_blind_bid():
    """Every choice plays the same later deals: a choice listed twice gives the same column, and
    looking is the heuristic's own bid with no blind bid (at 0 - 400 - 400 the heuristic alone bids
    blind nil, sp_game_bid's rule; looking differs from it there)."""
    game = Game("cutthroat-spades")
    blind_nil = _candidate_codes(game, 17, [0, 400, 400], 0, True)[0]
    out = np.zeros((300, 3), dtype=np.int8)
    _core.spades_game_odds(game.rules, 0, 0, 2, [0, 400, 400], True, [blind_nil, POLICY_CODE, blind_nil], 3, 0, out,
                           ["heuristic"] * 3, 2)
    assert (out[:, 0] == out[:, 2]).all()
    hand = game.deal(seed=3, dealer=2, scores=[0, 400, 400])
    hand.step("heuristic")
    assert hand.action_to_string(hand.history[-1]) == "blind_nil"


def test_blind_game_odds_reports_each_choice_and_the_paired_difference():
    odds = blind_game_odds("spades", [0, 300], trials=2000, seed=2, threads=2)
    assert odds.choices == ["blind_nil", LOOK] and odds.trials == 2000 and odds.scores == [0, 300]
    diff, se = odds.gain("blind_nil", LOOK)
    assert diff == pytest.approx(odds.p_win("blind_nil") - odds.p_win(LOOK))
    assert 0 < se < 0.01 and odds.best() in odds.choices
    again = blind_game_odds("spades", [0, 300], trials=2000, seed=2, threads=1)
    assert (again.won == odds.won).all()           # a trial depends on (seed, trial) only, not the threads
    dealt = blind_game_odds("cutthroat-spades", [0, 300, 300], trials=200, seed=2, threads=1,
                            cards="AS KS QS 5S 2S AH KH 7H 3H AD 8D 4D 9C 6C 5C 4C 3C")
    assert dealt.choices == ["blind_nil", "blind6", LOOK]


@pytest.mark.parametrize("kwargs, message", [
    ({"cards": "AS KS QS"}, "a cutthroat-spades hand of seat 0 has 17 cards (3 players), got 3"),
    ({"trials": 0}, "trials must be an integer from 1 to"),
    ({"seat": 3}, "seat"),
    ({"bags": [1, 2]}, "bags needs 3 values, one per seat, got 2"),
    ({"blind6_used": "x"}, "blind6_used must be 3 comma-separated integers"),
])
def test_bad_input_gets_a_one_line_error(kwargs, message):
    from cardsim.errors import CardsimError
    with pytest.raises(CardsimError) as err:
        blind_game_odds("cutthroat-spades", [0, 300, 300], **{"trials": 10, **kwargs})
    assert message in str(err.value) and "\n" not in str(err.value)
