"""The compiled core of the pinochle family (private: the public API is cardsim.Game).

See docs/adding-a-game.md for what each file holds."""
