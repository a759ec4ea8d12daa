# cython: language_level=3
"""The learned bid tables of the spades players: their layout (SPBidTables), their sizes and the
shipped values that are not read from the table file (SP_NIL_DEFAULT, SP_GAME_SHIPPED).

Apart from spades/players.pxd (which cimports this header and reads the tables through
SP_TABLES) so that the Python face, cardsim.spades.spades, which loads and reads the tables
(set_spades_bid_table, spades_bid_params, spades_game_rule), cimports the layout alone: Cython
then never parses the players' inline code for it (issue 10: the face's build)."""

cdef enum:
    SP_NIL_COUNT = 0            # nil with a count below this (hundredths) ...
    SP_NIL_SPADES = 1           # ... at most this many spades ...
    SP_NIL_TOP = 2              # ... no spade above this lane position (0 = the 2; jokers above the A) ...
    SP_NIL_ACES = 3             # ... at most this many side aces ...
    SP_NIL_KINGS = 4            # ... and side kings
    SP_NIL_PARAMS = 5

cdef extern from *:
    """
    /* The seed's nil limits (SP_NIL_*): no spade above the 8, no side ace or king, count
       below 1.2.  A constant: every module that cimports this header has its copy. */
    static const int SP_NIL_DEFAULT[5] = {120, 3, 6, 0, 0};
    """
    const int SP_NIL_DEFAULT[5]

# -- the learned bid table (scripts/spades_bid_table.py, src/cardsim/data/spades_bids.json) --
# Bidding sp_estimate's count rounded overbid in partnership spades (about 10 points a hand lost
# against the simulator's own bid odds with the same players), and one count with learned cuts
# still lost 3.8 points a hand in spades and 6.7 in cutthroat (bench/decisions.py), most of it
# on nil and moon.  The learned table, per game shape:
# * the count: a weighted sum of the hand's features (sp_features: spade length, top spades,
#   the spade honours, side aces, guarded kings and queens, ruffs with spare spades, long side
#   suits, sp_estimate's count, what nil fears) and the products of pairs of seven of them (the
#   count's non-linear part: a linear count lost 2.3 points a hand in cutthroat's 17 cards),
#   of the side suits' terms (sp_suit_nil_terms, count_suit) and of the spade holding
#   (sp_spade_holding, count_spade: cutthroat's table), fitted by least squares to the bid of
#   the best expected score of seeded hands' bid odds with the same players;
# * the cuts: bid n for counts from cut[n] up to cut[n+1] (cut[1] is below any count), per
#   quarter-trick of the count the bid with the best mean expected score, non-decreasing;
# * nil: a second weighted sum of the same features, of the side suits' nil terms
#   (sp_suit_nil_terms: each side suit's length, its honours and low cards by its length) and
#   of the side suits' and the spades' exposure (sp_suit_exposure, cutthroat's table), a
#   row of weights per spade length (sp_nil_row), the log-odds that nil's expected score
#   (P(nil makes) x 200 - 100) beats the table bid's, a logistic regression with each hand
#   weighted by the points the choice is worth there; nil when it is positive (one row for
#   every length and no suit terms: the single weighted sum of before);
# * the special bids (where both one-for-50 and two-for-40 are allowed: cutthroat): two more
#   such sums, the log-odds that two-for-40 beats a table bid of 3-4 and then that one-for-50
#   beats a bid of 2-3, read only for those bids (sp_special_bid);
# * moon from a learned count (an offset from 100 x moon_tricks); blind nil and blind 6 (where legal) when the seat is at least
#   a learned margin behind the leader: the margin from which blind bids beat looking in the
#   blind bid odds, or never (SP_NEVER).
# Shapes: 0 = four seats in partnership, 1 = three seats; other shapes (five seats, jokers)
# keep the rounding and the hand-set rules (sp_nil_hand with SP_NIL_DEFAULT, blind 6 at 100
# behind, moon at its count).  No table loaded (cut[1] == SP_NO_TABLE): the same.

cdef enum:
    SP_BID_SHAPES = 2
    SP_BID_CUTS = 20            # bids 0..19 (hand sizes up to 17)
    SP_NO_TABLE = -(1 << 30) + 1
    SP_NEVER = 1 << 30
    SP_GAME_BLIND_NIL = 0       # sp_game_bid's rules (SPBidTables.game[..][rule]): blind nil,
    SP_GAME_BLIND6 = 1          # blind 6,
    SP_GAME_NIL_BEHIND = 2      # nil's bar lowered far behind,
    SP_GAME_NIL_AHEAD = 3       # nil's bar raised well ahead
    SP_GAME_RULES = 4
    SP_GAME_SHAPES = 3          # the table shapes 0, 1 and the hand-set rules (2)
    SP_GAME_OFF = -(1 << 20)    # game_reach with no rule in force: no score is that close to the target
    SP_NF = 56                  # features (sp_features): 24, the 28 products of SP_NQ of them, 4 more
    SP_NQ = 7                   # the features whose pairwise products are features too
    SP_W_SCALE = 1000           # the count's weights: thousandths of hundredths of a trick
    SP_NIL_ROWS = 5             # nil's weights, a row per spade length: 1 or fewer, 2, 3, 4, 5 or more (sp_nil_row)
    SP_NB = 34                  # nil's terms of each side suit (sp_suit_nil_terms), summed over the side suits
    SP_NIL_EXPOSURES = 2        # nil's exposure terms (sp_suit_exposure): the side suits' summed, the spades'
    SP_NS = 80                  # the count's spade holding terms (sp_spade_holding): spades held 0 .. 9 or more, by which of the A, K, Q
    SP_PAIR_SPADES = 14         # SPBidTables.pair's rows: spades held (and top spades) 0 .. 13
    SP_PAIR_TERMS = 24          # its entries: per sum (the count's, nil's, the two special rules') the q0, q1 part and five cross weights
    SP_SPECIAL_RULES = 2        # the special bids' rules (sp_special_bid): two-for-40 over 3-4, then one-for-50 over 2-3
    SP_SIDE_TERMS = 8           # SPBidTables.side's entries: the count's, nil's by row, the special rules'

# The tables are loaded at run time (set_spades_bid_table in spades/spades.pyx), so they live
# once, in cardsim.spades.play; every module that cimports this header points SP_TABLES at
# them when it is loaded (``SP_TABLES = sp_bid_tables()``, spades/play.pxd), before any
# hand is played.
cdef extern from *:
    """
    typedef struct {
        int cut[2][21];         /* [SP_BID_SHAPES][SP_BID_CUTS + 1]: the last always 1 << 30 (sp_count_bid's sentinel) */
        int nil[2][5];          /* [..][SP_NIL_PARAMS]: sp_nil_hand's limits, where nil_learned is 0 */
        int weight[2][56];      /* [..][SP_NF]: the count's weights */
        int count_suit[2][34];  /* [..][SP_NB]: and over the side suits' terms (sp_suit_nil_terms) */
        int count_spade[2][80]; /* [..][SP_NS]: and over the spades' holding (sp_spade_holding) */
        int nil_weight[2][5][56];  /* [..][SP_NIL_ROWS][SP_NF]: nil's log-odds' weights (x 100000), a row per spade length */
        int nil_suit[2][5][34];    /* [..][SP_NIL_ROWS][SP_NB]: and over the side suits' nil terms (sp_suit_nil_terms) */
        int nil_exposure[2][5][2]; /* [..][SP_NIL_ROWS][SP_NIL_EXPOSURES]: and over the side suits' and the spades' sp_suit_exposure */
        int nil_learned[2];     /* some nil weight is not 0: nil by the log-odds, not sp_nil_hand */
        int special_weight[2][2][56]; /* [..][SP_SPECIAL_RULES][SP_NF]: the special bids' log-odds' weights (x 100000) */
        int special_suit[2][2][34];   /* [..][SP_SPECIAL_RULES][SP_NB]: and over the side suits' terms */
        int special_learned[2];  /* some special weight is not 0: sp_special_bid reads them */
        int moon[2];            /* moon from a count of 100 x moon_tricks plus this */
        int blind_nil[2];       /* blind nil this far behind the leader (SP_NEVER: never) */
        int blind6[2];          /* blind 6, where legal, this far behind */
        int game[3][4][3];      /* [SP_GAME_SHAPES][SP_GAME_RULES]: sp_game_bid's rules (gap, reach, bar) */
        int game_reach[3];      /* [SP_GAME_SHAPES]: the largest reach of a rule in force (SP_GAME_OFF: none) */
        int side[2][1 << 13][8];  /* [..][a side suit's 13 rank bits]: the count's weights of its per-suit features, then nil's, a row each, then the special rules' (sp_fill_side_weights) */
        int spade[2][1 << 13][4]; /* [..][the 13 spades]: their SP_SPADE_INDEX features weighed (the same; nil by the spades' own row; the special rules') */
        int pair[2][14][14][24];  /* [..][spades held][top spades]: the products' part in them (sp_fill_pair_weights; nil's by the row of the spades held; the special rules') */
    } SPBidTables;
    static SPBidTables* SP_TABLES = 0;
    /* sp_game_bid's shipped rules, (gap, reach, bar) per game shape (0 partnership, 1 three seats,
       2 the hand-set rules) and rule (SP_GAME_BLIND_NIL, _BLIND6, _NIL_BEHIND, _NIL_AHEAD):
       learned by scripts/spades_blind_game.py, the figures in sp_game_bid's docstring; a gap of
       1 << 30 is never.  Set into SPBidTables.game when spades/spades.pyx is loaded. */
    static const int SP_GAME_SHIPPED[3][4][3] = {
        {{75, 100, 1}, {1 << 30, 0, 0}, {1, 200, -400000}, {1 << 30, 0, 0}},
        {{100, 100, 0}, {50, 250, 0}, {1, 300, -400000}, {1 << 30, 0, 0}},
        {{50, 200, 0}, {1 << 30, 0, 0}, {1 << 30, 0, 0}, {1 << 30, 0, 0}},
    };
    """
    ctypedef struct SPBidTables:
        int cut[SP_BID_SHAPES][SP_BID_CUTS + 1]
        int nil[SP_BID_SHAPES][SP_NIL_PARAMS]
        int weight[SP_BID_SHAPES][SP_NF]
        int count_suit[SP_BID_SHAPES][SP_NB]
        int count_spade[SP_BID_SHAPES][SP_NS]
        int nil_weight[SP_BID_SHAPES][SP_NIL_ROWS][SP_NF]
        int nil_suit[SP_BID_SHAPES][SP_NIL_ROWS][SP_NB]
        int nil_exposure[SP_BID_SHAPES][SP_NIL_ROWS][SP_NIL_EXPOSURES]
        int nil_learned[SP_BID_SHAPES]
        int special_weight[SP_BID_SHAPES][SP_SPECIAL_RULES][SP_NF]
        int special_suit[SP_BID_SHAPES][SP_SPECIAL_RULES][SP_NB]
        int special_learned[SP_BID_SHAPES]
        int moon[SP_BID_SHAPES]
        int blind_nil[SP_BID_SHAPES]
        int blind6[SP_BID_SHAPES]
        int game[SP_GAME_SHAPES][SP_GAME_RULES][3]  # sp_game_bid's rules: gap, reach, nil's bar (not from the table file: set at load)
        int game_reach[SP_GAME_SHAPES]  # the most reach of game[shape]'s rules in force: the gate of sp_game_bid
        int side[SP_BID_SHAPES][1 << 13][SP_SIDE_TERMS]  # the count's weights of a side suit's SP_SIDE_FEATURES, nil's by row, the special rules'
        int spade[SP_BID_SHAPES][1 << 13][2 + SP_SPECIAL_RULES]  # and of the spades' SP_SPADE_FEATURES (nil: the row of their length)
        int pair[SP_BID_SHAPES][SP_PAIR_SPADES][SP_PAIR_SPADES][SP_PAIR_TERMS]  # the products' part in q0, q1 (sp_fill_pair_weights)
    SPBidTables* SP_TABLES
    const int SP_GAME_SHIPPED[SP_GAME_SHAPES][SP_GAME_RULES][3]
