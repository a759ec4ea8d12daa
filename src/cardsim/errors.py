"""The one exception family cardsim raises for bad input.

Every message is one line that names what is wrong and what is allowed; the CLI
prints it and exits with status 2.  In Python it is a ``ValueError``.
"""


class CardsimError(ValueError):
    """Bad input: a card, an option, a rules file, a move that is not legal now."""


class CardError(CardsimError):
    """A card code or a set of cards that the game's deck cannot hold."""


class RulesError(CardsimError):
    """An unknown game, option or preset, or an option value out of range."""


class IllegalMoveError(CardsimError):
    """A bid, declaration or card that is not legal at this point of the hand."""
