"""Type stub of cardsim.euchre.play (play.pyx), a module of the private compiled core.

It defines no Python names: the euchre engine, players and odds trial compiled once, for the batches and
the step state of cardsim.euchre.euchre, which calls them through their C declarations (play.pxd)."""
