"""cardsim: fast simulation of trick-taking card games.

The public names below are imported on first use (PEP 562), so that ``import cardsim``
and the command line start without loading numpy and the compiled core until they are
needed; ``from cardsim import Game`` works as usual.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import _moved

__version__ = "0.1.0"

# public name -> the submodule that defines it
_WHERE = {
    "Game": "game", "implemented_games": "game",
    "compare": "comparison", "CompareResult": "comparison",
    "solve": "solver", "postmortem": "solver",
    "bid_odds": "odds", "BidOdds": "odds",
    "Meld": "meld", "MELD_NAMES": "meld",
    "HandRecords": "records",
    "Rules": "rules", "make_rules": "rules",
    "CardSet": "cards", "Deck": "cards", "PINOCHLE": "cards", "EUCHRE": "cards", "SPADES": "cards",
    "CardsimError": "errors", "CardError": "errors", "RulesError": "errors", "IllegalMoveError": "errors",
}

__all__ = list(_WHERE)

if TYPE_CHECKING:
    from .cards import EUCHRE, PINOCHLE, SPADES, CardSet, Deck
    from .comparison import CompareResult, compare
    from .errors import CardError, CardsimError, IllegalMoveError, RulesError
    from .game import Game, implemented_games
    from .meld import MELD_NAMES, Meld
    from .odds import BidOdds, bid_odds
    from .records import HandRecords
    from .rules import Rules, make_rules
    from .solver import postmortem, solve


_moved.install()  # old module names (cardsim.hands.euchre, ...) import their new homes


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'cardsim' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})
