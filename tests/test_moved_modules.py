"""The Python files that moved into the family folders still import, and old pickles load, by their old names.

``tests/cases/pickles_main_888aaf6.pkl`` was written on main 888aaf6, before the move, by
pickling one hand of every game (dealt with seed 11, three actions applied: its class then
lived in ``cardsim.hands.*``) and one bid-odds result of euchre, spades and two-hand pinochle
(``cardsim.odds_*``); beside each hand it keeps the hand's ``to_dict()`` of that time.
"""
from __future__ import annotations

import importlib
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import cardsim
from cardsim._moved import MOVED

FIXTURE = Path(__file__).parent / "cases" / "pickles_main_888aaf6.pkl"
SRC = str(Path(cardsim.__file__).resolve().parent.parent)  # where this cardsim lives (src/ or site-packages)


@pytest.mark.parametrize("old", sorted(MOVED))
def test_old_name_is_the_new_module(old):
    module = importlib.import_module(old)
    assert module is importlib.import_module(MOVED[old])
    assert module.__name__ == MOVED[old] and module.__spec__.name == MOVED[old]
    package, _, leaf = old.rpartition(".")
    assert getattr(importlib.import_module(package), leaf) is module  # `from cardsim.games import pinochle`


def test_old_names_import_first_in_a_fresh_process():
    """Each old name imported before anything else of cardsim (a new process for the first)."""
    code = ("import importlib, sys\n"
            f"for old, new in {sorted(MOVED.items())!r}:\n"
            "    assert importlib.import_module(old) is sys.modules[new], old\n"
            "from cardsim.games import spades\n"
            "from cardsim.hands.spades import SpadesHand\n"
            "import cardsim.spades.hand as h; assert SpadesHand is h.SpadesHand\n")
    subprocess.run([sys.executable, "-c", code], check=True, env={"PYTHONPATH": SRC})


def test_unknown_module_is_still_an_error():
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("cardsim.hands.bridge")


def test_pickles_made_before_the_move_load_in_a_fresh_process():
    """Unpickled first thing in a new process: the old module names resolve through the aliases."""
    code = ("import pickle, sys\n"
            f"d = pickle.load(open({str(FIXTURE)!r}, 'rb'))\n"
            "for game, (blob, state) in d['hands'].items():\n"
            "    h = pickle.loads(blob)\n"
            "    now = h.to_dict()  # options added since (wins_needed) come in at their defaults\n"
            "    assert {**now, 'rules': {k: v for k, v in now['rules'].items() if k in state['rules']}} == state, game\n"
            "    assert type(h).__module__.split('.')[1] in ('pinochle', 'euchre', 'spades'), type(h)\n"
            "    h.apply(h.legal_actions()[0])\n"
            "for game, blob in d['odds'].items():\n"
            "    r = pickle.loads(blob)\n"
            "    assert type(r).__module__.endswith('.bid_odds'), type(r)\n"
            "print(len(d['hands']), len(d['odds']))\n")
    out = subprocess.run([sys.executable, "-c", code], check=True, env={"PYTHONPATH": SRC},
                         capture_output=True, text=True)
    assert out.stdout.split() == ["7", "3"]


def test_old_pickled_hands_equal_new_ones():
    from cardsim import Game
    with FIXTURE.open("rb") as fh:
        saved = pickle.load(fh)
    for game, (blob, state) in saved["hands"].items():
        old = pickle.loads(blob)
        new = Game(game).replay(state["deal"], state["history"])
        assert type(old) is type(new)
        assert old.to_dict() == new.to_dict()
        again = pickle.loads(pickle.dumps(old))  # pickled anew: the versioned format, by game name, no class path
        assert b"_load_hand" in pickle.dumps(old) and pickle.dumps(old).find(type(old).__module__.encode()) < 0
        assert again.to_dict() == old.to_dict()
