"""The euchre family (euchre and cutthroat euchre); private: the public API is cardsim.Game.

The compiled core (.pyx modules, .pxd headers) and the Python sugar over it (options.py, the
hand classes, bid_odds.py): see docs/adding-a-game.md for what each file holds."""
# The option table (options.py) imports Option and GameSpec from cardsim.rules, which in turn
# collects the tables: loading rules first keeps that order whichever module is imported first.
from .. import rules as _rules  # noqa: F401
