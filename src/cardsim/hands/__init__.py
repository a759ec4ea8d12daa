"""What every game's step-by-step hand shares: ``base.SteppedHand`` and the chosen-deal checks.

Each game's hand class lives in its family folder (``cardsim.pinochle.cutthroat_hand``,
``cardsim.euchre.hand``, ``cardsim.spades.hand``, ...); the old module names
(``cardsim.hands.euchre`` and the others) are aliases of those modules (cardsim._moved), so
that old imports and pickles still work.
"""
