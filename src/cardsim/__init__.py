"""cardsim: fast simulation of trick-taking card games."""
from .cards import EUCHRE, PINOCHLE, SPADES, CardSet, Deck
from .errors import CardError, CardsimError, IllegalMoveError, RulesError

__version__ = "0.1.0"

__all__ = [
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
