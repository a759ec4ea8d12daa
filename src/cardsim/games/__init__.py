"""Old home of the option tables, kept so that old imports and pickles still work.

The tables now live in each family folder: ``cardsim.pinochle.options``,
``cardsim.euchre.options`` and ``cardsim.spades.options``; ``cardsim.games.pinochle`` and
the others are aliases of those modules (cardsim._moved).
"""
