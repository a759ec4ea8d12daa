"""Type stub of cardsim.spades.play (play.pyx), a module of the private compiled core.

It defines no Python names: the spades engine and players compiled once, for the batches and the
step state of cardsim.spades.spades, which calls them through their C declarations (play.pxd)."""
