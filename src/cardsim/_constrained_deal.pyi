"""Exact uniform constrained dealing (the core's dealer; C entry points only, cimported from
_constrained_deal.pxd: the Python entries are in cardsim._deal)."""
