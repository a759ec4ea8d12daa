"""cardsim: fast simulation of trick-taking card games."""
from .cards import EUCHRE, PINOCHLE, SPADES, CardSet, Deck
from .errors import CardError, CardsimError, IllegalMoveError, RulesError
from .game import Game, implemented_games
from .meld import MELD_NAMES, Meld
from .odds import BidOdds, bid_odds
from .records import HandRecords
from .rules import Rules, make_rules
from .solver import postmortem, solve

__version__ = "0.1.0"

__all__ = [
    "Game",
    "solve",
    "postmortem",
    "bid_odds",
    "BidOdds",
    "implemented_games",
    "Meld",
    "MELD_NAMES",
    "HandRecords",
    "Rules",
    "make_rules",
    "CardSet",
    "Deck",
    "PINOCHLE",
    "EUCHRE",
    "SPADES",
    "CardsimError",
    "CardError",
    "RulesError",
    "IllegalMoveError",
]
