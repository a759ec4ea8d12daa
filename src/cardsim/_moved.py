"""Old module names of the Python files that moved into the family folders, kept as aliases.

Pickles name a class by its module (a hand pickled before the move names
``cardsim.hands.euchre.EuchreHand``), and user code may import the old paths.  Importing an old
name gives the module at its new home, the same object (``cardsim.hands.euchre is
cardsim.euchre.hand``), so classes compare equal and ``isinstance`` holds.  ``cardsim``
installs the finder on import, before any of its submodules can be imported.
"""
from __future__ import annotations

import importlib
import importlib.machinery
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Sequence, cast

if TYPE_CHECKING:
    import importlib.abc

# The finder and loader follow the import protocols without subclassing importlib.abc: that
# module imports importlib.resources (pathlib, zipfile, tempfile), tens of milliseconds of every
# command's start-up.

#: old module name -> the module it became
MOVED = {
    "cardsim.games.pinochle": "cardsim.pinochle.options",
    "cardsim.games.euchre": "cardsim.euchre.options",
    "cardsim.games.spades": "cardsim.spades.options",
    "cardsim.hands.cutthroat_pinochle": "cardsim.pinochle.cutthroat_hand",
    "cardsim.hands.partnership_pinochle": "cardsim.pinochle.partnership_hand",
    "cardsim.hands.two_hand_pinochle": "cardsim.pinochle.two_hand_hand",
    "cardsim.hands.pinochle_play": "cardsim.pinochle.play",
    "cardsim.hands.auction": "cardsim.pinochle.auction",
    "cardsim.hands.euchre": "cardsim.euchre.hand",
    "cardsim.hands.spades": "cardsim.spades.hand",
    "cardsim.odds_euchre": "cardsim.euchre.bid_odds",
    "cardsim.odds_pinochle_games": "cardsim.pinochle.bid_odds",
    "cardsim.odds_spades": "cardsim.spades.bid_odds",
    "cardsim.spades_records": "cardsim.spades.records",
}


class _AliasLoader:
    """Loads an old name as the module at its new home (imported first if need be)."""

    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(self.target)
        self.own_spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The import system has set the module's __spec__ to the old name's: give it its own
        # back (its __name__, __file__ and __loader__ were left as they were).
        module.__spec__ = self.own_spec


class _AliasFinder:
    """Finds the old module names in MOVED, and nothing else."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        new = MOVED.get(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, cast("importlib.abc.Loader", _AliasLoader(new)))


def install() -> None:
    """Put the finder first on sys.meta_path (once)."""
    if not any(isinstance(finder, _AliasFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _AliasFinder())
