"""Versioned hand pickles (issue 10): a hand pickles as its to_dict() (rebuilt by
Game.hand_from_dict), so it loads after any change to the core's state structs; the core
bytes ride along and are used where they still fit and agree.  Old-format pickles (the
instance dict with the core bytes, as tests/cases/pickles_main_888aaf6.pkl holds) load while
their bytes fit, and give a one-line CardsimError when they do not."""
from __future__ import annotations

import copyreg
import io
import pickle
import random

import pytest

from cardsim import Game
from cardsim._contract import _restore
from cardsim.errors import CardsimError
from cardsim.hands import base

GAMES = ["cutthroat-pinochle", "partnership-pinochle", "two-hand-pinochle", "euchre", "cutthroat-euchre", "spades",
         "cutthroat-spades"]


def core_bytes(hand):
    return base._state_bytes(hand._state)


def positions(game: str):
    """(label, hand) at several points of a hand: the deal, mid-auction, mid-trick, after a
    redeal (where the game has one), the end; random legal actions, seeded."""
    g = Game(game)
    out = []
    for seed in range(40):
        hand = g.deal(seed=seed, dealer=seed % g.seats)
        rng = random.Random(seed)
        if seed == 0:
            out.append(("deal", hand.clone()))
        steps = 0
        while hand.to_act is not None:
            legal = hand.legal_actions()
            hand.apply(rng.choice(legal))
            steps += 1
            if steps == 1 and seed < 3:
                out.append(("first action", hand.clone()))
            if getattr(hand._state, "redeals", 0) and not any(label == "redeal" for label, _ in out):
                out.append(("redeal", hand.clone()))
            trick = getattr(hand._state, "trick", ())
            if len(trick) == 1 and seed % 5 == 1:
                out.append(("mid-trick", hand.clone()))
                break
        if seed == 2:
            out.append(("done", hand.clone()))
    if not any(label == "redeal" for label, _ in out) and game not in ("two-hand-pinochle", "spades",
                                                                       "cutthroat-spades"):
        # everybody passes: the game redeals (a chance event in the history)
        hand = (Game(game, all_pass="redeal") if game == "partnership-pinochle" else g).deal(seed=7)
        while not hand.redeals:
            hand.apply(hand.string_to_action("pass"))
        hand.apply(hand.legal_actions()[0])
        out.append(("redeal", hand))
    labels = {label for label, _ in out}
    assert {"deal", "first action", "mid-trick", "done"} <= labels, labels
    assert "redeal" in labels or game in ("two-hand-pinochle", "spades", "cutthroat-spades")
    return out


def same(a, b) -> bool:
    return (a.to_dict() == b.to_dict() and a.hands == b.hands and a.phase == b.phase and a.to_act == b.to_act
            and a.legal_actions() == b.legal_actions() and type(a) is type(b))


@pytest.mark.parametrize("game", GAMES)
def test_round_trip_then_independent(game):
    for label, hand in positions(game):
        blob = pickle.dumps(hand)
        assert b"_load_hand" in blob and b"_restore" not in blob   # the versioned format
        other = pickle.loads(blob)
        assert same(other, hand), (game, label)
        assert core_bytes(other) == core_bytes(hand), (game, label)   # the bytes fit: the exact state
        if hand.to_act is None:
            continue
        before = hand.to_dict()
        other.apply(other.legal_actions()[-1])
        assert hand.to_dict() == before          # the original did not move
        other.play_out("random")
        hand.play_out("random")
        again = pickle.loads(blob).play_out("random")
        assert again.to_dict() == hand.to_dict(), (game, label)   # the players' stream came along too


@pytest.mark.parametrize("game", GAMES)
def test_a_struct_change_falls_back_to_the_replay(game):
    """Core bytes that no longer fit (a struct grew) or do not agree: the hand is rebuilt from
    its to_dict() alone, and plays on."""
    for label, hand in positions(game)[:4]:
        _, (version, data, structs) = hand.__reduce__()
        assert version == base.HAND_PICKLE_VERSION
        grown = tuple(b + b"\0" * 8 if b else b for b in structs)
        other = base._load_hand(version, data, grown)
        assert same(other, hand), (game, label)
        if hand.to_act is not None:
            other.apply(other.legal_actions()[0])
            other.play_out("heuristic")
            assert other.to_act is None
        # bytes of the right size from another hand: not used
        stranger = Game(game).deal(seed=999).play_out("random")
        other = base._load_hand(version, data, core_bytes(stranger))
        assert same(other, hand) and core_bytes(other) != core_bytes(stranger), (game, label)


def test_a_newer_format_is_one_line():
    hand = Game("euchre").deal(seed=1)
    _, (version, data, structs) = hand.__reduce__()
    with pytest.raises(CardsimError, match="format 2; this cardsim reads formats 1 to 1") as info:
        base._load_hand(version + 1, data, structs)
    assert "\n" not in str(info.value)


class _OldState:
    """Pickles as a core state did before the versioned format, with the bytes given."""

    def __init__(self, state, structs):
        self.args = (type(state), state.rules, state.num_actions, structs, state.history)

    def __reduce__(self):
        return _restore, self.args


def old_format(hand, structs) -> bytes:
    """``hand`` pickled as hands were before the versioned format (its instance dict, the core
    state in it as its bytes), with the core bytes ``structs``."""
    class Old(pickle.Pickler):
        def reducer_override(self, obj):
            if obj is hand:
                return copyreg.__newobj__, (type(hand),), dict(hand.__dict__, _state=_OldState(hand._state, structs))
            return NotImplemented

    out = io.BytesIO()
    Old(out, protocol=pickle.HIGHEST_PROTOCOL).dump(hand)
    return out.getvalue()


@pytest.mark.parametrize("game", GAMES)
def test_old_format_loads_while_its_bytes_fit(game):
    g = Game(game)
    hand = g.deal(seed=5)
    rng = random.Random(5)
    for _ in range(6):
        hand.apply(rng.choice(hand.legal_actions()))
    old = old_format(hand, core_bytes(hand))
    loaded = pickle.loads(old)
    assert same(loaded, hand) and core_bytes(loaded) == core_bytes(hand)
    # a struct that grew since: one line, no crash
    grown = tuple(b + b"\0" * 8 if b else b for b in core_bytes(hand))
    with pytest.raises(CardsimError, match="pickled by a cardsim whose core state is") as info:
        pickle.loads(old_format(hand, grown))
    assert "\n" not in str(info.value)
    # bytes that fit but say something else (a struct laid out otherwise): one line, not garbage
    stranger = g.deal(seed=6)
    for _ in range(6):
        stranger.apply(stranger.legal_actions()[0])
    with pytest.raises(CardsimError, match="laid out otherwise") as info:
        pickle.loads(old_format(hand, core_bytes(stranger)))
    assert "\n" not in str(info.value)


def test_the_888aaf6_fixture_loads_and_pickles_anew():
    from pathlib import Path
    with (Path(__file__).parent / "cases" / "pickles_main_888aaf6.pkl").open("rb") as fh:
        saved = pickle.load(fh)
    for game, (blob, state) in saved["hands"].items():
        old = pickle.loads(blob)
        assert old.to_dict() == state
        again = pickle.loads(pickle.dumps(old))
        assert same(again, old) and core_bytes(again) == core_bytes(old)
