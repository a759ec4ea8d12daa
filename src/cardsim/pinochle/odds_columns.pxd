# cython: language_level=3
"""The columns of a pinochle bid-odds trial (pinochle/cutthroat_odds.pxd, games_odds.pxd): apart from
the trials' inline code, so that a module that only reads the columns (solver/_pimc.pyx) does not
compile that code."""

cdef enum:
    ODDS_MELD = 0           # the player's meld after the widow and discard
    ODDS_TRICK_POINTS = 1   # the player's trick points (discard included when it counts)
    ODDS_TOTAL = 2          # counted meld (save-meld rule applied) + trick points; -1: thrown in
    ODDS_PER_TRUMP = 3      # columns per trump suit
    ODDS_CHOSEN = 12        # the suit the heuristic names after seeing the widow
    ODDS_COLUMNS = 13
