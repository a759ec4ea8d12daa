"""The solver's players: oracle plays a best card, PIMC sees only what its seat sees."""
from __future__ import annotations

import pytest

from cardsim import Game
from cardsim.errors import CardsimError
from cardsim.solver.players import oracle_action, parse_policy, pimc_action, play_hand
from cardsim.solver.positions import card_bit_to_action, position


def hands_in_play(game: str, n: int, skip: int = 0) -> list:
    out = []
    seed = 0
    while len(out) < n:
        seed += 1
        hand = Game(game).deal(seed=seed)
        while hand.to_act is not None and hand._state.phase != "play":
            hand.step("heuristic")
        for _ in range(skip + seed % 3):
            if hand.to_act is not None:
                hand.step("heuristic")
        if hand.to_act is not None:
            out.append(hand)
    return out


@pytest.mark.parametrize("game", ["euchre", "cutthroat-euchre", "spades"])
def test_pimc_decision_does_not_depend_on_hidden_cards(game: str) -> None:
    """Two hands that differ only in cards the seat cannot see (a resample of one for that
    seat) show the seat the same observation and get the same PIMC card, world for world."""
    policy = parse_policy("pimc(worlds=8,eval=solve,seed=3)" if game != "spades" else
                          "pimc(worlds=8,eval=playout,seed=3)")
    skip = 0 if game != "spades" else 36
    differed = 0
    for hand in hands_in_play(game, 12, skip):
        seat = hand.to_act
        for k in range(3):
            other = hand.resample(seat, 100 + k)
            assert other.observation(seat) == hand.observation(seat)
            differed += other.hands != hand.hands
            assert pimc_action(other, policy) == pimc_action(hand, policy)
    assert differed > 0         # the hidden cards did move


def test_pimc_decisions_vary_with_its_own_seed_only_among_good_cards() -> None:
    """With one world a PIMC card is the solver's best card for that world: always legal."""
    for hand in hands_in_play("euchre", 10):
        legal = set(hand.legal_actions())
        for seed in range(4):
            assert pimc_action(hand, parse_policy(f"pimc(worlds=1,seed={seed})")) in legal


def test_oracle_plays_a_card_of_the_best_value() -> None:
    for game in ("euchre", "cutthroat-euchre", "cutthroat-pinochle"):
        for hand in hands_in_play(game, 6, 3 if "pinochle" not in game else 36):
            seat = hand.to_act
            pos = position(hand, seat)
            values = {card_bit_to_action(hand, b): v for b, v in pos.move_values().items()}
            best = max(values.values()) if pos.max_side >> seat & 1 else min(values.values())
            assert values[oracle_action(hand)] == best


def test_play_hand_mixes_solver_and_core_players() -> None:
    hand = Game("euchre").deal(seed=9)
    play_hand(hand, ["oracle", "heuristic", "pimc(worlds=4)", "random"])
    assert hand.to_act is None and sum(hand.result()["tricks"]) == 5


@pytest.mark.parametrize("text", ["pimc(worlds=0)", "pimc(eval=guess)", "pimc(depth=3)", "oracle(1)", "pimc(seed=x)"])
def test_bad_policy_strings_get_one_line(text: str) -> None:
    with pytest.raises(CardsimError) as info:
        parse_policy(text)
    assert "\n" not in str(info.value)


def test_pimc_refuses_games_without_resampling() -> None:
    hand = hands_in_play("cutthroat-pinochle", 1, 40)[0]
    state = hand._state

    class NoResample:  # a state as a game without resampling has it
        def __getattr__(self, name: str) -> object:
            if name == "resample":
                raise AttributeError(name)
            return getattr(state, name)
    hand._state = NoResample()
    with pytest.raises(CardsimError, match="resampling"):
        pimc_action(hand, parse_policy("pimc"))
