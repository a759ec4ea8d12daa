# cython: language_level=3
"""The columns of a euchre action-odds trial (euchre/odds.pxd): apart from the trial's inline code,
so that a module that only reads the columns (solver/_pimc.pyx) does not compile that code."""

cdef enum:
    EUO_ACTIONS = 10
    EUO_PER_ACTION = 3          # the player's (team's) points, the opponents' points, the outcome
    EUO_COLUMNS = 30
    EUO_EUCHRED = 0             # outcomes: the player's side made trump and took < 3 tricks
    EUO_ONE = 1                 # ... made it and took 3 or 4
    EUO_MARCH = 2               # ... made it and took all 5
    EUO_DEFENDED = 3            # another side made trump
    EUO_THROWN_IN = 4           # everybody passed twice: redeal, no score
    EUO_NOT_OPEN = 5            # the action is not open (the stuck dealer's round-2 pass)
